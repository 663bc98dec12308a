//! The laws of mex, the nim-sum and the solver, on small bounded inputs.

use onag_core::{
    Error, ImpartialGame, MexSet, Nimber, Outcome, Resource, Solver, Sum, SumOf, SumPosition,
    Unhinted, mex, reference,
};
use proptest::prelude::*;

use crate::tables::acyclic_table;

proptest! {
    #[test]
    fn mex_is_the_least_missing_value(values in prop::collection::vec(0u64..80, 0..60)) {
        let result = mex(values.iter().copied().map(Nimber::new)).value();
        prop_assert!(!values.contains(&result));
        prop_assert!((0..result).all(|smaller| values.contains(&smaller)));
        prop_assert!(result as usize <= values.len());
        let mut reversed = values.clone();
        reversed.reverse();
        prop_assert_eq!(mex(reversed.into_iter().map(Nimber::new)).value(), result);
    }

    #[test]
    fn mex_set_agrees_with_mex(values in prop::collection::vec(0u64..300, 0..100)) {
        let mut set = MexSet::new();
        set.insert(Nimber::new(7));
        set.clear();
        for &value in &values {
            set.insert(Nimber::new(value));
        }
        prop_assert_eq!(set.mex(), mex(values.into_iter().map(Nimber::new)));
    }

    #[test]
    fn nim_sum_is_an_abelian_group_of_exponent_two(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        let (a, b, c) = (Nimber::new(a), Nimber::new(b), Nimber::new(c));
        prop_assert_eq!(a ^ b, b ^ a);
        prop_assert_eq!((a ^ b) ^ c, a ^ (b ^ c));
        prop_assert_eq!(a ^ Nimber::ZERO, a);
        prop_assert_eq!(a ^ a, Nimber::ZERO);
        prop_assert_eq!([a, b, c].into_iter().collect::<Nimber>(), a ^ b ^ c);
    }

    #[test]
    fn every_value_is_the_mex_of_its_options(table in acyclic_table()) {
        let mut solver = Solver::new(&table);
        for position in 0..table.0.len() {
            let options: Vec<Nimber> =
                table.0[position].iter().map(|o| solver.grundy(o).unwrap()).collect();
            prop_assert_eq!(solver.grundy(&position).unwrap(), mex(options));
        }
    }

    #[test]
    fn p_and_n_positions_are_consistent(table in acyclic_table()) {
        let mut solver = Solver::new(&table);
        for position in 0..table.0.len() {
            let outcomes: Vec<Outcome> =
                table.0[position].iter().map(|o| solver.outcome(o).unwrap()).collect();
            match solver.outcome(&position).unwrap() {
                Outcome::Previous => prop_assert!(outcomes.iter().all(|&o| o == Outcome::Next)),
                Outcome::Next => prop_assert!(outcomes.contains(&Outcome::Previous)),
                Outcome::Draw => prop_assert!(false, "a finite game has no draws"),
            }
            let winning = solver.winning_moves(&position).unwrap();
            prop_assert!(winning.iter().all(|w| solver.outcome(w).unwrap() == Outcome::Previous));
        }
    }
}

/// The moves of `position` that the reference search values 0, sorted and without repeats.
fn reference_winning<G: ImpartialGame>(game: &G, position: &G::Position) -> Vec<G::Position>
where
    G::Position: Ord,
{
    let mut winning: Vec<G::Position> = game
        .moves(position)
        .filter(|next| reference::grundy(game, next).unwrap().is_zero())
        .collect();
    winning.sort();
    winning.dedup();
    winning
}

fn sorted<P: Ord>(mut moves: Vec<P>) -> Vec<P> {
    moves.sort();
    moves.dedup();
    moves
}

proptest! {
    #[test]
    fn the_solver_agrees_with_the_reference(table in acyclic_table()) {
        let mut solver = Solver::new(&table);
        for position in 0..table.0.len() {
            prop_assert_eq!(solver.grundy(&position), reference::grundy(&table, &position));
            prop_assert_eq!(
                sorted(solver.winning_moves(&position).unwrap()),
                reference_winning(&table, &position)
            );
        }
    }

    /// The solver splits a sum into components; the reference searches the whole product.
    #[test]
    fn sums_of_one_game_agree_with_the_reference(
        table in acyclic_table(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let game = SumOf(&table);
        let position: Vec<usize> = picks.iter().map(|pick| pick.index(table.0.len())).collect();
        let mut solver = Solver::new(game);
        prop_assert_eq!(solver.grundy(&position), reference::grundy(&game, &position));
        prop_assert_eq!(
            sorted(solver.winning_moves(&position).unwrap()),
            reference_winning(&game, &position)
        );
    }

    /// Two different games side by side, nested to three: the components keep their own
    /// rules, and the sum agrees with a search of the whole product with every hook hidden.
    #[test]
    fn sums_of_different_games_agree_with_the_product_search(
        first in acyclic_table(),
        second in acyclic_table(),
        picks in (any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>()),
    ) {
        let game = Sum(&first, Sum(&second, SumOf(&first)));
        let (a, b, c) = (picks.0.index(first.0.len()), picks.1.index(second.0.len()), picks.2.index(first.0.len()));
        let position = SumPosition::Both(a, SumPosition::Both(b, vec![c, a]));
        let mut solver = Solver::new(game);
        let product = Solver::new(Unhinted(game)).grundy(&position);
        prop_assert_eq!(solver.grundy(&position), product);
        prop_assert_eq!(solver.grundy(&position), reference::grundy(&game, &position));
        prop_assert_eq!(
            sorted(solver.winning_moves(&position).unwrap()),
            reference_winning(&game, &position)
        );
    }
}

#[test]
fn the_reference_reports_a_cycle() {
    assert!(matches!(
        reference::grundy(&Cyclic, &10),
        Err(Error::Cycle { .. })
    ));
    assert_eq!(reference::grundy(&Cyclic, &2), Ok(Nimber::ZERO));
}

#[test]
fn nimber_display() {
    assert_eq!(Nimber::new(0).to_string(), "0");
    assert_eq!(Nimber::new(1).to_string(), "*");
    assert_eq!(Nimber::new(2).to_string(), "*2");
    assert_eq!(Nimber::new(u64::MAX).to_string(), format!("*{}", u64::MAX));
}

/// Positions count down by one, but 3 moves back up to 7: a cycle 7 -> ... -> 3 -> 7.
struct Cyclic;
impl ImpartialGame for Cyclic {
    type Position = u32;
    fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
        let back = (n == 3).then_some(7);
        n.checked_sub(1).into_iter().chain(back)
    }
}

#[test]
fn a_cycle_is_an_error_naming_a_position_on_it() {
    let mut solver = Solver::new(Cyclic);
    match solver.grundy(&10) {
        Err(Error::Cycle { position }) => {
            let on_cycle: u32 = position.parse().unwrap();
            assert!((3..=7).contains(&on_cycle), "{on_cycle}");
        }
        other => panic!("expected a cycle error, got {other:?}"),
    }
    // Below the cycle the game is finite, and the solver is still usable.
    assert_eq!(solver.grundy(&2), Ok(Nimber::ZERO));
    assert!(solver.winning_moves(&9).is_err());
}

/// An endless game with no repeated position: n moves to n + 1.
struct Upward;
impl ImpartialGame for Upward {
    type Position = u64;
    fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
        std::iter::once(n + 1)
    }
}

#[test]
fn an_endless_game_hits_the_limit() {
    let mut solver = Solver::new(Upward).with_limit(10_000);
    assert_eq!(
        solver.grundy(&0),
        Err(Error::LimitExceeded {
            resource: Resource::Positions,
            limit: 10_000
        })
    );
    assert_eq!(
        Error::LimitExceeded {
            resource: Resource::Positions,
            limit: 10_000
        }
        .to_string(),
        "the work exceeded the limit of 10000 remembered positions"
    );
}

/// A single move from n to n - 1: the deepest possible game for its size.
struct Chain;
impl ImpartialGame for Chain {
    type Position = u32;
    fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
        n.checked_sub(1).into_iter()
    }
}

#[test]
fn a_chain_a_million_moves_deep_needs_no_call_stack() {
    let mut solver = Solver::new(Chain);
    assert_eq!(solver.grundy(&1_000_000), Ok(Nimber::ZERO));
    assert_eq!(solver.grundy(&999_999), Ok(Nimber::new(1)));
    assert_eq!(solver.positions_evaluated(), 1_000_001);
    assert_eq!(solver.winning_moves(&999_999), Ok(vec![999_998]));
}
