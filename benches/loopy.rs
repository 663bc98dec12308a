//! The loopy solver on the workloads of issue #13: a random graph of 10^7 vertices and about
//! 10^8 edges, WindUp(10^7, {2, 3, 7}), and a cycle 10^7 positions deep, each valued
//! completely. Each runs in a process of its own, so that its peak memory is its own; the
//! report gives the time to explore and solve, the positions and moves, and the peak resident
//! bytes per position.
//!
//! Run with `cargo bench --bench loopy` (all three), or `cargo bench --bench loopy -- NAME`
//! with NAME one of `random`, `windup`, `ring`, and optionally a size.

use std::time::Instant;

use onag_core::{Budget, ImpartialGame, LoopySolver, Outcome};
use onag_games::WindUp;

/// A random directed graph: vertex v is terminal when a hash of it says so (one in four), else
/// it has `degree` edges to vertices chosen by hashing (v, i). Nothing is stored: the moves are
/// computed, so the solver's own tables are all the memory there is.
struct RandomGraph {
    vertices: u32,
    degree: u32,
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl ImpartialGame for RandomGraph {
    type Position = u32;

    fn moves(&self, &v: &u32) -> impl Iterator<Item = u32> {
        let terminal = mix(u64::from(v)) % 4 == 0;
        let (vertices, degree) = (u64::from(self.vertices), self.degree);
        (0..if terminal { 0 } else { degree }).map(move |i| {
            let hash = mix(u64::from(v) << 8 | u64::from(i) | 1 << 40);
            (hash % vertices) as u32
        })
    }
}

/// A cycle of `n` positions, the last of which may also end the game.
struct Ring(u32);

impl ImpartialGame for Ring {
    type Position = u32;

    fn moves(&self, &p: &u32) -> impl Iterator<Item = u32> {
        let n = self.0;
        let next = if p + 1 == n { 0 } else { p + 1 };
        let end = (p + 1 == n).then_some(n);
        (p < n).then_some(next).into_iter().chain(end)
    }
}

/// Peak resident memory of this process, from /proc (0 where it cannot be read).
fn peak_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmHWM:"))
                .and_then(|line| line.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kib| kib * 1024)
}

/// Values every position of `positions` in `game`, and reports.
fn run<G: ImpartialGame>(name: &str, game: G, positions: impl Iterator<Item = G::Position>) {
    let start = Instant::now();
    let mut solver = LoopySolver::new(game).with_budget(Budget::UNLIMITED);
    let mut tally = [0u64; 3];
    let positions: Vec<G::Position> = positions.collect();
    let nodes = solver.explore(&positions).expect("within the budget");
    for node in nodes {
        let outcome = solver.graph().outcome(node);
        tally[match outcome {
            Outcome::Previous => 0,
            Outcome::Next => 1,
            _ => 2,
        }] += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    let graph = solver.graph();
    let largest = graph
        .nodes()
        .filter_map(|node| graph.value(node).finite())
        .max()
        .map_or(0, |value| value.value());
    let peak = peak_bytes();
    println!(
        "{name}: {} positions, {} moves, valued in {seconds:.2} s; P {} N {} D {}; largest finite value {largest}; peak {:.0} MB, {:.1} bytes a position",
        graph.len(),
        graph.moves(),
        tally[0],
        tally[1],
        tally[2],
        peak as f64 / 1e6,
        peak as f64 / graph.len() as f64,
    );
}

fn main() {
    let arguments: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let size = arguments
        .get(1)
        .and_then(|size| size.parse::<u32>().ok())
        .unwrap_or(10_000_000);
    match arguments.first().map(String::as_str) {
        Some("random") => run(
            "random graph",
            RandomGraph {
                vertices: size,
                degree: 13,
            },
            0..size,
        ),
        Some("windup") => run(
            "WindUp(n, {2, 3, 7})",
            WindUp::new(u64::from(size), vec![2, 3, 7]).expect("a valid WindUp"),
            0..u64::from(size),
        ),
        Some("ring") => run("ring", Ring(size), 0..1),
        _ => {
            // Each workload in a process of its own.
            let me = std::env::current_exe().expect("this program");
            for workload in ["ring", "windup", "random"] {
                let status = std::process::Command::new(&me)
                    .arg(workload)
                    .arg(size.to_string())
                    .status()
                    .expect("the workload runs");
                assert!(status.success(), "{workload}");
            }
        }
    }
}
