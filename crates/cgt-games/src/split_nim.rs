//! Split Nim.

use crate::{HeapRuleset, Heaps};

/// Split Nim: a move replaces one heap by two heaps, each strictly smaller than it. Either new
/// heap may be empty, and together they may hold more counters than the old heap did.
///
/// This is AcWing 894. Since every heap shrinks, every game ends. A heap of n has options
/// `(a, b)` with `0 <= a <= b < n`.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Outcome, Solver};
/// use cgt_games::{Heaps, SplitNim};
///
/// let mut solver = Solver::new(SplitNim);
/// // A heap of 1 can only become two empty heaps; so it is worth *1.
/// assert_eq!(solver.grundy(&Heaps::one(1))?, Nimber::new(1));
/// // AcWing 894 sample: heaps 2 and 3, first player wins.
/// assert_eq!(solver.outcome(&Heaps::from([2, 3]))?, Outcome::Next);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SplitNim;

impl HeapRuleset for SplitNim {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        (0..n).flat_map(move |small| (small..n).map(move |large| Heaps::from([small, large])))
    }
}

crate::heap_game!(SplitNim);
