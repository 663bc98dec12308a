//! The catalogue: every game of this crate by name, defined once, and the object-safe front
//! through which a program analyses any of them.
//!
//! Each game is one [`CatalogueEntry`] in [`catalogue`]: its name, how it is written, how one
//! component of a position is written, its rule in a line, and the engine that answers it
//! ([`Engine`]). The `onag` program's `games` listing, its `--help`, its completions and the
//! guide's table of games all come from that one table, and [`open`] reads a game from its
//! written form (`kayles`, `bash:3`, `wythoff`, `moore:2`).
//!
//! A program works with an opened game through two traits that do not name its types:
//! [`Game`] (the rules, chosen at run time) and [`Analysis`] (values, moves, winning moves,
//! legality of a typed move and the state graph of positions written as text, one string per
//! component of a sum). Two engines implement them:
//!
//! - the **heap engine**, for the heap games of [`Ruleset`]: a component is one heap, valued
//!   by the ruleset's closed form, else its Grundy sequence with a proven period (heaps of any
//!   size), else the solver's search; see [`HeapSolver`].
//! - the **search engine**, for any other game that implements [`ImpartialGame`] and
//!   [`Notation`] (how its components are written and its moves described): a component is one
//!   position of that game, valued by the [`Solver`](onag_core::Solver) with the game's closed
//!   forms as hooks; see [`Searched`].
//!
//! # Adding a game
//!
//! Write the ruleset in a file of its own (an [`ImpartialGame`] with its closed forms as hooks,
//! and a [`Notation`]), then add one entry to the table in this module. Nothing else changes:
//! every subcommand of the program works on it.
//!
//! # Examples
//!
//! ```
//! use onag_core::{Budget, Nimber, Outcome};
//!
//! let wythoff = onag_games::open("wythoff")?;
//! let start = ["3,5".to_string(), "1,1".to_string()];
//! let (mut analysis, position) = wythoff.analyse(&start, Budget::DEFAULT, Box::new(|_| {}))?;
//! let evaluation = analysis.evaluate(&position)?;
//! // (3, 5) is a P-position, (1, 1) is worth *2 (OEIS A004481).
//! assert_eq!(evaluation.grundy(), Some(Nimber::new(2)));
//! assert_eq!(evaluation.outcome, Outcome::Next);
//! // Three moves win: two in the first game (to values 2), one in the second (to 0).
//! let (winning, _) = analysis.winning_moves(&position, 10)?;
//! assert_eq!(winning.len(), 3);
//! assert_eq!(winning[2].position.to_string(), "3,5 0,0");
//! assert_eq!(winning[2].description, "take 1 from both heaps: 1,1 -> 0,0");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::{Digraph, Error, Result};

mod entries;
mod front;
mod heaps;
mod loopy;
mod partizan;
mod pruned;
mod searched;

use entries::CATALOGUE;
pub(crate) use front::scan_misere_moves_to;
pub use front::{Analysis, Evaluation, Game, MISERE_SCAN, Move, Position};
pub use heaps::{HeapMove, HeapSolver, Ruleset, Tabulated};
pub use loopy::Loopy;
pub use partizan::{Partizan, PartizanGraph, PartizanNotation, PartizanSearch, Partizans};
pub use pruned::{Prunable, Pruned};
pub use searched::Searched;

/// One game of the catalogue.
#[derive(Clone, Copy)]
pub struct CatalogueEntry {
    /// The name, as typed before any `:`.
    pub name: &'static str,
    /// How the game is written, parameters in capitals: `bash:M`.
    pub syntax: &'static str,
    /// How one component of a position is written: `HEAP`, `A,B`.
    pub component: &'static str,
    /// The game written as it parses, with a position: `bash:3 10`.
    pub example: &'static str,
    /// The rule in one line.
    pub rule: &'static str,
    /// How the game is opened from its parameter.
    pub(crate) opener: Opener,
}

impl CatalogueEntry {
    /// The engine that answers this game.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Engine, catalogue};
    ///
    /// let kayles = catalogue().iter().find(|entry| entry.name == "kayles").unwrap();
    /// assert_eq!(kayles.engine(), Engine::Heaps);
    /// ```
    pub fn engine(&self) -> Engine {
        match self.opener {
            Opener::Heap(_) => Engine::Heaps,
            Opener::Other(_) => Engine::Search,
            Opener::Loopy(_) => Engine::Loopy,
            Opener::Partizan(_) => Engine::Partizan,
        }
    }
}

impl fmt::Debug for CatalogueEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CatalogueEntry")
            .field("name", &self.name)
            .field("syntax", &self.syntax)
            .field("engine", &self.engine())
            .finish_non_exhaustive()
    }
}

/// How an entry is opened: a heap game of [`Ruleset`], a game of the search engine, or a game
/// with cycles.
#[derive(Clone, Copy)]
pub(crate) enum Opener {
    Heap(fn(Option<&str>) -> Result<Ruleset>),
    Other(fn(Option<&str>) -> Result<Box<dyn Game>>),
    Loopy(fn(Option<&str>) -> Result<Box<dyn Game>>),
    Partizan(fn(Option<&str>) -> Result<Box<dyn Partizan>>),
}

/// The engine that answers a game of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// The heap engine ([`HeapSolver`]): closed forms, Grundy sequences with proven periods,
    /// then search; a component is one heap.
    Heaps,
    /// The search engine ([`Searched`]): the solver with the game's closed forms as hooks.
    Search,
    /// The loopy engine ([`Loopy`]): games whose positions may repeat, valued by the
    /// [`LoopySolver`](onag_core::LoopySolver) (generalized values, draws, remoteness).
    Loopy,
    /// The partizan engine ([`Partizan`]): Left and Right have different moves, and a
    /// position's value is its canonical form in the Conway algebra
    /// ([`onag_core::partizan`]).
    Partizan,
}

impl Engine {
    /// Whether the engine's games are impartial (both players have the same moves).
    pub fn is_impartial(self) -> bool {
        self != Engine::Partizan
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Engine::Heaps => "heaps",
            Engine::Search => "search",
            Engine::Loopy => "loopy",
            Engine::Partizan => "partizan",
        })
    }
}

/// Every game of the catalogue, in the order `onag games` lists them.
///
/// # Examples
///
/// ```
/// // Every example parses and opens, the partizan games by their own front.
/// for entry in onag_games::catalogue() {
///     let game = entry.example.split(' ').next().unwrap();
///     if entry.engine().is_impartial() {
///         assert!(onag_games::open(game).is_ok(), "{}", entry.name);
///     } else {
///         assert!(onag_games::open_partizan(game).is_ok(), "{}", entry.name);
///     }
/// }
/// ```
pub fn catalogue() -> &'static [CatalogueEntry] {
    CATALOGUE
}

/// The entry of the game written `text` (`NAME` or `NAME:PARAMETER`), and its parameter.
pub(crate) fn find(text: &str) -> Result<(&'static CatalogueEntry, Option<&str>)> {
    let text = text.trim();
    let (name, parameter) = match text.split_once(':') {
        Some((name, parameter)) => (name, Some(parameter)),
        None => (text, None),
    };
    let entry = CATALOGUE
        .iter()
        .find(|entry| entry.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| Error::UnknownGame {
            name: text.to_string(),
            known: CATALOGUE
                .iter()
                .map(|entry| entry.syntax)
                .collect::<Vec<_>>()
                .join(", "),
        })?;
    Ok((entry, parameter))
}

/// Opens the game written `text`: `nim`, `bash:3`, `wythoff`, `moore:2`...
///
/// # Errors
///
/// [`Error::UnknownGame`] for a name the catalogue does not hold, and the game's own errors
/// for a bad parameter.
///
/// # Examples
///
/// ```
/// let game = onag_games::open("Bash:3")?;
/// assert_eq!(game.to_string(), "bash:3");
/// // An octal code alone is the octal game it writes, as the literature writes it.
/// assert_eq!(onag_games::open("0.77")?.to_string(), "octal:0.77");
/// assert!(onag_games::open("chess").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open(text: &str) -> Result<Box<dyn Game>> {
    let written_as_code = text.starts_with(|c: char| c.is_ascii_digit())
        && text.contains('.')
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '&');
    if written_as_code {
        return open(&format!("octal:{text}"));
    }
    let (entry, parameter) = find(text)?;
    match entry.opener {
        Opener::Heap(open) => Ok(Box::new(open(parameter)?)),
        Opener::Other(open) | Opener::Loopy(open) => open(parameter),
        Opener::Partizan(_) => Err(Error::Unsupported {
            game: entry.name.to_string(),
            reason: "a partizan game: a position's value is its canonical form, not a Grundy \
                     value; `onag value` and onag.game(...).form(...) answer it"
                .to_string(),
        }),
    }
}

/// Opens the partizan game written `text`: `domineering`, `hackenbush`, `toads-and-frogs`...
///
/// # Errors
///
/// [`Error::UnknownGame`] for a name the catalogue does not hold;
/// [`Error::Unsupported`] for an impartial game (open it with [`open`]).
///
/// # Examples
///
/// ```
/// let domineering = onag_games::open_partizan("domineering")?;
/// let position = domineering.read(&["2x2".to_string()])?;
/// // Winning Ways ch. 5: the 2 x 2 square is +-1, a hot game.
/// assert_eq!(domineering.form(&position)?.to_string(), "+-1");
/// assert_eq!(domineering.winning_moves(&position, true)?.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_partizan(text: &str) -> Result<Box<dyn Partizan>> {
    let (entry, parameter) = find(text)?;
    match entry.opener {
        Opener::Partizan(open) => open(parameter),
        _ => Err(Error::Unsupported {
            game: entry.name.to_string(),
            reason: "an impartial game: its values are Grundy values (open it as one)".to_string(),
        }),
    }
}

/// Opens the game of a directed graph written `text` (DOT, JSON or an edge list; see
/// [`Digraph`]), named `label` (its file) in messages: a token on a vertex moves along an
/// edge, valued by the loopy engine, so acyclic and cyclic graphs alike.
///
/// # Errors
///
/// [`Error::InvalidGraph`] naming the line at fault and what was expected.
///
/// # Examples
///
/// ```
/// let game = onag_games::open_graph("digraph { a -> b; b -> a; b -> c }", "g.dot")?;
/// assert_eq!(game.to_string(), "graph g.dot");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_graph(text: &str, label: &str) -> Result<Box<dyn Game>> {
    Ok(Box::new(Loopy::new(Digraph::parse(text, label)?)))
}
