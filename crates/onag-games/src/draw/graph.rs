//! A game's graph drawn in SVG.

use std::fmt::Write as _;

use onag_core::{GameGraph, LoopyValue, Outcome};

use crate::Position;

/// A value of a misère graph as the drawings write it: g⁻ as a number (a misère position is
/// not equal to the nimber of that number), or the value of a draw as it is.
pub fn misere_label(value: &LoopyValue) -> String {
    match value.finite() {
        Some(g) => format!("g⁻ = {}", g.value()),
        None => value.to_string(),
    }
}

/// What a misère graph's values are, written above it.
pub const MISERE_CAPTION: &str =
    "misère play: each position's misère Grundy value g⁻ (0 at a P-position; ∞ at a draw)";

/// Escapes text for XML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Places for the nodes of a drawing in rows by the longest line of play from the start,
/// so that every move points down the page, and the drawing's width and height.
fn layout<N, E>(
    petgraph: &petgraph::graph::DiGraph<N, E>,
    root: petgraph::graph::NodeIndex,
    caption: Option<&str>,
    step_x: f64,
    step_y: f64,
) -> (Vec<(f64, f64)>, f64, f64) {
    let count = petgraph.node_count();
    // Longest path from the starts: a node's row is one more than its deepest parent's. A
    // graph with cycles has no such order; its rows are the fewest moves from a start.
    let mut depth = vec![0usize; count];
    match petgraph::algo::toposort(petgraph, None) {
        Ok(order) => {
            for node in order {
                for next in petgraph.neighbors(node) {
                    depth[next.index()] = depth[next.index()].max(depth[node.index()] + 1);
                }
            }
        }
        Err(_) => {
            let mut seen = vec![false; count];
            let mut queue: std::collections::VecDeque<_> = petgraph
                .node_indices()
                .filter(|&node| {
                    petgraph
                        .neighbors_directed(node, petgraph::Direction::Incoming)
                        .next()
                        .is_none()
                        || node == root
                })
                .collect();
            for &node in &queue {
                seen[node.index()] = true;
            }
            loop {
                while let Some(node) = queue.pop_front() {
                    for next in petgraph.neighbors(node) {
                        if !seen[next.index()] {
                            seen[next.index()] = true;
                            depth[next.index()] = depth[node.index()] + 1;
                            queue.push_back(next);
                        }
                    }
                }
                // A part reached from no start so far (a cycle with no way in): its first node
                // starts a row of its own.
                match seen.iter().position(|&seen| !seen) {
                    Some(node) => {
                        seen[node] = true;
                        queue.push_back(petgraph::graph::NodeIndex::new(node));
                    }
                    None => break,
                }
            }
        }
    }
    let rows = depth.iter().copied().max().unwrap_or(0) + 1;
    // A caption takes a row's height at the top.
    let top = if caption.is_some() { 70.0 } else { 40.0 };
    let mut row_members: Vec<Vec<usize>> = vec![Vec::new(); rows];
    for (node, &row) in depth.iter().enumerate() {
        row_members[row].push(node);
    }
    let widest = row_members.iter().map(Vec::len).max().unwrap_or(1);
    // Wide enough for the caption too (about 6.5 pixels a character at this font size).
    let caption_width = caption.map_or(0.0, |caption| caption.chars().count() as f64 * 6.5 + 20.0);
    let width = (step_x * widest as f64 + 40.0).max(caption_width);
    let height = step_y * rows as f64 + top;
    let mut place = vec![(0.0, 0.0); count];
    for (row, members) in row_members.iter().enumerate() {
        let offset = (width - step_x * members.len() as f64) / 2.0 + step_x / 2.0;
        for (column, &node) in members.iter().enumerate() {
            place[node] = (offset + step_x * column as f64, top + step_y * row as f64);
        }
    }
    (place, width, height)
}

/// A node of a drawn graph: a circle at `(x, y)`, ringed twice and shaded when `ringed` (a
/// loss for the player to move), with two lines of text.
fn draw_node(
    svg: &mut String,
    (x, y): (f64, f64),
    radius: f64,
    ringed: bool,
    top: &str,
    bottom: &str,
) {
    let fill = if ringed { "#dde8ff" } else { "#ffffff" };
    let _ = writeln!(
        svg,
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{radius}\" fill=\"{fill}\" stroke=\"black\"/>"
    );
    if ringed {
        let _ = writeln!(
            svg,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{}\" fill=\"none\" stroke=\"black\"/>",
            radius - 4.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n\
         <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
        y - 2.0,
        escape(top),
        y + 13.0,
        escape(bottom)
    );
}

/// The graph drawn in rows by the longest line of play from the start, so that every move
/// points down the page; P-positions are drawn with a double ring and shaded.
pub fn graph_svg(graph: &GameGraph<Position>, misere: bool) -> String {
    let caption = misere.then_some(MISERE_CAPTION);
    let petgraph = graph.graph();
    let (step_x, step_y, radius) = (110.0, 90.0, 32.0);
    let (place, width, height) = layout(petgraph, graph.root(), caption, step_x, step_y);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" \
         markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">\
         <path d=\"M0,0 L10,5 L0,10 z\" fill=\"#888\"/></marker></defs>\n"
    );
    if let Some(caption) = caption {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"20\" text-anchor=\"middle\">{}</text>",
            width / 2.0,
            escape(caption)
        );
    }
    for edge in petgraph.raw_edges() {
        let (x1, y1) = place[edge.source().index()];
        let (x2, y2) = place[edge.target().index()];
        // From rim to rim, so the arrowhead shows.
        let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
        let (dx, dy) = ((x2 - x1) / length * radius, (y2 - y1) / length * radius);
        let _ = writeln!(
            svg,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#888\" \
             marker-end=\"url(#arrow)\"/>",
            x1 + dx,
            y1 + dy,
            x2 - dx,
            y2 - dy
        );
    }
    for node in petgraph.node_indices() {
        let weight = &petgraph[node];
        let written = if weight.position.components().is_empty() {
            "\u{2205}".to_string()
        } else {
            weight.position.to_string()
        };
        let value = if misere {
            misere_label(&weight.value)
        } else {
            weight.value.to_string()
        };
        let p_position = weight.value.outcome() == Outcome::Previous;
        draw_node(
            &mut svg,
            place[node.index()],
            radius,
            p_position,
            &written,
            &value,
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// A partizan game's graph ([`crate::Partizan::graph`]) drawn as the impartial ones are:
/// rows by the longest line of play, each position with its form, Left's moves in blue and
/// Right's in red (Winning Ways' colours), positions equal to 0 (a loss for the player to
/// move) ringed twice and shaded.
pub fn partizan_graph_svg(graph: &crate::PartizanGraph) -> String {
    let mut petgraph = petgraph::graph::DiGraph::<(), bool>::new();
    let nodes: Vec<_> = graph.nodes.iter().map(|_| petgraph.add_node(())).collect();
    for &(from, to, left) in &graph.edges {
        petgraph.add_edge(nodes[from], nodes[to], left);
    }
    let (step_x, step_y, radius) = (130.0, 90.0, 36.0);
    let caption = "Left's moves in blue, Right's in red";
    let (place, width, height) = layout(&petgraph, nodes[0], Some(caption), step_x, step_y);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <defs>\
         <marker id=\"left\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" \
         markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1f5fd6\"/></marker>\
         <marker id=\"right\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" \
         markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d62f1f\"/></marker>\
         </defs>\n\
         <text x=\"{:.1}\" y=\"20\" text-anchor=\"middle\">{}</text>\n",
        width / 2.0,
        escape(caption)
    );
    for &(from, to, left) in &graph.edges {
        let (x1, y1) = place[from];
        let (x2, y2) = place[to];
        let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
        let (dx, dy) = ((x2 - x1) / length * radius, (y2 - y1) / length * radius);
        // Left's edge a little to one side, Right's to the other, so both show when both
        // players move to the same position.
        let shift = if left { -3.0 } else { 3.0 };
        let (colour, marker) = if left {
            ("#1f5fd6", "left")
        } else {
            ("#d62f1f", "right")
        };
        let _ = writeln!(
            svg,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" \
             marker-end=\"url(#{marker})\"/>",
            x1 + dx + shift,
            y1 + dy,
            x2 - dx + shift,
            y2 - dy
        );
    }
    for (node, (position, form)) in graph.nodes.iter().enumerate() {
        let zero = *form == onag_core::partizan::Form::zero();
        draw_node(
            &mut svg,
            place[node],
            radius,
            zero,
            &position.to_string(),
            &form.to_string(),
        );
    }
    svg.push_str("</svg>\n");
    svg
}
