//! A game on any finite directed graph a user brings: a token on a vertex moves along an edge.

use std::fmt;
use std::sync::Arc;

use hashbrown::HashMap;
use onag_core::ImpartialGame;

use crate::notation::{Notation, component_error};
use crate::{Error, Result};

/// The game of a finite directed graph: a position is a vertex (a token on it), a move follows
/// one edge, and a vertex with no edge out ends the game. Acyclic graphs get ordinary Grundy
/// values and cyclic ones generalized values with draws, both from
/// [`LoopySolver`](onag_core::LoopySolver); a sum is several tokens, one moved at a time.
///
/// [`Digraph::parse`] reads three formats, told apart by their first word:
///
/// - **DOT** (Graphviz): `digraph { a -> b -> c; c -> a; d }`; in a `graph`, `a -- b` is an edge
///   both ways; attributes (`[label=...]`, `rankdir=LR`, `node [...]`) and ports are ignored;
///   subgraphs are not read.
/// - **JSON**: `{"edges": [["a", "b"], ["b", "c"]], "vertices": ["d"]}`; names are strings or
///   numbers; `vertices` (optional) adds vertices with no edges.
/// - **An edge list**: one edge a line, `a b` or `a -> b`; `a: b c d` for several edges from
///   `a`; a lone name is a vertex; `#` starts a comment.
///
/// # Examples
///
/// ```
/// use onag_core::{LoopySolver, LoopyValue, Nimber, Outcome};
/// use onag_games::Digraph;
///
/// let graph = Digraph::parse("v -> v\nv -> t\n", "example")?;
/// let (v, t) = (graph.vertex("v").unwrap(), graph.vertex("t").unwrap());
/// let mut solver = LoopySolver::new(graph);
/// assert_eq!(solver.value(&t)?, LoopyValue::Finite(Nimber::ZERO));
/// assert_eq!(solver.value(&v)?, LoopyValue::infinite([Nimber::ZERO]));
/// assert_eq!(solver.outcome(&v)?, Outcome::Next);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Digraph(Arc<Graph>);

struct Graph {
    /// What it takes on the heap, as counted while it was read.
    bytes: usize,
    label: String,
    names: Vec<String>,
    index: HashMap<String, u32>,
    /// Vertex `v`'s edges go to `targets[first[v]..first[v + 1]]`, sorted.
    first: Vec<u32>,
    targets: Vec<u32>,
}

impl fmt::Debug for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Digraph({}: {} vertices, {} edges)",
            self.0.label,
            self.len(),
            self.0.targets.len()
        )
    }
}

/// A multigraph as read: its vertices' names, and its edges as listed.
pub(crate) type Multigraph = (Vec<String>, Vec<(u32, u32)>);

/// Builds a graph from named vertices and edges, in the order met.
struct Builder {
    names: Vec<String>,
    index: HashMap<String, u32>,
    edges: Vec<(u32, u32)>,
    /// The bytes the graph will take once built ([`Builder::bytes_of_vertex`] and
    /// [`EDGE_BYTES`]), and the most it may.
    bytes: usize,
    limit: usize,
    /// The edges of `edges` that are the second way of an undirected DOT edge.
    mirrors: Vec<usize>,
}

/// What an edge takes: its pair while the graph is read (twice, as the list doubles), then
/// its target.
const EDGE_BYTES: usize = 20;

impl Builder {
    fn within(limit: usize) -> Builder {
        Builder {
            names: Vec::new(),
            index: HashMap::new(),
            edges: Vec::new(),
            bytes: 0,
            limit,
            mirrors: Vec::new(),
        }
    }

    /// What a vertex named `name` takes: its name twice (the list and the index, each a
    /// string and its buffer), the index's slot (at most half full) and its place in `first`.
    fn bytes_of_vertex(name: &str) -> usize {
        2 * (24 + onag_core::heap_bytes::<u8>(name.len())) + 2 * 32 + 4
    }

    /// Counts `bytes` more, failing past the limit: a file of short names makes a graph many
    /// times its own size.
    fn take(&mut self, bytes: usize) -> Result<()> {
        self.bytes += bytes;
        if self.bytes > self.limit {
            return Err(onag_core::Error::LimitExceeded {
                resource: onag_core::Resource::Memory,
                limit: self.limit as u64,
            }
            .into());
        }
        Ok(())
    }

    fn vertex(&mut self, name: &str) -> Result<u32> {
        if let Some(&vertex) = self.index.get(name) {
            return Ok(vertex);
        }
        check_name(name)?;
        self.take(Builder::bytes_of_vertex(name))?;
        let vertex = u32::try_from(self.names.len())
            .ok()
            .filter(|&vertex| vertex < u32::MAX)
            .ok_or_else(|| Error::InvalidGraph {
                file: String::new(),
                line: None,
                reason: "more than 4294967294 vertices".to_string(),
            })?;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), vertex);
        Ok(vertex)
    }

    fn edge(&mut self, from: &str, to: &str) -> Result<()> {
        let (from, to) = (self.vertex(from)?, self.vertex(to)?);
        self.take(EDGE_BYTES)?;
        self.edges.push((from, to));
        Ok(())
    }

    fn build(mut self, label: &str) -> Digraph {
        self.edges.sort_unstable();
        self.edges.dedup();
        let mut first = vec![0u32; self.names.len() + 1];
        for &(from, _) in &self.edges {
            first[from as usize + 1] += 1;
        }
        for vertex in 0..self.names.len() {
            first[vertex + 1] += first[vertex];
        }
        Digraph(Arc::new(Graph {
            bytes: self.bytes,
            label: label.to_string(),
            names: self.names,
            index: self.index,
            first,
            targets: self.edges.into_iter().map(|(_, to)| to).collect(),
        }))
    }
}

impl Digraph {
    /// Reads a graph in DOT, JSON or edge-list form (see the type's docs); `label` names it
    /// (the file's path) in messages and in [`Notation::name`].
    ///
    /// # Errors
    ///
    /// [`Error::InvalidGraph`] naming the line (where the format has lines) and what was
    /// expected there.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::Digraph;
    ///
    /// let error = Digraph::parse("a b\nb c d\n", "moves.txt").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "moves.txt, line 2: expected FROM TO, FROM -> TO, FROM: TO TO ... or a lone vertex, found 3 words"
    /// );
    /// ```
    pub fn parse(text: &str, label: &str) -> Result<Digraph> {
        Digraph::parse_within(text, label, usize::MAX)
    }

    /// As [`Digraph::parse`], failing with [`onag_core::Error::LimitExceeded`] (memory) as soon
    /// as the graph would take more than `max_bytes`: a file of short names makes a graph
    /// many times its own size, and it is refused before it is built.
    ///
    /// # Errors
    ///
    /// As [`Digraph::parse`], and the limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::Digraph;
    ///
    /// let text = "a b\nb c\nc d\n";
    /// assert!(Digraph::parse_within(text, "path", 1 << 20).is_ok());
    /// assert!(Digraph::parse_within(text, "path", 200).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_within(text: &str, label: &str, max_bytes: usize) -> Result<Digraph> {
        read_within(text, label, max_bytes).map(|builder| builder.build(label))
    }

    /// The vertices' names (in the order the text first mentions them) and the edges as the
    /// text lists them, in any of [`Digraph::parse`]'s formats: repeated edges and loops kept,
    /// an undirected DOT edge once (not both ways). A multigraph, for the games played on one
    /// (Green Hackenbush), read within `max_bytes` as [`Digraph::parse_within`] reads.
    pub(crate) fn parse_multigraph_within(
        text: &str,
        label: &str,
        max_bytes: usize,
    ) -> Result<Multigraph> {
        let builder = read_within(text, label, max_bytes)?;
        let mut mirrors = builder.mirrors.iter().peekable();
        let mut edges = Vec::with_capacity(builder.edges.len() - builder.mirrors.len());
        for (index, &edge) in builder.edges.iter().enumerate() {
            if mirrors.peek() == Some(&&index) {
                mirrors.next();
            } else {
                edges.push(edge);
            }
        }
        Ok((builder.names, edges))
    }

    /// What the graph takes on the heap (names, index and edges), as counted while it was read.
    pub fn heap_bytes(&self) -> usize {
        self.0.bytes
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.0.names.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.0.names.is_empty()
    }

    /// The vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.0.index.get(name).copied()
    }

    /// The name of `vertex`.
    pub fn name_of(&self, vertex: u32) -> &str {
        &self.0.names[vertex as usize]
    }

    /// The vertices' names, in the order the file first mentions them.
    pub fn names(&self) -> &[String] {
        &self.0.names
    }

    /// Every edge `(from, to)`, vertices by number.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.len() as u32)
            .flat_map(move |from| self.edges_from(from).iter().map(move |&to| (from, to)))
    }

    fn edges_from(&self, vertex: u32) -> &[u32] {
        let graph = &self.0;
        let vertex = vertex as usize;
        match (graph.first.get(vertex), graph.first.get(vertex + 1)) {
            (Some(&start), Some(&end)) => &graph.targets[start as usize..end as usize],
            _ => &[],
        }
    }
}

impl ImpartialGame for Digraph {
    type Position = u32;

    fn moves(&self, &vertex: &u32) -> impl Iterator<Item = u32> {
        self.edges_from(vertex).iter().copied()
    }
}

impl Notation for Digraph {
    fn name(&self) -> String {
        format!("graph {}", self.0.label)
    }

    /// A vertex, by its name.
    fn read_component(&self, text: &str) -> Result<u32> {
        self.vertex(text).ok_or_else(|| {
            component_error(&self.name(), text, "the graph has no vertex of that name")
        })
    }

    fn write_component(&self, &vertex: &u32) -> String {
        self.name_of(vertex).to_string()
    }

    fn describe_move(&self, from: &u32, to: &u32) -> String {
        format!("{} -> {}", self.name_of(*from), self.name_of(*to))
    }

    fn is_move(&self, from: &u32, to: &u32) -> Option<bool> {
        Some(self.edges_from(*from).binary_search(to).is_ok())
    }
}

/// Reads a graph's names and edges in any of [`Digraph::parse`]'s formats, within
/// `max_bytes`, errors naming `label`.
fn read_within(text: &str, label: &str, max_bytes: usize) -> Result<Builder> {
    // A byte-order mark (as Windows Notepad writes UTF-8) is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_word = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#') && !line.starts_with("//"))
        .unwrap_or("");
    // DOT's keywords are case-insensitive (`DiGraph`, `STRICT digraph`).
    let lowered = first_word
        .get(..first_word.len().min(8))
        .unwrap_or("")
        .to_ascii_lowercase();
    let parsed = if first_word.starts_with('{') || first_word.starts_with('[') {
        parse_json(text, max_bytes)
    } else if ["digraph", "graph", "strict"].iter().any(|keyword| {
        lowered.starts_with(keyword)
            && first_word[keyword.len()..]
                .chars()
                .next()
                .is_none_or(|next| !is_name_char(next))
    }) {
        parse_dot(text, max_bytes)
    } else {
        parse_edge_list(text, max_bytes)
    };
    parsed.map_err(|error| match error {
        Error::InvalidGraph { line, reason, .. } => Error::InvalidGraph {
            file: label.to_string(),
            line,
            reason,
        },
        other => other,
    })
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.'
}

fn syntax(line: usize, reason: impl Into<String>) -> Error {
    Error::InvalidGraph {
        file: String::new(),
        line: Some(line),
        reason: reason.into(),
    }
}

/// `a b`, `a -> b`, `a: b c`, `a`, one to a line, `#` comments.
fn parse_edge_list(text: &str, limit: usize) -> Result<Builder> {
    let mut builder = Builder::within(limit);
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some((from, targets)) = line.split_once(':') {
            let from = from.trim();
            if from.is_empty() || from.contains(char::is_whitespace) {
                return Err(syntax(
                    number + 1,
                    "expected one vertex before ':', such as a: b c",
                ));
            }
            builder.vertex(from)?;
            for to in targets.split_whitespace() {
                builder.edge(from, to)?;
            }
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [vertex] => {
                builder.vertex(vertex)?;
            }
            [from, to] | [from, "->", to] => builder.edge(from, to)?,
            words => {
                return Err(syntax(
                    number + 1,
                    format!(
                        "expected FROM TO, FROM -> TO, FROM: TO TO ... or a lone vertex, found {} words",
                        words.len()
                    ),
                ));
            }
        }
    }
    Ok(builder)
}

/// `{"edges": [[from, to], ...], "vertices": [...]}`.
fn parse_json(text: &str, limit: usize) -> Result<Builder> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|error| syntax(error.line(), format!("not valid JSON: {error}")))?;
    if !value.is_object() {
        return Err(Error::InvalidGraph {
            file: String::new(),
            line: None,
            reason: format!(
                "expected an object with \"edges\": [[from, to], ...], found {}",
                json_kind(&value)
            ),
        });
    }
    // serde_json keeps the last of two equal keys: a second "edges" would silently win.
    if let Some(key) = repeated_top_level_key(text) {
        return Err(Error::InvalidGraph {
            file: String::new(),
            line: None,
            reason: format!("the key {key:?} appears twice in the object"),
        });
    }
    let name = |value: &serde_json::Value| match value {
        serde_json::Value::String(name) => Some(name.clone()),
        serde_json::Value::Number(number) => Some(number.to_string()),
        _ => None,
    };
    let structure = |reason: String| Error::InvalidGraph {
        file: String::new(),
        line: None,
        reason,
    };
    let Some(edges) = value.get("edges").and_then(serde_json::Value::as_array) else {
        return Err(structure(
            "expected an object with \"edges\": [[from, to], ...]".to_string(),
        ));
    };
    let mut builder = Builder::within(limit);
    for (number, edge) in edges.iter().enumerate() {
        let pair = edge
            .as_array()
            .map(|pair| pair.iter().map(name).collect::<Vec<_>>());
        match pair.as_deref() {
            Some([Some(from), Some(to)]) => builder.edge(from, to)?,
            _ => {
                return Err(structure(format!(
                    "edge {} of \"edges\": expected [from, to] with names as strings or numbers, found {edge}",
                    number + 1
                )));
            }
        }
    }
    if let Some(vertices) = value.get("vertices") {
        let Some(vertices) = vertices.as_array() else {
            return Err(structure(
                "\"vertices\" must be a list of names".to_string(),
            ));
        };
        for vertex in vertices {
            let Some(vertex) = name(vertex) else {
                return Err(structure(format!(
                    "a vertex of \"vertices\" must be a string or a number, found {vertex}"
                )));
            };
            builder.vertex(&vertex)?;
        }
    }
    Ok(builder)
}

/// The most bytes a vertex's name may take: names are printed in tables and prompts.
const MAX_NAME_BYTES: usize = 1024;

/// Refuses a vertex name that could not be printed as it was read: one longer than
/// [`MAX_NAME_BYTES`], or one holding a control character (a NUL, an escape sequence), which a
/// terminal would act on instead of showing.
fn check_name(name: &str) -> Result<()> {
    let bad = |reason: String| Error::InvalidGraph {
        file: String::new(),
        line: None,
        reason,
    };
    if name.len() > MAX_NAME_BYTES {
        return Err(bad(format!(
            "a vertex name of {} bytes; names take at most {MAX_NAME_BYTES}",
            name.len()
        )));
    }
    if let Some(control) = name.chars().find(|c| c.is_control()) {
        return Err(bad(format!(
            "the vertex name {name:?} holds the control character U+{:04X}; write names without them",
            u32::from(control)
        )));
    }
    Ok(())
}

/// What a JSON value is, in a message.
fn json_kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// The first key that the top-level object of the JSON `text` (valid, an object) holds twice.
fn repeated_top_level_key(text: &str) -> Option<String> {
    let mut seen = std::collections::HashSet::new();
    let mut depth = 0usize;
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth = depth.saturating_sub(1),
            '"' => {
                // A string: read to its closing quote, then see whether a key's colon follows.
                let start = at;
                let mut end = at;
                let mut escaped = false;
                for (index, c) in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == '"' {
                        end = index;
                        break;
                    }
                }
                let rest = text[end + 1..].trim_start();
                if depth == 1 && rest.starts_with(':') {
                    let key: String = serde_json::from_str(&text[start..=end]).ok()?;
                    if !seen.insert(key.clone()) {
                        return Some(key);
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// A token of DOT, with its line.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Name(String),
    Arrow,
    Line,
    Symbol(char),
}

fn describe(token: Option<&(Token, usize)>) -> String {
    match token {
        None => "the end of the file".to_string(),
        Some((Token::Name(name), _)) => format!("{name:?}"),
        Some((Token::Arrow, _)) => "->".to_string(),
        Some((Token::Line, _)) => "--".to_string(),
        Some((Token::Symbol(c), _)) => format!("'{c}'"),
    }
}

/// The tokens of `text`, failing once they hold more than `limit` bytes: a token costs many
/// times the text it reads (`a->b;` is five bytes and four tokens), so a file within its own
/// bound could take several times the memory budget as tokens.
fn tokens(text: &str, limit: usize) -> Result<Vec<(Token, usize)>> {
    let mut tokens = Vec::new();
    let mut held = 0usize;
    let mut line = 1;
    let mut chars = text.chars().peekable();
    let mut at_line_start = true;
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                at_line_start = true;
                continue;
            }
            c if c.is_whitespace() => continue,
            '#' if at_line_start => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let start = line;
                let mut last = ' ';
                loop {
                    match chars.next() {
                        None => return Err(syntax(start, "a comment /* is never closed by */")),
                        Some('/') if last == '*' => break,
                        Some(c) => {
                            if c == '\n' {
                                line += 1;
                            }
                            last = c;
                        }
                    }
                }
            }
            '-' if chars.peek() == Some(&'>') => {
                chars.next();
                push(&mut tokens, &mut held, limit, Token::Arrow, line)?;
            }
            '-' if chars.peek() == Some(&'-') => {
                chars.next();
                push(&mut tokens, &mut held, limit, Token::Line, line)?;
            }
            '"' => {
                let start = line;
                let mut name = String::new();
                loop {
                    match chars.next() {
                        None => return Err(syntax(start, "a quoted name is never closed by \"")),
                        Some('"') => break,
                        Some('\\') if chars.peek() == Some(&'"') => {
                            chars.next();
                            name.push('"');
                        }
                        Some(c) => {
                            if c == '\n' {
                                line += 1;
                            }
                            name.push(c);
                        }
                    }
                }
                push(&mut tokens, &mut held, limit, Token::Name(name), start)?;
            }
            c if is_name_char(c) || c == '-' => {
                let mut name = String::from(c);
                while let Some(&next) = chars.peek() {
                    if !is_name_char(next) {
                        break;
                    }
                    name.push(next);
                    chars.next();
                }
                push(&mut tokens, &mut held, limit, Token::Name(name), line)?;
            }
            '<' => {
                // An HTML string (DOT's `<...>` ID, as in `label=<<b>a</b>>`): to the `>`
                // that closes the first `<`.
                let start = line;
                let mut depth = 1usize;
                let mut html = String::new();
                loop {
                    let Some(next) = chars.next() else {
                        return Err(syntax(start, "an HTML string is not closed by '>'"));
                    };
                    match next {
                        '<' => depth += 1,
                        '>' => depth -= 1,
                        '\n' => line += 1,
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                    html.push(next);
                }
                push(&mut tokens, &mut held, limit, Token::Name(html), start)?;
            }
            '{' | '}' | '[' | ']' | ';' | ',' | '=' | ':' => {
                push(&mut tokens, &mut held, limit, Token::Symbol(c), line)?
            }
            other => return Err(syntax(line, format!("unexpected character '{other}'"))),
        }
        at_line_start = false;
    }
    Ok(tokens)
}

/// Adds a token to `tokens`, counting what it holds in `held`, failing past `limit`.
fn push(
    tokens: &mut Vec<(Token, usize)>,
    held: &mut usize,
    limit: usize,
    token: Token,
    line: usize,
) -> Result<()> {
    *held += std::mem::size_of::<(Token, usize)>()
        + match &token {
            Token::Name(name) => name.capacity(),
            _ => 0,
        };
    if *held > limit {
        return Err(onag_core::Error::LimitExceeded {
            resource: onag_core::Resource::Memory,
            limit: limit as u64,
        }
        .into());
    }
    tokens.push((token, line));
    Ok(())
}

/// The subset of DOT a game needs: vertices, edge chains, attributes skipped.
fn parse_dot(text: &str, limit: usize) -> Result<Builder> {
    let tokens = tokens(text, limit)?;
    let mut at = 0;
    let keyword = |token: Option<&(Token, usize)>, word: &str| matches!(token, Some((Token::Name(name), _)) if name.eq_ignore_ascii_case(word));
    let line_of = |at: usize| {
        tokens
            .get(at)
            .or(tokens.last())
            .map_or(1, |(_, line)| *line)
    };
    if keyword(tokens.get(at), "strict") {
        at += 1;
    }
    let directed = if keyword(tokens.get(at), "digraph") {
        true
    } else if keyword(tokens.get(at), "graph") {
        false
    } else {
        return Err(syntax(
            line_of(at),
            format!(
                "expected digraph or graph, found {}",
                describe(tokens.get(at))
            ),
        ));
    };
    at += 1;
    if matches!(tokens.get(at), Some((Token::Name(_), _))) {
        at += 1;
    }
    if tokens.get(at).map(|(token, _)| token) != Some(&Token::Symbol('{')) {
        return Err(syntax(
            line_of(at),
            format!("expected '{{', found {}", describe(tokens.get(at))),
        ));
    }
    at += 1;
    let mut builder = Builder::within(limit);
    loop {
        match tokens.get(at) {
            None => return Err(syntax(line_of(at), "expected '}' to close the graph")),
            Some((Token::Symbol('}'), _)) => {
                at += 1;
                break;
            }
            Some((Token::Symbol(';' | ','), _)) => at += 1,
            Some((Token::Name(name), line)) => {
                let line = *line;
                if name == "subgraph"
                    || tokens.get(at + 1).map(|t| &t.0) == Some(&Token::Symbol('{'))
                {
                    return Err(syntax(line, "subgraphs are not read: list each edge"));
                }
                let lowered = name.to_ascii_lowercase();
                if ["node", "edge", "graph"].contains(&lowered.as_str())
                    && tokens.get(at + 1).map(|t| &t.0) == Some(&Token::Symbol('['))
                {
                    at = skip_attributes(&tokens, at + 1)?;
                    continue;
                }
                if tokens.get(at + 1).map(|t| &t.0) == Some(&Token::Symbol('=')) {
                    // A graph attribute, `rankdir = LR`.
                    match tokens.get(at + 2) {
                        Some((Token::Name(_), _)) => at += 3,
                        other => {
                            return Err(syntax(
                                line,
                                format!("expected a value after '=', found {}", describe(other)),
                            ));
                        }
                    }
                    continue;
                }
                // A vertex, or a chain of edges.
                let mut from = name.clone();
                at = skip_port(&tokens, at + 1);
                builder.vertex(&from)?;
                while let Some((operator @ (Token::Arrow | Token::Line), line)) = tokens.get(at) {
                    let line = *line;
                    if (*operator == Token::Arrow) != directed {
                        let (wrong, right) = if directed { ("--", "->") } else { ("->", "--") };
                        return Err(syntax(
                            line,
                            format!(
                                "{wrong} in a {}: write {right}",
                                if directed { "digraph" } else { "graph" }
                            ),
                        ));
                    }
                    let to = match tokens.get(at + 1) {
                        Some((Token::Name(to), _)) => to.clone(),
                        Some((Token::Symbol('{'), _)) => {
                            return Err(syntax(line, "subgraphs are not read: list each edge"));
                        }
                        other => {
                            return Err(syntax(
                                line,
                                format!(
                                    "expected a vertex after the edge, found {}",
                                    describe(other)
                                ),
                            ));
                        }
                    };
                    builder.edge(&from, &to)?;
                    if !directed {
                        builder.edge(&to, &from)?;
                        builder.mirrors.push(builder.edges.len() - 1);
                    }
                    at = skip_port(&tokens, at + 2);
                    from = to;
                }
                if tokens.get(at).map(|t| &t.0) == Some(&Token::Symbol('[')) {
                    at = skip_attributes(&tokens, at)?;
                }
            }
            other => {
                return Err(syntax(
                    line_of(at),
                    format!(
                        "expected a vertex, an edge or '}}', found {}",
                        describe(other)
                    ),
                ));
            }
        }
    }
    if let Some(extra) = tokens.get(at) {
        return Err(syntax(
            extra.1,
            format!(
                "expected the end of the file after '}}', found {}",
                describe(Some(extra))
            ),
        ));
    }
    Ok(builder)
}

/// Past `:port` or `:port:compass` after a vertex.
fn skip_port(tokens: &[(Token, usize)], mut at: usize) -> usize {
    while tokens.get(at).map(|t| &t.0) == Some(&Token::Symbol(':'))
        && matches!(tokens.get(at + 1), Some((Token::Name(_), _)))
    {
        at += 2;
    }
    at
}

/// Past one or more `[ ... ]` lists starting at `at`.
fn skip_attributes(tokens: &[(Token, usize)], mut at: usize) -> Result<usize> {
    while tokens.get(at).map(|t| &t.0) == Some(&Token::Symbol('[')) {
        let start = tokens[at].1;
        at += 1;
        loop {
            match tokens.get(at) {
                None => return Err(syntax(start, "an attribute list [ is never closed by ]")),
                Some((Token::Symbol(']'), _)) => {
                    at += 1;
                    break;
                }
                Some(_) => at += 1,
            }
        }
    }
    Ok(at)
}
