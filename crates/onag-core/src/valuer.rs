//! One trait for the engines that value positions of a game without cycles: the exhaustive
//! [`Solver`] and the pruned [`NimberSearch`]. A front holds one `Valuer` and asks it, never
//! branching on which it holds.

use crate::{Budget, ImpartialGame, Nimber, NimberSearch, Outcome, Result, Solver};

/// The position type of a valuer's game.
type PositionOf<V> = <<V as Valuer>::Game as ImpartialGame>::Position;

/// What values positions of one game: their Grundy values, the moves to a given value, and the
/// winning moves, within one [`Budget`].
///
/// [`Solver`] values every position a question reaches and remembers them all; [`NimberSearch`]
/// asks narrower questions with a bounded table, for one large position. Both give the same
/// answers (the tests compare them); they differ in what they cost.
///
/// # Laws
///
/// - `grundy(p)` is the Grundy value of `p` (Sprague 1935, Grundy 1939).
/// - Every position in `moves_to_value(p, t, n)` is a move of `p` of value `t`; there are at
///   most `n`, and fewer only when `p` has no more.
/// - `first_winning_moves(p, n)` is empty exactly when `p` is a P-position; otherwise it holds
///   at most `n` moves of `p` to P-positions, and fewer only when `p` has no more.
///
/// # Examples
///
/// ```
/// use onag_core::{ImpartialGame, Nimber, NimberSearch, Solver, Valuer};
///
/// /// Take one or two from a heap: a heap of n is worth n mod 3.
/// #[derive(Clone)]
/// struct Take;
/// impl ImpartialGame for Take {
///     type Position = u32;
///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
///         (1..=2).filter(move |&t| t <= n).map(move |t| n - t)
///     }
/// }
///
/// let mut valuers: Vec<Box<dyn Valuer<Game = Take>>> =
///     vec![Box::new(Solver::new(Take)), Box::new(NimberSearch::new(Take))];
/// for valuer in &mut valuers {
///     assert_eq!(valuer.grundy(&10)?, Nimber::new(1));
///     assert_eq!(valuer.first_winning_moves(&10, 5)?, vec![9]);
/// }
/// # Ok::<(), onag_core::Error>(())
/// ```
pub trait Valuer {
    /// The game whose positions are valued.
    type Game: ImpartialGame;

    /// The game.
    fn game(&self) -> &Self::Game;

    /// The budget in force.
    fn budget(&self) -> Budget;

    /// The Grundy value of `position`.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`](crate::Error::LimitExceeded) past the budget;
    /// [`Error::Cycle`](crate::Error::Cycle) where the engine finds one.
    fn grundy(&mut self, position: &PositionOf<Self>) -> Result<Nimber>;

    /// At most `count` moves of `position` to positions of value `target`, in the game's order
    /// (or as its closed form gives them).
    ///
    /// # Errors
    ///
    /// As [`grundy`](Self::grundy).
    fn moves_to_value(
        &mut self,
        position: &PositionOf<Self>,
        target: Nimber,
        count: usize,
    ) -> Result<Vec<PositionOf<Self>>>;

    /// At most `count` moves of `position` to P-positions: the game's closed-form outcomes
    /// first where it has them, else the Sprague-Grundy rule.
    ///
    /// # Errors
    ///
    /// As [`grundy`](Self::grundy).
    fn first_winning_moves(
        &mut self,
        position: &PositionOf<Self>,
        count: usize,
    ) -> Result<Vec<PositionOf<Self>>>;

    /// The work done so far: positions evaluated by the solver, questions searched by the
    /// pruned search (closed forms and tables count none).
    fn work(&self) -> u64;

    /// Runs later questions on `threads` threads (at least 1), where the engine can share one
    /// question between threads; others ignore it.
    fn set_threads(&mut self, threads: usize) {
        let _ = threads;
    }
}

impl<G: ImpartialGame> Valuer for Solver<G> {
    type Game = G;

    fn game(&self) -> &G {
        Solver::game(self)
    }

    fn budget(&self) -> Budget {
        Solver::budget(self)
    }

    fn grundy(&mut self, position: &G::Position) -> Result<Nimber> {
        Solver::grundy(self, position)
    }

    fn moves_to_value(
        &mut self,
        position: &G::Position,
        target: Nimber,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        Solver::moves_to_value(self, position, target, count)
    }

    fn first_winning_moves(
        &mut self,
        position: &G::Position,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        Solver::first_winning_moves(self, position, count)
    }

    fn work(&self) -> u64 {
        self.positions_evaluated()
    }
}

impl<G> Valuer for NimberSearch<G>
where
    G: ImpartialGame + Sync,
    G::Position: Send + Sync,
{
    type Game = G;

    fn game(&self) -> &G {
        NimberSearch::game(self)
    }

    fn budget(&self) -> Budget {
        NimberSearch::budget(self)
    }

    fn grundy(&mut self, position: &G::Position) -> Result<Nimber> {
        self.nimber(position)
    }

    fn moves_to_value(
        &mut self,
        position: &G::Position,
        target: Nimber,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        NimberSearch::moves_to_value(self, position, target, count)
    }

    /// The game's closed-form outcome where it has one (a P-position has no winning move; an
    /// N-position's moves are the game's closed form's, or its moves whose outcome is P), else
    /// the moves to value 0. For one move, the position's value is searched first (its search
    /// shows one option to be a P-position on its way, and a P-position has none to find);
    /// for a list, each option is asked at once whether it is a P-position: every one listed
    /// must be shown to be one, which the value's own search never needs, and the value asked
    /// after them is then nearly free (Cram 5 × 8 on one thread, measured before the search's
    /// look-ahead counted from the position asked about: 1.43 million questions in all,
    /// against 1.61 million with the value first). A value already known
    /// (asked before, or a closed form) answers a P-position at once either way.
    fn first_winning_moves(
        &mut self,
        position: &G::Position,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        let game = NimberSearch::game(self);
        match game.known_outcome(position) {
            Some(Outcome::Previous) => return Ok(Vec::new()),
            Some(Outcome::Next) => {
                if let Some(mut moves) = game.moves_to_value(position, Nimber::ZERO, count) {
                    moves.truncate(count);
                    return Ok(moves);
                }
            }
            _ => {}
        }
        // The closed forms of the position as given first: a mirror is seen on the vertices as
        // numbered (node-kayles grid:8x8), not on its canonical components.
        let known = game
            .known_grundy(position)
            .or_else(|| self.known_nimber(position));
        let value = match known {
            Some(value) => Some(value),
            None if count == 1 => Some(self.nimber(position)?),
            None => None,
        };
        if value.is_some_and(Nimber::is_zero) || count == 0 {
            return Ok(Vec::new());
        }
        NimberSearch::moves_to_value(self, position, Nimber::ZERO, count)
    }

    fn work(&self) -> u64 {
        self.stats().questions
    }

    fn set_threads(&mut self, threads: usize) {
        NimberSearch::set_threads(self, threads);
    }
}
