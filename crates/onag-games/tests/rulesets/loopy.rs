//! Games with cycles against independent values: the WindUp tables of t4ccer/cgt-tools and
//! Square-But-One's classes (tests/oracles/loopy_games.json), brute force of the definitions on
//! graphs built here from each rule, and graph files in every format.

use onag_core::{Budget, LoopySolver, LoopyValue, MisereAsNormal, Nimber, Outcome};
use onag_games::{Digraph, Game, Loopy, LoopySubtraction, SquareButOne, WindUp};
use proptest::prelude::*;

use onag_testkit::loopy::{
    misere_outcomes_by_fixpoint, outcomes_by_fixpoint, remoteness_by_rounds, values_by_brute_force,
};
use onag_testkit::oracles::oracle;

/// A value as the oracle writes it: `0`, `*`, `*2`, `∞`, `∞(0)`, `∞(0,2)`.
fn oracle_value(text: &str) -> LoopyValue {
    if let Some(rest) = text.strip_prefix('∞') {
        let escapes = rest.trim_start_matches('(').trim_end_matches(')');
        return LoopyValue::infinite(
            escapes
                .split(',')
                .filter(|e| !e.is_empty())
                .map(|e| Nimber::new(e.trim().parse().unwrap())),
        );
    }
    LoopyValue::Finite(Nimber::new(match text {
        "0" => 0,
        "*" => 1,
        star => star.trim_start_matches('*').parse().unwrap(),
    }))
}

#[test]
fn windup_matches_the_cgt_tools_tables() {
    let oracle = oracle("loopy_games.json");
    let cases = oracle["windup"]["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4);
    for case in cases {
        let n = case["n"].as_u64().unwrap();
        let set: Vec<u64> = case["S"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect();
        let mut solver = LoopySolver::new(WindUp::new(n, set.clone()).unwrap());
        for (position, expected) in case["values"].as_array().unwrap().iter().enumerate() {
            let expected = oracle_value(expected.as_str().unwrap());
            assert_eq!(
                solver.value(&(position as u64)).unwrap(),
                expected,
                "WindUp({n}, {set:?}) at {position}"
            );
        }
    }
    for (key, n, set) in [("n=4,S={2}", 4, vec![2]), ("n=5,S={1,3}", 5, vec![1, 3])] {
        let outcomes = oracle["windup"]["outcomes_derived"][key]
            .as_array()
            .unwrap();
        let mut solver = LoopySolver::new(WindUp::new(n, set).unwrap());
        for (position, expected) in outcomes.iter().enumerate() {
            let outcome = solver.outcome(&(position as u64)).unwrap();
            assert_eq!(outcome.to_string(), expected.as_str().unwrap(), "{key}");
        }
    }
}

#[test]
fn square_but_one_has_the_published_classes() {
    let oracle = &oracle("loopy_games.json")["square_but_one"];
    let listed = |key: &str| -> Vec<u64> {
        oracle[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect()
    };
    let (p, n, d) = (
        listed("P_upto_99"),
        listed("N_upto_99"),
        listed("D_first_20"),
    );
    let mut solver = LoopySolver::new(SquareButOne);
    for heap in 0..100u64 {
        let expected = if p.contains(&heap) {
            Outcome::Previous
        } else if n.contains(&heap) {
            Outcome::Next
        } else {
            Outcome::Draw
        };
        assert_eq!(solver.outcome(&heap).unwrap(), expected, "heap {heap}");
    }
    for heap in d {
        assert_eq!(solver.outcome(&heap).unwrap(), Outcome::Draw, "heap {heap}");
    }
    // The claim, further than the table: m² and m² + 5 win, all else but 0 and 5 draws.
    for heap in 100..400u64 {
        let square = |k: u64| k.isqrt().pow(2) == k;
        let expected = if square(heap) || (heap >= 5 && square(heap - 5)) {
            Outcome::Next
        } else {
            Outcome::Draw
        };
        assert_eq!(solver.outcome(&heap).unwrap(), expected, "heap {heap}");
    }
}

/// Compares the solver on heaps `0..=max` with the brute force on the explicit graph whose
/// moves `rule` gives.
fn check_against_brute_force<G: onag_core::ImpartialGame<Position = u64> + Clone>(
    game: G,
    max: u64,
    rule: impl Fn(u64) -> Vec<u64>,
) -> Result<(), TestCaseError> {
    let moves: Vec<Vec<usize>> = (0..=max)
        .map(|heap| rule(heap).into_iter().map(|to| to as usize).collect())
        .collect();
    let values = values_by_brute_force(&moves);
    let outcomes = outcomes_by_fixpoint(&moves);
    let remoteness = remoteness_by_rounds(&moves);
    let misere = misere_outcomes_by_fixpoint(&moves);
    let mut misere_solver = LoopySolver::new(MisereAsNormal(game.clone()));
    let mut solver = LoopySolver::new(game);
    for heap in 0..=max {
        let h = heap as usize;
        prop_assert_eq!(&solver.value(&heap).unwrap(), &values[h], "heap {}", heap);
        prop_assert_eq!(solver.outcome(&heap).unwrap(), outcomes[h]);
        prop_assert_eq!(solver.remoteness(&heap).unwrap(), remoteness[h]);
        prop_assert_eq!(
            misere_solver.outcome(&Some(heap)).unwrap(),
            misere[h],
            "misère, heap {}",
            heap
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn loopy_subtraction_matches_the_definition(
        set in prop::collection::vec(-4i64..6, 1..4),
        max in 0u64..12,
    ) {
        prop_assume!(!set.contains(&0));
        let game = LoopySubtraction::new(set.clone(), max).unwrap();
        check_against_brute_force(game, max, |heap| {
            set.iter()
                .map(|&s| heap as i64 - s)
                .filter(|&to| (0..=max as i64).contains(&to))
                .map(|to| to as u64)
                .collect()
        })?;
    }

    #[test]
    fn windup_matches_the_definition(set in prop::collection::vec(1u64..12, 1..4), n in 1u64..10) {
        let game = WindUp::new(n, set.clone()).unwrap();
        check_against_brute_force(game, n - 1, |p| {
            if p == 0 {
                return Vec::new();
            }
            set.iter().map(|&s| (p + n * 12 - s) % n).collect()
        })?;
    }

    #[test]
    fn winning_moves_of_windup_sums_never_loop(
        set in prop::collection::vec(1u64..8, 1..3),
        n in 2u64..8,
        start in prop::collection::vec(0u64..8, 2..4),
        choices in prop::collection::vec(0usize..100, 32),
    ) {
        // Through the catalogue's front, as `onag play` uses it: onag follows the first winning
        // move, the opponent plays anything, and an N-position is won within n^k moves.
        let game = Loopy::new(WindUp::new(n, set).unwrap());
        let start: Vec<String> = start.iter().map(|p| (p % n).to_string()).collect();
        let (mut analysis, mut position) = game.analyse(&start, Budget::DEFAULT, Box::new(|_| {})).unwrap();
        if analysis.evaluate(&position).unwrap().outcome != Outcome::Next {
            return Ok(());
        }
        let bound = (n as usize).pow(start.len() as u32) + 2;
        for turn in 0..bound {
            let (winning, _) = analysis.winning_moves(&position, 1).unwrap();
            position = winning[0].position.clone();
            prop_assert_eq!(analysis.evaluate(&position).unwrap().outcome, Outcome::Previous);
            let (replies, _) = analysis.moves(&position, 1000).unwrap();
            if replies.is_empty() {
                return Ok(());
            }
            position = replies[choices[turn % choices.len()] % replies.len()].0.position.clone();
        }
        prop_assert!(false, "no win within {} moves", bound);
    }
}

#[test]
fn graph_files_in_every_format_are_the_same_game() {
    // The oracle's tiny graphs, "v->v and v->t", with a 2-cycle a <-> b beside them.
    let dot = "digraph tiny {\n  // a comment\n  rankdir = LR;\n  node [shape=circle];\n  \
               v -> v [label=\"loop\"];\n  v -> t;\n  a -> b -> a\n  \"lone\"\n}\n";
    let json =
        r#"{"edges": [["v", "v"], ["v", "t"], ["a", "b"], ["b", "a"]], "vertices": ["lone"]}"#;
    let list = "# tiny\nv v\nv -> t\na: b\nb a\nlone\n";
    for (text, format) in [(dot, "dot"), (json, "json"), (list, "list")] {
        let graph = Digraph::parse(text, format).unwrap();
        assert_eq!(graph.len(), 5, "{format}");
        let vertex = |name: &str| graph.vertex(name).unwrap();
        let mut solver = LoopySolver::new(graph.clone());
        assert_eq!(
            solver.value(&vertex("v")).unwrap(),
            oracle_value("∞(0)"),
            "{format}"
        );
        assert_eq!(
            solver.value(&vertex("t")).unwrap(),
            oracle_value("0"),
            "{format}"
        );
        assert_eq!(
            solver.value(&vertex("a")).unwrap(),
            oracle_value("∞"),
            "{format}"
        );
        assert_eq!(
            solver.value(&vertex("lone")).unwrap(),
            oracle_value("0"),
            "{format}"
        );
        // v + v: ∞ without escape by the sum rule, a draw.
        let sum = solver.sum_value(&[vertex("v"), vertex("v")]).unwrap();
        assert_eq!(sum, oracle_value("∞"), "{format}");
    }
    // Ferguson, Game Theory, Part I, Figure 3.4: a -> b -> c -> a, c -> d -> e. e is terminal
    // (0), d has value 1, and a, b, c are tied (draws): from c the move to d loses.
    let figure = Digraph::parse("a b\nb c\nc a\nc d\nd e\n", "figure 3.4").unwrap();
    let mut solver = LoopySolver::new(figure.clone());
    for (name, outcome) in [
        ("a", Outcome::Draw),
        ("b", Outcome::Draw),
        ("c", Outcome::Draw),
        ("d", Outcome::Next),
        ("e", Outcome::Previous),
    ] {
        let vertex = figure.vertex(name).unwrap();
        assert_eq!(solver.outcome(&vertex).unwrap(), outcome, "{name}");
    }
    assert_eq!(
        solver.value(&figure.vertex("d").unwrap()).unwrap(),
        oracle_value("*")
    );
    // An undirected DOT graph: an edge each way. On the path a - b - c every vertex has a move
    // (a and c back to b), so no player is ever stuck and every position is a draw.
    let path = Digraph::parse("graph { a -- b -- c }", "path").unwrap();
    let mut solver = LoopySolver::new(path.clone());
    for name in ["a", "b", "c"] {
        let value = solver.value(&path.vertex(name).unwrap()).unwrap();
        assert_eq!(value.outcome(), Outcome::Draw, "{name}");
    }
}

#[test]
fn malformed_graph_files_name_the_line_and_what_was_expected() {
    let cases = [
        ("a b\nb c d\n", "list, line 2: expected FROM TO"),
        (
            "digraph {\n a -> b\n c -- d\n}",
            "dot, line 3: -- in a digraph: write ->",
        ),
        (
            "graph {\n a -> b\n}",
            "dot, line 2: -> in a graph: write --",
        ),
        (
            "digraph {\n a -> \n}",
            "dot, line 2: expected a vertex after the edge, found '}'",
        ),
        (
            "digraph {\n a -> b\n",
            "dot, line 2: expected '}' to close the graph",
        ),
        (
            "digraph {\n subgraph x { a }\n}",
            "dot, line 2: subgraphs are not read",
        ),
        (
            "digraph { a [label=\"x\" }",
            "dot, line 1: an attribute list [ is never closed",
        ),
        (
            "digraph { \"a -> b }",
            "dot, line 1: a quoted name is never closed",
        ),
        (
            "{\"edges\": [[\"a\", \"b\"],\n [\"c\"]]}",
            "json: edge 2 of \"edges\": expected [from, to]",
        ),
        (
            "{\"edges\": [[\"a\", \"b\"],\n ]]}",
            "json, line 2: not valid JSON",
        ),
        ("{\"nodes\": []}", "json: expected an object with \"edges\""),
    ];
    for (text, expected) in cases {
        let label = if text.starts_with('{') {
            "json"
        } else if text.contains("graph") {
            "dot"
        } else {
            "list"
        };
        let error = Digraph::parse(text, label).unwrap_err().to_string();
        assert!(error.starts_with(expected), "{text:?}: {error}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn sums_of_loopy_and_ordinary_games(
        set in prop::collection::vec(1u64..6, 1..3),
        n in 2u64..7,
        hour in 0u64..7,
        heap in 0u64..6,
    ) {
        // WindUp beside a Nim heap: valued by the sum rule from the components, and on the whole
        // graph of the sum with its components hidden (Unhinted); the rule's value must be the
        // whole graph's.
        use onag_core::{Sum, SumPosition, Unhinted};
        use onag_games::{HeapGame, Heaps, Nim};
        let game = Sum(WindUp::new(n, set).unwrap(), HeapGame(Nim));
        let position = SumPosition::Both(hour % n, Heaps::from(vec![heap]));
        let by_rule = LoopySolver::new(&game).value(&position).unwrap();
        let whole = LoopySolver::new(Unhinted(&game)).value(&position).unwrap();
        prop_assert_eq!(&by_rule, &whole);
        // And the rule itself: the WindUp value plus *heap.
        let windup = LoopySolver::new(&game.0).value(&(hour % n)).unwrap();
        prop_assert_eq!(by_rule, windup + LoopyValue::Finite(Nimber::new(heap)));
    }
}
