//! Heap rulesets: games played on heaps, where a move acts on one heap at a time.

use onag_core::{ImpartialGame, Nimber, Outcome};

use crate::Heaps;

/// The rules of a heap game, given for one heap: what a move may leave of a heap of `n`.
///
/// Nim, Bash, subtraction games, octal and other take-and-break games, split Nim, Grundy's game
/// and Lasker's Nim are all heap games: a position is several heaps, a move changes one heap
/// into zero, one or more heaps, and a position is the disjunctive sum of its heaps. A type that
/// implements this trait becomes an [`ImpartialGame`](onag_core::ImpartialGame) on positions
/// [`Heaps`] (the heap sizes, in order) through the [`HeapGame`] adaptor, so that the
/// solver, sums and winning moves work on it unchanged.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{HeapGame, HeapRuleset, Heaps};
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
/// let mut solver = Solver::new(HeapGame(Halves));
/// // A heap of 1 goes to 0, so it is *1; a heap of 2 goes to 1 (*1) or to 1 + 1 (0): *2.
/// assert_eq!(solver.grundy(&Heaps::one(1))?, Nimber::new(1));
/// assert_eq!(solver.grundy(&Heaps::one(2))?, Nimber::new(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Laws
///
/// Those of [`ImpartialGame`](onag_core::ImpartialGame), for one heap: every sequence of moves
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

    /// The outcome of the position `heaps` (all of it: misère play does not split into heaps)
    /// under misère play, when a closed form knows it.
    fn misere_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        let _ = heaps;
        None
    }

    /// At most `count` moves of the position `heaps` to misère P-positions (all when fewer),
    /// each as (the heap's index among `heaps.iter()`, the heaps it becomes), when a closed
    /// form knows them: exactly moves of [`heap_moves`](Self::heap_moves) that win.
    fn misere_winning_moves(&self, heaps: &Heaps, count: usize) -> Option<Vec<(usize, Heaps)>> {
        let _ = (heaps, count);
        None
    }
}

/// A [`HeapRuleset`] as an [`ImpartialGame`] on positions [`Heaps`]: the adaptor between the
/// rules of one heap and the game of many.
///
/// A position is a list of heaps, and the game on it is their disjunctive sum: a move changes
/// one heap into the heaps its option leaves, in that heap's place. The adaptor splits a
/// position into its heaps (its components), joins components by concatenation (so a winning
/// move reads as the position the player wrote, with one heap changed in place), and forwards
/// the ruleset's closed-form hooks, so the solver remembers single heaps and finds winning moves
/// heap by heap.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{HeapGame, HeapRuleset, Heaps};
///
/// /// Take exactly 2.
/// struct TakeTwo;
/// impl HeapRuleset for TakeTwo {
///     fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
///         n.checked_sub(2).map(Heaps::one).into_iter()
///     }
/// }
///
/// let mut solver = Solver::new(HeapGame(TakeTwo));
/// assert_eq!(solver.grundy(&Heaps::from([2, 3, 7]))?, Nimber::new(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HeapGame<R>(pub R);

impl<R> HeapGame<R> {
    /// The ruleset of one heap.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{HeapGame, Nim};
    ///
    /// assert_eq!(HeapGame(Nim).ruleset(), &Nim);
    /// ```
    pub fn ruleset(&self) -> &R {
        &self.0
    }
}

impl<R: HeapRuleset> ImpartialGame for HeapGame<R> {
    type Position = Heaps;

    /// Every option of every heap, put in the heap's place.
    #[inline]
    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        let single = heaps.len() == 1;
        heaps.spans().flat_map(move |(range, heap)| {
            let hole = heaps.hole(range);
            self.0.heap_moves(heap).map(move |option| {
                // A single heap's option is already the next position: no copy needed.
                if single { option } else { hole.fill(&option) }
            })
        })
    }

    /// One position per heap. A single heap is returned as it is, because the solver asks
    /// this of every position it meets.
    #[inline]
    fn components(&self, heaps: Heaps) -> impl Iterator<Item = Heaps> {
        let (single, several) = if heaps.len() == 1 {
            (Some(heaps), Vec::new())
        } else {
            (None, heaps.to_vec())
        };
        single
            .into_iter()
            .chain(several.into_iter().map(Heaps::one))
    }

    fn join(&self, parts: Vec<Heaps>) -> Option<Heaps> {
        Some(Heaps::concat(&parts))
    }

    /// The nim-sum of the closed-form values of all the heaps, if every heap has one.
    #[inline]
    fn known_grundy(&self, heaps: &Heaps) -> Option<Nimber> {
        heaps.iter().try_fold(Nimber::ZERO, |sum, heap| {
            Some(sum ^ self.0.heap_grundy(heap)?)
        })
    }

    /// The moves of a single heap to value `target`, from the ruleset's closed form.
    fn moves_to_value(&self, heaps: &Heaps, target: Nimber, count: usize) -> Option<Vec<Heaps>> {
        let mut heaps_iter = heaps.iter();
        match (heaps_iter.next(), heaps_iter.next()) {
            (Some(heap), None) => {
                let mut moves = self.0.heap_moves_to_value(heap, target)?;
                moves.truncate(count);
                Some(moves)
            }
            _ => None,
        }
    }

    fn canonical(&self, heaps: Heaps) -> Heaps {
        heaps.canonical()
    }

    fn position_bytes(&self, heaps: &Heaps) -> usize {
        heaps.heap_bytes()
    }

    fn known_misere_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        self.0.misere_outcome(heaps)
    }

    /// The ruleset's misère winning moves, each put in its heap's place.
    fn misere_winning_moves(&self, heaps: &Heaps, count: usize) -> Option<Vec<Heaps>> {
        let found = self.0.misere_winning_moves(heaps, count)?;
        let spans: Vec<_> = heaps.spans().map(|(range, _)| range).collect();
        found
            .into_iter()
            .map(|(index, to)| Some(heaps.hole(spans.get(index)?.clone()).fill(&to)))
            .collect()
    }
}

impl<R: HeapRuleset + ?Sized> HeapRuleset for &R {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        (**self).heap_moves(n)
    }

    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        (**self).heap_grundy(n)
    }

    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Heaps>> {
        (**self).heap_moves_to_value(n, target)
    }

    fn misere_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        (**self).misere_outcome(heaps)
    }

    fn misere_winning_moves(&self, heaps: &Heaps, count: usize) -> Option<Vec<(usize, Heaps)>> {
        (**self).misere_winning_moves(heaps, count)
    }
}
