//! One large position valued by pruned search (issue #15), against the figures the issue gives
//! for Beling's `igsolve` on this kind of machine: Cram 5 × 8 in 3.8 s and 4 × 11 in 10.7 s,
//! Chomp 12 × 12 in 4.7 s and 8 × 20 in 14.3 s (measure igsolve in turn for a paired figure:
//! `igsolve cram --rows 5 --cols 8`). Also Node Kayles on the 6 × 7 grid, on one thread and two.
//!
//! Run with `cargo bench --bench search`; `ONAG_BENCH_LONG=1` adds Cram 4 × 11 (about 5-6 s on
//! two threads). Each figure is the median of three runs in this process (the long one, one
//! run), each with a fresh table.

use std::time::{Duration, Instant};

use onag_core::{Nimber, NimberSearch, Solver};
use onag_games::{Board, Chomp, Cram, NodeKayles, SimpleGraph};

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

/// The median of `count` runs of `value`, and its value.
fn timed(count: usize, mut value: impl FnMut() -> Nimber) -> (Duration, Nimber) {
    let mut runs = Vec::new();
    let mut last = Nimber::ZERO;
    for _ in 0..count {
        let start = Instant::now();
        last = value();
        runs.push(start.elapsed());
    }
    (median(runs), last)
}

fn cram(rows: u32, columns: u32, threads: usize, count: usize) {
    let board = Board::rectangle(rows, columns).expect("a board");
    let (time, value) = timed(count, || {
        NimberSearch::new(Cram)
            .with_threads(threads)
            .nimber(&board)
            .expect("within the budget")
    });
    println!("Cram {rows} x {columns} on {threads} thread(s): {value}, median {time:?}");
}

fn main() {
    cram(5, 8, 2, 3);
    cram(5, 8, 1, 3);
    if std::env::var_os("ONAG_BENCH_LONG").is_some() {
        cram(4, 11, 2, 1);
    }
    for (rows, columns) in [(12, 12), (8, 20)] {
        let (time, value) = timed(3, || {
            Solver::new(Chomp::default())
                .grundy(&vec![columns; rows])
                .expect("within the budget")
        });
        println!("Chomp {rows} x {columns}: {value}, median {time:?}");
    }
    let grid = SimpleGraph::grid(6, 7);
    for threads in [1, 2] {
        let (time, value) = timed(3, || {
            NimberSearch::new(NodeKayles)
                .with_threads(threads)
                .nimber(&grid)
                .expect("within the budget")
        });
        println!("Node Kayles on the 6 x 7 grid on {threads} thread(s): {value}, median {time:?}");
    }
}
