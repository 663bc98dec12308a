//! Rulesets for the `cgt` impartial-game engine.
//!
//! Each ruleset implements [`ImpartialGame`](cgt_core::ImpartialGame) (most through
//! [`HeapRuleset`] and the [`HeapGame`] adaptor), validates its parameters in a constructor that returns
//! [`Result`], takes positions made of several heaps (a sum), and offers closed forms where they
//! are known. The tests of this crate check every closed form against the brute-force solver
//! with the hooks hidden.
//!
//! | ruleset | a move | Grundy value of a heap of n |
//! |---|---|---|
//! | [`Nim`] | take any positive number from one heap | n |
//! | [`Bash`] | take 1..=m from one heap | n mod (m + 1) |
//! | [`SubsetNim`] | take k from one heap, k in a finite set S | searched; ultimately periodic |
//! | [`SplitNim`] | replace one heap by two strictly smaller heaps | searched |
//! | [`TakeAndBreak`] | take k and leave j heaps, as an octal or general code allows | [`GrundySequence`] |
//!
//! Positions of all of them are [`Heaps`], a compact list of heap sizes. [`GrundySequence`]
//! computes the values of single heaps bottom-up, finds and proves their period ([`Period`]),
//! and [`Tabulated`] lets the solver use them; [`Ruleset`] reads every game from its written
//! form (`kayles`, `octal:0.07`, `bash:3`, ...).
//!
//! # Examples
//!
//! ```
//! use cgt_core::{Outcome, Solver};
//! use cgt_games::{HeapGame, Heaps, Nim};
//!
//! // LeetCode 1908 "Game of Nim", sample 3: piles [1, 2, 3], Alice (to move) loses.
//! assert_eq!(Solver::new(HeapGame(Nim)).outcome(&Heaps::from([1, 2, 3]))?, Outcome::Previous);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod bash;
mod catalogue;
mod error;
mod heap;
mod heaps;
mod moore;
mod nim;
mod period;
mod sequence;
mod split_nim;
mod staircase;
mod subset_nim;
mod take_and_break;
mod values;
mod wythoff;

pub use bash::Bash;
pub use catalogue::{
    Analysis, CatalogueEntry, Engine, Evaluation, Game, HeapMove, HeapSolver, Move, Notation,
    Progress, Ruleset, Searched, Tabulated, Written, catalogue, open,
};
pub use error::{Error, Result};
pub use heap::{HeapGame, HeapRuleset};
pub use heaps::Heaps;
pub use moore::MooreNim;
pub use nim::Nim;
pub use period::Period;
pub use sequence::{GrundySequence, MAX_COMPUTED};
pub use split_nim::SplitNim;
pub use staircase::Staircase;
pub use subset_nim::SubsetNim;
pub use take_and_break::TakeAndBreak;
pub use values::Values;
pub use wythoff::Wythoff;
