//! A simple undirected graph of any size, as the position of Node and Arc Kayles: its
//! vertices, edges and components.

use super::canonical::canonical_labelling;
use crate::graphs::lines::Line;
use smallvec::SmallVec;

/// A simple undirected graph on the vertices `0..vertices`, as the sorted list of its edges
/// `(a, b)` with `a < b`: a position of [`NodeKayles`](crate::NodeKayles) or [`ArcKayles`](crate::ArcKayles).
///
/// # Examples
///
/// ```
/// use onag_games::SimpleGraph;
///
/// let path = SimpleGraph::path(4);
/// assert_eq!(path.vertices(), 4);
/// assert_eq!(path.edges(), &[(0, 1), (1, 2), (2, 3)]);
/// assert_eq!(SimpleGraph::grid(2, 2).edges().len(), 4);
/// ```
#[derive(Debug, Clone, Default)]
pub struct SimpleGraph {
    pub(super) vertices: u32,
    pub(super) edges: Vec<(u32, u32)>,
    /// Known to be in normal form: each connected component holds consecutive vertices and,
    /// numbered from 0, is the form [`canonical_labelling`] gives it (so splitting the graph
    /// needs no labelling). Not part of the graph's identity; only this module's labelling and
    /// unions of such graphs set it.
    pub(super) normal: bool,
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
    /// budgets ([`ImpartialGame::position_bytes`](onag_core::ImpartialGame::position_bytes)).
    pub fn heap_bytes(&self) -> usize {
        onag_core::heap_bytes::<(u32, u32)>(self.edges.capacity())
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

    pub(super) fn neighbours(&self) -> Vec<Vec<u32>> {
        let mut neighbours = vec![Vec::new(); self.vertices as usize];
        for &(a, b) in &self.edges {
            neighbours[a as usize].push(b);
            neighbours[b as usize].push(a);
        }
        neighbours
    }

    /// Whether the second player wins by the mirror: the vertices' reversal `k -> n - 1 - k` is
    /// a symmetry of the graph (as a grid, a cycle or a path is numbered when it is read) that
    /// keeps every vertex (`node`: Node Kayles) or every edge (else: Arc Kayles) apart from its
    /// image: no vertex its own image or joined to it, or no edge sharing an end with its
    /// image. Then whatever the first player takes, the image is still there to take, and the
    /// graph left is symmetric again (the strategy of Cram's half-turn, Gardner): a P-position.
    /// Looked for only in graphs as written (a move's graph is renumbered in canonical form).
    pub(super) fn mirror_wins_for_the_second_player(&self, node: bool) -> bool {
        if self.normal || self.vertices == 0 {
            return false;
        }
        let last = self.vertices - 1;
        let image = |vertex: u32| last - vertex;
        let key = |a: u32, b: u32| (a.min(b), a.max(b));
        let edges: hashbrown::HashSet<(u32, u32)> =
            self.edges.iter().map(|&(a, b)| key(a, b)).collect();
        if node && self.vertices % 2 == 1 {
            // The middle vertex is its own image.
            return false;
        }
        self.edges.iter().all(|&(a, b)| {
            let (c, d) = (image(a), image(b));
            if !edges.contains(&key(c, d)) {
                return false;
            }
            if node {
                // An edge from a vertex to its own image.
                c != b
            } else {
                // An edge and its image share no end.
                c != a && c != b && d != a && d != b
            }
        })
    }

    /// Whether every two vertices are joined.
    pub(super) fn is_complete(&self) -> bool {
        let n = u64::from(self.vertices);
        self.edges.len() as u64 == n * n.saturating_sub(1) / 2
    }

    /// The path or cycle the graph is, if it is one (see [`Line`]).
    pub(super) fn line(&self) -> Option<Line> {
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
    pub(super) fn path_lengths(&self) -> Option<SmallVec<[u64; 8]>> {
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
    pub(super) fn less(&self, vertices: impl IntoIterator<Item = u32>) -> SimpleGraph {
        let mut removed = vec![false; self.vertices as usize];
        for vertex in vertices {
            removed[vertex as usize] = true;
        }
        self.without(&removed)
    }

    /// The graph left when the vertices marked in `removed` go, renumbered in order.
    pub(super) fn without(&self, removed: &[bool]) -> SimpleGraph {
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
    pub(super) fn components(&self) -> Vec<SimpleGraph> {
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
    pub(super) fn small_parts(&self) -> Vec<SimpleGraph> {
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
    pub(super) fn normal_parts(&self) -> Vec<SimpleGraph> {
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
    pub(super) fn renumbered(&self, number: &[u32]) -> SimpleGraph {
        SimpleGraph::new(
            self.vertices,
            self.edges
                .iter()
                .map(|&(a, b)| (number[a as usize], number[b as usize])),
        )
    }

    /// The disjoint union of `parts`, in order: in normal form when every part is.
    pub(super) fn union(parts: &[SimpleGraph]) -> SimpleGraph {
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
