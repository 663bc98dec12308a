//! The explorer under load: 16 clients send 500 requests to `onag serve` on loopback, one in ten
//! heavy (a long sequence, a quotient, a large Cram board), the rest cheap (pages, the
//! catalogue, small positions); the latency of the cheap ones while the heavy ones run, and
//! beside it the same cheap requests with no heavy work at all. Five rounds in turn; medians.
//!
//! `cargo bench --bench serve` (the program built with the bench profile, as released).

use onag_testkit::serve::{CHEAP, HEAVY, Server, load, quantile};

fn round(heavy: bool) -> (f64, f64) {
    let server = Server::start(
        env!("CARGO_BIN_EXE_onag"),
        &["--workers", "2", "--queue", "4", "--max-seconds", "2"],
    );
    // With no heavy work, the heavy slot of every tenth request is one more cheap request.
    let heavy_list: &[&str] = if heavy { HEAVY } else { CHEAP };
    let results = load(&server.address, 16, 500, 10, CHEAP, heavy_list);
    let mut cheap: Vec<f64> = results
        .iter()
        .filter(|result| result.cheap)
        .map(|result| result.seconds)
        .collect();
    (quantile(&mut cheap, 0.5), quantile(&mut cheap, 0.99))
}

fn main() {
    let mut with = Vec::new();
    let mut without = Vec::new();
    for _ in 0..5 {
        with.push(round(true));
        without.push(round(false));
    }
    let median = |rounds: &[(f64, f64)], pick: fn(&(f64, f64)) -> f64| {
        let mut values: Vec<f64> = rounds.iter().map(pick).collect();
        quantile(&mut values, 0.5)
    };
    for (name, rounds) in [("with heavy work", &with), ("cheap alone", &without)] {
        println!(
            "serve/{name}: cheap p50 {:.1} ms, p99 {:.1} ms (medians of 5 rounds; p99 per round: {})",
            median(rounds, |round| round.0) * 1e3,
            median(rounds, |round| round.1) * 1e3,
            rounds
                .iter()
                .map(|round| format!("{:.0}", round.1 * 1e3))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
}
