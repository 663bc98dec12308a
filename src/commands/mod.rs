//! The subcommands: each parses its game, asks the library and prints.

use std::io::Write;

use cgt_core::Resource;
use cgt_games::{Analysis, Game, Written};

use crate::cli::{BudgetArgs, Cli, Command};
use crate::progress::Meter;

mod games;
mod graph;
mod moves;
mod nimber;
mod play;
mod plot;
mod sequence;
mod value;

/// What can end a command: one line for the user.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The game could not be read, or its sequence ran out of budget.
    #[error("{}", explain_games(.0))]
    Game(#[from] cgt_games::Error),
    /// The engine refused.
    #[error("{}", explain(.0))]
    Engine(#[from] cgt_core::Error),
    /// Output could not be written.
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
    /// Input could not be read.
    #[error("cannot read input: {0}")]
    Input(std::io::Error),
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
    /// Whether this is output to a reader that has gone away (`cgt ... | head`): not an error
    /// for a Unix tool.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output(error) if error.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// The engine's message, with the flag that raises the limit it hit.
fn explain(error: &cgt_core::Error) -> String {
    match error {
        cgt_core::Error::LimitExceeded { resource, .. } => {
            let flag = match resource {
                Resource::Positions => "--max-positions",
                Resource::Options => "--max-options",
                _ => "--max-memory",
            };
            format!("{error}; raise {flag} to allow more")
        }
        other => other.to_string(),
    }
}

fn explain_games(error: &cgt_games::Error) -> String {
    match error {
        cgt_games::Error::Engine(engine) => explain(engine),
        other => other.to_string(),
    }
}

/// Runs the parsed command line, writing to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Error> {
    match cli.command {
        Command::Value(arguments) => value::run(&arguments, out),
        Command::Sequence(arguments) => sequence::run(&arguments, out),
        Command::Games(arguments) => games::run(&arguments, out),
        Command::Nimber(arguments) => nimber::run(&arguments, out),
        Command::Moves(arguments) => moves::run(&arguments, out),
        Command::Play(arguments) => {
            use std::io::IsTerminal;
            let stdin = std::io::stdin();
            // A person at a terminal sees their own typing; a script's moves are echoed.
            let echo = !stdin.is_terminal();
            play::run(&arguments, &mut stdin.lock(), out, echo)
        }
        Command::Graph(arguments) => graph::run(&arguments, out),
        Command::Completions { shell } => {
            // Written to memory first: the generator cannot report a failed write.
            let mut command = <Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "cgt", &mut script);
            out.write_all(&script)?;
            Ok(())
        }
    }
}

/// An opened position: the game, an analysis of its positions and the start position as the
/// game writes it.
struct Opened {
    game: Box<dyn Game>,
    analysis: Box<dyn Analysis>,
    position: Written,
}

/// Opens the game and the position every position command takes, showing any long preparation
/// on a terminal.
fn open_position(game: &str, components: &[String], budget: &BudgetArgs) -> Result<Opened, Error> {
    let game = cgt_games::open(game)?;
    let meter = Meter::on_terminal();
    let (analysis, position) = game.analyse(
        components,
        budget.budget(),
        Box::new(move |progress| meter.show(progress)),
    )?;
    Ok(Opened {
        game,
        analysis,
        position,
    })
}

/// A position as JSON: one entry per component, a number where the component is one number
/// (a heap), an array where it is several (`3,5`), else the text.
fn json_position(position: &Written) -> serde_json::Value {
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

/// The line that ends a list cut at `shown` entries.
fn more_not_shown(out: &mut dyn Write, shown: u64) -> std::io::Result<()> {
    writeln!(
        out,
        "  (more not shown; raise --max-moves to list more than {shown})"
    )
}
