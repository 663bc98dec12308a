//! Subtraction games whose set may add counters, on heaps of bounded size.

use onag_core::ImpartialGame;

use crate::notation::{Notation, component_error, read_numbers};
use crate::{Error, Result};

/// A subtraction game whose set may hold negative numbers: a move takes `s` counters for some
/// `s` in the set, and a negative `s` adds `-s` counters. A heap may never go below 0 or above
/// a largest size `max` (a move that would is not allowed), so every heap reaches finitely many
/// positions; without adding moves it is the ordinary subtraction game. Moves that add make
/// positions repeat, so it is valued by [`LoopySolver`](onag_core::LoopySolver).
///
/// # Examples
///
/// ```
/// use onag_core::{LoopySolver, Outcome};
/// use onag_games::LoopySubtraction;
///
/// // Take 2 or add 1, heaps at most 10: every heap below 10 can add and every heap from 2 can
/// // take, so no player is ever left without a move, and every position is a draw.
/// let mut solver = LoopySolver::new(LoopySubtraction::new(vec![2, -1], 10)?);
/// assert_eq!(solver.outcome(&0)?, Outcome::Draw);
/// // Take 3 or add 1, heaps at most 1: 1 has no move, so 0 wins by adding one.
/// let mut solver = LoopySolver::new(LoopySubtraction::new(vec![3, -1], 1)?);
/// assert_eq!(solver.outcome(&0)?, Outcome::Next);
/// assert_eq!(solver.winning_moves(&0)?, vec![1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopySubtraction {
    set: Vec<i64>,
    max: u64,
}

impl LoopySubtraction {
    /// The game with moves `set` (nonzero; negative numbers add) on heaps of at most `max`.
    ///
    /// # Errors
    ///
    /// [`Error::EmptySet`] and [`Error::ZeroInSet`] for a bad set.
    pub fn new(mut set: Vec<i64>, max: u64) -> Result<LoopySubtraction> {
        if set.is_empty() {
            return Err(Error::EmptySet);
        }
        if set.contains(&0) {
            return Err(Error::ZeroInSet);
        }
        set.sort_unstable();
        set.dedup();
        Ok(LoopySubtraction { set, max })
    }

    /// The heap `heap - s` leaves, if it is allowed.
    fn after(&self, heap: u64, s: i64) -> Option<u64> {
        let next = i128::from(heap) - i128::from(s);
        u64::try_from(next).ok().filter(|&next| next <= self.max)
    }

    /// Reads `S/MAX`, as written after `loopy-subtraction:`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when the text is not a set and a largest heap.
    pub fn parse(text: &str) -> Result<LoopySubtraction> {
        let bad = |reason: &str| Error::InvalidParameter {
            game: "loopy-subtraction",
            value: text.to_string(),
            reason: reason.to_string(),
        };
        let Some((set, max)) = text.split_once('/') else {
            return Err(bad(
                "write the set, then / and the largest heap: loopy-subtraction:2,-1/20",
            ));
        };
        let set = set
            .split(',')
            .map(|s| s.trim().parse::<i64>())
            .collect::<std::result::Result<Vec<i64>, _>>()
            .map_err(|_| bad("the set is whole numbers separated by commas, such as 2,-1"))?;
        let max = max
            .trim()
            .parse::<u64>()
            .map_err(|_| bad("the largest heap is a whole number from 0"))?;
        LoopySubtraction::new(set, max)
    }
}

impl ImpartialGame for LoopySubtraction {
    type Position = u64;

    fn moves(&self, &heap: &u64) -> impl Iterator<Item = u64> {
        let live = heap <= self.max;
        self.set
            .iter()
            .filter(move |_| live)
            .filter_map(move |&s| self.after(heap, s))
    }
}

impl Notation for LoopySubtraction {
    fn name(&self) -> String {
        let set: Vec<String> = self.set.iter().map(i64::to_string).collect();
        format!("loopy-subtraction:{}/{}", set.join(","), self.max)
    }

    fn read_component(&self, text: &str) -> Result<u64> {
        match read_numbers("loopy-subtraction", text)?.as_slice() {
            &[heap] if heap <= self.max => Ok(heap),
            _ => Err(component_error(
                &self.name(),
                text,
                format!("a position is one heap size from 0 to {}", self.max),
            )),
        }
    }

    fn write_component(&self, heap: &u64) -> String {
        heap.to_string()
    }

    fn describe_move(&self, from: &u64, to: &u64) -> String {
        if to > from {
            format!("add {}: {from} -> {to}", to - from)
        } else {
            format!("take {}: {from} -> {to}", from - to)
        }
    }

    fn is_move(&self, &from: &u64, &to: &u64) -> Option<bool> {
        Some(from <= self.max && self.set.iter().any(|&s| self.after(from, s) == Some(to)))
    }
}
