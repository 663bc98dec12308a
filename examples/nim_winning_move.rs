//! A winning move in a Nim sum, found by the nim-sum rule inside one heap.
//!
//! Run with `cargo run --example nim_winning_move -- 13 12 8`.

use onag_core::Solver;
use onag_games::{HeapGame, Heaps, Nim};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut heaps: Heaps = std::env::args()
        .skip(1)
        .map(|heap| heap.parse::<u64>())
        .collect::<Result<_, _>>()?;
    if heaps.is_empty() {
        heaps = Heaps::from([13, 12, 8]);
    }
    let mut solver = Solver::new(HeapGame(Nim));
    let value = solver.grundy(&heaps)?;
    println!("heaps {heaps} have value {value}");
    let winning = solver.winning_moves(&heaps)?;
    if winning.is_empty() {
        println!("a P-position: every move loses");
    }
    for next in winning {
        println!("winning move: {heaps} -> {next}");
    }
    Ok(())
}
