//! A sum of three different games: a heap of subtract-a-square, two Nim heaps and a game of
//! Wythoff's, each keeping its own rules. The solver values each component under its own game
//! and finds a winning move inside the one component that needs it.
//!
//! Run with `cargo run --example sum_of_games`.

use onag_core::{Solver, Sum, SumPosition};
use onag_games::{HeapGame, HeapRuleset, Heaps, Nim, Wythoff};

/// Subtract a square: a move takes 1, 4, 9, 16, ... counters from one heap.
struct SubtractASquare;

impl HeapRuleset for SubtractASquare {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        (1..)
            .map(|k: u64| k * k)
            .take_while(move |&square| square <= n)
            .map(move |square| Heaps::one(n - square))
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = Sum(HeapGame(SubtractASquare), Sum(HeapGame(Nim), Wythoff));
    let position = SumPosition::Both(
        Heaps::one(29),
        SumPosition::Both(Heaps::from([6, 3]), (4, 9)),
    );
    let mut solver = Solver::new(game);
    println!("position: {position:?}");
    println!("value:    {}", solver.grundy(&position)?);
    for next in solver.winning_moves(&position)? {
        println!("winning move to {next:?}");
    }
    Ok(())
}
