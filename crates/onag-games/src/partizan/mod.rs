//! Partizan rulesets, each a [`PartizanGame`](onag_core::partizan::PartizanGame) of
//! `onag-core`'s Conway algebra: [`Domineering`], [`Clobber`], [`Konane`] and [`Amazons`] on a
//! [`Grid`],
//! [`Hackenbush`] pictures, [`ToadsAndFrogs`] and [`TopplingDominoes`] strips, [`Cutcake`],
//! and [`Col`] and [`Snort`] on graphs.

mod amazons;
mod clobber;
mod colouring;
mod cutcake;
mod domineering;
mod grid;
mod hackenbush;
mod konane;
mod strips;
mod written;

pub use amazons::{Amazons, AmazonsBoard};
pub use clobber::{Clobber, ClobberBoard};
pub use colouring::{Col, Coloured, Snort};
pub use cutcake::Cutcake;
pub use domineering::Domineering;
pub use grid::Grid;
pub use hackenbush::{Colour, Hackenbush, Picture};
pub use konane::Konane;
pub use strips::{ToadsAndFrogs, TopplingDominoes};
