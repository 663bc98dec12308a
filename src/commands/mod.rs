//! The subcommands: each parses its game, asks the library and prints.

use std::io::Write;

use onag_core::Resource;
use onag_games::{Analysis, Digraph, Game, Position};

use crate::cli::{BudgetArgs, Cli, Command, GameArgs};
use crate::progress::Meter;

mod form;
mod games;
mod graph;
mod moves;
mod nimber;
mod partizan;
mod play;
mod plot;
mod quotient;
mod sequence;
mod sweep;
mod value;

/// What can end a command: one line for the user.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The game could not be read, or its sequence ran out of budget.
    #[error("{}", explain_games(.0))]
    Game(#[from] onag_games::Error),
    /// The engine refused.
    #[error("{}", explain(.0))]
    Engine(#[from] onag_core::Error),
    /// Output could not be written.
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
    /// Input could not be read.
    #[error("cannot read input: {0}")]
    Input(std::io::Error),
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error("cannot write {path}: {source}")]
    File {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// An argument that parsed but makes no sense.
    #[error("{0}")]
    Usage(String),
}

impl Error {
    /// Whether the work was stopped by Ctrl-C or SIGTERM (see `main.rs`).
    pub fn is_interrupted(&self) -> bool {
        matches!(
            self,
            Error::Engine(onag_core::Error::Stopped)
                | Error::Game(onag_games::Error::Engine(onag_core::Error::Stopped))
        )
    }

    /// Whether this is output to a reader that has gone away (`onag ... | head`): not an error
    /// for a Unix tool.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output(error) if error.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// The engine's message, with the flag that raises the limit it hit.
fn explain(error: &onag_core::Error) -> String {
    match error {
        onag_core::Error::LimitExceeded { resource, .. } => {
            let flag = match resource {
                Resource::Positions => "--max-positions",
                Resource::Options => "--max-options",
                _ => "--max-memory",
            };
            format!("{error}; raise {flag} to allow more")
        }
        onag_core::Error::SearchTooLarge { .. } => {
            format!("{error}; raise --max-options to allow it")
        }
        onag_core::Error::Stopped => "interrupted".to_string(),
        other => other.to_string(),
    }
}

fn explain_games(error: &onag_games::Error) -> String {
    match error {
        onag_games::Error::Engine(engine) => explain(engine),
        other => other.to_string(),
    }
}

/// Runs the parsed command line, writing to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Error> {
    match cli.command {
        Command::Value(arguments) => value::run(&arguments, out),
        Command::Sequence(arguments) => sequence::run(&arguments, out),
        Command::Sweep(arguments) => sweep::run(&arguments, out),
        Command::Games(arguments) => games::run(&arguments, out),
        Command::Nimber(arguments) => nimber::run(&arguments, out),
        Command::Form(arguments) => form::run(&arguments, out),
        Command::Thermograph(arguments) => partizan::thermograph(&arguments, out),
        Command::Draw(arguments) => partizan::draw(&arguments, out),
        Command::Quotient(arguments) => quotient::run(&arguments, out),
        Command::Moves(arguments) => moves::run(&arguments, out),
        Command::Play(arguments) => {
            use std::io::IsTerminal;
            let stdin = std::io::stdin();
            // A person at a terminal sees their own typing; a script's moves are echoed.
            let echo = !stdin.is_terminal();
            play::run(&arguments, &mut stdin.lock(), out, echo)
        }
        Command::Graph(arguments) => graph::run(&arguments, out),
        Command::Serve(arguments) => crate::serve::run(&arguments, out),
        Command::Completions { shell } => {
            // Position to memory first: the generator cannot report a failed write.
            let mut command = <Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "onag", &mut script);
            out.write_all(&script)?;
            Ok(())
        }
    }
}

/// The longest quoted input an error message echoes whole.
const MOST_ECHOED: usize = 80;

/// `message` with each quoted input (`"..."`, as `{:?}` writes it) longer than [`MOST_ECHOED`]
/// characters cut to its start and end: an error stays one readable line when the input was a
/// board of thousands of cells or a code of thousands of digits.
pub(crate) fn shortened(message: &str) -> String {
    shortened_within(message, '"')
}

/// [`shortened`] for inputs quoted by `quote` (clap quotes them with `'`).
pub(crate) fn shortened_within(message: &str, quote: char) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(quote) {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        // The closing quote: the first not escaped by a backslash.
        let mut end = None;
        let mut escaped = false;
        for (index, c) in rest.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                c if c == quote && !escaped => {
                    end = Some(index);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(end) = end else {
            break;
        };
        let quoted = &rest[..end];
        let count = quoted.chars().count();
        if count > MOST_ECHOED {
            let head: String = quoted.chars().take(MOST_ECHOED - 20).collect();
            let tail: String = quoted.chars().skip(count - 10).collect();
            out.push_str(&format!("{head}…{tail}{quote} ({count} characters)"));
        } else {
            out.push_str(quoted);
            out.push(quote);
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// A game chosen on the command line, from the catalogue or a graph file, and the words of the
/// position.
pub(crate) struct Chosen {
    pub(crate) game: Box<dyn Game>,
    pub(crate) components: Vec<String>,
    /// The graph read from --graph.
    pub(crate) graph: Option<Digraph>,
}

/// Opens the game of `source`: the catalogue's, or the graph in the file it names (read whole,
/// and refused once it passes a quarter of the memory budget).
pub(crate) fn choose(source: &GameArgs, max_memory: u64) -> Result<Chosen, Error> {
    let mut components = source.components();
    // `node-kayles --graph FILE`: a game played on an undirected graph takes the file as its
    // one component (`node-kayles file:FILE`), not as a directed graph of tokens.
    let graph_game = source.game.as_deref().filter(|name| {
        onag_games::catalogue()
            .iter()
            .any(|entry| entry.name == *name && entry.component == "GRAPH")
    });
    let graph_file = match (graph_game, &source.graph) {
        (Some(name), Some(_)) if !source.components.is_empty() => {
            return Err(Error::Usage(format!(
                "{name} is played on the whole graph of --graph FILE: name no vertices after it"
            )));
        }
        (Some(_), Some(path)) => {
            components = vec![format!("file:{}", path.display())];
            None
        }
        (_, graph) => graph.as_ref(),
    };
    let Some(path) = graph_file else {
        let name = source.game.as_deref().unwrap_or_default();
        let mut game = onag_games::open(name)?;
        if source.search {
            game = game.pruned().ok_or_else(|| {
                Error::Usage(format!(
                    "--search needs a game without cycles; {game} has positions that repeat"
                ))
            })?;
        }
        return Ok(Chosen {
            game,
            components,
            graph: None,
        });
    };
    if source.search {
        return Err(Error::Usage(
            "--search needs a game without cycles; a --graph game may have cycles".to_string(),
        ));
    }
    let label = path.display().to_string();
    let unreadable = |source| Error::Read {
        path: label.clone(),
        source,
    };
    // Counted as it is read, whatever its metadata says: the path may name a device or a pipe
    // that never ends. The text may take a quarter of the memory budget; the graph made from
    // it and its solution take the rest.
    let limit = max_memory / 4;
    let too_large = |error: std::io::Error| {
        Error::Usage(format!(
            "{label} has {error}, more than a quarter of --max-memory ({max_memory}) allows"
        ))
    };
    let text = match &source.graph_text {
        Some(text) if text.len() as u64 > limit => {
            return Err(too_large(std::io::Error::other(format!(
                "more than {limit} bytes"
            ))));
        }
        Some(text) => text.clone(),
        None => onag_games::read_text_within(path, limit).map_err(|error| {
            if error.kind() == std::io::ErrorKind::FileTooLarge {
                too_large(error)
            } else {
                unreadable(error)
            }
        })?,
    };
    // The graph built from it may take another quarter (short names make a graph many times
    // its file's size); the solution gets what the graph leaves (see `open_position`).
    let graph = Digraph::parse_within(&text, &label, usize::try_from(limit).unwrap_or(usize::MAX))
        .map_err(|error| match error {
            onag_games::Error::Engine(onag_core::Error::LimitExceeded { .. }) => Error::Usage(format!(
                "the graph of {label} takes more than a quarter of --max-memory ({max_memory}) allows"
            )),
            other => other.into(),
        })?;
    Ok(Chosen {
        game: Box::new(onag_games::Loopy::new(graph.clone())),
        components,
        graph: Some(graph),
    })
}

/// An opened position: the game, an analysis of its positions and the start position as the
/// game writes it; with a graph file and no vertex named, every vertex.
struct Opened {
    game: Box<dyn Game>,
    analysis: Box<dyn Analysis>,
    position: Position,
    every_vertex: Option<Vec<String>>,
}

/// Opens the game and the position every position command takes, showing any long preparation
/// and computation on a terminal (see [`Meter::for_terminal`]).
fn open_position(source: &GameArgs, budget: &BudgetArgs) -> Result<Opened, Error> {
    let Chosen {
        game,
        components,
        graph,
    } = choose(source, budget.max_memory)?;
    let graph_bytes = graph.as_ref().map_or(0, Digraph::heap_bytes);
    let every_vertex = graph
        .filter(|_| components.is_empty())
        .map(|graph| graph.names().to_vec());
    let start = every_vertex.as_deref().unwrap_or(&components);
    let meter = Meter::for_terminal();
    // A graph file's graph stays in memory beside the solution: the solution gets the rest.
    let mut budget = budget.budget();
    budget.memory = budget.memory.saturating_sub(graph_bytes as u64);
    let (mut analysis, mut position) = game.analyse(
        start,
        budget,
        Box::new(move |progress| meter.show(progress)),
    )?;
    if let Some(threads) = source.threads {
        analysis.set_threads(threads as usize);
    }
    if every_vertex.is_some() {
        position = Position::default();
    }
    Ok(Opened {
        game,
        analysis,
        position,
        every_vertex,
    })
}

/// The one position a command needs: refused when a graph file was given without a vertex.
fn one_position(opened: &Opened) -> Result<(), Error> {
    match opened.every_vertex {
        Some(_) => Err(Error::Usage(
            "name the vertices that hold tokens after the graph file, e.g. --graph FILE a b"
                .to_string(),
        )),
        None => Ok(()),
    }
}

/// A position as JSON: one entry per component, a number where the component is one number
/// (a heap), an array where it is several (`3,5`), else the text.
fn json_position(position: &Position) -> serde_json::Value {
    position
        .components()
        .iter()
        .map(|component| {
            let numbers: Option<Vec<u64>> = component
                .split(',')
                .map(|part| part.parse::<u64>().ok())
                .collect();
            match numbers.as_deref() {
                Some([number]) => serde_json::json!(number),
                Some(numbers) => serde_json::json!(numbers),
                None => serde_json::json!(component),
            }
        })
        .collect()
}

/// The line that ends a list cut short: at `--max-moves`, or by the search itself (fewer listed).
fn more_not_shown(out: &mut dyn Write, listed: usize, max_moves: u64) -> std::io::Result<()> {
    if (listed as u64) < max_moves {
        // Fewer than --max-moves: the search itself stopped early (a window of splits that
        // holds every value, or a scan's bound), and raising the flag would list no more.
        return writeln!(
            out,
            "  (more may exist: the search for them stops early on a position this large)"
        );
    }
    writeln!(
        out,
        "  (more not shown; raise --max-moves to list more than {max_moves})"
    )
}

#[cfg(test)]
mod tests {
    use super::shortened;

    #[test]
    fn long_quoted_inputs_are_cut_and_short_ones_kept() {
        assert_eq!(shortened("bad \"3x4\" here"), "bad \"3x4\" here");
        let long = format!("{}x", ".".repeat(3000));
        let message = shortened(&format!("invalid position {long:?} for cram: why"));
        assert!(message.len() < 200, "{message}");
        assert!(message.starts_with("invalid position \"....."), "{message}");
        assert!(
            message.ends_with("....x\" (3001 characters) for cram: why"),
            "{message}"
        );
        // An escaped quote inside does not end the quoted input.
        let inner = format!("\\\"{}", "a".repeat(100));
        let message = shortened(&format!("x \"{inner}\" y"));
        assert!(message.ends_with("characters) y"), "{message}");
        // An unclosed quote is left as it is.
        assert_eq!(shortened("a \"b"), "a \"b");
    }
}
