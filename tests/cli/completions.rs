//! `onag completions`: a script for each shell; and no argument list makes `onag` panic.

use crate::common::{json, onag};

use std::process::Command;

use proptest::prelude::*;

#[test]
fn completions_are_generated_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let output = onag(&["completions", shell]);
        assert!(output.status.success());
        let script = String::from_utf8(output.stdout).unwrap();
        assert!(
            script.contains("sequence") && script.contains("play"),
            "{shell}"
        );
        // The game names come from the catalogue, so every game completes (clap_complete's
        // fish scripts complete options and subcommands only, not positional values).
        if shell == "fish" {
            continue;
        }
        for game in json(&["games", "--json"])["games"].as_array().unwrap() {
            let name = game["name"].as_str().unwrap();
            assert!(script.contains(name), "{shell}: {name}");
        }
    }
    assert_eq!(onag(&["completions", "tcsh"]).status.code(), Some(2));
}

/// A word the parser may meet: pieces of the grammar, numbers, and arbitrary text.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "value",
            "moves",
            "sequence",
            "graph",
            "games",
            "play",
            "completions",
            "nim",
            "kayles",
            "grundy",
            "lasker",
            "split-nim",
            "bash:",
            "octal:0.",
            "tb:4!.",
            "subtraction:",
            "allbut:",
            "--json",
            "--to",
            "--table",
            "--summary",
            "--format",
            "--max-positions",
            "--first",
            "-1",
            "0",
            "18446744073709551616",
            ",",
            "[",
            "!",
            ".",
        ])
        .prop_map(str::to_string),
        "[0-9]{1,3}",
        "\\PC{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn no_argument_list_makes_onag_panic(words in prop::collection::vec(word(), 0..6)) {
        let mut arguments: Vec<String> = Vec::new();
        // Glue some words together, as in bash:3 or octal:0.77.
        for word in words {
            match arguments.last_mut() {
                Some(last) if last.ends_with(':') || last.ends_with('.') => last.push_str(&word),
                _ => arguments.push(word),
            }
        }
        // Keep every run small: a heap or a sequence bound of at most 3 digits.
        let output = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(&arguments)
            .arg("--max-positions")
            .arg("100000")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let code = output.status.code();
        prop_assert!(code == Some(0) || code == Some(2), "{:?}: {:?}", arguments, output);
        let stderr = String::from_utf8_lossy(&output.stderr);
        prop_assert!(!stderr.contains("panicked"), "{:?}: {}", arguments, stderr);
        if code == Some(2) && !stderr.starts_with("Usage") {
            prop_assert!(stderr.lines().count() <= 1 || stderr.contains("Usage:"), "{}", stderr);
        }
    }
}
