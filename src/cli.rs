//! The command line: arguments, the grammar of games and heaps, and parse errors.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

const GAMES_HELP: &str = "\
GAMES (cgt games lists them with their rules):
  nim  bash:M  subset-nim:S  split-nim
  octal:CODE  tb:CODE  subtraction:S  allbut:S
  kayles  dawson-kayles  dawson-chess  grundy  lasker
  M is a number, S comma-separated numbers (1,3,4), CODE a take-and-break code such as
  0.77 (octal digits) or 4!.0 (hex digits, [d] repeats d for ever, ! wants unequal heaps).

HEAP... are the heap sizes of the position, whole numbers from 0 to 18446744073709551615;
a position of several heaps is their sum.

EXAMPLES:
  cgt value nim 3 4 5
  cgt value kayles 10 12 --json
  cgt value octal:0.07 1000000000000
  cgt sequence kayles --to 100 --table 12";

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
    /// Print the Grundy values G(0..=N) of single heaps and the period they show.
    #[command(after_help = GAMES_HELP)]
    Sequence(SequenceArgs),
    /// List every game with its rule.
    Games(GamesArgs),
}

/// Arguments of `cgt sequence`.
#[derive(Debug, Args)]
pub struct SequenceArgs {
    /// The game (see GAMES below).
    pub game: String,
    /// The last heap size N: print G(0), ..., G(N).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_heap)]
    pub to: u64,
    /// Print one JSON object: {"game", "values", "period": null or {"preperiod", "period",
    /// "saltus", "proven"}}.
    #[arg(long, conflicts_with = "summary")]
    pub json: bool,
    /// Print only the period report, G(N), the number of zeros and a checksum.
    #[arg(long)]
    pub summary: bool,
    /// Print the values in rows of W, so that a period of W (or a divisor) shows as columns.
    #[arg(long, value_name = "W", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub table: u64,
    /// The most values to compute before giving up (a proven period answers the rest).
    #[arg(long, value_name = "N", default_value_t = cgt_games::MAX_COMPUTED)]
    pub max_positions: u64,
}

/// Arguments of `cgt games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Print one JSON object: {"games": [{"syntax", "example", "rule"}]}.
    #[arg(long)]
    pub json: bool,
}

/// A game, a position in it, and the common options.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The game, e.g. nim, bash:3, kayles, octal:0.07 (see GAMES below).
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
