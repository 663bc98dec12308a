//! The explored state graph of a position, as a `petgraph` graph.

use std::collections::VecDeque;
use std::fmt::Write as _;

use hashbrown::HashMap;
use petgraph::graph::{DiGraph, NodeIndex};

use crate::{
    Budget, Error, ImpartialGame, LoopySolver, LoopyValue, Nimber, Outcome, Resource, Result,
    Solver,
};

/// The moves of a state graph as a game: a position is a node's index, and a move follows an
/// edge.
struct Moves<'a, P>(&'a DiGraph<GraphNode<P>, ()>);

impl<P> ImpartialGame for Moves<'_, P> {
    type Position = usize;

    fn moves(&self, &node: &usize) -> impl Iterator<Item = usize> {
        self.0
            .neighbors(NodeIndex::new(node))
            .map(|next| next.index())
    }
}

/// A position of the state graph with its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphNode<P> {
    /// The position.
    pub position: P,
    /// Its value: the Grundy value, finite in a finite game; in a game with cycles, the
    /// generalized value, which may be ∞.
    pub value: LoopyValue,
}

/// The positions reachable from a start position, an edge for every move, each position
/// labelled with its value (by the [`Solver`], or by the [`LoopySolver`] for a game with
/// cycles).
///
/// The graph is a `petgraph` [`DiGraph`], so every `petgraph` algorithm and export applies;
/// [`GameGraph::to_dot`] writes Graphviz DOT with the P-positions marked. Positions appear once
/// each, in their [canonical](ImpartialGame::canonical) form, whatever the number of ways to
/// reach them: it is the game's state DAG, not its tree.
///
/// # Examples
///
/// ```
/// use onag_core::{GameGraph, ImpartialGame, Solver};
///
/// struct Heap;
/// impl ImpartialGame for Heap {
///     type Position = u64;
///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
///         0..n
///     }
/// }
///
/// let mut solver = Solver::new(Heap);
/// let graph = GameGraph::explore(&mut solver, &3, 100)?;
/// assert_eq!(graph.graph().node_count(), 4);
/// assert_eq!(graph.graph().edge_count(), 6);
/// assert!(graph.to_dot().starts_with("digraph"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct GameGraph<P> {
    graph: DiGraph<GraphNode<P>, ()>,
    root: NodeIndex,
}

impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> GameGraph<P> {
    /// Explores every position reachable from `start`, breadth first, valuing each with
    /// `solver`.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`] for [`Resource::Positions`] when more than `max_positions`
    /// positions are reachable (found while the moves are generated, before anything is
    /// collected, so a position with 10^18 moves fails at once), and any error of
    /// [`Solver::grundy`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Error, GameGraph, ImpartialGame, Resource, Solver};
    ///
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// let too_big = GameGraph::explore(&mut Solver::new(Heap), &10, 5);
    /// assert_eq!(too_big.unwrap_err(), Error::LimitExceeded { resource: Resource::Positions, limit: 5 });
    /// let huge = GameGraph::explore(&mut Solver::new(Heap), &u64::MAX, 500);
    /// assert!(huge.is_err());
    /// ```
    pub fn explore<G: ImpartialGame<Position = P>>(
        solver: &mut Solver<G>,
        start: &P,
        max_positions: usize,
    ) -> Result<GameGraph<P>> {
        let mut graph = Self::shape(solver.game(), std::slice::from_ref(start), max_positions)?;
        // Deepest first, so that the solver's memo fills from the leaves.
        for node in graph.graph.node_indices().rev() {
            let grundy = solver.grundy(&graph.graph[node].position)?;
            graph.graph[node].value = LoopyValue::Finite(grundy);
        }
        Ok(graph)
    }

    /// Explores every position reachable from `start` in a game that may repeat positions,
    /// valuing each with `solver`: the same graph as [`explore`](Self::explore), with cycles,
    /// and values that may be ∞.
    ///
    /// # Errors
    ///
    /// As [`explore`](Self::explore), and any error of [`LoopySolver::value`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{GameGraph, ImpartialGame, LoopySolver};
    ///
    /// /// Two positions that move to each other.
    /// struct Swap;
    /// impl ImpartialGame for Swap {
    ///     type Position = bool;
    ///     fn moves(&self, &side: &bool) -> impl Iterator<Item = bool> { std::iter::once(!side) }
    /// }
    ///
    /// let graph = GameGraph::explore_loopy(&mut LoopySolver::new(Swap), &true, 10)?;
    /// assert_eq!(graph.graph().edge_count(), 2);
    /// assert!(graph.to_dot().contains("∞"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explore_loopy<G: ImpartialGame<Position = P>>(
        solver: &mut LoopySolver<G>,
        start: &P,
        max_positions: usize,
    ) -> Result<GameGraph<P>> {
        Self::explore_loopy_from(solver, std::slice::from_ref(start), max_positions)
    }

    /// As [`explore_loopy`](Self::explore_loopy), from several start positions at once (every
    /// vertex of a graph, say); the root is the first.
    ///
    /// # Errors
    ///
    /// As [`explore_loopy`](Self::explore_loopy); [`Error::LimitExceeded`] for positions when
    /// `starts` is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{GameGraph, ImpartialGame, LoopySolver};
    ///
    /// /// Two separate pairs of positions: 0 <-> 1 and 2 -> 3.
    /// struct Pairs;
    /// impl ImpartialGame for Pairs {
    ///     type Position = u8;
    ///     fn moves(&self, &p: &u8) -> impl Iterator<Item = u8> {
    ///         [1, 0, 3].get(p as usize).copied().into_iter()
    ///     }
    /// }
    ///
    /// let graph = GameGraph::explore_loopy_from(&mut LoopySolver::new(Pairs), &[0, 2], 10)?;
    /// assert_eq!(graph.graph().node_count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explore_loopy_from<G: ImpartialGame<Position = P>>(
        solver: &mut LoopySolver<G>,
        starts: &[P],
        max_positions: usize,
    ) -> Result<GameGraph<P>> {
        let mut graph = Self::shape(solver.game(), starts, max_positions)?;
        let positions: Vec<P> = graph
            .graph
            .node_weights()
            .map(|node| node.position.clone())
            .collect();
        solver.explore_all(&positions)?;
        for node in graph.graph.node_indices() {
            graph.graph[node].value = solver.value(&graph.graph[node].position)?;
        }
        Ok(graph)
    }

    /// The positions reachable from `starts` and the moves between them, not yet valued; the
    /// root is the first start.
    fn shape<G: ImpartialGame<Position = P>>(
        game: &G,
        starts: &[P],
        max_positions: usize,
    ) -> Result<GameGraph<P>> {
        let mut graph = DiGraph::new();
        let mut index: HashMap<P, NodeIndex> = HashMap::new();
        let mut queue = VecDeque::new();
        let limit = Error::LimitExceeded {
            resource: Resource::Positions,
            limit: max_positions as u64,
        };
        if max_positions == 0 || starts.is_empty() {
            return Err(limit);
        }
        // The shape first, bounded as it is found, so that a graph too large to draw fails
        // before any position of it is valued.
        for start in starts {
            let start = game.canonical(start.clone());
            if index.contains_key(&start) {
                continue;
            }
            if graph.node_count() >= max_positions {
                return Err(limit);
            }
            let node = graph.add_node(GraphNode {
                position: start.clone(),
                value: LoopyValue::Finite(Nimber::ZERO),
            });
            index.insert(start, node);
            queue.push_back(node);
        }
        let root = NodeIndex::new(0);
        while let Some(node) = queue.pop_front() {
            let position = graph[node].position.clone();
            let mut targets = hashbrown::HashSet::new();
            for next in game.moves(&position) {
                let next = game.canonical(next);
                let target = match index.get(&next) {
                    Some(&target) => target,
                    None => {
                        if graph.node_count() >= max_positions {
                            return Err(limit);
                        }
                        let target = graph.add_node(GraphNode {
                            position: next.clone(),
                            value: LoopyValue::Finite(Nimber::ZERO),
                        });
                        index.insert(next, target);
                        queue.push_back(target);
                        target
                    }
                };
                // A position reached twice from one parent (two heaps of one size) is one edge.
                if targets.insert(target) {
                    graph.add_edge(node, target, ());
                }
            }
        }
        Ok(GameGraph { graph, root })
    }

    /// The `petgraph` graph: nodes are positions with their values, edges are moves.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{GameGraph, ImpartialGame, Nimber, Solver};
    /// # struct Heap;
    /// # impl ImpartialGame for Heap {
    /// #     type Position = u64;
    /// #     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> { 0..n }
    /// # }
    /// let graph = GameGraph::explore(&mut Solver::new(Heap), &2, 10)?;
    /// let terminal = graph.graph().node_weights().find(|node| node.position == 0);
    /// assert!(terminal.is_some_and(|node| node.value.finite() == Some(Nimber::ZERO)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn graph(&self) -> &DiGraph<GraphNode<P>, ()> {
        &self.graph
    }

    /// The node of the start position.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{GameGraph, ImpartialGame, Solver};
    /// # struct Heap;
    /// # impl ImpartialGame for Heap {
    /// #     type Position = u64;
    /// #     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> { 0..n }
    /// # }
    /// let graph = GameGraph::explore(&mut Solver::new(Heap), &2, 10)?;
    /// assert_eq!(graph.graph()[graph.root()].position, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn root(&self) -> NodeIndex {
        self.root
    }

    /// The same graph with every position mapped by `map`: a program that writes positions
    /// its own way (as text, say) keeps the graph's shape and values.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{GameGraph, ImpartialGame, Solver};
    /// # struct Heap;
    /// # impl ImpartialGame for Heap {
    /// #     type Position = u64;
    /// #     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> { 0..n }
    /// # }
    /// let graph = GameGraph::explore(&mut Solver::new(Heap), &2, 10)?;
    /// let written = graph.map_positions(|n| format!("heap of {n}"));
    /// assert_eq!(written.graph()[written.root()].position, "heap of 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn map_positions<Q>(self, mut map: impl FnMut(&P) -> Q) -> GameGraph<Q> {
        GameGraph {
            graph: self.graph.map(
                |_, node| GraphNode {
                    position: map(&node.position),
                    value: node.value.clone(),
                },
                |_, &edge| edge,
            ),
            root: self.root,
        }
    }

    /// The same graph valued in misère play, where the player who makes the last move loses:
    /// each position's misère Grundy value g⁻ (Conway, *On Numbers and Games*, ch. 12: 1 at a
    /// terminal position, else the least value none of its options has), which is 0 exactly at
    /// the misère P-positions; in a game with cycles, its generalized value in misère play
    /// (∞ at a draw). The values the graph had are replaced; its shape is kept.
    ///
    /// The graph's positions are whole positions (a sum is one node), so misère play, which
    /// does not split into components, is valued on the graph itself: as normal play of the
    /// graph with one more move from each terminal position
    /// ([`MisereAsNormal`](crate::MisereAsNormal)), by the [`LoopySolver`].
    ///
    /// # Errors
    ///
    /// Any error of [`LoopySolver::value`] under `budget`.
    ///
    /// # Examples
    ///
    /// Misère Nim: a heap of 1 loses for the player to move, and a heap of 2 wins (take 1).
    ///
    /// ```
    /// # use onag_core::{Budget, GameGraph, ImpartialGame, Nimber, Outcome, Solver};
    /// # struct Heap;
    /// # impl ImpartialGame for Heap {
    /// #     type Position = u64;
    /// #     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> { 0..n }
    /// # }
    /// let graph = GameGraph::explore(&mut Solver::new(Heap), &2, 10)?.misere(Budget::DEFAULT)?;
    /// let value = |n: u64| {
    ///     let node = graph.graph().node_weights().find(|node| node.position == n);
    ///     node.map(|node| node.value.clone()).expect("every heap up to 2")
    /// };
    /// assert_eq!(value(0).finite(), Some(Nimber::new(1)));
    /// assert_eq!(value(1).outcome(), Outcome::Previous);
    /// assert_eq!(value(2).finite(), Some(Nimber::new(2)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn misere(mut self, budget: Budget) -> Result<GameGraph<P>> {
        let values = {
            let mut solver =
                LoopySolver::new(crate::MisereAsNormal(Moves(&self.graph))).with_budget(budget);
            self.graph
                .node_indices()
                .map(|node| solver.value(&Some(node.index())))
                .collect::<Result<Vec<_>>>()?
        };
        for (node, value) in self.graph.node_indices().zip(values) {
            self.graph[node].value = value;
        }
        Ok(self)
    }

    /// Graphviz DOT text: each node labelled with its position and value, P-positions drawn
    /// as double circles, draws as dashed circles, the start position in bold.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{GameGraph, ImpartialGame, Solver};
    /// # struct Heap;
    /// # impl ImpartialGame for Heap {
    /// #     type Position = u64;
    /// #     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> { 0..n }
    /// # }
    /// let dot = GameGraph::explore(&mut Solver::new(Heap), &1, 10)?.to_dot();
    /// assert!(dot.contains("n0 -> n1;"));
    /// assert!(dot.contains("doublecircle"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_dot(&self) -> String {
        self.to_dot_with(LoopyValue::to_string)
    }

    /// [`to_dot`](Self::to_dot) with each value written by `write`: a misère graph
    /// ([`misere`](Self::misere)) writes its values as the numbers g⁻ rather than as nimbers,
    /// which a misère position is not equal to.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{Budget, GameGraph, ImpartialGame, Solver};
    /// # struct Heap;
    /// # impl ImpartialGame for Heap {
    /// #     type Position = u64;
    /// #     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> { 0..n }
    /// # }
    /// let graph = GameGraph::explore(&mut Solver::new(Heap), &1, 10)?.misere(Budget::DEFAULT)?;
    /// let dot = graph.to_dot_with(|value| match value.finite() {
    ///     Some(g) => format!("g⁻ = {}", g.value()),
    ///     None => value.to_string(),
    /// });
    /// // The heap of 1 is the misère P-position; the empty heap, whose player to move wins, has g⁻ = 1.
    /// assert!(dot.contains("label=\"1\\ng⁻ = 0\", shape=doublecircle"));
    /// assert!(dot.contains("label=\"0\\ng⁻ = 1\", shape=circle"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_dot_with(&self, write: impl Fn(&LoopyValue) -> String) -> String {
        let mut dot = String::from("digraph game {\n  node [shape=circle];\n");
        for node in self.graph.node_indices() {
            let weight = &self.graph[node];
            let label =
                format!("{:?}\\n{}", weight.position, write(&weight.value)).replace('"', "\\\"");
            let (shape, dashed) = match weight.value.outcome() {
                Outcome::Previous => ("doublecircle", false),
                Outcome::Next => ("circle", false),
                Outcome::Draw => ("circle", true),
            };
            let style = match (node == self.root, dashed) {
                (true, true) => ", style=\"bold,dashed\"",
                (true, false) => ", style=bold",
                (false, true) => ", style=dashed",
                (false, false) => "",
            };
            let _ = writeln!(
                dot,
                "  n{} [label=\"{label}\", shape={shape}{style}];",
                node.index()
            );
        }
        for edge in self.graph.raw_edges() {
            let _ = writeln!(
                dot,
                "  n{} -> n{};",
                edge.source().index(),
                edge.target().index()
            );
        }
        dot.push_str("}\n");
        dot
    }
}
