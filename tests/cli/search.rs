//! The program on games valued by the pruned search of one position: Beling's Cram table and
//! Dawson's chess through `value`, the same answers on one thread and on two, and a winning
//! move that leaves a P-position.

use std::collections::BTreeSet;

use crate::common::{cram_rows, json, onag, with_domino};

#[test]
fn cram_and_node_kayles_through_the_program() {
    let table = crate::common::oracle("cram_beling.json");
    for (board, key) in [
        ("4x5", "4x5"),
        ("5x4", "4x5"),
        ("5x5", "5x5"),
        ("4x6", "4x6"),
    ] {
        let expected = table["nimbers"][key].as_u64().unwrap();
        for threads in ["1", "2"] {
            let report = json(&["value", "cram", board, "--json", "--threads", threads]);
            assert_eq!(report["grundy"], expected, "{board} on {threads} threads");
        }
    }
    // Node Kayles on a path of 20 is Dawson's chess G(20) = 0 (A002187).
    let chess = crate::common::oracle("dawson_0.07_and_0.137.json");
    let expected = chess["dawsons_chess_0.137"]["G_source_values"][20]
        .as_u64()
        .unwrap();
    let report = json(&["value", "node-kayles", "path:20", "--json"]);
    assert_eq!(report["grundy"], expected);
    // A winning move of 4 x 5 leaves a P-position.
    let report = json(&["value", "cram", "4x5", "--json"]);
    let winning = report["winning_moves"][0][0].as_str().unwrap().to_string();
    let after = json(&["value", "cram", &winning, "--json"]);
    assert_eq!(after["outcome"], "P", "{winning}");
    // A graph file as a Node Kayles position: the path of 20 as an edge list, edges both ways.
    let scratch = crate::common::Scratch::new("search");
    let edges: String = (1..20).map(|v| format!("{} {}\n", v - 1, v)).collect();
    let path = scratch.file("path.txt", edges);
    let file = format!("file:{}", path.display());
    let report = json(&["value", "node-kayles", &file, "--json"]);
    assert_eq!(report["grundy"], expected);
    let output = onag(&["value", "node-kayles", "file:/nonexistent/g.dot"]);
    assert_eq!(output.status.code(), Some(2));
    let output = onag(&["value", "cram", "4x5", "--threads", "0"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn heap_games_by_search_through_the_program() {
    // Grundy's game valued by the pruned search instead of its Grundy sequence: OEIS A002188
    // (tests/oracles/grundys_game.json), on one thread and on two.
    let grundy: Vec<u64> = crate::common::oracle("grundys_game.json")["G_source_values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|value| value.as_u64().unwrap())
        .collect();
    for heap in [0usize, 1, 5, 37, 77, 104] {
        for threads in ["1", "2"] {
            let text = heap.to_string();
            let arguments = ["value", "grundy", &text, "--search", "--threads", threads];
            let report = json(&[&arguments[..], &["--json"]].concat());
            assert_eq!(report["grundy"], grundy[heap], "heap {heap} on {threads}");
        }
    }
    // The values came from the search (the sequence engine searches no position).
    let report = json(&["value", "grundy", "104", "--search", "--json"]);
    assert!(
        report["positions_evaluated"].as_u64().unwrap() > 100,
        "{report}"
    );
    let report = json(&["value", "grundy", "104", "--json"]);
    assert_eq!(report["positions_evaluated"], 0, "{report}");
    // A sum, and its winning moves: each leaves heaps whose values' nim-sum is 0.
    let report = json(&["value", "grundy", "20", "37", "104", "--search", "--json"]);
    assert_eq!(report["grundy"], grundy[20] ^ grundy[37] ^ grundy[104]);
    let winning = report["winning_moves"].as_array().unwrap();
    assert!(!winning.is_empty());
    for position in winning {
        let total = position.as_array().unwrap().iter().fold(0, |total, heap| {
            total ^ grundy[heap.as_u64().unwrap() as usize]
        });
        assert_eq!(total, 0, "{position}");
    }
    // Kayles (OEIS A002186, tests/oracles/kayles_0.77.json).
    let kayles = crate::common::oracle("kayles_0.77.json")["G_source_values"][100]
        .as_u64()
        .unwrap();
    let report = json(&["value", "kayles", "100", "--search", "--json"]);
    assert_eq!(report["grundy"], kayles);
    // A closed form answers as a hook, however large the heap (Bouton: 3 ^ 4 ^ 10^18).
    let report = json(&[
        "value",
        "nim",
        "3",
        "4",
        "1000000000000000000",
        "--search",
        "--json",
    ]);
    assert_eq!(report["grundy"], 3 ^ 4 ^ 1_000_000_000_000_000_000u64);
    // Refused: a game with cycles, a graph file, and heaps whose search would exceed the
    // budget's options or the memory its table may take (at once, without searching).
    for arguments in [
        &["value", "loopy-subtraction:1,2/10", "3", "--search"][..],
        &["value", "--graph", "/nonexistent.dot", "a", "--search"],
        &["value", "grundy", "10000000", "--search"],
        &["value", "subset-nim:1,3,4", "20000000", "--search"],
    ] {
        let output = onag(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(output.stdout.is_empty(), "{arguments:?}");
        let error = String::from_utf8(output.stderr).unwrap();
        assert_eq!(error.lines().count(), 1, "{error}");
    }
}

/// Chomp's table of 12 x 12 (5.4 MB) is not made past a quarter of the memory allowed, and the
/// search of every position does not fit either: the value is unknown, and what the closed form
/// knows is given (a rectangle is an N-position; strategy stealing). The budget is given as
/// issue #15 writes it, `--memory`, and as the other limits are named, `--max-memory`.
#[test]
fn chomp_past_its_memory_gives_what_the_closed_form_knows() {
    for flag in ["--max-memory", "--memory"] {
        let report = json(&["value", "chomp", "12x12", flag, "4M", "--json"]);
        assert!(report["grundy"].is_null(), "{flag}: {report}");
        assert_eq!(report["outcome"], "N", "{flag}: {report}");
    }
}

/// The places for a domino on `board`, counted cell by cell.
fn domino_places(board: &[Vec<bool>]) -> usize {
    let mut count = 0;
    for (r, row) in board.iter().enumerate() {
        for (c, &free) in row.iter().enumerate() {
            count += usize::from(free && c + 1 < row.len() && row[c + 1]);
            count += usize::from(free && r + 1 < board.len() && board[r + 1][c]);
        }
    }
    count
}

/// `onag moves` on Cram lists every domino once, and the board each leaves is the board played
/// (not turned or cropped to its least form): the described cells filled, nothing else moved.
#[test]
fn cram_moves_leave_the_board_as_played() {
    for board in ["3x4", "#.../..../...#", "..#../...../.#...", "4x2"] {
        let report = json(&["moves", "cram", board, "--json"]);
        let rows = cram_rows(board);
        let moves = report["moves"].as_array().unwrap();
        assert_eq!(moves.len(), domino_places(&rows), "{board}: {report}");
        let mut seen = std::collections::HashSet::new();
        for listed in moves {
            let description = listed["description"].as_str().unwrap();
            assert!(
                seen.insert(description.to_string()),
                "{board}: {description} twice"
            );
            let after = listed["position"][0].as_str().unwrap();
            assert_eq!(
                cram_rows(after),
                with_domino(&rows, description),
                "{board}: {description} leaves {after}"
            );
        }
    }
}

/// A graph written `path:N`, `cycle:N`, `star:N`, `complete:N`, `grid:RxC` (numbered as the
/// catalogue's help says) or `N:a-b,c-d`, as its vertex count and edge set.
fn graph(text: &str) -> (usize, BTreeSet<(usize, usize)>) {
    let (kind, rest) = text.split_once(':').unwrap();
    let edge = |a: usize, b: usize| (a.min(b), a.max(b));
    match kind {
        "path" => {
            let n: usize = rest.parse().unwrap();
            (n, (1..n).map(|v| edge(v - 1, v)).collect())
        }
        "cycle" => {
            let n: usize = rest.parse().unwrap();
            (n, (0..n).map(|v| edge(v, (v + 1) % n)).collect())
        }
        // The centre 0 joined to the leaves 1 to N.
        "star" => {
            let n: usize = rest.parse().unwrap();
            (n + 1, (1..=n).map(|leaf| edge(0, leaf)).collect())
        }
        "complete" => {
            let n: usize = rest.parse().unwrap();
            let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b)));
            (n, pairs.collect())
        }
        // Numbered row by row: (r, c) is r * columns + c.
        "grid" => {
            let (rows, columns) = rest.split_once('x').unwrap();
            let (rows, columns): (usize, usize) = (rows.parse().unwrap(), columns.parse().unwrap());
            let id = |r: usize, c: usize| r * columns + c;
            let mut edges = BTreeSet::new();
            for r in 0..rows {
                for c in 0..columns {
                    if c + 1 < columns {
                        edges.insert(edge(id(r, c), id(r, c + 1)));
                    }
                    if r + 1 < rows {
                        edges.insert(edge(id(r, c), id(r + 1, c)));
                    }
                }
            }
            (rows * columns, edges)
        }
        count => {
            let edges = rest
                .split(',')
                .filter(|e| !e.is_empty())
                .map(|e| {
                    let (a, b) = e.split_once('-').unwrap();
                    edge(a.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            (count.parse().unwrap(), edges)
        }
    }
}

/// `graph` less the vertices in `gone`, renumbered in order; with `drop_isolated`, its isolated
/// vertices go too.
fn without(
    (n, edges): &(usize, BTreeSet<(usize, usize)>),
    gone: &[usize],
    drop_isolated: bool,
) -> (usize, BTreeSet<(usize, usize)>) {
    let kept: Vec<usize> = (0..*n)
        .filter(|v| !gone.contains(v))
        .filter(|v| {
            !drop_isolated
                || edges
                    .iter()
                    .any(|&(a, b)| (a == *v || b == *v) && !gone.contains(&a) && !gone.contains(&b))
        })
        .collect();
    let number = |v: usize| kept.iter().position(|&k| k == v);
    let left = edges
        .iter()
        .filter_map(|&(a, b)| Some((number(a)?, number(b)?)))
        .collect();
    (kept.len(), left)
}

/// Whether two small graphs are isomorphic: every renumbering tried.
fn isomorphic(
    g: &(usize, BTreeSet<(usize, usize)>),
    h: &(usize, BTreeSet<(usize, usize)>),
) -> bool {
    if g.0 != h.0 || g.1.len() != h.1.len() {
        return false;
    }
    let mut order: Vec<usize> = (0..g.0).collect();
    loop {
        let mapped: BTreeSet<(usize, usize)> =
            g.1.iter()
                .map(|&(a, b)| (order[a].min(order[b]), order[a].max(order[b])))
                .collect();
        if mapped == h.1 {
            return true;
        }
        // The next permutation in lexicographic order.
        let Some(i) = (1..order.len()).rev().find(|&i| order[i - 1] < order[i]) else {
            return false;
        };
        let j = (i..order.len())
            .rev()
            .find(|&j| order[j] > order[i - 1])
            .unwrap();
        order.swap(i - 1, j);
        order[i..].reverse();
    }
}

/// `onag moves` on Node Kayles and Arc Kayles names each move's vertex (and its neighbours) or
/// edge in the numbering of the graph as written, and the graph it leaves is that graph less
/// those vertices (up to renumbering; Arc Kayles drops isolated vertices, which change
/// nothing); one move is listed for each different graph left, checked by brute force.
/// A graph file is played as written: its vertices numbered from 0 in the order the file first
/// names them, whether it is given as `file:PATH` or after the game with `--graph FILE`.
#[test]
fn a_graph_file_is_numbered_in_the_order_it_names_its_vertices() {
    let scratch = crate::common::Scratch::new("graph");
    let path = scratch.join("graph.txt");
    // The path x - a - b - c - d written out of order, and a lone edge p - q.
    let lines = [("a", "b"), ("b", "c"), ("c", "d"), ("x", "a"), ("p", "q")];
    let text: String = lines.iter().map(|(u, v)| format!("{u} {v}\n")).collect();
    std::fs::write(&path, text).unwrap();
    let mut order: Vec<&str> = Vec::new();
    for (u, v) in lines {
        for name in [u, v] {
            if !order.contains(&name) {
                order.push(name);
            }
        }
    }
    let number = |name: &str| order.iter().position(|&n| n == name).unwrap();
    let edges: BTreeSet<(usize, usize)> = lines
        .iter()
        .map(|&(u, v)| (number(u).min(number(v)), number(u).max(number(v))))
        .collect();
    let file = path.to_str().unwrap();
    let component = format!("file:{file}");
    for arguments in [
        vec!["moves", "node-kayles", component.as_str(), "--json"],
        vec!["moves", "node-kayles", "--graph", file, "--json"],
    ] {
        let report = json(&arguments);
        let shown = graph(report["position"][0].as_str().unwrap());
        assert_eq!(shown, (order.len(), edges.clone()), "{arguments:?}");
        // Taking b (number 1) takes a and c with it: named by the file's order.
        let descriptions: Vec<&str> = report["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|listed| listed["description"].as_str().unwrap())
            .collect();
        assert!(
            descriptions.contains(&"take vertex 1 and its neighbours 0, 2"),
            "{descriptions:?}"
        );
    }
    // Vertices after a graph game's --graph are refused: the game is played on the whole graph.
    let output = onag(&["value", "node-kayles", "--graph", file, "a"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn graph_kayles_moves_name_the_vertices_they_take() {
    for (game, start) in [
        ("node-kayles", "path:6"),
        ("node-kayles", "cycle:7"),
        ("node-kayles", "grid:2x3"),
        ("node-kayles", "grid:3x4"),
        ("node-kayles", "star:4"),
        ("node-kayles", "complete:5"),
        ("node-kayles", "5:0-1,1-2,0-2,3-4"),
        ("node-kayles", "4:0-1,1-2"),
        // A vertex without neighbours in the middle: a renumbering would move it.
        ("node-kayles", "5:0-1,3-4"),
        ("node-kayles", "6:4-5,0-5,1-2"),
        ("arc-kayles", "5:0-1,3-4"),
        ("arc-kayles", "6:4-5,0-5,1-2,2-3"),
        ("arc-kayles", "path:5"),
        ("arc-kayles", "cycle:6"),
        ("arc-kayles", "grid:2x3"),
        ("arc-kayles", "grid:3x3"),
        ("arc-kayles", "star:3"),
    ] {
        let report = json(&["moves", game, start, "--json"]);
        let written = report["position"][0].as_str().unwrap();
        // A graph is shown as written (a family by its name, an edge list with the player's
        // numbers), so that its moves are numbered as the player numbers it.
        if start.starts_with(|c: char| c.is_ascii_digit()) {
            assert_eq!(graph(written), graph(start), "{start}");
        } else {
            assert_eq!(written, start);
        }
        let shown = graph(written);
        let arc = game == "arc-kayles";
        let mut left: Vec<(usize, BTreeSet<(usize, usize)>)> = Vec::new();
        for listed in report["moves"].as_array().unwrap() {
            let description = listed["description"].as_str().unwrap();
            let after = graph(listed["position"][0].as_str().unwrap());
            let gone: Vec<usize> = if arc {
                let (a, b) = description
                    .strip_prefix("take edge ")
                    .and_then(|rest| rest.strip_suffix(" and its two ends"))
                    .and_then(|edge| edge.split_once('-'))
                    .unwrap_or_else(|| panic!("{start}: {description}"));
                let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
                assert!(
                    shown.1.contains(&(a.min(b), a.max(b))),
                    "{start}: {description}"
                );
                vec![a, b]
            } else {
                let rest = description.strip_prefix("take vertex ").unwrap();
                let (vertex, named) = match rest.split_once(" and its neighbour") {
                    Some((vertex, named)) => (vertex, named.trim_start_matches('s').trim()),
                    None => (rest.split(',').next().unwrap(), ""),
                };
                let vertex: usize = vertex.parse().unwrap();
                let mut named: Vec<usize> = named
                    .split(", ")
                    .filter(|n| !n.is_empty())
                    .map(|n| n.parse().unwrap())
                    .collect();
                named.sort_unstable();
                let neighbours: Vec<usize> = (0..shown.0)
                    .filter(|&u| shown.1.contains(&(u.min(vertex), u.max(vertex))) && u != vertex)
                    .collect();
                assert_eq!(named, neighbours, "{start}: {description}");
                named.push(vertex);
                named
            };
            let expected = without(&shown, &gone, arc);
            let after = if arc {
                without(&after, &[], true)
            } else {
                after
            };
            assert!(
                isomorphic(&expected, &after),
                "{start}: {description} leaves {after:?}"
            );
            assert!(
                !left.iter().any(|g| isomorphic(g, &after)),
                "{start}: {description} twice"
            );
            left.push(after);
        }
        // Every move, by brute force, leaves a graph one of the listed moves leaves.
        let all: Vec<Vec<usize>> = if arc {
            shown.1.iter().map(|&(a, b)| vec![a, b]).collect()
        } else {
            (0..shown.0)
                .map(|v| {
                    (0..shown.0)
                        .filter(|&u| u == v || shown.1.contains(&(u.min(v), u.max(v))))
                        .collect()
                })
                .collect()
        };
        for gone in all {
            let after = without(&shown, &gone, arc);
            assert!(
                left.iter().any(|g| isomorphic(g, &after)),
                "{start}: taking {gone:?} is missing"
            );
        }
    }
}
