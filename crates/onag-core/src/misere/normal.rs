//! Misère play of any game as normal play of a game one move longer: what lets the solvers of
//! normal play (the [`LoopySolver`](crate::LoopySolver) above all) answer misère questions.

use crate::{ImpartialGame, Outcome};

/// Misère play of `G`, as a game of normal play: every position of `G` keeps its moves, and a
/// terminal position gains one move, to the end (`None`), which has none.
///
/// In misère play the player to move in a terminal position has won; here that player makes
/// the one move left and wins by normal play. Every other line of play is the same in both, a
/// line that never ends included, so a position has the same outcome (P, N or D) in misère
/// play of `G` as in normal play of this game, and a move wins, draws or loses in both alike.
/// Misère play does not split into components, so this game keeps a position whole (a sum is
/// one position, as with [`SumOf`](crate::SumOf)).
///
/// This is how misère play of a game with cycles is solved: the [`MisereSolver`] needs a finite
/// game, and the [`LoopySolver`](crate::LoopySolver) of this game gives outcomes with draws,
/// winning moves that make progress (least remoteness first, so that following them always
/// ends the game) and drawing moves. Remoteness here counts the move to the end: a misère
/// remoteness (moves until no move is left) is one less.
///
/// # Examples
///
/// A counter on a clock of 4 hours that may go back 1 or forward 1; at 0 the game ends. In
/// normal play 1 and 3 win at once (move to 0); in misère play moving to 0 loses, and neither
/// player ever has to: every position but 0 is a draw.
///
/// ```
/// use onag_core::{ImpartialGame, LoopySolver, MisereAsNormal, Outcome};
///
/// struct Clock;
/// impl ImpartialGame for Clock {
///     type Position = u32;
///     fn moves(&self, &hour: &u32) -> impl Iterator<Item = u32> {
///         let moves = if hour == 0 { vec![] } else { vec![(hour + 3) % 4, (hour + 1) % 4] };
///         moves.into_iter()
///     }
/// }
///
/// let mut normal = LoopySolver::new(Clock);
/// assert_eq!(normal.outcome(&1)?, Outcome::Next);
/// let mut misere = LoopySolver::new(MisereAsNormal(Clock));
/// assert_eq!(misere.outcome(&Some(0))?, Outcome::Next);
/// for hour in 1..4 {
///     assert_eq!(misere.outcome(&Some(hour))?, Outcome::Draw);
/// }
/// // From 2, both moves keep the draw; neither goes to 0.
/// assert_eq!(misere.drawing_moves(&Some(2))?, vec![Some(1), Some(3)]);
/// # Ok::<(), onag_core::Error>(())
/// ```
///
/// [`MisereSolver`]: crate::MisereSolver
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MisereAsNormal<G>(pub G);

impl<G: ImpartialGame> ImpartialGame for MisereAsNormal<G> {
    /// A position of `G`, or `None`: the end, after the move from a terminal position.
    type Position = Option<G::Position>;

    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position> {
        let mut moves = position
            .as_ref()
            .map(|position| self.0.moves(position).peekable());
        let terminal = moves.as_mut().is_some_and(|moves| moves.peek().is_none());
        moves
            .into_iter()
            .flatten()
            .map(Some)
            .chain(terminal.then_some(None))
    }

    fn known_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        match position {
            None => Some(Outcome::Previous),
            Some(position) => self.0.known_misere_outcome(position),
        }
    }

    fn canonical(&self, position: Self::Position) -> Self::Position {
        position.map(|position| self.0.canonical(position))
    }

    fn position_bytes(&self, position: &Self::Position) -> usize {
        position
            .as_ref()
            .map_or(0, |position| self.0.position_bytes(position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LoopySolver, MisereSolver};

    /// Take 1 or 2 from a pile: finite, so the [`MisereSolver`] answers it too.
    struct TakeOneOrTwo;
    impl ImpartialGame for TakeOneOrTwo {
        type Position = u32;
        fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
            (1..=2).filter_map(move |k| n.checked_sub(k))
        }
    }

    #[test]
    fn a_finite_game_has_the_outcomes_of_the_closed_form() {
        // Misère take-1-or-2: the P-positions are n ≡ 1 (mod 3), by induction (0 is won by the
        // player to move; from 3k + 1 every move reaches 3k or 3k - 1, from which a move
        // reaches 3(k - 1) + 1).
        let mut solver = LoopySolver::new(MisereAsNormal(TakeOneOrTwo));
        let mut misere = MisereSolver::new(TakeOneOrTwo);
        for n in 0..60 {
            let expected = if n % 3 == 1 {
                Outcome::Previous
            } else {
                Outcome::Next
            };
            assert_eq!(solver.outcome(&Some(n)), Ok(expected), "heap {n}");
            assert_eq!(misere.outcome(&n), Ok(expected), "heap {n}");
        }
        // The end is never offered but from a terminal position.
        assert_eq!(
            MisereAsNormal(TakeOneOrTwo)
                .moves(&Some(0))
                .collect::<Vec<_>>(),
            vec![None]
        );
        assert_eq!(
            MisereAsNormal(TakeOneOrTwo)
                .moves(&Some(2))
                .collect::<Vec<_>>(),
            vec![Some(1), Some(0)]
        );
        assert_eq!(MisereAsNormal(TakeOneOrTwo).moves(&None).count(), 0);
    }
}
