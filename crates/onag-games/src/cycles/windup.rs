//! WindUp(n, S): a counter on a clock of n hours, wound back.

use onag_core::ImpartialGame;

use crate::notation::{Notation, component_error, read_numbers};
use crate::{Error, Result};

/// WindUp(n, S), proposed by Alfie Davies (Games-at-Dal, 2023): positions are the hours
/// `0..n` of a clock; `0` ends the game, and from any other hour `p` a move winds the clock back
/// by some `s` in `S`, to `(p - s) mod n`. A move may pass `0` and come round again, so the game
/// has cycles; [`LoopySolver`](onag_core::LoopySolver) values it. The t4ccer/cgt-tools tests
/// (which cite C. A. B. Smith 1966) publish its values for small n, and this crate's tests
/// check them.
///
/// # Examples
///
/// ```
/// use onag_core::{LoopySolver, LoopyValue, Nimber, Outcome};
/// use onag_games::WindUp;
///
/// // WindUp(4, {2}): 2 -> 0 wins; 1 and 3 wind into each other for ever.
/// let mut solver = LoopySolver::new(WindUp::new(4, vec![2])?);
/// assert_eq!(solver.value(&2)?, LoopyValue::Finite(Nimber::new(1)));
/// assert_eq!(solver.outcome(&1)?, Outcome::Draw);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindUp {
    hours: u64,
    /// The distinct moves, each reduced below `hours`, as given.
    back: Vec<u64>,
    /// The set as written.
    set: Vec<u64>,
}

impl WindUp {
    /// WindUp on a clock of `hours` hours (at least 1) with the set of moves `set` (positive
    /// numbers; a move of a multiple of `hours` leaves the clock where it is).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] for a clock of no hours, and [`Error::EmptySet`] and
    /// [`Error::ZeroInSet`] for a bad set.
    pub fn new(hours: u64, mut set: Vec<u64>) -> Result<WindUp> {
        if hours == 0 {
            return Err(Error::InvalidParameter {
                game: "windup",
                value: "0".to_string(),
                reason: "the clock needs at least one hour".to_string(),
            });
        }
        if set.is_empty() {
            return Err(Error::EmptySet);
        }
        if set.contains(&0) {
            return Err(Error::ZeroInSet);
        }
        set.sort_unstable();
        set.dedup();
        let mut back: Vec<u64> = set.iter().map(|s| s % hours).collect();
        back.sort_unstable();
        back.dedup();
        Ok(WindUp { hours, back, set })
    }

    /// The number of hours n.
    pub fn hours(&self) -> u64 {
        self.hours
    }

    fn wind(&self, hour: u64, back: u64) -> u64 {
        // (hour - back) mod hours, without overflow: both are below `hours`.
        if back <= hour {
            hour - back
        } else {
            self.hours - (back - hour)
        }
    }
}

impl ImpartialGame for WindUp {
    type Position = u64;

    fn moves(&self, &hour: &u64) -> impl Iterator<Item = u64> {
        let live = hour != 0 && hour < self.hours;
        self.back
            .iter()
            .filter(move |_| live)
            .map(move |&back| self.wind(hour, back))
    }
}

impl Notation for WindUp {
    fn name(&self) -> String {
        let set: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("windup:{}:{}", self.hours, set.join(","))
    }

    /// An hour from 0 to n - 1.
    fn read_component(&self, text: &str) -> Result<u64> {
        match read_numbers("windup", text)?.as_slice() {
            &[hour] if hour < self.hours => Ok(hour),
            _ => Err(component_error(
                &self.name(),
                text,
                format!("a position is one hour from 0 to {}", self.hours - 1),
            )),
        }
    }

    fn write_component(&self, hour: &u64) -> String {
        hour.to_string()
    }

    fn describe_move(&self, from: &u64, to: &u64) -> String {
        let back = self.wind(*from, *to % self.hours);
        let by = self
            .set
            .iter()
            .find(|&&s| s % self.hours == back)
            .copied()
            .unwrap_or(back);
        format!("wind back {by}: {from} -> {to}")
    }

    fn is_move(&self, &from: &u64, &to: &u64) -> Option<bool> {
        Some(
            from != 0
                && from < self.hours
                && to < self.hours
                && self.back.contains(&self.wind(from, to)),
        )
    }
}
