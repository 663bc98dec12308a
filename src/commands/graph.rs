//! `onag graph`: the state graph of a position as DOT, SVG or JSON.

use std::io::Write;

use onag_core::{Budget, GameGraph, LoopySolver, Resource};
use onag_games::Position;
use onag_games::draw::{MISERE_CAPTION, graph_svg, misere_label};
use serde_json::json;

use super::{Chosen, Error, choose};
use crate::cli::{GraphArgs, GraphFormat};

pub fn run(arguments: &GraphArgs, out: &mut dyn Write) -> Result<(), Error> {
    if let Some(game) = super::partizan::chosen(&arguments.source) {
        return super::partizan::graph(arguments, &*game?, out);
    }
    let Chosen {
        game,
        components,
        graph: file,
    } = choose(&arguments.source, arguments.max_memory)?;
    let budget = Budget {
        positions: Budget::DEFAULT.positions,
        options: arguments.max_options,
        memory: arguments.max_memory,
    };
    // A node costs at most about this many bytes of the graph's tables (the node, its index
    // entry, its place in the queue and its edges, with the tables' room to grow), so the
    // memory budget bounds the nodes too.
    const BYTES_PER_NODE: u64 = 512;
    let max_positions = arguments
        .max_positions
        .min(arguments.max_memory / BYTES_PER_NODE);
    let by_memory = max_positions < arguments.max_positions;
    let limit = usize::try_from(max_positions).unwrap_or(usize::MAX);
    let drawn = match file {
        // A graph file with no vertex named: the whole file, every vertex a start.
        Some(file) if components.is_empty() => {
            let vertices: Vec<u32> = (0..file.len() as u32).collect();
            let mut solver = LoopySolver::new(file.clone()).with_budget(budget);
            GameGraph::explore_loopy_from(&mut solver, &vertices, limit)
                .map(|graph| {
                    graph.map_positions(|&vertex| {
                        Position::new(vec![file.name_of(vertex).to_string()])
                    })
                })
                .map_err(onag_games::Error::from)
        }
        _ => game.graph(&components, limit, budget),
    };
    let graph =
        drawn.map_err(|error| too_large(error, by_memory.then_some(arguments.max_memory)))?;
    let graph = if arguments.misere {
        graph
            .misere(budget)
            .map_err(|error| Error::Game(error.into()))?
    } else {
        graph
    };
    match arguments.chosen_format() {
        GraphFormat::Dot => {
            let dot = if arguments.misere {
                graph.to_dot_with(misere_label).replacen(
                    "digraph game {\n",
                    &format!("digraph game {{\n  label=\"{MISERE_CAPTION}\";\n"),
                    1,
                )
            } else {
                graph.to_dot()
            };
            write!(out, "{}", drawn_text(dot, arguments.source.ascii))?;
        }
        GraphFormat::Json => {
            let petgraph = graph.graph();
            let nodes: Vec<_> = petgraph
                .node_indices()
                .map(|node| {
                    let weight = &petgraph[node];
                    let mut entry = json!({
                        "id": node.index(),
                        "position": super::json_position(&weight.position),
                    });
                    let evaluation = onag_games::Evaluation {
                        outcome: weight.value.outcome(),
                        value: Some(weight.value.clone()),
                        remoteness: None,
                    };
                    super::value::add_evaluation(&mut entry, &evaluation, arguments.source.ascii);
                    if arguments.misere {
                        // The value is g⁻, named as `sequence --misere` names it, and written
                        // as the drawings write it.
                        entry["misere"] = entry["grundy"].take();
                        if let Some(fields) = entry.as_object_mut() {
                            fields.remove("grundy");
                        }
                        if weight.value.finite().is_some() {
                            let label = misere_label(&weight.value);
                            entry["value"] = json!(drawn_text(label, arguments.source.ascii));
                        }
                    }
                    entry
                })
                .collect();
            let edges: Vec<_> = petgraph
                .raw_edges()
                .iter()
                .map(|edge| json!([edge.source().index(), edge.target().index()]))
                .collect();
            let mut report = json!({"root": graph.root().index(), "nodes": nodes, "edges": edges});
            if arguments.misere {
                report["play"] = json!("misere");
            }
            writeln!(out, "{report}")?;
        }
        GraphFormat::Svg => {
            write!(
                out,
                "{}",
                drawn_text(graph_svg(&graph, arguments.misere), arguments.source.ascii)
            )?;
        }
    }
    Ok(())
}

/// A graph's error as the program says it: past its positions, the flag to raise
/// (`--max-memory` when `memory`, the bytes that bound the positions, is given).
pub(super) fn too_large(error: onag_games::Error, memory: Option<u64>) -> Error {
    match (error, memory) {
        (
            onag_games::Error::Engine(onag_core::Error::LimitExceeded {
                resource: Resource::Positions,
                limit,
            }),
            Some(memory),
        ) => Error::Usage(format!(
            "the graph has more than {limit} positions, more than {memory} bytes of memory hold; raise --max-memory to draw it"
        )),
        (
            onag_games::Error::Engine(onag_core::Error::LimitExceeded {
                resource: Resource::Positions,
                limit,
            }),
            None,
        ) => Error::Usage(format!(
            "the graph has more than {limit} positions; raise --max-positions to draw it"
        )),
        (other, _) => Error::Game(other),
    }
}

/// A drawing's text as written: with `--ascii`, its few characters outside ASCII (∞, g⁻, the
/// empty set, misère) spelt in ASCII.
fn drawn_text(text: String, ascii: bool) -> String {
    if !ascii {
        return text;
    }
    text.replace('∞', "inf")
        .replace("g⁻", "g-")
        .replace('\u{2205}', "(nothing)")
        .replace("misère", "misere")
}
