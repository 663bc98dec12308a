//! The program on games with cycles and graph files, as a user runs it: values against
//! tests/oracles/loopy_games.json, every graph format, one-line errors, and draws in play.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::{cgt, fails, json};

/// Writes `text` to a file of the temporary directory named after this process and `name`.
fn file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("cgt-loopy-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `cgt play` with `script` as its input; its whole output.
fn play(arguments: &[&str], script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .arg("play")
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn windup_values_through_the_program() {
    // cgt-tools' WindUp(7, {1,2,5}) and WindUp(5, {1,3}) rows.
    let oracle = common::oracle("loopy_games.json");
    for (game, case) in [("windup:7:1,2,5", 0), ("windup:5:1,3", 2)] {
        let values = oracle["windup"]["cases"][case]["values"]
            .as_array()
            .unwrap();
        for (position, expected) in values.iter().enumerate() {
            let expected = expected
                .as_str()
                .unwrap()
                .replace('(', "{")
                .replace(')', "}");
            let report = json(&["value", game, &position.to_string(), "--json"]);
            assert_eq!(report["value"], expected.as_str(), "{game} {position}");
        }
    }
    let report = json(&["value", "windup:5:1,3", "2", "--json", "--ascii"]);
    assert_eq!(report["value"], "inf{0}");
    assert_eq!(report["escape_set"], serde_json::json!([0]));
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["grundy"], serde_json::Value::Null);
    // 2 -> 4 (a P-position), then 4 has only moves to N-positions; the fastest win is 2 -> 4.
    assert_eq!(report["winning_moves"], serde_json::json!([[4]]));
}

#[test]
fn graph_files_in_every_format() {
    let dot = file(
        "tiny.dot",
        "digraph {\n  v -> v;\n  v -> t;\n  a -> b -> a\n}\n",
    );
    let json_file = file(
        "tiny.json",
        r#"{"edges": [["v", "v"], ["v", "t"], ["a", "b"], ["b", "a"]]}"#,
    );
    let list = file("tiny.txt", "v v\nv t\na b\nb a\n");
    for path in [&dot, &json_file, &list] {
        let report = json(&["value", "--graph", path, "v", "--json"]);
        assert_eq!(report["value"], "∞{0}", "{path}");
        assert_eq!(report["outcome"], "N", "{path}");
        assert_eq!(report["remoteness"], 1, "{path}");
        assert_eq!(
            report["winning_moves"],
            serde_json::json!([["t"]]),
            "{path}"
        );
        // v + v is a draw by the sum rule; its drawing moves keep one token on v.
        let sum = json(&["value", "--graph", path, "v", "v", "--json"]);
        assert_eq!(sum["value"], "∞", "{path}");
        assert_eq!(sum["outcome"], "D", "{path}");
        assert_eq!(
            sum["drawing_moves"],
            serde_json::json!([["v", "v"], ["v", "v"]])
        );
        // Every vertex, when none is named.
        let every = json(&["value", "--graph", path, "--json"]);
        let listed: Vec<String> = every["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|vertex| {
                format!(
                    "{}={}",
                    vertex["vertex"].as_str().unwrap(),
                    vertex["value"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(listed, ["v=∞{0}", "t=0", "a=∞", "b=∞"], "{path}");
        let graph = json(&["graph", "--graph", path, "--format", "json"]);
        assert_eq!(graph["nodes"].as_array().unwrap().len(), 4, "{path}");
        assert_eq!(graph["edges"].as_array().unwrap().len(), 4, "{path}");
    }
    let dot_text = String::from_utf8(cgt(&["graph", "--graph", &dot, "a"]).stdout).unwrap();
    assert!(dot_text.contains("style=\"bold,dashed\""), "{dot_text}");
    let svg = cgt(&["graph", "--graph", &dot, "v", "--format", "svg"]);
    assert!(svg.status.success());
    let moves = String::from_utf8(cgt(&["moves", "--graph", &dot, "a", "v"]).stdout).unwrap();
    assert!(moves.contains("a -> b"), "{moves}");
    assert!(moves.contains("<- keeps the draw"), "{moves}");
}

#[test]
fn bad_graph_files_and_positions_get_one_line() {
    let broken = file("broken.dot", "digraph {\n  a -> b\n  b -> \n}\n");
    fails(
        &["value", "--graph", &broken, "a"],
        "line 3: expected a vertex after the edge",
    );
    let list = file("broken.txt", "a b\na b c\n");
    fails(
        &["value", "--graph", &list, "a"],
        "line 2: expected FROM TO",
    );
    let good = file("good.txt", "a b\n");
    fails(&["value", "--graph", &good, "z"], "no vertex of that name");
    fails(&["play", "--graph", &good], "name the vertices");
    fails(
        &["value", "--graph", "/nonexistent/graph.dot", "a"],
        "cannot read /nonexistent/graph.dot",
    );
    fails(&["value", "windup:0:1", "0"], "at least one hour");
    fails(&["value", "windup:5:1", "5"], "from 0 to 4");
    fails(
        &["value", "loopy-subtraction:2,-1", "3"],
        "loopy-subtraction:2,-1/20",
    );
    fails(
        &["value", "square-but-one", "3", "--misere"],
        "misère play of games with cycles",
    );
    // An unbounded reach stops at the positions budget, named by its flag.
    fails(
        &[
            "value",
            "loopy-subtraction:-1/100000000",
            "0",
            "--max-positions",
            "1000",
        ],
        "raise --max-positions",
    );
}

#[test]
fn play_claims_draws_in_repeated_d_positions() {
    // Square-But-One 2 is a draw (the oracle's D list); cgt keeps it by 2 -> 3, the player
    // answers 3 -> 2, and cgt, to move again in 2, claims the draw.
    let transcript = play(&["square-but-one", "2", "--first", "cgt"], "1 2\n");
    assert!(
        transcript.contains("cgt: add one: 2 -> 3, which keeps the draw"),
        "{transcript}"
    );
    assert!(transcript.contains("cgt claims a draw"), "{transcript}");
    // The player may claim it too, in a position met before with them to move.
    let transcript = play(&["square-but-one", "3"], "draw\n1 2\ndraw\n");
    assert!(
        transcript.contains("A draw can be claimed only"),
        "{transcript}"
    );
    assert!(transcript.contains("Draw claimed"), "{transcript}");
}

#[test]
fn play_wins_a_won_loopy_game_without_going_round() {
    // WindUp(5, {1,3}) with tokens on 2 and 4: ∞{0} + 0 = ∞{0}, an N-position (the oracle's
    // row). Whatever the player answers, cgt wins, never going round the clock for ever.
    for script in ["1 1\n1 3\n2 3\n1 0\n2 1\n", "2 1\n2 0\n1 1\n1 3\n2 3\n"] {
        let mut input = script.repeat(20);
        input.push_str("quit\n");
        let transcript = play(&["windup:5:1,3", "2", "4", "--first", "cgt"], &input);
        assert!(
            transcript.contains("You have no move left: cgt made the last move. cgt wins."),
            "{transcript}"
        );
    }
}
