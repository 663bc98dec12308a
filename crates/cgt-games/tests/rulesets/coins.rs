//! Coin-turning games and their products against Ferguson's *Game Theory*, Part I, §5 (Tables
//! 5.1 to 5.4 and worked examples, in `tests/oracles/coin_turning.json`), the engine's search
//! with every closed form hidden, and the Tartan theorem.

use cgt_core::{ImpartialGame, Nimber, Solver};
use cgt_games::{
    AcrosticTwins, CoinRule, CoinSubtraction, Coins, MockTurtles, Ruler, Tartan, TurningTurtles,
    Twins,
};
use proptest::prelude::*;

use crate::common::{oracle, oracle_values, whole_numbers};

/// A rule with its closed form hidden: the engine must search every value.
struct Searched<R>(R);

impl<R: CoinRule> CoinRule for Searched<R> {
    fn first(&self) -> u64 {
        self.0.first()
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>> {
        self.0.turns(x)
    }
}

/// The values of single heads `first..=last`, by search.
fn searched_row<R: CoinRule>(rule: R, last: u64) -> Vec<u64> {
    let first = rule.first();
    let mut solver = Solver::new(Coins(Searched(rule)));
    (first..=last)
        .map(|x| solver.grundy(&vec![x]).unwrap().value())
        .collect()
}

#[test]
fn one_dimensional_games_match_fergusons_tables() {
    let mock = oracle_values(
        "coin_turning.json",
        "/one_dimensional/mock_turtles/g_0_to_14",
    );
    assert_eq!(searched_row(MockTurtles, 14), mock);
    let ruler = oracle_values("coin_turning.json", "/one_dimensional/ruler/g_1_to_16");
    assert_eq!(searched_row(Ruler, 16), ruler);
    let subtraction = oracle_values(
        "coin_turning.json",
        "/one_dimensional/subtraction_123_coin_form/g_1_to_14",
    );
    assert_eq!(
        searched_row(CoinSubtraction::new([1, 2, 3]).unwrap(), 14),
        subtraction
    );
    // Twins and Turning Turtles are Nim: g(x) = x.
    assert_eq!(searched_row(Twins, 20), (0..=20).collect::<Vec<_>>());
    assert_eq!(
        searched_row(TurningTurtles, 20),
        (1..=20).collect::<Vec<_>>()
    );
}

#[test]
fn closed_forms_of_the_rows_equal_their_search() {
    fn check<R: CoinRule + Copy>(rule: R, last: u64) {
        let searched = searched_row(Searched(rule).0, last);
        for (index, &value) in searched.iter().enumerate() {
            let x = rule.first() + index as u64;
            assert_eq!(rule.coin_value(x), Some(Nimber::new(value)), "{x}");
        }
    }
    check(MockTurtles, 40);
    check(Ruler, 64);
    check(Twins, 30);
    check(TurningTurtles, 30);
}

/// A single head `(x, y)` of the product, valued by searching the board with the rows' closed
/// forms hidden.
fn searched_square<A: CoinRule, B: CoinRule>(a: A, b: B, last: u64) -> Vec<Vec<u64>> {
    let (first_a, first_b) = (a.first(), b.first());
    let mut solver = Solver::new(Tartan(Searched(a), Searched(b)));
    (first_a..=last)
        .map(|x| {
            (first_b..=last)
                .map(|y| solver.grundy(&vec![(x, y)]).unwrap().value())
                .collect()
        })
        .collect()
}

#[test]
fn turning_corners_is_fergusons_table_5_2() {
    let table = oracle("nim_multiplication.json");
    let rows: Vec<Vec<u64>> = table["table_0_to_15"]
        .as_array()
        .unwrap()
        .iter()
        .map(whole_numbers)
        .collect();
    let searched = searched_square(Twins, Twins, 7);
    for (x, row) in searched.iter().enumerate() {
        assert_eq!(row[..], rows[x][..8], "row {x}");
    }
}

#[test]
fn rugs_and_mock_turtles_squared_are_fergusons_tables() {
    let rugs: Vec<Vec<u64>> = oracle("coin_turning.json")["two_dimensional"]["rugs_ruler_x_ruler"]
        ["table_rows_x_1_to_8_cols_y_1_to_8"]
        .as_array()
        .unwrap()
        .iter()
        .map(whole_numbers)
        .collect();
    assert_eq!(searched_square(Ruler, Ruler, 8), rugs);
    let mock: Vec<Vec<u64>> = oracle("coin_turning.json")["two_dimensional"]
        ["mock_turtles_squared"]["table_5_4"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(whole_numbers)
        .collect();
    let searched = searched_square(MockTurtles, MockTurtles, 5);
    for (x, row) in mock.iter().enumerate() {
        assert_eq!(searched[x][..row.len()], row[..], "row {x}");
    }
}

#[test]
fn fergusons_worked_positions() {
    // Turning Turtles squared, heads at (2,4), (4,3), (5,5): 8 ^ 12 ^ 7 = 3.
    let mut solver = Solver::new(Tartan(TurningTurtles, TurningTurtles));
    assert_eq!(
        solver.grundy(&vec![(2, 4), (4, 3), (5, 5)]).unwrap(),
        Nimber::new(3)
    );
    // Turning Corners, heads at (1,3), (3,2), (4,4): value 4, and the unique winning move turns
    // (3,3), (3,4), (4,3), (4,4).
    let mut corners = Solver::new(Tartan(Twins, Twins));
    let position = vec![(1, 3), (3, 2), (4, 4)];
    assert_eq!(corners.grundy(&position).unwrap(), Nimber::new(4));
    assert_eq!(
        corners.winning_moves(&position).unwrap(),
        vec![vec![(1, 3), (3, 2), (3, 3), (3, 4), (4, 3)]]
    );
    // Rugs: heads worth 8, 4 and 1 (at (8,1), (4,1), (1,1)): 13, an N-position; every winning
    // move found leaves 0.
    let mut rugs = Solver::new(Tartan(Ruler, Ruler));
    let position = vec![(1, 1), (4, 1), (8, 1)];
    assert_eq!(rugs.grundy(&position).unwrap(), Nimber::new(13));
    let winning = rugs.winning_moves(&position).unwrap();
    assert!(!winning.is_empty());
    for next in winning {
        assert!(rugs.grundy(&next).unwrap().is_zero());
    }
    // Acrostic Twins: g(x, y) = x ^ y (Table 5.1).
    let mut acrostic = Solver::new(cgt_core::Unhinted(AcrosticTwins));
    for x in 0..6 {
        for y in 0..6 {
            assert_eq!(acrostic.grundy(&vec![(x, y)]).unwrap().value(), x ^ y);
        }
    }
}

proptest! {
    /// The Tartan method's winning moves equal those of a search of the board with every
    /// closed form hidden, on random small positions of four product games.
    #[test]
    fn tartan_winning_moves_equal_the_search(
        heads in prop::collection::btree_set((1u64..7, 1u64..7), 1..4),
        game in 0usize..4,
    ) {
        let heads: Vec<(u64, u64)> = heads.into_iter().collect();
        fn compare<A: CoinRule + Copy, B: CoinRule + Copy>(a: A, b: B, heads: &Vec<(u64, u64)>) -> Result<(), TestCaseError> {
            let mut fast = Solver::new(Tartan(a, b));
            let mut slow = Solver::new(Tartan(Searched(a), Searched(b)));
            prop_assert_eq!(fast.grundy(heads).unwrap(), slow.grundy(heads).unwrap());
            let mut found = fast.winning_moves(heads).unwrap();
            let mut expected = slow.winning_moves(heads).unwrap();
            found.sort();
            expected.sort();
            prop_assert_eq!(found, expected);
            Ok(())
        }
        match game {
            0 => compare(Twins, Twins, &heads)?,
            1 => compare(Ruler, Ruler, &heads)?,
            2 => compare(MockTurtles, MockTurtles, &heads)?,
            _ => compare(Ruler, MockTurtles, &heads)?,
        }
    }

    /// Boards far too large to search: the Tartan method's winning move is a legal product
    /// move (its turned coins are a row move times a column move) and leaves value 0 by the
    /// closed forms.
    #[test]
    fn tartan_winning_moves_on_large_boards(
        heads in prop::collection::btree_set((1u64..2000, 1u64..2000), 1..5),
    ) {
        let heads: Vec<(u64, u64)> = heads.into_iter().collect();
        let game = Tartan(Twins, Twins);
        let mut solver = Solver::new(game);
        let value = solver.grundy(&heads).unwrap();
        let winning = solver.first_winning_moves(&heads, 2).unwrap();
        prop_assert_eq!(winning.is_empty(), value.is_zero());
        for next in winning {
            prop_assert!(game.known_grundy(&next).unwrap().is_zero());
            // Turning Corners: the coins turned are the four corners of a rectangle.
            let mut turned: Vec<(u64, u64)> = heads.iter().filter(|h| !next.contains(h)).copied().collect();
            turned.extend(next.iter().filter(|h| !heads.contains(h)));
            turned.sort();
            prop_assert_eq!(turned.len(), 4);
            let (low, high) = (turned[0], turned[3]);
            prop_assert_eq!(turned, vec![low, (low.0, high.1), (high.0, low.1), high]);
        }
    }
}

/// Each row's closed-form moves to a value are exactly the moves the search values so.
#[test]
fn rows_list_their_moves_to_each_value_exactly() {
    fn check<R: CoinRule + Copy>(rule: R, last: u64) {
        let mut solver = Solver::new(Coins(Searched(rule)));
        for x in rule.first()..=last {
            for target in 0..70 {
                let mut fast: Vec<Vec<u64>> = rule
                    .moves_to_value(x, Nimber::new(target), usize::MAX)
                    .unwrap()
                    .into_iter()
                    .map(|mut others| {
                        others.sort_unstable();
                        others
                    })
                    .collect();
                let mut slow: Vec<Vec<u64>> = rule
                    .turns(x)
                    .filter(|others| {
                        let option: Vec<u64> = {
                            let mut sorted = others.clone();
                            sorted.sort_unstable();
                            sorted
                        };
                        solver.grundy(&option).unwrap().value() == target
                    })
                    .map(|mut others| {
                        others.sort_unstable();
                        others
                    })
                    .collect();
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "{x} to {target}");
            }
        }
    }
    check(TurningTurtles, 25);
    check(Twins, 25);
    check(MockTurtles, 25);
    check(Ruler, 40);
}
