//! The subcommands: each parses its game, asks the library and prints.

use std::io::Write;

use cgt_core::Solver;
use cgt_games::{Heaps, Ruleset, Tabulated};

use crate::cli::{Cli, Command};

mod games;
mod graph;
mod moves;
mod play;
mod plot;
mod sequence;
mod value;

/// What can end a command: one line for the user.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The game could not be read.
    #[error("{0}")]
    Game(#[from] cgt_games::Error),
    /// The engine refused.
    #[error("{0}")]
    Engine(#[from] cgt_core::Error),
    /// Output could not be written.
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
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

/// One move of a heap game: heap `index` (from 0) of `from` counters becomes `to`.
#[derive(Debug, Clone)]
pub struct HeapMove {
    pub index: usize,
    pub from: u64,
    pub to: Heaps,
    pub position: Heaps,
}

impl HeapMove {
    /// "heap 2: 4 -> 1 3", or "heap 2: 4 -> nothing".
    pub fn describe(&self) -> String {
        let to = if self.to.iter().all(|heap| heap == 0) {
            "nothing".to_string()
        } else {
            self.to.to_string()
        };
        format!("heap {}: {} -> {to}", self.index + 1, self.from)
    }
}

/// Every move of `position`, heap by heap, at most `limit` of them (and whether more exist).
fn heap_moves(game: &Tabulated, position: &Heaps, limit: usize) -> (Vec<HeapMove>, bool) {
    use cgt_games::HeapRuleset;
    let mut moves = Vec::new();
    for (index, from) in position.iter().enumerate() {
        for to in game.heap_moves(from) {
            if moves.len() == limit {
                return (moves, true);
            }
            if let Some(next) = position.replace(index, &to) {
                moves.push(HeapMove {
                    index,
                    from,
                    to,
                    position: next,
                });
            }
        }
    }
    (moves, false)
}

/// Runs the parsed command line, writing to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Error> {
    match cli.command {
        Command::Value(arguments) => value::run(&arguments, out),
        Command::Sequence(arguments) => sequence::run(&arguments, out),
        Command::Games(arguments) => games::run(&arguments, out),
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
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "cgt", out);
            Ok(())
        }
    }
}

/// The game's name, the position and a solver for it, from the arguments every position
/// command takes.
fn position_solver(
    arguments: &crate::cli::PositionArgs,
) -> Result<(String, Heaps, Solver<Tabulated>), Error> {
    let game = ruleset(&arguments.game)?;
    let name = game.to_string();
    let heaps = Heaps::from(arguments.heaps.as_slice());
    let solver = solver_for(game, &heaps, arguments.max_positions)?;
    Ok((name, heaps, solver))
}

/// The line that ends a list cut at `shown` entries.
fn more_not_shown(out: &mut dyn Write, shown: usize) -> std::io::Result<()> {
    writeln!(
        out,
        "  (more not shown; raise --max-moves to list more than {shown})"
    )
}

/// Reads the game of a command.
fn ruleset(text: &str) -> Result<Ruleset, Error> {
    Ok(text.parse()?)
}

/// A solver for positions of `game` up to the heaps of `heaps`: single heaps of games without a
/// closed form are valued from the game's Grundy sequence, computed up to the largest heap (or
/// less, when a proven period answers the rest) within `limit`.
fn solver_for(game: Ruleset, heaps: &Heaps, limit: usize) -> Result<Solver<Tabulated>, Error> {
    let largest = if game.is_tabulable() {
        heaps.iter().max().unwrap_or(0)
    } else {
        0
    };
    let sequence = game.sequence_with(largest, limit as u64, |_| {})?;
    Ok(Solver::new(Tabulated::new(game, sequence)).with_limit(limit))
}
