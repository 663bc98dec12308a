//! The pruned search against the exhaustive solver (itself checked against the definition in
//! laws.rs) on random acyclic games, and against Kayles' published values (OEIS A002186) on a
//! game that splits into components.

use onag_core::{ImpartialGame, Nimber, NimberSearch, Outcome, Solver};
use proptest::prelude::*;

use crate::tables::{Nim, Table, acyclic_table};

/// Kayles on rows of pins, a position the sorted list of rows: knock down one pin or two
/// adjacent ones, which may split a row in two.
struct Kayles;

impl ImpartialGame for Kayles {
    type Position = Vec<u32>;
    fn moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
        let mut all = Vec::new();
        for (index, &row) in rows.iter().enumerate() {
            for take in 1..=2u32 {
                for left in 0..=row.saturating_sub(take) {
                    if left + take > row {
                        continue;
                    }
                    let right = row - take - left;
                    let mut next: Vec<u32> = rows.clone();
                    next.remove(index);
                    next.extend([left, right].into_iter().filter(|&r| r > 0));
                    next.sort_unstable();
                    all.push(next);
                }
            }
        }
        all.into_iter()
    }
    fn components(&self, rows: Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
        rows.into_iter().filter(|&r| r > 0).map(|r| vec![r])
    }
    fn join(&self, components: Vec<Vec<u32>>) -> Option<Vec<u32>> {
        let mut rows: Vec<u32> = components.into_iter().flatten().collect();
        rows.sort_unstable();
        Some(rows)
    }
    fn canonical(&self, mut rows: Vec<u32>) -> Vec<u32> {
        rows.retain(|&r| r > 0);
        rows.sort_unstable();
        rows
    }
}

/// Kayles whose moves are labelled, a row of n pins of kind n: knocking down `take` pins
/// after the first `left` is labelled `2 * left + take - 1` in every row, so the search makes
/// first, in a row of one length, the moves that last settled a question about a row of that
/// length.
struct LabelledKayles;

impl LabelledKayles {
    /// The label of knocking down `take` pins after the first `left`, and the rows it leaves.
    fn knock(rows: &[u32], index: usize, take: u32, left: u32) -> (u64, Vec<u32>) {
        let row = rows[index];
        let mut next = rows.to_vec();
        next.remove(index);
        next.extend([left, row - take - left].into_iter().filter(|&r| r > 0));
        next.sort_unstable();
        // Rows past the first are labelled past every label of the first.
        let offset = rows[..index].iter().map(|&r| 2 * u64::from(r)).sum::<u64>();
        (offset + 2 * u64::from(left) + u64::from(take) - 1, next)
    }
}

impl ImpartialGame for LabelledKayles {
    type Position = Vec<u32>;
    fn moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
        self.labelled_moves(rows).map(|(_, next)| next)
    }
    fn move_count(&self, rows: &Vec<u32>) -> Option<u64> {
        Some(rows.iter().map(|&r| 2 * u64::from(r)).sum::<u64>() - rows.len() as u64)
    }
    fn move_kind(&self, rows: &Vec<u32>) -> Option<usize> {
        match rows.as_slice() {
            &[row] => usize::try_from(row)
                .ok()
                .filter(|&row| row < onag_core::MOVE_KINDS),
            _ => None,
        }
    }
    fn labelled_moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = (u64, Vec<u32>)> {
        let mut all = Vec::new();
        for (index, &row) in rows.iter().enumerate() {
            for left in 0..row {
                for take in 1..=2u32.min(row - left) {
                    all.push(Self::knock(rows, index, take, left));
                }
            }
        }
        all.into_iter()
    }
    fn labelled_move(&self, rows: &Vec<u32>, label: u64) -> Option<Vec<u32>> {
        let &[row] = rows.as_slice() else {
            return self
                .labelled_moves(rows)
                .find(|&(l, _)| l == label)
                .map(|(_, next)| next);
        };
        let (left, take) = (
            u32::try_from(label / 2).ok()?,
            u32::try_from(label % 2).ok()? + 1,
        );
        (left + take <= row).then(|| Self::knock(rows, 0, take, left).1)
    }
    fn components(&self, rows: Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
        Kayles.components(rows)
    }
    fn join(&self, components: Vec<Vec<u32>>) -> Option<Vec<u32>> {
        Kayles.join(components)
    }
    fn canonical(&self, rows: Vec<u32>) -> Vec<u32> {
        Kayles.canonical(rows)
    }
}

#[test]
fn killer_moves_change_no_value() {
    // OEIS A002186, G(0..=40), on one thread and two, each search reusing its killers from
    // row to row; and the labels name the moves they are given for.
    let expected = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1,
    ];
    for threads in [1, 2] {
        let mut search = NimberSearch::new(LabelledKayles).with_threads(threads);
        for (n, &value) in expected.iter().enumerate() {
            let row = vec![n as u32];
            assert_eq!(search.nimber(&row).unwrap(), Nimber::new(value), "row {n}");
        }
    }
    for rows in [vec![7], vec![2, 5], vec![1, 1, 3]] {
        let moves: Vec<Vec<u32>> = Kayles
            .moves(&rows)
            .map(|mut next| {
                next.sort_unstable();
                next
            })
            .collect();
        let mut labelled: Vec<Vec<u32>> = LabelledKayles.moves(&rows).collect();
        let mut sorted = moves.clone();
        sorted.sort();
        labelled.sort();
        assert_eq!(labelled, sorted, "{rows:?}");
        assert_eq!(LabelledKayles.move_count(&rows), Some(moves.len() as u64));
        for (label, next) in LabelledKayles.labelled_moves(&rows) {
            assert_eq!(LabelledKayles.labelled_move(&rows, label), Some(next));
        }
    }
}

#[test]
fn kayles_rows_match_a002186() {
    // OEIS A002186, G(0..=35).
    let expected = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7,
    ];
    let mut search = NimberSearch::new(Kayles).with_threads(2);
    for (n, &value) in expected.iter().enumerate() {
        assert_eq!(
            search.nimber(&vec![n as u32]).unwrap(),
            Nimber::new(value),
            "row {n}"
        );
    }
    // A sum: 5 + 7 + 9 has nimber 4 ^ 2 ^ 4 = 2, so it is not a P-position; 1 + 4 and 2 + 10 are.
    assert_eq!(search.nimber(&vec![5, 7, 9]).unwrap(), Nimber::new(2));
    assert!(search.is_p_position(&vec![1, 4]).unwrap());
    assert!(search.is_p_position(&vec![2, 10]).unwrap());
    let winning = search.winning_move(&vec![5, 7, 9]).unwrap().unwrap();
    assert!(search.is_p_position(&winning).unwrap());
    let stats = search.stats();
    assert!(stats.questions > 0 && stats.table_entries > 0);
}

#[test]
fn a_small_table_degrades_speed_not_answers() {
    let budget = onag_core::Budget {
        memory: 4096,
        ..onag_core::Budget::DEFAULT
    };
    let mut search = NimberSearch::new(Kayles).with_budget(budget);
    assert_eq!(search.nimber(&vec![20]).unwrap(), Nimber::new(1));
    assert!(search.stats().table_entries <= 4096);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_search_agrees_with_the_solver(table in acyclic_table()) {
        let mut solver = Solver::new(table.clone());
        let mut search = NimberSearch::new(table.clone());
        for position in (0..table.0.len()).rev() {
            let value = solver.grundy(&position).unwrap();
            prop_assert_eq!(search.nimber(&position).unwrap(), value);
            prop_assert_eq!(search.is_p_position(&position).unwrap(), value.is_zero());
            match search.winning_move(&position).unwrap() {
                Some(next) => {
                    prop_assert_eq!(solver.outcome(&next).unwrap(), Outcome::Previous);
                    prop_assert!(!value.is_zero());
                }
                None => prop_assert!(value.is_zero()),
            }
        }
        // A search that asks options in an order of its own (the difficulty hook) agrees too.
        let mut scrambled = NimberSearch::new(Scrambled(table.clone()));
        for position in 0..table.0.len() {
            let value = solver.grundy(&position).unwrap();
            prop_assert_eq!(scrambled.nimber(&position).unwrap(), value);
            prop_assert_eq!(scrambled.is_p_position(&position).unwrap(), value.is_zero());
        }
        // Fresh searches, asked in another order, on one thread and on three, agree too.
        let mut fresh = NimberSearch::new(table.clone());
        let mut threaded = NimberSearch::new(table.clone()).with_threads(3);
        for position in 0..table.0.len() {
            let value = solver.grundy(&position).unwrap();
            prop_assert_eq!(fresh.nimber(&position).unwrap(), value);
            prop_assert_eq!(threaded.nimber(&position).unwrap(), value);
            prop_assert_eq!(threaded.is_p_position(&position).unwrap(), value.is_zero());
        }
    }
}

/// A table game whose options the search asks in a scrambled order: its difficulty is a
/// made-up function of the position, so the hook changes the order, never an answer.
#[derive(Clone)]
struct Scrambled(Table);

impl ImpartialGame for Scrambled {
    type Position = usize;
    fn moves(&self, &position: &usize) -> impl Iterator<Item = usize> {
        self.0.0[position].iter().copied()
    }
    fn difficulty(&self, &position: &usize) -> u64 {
        (position as u64).wrapping_mul(2654435761) % 101
    }
}

#[test]
fn closed_forms_answer_for_components_too_large_to_search() {
    // Bouton: 2^40 ^ (2^40 + 1) ^ 3 = 2, and the winning move takes 3 to 1.
    let big = 1u64 << 40;
    let mut search = NimberSearch::new(Nim);
    let position = vec![big, big + 1, 3];
    assert_eq!(search.nimber(&position).unwrap(), Nimber::new(2));
    assert!(!search.is_p_position(&position).unwrap());
    assert!(search.is_p_position(&vec![big, big]).unwrap());
    assert_eq!(
        search.winning_move(&position).unwrap(),
        Some(vec![big, big + 1, 1])
    );
}
