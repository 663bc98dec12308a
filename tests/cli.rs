//! The `cgt` program run as a process: outputs checked against independent values, and every
//! error path ending in one line on stderr and exit status 2.

use std::process::{Command, Output};

use serde_json::Value;

fn cgt(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(arguments)
        .output()
        .expect("the cgt binary runs")
}

fn json(arguments: &[&str]) -> Value {
    let output = cgt(arguments);
    assert!(output.status.success(), "{arguments:?}: {output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Asserts that the arguments fail with one line on stderr mentioning `needle`, and status 2.
fn fails(arguments: &[&str], needle: &str) {
    let output = cgt(arguments);
    assert_eq!(output.status.code(), Some(2), "{arguments:?}: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
    assert!(stderr.contains(needle), "{arguments:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.stdout.is_empty(), "{arguments:?}");
}

#[test]
fn value_of_nim_3_4_5() {
    // Bouton: 3 ^ 4 ^ 5 = 2; the one heap h with h ^ 2 < h is 3, so 3 -> 1.
    let report = json(&["value", "nim", "3", "4", "5", "--json"]);
    assert_eq!(report["grundy"], 2);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["winning_moves"], serde_json::json!([[1, 4, 5]]));
}

#[test]
fn value_text_names_value_outcome_and_moves() {
    let output = cgt(&["value", "nim", "3", "4", "5"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("*2"), "{text}");
    assert!(text.contains("N-position"), "{text}");
    assert!(text.contains("3 4 5 -> 1 4 5"), "{text}");
}

#[test]
fn value_of_p_positions_has_no_winning_move() {
    // LeetCode 1908 sample 3 and AcWing 893's P-heap: 1 ^ 2 ^ 3 = 0.
    let report = json(&["value", "nim", "1", "2", "3", "--json"]);
    assert_eq!(report["grundy"], 0);
    assert_eq!(report["outcome"], "P");
    assert_eq!(report["winning_moves"], serde_json::json!([]));
}

#[test]
fn value_of_every_core_game() {
    // Bash n mod (m + 1): 10 mod 4 = 2, winning move takes 2.
    let bash = json(&["value", "bash:3", "10", "--json"]);
    assert_eq!(bash["grundy"], 2);
    assert_eq!(bash["winning_moves"], serde_json::json!([[8]]));
    // Ferguson 1.4: with S = {1,3,4}, 100 chips is a P-position.
    let subset = json(&["value", "subset-nim:1,3,4", "100", "--json"]);
    assert_eq!(subset["outcome"], "P");
    // AcWing 894 sample: heaps 2 3 in split Nim, first player wins.
    let split = json(&["value", "split-nim", "2", "3", "--json"]);
    assert_eq!(split["outcome"], "N");
    for next in split["winning_moves"].as_array().unwrap() {
        let heaps: Vec<String> = next
            .as_array()
            .unwrap()
            .iter()
            .map(|heap| heap.to_string())
            .collect();
        let mut arguments = vec!["value", "split-nim"];
        arguments.extend(heaps.iter().map(String::as_str));
        arguments.push("--json");
        assert_eq!(json(&arguments)["outcome"], "P");
    }
}

#[test]
fn a_heap_of_ten_to_the_eighteen() {
    let report = json(&["value", "nim", "1000000000000000000", "--json"]);
    assert_eq!(report["grundy"].as_u64(), Some(10u64.pow(18)));
    assert_eq!(report["winning_moves"], serde_json::json!([[0]]));
}

#[test]
fn help_documents_the_grammar() {
    let output = cgt(&["--help"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for game in ["nim", "bash:M", "subset-nim:S", "split-nim"] {
        assert!(text.contains(game), "{game} missing from help");
    }
}

#[test]
fn malformed_games() {
    fails(&["value", "chess", "3"], "unknown game \"chess\"");
    fails(&["value", "bash", "3"], "bash:M");
    fails(&["value", "bash:0", "3"], "at least 1");
    fails(&["value", "bash:x", "3"], "\"x\"");
    fails(&["value", "bash:-2", "3"], "\"-2\"");
    fails(&["value", "bash:99999999999999999999", "3"], "whole number");
    fails(&["value", "subset-nim:", "3"], "whole number");
    fails(&["value", "subset-nim:0,2", "3"], "contains 0");
    fails(&["value", "subset-nim:1,,2", "3"], "whole number");
    fails(&["value", "nim:3", "3"], "takes no parameter");
}

#[test]
fn malformed_heaps() {
    fails(&["value", "nim", "-3"], "whole numbers");
    fails(&["value", "nim", "x"], "whole numbers");
    fails(&["value", "nim", "3.5"], "whole numbers");
    fails(&["value", "nim", "18446744073709551616"], "whole numbers");
    fails(&["value", "nim"], "required");
}

#[test]
fn malformed_command_lines() {
    fails(&["frobnicate"], "unrecognized subcommand");
    fails(&["value", "nim", "3", "--bogus"], "--bogus");
    fails(&["value", "nim", "3", "--max-positions", "many"], "many");
}

#[test]
fn limits_end_in_an_error_not_a_hang() {
    // Split Nim on a heap of 10^8 has 5 * 10^15 moves: the option count hits the limit at once.
    fails(
        &[
            "value",
            "split-nim",
            "100000000",
            "--max-positions",
            "1000000",
        ],
        "limit of 1000000 positions",
    );
    fails(
        &["value", "subset-nim:1", "5000", "--max-positions", "100"],
        "limit of 100 positions",
    );
}
