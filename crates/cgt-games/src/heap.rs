//! Heap rulesets: games played on heaps, where a move acts on one heap at a time.

use cgt_core::Nimber;

/// The rules of a heap game, given for one heap: what a move may leave of a heap of `n`.
///
/// Nim, Bash, subtraction games, octal and other take-and-break games, split Nim, Grundy's game
/// and Lasker's Nim are all heap games: a position is several heaps, a move changes one heap
/// into zero, one or more heaps, and a position is the disjunctive sum of its heaps. A type that
/// implements this trait becomes an [`ImpartialGame`](cgt_core::ImpartialGame) on positions
/// `Vec<u64>` (the heap sizes) through the [`heap_game!`](crate::heap_game) macro, so that the
/// solver, sums and winning moves work on it unchanged.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{HeapRuleset, heap_game};
///
/// /// Take 1 or 4 counters, or split a heap in two equal halves.
/// struct Halves;
///
/// impl HeapRuleset for Halves {
///     fn heap_moves(&self, n: u64) -> impl Iterator<Item = Vec<u64>> {
///         let takes = [1, 4].into_iter().filter(move |&k| k <= n).map(move |k| vec![n - k]);
///         let halves = (n >= 2 && n % 2 == 0).then(|| vec![n / 2, n / 2]);
///         takes.chain(halves)
///     }
/// }
/// heap_game!(Halves);
///
/// let mut solver = Solver::new(Halves);
/// // A heap of 1 goes to 0, so it is *1; a heap of 2 goes to 1 (*1) or to 1 + 1 (0): *2.
/// assert_eq!(solver.grundy(&vec![1])?, Nimber::new(1));
/// assert_eq!(solver.grundy(&vec![2])?, Nimber::new(2));
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
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Vec<u64>>;

    /// The Grundy value of one heap of `n` when a closed form knows it.
    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        let _ = n;
        None
    }

    /// The options of one heap of `n` whose Grundy value is `target`, when a closed form knows
    /// them: exactly those of [`heap_moves`](Self::heap_moves) with that value.
    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        let _ = (n, target);
        None
    }
}

/// The moves of a multi-heap position: every option of every heap, put in the heap's place.
///
/// Used by [`heap_game!`](crate::heap_game); the heaps keep their order so that positions read
/// as the player wrote them.
pub fn position_moves<R: HeapRuleset>(
    ruleset: &R,
    heaps: &[u64],
) -> impl Iterator<Item = Vec<u64>> {
    heaps.iter().enumerate().flat_map(move |(index, &heap)| {
        ruleset.heap_moves(heap).map(move |option| {
            // A single heap's option is already the next position: no copy needed.
            if heaps.len() == 1 {
                option
            } else {
                replace_heap(heaps, index, &option)
            }
        })
    })
}

/// The components of a multi-heap position: one position per heap. A single heap is returned
/// as it is, without a new allocation, because the solver asks this of every position it meets.
pub fn position_components(heaps: Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
    let (single, several) = if heaps.len() == 1 {
        (Some(heaps), Vec::new())
    } else {
        (None, heaps)
    };
    single
        .into_iter()
        .chain(several.into_iter().map(|heap| vec![heap]))
}

/// `heaps` with the heap at `index` replaced by the heaps of `option`.
pub fn replace_heap(heaps: &[u64], index: usize, option: &[u64]) -> Vec<u64> {
    let mut next = Vec::with_capacity(heaps.len() + option.len());
    next.extend_from_slice(&heaps[..index]);
    next.extend_from_slice(option);
    next.extend_from_slice(&heaps[index + 1..]);
    next
}

/// The nim-sum of the closed-form values of all the heaps, if every heap has one.
pub fn position_grundy<R: HeapRuleset>(ruleset: &R, heaps: &[u64]) -> Option<Nimber> {
    heaps.iter().try_fold(Nimber::ZERO, |sum, &heap| {
        Some(sum ^ ruleset.heap_grundy(heap)?)
    })
}

/// Makes a [`HeapRuleset`] an [`ImpartialGame`](cgt_core::ImpartialGame) on positions
/// `Vec<u64>`, one entry per heap.
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
/// use cgt_games::{HeapRuleset, heap_game};
///
/// /// Take exactly 2.
/// struct TakeTwo;
/// impl HeapRuleset for TakeTwo {
///     fn heap_moves(&self, n: u64) -> impl Iterator<Item = Vec<u64>> {
///         n.checked_sub(2).map(|rest| vec![rest]).into_iter()
///     }
/// }
/// heap_game!(TakeTwo);
///
/// assert_eq!(Solver::new(TakeTwo).grundy(&vec![2, 3, 7])?, Nimber::new(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[macro_export]
macro_rules! heap_game {
    ($ruleset:ty) => {
        impl $crate::cgt_core::ImpartialGame for $ruleset {
            type Position = ::std::vec::Vec<u64>;

            fn moves(&self, heaps: &Self::Position) -> impl Iterator<Item = Self::Position> {
                $crate::heap::position_moves(self, heaps)
            }

            fn components(&self, heaps: Self::Position) -> impl Iterator<Item = Self::Position> {
                $crate::heap::position_components(heaps)
            }

            fn join(&self, parts: ::std::vec::Vec<Self::Position>) -> Option<Self::Position> {
                Some(parts.concat())
            }

            fn known_grundy(&self, heaps: &Self::Position) -> Option<$crate::cgt_core::Nimber> {
                $crate::heap::position_grundy(self, heaps)
            }

            fn moves_to_value(
                &self,
                heaps: &Self::Position,
                target: $crate::cgt_core::Nimber,
            ) -> Option<::std::vec::Vec<Self::Position>> {
                match heaps.as_slice() {
                    [heap] => {
                        <$ruleset as $crate::HeapRuleset>::heap_moves_to_value(self, *heap, target)
                    }
                    _ => None,
                }
            }
        }
    };
}
