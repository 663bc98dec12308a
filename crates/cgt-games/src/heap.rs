//! Heap rulesets: games played on heaps, where a move acts on one heap at a time.

use cgt_core::Nimber;

use crate::Heaps;

/// The rules of a heap game, given for one heap: what a move may leave of a heap of `n`.
///
/// Nim, Bash, subtraction games, octal and other take-and-break games, split Nim, Grundy's game
/// and Lasker's Nim are all heap games: a position is several heaps, a move changes one heap
/// into zero, one or more heaps, and a position is the disjunctive sum of its heaps. A type that
/// implements this trait becomes an [`ImpartialGame`](cgt_core::ImpartialGame) on positions
/// [`Heaps`] (the heap sizes, in order) through the [`heap_game!`](crate::heap_game) macro, so that the
/// solver, sums and winning moves work on it unchanged.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{HeapRuleset, Heaps, heap_game};
///
/// /// Take 1 or 4 counters, or split a heap in two equal halves.
/// struct Halves;
///
/// impl HeapRuleset for Halves {
///     fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
///         let takes = [1, 4].into_iter().filter(move |&k| k <= n).map(move |k| Heaps::one(n - k));
///         let halves = (n >= 2 && n % 2 == 0).then(|| Heaps::from([n / 2, n / 2]));
///         takes.chain(halves)
///     }
/// }
/// heap_game!(Halves);
///
/// let mut solver = Solver::new(Halves);
/// // A heap of 1 goes to 0, so it is *1; a heap of 2 goes to 1 (*1) or to 1 + 1 (0): *2.
/// assert_eq!(solver.grundy(&Heaps::one(1))?, Nimber::new(1));
/// assert_eq!(solver.grundy(&Heaps::one(2))?, Nimber::new(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Laws
///
/// Those of [`ImpartialGame`](cgt_core::ImpartialGame), for one heap: every sequence of moves
/// ends, answers depend only on the heap, a heap of 0 has no move, and the hooks
/// [`heap_grundy`](Self::heap_grundy) and [`heap_moves_to_value`](Self::heap_moves_to_value)
/// agree with [`heap_moves`](Self::heap_moves) wherever they answer.
pub trait HeapRuleset {
    /// The options of one heap of `n`: for each move, the heaps it leaves. A heap of 0 in an
    /// option stands for no heap; an empty option removes the heap.
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps>;

    /// The Grundy value of one heap of `n` when a closed form knows it.
    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        let _ = n;
        None
    }

    /// The options of one heap of `n` whose Grundy value is `target`, when a closed form knows
    /// them: exactly those of [`heap_moves`](Self::heap_moves) with that value.
    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Heaps>> {
        let _ = (n, target);
        None
    }
}

/// The moves of a multi-heap position: every option of every heap, put in the heap's place.
///
/// Used by [`heap_game!`](crate::heap_game); the heaps keep their order so that positions read
/// as the player wrote them.
#[inline]
pub fn position_moves<R: HeapRuleset>(ruleset: &R, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
    let single = heaps.len() == 1;
    heaps.spans().flat_map(move |(range, heap)| {
        let hole = heaps.hole(range);
        ruleset.heap_moves(heap).map(move |option| {
            // A single heap's option is already the next position: no copy needed.
            if single { option } else { hole.fill(&option) }
        })
    })
}

/// The components of a multi-heap position: one position per heap. A single heap is returned
/// as it is, because the solver asks this of every position it meets.
#[inline]
pub fn position_components(heaps: Heaps) -> impl Iterator<Item = Heaps> {
    let (single, several) = if heaps.len() == 1 {
        (Some(heaps), Vec::new())
    } else {
        (None, heaps.to_vec())
    };
    single
        .into_iter()
        .chain(several.into_iter().map(Heaps::one))
}

/// The position made of all the heaps of `parts`, in order.
pub fn position_join(parts: &[Heaps]) -> Heaps {
    Heaps::concat(parts)
}

/// The nim-sum of the closed-form values of all the heaps, if every heap has one.
#[inline]
pub fn position_grundy<R: HeapRuleset>(ruleset: &R, heaps: &Heaps) -> Option<Nimber> {
    heaps.iter().try_fold(Nimber::ZERO, |sum, heap| {
        Some(sum ^ ruleset.heap_grundy(heap)?)
    })
}

/// The moves of a single-heap position to value `target`, from the ruleset's closed form.
pub fn position_moves_to_value<R: HeapRuleset>(
    ruleset: &R,
    heaps: &Heaps,
    target: Nimber,
) -> Option<Vec<Heaps>> {
    let mut heaps_iter = heaps.iter();
    match (heaps_iter.next(), heaps_iter.next()) {
        (Some(heap), None) => ruleset.heap_moves_to_value(heap, target),
        _ => None,
    }
}

/// Makes a [`HeapRuleset`] an [`ImpartialGame`](cgt_core::ImpartialGame) on positions
/// [`Heaps`](crate::Heaps), one entry per heap.
///
/// The implementation splits a position into its heaps (its components), joins components by
/// concatenation (so a winning move reads as the position the player wrote, with one heap
/// changed in place), and forwards the closed-form hooks of the ruleset, so the
/// solver remembers single heaps and finds winning moves heap by heap.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{HeapRuleset, Heaps, heap_game};
///
/// /// Take exactly 2.
/// struct TakeTwo;
/// impl HeapRuleset for TakeTwo {
///     fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
///         n.checked_sub(2).map(Heaps::one).into_iter()
///     }
/// }
/// heap_game!(TakeTwo);
///
/// assert_eq!(Solver::new(TakeTwo).grundy(&Heaps::from([2, 3, 7]))?, Nimber::new(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[macro_export]
macro_rules! heap_game {
    ($ruleset:ty) => {
        impl $crate::cgt_core::ImpartialGame for $ruleset {
            type Position = $crate::Heaps;

            fn moves(&self, heaps: &$crate::Heaps) -> impl Iterator<Item = $crate::Heaps> {
                $crate::heap::position_moves(self, heaps)
            }

            fn components(&self, heaps: $crate::Heaps) -> impl Iterator<Item = $crate::Heaps> {
                $crate::heap::position_components(heaps)
            }

            fn join(&self, parts: ::std::vec::Vec<$crate::Heaps>) -> Option<$crate::Heaps> {
                Some($crate::heap::position_join(&parts))
            }

            fn known_grundy(&self, heaps: &$crate::Heaps) -> Option<$crate::cgt_core::Nimber> {
                $crate::heap::position_grundy(self, heaps)
            }

            fn moves_to_value(
                &self,
                heaps: &$crate::Heaps,
                target: $crate::cgt_core::Nimber,
            ) -> Option<::std::vec::Vec<$crate::Heaps>> {
                $crate::heap::position_moves_to_value(self, heaps, target)
            }

            fn canonical(&self, heaps: $crate::Heaps) -> $crate::Heaps {
                heaps.canonical()
            }
        }
    };
}
