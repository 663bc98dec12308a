//! Node Kayles and Arc Kayles: games played by deleting parts of a graph.

use onag_core::{ImpartialGame, Nimber, Outcome};

mod canonical;
mod graph;
mod written;

pub use graph::SimpleGraph;
pub(crate) use written::read_graph;

/// Node Kayles: a move chooses a vertex and deletes it with all its neighbours (Schaefer 1978).
/// On a path of n vertices it is Dawson's chess, octal 0.137 (OEIS A002187). A position splits
/// into its connected components.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{NodeKayles, SimpleGraph};
///
/// let mut solver = Solver::new(NodeKayles);
/// // Dawson's chess: G(5) = 3 (A002187).
/// assert_eq!(solver.grundy(&SimpleGraph::path(5))?, Nimber::new(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NodeKayles;

/// Arc Kayles: a move chooses an edge and deletes both its ends (with every edge at them). On a
/// path of n vertices it is Dawson's Kayles, octal 0.07. A position splits into its connected
/// components; vertices without edges are dropped.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{ArcKayles, SimpleGraph};
///
/// let mut solver = Solver::new(ArcKayles);
/// // Dawson's Kayles on a row of 6: G = 3 (A002187(5)).
/// assert_eq!(solver.grundy(&SimpleGraph::path(6))?, Nimber::new(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ArcKayles;

impl ImpartialGame for NodeKayles {
    type Position = SimpleGraph;

    /// One move to each distinct position (in canonical form): symmetric vertices of a path
    /// or a cycle leave the same graph.
    fn difficulty(&self, graph: &SimpleGraph) -> u64 {
        let vertices = u64::from(graph.vertices);
        vertices * vertices
    }

    fn moves(&self, graph: &SimpleGraph) -> impl Iterator<Item = SimpleGraph> {
        let neighbours = graph.neighbours();
        distinct(
            self,
            (0..graph.vertices).map(move |vertex| {
                graph.less(
                    std::iter::once(vertex).chain(neighbours[vertex as usize].iter().copied()),
                )
            }),
        )
    }

    fn components(&self, graph: SimpleGraph) -> impl Iterator<Item = SimpleGraph> {
        graph.components().into_iter()
    }

    /// A path by Dawson's chess (octal 0.137, periodic: `path:1024` is one look-up), a cycle
    /// by the path its first move leaves, a complete graph (one move takes every vertex) by
    /// `*1`, and a graph the mirror wins for the second player (`grid:8x8`) by 0.
    fn known_grundy(&self, graph: &SimpleGraph) -> Option<Nimber> {
        if graph.vertices > 0 && graph.is_complete() {
            return Some(Nimber::new(1));
        }
        if graph.mirror_wins_for_the_second_player(true) {
            return Some(Nimber::ZERO);
        }
        graph.line()?.node_kayles().map(Nimber::new)
    }

    /// A graph whose components are all paths of at most 28 vertices, by the misère quotient
    /// of Dawson's chess (Plambeck & Siegel 2008), made once a process: a path of n vertices
    /// is its heap of n. `value --misere node-kayles path:30 path:31` searched for 94 s.
    fn known_misere_outcome(&self, graph: &SimpleGraph) -> Option<Outcome> {
        self.known_misere_outcome_of_sum(std::slice::from_ref(graph))
    }

    /// Graphs side by side whose components are all paths of at most 28 vertices, as above.
    fn known_misere_outcome_of_sum(&self, graphs: &[SimpleGraph]) -> Option<Outcome> {
        crate::graphs::lines::misere_paths(graphs, SimpleGraph::path_lengths, 0)
    }

    fn join(&self, components: Vec<SimpleGraph>) -> Option<SimpleGraph> {
        Some(SimpleGraph::union(&components))
    }

    fn canonical(&self, graph: SimpleGraph) -> SimpleGraph {
        let mut parts = graph.components();
        parts.sort();
        SimpleGraph::union(&parts)
    }

    fn position_bytes(&self, graph: &SimpleGraph) -> usize {
        graph.heap_bytes()
    }
}

impl ImpartialGame for ArcKayles {
    type Position = SimpleGraph;

    /// One move to each distinct position (in canonical form).
    fn difficulty(&self, graph: &SimpleGraph) -> u64 {
        let edges = graph.edges.len() as u64;
        edges * edges
    }

    fn moves(&self, graph: &SimpleGraph) -> impl Iterator<Item = SimpleGraph> {
        distinct(
            self,
            graph.edges.iter().map(move |&(a, b)| graph.less([a, b])),
        )
    }

    fn components(&self, graph: SimpleGraph) -> impl Iterator<Item = SimpleGraph> {
        graph
            .components()
            .into_iter()
            .filter(|part| !part.edges.is_empty())
    }

    /// A path by Dawson's Kayles (octal 0.07, periodic), a cycle by the path its first move
    /// leaves, a complete graph on n vertices, every move of which leaves the complete graph
    /// on n - 2 (a game of n / 2 moves, each with one option up to renumbering), by the parity
    /// of n / 2, and a graph the mirror wins for the second player by 0.
    fn known_grundy(&self, graph: &SimpleGraph) -> Option<Nimber> {
        if graph.is_complete() {
            return Some(Nimber::new(u64::from(graph.vertices / 2 % 2)));
        }
        if !graph.edges.is_empty() && graph.mirror_wins_for_the_second_player(false) {
            return Some(Nimber::ZERO);
        }
        graph.line()?.arc_kayles().map(Nimber::new)
    }

    /// A graph whose components are all paths of at most 29 vertices, by the misère quotient
    /// of Dawson's chess (Plambeck & Siegel 2008), made once a process: a path of n vertices
    /// is its heap of n - 1 (a lone vertex, where no edge is, is no heap).
    fn known_misere_outcome(&self, graph: &SimpleGraph) -> Option<Outcome> {
        self.known_misere_outcome_of_sum(std::slice::from_ref(graph))
    }

    /// Graphs side by side whose components are all paths of at most 29 vertices, as above.
    fn known_misere_outcome_of_sum(&self, graphs: &[SimpleGraph]) -> Option<Outcome> {
        crate::graphs::lines::misere_paths(graphs, SimpleGraph::path_lengths, 1)
    }

    fn join(&self, components: Vec<SimpleGraph>) -> Option<SimpleGraph> {
        Some(SimpleGraph::union(&components))
    }

    fn canonical(&self, graph: SimpleGraph) -> SimpleGraph {
        let mut parts: Vec<SimpleGraph> = self.components(graph).collect();
        parts.sort();
        SimpleGraph::union(&parts)
    }

    fn position_bytes(&self, graph: &SimpleGraph) -> usize {
        graph.heap_bytes()
    }
}

/// The distinct canonical forms of `options`, in order of first appearance. An option equal
/// as numbered to one before is skipped before its canonical form is made: every move of a
/// complete graph leaves the same graph, whose labelling (a regular graph, where refinement
/// splits nothing) was the whole cost (`arc-kayles complete:60` took more than 30 s).
fn distinct<G: ImpartialGame<Position = SimpleGraph>>(
    game: &G,
    options: impl Iterator<Item = SimpleGraph>,
) -> std::vec::IntoIter<SimpleGraph> {
    let (mut made, mut seen) = (hashbrown::HashSet::new(), hashbrown::HashSet::new());
    let listed: Vec<SimpleGraph> = options
        .filter(|option| made.insert(option.clone()))
        .map(|option| game.canonical(option))
        .filter(|option| seen.insert(option.clone()))
        .collect();
    listed.into_iter()
}
