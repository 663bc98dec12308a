//! The theory of impartial games, with no games in it.
//!
//! `cgt-core` holds what every impartial game shares: the [`ImpartialGame`] trait through which
//! a ruleset is defined, [`Nimber`]s and the nim-sum, the [`mex`] rule, a [`Solver`] that values
//! positions without recursion and finds winning moves, and the explored state graph as a
//! `petgraph` graph ([`GameGraph`]). The rulesets themselves live in `cgt-games`.
//!
//! # Examples
//!
//! ```
//! use cgt_core::{ImpartialGame, Nimber, Outcome, Solver};
//!
//! /// Northcott-style toy: a counter that a move lowers by 1, 2 or 3 (a subtraction game).
//! struct TakeUpToThree;
//!
//! impl ImpartialGame for TakeUpToThree {
//!     type Position = u64;
//!     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
//!         (1..=3).filter_map(move |k| n.checked_sub(k))
//!     }
//! }
//!
//! let mut solver = Solver::new(TakeUpToThree);
//! assert_eq!(solver.grundy(&10)?, Nimber::new(2));
//! assert_eq!(solver.outcome(&8)?, Outcome::Previous);
//! assert_eq!(solver.winning_moves(&10)?, vec![8]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
//!
//! # References
//!
//! - R. P. Sprague, *Über mathematische Kampfspiele*, Tôhoku Math. J. 41 (1935).
//! - P. M. Grundy, *Mathematics and games*, Eureka 2 (1939).
//! - C. L. Bouton, *Nim, a game with a complete mathematical theory*, Ann. of Math. 3 (1901).
//! - E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*
//!   (1982).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod error;
mod game;
mod graph;
mod memo;
mod mex;
mod nimber;
pub mod reference;
mod solver;
mod sum;

pub use error::{Budget, Error, Resource, Result};
pub use game::{ImpartialGame, Unhinted};
pub use graph::{GameGraph, GraphNode};
pub use mex::{MexSet, mex};
pub use nimber::{Nimber, Outcome};
pub use solver::Solver;
pub use sum::{Sum, SumOf, SumPosition};
