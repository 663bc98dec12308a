//! The one error type of `cgt-core`.

/// What can go wrong while exploring or evaluating a game.
///
/// Every variant carries the numbers or the position that explain it, so that its message can be
/// shown to a person as it is.
///
/// # Examples
///
/// ```
/// use cgt_core::Error;
///
/// let error = Error::LimitExceeded { limit: 1_000_000 };
/// assert_eq!(
///     error.to_string(),
///     "exploration exceeded the limit of 1000000 positions",
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The game's rules lead from a position back to itself, so the game is not finite.
    #[error("the game has a cycle: position {position} can be reached from itself")]
    Cycle {
        /// A position on the cycle, written with its `Debug` form.
        position: String,
    },
    /// Evaluation needed to store more positions than the solver's limit allows.
    #[error("exploration exceeded the limit of {limit} positions")]
    LimitExceeded {
        /// The limit that was in force.
        limit: usize,
    },
}

/// The result type of `cgt-core`.
pub type Result<T, E = Error> = std::result::Result<T, E>;
