//! The Conway algebra's speed, cold: each measurement is a fresh process (the table of forms
//! is one per process and remembers everything), five in turn, medians printed.
//!
//! 1. Every game born by day 3, built from its options (antichains of the day before, as
//!    Siegel, CGT §III.1 counts them), then the whole `<=` table among the 1474 (about 2.2
//!    million comparisons).
//! 2. The canonical form of a sum of 20 random games born by day 3 (the games of
//!    benches/partizan_games.py; benches/partizan_peers.py times pycgt and cgt-py on them).
//!
//! `cargo bench --bench partizan`

use std::process::Command;
use std::time::Instant;

use onag_core::partizan::Form;
use onag_testkit::partizan::next_day;

fn day_three_and_table() -> String {
    let mut day = vec![Form::zero()];
    for _ in 0..3 {
        day = next_day(&day);
    }
    let mut below = 0u64;
    for &g in &day {
        for &h in &day {
            below += u64::from(g.leq(h).unwrap());
        }
    }
    format!(
        "{} games, {} comparisons, {below} of them <=",
        day.len(),
        day.len() * day.len()
    )
}

fn sum_of_twenty() -> String {
    let output = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/benches/partizan_games.py"
        ))
        .output()
        .expect("python3 runs benches/partizan_games.py");
    let expression = String::from_utf8(output.stdout).unwrap();
    let games: Vec<Form> = expression
        .trim()
        .split(" + ")
        .map(|g| g.parse().unwrap())
        .collect();
    // Read first (not timed apart: parsing a game born by day 3 is building it).
    let mut sum = games[0];
    for &g in &games[1..] {
        sum = sum.add(g).unwrap();
    }
    format!("a form of {} characters", sum.to_string().len())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(which) = args
        .iter()
        .position(|a| a == "--child")
        .map(|i| args[i + 1].clone())
    {
        let start = Instant::now();
        let what = match which.as_str() {
            "day3" => day_three_and_table(),
            _ => sum_of_twenty(),
        };
        println!("{} {what}", start.elapsed().as_secs_f64());
        return;
    }
    // `cargo bench` passes --bench; anything else (a filter) is ignored.
    let me = std::env::current_exe().unwrap();
    for (name, label) in [
        (
            "day3",
            "every game born by day 3 and the <= table among them",
        ),
        ("sum20", "the sum of 20 random games born by day 3"),
    ] {
        let mut times = Vec::new();
        let mut what = String::new();
        for _ in 0..5 {
            let output = Command::new(&me).args(["--child", name]).output().unwrap();
            let text = String::from_utf8(output.stdout).unwrap();
            let (seconds, rest) = text.trim().split_once(' ').unwrap();
            times.push(seconds.parse::<f64>().unwrap());
            what = rest.to_string();
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{label}: median {:.1} ms of 5 fresh processes ({what})",
            times[2] * 1000.0
        );
    }
}
