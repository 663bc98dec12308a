//! How graphs are written and read (`path:N`, `cycle:N`, `grid:RxC`, `complete:N`, `star:N`,
//! `file:PATH`, `N:a-b,...`) and moves described: the games' [`Notation`].

use super::canonical::canonical_labelling;
use super::graph::SimpleGraph;
use super::{ArcKayles, NodeKayles};
use crate::Result;
use crate::notation::{Notation, component_error};
use onag_core::ImpartialGame;

/// The most vertices a graph of the catalogue may have: a search lists a position's moves,
/// each a copy of the graph, so this bounds that list to a few megabytes.
pub(super) const MOST_VERTICES: u64 = 1 << 10;

/// The longest graph file read: a graph of at most [`MOST_VERTICES`] vertices has at most half a
/// million edges, a few megabytes as an edge list even with long names.
pub(super) const MOST_GRAPH_BYTES: u64 = 64 << 20;

/// Reads `path:N`, `cycle:N`, `grid:RxC`, `complete:N`, `star:N`, `file:PATH` or
/// `N:a-b,c-d,...`.
pub(crate) fn read_graph(game: &str, text: &str) -> Result<SimpleGraph> {
    let bad = |reason: &str| component_error(game, text, reason);
    let number = |text: &str| -> Result<u32> {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|&n| n <= MOST_VERTICES)
            .map(|n| n as u32)
            .ok_or_else(|| bad("expected a number of vertices from 0 to 1024"))
    };
    const FORMS: &str = "write path:N, cycle:N, grid:RxC, complete:N, star:N, file:PATH (DOT, JSON or an edge list), or N:a-b,c-d,... (N vertices, edges between 0..N-1)";
    let Some((kind, rest)) = text.split_once(':') else {
        return Err(bad(FORMS));
    };
    match kind {
        "file" => {
            // A graph file in any format `Digraph` reads; its edges taken both ways.
            // Read within a bound: the path may name a device or a pipe that never ends.
            let text = crate::read_text_within(std::path::Path::new(rest), MOST_GRAPH_BYTES)
                .map_err(|error| bad(&format!("cannot read {rest}: {error}")))?;
            // Built within a bound: a file of many short names makes a graph many times its
            // size, and it is refused as it grows past what 1024 vertices can take.
            let graph = crate::Digraph::parse_within(&text, rest, MOST_GRAPH_BYTES as usize)
                .map_err(|error| match error {
                    crate::Error::Engine(onag_core::Error::LimitExceeded { .. }) => {
                        bad("a graph may have at most 1024 vertices")
                    }
                    other => other,
                })?;
            if graph.len() as u64 > MOST_VERTICES {
                return Err(bad("a graph may have at most 1024 vertices"));
            }
            // A simple graph has no loops: dropping one would change the game (in Arc Kayles
            // a loop would be an edge to take), so it is refused.
            if let Some((vertex, _)) = graph.edges().find(|(from, to)| from == to) {
                return Err(bad(&format!(
                    "an edge from vertex {:?} to itself; {game} is played on a simple graph, without loops",
                    graph.name_of(vertex)
                )));
            }
            Ok(SimpleGraph::new(graph.len() as u32, graph.edges()))
        }
        "path" => number(rest).map(SimpleGraph::path).map_err(|error| {
            // A path too long to build is a heap of the octal game the path is.
            let same = match game {
                "node-kayles" => "dawson-chess",
                _ => "dawson-kayles",
            };
            match rest.trim().parse::<u64>() {
                Ok(n) => bad(&format!(
                    "a graph may have at most 1024 vertices; {game} on a path of {n} is a heap \
                     of {same}: `onag value {same} {n}`"
                )),
                Err(_) => error,
            }
        }),
        "cycle" => Ok(SimpleGraph::cycle(number(rest)?)),
        // One message for every size too large, whichever bound it passes.
        "complete" => match rest.trim().parse::<u64>() {
            Ok(n) if n <= 256 => Ok(SimpleGraph::complete(n as u32)),
            Ok(_) => Err(bad("a complete graph may have at most 256 vertices")),
            Err(_) => Err(bad("expected a number of vertices from 0 to 256")),
        },
        // `star:N` has N leaves and a centre.
        "star" => match rest.trim().parse::<u64>() {
            Ok(n) if n < MOST_VERTICES => Ok(SimpleGraph::star(n as u32)),
            Ok(_) => Err(bad("a star may have at most 1023 leaves (1024 vertices)")),
            Err(_) => Err(bad("expected a number of leaves from 0 to 1023")),
        },
        "grid" => {
            let (rows, columns) = rest
                .split_once('x')
                .ok_or_else(|| bad("write grid:RxC, e.g. grid:4x5"))?;
            let (rows, columns) = (number(rows)?, number(columns)?);
            if u64::from(rows) * u64::from(columns) > MOST_VERTICES {
                return Err(bad("a grid may have at most 1024 vertices"));
            }
            Ok(SimpleGraph::grid(rows, columns))
        }
        count if count.trim().parse::<u64>().is_err() => Err(bad(FORMS)),
        count => {
            let vertices = number(count)?;
            let mut edges = Vec::new();
            for edge in rest.split(',').filter(|edge| !edge.is_empty()) {
                let (a, b) = edge
                    .split_once('-')
                    .ok_or_else(|| bad("an edge is written a-b"))?;
                let (a, b) = (number(a)?, number(b)?);
                if a >= vertices || b >= vertices {
                    return Err(bad("an edge's ends must be vertices 0 to N-1"));
                }
                if a == b {
                    return Err(bad(&format!(
                        "an edge from vertex {a} to itself; {game} is played on a simple graph, without loops"
                    )));
                }
                edges.push((a, b));
            }
            Ok(SimpleGraph::new(vertices, edges))
        }
    }
}

/// The family `graph` belongs to as the catalogue writes it (`path:N`, `cycle:N`, `star:N`,
/// `complete:N`, `grid:RxC`, up to renumbering but for the path, which is kept as numbered),
/// with the graph numbered as that family numbers it; `None` for any other graph.
pub(super) fn family(graph: &SimpleGraph) -> Option<(String, SimpleGraph)> {
    let n = graph.vertices;
    let edges = graph.edges.len() as u64;
    if *graph == SimpleGraph::path(n) {
        return Some((format!("path:{n}"), graph.clone()));
    }
    let same = |other: SimpleGraph| canonical_labelling(graph) == canonical_labelling(&other);
    if n >= 3 && edges == u64::from(n) && same(SimpleGraph::cycle(n)) {
        return Some((format!("cycle:{n}"), SimpleGraph::cycle(n)));
    }
    // As many as the catalogue reads back (`complete:N` for N up to 256).
    if (4..=256).contains(&n) && edges == u64::from(n) * u64::from(n - 1) / 2 {
        return Some((format!("complete:{n}"), SimpleGraph::complete(n)));
    }
    if n >= 4 && edges == u64::from(n - 1) {
        // A tree with a vertex joined to every other is a star, however numbered.
        let mut degree = vec![0u32; n as usize];
        for &(a, b) in &graph.edges {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        if degree.contains(&(n - 1)) {
            return Some((format!("star:{}", n - 1), SimpleGraph::star(n - 1)));
        }
    }
    // A grid of r × c (r ≤ c, both at least 2) has r (c - 1) + c (r - 1) edges: only those
    // counts are compared as graphs.
    (2..=n)
        .take_while(|&rows| u64::from(rows) * u64::from(rows) <= u64::from(n))
        .filter(|&rows| n % rows == 0)
        .map(|rows| (rows, n / rows))
        .filter(|&(rows, columns)| edges == u64::from(rows * (columns - 1) + columns * (rows - 1)))
        .find(|&(rows, columns)| same(SimpleGraph::grid(rows, columns)))
        .map(|(rows, columns)| {
            (
                format!("grid:{rows}x{columns}"),
                SimpleGraph::grid(rows, columns),
            )
        })
}

pub(super) fn write_graph(graph: &SimpleGraph) -> String {
    if let Some((written, _)) = family(graph) {
        return written;
    }
    let edges: Vec<String> = graph
        .edges
        .iter()
        .map(|(a, b)| format!("{a}-{b}"))
        .collect();
    format!("{}:{}", graph.vertices, edges.join(","))
}

macro_rules! graph_notation {
    ($game:ty, $name:expr, $what:expr, $name_move:expr, $read_move:expr) => {
        impl Notation for $game {
            fn name(&self) -> String {
                $name.to_string()
            }

            fn read_component(&self, text: &str) -> Result<SimpleGraph> {
                read_graph($name, text)
            }

            fn write_component(&self, graph: &SimpleGraph) -> String {
                write_graph(graph)
            }

            /// The graph as the player wrote it: its canonical form would renumber it, and a
            /// move named by its vertices would then name other vertices than the player's.
            fn shown(&self, graph: SimpleGraph) -> SimpleGraph {
                graph
            }

            fn read_move(&self, from: &SimpleGraph, text: &str) -> Option<Result<SimpleGraph>> {
                $read_move(
                    &as_written(from),
                    text.strip_prefix("take ").unwrap_or(text),
                )
                .map(|taken| taken.map_err(|reason| component_error($name, text, reason)))
            }

            fn describe_move(&self, from: &SimpleGraph, to: &SimpleGraph) -> String {
                $name_move(self, &as_written(from), to).unwrap_or_else(|| $what.to_string())
            }
        }
    };
}

/// `graph` numbered as it is written, for moves named by their vertices: a graph written
/// `cycle:N`, `star:N`, `complete:N` or `grid:RxC` is read as that family numbers it (a cycle
/// round in order, a star from its centre, a grid row by row), to which it is isomorphic (its
/// own numbering may differ); any other is written with its own numbering.
pub(super) fn as_written(graph: &SimpleGraph) -> SimpleGraph {
    family(graph).map_or_else(|| graph.clone(), |(_, numbered)| numbered)
}

/// The move of Node Kayles on `from` that leaves `to`, named: `take vertex 2 and its
/// neighbours 1, 3`. The vertex whose move leaves `to` exactly (a move the player typed) when
/// there is one, else the least whose move leaves the same graph up to renumbering (a listed
/// option, in canonical form).
pub(super) fn name_node_move(
    game: &NodeKayles,
    from: &SimpleGraph,
    to: &SimpleGraph,
) -> Option<String> {
    let neighbours = from.neighbours();
    let around = |vertex: u32| &neighbours[vertex as usize];
    let taken =
        |vertex: u32| from.less(std::iter::once(vertex).chain(around(vertex).iter().copied()));
    let target = game.canonical(to.clone());
    let vertex = (0..from.vertices)
        .find(|&vertex| taken(vertex) == *to)
        .or_else(|| {
            (0..from.vertices).find(|&vertex| {
                // Node Kayles' canonical form keeps every vertex (the neighbours of a vertex
                // are distinct and other than it): a cheap test first.
                from.vertices as usize - 1 - around(vertex).len() == target.vertices as usize
                    && game.canonical(taken(vertex)) == target
            })
        })?;
    let mut around = neighbours[vertex as usize].clone();
    around.sort_unstable();
    Some(match around.as_slice() {
        [] => format!("take vertex {vertex}, which has no neighbours"),
        [one] => format!("take vertex {vertex} and its neighbour {one}"),
        many => {
            let list: Vec<String> = many.iter().map(u32::to_string).collect();
            format!(
                "take vertex {vertex} and its neighbours {}",
                list.join(", ")
            )
        }
    })
}

/// A Node Kayles move written `vertex V` (words after the number, as a description has them,
/// are allowed): the graph less V and its neighbours.
pub(super) fn read_node_move(
    from: &SimpleGraph,
    text: &str,
) -> Option<std::result::Result<SimpleGraph, String>> {
    let rest = text.strip_prefix("vertex ")?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let Ok(vertex) = rest[..digits].parse::<u32>() else {
        return Some(Err(
            "a vertex is written by its number: vertex 2".to_string()
        ));
    };
    if vertex >= from.vertices {
        return Some(Err(match from.vertices {
            0 => "the graph has no vertices left".to_string(),
            n => format!("the vertices are 0 to {}", n - 1),
        }));
    }
    let around = from.neighbours().swap_remove(vertex as usize);
    Some(Ok(from.less(std::iter::once(vertex).chain(around))))
}

/// An Arc Kayles move written `edge A-B` (words after it allowed): the graph less A and B.
pub(super) fn read_arc_move(
    from: &SimpleGraph,
    text: &str,
) -> Option<std::result::Result<SimpleGraph, String>> {
    let rest = text.strip_prefix("edge ")?;
    let edge = rest.split_whitespace().next().unwrap_or("");
    let parsed = edge
        .split_once('-')
        .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)));
    let Some((a, b)) = parsed else {
        return Some(Err("an edge is written by its ends: edge 0-1".to_string()));
    };
    if !from.edges.contains(&(a.min(b), a.max(b))) {
        return Some(Err(format!("{a}-{b} is not an edge of the graph")));
    }
    Some(Ok(from.less([a, b])))
}

/// The move of Arc Kayles on `from` that leaves `to`, named: `take edge 1-2 and its two ends`.
/// The edge whose move leaves `to` exactly when there is one, else the least whose move leaves
/// the same graph up to renumbering and isolated vertices (Arc Kayles' canonical form).
pub(super) fn name_arc_move(
    game: &ArcKayles,
    from: &SimpleGraph,
    to: &SimpleGraph,
) -> Option<String> {
    let taken = |(a, b): (u32, u32)| from.less([a, b]);
    let target = game.canonical(to.clone());
    let (a, b) = from
        .edges
        .iter()
        .copied()
        .find(|&edge| taken(edge) == *to)
        .or_else(|| {
            from.edges
                .iter()
                .copied()
                .find(|&edge| game.canonical(taken(edge)) == target)
        })?;
    Some(format!("take edge {a}-{b} and its two ends"))
}

graph_notation!(
    NodeKayles,
    "node-kayles",
    "take a vertex and its neighbours",
    name_node_move,
    read_node_move
);
graph_notation!(
    ArcKayles,
    "arc-kayles",
    "take an edge's two ends",
    name_arc_move,
    read_arc_move
);
