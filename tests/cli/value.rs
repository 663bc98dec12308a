//! `onag value`: values, outcomes and winning moves against independent values, huge heaps
//! from closed forms and periods, misère play, and what a search past its limits still knows.

use crate::common::{fails, json, onag};

#[test]
fn value_of_nim_3_4_5() {
    // Bouton: 3 ^ 4 ^ 5 = 2; the one heap h with h ^ 2 < h is 3, so 3 -> 1.
    let report = json(&["value", "nim", "3", "4", "5", "--json"]);
    assert_eq!(report["grundy"], 2);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["winning_moves"], serde_json::json!([[1, 4, 5]]));
}

#[test]
fn value_text_names_value_outcome_and_moves() {
    let output = onag(&["value", "nim", "3", "4", "5"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("*2"), "{text}");
    assert!(text.contains("N-position"), "{text}");
    assert!(text.contains("3 4 5 -> 1 4 5"), "{text}");
}

#[test]
fn value_of_p_positions_has_no_winning_move() {
    // LeetCode 1908 sample 3 and AcWing 893's P-heap: 1 ^ 2 ^ 3 = 0.
    let report = json(&["value", "nim", "1", "2", "3", "--json"]);
    assert_eq!(report["grundy"], 0);
    assert_eq!(report["outcome"], "P");
    assert_eq!(report["winning_moves"], serde_json::json!([]));
}

#[test]
fn value_of_every_core_game() {
    // Bash n mod (m + 1): 10 mod 4 = 2, winning move takes 2.
    let bash = json(&["value", "bash:3", "10", "--json"]);
    assert_eq!(bash["grundy"], 2);
    assert_eq!(bash["winning_moves"], serde_json::json!([[8]]));
    // Ferguson 1.4: with S = {1,3,4}, 100 chips is a P-position.
    let subset = json(&["value", "subset-nim:1,3,4", "100", "--json"]);
    assert_eq!(subset["outcome"], "P");
    // AcWing 894 sample: heaps 2 3 in split Nim, first player wins.
    let split = json(&["value", "split-nim", "2", "3", "--json"]);
    assert_eq!(split["outcome"], "N");
    for next in split["winning_moves"].as_array().unwrap() {
        let heaps: Vec<String> = next
            .as_array()
            .unwrap()
            .iter()
            .map(|heap| heap.to_string())
            .collect();
        let mut arguments = vec!["value", "split-nim"];
        arguments.extend(heaps.iter().map(String::as_str));
        arguments.push("--json");
        assert_eq!(json(&arguments)["outcome"], "P");
    }
}

#[test]
fn a_heap_of_ten_to_the_eighteen() {
    let report = json(&["value", "nim", "1000000000000000000", "--json"]);
    assert_eq!(report["grundy"].as_u64(), Some(10u64.pow(18)));
    // Taking the whole heap leaves no heap at all (positions are canonical: no empty heaps).
    assert_eq!(report["winning_moves"], serde_json::json!([[]]));
}

#[test]
fn value_of_huge_heaps_in_periodic_games() {
    // Dawson's Kayles, 0.07 = Dawson's chess shifted by one (OEIS A002187), period 34 from 53:
    // G(n) = A002187(n - 1) with the period from 52 on.
    let chess = crate::common::oracle_values(
        "dawson_0.07_and_0.137.json",
        "/dawsons_chess_0.137/G_expanded_by_rule_0_to_999/values",
    );
    let n: u64 = 1_000_000_000_000;
    let expected = chess[(52 + (n - 1 - 52) % 34) as usize];
    let report = json(&["value", "octal:0.07", &n.to_string(), "--json"]);
    assert_eq!(report["grundy"].as_u64(), Some(expected));
    // Kayles, two equal huge heaps: a P-position whatever their value.
    let twins = json(&[
        "value",
        "kayles",
        "1000000000000000000",
        "1000000000000000000",
        "--json",
    ]);
    assert_eq!(twins["outcome"], "P");
}

#[test]
fn heap_game_errors() {
    fails(
        &["value", "octal:0.79", "3"],
        "character 4 ('9') is not an octal digit",
    );
    fails(&["value", "octal:77", "3"], "needs a point");
    fails(&["value", "tb:0.[3", "3"], "must enclose");
    fails(&["value", "allbut:0", "3"], "contains 0");
    fails(
        &[
            "value",
            "grundy",
            "1000000000000",
            "--max-positions",
            "100000",
        ],
        "limit of 100000",
    );
    fails(&["sequence", "kayles"], "--to");
    fails(&["sequence", "kayles", "--to", "-1"], "whole numbers");
    fails(&["sequence", "kayles", "--to", "10", "--table", "0"], "0");
}

/// `--misere` against Bouton's rule for misère Nim (Ferguson §2.5) and HDU 1907's sample.
#[test]
fn misere_value_and_moves() {
    let first_player_wins = |heaps: &[u64]| {
        let xor = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        let small = heaps.iter().all(|&heap| heap <= 1);
        (small && xor == 0) || (!small && xor != 0)
    };
    for heaps in [
        vec!["3", "5", "1"],
        vec!["1"],
        vec!["1", "1"],
        vec!["2", "2"],
        vec!["7", "4", "3"],
    ] {
        let mut arguments = vec!["value", "nim"];
        arguments.extend(&heaps);
        arguments.extend(["--misere", "--json"]);
        let report = json(&arguments);
        let numbers: Vec<u64> = heaps.iter().map(|heap| heap.parse().unwrap()).collect();
        let expected = if first_player_wins(&numbers) {
            "N"
        } else {
            "P"
        };
        assert_eq!(report["outcome"], expected, "{heaps:?}");
        for next in report["winning_moves"].as_array().unwrap() {
            let after = crate::common::whole_numbers(next);
            assert!(!first_player_wins(&after), "{heaps:?} -> {after:?}");
        }
    }
    let listed = json(&["moves", "nim", "2", "2", "--misere", "--json"]);
    assert_eq!(listed["outcome"], "P");
    assert!(
        listed["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|entry| entry["winning"] == false)
    );
}

/// `moves --misere` answers every position `value --misere` answers: each option's outcome comes
/// the same way (closed form, quotient, then search). It searched each option, and ran out of
/// memory on `subtraction:1,3,4 1000000000000` and `kayles 1000000000`, and never ended on
/// `kayles 100 200`, which `value --misere` answers at once.
#[test]
fn misere_moves_of_positions_past_the_search() {
    // Misère outcomes of one heap of subtraction {1, 3, 4}, written apart from the engine: a
    // heap of 0 wins for the player to move (no move: the other made the last). Each outcome
    // depends on the four before it, so once four in a row repeat the sequence is periodic.
    let mut wins = vec![true];
    for n in 1..200usize {
        wins.push([1, 3, 4].iter().any(|&t| t <= n && !wins[n - t]));
    }
    let start = 20;
    let period = (1..=100)
        .find(|&p| (0..4).all(|i| wins[start + i] == wins[start + p + i]))
        .unwrap();
    let heap_wins = |n: u64| {
        let n = if n < start as u64 {
            n as usize
        } else {
            start + ((n - start as u64) % period as u64) as usize
        };
        wins[n]
    };
    let heap = 1_000_000_000_000u64;
    let listed = json(&[
        "moves",
        "--misere",
        "subtraction:1,3,4",
        &heap.to_string(),
        "--max-memory",
        "256M",
        "--json",
    ]);
    assert_eq!(listed["outcome"], if heap_wins(heap) { "N" } else { "P" });
    let moves = listed["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    for entry in moves {
        let after = crate::common::whole_numbers(&entry["position"]);
        let expected = if heap_wins(after[0]) { "N" } else { "P" };
        assert_eq!(entry["outcome"], expected, "{entry}");
        assert_eq!(entry["winning"], expected == "P", "{entry}");
    }
    // Kayles: each option's outcome is the one `value --misere` gives it, and the options
    // marked winning are its winning moves.
    let listed = json(&[
        "moves",
        "--misere",
        "kayles",
        "1000000000",
        "--max-moves",
        "5",
        "--max-memory",
        "256M",
        "--json",
    ]);
    for entry in listed["moves"].as_array().unwrap() {
        let after: Vec<String> = crate::common::whole_numbers(&entry["position"])
            .iter()
            .map(u64::to_string)
            .collect();
        let mut arguments = vec!["value", "--misere", "kayles", "--json"];
        arguments.extend(after.iter().map(String::as_str));
        assert_eq!(json(&arguments)["outcome"], entry["outcome"], "{entry}");
    }
    let whole = ["kayles", "100", "200", "--max-moves", "1000", "--json"];
    let listed = json(&[&["moves", "--misere"][..], &whole].concat());
    let valued = json(&[&["value", "--misere"][..], &whole].concat());
    assert_eq!(listed["outcome"], valued["outcome"]);
    assert_eq!(listed["moves_truncated"], false);
    let mut marked: Vec<Vec<u64>> = listed["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["winning"] == true)
        .map(|entry| crate::common::whole_numbers(&entry["position"]))
        .collect();
    let mut winning: Vec<Vec<u64>> = valued["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(crate::common::whole_numbers)
        .collect();
    marked.sort();
    winning.sort();
    assert_eq!(marked, winning);
}

/// Whether the player to move wins misère Dawson's chess (octal 0.137) on `heaps`: a brute force
/// over sorted heaps, written apart from the engine. A move takes 1 from a heap of 1, 2 from a
/// heap of 2 or more (leaving one heap), or 3 from a heap of 3 or more, leaving 0, 1 or 2 heaps.
fn dawson_chess_misere_wins(
    heaps: &[u64],
    memo: &mut std::collections::HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let mut options: Vec<Vec<u64>> = Vec::new();
    for (i, &n) in heaps.iter().enumerate() {
        let rest: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
        let mut leave = |parts: &[u64]| {
            let mut next = rest.clone();
            next.extend(parts.iter().filter(|&&p| p > 0));
            next.sort_unstable();
            options.push(next);
        };
        if n == 1 {
            leave(&[]);
        }
        if n >= 2 {
            leave(&[n - 2]);
        }
        if n >= 3 {
            for a in 0..=(n - 3) / 2 {
                leave(&[a, n - 3 - a]);
            }
        }
    }
    // No move left: the other player made the last move and lost.
    let wins = options.is_empty()
        || options
            .iter()
            .any(|next| !dawson_chess_misere_wins(next, memo));
    memo.insert(heaps.to_vec(), wins);
    wins
}

/// A heap past the quotient's reach that a short search answers is searched, and the quotient
/// not computed: `onag value --misere dawson-chess 45` computed the quotient first (to fail at
/// heap 33 after 45 s and 2.4 GB) before the search answered at once.
#[test]
fn a_heap_a_short_search_answers_is_not_given_the_quotient() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let game = onag_games::open("dawson-chess").unwrap();
    let mut memo = std::collections::HashMap::new();
    for n in [41u64, 45] {
        let quotient_asked = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&quotient_asked);
        let (mut analysis, position) = game
            .analyse(
                &[n.to_string()],
                onag_core::Budget::DEFAULT,
                Box::new(move |report| {
                    if matches!(report, onag_games::Progress::Quotient { .. }) {
                        flag.store(true, Ordering::Relaxed);
                    }
                }),
            )
            .unwrap();
        let expected = if dawson_chess_misere_wins(&[n], &mut memo) {
            onag_core::Outcome::Next
        } else {
            onag_core::Outcome::Previous
        };
        assert_eq!(analysis.misere_outcome(&position).unwrap(), expected, "{n}");
        assert!(!quotient_asked.load(Ordering::Relaxed), "{n}");
    }
}

/// Sums too large to search (more than 40 counters) are answered from the misère quotient of
/// heaps up to their largest: Dawson's chess, whose quotient keeps growing past heap 32, is
/// answered for heaps up to 32 (it tried heaps to 300 first, a minute's work on heaps no such
/// position holds), and the outcome and winning moves agree with a brute force.
#[test]
fn misere_sums_past_the_search_agree_with_a_brute_force() {
    let mut memo = std::collections::HashMap::new();
    for heaps in [
        vec![20u64, 20, 20],
        vec![25, 17, 9, 3],
        vec![30, 21, 11],
        vec![31, 12, 5, 1],
        vec![32, 10, 2],
    ] {
        let written: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut arguments = vec!["value", "dawson-chess", "--misere", "--json"];
        arguments.extend(written.iter().map(String::as_str));
        let report = json(&arguments);
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let wins = dawson_chess_misere_wins(&sorted, &mut memo);
        assert_eq!(report["outcome"], if wins { "N" } else { "P" }, "{heaps:?}");
        for next in report["winning_moves"].as_array().unwrap() {
            let mut after = crate::common::whole_numbers(next);
            after.sort_unstable();
            assert!(
                !dawson_chess_misere_wins(&after, &mut memo),
                "{heaps:?} -> {after:?}"
            );
        }
    }
}

/// A position without moves is an N-position in misère play (the player to move cannot move,
/// so the other made the last move and lost): the report says no move is needed rather than
/// leaving "N" beside "winning moves: none" unexplained.
#[test]
fn misere_value_of_nothing_says_no_move_is_needed() {
    for arguments in [
        &["value", "nim", "0", "--misere"][..],
        &["value", "cram", "1x1", "--misere"],
    ] {
        let output = onag(arguments);
        assert!(output.status.success(), "{arguments:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains("outcome:  N"), "{arguments:?}: {text}");
        assert!(
            text.contains("winning moves: none needed"),
            "{arguments:?}: {text}"
        );
    }
}

#[test]
fn a_list_cut_to_nothing_is_not_read_as_no_moves() {
    // `--max-moves 0` lists no move; a position with moves must not be described as having
    // none. Nim 3 4 has seven moves and is N in both plays (Bouton: 3 xor 4 = 7; misère, a heap
    // above 1 and a nonzero xor); Cram 1 x 2 has its one domino.
    for arguments in [
        &["value", "nim", "3", "4", "--max-moves", "0"][..],
        &["value", "nim", "3", "4", "--max-moves", "0", "--misere"],
        &["value", "cram", "1x2", "--max-moves", "0"],
        &["moves", "nim", "3", "4", "--max-moves", "0"],
        &["moves", "nim", "3", "4", "--max-moves", "0", "--misere"],
        &["moves", "cram", "1x2", "--max-moves", "0"],
    ] {
        let output = onag(arguments);
        assert!(output.status.success(), "{arguments:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains("not listed"), "{arguments:?}: {text}");
        for wrong in ["none needed", "no moves", "moves: none"] {
            assert!(!text.contains(wrong), "{arguments:?}: {text}");
        }
    }
    // Where there is truly nothing to list, the limit changes nothing: Nim 3 3 is P (no
    // winning move), the empty position has no move at all.
    let text =
        String::from_utf8(onag(&["value", "nim", "3", "3", "--max-moves", "0"]).stdout).unwrap();
    assert!(text.contains("winning moves: none\n"), "{text}");
    let text = String::from_utf8(onag(&["moves", "nim", "0", "--max-moves", "0"]).stdout).unwrap();
    assert!(
        text.contains("no moves: the player to move has lost"),
        "{text}"
    );
    // A search that stops early is not the flag: misère Wythoff (10^18, 5) is N (the closed
    // form: (3, 5) is a misère P-position too), and scanning a bounded number of its moves
    // finds no winning one; a window of Kayles splits lists fewer than --max-moves.
    let text =
        String::from_utf8(onag(&["value", "wythoff", "1000000000000000000,5", "--misere"]).stdout)
            .unwrap();
    assert!(text.contains("outcome:  N"), "{text}");
    assert!(!text.contains("--max-moves 0"), "{text}");
    let text = String::from_utf8(
        onag(&["value", "kayles", "1000000000000", "--max-moves", "1000"]).stdout,
    )
    .unwrap();
    assert!(text.contains("more may exist"), "{text}");
    assert!(!text.contains("raise --max-moves"), "{text}");
}

/// A path (or a row of Cram) too long for a graph is refused with the heap game it is, and the
/// command named gives the path's value: Node Kayles on a path of n is Dawson's chess heap n
/// (A002187, period 34 from 52); Arc Kayles on it and Cram on a row of n are Dawson's Kayles
/// heap n, G(n) = A002187(n - 1).
#[test]
fn a_path_too_long_for_a_graph_names_the_heap_game_it_is() {
    let chess = crate::common::oracle_values(
        "dawson_0.07_and_0.137.json",
        "/dawsons_chess_0.137/G_expanded_by_rule_0_to_999/values",
    );
    let at = |n: u64| chess[(52 + (n - 52) % 34) as usize];
    for (arguments, named, expected) in [
        (
            ["node-kayles", "path:5000"],
            "onag value dawson-chess 5000",
            at(5000),
        ),
        (
            ["arc-kayles", "path:5001"],
            "onag value dawson-kayles 5001",
            at(5000),
        ),
        (
            ["cram", "1x5001"],
            "onag value dawson-kayles 5001",
            at(5000),
        ),
        (
            ["cram", "5001x1"],
            "onag value dawson-kayles 5001",
            at(5000),
        ),
    ] {
        let mut all = vec!["value"];
        all.extend(arguments);
        fails(&all, &format!("`{named}`"));
        let mut words: Vec<&str> = named.split_whitespace().skip(1).collect();
        words.push("--json");
        assert_eq!(json(&words)["grundy"].as_u64(), Some(expected), "{named}");
    }
}

/// A position whose search goes past the limits still gets what the game's closed form knows,
/// instead of an error: a square of Chomp is an N-position (strategy stealing) won by the bite
/// at row 2, column 2, which leaves an L of equal arms (a P-position: the second player mirrors
/// across the diagonal); such an L is a P-position, so its value is 0. Each was refused
/// ("the work exceeded the limit of 1000 positions").
#[test]
fn a_search_past_the_limits_keeps_what_a_closed_form_knows() {
    let square = json(&[
        "value",
        "chomp",
        "20x20",
        "--max-positions",
        "1000",
        "--json",
    ]);
    assert_eq!(square["outcome"], "N", "{square}");
    assert!(square["grundy"].is_null(), "{square}");
    let mut arms = vec![20u64];
    arms.extend([1; 19]);
    assert_eq!(
        square["winning_moves"],
        serde_json::json!([[arms]]),
        "{square}"
    );
    assert_eq!(square["winning_moves_truncated"], true, "{square}");
    let text = crate::common::onag(&["value", "chomp", "20x20", "--max-positions", "1000"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("value:    unknown"), "{text}");
    assert!(text.contains("(bite at row 2, column 2)"), "{text}");
    assert!(text.contains("more may exist"), "{text}");
    let l: Vec<String> = arms.iter().map(u64::to_string).collect();
    let l = l.join(",");
    let corner = json(&["value", "chomp", &l, "--max-positions", "10", "--json"]);
    assert_eq!(corner["outcome"], "P", "{corner}");
    assert_eq!(corner["grundy"], 0, "{corner}");
}

/// --max-options bounds Chomp's table as it bounds a search: a table of 2 x 1000 examines
/// about 5 x 10^8 options, far past 10^4, so none is made and the search stops at the limit,
/// leaving what the closed form knows (two rows (a, b) are a P-position exactly when
/// a = b + 1: the winning move from 1000,1000 leaves 1000,999). The table was made whatever
/// the limit: 'chomp 2x5000 --max-options 1000000' spent a minute on one.
#[test]
fn chomp_tables_keep_within_the_options_allowed() {
    let report = json(&[
        "value",
        "chomp",
        "2x1000",
        "--max-options",
        "10000",
        "--json",
    ]);
    assert!(report["grundy"].is_null(), "{report}");
    assert_eq!(report["outcome"], "N", "{report}");
    assert_eq!(
        report["winning_moves"],
        serde_json::json!([[[1000, 999]]]),
        "{report}"
    );
}
