//! Node Kayles and Arc Kayles against independent values: Dawson's chess and Dawson's Kayles
//! (OEIS A002187, tests/oracles/dawson_0.07_and_0.137.json) on paths, the closed form of
//! cycles, and the plain search with components and canonical forms hidden on random graphs.

use onag_core::{ImpartialGame, Nimber, NimberSearch, Solver, Unhinted, mex};
use onag_games::{ArcKayles, NodeKayles, SimpleGraph};
use proptest::prelude::*;

use onag_testkit::oracles::{dawson_value, oracle};

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

/// Whether some renumbering of `a`'s vertices gives `b`, tried one permutation at a time.
fn isomorphic(a: &SimpleGraph, b: &SimpleGraph) -> bool {
    let n = a.vertices() as usize;
    if n != b.vertices() as usize || a.edges().len() != b.edges().len() {
        return false;
    }
    // Heap's algorithm over the permutations, iteratively.
    let mut permutation: Vec<u32> = (0..n as u32).collect();
    let mut counters = vec![0usize; n];
    let maps = |permutation: &[u32]| {
        SimpleGraph::new(
            n as u32,
            a.edges()
                .iter()
                .map(|&(x, y)| (permutation[x as usize], permutation[y as usize])),
        ) == *b
    };
    if maps(&permutation) {
        return true;
    }
    let mut i = 0;
    while i < n {
        if counters[i] < i {
            let j = if i % 2 == 0 { 0 } else { counters[i] };
            permutation.swap(j, i);
            if maps(&permutation) {
                return true;
            }
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
    false
}

/// A graph of `n` vertices and a renumbering of it.
fn graph_and_renumbering() -> impl Strategy<Value = (SimpleGraph, Vec<u32>)> {
    (1u32..9).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0..n), 0..16)
                .prop_map(move |edges| SimpleGraph::new(n, edges)),
            Just((0..n).collect::<Vec<u32>>()).prop_shuffle(),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The canonical form is a complete invariant: two graphs get one form exactly when they
    /// are isomorphic (a brute force over every renumbering decides), so isomorphic components
    /// share one table entry.
    #[test]
    fn graphs_share_a_form_exactly_when_isomorphic(
        (graph, renumbering) in graph_and_renumbering(),
        other_edges in prop::collection::vec((0u32..8, 0u32..8), 0..16),
        which in 0u8..3,
    ) {
        use onag_core::ImpartialGame;
        let n = graph.vertices();
        let renumbered = SimpleGraph::new(
            n,
            graph.edges().iter().map(|&(a, b)| (renumbering[a as usize], renumbering[b as usize])),
        );
        let other = match which {
            // The renumbered graph, less or plus one edge, or another graph of as many vertices.
            0 => renumbered.clone(),
            1 => SimpleGraph::new(n, renumbered.edges().iter().copied().skip(1).chain(other_edges.into_iter().take(1))),
            _ => SimpleGraph::new(n, other_edges),
        };
        prop_assert_eq!(NodeKayles.canonical(graph.clone()), NodeKayles.canonical(renumbered));
        prop_assert_eq!(
            NodeKayles.canonical(graph.clone()) == NodeKayles.canonical(other.clone()),
            isomorphic(&graph, &other)
        );
        // The form is the same graph renumbered.
        let form = NodeKayles.canonical(graph.clone());
        prop_assert!(isomorphic(&graph, &form));
        // A form is split and formed again without labelling (it is known to be in normal
        // form): the same parts and form as a copy that is not known so, labelled afresh.
        let copy = SimpleGraph::new(form.vertices(), form.edges().iter().copied());
        let parts: Vec<SimpleGraph> = NodeKayles.components(form.clone()).collect();
        let labelled: Vec<SimpleGraph> = NodeKayles.components(copy.clone()).collect();
        prop_assert_eq!(parts, labelled);
        prop_assert_eq!(NodeKayles.canonical(form.clone()), NodeKayles.canonical(copy));
        prop_assert_eq!(NodeKayles.canonical(form.clone()), form);
    }
}

#[test]
fn grundys_game_of_one_heap_by_search_is_a002188() {
    // The pruned search as a cross-check of the sequence engine's values: OEIS A002188
    // (tests/oracles/grundys_game.json), every split searched, two threads.
    use onag_games::{HeapGame, Heaps, TakeAndBreak};
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

/// Long paths and cycles, up to the catalogue's 1024 vertices, are one look-up (the search of
/// `path:300` alone took 2.7 s, growing with about the cube of the length): Dawson's chess and
/// Dawson's Kayles by their published period, a cycle by the mex of the path its first move
/// leaves, and a path numbered out of order the same as one numbered along it.
#[test]
fn long_paths_and_cycles_are_dawsons_games() {
    let chess = |n: u64| dawson_value("dawsons_chess_0.137", "G_source_values", n);
    let kayles = |n: u64| dawson_value("dawsons_kayles_0.07", "G_values", n);
    for n in [61u32, 100, 131, 132, 333, 500, 1000, 1023, 1024] {
        let path = SimpleGraph::path(n);
        let cycle = SimpleGraph::cycle(n);
        let mut node = NimberSearch::new(NodeKayles);
        let mut arc = NimberSearch::new(ArcKayles);
        let n = u64::from(n);
        assert_eq!(
            node.nimber(&path).unwrap(),
            Nimber::new(chess(n)),
            "path {n}"
        );
        assert_eq!(
            arc.nimber(&path).unwrap(),
            Nimber::new(kayles(n)),
            "path {n}"
        );
        let leaves = |value: u64| mex([Nimber::new(value)]);
        assert_eq!(
            node.nimber(&cycle).unwrap(),
            leaves(chess(n - 3)),
            "cycle {n}"
        );
        assert_eq!(
            arc.nimber(&cycle).unwrap(),
            leaves(kayles(n - 2)),
            "cycle {n}"
        );
    }
    // The path 0-1-...-199 renumbered by v -> 7919 v mod 200 (a bijection: 7919 is prime).
    let shuffled = SimpleGraph::new(
        200,
        (1..200u32).map(|v| ((v - 1) * 7919 % 200, v * 7919 % 200)),
    );
    assert_eq!(
        NimberSearch::new(NodeKayles).nimber(&shuffled).unwrap(),
        Nimber::new(chess(200))
    );
}

/// Graphs of paths and cycles, alone or two side by side, with up to three edges more,
/// and whether the graph is one path or one cycle (nothing beside it, no edge more).
fn near_line() -> impl Strategy<Value = (SimpleGraph, bool)> {
    (3u32..16, 0u32..16, any::<bool>(), 0u32..4).prop_map(|(a, b, closed, extra)| {
        // A path or cycle on 0..a, then a path on a..a+b, then `extra` chords or joins.
        let mut edges: Vec<(u32, u32)> = (1..a).map(|v| (v - 1, v)).collect();
        if closed {
            edges.push((0, a - 1));
        }
        edges.extend((a + 1..a + b).map(|v| (v - 1, v)));
        for k in 0..extra {
            edges.push(((k * 5) % (a + b), (k * 7 + 3) % (a + b)));
        }
        (SimpleGraph::new(a + b, edges), b == 0 && extra == 0)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// The closed form, asked of the whole graph (the search asks it of each component), is
    /// given for every path and cycle and for nothing else: two lines side by side, a line
    /// with a chord or a branch get no value, or the plain search's.
    #[test]
    fn paths_and_cycles_are_valued_as_the_plain_search_values_them((graph, line) in near_line()) {
        let plain = Solver::new(Unhinted(NodeKayles)).grundy(&graph).unwrap();
        let known = NodeKayles.known_grundy(&graph);
        prop_assert!(known.is_none() || known == Some(plain), "{:?}", graph);
        prop_assert!(!line || known.is_some());
        prop_assert_eq!(NimberSearch::new(NodeKayles).nimber(&graph).unwrap(), plain);
        let plain = Solver::new(Unhinted(ArcKayles)).grundy(&graph).unwrap();
        let known = ArcKayles.known_grundy(&graph);
        prop_assert!(known.is_none() || known == Some(plain), "{:?}", graph);
        prop_assert!(!line || known.is_some());
        prop_assert_eq!(NimberSearch::new(ArcKayles).nimber(&graph).unwrap(), plain);
    }
}

/// Complete graphs against the plain search with every hook hidden (Node Kayles: one move
/// takes every vertex; Arc Kayles: every move leaves the complete graph on two fewer), and the
/// largest the catalogue reads, once slow (`arc-kayles complete:60` more than 30 s): every
/// one of its moves leaves the same graph as numbered, labelled once.
#[test]
fn complete_graphs_are_valued_at_once() {
    for n in 0..=13u32 {
        let graph = SimpleGraph::complete(n);
        let plain = Solver::new(Unhinted(NodeKayles)).grundy(&graph).unwrap();
        assert_eq!(NodeKayles.known_grundy(&graph), Some(plain), "{n}");
        let plain = Solver::new(Unhinted(ArcKayles)).grundy(&graph).unwrap();
        assert_eq!(ArcKayles.known_grundy(&graph), Some(plain), "{n}");
    }
    let star = SimpleGraph::star(1000);
    // The centre's move leaves nothing; a leaf's leaves 999 lone vertices, each worth *1.
    let expected = mex([Nimber::ZERO, Nimber::new(1)]);
    assert_eq!(
        NimberSearch::new(NodeKayles).nimber(&star).unwrap(),
        expected
    );
    assert_eq!(NodeKayles.moves(&star).count(), 2);
    assert_eq!(ArcKayles.moves(&SimpleGraph::complete(60)).count(), 1);
}

/// A graph is read as written or refused, never read as another: `star:1024` (1,025 vertices,
/// past the bound) was read as `star:1023`, and a misspelt family was told to write a number.
#[test]
fn graphs_past_the_bound_or_misspelt_are_refused() {
    use onag_games::Notation;
    let star = NodeKayles.read_component("star:1023").unwrap();
    assert_eq!((star.vertices(), star.edges().len()), (1024, 1023));
    for text in ["star:1024", "star:5000", "path:1025", "grid:33x32"] {
        assert!(NodeKayles.read_component(text).is_err(), "{text}");
        assert!(ArcKayles.read_component(text).is_err(), "{text}");
    }
    let error = NodeKayles.read_component("stra:4").unwrap_err().to_string();
    assert!(error.contains("star:N"), "{error}");
    let error = ArcKayles.read_component("pth:4").unwrap_err().to_string();
    assert!(error.contains("path:N"), "{error}");
}

/// Whether the player to move wins misère play of lines side by side, written apart from the
/// engine: `paths` and `cycles` by their numbers of vertices, and the vertices a move takes
/// (`taken`: 3 for Node Kayles, a vertex and its two neighbours, 2 for Arc Kayles). A path of
/// n leaves the two paths either side of what was taken (at an end, Node Kayles takes fewer);
/// a cycle of n leaves the path of n - taken.
fn line_misere_wins(
    taken: u32,
    paths: &[u32],
    cycles: &[u32],
    memo: &mut std::collections::HashMap<(Vec<u32>, Vec<u32>), bool>,
) -> bool {
    let key = (paths.to_vec(), cycles.to_vec());
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut options: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    let normal = |mut paths: Vec<u32>, mut cycles: Vec<u32>| {
        paths.retain(|&n| n > 0);
        paths.sort_unstable();
        cycles.sort_unstable();
        (paths, cycles)
    };
    for (i, &n) in paths.iter().enumerate() {
        let rest: Vec<u32> = paths[..i].iter().chain(&paths[i + 1..]).copied().collect();
        // Node Kayles: the vertex chosen, with its neighbours; Arc Kayles: an edge's two ends.
        let moves = if taken == 3 { n } else { n.saturating_sub(1) };
        for at in 0..moves {
            let (left, right) = if taken == 3 {
                (at.saturating_sub(1), n.saturating_sub(at + 2))
            } else {
                (at, n - at - 2)
            };
            let mut next = rest.clone();
            next.extend([left, right]);
            options.push(normal(next, cycles.to_vec()));
        }
    }
    for (i, &n) in cycles.iter().enumerate() {
        let rest: Vec<u32> = cycles[..i]
            .iter()
            .chain(&cycles[i + 1..])
            .copied()
            .collect();
        let mut next = paths.to_vec();
        next.push(n - taken);
        options.push(normal(next, rest));
    }
    let wins = options.is_empty()
        || options
            .iter()
            .any(|(p, c)| !line_misere_wins(taken, p, c, memo));
    memo.insert(key, wins);
    wins
}

/// Paths and cycles side by side, numbered at random.
fn lines_renumbered() -> impl Strategy<Value = (Vec<u32>, Vec<u32>, SimpleGraph)> {
    (
        prop::collection::vec(1u32..13, 0..3),
        prop::collection::vec(3u32..12, 0..2),
    )
        .prop_flat_map(|(paths, cycles)| {
            let n: u32 = paths.iter().chain(&cycles).sum();
            (
                Just(paths),
                Just(cycles),
                Just((0..n).collect::<Vec<u32>>()).prop_shuffle(),
            )
        })
        .prop_map(|(paths, cycles, number)| {
            let mut edges = Vec::new();
            let mut start = 0;
            for (&n, closed) in paths
                .iter()
                .map(|n| (n, false))
                .chain(cycles.iter().map(|n| (n, true)))
            {
                edges.extend((start + 1..start + n).map(|v| (v - 1, v)));
                if closed {
                    edges.push((start, start + n - 1));
                }
                start += n;
            }
            let graph = SimpleGraph::new(
                start,
                edges
                    .into_iter()
                    .map(|(a, b)| (number[a as usize], number[b as usize])),
            );
            (paths, cycles, graph)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Misère play of lines, however numbered (each a component written along itself at once),
    /// against the brute force over lengths: Node Kayles is misère Dawson's chess, Arc Kayles
    /// misère Dawson's Kayles. A line's form is the same graph renumbered, one for all
    /// numberings.
    #[test]
    fn misere_play_of_lines_is_misere_dawsons_games((paths, cycles, graph) in lines_renumbered()) {
        use onag_core::{MisereSolver, Outcome};
        let mut sorted_paths = paths.clone();
        sorted_paths.sort_unstable();
        let mut sorted_cycles = cycles.clone();
        sorted_cycles.sort_unstable();
        for (taken, outcome) in [
            (3, MisereSolver::new(NodeKayles).outcome(&graph).unwrap()),
            (2, MisereSolver::new(ArcKayles).outcome(&graph).unwrap()),
        ] {
            let wins = line_misere_wins(taken, &sorted_paths, &sorted_cycles, &mut Default::default());
            prop_assert_eq!(outcome == Outcome::Next, wins, "taken {} of {:?} {:?}", taken, paths, cycles);
        }
        let form = NodeKayles.canonical(graph.clone());
        prop_assert!(paths.len() + cycles.len() > 2 || graph.vertices() > 8 || isomorphic(&graph, &form));
        let standard = SimpleGraph::new(graph.vertices(), {
            let mut edges = Vec::new();
            let mut start = 0;
            for (&n, closed) in paths.iter().map(|n| (n, false)).chain(cycles.iter().map(|n| (n, true))) {
                edges.extend((start + 1..start + n).map(|v| (v - 1, v)));
                if closed {
                    edges.push((start, start + n - 1));
                }
                start += n;
            }
            edges
        });
        prop_assert_eq!(form, NodeKayles.canonical(standard));
    }
}

/// The graph of paths of these numbers of vertices side by side, numbered from the last vertex
/// back (so that no path is written along itself).
fn paths_backwards(paths: &[u32]) -> SimpleGraph {
    let n: u32 = paths.iter().sum();
    let mut edges = Vec::new();
    let mut start = 0;
    for &length in paths {
        edges.extend((start + 1..start + length).map(|v| (n - v, n - 1 - v)));
        start += length;
    }
    SimpleGraph::new(n, edges)
}

/// Misère play of short paths comes from the misère quotient of Dawson's chess (to heap 28)
/// without a search: checked against the brute force over lengths, up to and past the bound,
/// as one graph and as a sum of components; graphs that are not paths are left to the search.
#[test]
fn misere_play_of_short_paths_is_the_brute_force_without_a_search() {
    use onag_core::{Outcome, SumOf};
    let mut memo = [Default::default(), Default::default()];
    let sums: [&[u32]; 12] = [
        &[1],
        &[2, 2],
        &[1, 1, 1],
        &[5, 9],
        &[28],
        &[29],
        &[14, 14],
        &[3, 4, 5, 6],
        &[27, 1, 2],
        &[20, 8, 3],
        &[12, 12, 12],
        &[10, 17, 1, 1],
    ];
    for paths in sums {
        let mut sorted = paths.to_vec();
        sorted.sort_unstable();
        let graph = paths_backwards(paths);
        let parts: Vec<SimpleGraph> = paths.iter().map(|&n| SimpleGraph::path(n)).collect();
        for (taken, memo) in [3, 2].into_iter().zip(&mut memo) {
            let wins = line_misere_wins(taken, &sorted, &[], memo);
            let expected = if wins {
                Outcome::Next
            } else {
                Outcome::Previous
            };
            // Node Kayles answers paths of up to 28 vertices, Arc Kayles of up to 29.
            let answered = paths.iter().all(|&n| n <= 31 - taken);
            let (whole, sum) = if taken == 3 {
                (
                    NodeKayles.known_misere_outcome(&graph),
                    SumOf(NodeKayles).known_misere_outcome(&parts),
                )
            } else {
                (
                    ArcKayles.known_misere_outcome(&graph),
                    SumOf(ArcKayles).known_misere_outcome(&parts),
                )
            };
            let want = answered.then_some(expected);
            assert_eq!(whole, want, "taken {taken} of {paths:?} as one graph");
            assert_eq!(sum, want, "taken {taken} of {paths:?} as a sum");
        }
    }
    // A cycle, a vertex of three neighbours, a path beside a triangle: searched, not answered.
    for graph in [
        SimpleGraph::cycle(7),
        SimpleGraph::star(3),
        SimpleGraph::new(7, [(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (4, 6)]),
    ] {
        assert_eq!(NodeKayles.known_misere_outcome(&graph), None, "{graph:?}");
        assert_eq!(ArcKayles.known_misere_outcome(&graph), None, "{graph:?}");
    }
}
