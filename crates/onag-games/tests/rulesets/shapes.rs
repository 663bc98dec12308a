//! Games whose positions are not sums of heaps (Wythoff's game, staircase Nim, Moore's Nim_k)
//! and sums of different games, against published values, their rules by brute force, and the
//! engine with every hook hidden.

use std::collections::HashSet;

use onag_core::{
    ImpartialGame, MisereSolver, Nimber, Outcome, Solver, Sum, SumOf, SumPosition, Unhinted,
};
use onag_games::{HeapGame, HeapRuleset, Heaps, MooreNim, Nim, Notation, Staircase, Wythoff};
use proptest::prelude::*;

use onag_testkit::oracles::{judge_samples, numbers, oracle, oracle_values, whole_numbers};

#[test]
fn wythoff_values_are_oeis_a004481() {
    let table = oracle("wythoff.json");
    let mut searched = Solver::new(Unhinted(Wythoff));
    let mut hinted = Solver::new(Wythoff);
    let rows = table["A004481_example_rows_verbatim_T_a_b"]
        .as_array()
        .expect("rows");
    let mut cells = 0;
    for (a, row) in rows.iter().enumerate() {
        for (b, expected) in whole_numbers(row).into_iter().enumerate() {
            let position = (a as u64, b as u64);
            assert_eq!(
                searched.grundy(&position).unwrap().value(),
                expected,
                "{position:?}"
            );
            assert_eq!(
                hinted.grundy(&position).unwrap().value(),
                expected,
                "{position:?}"
            );
            cells += 1;
        }
    }
    assert!(cells >= 90);
    // The antidiagonals d = a + b, d = 0..=12, in order of a.
    let terms = oracle_values("wythoff.json", "/A004481_antidiagonal_terms");
    let mut index = 0;
    for d in 0..=12u64 {
        for a in 0..=d {
            assert_eq!(searched.grundy(&(a, d - a)).unwrap().value(), terms[index]);
            index += 1;
        }
    }
}

#[test]
fn wythoff_p_positions_are_the_beatty_pairs() {
    let lower = oracle_values("wythoff.json", "/A000201_lower_wythoff_n_from_1");
    let upper = oracle_values("wythoff.json", "/A001950_upper_wythoff_n_from_1");
    let mut p_positions: HashSet<(u64, u64)> = HashSet::from([(0, 0)]);
    for (n, (&a, &b)) in lower.iter().zip(&upper).enumerate() {
        assert_eq!(Wythoff::lower(n as u64 + 1), Some(a));
        p_positions.insert((a, b));
        p_positions.insert((b, a));
    }
    // Every position with both heaps below the last published lower term, by the tables.
    let bound = *lower.last().expect("terms");
    let mut searched = Solver::new(Unhinted(Wythoff));
    for a in 0..bound.min(60) {
        for b in 0..bound.min(60) {
            let expected = p_positions.contains(&(a, b));
            assert_eq!(Wythoff::is_p_position(a, b), Some(expected), "{a} {b}");
            assert_eq!(
                searched.grundy(&(a, b)).unwrap().is_zero(),
                expected,
                "{a} {b}"
            );
        }
    }
}

/// `a * b` for `a, b < 2^127` as 256 bits `(high, low)`, by 64-bit limbs: written here, apart
/// from the ruleset's arithmetic, so that the definition below holds for every `u64`.
fn wide_mul(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
    let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
    let (low, middle, high) = (a0 * b0, a1 * b0 + a0 * b1, a1 * b1);
    let (low, carry) = low.overflowing_add(middle << 64);
    (high + (middle >> 64) + u128::from(carry), low)
}

/// `⌊nφ⌋` checked by its definition, `L < nφ < L + 1`, squared: `(2L - n)² < 5n² < (2L + 2 - n)²`
/// (in 256 bits: `5n²` passes 128 bits from n = 2^62 on).
fn is_floor_of_n_phi(n: u64, lower: u64) -> bool {
    let (n, lower) = (u128::from(n), u128::from(lower));
    let five_n_squared = wide_mul(5 * n, n);
    2 * lower >= n
        && wide_mul(2 * lower - n, 2 * lower - n) < five_n_squared
        && five_n_squared < wide_mul(2 * lower + 2 - n, 2 * lower + 2 - n)
}

#[test]
fn wythoff_partners_pair_every_heap_size() {
    // Small sizes, sizes on both sides of 2^62 (where 5n² stops fitting 128 bits), and the
    // largest sizes.
    let edge = 1u64 << 62;
    let sizes = (0..200_000u64)
        .chain(edge - 100_000..edge + 100_000)
        .chain(u64::MAX - 200_000..=u64::MAX);
    for x in sizes {
        let Some(partner) = Wythoff::partner(x) else {
            // Only a lower term past u64::MAX / φ has its partner, x + n, past u64::MAX.
            assert!(x > u64::MAX / 2, "{x} has no partner");
            continue;
        };
        let (low, high) = (x.min(partner), x.max(partner));
        assert!(
            low == 0 || is_floor_of_n_phi(high - low, low),
            "{x} {partner}"
        );
        assert_eq!(Wythoff::partner(partner), Some(x), "{x}");
    }
    // A heap at most the difference of the heaps beside it (of 0, say) is never a P-position's
    // smaller heap, past 2^62 as below it.
    assert_eq!(Wythoff::is_p_position(u64::MAX, 1 << 63), Some(false));
}

proptest! {
    #[test]
    fn wythoff_lower_terms_meet_their_definition(n in 0u64..=u64::MAX) {
        match Wythoff::lower(n) {
            Some(lower) => prop_assert!(n == 0 || is_floor_of_n_phi(n, lower), "{n} {lower}"),
            // nφ past u64::MAX: n above u64::MAX / φ, about 0.618 of it.
            None => prop_assert!(u128::from(n) * 1618 > u128::from(u64::MAX) * 1000, "{n}"),
        }
    }

    /// Heaps past 2^62: the outcome is the closed form's at once, and every winning move is
    /// legal and leads to a P-position by the definition.
    #[test]
    fn wythoff_winning_moves_past_2_62_are_legal_and_win(
        a in (1u64 << 62)..=u64::MAX,
        b in (1u64 << 62)..=u64::MAX,
    ) {
        let mut solver = Solver::new(Wythoff);
        let winning = solver.winning_moves(&(a, b)).unwrap();
        let outcome = solver.outcome(&(a, b)).unwrap();
        prop_assert_eq!(winning.is_empty(), outcome == Outcome::Previous);
        prop_assert!(!winning.is_empty());
        for (x, y) in winning {
            let (low, high) = (x.min(y), x.max(y));
            prop_assert!(low == 0 && high == 0 || is_floor_of_n_phi(high - low, low));
            let legal = (y == b && x < a) || (x == a && y < b) || (a - x == b - y && x < a);
            prop_assert!(legal, "{a} {b} -> {x} {y}");
        }
    }

    /// Heaps near 10^18: the winning moves are legal, lead to P-positions by the definition of
    /// the Beatty pairs, and exist exactly when the position is not itself a P-position.
    #[test]
    fn wythoff_winning_moves_near_10_18_are_legal_and_win(
        a in 900_000_000_000_000_000u64..1_100_000_000_000_000_000,
        b in 900_000_000_000_000_000u64..1_100_000_000_000_000_000,
    ) {
        let mut solver = Solver::new(Wythoff);
        let winning = solver.winning_moves(&(a, b)).unwrap();
        let outcome = solver.outcome(&(a, b)).unwrap();
        prop_assert_eq!(winning.is_empty(), outcome == Outcome::Previous);
        for (x, y) in winning {
            let (low, high) = (x.min(y), x.max(y));
            let n = high - low;
            prop_assert!(low == 0 && high == 0 || is_floor_of_n_phi(n, low));
            let legal = (y == b && x < a) || (x == a && y < b) || (a - x == b - y && x < a);
            prop_assert!(legal, "{a} {b} -> {x} {y}");
        }
    }
}

#[test]
fn wythoff_winning_moves_equal_brute_force() {
    let mut hinted = Solver::new(Wythoff);
    let mut searched = Solver::new(Unhinted(Wythoff));
    for a in 0..40 {
        for b in 0..40 {
            let mut fast = hinted.winning_moves(&(a, b)).unwrap();
            let mut slow = searched.winning_moves(&(a, b)).unwrap();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "{a} {b}");
        }
    }
}

/// Misère Wythoff against a brute force written here: the misère outcomes of every position
/// up to 120 × 120 by the definition (a position with no move is won by the player to move),
/// heap sums in increasing order; then the closed form, and the misère search with the hook and
/// with every hook hidden, sums of two games included.
#[test]
fn misere_wythoff_is_normal_wythoff_with_three_small_positions_moved() {
    const SIDE: usize = 121;
    let mut previous = vec![[false; SIDE]; SIDE];
    for total in 0..2 * SIDE {
        for a in total.saturating_sub(SIDE - 1)..=total.min(SIDE - 1) {
            let b = total - a;
            let options = (0..a)
                .map(|x| (x, b))
                .chain((0..b).map(|y| (a, y)))
                .chain((1..=a.min(b)).map(|k| (a - k, b - k)));
            let mut moves = 0;
            let mut to_p = false;
            for (x, y) in options {
                moves += 1;
                to_p |= previous[x][y];
            }
            previous[a][b] = moves > 0 && !to_p;
        }
    }
    for (a, row) in previous.iter().enumerate() {
        for (b, &p_position) in row.iter().enumerate() {
            let closed = Wythoff::is_misere_p_position(a as u64, b as u64);
            assert_eq!(closed, Some(p_position), "({a}, {b})");
        }
    }
    let mut hinted = MisereSolver::new(SumOf(Wythoff));
    let mut searched = MisereSolver::new(SumOf(Unhinted(Wythoff)));
    let outcome = |p: bool| if p { Outcome::Previous } else { Outcome::Next };
    for a in 0..12u64 {
        for b in 0..12u64 {
            let expected = outcome(previous[a as usize][b as usize]);
            assert_eq!(hinted.outcome(&vec![(a, b)]).unwrap(), expected);
            assert_eq!(searched.outcome(&vec![(a, b)]).unwrap(), expected);
            // A sum of two games is searched whole; the hook answers each game it reaches alone.
            let sum = vec![(a, b), (b % 3, a % 4)];
            assert_eq!(
                hinted.outcome(&sum).unwrap(),
                searched.outcome(&sum).unwrap(),
                "{sum:?}"
            );
        }
    }
    // The closed form's winning moves are every move into the brute force's P-positions.
    for a in 0..40u64 {
        for b in 0..40u64 {
            let mut by_brute: Vec<(u64, u64)> = Wythoff
                .moves(&(a, b))
                .filter(|&(x, y)| previous[x as usize][y as usize])
                .collect();
            let mut closed = Wythoff.misere_winning_moves(&(a, b), usize::MAX).unwrap();
            by_brute.sort();
            closed.sort();
            assert_eq!(closed, by_brute, "({a}, {b})");
        }
    }
    // A heap of 10^12: at once, by the closed form.
    let huge = 1_000_000_000_000u64;
    let partner = Wythoff::partner(huge).unwrap();
    assert_eq!(
        hinted.outcome(&vec![(huge, partner)]).unwrap(),
        Outcome::Previous
    );
    assert_eq!(
        hinted.winning_moves(&vec![(huge, 5)], 5).unwrap(),
        vec![vec![(3, 5)]]
    );
}

/// Every position of `stairs` stairs with at most `most` coins on each.
fn staircases(stairs: usize, most: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..stairs {
        all = all
            .into_iter()
            .flat_map(|start: Vec<u64>| {
                (0..=most).map(move |coins| {
                    let mut next = start.clone();
                    next.push(coins);
                    next
                })
            })
            .collect();
    }
    all
}

#[test]
fn staircase_nim_is_nim_on_the_odd_stairs() {
    let mut searched = Solver::new(Unhinted(Staircase));
    let mut hinted = Solver::new(Staircase);
    for stairs in staircases(4, 4) {
        // Ferguson's rule, the nim-sum of the odd-numbered stairs, written out here.
        let odd = stairs.iter().step_by(2).fold(0, |sum, &coins| sum ^ coins);
        assert_eq!(searched.grundy(&stairs).unwrap().value(), odd, "{stairs:?}");
        let mut fast = hinted.winning_moves(&stairs).unwrap();
        let mut slow = searched.winning_moves(&stairs).unwrap();
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow, "{stairs:?}");
        for target in 0..8 {
            let mut fast = Staircase
                .moves_to_value(&stairs, Nimber::new(target), usize::MAX)
                .unwrap();
            let mut slow: Vec<Vec<u64>> = Staircase
                .moves(&stairs)
                .filter(|next| searched.grundy(next).unwrap().value() == target)
                .collect();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "{stairs:?} to {target}");
        }
    }
}

#[test]
fn staircase_nim_answers_acwing_892() {
    for (input, output) in judge_samples("AcWing 892") {
        let numbers = numbers(&input);
        let stairs = numbers[1..].to_vec();
        assert_eq!(stairs.len() as u64, numbers[0]);
        let first_wins = Solver::new(Staircase).outcome(&stairs).unwrap() == Outcome::Next;
        assert_eq!(
            if first_wins { "Yes" } else { "No" },
            output.trim(),
            "{input}"
        );
    }
}

#[test]
fn moore_nim_p_positions_follow_the_digit_sums() {
    for k in 1..=3 {
        let game = MooreNim::new(k).unwrap();
        let mut searched = Solver::new(Unhinted(game));
        let mut hinted = Solver::new(game);
        let largest = if k == 1 { 7 } else { 6 };
        for heaps in staircases(4, largest) {
            let heaps = Heaps::from(heaps);
            // Moore's rule, written out here: every binary column's ones divisible by k + 1.
            let p_position = (0..3)
                .all(|bit| heaps.iter().filter(|heap| heap >> bit & 1 == 1).count() % (k + 1) == 0);
            let value = searched.grundy(&heaps).unwrap();
            assert_eq!(value.is_zero(), p_position, "k = {k}: {heaps}");
            if k == 1 {
                // Nim_1 is Nim: Bouton's nim-sum.
                assert_eq!(value.value(), heaps.iter().fold(0, |sum, heap| sum ^ heap));
            }
            let mut fast = hinted.winning_moves(&heaps).unwrap();
            let mut slow = searched.winning_moves(&heaps).unwrap();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "k = {k}: {heaps}");
        }
    }
}

/// Misère Moore's Nim_k against the misère search with every hook hidden: the outcome of every
/// position of four heaps up to 5 (k = 1 to 3, and k = 6, more than the heaps), and the winning
/// moves the closed form lists against every move the search calls winning.
#[test]
fn misere_moore_nim_by_closed_form_and_by_search() {
    for k in [1, 2, 3, 6] {
        let game = MooreNim::new(k).unwrap();
        let mut searched = MisereSolver::new(Unhinted(game));
        for heaps in staircases(4, 5) {
            let position = Heaps::from(heaps);
            let outcome = searched.outcome(&position).unwrap();
            assert_eq!(
                game.known_misere_outcome(&position),
                Some(outcome),
                "k = {k}: {position}"
            );
            let mut by_search: Vec<Heaps> = game
                .moves(&position)
                .filter(|next| searched.outcome(next).unwrap() == Outcome::Previous)
                .collect();
            let mut closed = game.misere_winning_moves(&position, usize::MAX).unwrap();
            by_search.sort_by_key(Heaps::to_vec);
            closed.sort_by_key(Heaps::to_vec);
            assert_eq!(closed, by_search, "k = {k}: {position}");
            // The first few alone are a prefix of the same moves.
            let few = game.misere_winning_moves(&position, 2).unwrap();
            assert_eq!(few.len(), closed.len().min(2));
            assert!(few.iter().all(|next| closed.contains(next)));
        }
    }
}

proptest! {
    /// Heaps up to 2^63 (with heaps of one beside them): a misère winning move of Moore's
    /// Nim_k comes at once, is legal, and leaves a position the rule (written out here) calls
    /// P; there is one exactly when the rule calls the position N and it has a move (with no
    /// heaps, the player to move has won).
    #[test]
    fn misere_moore_winning_moves_on_huge_heaps_are_legal_and_win(
        k in 1usize..4,
        large in prop::collection::vec(2u64..(1 << 63), 0..6),
        ones in 0usize..6,
    ) {
        let game = MooreNim::new(k).unwrap();
        let mut sizes = large;
        sizes.extend(std::iter::repeat_n(1, ones));
        let position = Heaps::from(sizes);
        let misere_p = |heaps: &Heaps| {
            if heaps.iter().all(|heap| heap <= 1) {
                heaps.iter().filter(|&heap| heap == 1).count() % (k + 1) == 1
            } else {
                (0..64).all(|bit| {
                    heaps.iter().filter(|heap| heap >> bit & 1 == 1).count() % (k + 1) == 0
                })
            }
        };
        let winning = MisereSolver::new(game).winning_moves(&position, 3).unwrap();
        let terminal = position.iter().all(|heap| heap == 0);
        prop_assert_eq!(winning.is_empty(), misere_p(&position) || terminal);
        for next in winning {
            prop_assert_eq!(game.is_move(&position, &next), Some(true));
            prop_assert!(misere_p(&next), "{} -> {}", position, next);
        }
    }
}

/// Subtract a square: a move takes a positive square number of counters.
#[derive(Clone, Copy)]
struct Squares;

impl HeapRuleset for Squares {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        (1..)
            .map(|k: u64| k * k)
            .take_while(move |&square| square <= n)
            .map(move |square| Heaps::one(n - square))
    }
}

/// OEIS A014586, the Grundy values of subtract-a-square, G(0..=98).
const SQUARES_A014586: [u64; 99] = [
    0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 3, 2,
    3, 4, 0, 1, 2, 3, 2, 0, 1, 2, 3, 2, 0, 1, 2, 3, 2, 3, 4, 5, 0, 1, 3, 4, 5, 0, 1, 3, 4, 5, 0, 1,
    3, 0, 1, 0, 1, 2, 4, 3, 0, 1, 5, 6, 2, 3, 4, 5, 6, 2, 3, 4, 5, 0, 1, 6, 3, 2, 4, 2, 6, 4, 5, 0,
    1, 6, 4,
];

#[test]
fn subtract_a_square_is_oeis_a014586() {
    let mut solver = Solver::new(HeapGame(Squares));
    for (n, &expected) in SQUARES_A014586.iter().enumerate() {
        assert_eq!(
            solver.grundy(&Heaps::one(n as u64)).unwrap().value(),
            expected,
            "{n}"
        );
    }
}

/// A position of the sum of subtract-a-square heaps, Nim heaps and a Wythoff game.
type Mixed = SumPosition<Heaps, SumPosition<Heaps, (u64, u64)>>;

proptest! {
    /// A subtract-a-square heap group beside Nim heaps and a Wythoff game: the sum, valued
    /// component by component, equals the product searched whole with every hook hidden.
    #[test]
    fn sums_of_different_games_equal_the_product_search(
        squares in prop::collection::vec(0u64..12, 0..3),
        nim in prop::collection::vec(0u64..5, 0..3),
        wythoff in (0u64..4, 0u64..4),
    ) {
        let game = Sum(HeapGame(Squares), Sum(HeapGame(Nim), Wythoff));
        let position = SumPosition::Both(
            Heaps::from(squares),
            SumPosition::Both(Heaps::from(nim), wythoff),
        );
        let mut solver = Solver::new(game);
        let mut product = Solver::new(Unhinted(game));
        prop_assert_eq!(solver.grundy(&position).unwrap(), product.grundy(&position).unwrap());
        let mut fast = solver.winning_moves(&position).unwrap();
        let mut slow = product.winning_moves(&position).unwrap();
        let canonical = |moves: &mut Vec<Mixed>| {
            for next in moves.iter_mut() {
                *next = game.canonical(next.clone());
            }
            moves.sort();
            moves.dedup();
        };
        canonical(&mut fast);
        canonical(&mut slow);
        prop_assert_eq!(fast, slow);
    }
}

/// The rule-based check of a typed move (`Notation::is_move`) against the list of moves, on
/// every pair of small positions: a move is accepted exactly when the moves list it, up to the
/// order of heaps where the game does not care.
fn assert_typed_moves_match<G: onag_games::Notation>(
    game: &G,
    positions: &[G::Position],
    same: impl Fn(&G::Position, &G::Position) -> bool,
) {
    for from in positions {
        let listed: Vec<G::Position> = game.moves(from).collect();
        for to in positions {
            let expected = listed.iter().any(|next| same(next, to));
            assert_eq!(game.is_move(from, to), Some(expected), "{from:?} -> {to:?}");
        }
    }
}

#[test]
fn typed_moves_are_judged_as_the_moves_list_them() {
    let pairs: Vec<(u64, u64)> = (0..7).flat_map(|a| (0..7).map(move |b| (a, b))).collect();
    assert_typed_moves_match(&Wythoff, &pairs, |x, y| {
        x == y || (x.0 == y.1 && x.1 == y.0)
    });
    let stairs = staircases(3, 3);
    assert_typed_moves_match(&Staircase, &stairs, |x, y| {
        Staircase.canonical(x.clone()) == Staircase.canonical(y.clone())
    });
    for k in 1..=3 {
        let game = MooreNim::new(k).unwrap();
        let heaps: Vec<Heaps> = staircases(3, 3).into_iter().map(Heaps::from).collect();
        assert_typed_moves_match(&game, &heaps, |x, y| x.canonical() == y.canonical());
    }
}

proptest! {
    /// Heaps up to 2^63: a winning move of Moore's Nim_k comes at once, is legal by the rule
    /// and leaves every binary column's ones divisible by k + 1.
    #[test]
    fn moore_winning_moves_on_huge_heaps_are_legal_and_win(
        k in 1usize..4,
        heaps in prop::collection::vec(0u64..(1 << 63), 1..7),
    ) {
        let game = MooreNim::new(k).unwrap();
        let position = Heaps::from(heaps);
        let mut solver = Solver::new(game);
        let winning = solver.first_winning_moves(&position, 3).unwrap();
        let p_position = (0..64).all(|bit| {
            position.iter().filter(|heap| heap >> bit & 1 == 1).count() % (k + 1) == 0
        });
        prop_assert_eq!(winning.is_empty(), p_position);
        for next in winning {
            prop_assert_eq!(game.is_move(&position, &next), Some(true));
            let columns_divisible = (0..64).all(|bit| {
                next.iter().filter(|heap| heap >> bit & 1 == 1).count() % (k + 1) == 0
            });
            prop_assert!(columns_divisible, "{} -> {}", position, next);
        }
    }
}

/// A game on one number whose moves go up as well as down: from n, to n - 2, and from an even
/// n to n + 1 (odd numbers only go down by 2, so the game is finite).
struct UpAndDown;

impl ImpartialGame for UpAndDown {
    type Position = u64;
    fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
        let up = (n % 2 == 0).then_some(n + 1);
        n.checked_sub(2).into_iter().chain(up)
    }
}

#[test]
fn a_sequence_of_any_single_heap_game() {
    use onag_core::{Budget, reference};
    use onag_games::GrundySequence;

    // Subtract a square, as a plain game on u64 (not a heap ruleset): OEIS A014586.
    struct PlainSquares;
    impl ImpartialGame for PlainSquares {
        type Position = u64;
        fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
            (1..)
                .map(|k: u64| k * k)
                .take_while(move |&square| square <= n)
                .map(move |square| n - square)
        }
    }
    let sequence = GrundySequence::of_game(&PlainSquares, 98, Budget::DEFAULT, |_| {}).unwrap();
    for (n, &published) in SQUARES_A014586.iter().enumerate() {
        assert_eq!(sequence.value(n as u64), Some(published), "{n}");
    }
    let sequence = GrundySequence::of_game(&UpAndDown, 200, Budget::DEFAULT, |_| {}).unwrap();
    for n in 0..=200 {
        let expected = reference::grundy(&UpAndDown, &n).unwrap().value();
        assert_eq!(sequence.value(n), Some(expected), "{n}");
    }
    // A period read off a general game's values is observed, never proven.
    assert!(sequence.period().is_none_or(|period| !period.proven));
}
