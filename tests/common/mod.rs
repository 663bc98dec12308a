//! Helpers shared by the integration tests: reading the oracle tables.

#![allow(dead_code)]

use std::process::{Command, Output};

use serde_json::Value;

/// The parsed oracle file `name` from `tests/oracles/`.
pub fn oracle(name: &str) -> Value {
    let path = format!("{}/tests/oracles/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The array at `pointer` (a JSON pointer) of oracle `name`, as numbers.
pub fn oracle_values(name: &str, pointer: &str) -> Vec<u64> {
    let oracle = oracle(name);
    let array = oracle
        .pointer(pointer)
        .unwrap_or_else(|| panic!("{name} has no {pointer}"));
    whole_numbers(array)
}

/// A JSON array of whole numbers, as numbers.
pub fn whole_numbers(array: &Value) -> Vec<u64> {
    array
        .as_array()
        .unwrap_or_else(|| panic!("{array} is not an array"))
        .iter()
        .map(|value| value.as_u64().expect("a whole number"))
        .collect()
}

/// Runs the `cgt` binary with `arguments`.
pub fn cgt(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(arguments)
        .output()
        .expect("the cgt binary runs")
}

/// Runs `cgt` and parses its one line of JSON, asserting success.
pub fn json(arguments: &[&str]) -> Value {
    let output = cgt(arguments);
    assert!(output.status.success(), "{arguments:?}: {output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8 output");
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).expect("JSON output")
}

/// Runs `cgt sequence GAME --to LAST --plot FILE.EXTENSION --summary` and returns the file.
pub fn plot(game: &str, last: u64, extension: &str) -> Vec<u8> {
    let path = std::env::temp_dir().join(format!("cgt-plot-{}.{extension}", std::process::id()));
    let path_text = path.to_str().expect("a UTF-8 temporary path");
    let last = last.to_string();
    let output = cgt(&[
        "sequence",
        game,
        "--to",
        &last,
        "--plot",
        path_text,
        "--summary",
    ]);
    assert!(output.status.success(), "{output:?}");
    let bytes = std::fs::read(&path).expect("the plot was written");
    std::fs::remove_file(&path).ok();
    bytes
}
