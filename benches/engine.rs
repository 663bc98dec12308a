//! The generic engine against a plain recursive memoised search, the approach judge solutions
//! use, on the whole LeetCode 1908 state space (7 heaps of at most 7, kept as ordered heap
//! vectors, so both searches visit the same 8^7 = 2,097,152 positions); and a chain 10^7 moves
//! deep. Before the timed runs, one untimed run of each prints its positions per second, peak
//! bytes per memoised position and the ratios, measured by a counting allocator.
//!
//! Run with `cargo bench --bench engine`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use onag_core::{ImpartialGame, Nimber, Solver, Unhinted};
use onag_games::{HeapGame, Heaps, Nim};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(pointer, layout) }
    }

    /// Forwarded too, so that a large block grows as the system grows it (by remapping, not
    /// copying), as it does without this counter.
    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded with the caller's pointer, layout and size.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            if new_size >= layout.size() {
                let now = IN_USE.fetch_add(new_size - layout.size(), Ordering::Relaxed)
                    + (new_size - layout.size());
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                IN_USE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const HEAPS: usize = 7;
const LARGEST: u64 = 7;
const POSITIONS: usize = 2_097_152;

/// The baseline: a recursive memoised Grundy search over a std HashMap, as judge solutions
/// write it (clone the piles, change one, recurse; mex over a vector of flags).
fn baseline(piles: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&value) = memo.get(piles) {
        return value;
    }
    let mut seen = vec![false; piles.iter().sum::<u64>() as usize + 2];
    for index in 0..piles.len() {
        for smaller in 0..piles[index] {
            let mut next = piles.to_vec();
            next[index] = smaller;
            let value = baseline(&next, memo) as usize;
            if value < seen.len() {
                seen[value] = true;
            }
        }
    }
    let value = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
    memo.insert(piles.to_vec(), value);
    value
}

fn run_baseline() -> (u64, usize) {
    let mut memo = HashMap::new();
    let value = baseline(&[LARGEST; HEAPS], &mut memo);
    (value, memo.len())
}

fn run_engine() -> (Nimber, usize) {
    let mut solver = Solver::new(Unhinted(HeapGame(Nim))).with_limit(100_000_000);
    let value = solver
        .grundy(&Heaps::from([LARGEST; HEAPS]))
        .expect("finite");
    (value, solver.remembered())
}

/// A single move from n to n - 1.
struct Chain;
impl ImpartialGame for Chain {
    type Position = u32;
    fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
        n.checked_sub(1).into_iter()
    }
}

fn run_chain(depth: u32) -> Nimber {
    Solver::new(Chain).grundy(&depth).expect("finite")
}

/// Runs `f` once, returning its result, its time and the peak bytes allocated above the start.
fn measure<T>(f: impl FnOnce() -> T) -> (T, Duration, usize) {
    let start = IN_USE.load(Ordering::Relaxed);
    PEAK.store(start, Ordering::Relaxed);
    let began = Instant::now();
    let result = f();
    let elapsed = began.elapsed();
    (result, elapsed, PEAK.load(Ordering::Relaxed) - start)
}

fn report() {
    // The chain goes first. The baseline frees two million small blocks, which the system
    // allocator merges only at the next large allocation: measured after the baseline, the
    // chain would be charged about half a second of the baseline's clean-up.
    let (value, time, bytes) = measure(|| run_chain(10_000_000));
    assert_eq!(value, Nimber::ZERO);
    println!(
        "chain n=1e7: {:.2} s, peak {:.1} MB",
        time.as_secs_f64(),
        bytes as f64 / 1e6
    );
    // 7 heaps of 7 xor to 7 (odd count), so Alice wins: value *7 by Bouton's rule.
    let ((engine_value, engine_positions), engine_time, engine_bytes) = measure(run_engine);
    assert_eq!(engine_value, Nimber::new(7));
    assert_eq!(engine_positions, POSITIONS);
    let ((baseline_value, baseline_positions), baseline_time, baseline_bytes) =
        measure(run_baseline);
    assert_eq!(baseline_value, 7);
    assert_eq!(baseline_positions, POSITIONS);
    let per_second = |time: Duration| POSITIONS as f64 / time.as_secs_f64();
    println!(
        "leetcode_1908 engine:   {:>6.2} s, {:>10.0} positions/s, peak {:>6.1} MB, {:>5.1} bytes/position",
        engine_time.as_secs_f64(),
        per_second(engine_time),
        engine_bytes as f64 / 1e6,
        engine_bytes as f64 / POSITIONS as f64
    );
    println!(
        "leetcode_1908 baseline: {:>6.2} s, {:>10.0} positions/s, peak {:>6.1} MB, {:>5.1} bytes/position",
        baseline_time.as_secs_f64(),
        per_second(baseline_time),
        baseline_bytes as f64 / 1e6,
        baseline_bytes as f64 / POSITIONS as f64
    );
    println!(
        "leetcode_1908 ratios: engine {:.2}x faster, {:.2}x the baseline's memory",
        baseline_time.as_secs_f64() / engine_time.as_secs_f64(),
        engine_bytes as f64 / baseline_bytes as f64
    );
}

fn benches(c: &mut Criterion) {
    report();
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    // The chain first, as in the report.
    group.bench_function("chain/n=1e7", |b| {
        b.iter(|| assert_eq!(run_chain(black_box(10_000_000)), Nimber::ZERO))
    });
    group.bench_function("leetcode_1908/engine/7x7", |b| {
        b.iter(|| assert_eq!(black_box(run_engine()).0, Nimber::new(7)))
    });
    group.bench_function("leetcode_1908/baseline/7x7", |b| {
        b.iter(|| assert_eq!(black_box(run_baseline()).0, 7))
    });
    group.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
