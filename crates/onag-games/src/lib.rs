//! Rulesets for the `onag` impartial-game engine, and the catalogue through which a program
//! reaches them.
//!
//! Each ruleset implements [`ImpartialGame`](onag_core::ImpartialGame), validates its parameters
//! in a constructor that returns [`Result`], and offers closed forms as hooks where they are
//! known. The tests of this crate (`tests/rulesets/`) check every closed form against published
//! values and against the brute-force solver with the hooks hidden.
//!
//! # Heap games
//!
//! Most rulesets are given for one heap ([`HeapRuleset`]: what a move may leave of a heap of
//! n) and become games on many heaps, their disjunctive sum, through the [`HeapGame`]
//! adaptor. Their positions are [`Heaps`], a compact list of heap sizes.
//!
//! | ruleset | a move | Grundy value of a heap of n |
//! |---|---|---|
//! | [`Nim`] | take any positive number from one heap | n |
//! | [`Bash`] | take 1..=m from one heap | n mod (m + 1) |
//! | [`SubsetNim`] | take k from one heap, k in a finite set S | searched; ultimately periodic |
//! | [`SplitNim`] | replace one heap by two strictly smaller heaps | the odious numbers |
//! | [`TakeAndBreak`] | take k and leave j heaps, as an octal or general code allows | [`GrundySequence`] |
//!
//! [`GrundySequence`] computes the values of single heaps bottom-up, finds and proves their
//! period ([`Period`]), and [`Tabulated`] lets the solver use them.
//!
//! # Games of other shapes
//!
//! | ruleset | a position | closed form |
//! |---|---|---|
//! | [`Wythoff`] | two heaps `(a, b)`; take from one, or the same from both | P-positions: the Beatty pairs |
//! | [`Staircase`] | coins on stairs; move coins one stair down | the nim-sum of the odd stairs |
//! | [`MooreNim`] | several heaps; take from up to k at once | P-positions: binary digit sums mod k + 1 |
//! | [`Coins`] | the heads of a row of coins; a [`CoinRule`] turns some over | each row's `g(x)` (Ferguson §5) |
//! | [`Tartan`] | the heads of a board; a row move times a column move | `g₁(x) ⊗ g₂(y)`, the Tartan theorem |
//!
//! # The catalogue
//!
//! [`catalogue`] lists every game by name with its syntax and rule, defined once;
//! [`open`] reads one from its written form (`kayles`, `octal:0.07`, `wythoff`, `moore:2`) as a
//! [`Game`], whose [`Analysis`] answers values, moves and winning moves of positions written as
//! text. Heap games are answered by the heap engine ([`HeapSolver`]), every other game by the
//! search engine ([`Searched`]) through its [`Notation`]. The module docs of the catalogue say
//! how to add a game.
//!
//! # Examples
//!
//! ```
//! use onag_core::{Outcome, Solver};
//! use onag_games::{HeapGame, Heaps, Nim};
//!
//! // LeetCode 1908 "Game of Nim", sample 3: piles [1, 2, 3], Alice (to move) loses.
//! assert_eq!(Solver::new(HeapGame(Nim)).outcome(&Heaps::from([1, 2, 3]))?, Outcome::Previous);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod boards;
mod catalogue;
mod coins;
mod cycles;
pub mod draw;
mod error;
mod files;
mod graphs;
mod heaps;
mod notation;
pub mod partizan;
mod sequence;

pub use boards::{Board, Chomp, ChompTable, Cram, TABLES_KEPT, TableProgress};
pub use catalogue::{
    Analysis, CatalogueEntry, Engine, Evaluation, Game, HeapMove, HeapSolver, Loopy, MISERE_SCAN,
    Move, Partizan, PartizanGraph, PartizanNotation, PartizanSearch, Partizans, Position, Prunable,
    Pruned, Ruleset, Searched, Tabulated, catalogue, open, open_graph, open_partizan,
};
pub use coins::{
    AcrosticTwins, CoinRule, CoinSubtraction, Coins, Heads, MockTurtles, Row, Ruler, Tartan, Turn,
    TurningTurtles, Twins,
};
pub use cycles::{Digraph, LoopySubtraction, SquareButOne, WindUp};
pub use error::{Error, Result};
pub use files::{read_line_within, read_text_within, read_within, replace_whole, without_files};
pub use graphs::{ArcKayles, GreenHackenbush, GreenPicture, NodeKayles, SimpleGraph};
pub use heaps::{
    Bash, HeapGame, HeapQuotient, HeapRuleset, Heaps, MAX_QUOTIENT_ORDER, MooreNim, Nim,
    QuotientCheckpoint, SplitNim, Staircase, SubsetNim, TakeAndBreak, Wythoff, heap_genera,
    misere_quotient, misere_quotient_checkpointed,
};
pub use notation::{Notation, Progress, Reporter};
pub use sequence::period::Period;
pub use sequence::{
    DEFAULT_SEQUENCE_POSITIONS, GrundySequence, MAX_COMPUTED, RareBy, Runner, Scaling,
    SequenceOptions, SideBySide, SparseReport, Values,
};

/// The crate's README, its example compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
