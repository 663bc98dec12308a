//! Games the unit tests of several modules share.

use crate::ImpartialGame;

/// A chain (n goes to n - 1, a value of n mod 2) whose positions each say they keep
/// [`HEAVY`] bytes on the heap: what the solvers count against their memory budgets.
pub(crate) struct HeavyChain;

/// The bytes each position of [`HeavyChain`] says it keeps.
pub(crate) const HEAVY: usize = 100_000;

impl ImpartialGame for HeavyChain {
    type Position = u32;

    fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
        n.checked_sub(1).into_iter()
    }

    fn position_bytes(&self, _: &u32) -> usize {
        HEAVY
    }
}
