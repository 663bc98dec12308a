//! `onag games`: every game of the catalogue with its rule.

use std::io::Write;

use serde_json::json;

use super::Error;
use crate::cli::GamesArgs;

pub fn run(arguments: &GamesArgs, out: &mut dyn Write) -> Result<(), Error> {
    let catalogue = onag_games::catalogue();
    if arguments.json {
        let games: Vec<_> = catalogue
            .iter()
            .map(|entry| {
                json!({
                    "name": entry.name,
                    "syntax": entry.syntax,
                    "component": entry.component,
                    "example": entry.example,
                    "rule": entry.rule,
                    "engine": entry.engine().to_string(),
                    "kind": kind(entry),
                })
            })
            .collect();
        writeln!(out, "{}", json!({ "games": games }))?;
        return Ok(());
    }
    if arguments.markdown {
        writeln!(
            out,
            "| game | kind | a component | a move | engine | example |"
        )?;
        writeln!(out, "|---|---|---|---|---|---|")?;
        for entry in catalogue {
            writeln!(
                out,
                "| `{}` | {} | `{}` | {} | {} | `onag value {}` |",
                entry.syntax,
                kind(entry),
                // A bar in a cell, even in code, ends the cell in GitHub's tables.
                entry.component.replace('|', "\\|"),
                entry.rule,
                entry.engine(),
                entry.example
            )?;
        }
        return Ok(());
    }
    let width = catalogue
        .iter()
        .map(|entry| entry.syntax.len())
        .max()
        .unwrap_or(0);
    let component_width = catalogue
        .iter()
        .map(|entry| entry.component.len())
        .max()
        .unwrap_or(0);
    for entry in catalogue {
        writeln!(
            out,
            "{:width$}  {:10}  {:component_width$}  {}",
            entry.syntax,
            kind(entry),
            entry.component,
            entry.rule
        )?;
    }
    Ok(())
}

/// Whether the game is impartial (both players have the same moves) or partizan.
fn kind(entry: &onag_games::CatalogueEntry) -> &'static str {
    if entry.engine().is_impartial() {
        "impartial"
    } else {
        "partizan"
    }
}
