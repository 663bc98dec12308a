//! The one error type of `onag-core`, and the budgets whose exhaustion it reports.

use std::fmt;

/// What can go wrong while exploring or evaluating a game.
///
/// Every variant carries the numbers or the position that explain it, so that its message can be
/// shown to a person as it is.
///
/// # Examples
///
/// ```
/// use onag_core::{Error, Resource};
///
/// let error = Error::LimitExceeded { resource: Resource::Positions, limit: 1_000_000 };
/// assert_eq!(
///     error.to_string(),
///     "the work exceeded the limit of 1000000 remembered positions",
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
    /// A query needed more of a resource than its [`Budget`] allows.
    #[error("the work exceeded the limit of {limit} {resource}")]
    LimitExceeded {
        /// What ran out.
        resource: Resource,
        /// The limit that was in force, in the resource's unit.
        limit: u64,
    },
    /// A search the game estimates past the budget's options was refused before it began (no
    /// option was examined): the estimate, not the work, exceeded the limit.
    #[error(
        "a search of this position would examine more than the limit of {limit} options, by the game's own estimate (none was examined)"
    )]
    SearchTooLarge {
        /// The limit on options examined that was in force.
        limit: u64,
    },
    /// A misère quotient could not answer: a heap past the heaps it covers, or a heap for which
    /// no candidate quotient could be verified.
    #[error("misère quotient: {0}")]
    Quotient(#[from] QuotientError),
    /// The computation was stopped from outside before it finished (see [`Stop`](crate::Stop)).
    #[error("the work was stopped before it finished")]
    Stopped,
    /// An argument outside an operation's domain (a cooling below -1, an atomic weight of a
    /// game that is not all-small): the reason, in a sentence.
    #[error("{why}")]
    InvalidArgument {
        /// Why the argument was refused.
        why: String,
    },
}

/// Why a misère quotient could not answer, in [`Error::Quotient`].
///
/// # Examples
///
/// ```
/// use onag_core::{Error, QuotientError};
///
/// let error = Error::from(QuotientError::PastQuotient { heap: 9, reached: 5 });
/// assert_eq!(error.to_string(), "misère quotient: heap 9 is past the quotient, which reaches heap 5");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QuotientError {
    /// A heap larger than the quotient covers was asked about.
    #[error("heap {heap} is past the quotient, which reaches heap {reached}")]
    PastQuotient {
        /// The heap asked about.
        heap: u64,
        /// The largest heap the quotient covers.
        reached: u64,
    },
    /// Heaps are added in order: `heap` is not the next.
    #[error("heap {heap} added after heap {reached}")]
    NotNextHeap {
        /// The heap given.
        heap: u64,
        /// The largest heap added so far.
        reached: u64,
    },
    /// An option of a heap leaves a heap not smaller than it.
    #[error("an option of heap {heap} leaves a heap of {left}")]
    OptionNotSmaller {
        /// The heap added.
        heap: u64,
        /// The heap its option leaves.
        left: u64,
    },
    /// A saved quotient that does not read back.
    #[error("the saved quotient is damaged: {why}")]
    Damaged {
        /// What is wrong with it.
        why: String,
    },
    /// Learning the quotient afresh from exact outcomes stopped.
    #[error("{0}")]
    Learning(GiveUp),
    /// Recalibration gave up, and then learning afresh did too.
    #[error("recalibration gave up ({recalibration}), and {learning}")]
    BothGaveUp {
        /// Why recalibration gave up.
        recalibration: GiveUp,
        /// Why learning afresh gave up.
        learning: GiveUp,
    },
}

/// Why one way of finding the quotient of a new heap gave up, within the bounds of that
/// method (which are not limits a user can raise): the computation stops rather than guess.
///
/// # Examples
///
/// ```
/// use onag_core::GiveUp;
///
/// assert_eq!(GiveUp::NoProgress { heap: 4 }.to_string(), "learning the quotient of heap 4 made no progress");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GiveUp {
    /// Recalibration: the search for a candidate's least failure outgrew its bound.
    #[error("the search for the least failure of a candidate of order {order} outgrew its bound")]
    LeastFailureUnbounded {
        /// The candidate's order.
        order: usize,
    },
    /// Recalibration: no unfolding of a candidate within the bounds gets its failures right.
    #[error(
        "no unfolding of a candidate of order {order} within the bounds gets its failures right"
    )]
    NoUnfolding {
        /// The candidate's order.
        order: usize,
    },
    /// Recalibration: its rounds ran out.
    #[error("{rounds} candidates, none right on every position")]
    RoundsRanOut {
        /// The candidates tried.
        rounds: usize,
    },
    /// Learning: the candidate could not be verified within the search's bound.
    #[error(
        "the candidate quotient for heap {heap} could not be verified within the search's bound"
    )]
    Unverified {
        /// The heap being added.
        heap: u64,
    },
    /// Learning: the check named no position the candidate gets wrong.
    #[error("the check of heap {heap} named no position the candidate gets wrong")]
    NoWrongPosition {
        /// The heap being added.
        heap: u64,
    },
    /// Learning: a test was asked again.
    #[error("learning the quotient of heap {heap} made no progress")]
    NoProgress {
        /// The heap being added.
        heap: u64,
    },
    /// Learning: a counterexample was not one.
    #[error("a counterexample was not one")]
    FalseCounterexample,
    /// Learning: it needs more positions than the bound of that method.
    #[error(
        "learning the quotient of heap {heap} afresh needs more than {limit} positions, the bound of that method"
    )]
    LearningBound {
        /// The heap being added.
        heap: u64,
        /// The bound.
        limit: u64,
    },
}

/// The resources a [`Budget`] bounds, each named for what it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Resource {
    /// Positions remembered with their values (the memo's entries, or a graph's nodes).
    Positions,
    /// Options (positions one move away) generated and examined, summed over a query.
    Options,
    /// Bytes of memory held by the tables of a computation.
    Memory,
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Resource::Positions => "remembered positions",
            Resource::Options => "options examined",
            Resource::Memory => "bytes of memory",
        })
    }
}

/// How much work one computation may do: positions remembered, options examined and bytes of
/// memory, each counted separately, so that a limit means the same thing everywhere it is used.
///
/// The defaults ([`Budget::DEFAULT`]) bound a computation to about 2 GiB and 10^11 options, and
/// stop a runaway one with [`Error::LimitExceeded`] naming the resource. Options are not time:
/// 10^11 is a minute or two of the sequence engine's work but about a day of the pruned
/// search's on Cram (10^8 options in 98 s on 7 × 7), so a front that needs an answer soon
/// sets a lower limit, or stops the work by the clock (see [`Stop`](crate::Stop)).
///
/// # Examples
///
/// ```
/// use onag_core::{Budget, Resource};
///
/// let small = Budget { positions: 1000, ..Budget::DEFAULT };
/// assert_eq!(small.limit(Resource::Positions), 1000);
/// assert_eq!(small.limit(Resource::Memory), 2 << 30);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The most positions remembered at once.
    pub positions: u64,
    /// The most options examined by one query.
    pub options: u64,
    /// The most bytes held by the computation's tables.
    pub memory: u64,
}

impl Budget {
    /// 10^8 positions, 10^11 options and 2 GiB.
    pub const DEFAULT: Budget = Budget {
        positions: 100_000_000,
        options: 100_000_000_000,
        memory: 2 << 30,
    };

    /// No limit at all.
    pub const UNLIMITED: Budget = Budget {
        positions: u64::MAX,
        options: u64::MAX,
        memory: u64::MAX,
    };

    /// The limit on `resource`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, Resource};
    ///
    /// assert_eq!(Budget::UNLIMITED.limit(Resource::Options), u64::MAX);
    /// ```
    pub fn limit(&self, resource: Resource) -> u64 {
        match resource {
            Resource::Positions => self.positions,
            Resource::Options => self.options,
            Resource::Memory => self.memory,
        }
    }

    /// The error for running out of `resource`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, Error, Resource};
    ///
    /// let error = Budget::DEFAULT.exceeded(Resource::Memory);
    /// assert_eq!(error, Error::LimitExceeded { resource: Resource::Memory, limit: 2 << 30 });
    /// ```
    pub fn exceeded(&self, resource: Resource) -> Error {
        Error::LimitExceeded {
            resource,
            limit: self.limit(resource),
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// The result type of `onag-core`.
pub type Result<T, E = Error> = std::result::Result<T, E>;
