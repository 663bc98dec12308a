//! Partizan rulesets, each a [`PartizanGame`](onag_core::partizan::PartizanGame) of
//! `onag-core`'s Conway algebra: [`Domineering`] and [`Clobber`] on a [`Grid`].

mod clobber;
mod domineering;
mod grid;

pub use clobber::{Clobber, ClobberBoard};
pub use domineering::Domineering;
pub use grid::Grid;
