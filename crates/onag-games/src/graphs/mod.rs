//! Games played on an undirected graph (Node Kayles, Arc Kayles on a [`SimpleGraph`]), and the
//! paths and cycles among their positions and Cram's, valued by the proven periods of
//! Dawson's games (`lines`).

mod green_hackenbush;
mod kayles;
pub(crate) mod lines;

pub use green_hackenbush::{GreenHackenbush, GreenPicture};
pub(crate) use kayles::read_graph;
pub use kayles::{ArcKayles, NodeKayles, SimpleGraph};
