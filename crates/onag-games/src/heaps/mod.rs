//! Games on heaps of counters: the rules for one heap ([`HeapRuleset`]) and the adaptor that
//! makes them games of many heaps ([`HeapGame`] on [`Heaps`]); Nim, Bash, subtraction games,
//! split Nim, the take-and-break games and their misère quotients; and the games whose moves
//! act on several heaps at once (Wythoff's game, staircase Nim, Moore's Nim_k).

mod bash;
mod game;
mod misere;
mod moore;
mod nim;
mod position;
pub(crate) mod split_nim;
mod staircase;
mod subset_nim;
pub(crate) mod take_and_break;
mod wythoff;

pub use bash::Bash;
pub use game::{HeapGame, HeapRuleset};
pub use misere::{
    HeapQuotient, MAX_QUOTIENT_ORDER, QuotientCheckpoint, heap_genera, misere_quotient,
    misere_quotient_checkpointed,
};
pub use moore::MooreNim;
pub use nim::Nim;
pub use position::Heaps;
pub use split_nim::SplitNim;
pub use staircase::Staircase;
pub use subset_nim::SubsetNim;
pub use take_and_break::TakeAndBreak;
pub use wythoff::Wythoff;
