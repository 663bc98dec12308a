//! The state DAG of a small position as Graphviz DOT, P-positions drawn as double circles.
//!
//! Run with `cargo run --example dot_export | dot -Tsvg > split.svg`.

use onag_core::{GameGraph, Solver};
use onag_games::{HeapGame, Heaps, SplitNim};

fn main() -> Result<(), onag_core::Error> {
    let mut solver = Solver::new(HeapGame(SplitNim));
    let graph = GameGraph::explore(&mut solver, &Heaps::one(2), 1000)?;
    print!("{}", graph.to_dot());
    Ok(())
}
