//! The sequence engine against a plain O(N^2) bottom-up scan written here as the baseline (for
//! each n, every option of the code, a fresh table of flags, the mex). Before the timed runs,
//! one untimed run of each prints the times, the ratios and the bytes per value; the figures
//! compared with in the project's notes are Beling's `ogs` timings on a 2-core machine:
//! G(0..=10^6) of 0.16 in 0.44 s, 0.156 in 0.27 s, 0.106 in 0.25 s, 0.6 in 5.9 s, 0.77 in
//! 210 s and 0.07 in 240 s; its plain scan 2.4-5.5 s at 10^5.
//!
//! Run with `cargo bench --bench sequences`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use onag_games::{GrundySequence, TakeAndBreak};

/// The baseline: G(0..=last) of an octal code by the plain scan of every option.
fn plain_scan(code: &str, last: usize) -> Vec<u32> {
    let digits: Vec<u32> = code[2..]
        .chars()
        .map(|c| c.to_digit(8).unwrap_or(0))
        .collect();
    let mut values: Vec<u32> = vec![0];
    for n in 1..=last {
        let mut seen = vec![false; 2 * n + 2];
        for (index, &digit) in digits.iter().enumerate() {
            let take = index + 1;
            if take > n {
                break;
            }
            let rest = n - take;
            if digit & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if digit & 2 != 0 && rest >= 1 {
                seen[values[rest] as usize] = true;
            }
            if digit & 4 != 0 && rest >= 2 {
                for small in 1..=rest / 2 {
                    let value = (values[small] ^ values[rest - small]) as usize;
                    if value < seen.len() {
                        seen[value] = true;
                    }
                }
            }
        }
        let mex = seen.iter().position(|&flag| !flag).unwrap_or(seen.len());
        values.push(mex as u32);
    }
    values
}

fn engine(code: &str, last: u64) -> GrundySequence {
    GrundySequence::compute(&TakeAndBreak::octal(code).expect("a valid code"), last)
        .expect("within the limit")
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let result = f();
    (result, start.elapsed())
}

fn report() {
    println!("code   N      engine      plain       ratio   bytes/value");
    for code in [
        "0.16", "0.156", "0.106", "0.6", "0.76", "0.07", "0.77", "0.137",
    ] {
        let (sequence, fast) = time(|| engine(code, 100_000));
        let (plain, slow) = time(|| plain_scan(code, 100_000));
        let agree = sequence
            .iter()
            .zip(&plain)
            .all(|(value, &expected)| value == u64::from(expected));
        assert!(agree, "{code}: the engine and the plain scan disagree");
        println!(
            "{code:6} 1e5 {:>9.3} s {:>9.3} s {:>8.1}x  {}",
            fast.as_secs_f64(),
            slow.as_secs_f64(),
            slow.as_secs_f64() / fast.as_secs_f64(),
            sequence.values().bytes_per_value()
        );
    }
    for code in ["0.16", "0.156", "0.106", "0.6", "0.07", "0.77", "0.137"] {
        let (sequence, fast) = time(|| engine(code, 1_000_000));
        println!(
            "{code:6} 1e6 {:>9.3} s   period {}",
            fast.as_secs_f64(),
            sequence
                .period()
                .map_or("none".to_string(), |period| period.to_string())
        );
    }
}

fn benches(c: &mut Criterion) {
    report();
    let mut group = c.benchmark_group("grundy/octal");
    group.sample_size(10);
    for (code, last, name) in [
        ("0.16", 1_000_000, "0.16/n=1e6"),
        ("0.156", 1_000_000, "0.156/n=1e6"),
        ("0.106", 1_000_000, "0.106/n=1e6"),
        ("0.07", 1_000_000, "0.07/n=1e6"),
        ("0.77", 1_000_000, "0.77/n=1e6"),
        ("0.137", 1_000_000, "0.137/n=1e6"),
        ("0.76", 20_000, "0.76/n=2e4"),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let sequence = engine(code, black_box(last));
                assert!(sequence.value(last).is_some());
            })
        });
    }
    group.finish();
}

criterion_group!(sequences, benches);
criterion_main!(sequences);
