//! The ground floor of the rulesets: how a game's positions are written and read and its moves
//! described ([`Notation`]), what a long computation reports ([`Progress`]), and the readers of
//! numbers and the errors that parameters and components share.
//!
//! Every ruleset and every front (the catalogue, the `onag` program) reaches these without
//! climbing: a ruleset imports this module, never the catalogue.

use std::sync::{Arc, Mutex};

use onag_core::{Budget, ImpartialGame};

use crate::{Error, Result};

/// How a game's positions are written and its moves described: what the catalogue's front
/// needs of a game besides its rules.
///
/// A position is plain data (`Send + Sync + 'static`), so that a read position can be kept
/// in its own type beside its text and handed between threads.
///
/// A component of a sum is one position of the game, written as one word without spaces
/// (`3,5` for a Wythoff game of heaps 3 and 5). The hooks with defaults only make the program
/// faster, never change an answer.
///
/// # Examples
///
/// ```
/// use onag_games::{Notation, Wythoff};
///
/// assert_eq!(Wythoff.read_component("5,3")?, (5, 3));
/// assert_eq!(Wythoff.write_component(&(3, 5)), "3,5");
/// assert_eq!(Wythoff.describe_move(&(3, 5), &(1, 3)), "take 2 from both heaps: 3,5 -> 1,3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Notation: ImpartialGame<Position: Send + Sync + 'static> + Send + Sync {
    /// The game's name as the catalogue writes it, parameters included: `moore:2`.
    fn name(&self) -> String;

    /// Reads one component.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`] when `text` is not a position of the game.
    fn read_component(&self, text: &str) -> Result<Self::Position>;

    /// Writes one component so that [`read_component`](Self::read_component) reads it back.
    fn write_component(&self, position: &Self::Position) -> String;

    /// The move from `from` to `to` (one of its options) in the game's own words.
    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String;

    /// The form in which a position is shown and kept from one command to the next: its
    /// [canonical](ImpartialGame::canonical) form by default (heaps sorted, empty ones
    /// dropped). A game whose canonical form moves what the player sees (Cram turns, crops and
    /// splits its board) shows the position as played instead, so that a move's description and
    /// the board it leaves speak of the same cells; values are the same either way.
    fn shown(&self, position: Self::Position) -> Self::Position {
        self.canonical(position)
    }

    /// The option of `from` that `text` names as a move in the game's own words, as its hints
    /// write them (a Cram domino's cells, `r2c3-r3c3`; a Node Kayles vertex, `vertex 2`), so
    /// that a player need not write the whole position a move leaves; `None` (the default)
    /// when `text` is not written as a move, and it is read as the position the component
    /// becomes instead.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`] when `text` names a move the rules do not allow.
    fn read_move(&self, from: &Self::Position, text: &str) -> Option<Result<Self::Position>> {
        let _ = (from, text);
        None
    }

    /// Whether `to` is one move from `from`, judged by the rule at once; `None` (the default)
    /// makes the program look for `to` among the moves of `from`, within its budget.
    fn is_move(&self, from: &Self::Position, to: &Self::Position) -> Option<bool> {
        let _ = (from, to);
        None
    }

    /// An upper bound on the options a search of `position` examines, where the game can
    /// tell; `None` (the default) means unknown. A position whose bound exceeds the budget is
    /// not searched: its value is reported unknown at once (its outcome may still be known),
    /// instead of after the budget has been spent.
    fn search_size(&self, position: &Self::Position) -> Option<u64> {
        let _ = position;
        None
    }

    /// The same game, its own preparations (Chomp's tables) sized within `budget` and telling
    /// `progress` how they go; `None` (the default) for a game that makes none.
    fn prepared(&self, progress: Reporter, budget: Budget) -> Option<Self>
    where
        Self: Sized,
    {
        let _ = (progress, budget);
        None
    }
}

/// Where a game reports a long preparation of its own: shared with the engine's own reports.
pub type Reporter = Arc<Mutex<dyn FnMut(Progress) + Send>>;

/// What a long computation reports as it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// The Grundy sequence has reached heap `heap` of `last`.
    Sequence {
        /// Heaps valued so far.
        heap: u64,
        /// The last heap wanted.
        last: u64,
    },
    /// The genus of heap `heap` of `last` is being computed. Unlike a Grundy sequence's, a
    /// genus's cost may grow with the heap beyond any rate seen so far (a wild game's
    /// positions are searched whole), so no time left is foretold.
    Genus {
        /// The heap being valued.
        heap: u64,
        /// The last heap wanted.
        last: u64,
    },
    /// The misère quotient is adding heap `heap`, and stops at `last` at the latest.
    Quotient {
        /// The heap being added.
        heap: u64,
        /// The last heap wanted.
        last: u64,
    },
    /// The search has evaluated `positions` positions.
    Search {
        /// Positions evaluated so far.
        positions: u64,
    },
    /// A game's table of values (Chomp's diagrams) holds `done` of its `total` entries.
    Table {
        /// Entries valued so far.
        done: u64,
        /// Entries in all.
        total: u64,
    },
    /// A sweep has valued `done` of its `games` sequences, and `under_way` more are being
    /// valued, each to heap `to`.
    Sweep {
        /// Games valued so far.
        done: u64,
        /// Games in all.
        games: u64,
        /// Games being valued now.
        under_way: u64,
        /// The heaps the games under way have reached, added up.
        heaps: u64,
        /// The last heap of every game.
        to: u64,
    },
}

/// Fails unless `parameter` is absent: `game` takes none.
pub(crate) fn no_parameter(game: &'static str, parameter: Option<&str>) -> Result<()> {
    match parameter {
        None => Ok(()),
        Some(value) => Err(Error::InvalidParameter {
            game,
            value: value.to_string(),
            reason: format!("{game} takes no parameter"),
        }),
    }
}

/// The parameter of `game`, which must be given (`how` says how).
pub(crate) fn required<'a>(
    game: &'static str,
    parameter: Option<&'a str>,
    how: &str,
) -> Result<&'a str> {
    parameter.ok_or_else(|| Error::InvalidParameter {
        game,
        value: String::new(),
        reason: how.to_string(),
    })
}

/// Reads a comma-separated list of positive numbers for `game`.
pub(crate) fn parse_numbers(game: &'static str, text: &str) -> Result<Vec<u64>> {
    text.split(',')
        .map(|part| {
            part.trim()
                .parse::<u64>()
                .map_err(|_| Error::InvalidParameter {
                    game,
                    value: part.to_string(),
                    reason: "expected a whole number from 0 to 18446744073709551615".to_string(),
                })
        })
        .collect()
}

pub(crate) fn parse_number(game: &'static str, text: &str) -> Result<u64> {
    match parse_numbers(game, text)?.as_slice() {
        [number] => Ok(*number),
        _ => Err(Error::InvalidParameter {
            game,
            value: text.to_string(),
            reason: "expected one number".to_string(),
        }),
    }
}

/// The error for a component `text` of `game` that does not parse.
pub(crate) fn component_error(game: &str, text: &str, reason: impl Into<String>) -> Error {
    Error::InvalidPosition {
        game: game.to_string(),
        value: text.to_string(),
        reason: reason.into(),
    }
}

/// Reads a component written as numbers separated by commas (`3,5`), for `game`.
pub(crate) fn read_numbers(game: &str, text: &str) -> Result<Vec<u64>> {
    text.split(',')
        .map(|part| {
            part.trim().parse::<u64>().map_err(|_| {
                component_error(
                    game,
                    text,
                    format!(
                        "expected whole numbers from 0 to {} separated by commas",
                        u64::MAX
                    ),
                )
            })
        })
        .collect()
}
