//! Hackenbush (Winning Ways ch. 1-2, 7; CGSuite's `game.strip.Hackenbush` for stalks): a
//! picture of coloured edges standing on the ground. Left cuts a blue edge, Right a red one,
//! either player a green one, and whatever no longer reaches the ground falls away.

use onag_core::partizan::PartizanGame;

use crate::Result;
use crate::notation::component_error;

/// The most edges a picture may have.
pub const MOST_EDGES: usize = 256;

/// An edge's colour: who may cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Left's (`l`).
    Blue,
    /// Right's (`r`).
    Red,
    /// Either player's (`e`).
    Green,
}

impl Colour {
    fn letter(self) -> char {
        match self {
            Colour::Blue => 'l',
            Colour::Red => 'r',
            Colour::Green => 'e',
        }
    }

    fn of(letter: char) -> Option<Colour> {
        match letter.to_ascii_lowercase() {
            'l' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'e' | 'g' => Some(Colour::Green),
            _ => None,
        }
    }

    /// Whether Left (`left`) or Right may cut an edge of this colour.
    fn cut_by(self, left: bool) -> bool {
        match self {
            Colour::Green => true,
            Colour::Blue => left,
            Colour::Red => !left,
        }
    }
}

/// A Hackenbush picture: edges between vertices, vertex 0 the ground (every grounded vertex
/// is that one vertex). Only what reaches the ground is kept.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picture {
    /// `(a, b, colour)`, vertices numbered from the ground in the order the picture was read.
    edges: Vec<(u16, u16, Colour)>,
}

impl Picture {
    /// The edges, `(a, b, colour)`, vertex 0 the ground.
    pub fn edges(&self) -> &[(u16, u16, Colour)] {
        &self.edges
    }

    /// The number of vertices, the ground included (vertices are numbered without gaps, each
    /// edge written low end first).
    fn vertices(&self) -> usize {
        self.edges
            .iter()
            .map(|&(_, b, _)| usize::from(b) + 1)
            .max()
            .unwrap_or(1)
    }

    /// The picture with what no longer reaches the ground removed and vertices renumbered in
    /// the order a breadth-first walk from the ground meets them.
    fn grounded(edges: Vec<(u16, u16, Colour)>) -> Picture {
        let vertices = edges
            .iter()
            .map(|&(a, b, _)| usize::from(a.max(b)) + 1)
            .max()
            .unwrap_or(1);
        let mut adjacent: Vec<Vec<(usize, usize)>> = vec![Vec::new(); vertices];
        for (index, &(a, b, _)) in edges.iter().enumerate() {
            adjacent[usize::from(a)].push((usize::from(b), index));
            adjacent[usize::from(b)].push((usize::from(a), index));
        }
        let mut label = vec![u16::MAX; vertices];
        label[0] = 0;
        let mut next = 1u16;
        let mut queue = std::collections::VecDeque::from([0usize]);
        let mut kept = Vec::new();
        let mut taken = vec![false; edges.len()];
        while let Some(v) = queue.pop_front() {
            for &(w, index) in &adjacent[v] {
                if label[w] == u16::MAX {
                    label[w] = next;
                    next += 1;
                    queue.push_back(w);
                }
                if !taken[index] {
                    taken[index] = true;
                    kept.push(index);
                }
            }
        }
        let mut out: Vec<(u16, u16, Colour)> = kept
            .into_iter()
            .map(|index| {
                let (a, b, colour) = edges[index];
                let (a, b) = (label[usize::from(a)], label[usize::from(b)]);
                (a.min(b), a.max(b), colour)
            })
            .collect();
        out.sort_unstable();
        Picture { edges: out }
    }

    /// The vertices (ground included), and whether the picture is a tree on the ground: each
    /// vertex but the ground reached by exactly one edge from nearer the ground.
    fn is_forest(&self) -> bool {
        let vertices = self.vertices();
        // Connected (every vertex grounded), so it is a forest on the ground exactly when it
        // has one edge fewer than vertices and no loop.
        self.edges.len() + 1 == vertices && self.edges.iter().all(|&(a, b, _)| a != b)
    }

    /// Children of each vertex in a forest on the ground, as (child, colour).
    fn children(&self) -> Vec<Vec<(usize, Colour)>> {
        let vertices = self.edges.len() + 1;
        let mut adjacent: Vec<Vec<(usize, Colour)>> = vec![Vec::new(); vertices];
        for &(a, b, colour) in &self.edges {
            adjacent[usize::from(a)].push((usize::from(b), colour));
            adjacent[usize::from(b)].push((usize::from(a), colour));
        }
        let mut children: Vec<Vec<(usize, Colour)>> = vec![Vec::new(); vertices];
        let mut seen = vec![false; vertices];
        seen[0] = true;
        let mut stack = vec![0usize];
        while let Some(v) = stack.pop() {
            for &(w, colour) in &adjacent[v] {
                if !seen[w] {
                    seen[w] = true;
                    children[v].push((w, colour));
                    stack.push(w);
                }
            }
        }
        children
    }

    /// A forest in one order whatever order it was read in: each vertex's branches sorted by
    /// a code of their shape, computed from the leaves down (no recursion).
    fn sorted_forest(&self) -> Picture {
        let children = self.children();
        let mut order = Vec::with_capacity(children.len());
        let mut stack = vec![0usize];
        while let Some(v) = stack.pop() {
            order.push(v);
            stack.extend(children[v].iter().map(|&(w, _)| w));
        }
        let mut code: Vec<String> = vec![String::new(); children.len()];
        let mut sorted: Vec<Vec<(usize, Colour)>> = vec![Vec::new(); children.len()];
        for &v in order.iter().rev() {
            let mut branches: Vec<(String, usize, Colour)> = children[v]
                .iter()
                .map(|&(w, colour)| (format!("{}({})", colour.letter(), code[w]), w, colour))
                .collect();
            branches.sort();
            code[v] = branches.iter().map(|b| b.0.as_str()).collect();
            sorted[v] = branches
                .into_iter()
                .map(|(_, w, colour)| (w, colour))
                .collect();
        }
        let mut label = vec![0u16; children.len()];
        let mut next = 1u16;
        let mut edges = Vec::with_capacity(self.edges.len());
        let mut stack = vec![0usize];
        while let Some(v) = stack.pop() {
            for &(w, colour) in sorted[v].iter().rev() {
                label[w] = next;
                next += 1;
                edges.push((label[v], label[w], colour));
                stack.push(w);
            }
        }
        edges.sort_unstable();
        Picture { edges }
    }
}

/// Hackenbush. A component is a stalk written from the ground up (`lrlrrllr`: `l` blue,
/// Left's; `r` red, Right's; `e` green, either's), a tree with branches in parentheses
/// separated by `;` (`l(l;rl)`: a blue edge, on which stand a blue edge and a red edge
/// carrying a blue one), or any picture as `N:a-bC,c-dC,...` (N vertices, edges between
/// 0..N-1, each followed by its colour letter) grounded at vertex 0 or at the vertices listed
/// after `@` (`3:0-1l,1-2r,2-0e@0,2`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl Hackenbush {
    /// Reads a component.
    pub fn parse(text: &str) -> Result<Picture> {
        let text = text.trim();
        let bad = |why: &str| component_error("hackenbush", text, why);
        if text.is_empty() {
            return Err(bad(
                "a stalk of l, r and e (lrl), a tree with branches (l(l;rl)), or a picture N:a-bC,...@GROUND",
            ));
        }
        // `0`: nothing left, as an empty picture is written.
        if text == "0" {
            return Ok(Picture { edges: Vec::new() });
        }
        let edges = if text.contains(':') {
            Hackenbush::parse_picture(text)?
        } else {
            Hackenbush::parse_tree(text)?
        };
        if edges.len() > MOST_EDGES {
            return Err(bad("a picture may have at most 256 edges"));
        }
        Ok(Picture::grounded(edges))
    }

    fn parse_tree(text: &str) -> Result<Vec<(u16, u16, Colour)>> {
        let bad = |why: String| component_error("hackenbush", text, why);
        let mut edges = Vec::new();
        // The vertex the next edge stands on; the branch points open.
        let mut at = 0u16;
        let mut branch_points: Vec<u16> = Vec::new();
        let mut next = 1u16;
        let mut closed = false;
        for (column, c) in text.chars().enumerate() {
            if closed && !matches!(c, ';' | ')') {
                return Err(bad(format!(
                    "after a ')' comes ';', ')' or the end, not {c:?} (column {})",
                    column + 1
                )));
            }
            closed = c == ')';
            match c {
                '(' => branch_points.push(at),
                ';' => match branch_points.last() {
                    Some(&point) => at = point,
                    None => {
                        return Err(bad(format!(
                            "a ';' outside parentheses at column {}",
                            column + 1
                        )));
                    }
                },
                ')' => match branch_points.pop() {
                    Some(_) => {}
                    None => return Err(bad(format!("an unmatched ')' at column {}", column + 1))),
                },
                _ => {
                    let colour = Colour::of(c).ok_or_else(|| {
                        bad(format!(
                            "an edge is l (blue, Left's), r (red, Right's) or e (green); {c:?} at column {}",
                            column + 1
                        ))
                    })?;
                    if edges.len() >= MOST_EDGES {
                        return Err(bad("a picture may have at most 256 edges".into()));
                    }
                    edges.push((at, next, colour));
                    at = next;
                    next += 1;
                }
            }
        }
        if !branch_points.is_empty() {
            return Err(bad("a '(' is never closed".into()));
        }
        Ok(edges)
    }

    fn parse_picture(text: &str) -> Result<Vec<(u16, u16, Colour)>> {
        let bad = |why: String| component_error("hackenbush", text, why);
        const FORM: &str = "a picture is N:a-bC,c-dC,... (N vertices, each edge's ends from 0 to N-1 and its colour l, r or e), grounded at 0 or at the vertices after @";
        let (body, ground) = match text.split_once('@') {
            Some((body, ground)) => (body, Some(ground)),
            None => (text, None),
        };
        let (count, list) = body.split_once(':').ok_or_else(|| bad(FORM.into()))?;
        let vertices: usize = count
            .trim()
            .parse()
            .ok()
            .filter(|&n| (1..=MOST_EDGES + 1).contains(&n))
            .ok_or_else(|| bad("the number of vertices is from 1 to 257".into()))?;
        let vertex = |word: &str| -> Result<usize> {
            word.trim()
                .parse::<usize>()
                .ok()
                .filter(|&v| v < vertices)
                .ok_or_else(|| {
                    bad(format!(
                        "{word:?} is not a vertex from 0 to {}",
                        vertices - 1
                    ))
                })
        };
        let grounds: Vec<usize> = match ground {
            None => vec![0],
            Some(list) => list.split(',').map(vertex).collect::<Result<_>>()?,
        };
        if grounds.is_empty() {
            return Err(bad("a picture needs a vertex on the ground".into()));
        }
        // Every grounded vertex is the one vertex 0; the others follow in order.
        let mut label = vec![0u16; vertices];
        let mut next = 1u16;
        for (v, slot) in label.iter_mut().enumerate() {
            if !grounds.contains(&v) {
                *slot = next;
                next += 1;
            }
        }
        let mut edges = Vec::new();
        for word in list.split(',').filter(|w| !w.trim().is_empty()) {
            let word = word.trim();
            let colour = word.chars().last().and_then(Colour::of).ok_or_else(|| {
                bad(format!(
                    "the edge {word:?} needs its colour l, r or e after it"
                ))
            })?;
            let ends = &word[..word.len() - 1];
            let (a, b) = ends
                .split_once('-')
                .ok_or_else(|| bad(format!("the edge {word:?} is not a-bC")))?;
            if edges.len() >= MOST_EDGES {
                return Err(bad("a picture may have at most 256 edges".into()));
            }
            edges.push((label[vertex(a)?], label[vertex(b)?], colour));
        }
        if !edges.is_empty() && edges.iter().all(|&(a, b, _)| a != 0 && b != 0) {
            return Err(bad(
                "no edge stands on the ground: ground vertex 0, or list the grounded vertices after @"
                    .into(),
            ));
        }
        Ok(edges)
    }

    /// Writes a component: a stalk or tree as it is read, any other picture as `N:a-bC,...`.
    pub fn write(picture: &Picture) -> String {
        if picture.edges.is_empty() {
            return "0".to_string();
        }
        if !picture.is_forest() {
            let vertices = picture.vertices();
            let edges: Vec<String> = picture
                .edges
                .iter()
                .map(|&(a, b, colour)| format!("{a}-{b}{}", colour.letter()))
                .collect();
            return format!("{vertices}:{}", edges.join(","));
        }
        // A forest: the branches of a vertex with more than one in parentheses.
        let children = picture.children();
        enum Token {
            Vertex(usize),
            Text(&'static str),
        }
        let mut out = String::new();
        let mut stack = vec![Token::Vertex(0)];
        while let Some(token) = stack.pop() {
            match token {
                Token::Text(text) => out.push_str(text),
                Token::Vertex(v) => match children[v].as_slice() {
                    [] => {}
                    [(w, colour)] => {
                        out.push(colour.letter());
                        stack.push(Token::Vertex(*w));
                    }
                    many => {
                        out.push('(');
                        stack.push(Token::Text(")"));
                        for (index, &(w, colour)) in many.iter().enumerate().rev() {
                            stack.push(Token::Vertex(w));
                            stack.push(Token::Text(match colour {
                                Colour::Blue => "l",
                                Colour::Red => "r",
                                Colour::Green => "e",
                            }));
                            if index > 0 {
                                stack.push(Token::Text(";"));
                            }
                        }
                    }
                },
            }
        }
        out
    }

    /// The cut by Left (`left`) or Right that leaves `to` from `from`, in words: `cut edge k
    /// (blue, a-b)`, edges numbered from 1 in the order [`Picture::edges`] lists them (as the
    /// explorer's drawing numbers them).
    pub fn describe_cut(from: &Picture, to: &Picture, left: bool) -> String {
        for (index, &(a, b, colour)) in from.edges.iter().enumerate() {
            if !colour.cut_by(left) {
                continue;
            }
            let mut edges = from.edges.clone();
            edges.remove(index);
            if &Picture::grounded(edges) == to {
                let name = match colour {
                    Colour::Blue => "blue",
                    Colour::Red => "red",
                    Colour::Green => "green",
                };
                return format!("cut edge {} ({name}, {a}-{b})", index + 1);
            }
        }
        format!("{} -> {}", Hackenbush::write(from), Hackenbush::write(to))
    }

    fn cuts(picture: &Picture, left: bool) -> Vec<Picture> {
        picture
            .edges
            .iter()
            .enumerate()
            .filter(|(_, edge)| edge.2.cut_by(left))
            .map(|(index, _)| {
                let mut edges = picture.edges.clone();
                edges.remove(index);
                Picture::grounded(edges)
            })
            .collect()
    }
}

impl PartizanGame for Hackenbush {
    type Position = Picture;

    fn left_moves(&self, picture: &Picture) -> impl Iterator<Item = Picture> {
        Hackenbush::cuts(picture, true).into_iter()
    }

    fn right_moves(&self, picture: &Picture) -> impl Iterator<Item = Picture> {
        Hackenbush::cuts(picture, false).into_iter()
    }

    /// The parts that meet only at the ground.
    fn components(&self, picture: &Picture) -> Option<Vec<Picture>> {
        let vertices = picture.vertices();
        // Union-find over the vertices off the ground.
        let mut parent: Vec<usize> = (0..vertices).collect();
        fn root(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        for &(a, b, _) in &picture.edges {
            if a != 0 && b != 0 {
                let (x, y) = (root(&mut parent, a.into()), root(&mut parent, b.into()));
                parent[x] = y;
            }
        }
        let mut parts: hashbrown::HashMap<usize, Vec<(u16, u16, Colour)>> =
            hashbrown::HashMap::new();
        let mut loops = Vec::new();
        for &edge in &picture.edges {
            let (a, b, _) = edge;
            if a == 0 && b == 0 {
                loops.push(Picture { edges: vec![edge] });
            } else {
                let key = root(&mut parent, usize::from(a.max(b)));
                parts.entry(key).or_default().push(edge);
            }
        }
        let mut out: Vec<Picture> = parts.into_values().map(Picture::grounded).collect();
        out.extend(loops);
        (out.len() > 1).then_some(out)
    }

    fn canonical(&self, picture: &Picture) -> Picture {
        if picture.is_forest() {
            picture.sorted_forest()
        } else {
            picture.clone()
        }
    }
}
