//! The partizan games of the catalogue on the command line: `onag value`, `moves`, `play` and
//! `thermograph`, against published values (each cited) and rules checked by hand.

use crate::common::{fails, json, onag, play_script};

#[test]
fn value_prints_cgsuites_form_and_each_players_winning_moves() {
    // CGSuite's documented value of the 4 x 4 board (aaron-siegel/cgsuite, GameGridTest).
    let report = json(&["value", "domineering", "4x4", "--json"]);
    assert_eq!(report["form"], "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["left_stop"], "0");
    assert_eq!(report["right_stop"], "0");
    for key in ["temperature", "mean", "left_moves", "right_moves"] {
        assert!(report.get(key).is_some(), "{key}");
    }
    // Winning Ways ch. 5: the 2 x 2 square is +-1, temperature 1, mean 0: each player's two
    // placements both win (to 1 for Left, -1 for Right).
    let square = json(&["value", "domineering", "2x2", "--json"]);
    assert_eq!(square["form"], "+-1");
    assert_eq!(square["temperature"], "1");
    assert_eq!(square["mean"], "0");
    assert_eq!(square["left_moves"].as_array().unwrap().len(), 2);
    assert_eq!(
        square["right_moves"],
        serde_json::json!([["##/.."], ["../##"]])
    );
    // A sum: a board and its transpose cancel, whoever starts loses.
    let sum = json(&["value", "domineering", "2x3", "3x2", "--json"]);
    assert_eq!(sum["form"], "0");
    assert_eq!(sum["outcome"], "P");
    assert_eq!(sum["left_moves"], serde_json::json!([]));
    let text = String::from_utf8(onag(&["value", "domineering", "2x2"]).stdout).unwrap();
    assert!(text.contains("form:        +-1"), "{text}");
    assert!(text.contains("Left's winning moves"), "{text}");
}

#[test]
fn every_ruleset_answers_its_published_values() {
    for (arguments, form) in [
        // Winning Ways ch. 2 (sign expansion): lrr = 1/4; Erickson's HELP_TOADS: t.tf = 1/2.
        (vec!["hackenbush", "lrr"], "1/4"),
        (vec!["toads-and-frogs", "t.tf"], "1/2"),
        (vec!["toads-and-frogs", "t.f"], "*"),
        // A green stalk of 3 is *3; Snort on an edge +-1, Col on an edge 0 (Winning Ways ch. 2).
        (vec!["hackenbush", "eee"], "*3"),
        (vec!["snort", "path:2"], "+-1"),
        (vec!["col", "path:2"], "0"),
        // CGSuite's Clobber example (GameGridTest): xox/ox. = {^^*|*,v}.
        (vec!["clobber", "xox/ox."], "{^^*|*,v}"),
        // Cutcake (Winning Ways p. 25): a 1 x 8 strip is 7 to Left; 2 x 2 is 0.
        (vec!["cutcake", "1x8"], "7"),
        (vec!["cutcake", "2x2"], "0"),
        // Toppling: n blue dominoes are n.
        (vec!["toppling-dominoes", "lll"], "3"),
    ] {
        let mut command = vec!["value"];
        command.extend(&arguments);
        command.push("--json");
        assert_eq!(json(&command)["form"], form, "{arguments:?}");
    }
}

#[test]
fn moves_marks_the_winning_moves() {
    let listed = json(&["moves", "domineering", "2x3", "--json"]);
    // 2 x 3: Left's three vertical placements, Right's four horizontal ones.
    assert_eq!(listed["left_moves"].as_array().unwrap().len(), 3);
    assert_eq!(listed["right_moves"].as_array().unwrap().len(), 4);
    let text = String::from_utf8(onag(&["moves", "hackenbush", "lr"]).stdout).unwrap();
    // lr = 1/2: Left cuts the bottom (to 0, winning), Right the top (to 1, losing).
    // Each cut names its edge, numbered from the ground as `onag draw` numbers them.
    assert!(text.contains("* cut edge 1 (blue, 0-1): 0"), "{text}");
    assert!(text.contains("  cut edge 2 (red, 1-2): l"), "{text}");
}

#[test]
fn play_against_the_perfect_opponent() {
    // 2 x 2 as Right, onag first as Left: onag places a domino, leaving 1; Right has no move.
    let output = play_script(
        &["domineering", "2x2", "--as", "right", "--first", "onag"],
        "",
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    assert!(text.contains("onag (Left): vertical domino"), "{text}");
    assert!(text.contains("You have no move: onag wins."), "{text}");
    // 2 x 2 as Left moving first: Left wins whatever it plays (+-1).
    let output = play_script(&["domineering", "2x2", "--as", "left"], "1\n");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("onag has no move: you win."), "{text}");
    // A number out of range is asked again.
    let output = play_script(&["domineering", "2x2", "--as", "left"], "9\n1\n");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Type a number from 1 to 2"), "{text}");
}

#[test]
fn thermographs_of_partizan_and_impartial_positions() {
    // +-1: walls from 2 and -2 at t = -1 meet at 0 at t = 1 (Siegel, CGT, II.5).
    let report = json(&["thermograph", "domineering", "2x2", "--json"]);
    assert_eq!(report["temperature"], "1");
    assert_eq!(report["mean"], "0");
    // An impartial position is *n: temperature 0 (a Kayles row of 5 is *4, OEIS A002186).
    let report = json(&["thermograph", "kayles", "5", "--json"]);
    assert_eq!(report["form"], "*4");
    assert_eq!(report["temperature"], "0");
    let svg = onag(&["thermograph", "domineering", "2x2", "--format", "svg"]);
    assert!(svg.status.success());
    assert!(String::from_utf8(svg.stdout).unwrap().starts_with("<svg"));
}

#[test]
fn bad_partizan_input_is_one_line() {
    fails(&["value", "domineering", "12x12"], "at most 128 cells");
    fails(&["value", "toads-and-frogs", "tx.f"], "t (Left's toads)");
    fails(&["value", "hackenbush", "lqr"], "l (blue, Left's)");
    fails(&["value", "hackenbush", "3:0-1"], "colour");
    fails(&["value", "col", "path:100"], "at most 64 vertices");
    fails(&["value", "domineering", "2x2", "--misere"], "partizan");
    fails(&["graph", "domineering", "2x2", "--misere"], "partizan");
    fails(
        &["value", "domineering", "5x5", "--max-positions", "50"],
        "raise --max-positions",
    );
}

#[test]
fn the_printing_is_a_function_of_the_value_whatever_was_made_first() {
    // CGSuite's GameGridTest value of Amazons x.../o..., typed in CGSuite's order and in
    // another, and valued from the board: three processes, three histories of the table (the
    // order its forms were made in), one printing.
    let typed = |text: &str| json(&["form", text, "--json"])["form"].clone();
    let cgsuite = typed("+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}");
    let reordered = typed("+-{{4|+-{1,{2|0}},+-1,{0,{1/2|0}|v}},{4|{1|0,*},0},3}");
    let board = json(&["value", "amazons", "x.../o...", "--json"])["form"].clone();
    assert_eq!(cgsuite, reordered);
    assert_eq!(cgsuite, board);
}

#[test]
fn search_finds_who_wins_without_forms() {
    // CGSuite's 4 x 4 board is +-{...}, fuzzy: the player to move wins.
    let report = json(&["value", "domineering", "4x4", "--search", "--json"]);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["search"], true);
    assert!(report.get("form").is_none(), "{report}");
    // Winning Ways ch. 5: the 2 x 2 square is +-1; each player's two placements both win.
    let square = json(&["value", "domineering", "2x2", "--search", "--json"]);
    assert_eq!(square["outcome"], "N");
    assert_eq!(square["left_moves"].as_array().unwrap().len(), 2);
    assert_eq!(
        square["right_moves"],
        serde_json::json!([["##/.."], ["../##"]])
    );
    // A row of five cells: only Right can place, two dominoes (Winning Ways ch. 5): -2, so
    // Right wins whoever starts, and every one of Right's four placements wins.
    let row = json(&["value", "domineering", "1x5", "--search", "--json"]);
    assert_eq!(row["outcome"], "R");
    assert_eq!(row["left_moves"], serde_json::json!([]));
    assert_eq!(row["right_moves"].as_array().unwrap().len(), 4);
    // A sum searched whole: a board and its transpose cancel (G - G = 0).
    let sum = json(&["value", "domineering", "2x3", "3x2", "--search", "--json"]);
    assert_eq!(sum["outcome"], "P");
    let text =
        String::from_utf8(onag(&["value", "domineering", "2x2", "--search"]).stdout).unwrap();
    assert!(text.contains("by a pruned search"), "{text}");
    fails(
        &["moves", "domineering", "2x2", "--search"],
        "--search answers",
    );
}

#[test]
fn search_on_threads_finds_the_moves_the_forms_find() {
    // Each winning move of the search (one question a move, asked side by side) against the
    // moves the canonical forms win (a move to a position >= 0 for Left, <= 0 for Right),
    // worked out by the algebra, not by a search.
    for board in [&["3x4"][..], &["4x3"], &["..../.#../...."], &["2x3", "2x2"]] {
        let mut by_forms = vec!["value", "domineering"];
        by_forms.extend_from_slice(board);
        by_forms.push("--json");
        let forms = json(&by_forms);
        for threads in ["1", "2"] {
            let mut searched = by_forms.clone();
            searched.extend_from_slice(&["--search", "--threads", threads]);
            let found = json(&searched);
            for key in ["outcome", "left_moves", "right_moves"] {
                assert_eq!(found[key], forms[key], "{board:?} {threads} {key}");
            }
        }
    }
}

#[test]
fn graph_of_a_partizan_position() {
    // The 2 x 2 square by hand: Left's two vertical placements each leave one vertical pair
    // (1), Right's two horizontal ones one horizontal pair (-1), and each of those leaves
    // the full board (0): six positions, eight moves.
    let graph = json(&["graph", "domineering", "2x2", "--json"]);
    let nodes = graph["nodes"].as_array().unwrap();
    let edges = graph["edges"].as_array().unwrap();
    assert_eq!(nodes.len(), 6, "{graph}");
    assert_eq!(edges.len(), 8, "{graph}");
    assert_eq!(nodes[0]["form"], "+-1");
    let forms: Vec<&str> = nodes.iter().map(|n| n["form"].as_str().unwrap()).collect();
    for (form, count) in [("1", 2), ("-1", 2), ("0", 1)] {
        assert_eq!(
            forms.iter().filter(|f| **f == form).count(),
            count,
            "{forms:?}"
        );
    }
    let left = edges.iter().filter(|e| e[2] == "left").count();
    assert_eq!(left, 4);
    let dot = String::from_utf8(onag(&["graph", "domineering", "2x2"]).stdout).unwrap();
    assert!(dot.starts_with("digraph game {"), "{dot}");
    assert!(
        dot.contains("color=blue") && dot.contains("color=red"),
        "{dot}"
    );
    let svg = String::from_utf8(onag(&["graph", "domineering", "2x2", "--format", "svg"]).stdout)
        .unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("+-1"), "{svg}");
    fails(
        &["graph", "domineering", "4x4", "--max-positions", "10"],
        "more than 10 positions",
    );
}
