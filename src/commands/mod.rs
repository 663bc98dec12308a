//! The subcommands: each parses its game, asks the library and prints.

use std::io::Write;

use cgt_games::Ruleset;

use crate::cli::{Cli, Command};

mod games;
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
}

/// Runs the parsed command line, writing to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Error> {
    match cli.command {
        Command::Value(arguments) => value::run(&arguments, out),
        Command::Sequence(arguments) => sequence::run(&arguments, out),
        Command::Games(arguments) => games::run(&arguments, out),
    }
}

/// Reads the game of a command.
fn ruleset(text: &str) -> Result<Ruleset, Error> {
    Ok(text.parse()?)
}
