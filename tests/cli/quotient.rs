//! `onag quotient`: Plambeck's quotient of 0.75, checkpoints that survive `kill`, and misère
//! play of large sums answered from the quotient.

use crate::common::{fails, json, onag};

#[test]
fn quotient_prints_plambecks_quotient_of_0_75() {
    // Plambeck, Taming the wild in impartial combinatorial games (2005): 0.75 has the quotient
    // ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩ of order 8 with P-portion {a, b²}.
    let report = json(&["quotient", "octal:0.75", "--json"]);
    assert_eq!(report["order"], 8);
    assert_eq!(report["certified"], true);
    assert_eq!(report["p_portion"], serde_json::json!(["a", "b^2"]));
    let mut relations: Vec<&str> = report["relations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    relations.sort();
    assert_eq!(relations, ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"]);
    assert_eq!(report["period"], 2);
    assert!(report["heap_reached"].as_u64().unwrap() >= 9);
    assert_eq!(report["phi"][1], "a");
    let text = String::from_utf8(onag(&["quotient", "octal:0.75"]).stdout).unwrap();
    assert!(text.contains("order:        8"), "{text}");
    fails(&["quotient", "wythoff"], "not a heap game");
    // A partial quotient says so.
    let partial = json(&["quotient", "dawson-chess", "--to", "12", "--json"]);
    assert_eq!(partial["certified"], false);
    assert_eq!(partial["heap_reached"], 12);
}

#[test]
fn a_quotient_killed_at_any_moment_resumes_to_the_same_answer() {
    let directory = crate::common::Scratch::new("quotient-cli");
    let path = directory.join("nim.ckpt");
    let file = path.to_str().unwrap();
    let whole = json(&["quotient", "nim", "--to", "200", "--json"]);
    for delay in [150u64, 400, 700] {
        let _ = std::fs::remove_file(&path);
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(["quotient", "nim", "--to", "200", "--checkpoint", file])
            .args(["--checkpoint-every", "0", "--json"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay));
        let _ = child.kill(); // SIGKILL: no chance to tidy up
        let _ = child.wait();
        let resumed = json(&[
            "quotient",
            "nim",
            "--to",
            "200",
            "--checkpoint",
            file,
            "--json",
        ]);
        assert_eq!(resumed, whole, "killed after {delay} ms");
    }
}

#[test]
fn misere_play_of_a_large_sum_comes_from_the_quotient_and_matches_the_search() {
    use onag_core::{MisereSolver, Outcome, Unhinted};
    use onag_games::{HeapGame, Heaps, TakeAndBreak};
    // Nine Kayles heaps: more than the program searches, so the quotient answers;
    // the search with every hook hidden is the oracle.
    let heaps = [1u64, 1, 2, 2, 3, 3, 4, 4, 5];
    let mut search = MisereSolver::new(Unhinted(HeapGame(TakeAndBreak::kayles())));
    let expected = search.outcome(&Heaps::from(heaps)).unwrap();
    let mut arguments = vec!["value", "kayles"];
    let written: Vec<String> = heaps.iter().map(u64::to_string).collect();
    arguments.extend(written.iter().map(String::as_str));
    arguments.extend(["--misere", "--json"]);
    let report = json(&arguments);
    let outcome = report["outcome"].as_str().unwrap();
    assert_eq!(outcome == "P", expected == Outcome::Previous, "{report}");
    assert!(!report["winning_moves"].as_array().unwrap().is_empty() || outcome == "P");
    for winning in report["winning_moves"].as_array().unwrap() {
        let after: Vec<u64> = winning
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_u64().unwrap())
            .collect();
        assert_eq!(
            search.outcome(&Heaps::from(after)).unwrap(),
            Outcome::Previous,
            "{winning}"
        );
    }
}
