//! Coin-turning games and their products against Ferguson's *Game Theory*, Part I, §5 (Tables
//! 5.1 to 5.4 and worked examples, in `tests/oracles/coin_turning.json`), the engine's search
//! with every closed form hidden, and the Tartan theorem.

use onag_core::{ImpartialGame, Nimber, Solver};
use onag_games::{
    AcrosticTwins, CoinRule, CoinSubtraction, Coins, Heads, MockTurtles, Notation, Row, Ruler,
    Tartan, Turn, TurningTurtles, Twins,
};
use proptest::prelude::*;

use onag_testkit::oracles::{oracle, oracle_values, whole_numbers};

/// A rule with its closed form hidden: the engine must search every value.
struct Searched<R>(R);

impl<R: CoinRule> CoinRule for Searched<R> {
    fn first(&self) -> u64 {
        self.0.first()
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        self.0.turns(x)
    }
}

/// The values of single heads `first..=last`, by search.
fn searched_row<R: CoinRule>(rule: R, last: u64) -> Vec<u64> {
    let first = rule.first();
    let mut solver = Solver::new(Coins(Searched(rule)));
    (first..=last)
        .map(|x| solver.grundy(&Heads::of([x])).unwrap().value())
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

/// A coin subtraction rule is valued as its subtraction game's heaps, by their proven period:
/// its closed form equals the search with it hidden on coins to 40, and coins of 10^12 and
/// more follow Ferguson's g(x) = x mod 4 for S = {1, 2, 3} (§5.1; a head at 10^12 was searched
/// down the whole line and ran out of memory).
#[test]
fn coin_subtraction_rules_are_valued_by_the_period_of_their_heaps() {
    for set in [
        vec![1, 2, 3],
        vec![1, 3, 4],
        vec![2, 5],
        vec![3, 7, 8],
        vec![1, 10],
    ] {
        let rule = CoinSubtraction::new(set.clone()).unwrap();
        let searched = searched_row(rule.clone(), 40);
        for (index, &value) in searched.iter().enumerate() {
            let x = 1 + index as u64;
            assert_eq!(rule.coin_value(x), Some(Nimber::new(value)), "{set:?} {x}");
        }
    }
    let rule = CoinSubtraction::new([1, 2, 3]).unwrap();
    for x in [1_000_000_000_000u64, 1_000_000_000_000_000_003, u64::MAX] {
        assert_eq!(rule.coin_value(x), Some(Nimber::new(x % 4)), "{x}");
    }
    let heads = Heads::of([7, 1_000_000_000_000]);
    assert_eq!(
        Solver::new(Coins(rule)).grundy(&heads).unwrap(),
        Nimber::new(3)
    );
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
    let mut acrostic = Solver::new(onag_core::Unhinted(AcrosticTwins));
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
                let mut fast: Vec<Heads> = rule
                    .moves_to_value(x, Nimber::new(target), usize::MAX)
                    .unwrap()
                    .into_iter()
                    .map(Heads::from_runs)
                    .collect();
                let mut slow: Vec<Heads> = rule
                    .turns(x)
                    .map(Heads::from_runs)
                    .filter(|option| solver.grundy(option).unwrap().value() == target)
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

/// The heads as a plain set, the model `Heads` must agree with.
fn model(runs: &[(u64, u64)]) -> std::collections::BTreeSet<u64> {
    let mut set = std::collections::BTreeSet::new();
    for &(a, b) in runs {
        for coin in a..=b {
            if !set.remove(&coin) {
                set.insert(coin);
            }
        }
    }
    set
}

proptest! {
    /// Runs turned over in any order, overlapping or not, against a set of coins turned one by
    /// one: the runs, the count, membership, the highest head and the symmetric difference.
    #[test]
    fn heads_held_as_runs_are_the_set_of_heads(
        first in prop::collection::vec((0u64..40, 0u64..6), 0..8),
        second in prop::collection::vec((0u64..40, 0u64..6), 0..8),
    ) {
        let first: Vec<(u64, u64)> = first.into_iter().map(|(a, len)| (a, a + len)).collect();
        let second: Vec<(u64, u64)> = second.into_iter().map(|(a, len)| (a, a + len)).collect();
        let (heads, other) = (Heads::from_runs(first.clone()), Heads::from_runs(second.clone()));
        let set = model(&first);
        prop_assert_eq!(heads.coins().collect::<Vec<_>>(), set.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(heads.count(), set.len() as u128);
        prop_assert_eq!(heads.highest(), set.last().copied());
        for coin in 0..50 {
            prop_assert_eq!(heads.contains(coin), set.contains(&coin));
        }
        // Each run is maximal: the coin after it is tails.
        for (a, b) in heads.runs() {
            prop_assert!(a <= b && !set.contains(&(b + 1)));
        }
        let both: Vec<(u64, u64)> = first.iter().chain(&second).copied().collect();
        prop_assert_eq!(heads.xor(&other), Heads::from_runs(both.clone()));
        prop_assert_eq!(heads.xor(&other).coins().collect::<Vec<_>>(), model(&both).into_iter().collect::<Vec<_>>());
        prop_assert_eq!(Heads::of(set.iter().copied()), heads);
    }
}

#[test]
fn heads_reach_the_last_coin() {
    let last = Heads::run(u64::MAX - 2, u64::MAX);
    assert_eq!(last.count(), 3);
    assert_eq!(last.highest(), Some(u64::MAX));
    assert!(last.contains(u64::MAX) && !last.contains(u64::MAX - 3));
    assert_eq!(
        last.xor(&Heads::of([u64::MAX])),
        Heads::run(u64::MAX - 2, u64::MAX - 1)
    );
}

/// Each rule's value of a run of heads is the nim-sum of its single heads' values, searched
/// with the closed forms hidden.
#[test]
fn values_of_runs_are_the_nim_sums_of_their_heads() {
    fn check<R: CoinRule + Copy>(rule: R, last: u64) {
        let singles = searched_row(rule, last);
        let first = rule.first();
        for a in first..=last {
            let mut sum = 0;
            for b in a..=last {
                sum ^= singles[(b - first) as usize];
                assert_eq!(rule.run_value(a, b), Some(Nimber::new(sum)), "{a}-{b}");
            }
        }
    }
    check(Ruler, 48);
    check(TurningTurtles, 40);
    check(Twins, 40);
    check(MockTurtles, 40);
    // Far out, where no search reaches: the closed forms against the heads' own, summed.
    for (a, b) in [
        (1u64 << 40, (1 << 40) + 3000),
        (999_999_000_000, 1_000_000_002_000),
    ] {
        for rule in [
            Row::Ruler,
            Row::TurningTurtles,
            Row::Twins,
            Row::MockTurtles,
        ] {
            let sum: Nimber = (a..=b).map(|x| rule.coin_value(x).unwrap()).collect();
            assert_eq!(rule.run_value(a, b), Some(sum), "{rule} {a}-{b}");
        }
    }
}

/// A run's moves to each value, by the rules' closed forms, are exactly the moves of the run
/// whose value (searched, closed forms hidden) is that value.
#[test]
fn moves_of_runs_to_each_value_are_every_such_move() {
    fn check<R: CoinRule + Copy>(rule: R, last: u64) {
        let mut solver = Solver::new(Coins(Searched(rule)));
        let game = Coins(rule);
        for a in rule.first()..=last {
            for b in a..=last {
                let run = Heads::run(a, b);
                let options: Vec<Heads> = game.moves(&run).collect();
                let values: Vec<u64> = options
                    .iter()
                    .map(|option| solver.grundy(option).unwrap().value())
                    .collect();
                for target in 0..64 {
                    let mut fast: Vec<Heads> = rule
                        .run_moves_to_value(a, b, Nimber::new(target), usize::MAX)
                        .unwrap()
                        .into_iter()
                        .map(|(x, others)| run.turned(x, &others))
                        .collect();
                    let mut slow: Vec<Heads> = options
                        .iter()
                        .zip(&values)
                        .filter(|&(_, &value)| value == target)
                        .map(|(option, _)| option.clone())
                        .collect();
                    fast.sort();
                    slow.sort();
                    assert_eq!(fast, slow, "{a}-{b} to {target}");
                }
            }
        }
    }
    check(Ruler, 20);
    check(TurningTurtles, 16);
    check(Twins, 16);
    check(MockTurtles, 12);
}

/// Each rule's own judgement of a move agrees with its list of moves, for every set of coins
/// below the head.
#[test]
fn rules_judge_a_move_as_their_lists_do() {
    fn check<R: CoinRule>(rule: R, last: u64) {
        for x in rule.first()..=last {
            let below = x - rule.first();
            for subset in 0u64..(1 << below) {
                let others = Heads::of(
                    (0..below)
                        .filter(|i| subset >> i & 1 == 1)
                        .map(|i| i + rule.first()),
                );
                let listed = rule.turns(x).any(|turn| Heads::from_runs(turn) == others);
                assert_eq!(rule.allows(x, &others), listed, "{x} with {others:?}");
            }
        }
    }
    check(Ruler, 10);
    check(TurningTurtles, 10);
    check(Twins, 10);
    check(MockTurtles, 10);
    check(CoinSubtraction::new([1, 3, 4]).unwrap(), 10);
}

/// A head at 2^40 and one at 2^39 of Ruler: g(x) is the largest power of 2 dividing x, so the
/// sum is worth 2^40 ^ 2^39, and the one winning move turns coins 1 to 2^40 (the run of coins
/// 1 to 2^40 - 1 is worth the Gray code of 2^40 - 1, 2^39, Ferguson §5.2). It leaves 2^40 - 1
/// heads, two numbers as a run; it was an allocation of 8 TB that aborted the program.
#[test]
fn a_winning_move_that_turns_a_trillion_coins() {
    let game = Coins(Row::Ruler);
    let position = game.read_component("549755813888,1099511627776").unwrap();
    let mut solver = Solver::new(Coins(Row::Ruler));
    assert_eq!(
        solver.grundy(&position).unwrap(),
        Nimber::new((1 << 40) ^ (1 << 39))
    );
    let moves = solver.winning_moves(&position).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(
        game.write_component(&moves[0]),
        "1-549755813887,549755813889-1099511627775"
    );
    assert_eq!(moves[0].count(), (1 << 40) - 2);
    assert_eq!(Some(true), game.is_move(&position, &moves[0]));
    // The run read back, and judged a move of the head at 2^40 alone.
    let head = game.read_component("1099511627776").unwrap();
    let left = game.read_component("1-1099511627775").unwrap();
    assert_eq!(game.is_move(&head, &left), Some(true));
    // Any run ending next to the head is a move; one ending before it is not.
    assert_eq!(
        game.is_move(&head, &game.read_component("2-1099511627775").unwrap()),
        Some(true)
    );
    assert_eq!(
        game.is_move(&head, &game.read_component("1-1099511627774").unwrap()),
        Some(false)
    );
    // Moves are listed shortest first: a head at 10^12 lists its first moves at once.
    let first: Vec<String> = game
        .moves(&game.read_component("1000000000000").unwrap())
        .take(3)
        .map(|next| game.write_component(&next))
        .collect();
    assert_eq!(first, ["-", "999999999999", "999999999998,999999999999"]);
}

#[test]
fn runs_are_read_and_written_as_a_user_writes_them() {
    let game = Coins(Row::Ruler);
    let heads = game.read_component("9,2-5,7").unwrap();
    assert_eq!(heads, Heads::of([2, 3, 4, 5, 7, 9]));
    assert_eq!(game.write_component(&heads), "2-5,7,9");
    assert_eq!(game.write_component(&Heads::of([3, 4])), "3,4");
    for bad in ["3-2", "2-5,4", "0", "1,1", "18446744073709551615", "1-"] {
        assert!(game.read_component(bad).is_err(), "{bad}");
    }
    // A run too long to split into single heads needs the rule's closed form for runs.
    let subtraction = Coins("coins:1,3".parse::<Row>().unwrap());
    assert!(subtraction.read_component("1-2000000").is_err());
    assert!(subtraction.read_component("1-1000").is_ok());
    assert!(Coins(Row::MockTurtles).read_component("0-2000000").is_ok());
}
