//! `onag sequence`: Grundy sequences against OEIS, summaries, the sparse-space report, one
//! thread or two, checkpoints that survive `kill`, misère genera, and plots.

use crate::common::{fails, json, onag};

#[test]
fn sequence_json_of_kayles_matches_oeis() {
    let expected =
        crate::common::oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let report = json(&["sequence", "kayles", "--to", "1199", "--json"]);
    let values = crate::common::whole_numbers(&report["values"]);
    assert_eq!(values, expected);
    assert_eq!(report["period"]["period"], 12);
    assert_eq!(report["period"]["preperiod"], 71);
    assert_eq!(report["period"]["saltus"], 0);
    assert_eq!(report["period"]["proven"], true);
}

/// `--log-every` is taken before or after the subcommand; a run shorter than its interval
/// logs nothing and prints the same answer; an interval of 0 or past a day is refused. (The
/// lines themselves are tested in `progress.rs`, where no clock is raced.)
#[test]
fn a_log_of_progress_is_asked_for_with_log_every() {
    let expected =
        crate::common::oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    for arguments in [
        &[
            "--log-every",
            "60",
            "sequence",
            "kayles",
            "--to",
            "1199",
            "--json",
        ][..],
        &[
            "sequence",
            "kayles",
            "--to",
            "1199",
            "--json",
            "--log-every",
            "60",
        ][..],
    ] {
        let output = onag(arguments);
        assert!(output.status.success(), "{arguments:?}: {output:?}");
        assert!(output.stderr.is_empty(), "{output:?}");
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(crate::common::whole_numbers(&report["values"]), expected);
    }
    for seconds in ["0", "86401", "x"] {
        fails(
            &["sequence", "kayles", "--to", "10", "--log-every", seconds],
            "--log-every",
        );
    }
}

#[test]
fn sequence_summary_counts_zeros() {
    // Dawson's chess (OEIS A002187) to n = 131: its zeros are the P-positions in the table.
    let values = crate::common::oracle_values(
        "dawson_0.07_and_0.137.json",
        "/dawsons_chess_0.137/G_source_values",
    );
    let zeros = values.iter().filter(|&&value| value == 0).count();
    let output = onag(&[
        "sequence",
        "dawson-chess",
        "--to",
        &(values.len() - 1).to_string(),
        "--summary",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains(&format!("zeros:    {zeros}")), "{text}");
    assert!(text.contains(&format!(
        "G({}) = {}",
        values.len() - 1,
        values[values.len() - 1]
    )));
}

#[test]
fn sequence_json_reports_the_sparse_space() {
    // Kayles (OEIS A002186 by its rule, tests/oracles): the largest value, where it first
    // occurs, and the rare heaps under the mask reported, counted from the values.
    let expected =
        crate::common::oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let report = json(&["sequence", "kayles", "--to", "1199", "--json"]);
    let largest = *expected[1..].iter().max().unwrap();
    assert_eq!(report["largest"], largest);
    assert_eq!(
        report["largest_at"],
        expected.iter().position(|&value| value == largest).unwrap()
    );
    let mask = report["rare_mask"].as_u64().unwrap();
    // Kayles stops at its proven period (71 + 12 + ...): the report covers the values computed.
    let computed = report["rare_count"].as_u64().unwrap();
    let last_rare = report["last_rare"].as_u64();
    let upto = last_rare.unwrap_or(0) as usize;
    let rare = (1..=upto)
        .filter(|&heap| (expected[heap] & mask).count_ones() % 2 == 0)
        .count() as u64;
    assert_eq!(rare, computed);
    assert!(last_rare.is_none_or(|heap| (expected[heap as usize] & mask).count_ones() % 2 == 0));
}

#[test]
fn sequence_json_reports_rare_heaps_by_position_where_they_are_fewer() {
    // 0.104 splits after taking 3 only. By value about half its heaps are rare under any mask;
    // by position (Flammenkamp's sparse positions: heap n rare when the bits of G(n) & m have
    // the parity of n - 3) a handful are. Counted here from the values, every mask tried.
    let report = json(&["sequence", "octal:0.104", "--to", "5000", "--json"]);
    let values = crate::common::whole_numbers(&report["values"]);
    let rare = |mask: u64| -> Vec<u64> {
        (1..values.len() as u64)
            .filter(|&n| u64::from((values[n as usize] & mask).count_ones() % 2) == (n + 3) % 2)
            .collect()
    };
    let by_value = |mask: u64| {
        (1..values.len())
            .filter(|&n| (values[n] & mask).count_ones() % 2 == 0)
            .count()
    };
    let fewest = (1..1u64 << 8).map(|mask| rare(mask).len()).min().unwrap();
    assert!(fewest * 10 < (1..1u64 << 8).map(by_value).min().unwrap());
    assert_eq!(report["rare_by"], "position");
    let heaps = rare(report["rare_mask"].as_u64().unwrap());
    assert_eq!(heaps.len(), fewest);
    assert_eq!(report["rare_count"], fewest);
    assert_eq!(report["last_rare"].as_u64(), heaps.last().copied());
    let summary =
        String::from_utf8(onag(&["sequence", "octal:0.104", "--to", "5000", "--summary"]).stdout)
            .unwrap();
    assert!(
        summary.contains("by position: heap n is common when the bits of G(n) under the mask have the parity of n)"),
        "{summary}"
    );
}

#[test]
fn sequence_with_one_thread_or_two_prints_the_same() {
    let run = |threads: &str| {
        let output = onag(&[
            "sequence",
            "octal:0.6",
            "--to",
            "12000",
            "--summary",
            "--threads",
            threads,
        ]);
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    // The values and every report agree; only the work differs, since a second thread
    // values some splits ahead that one thread alone never needs.
    let (alone, shared) = (run("1"), run("2"));
    assert_eq!(
        crate::common::without_work(alone.as_bytes()),
        crate::common::without_work(shared.as_bytes())
    );
    for text in [&alone, &shared] {
        let work = text
            .lines()
            .find(|line| line.starts_with("work:"))
            .expect("a work line");
        assert!(work.contains("on the critical path"), "{work}");
    }
    fails(
        &["sequence", "octal:0.6", "--to", "10", "--threads", "0"],
        "--threads",
    );
    fails(
        &[
            "sequence",
            "octal:0.6",
            "--to",
            "10",
            "--checkpoint-every",
            "5",
        ],
        "--checkpoint",
    );
}

#[test]
fn a_sequence_killed_at_any_moment_resumes_from_its_checkpoint() {
    let directory = crate::common::Scratch::new("kill");
    let file = directory.join("0.6.checkpoint");
    let path = file.to_str().unwrap();
    let arguments = [
        "sequence",
        "octal:0.6",
        "--to",
        "300000",
        "--summary",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0.01",
    ];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(arguments)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed (SIGKILL) once a checkpoint has been written, in the middle of the run.
    let start = std::time::Instant::now();
    while !file.exists() && start.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the run ended before it was killed"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    let resumed = onag(&arguments);
    assert!(resumed.status.success(), "{resumed:?}");
    let uninterrupted = onag(&arguments[..5]);
    // Everything but the work, which counts this run's own (a resumed run reads the values
    // before its checkpoint instead of valuing them).
    assert_eq!(
        crate::common::without_work(&resumed.stdout),
        crate::common::without_work(&uninterrupted.stdout)
    );
    // A checkpoint that cannot be written is refused before any work.
    fails(
        &[
            "sequence",
            "octal:0.6",
            "--to",
            "10",
            "--checkpoint",
            "/nonexistent/x.onag",
        ],
        "cannot be written",
    );
    // A damaged checkpoint is one line and status 2.
    std::fs::write(&file, b"onag sequence checkpoint 1\nnot the rest").unwrap();
    fails(&arguments, "checkpoint");
}

#[test]
fn sequence_misere_prints_the_genus_of_each_heap() {
    // Conway (ONAG ch. 12): a heap of Nim, *n, has genus 0^{120}, 1^{031}, then n^{n(n⊕2)}.
    let report = json(&["sequence", "nim", "--to", "3", "--misere", "--json"]);
    let genera: Vec<&str> = report["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|heap| heap["genus"].as_str().unwrap())
        .collect();
    assert_eq!(genera, ["0^{120}", "1^{031}", "2^{20}", "3^{31}"]);
    assert_eq!(report["heaps"][1]["misere"], 0);
    assert_eq!(report["heaps"][3]["class"], "tame");
    let text =
        String::from_utf8(onag(&["sequence", "nim", "--to", "2", "--misere"]).stdout).unwrap();
    assert!(text.contains("2^{20}"), "{text}");
    fails(
        &["sequence", "wythoff", "--to", "3", "--misere"],
        "not a heap game",
    );
    fails(
        &[
            "sequence",
            "kayles",
            "--to",
            "60",
            "--misere",
            "--max-positions",
            "1000",
        ],
        "limit",
    );
}

/// The model of scaling of Officers (0.6), by bounds that hold whatever the batches: the
/// critical path is part of the work and holds at least the move that leaves one heap (it
/// reads G(n - 1), always of the batch at hand), and the work is at most twice a plain scan of
/// every split (the splits a second thread values ahead are counted once more at most).
#[test]
fn a_sequence_reports_its_work_and_critical_path() {
    let json = crate::common::json(&[
        "sequence",
        "octal:0.6",
        "--to",
        "20000",
        "--json",
        "--threads",
        "1",
    ]);
    let work = json["work"].as_u64().expect("work");
    let critical = json["critical_path"].as_u64().expect("critical_path");
    assert!(critical >= 20000 - 1, "{critical}");
    assert!(critical < work, "{critical} of {work}");
    // Heap n has one move to one heap and floor((n - 1) / 2) splits.
    let plain: u64 = (2..=20000u64).map(|n| 1 + (n - 1) / 2).sum();
    assert!(work <= 2 * plain, "{work} > 2 x {plain}");
    let summary = crate::common::onag(&["sequence", "octal:0.6", "--to", "20000", "--summary"]);
    let text = String::from_utf8(summary.stdout).unwrap();
    assert!(text.contains("on the critical path: at most"), "{text}");
}
