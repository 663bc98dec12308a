//! Chomp against independent values: a brute force written here on diagrams as sets of
//! squares, and the published facts its closed forms state (Gale 1974: rectangles are first-
//! player wins; two rows (a, a - 1) and equal-armed L's are P-positions).

use std::collections::{BTreeSet, HashMap};

use onag_core::{ImpartialGame, Nimber, NimberSearch, Outcome, Solver, Unhinted};
use onag_games::{Chomp, ChompTable};
use proptest::prelude::*;

/// The nimber of a diagram given as its set of squares (row, column), by the definition:
/// every square but the poisoned (0, 0) may be chosen, and eats everything below-right of it.
fn brute_force(squares: &BTreeSet<(u32, u32)>, memo: &mut HashMap<Vec<(u32, u32)>, u64>) -> u64 {
    let key: Vec<(u32, u32)> = squares.iter().copied().collect();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut seen = BTreeSet::new();
    for &(r, c) in squares {
        if (r, c) == (0, 0) {
            continue;
        }
        let left: BTreeSet<(u32, u32)> = squares
            .iter()
            .copied()
            .filter(|&(i, j)| i < r || j < c)
            .collect();
        seen.insert(brute_force(&left, memo));
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(key, value);
    value
}

fn squares(rows: &[u32]) -> BTreeSet<(u32, u32)> {
    rows.iter()
        .enumerate()
        .flat_map(|(r, &length)| (0..length).map(move |c| (r as u32, c)))
        .collect()
}

fn any_diagram() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(1u32..7, 1..6).prop_map(|mut rows| {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        rows
    })
}

#[test]
fn the_published_facts() {
    let mut solver = Solver::new(Chomp::default());
    for rows in 1..8u32 {
        for columns in 1..8u32 {
            let rectangle = vec![columns; rows as usize];
            let expected = if rows * columns == 1 {
                Outcome::Previous
            } else {
                Outcome::Next
            };
            assert_eq!(
                solver.outcome(&rectangle).unwrap(),
                expected,
                "{rows}x{columns}"
            );
        }
    }
    for a in 1..12u32 {
        for b in 1..=a {
            let expected = if a == b + 1 {
                Outcome::Previous
            } else {
                Outcome::Next
            };
            assert_eq!(
                Solver::new(Unhinted(Chomp::default()))
                    .outcome(&vec![a, b])
                    .unwrap(),
                expected
            );
        }
    }
    for n in 1..9u32 {
        let mut l = vec![n];
        l.extend(std::iter::repeat_n(1, n as usize - 1));
        assert_eq!(
            Solver::new(Unhinted(Chomp::default())).outcome(&l).unwrap(),
            Outcome::Previous,
            "L {n}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn diagrams_match_the_brute_force(rows in any_diagram()) {
        let expected = brute_force(&squares(&rows), &mut HashMap::new());
        // Every square but the poisoned one is a move.
        let count = squares(&rows).len() as u64 - 1;
        prop_assert_eq!(Chomp::default().move_count(&rows), Some(count));
        prop_assert_eq!(Chomp::default().moves(&rows).count() as u64, count);
        prop_assert_eq!(Solver::new(Unhinted(Chomp::default())).grundy(&rows).unwrap(), Nimber::new(expected));
        prop_assert_eq!(NimberSearch::new(Chomp::default()).nimber(&rows).unwrap(), Nimber::new(expected));
        prop_assert_eq!(NimberSearch::new(Chomp::default()).is_p_position(&rows).unwrap(), expected == 0);
        let outcome = Solver::new(Chomp::default()).outcome(&rows).unwrap();
        prop_assert_eq!(outcome == Outcome::Previous, expected == 0);
        if let Some(known) = Chomp::default().known_outcome(&rows) {
            prop_assert_eq!(known == Outcome::Previous, expected == 0);
        }
    }
}

/// Every diagram inside a rectangle, as row lengths from the poisoned row (trailing zeros
/// dropped, the poisoned square always there).
fn diagrams_inside(rows: usize, columns: u32) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    for _ in 0..rows {
        all = all
            .into_iter()
            .flat_map(|prefix: Vec<u32>| {
                let most = prefix.last().copied().unwrap_or(columns);
                (0..=most).map(move |length| {
                    let mut longer = prefix.clone();
                    longer.push(length);
                    longer
                })
            })
            .collect();
    }
    all.into_iter()
        .map(|mut lengths| {
            while lengths.last() == Some(&0) {
                lengths.pop();
            }
            lengths
        })
        .filter(|lengths| !lengths.is_empty())
        .collect()
}

#[test]
fn the_table_holds_the_brute_forces_nimber_of_every_diagram_inside_it() {
    let mut memo = HashMap::new();
    for (rows, columns) in [(1, 9), (2, 7), (5, 5), (4, 7), (7, 3)] {
        let table = ChompTable::new(rows, columns).expect("a small rectangle");
        let diagrams = diagrams_inside(rows, columns);
        assert_eq!(
            Some(diagrams.len() as u64 + 1),
            ChompTable::diagrams(rows, columns),
            "the empty diagram is counted too"
        );
        for lengths in diagrams {
            let expected = brute_force(&squares(&lengths), &mut memo);
            assert_eq!(
                table.nimber(&lengths),
                Some(Nimber::new(expected)),
                "{lengths:?}"
            );
        }
        // Diagrams outside the rectangle are not answered.
        assert_eq!(table.nimber(&[columns + 1]), None);
        assert_eq!(table.nimber(&vec![1; rows + 1][..]), None);
    }
}

#[test]
fn tables_past_their_bound_are_not_made() {
    // 16 x 16 holds C(32, 16) = 601,080,390 diagrams.
    assert_eq!(ChompTable::diagrams(16, 16), Some(601_080_390));
    assert!(ChompTable::new(16, 16).is_none());
    // Past u64 the count is no number at all.
    assert_eq!(ChompTable::diagrams(40, 40), None);
    assert_eq!(ChompTable::diagrams(100, 100), None);
}

#[test]
fn positions_inside_a_rectangle_too_large_for_a_table_make_none_of_their_own() {
    // A fresh value makes a table for a small diagram...
    let value = |rows: &[u32]| Nimber::new(brute_force(&squares(rows), &mut HashMap::new()));
    assert_eq!(
        Chomp::default().known_grundy(&vec![3, 3, 3]),
        Some(value(&[3, 3, 3]))
    );
    // ...but not for one inside a rectangle already refused (a search of 30 x 30 would
    // otherwise make and drop a table for every position it meets).
    let chomp = Chomp::default();
    assert_eq!(chomp.known_grundy(&vec![30; 30]), None);
    assert_eq!(chomp.known_grundy(&vec![3, 3, 3]), None);
    // Outside it, tables are made as before.
    assert_eq!(chomp.known_grundy(&vec![31, 2]), Some(value(&[31, 2])));
}

/// Every partition of at most `most` squares into rows of at most `columns`, at most `rows`
/// of them, as row lengths from the longest.
fn small_diagrams(rows: usize, columns: u32, most: u32) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    let mut pending: Vec<(Vec<u32>, u32)> = vec![(Vec::new(), 0)];
    while let Some((diagram, squares)) = pending.pop() {
        if !diagram.is_empty() {
            found.push(diagram.clone());
        }
        if diagram.len() == rows {
            continue;
        }
        let longest = diagram.last().copied().unwrap_or(columns);
        for length in 1..=longest.min(most - squares) {
            let mut longer = diagram.clone();
            longer.push(length);
            pending.push((longer, squares + length));
        }
    }
    found
}

#[test]
fn a_table_of_13_by_13_reports_its_making_and_holds_the_brute_forces_values() {
    // 13 x 13 holds C(26, 13) = 10,400,600 diagrams, past the 2^22 of the smaller tables.
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = std::sync::Arc::clone(&heard);
    let chomp = Chomp::default().with_progress(std::sync::Arc::new(std::sync::Mutex::new(
        move |done, total| sink.lock().unwrap().push((done, total)),
    )));
    // The equal-armed L of 13 is a P-position (the mirror strategy across the diagonal).
    let mut l = vec![1; 13];
    l[0] = 13;
    assert_eq!(chomp.known_grundy(&l), Some(Nimber::ZERO));
    let heard = heard.lock().unwrap().clone();
    assert!(heard.len() >= 10, "{} reports", heard.len());
    assert!(heard.iter().all(|&(_, total)| total == 10_400_600));
    assert!(heard.windows(2).all(|pair| pair[0].0 < pair[1].0));
    assert!(heard.iter().all(|&(done, total)| done < total));
    // The table made for the L answers every diagram inside 13 x 13 of at most 14 squares as
    // the brute force does, and the two rows (13, 12) as a P-position (Gale).
    let mut memo = HashMap::new();
    for diagram in small_diagrams(13, 13, 14) {
        let expected = brute_force(&squares(&diagram), &mut memo);
        assert_eq!(
            chomp.known_grundy(&diagram),
            Some(Nimber::new(expected)),
            "{diagram:?}"
        );
    }
    assert_eq!(chomp.known_grundy(&vec![13, 12]), Some(Nimber::ZERO));
    // The whole 13 x 13 rectangle: *33, as Beling's igsolve 0.1.2 (`igsolve chomp --rows 13
    // --cols 13`, run beside this program) finds by its own search.
    assert_eq!(chomp.known_grundy(&vec![13; 13]), Some(Nimber::new(33)));
}

#[test]
fn a_rectangle_is_written_as_it_is_typed_and_every_diagram_reads_back() {
    use onag_games::Notation;
    // A rectangle of two rows or more is written RxC (10000 x 10000 was ten thousand lengths
    // on one line); other diagrams by their row lengths; each reads back to the same rows.
    for (typed, written, rows) in [
        ("3x4", "3x4", vec![4u32; 3]),
        ("4,4", "2x4", vec![4, 4]),
        ("7,7,5,3", "7,7,5,3", vec![7, 7, 5, 3]),
        ("1x5", "5", vec![5]),
        ("5x1", "5x1", vec![1; 5]),
        ("10000x10000", "10000x10000", vec![10_000; 10_000]),
    ] {
        let chomp = Chomp::default();
        let read = chomp.read_component(typed).unwrap();
        assert_eq!(read, rows, "{typed}");
        assert_eq!(chomp.write_component(&read), written, "{typed}");
        assert_eq!(chomp.read_component(written).unwrap(), rows, "{written}");
    }
}
