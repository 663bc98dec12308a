//! Cram against independent values: Beling's published table of rectangles
//! (tests/oracles/cram_beling.json), and a brute force written here (every move of a bitboard,
//! no regions, no symmetry, no closed forms) on random irregular boards.

use std::collections::HashMap;

use onag_core::ImpartialGame;
use onag_core::{Nimber, NimberSearch, Outcome, Solver, Unhinted};
use onag_games::{Board, Cram, Notation};
use proptest::prelude::*;

use onag_testkit::oracles::{dawson_value, oracle};

#[test]
fn rectangles_match_belings_table() {
    let table = oracle("cram_beling.json");
    let mut solver = Solver::new(Cram);
    for key in ["4x4", "4x5", "5x5", "4x6", "6x6", "4x8", "6x8"] {
        let expected = table["nimbers"][key].as_u64().unwrap();
        let (rows, columns) = key.split_once('x').unwrap();
        let board = Board::rectangle(rows.parse().unwrap(), columns.parse().unwrap()).unwrap();
        assert_eq!(
            solver.grundy(&board).unwrap(),
            Nimber::new(expected),
            "{key}"
        );
        // Cram is symmetric: C x R is the same board.
        let turned = Board::rectangle(columns.parse().unwrap(), rows.parse().unwrap()).unwrap();
        assert_eq!(
            solver.grundy(&turned).unwrap(),
            Nimber::new(expected),
            "{key} turned"
        );
    }
}

/// The boards one domino away from `free` (a board `width` wide), as bits.
fn dominoes(free: u64, width: u32, cells: u32) -> Vec<u64> {
    let mut after = Vec::new();
    for cell in 0..cells {
        if free >> cell & 1 == 0 {
            continue;
        }
        if cell % width + 1 < width && free >> (cell + 1) & 1 == 1 {
            after.push(free & !(3 << cell));
        }
        if cell + width < cells && free >> (cell + width) & 1 == 1 {
            after.push(free & !((1 << cell) | (1 << (cell + width))));
        }
    }
    after
}

fn any_board() -> impl Strategy<Value = (u32, u32, u64)> {
    (1u32..5, 1u32..6).prop_flat_map(|(rows, columns)| {
        let cells = rows * columns;
        (Just(rows), Just(columns), 0..(1u64 << cells))
    })
}

fn board_of(rows: u32, columns: u32, free: u64) -> Board {
    let text: Vec<String> = (0..rows)
        .map(|r| {
            (0..columns)
                .map(|c| {
                    if free >> (r * columns + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect();
    Board::parse(&text.join("/")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn irregular_boards_match_the_brute_force((rows, columns, free) in any_board()) {
        let expected = onag_testkit::cram::cram_nimber(free, columns, rows * columns, &mut HashMap::new());
        let board = board_of(rows, columns, free);
        // The options, and their count the search takes beforehand, are the brute force's.
        let options = dominoes(free, columns, rows * columns);
        prop_assert_eq!(Cram.move_count(&board), Some(options.len() as u64));
        let mut made: Vec<String> = Cram.moves(&board).map(|next| Cram.write_component(&next)).collect();
        let mut expected_options: Vec<String> = options
            .iter()
            .map(|&after| Cram.write_component(&board_of(rows, columns, after)))
            .collect();
        made.sort();
        expected_options.sort();
        prop_assert_eq!(made, expected_options);
        // The labelled moves are the moves, in order, no two labels alike, and a label names
        // its move and no other (the search makes a label's move on its own).
        let labelled: Vec<(u64, Board)> = Cram.labelled_moves(&board).collect();
        let moves: Vec<Board> = Cram.moves(&board).collect();
        prop_assert!(labelled.iter().map(|(_, next)| next).eq(moves.iter()));
        let labels: std::collections::BTreeSet<u64> = labelled.iter().map(|&(label, _)| label).collect();
        prop_assert_eq!(labels.len(), labelled.len());
        for label in 0..u64::from(4 * rows * columns + 2) {
            let named = labelled.iter().find(|&&(l, _)| l == label).map(|(_, next)| next.clone());
            prop_assert_eq!(Cram.labelled_move(&board, label), named);
        }
        prop_assert!(Cram.move_kind(&board).is_some());
        prop_assert_eq!(Solver::new(Cram).grundy(&board).unwrap(), Nimber::new(expected));
        prop_assert_eq!(Solver::new(Unhinted(Cram)).grundy(&board).unwrap(), Nimber::new(expected));
        let mut search = NimberSearch::new(Cram);
        prop_assert_eq!(search.nimber(&board).unwrap(), Nimber::new(expected));
        if let Some(next) = search.winning_move(&board).unwrap() {
            prop_assert!(expected != 0);
            prop_assert!(Solver::new(Cram).grundy(&next).unwrap().is_zero());
        } else {
            prop_assert_eq!(expected, 0);
        }
    }

    #[test]
    fn boards_past_the_table_of_small_ones_are_searched_as_the_brute_force_says(
        (rows, columns, free) in (5u32..7, 5u32..6).prop_flat_map(|(rows, columns)| {
            (Just(rows), Just(columns), 0..(1u64 << (rows * columns)))
        })
    ) {
        // Cram values every board within 4 x 5 from a table; these boards (5 x 5 and 6 x 5,
        // a random half of the cells free) are searched, their small parts looked up.
        let mut known = HashMap::new();
        let expected = onag_testkit::cram::cram_nimber(free, columns, rows * columns, &mut known);
        let board = board_of(rows, columns, free);
        // Every winning move, as the brute force finds them: the options it values at 0.
        let mut winning: Vec<String> = dominoes(free, columns, rows * columns)
            .into_iter()
            .filter(|&after| onag_testkit::cram::cram_nimber(after, columns, rows * columns, &mut known) == 0)
            .map(|after| Cram.write_component(&board_of(rows, columns, after)))
            .collect();
        winning.sort();
        for threads in [1, 2] {
            let mut search = NimberSearch::new(Cram).with_threads(threads);
            prop_assert_eq!(search.nimber(&board).unwrap(), Nimber::new(expected));
            // The list asks each option one move below the board (the look-ahead's order
            // counted from the board): the order changes, never the moves listed.
            let mut search = NimberSearch::new(Cram).with_threads(threads);
            let mut found: Vec<String> = search
                .moves_to_value(&board, Nimber::ZERO, usize::MAX)
                .unwrap()
                .iter()
                .map(|next| Cram.write_component(next))
                .collect();
            found.sort();
            prop_assert_eq!(&found, &winning, "{} threads", threads);
        }
        prop_assert_eq!(Solver::new(Cram).grundy(&board).unwrap(), Nimber::new(expected));
    }

    #[test]
    fn the_half_turn_rules_hold((rows, columns, half) in (1u32..5, 1u32..6).prop_flat_map(|(r, c)| (Just(r), Just(c), 0..(1u64 << ((r * c).div_ceil(2)))))) {
        // A board that is its own half-turn: the first half of the cells chosen, the rest
        // their images. The closed forms must agree with the brute force.
        let cells = rows * columns;
        let mut free = 0u64;
        for cell in 0..cells.div_ceil(2) {
            if half >> cell & 1 == 1 {
                free |= 1 << cell;
                free |= 1 << (cells - 1 - cell);
            }
        }
        let expected = onag_testkit::cram::cram_nimber(free, columns, cells, &mut HashMap::new());
        let board = board_of(rows, columns, free);
        if let Some(outcome) = Cram.known_outcome(&board) {
            prop_assert_eq!(outcome == Outcome::Previous, expected == 0);
        }
        if let Some(value) = Cram.known_grundy(&board) {
            prop_assert_eq!(value, Nimber::new(expected));
        }
    }
}

#[test]
fn boards_past_128_cells_count_and_make_their_moves() {
    // 3 x 50 = 150 cells, past the boards held in two machine words: every third column
    // filled in the middle row. Dominoes down: 2 in each of the 50 columns but the 17 with a
    // filled middle cell; across: 49 in the top and bottom rows, and in the middle row 49 less
    // the 33 next to a filled cell.
    let middle: String = (0..50)
        .map(|c| if c % 3 == 0 { '#' } else { '.' })
        .collect();
    let board = Board::parse(&format!("{}/{middle}/{}", ".".repeat(50), ".".repeat(50))).unwrap();
    let expected = 2 * (50 - 17) + 2 * 49 + (49 - 33);
    assert_eq!(Cram.move_count(&board), Some(expected));
    assert_eq!(Cram.moves(&board).count() as u64, expected);
    for next in Cram.moves(&board) {
        assert_eq!(next.free_cells() + 2, board.free_cells());
    }
}

#[test]
fn boards_of_more_than_64_cells_are_searched() {
    // Beling's 4 x 7 (*3) and 5 x 6 (*2) side by side on one board of 5 x 14 = 70 cells.
    let table = oracle("cram_beling.json");
    let value = |key: &str| table["nimbers"][key].as_u64().unwrap();
    let rows: Vec<String> = (0..5)
        .map(|r| format!("{}#......", if r < 4 { "......." } else { "#######" }))
        .collect();
    let board = Board::parse(&rows.join("/")).unwrap();
    assert_eq!(board.rows() * board.columns(), 70);
    for threads in [1, 2] {
        let mut search = NimberSearch::new(Cram).with_threads(threads);
        assert_eq!(
            search.nimber(&board).unwrap(),
            Nimber::new(value("4x7") ^ value("5x6")),
            "{threads} threads"
        );
    }
    // A path of 74 cells winding through a 9 x 14 board of 126: Cram on a path is Dawson's
    // Kayles (a domino takes two cells side by side), octal 0.07.
    let rows: Vec<String> = (0..9)
        .map(|r| match r % 4 {
            1 => "#############.".to_string(),
            3 => ".#############".to_string(),
            _ => ".".repeat(14),
        })
        .collect();
    let path = Board::parse(&rows.join("/")).unwrap();
    assert_eq!(path.free_cells(), 74);
    let kayles = oracle("dawson_0.07_and_0.137.json");
    let expected = kayles["dawsons_kayles_0.07"]["G_values"][74]
        .as_u64()
        .unwrap();
    assert_eq!(
        NimberSearch::new(Cram).nimber(&path).unwrap(),
        Nimber::new(expected)
    );
}

/// Dawson's Kayles G(n) (octal 0.07) for any n, from the oracle and its published period.
fn dawsons_kayles(n: u64) -> u64 {
    dawson_value("dawsons_kayles_0.07", "G_values", n)
}

/// A row of cells is Dawson's Kayles whatever its length (the search alone took 11 s on 1 x
/// 800, growing with about the cube of the length), and so is a ring of cells round a filled middle with the first domino
/// taken: the ring's nimber is the mex of that of the row of n - 2 it leaves.
#[test]
fn long_rows_and_rings_are_dawsons_kayles() {
    for n in [130u32, 131, 200, 801, 4000] {
        let expected = Nimber::new(dawsons_kayles(u64::from(n)));
        let mut search = NimberSearch::new(Cram);
        assert_eq!(
            search.nimber(&Board::rectangle(1, n).unwrap()).unwrap(),
            expected,
            "1 x {n}"
        );
        assert_eq!(
            search.nimber(&Board::rectangle(n, 1).unwrap()).unwrap(),
            expected,
            "{n} x 1"
        );
    }
    // The border of a 3 x 30 box: a ring of 2 x 30 + 2 = 62 cells (the half-turn maps the
    // ring to itself with two dominoes their own images, so symmetry does not value it).
    for (rows, columns) in [(3u32, 30u32), (3, 31), (40, 3)] {
        let text: Vec<String> = (0..rows)
            .map(|r| {
                if r == 0 || r + 1 == rows {
                    ".".repeat(columns as usize)
                } else {
                    format!(".{}.", "#".repeat(columns as usize - 2))
                }
            })
            .collect();
        let ring = Board::parse(&text.join("/")).unwrap();
        let cells = u64::from(ring.free_cells());
        assert_eq!(cells, 2 * u64::from(rows + columns) - 4);
        let expected = mex_of(dawsons_kayles(cells - 2));
        assert_eq!(
            NimberSearch::new(Cram).nimber(&ring).unwrap(),
            expected,
            "{rows} x {columns}"
        );
    }
}

/// The closed form is asked of whole boards too: a 2 x 2 block (0: either domino leaves one)
/// beside a row of 22 (Dawson's Kayles G(22) = 1) has one place fewer than cells, as one path
/// of 26 would (G(26) = 2), but is two regions, worth 0 + 1.
#[test]
fn a_block_beside_a_row_is_not_one_line() {
    let text = format!("..#{}/..#{}", ".".repeat(22), "#".repeat(22));
    let apart = Board::parse(&text).unwrap();
    let free = text
        .chars()
        .filter(|&cell| cell != '/')
        .enumerate()
        .filter(|&(_, cell)| cell == '.')
        .fold(0u64, |free, (cell, _)| free | 1 << cell);
    let expected = Nimber::new(onag_testkit::cram::cram_nimber(
        free,
        25,
        50,
        &mut HashMap::new(),
    ));
    assert_eq!(expected, Nimber::new(dawsons_kayles(22)));
    assert_eq!(NimberSearch::new(Cram).nimber(&apart).unwrap(), expected);
    assert_eq!(Cram.known_grundy(&apart), None);
    // A winding path of 74 cells with one cell more beside it, which gives a cell three
    // neighbours: no line (the search values it; the path alone is tested above).
    let mut rows: Vec<String> = (0..9)
        .map(|r| match r % 4 {
            1 => "#############.".to_string(),
            3 => ".#############".to_string(),
            _ => ".".repeat(14),
        })
        .collect();
    rows[1].replace_range(5..6, ".");
    let branched = Board::parse(&rows.join("/")).unwrap();
    assert_eq!(branched.free_cells(), 75);
    assert_eq!(Cram.known_grundy(&branched), None);
}

fn mex_of(value: u64) -> Nimber {
    Nimber::new(u64::from(value == 0))
}

/// The cells one or two walks visit on a 7 x 9 board (a step off the board stays put): a
/// corridor that is often a path, sometimes a cycle, and where it touches itself a graph with
/// a branch or more edges; with a second walk, often two corridors apart.
fn any_walk() -> impl Strategy<Value = u64> {
    let walk = |steps| (0u32..63, prop::collection::vec(0u8..4, steps));
    (walk(8..30), prop::option::of(walk(1..6))).prop_map(|(first, second)| {
        let mut free = 0u64;
        for (start, steps) in std::iter::once(first).chain(second) {
            let (mut r, mut c) = (start / 9, start % 9);
            free |= 1 << start;
            for step in steps {
                match step {
                    0 if r > 0 => r -= 1,
                    1 if r < 6 => r += 1,
                    2 if c > 0 => c -= 1,
                    3 if c < 8 => c += 1,
                    _ => {}
                }
                free |= 1 << (r * 9 + c);
            }
        }
        free
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Corridors on a board past the 4 x 5 table, against the brute force: the search of
    /// paths, cycles and corridors that touch themselves, and the closed form where it is
    /// given (lines of more than 24 cells, which longer walks make now and then; the long
    /// lines above test it on every run).
    #[test]
    fn corridors_match_the_brute_force(free in any_walk()) {
        let expected = Nimber::new(onag_testkit::cram::cram_nimber(free, 9, 63, &mut HashMap::new()));
        let board = board_of(7, 9, free);
        if let Some(known) = Cram.known_grundy(&board) {
            prop_assert_eq!(known, expected);
        }
        prop_assert_eq!(NimberSearch::new(Cram).nimber(&board).unwrap(), expected);
    }
}
