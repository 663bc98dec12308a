//! Games whose positions may repeat, valued by the loopy engine: WindUp, Square-But-One,
//! loopy subtraction games, and a token on any directed graph read from a file ([`Digraph`]).

mod digraph;
mod loopy_subtraction;
mod square_but_one;
mod windup;

pub use digraph::Digraph;
pub use loopy_subtraction::LoopySubtraction;
pub use square_but_one::SquareButOne;
pub use windup::WindUp;
