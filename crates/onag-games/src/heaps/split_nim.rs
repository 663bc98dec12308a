//! Split Nim.

use onag_core::Nimber;

use crate::{HeapRuleset, Heaps};

/// Split Nim: a move replaces one heap by two heaps, each strictly smaller than it. Either new
/// heap may be empty, and together they may hold more counters than the old heap did.
///
/// This is AcWing 894. Since every heap shrinks, every game ends. A heap of n has options
/// `(a, b)` with `0 <= a <= b < n`.
///
/// # Closed form
///
/// `G(0) = 0` and, for n >= 1, `G(n)` is the (n-1)-th odious number counting from 0 (the
/// numbers with an odd count of one bits, OEIS A000069: 1, 2, 4, 7, 8, 11, ...), that is
/// `2(n - 1) + 1 - parity(n - 1)`. Proof, by induction on n: suppose the values of the heaps
/// below n are 0 and the first n - 1 odious numbers. An option's value is `G(a) ^ G(b)`. With
/// `a = 0` it is every one of those odious numbers. Every evil number e (even count of ones,
/// not 0) below the next odious number o is `low ^ (e ^ low)`, with `low` its lowest one bit:
/// two odious numbers smaller than e, so both among the values. And 0 is `G(0) ^ G(0)`. So
/// every number below o is an option's value; o itself is not, for it is not among the values
/// and the nim-sum of two odious numbers is evil. Hence `G(n) = o`. The tests check the form
/// against the brute-force solver.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Outcome, Solver};
/// use onag_games::{HeapGame, Heaps, SplitNim};
///
/// let mut solver = Solver::new(HeapGame(SplitNim));
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

    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        Some(Nimber::new(split_nim_value(n)?))
    }
}

/// `G(n)`, the (n-1)-th odious number (see [`SplitNim`]); `None` where it overflows.
fn split_nim_value(n: u64) -> Option<u64> {
    let Some(index) = n.checked_sub(1) else {
        return Some(0);
    };
    let even = index.count_ones() % 2 == 0;
    index.checked_mul(2)?.checked_add(u64::from(even))
}

/// The heap whose value is `value`, if any: 0 for 0, `value / 2 + 1` for an odious value.
pub(crate) fn split_nim_heap(value: u64) -> Option<u64> {
    match value {
        0 => Some(0),
        _ if value.count_ones() % 2 == 1 => Some(value / 2 + 1),
        _ => None,
    }
}

/// The first `count` options of a heap of `n` with value `target`, in increasing order of the
/// smaller heap, and whether they are all of them; found from the inverse of the closed form,
/// so a heap of 10^18 costs a few steps. A part `a` is tried only where `G(a)` can pair with
/// another value to `target`: every `a` up to `n`, but the search stops once it has `count`.
pub(crate) fn split_nim_moves_to_value(n: u64, target: u64, count: usize) -> (Vec<Heaps>, bool) {
    let mut found = Vec::new();
    // Smaller parts worth trying first: 0, and the heaps worth single bits (every value is
    // reached by a pair with one of them, see the closed form's proof).
    let mut tried = std::collections::BTreeSet::new();
    let firsts = std::iter::once(0).chain((0..64).filter_map(|bit| split_nim_heap(1 << bit)));
    for small in firsts.chain(0..n.min(1 << 16)) {
        if found.len() >= count {
            return (found, false);
        }
        if small >= n || !tried.insert(small) {
            continue;
        }
        let Some(small_value) = split_nim_value(small) else {
            continue;
        };
        if let Some(large) = split_nim_heap(small_value ^ target) {
            if small <= large && large < n {
                found.push(Heaps::from([small, large]));
            }
        }
    }
    // Complete only when every smaller part up to n was tried.
    let complete = n <= 1 << 16;
    (found, complete)
}
