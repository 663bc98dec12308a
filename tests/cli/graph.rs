//! `onag graph`: state graphs in DOT, JSON and SVG parsed back and checked, misère labels,
//! and drawings in ASCII.

use crate::common::{json, onag};

use std::collections::HashMap;

#[test]
fn graph_dot_parses_back_to_the_nim_state_graph() {
    let output = onag(&["graph", "nim", "2", "1", "--format", "dot"]);
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
    let output = onag(&["graph", "kayles", "4", "--format", "svg"]);
    let svg = String::from_utf8(output.stdout).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let refused = onag(&["graph", "nim", "30", "30", "--max-positions", "50"]);
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
        let heaps = crate::common::whole_numbers(&node["position"]);
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
    let scratch = crate::common::Scratch::new("misere-cycle");
    let file = scratch.file("cycle.txt", "a b\nb c\nc a\nb d\n");
    let output = onag(&["graph", "--graph", file.to_str().unwrap(), "--misere"]);
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
    let svg = String::from_utf8(onag(&["graph", "nim", "2", "--misere", "--format", "svg"]).stdout)
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
            let plain = String::from_utf8(onag(&arguments).stdout).unwrap();
            assert!(!plain.is_ascii(), "{format} {misere}: {plain}");
            arguments.push("--ascii");
            let ascii = String::from_utf8(onag(&arguments).stdout).unwrap();
            assert!(ascii.is_ascii(), "{format} {misere}: {ascii}");
            assert!(ascii.contains("inf"), "{format} {misere}: {ascii}");
        }
    }
}
