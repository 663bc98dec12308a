//! Green Hackenbush (Winning Ways ch. 7): a picture of edges standing on the ground; a move
//! cuts one edge, and whatever no longer reaches the ground falls away. Valued at once by
//! the colon and fusion principles, in time linear in the edges.

use onag_core::{ImpartialGame, Nimber};

use crate::Result;
use crate::notation::{Notation, component_error};

/// The most edges a picture may have.
pub const MOST_EDGES: usize = 1 << 20;

/// The longest picture file read.
const MOST_FILE_BYTES: u64 = 256 << 20;

/// A Green Hackenbush picture: a multigraph (loops and repeated edges allowed) on the
/// vertices `0..vertices`, vertex 0 the ground (every grounded vertex is that one vertex),
/// the vertices numbered as they were given (the grounded ones fused into 0, the others
/// numbered in order after it), and kept so after a cut: what falls away leaves its numbers
/// unused. Two pictures numbered differently are different positions of the same value.
///
/// # Examples
///
/// ```
/// use onag_games::GreenPicture;
///
/// // A triangle standing on the ground by one corner, and a twig on its top.
/// let picture = GreenPicture::new(4, [(0, 1), (1, 2), (2, 0), (1, 3)], &[0]);
/// // Fused (Winning Ways ch. 7): the triangle is three loops on the ground, *1 each, and
/// // the twig a stalk of one edge: *1 + *1 + *1 + *1 = 0.
/// assert_eq!(picture.nimber(), 0);
/// // Edges that do not reach the ground fall away at once.
/// assert_eq!(GreenPicture::new(4, [(0, 1), (2, 3)], &[0]).edges(), &[(0, 1)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GreenPicture {
    vertices: u32,
    /// `(a, b)` with `a <= b`, sorted.
    edges: Vec<(u32, u32)>,
}

/// The empty picture: the ground alone.
impl Default for GreenPicture {
    fn default() -> GreenPicture {
        GreenPicture {
            vertices: 1,
            edges: Vec::new(),
        }
    }
}

/// The edges at each vertex, `(other end, edge)`, as slices of one list.
struct Adjacent {
    first: Vec<usize>,
    list: Vec<(u32, u32)>,
}

impl Adjacent {
    fn of(vertices: usize, edges: &[(u32, u32)]) -> Adjacent {
        let mut first = vec![0usize; vertices + 1];
        for &(a, b) in edges {
            first[a as usize + 1] += 1;
            first[b as usize + 1] += 1;
        }
        for v in 0..vertices {
            first[v + 1] += first[v];
        }
        let mut next = first.clone();
        let mut list = vec![(0u32, 0u32); first[vertices]];
        for (index, &(a, b)) in edges.iter().enumerate() {
            list[next[a as usize]] = (b, index as u32);
            next[a as usize] += 1;
            list[next[b as usize]] = (a, index as u32);
            next[b as usize] += 1;
        }
        Adjacent { first, list }
    }

    fn at(&self, v: usize) -> &[(u32, u32)] {
        &self.list[self.first[v]..self.first[v + 1]]
    }
}

/// Which of the `n` vertices the `edges` join to the ground, vertex 0.
fn reached_from_ground(n: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let adjacent = Adjacent::of(n, edges);
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut walk = vec![0u32];
    while let Some(v) = walk.pop() {
        for &(w, _) in adjacent.at(v as usize) {
            if !reached[w as usize] {
                reached[w as usize] = true;
                walk.push(w);
            }
        }
    }
    reached
}

impl GreenPicture {
    /// The picture of these edges between the vertices `0..vertices` (ends out of range are
    /// dropped), the vertices of `grounds` on the ground (vertex 0 when empty): what does not
    /// reach the ground is dropped; the grounded vertices become 0 and the others are
    /// numbered in their order after it.
    pub fn new(
        vertices: u32,
        edges: impl IntoIterator<Item = (u32, u32)>,
        grounds: &[u32],
    ) -> GreenPicture {
        let grounds: &[u32] = if grounds.is_empty() { &[0] } else { grounds };
        let mut label: Vec<u32> = vec![u32::MAX; vertices as usize];
        // Every grounded vertex is vertex 0; the others keep their order for now.
        let mut next = 1u32;
        for &g in grounds {
            if let Some(slot) = label.get_mut(g as usize) {
                *slot = 0;
            }
        }
        for slot in label.iter_mut().filter(|slot| **slot == u32::MAX) {
            *slot = next;
            next += 1;
        }
        let edges: Vec<(u32, u32)> = edges
            .into_iter()
            .filter(|&(a, b)| a < vertices && b < vertices)
            .map(|(a, b)| (label[a as usize], label[b as usize]))
            .collect();
        GreenPicture::grounded(next, &edges)
    }

    /// The picture of `edges` on `vertices` vertices, vertex 0 the ground, with what does not
    /// reach it dropped, the rest keeping their numbers.
    fn grounded(vertices: u32, edges: &[(u32, u32)]) -> GreenPicture {
        let reached = reached_from_ground(vertices as usize, edges);
        // The vertices keep their numbers, so that a cut names the same vertices as the
        // picture it was made in; trailing vertices left bare are dropped.
        let mut kept: Vec<(u32, u32)> = edges
            .iter()
            .filter(|&&(a, _)| reached[a as usize])
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        kept.sort_unstable();
        let vertices = kept.iter().map(|&(_, b)| b + 1).max().unwrap_or(1);
        GreenPicture {
            vertices,
            edges: kept,
        }
    }

    /// The number of vertices, the ground included.
    pub fn vertices(&self) -> u32 {
        self.vertices
    }

    /// The edges `(a, b)`, `a <= b`, sorted; vertex 0 is the ground.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The picture after the edge at `index` of [`edges`](GreenPicture::edges) is cut.
    pub fn cut(&self, index: usize) -> GreenPicture {
        let mut edges = self.edges.clone();
        edges.remove(index);
        GreenPicture::grounded(self.vertices, &edges)
    }

    /// The nimber of the picture, by the fusion principle and the colon principle (Winning
    /// Ways ch. 7; Berlekamp, Conway & Guy prove both): the vertices of any cycle may be
    /// fused into one, its edges becoming loops, and a loop is worth a twig (`*1`); what is
    /// left is a tree, and a vertex carrying branches worth `*a`, `*b`, ... on one edge each
    /// is worth `*(a+1) + *(b+1) + ...`.
    ///
    /// So each 2-edge-connected part (what the bridges, the edges on no cycle, leave joined)
    /// is one vertex with as many loops as edges, and the tree of bridges between the parts
    /// is valued from its leaves to the ground. The bridges are found by one depth-first walk
    /// (Tarjan's low points) with an explicit stack: time and memory linear in the edges.
    pub fn nimber(&self) -> u64 {
        let n = self.vertices as usize;
        fuse(n, &self.edges, &vec![0; n], 0).ground_value(0)
    }

    /// At most `count` distinct cuts that leave a picture of nimber `target`, in the order of
    /// the edges. A bridge's cut is judged at once: going down from the ground, each part is
    /// told the value it must take for the whole to be `target` (its parent's value is a nim
    /// sum in which the part's own value, plus one, is one term). A cut inside a part of
    /// cycles is judged by valuing that part again without the edge, its branches kept as the
    /// values they carry: linear time for a tree, the square of the largest part of cycles
    /// at most. `None` when those revaluations would take more than `most_work` steps (a
    /// step an edge or vertex of a part valued again), or on a stop request.
    pub fn cuts_to_value(
        &self,
        target: u64,
        count: usize,
        most_work: u64,
    ) -> Option<Vec<GreenPicture>> {
        let n = self.vertices as usize;
        if self.edges.is_empty() || count == 0 {
            return Some(Vec::new());
        }
        let fused = fuse(n, &self.edges, &vec![0; n], 0);
        let parts = fused.value.len();
        const NONE: u32 = u32::MAX;
        let mut need: Vec<Option<u64>> = vec![None; parts];
        need[fused.part[0] as usize] = Some(target);
        let mut winning_edges = Vec::new();
        // Each part's ground: the upper end of the bridge it stands on (vertex 0 for the
        // ground's own part); and what its vertices carry.
        let mut base = vec![NONE; parts];
        base[fused.part[0] as usize] = 0;
        let mut carried = vec![0u64; n];
        for &(lower, upper, edge) in fused.bridges.iter().rev() {
            let (below, above) = (fused.part[lower] as usize, fused.part[upper] as usize);
            base[above] = upper as u32;
            let branch = fused.value[above] + 1;
            carried[lower] ^= branch;
            if let Some(t) = need[below] {
                match t ^ fused.value[below] ^ branch {
                    0 => winning_edges.push(edge),
                    x => need[above] = Some(x - 1),
                }
            }
        }
        // The edges inside each part of cycles whose part has a value to take.
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); parts];
        for v in 0..n {
            if fused.part[v] != NONE {
                members[fused.part[v] as usize].push(v as u32);
            }
        }
        let mut inside: Vec<Vec<usize>> = vec![Vec::new(); parts];
        for (index, &(a, _)) in self.edges.iter().enumerate() {
            if !fused.bridge[index] {
                inside[fused.part[a as usize] as usize].push(index);
            }
        }
        let work: u64 = (0..parts)
            .filter(|&part| need[part].is_some())
            .map(|part| {
                let size = (inside[part].len() + members[part].len()) as u64;
                inside[part].len() as u64 * size
            })
            .sum();
        if work > most_work {
            return None;
        }
        let mut local = vec![0u32; n];
        for part in 0..parts {
            let Some(t) = need[part] else { continue };
            if inside[part].is_empty() {
                continue;
            }
            for (i, &v) in members[part].iter().enumerate() {
                local[v as usize] = i as u32;
            }
            let weights: Vec<u64> = members[part].iter().map(|&v| carried[v as usize]).collect();
            let ground = local[base[part] as usize] as usize;
            for &cut in &inside[part] {
                // A stop request (Ctrl-C) gives up: the solver then stops too.
                if onag_core::check_stop().is_err() {
                    return None;
                }
                let edges: Vec<(u32, u32)> = inside[part]
                    .iter()
                    .filter(|&&index| index != cut)
                    .map(|&index| {
                        let (a, b) = self.edges[index];
                        (local[a as usize], local[b as usize])
                    })
                    .collect();
                let after = fuse(members[part].len(), &edges, &weights, ground);
                if after.ground_value(ground) == t {
                    winning_edges.push(cut);
                }
            }
        }
        winning_edges.sort_unstable();
        let mut seen = hashbrown::HashSet::new();
        let mut out = Vec::new();
        for edge in winning_edges {
            let after = self.cut(edge);
            if seen.insert(after.clone()) {
                out.push(after);
                if out.len() == count {
                    break;
                }
            }
        }
        Some(out)
    }

    /// The parts that meet only at the ground.
    fn parts(&self) -> Vec<GreenPicture> {
        let n = self.vertices as usize;
        let mut parent: Vec<u32> = (0..n as u32).collect();
        fn root(parent: &mut [u32], mut v: u32) -> u32 {
            while parent[v as usize] != v {
                parent[v as usize] = parent[parent[v as usize] as usize];
                v = parent[v as usize];
            }
            v
        }
        for &(a, b) in &self.edges {
            if a != 0 {
                let (x, y) = (root(&mut parent, a), root(&mut parent, b));
                parent[x as usize] = y;
            }
        }
        let mut index: hashbrown::HashMap<u32, usize> = hashbrown::HashMap::new();
        let mut parts: Vec<Vec<(u32, u32)>> = Vec::new();
        for &(a, b) in &self.edges {
            let key = if a == 0 && b == 0 {
                // A loop on the ground is a part of its own.
                u32::MAX - parts.len() as u32
            } else {
                root(&mut parent, b)
            };
            let at = *index.entry(key).or_insert_with(|| {
                parts.push(Vec::new());
                parts.len() - 1
            });
            parts[at].push((a, b));
        }
        parts
            .into_iter()
            .map(|edges| GreenPicture::grounded(self.vertices, &edges))
            .collect()
    }
}

/// A picture fused: each vertex's part (the vertices the bridges leave joined; `u32::MAX`
/// for one not joined to the ground), each part's value, and the bridges, `(lower end,
/// upper end, edge)`, in the order the walk left them (every bridge further from the ground
/// before the bridge below it).
struct Fused {
    part: Vec<u32>,
    value: Vec<u64>,
    bridge: Vec<bool>,
    bridges: Vec<(usize, usize, usize)>,
}

impl Fused {
    /// The value of the picture, which stands on `ground`.
    fn ground_value(&self, ground: usize) -> u64 {
        match self.part.get(ground) {
            Some(&part) if part != u32::MAX => self.value[part as usize],
            _ => 0,
        }
    }
}

/// Fuses the picture of `edges` on `n` vertices standing on `ground`, each vertex carrying
/// the nim sum `weight` of branches already valued (see [`GreenPicture::nimber`]): the
/// bridges by one depth-first walk from the ground (Tarjan's low points, an explicit stack),
/// each part's value its loops' parity and what its vertices carry, and each bridge's upper
/// part, plus one, added to its lower one from the top down.
fn fuse(n: usize, edges: &[(u32, u32)], weight: &[u64], ground: usize) -> Fused {
    const NONE: u32 = u32::MAX;
    if ground >= n {
        return Fused {
            part: vec![NONE; n],
            value: Vec::new(),
            bridge: vec![false; edges.len()],
            bridges: Vec::new(),
        };
    }
    let adjacent = Adjacent::of(n, edges);
    let mut discovered = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut bridge = vec![false; edges.len()];
    let mut bridges: Vec<(usize, usize, usize)> = Vec::new();
    // (vertex, the edge it was reached by, the next of its edges to try)
    let mut stack: Vec<(u32, u32, usize)> = vec![(ground as u32, NONE, 0)];
    discovered[ground] = 0;
    let mut time = 1u32;
    while let Some(top) = stack.last_mut() {
        let (v, via, next) = *top;
        let at = adjacent.at(v as usize);
        if next < at.len() {
            top.2 += 1;
            let (w, edge) = at[next];
            // The edge it came by is not a way back; a repeated edge is (a cycle of two),
            // and a loop leads nowhere new.
            if edge == via || w == v {
                continue;
            }
            if discovered[w as usize] == NONE {
                discovered[w as usize] = time;
                low[w as usize] = time;
                time += 1;
                stack.push((w, edge, 0));
            } else {
                low[v as usize] = low[v as usize].min(discovered[w as usize]);
            }
            continue;
        }
        stack.pop();
        if let Some(&(parent, _, _)) = stack.last() {
            let (parent, v) = (parent as usize, v as usize);
            low[parent] = low[parent].min(low[v]);
            if low[v] > discovered[parent] {
                bridge[via as usize] = true;
                bridges.push((parent, v, via as usize));
            }
        }
    }
    // The parts the bridges leave joined, among the vertices the walk reached.
    let mut part = vec![NONE; n];
    let mut value = Vec::new();
    let mut walk = Vec::new();
    for start in 0..n {
        if part[start] != NONE || discovered[start] == NONE {
            continue;
        }
        let id = value.len() as u32;
        let mut carried = 0u64;
        part[start] = id;
        walk.push(start as u32);
        while let Some(v) = walk.pop() {
            carried ^= weight[v as usize];
            for &(w, edge) in adjacent.at(v as usize) {
                if !bridge[edge as usize] && part[w as usize] == NONE {
                    part[w as usize] = id;
                    walk.push(w);
                }
            }
        }
        value.push(carried);
    }
    // Each edge on a cycle is a loop once fused: `*1`.
    for (index, &(a, _)) in edges.iter().enumerate() {
        if !bridge[index] && part[a as usize] != NONE {
            value[part[a as usize] as usize] ^= 1;
        }
    }
    for &(lower, upper, _) in &bridges {
        let above = value[part[upper] as usize];
        value[part[lower] as usize] ^= above + 1;
    }
    Fused {
        part,
        value,
        bridge,
        bridges,
    }
}

/// Green Hackenbush: a move cuts one edge of a picture, and whatever no longer reaches the
/// ground falls away; the player who cuts the last edge wins. A position's value is found at
/// once by the fusion and colon principles ([`GreenPicture::nimber`]), however many edges.
///
/// A component is written as the graphs of `node-kayles` are, vertex 0 on the ground:
/// `N:a-b,c-d,...` (loops `a-a` and repeated edges allowed), `path:N` (a stalk of N - 1
/// edges), `cycle:N`, `star:N` (N edges on the ground), `complete:N`, `grid:RxC`, or
/// `file:PATH` (an edge list, DOT or JSON, each edge as often as listed; the ground is the
/// vertex named first). Other grounded vertices follow `@`: `3:0-1,1-2,2-0@2` or
/// `file:PATH@a,b` (names).
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{GreenHackenbush, Notation};
///
/// let mut solver = Solver::new(GreenHackenbush);
/// // A stalk of n edges is a nim heap of n.
/// let stalk = GreenHackenbush.read_component("path:6")?;
/// assert_eq!(solver.grundy(&stalk)?, Nimber::new(5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GreenHackenbush;

impl ImpartialGame for GreenHackenbush {
    type Position = GreenPicture;

    /// One move to each distinct picture: the cuts of repeated edges, or of the two edges of
    /// a stalk's top fork, may leave the same one.
    fn moves(&self, picture: &GreenPicture) -> impl Iterator<Item = GreenPicture> {
        let mut seen = hashbrown::HashSet::new();
        (0..picture.edges.len())
            .map(|index| picture.cut(index))
            .filter(move |after| seen.insert(after.clone()))
    }

    fn move_count(&self, picture: &GreenPicture) -> Option<u64> {
        Some(picture.edges.len() as u64)
    }

    fn components(&self, picture: GreenPicture) -> impl Iterator<Item = GreenPicture> {
        picture.parts().into_iter()
    }

    /// The pictures side by side on one ground.
    fn join(&self, pictures: Vec<GreenPicture>) -> Option<GreenPicture> {
        let mut vertices = 1u32;
        let mut edges = Vec::new();
        for picture in &pictures {
            let offset = vertices - 1;
            let at = |v: u32| if v == 0 { 0 } else { v + offset };
            edges.extend(picture.edges.iter().map(|&(a, b)| (at(a), at(b))));
            vertices += picture.vertices - 1;
        }
        Some(GreenPicture::grounded(vertices, &edges))
    }

    fn known_grundy(&self, picture: &GreenPicture) -> Option<Nimber> {
        Some(Nimber::new(picture.nimber()))
    }

    fn moves_to_value(
        &self,
        picture: &GreenPicture,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<GreenPicture>> {
        // Never more work than the solver's valuing every cut (each in linear time, each kept
        // in its memo), so no bound.
        picture.cuts_to_value(target.value(), count, u64::MAX)
    }

    fn position_bytes(&self, picture: &GreenPicture) -> usize {
        onag_core::heap_bytes::<(u32, u32)>(picture.edges.capacity())
    }
}

/// Reads a picture: `N:a-b,...`, a family of `node-kayles`, or `file:PATH`, then `@GROUND`.
fn read_picture(text: &str) -> Result<GreenPicture> {
    const NAME: &str = "green-hackenbush";
    let bad = |why: &str| component_error(NAME, text, why);
    let trimmed = text.trim();
    if trimmed == "0" {
        return Ok(GreenPicture::default());
    }
    if let Some(path) = trimmed.strip_prefix("file:") {
        let (path, grounds) = match path.rsplit_once('@') {
            Some((path, grounds)) => (path, Some(grounds)),
            None => (path, None),
        };
        let file = crate::read_text_within(std::path::Path::new(path), MOST_FILE_BYTES)
            .map_err(|error| bad(&format!("cannot read {path}: {error}")))?;
        let (names, edges) =
            crate::Digraph::parse_multigraph_within(&file, path, MOST_FILE_BYTES as usize)?;
        if edges.len() > MOST_EDGES {
            return Err(bad("a picture may have at most 1048576 edges"));
        }
        let grounds: Vec<u32> = match grounds {
            None => vec![0],
            Some(list) => list
                .split(',')
                .map(|name| {
                    names
                        .iter()
                        .position(|n| n == name.trim())
                        .map(|v| v as u32)
                        .ok_or_else(|| bad(&format!("the file has no vertex named {name:?}")))
                })
                .collect::<Result<_>>()?,
        };
        ground_needed(&edges, &grounds).map_err(|why| bad(&why))?;
        return Ok(GreenPicture::new(names.len() as u32, edges, &grounds));
    }
    let (body, grounds) = match trimmed.split_once('@') {
        Some((body, grounds)) => (body, Some(grounds)),
        None => (trimmed, None),
    };
    const FORMS: &str = "write N:a-b,c-d,... (N vertices, vertex 0 on the ground, loops and repeated edges allowed), path:N, cycle:N, star:N, complete:N, grid:RxC or file:PATH, then @a,b for other grounded vertices";
    let (kind, rest) = body.split_once(':').ok_or_else(|| bad(FORMS))?;
    let (vertices, edges): (u32, Vec<(u32, u32)>) = if kind.trim().parse::<u64>().is_ok() {
        let vertices = kind
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|&n| (1..=MOST_EDGES as u64 + 1).contains(&n))
            .ok_or_else(|| bad("the number of vertices is from 1 to 1048577"))?
            as u32;
        let mut edges = Vec::new();
        for edge in rest.split(',').filter(|edge| !edge.trim().is_empty()) {
            let (a, b) = edge
                .split_once('-')
                .ok_or_else(|| bad(&format!("an edge is written a-b, not {edge:?}")))?;
            let end = |word: &str| vertex_of(word, vertices).map_err(|why| bad(&why));
            if edges.len() >= MOST_EDGES {
                return Err(bad("a picture may have at most 1048576 edges"));
            }
            edges.push((end(a)?, end(b)?));
        }
        (vertices, edges)
    } else {
        // Paths, cycles and stars of any size up to the bound on edges; the other families
        // as node-kayles reads them.
        let size = || {
            rest.trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= MOST_EDGES as u64)
                .map(|n| n as u32)
                .ok_or_else(|| bad("expected a number from 0 to 1048576"))
        };
        match kind.trim() {
            "path" => {
                let n = size()?;
                (n.max(1), (1..n).map(|v| (v - 1, v)).collect())
            }
            "cycle" => {
                let n = size()?;
                let closing = (n >= 3).then(|| (n - 1, 0));
                (
                    n.max(1),
                    (1..n).map(|v| (v - 1, v)).chain(closing).collect(),
                )
            }
            "star" => {
                let n = size()?;
                (n + 1, (1..=n).map(|leaf| (0, leaf)).collect())
            }
            _ => {
                let graph = crate::graphs::read_graph(NAME, body)?;
                (graph.vertices().max(1), graph.edges().to_vec())
            }
        }
    };
    let grounds: Vec<u32> = match grounds {
        None => vec![0],
        Some(list) => list
            .split(',')
            .map(|word| vertex_of(word, vertices).map_err(|why| bad(&format!("the ground {why}"))))
            .collect::<Result<_>>()?,
    };
    ground_needed(&edges, &grounds).map_err(|why| bad(&why))?;
    Ok(GreenPicture::new(vertices, edges, &grounds))
}

/// The vertex `word` names among `0..vertices`, or why it names none.
fn vertex_of(word: &str, vertices: u32) -> std::result::Result<u32, String> {
    word.trim()
        .parse::<u32>()
        .ok()
        .filter(|&v| v < vertices)
        .ok_or_else(|| {
            format!(
                "{word:?} is not a vertex from 0 to {}",
                vertices.saturating_sub(1)
            )
        })
}

/// Refuses a picture whose edges all stand off the ground: most likely a ground forgotten.
fn ground_needed(edges: &[(u32, u32)], grounds: &[u32]) -> std::result::Result<(), String> {
    let grounded = |v: u32| grounds.contains(&v);
    if edges.is_empty() || edges.iter().any(|&(a, b)| grounded(a) || grounded(b)) {
        Ok(())
    } else {
        Err("no edge stands on the ground: vertex 0, or the vertices listed after @".to_string())
    }
}

impl Notation for GreenHackenbush {
    fn name(&self) -> String {
        "green-hackenbush".to_string()
    }

    fn read_component(&self, text: &str) -> Result<GreenPicture> {
        read_picture(text)
    }

    fn write_component(&self, picture: &GreenPicture) -> String {
        if picture.edges.is_empty() {
            return "0".to_string();
        }
        let edges: Vec<String> = picture
            .edges
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        format!("{}:{}", picture.vertices, edges.join(","))
    }

    /// The cut edge is the one edge of `from` missing from `to` with an end still on the
    /// ground's side in `to` (the others missing fell with it): found in linear time.
    fn describe_move(&self, from: &GreenPicture, to: &GreenPicture) -> String {
        let n = from.vertices.max(to.vertices) as usize;
        let reached = reached_from_ground(n, &to.edges);
        let mut kept = to.edges.iter().peekable();
        for &(a, b) in &from.edges {
            if kept.peek() == Some(&&(a, b)) {
                kept.next();
            } else if reached[a as usize] || reached[b as usize] {
                return format!("cut edge {a}-{b}");
            }
        }
        format!(
            "{} -> {}",
            self.write_component(from),
            self.write_component(to)
        )
    }

    fn read_move(&self, from: &GreenPicture, text: &str) -> Option<Result<GreenPicture>> {
        let rest = text
            .trim()
            .strip_prefix("cut edge ")
            .or_else(|| text.trim().strip_prefix("cut "))?;
        let (a, b) = rest.trim().split_once('-')?;
        let (a, b) = (a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?);
        let edge = (a.min(b), a.max(b));
        Some(match from.edges.iter().position(|&e| e == edge) {
            Some(index) => Ok(from.cut(index)),
            None => Err(component_error(
                "green-hackenbush",
                text,
                format!("the picture has no edge {a}-{b}"),
            )),
        })
    }
}
