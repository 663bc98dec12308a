//! The core rulesets against published closed forms and tables, and their hooks against brute
//! force with the hooks hidden.

use onag_core::{Nimber, Outcome, Solver, Unhinted};
use onag_games::{Bash, HeapGame, HeapRuleset, Heaps, Nim, Ruleset, SplitNim, SubsetNim};
use onag_testkit::oracles::oracle_values;
use proptest::prelude::*;

/// Grundy values of single heaps 0..=last by brute force with hooks hidden.
fn searched<G: HeapRuleset>(game: G, last: u64) -> Vec<u64> {
    let mut solver = Solver::new(Unhinted(HeapGame(game)));
    (0..=last)
        .map(|heap| solver.grundy(&Heaps::from([heap])).unwrap().value())
        .collect()
}

#[test]
fn bash_is_n_mod_m_plus_one() {
    // Ferguson, Game Theory Part I, 4.3 ex. 1: g(x) = x mod (m + 1).
    for m in 1..=9u64 {
        let values = searched(Bash::new(m).unwrap(), 120);
        for (n, value) in values.into_iter().enumerate() {
            assert_eq!(value, n as u64 % (m + 1), "m = {m}, n = {n}");
        }
        let mut solver = Solver::new(HeapGame(Bash::new(m).unwrap()));
        assert_eq!(
            solver.grundy(&Heaps::from([u64::MAX])).unwrap(),
            Nimber::new(u64::MAX % (m + 1))
        );
    }
    let widest = Bash::new(u64::MAX).unwrap();
    assert_eq!(
        Solver::new(HeapGame(widest))
            .grundy(&Heaps::from([u64::MAX]))
            .unwrap(),
        Nimber::new(u64::MAX)
    );
}

#[test]
fn subtraction_one_two_three_matches_ferguson() {
    let expected = oracle_values("subtraction_games.json", "/S_1_2_3/source_table_x_0_to_14");
    let game = SubsetNim::new([1, 2, 3]).unwrap();
    assert_eq!(searched(game, 14), expected);
}

#[test]
fn subtraction_one_three_four_matches_ferguson() {
    // Ferguson 1.4: outcomes PNPNNNN repeating with period 7, and 100 chips is a P-position.
    let table = onag_testkit::oracles::oracle("subtraction_games.json");
    let outcomes: Vec<&str> = table["S_1_3_4"]["source_outcomes_x_0_to_14"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .collect();
    let game = SubsetNim::new([1, 3, 4]).unwrap();
    let mut solver = Solver::new(HeapGame(game));
    for (n, expected) in outcomes.iter().enumerate() {
        let outcome = solver.outcome(&Heaps::from([n as u64])).unwrap();
        assert_eq!(outcome.to_string(), *expected, "n = {n}");
    }
    for n in 0..2000u64 {
        let p = n % 7 == 0 || n % 7 == 2;
        assert_eq!(
            solver.outcome(&Heaps::from([n])).unwrap() == Outcome::Previous,
            p,
            "n = {n}"
        );
    }
}

#[test]
fn subtraction_one_to_m_equals_bash() {
    for m in 1..=6u64 {
        let subset = searched(SubsetNim::new(1..=m).unwrap(), 60);
        assert!(
            subset
                .iter()
                .enumerate()
                .all(|(n, &g)| g == n as u64 % (m + 1))
        );
    }
}

#[test]
fn split_nim_small_heaps() {
    // A heap of 0 has no move; a heap of 1 only becomes 0 + 0 (value 0), so it is *1; a heap of
    // 2 becomes 0+0, 0+1 or 1+1 with values 0, 1, 0, so it is *2.
    let values = searched(SplitNim, 2);
    assert_eq!(values, vec![0, 1, 2]);
}

#[test]
fn a_heap_a_million_deep_evaluates_without_recursion() {
    // S = {1}: the chain n -> n-1 -> ... -> 0; G(n) = n mod 2 (Bash with m = 1). The solver
    // holds every level on its own stacks; a recursive search would overflow the call stack.
    let game = SubsetNim::new([1]).unwrap();
    let mut solver = Solver::new(HeapGame(game));
    assert_eq!(
        solver.grundy(&Heaps::from([1_000_000])).unwrap(),
        Nimber::new(0)
    );
    assert_eq!(
        solver.grundy(&Heaps::from([999_999])).unwrap(),
        Nimber::new(1)
    );
}

#[test]
fn hooks_change_no_answer() {
    let games: Vec<Ruleset> = ["nim", "bash:1", "bash:4", "subset-nim:2,5", "split-nim"]
        .iter()
        .map(|text| text.parse().unwrap())
        .collect();
    for game in games {
        // Brute force over whole positions: split Nim multiplies heaps, so its heaps stay small.
        let largest = if matches!(game, Ruleset::SplitNim(_)) {
            3
        } else {
            6
        };
        let mut hinted = Solver::new(HeapGame(game.clone()));
        let mut plain = Solver::new(Unhinted(HeapGame(game.clone())));
        let name = game.to_string();
        onag_testkit::compare::assert_same_answers(
            &mut hinted,
            &mut plain,
            (largest, largest),
            &name,
        );
    }
}

#[test]
fn every_move_from_p_reaches_n_and_some_move_from_n_reaches_p() {
    for game in ["subset-nim:1,3,4", "split-nim", "bash:3", "nim"] {
        let game: Ruleset = game.parse().unwrap();
        let mut solver = Solver::new(Unhinted(HeapGame(game.clone())));
        let largest = if matches!(game, Ruleset::SplitNim(_)) {
            3
        } else {
            8
        };
        for a in 0..largest {
            for b in 0..largest.min(5) {
                let position = Heaps::from([a, b]);
                let valued = solver.valued_moves(&position).unwrap();
                match solver.outcome(&position).unwrap() {
                    Outcome::Previous => assert!(valued.iter().all(|(_, v)| !v.is_zero())),
                    Outcome::Next => assert!(valued.iter().any(|(_, v)| v.is_zero())),
                    Outcome::Draw => panic!("a finite game has no draws"),
                }
            }
        }
    }
}

#[test]
fn invalid_parameters_are_errors() {
    use onag_games::Error;
    assert_eq!(SubsetNim::new([]), Err(Error::EmptySet));
    assert_eq!(SubsetNim::new([3, 0]), Err(Error::ZeroInSet));
    assert_eq!(Bash::new(0), Err(Error::MaxTakeTooSmall { max_take: 0 }));
    for bad in [
        "",
        "nim:3",
        "bash",
        "bash:x",
        "bash:1,2",
        "subset-nim",
        "subset-nim:1,,2",
        "subset-nim:-1",
        "chess",
    ] {
        assert!(bad.parse::<Ruleset>().is_err(), "{bad:?} parsed");
    }
}

proptest! {
    #[test]
    fn bash_hook_finds_exactly_the_searched_moves(m in 1u64..8, n in 0u64..60, target in 0u64..9) {
        let game = Bash::new(m).unwrap();
        let mut solver = Solver::new(Unhinted(HeapGame(game)));
        let mut searched: Vec<Heaps> = solver
            .valued_moves(&Heaps::from([n]))
            .unwrap()
            .into_iter()
            .filter(|(_, value)| value.value() == target)
            .map(|(next, _)| next)
            .collect();
        let mut hinted = game.heap_moves_to_value(n, Nimber::new(target)).unwrap();
        searched.sort();
        hinted.sort();
        prop_assert_eq!(hinted, searched);
    }

    #[test]
    fn nim_hook_finds_exactly_the_searched_moves(n in 0u64..60, target in 0u64..64) {
        let hinted = Nim.heap_moves_to_value(n, Nimber::new(target)).unwrap();
        let searched: Vec<Heaps> = (0..n).filter(|&k| k == target).map(Heaps::one).collect();
        prop_assert_eq!(hinted, searched);
    }
}
