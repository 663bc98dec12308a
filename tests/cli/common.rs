//! Helpers shared by the program's tests: running `onag`, reading its JSON, and the oracle
//! tables and Cram boards of `onag-testkit`.

use std::process::{Command, Output};

use serde_json::Value;

pub use onag_testkit::cram::{cram_rows, cram_text, with_domino};
pub use onag_testkit::oracles::{oracle, oracle_values, whole_numbers};
pub use onag_testkit::scratch::Scratch;

/// Runs the `onag` binary with `arguments`.
pub fn onag(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(arguments)
        .output()
        .expect("the onag binary runs")
}

/// Runs `onag play arguments` with `script` piped in as the player's lines.
pub fn play_script(arguments: &[&str], script: &str) -> Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .arg("play")
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("the script");
    child.wait_with_output().expect("output")
}

/// Runs `onag` and parses its one line of JSON, asserting success.
pub fn json(arguments: &[&str]) -> Value {
    let output = onag(arguments);
    assert!(output.status.success(), "{arguments:?}: {output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8 output");
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).expect("JSON output")
}

/// Runs `onag sequence GAME --to LAST --plot FILE.EXTENSION --summary` and returns the file.
pub fn plot(game: &str, last: u64, extension: &str) -> Vec<u8> {
    // A folder of its own: tests run side by side in one process, and two plots of one
    // extension must not share a file.
    let scratch = Scratch::new("plot");
    let path = scratch.join(format!("plot.{extension}"));
    let path_text = path.to_str().expect("a UTF-8 temporary path");
    let last = last.to_string();
    let output = onag(&[
        "sequence",
        game,
        "--to",
        &last,
        "--plot",
        path_text,
        "--summary",
    ]);
    assert!(output.status.success(), "{output:?}");
    std::fs::read(&path).expect("the plot was written")
}

/// Runs `onag arguments` and asserts that it failed as the program must: status 2, one line on
/// stderr containing `needle`, no panic, nothing on stdout.
pub fn fails(arguments: &[&str], needle: &str) {
    let output = onag(arguments);
    assert_eq!(output.status.code(), Some(2), "{arguments:?}: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
    assert!(stderr.contains(needle), "{arguments:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.stdout.is_empty(), "{arguments:?}");
}

/// The lines of a `sequence --summary` but its `work:` line: the work counts a run's own
/// (a run that shares splits between threads, or resumes from a checkpoint, counts other
/// work for the same values).
pub fn without_work(stdout: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter(|line| !line.starts_with("work:"))
        .map(str::to_string)
        .collect()
}
