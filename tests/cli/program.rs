//! The command line as a whole: help, the grammar of games and positions, malformed input
//! (one line and status 2), limits, and every game of the catalogue in every subcommand.

use crate::common::{fails, json, onag};

#[test]
fn help_documents_the_grammar() {
    let output = onag(&["--help"]);
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
    fails(&["value", "nim", "-3"], "whole number");
    fails(&["value", "nim", "x"], "whole number");
    fails(&["value", "nim", "3.5"], "whole number");
    fails(&["value", "nim", "18446744073709551616"], "whole number");
    fails(&["value", "wythoff", "3"], "two heap sizes");
    fails(&["value", "wythoff", "3,x"], "whole numbers");
    fails(&["value", "moore:0", "3"], "k >= 1");
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
    // Each limit is named for what it counts, with the flag that raises it.
    fails(
        &[
            "value",
            "octal:0.16",
            "100000000",
            "--max-options",
            "1000000",
        ],
        "limit of 1000000 options examined; raise --max-options",
    );
    fails(
        &["value", "octal:0.16", "5000", "--max-positions", "100"],
        "limit of 100 remembered positions; raise --max-positions",
    );
    // 0.16 is proven periodic (period 149459 from 105350, Gangolli & Plambeck) only after
    // about 510,000 values: more than 300 KB at a byte a value.
    fails(
        &["value", "octal:0.16", "100000000", "--max-memory", "300K"],
        "bytes of memory; raise --max-memory",
    );
}

/// Every game of the catalogue, through `value`, `moves`, `graph` and a scripted `play`, as a
/// user runs them: the answers agree with each other (a listed winning move leaves a P-position,
/// `moves` marks exactly the winning moves `value` lists), and play ends cleanly.
#[test]
fn every_game_of_the_catalogue_works_in_every_subcommand() {
    let listing = json(&["games", "--json"]);
    for game in listing["games"].as_array().unwrap() {
        let example = game["example"].as_str().unwrap();
        let words: Vec<&str> = example.split(' ').collect();
        if game["kind"] == "partizan" {
            partizan_in_every_subcommand(&words);
            continue;
        }
        let mut value = vec!["value"];
        value.extend(&words);
        value.extend(["--json", "--max-moves", "1000"]);
        let report = json(&value);
        let winning: Vec<String> = report["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(winning.is_empty(), report["outcome"] != "N", "{example}");
        if let Some(grundy) = report["grundy"].as_u64() {
            assert_eq!(grundy == 0, report["outcome"] == "P", "{example}");
        }
        let mut moves = vec!["moves"];
        moves.extend(&words);
        moves.extend(["--json", "--max-moves", "1000"]);
        let listed = json(&moves);
        assert_eq!(listed["outcome"], report["outcome"], "{example}");
        let mut marked: Vec<String> = listed["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|entry| entry["winning"] == true)
            .map(|entry| entry["position"].to_string())
            .collect();
        let mut expected = winning.clone();
        marked.sort();
        marked.dedup();
        expected.sort();
        expected.dedup();
        assert_eq!(marked, expected, "{example}");
        // A graph is drawn, or refused at once when the position reaches too many positions
        // (a board of coins reaches every subset of a rectangle).
        let mut graph = vec!["graph"];
        graph.extend(&words);
        graph.extend(["--format", "json", "--max-positions", "20000"]);
        let output = onag(&graph);
        if output.status.success() {
            let drawn: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            let root = &drawn["nodes"][drawn["root"].as_u64().unwrap() as usize];
            assert_eq!(root["outcome"], report["outcome"], "{example}");
        } else {
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert!(
                stderr.contains("raise --max-positions"),
                "{example}: {stderr}"
            );
        }
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
            .arg("play")
            .args(&words)
            .args(["--first", "onag"])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(output.status.success(), "{example}: {output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains("onag: "), "{example}: {text}");
    }
}

/// A partizan game of the catalogue through `value`, `moves`, `graph` and a scripted `play`:
/// the outcome agrees with who has a winning move (Left wins moving first exactly when Left
/// has a move to a position >= 0), `moves` marks exactly the moves `value` lists, `graph` is
/// refused in one line, and play ends cleanly.
fn partizan_in_every_subcommand(words: &[&str]) {
    let example = words.join(" ");
    let mut value = vec!["value"];
    value.extend(words);
    value.extend(["--json", "--max-moves", "1000"]);
    let report = json(&value);
    let outcome = report["outcome"].as_str().unwrap();
    let left = report["left_moves"].as_array().unwrap();
    let right = report["right_moves"].as_array().unwrap();
    assert_eq!(!left.is_empty(), ["L", "N"].contains(&outcome), "{example}");
    assert_eq!(
        !right.is_empty(),
        ["R", "N"].contains(&outcome),
        "{example}"
    );
    let mut moves = vec!["moves"];
    moves.extend(words);
    moves.extend(["--json", "--max-moves", "1000"]);
    let listed = json(&moves);
    assert_eq!(listed["outcome"], report["outcome"], "{example}");
    for side in ["left", "right"] {
        let marked: Vec<&serde_json::Value> = listed[format!("{side}_moves")]
            .as_array()
            .unwrap()
            .iter()
            .filter(|entry| entry["winning"] == true)
            .map(|entry| &entry["position"])
            .collect();
        let expected: Vec<&serde_json::Value> = report[format!("{side}_moves")]
            .as_array()
            .unwrap()
            .iter()
            .collect();
        assert_eq!(marked, expected, "{example} {side}");
    }
    // The graph's start is the position valued, with its form, or the graph is refused for
    // its size with the flag to raise.
    let mut graph = vec!["graph"];
    graph.extend(words);
    graph.push("--json");
    let output = onag(&graph);
    if output.status.success() {
        let drawn: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(drawn["nodes"][0]["form"], report["form"], "{example}");
    } else {
        assert_eq!(output.status.code(), Some(2), "{example}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("--max-positions"), "{example}: {stderr}");
    }
    // The pruned search finds the outcome the form has.
    let mut searched = vec!["value"];
    searched.extend(words);
    searched.extend(["--search", "--json"]);
    assert_eq!(json(&searched)["outcome"], report["outcome"], "{example}");
    for side in ["left", "right"] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
            .arg("play")
            .args(words)
            .args(["--first", "onag", "--as", side])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(output.status.success(), "{example}: {output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.contains("onag (") || text.contains("onag has no move"),
            "{example}: {text}"
        );
    }
}

#[test]
fn an_error_on_a_long_input_is_one_short_line() {
    // A board of 3,000 cells, a code of 3,000 digits, a heap of 3,000 digits: the error names
    // the input by its start, its end and its length, not by all of it.
    let board = format!("{}x", ".".repeat(3000));
    let code = format!("octal:0.{}x", "7".repeat(3000));
    let heap = "9".repeat(3000);
    for arguments in [
        vec!["value", "cram", board.as_str()],
        vec!["value", code.as_str(), "3"],
        vec!["value", "nim", heap.as_str()],
        // The command line's own errors too.
        vec!["value", "nim", "3", "--max-moves", heap.as_str()],
        vec![board.as_str()],
    ] {
        let output = onag(&arguments);
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.len() < 300, "{stderr}");
        assert!(stderr.contains("characters)"), "{stderr}");
    }
}
