//! Nim multiplication on 64 bits: the table-driven product of `Nimber` against the plain
//! Fermat-split recursion (`cgt_core::field::plain_product`) in the same process. Before the
//! timed runs, an untimed pass prints products per second for each and their ratio; the
//! target of issue #14 is 10^8 products a second on one core (Library Checker's "Nim Product"
//! allows 10^6 in 10 s).
//!
//! Run with `cargo bench --bench nimber`.

use std::hint::black_box;
use std::time::Instant;

use cgt_core::Nimber;
use cgt_core::field::plain_product;
use criterion::{Criterion, criterion_group, criterion_main};

/// Pseudo-random 64-bit pairs (SplitMix64), the same for both products.
fn pairs(count: usize) -> Vec<(u64, u64)> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..count).map(|_| (next(), next())).collect()
}

/// The nim-sum of every product: a checksum that both methods must agree on.
fn fast(pairs: &[(u64, u64)]) -> u64 {
    pairs.iter().fold(0, |sum, &(a, b)| {
        sum ^ (Nimber::new(a) * Nimber::new(b)).value()
    })
}

fn plain(pairs: &[(u64, u64)]) -> u64 {
    pairs
        .iter()
        .fold(0, |sum, &(a, b)| sum ^ plain_product(a, b))
}

fn report() {
    let many = pairs(10_000_000);
    let few = &many[..200_000];
    // Warm the tables.
    black_box(fast(&many[..1000]));
    let began = Instant::now();
    let checksum = fast(black_box(&many));
    let fast_time = began.elapsed().as_secs_f64();
    let began = Instant::now();
    let plain_checksum = plain(black_box(few));
    let plain_time = began.elapsed().as_secs_f64();
    assert_eq!(fast(few), plain_checksum);
    black_box(checksum);
    let fast_rate = many.len() as f64 / fast_time;
    let plain_rate = few.len() as f64 / plain_time;
    println!(
        "nim product, 64 bits: tables {:.1} M/s, plain recursion {:.2} M/s, ratio {:.0}x",
        fast_rate / 1e6,
        plain_rate / 1e6,
        fast_rate / plain_rate
    );
}

fn benches(c: &mut Criterion) {
    report();
    let batch = pairs(1 << 16);
    let expected = plain(&batch);
    let mut group = c.benchmark_group("nimber/product");
    group.bench_function("tables/64x64/batch=65536", |b| {
        b.iter(|| assert_eq!(fast(black_box(&batch)), expected))
    });
    group.sample_size(10);
    group.bench_function("plain/64x64/batch=65536", |b| {
        b.iter(|| assert_eq!(plain(black_box(&batch)), expected))
    });
    group.finish();
}

criterion_group!(nimber, benches);
criterion_main!(nimber);
