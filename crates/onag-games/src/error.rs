//! The one error type of `onag-games`.

/// Why a ruleset could not be built from its parameters or its written form.
///
/// # Examples
///
/// ```
/// use onag_games::{Error, SubsetNim};
///
/// assert_eq!(SubsetNim::new([0, 2]).unwrap_err(), Error::ZeroInSet);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A subtraction set with no elements allows no move at all.
    #[error("the subtraction set is empty: give at least one positive number")]
    EmptySet,
    /// A subtraction set containing 0 would allow a move that changes nothing.
    #[error("the subtraction set contains 0: every move must take at least one counter")]
    ZeroInSet,
    /// Bash with a maximum take of 0 allows no move at all.
    #[error("the maximum take must be at least 1, got {max_take}")]
    MaxTakeTooSmall {
        /// The maximum take given.
        max_take: u64,
    },
    /// A take-and-break code (such as `0.77`) has a character that does not belong there.
    #[error("invalid {kind} code {code:?}: character {index} ({character:?}) {reason}")]
    InvalidCode {
        /// Which kind of code: octal, hexadecimal or take-and-break.
        kind: &'static str,
        /// The code as given.
        code: String,
        /// Where the bad character is, counting from 1.
        index: usize,
        /// The bad character.
        character: char,
        /// What was expected there.
        reason: &'static str,
    },
    /// A take-and-break code with no digit after the point allows no move at all.
    #[error("invalid {kind} code {code:?}: {reason}")]
    MalformedCode {
        /// Which kind of code.
        kind: &'static str,
        /// The code as given.
        code: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A game name or parameter that the catalogue does not know.
    #[error("unknown game {name:?}; known games: {known}")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The names that are accepted.
        known: String,
    },
    /// The engine stopped: a budget ran out, or the game broke a law (a cycle).
    #[error(transparent)]
    Engine(#[from] onag_core::Error),
    /// A component of a position that could not be read.
    #[error("invalid position {value:?} for {game}: {reason}")]
    InvalidPosition {
        /// The game.
        game: String,
        /// The component as given.
        value: String,
        /// What is accepted.
        reason: String,
    },
    /// A parameter of a game, such as a number in a set, that could not be read.
    #[error("invalid parameter {value:?} for {game}: {reason}")]
    InvalidParameter {
        /// The game whose parameter it is.
        game: &'static str,
        /// The parameter as given.
        value: String,
        /// What is accepted.
        reason: String,
    },
    /// A graph file that does not parse.
    #[error("{}", graph_message(.file, .line, .reason))]
    InvalidGraph {
        /// The file, as the user named it.
        file: String,
        /// The line at fault, where the format has lines.
        line: Option<usize>,
        /// What was expected there.
        reason: String,
    },
    /// A question the game's engine does not answer.
    #[error("{game}: {reason}")]
    Unsupported {
        /// The game.
        game: String,
        /// What is not supported, and why.
        reason: String,
    },
    /// A checkpoint file of a sequence that could not be read or written, or that holds
    /// something else than the values of the game asked for.
    #[error("checkpoint {path}: {reason}")]
    Checkpoint {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
}

/// `FILE, line N: reason`, or `FILE: reason` where the format has no lines.
fn graph_message(file: &str, line: &Option<usize>, reason: &str) -> String {
    match line {
        Some(line) => format!("{file}, line {line}: {reason}"),
        None => format!("{file}: {reason}"),
    }
}

/// The result type of `onag-games`.
pub type Result<T, E = Error> = std::result::Result<T, E>;
