//! `cgt games`: every game of the grammar with its rule.

use std::io::Write;

use cgt_games::Ruleset;
use serde_json::json;

use super::Error;
use crate::cli::GamesArgs;

pub fn run(arguments: &GamesArgs, out: &mut dyn Write) -> Result<(), Error> {
    let catalogue = Ruleset::catalogue();
    if arguments.json {
        let games: Vec<_> = catalogue
            .iter()
            .map(|entry| json!({"syntax": entry.syntax, "example": entry.example, "rule": entry.rule}))
            .collect();
        writeln!(out, "{}", json!({ "games": games }))?;
        return Ok(());
    }
    let width = catalogue
        .iter()
        .map(|entry| entry.syntax.len())
        .max()
        .unwrap_or(0);
    for entry in catalogue {
        writeln!(out, "{:width$}  {}", entry.syntax, entry.rule)?;
    }
    Ok(())
}
