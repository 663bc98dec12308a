//! Misère quotients on the workloads of issue #12, against the figures the issue gives for
//! MisereSolver (Java, warm JVM, this kind of machine): Kayles' quotient certified in 0.15-0.25 s;
//! Dawson's chess (0.137) to heap 32 in 18.5 s. Also the misère outcome of a sum of 10^5 Kayles
//! heaps once the quotient is known, and the misère search of Node Kayles on a path (whole
//! positions of graphs: what a component's canonical form costs).
//!
//! Run with `cargo bench --bench misere`. Each figure is the median of five runs in this
//! process.

use std::time::{Duration, Instant};

use onag_core::{Budget, ImpartialGame, MisereSolver};
use onag_games::{HeapQuotient, NodeKayles, SimpleGraph, TakeAndBreak, misere_quotient};

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn quotient(code: &str, last: u64) -> HeapQuotient {
    let game = TakeAndBreak::octal(code).expect("a code");
    let proof = Some((game.max_take().expect("finite"), game.max_parts()));
    misere_quotient(&game, last, proof, Budget::DEFAULT, &mut |_| {}).expect("within the budget")
}

fn main() {
    for (name, code, last) in [
        ("Kayles (0.77), to certification", "0.77", 1000),
        ("0.75, to certification", "0.75", 1000),
        (
            "Dawson's chess (0.137), to heap 32 (MisereSolver: 18.5 s)",
            "0.137",
            32,
        ),
    ] {
        let mut runs = Vec::new();
        let mut result = None;
        for _ in 0..5 {
            let start = Instant::now();
            result = Some(quotient(code, last));
            runs.push(start.elapsed());
        }
        let q = result.expect("five runs");
        println!(
            "{name}: median {:?}; order {}, heap reached {}, certified {}{}",
            median(runs),
            q.quotient.order(),
            q.quotient.heap_reached(),
            q.certified(),
            q.stopped
                .map(|why| format!(" (stopped: {why})"))
                .unwrap_or_default()
        );
    }
    let kayles = quotient("0.77", 1000);
    let heaps: Vec<u64> = (0..100_000u64)
        .map(|i| 1 + (i * 7919) % 1_000_000)
        .collect();
    let mut runs = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        std::hint::black_box(kayles.outcome(std::hint::black_box(&heaps)));
        runs.push(start.elapsed());
    }
    println!(
        "misère outcome of 10^5 Kayles heaps (sizes up to 10^6) from the quotient: median {:?}",
        median(runs)
    );
    // path:50 by search alone: 2.72 s with lines labelled by refinement, 0.88 s written along
    // themselves at once. With the quotient of Dawson's chess answering every position of
    // paths of at most 28 vertices, the search stops there.
    let path = SimpleGraph::path(50);
    for (name, hidden) in [
        ("by search alone", true),
        ("with the quotient below", false),
    ] {
        let mut runs = Vec::new();
        let mut outcome = None;
        for _ in 0..3 {
            let start = Instant::now();
            outcome = Some(if hidden {
                MisereSolver::new(Searched(NodeKayles)).outcome(&path)
            } else {
                MisereSolver::new(NodeKayles).outcome(&path)
            });
            runs.push(start.elapsed());
        }
        println!(
            "misère Node Kayles on path:50 {name}: median {:?} ({:?})",
            median(runs),
            outcome.expect("three runs").expect("within the limits")
        );
    }
}

/// Node Kayles with its misère closed forms hidden (its components and canonical forms kept):
/// what the search alone does.
struct Searched(NodeKayles);

impl ImpartialGame for Searched {
    type Position = SimpleGraph;

    fn moves(&self, graph: &SimpleGraph) -> impl Iterator<Item = SimpleGraph> {
        self.0.moves(graph)
    }

    fn components(&self, graph: SimpleGraph) -> impl Iterator<Item = SimpleGraph> {
        self.0.components(graph)
    }

    fn join(&self, components: Vec<SimpleGraph>) -> Option<SimpleGraph> {
        self.0.join(components)
    }

    fn canonical(&self, graph: SimpleGraph) -> SimpleGraph {
        self.0.canonical(graph)
    }

    fn position_bytes(&self, graph: &SimpleGraph) -> usize {
        self.0.position_bytes(graph)
    }
}
