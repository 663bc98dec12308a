//! The `cgt` program run as a process: outputs checked against independent values, and every
//! error path ending in one line on stderr and exit status 2.

mod common;

use common::{cgt, fails, json};

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
    let output = cgt(&["value", "nim", "3", "4", "5"]);
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
fn help_documents_the_grammar() {
    let output = cgt(&["--help"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for game in ["nim", "bash:M", "subset-nim:S", "split-nim"] {
        assert!(text.contains(game), "{game} missing from help");
    }
}

#[test]
fn malformed_games() {
    fails(&["value", "chess", "3"], "unknown game \"chess\"");
    fails(&["value", "bash", "3"], "bash:M");
    fails(&["value", "bash:0", "3"], "at least 1");
    fails(&["value", "bash:x", "3"], "\"x\"");
    fails(&["value", "bash:-2", "3"], "\"-2\"");
    fails(&["value", "bash:99999999999999999999", "3"], "whole number");
    fails(&["value", "subset-nim:", "3"], "whole number");
    fails(&["value", "subset-nim:0,2", "3"], "contains 0");
    fails(&["value", "subset-nim:1,,2", "3"], "whole number");
    fails(&["value", "nim:3", "3"], "takes no parameter");
}

#[test]
fn malformed_heaps() {
    fails(&["value", "nim", "-3"], "whole number");
    fails(&["value", "nim", "x"], "whole number");
    fails(&["value", "nim", "3.5"], "whole number");
    fails(&["value", "nim", "18446744073709551616"], "whole number");
    fails(&["value", "wythoff", "3"], "two heap sizes");
    fails(&["value", "wythoff", "3,x"], "whole numbers");
    fails(&["value", "moore:0", "3"], "k >= 1");
    fails(&["value", "nim"], "required");
}

#[test]
fn malformed_command_lines() {
    fails(&["frobnicate"], "unrecognized subcommand");
    fails(&["value", "nim", "3", "--bogus"], "--bogus");
    fails(&["value", "nim", "3", "--max-positions", "many"], "many");
}

#[test]
fn limits_end_in_an_error_not_a_hang() {
    // Each limit is named for what it counts, with the flag that raises it.
    fails(
        &[
            "value",
            "octal:0.16",
            "100000000",
            "--max-options",
            "1000000",
        ],
        "limit of 1000000 options examined; raise --max-options",
    );
    fails(
        &["value", "octal:0.16", "5000", "--max-positions", "100"],
        "limit of 100 remembered positions; raise --max-positions",
    );
    // 0.16 is proven periodic (period 149459 from 105350, Gangolli & Plambeck) only after
    // about 510,000 values: more than 300 KB at a byte a value.
    fails(
        &["value", "octal:0.16", "100000000", "--max-memory", "300K"],
        "bytes of memory; raise --max-memory",
    );
}

#[test]
fn games_lists_every_game_of_the_grammar() {
    let listing = json(&["games", "--json"]);
    let games = listing["games"].as_array().unwrap();
    for name in [
        "nim",
        "bash:M",
        "subset-nim:S",
        "split-nim",
        "octal:CODE",
        "tb:CODE",
        "subtraction:S",
        "allbut:S",
        "kayles",
        "dawson-kayles",
        "dawson-chess",
        "grundy",
        "lasker",
    ] {
        assert!(games.iter().any(|game| game["syntax"] == name), "{name}");
    }
    for name in ["wythoff", "staircase", "moore:K"] {
        assert!(games.iter().any(|game| game["syntax"] == name), "{name}");
    }
}

/// Every game of the catalogue, through `value`, `moves`, `graph` and a scripted `play`, as a
/// user runs them: the answers agree with each other (a listed winning move leaves a P-position,
/// `moves` marks exactly the winning moves `value` lists), and play ends cleanly.
#[test]
fn every_game_of_the_catalogue_works_in_every_subcommand() {
    let listing = json(&["games", "--json"]);
    for game in listing["games"].as_array().unwrap() {
        let example = game["example"].as_str().unwrap();
        let words: Vec<&str> = example.split(' ').collect();
        let mut value = vec!["value"];
        value.extend(&words);
        value.extend(["--json", "--max-moves", "1000"]);
        let report = json(&value);
        let winning: Vec<String> = report["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(winning.is_empty(), report["outcome"] != "N", "{example}");
        if let Some(grundy) = report["grundy"].as_u64() {
            assert_eq!(grundy == 0, report["outcome"] == "P", "{example}");
        }
        let mut moves = vec!["moves"];
        moves.extend(&words);
        moves.extend(["--json", "--max-moves", "1000"]);
        let listed = json(&moves);
        assert_eq!(listed["outcome"], report["outcome"], "{example}");
        let mut marked: Vec<String> = listed["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|entry| entry["winning"] == true)
            .map(|entry| entry["position"].to_string())
            .collect();
        let mut expected = winning.clone();
        marked.sort();
        marked.dedup();
        expected.sort();
        expected.dedup();
        assert_eq!(marked, expected, "{example}");
        // A graph is drawn, or refused at once when the position reaches too many positions
        // (a board of coins reaches every subset of a rectangle).
        let mut graph = vec!["graph"];
        graph.extend(&words);
        graph.extend(["--format", "json", "--max-positions", "20000"]);
        let output = cgt(&graph);
        if output.status.success() {
            let drawn: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            let root = &drawn["nodes"][drawn["root"].as_u64().unwrap() as usize];
            assert_eq!(root["outcome"], report["outcome"], "{example}");
        } else {
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert!(
                stderr.contains("raise --max-positions"),
                "{example}: {stderr}"
            );
        }
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_cgt"))
            .arg("play")
            .args(&words)
            .args(["--first", "cgt"])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(output.status.success(), "{example}: {output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains("cgt: "), "{example}: {text}");
    }
}

#[test]
fn sequence_json_of_kayles_matches_oeis() {
    let expected =
        common::oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let report = json(&["sequence", "kayles", "--to", "1199", "--json"]);
    let values = common::whole_numbers(&report["values"]);
    assert_eq!(values, expected);
    assert_eq!(report["period"]["period"], 12);
    assert_eq!(report["period"]["preperiod"], 71);
    assert_eq!(report["period"]["saltus"], 0);
    assert_eq!(report["period"]["proven"], true);
}

#[test]
fn sequence_summary_counts_zeros() {
    // Dawson's chess (OEIS A002187) to n = 131: its zeros are the P-positions in the table.
    let values = common::oracle_values(
        "dawson_0.07_and_0.137.json",
        "/dawsons_chess_0.137/G_source_values",
    );
    let zeros = values.iter().filter(|&&value| value == 0).count();
    let output = cgt(&[
        "sequence",
        "dawson-chess",
        "--to",
        &(values.len() - 1).to_string(),
        "--summary",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains(&format!("zeros:    {zeros}")), "{text}");
    assert!(text.contains(&format!(
        "G({}) = {}",
        values.len() - 1,
        values[values.len() - 1]
    )));
}

#[test]
fn value_of_huge_heaps_in_periodic_games() {
    // Dawson's Kayles, 0.07 = Dawson's chess shifted by one (OEIS A002187), period 34 from 53:
    // G(n) = A002187(n - 1) with the period from 52 on.
    let chess = common::oracle_values(
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

/// The README's table of games is the catalogue's, as `cgt games --markdown` prints it.
#[test]
fn the_readme_lists_the_catalogue() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let start = readme
        .find("<!-- games: cgt games --markdown -->\n")
        .expect("the games table's start marker");
    let end = readme.find("<!-- end games -->").expect("its end marker");
    let table = &readme[start + "<!-- games: cgt games --markdown -->\n".len()..end];
    let output = cgt(&["games", "--markdown"]);
    assert!(output.status.success());
    assert_eq!(table, String::from_utf8(output.stdout).unwrap());
}

/// `cgt nimber` against Ferguson's worked examples (tests/oracles/nim_multiplication.json) and
/// the Fermat 2-power rule, and its errors.
#[test]
fn nimber_expressions() {
    let examples = common::oracle("nim_multiplication.json");
    let value = |expression: &str| {
        let output = cgt(&["nimber", expression]);
        assert!(output.status.success(), "{expression}: {output:?}");
        String::from_utf8(output.stdout).unwrap().trim().to_string()
    };
    for example in examples["worked_examples_ferguson"].as_array().unwrap() {
        let expression = example["expr"]
            .as_str()
            .unwrap()
            .replace("(x)", "*")
            .replace("xor", "+")
            .replace(" (nim inverse)", "")
            .replace(" via mex", "");
        let expected = example["value"].as_u64().unwrap().to_string();
        assert_eq!(value(&expression), expected, "{expression}");
    }
    // 2^64 is a Fermat 2-power: its square is 3/2 of it.
    let report = json(&[
        "nimber",
        "0x10000000000000000 * 0x10000000000000000",
        "--json",
    ]);
    assert_eq!(report["value"], (3u128 << 63).to_string());
    assert_eq!(report["field_bits"], 128);
    // Nimbers written with a star, as the theory writes them: *3 + *5 = *6 (3 xor 5).
    assert_eq!(value("*3 + *5"), "6");
    fails(&["nimber", "4**2"], "** is not an operator");
    fails(&["nimber", "1 / 0"], "division by zero");
    fails(&["nimber", "inv(0)"], "no inverse");
    fails(&["nimber", "3 +"], "expected a number");
    fails(
        &["nimber", &format!("0x1{}", "0".repeat(1100))],
        "below 2^4096",
    );
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
            let after = common::whole_numbers(next);
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
        let after = common::whole_numbers(&entry["position"]);
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
        let after: Vec<String> = common::whole_numbers(&entry["position"])
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
        .map(|entry| common::whole_numbers(&entry["position"]))
        .collect();
    let mut winning: Vec<Vec<u64>> = valued["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(common::whole_numbers)
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
/// not computed: `cgt value --misere dawson-chess 45` computed the quotient first (to fail at
/// heap 33 after 45 s and 2.4 GB) before the search answered at once.
#[test]
fn a_heap_a_short_search_answers_is_not_given_the_quotient() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let game = cgt_games::open("dawson-chess").unwrap();
    let mut memo = std::collections::HashMap::new();
    for n in [41u64, 45] {
        let quotient_asked = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&quotient_asked);
        let (mut analysis, position) = game
            .analyse(
                &[n.to_string()],
                cgt_core::Budget::DEFAULT,
                Box::new(move |report| {
                    if matches!(report, cgt_games::Progress::Quotient { .. }) {
                        flag.store(true, Ordering::Relaxed);
                    }
                }),
            )
            .unwrap();
        let expected = if dawson_chess_misere_wins(&[n], &mut memo) {
            cgt_core::Outcome::Next
        } else {
            cgt_core::Outcome::Previous
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
            let mut after = common::whole_numbers(next);
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
        let output = cgt(arguments);
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
        let output = cgt(arguments);
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
        String::from_utf8(cgt(&["value", "nim", "3", "3", "--max-moves", "0"]).stdout).unwrap();
    assert!(text.contains("winning moves: none\n"), "{text}");
    let text = String::from_utf8(cgt(&["moves", "nim", "0", "--max-moves", "0"]).stdout).unwrap();
    assert!(
        text.contains("no moves: the player to move has lost"),
        "{text}"
    );
    // A search that stops early is not the flag: misère Wythoff (10^18, 5) is N (the closed
    // form: (3, 5) is a misère P-position too), and scanning a bounded number of its moves
    // finds no winning one; a window of Kayles splits lists fewer than --max-moves.
    let text =
        String::from_utf8(cgt(&["value", "wythoff", "1000000000000000000,5", "--misere"]).stdout)
            .unwrap();
    assert!(text.contains("outcome:  N"), "{text}");
    assert!(!text.contains("--max-moves 0"), "{text}");
    let text =
        String::from_utf8(cgt(&["value", "kayles", "1000000000000", "--max-moves", "1000"]).stdout)
            .unwrap();
    assert!(text.contains("more may exist"), "{text}");
    assert!(!text.contains("raise --max-moves"), "{text}");
}

#[test]
fn an_error_on_a_long_input_is_one_short_line() {
    // A board of 3,000 cells, a code of 3,000 digits, a heap of 3,000 digits: the error names
    // the input by its start, its end and its length, not by all of it.
    let board = format!("{}x", ".".repeat(3000));
    let code = format!("octal:0.{}x", "7".repeat(3000));
    let heap = "9".repeat(3000);
    for arguments in [
        vec!["value", "cram", board.as_str()],
        vec!["value", code.as_str(), "3"],
        vec!["value", "nim", heap.as_str()],
        // The command line's own errors too.
        vec!["value", "nim", "3", "--max-moves", heap.as_str()],
        vec![board.as_str()],
    ] {
        let output = cgt(&arguments);
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.len() < 300, "{stderr}");
        assert!(stderr.contains("characters)"), "{stderr}");
    }
}

#[test]
fn sequence_json_reports_the_sparse_space() {
    // Kayles (OEIS A002186 by its rule, tests/oracles): the largest value, where it first
    // occurs, and the rare heaps under the mask reported, counted from the values.
    let expected =
        common::oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let report = json(&["sequence", "kayles", "--to", "1199", "--json"]);
    let largest = *expected[1..].iter().max().unwrap();
    assert_eq!(report["largest"], largest);
    assert_eq!(
        report["largest_at"],
        expected.iter().position(|&value| value == largest).unwrap()
    );
    let mask = report["rare_mask"].as_u64().unwrap();
    // Kayles stops at its proven period (71 + 12 + ...): the report covers the values computed.
    let computed = report["rare_count"].as_u64().unwrap();
    let last_rare = report["last_rare"].as_u64();
    let upto = last_rare.unwrap_or(0) as usize;
    let rare = (1..=upto)
        .filter(|&heap| (expected[heap] & mask).count_ones() % 2 == 0)
        .count() as u64;
    assert_eq!(rare, computed);
    assert!(last_rare.is_none_or(|heap| (expected[heap as usize] & mask).count_ones() % 2 == 0));
}

#[test]
fn sequence_with_one_thread_or_two_prints_the_same() {
    let run = |threads: &str| {
        let output = cgt(&[
            "sequence",
            "octal:0.6",
            "--to",
            "12000",
            "--summary",
            "--threads",
            threads,
        ]);
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(run("1"), run("2"));
    fails(
        &["sequence", "octal:0.6", "--to", "10", "--threads", "0"],
        "--threads",
    );
    fails(
        &[
            "sequence",
            "octal:0.6",
            "--to",
            "10",
            "--checkpoint-every",
            "5",
        ],
        "--checkpoint",
    );
}

#[test]
fn a_sequence_killed_at_any_moment_resumes_from_its_checkpoint() {
    let directory = std::env::temp_dir().join(format!("cgt-kill-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let file = directory.join("0.6.checkpoint");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let arguments = [
        "sequence",
        "octal:0.6",
        "--to",
        "300000",
        "--summary",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0.01",
    ];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(arguments)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed (SIGKILL) once a checkpoint has been written, in the middle of the run.
    let start = std::time::Instant::now();
    while !file.exists() && start.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the run ended before it was killed"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    let resumed = cgt(&arguments);
    assert!(resumed.status.success(), "{resumed:?}");
    let uninterrupted = cgt(&arguments[..5]);
    assert_eq!(
        String::from_utf8(resumed.stdout).unwrap(),
        String::from_utf8(uninterrupted.stdout).unwrap()
    );
    // A checkpoint that cannot be written is refused before any work.
    fails(
        &[
            "sequence",
            "octal:0.6",
            "--to",
            "10",
            "--checkpoint",
            "/nonexistent/x.cgt",
        ],
        "cannot be written",
    );
    // A damaged checkpoint is one line and status 2.
    std::fs::write(&file, b"cgt sequence checkpoint 1\nnot the rest").unwrap();
    fails(&arguments, "checkpoint");
}

#[test]
fn sequence_misere_prints_the_genus_of_each_heap() {
    // Conway (ONAG ch. 12): a heap of Nim, *n, has genus 0^{120}, 1^{031}, then n^{n(n⊕2)}.
    let report = json(&["sequence", "nim", "--to", "3", "--misere", "--json"]);
    let genera: Vec<&str> = report["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|heap| heap["genus"].as_str().unwrap())
        .collect();
    assert_eq!(genera, ["0^{120}", "1^{031}", "2^{20}", "3^{31}"]);
    assert_eq!(report["heaps"][1]["misere"], 0);
    assert_eq!(report["heaps"][3]["class"], "tame");
    let text =
        String::from_utf8(cgt(&["sequence", "nim", "--to", "2", "--misere"]).stdout).unwrap();
    assert!(text.contains("2^{20}"), "{text}");
    fails(
        &["sequence", "wythoff", "--to", "3", "--misere"],
        "not a heap game",
    );
    fails(
        &[
            "sequence",
            "kayles",
            "--to",
            "60",
            "--misere",
            "--max-positions",
            "1000",
        ],
        "limit",
    );
}

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
    let text = String::from_utf8(cgt(&["quotient", "octal:0.75"]).stdout).unwrap();
    assert!(text.contains("order:        8"), "{text}");
    fails(&["quotient", "wythoff"], "not a heap game");
    // A partial quotient says so.
    let partial = json(&["quotient", "dawson-chess", "--to", "12", "--json"]);
    assert_eq!(partial["certified"], false);
    assert_eq!(partial["heap_reached"], 12);
}

#[test]
fn misere_play_of_a_large_sum_comes_from_the_quotient_and_matches_the_search() {
    use cgt_core::{MisereSolver, Outcome, Unhinted};
    use cgt_games::{HeapGame, Heaps, TakeAndBreak};
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

#[test]
fn a_quotient_killed_at_any_moment_resumes_to_the_same_answer() {
    let directory = std::env::temp_dir().join(format!("cgt-quotient-cli-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("nim.ckpt");
    let file = path.to_str().unwrap();
    let whole = json(&["quotient", "nim", "--to", "200", "--json"]);
    for delay in [150u64, 400, 700] {
        let _ = std::fs::remove_file(&path);
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cgt"))
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
    std::fs::remove_dir_all(&directory).unwrap();
}

/// A path (or a row of Cram) too long for a graph is refused with the heap game it is, and the
/// command named gives the path's value: Node Kayles on a path of n is Dawson's chess heap n
/// (A002187, period 34 from 52); Arc Kayles on it and Cram on a row of n are Dawson's Kayles
/// heap n, G(n) = A002187(n - 1).
#[test]
fn a_path_too_long_for_a_graph_names_the_heap_game_it_is() {
    let chess = common::oracle_values(
        "dawson_0.07_and_0.137.json",
        "/dawsons_chess_0.137/G_expanded_by_rule_0_to_999/values",
    );
    let at = |n: u64| chess[(52 + (n - 52) % 34) as usize];
    for (arguments, named, expected) in [
        (
            ["node-kayles", "path:5000"],
            "cgt value dawson-chess 5000",
            at(5000),
        ),
        (
            ["arc-kayles", "path:5001"],
            "cgt value dawson-kayles 5001",
            at(5000),
        ),
        (["cram", "1x5001"], "cgt value dawson-kayles 5001", at(5000)),
        (["cram", "5001x1"], "cgt value dawson-kayles 5001", at(5000)),
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
    let text = common::cgt(&["value", "chomp", "20x20", "--max-positions", "1000"]);
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
