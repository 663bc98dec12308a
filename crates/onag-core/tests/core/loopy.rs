//! The loopy solver against values from the definition: tiny graphs valued by hand
//! (tests/oracles/loopy_games.json), a brute force of the generalized Sprague-Grundy function
//! written apart from the engine, the ordinary solver on acyclic games, and sums against the
//! whole sum graph.

use onag_core::{
    Budget, GameGraph, ImpartialGame, LoopySolver, LoopyValue, Nimber, Outcome, Resource, Solver,
    Unhinted,
};
use proptest::prelude::*;

use onag_testkit::loopy::{
    misere_outcomes_by_fixpoint, outcomes_by_fixpoint, remoteness_by_rounds, values_by_brute_force,
};

use crate::tables::{Nim, Table};

fn inf(escapes: &[u64]) -> LoopyValue {
    LoopyValue::infinite(escapes.iter().copied().map(Nimber::new))
}

fn fin(value: u64) -> LoopyValue {
    LoopyValue::Finite(Nimber::new(value))
}

/// A random graph on up to 9 positions, cycles and self-loops allowed.
fn any_table() -> impl Strategy<Value = Table> {
    (1usize..9).prop_flat_map(|size| {
        prop::collection::vec(prop::collection::vec(0..size, 0..4), size).prop_map(Table)
    })
}

#[test]
fn tiny_graphs_valued_from_the_definition() {
    // tests/oracles/loopy_games.json, "tiny_graphs_from_definition".
    let self_loop = Table(vec![vec![0]]);
    let mut solver = LoopySolver::new(self_loop);
    assert_eq!(solver.value(&0).unwrap(), inf(&[]));
    assert_eq!(solver.outcome(&0).unwrap(), Outcome::Draw);
    assert_eq!(solver.remoteness(&0).unwrap(), None);
    assert_eq!(solver.drawing_moves(&0).unwrap(), vec![0]);

    let two_cycle = Table(vec![vec![1], vec![0]]);
    let mut solver = LoopySolver::new(two_cycle);
    assert_eq!(solver.value(&0).unwrap(), inf(&[]));
    assert_eq!(solver.value(&1).unwrap(), inf(&[]));

    // v = 0 with a self-loop and a move to the terminal t = 1.
    let escape = Table(vec![vec![0, 1], vec![]]);
    let mut solver = LoopySolver::new(escape.clone());
    assert_eq!(solver.value(&0).unwrap(), inf(&[0]));
    assert_eq!(solver.value(&1).unwrap(), fin(0));
    assert_eq!(solver.outcome(&0).unwrap(), Outcome::Next);
    assert_eq!(solver.winning_moves(&0).unwrap(), vec![1]);
    assert_eq!(solver.remoteness(&0).unwrap(), Some(1));
    // v + v is ∞ with no escape: a draw (the sum rule).
    let sum = solver.sum_value(&[0, 0]).unwrap();
    assert_eq!(sum, inf(&[]));
    assert_eq!(sum.outcome(), Outcome::Draw);
    assert!(solver.sum_winning_moves(&[0, 0]).unwrap().is_empty());
    assert_eq!(
        solver.sum_drawing_moves(&[0, 0]).unwrap(),
        vec![(0, 0), (1, 0)]
    );
}

#[test]
fn the_sum_rule_of_the_oracle() {
    // tests/oracles/loopy_games.json, "sum_rule": finite + finite, ∞(A) + y, ∞ + ∞.
    assert_eq!(fin(5) + fin(3), fin(6));
    assert_eq!(inf(&[0, 2, 7]) + fin(2), inf(&[0, 2, 5]));
    assert_eq!(inf(&[1]) + inf(&[0]), inf(&[]));
    assert_eq!(
        [fin(1), inf(&[3]), fin(2)].into_iter().sum::<LoopyValue>(),
        inf(&[0])
    );
    assert_eq!(inf(&[0, 2]).to_string(), "∞{0,2}");
    assert_eq!(format!("{:#}", inf(&[])), "inf");
    assert_eq!(fin(3).to_string(), "*3");
}

#[test]
fn a_cycle_two_million_long_needs_no_stack() {
    // 0 -> 1 -> ... -> n-1 -> 0, and n-1 also to a terminal n: every position on the cycle is
    // ∞ except where the escape settles it; the solver must not recurse on the length.
    struct Ring(u32);
    impl ImpartialGame for Ring {
        type Position = u32;
        fn moves(&self, &p: &u32) -> impl Iterator<Item = u32> {
            let n = self.0;
            let moves: Vec<u32> = match p {
                p if p == n => vec![],
                p if p == n - 1 => vec![0, n],
                p => vec![p + 1],
            };
            moves.into_iter()
        }
    }
    let n = 2_000_000;
    let mut solver = LoopySolver::new(Ring(n));
    // n-1 reaches the terminal: N at remoteness 1; n-2 must move to n-1: P at 2; and so on
    // down the ring, position p at remoteness n - p: 0 is P (n is even), and its being an
    // option of n-1 changes nothing, since n-1 wins by its move to the terminal.
    assert_eq!(solver.outcome(&(n - 1)).unwrap(), Outcome::Next);
    assert_eq!(solver.outcome(&(n - 2)).unwrap(), Outcome::Previous);
    assert_eq!(solver.remoteness(&0).unwrap(), Some(u64::from(n)));
    assert_eq!(solver.outcome(&0).unwrap(), Outcome::Previous);
    assert_eq!(solver.graph().len(), n as usize + 1);
}

#[test]
fn an_unbounded_game_ends_in_a_limit_error() {
    struct Up;
    impl ImpartialGame for Up {
        type Position = u64;
        fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
            [n + 1, n.saturating_sub(1)].into_iter()
        }
    }
    let budget = Budget {
        positions: 10_000,
        ..Budget::DEFAULT
    };
    let mut solver = LoopySolver::new(Up).with_budget(budget);
    assert_eq!(solver.value(&5), Err(budget.exceeded(Resource::Positions)));
    // A failed exploration leaves the graph as it was: positions 0..100 go round a cycle, and
    // from 1000 up the counter only grows.
    struct Half;
    impl ImpartialGame for Half {
        type Position = u64;
        fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
            std::iter::once(if n < 100 { (n + 1) % 100 } else { n + 1 })
        }
    }
    let mut solver = LoopySolver::new(Half).with_budget(budget);
    assert_eq!(solver.value(&3).unwrap(), inf(&[]));
    assert!(solver.value(&1000).is_err());
    assert_eq!(solver.graph().len(), 100);
    assert_eq!(solver.value(&50).unwrap(), inf(&[]));
    assert_eq!(solver.sum_value(&[7, 8]).unwrap(), inf(&[]));
    let small = Budget {
        memory: 100_000,
        ..Budget::DEFAULT
    };
    let mut solver = LoopySolver::new(Up).with_budget(small);
    assert_eq!(solver.value(&5), Err(small.exceeded(Resource::Memory)));
}

#[test]
fn loopy_graphs_draw_cycles() {
    let two_cycle = Table(vec![vec![1], vec![0, 2], vec![]]);
    let graph = GameGraph::explore_loopy(&mut LoopySolver::new(two_cycle), &0, 10).unwrap();
    let values: Vec<String> = graph
        .graph()
        .node_weights()
        .map(|node| format!("{}={}", node.position, node.value))
        .collect();
    // 2 is terminal (0); 0 can only move to 1, from which the reply 1 -> 2 wins, so 0 is 0;
    // 1 has options of values 0 and 0, so it is *1.
    assert_eq!(values, ["0=0", "1=*", "2=0"]);
    assert!(graph.to_dot().contains("doublecircle"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn values_outcomes_and_remoteness_match_the_definition(table in any_table()) {
        let expected = values_by_brute_force(&table.0);
        let outcomes = outcomes_by_fixpoint(&table.0);
        let remoteness = remoteness_by_rounds(&table.0);
        let mut solver = LoopySolver::new(table.clone());
        for position in 0..table.0.len() {
            let value = solver.value(&position).unwrap();
            prop_assert_eq!(&value, &expected[position], "position {}", position);
            prop_assert_eq!(value.outcome(), outcomes[position]);
            prop_assert_eq!(solver.remoteness(&position).unwrap(), remoteness[position]);
            // The first winning move wins fastest; every winning move reaches a P-position.
            let winning = solver.winning_moves(&position).unwrap();
            prop_assert_eq!(winning.is_empty(), outcomes[position] != Outcome::Next);
            for &next in &winning {
                prop_assert_eq!(outcomes[next], Outcome::Previous);
            }
            if let Some(&first) = winning.first() {
                prop_assert_eq!(
                    remoteness[first].map(|r| r + 1),
                    remoteness[position]
                );
            }
            for next in solver.drawing_moves(&position).unwrap() {
                prop_assert_eq!(outcomes[next], Outcome::Draw);
            }
        }
    }

    #[test]
    fn sums_match_the_whole_sum_graph(table in any_table(), a in 0usize..9, b in 0usize..9) {
        let n = table.0.len();
        let (a, b) = (a % n, b % n);
        // The sum as one explicit graph on pairs (u, v) numbered u * n + v.
        let pairs: Vec<Vec<usize>> = (0..n * n)
            .map(|state| {
                let (u, v) = (state / n, state % n);
                let mut options: Vec<usize> = table.0[u].iter().map(|&x| x * n + v).collect();
                options.extend(table.0[v].iter().map(|&y| u * n + y));
                options
            })
            .collect();
        let whole = values_by_brute_force(&pairs);
        let mut solver = LoopySolver::new(table.clone());
        let by_rule = solver.sum_value(&[a, b]).unwrap();
        prop_assert_eq!(&by_rule, &whole[a * n + b]);
        // The winning moves of the sum are exactly its moves to P-positions of the whole graph.
        let mut winning: Vec<usize> = solver
            .sum_winning_moves(&[a, b])
            .unwrap()
            .into_iter()
            .map(|(index, to)| if index == 0 { to * n + b } else { a * n + to })
            .collect();
        winning.sort_unstable();
        winning.dedup();
        let mut expected: Vec<usize> = pairs[a * n + b]
            .iter()
            .copied()
            .filter(|&state| whole[state] == fin(0))
            .collect();
        expected.sort_unstable();
        expected.dedup();
        prop_assert_eq!(winning, expected);
        // And the loopy solver run on the sum graph itself agrees.
        let mut on_pairs = LoopySolver::new(Unhinted(Table(pairs.clone())));
        prop_assert_eq!(on_pairs.value(&(a * n + b)).unwrap(), by_rule);
    }

    #[test]
    fn following_the_first_winning_move_of_a_sum_wins(
        table in any_table(),
        start in prop::collection::vec(0usize..9, 1..4),
        replies in prop::collection::vec(0usize..1000, 64),
    ) {
        // Whatever the loser plays, the winner who always takes the first winning move wins
        // within a bounded number of moves: the game never loops.
        let n = table.0.len();
        let mut position: Vec<usize> = start.iter().map(|&p| p % n).collect();
        let mut solver = LoopySolver::new(table.clone());
        if solver.sum_value(&position).unwrap().outcome() != Outcome::Next {
            return Ok(());
        }
        // The winner's P-positions never repeat (their multiset of (value, counter) pairs
        // decreases), so there are at most n^k of them.
        let bound = n.pow(position.len() as u32) + 2;
        for turn in 0..bound {
            let winning = solver.sum_winning_moves(&position).unwrap();
            prop_assert!(!winning.is_empty(), "the winner has a move");
            let (index, to) = winning[0];
            position[index] = to;
            let replies_here = solver.sum_moves(&position).unwrap();
            if replies_here.is_empty() {
                return Ok(());
            }
            let (index, to, value) = &replies_here[replies[turn % replies.len()] % replies_here.len()];
            prop_assert_ne!(value.outcome(), Outcome::Previous);
            position[*index] = *to;
        }
        prop_assert!(false, "no win within {} moves", bound);
    }

    #[test]
    fn acyclic_games_get_their_grundy_values(size in 1usize..40, seed in any::<u64>()) {
        let mut state = seed | 1;
        let mut next = || { state ^= state << 13; state ^= state >> 7; state ^= state << 17; state };
        let table = Table((0..size).map(|p| (0..p.min(5)).map(|_| (next() as usize) % p.max(1)).filter(|_| p > 0).collect()).collect());
        let mut ordinary = Solver::new(table.clone());
        let mut loopy = LoopySolver::new(table.clone());
        for position in 0..size {
            prop_assert_eq!(
                loopy.value(&position).unwrap(),
                LoopyValue::Finite(ordinary.grundy(&position).unwrap())
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The misère graph of a random game with cycles: each position's outcome is the misère
    /// outcome of the definition, and its value the generalized value of the game in which
    /// every terminal position has one move more, to an end with none (g⁻ = 1 at a terminal
    /// position, Conway, ONAG ch. 12), found by the brute force.
    #[test]
    fn misere_graphs_value_positions_by_the_definition(table in any_table()) {
        let graph = GameGraph::explore_loopy(&mut LoopySolver::new(table.clone()), &0, 100)
            .unwrap()
            .misere(Budget::DEFAULT)
            .unwrap();
        let outcomes = misere_outcomes_by_fixpoint(&table.0);
        let end = table.0.len();
        let mut longer: Vec<Vec<usize>> = table
            .0
            .iter()
            .map(|options| if options.is_empty() { vec![end] } else { options.clone() })
            .collect();
        longer.push(Vec::new());
        let values = values_by_brute_force(&longer);
        for node in graph.graph().node_weights() {
            prop_assert_eq!(node.value.outcome(), outcomes[node.position], "position {}", node.position);
            prop_assert_eq!(&node.value, &values[node.position], "position {}", node.position);
        }
    }
}

#[test]
fn misere_nim_graphs_have_conways_misere_values() {
    // Misère Nim is tame (Conway, ONAG ch. 12; Winning Ways ch. 13): g⁻ is the nim-sum while
    // some heap holds two or more, and with heaps of 0 and 1 alone it is 1 for an even number
    // of ones and 0 for an odd number. So the misère P-positions are Bouton's: an odd number of
    // ones alone, or a nim-sum of 0 with some heap of two or more (Ferguson, Game Theory, 2.5;
    // tests/oracles/misere.json).
    for start in [
        vec![3u64, 4, 5],
        vec![1, 1, 1, 2],
        vec![2, 2, 6],
        vec![1, 1, 1, 1],
    ] {
        let graph = GameGraph::explore(&mut Solver::new(Nim), &start, 1000)
            .unwrap()
            .misere(Budget::DEFAULT)
            .unwrap();
        for node in graph.graph().node_weights() {
            let heaps = &node.position;
            let xor = heaps.iter().fold(0, |x, &h| x ^ h);
            let expected = if heaps.iter().all(|&h| h <= 1) {
                1 - xor
            } else {
                xor
            };
            assert_eq!(node.value, fin(expected), "{heaps:?}");
        }
    }
}
