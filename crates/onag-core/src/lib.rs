//! The theory of impartial games, with no games in it.
//!
//! `onag-core` holds what every impartial game shares: the [`ImpartialGame`] trait through which
//! a ruleset is defined, [`Nimber`]s and the nim-sum, the [`mex`] rule, a [`Solver`] that values
//! positions without recursion and finds winning moves, sums of games ([`Sum`], [`SumOf`]),
//! the plain [`reference`](mod@reference) evaluation, and the explored state graph as a
//! `petgraph` graph ([`GameGraph`]); beyond them, the pruned [`NimberSearch`] for one large
//! position, misère play ([`MisereSolver`], [`GenusSolver`], [`MisereQuotient`]), games with
//! cycles ([`LoopySolver`]) and the nimber [`field`]; and the Conway algebra of partizan games
//! ([`partizan`]). The rulesets themselves live in `onag-games`.
//!
//! # A short course
//!
//! Each step is a piece of the theory and the part of this crate that holds it, with an
//! example that the test suite compiles and runs.
//!
//! ## 1. A game is a graph
//!
//! An impartial game is a set of positions and, from each, the moves both players may make:
//! a directed graph. Under *normal play* the player who cannot move loses. A ruleset is an
//! implementation of [`ImpartialGame`]: the type of its positions and the moves from one.
//! [`GameGraph`] draws the graph a position reaches.
//!
//! ```
//! use onag_core::{GameGraph, ImpartialGame, Solver};
//!
//! /// A pile of counters; a move takes 1 or 2.
//! struct TakeOneOrTwo;
//! impl ImpartialGame for TakeOneOrTwo {
//!     type Position = u32;
//!     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
//!         (1..=2).filter_map(move |k| n.checked_sub(k))
//!     }
//! }
//!
//! // From 3: the positions 3, 2, 1, 0 and the moves 3->2, 3->1, 2->1, 2->0, 1->0.
//! let graph = GameGraph::explore(&mut Solver::new(TakeOneOrTwo), &3, 100)?;
//! assert_eq!(graph.graph().node_count(), 4);
//! assert_eq!(graph.graph().edge_count(), 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## 2. P-positions and N-positions
//!
//! A position from which the player to move loses with best play is a *P-position* (the
//! previous player wins); one from which they win is an *N-position*. A terminal position is a
//! P-position; a position is an N-position exactly when some move leads to a P-position. That
//! is [`Outcome`], and [`Solver::outcome`] computes it.
//!
//! ```
//! # use onag_core::{ImpartialGame, Solver};
//! # struct TakeOneOrTwo;
//! # impl ImpartialGame for TakeOneOrTwo {
//! #     type Position = u32;
//! #     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
//! #         (1..=2).filter_map(move |k| n.checked_sub(k))
//! #     }
//! # }
//! use onag_core::Outcome;
//!
//! let mut solver = Solver::new(TakeOneOrTwo);
//! // The multiples of 3 are the P-positions: whatever you take, the opponent takes the rest of 3.
//! for n in 0..30 {
//!     let expected = if n % 3 == 0 { Outcome::Previous } else { Outcome::Next };
//!     assert_eq!(solver.outcome(&n)?, expected);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## 3. The mex and the Grundy value
//!
//! The *mex* of a set of numbers is the least number not in it ([`mex`]). The *Grundy value* of
//! a position is the mex of the Grundy values of its moves (Sprague 1935, Grundy 1939), a
//! [`Nimber`] written `0`, `*`, `*2`, ...; it is 0 exactly at P-positions. The
//! [`reference`](mod@reference) module computes it by that definition, recursively; the
//! [`Solver`] computes the same values on explicit stacks, so a game ten million moves deep does
//! not overflow the call stack.
//!
//! ```
//! # use onag_core::{ImpartialGame, Solver};
//! # struct TakeOneOrTwo;
//! # impl ImpartialGame for TakeOneOrTwo {
//! #     type Position = u32;
//! #     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
//! #         (1..=2).filter_map(move |k| n.checked_sub(k))
//! #     }
//! # }
//! use onag_core::{Nimber, mex, reference};
//!
//! assert_eq!(mex([0, 1, 3].map(Nimber::new)), Nimber::new(2));
//! // G(n) = n mod 3 for this game.
//! let mut solver = Solver::new(TakeOneOrTwo);
//! assert_eq!(solver.grundy(&5)?, Nimber::new(2));
//! assert_eq!(reference::grundy(&TakeOneOrTwo, &5)?, Nimber::new(2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## 4. Sums and the Sprague-Grundy theorem
//!
//! Games played side by side, a move in one of them at a time, form a *disjunctive sum*. Its
//! Grundy value is the *nim-sum* (bitwise exclusive or, `^` on [`Nimber`]) of the values of its
//! components: the Sprague-Grundy theorem, which makes every impartial game a Nim heap in
//! disguise (Bouton 1901 for Nim itself). A ruleset whose positions are sums says so with
//! [`ImpartialGame::components`]; different games play side by side as [`Sum`], any number of
//! positions of one game as [`SumOf`]. The solver values each component once and never searches
//! their product.
//!
//! ```
//! # use onag_core::{ImpartialGame, Solver};
//! # struct TakeOneOrTwo;
//! # impl ImpartialGame for TakeOneOrTwo {
//! #     type Position = u32;
//! #     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
//! #         (1..=2).filter_map(move |k| n.checked_sub(k))
//! #     }
//! # }
//! use onag_core::{Nimber, SumOf};
//!
//! // Piles of 4, 5 and 7: values 1, 2 and 1, nim-sum 2.
//! let mut solver = Solver::new(SumOf(TakeOneOrTwo));
//! assert_eq!(solver.grundy(&vec![4, 5, 7])?, Nimber::new(1 ^ 2 ^ 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## 5. Winning moves
//!
//! From a sum of value `t`, a move wins (leads to a P-position) exactly when it changes one
//! component of value `g` into one of value `g ^ t`. [`Solver::winning_moves`] searches each
//! component alone for that value, using [`ImpartialGame::moves_to_value`] where the game knows
//! the answer in closed form.
//!
//! ```
//! # use onag_core::{ImpartialGame, Solver, SumOf};
//! # struct TakeOneOrTwo;
//! # impl ImpartialGame for TakeOneOrTwo {
//! #     type Position = u32;
//! #     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
//! #         (1..=2).filter_map(move |k| n.checked_sub(k))
//! #     }
//! # }
//! let mut solver = Solver::new(SumOf(TakeOneOrTwo));
//! // Total 2: the 5 (value 2) must become value 0, a pile of 3.
//! assert_eq!(solver.winning_moves(&vec![4, 5, 7])?, vec![vec![4, 3, 7]]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## 6. Closed forms, limits and errors
//!
//! Many games have formulas for their values or their P-positions. A ruleset offers them as
//! hooks ([`ImpartialGame::known_grundy`], [`ImpartialGame::known_outcome`],
//! [`ImpartialGame::moves_to_value`]), and a measure of how hard a position is
//! ([`ImpartialGame::difficulty`], the order in which [`NimberSearch`] asks options); they make
//! answers faster, never different, and [`Unhinted`] hides them so that a test can prove it.
//! Every search runs within a [`Budget`] of positions, options and memory, and a game that
//! breaks the rules (a cycle) or outgrows the budget ends in an [`Error`], never a hang or a
//! panic.
//!
//! ```
//! use onag_core::{Budget, Error, ImpartialGame, Resource, Solver};
//!
//! /// A counter that only ever grows: no game at all.
//! struct Endless;
//! impl ImpartialGame for Endless {
//!     type Position = u64;
//!     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
//!         std::iter::once(n + 1)
//!     }
//! }
//!
//! let budget = Budget { positions: 1000, ..Budget::DEFAULT };
//! let mut solver = Solver::new(Endless).with_budget(budget);
//! assert_eq!(solver.grundy(&0), Err(budget.exceeded(Resource::Positions)));
//! ```
//!
//! # Where things are
//!
//! | idea | item |
//! |---|---|
//! | a ruleset, its positions and moves | [`ImpartialGame`] |
//! | P and N | [`Outcome`] |
//! | mex, nimbers, nim-sum | [`mex`], [`MexSet`], [`Nimber`] |
//! | the nimber field: nim products, inverses, roots | [`field`], `*` on [`Nimber`] |
//! | Grundy values, outcomes, winning moves | [`Solver`] (its module docs explain the search) |
//! | the definition, as a plain recursive function | [`reference`](mod@reference) |
//! | sums of different games, of many positions of one | [`Sum`], [`SumOf`] |
//! | hooks hidden, for tests | [`Unhinted`] |
//! | games with cycles: generalized values, draws, remoteness | [`LoopySolver`], [`LoopyValue`] |
//! | the nimber of one large position, by pruned search | [`NimberSearch`] |
//! | misère play: outcomes and winning moves of any finite game | [`MisereSolver`] |
//! | misère play of a game with cycles (draws too) | [`MisereAsNormal`] with [`LoopySolver`] |
//! | misère Grundy values, the genus, tame sums | [`GenusSolver`], [`Genus`] |
//! | misère quotients of heap games | [`MisereQuotient`], [`Presentation`] |
//! | the state graph | [`GameGraph`] |
//! | limits and errors | [`Budget`], [`Resource`], [`Error`] |
//!
//! # Glossary
//!
//! - **ruleset**: the rules of a game, an implementation of [`ImpartialGame`]; it may hold
//!   parameters, never the state of play.
//! - **position**: a state of play, a value of [`ImpartialGame::Position`].
//! - **move**: a step from a position to one of its options, the positions one move away.
//! - **terminal**: a position with no moves. Under normal play, the player to move there loses.
//! - **impartial**: both players have the same moves from every position.
//! - **P-position / N-position**: a position that the *previous* player (who just moved) wins,
//!   or that the *next* player (who is to move) wins, with best play; see [`Outcome`].
//! - **outcome**: whether a position is a P- or an N-position.
//! - **nimber**: the value `*n` of a Nim heap of size n; see [`Nimber`].
//! - **mex**: the minimum excludant, the least nimber not in a set; see [`mex`].
//! - **Grundy value**: the nimber of a position, the mex of the Grundy values of its options
//!   (Sprague 1935, Grundy 1939). It is `0` exactly at P-positions.
//! - **nim-sum**: bitwise exclusive or of nimbers, written `^`.
//! - **sum** (disjunctive sum): several games side by side; a move is a move in one of them.
//!   Its Grundy value is the nim-sum of theirs (the Sprague-Grundy theorem).
//! - **component**: one of the independent games that make a sum; see
//!   [`ImpartialGame::components`].
//! - **heap**: a pile of counters, the usual component of heap games such as Nim.
//! - **winning move**: a move to a P-position.
//! - **loopy game**: a game whose positions may repeat; see [`LoopySolver`].
//! - **draw / D-position**: in a loopy game, a position from which neither player can force a
//!   win, so best play never ends ([`Outcome::Draw`]).
//! - **generalized Sprague-Grundy value**: a loopy position's value, a nimber or ∞ with an
//!   escape set (C. A. B. Smith 1966); see [`LoopyValue`].
//! - **remoteness**: how many moves the winner needs to win, the loser delaying as long as
//!   possible (Winning Ways ch. 12).
//!
//! # References
//!
//! - R. P. Sprague, *Über mathematische Kampfspiele*, Tôhoku Math. J. 41 (1935).
//! - P. M. Grundy, *Mathematics and games*, Eureka 2 (1939).
//! - C. L. Bouton, *Nim, a game with a complete mathematical theory*, Ann. of Math. 3 (1901).
//! - E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*
//!   (1982).
#![deny(missing_docs)]
// One `unsafe` call, justified by a paired benchmark: the carry-less nim product
// (`field/carryless.rs`).
#![deny(unsafe_code)]

mod error;
pub mod field;
mod game;
mod graph;
mod loopy;
mod memo;
mod mex;
mod misere;
mod nimber;
pub mod partizan;
mod parts;
pub mod reference;
mod search;
mod solver;
mod stop;
mod sum;
#[cfg(test)]
mod test_games;
mod ticker;
mod valuer;

pub use error::{Budget, Error, GiveUp, QuotientError, Resource, Result};
pub use game::{ImpartialGame, MOVE_KINDS, Unhinted, heap_bytes};
pub use graph::{GameGraph, GraphNode};
pub use loopy::{LoopyGraph, LoopySolver, LoopyValue, Node};
pub use mex::{MexSet, mex};
pub use misere::{
    Element, Genus, GenusSolver, MisereAsNormal, MisereQuotient, MisereSolver, Presentation,
    Tameness,
};
pub use nimber::{Nimber, Outcome};
pub use parts::{PartRules, PartSolver, Parts};
pub use search::{NimberSearch, SearchStats};
pub use solver::Solver;
pub use stop::{Stop, check_stop};
pub use sum::{Sum, SumOf, SumPosition, winning_targets};
pub use valuer::Valuer;

/// The crate's README, its example compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
