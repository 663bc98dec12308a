//! Square-But-One: take a square, or add one to an even heap.

use onag_core::ImpartialGame;

use crate::Result;
use crate::notation::{Notation, component_error, read_numbers};

/// Square-But-One: a move takes a positive square number of counters from the heap, or adds
/// one counter to a heap of positive even size. Adding makes positions repeat (6 -> 7 -> 6),
/// so it is a game with cycles for [`LoopySolver`](onag_core::LoopySolver); from a heap of n
/// only heaps up to n + 1 are reachable. Its P-positions are 0 and 5, its N-positions m² and
/// m² + 5, and every other heap is a draw (the classification published in the blog
/// *Combinatorial Game Theory V*, limsup, 2012, which this crate's tests check).
///
/// # Examples
///
/// ```
/// use onag_core::{LoopySolver, Outcome};
/// use onag_games::SquareButOne;
///
/// let mut solver = LoopySolver::new(SquareButOne);
/// assert_eq!(solver.outcome(&5)?, Outcome::Previous);
/// assert_eq!(solver.outcome(&30)?, Outcome::Next);
/// assert_eq!(solver.outcome(&7)?, Outcome::Draw);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SquareButOne;

impl ImpartialGame for SquareButOne {
    type Position = u64;

    fn moves(&self, &heap: &u64) -> impl Iterator<Item = u64> {
        let add = (heap > 0 && heap % 2 == 0 && heap < u64::MAX).then(|| heap + 1);
        (1u64..)
            .map(|root| root.checked_mul(root))
            .take_while(move |square| square.is_some_and(|square| square <= heap))
            .map(move |square| heap - square.unwrap_or(0))
            .chain(add)
    }
}

impl Notation for SquareButOne {
    fn name(&self) -> String {
        "square-but-one".to_string()
    }

    fn read_component(&self, text: &str) -> Result<u64> {
        match read_numbers("square-but-one", text)?.as_slice() {
            &[heap] => Ok(heap),
            _ => Err(component_error(
                "square-but-one",
                text,
                "a position is one heap size",
            )),
        }
    }

    fn write_component(&self, heap: &u64) -> String {
        heap.to_string()
    }

    fn describe_move(&self, from: &u64, to: &u64) -> String {
        if to > from {
            format!("add one: {from} -> {to}")
        } else {
            format!("take {}: {from} -> {to}", from - to)
        }
    }

    fn is_move(&self, &from: &u64, &to: &u64) -> Option<bool> {
        if to > from {
            return Some(from > 0 && from % 2 == 0 && to - from == 1);
        }
        let taken = from - to;
        let root = taken.isqrt();
        Some(taken > 0 && root * root == taken)
    }
}
