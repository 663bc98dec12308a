//! Node Kayles and Arc Kayles against independent values: Dawson's chess and Dawson's Kayles
//! (OEIS A002187, tests/oracles/dawson_0.07_and_0.137.json) on paths, the closed form of
//! cycles, and the plain search with components and canonical forms hidden on random graphs.

use cgt_core::{Nimber, NimberSearch, Solver, Unhinted, mex};
use cgt_games::{ArcKayles, NodeKayles, SimpleGraph};
use proptest::prelude::*;

use super::common::oracle;

fn dawson(key: &str, field: &str) -> Vec<u64> {
    let oracle = oracle("dawson_0.07_and_0.137.json");
    oracle[key][field]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

#[test]
fn node_kayles_on_paths_is_dawsons_chess_and_cycles_follow() {
    let chess = dawson("dawsons_chess_0.137", "G_source_values");
    let mut solver = Solver::new(NodeKayles);
    let mut search = NimberSearch::new(NodeKayles);
    for n in 0..60u32 {
        let value = solver.grundy(&SimpleGraph::path(n)).unwrap();
        assert_eq!(value, Nimber::new(chess[n as usize]), "path {n}");
        let value = search.nimber(&SimpleGraph::path(n)).unwrap();
        assert_eq!(value, Nimber::new(chess[n as usize]), "path {n} by search");
    }
    // A cycle's every move leaves a path of n - 3 vertices.
    for n in 3..60u32 {
        let expected = mex([Nimber::new(chess[n as usize - 3])]);
        assert_eq!(
            solver.grundy(&SimpleGraph::cycle(n)).unwrap(),
            expected,
            "cycle {n}"
        );
    }
}

#[test]
fn arc_kayles_on_paths_is_dawsons_kayles() {
    let kayles = dawson("dawsons_kayles_0.07", "G_values");
    let mut solver = Solver::new(ArcKayles);
    for n in 0..60u32 {
        let value = solver.grundy(&SimpleGraph::path(n)).unwrap();
        assert_eq!(value, Nimber::new(kayles[n as usize]), "path {n}");
    }
}

fn any_graph() -> impl Strategy<Value = SimpleGraph> {
    (0u32..9).prop_flat_map(|n| {
        prop::collection::vec((0..n.max(1), 0..n.max(1)), 0..14)
            .prop_map(move |edges| SimpleGraph::new(n, edges))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn splitting_and_canonical_forms_change_no_value(graph in any_graph()) {
        let hinted = Solver::new(NodeKayles).grundy(&graph).unwrap();
        let plain = Solver::new(Unhinted(NodeKayles)).grundy(&graph).unwrap();
        prop_assert_eq!(hinted, plain);
        prop_assert_eq!(NimberSearch::new(NodeKayles).nimber(&graph).unwrap(), plain);
        let hinted = Solver::new(ArcKayles).grundy(&graph).unwrap();
        let plain = Solver::new(Unhinted(ArcKayles)).grundy(&graph).unwrap();
        prop_assert_eq!(hinted, plain);
        prop_assert_eq!(NimberSearch::new(ArcKayles).nimber(&graph).unwrap(), plain);
    }
}

#[test]
fn grundys_game_of_one_heap_by_search_is_a002188() {
    // The pruned search as a cross-check of the sequence engine's values: OEIS A002188
    // (tests/oracles/grundys_game.json), every split searched, two threads.
    use cgt_games::{HeapGame, Heaps, TakeAndBreak};
    let values: Vec<u64> = oracle("grundys_game.json")["G_source_values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let mut search = NimberSearch::new(HeapGame(TakeAndBreak::grundys_game())).with_threads(2);
    for (n, &expected) in values.iter().enumerate().take(70) {
        let value = search.nimber(&Heaps::from(vec![n as u64])).unwrap();
        assert_eq!(value, Nimber::new(expected), "heap {n}");
    }
}
