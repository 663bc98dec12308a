//! What a front (the `onag` program, the Python package, the web explorer) asks of any game of
//! the catalogue: the [`Game`] and [`Analysis`] traits, and the positions, moves and
//! evaluations they answer in.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use onag_core::{Budget, GameGraph, LoopyValue, Nimber, Outcome};

use super::Ruleset;
use crate::notation::Progress;
use crate::{GrundySequence, Result, SequenceOptions};

/// A game of the catalogue, chosen at run time: what a program asks of its rules.
pub trait Game: fmt::Display + Send + Sync {
    /// An analysis of positions of this game, starting with `start` (one written component per
    /// string), and the start position as the game writes it (in the form it shows positions:
    /// canonical for most games, as played for Cram). `progress` hears of
    /// any long computation.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`](crate::Error::InvalidPosition) for a component that does not parse; the engine's errors for
    /// a budget exceeded while preparing (a heap game's Grundy sequence).
    fn analyse(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Position)>;

    /// The Grundy values `G(0..=last)` of single heaps, for heap games, computed with
    /// `options` (budget, threads, checkpoint).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`](crate::Error::InvalidParameter) for a game whose positions are not single heaps; else as
    /// [`Ruleset::sequence_with`].
    fn sequence(
        &self,
        last: u64,
        options: &SequenceOptions,
        progress: &mut dyn FnMut(u64),
    ) -> Result<GrundySequence>;

    /// The state graph of the position `start`: every position reachable, with its value.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`](crate::Error::InvalidPosition) for a component that does not parse;
    /// [`onag_core::Error::LimitExceeded`] (wrapped in [`Error::Engine`](crate::Error::Engine)) for
    /// [`Positions`](onag_core::Resource::Positions) when the graph has more than
    /// `max_positions` positions, found before any is valued, and for the budget while
    /// valuing.
    fn graph(
        &self,
        start: &[String],
        max_positions: usize,
        budget: Budget,
    ) -> Result<GameGraph<Position>>;

    /// The heap ruleset, for heap games.
    fn as_ruleset(&self) -> Option<&Ruleset> {
        None
    }

    /// Whether positions may repeat: values may be ∞ and outcomes draws (the loopy engine).
    fn has_cycles(&self) -> bool {
        false
    }

    /// The same game, its values found by the pruned search of one position
    /// ([`NimberSearch`](onag_core::NimberSearch)) instead of its own engine: for a heap game a
    /// cross-check of its Grundy sequence, for any other game without cycles a search that
    /// values few positions besides the one asked. `None` for a game with cycles, whose values
    /// the search cannot find.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, Nimber};
    ///
    /// let grundy = onag_games::open("grundy")?.pruned().expect("a game without cycles");
    /// let (mut analysis, position) = grundy.analyse(&["30".to_string()], Budget::DEFAULT, Box::new(|_| {}))?;
    /// // OEIS A002188: G(30) = 3.
    /// assert_eq!(analysis.evaluate(&position)?.grundy(), Some(Nimber::new(3)));
    /// assert!(onag_games::open("loopy-subtraction:1,2/10")?.pruned().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn pruned(&self) -> Option<Box<dyn Game>> {
        None
    }
}

/// Values, moves and winning moves of positions of one game, written as text.
pub trait Analysis: Send {
    /// Reads a position, one component per string, into the game's written form (canonical for
    /// most games; a Cram board as played).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`](crate::Error::InvalidPosition) for a component that does not parse.
    fn read(&self, components: &[String]) -> Result<Position>;

    /// The value (where it can be computed within the budget) and the outcome of a position.
    ///
    /// # Errors
    ///
    /// The engine's errors, when neither can be found within the budget.
    fn evaluate(&mut self, position: &Position) -> Result<Evaluation>;

    /// The moves of a position, component by component in the game's order, each with the
    /// evaluation of the position it leaves; at most `limit`, and whether there are more.
    ///
    /// # Errors
    ///
    /// As [`Analysis::evaluate`].
    fn moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<(Move, Evaluation)>, bool)>;

    /// The first move of a position in the game's order, without valuing what it leaves;
    /// `None` when it has no move.
    ///
    /// # Errors
    ///
    /// As [`Analysis::evaluate`] where listing a move needs the engine.
    fn any_move(&mut self, position: &Position) -> Result<Option<Move>> {
        Ok(self
            .moves(position, 1)?
            .0
            .into_iter()
            .next()
            .map(|(next, _)| next))
    }

    /// At most `limit` moves to P-positions, and whether there may be more. Empty exactly when
    /// the position is a P-position.
    ///
    /// # Errors
    ///
    /// As [`Analysis::evaluate`].
    fn winning_moves(&mut self, position: &Position, limit: usize) -> Result<(Vec<Move>, bool)>;

    /// At most `limit` moves that keep a draw (to D-positions), when the position is a draw,
    /// and whether there are more; none otherwise, and none in a game without cycles.
    ///
    /// # Errors
    ///
    /// As [`Analysis::evaluate`].
    fn drawing_moves(&mut self, position: &Position, limit: usize) -> Result<(Vec<Move>, bool)> {
        let _ = (position, limit);
        Ok((Vec::new(), false))
    }

    /// The move that changes component `component` (from 0) into the components `to`, if the
    /// rules allow it; `None` if they do not.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`](crate::Error::InvalidPosition) when `to` does not parse; the engine's errors when judging
    /// the move needs a search beyond the budget.
    fn find_move(
        &mut self,
        position: &Position,
        component: usize,
        to: &[String],
    ) -> Result<Option<Move>>;

    /// How many positions the search has evaluated (closed forms and tables count none).
    fn positions_evaluated(&self) -> u64;

    /// Runs later searches on `threads` threads (at least 1), for engines that can share one
    /// search between threads (the pruned search of one position); others ignore it.
    fn set_threads(&mut self, threads: usize) {
        let _ = threads;
    }

    /// The outcome of a position under misère play (the player who makes the last move
    /// loses), searched over whole positions ([`onag_core::MisereSolver`]).
    ///
    /// # Errors
    ///
    /// The engine's errors, past the budget.
    fn misere_outcome(&mut self, position: &Position) -> Result<Outcome>;

    /// The moves of a position, each with the misère outcome of the position it leaves; at
    /// most `limit`, and whether there are more.
    ///
    /// # Errors
    ///
    /// As [`Analysis::misere_outcome`].
    fn misere_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<(Move, Outcome)>, bool)>;

    /// At most `limit` moves to misère P-positions, and whether there may be more: the moves
    /// are scanned up to [`MISERE_SCAN`].
    ///
    /// # Errors
    ///
    /// As [`Analysis::misere_outcome`].
    fn misere_winning_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<Move>, bool)> {
        scan_misere_moves_to(self, position, limit, Outcome::Previous)
    }

    /// In a misère D-position (only in a game with cycles), at most `limit` moves that keep
    /// the draw, and whether there are more; none from a P- or N-position.
    ///
    /// # Errors
    ///
    /// As [`Analysis::misere_outcome`].
    fn misere_drawing_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<Move>, bool)> {
        if self.misere_outcome(position)? != Outcome::Draw {
            return Ok((Vec::new(), false));
        }
        scan_misere_moves_to(self, position, limit, Outcome::Draw)
    }
}

/// The moves of a position to misère positions of outcome `wanted`, found by scanning its moves
/// (up to [`MISERE_SCAN`]) with their outcomes: how [`Analysis::misere_winning_moves`] and
/// [`Analysis::misere_drawing_moves`] find them unless an engine knows better.
pub(crate) fn scan_misere_moves_to<A: Analysis + ?Sized>(
    analysis: &mut A,
    position: &Position,
    limit: usize,
    wanted: Outcome,
) -> Result<(Vec<Move>, bool)> {
    let (moves, more) = analysis.misere_moves(position, MISERE_SCAN)?;
    let mut found: Vec<Move> = moves
        .into_iter()
        .filter(|(_, outcome)| *outcome == wanted)
        .map(|(found, _)| found)
        .collect();
    let truncated = more || found.len() > limit;
    found.truncate(limit);
    Ok((found, truncated))
}

/// How many moves of a position a search for misère winning or drawing moves scans at most.
pub const MISERE_SCAN: usize = 1_000_000;

/// A position of a catalogue game: its components as the game writes them (one string per
/// component of the sum), and, when an analysis read or made it, the components in the
/// engine's own types, so that the position is read once and never parsed again.
///
/// A front gets positions from [`Game::analyse`], [`Analysis::read`] and the moves an analysis
/// lists, and hands them back to the same analysis. A position made from text alone
/// ([`Position::new`]) is read when it is asked about. Two positions are equal when they are
/// written the same.
///
/// # Examples
///
/// ```
/// use onag_games::Position;
///
/// let position = Position::new(vec!["3,5".to_string(), "1,2".to_string()]);
/// assert_eq!(position.to_string(), "3,5 1,2");
/// assert_eq!(Position::new(Vec::new()).to_string(), "(nothing)");
/// ```
#[derive(Clone, Default)]
pub struct Position {
    written: Vec<String>,
    /// The components as the engine of the game named holds them.
    typed: Option<Arc<Typed>>,
}

/// The components of a position in an engine's own types, with the game they belong to.
struct Typed {
    game: String,
    components: Box<dyn Any + Send + Sync>,
}

impl Position {
    /// The position with these components, written as a game writes them; an analysis reads
    /// them when it is asked about the position.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::Position::new(vec!["7".into()]).components(), ["7"]);
    /// ```
    pub fn new(components: Vec<String>) -> Position {
        Position {
            written: components,
            typed: None,
        }
    }

    /// The position written `written`, whose components `game`'s engine holds as `typed`.
    pub(crate) fn typed<T: Any + Send + Sync>(
        written: Vec<String>,
        game: String,
        typed: T,
    ) -> Position {
        Position {
            written,
            typed: Some(Arc::new(Typed {
                game,
                components: Box::new(typed),
            })),
        }
    }

    /// The components as `game`'s engine holds them, when this position was read or made by
    /// an analysis of that game.
    pub(crate) fn typed_as<T: Any>(&self, game: &str) -> Option<&T> {
        let typed = self.typed.as_deref()?;
        (typed.game == game)
            .then(|| typed.components.downcast_ref::<T>())
            .flatten()
    }

    /// The components, in order, as the game writes them.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(onag_games::Position::default().components().is_empty());
    /// ```
    pub fn components(&self) -> &[String] {
        &self.written
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.written == other.written
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.written.hash(state);
    }
}

impl fmt::Display for Position {
    /// The components separated by spaces, as a player writes them; `(nothing)` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.written.is_empty() {
            return f.write_str("(nothing)");
        }
        f.write_str(&self.written.join(" "))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One move of a position: which component changed, how (in the game's own terms), and the
/// position it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The component that moved, counting from 0.
    pub component: usize,
    /// The move in the game's words: `heap 2: 4 -> 1 3`, `take 2 from both heaps: 3,5 -> 1,3`.
    pub description: String,
    /// The position after the move, in the form the game shows positions (canonical for most
    /// games; a Cram board as played, with the domino's cells filled).
    pub position: Position,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

/// What is known of a position: always its outcome, and its value where it could be computed (a
/// game whose P-positions have a closed form but whose values do not, such as Wythoff's game,
/// answers the outcome of a huge position without its value). In a game with cycles the value
/// may be ∞ and the outcome a draw, and the remoteness is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The value, if known: the Grundy value, or the generalized one in a game with cycles.
    pub value: Option<LoopyValue>,
    /// The outcome.
    pub outcome: Outcome,
    /// How many moves the winner needs to win, the loser delaying as long as possible, where
    /// the engine computes it (games with cycles, one component); `None` elsewhere and for a
    /// draw.
    pub remoteness: Option<u64>,
}

impl Evaluation {
    /// The evaluation of a position of Grundy value `value`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Nimber, Outcome};
    /// use onag_games::Evaluation;
    ///
    /// assert_eq!(Evaluation::of(Nimber::ZERO).outcome, Outcome::Previous);
    /// ```
    pub fn of(value: Nimber) -> Evaluation {
        Evaluation {
            value: Some(LoopyValue::Finite(value)),
            outcome: Outcome::of(value),
            remoteness: None,
        }
    }

    /// The Grundy value, when it is known and finite.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Nimber;
    /// use onag_games::Evaluation;
    ///
    /// assert_eq!(Evaluation::of(Nimber::new(3)).grundy(), Some(Nimber::new(3)));
    /// ```
    pub fn grundy(&self) -> Option<Nimber> {
        self.value.as_ref().and_then(LoopyValue::finite)
    }
}

impl fmt::Display for Evaluation {
    /// The value, or `?` where only the outcome is known; `{:#}` writes ∞ as `inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(value) if f.alternate() => write!(f, "{value:#}"),
            Some(value) => write!(f, "{value}"),
            None => f.write_str("?"),
        }
    }
}
