//! Node Kayles and Arc Kayles: games played by deleting parts of a graph.

use cgt_core::{ImpartialGame, Nimber, Outcome};
use smallvec::SmallVec;

use crate::Result;
use crate::graphs::lines::Line;
use crate::notation::{Notation, component_error};

/// A simple undirected graph on the vertices `0..vertices`, as the sorted list of its edges
/// `(a, b)` with `a < b`: a position of [`NodeKayles`] or [`ArcKayles`].
///
/// # Examples
///
/// ```
/// use cgt_games::SimpleGraph;
///
/// let path = SimpleGraph::path(4);
/// assert_eq!(path.vertices(), 4);
/// assert_eq!(path.edges(), &[(0, 1), (1, 2), (2, 3)]);
/// assert_eq!(SimpleGraph::grid(2, 2).edges().len(), 4);
/// ```
#[derive(Debug, Clone, Default)]
pub struct SimpleGraph {
    vertices: u32,
    edges: Vec<(u32, u32)>,
    /// Known to be in normal form: each connected component holds consecutive vertices and,
    /// numbered from 0, is the form [`canonical_labelling`] gives it (so splitting the graph
    /// needs no labelling). Not part of the graph's identity; only this module's labelling and
    /// unions of such graphs set it.
    normal: bool,
}

// A graph is its vertices and edges; whether it is known to be in normal form is not compared.
impl PartialEq for SimpleGraph {
    fn eq(&self, other: &SimpleGraph) -> bool {
        (self.vertices, &self.edges) == (other.vertices, &other.edges)
    }
}

impl Eq for SimpleGraph {}

impl std::hash::Hash for SimpleGraph {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.vertices, &self.edges).hash(state);
    }
}

impl PartialOrd for SimpleGraph {
    fn partial_cmp(&self, other: &SimpleGraph) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SimpleGraph {
    fn cmp(&self, other: &SimpleGraph) -> std::cmp::Ordering {
        (self.vertices, &self.edges).cmp(&(other.vertices, &other.edges))
    }
}

impl SimpleGraph {
    /// The bytes the graph keeps on the heap (its list of edges), for the solvers' memory
    /// budgets ([`ImpartialGame::position_bytes`](cgt_core::ImpartialGame::position_bytes)).
    pub fn heap_bytes(&self) -> usize {
        cgt_core::heap_bytes::<(u32, u32)>(self.edges.capacity())
    }

    /// The graph with these vertices and edges (loops dropped, each edge once).
    pub fn new(vertices: u32, edges: impl IntoIterator<Item = (u32, u32)>) -> SimpleGraph {
        let mut edges: Vec<(u32, u32)> = edges
            .into_iter()
            .filter(|&(a, b)| a != b && a < vertices && b < vertices)
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        SimpleGraph {
            vertices,
            edges,
            normal: false,
        }
    }

    /// The path on `n` vertices.
    pub fn path(n: u32) -> SimpleGraph {
        SimpleGraph::new(n, (1..n).map(|v| (v - 1, v)))
    }

    /// The cycle on `n` vertices (a path for fewer than 3).
    pub fn cycle(n: u32) -> SimpleGraph {
        let closing = (n >= 3).then(|| (0, n - 1));
        SimpleGraph::new(n, (1..n).map(|v| (v - 1, v)).chain(closing))
    }

    /// The grid of `rows` × `columns` vertices.
    pub fn grid(rows: u32, columns: u32) -> SimpleGraph {
        let id = |r: u32, c: u32| r * columns + c;
        let across =
            (0..rows).flat_map(move |r| (1..columns).map(move |c| (id(r, c - 1), id(r, c))));
        let down = (1..rows).flat_map(move |r| (0..columns).map(move |c| (id(r - 1, c), id(r, c))));
        SimpleGraph::new(rows * columns, across.chain(down))
    }

    /// The complete graph on `n` vertices.
    pub fn complete(n: u32) -> SimpleGraph {
        SimpleGraph::new(n, (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))))
    }

    /// The star: one centre joined to `n` leaves.
    pub fn star(n: u32) -> SimpleGraph {
        SimpleGraph::new(n + 1, (1..=n).map(|leaf| (0, leaf)))
    }

    /// The number of vertices.
    pub fn vertices(&self) -> u32 {
        self.vertices
    }

    /// The edges, sorted, each as `(a, b)` with `a < b`.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    fn neighbours(&self) -> Vec<Vec<u32>> {
        let mut neighbours = vec![Vec::new(); self.vertices as usize];
        for &(a, b) in &self.edges {
            neighbours[a as usize].push(b);
            neighbours[b as usize].push(a);
        }
        neighbours
    }

    /// Whether every two vertices are joined.
    fn is_complete(&self) -> bool {
        let n = u64::from(self.vertices);
        self.edges.len() as u64 == n * n.saturating_sub(1) / 2
    }

    /// The path or cycle the graph is, if it is one (see [`Line`]).
    fn line(&self) -> Option<Line> {
        let n = self.vertices as usize;
        // Most graphs have more edges than vertices, or fewer than a connected graph needs.
        if self.edges.len() > n || self.edges.len() + 1 < n {
            return None;
        }
        let neighbours = self.neighbours();
        Line::of(0..n, self.edges.len(), |v| {
            neighbours[v].iter().map(|&next| next as usize)
        })
    }

    /// The number of vertices of each connected component, when every component is a path
    /// (a lone vertex is a path of one); `None` when some vertex has three neighbours or more
    /// or some component is a cycle. In time linear in the graph, without labelling it.
    fn path_lengths(&self) -> Option<SmallVec<[u64; 8]>> {
        let n = self.vertices as usize;
        // Each vertex's neighbours, at most two (u32::MAX for none).
        let mut next = vec![[u32::MAX; 2]; n];
        for &(a, b) in &self.edges {
            for (from, to) in [(a, b), (b, a)] {
                let slots = &mut next[from as usize];
                match slots.iter_mut().find(|slot| **slot == u32::MAX) {
                    Some(slot) => *slot = to,
                    None => return None,
                }
            }
        }
        let mut seen = vec![false; n];
        let mut lengths = SmallVec::new();
        let mut walked = 0;
        for start in 0..n {
            // A path is walked from an end (a vertex of one neighbour or none).
            if seen[start] || next[start][1] != u32::MAX {
                continue;
            }
            let (mut previous, mut vertex, mut length) = (u32::MAX, start as u32, 0u64);
            loop {
                seen[vertex as usize] = true;
                length += 1;
                let [x, y] = next[vertex as usize];
                let onward = if x != previous { x } else { y };
                if onward == u32::MAX || onward == previous {
                    break;
                }
                previous = vertex;
                vertex = onward;
            }
            walked += length;
            lengths.push(length);
        }
        // The vertices not walked lie on cycles.
        (walked == n as u64).then_some(lengths)
    }

    /// The graph left when `vertices` go (a move of Node Kayles takes a vertex and its
    /// neighbours, one of Arc Kayles an edge's two ends), renumbered in order.
    fn less(&self, vertices: impl IntoIterator<Item = u32>) -> SimpleGraph {
        let mut removed = vec![false; self.vertices as usize];
        for vertex in vertices {
            removed[vertex as usize] = true;
        }
        self.without(&removed)
    }

    /// The graph left when the vertices marked in `removed` go, renumbered in order.
    fn without(&self, removed: &[bool]) -> SimpleGraph {
        let mut number = vec![u32::MAX; self.vertices as usize];
        let mut next = 0;
        for (vertex, gone) in removed.iter().enumerate() {
            if !gone {
                number[vertex] = next;
                next += 1;
            }
        }
        SimpleGraph::new(
            next,
            self.edges
                .iter()
                .filter(|&&(a, b)| !removed[a as usize] && !removed[b as usize])
                .map(|&(a, b)| (number[a as usize], number[b as usize])),
        )
    }

    /// The connected components, each renumbered by [`canonical_labelling`] (a graph in normal
    /// form: each taken as it is, renumbered in order).
    fn components(&self) -> Vec<SimpleGraph> {
        if self.normal {
            return self.normal_parts();
        }
        if self.vertices <= 64 {
            return self.small_parts();
        }
        let neighbours = self.neighbours();
        let mut seen = vec![false; self.vertices as usize];
        let mut parts = Vec::new();
        for start in 0..self.vertices as usize {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut members = vec![start as u32];
            let mut next = 0;
            while next < members.len() {
                for &neighbour in &neighbours[members[next] as usize] {
                    if !seen[neighbour as usize] {
                        seen[neighbour as usize] = true;
                        members.push(neighbour);
                    }
                }
                next += 1;
            }
            let mut removed = vec![true; self.vertices as usize];
            for &member in &members {
                removed[member as usize] = false;
            }
            parts.push(canonical_labelling(&self.without(&removed)));
        }
        parts
    }

    /// [`components`](Self::components) of a graph of at most 64 vertices, each vertex's
    /// neighbours and each part a machine word.
    fn small_parts(&self) -> Vec<SimpleGraph> {
        let mut adjacency = [0u64; 64];
        for &(a, b) in &self.edges {
            adjacency[a as usize] |= 1 << b;
            adjacency[b as usize] |= 1 << a;
        }
        let mut rest = if self.vertices == 64 {
            u64::MAX
        } else {
            (1u64 << self.vertices) - 1
        };
        let mut parts = Vec::new();
        while rest != 0 {
            let lowest = rest & rest.wrapping_neg();
            let (mut part, mut frontier) = (lowest, lowest);
            while frontier != 0 {
                let mut reached = 0;
                let mut walk = frontier;
                while walk != 0 {
                    reached |= adjacency[walk.trailing_zeros() as usize];
                    walk &= walk - 1;
                }
                frontier = reached & !part;
                part |= frontier;
            }
            rest &= !part;
            let removed: Vec<bool> = (0..self.vertices).map(|v| part >> v & 1 == 0).collect();
            parts.push(canonical_labelling(&self.without(&removed)));
        }
        parts
    }

    /// The connected components of a graph in normal form: runs of consecutive vertices, each
    /// ending at the first vertex no edge from the run passes (an edge list sorted by its first
    /// end holds each run's edges together), each in normal form as it is.
    fn normal_parts(&self) -> Vec<SimpleGraph> {
        let mut parts = Vec::new();
        let (mut start, mut first, mut next) = (0u32, 0usize, 0usize);
        let mut reach = 0u32;
        for v in 0..self.vertices {
            while let Some(&(a, b)) = self.edges.get(next).filter(|edge| edge.0 == v) {
                reach = reach.max(b.max(a));
                next += 1;
            }
            if reach <= v {
                let edges = self.edges[first..next]
                    .iter()
                    .map(|&(a, b)| (a - start, b - start))
                    .collect();
                parts.push(SimpleGraph {
                    vertices: v + 1 - start,
                    edges,
                    normal: true,
                });
                (start, first, reach) = (v + 1, next, v + 1);
            }
        }
        parts
    }

    /// The same graph with each vertex `v` numbered `number[v]`.
    fn renumbered(&self, number: &[u32]) -> SimpleGraph {
        SimpleGraph::new(
            self.vertices,
            self.edges
                .iter()
                .map(|&(a, b)| (number[a as usize], number[b as usize])),
        )
    }

    /// The disjoint union of `parts`, in order: in normal form when every part is.
    fn union(parts: &[SimpleGraph]) -> SimpleGraph {
        let mut offset = 0;
        let mut edges = Vec::new();
        for part in parts {
            edges.extend(part.edges.iter().map(|&(a, b)| (a + offset, b + offset)));
            offset += part.vertices;
        }
        SimpleGraph {
            normal: parts.iter().all(|part| part.normal),
            ..SimpleGraph::new(offset, edges)
        }
    }
}

/// The most leaves the search for a canonical labelling visits; past it the least form found
/// so far is kept (a graph with that many symmetries, such as a complete graph, may then get
/// another form than an isomorphic copy: only sharing is lost).
const MOST_LEAVES: usize = 512;

/// The most vertices a graph may have for [`canonical_labelling`] to search; larger ones (long
/// cycles, whose searches would take a pass per leaf) are numbered breadth first.
const MOST_CANONICAL: u32 = 64;

/// A renumbering of a connected graph that gives isomorphic graphs one form (up to the bound on
/// leaves): the vertices are split into cells by colour refinement (vertices stay together
/// while they have as many neighbours in each cell), and while a cell holds several, each of
/// its vertices in turn is put first on its own and the split refined again (individualisation
/// and refinement, the method of McKay's nauty, without its pruning by automorphisms); of the
/// numberings at the leaves, where every cell is one vertex, the least edge list is the form.
/// Every step depends only on the graph up to isomorphism, so isomorphic graphs meet the same
/// leaves. Any renumbering is the same game, so the bound costs sharing, never an answer.
fn canonical_labelling(graph: &SimpleGraph) -> SimpleGraph {
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
fn breadth_first(
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
fn refined(mut cells: Vec<u64>, adjacency: &[u64]) -> Vec<u64> {
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
fn breadth_first_labelling(graph: &SimpleGraph) -> SimpleGraph {
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

/// Node Kayles: a move chooses a vertex and deletes it with all its neighbours (Schaefer 1978).
/// On a path of n vertices it is Dawson's chess, octal 0.137 (OEIS A002187). A position splits
/// into its connected components.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{NodeKayles, SimpleGraph};
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
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{ArcKayles, SimpleGraph};
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
    /// by the path its first move leaves, and a complete graph (one move takes every vertex)
    /// by `*1`.
    fn known_grundy(&self, graph: &SimpleGraph) -> Option<Nimber> {
        if graph.vertices > 0 && graph.is_complete() {
            return Some(Nimber::new(1));
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
    /// leaves, and a complete graph on n vertices, every move of which leaves the complete
    /// graph on n - 2 (a game of n / 2 moves, each with one option up to renumbering), by the
    /// parity of n / 2.
    fn known_grundy(&self, graph: &SimpleGraph) -> Option<Nimber> {
        if graph.is_complete() {
            return Some(Nimber::new(u64::from(graph.vertices / 2 % 2)));
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

/// The most vertices a graph of the catalogue may have: a search lists a position's moves,
/// each a copy of the graph, so this bounds that list to a few megabytes.
const MOST_VERTICES: u64 = 1 << 10;

/// The longest graph file read: a graph of at most [`MOST_VERTICES`] vertices has at most half a
/// million edges, a few megabytes as an edge list even with long names.
const MOST_GRAPH_BYTES: u64 = 64 << 20;

/// Reads `path:N`, `cycle:N`, `grid:RxC`, `complete:N`, `star:N`, `file:PATH` or
/// `N:a-b,c-d,...`.
fn read_graph(game: &str, text: &str) -> Result<SimpleGraph> {
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
                    crate::Error::Engine(cgt_core::Error::LimitExceeded { .. }) => {
                        bad("a graph may have at most 1024 vertices")
                    }
                    other => other,
                })?;
            if graph.len() as u64 > MOST_VERTICES {
                return Err(bad("a graph may have at most 1024 vertices"));
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
                     of {same}: `cgt value {same} {n}`"
                )),
                Err(_) => error,
            }
        }),
        "cycle" => Ok(SimpleGraph::cycle(number(rest)?)),
        "complete" if number(rest)? <= 256 => Ok(SimpleGraph::complete(number(rest)?)),
        "complete" => Err(bad("a complete graph may have at most 256 vertices")),
        // `star:N` has N leaves and a centre.
        "star" if number(rest)? < MOST_VERTICES as u32 => Ok(SimpleGraph::star(number(rest)?)),
        "star" => Err(bad("a star may have at most 1023 leaves (1024 vertices)")),
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
                edges.push((a, b));
            }
            Ok(SimpleGraph::new(vertices, edges))
        }
    }
}

/// The family `graph` belongs to as the catalogue writes it (`path:N`, `cycle:N`, `star:N`,
/// `complete:N`, `grid:RxC`, up to renumbering but for the path, which is kept as numbered),
/// with the graph numbered as that family numbers it; `None` for any other graph.
fn family(graph: &SimpleGraph) -> Option<(String, SimpleGraph)> {
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

fn write_graph(graph: &SimpleGraph) -> String {
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
fn as_written(graph: &SimpleGraph) -> SimpleGraph {
    family(graph).map_or_else(|| graph.clone(), |(_, numbered)| numbered)
}

/// The move of Node Kayles on `from` that leaves `to`, named: `take vertex 2 and its
/// neighbours 1, 3`. The vertex whose move leaves `to` exactly (a move the player typed) when
/// there is one, else the least whose move leaves the same graph up to renumbering (a listed
/// option, in canonical form).
fn name_node_move(game: &NodeKayles, from: &SimpleGraph, to: &SimpleGraph) -> Option<String> {
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
fn read_node_move(
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
fn read_arc_move(
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
fn name_arc_move(game: &ArcKayles, from: &SimpleGraph, to: &SimpleGraph) -> Option<String> {
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
