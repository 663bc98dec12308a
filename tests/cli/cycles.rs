//! The program on games with cycles and graph files, as a user runs it: values against
//! tests/oracles/loopy_games.json, every graph format, one-line errors, and draws in play.

use std::collections::HashMap;

use serde_json::Value;

use crate::common::{Scratch, fails, json, onag};

/// Writes `text` to the file `name` of the test's scratch folder; its path.
fn file(scratch: &Scratch, name: &str, text: &str) -> String {
    scratch.file(name, text).to_str().unwrap().to_string()
}

/// `onag play` with `script` as its input; its whole output.
fn play(arguments: &[&str], script: &str) -> String {
    let output = crate::common::play_script(arguments, script);
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn windup_values_through_the_program() {
    // cgt-tools' WindUp(7, {1,2,5}) and WindUp(5, {1,3}) rows.
    let oracle = crate::common::oracle("loopy_games.json");
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
    let scratch = Scratch::new("loopy");
    let dot = file(
        &scratch,
        "tiny.dot",
        "digraph {\n  v -> v;\n  v -> t;\n  a -> b -> a\n}\n",
    );
    let json_file = file(
        &scratch,
        "tiny.json",
        r#"{"edges": [["v", "v"], ["v", "t"], ["a", "b"], ["b", "a"]]}"#,
    );
    let list = file(&scratch, "tiny.txt", "v v\nv t\na b\nb a\n");
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
    let dot_text = String::from_utf8(onag(&["graph", "--graph", &dot, "a"]).stdout).unwrap();
    assert!(dot_text.contains("style=\"bold,dashed\""), "{dot_text}");
    let svg = onag(&["graph", "--graph", &dot, "v", "--format", "svg"]);
    assert!(svg.status.success());
    let moves = String::from_utf8(onag(&["moves", "--graph", &dot, "a", "v"]).stdout).unwrap();
    assert!(moves.contains("a -> b"), "{moves}");
    assert!(moves.contains("<- keeps the draw"), "{moves}");
}

#[test]
fn bad_graph_files_and_positions_get_one_line() {
    let scratch = Scratch::new("loopy");
    let broken = file(&scratch, "broken.dot", "digraph {\n  a -> b\n  b -> \n}\n");
    fails(
        &["value", "--graph", &broken, "a"],
        "line 3: expected a vertex after the edge",
    );
    let list = file(&scratch, "broken.txt", "a b\na b c\n");
    fails(
        &["value", "--graph", &list, "a"],
        "line 2: expected FROM TO",
    );
    let good = file(&scratch, "good.txt", "a b\n");
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
    // Square-But-One 2 is a draw (the oracle's D list); onag keeps it by 2 -> 3, the player
    // answers 3 -> 2, and onag, to move again in 2, claims the draw.
    let transcript = play(&["square-but-one", "2", "--first", "onag"], "1 2\n");
    assert!(
        transcript.contains("onag: add one: 2 -> 3, which keeps the draw"),
        "{transcript}"
    );
    assert!(transcript.contains("onag claims a draw"), "{transcript}");
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
    // row). Whatever the player answers, onag wins, never going round the clock for ever.
    for script in ["1 1\n1 3\n2 3\n1 0\n2 1\n", "2 1\n2 0\n1 1\n1 3\n2 3\n"] {
        let mut input = script.repeat(20);
        input.push_str("quit\n");
        let transcript = play(&["windup:5:1,3", "2", "4", "--first", "onag"], &input);
        assert!(
            transcript.contains("You have no move left: onag made the last move. onag wins."),
            "{transcript}"
        );
    }
}

/// A whole position of a sum: one heap, hour or vertex number a component.
type Whole = Vec<u64>;

/// The rule of a game on one component: the components one move away.
type Rule<'a> = &'a dyn Fn(u64) -> Vec<u64>;

/// Misère outcomes ('P', 'N' or 'D') of every whole position (a vector of components) reachable
/// from `start`, by the plain fixpoint, written here apart from the program: a position with
/// no move is won by the player to move (N); one with a move to a P-position is N; one whose
/// moves all reach N-positions is P; what no round settles is a draw.
fn misere_brute_force(
    moves: Rule,
    start: &[u64],
) -> (HashMap<Whole, char>, HashMap<Whole, Vec<Whole>>) {
    let mut options: HashMap<Whole, Vec<Whole>> = HashMap::new();
    let mut order = vec![start.to_vec()];
    let mut next = 0;
    while next < order.len() {
        let position = order[next].clone();
        next += 1;
        let mut reached = Vec::new();
        for (index, &part) in position.iter().enumerate() {
            for moved in moves(part) {
                let mut after = position.clone();
                after[index] = moved;
                reached.push(after);
            }
        }
        for after in &reached {
            if !options.contains_key(after) && !order.contains(after) {
                order.push(after.clone());
            }
        }
        options.insert(position, reached);
    }
    let mut label: HashMap<Whole, char> = HashMap::new();
    loop {
        let mut changed = false;
        for position in &order {
            if label.contains_key(position) {
                continue;
            }
            let reached = &options[position];
            let found = if reached.is_empty() || reached.iter().any(|q| label.get(q) == Some(&'P'))
            {
                Some('N')
            } else if reached.iter().all(|q| label.get(q) == Some(&'N')) {
                Some('P')
            } else {
                None
            };
            if let Some(outcome) = found {
                label.insert(position.clone(), outcome);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for position in order {
        label.entry(position).or_insert('D');
    }
    (label, options)
}

/// The positions listed under `key` of a JSON report, sorted.
fn positions(report: &Value, key: &str) -> Vec<Vec<u64>> {
    let mut listed: Vec<Vec<u64>> = report[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} in {report}"))
        .iter()
        .map(|position| {
            position
                .as_array()
                .unwrap()
                .iter()
                .map(|part| part.as_u64().unwrap())
                .collect()
        })
        .collect();
    listed.sort();
    listed
}

#[test]
fn misere_play_of_games_with_cycles_agrees_with_a_brute_force() {
    let square_but_one = |n: u64| {
        let mut moves: Vec<u64> = (1..=n)
            .take_while(|k| k * k <= n)
            .map(|k| n - k * k)
            .collect();
        if n > 0 && n % 2 == 0 {
            moves.push(n + 1);
        }
        moves
    };
    let windup = |hours: u64, back: &'static [u64]| {
        move |p: u64| -> Vec<u64> {
            if p == 0 {
                Vec::new()
            } else {
                back.iter()
                    .map(|s| (p + hours - s % hours) % hours)
                    .collect()
            }
        }
    };
    let loopy_subtraction = |n: u64| -> Vec<u64> {
        // S = {2, -1}, MAX = 9: take 2, or add 1, staying within 0..=9.
        [n.checked_sub(2), (n < 9).then_some(n + 1)]
            .into_iter()
            .flatten()
            .collect()
    };
    let mut starts: Vec<(&str, Rule, Whole)> = Vec::new();
    for a in 0..=15 {
        starts.push(("square-but-one", &square_but_one, vec![a]));
    }
    for a in 0..=7 {
        for b in a..=7 {
            starts.push(("square-but-one", &square_but_one, vec![a, b]));
        }
    }
    starts.push(("square-but-one", &square_but_one, vec![2, 5, 6]));
    let four = windup(4, &[2]);
    let seven = windup(7, &[1, 2, 5]);
    for a in 0..4 {
        for b in a..4 {
            starts.push(("windup:4:2", &four, vec![a, b]));
        }
    }
    for a in 0..7 {
        starts.push(("windup:7:1,2,5", &seven, vec![a, 3]));
    }
    for a in 0..=9 {
        starts.push(("loopy-subtraction:2,-1/9", &loopy_subtraction, vec![a]));
    }
    let mut seen = HashMap::new();
    for (game, moves, start) in &starts {
        let (outcomes, options) = misere_brute_force(*moves, start);
        let heaps: Vec<String> = start.iter().map(u64::to_string).collect();
        let mut arguments = vec!["value", game];
        arguments.extend(heaps.iter().map(String::as_str));
        arguments.extend(["--misere", "--json", "--max-moves", "100"]);
        let report = json(&arguments);
        let outcome = outcomes[start];
        *seen.entry(outcome).or_insert(0) += 1;
        assert_eq!(report["outcome"], outcome.to_string(), "{arguments:?}");
        let of = |wanted: char| {
            let mut found: Vec<Vec<u64>> = options[start]
                .iter()
                .filter(|after| outcomes[*after] == wanted)
                .cloned()
                .collect();
            found.sort();
            found
        };
        assert_eq!(
            positions(&report, "winning_moves"),
            of('P'),
            "{arguments:?}"
        );
        if outcome == 'D' {
            assert_eq!(
                positions(&report, "drawing_moves"),
                of('D'),
                "{arguments:?}"
            );
        } else {
            assert!(report.get("drawing_moves").is_none(), "{arguments:?}");
        }
        // `moves --misere` marks each move with the outcome it leaves.
        arguments[0] = "moves";
        let listed = json(&arguments);
        for row in listed["moves"].as_array().unwrap() {
            let after: Vec<u64> = row["position"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_u64().unwrap())
                .collect();
            assert_eq!(
                row["outcome"],
                outcomes[&after].to_string(),
                "{arguments:?} {row}"
            );
        }
    }
    // The positions tried hold all three outcomes.
    assert!(
        seen.len() == 3 && seen.values().all(|&count| count >= 5),
        "{seen:?}"
    );
}

#[test]
fn misere_outcomes_of_a_graph_file_worked_by_hand() {
    let scratch = Scratch::new("loopy");
    // a and b point at each other and b at c. Normal play: c is lost by the player to move,
    // so b wins (to c) and a loses (0, *, 0). Misère: c is won by the player to move, so
    // nobody at b moves to c; a and b go round for ever: D, D, N.
    let cycle = file(&scratch, "misere-cycle.txt", "a b\nb a\nb c\n");
    let report = json(&["value", "--graph", &cycle, "--misere", "--json"]);
    let listed: Vec<String> = report["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            format!(
                "{}={}",
                v["vertex"].as_str().unwrap(),
                v["outcome"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(listed, ["a=D", "b=D", "c=N"]);
    let normal = json(&["value", "--graph", &cycle, "--json"]);
    assert_eq!(normal["vertices"][0]["outcome"], "P");
    let b = json(&["value", "--graph", &cycle, "b", "--misere", "--json"]);
    assert_eq!(b["drawing_moves"], serde_json::json!([["a"]]));
    // A path x -> y -> z without cycles: misère N, P, N, the normal outcomes swapped.
    let path = file(&scratch, "misere-path.txt", "x y\ny z\n");
    let report = json(&["value", "--graph", &path, "--misere", "--json"]);
    let outcomes: Vec<&str> = report["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["N", "P", "N"]);
    let text = String::from_utf8(onag(&["value", "--graph", &path, "--misere"]).stdout).unwrap();
    assert!(text.contains("misère play"), "{text}");
    // Two tokens on x, worked through the sum's six positions: z + z (no move: N), z + y (its
    // one move reaches z + z: P), z + x and y + y (each reaches z + y: N), y + x (reaches only
    // those: P), x + x (reaches y + x: N), won by moving a token to y.
    let sum = json(&["value", "--graph", &path, "x", "x", "--misere", "--json"]);
    assert_eq!(sum["outcome"], "N");
    assert_eq!(
        sum["winning_moves"],
        serde_json::json!([["y", "x"], ["x", "y"]])
    );
}

#[test]
fn misere_play_of_a_game_with_cycles_wins_and_keeps_draws() {
    // Square-But-One 6 + 9 is a misère N-position (the brute force above, and by hand: 9 -> 5
    // leaves 6 + 5). Whatever the player answers, onag wins, never going round for ever.
    for script in [
        "1 5\n1 2\n2 1\n1 7\n2 0\n1 0\n",
        "2 4\n1 7\n2 8\n1 3\n2 0\n1 2\n1 0\n",
    ] {
        let mut input = script.repeat(20);
        input.push_str("quit\n");
        let transcript = play(
            &["square-but-one", "6", "9", "--misere", "--first", "onag"],
            &input,
        );
        assert!(
            transcript.contains("onag has no move left: you made the last move, which loses in misère play. onag wins."),
            "{transcript}"
        );
    }
    // WindUp(4, {2}): 2 leads only to 0, which in misère play the player to move has won, so 2
    // is a P-position; 1 and 3 lead only to each other, a draw. From 1 onag keeps it, and claims
    // it when 1 comes back with onag to move.
    let transcript = play(&["windup:4:2", "1", "--misere", "--first", "onag"], "1 1\n");
    assert!(
        transcript.contains("(misère D, a draw with best play)"),
        "{transcript}"
    );
    assert!(transcript.contains("which keeps the draw"), "{transcript}");
    assert!(transcript.contains("onag claims a draw"), "{transcript}");
}

/// A graph file of short names makes a graph many times its size: the graph is counted as it
/// is read, against a quarter of --max-memory, and the solution gets what it leaves. A path
/// of 20,000 vertices (a 200 KB file, about 4 MB as a graph) under 8 MiB was read whole (the
/// file is within its quarter) and solved; 2 million vertices held 692 MB under 256 MiB.
#[test]
fn a_graph_file_is_counted_against_the_memory_budget() {
    let scratch = Scratch::new("loopy");
    let text: String = (0..20_000).map(|v| format!("{v} {}\n", v + 1)).collect();
    let path = file(&scratch, "long-path", &text);
    fails(
        &["value", "--graph", &path, "--max-memory", "8M"],
        "takes more than a quarter of --max-memory",
    );
    // Roomy: the path's end has no move (P); the vertex before it moves there (N).
    let report = json(&[
        "value",
        "--graph",
        &path,
        "20000",
        "--max-memory",
        "64M",
        "--json",
    ]);
    assert_eq!(report["outcome"], "P");
    let report = json(&[
        "value",
        "--graph",
        &path,
        "19999",
        "--max-memory",
        "64M",
        "--json",
    ]);
    assert_eq!(report["outcome"], "N");
}
