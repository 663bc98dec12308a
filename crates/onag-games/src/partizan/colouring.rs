//! Col and Snort (Winning Ways ch. 2, pp. 38-49): the players colour the vertices of a graph,
//! Left blue and Right red. In Col no two neighbours may share a colour; in Snort no two
//! neighbours may differ.

use onag_core::partizan::PartizanGame;

use crate::Result;
use crate::notation::component_error;

/// The most vertices a graph of Col or Snort may have.
pub const MOST_VERTICES: usize = 64;

/// A graph of uncoloured vertices, some next to a blue (Left's) or a red (Right's) one:
/// coloured vertices are gone, leaving their mark on their neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coloured {
    /// Each vertex's neighbours, as bits.
    adjacent: Vec<u64>,
    /// Vertices next to a blue vertex.
    by_blue: u64,
    /// Vertices next to a red vertex.
    by_red: u64,
}

impl Coloured {
    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.adjacent.len()
    }

    /// The graph on the vertices of `keep` only, renumbered in order.
    fn restricted(&self, keep: u64) -> Coloured {
        let kept: Vec<usize> = (0..self.vertices())
            .filter(|&v| keep >> v & 1 == 1)
            .collect();
        let squeeze = |bits: u64| -> u64 {
            kept.iter()
                .enumerate()
                .filter(|&(_, &v)| bits >> v & 1 == 1)
                .fold(0, |acc, (i, _)| acc | 1 << i)
        };
        Coloured {
            adjacent: kept.iter().map(|&v| squeeze(self.adjacent[v])).collect(),
            by_blue: squeeze(self.by_blue),
            by_red: squeeze(self.by_red),
        }
    }

    fn all(&self) -> u64 {
        if self.vertices() == 64 {
            u64::MAX
        } else {
            (1u64 << self.vertices()) - 1
        }
    }
}

/// Which colouring game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    Col,
    Snort,
}

fn read(game: &'static str, text: &str) -> Result<Coloured> {
    let text = text.trim();
    let bad = |why: &str| component_error(game, text, why);
    let mut parts = text.split(';');
    let graph = crate::graphs::read_graph(game, parts.next().unwrap_or(""))?;
    let n = graph.vertices() as usize;
    if n > MOST_VERTICES {
        return Err(bad("a graph may have at most 64 vertices"));
    }
    let mut adjacent = vec![0u64; n];
    for &(a, b) in graph.edges() {
        if a == b {
            return Err(bad("a vertex may not be its own neighbour"));
        }
        adjacent[a as usize] |= 1 << b;
        adjacent[b as usize] |= 1 << a;
    }
    let mut position = Coloured {
        adjacent,
        by_blue: 0,
        by_red: 0,
    };
    for part in parts {
        let (side, list) = part
            .split_once('=')
            .ok_or_else(|| bad("after the graph, ;left=V,... and ;right=V,... list the vertices next to each player's colour"))?;
        let mut bits = 0u64;
        for word in list.split(',').filter(|w| !w.trim().is_empty()) {
            let v: usize = word
                .trim()
                .parse()
                .ok()
                .filter(|&v| v < n)
                .ok_or_else(|| bad("a marked vertex is a number below the graph's vertices"))?;
            bits |= 1 << v;
        }
        match side.trim() {
            "left" => position.by_blue |= bits,
            "right" => position.by_red |= bits,
            _ => return Err(bad("the marks are ;left=V,... and ;right=V,...")),
        }
    }
    Ok(position)
}

fn write(position: &Coloured) -> String {
    let n = position.vertices();
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if position.adjacent[a] >> b & 1 == 1 {
                edges.push(format!("{a}-{b}"));
            }
        }
    }
    let mut out = format!("{n}:{}", edges.join(","));
    for (name, bits) in [("left", position.by_blue), ("right", position.by_red)] {
        if bits != 0 {
            let list: Vec<String> = (0..n)
                .filter(|&v| bits >> v & 1 == 1)
                .map(|v| v.to_string())
                .collect();
            out.push_str(&format!(";{name}={}", list.join(",")));
        }
    }
    out
}

fn colourings(rule: Rule, position: &Coloured, left: bool) -> Vec<Coloured> {
    // Col: Left may not colour a vertex next to blue. Snort: next to red.
    let barred = match (rule, left) {
        (Rule::Col, true) | (Rule::Snort, false) => position.by_blue,
        (Rule::Col, false) | (Rule::Snort, true) => position.by_red,
    };
    (0..position.vertices())
        .filter(|&v| barred >> v & 1 == 0)
        .map(|v| {
            let mut next = position.clone();
            let neighbours = position.adjacent[v];
            if left {
                next.by_blue |= neighbours;
            } else {
                next.by_red |= neighbours;
            }
            // A vertex neither player may colour is gone with the coloured one.
            let dead = match rule {
                Rule::Col | Rule::Snort => next.by_blue & next.by_red,
            };
            next.restricted(position.all() & !(1 << v) & !dead)
        })
        .collect()
}

fn components(position: &Coloured) -> Option<Vec<Coloured>> {
    let mut left = position.all();
    let mut parts = Vec::new();
    while left != 0 {
        let mut part = 1u64 << left.trailing_zeros();
        loop {
            let grown = (0..position.vertices())
                .filter(|&v| part >> v & 1 == 1)
                .fold(part, |acc, v| acc | position.adjacent[v]);
            if grown == part {
                break;
            }
            part = grown;
        }
        left &= !part;
        parts.push(position.restricted(part));
    }
    (parts.len() > 1).then_some(parts)
}

macro_rules! colouring_game {
    ($name:ident, $rule:expr, $written:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl $name {
            /// Reads a graph, written as for Node Kayles (`path:5`, `grid:2x3`,
            /// `N:a-b,...`), optionally followed by `;left=V,...` and `;right=V,...`: the
            /// vertices next to a blue (Left's) or a red (Right's) vertex.
            pub fn parse(text: &str) -> Result<Coloured> {
                read($written, text)
            }

            /// Writes a position as `N:a-b,...;left=...;right=...`.
            pub fn write(position: &Coloured) -> String {
                write(position)
            }
        }

        impl PartizanGame for $name {
            type Position = Coloured;

            fn left_moves(&self, position: &Coloured) -> impl Iterator<Item = Coloured> {
                colourings($rule, position, true).into_iter()
            }

            fn right_moves(&self, position: &Coloured) -> impl Iterator<Item = Coloured> {
                colourings($rule, position, false).into_iter()
            }

            fn components(&self, position: &Coloured) -> Option<Vec<Coloured>> {
                components(position)
            }
        }
    };
}

colouring_game!(
    Col,
    Rule::Col,
    "col",
    "Col: Left colours a vertex blue, Right red, never next to a vertex of their own colour."
);
colouring_game!(
    Snort,
    Rule::Snort,
    "snort",
    "Snort: Left colours a vertex blue, Right red, never next to a vertex of the other colour."
);
