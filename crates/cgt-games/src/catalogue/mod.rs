//! The catalogue: every game of this crate by name, defined once, and the object-safe front
//! through which a program analyses any of them.
//!
//! Each game is one [`CatalogueEntry`] in [`catalogue`]: its name, how it is written, how one
//! component of a position is written, its rule in a line, and the engine that answers it
//! ([`Engine`]). The `cgt` program's `games` listing, its `--help`, its completions and the
//! README's table of games all come from that one table, and [`open`] reads a game from its
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
//!   position of that game, valued by the [`Solver`](cgt_core::Solver) with the game's closed
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
//! use cgt_core::{Budget, Nimber, Outcome};
//!
//! let wythoff = cgt_games::open("wythoff")?;
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

use crate::SequenceOptions;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

use cgt_core::{Budget, GameGraph, LoopyValue, Nimber, Outcome};

use crate::{
    AcrosticTwins, ArcKayles, Chomp, Coins, Cram, Digraph, Error, GrundySequence, LoopySubtraction,
    MooreNim, NodeKayles, Result, Row, SquareButOne, Staircase, Tartan, WindUp, Wythoff,
};

use crate::notation::{self, Notation, Progress};

mod heap_engine;
pub(crate) mod heap_solver;
mod loopy_engine;
mod pruned;
pub(crate) mod ruleset;
mod search_engine;

pub use heap_solver::{HeapMove, HeapSolver};
pub use loopy_engine::Loopy;
pub use pruned::{Prunable, Pruned};
pub use ruleset::{Ruleset, Tabulated};
pub use search_engine::Searched;

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
    /// use cgt_games::{Engine, catalogue};
    ///
    /// let kayles = catalogue().iter().find(|entry| entry.name == "kayles").unwrap();
    /// assert_eq!(kayles.engine(), Engine::Heaps);
    /// ```
    pub fn engine(&self) -> Engine {
        match self.opener {
            Opener::Heap(_) => Engine::Heaps,
            Opener::Other(_) => Engine::Search,
            Opener::Loopy(_) => Engine::Loopy,
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
    /// [`LoopySolver`](cgt_core::LoopySolver) (generalized values, draws, remoteness).
    Loopy,
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Engine::Heaps => "heaps",
            Engine::Search => "search",
            Engine::Loopy => "loopy",
        })
    }
}

/// Opens a game of the search engine: its parameter, then the game.
fn searched<G: Notation + Clone + Sync + 'static>(game: G) -> Result<Box<dyn Game>>
where
    G::Position: Send + Sync,
{
    Ok(Box::new(Searched::new(game)))
}

const HEAP: &str = "HEAP";

/// Opens a game of the search engine valued by the pruned search of one position.
fn pruned<G: Notation + Clone + Sync + 'static>(game: G) -> Result<Box<dyn Game>>
where
    G::Position: Send + Sync,
{
    Ok(Box::new(Pruned(Searched::new(game))))
}

/// Opens a game of the loopy engine.
fn loopy<G: Notation + Clone + 'static>(game: G) -> Result<Box<dyn Game>> {
    Ok(Box::new(Loopy::new(game)))
}

/// Opens a one-dimensional coin game, which takes no parameter.
fn row_game(name: &'static str, row: Row, parameter: Option<&str>) -> Result<Box<dyn Game>> {
    notation::no_parameter(name, parameter)?;
    searched(Coins(row))
}

const CATALOGUE: &[CatalogueEntry] = &[
    CatalogueEntry {
        name: "nim",
        syntax: "nim",
        component: HEAP,
        example: "nim 3 4 5",
        rule: "take any positive number of counters from one heap",
        opener: Opener::Heap(Ruleset::open_nim),
    },
    CatalogueEntry {
        name: "bash",
        syntax: "bash:M",
        component: HEAP,
        example: "bash:3 10",
        rule: "take 1 to M counters from one heap (M >= 1)",
        opener: Opener::Heap(Ruleset::open_bash),
    },
    CatalogueEntry {
        name: "subset-nim",
        syntax: "subset-nim:S",
        component: HEAP,
        example: "subset-nim:1,3,4 10",
        rule: "take exactly k counters from one heap, k in the comma-separated set S of positive numbers",
        opener: Opener::Heap(Ruleset::open_subset_nim),
    },
    CatalogueEntry {
        name: "split-nim",
        syntax: "split-nim",
        component: HEAP,
        example: "split-nim 2 3",
        rule: "replace one heap by two heaps each strictly smaller (either may be empty)",
        opener: Opener::Heap(Ruleset::open_split_nim),
    },
    CatalogueEntry {
        name: "octal",
        syntax: "octal:CODE",
        component: HEAP,
        example: "octal:0.07 10",
        rule: "octal take-and-break game: digit k says how a move taking k may leave 0, 1 or 2 heaps",
        opener: Opener::Heap(Ruleset::open_octal),
    },
    CatalogueEntry {
        name: "tb",
        syntax: "tb:CODE",
        component: HEAP,
        example: "tb:4!.0 10",
        rule: "general take-and-break code: hex digits, a digit in brackets repeats for ever, ! after a digit wants unequal heaps",
        opener: Opener::Heap(Ruleset::open_take_and_break),
    },
    CatalogueEntry {
        name: "subtraction",
        syntax: "subtraction:S",
        component: HEAP,
        example: "subtraction:1,3,4 10",
        rule: "take exactly k counters from one heap, k in the set S (the same game as subset-nim:S)",
        opener: Opener::Heap(Ruleset::open_subtraction),
    },
    CatalogueEntry {
        name: "allbut",
        syntax: "allbut:S",
        component: HEAP,
        example: "allbut:1,2 10",
        rule: "take any positive number of counters from one heap except the numbers in S",
        opener: Opener::Heap(Ruleset::open_all_but),
    },
    CatalogueEntry {
        name: "kayles",
        syntax: "kayles",
        component: HEAP,
        example: "kayles 10 12",
        rule: "Kayles, 0.77: knock down one pin or two adjacent pins from a row",
        opener: Opener::Heap(Ruleset::open_kayles),
    },
    CatalogueEntry {
        name: "dawson-kayles",
        syntax: "dawson-kayles",
        component: HEAP,
        example: "dawson-kayles 10",
        rule: "Dawson's Kayles, 0.07: knock down exactly two adjacent pins",
        opener: Opener::Heap(Ruleset::open_dawsons_kayles),
    },
    CatalogueEntry {
        name: "dawson-chess",
        syntax: "dawson-chess",
        component: HEAP,
        example: "dawson-chess 10",
        rule: "Dawson's chess, 0.137: take 1 if it is the whole heap, 2 from any heap, or 3 and split",
        opener: Opener::Heap(Ruleset::open_dawsons_chess),
    },
    CatalogueEntry {
        name: "grundy",
        syntax: "grundy",
        component: HEAP,
        example: "grundy 10",
        rule: "Grundy's game, 4!.0: split one heap into two non-empty heaps of different sizes",
        opener: Opener::Heap(Ruleset::open_grundys_game),
    },
    CatalogueEntry {
        name: "lasker",
        syntax: "lasker",
        component: HEAP,
        example: "lasker 10",
        rule: "Lasker's Nim: take any positive number from one heap, or split a heap into two non-empty heaps",
        opener: Opener::Heap(Ruleset::open_lasker),
    },
    CatalogueEntry {
        name: "wythoff",
        syntax: "wythoff",
        component: "A,B",
        example: "wythoff 3,5 1,2",
        rule: "Wythoff's game on two heaps A,B: take any number from one heap, or the same number from both",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("wythoff", parameter)?;
            searched(Wythoff)
        }),
    },
    CatalogueEntry {
        name: "staircase",
        syntax: "staircase",
        component: "C1,C2,...",
        example: "staircase 2,1,3",
        rule: "staircase Nim, Ci coins on stair i: move coins from one stair to the stair below (from stair 1 off)",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("staircase", parameter)?;
            searched(Staircase)
        }),
    },
    CatalogueEntry {
        name: "moore",
        syntax: "moore:K",
        component: "H1,H2,...",
        example: "moore:2 1,2,3",
        rule: "Moore's Nim_K on the heaps H1,H2,...: take from at least one and at most K heaps at once",
        opener: Opener::Other(|parameter| {
            let k = notation::required("moore", parameter, "write moore:K, e.g. moore:2")?;
            let k = notation::parse_number("moore", k)?;
            let k = usize::try_from(k).map_err(|_| Error::InvalidParameter {
                game: "moore",
                value: k.to_string(),
                reason: "K is too large".to_string(),
            })?;
            searched(MooreNim::new(k)?)
        }),
    },
    CatalogueEntry {
        name: "turning-turtles",
        syntax: "turning-turtles",
        component: "H1,H2,...",
        example: "turning-turtles 2,5,7",
        rule: "coins 1, 2, ...: turn one coin from heads to tails and optionally one coin to its left",
        opener: Opener::Other(|parameter| {
            row_game("turning-turtles", Row::TurningTurtles, parameter)
        }),
    },
    CatalogueEntry {
        name: "twins",
        syntax: "twins",
        component: "H1,H2,...",
        example: "twins 0,3,4",
        rule: "coins 0, 1, ...: turn exactly two coins, the rightmost from heads to tails",
        opener: Opener::Other(|parameter| row_game("twins", Row::Twins, parameter)),
    },
    CatalogueEntry {
        name: "mock-turtles",
        syntax: "mock-turtles",
        component: "H1,H2,...",
        example: "mock-turtles 1,3,4",
        rule: "coins 0, 1, ...: turn one, two or three coins, the rightmost from heads to tails",
        opener: Opener::Other(|parameter| row_game("mock-turtles", Row::MockTurtles, parameter)),
    },
    CatalogueEntry {
        name: "ruler",
        syntax: "ruler",
        component: "H1,H2,...",
        example: "ruler 3,6,8",
        rule: "coins 1, 2, ...: turn any run of consecutive coins, the rightmost from heads to tails",
        opener: Opener::Other(|parameter| row_game("ruler", Row::Ruler, parameter)),
    },
    CatalogueEntry {
        name: "coins",
        syntax: "coins:S",
        component: "H1,H2,...",
        example: "coins:1,2,3 4,7",
        rule: "coins 1, 2, ...: turn a head x to tails and the coin x - d for one d in S, if it exists",
        opener: Opener::Other(|parameter| {
            let distances =
                notation::required("coins", parameter, "write coins:S, e.g. coins:1,2,3")?;
            searched(Coins(format!("coins:{distances}").parse::<Row>()?))
        }),
    },
    CatalogueEntry {
        name: "turning-corners",
        syntax: "turning-corners",
        component: "X,Y:X,Y:...",
        example: "turning-corners 1,3:3,2:4,4",
        rule: "a board, coins (0,0) on: turn the four corners of a rectangle, the south-east one from heads to tails",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("turning-corners", parameter)?;
            searched(Tartan(Row::Twins, Row::Twins))
        }),
    },
    CatalogueEntry {
        name: "rugs",
        syntax: "rugs",
        component: "X,Y:X,Y:...",
        example: "rugs 1,1:4,1:8,1",
        rule: "a board, coins (1,1) on: turn every coin of a rectangle, the south-east one from heads to tails",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("rugs", parameter)?;
            searched(Tartan(Row::Ruler, Row::Ruler))
        }),
    },
    CatalogueEntry {
        name: "tartan",
        syntax: "tartan:ROW*ROW",
        component: "X,Y:X,Y:...",
        example: "tartan:mock-turtles*mock-turtles 3,4:1,2",
        rule: "the product of two rows (turning-turtles, twins, mock-turtles, ruler, coins:S): turn S x T for a move S of one and T of the other",
        opener: Opener::Other(|parameter| {
            let rows = notation::required(
                "tartan",
                parameter,
                "write tartan:ROW*ROW, e.g. tartan:mock-turtles*mock-turtles",
            )?;
            let Some((first, second)) = rows.split_once('*') else {
                return Err(Error::InvalidParameter {
                    game: "tartan",
                    value: rows.to_string(),
                    reason: "write the two rows separated by *, e.g. tartan:ruler*twins"
                        .to_string(),
                });
            };
            searched(Tartan(first.parse::<Row>()?, second.parse::<Row>()?))
        }),
    },
    CatalogueEntry {
        name: "acrostic-twins",
        syntax: "acrostic-twins",
        component: "X,Y:X,Y:...",
        example: "acrostic-twins 1,7:2,2",
        rule: "a board, coins (0,0) on: turn two coins in one row or one column, the south-east one from heads to tails",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("acrostic-twins", parameter)?;
            searched(AcrosticTwins)
        }),
    },
    CatalogueEntry {
        name: "cram",
        syntax: "cram",
        component: "RxC|ROWS",
        example: "cram 4x5 ..#/...",
        rule: "place a domino on two free adjacent cells, across or down; a board is RxC or rows of . (free) and # (filled) separated by /",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("cram", parameter)?;
            pruned(Cram)
        }),
    },
    CatalogueEntry {
        name: "chomp",
        syntax: "chomp",
        component: "RxC|R1,R2,...",
        example: "chomp 4x5 3,2",
        rule: "eat a square of a Young diagram and every square below and right of it; whoever must eat the poisoned corner square loses",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("chomp", parameter)?;
            searched(Chomp::default())
        }),
    },
    CatalogueEntry {
        name: "node-kayles",
        syntax: "node-kayles",
        component: "GRAPH",
        example: "node-kayles path:10 cycle:7",
        rule: "choose a vertex of a graph (path:N, cycle:N, grid:RxC, complete:N, star:N, file:PATH, N:a-b,...) and remove it with its neighbours",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("node-kayles", parameter)?;
            pruned(NodeKayles)
        }),
    },
    CatalogueEntry {
        name: "arc-kayles",
        syntax: "arc-kayles",
        component: "GRAPH",
        example: "arc-kayles grid:2x4",
        rule: "choose an edge of a graph (written as for node-kayles) and remove both its ends",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("arc-kayles", parameter)?;
            pruned(ArcKayles)
        }),
    },
    CatalogueEntry {
        name: "windup",
        syntax: "windup:N:S",
        component: "HOUR",
        example: "windup:7:1,2,5 3",
        rule: "a clock of N hours: from any hour but 0, wind back s hours for some s in S (0 ends the game); has cycles",
        opener: Opener::Loopy(|parameter| {
            let text =
                notation::required("windup", parameter, "write windup:N:S, e.g. windup:7:1,2,5")?;
            let Some((hours, set)) = text.split_once(':') else {
                return Err(Error::InvalidParameter {
                    game: "windup",
                    value: text.to_string(),
                    reason: "write the hours, then : and the set, e.g. windup:7:1,2,5".to_string(),
                });
            };
            let hours = notation::parse_number("windup", hours)?;
            loopy(WindUp::new(hours, notation::parse_numbers("windup", set)?)?)
        }),
    },
    CatalogueEntry {
        name: "square-but-one",
        syntax: "square-but-one",
        component: HEAP,
        example: "square-but-one 7 5",
        rule: "take a positive square from one heap, or add one to a heap of positive even size; has cycles",
        opener: Opener::Loopy(|parameter| {
            notation::no_parameter("square-but-one", parameter)?;
            loopy(SquareButOne)
        }),
    },
    CatalogueEntry {
        name: "loopy-subtraction",
        syntax: "loopy-subtraction:S/MAX",
        component: HEAP,
        example: "loopy-subtraction:2,-1/20 7",
        rule: "take s counters for some s in S, a negative s adding -s, never past 0 or MAX; has cycles",
        opener: Opener::Loopy(|parameter| {
            let text = notation::required(
                "loopy-subtraction",
                parameter,
                "write loopy-subtraction:S/MAX, e.g. loopy-subtraction:2,-1/20",
            )?;
            loopy(LoopySubtraction::parse(text)?)
        }),
    },
];

/// Every game of the catalogue, in the order `cgt games` lists them.
///
/// # Examples
///
/// ```
/// // Every example parses and opens.
/// for entry in cgt_games::catalogue() {
///     let game = entry.example.split(' ').next().unwrap();
///     assert!(cgt_games::open(game).is_ok(), "{}", entry.name);
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
/// let game = cgt_games::open("Bash:3")?;
/// assert_eq!(game.to_string(), "bash:3");
/// assert!(cgt_games::open("chess").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open(text: &str) -> Result<Box<dyn Game>> {
    let (entry, parameter) = find(text)?;
    match entry.opener {
        Opener::Heap(open) => Ok(Box::new(open(parameter)?)),
        Opener::Other(open) | Opener::Loopy(open) => open(parameter),
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
/// let game = cgt_games::open_graph("digraph { a -> b; b -> a; b -> c }", "g.dot")?;
/// assert_eq!(game.to_string(), "graph g.dot");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_graph(text: &str, label: &str) -> Result<Box<dyn Game>> {
    loopy(Digraph::parse(text, label)?)
}

/// A game of the catalogue, chosen at run time: what a program asks of its rules.
pub trait Game: fmt::Display {
    /// An analysis of positions of this game, starting with `start` (one written component per
    /// string), and the start position as the game writes it (in the form it shows positions:
    /// canonical for most games, as played for Cram). `progress` hears of
    /// any long computation.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`] for a component that does not parse; the engine's errors for
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
    /// [`Error::InvalidParameter`] for a game whose positions are not single heaps; else as
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
    /// [`Error::InvalidPosition`] for a component that does not parse;
    /// [`cgt_core::Error::LimitExceeded`] (wrapped in [`Error::Engine`]) for
    /// [`Positions`](cgt_core::Resource::Positions) when the graph has more than
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
    /// ([`NimberSearch`](cgt_core::NimberSearch)) instead of its own engine: for a heap game a
    /// cross-check of its Grundy sequence, for any other game without cycles a search that
    /// values few positions besides the one asked. `None` for a game with cycles, whose values
    /// the search cannot find.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_core::{Budget, Nimber};
    ///
    /// let grundy = cgt_games::open("grundy")?.pruned().expect("a game without cycles");
    /// let (mut analysis, position) = grundy.analyse(&["30".to_string()], Budget::DEFAULT, Box::new(|_| {}))?;
    /// // OEIS A002188: G(30) = 3.
    /// assert_eq!(analysis.evaluate(&position)?.grundy(), Some(Nimber::new(3)));
    /// assert!(cgt_games::open("loopy-subtraction:1,2/10")?.pruned().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn pruned(&self) -> Option<Box<dyn Game>> {
        None
    }
}

/// Values, moves and winning moves of positions of one game, written as text.
pub trait Analysis {
    /// Reads a position, one component per string, into the game's written form (canonical for
    /// most games; a Cram board as played).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`] for a component that does not parse.
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
    /// [`Error::InvalidPosition`] when `to` does not parse; the engine's errors when judging
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
    /// loses), searched over whole positions ([`cgt_core::MisereSolver`]).
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
/// use cgt_games::Position;
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
    /// assert_eq!(cgt_games::Position::new(vec!["7".into()]).components(), ["7"]);
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
    /// assert!(cgt_games::Position::default().components().is_empty());
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
    /// use cgt_core::{Nimber, Outcome};
    /// use cgt_games::Evaluation;
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
    /// use cgt_core::Nimber;
    /// use cgt_games::Evaluation;
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
