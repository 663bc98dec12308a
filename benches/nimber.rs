//! Nim multiplication on 64 bits, three methods in the same process: the product of `Nimber`
//! (carry-less multiplication where the processor has it), the portable table-driven product
//! (`onag_core::field::portable_product`) and the plain Fermat-split recursion
//! (`onag_core::field::plain_product`). Before the timed runs, an untimed report prints products
//! per second for each, five passes in turn, and the medians; the target of issue #14 is 10^8
//! products a second on one core (Library Checker's "Nim Product" allows 10^6 in 10 s). The
//! carry-less product is the crate's one `unsafe` call, kept because this paired measurement
//! shows its gain.
//!
//! Run with `cargo bench --bench nimber`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use onag_core::Nimber;
use onag_core::field::{plain_product, portable_product};

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

fn portable(pairs: &[(u64, u64)]) -> u64 {
    pairs
        .iter()
        .fold(0, |sum, &(a, b)| sum ^ portable_product(a, b))
}

fn plain(pairs: &[(u64, u64)]) -> u64 {
    pairs
        .iter()
        .fold(0, |sum, &(a, b)| sum ^ plain_product(a, b))
}

/// Products per second of `method` on `pairs`, and its checksum.
fn rate(method: fn(&[(u64, u64)]) -> u64, pairs: &[(u64, u64)]) -> (f64, u64) {
    let began = Instant::now();
    let checksum = method(black_box(pairs));
    (pairs.len() as f64 / began.elapsed().as_secs_f64(), checksum)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn report() {
    let many = pairs(10_000_000);
    let few = &many[..200_000];
    // Warm the tables.
    black_box(fast(&many[..1000]));
    let (mut fast_rates, mut portable_rates, mut plain_rates) =
        (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..5 {
        let (fast_rate, fast_sum) = rate(fast, &many);
        let (portable_rate, portable_sum) = rate(portable, &many);
        let (plain_rate, plain_sum) = rate(plain, few);
        assert_eq!(fast_sum, portable_sum);
        assert_eq!(fast(few), plain_sum);
        println!(
            "nim product, 64 bits: Nimber * {:.1} M/s, portable tables {:.1} M/s, plain recursion {:.2} M/s",
            fast_rate / 1e6,
            portable_rate / 1e6,
            plain_rate / 1e6
        );
        fast_rates.push(fast_rate);
        portable_rates.push(portable_rate);
        plain_rates.push(plain_rate);
    }
    let (fast_rate, portable_rate, plain_rate) = (
        median(fast_rates),
        median(portable_rates),
        median(plain_rates),
    );
    println!(
        "medians: Nimber * {:.1} M/s, portable {:.1} M/s ({:.2}x), plain {:.2} M/s ({:.0}x)",
        fast_rate / 1e6,
        portable_rate / 1e6,
        fast_rate / portable_rate,
        plain_rate / 1e6,
        fast_rate / plain_rate
    );
}

fn benches(c: &mut Criterion) {
    report();
    let batch = pairs(1 << 16);
    let expected = plain(&batch);
    let mut group = c.benchmark_group("nimber/product");
    group.bench_function("nimber/64x64/batch=65536", |b| {
        b.iter(|| assert_eq!(fast(black_box(&batch)), expected))
    });
    group.bench_function("portable/64x64/batch=65536", |b| {
        b.iter(|| assert_eq!(portable(black_box(&batch)), expected))
    });
    group.sample_size(10);
    group.bench_function("plain/64x64/batch=65536", |b| {
        b.iter(|| assert_eq!(plain(black_box(&batch)), expected))
    });
    group.finish();
}

criterion_group!(nimber, benches);
criterion_main!(nimber);
