//! The command line: arguments, the grammar of games and heaps, and parse errors.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

const GAMES_HELP: &str = "\
GAMES:
  nim               take any positive number of counters from one heap
  bash:M            take 1 to M counters from one heap (M >= 1), e.g. bash:3
  subset-nim:S      take exactly k from one heap, k in the set S, e.g. subset-nim:1,3,4
  split-nim         replace one heap by two strictly smaller heaps (either may be empty)

HEAP... are the heap sizes of the position, whole numbers from 0 to 18446744073709551615;
a position of several heaps is their sum.

EXAMPLES:
  cgt value nim 3 4 5
  cgt value bash:3 10 --json
  cgt value subset-nim:2,5 2 4 7";

/// Impartial games solved fast and exactly: Grundy values, outcomes and winning moves.
#[derive(Debug, Parser)]
#[command(name = "cgt", version, about, after_help = GAMES_HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the Grundy value, the outcome and the winning moves of a position.
    #[command(after_help = GAMES_HELP)]
    Value(PositionArgs),
}

/// A game, a position in it, and the common options.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The game, e.g. nim, bash:3, subset-nim:1,3,4, split-nim (see GAMES below).
    pub game: String,
    /// The heap sizes of the position.
    #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
    pub heaps: Vec<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The most positions the solver may visit before giving up.
    #[arg(long, default_value_t = cgt_core::DEFAULT_LIMIT, value_name = "N")]
    pub max_positions: usize,
    /// The most winning moves to list.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub max_moves: usize,
}

fn parse_heap(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        format!(
            "heap sizes are whole numbers from 0 to {}, got {text:?}",
            u64::MAX
        )
    })
}

/// Prints help and version as clap does; every other parse error as one line, exit status 2.
pub fn report_parse_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            // clap writes the message, a blank line, then usage; keep the message, on one line.
            let rendered = error.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .skip_while(|line| line.is_empty())
                .take_while(|line| !line.is_empty() && !line.starts_with("Usage:"))
                .collect();
            let line = message.join(" ");
            let line = line.strip_prefix("error: ").unwrap_or(&line);
            eprintln!("cgt: {line} (see cgt --help)");
            ExitCode::from(2)
        }
    }
}
