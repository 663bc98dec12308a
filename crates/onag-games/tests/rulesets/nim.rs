//! Nim against Bouton's theorem (1901): a heap of n is worth *n, a sum the xor of its heaps.

use onag_core::{Nimber, Outcome, Solver, Unhinted};
use onag_games::{HeapGame, Heaps, Nim};
use proptest::prelude::*;

#[test]
fn a_heap_is_worth_its_size_by_search() {
    let mut solver = Solver::new(Unhinted(HeapGame(Nim)));
    for heap in 0..=200u64 {
        assert_eq!(
            solver.grundy(&Heaps::from([heap])).unwrap(),
            Nimber::new(heap)
        );
    }
}

#[test]
fn a_heap_is_worth_its_size_by_closed_form_up_to_u64_max() {
    let mut solver = Solver::new(HeapGame(Nim));
    for heap in [u64::MAX, u64::MAX - 1, 1 << 63, 10u64.pow(18)] {
        assert_eq!(
            solver.grundy(&Heaps::from([heap])).unwrap(),
            Nimber::new(heap)
        );
    }
    assert_eq!(
        solver
            .grundy(&Heaps::from([u64::MAX, u64::MAX - 1]))
            .unwrap(),
        Nimber::new(1)
    );
    assert_eq!(solver.positions_evaluated(), 0);
}

#[test]
fn winning_move_in_a_huge_heap_by_the_nim_sum_rule() {
    let mut solver = Solver::new(HeapGame(Nim));
    // 10^18 xor 5 is not 0; the move makes the big heap 5.
    let big = 10u64.pow(18);
    assert_eq!(
        solver.winning_moves(&Heaps::from([big, 5])).unwrap(),
        vec![Heaps::from([5, 5])]
    );
}

/// Every position of `heaps` heaps of at most `largest`, heaps kept in order.
fn positions(heaps: usize, largest: u64) -> Vec<Heaps> {
    let mut all = vec![Vec::new()];
    for _ in 0..heaps {
        all = all
            .into_iter()
            .flat_map(|prefix: Vec<u64>| {
                (0..=largest).map(move |heap| {
                    let mut next = prefix.clone();
                    next.push(heap);
                    next
                })
            })
            .collect();
    }
    all.into_iter().map(Heaps::from).collect()
}

#[test]
fn the_xor_rule_holds_for_every_position_of_up_to_four_heaps_of_seven() {
    // One solver per number of heaps, so positions are evaluated as whole games by brute force.
    for heaps in 1..=4 {
        let mut solver = Solver::new(Unhinted(HeapGame(Nim)));
        for position in positions(heaps, 7) {
            let xor = position.iter().fold(0, |sum, heap| sum ^ heap);
            assert_eq!(
                solver.grundy(&position).unwrap(),
                Nimber::new(xor),
                "{position:?}"
            );
        }
    }
}

#[test]
fn bouton_winning_moves_are_exactly_the_brute_force_ones() {
    let mut hinted = Solver::new(HeapGame(Nim));
    let mut searched = Solver::new(Unhinted(HeapGame(Nim)));
    for position in positions(3, 6) {
        let mut fast = hinted.winning_moves(&position).unwrap();
        let mut slow = searched.winning_moves(&position).unwrap();
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow, "{position:?}");
        // Bouton: a winning move exists exactly when the xor is not 0.
        let xor = position.iter().fold(0, |sum, heap| sum ^ heap);
        assert_eq!(fast.is_empty(), xor == 0);
    }
}

#[test]
fn ferguson_worked_example() {
    // Ferguson, Game Theory Part I, 1.5: Nim (13, 12, 8) has nim-sum 9; a winning move 13 -> 4.
    // By Bouton's rule every heap h with h ^ 9 < h has one: 13 -> 4, 12 -> 5 and 8 -> 1.
    let mut solver = Solver::new(HeapGame(Nim));
    assert_eq!(
        solver.grundy(&Heaps::from([13, 12, 8])).unwrap(),
        Nimber::new(9)
    );
    let winning = solver.winning_moves(&Heaps::from([13, 12, 8])).unwrap();
    assert!(winning.contains(&Heaps::from([4, 12, 8])));
    assert_eq!(
        winning,
        vec![
            Heaps::from([4, 12, 8]),
            Heaps::from([13, 5, 8]),
            Heaps::from([13, 12, 1])
        ]
    );
}

proptest! {
    // Each case searches the whole product space of its heaps, so the cases are kept small.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn larger_sums_follow_the_xor_rule(heaps in prop::collection::vec(0u64..12, 0..5)) {
        let xor = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        let heaps = Heaps::from(heaps);
        let mut solver = Solver::new(Unhinted(HeapGame(Nim)));
        prop_assert_eq!(solver.grundy(&heaps).unwrap(), Nimber::new(xor));
        prop_assert_eq!(
            Solver::new(HeapGame(Nim)).outcome(&heaps).unwrap(),
            if xor == 0 { Outcome::Previous } else { Outcome::Next }
        );
    }

    #[test]
    fn random_huge_sums_follow_the_xor_rule(heaps in prop::collection::vec(any::<u64>(), 0..8)) {
        let xor = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        let heaps = Heaps::from(heaps);
        let mut solver = Solver::new(HeapGame(Nim));
        prop_assert_eq!(solver.grundy(&heaps).unwrap(), Nimber::new(xor));
        for next in solver.first_winning_moves(&heaps, 8).unwrap() {
            prop_assert_eq!(next.iter().fold(0, |sum, heap| sum ^ heap), 0);
        }
    }
}
