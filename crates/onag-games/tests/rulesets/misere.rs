//! Misère play against Bouton's rule for misère Nim (Ferguson, *Game Theory*, Part I, §2.5, in
//! `tests/oracles/misere.json`), the judge samples HDU 1907 and HDU 2509, and the search with
//! the closed form hidden.

use onag_core::{ImpartialGame, MisereSolver, Outcome, Unhinted};
use onag_games::{HeapGame, Heaps, Nim};
use proptest::prelude::*;

use onag_testkit::oracles::{numbers, oracle};

/// Bouton's rule as the oracle states it: the first player wins iff (all heaps <= 1 and the
/// xor is 0) or (some heap > 1 and the xor is not 0).
fn first_player_wins(heaps: &[u64]) -> bool {
    let xor = heaps.iter().fold(0, |sum, heap| sum ^ heap);
    let small = heaps.iter().all(|&heap| heap <= 1);
    (small && xor == 0) || (!small && xor != 0)
}

#[test]
fn the_oracle_states_bouton_misere_rule() {
    let rule = oracle("misere.json")["misere_nim_rule"]["outcome_rule_equivalent"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        rule.contains("all heaps <= 1 and the XOR of sizes is 0"),
        "{rule}"
    );
}

#[test]
fn misere_nim_by_search_and_by_closed_form_on_four_heaps_of_seven() {
    let mut searched = MisereSolver::new(Unhinted(HeapGame(Nim)));
    let mut hinted = MisereSolver::new(HeapGame(Nim));
    for a in 0..8u64 {
        for b in 0..8 {
            for c in 0..8 {
                for d in 0..8 {
                    let heaps = [a, b, c, d];
                    let expected = if first_player_wins(&heaps) {
                        Outcome::Next
                    } else {
                        Outcome::Previous
                    };
                    let position = Heaps::from(heaps);
                    assert_eq!(searched.outcome(&position).unwrap(), expected, "{heaps:?}");
                    assert_eq!(hinted.outcome(&position).unwrap(), expected, "{heaps:?}");
                    // Every winning move found leaves a misère P-position, by the rule.
                    for next in hinted.winning_moves(&position, 10).unwrap() {
                        assert!(!first_player_wins(&next.to_vec()), "{heaps:?} -> {next}");
                    }
                }
            }
        }
    }
}

/// The closed form's winning moves are exactly the moves that leave a position Bouton's rule
/// calls P: every move of every position of four heaps up to 7 is judged by the rule, and the
/// same moves by the search with the closed form hidden.
#[test]
fn misere_nim_winning_moves_by_closed_form_are_every_winning_move() {
    let game = HeapGame(Nim);
    let mut searched = MisereSolver::new(Unhinted(HeapGame(Nim)));
    for a in 0..8u64 {
        for b in 0..8 {
            for c in 0..8 {
                for d in 0..8 {
                    let position = Heaps::from([a, b, c, d]);
                    let mut by_rule: Vec<Heaps> = game
                        .moves(&position)
                        .filter(|next| !first_player_wins(&next.to_vec()))
                        .collect();
                    let mut closed = game.misere_winning_moves(&position, usize::MAX).unwrap();
                    let mut search = searched.winning_moves(&position, usize::MAX).unwrap();
                    for list in [&mut by_rule, &mut closed, &mut search] {
                        list.sort_by_key(|heaps| heaps.to_vec());
                    }
                    assert_eq!(closed, by_rule, "{position}");
                    assert_eq!(search, by_rule, "{position}");
                }
            }
        }
    }
    // A heap of 10^18 beside 3: the one winning move makes them equal (the rule: nim-sum 0 with
    // two large heaps), named at once.
    let position = Heaps::from([1_000_000_000_000_000_000, 3]);
    let moves = MisereSolver::new(HeapGame(Nim))
        .winning_moves(&position, 10)
        .unwrap();
    assert_eq!(moves, vec![Heaps::from([3, 3])]);
}

proptest! {
    #[test]
    fn misere_nim_on_large_heaps(heaps in prop::collection::vec(0u64..u64::MAX, 1..8)) {
        let mut solver = MisereSolver::new(HeapGame(Nim));
        let expected = if first_player_wins(&heaps) { Outcome::Next } else { Outcome::Previous };
        prop_assert_eq!(solver.outcome(&Heaps::from(heaps)).unwrap(), expected);
    }
}

#[test]
fn judge_samples_hdu_1907_and_2509() {
    let table = oracle("misere.json");
    for sample in table["samples"].as_array().unwrap() {
        let problem = sample["problem"].as_str().unwrap();
        let input = numbers(sample["input"].as_str().unwrap());
        let output: Vec<&str> = sample["output"].as_str().unwrap().lines().collect();
        let (wins, loses) = if problem.starts_with("HDU 1907") {
            ("John", "Brother")
        } else if problem.starts_with("HDU 2509") {
            ("Yes", "No")
        } else {
            continue;
        };
        // HDU 1907: T, then for each case n and n heaps. HDU 2509: for each case n and n heaps.
        let mut rest: &[u64] = if problem.starts_with("HDU 1907") {
            &input[1..]
        } else {
            &input
        };
        let mut answers = Vec::new();
        while let Some((&count, tail)) = rest.split_first() {
            let (heaps, after) = tail.split_at(count as usize);
            let outcome = MisereSolver::new(Unhinted(HeapGame(Nim)))
                .outcome(&Heaps::from(heaps))
                .unwrap();
            answers.push(if outcome == Outcome::Next {
                wins
            } else {
                loses
            });
            rest = after;
        }
        assert_eq!(answers, output, "{problem}");
    }
}

/// A single move from n to n - 1, a million deep: the search needs no call stack.
struct Chain;

impl ImpartialGame for Chain {
    type Position = u32;
    fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
        n.checked_sub(1).into_iter()
    }
}

#[test]
fn a_misere_chain_a_million_deep() {
    // Misère: 0 is N (no move), 1 is P, and the outcomes alternate.
    let mut solver = MisereSolver::new(Chain);
    assert_eq!(solver.outcome(&1_000_000).unwrap(), Outcome::Next);
    assert_eq!(solver.outcome(&999_999).unwrap(), Outcome::Previous);
}

proptest! {
    /// Misère Bash's closed form against the search with the hook hidden, on every maximum
    /// take from 1 (where every heap is a heap of 0 or 1 in disguise) to 5.
    #[test]
    fn misere_bash_by_closed_form_and_by_search(
        max_take in 1u64..=5,
        heaps in prop::collection::vec(0u64..=13, 1..=4),
    ) {
        let bash = onag_games::Bash::new(max_take).unwrap();
        let position = Heaps::from(heaps.clone());
        let searched = MisereSolver::new(Unhinted(HeapGame(bash))).outcome(&position).unwrap();
        prop_assert_eq!(Some(searched), HeapGame(bash).known_misere_outcome(&position), "{:?}", heaps);
    }
}
