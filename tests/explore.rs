//! `cgt moves`, `cgt graph`, `cgt sequence --plot` and `cgt completions` run as processes, their
//! outputs parsed back and checked against independent values.

mod common;

use common::{cgt, json};

use std::collections::HashMap;
use std::process::Command;

use proptest::prelude::*;

#[test]
fn moves_of_kayles_are_valued_by_oeis_a002186() {
    let kayles = common::oracle_values("kayles_0.77.json", "/oeis_A002186/terms");
    let report = json(&["moves", "kayles", "9", "5", "--json"]);
    assert_eq!(report["grundy"].as_u64(), Some(kayles[9] ^ kayles[5]));
    let moves = report["moves"].as_array().unwrap();
    // From a row of n: take 1 leaving a + b = n - 1, or 2 leaving a + b = n - 2.
    let splits = |n: u64| {
        (1..=2)
            .filter(|&k| k <= n)
            .map(move |k| (n - k) / 2 + 1)
            .sum::<u64>()
    };
    assert_eq!(moves.len() as u64, splits(9) + splits(5));
    for entry in moves {
        let position = common::whole_numbers(&entry["position"]);
        let expected = position
            .iter()
            .fold(0, |sum, &heap| sum ^ kayles[heap as usize]);
        assert_eq!(entry["grundy"].as_u64(), Some(expected), "{entry}");
        assert_eq!(entry["winning"].as_bool(), Some(expected == 0));
    }
}

#[test]
fn graph_dot_parses_back_to_the_nim_state_graph() {
    let output = cgt(&["graph", "nim", "2", "1", "--format", "dot"]);
    assert!(output.status.success());
    let dot = String::from_utf8(output.stdout).unwrap();
    let mut labels = HashMap::new();
    let mut edges = Vec::new();
    for line in dot.lines().map(str::trim) {
        if let Some((from, to)) = line
            .strip_suffix(';')
            .and_then(|line| line.split_once(" -> "))
        {
            edges.push((from.to_string(), to.to_string()));
        } else if let Some((id, rest)) = line.split_once(" [label=\"") {
            let label = rest.split('"').next().unwrap().to_string();
            labels.insert(id.to_string(), (label, rest.contains("doublecircle")));
        }
    }
    // Positions are canonical (heaps sorted, no empty heaps): the multisets below {1, 2} are
    // {1, 2}, {1, 1}, {2}, {1} and {}, with the moves {1,2} -> {2}, {1,1}, {1}; {1,1} -> {1};
    // {2} -> {1}, {}; {1} -> {}: 7 edges, a move to one position counted once.
    assert_eq!(labels.len(), 5);
    assert_eq!(edges.len(), 7);
    for (label, p_position) in labels.values() {
        let (position, value) = label.split_once("\\n").unwrap();
        let heaps: Vec<u64> = position
            .split(' ')
            .filter_map(|heap| heap.parse().ok())
            .collect();
        let xor = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        let expected = match xor {
            0 => "0".to_string(),
            1 => "*".to_string(),
            n => format!("*{n}"),
        };
        assert_eq!(value, expected, "{label}");
        assert_eq!(*p_position, xor == 0, "{label}");
    }
    for (from, to) in &edges {
        assert!(labels.contains_key(from) && labels.contains_key(to));
    }
}

#[test]
fn graph_json_and_svg_and_its_limit() {
    let report = json(&["graph", "subset-nim:1,3,4", "7", "--format", "json"]);
    // Ferguson 1.4: P-positions of S = {1, 3, 4} are n mod 7 in {0, 2}.
    for node in report["nodes"].as_array().unwrap() {
        let n = node["position"][0].as_u64().unwrap_or(0);
        let p = n % 7 == 0 || n % 7 == 2;
        assert_eq!(node["outcome"], if p { "P" } else { "N" }, "{node}");
    }
    let output = cgt(&["graph", "kayles", "4", "--format", "svg"]);
    let svg = String::from_utf8(output.stdout).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let refused = cgt(&["graph", "nim", "30", "30", "--max-positions", "50"]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(stderr.contains("raise --max-positions"), "{stderr}");
}

#[test]
fn misere_graphs_label_positions_with_conways_misere_values() {
    // Misère Nim is tame (Conway, ONAG ch. 12; Winning Ways ch. 13): g⁻ is the nim-sum while a
    // heap holds two or more, and with heaps of 0 and 1 alone it is 1 for an even number of
    // ones, 0 for an odd number (Bouton's misère rule: tests/oracles/misere.json).
    let report = json(&[
        "graph", "nim", "3", "2", "1", "--misere", "--format", "json",
    ]);
    assert_eq!(report["play"], "misere");
    let nodes = report["nodes"].as_array().unwrap();
    // Every position reached: heaps of at most 3, 2 and 1, as sorted sets of heaps.
    let mut reached = std::collections::BTreeSet::new();
    for (a, b, c) in
        (0..=3).flat_map(|a| (0..=2).flat_map(move |b| (0..=1).map(move |c| (a, b, c))))
    {
        let mut heaps: Vec<u64> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        reached.insert(heaps);
    }
    assert_eq!(nodes.len(), reached.len());
    for node in nodes {
        let heaps = common::whole_numbers(&node["position"]);
        let xor = heaps.iter().fold(0, |x, &h| x ^ h);
        let expected = if heaps.iter().all(|&h| h <= 1) {
            1 - xor
        } else {
            xor
        };
        assert_eq!(node["misere"].as_u64(), Some(expected), "{node}");
        assert_eq!(node["value"], format!("g⁻ = {expected}"), "{node}");
        assert_eq!(
            node["outcome"],
            if expected == 0 { "P" } else { "N" },
            "{node}"
        );
        assert!(node.get("grundy").is_none(), "{node}");
    }
    // A draw in misère play: a vertex on a cycle whose only way out is a move to a position
    // with no move (which hands the win to the opponent) never ends.
    let file = std::env::temp_dir().join(format!("cgt-misere-cycle-{}.txt", std::process::id()));
    std::fs::write(&file, "a b\nb c\nc a\nb d\n").unwrap();
    let output = cgt(&["graph", "--graph", file.to_str().unwrap(), "--misere"]);
    std::fs::remove_file(&file).unwrap();
    assert!(output.status.success());
    let dot = String::from_utf8(output.stdout).unwrap();
    assert!(dot.contains("misère play"), "{dot}");
    for vertex in ["a", "b", "c"] {
        let line = dot
            .lines()
            .find(|line| line.contains(&format!("label=\"{vertex}\\n")))
            .expect("every vertex drawn");
        assert!(line.contains("dashed"), "{line}");
    }
    let terminal = dot
        .lines()
        .find(|line| line.contains("label=\"d\\n"))
        .unwrap();
    // d has no move: the player to move there has won, g⁻ = 1, written as the number it is.
    assert!(terminal.contains("label=\"d\\ng⁻ = 1\""), "{terminal}");
    let svg = String::from_utf8(cgt(&["graph", "nim", "2", "--misere", "--format", "svg"]).stdout)
        .unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert!(
        document
            .descendants()
            .any(|node| node.text().is_some_and(|t| t.contains("g⁻")))
    );
}

#[test]
fn graphs_drawn_with_ascii_hold_no_other_character() {
    // Draws (∞), the empty position (∅ in SVG) and the misère caption (g⁻) are all met here;
    // without --ascii the drawing has them, with it none is left.
    for format in ["dot", "svg", "json"] {
        for misere in [false, true] {
            let mut arguments = vec!["graph", "loopy-subtraction:2,-1/6", "3", "--format", format];
            if misere {
                arguments.push("--misere");
            }
            let plain = String::from_utf8(cgt(&arguments).stdout).unwrap();
            assert!(!plain.is_ascii(), "{format} {misere}: {plain}");
            arguments.push("--ascii");
            let ascii = String::from_utf8(cgt(&arguments).stdout).unwrap();
            assert!(ascii.is_ascii(), "{format} {misere}: {ascii}");
            assert!(ascii.contains("inf"), "{format} {misere}: {ascii}");
        }
    }
}

#[test]
fn plot_is_well_formed_svg_with_the_values_and_the_period() {
    let expected =
        common::oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let svg = String::from_utf8(common::plot("kayles", 600, "svg")).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let points: Vec<(usize, u64)> = document
        .descendants()
        .filter(|node| node.has_tag_name("circle"))
        .map(|node| {
            (
                node.attribute("data-n").unwrap().parse().unwrap(),
                node.attribute("data-g").unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(points.len(), 601);
    for (n, value) in points {
        assert_eq!(value, expected[n], "G({n})");
    }
    let marks = |class: &str| {
        document
            .descendants()
            .any(|node| node.attribute("class") == Some(class))
    };
    assert!(marks("preperiod") && marks("period"));
    assert!(svg.contains("period 12"));
    let refused = cgt(&["sequence", "kayles", "--to", "10", "--plot", "out.gif"]);
    assert_eq!(refused.status.code(), Some(2));
    // The PNG is a real 900 x 460 image: its signature and header say so.
    let bytes = common::plot("kayles", 600, "png");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[16..24], &[0, 0, 3, 132, 0, 0, 1, 204]);
}

#[test]
fn completions_are_generated_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let output = cgt(&["completions", shell]);
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
    assert_eq!(cgt(&["completions", "tcsh"]).status.code(), Some(2));
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
    fn no_argument_list_makes_cgt_panic(words in prop::collection::vec(word(), 0..6)) {
        let mut arguments: Vec<String> = Vec::new();
        // Glue some words together, as in bash:3 or octal:0.77.
        for word in words {
            match arguments.last_mut() {
                Some(last) if last.ends_with(':') || last.ends_with('.') => last.push_str(&word),
                _ => arguments.push(word),
            }
        }
        // Keep every run small: a heap or a sequence bound of at most 3 digits.
        let output = Command::new(env!("CARGO_BIN_EXE_cgt"))
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
