//! `HeapSolver`, the one source of values, moves and winning moves for `value`, `moves` and
//! `play`, checked against a brute force that shares none of its methods (the solver on whole
//! positions with every hook hidden: no closed forms, no sequences, no periods, no components),
//! and for consistency with itself on heaps far too large to search.

use onag_core::{Budget, Nimber, Solver, Unhinted};
use onag_games::{HeapGame, HeapRuleset, HeapSolver, Heaps, Ruleset};
use proptest::prelude::*;

/// Games of every kind the catalogue holds: closed forms, periodic codes, codes that are never
/// proven periodic, unequal splits, a take-all-but game and split Nim.
const GAMES: &[&str] = &[
    "nim",
    "bash:3",
    "subset-nim:1,3,4",
    "split-nim",
    "kayles",
    "dawson-kayles",
    "dawson-chess",
    "grundy",
    "lasker",
    "allbut:1,2",
    "octal:0.16",
    "tb:4.07",
];

/// Games whose heaps of any size are answered at once (closed forms and proven periods).
const LARGE_GAMES: &[&str] = &[
    "nim",
    "bash:3",
    "subset-nim:1,3,4",
    "split-nim",
    "kayles",
    "dawson-kayles",
    "dawson-chess",
    "lasker",
];

fn solver(game: &str, largest: u64) -> HeapSolver {
    let ruleset: Ruleset = game.parse().expect("a catalogue game");
    HeapSolver::new(ruleset, largest, Budget::DEFAULT, |_| {}).expect("a solver")
}

/// Every move of the whole position with its value, by brute force.
fn brute_force(game: &str, position: &Heaps) -> (Nimber, Vec<(Heaps, Nimber)>) {
    let ruleset: Ruleset = game.parse().expect("a catalogue game");
    let mut brute = Solver::new(Unhinted(HeapGame(ruleset)));
    let value = brute.grundy(position).expect("brute force");
    let moves = brute.valued_moves(position).expect("brute force");
    (value, moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// On small positions: the value, every move with its value, and the winning moves are
    /// exactly those of the brute force; every listed move is one `play` accepts.
    #[test]
    fn small_positions_agree_with_brute_force(
        game in proptest::sample::select(GAMES),
        heaps in prop_oneof![
            proptest::collection::vec(0u64..=9, 1..=2),
            proptest::collection::vec(0u64..=4, 3..=3),
        ],
    ) {
        // Split Nim's whole positions keep growing (a heap splits into two, either empty), so
        // its brute force stays on heaps of at most 3.
        let cap = if game == "split-nim" { 3 } else { 9 };
        let position: Heaps = heaps.into_iter().map(|heap| heap.min(cap)).collect();
        let position = position.canonical();
        let mut solver = solver(game, 9);
        let (value, brute_moves) = brute_force(game, &position);
        prop_assert_eq!(solver.grundy(&position).unwrap(), value);

        let (moves, more) = solver.moves(&position, 10_000).unwrap();
        prop_assert!(!more);
        let mut listed: Vec<(Heaps, u64)> = moves
            .iter()
            .map(|(next, after)| (next.position.clone(), after.value()))
            .collect();
        let mut expected: Vec<(Heaps, u64)> = brute_moves
            .iter()
            .map(|(next, after)| (next.canonical(), after.value()))
            .collect();
        listed.sort_by_key(|(heaps, value)| (heaps.to_vec(), *value));
        expected.sort_by_key(|(heaps, value)| (heaps.to_vec(), *value));
        prop_assert_eq!(listed, expected);

        let (winning, _) = solver.winning_moves(&position, 10_000).unwrap();
        let mut found: Vec<Vec<u64>> = winning.iter().map(|next| next.position.to_vec()).collect();
        let mut wins: Vec<Vec<u64>> = brute_moves
            .iter()
            .filter(|(_, after)| after.is_zero())
            .map(|(next, _)| next.canonical().to_vec())
            .collect();
        found.sort();
        wins.sort();
        prop_assert_eq!(found, wins);

        for (next, _) in &moves {
            let accepted = solver.find_move(&position, next.heap, &next.to.to_vec());
            prop_assert_eq!(accepted.as_ref(), Some(next));
        }
    }

    /// On heaps up to 10^18: a hint exists exactly at N-positions, is a legal move that `play`
    /// accepts, and leads to a P-position; every listed move is legal and valued consistently.
    #[test]
    fn hints_on_large_heaps_are_legal_and_win(
        game in proptest::sample::select(LARGE_GAMES),
        heaps in proptest::collection::vec(prop_oneof![0u64..=200, 0u64..=1_000_000_000_000_000_000], 1..=4),
    ) {
        let position = Heaps::from(heaps).canonical();
        let largest = position.iter().max().unwrap_or(0);
        let mut solver = solver(game, largest);
        let value = solver.grundy(&position).unwrap();
        let (winning, _) = solver.winning_moves(&position, 3).unwrap();
        prop_assert_eq!(winning.is_empty(), value.is_zero());
        for next in &winning {
            prop_assert!(solver.ruleset().is_heap_move(next.from, &next.to.to_vec()));
            let accepted = solver.find_move(&position, next.heap, &next.to.to_vec());
            prop_assert_eq!(accepted.as_ref(), Some(next));
            prop_assert!(solver.grundy(&next.position).unwrap().is_zero());
        }
        let (moves, _) = solver.moves(&position, 20).unwrap();
        for (next, after) in &moves {
            prop_assert!(solver.ruleset().is_heap_move(next.from, &next.to.to_vec()));
            prop_assert_eq!(solver.grundy(&next.position).unwrap(), *after);
        }
    }
}

/// The rule check `play` uses for typed moves agrees with the list of moves, for every heap up
/// to 14 and every way to leave up to three heaps of up to 14.
#[test]
fn typed_moves_are_judged_as_the_moves_list_them() {
    for game in GAMES {
        let ruleset: Ruleset = game.parse().unwrap();
        for n in 0..=14u64 {
            let listed: Vec<Vec<u64>> = ruleset
                .heap_moves(n)
                .map(|option| option.canonical().to_vec())
                .collect();
            let mut candidates: Vec<Vec<u64>> = vec![vec![]];
            for a in 1..=14 {
                candidates.push(vec![a]);
                for b in a..=14 {
                    candidates.push(vec![a, b]);
                    for c in b..=14 {
                        candidates.push(vec![a, b, c]);
                    }
                }
            }
            for parts in candidates {
                assert_eq!(
                    ruleset.is_heap_move(n, &parts),
                    listed.contains(&parts),
                    "{game}: heap {n} -> {parts:?}"
                );
            }
        }
    }
}

/// Kayles' G(n) from the oracle (OEIS A002186): the published values below 71, and from 71 on
/// the published period of 12.
fn kayles_oracle() -> impl Fn(u64) -> u64 {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/oracles/kayles_0.77.json"
    );
    let text = std::fs::read_to_string(path).expect("the Kayles oracle");
    let oracle: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let numbers = |key: &str| -> Vec<u64> {
        oracle[key]
            .as_array()
            .expect(key)
            .iter()
            .map(|value| value.as_u64().expect("a number"))
            .collect()
    };
    let table = numbers("ferguson_table_4_1_G_0_to_83");
    let period = numbers("period_values_from_71");
    move |n| match n {
        0..71 => table[n as usize],
        _ => period[((n - 71) % 12) as usize],
    }
}

/// The examples: a hint on Kayles heaps of 2·10^6, 10^7 and 10^9 is a real winning move
/// (its value checked by the oracle, not by the engine), and the move `1 1 9999997` on a heap of
/// 10^7 is accepted.
#[test]
fn kayles_hints_on_huge_heaps() {
    let value = kayles_oracle();
    for n in [2_000_000u64, 10_000_000, 1_000_000_000] {
        let mut solver = solver("kayles", n);
        assert_eq!(solver.grundy(&Heaps::one(n)).unwrap().value(), value(n));
        let (winning, _) = solver.winning_moves(&Heaps::one(n), 1).unwrap();
        let hint = &winning[0];
        let parts = hint.to.to_vec();
        let taken = n - parts.iter().sum::<u64>();
        assert!(taken == 1 || taken == 2, "{hint}");
        let after = parts.iter().fold(0, |sum, &part| sum ^ value(part));
        assert_eq!(after, 0, "{hint}");
    }
    let solver = solver("kayles", 10_000_000);
    assert!(
        solver
            .find_move(&Heaps::one(10_000_000), 0, &[1, 9_999_997])
            .is_some()
    );
}
