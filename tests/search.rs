//! The program on games valued by the pruned search of one position: Beling's Cram table and
//! Dawson's chess through `value`, the same answers on one thread and on two, and a winning
//! move that leaves a P-position.

mod common;
use common::{cgt, json};

#[test]
fn cram_and_node_kayles_through_the_program() {
    let table = common::oracle("cram_beling.json");
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
    let chess = common::oracle("dawson_0.07_and_0.137.json");
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
    let path = std::env::temp_dir().join(format!("cgt-search-{}.txt", std::process::id()));
    let edges: String = (1..20).map(|v| format!("{} {}\n", v - 1, v)).collect();
    std::fs::write(&path, edges).unwrap();
    let file = format!("file:{}", path.display());
    let report = json(&["value", "node-kayles", &file, "--json"]);
    assert_eq!(report["grundy"], expected);
    let output = cgt(&["value", "node-kayles", "file:/nonexistent/g.dot"]);
    assert_eq!(output.status.code(), Some(2));
    let output = cgt(&["value", "cram", "4x5", "--threads", "0"]);
    assert_eq!(output.status.code(), Some(2));
}
