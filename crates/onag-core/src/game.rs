//! The [`ImpartialGame`] trait through which every ruleset is defined.

use std::fmt::Debug;
use std::hash::Hash;

use crate::{Nimber, Outcome};

/// The rules of an impartial game: from any position, both players have the same moves.
///
/// A ruleset is an object (it may hold parameters, such as the largest number of stones a move
/// may take); its positions are values of the associated type [`Position`](Self::Position). The
/// one required method, [`moves`](Self::moves), lists the positions one move away. Everything
/// else has a safe default and exists only to make evaluation faster:
///
/// - [`components`](Self::components) and [`join`](Self::join) split a position into
///   independent summands and put them back together (a disjunctive sum, such as the heaps of
///   Nim);
/// - [`known_grundy`](Self::known_grundy) gives a closed-form Grundy value;
/// - [`known_outcome`](Self::known_outcome) gives a closed-form outcome, for games whose
///   P-positions are known but whose values are not (Wythoff's game, Moore's Nim);
/// - [`moves_to_value`](Self::moves_to_value) lists the moves to a given value without
///   enumerating the others;
/// - [`canonical`](Self::canonical) writes a position in one standard form, so that a graph of
///   the game holds each position once (heaps sorted, empty heaps dropped).
///
/// [`Solver`](crate::Solver) evaluates any implementation without recursion on the call stack.
///
/// # Examples
///
/// A game in a dozen lines: a counter that a move lowers by 1 or 2, but never from an even
/// number by 2.
///
/// ```
/// use onag_core::{ImpartialGame, Nimber, Outcome, Solver};
///
/// struct Countdown;
///
/// impl ImpartialGame for Countdown {
///     type Position = u32;
///
///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
///         let by_two = (n >= 2 && n % 2 == 1).then(|| n - 2);
///         n.checked_sub(1).into_iter().chain(by_two)
///     }
/// }
///
/// let mut solver = Solver::new(Countdown);
/// assert_eq!(solver.grundy(&0)?, Nimber::ZERO);
/// assert_eq!(solver.grundy(&3)?, Nimber::new(2));
/// assert_eq!(solver.outcome(&4)?, Outcome::Previous);
/// assert_eq!(solver.winning_moves(&5)?, vec![4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Laws
///
/// An implementation must keep these laws; the solver's answers rely on them.
///
/// 1. **Finiteness.** Every sequence of moves from any position ends. A game that breaks this
///    law is reported by the solver as [`Error::Cycle`](crate::Error::Cycle) when a position
///    repeats, or as [`Error::LimitExceeded`](crate::Error::LimitExceeded) when the positions
///    never repeat but never end.
/// 2. **Purity.** `moves`, `components`, `join` and the hooks depend only
///    on their arguments and the ruleset: the same position always gives the same answers.
/// 3. **Atomic components.** `components(p)` yields positions that are independent games
///    whose disjunctive sum is `p`, and each of them is its own only component. A position
///    with no moves may be dropped from the components (it adds `0`).
/// 4. **Disjunctive sum.** `moves(p)` are exactly the positions got by making one move in one
///    component and joining the result with the untouched components: when `join` is
///    overridden, `join(components(p))` is a position equal to `p` as a game.
/// 5. **Hint soundness.** When `known_grundy(p)` is `Some(v)`, `v` is the Grundy value of `p`;
///    when `known_outcome(p)` is `Some(o)`, `o` is the outcome of `p` (P exactly when its value
///    is 0), and `known_misere_outcome(p)` its outcome under misère play;
///    when `moves_to_value(p, v, count)` is `Some(moves)`, `moves` are distinct moves of
///    `moves(p)` whose value is `v`, at most `count` of them, and all of them when fewer than
///    `count`; `canonical(p)` is the same game as `p`, and equal for positions that
///    differ only in how they are written. A hook may make evaluation faster, never change an
///    answer.
///    [`Unhinted`] hides every hook, so that a test can compare the two.
pub trait ImpartialGame {
    /// A position of the game. It holds only the state; the rules live in the ruleset.
    type Position: Clone + Eq + Hash + Debug;

    /// The positions one move away from `position`: its options. None for a terminal position.
    ///
    /// The iterator is consumed lazily where only some moves are needed, so a game with
    /// very many moves may generate them as it goes.
    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position>;

    /// The number of options of `position` (what [`moves`](Self::moves) yields, counted) when
    /// the game can count them without making them, as Cram counts the places for a domino by
    /// bit operations; `None` (the default) otherwise. Where it is given it must be exactly
    /// that number: the [`NimberSearch`](crate::NimberSearch) bounds a nimber by it and then
    /// makes options only until a question is settled (most are settled by the first few
    /// options the table knows).
    fn move_count(&self, position: &Self::Position) -> Option<u64> {
        let _ = position;
        None
    }

    /// How hard `position` is to value, roughly: the [`NimberSearch`](crate::NimberSearch)
    /// asks the options whose parts are easiest first (small parts, which its table soon
    /// knows, settle questions before large ones are searched). Cheap to compute, such as the
    /// square of a board's number of free cells or moves; the default, 0 for every position,
    /// keeps the order of [`moves`](Self::moves). It changes the speed of a search, never an
    /// answer.
    fn difficulty(&self, position: &Self::Position) -> u64 {
        let _ = position;
        0
    }

    /// The kind of `position` when the game labels its moves (a number below
    /// [`MOVE_KINDS`](crate::MOVE_KINDS)), `None` (the default) otherwise. Positions of one
    /// kind name their moves by the same labels, as Cram names a domino's place on boards of
    /// one size, so that the [`NimberSearch`](crate::NimberSearch) can make first the moves
    /// that last settled a question about a position of that kind (the killer heuristic of
    /// game-tree search: Akl & Newborn, *The principal continuation and the killer
    /// heuristic*, ACM Annual Conference 1977). It changes the speed of a search, never an
    /// answer.
    fn move_kind(&self, position: &Self::Position) -> Option<usize> {
        let _ = position;
        None
    }

    /// The moves of `position` with their labels (see [`move_kind`](Self::move_kind)): what
    /// [`moves`](Self::moves) yields, in the same order, each labelled, no two alike. The
    /// default numbers them in order, which is right for a game without kinds.
    fn labelled_moves(
        &self,
        position: &Self::Position,
    ) -> impl Iterator<Item = (u64, Self::Position)> {
        (0u64..).zip(self.moves(position))
    }

    /// The move of `position` labelled `label` by [`labelled_moves`](Self::labelled_moves),
    /// if it has one; the default, for a game without kinds, none.
    fn labelled_move(&self, position: &Self::Position, label: u64) -> Option<Self::Position> {
        let _ = (position, label);
        None
    }

    /// Splits a position into independent components whose disjunctive sum it is.
    ///
    /// The default keeps the position whole. Override it, together with [`join`](Self::join),
    /// when positions are sums (the heaps of Nim): the solver then remembers components, not
    /// combinations of them, and finds winning moves by the nim-sum rule inside one component.
    fn components(&self, position: Self::Position) -> impl Iterator<Item = Self::Position> {
        std::iter::once(position)
    }

    /// Puts components back together into one position: the inverse of
    /// [`components`](Self::components).
    ///
    /// The default, for games that do not split, returns the only component and `None` for any
    /// other number of them. Where this returns `None`, the solver finds winning moves by
    /// valuing every move of the whole position instead.
    fn join(&self, mut components: Vec<Self::Position>) -> Option<Self::Position> {
        if components.len() == 1 {
            components.pop()
        } else {
            None
        }
    }

    /// The Grundy value of a position when a closed form knows it; `None` (the default) makes
    /// the solver search.
    ///
    /// It should be cheap (a formula or a look-up, as Cram's table of every board within
    /// 4 × 5): the [`NimberSearch`](crate::NimberSearch) asks it of every part of every option
    /// it makes, before its own table. A closed form that takes long to prepare prepares once
    /// and keeps what it made.
    fn known_grundy(&self, position: &Self::Position) -> Option<Nimber> {
        let _ = position;
        None
    }

    /// The outcome of `position` when a closed form knows it; `None` (the default) makes the
    /// solver compute the Grundy value.
    ///
    /// A game whose P-positions have a closed form but whose Grundy values do not (Wythoff's
    /// game: the P-positions are the Beatty pairs) answers here, so that the outcome of a
    /// position far too large to search comes at once.
    fn known_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        let _ = position;
        None
    }

    /// The outcome of `position` under *misère* play (the player who makes the last move
    /// loses), when a closed form knows it; `None` (the default) makes the
    /// [`MisereSolver`](crate::MisereSolver) search. Misère Nim is the classic closed form
    /// (Bouton 1901).
    fn known_misere_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        let _ = position;
        None
    }

    /// The misère outcome of `parts` played side by side (a position of [`SumOf`](crate::SumOf)
    /// this game), when a closed form knows it. The default asks
    /// [`known_misere_outcome`](Self::known_misere_outcome) of a single part and knows nothing
    /// of more: misère play does not combine the parts' outcomes. A game whose closed form
    /// speaks of sums answers here (two paths of Node Kayles are two heaps of Dawson's chess).
    fn known_misere_outcome_of_sum(&self, parts: &[Self::Position]) -> Option<Outcome> {
        match parts {
            [part] => self.known_misere_outcome(part),
            _ => None,
        }
    }

    /// At most `count` moves from `position` to *misère* P-positions (all of them when there
    /// are fewer), when a closed form knows them; `None` (the default) makes the
    /// [`MisereSolver`](crate::MisereSolver) judge the moves one by one. Where given, it must
    /// list exactly moves of [`moves`](Self::moves) that lead to misère P-positions, and all of
    /// them when fewer than `count`: this is what names the winning move of misère Nim with a
    /// heap of 10<sup>18</sup>.
    fn misere_winning_moves(
        &self,
        position: &Self::Position,
        count: usize,
    ) -> Option<Vec<Self::Position>> {
        let _ = (position, count);
        None
    }

    /// At most `count` moves from `position` to positions of Grundy value `target` (all of
    /// them when there are fewer), when a closed form knows them; `None` (the default) makes
    /// the solver value every move.
    ///
    /// This is what lets a winning move be found in a Nim heap of 10<sup>18</sup>. The bound
    /// lets a game whose moves to one value are too many to list (Moore's Nim) give a few.
    fn moves_to_value(
        &self,
        position: &Self::Position,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<Self::Position>> {
        let _ = (position, target, count);
        None
    }

    /// The standard form of `position`: positions that are the same game written differently
    /// (the heaps `3 0 1` and `1 3`) get one form. The default keeps every position as it is.
    fn canonical(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// The bytes `position` keeps on the heap, outside its own `size_of` (a vector's buffer),
    /// where the game can tell. Every solver counts them, for each position it keeps, against
    /// its memory budget: the [`Solver`](crate::Solver)'s memo and stack, the
    /// [`NimberSearch`](crate::NimberSearch)'s table (which stops taking entries when full),
    /// the [`LoopySolver`](crate::LoopySolver)'s graph, and the misère and genus searches
    /// (which count at least 64 bytes a position). 0, the default, is right for positions
    /// without a buffer; a game whose positions hold one (a sum of many parts, a long row of
    /// coins, a graph's edges) should count it, or its solvers may take several times their
    /// budget.
    fn position_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }
}

/// The number of kinds of position a game may name by [`ImpartialGame::move_kind`]: the
/// [`NimberSearch`](crate::NimberSearch) keeps the last two moves that settled a question for
/// each (a table of 64 KiB a thread).
pub const MOVE_KINDS: usize = 1 << 12;

impl<G: ImpartialGame + ?Sized> ImpartialGame for &G {
    type Position = G::Position;

    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position> {
        (**self).moves(position)
    }

    fn move_count(&self, position: &Self::Position) -> Option<u64> {
        (**self).move_count(position)
    }

    fn difficulty(&self, position: &Self::Position) -> u64 {
        (**self).difficulty(position)
    }

    fn move_kind(&self, position: &Self::Position) -> Option<usize> {
        (**self).move_kind(position)
    }

    fn labelled_moves(
        &self,
        position: &Self::Position,
    ) -> impl Iterator<Item = (u64, Self::Position)> {
        (**self).labelled_moves(position)
    }

    fn labelled_move(&self, position: &Self::Position, label: u64) -> Option<Self::Position> {
        (**self).labelled_move(position, label)
    }

    fn components(&self, position: Self::Position) -> impl Iterator<Item = Self::Position> {
        (**self).components(position)
    }

    fn join(&self, components: Vec<Self::Position>) -> Option<Self::Position> {
        (**self).join(components)
    }

    fn known_grundy(&self, position: &Self::Position) -> Option<Nimber> {
        (**self).known_grundy(position)
    }

    fn known_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        (**self).known_outcome(position)
    }

    fn known_misere_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        (**self).known_misere_outcome(position)
    }

    fn known_misere_outcome_of_sum(&self, parts: &[Self::Position]) -> Option<Outcome> {
        (**self).known_misere_outcome_of_sum(parts)
    }

    fn misere_winning_moves(
        &self,
        position: &Self::Position,
        count: usize,
    ) -> Option<Vec<Self::Position>> {
        (**self).misere_winning_moves(position, count)
    }

    fn moves_to_value(
        &self,
        position: &Self::Position,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<Self::Position>> {
        (**self).moves_to_value(position, target, count)
    }

    fn canonical(&self, position: Self::Position) -> Self::Position {
        (**self).canonical(position)
    }

    fn position_bytes(&self, position: &Self::Position) -> usize {
        (**self).position_bytes(position)
    }
}

/// A game with every hook hidden: only [`moves`](ImpartialGame::moves) is forwarded.
///
/// The solver then evaluates the whole position by brute force over its state graph, with no
/// splitting into components and no closed forms. Tests use it to prove that a game's hooks
/// change no answer (the hint-soundness law of [`ImpartialGame`]).
///
/// # Examples
///
/// ```
/// use onag_core::{ImpartialGame, Nimber, Solver, Unhinted};
///
/// struct Heap;
/// impl ImpartialGame for Heap {
///     type Position = u64;
///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
///         0..n
///     }
///     fn known_grundy(&self, &n: &u64) -> Option<Nimber> {
///         Some(Nimber::new(n))
///     }
/// }
///
/// let hinted = Solver::new(Heap).grundy(&40)?;
/// let searched = Solver::new(Unhinted(Heap)).grundy(&40)?;
/// assert_eq!(hinted, searched);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Unhinted<G>(pub G);

impl<G: ImpartialGame> ImpartialGame for Unhinted<G> {
    type Position = G::Position;

    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position> {
        self.0.moves(position)
    }

    /// Not a hint: what a position holds is the same with the hints hidden.
    fn position_bytes(&self, position: &Self::Position) -> usize {
        self.0.position_bytes(position)
    }
}

/// The bytes a buffer of `capacity` values of `T` takes on the heap, with the allocator's own
/// (a 16-byte header, and at least 32 bytes a block): what
/// [`ImpartialGame::position_bytes`] counts for each vector a position holds.
///
/// # Examples
///
/// ```
/// assert_eq!(onag_core::heap_bytes::<u64>(0), 0);
/// assert_eq!(onag_core::heap_bytes::<u64>(1), 32);
/// assert_eq!(onag_core::heap_bytes::<u64>(10), 96);
/// ```
pub fn heap_bytes<T>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    (capacity.saturating_mul(std::mem::size_of::<T>()) + 16).max(32)
}
