//! Canonical forms of graphs (colour refinement, then individualisation, as McKay's nauty
//! does without its pruning by automorphisms), so that isomorphic components share one table
//! entry.

use super::graph::SimpleGraph;
use crate::graphs::lines::Line;
use smallvec::SmallVec;

/// The most leaves the search for a canonical labelling visits; past it the least form found
/// so far is kept (a graph with that many symmetries, such as a complete graph, may then get
/// another form than an isomorphic copy: only sharing is lost).
pub(super) const MOST_LEAVES: usize = 512;

/// The most vertices a graph may have for [`canonical_labelling`] to search; larger ones (long
/// cycles, whose searches would take a pass per leaf) are numbered breadth first.
pub(super) const MOST_CANONICAL: u32 = 64;

/// A renumbering of a connected graph that gives isomorphic graphs one form (up to the bound on
/// leaves): the vertices are split into cells by colour refinement (vertices stay together
/// while they have as many neighbours in each cell), and while a cell holds several, each of
/// its vertices in turn is put first on its own and the split refined again (individualisation
/// and refinement, the method of McKay's nauty, without its pruning by automorphisms); of the
/// numberings at the leaves, where every cell is one vertex, the least edge list is the form.
/// Every step depends only on the graph up to isomorphism, so isomorphic graphs meet the same
/// leaves. Any renumbering is the same game, so the bound costs sharing, never an answer.
pub(super) fn canonical_labelling(graph: &SimpleGraph) -> SimpleGraph {
    // A path or a cycle, what the parts of a long line's game are, is written along itself at
    // once: refinement splits such a graph one pair of vertices per pass, a pass per vertex,
    // and was most of the time of a misère search on `path:60` (5,400 positions a second).
    let line = match graph.line() {
        Some(Line::Path(_)) => Some(SimpleGraph::path(graph.vertices)),
        Some(Line::Cycle(_)) => Some(SimpleGraph::cycle(graph.vertices)),
        None => None,
    };
    if let Some(form) = line {
        return SimpleGraph {
            normal: true,
            ..form
        };
    }
    if graph.vertices > MOST_CANONICAL {
        return breadth_first_labelling(graph);
    }
    let n = graph.vertices as usize;
    // Vertices as bits: each one's neighbours, and each cell, a machine word.
    let mut adjacency = vec![0u64; n];
    for &(a, b) in &graph.edges {
        adjacency[a as usize] |= 1 << b;
        adjacency[b as usize] |= 1 << a;
    }
    let everyone = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let start = refined(if n == 0 { Vec::new() } else { vec![everyone] }, &adjacency);
    let mut best: Option<SimpleGraph> = None;
    let mut leaves = 0;
    let mut pending = vec![start];
    while let Some(cells) = pending.pop() {
        let Some(target) = cells.iter().position(|cell| cell.count_ones() > 1) else {
            let mut number = vec![0u32; n];
            for (place, cell) in cells.iter().enumerate() {
                number[cell.trailing_zeros() as usize] = place as u32;
            }
            let candidate = graph.renumbered(&number);
            if best.as_ref().is_none_or(|best| candidate < *best) {
                best = Some(candidate);
            }
            leaves += 1;
            if leaves >= MOST_LEAVES {
                break;
            }
            continue;
        };
        // Each vertex of the first cell of several put first on its own, the highest pushed
        // first so that the lowest is searched first.
        let mut members = cells[target];
        let mut order = Vec::with_capacity(members.count_ones() as usize);
        while members != 0 {
            order.push(members & members.wrapping_neg());
            members &= members - 1;
        }
        for &vertex in order.iter().rev() {
            let mut split = cells.clone();
            split[target] = vertex;
            split.insert(target + 1, cells[target] & !vertex);
            pending.push(refined(split, &adjacency));
        }
    }
    // Renumbered breadth first from its vertex 0, neighbours in order (a function of the form,
    // so still one form for isomorphic graphs): a path reads along itself, as people write it.
    let best = best.unwrap_or_default();
    let form = if n == 0 {
        best
    } else {
        best.renumbered(&breadth_first(&best.neighbours(), 0, |v| (0, v)))
    };
    SimpleGraph {
        normal: true,
        ..form
    }
}

/// The numbers of a walk breadth first from `start`, each vertex's neighbours taken in the
/// order of `key`; vertices not reached keep `u32::MAX`.
pub(super) fn breadth_first(
    neighbours: &[Vec<u32>],
    start: u32,
    key: impl Fn(u32) -> (usize, u32),
) -> Vec<u32> {
    let mut number = vec![u32::MAX; neighbours.len()];
    let mut order = vec![start];
    number[start as usize] = 0;
    let mut next = 0;
    while next < order.len() {
        let mut around = neighbours[order[next] as usize].clone();
        around.sort_by_key(|&v| key(v));
        for v in around {
            if number[v as usize] == u32::MAX {
                number[v as usize] = order.len() as u32;
                order.push(v);
            }
        }
        next += 1;
    }
    number
}

/// The ordered cells (sets of vertices as bits) refined until every vertex of a cell has as many
/// neighbours in each cell as the others: each splitter in turn (the cells at the start, then
/// every part made) splits every cell by the vertices' neighbours in it, the parts in the order
/// of those counts, until no splitter is left.
pub(super) fn refined(mut cells: Vec<u64>, adjacency: &[u64]) -> Vec<u64> {
    let mut next = Vec::with_capacity(cells.len() + 8);
    let mut splitters: std::collections::VecDeque<u64> = cells.iter().copied().collect();
    while let Some(splitter) = splitters.pop_front() {
        next.clear();
        for &cell in &cells {
            if cell & cell.wrapping_sub(1) == 0 {
                next.push(cell);
                continue;
            }
            let mut groups: SmallVec<[(u32, u64); 8]> = SmallVec::new();
            let mut rest = cell;
            while rest != 0 {
                let v = rest.trailing_zeros();
                rest &= rest - 1;
                let count = (adjacency[v as usize] & splitter).count_ones();
                match groups.iter_mut().find(|group| group.0 == count) {
                    Some(group) => group.1 |= 1 << v,
                    None => groups.push((count, 1 << v)),
                }
            }
            if groups.len() > 1 {
                groups.sort_unstable_by_key(|group| group.0);
                splitters.extend(groups.iter().map(|group| group.1));
            }
            next.extend(groups.iter().map(|group| group.1));
        }
        std::mem::swap(&mut cells, &mut next);
    }
    cells
}

/// For graphs past [`MOST_CANONICAL`] vertices, a renumbering that gives isomorphic graphs one
/// form in common cases (paths, cycles, trees met from the same end): breadth first from a
/// vertex of least degree, neighbours by degree.
pub(super) fn breadth_first_labelling(graph: &SimpleGraph) -> SimpleGraph {
    let neighbours = graph.neighbours();
    let degree = |v: u32| neighbours[v as usize].len();
    let form = match (0..graph.vertices).min_by_key(|&v| (degree(v), v)) {
        Some(start) => graph.renumbered(&breadth_first(&neighbours, start, |v| (degree(v), v))),
        None => SimpleGraph::default(),
    };
    SimpleGraph {
        normal: true,
        ..form
    }
}
