//! LeetCode 1908 "Game of Nim": Alice moves first; does she win?
//!
//! Solved twice: once through the ruleset's closed form (Bouton's xor rule), once by brute
//! force over the game's state graph with every hook hidden, to show they agree.
//!
//! Run with `cargo run --example leetcode_1908 -- 1 2 3`.

use onag_core::{Outcome, Solver, Unhinted};
use onag_games::{HeapGame, Heaps, Nim};

fn alice_wins(piles: &[u64]) -> Result<bool, onag_core::Error> {
    Ok(Solver::new(HeapGame(Nim)).outcome(&Heaps::from(piles))? == Outcome::Next)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let piles: Vec<u64> = std::env::args()
        .skip(1)
        .map(|pile| pile.parse())
        .collect::<Result<_, _>>()?;
    let samples = if piles.is_empty() {
        // The problem's three samples: [1] true, [1,1] false, [1,2,3] false.
        vec![vec![1], vec![1, 1], vec![1, 2, 3]]
    } else {
        vec![piles]
    };
    let mut brute_force = Solver::new(Unhinted(HeapGame(Nim)));
    for piles in samples {
        let by_search = brute_force.outcome(&Heaps::from(piles.as_slice()))? == Outcome::Next;
        let by_formula = alice_wins(&piles)?;
        assert_eq!(by_search, by_formula);
        println!("piles = {piles:?}: {by_formula}");
    }
    Ok(())
}
