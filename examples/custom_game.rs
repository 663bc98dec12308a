//! Define a new impartial game by implementing one trait, then ask for values, outcomes and
//! winning moves, including in sums.
//!
//! The game: a row of coins; a move removes one coin, or two coins that are next to each
//! other, from the end of the row or anywhere in between, splitting the row. This is Kayles
//! (Dudeney 1908), written here from scratch on the generic trait.
//!
//! Run with `cargo run --example custom_game`.

use onag_core::{ImpartialGame, Outcome, Solver};

/// Kayles on a position of several rows of coins, each row a component.
struct RowOfCoins;

impl ImpartialGame for RowOfCoins {
    /// The lengths of the rows.
    type Position = Vec<u32>;

    fn moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
        let mut next = Vec::new();
        for (index, &length) in rows.iter().enumerate() {
            for take in 1..=2u32.min(length) {
                // Remove `take` coins leaving `left` coins on one side and the rest on the other.
                for left in 0..=(length - take) {
                    let right = length - take - left;
                    let mut after = rows.clone();
                    after.splice(index..=index, [left, right].into_iter().filter(|&n| n > 0));
                    next.push(after);
                }
            }
        }
        next.into_iter()
    }

    // The hooks below are optional: they make the solver remember single rows, not whole
    // positions, and find winning moves row by row.
    fn components(&self, rows: Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
        rows.into_iter().map(|row| vec![row])
    }

    fn join(&self, parts: Vec<Vec<u32>>) -> Option<Vec<u32>> {
        Some(parts.concat())
    }
}

fn main() -> Result<(), onag_core::Error> {
    let mut solver = Solver::new(RowOfCoins);
    print!("Kayles values of rows 0..=20:");
    for length in 0..=20 {
        print!(" {}", solver.grundy(&vec![length])?);
    }
    println!();

    // Dudeney's puzzle: 13 pins with the second knocked down leaves rows of 1 and 11.
    let position = vec![1, 11];
    let outcome = solver.outcome(&position)?;
    println!(
        "rows {position:?}: {outcome} ({})",
        match outcome {
            Outcome::Next => "the player to move wins",
            Outcome::Previous => "the player to move loses",
            Outcome::Draw => "a draw (only games with cycles have them)",
        }
    );
    for winning in solver.winning_moves(&position)? {
        println!("  a winning move: {position:?} -> {winning:?}");
    }
    println!("positions evaluated: {}", solver.positions_evaluated());
    Ok(())
}
