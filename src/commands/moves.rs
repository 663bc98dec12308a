//! `cgt moves`: every move of a position with the value it leads to.

use std::io::Write;

use cgt_core::Outcome;
use serde_json::json;

use cgt_games::Move;

use super::{Error, Opened, json_position, open_position};
use crate::cli::PositionArgs;

/// One move as listed: where it goes, and what it leaves (its value, where one is known, and
/// its outcome), written as the listing shows it.
struct Row {
    next: Move,
    grundy: Option<u64>,
    outcome: Outcome,
    after: String,
}

pub fn run(arguments: &PositionArgs, out: &mut dyn Write) -> Result<(), Error> {
    let Opened {
        game,
        mut analysis,
        position,
    } = open_position(&arguments.game, &arguments.components, &arguments.budget)?;
    let limit = arguments.max_moves as usize;
    // The two plays differ in what is known of a position and how it is said; the listing is one.
    let (grundy, outcome, rows, truncated) = if arguments.misere {
        let outcome = analysis.misere_outcome(&position)?;
        let (listed, truncated) = analysis.misere_moves(&position, limit)?;
        let rows = listed
            .into_iter()
            .map(|(next, after)| Row {
                next,
                grundy: None,
                outcome: after,
                after: after.to_string(),
            })
            .collect::<Vec<_>>();
        (None, outcome, rows, truncated)
    } else {
        let evaluation = analysis.evaluate(&position)?;
        let (valued, truncated) = analysis.moves(&position, limit)?;
        let rows = valued
            .into_iter()
            .map(|(next, after)| Row {
                next,
                grundy: after.value.map(|value| value.value()),
                outcome: after.outcome,
                after: format!("value {after}"),
            })
            .collect::<Vec<_>>();
        (Some(evaluation), evaluation.outcome, rows, truncated)
    };
    crate::progress::clear();
    if arguments.json {
        let moves: Vec<_> = rows
            .iter()
            .map(|row| {
                let mut entry = json!({
                    "component": row.next.component + 1,
                    "description": row.next.description,
                    "position": json_position(&row.next.position),
                    "outcome": row.outcome.to_string(),
                    "winning": row.outcome == Outcome::Previous,
                });
                if grundy.is_some() {
                    entry["grundy"] = json!(row.grundy);
                }
                entry
            })
            .collect();
        let mut report = json!({
            "game": game.to_string(),
            "position": json_position(&position),
            "outcome": outcome.to_string(),
            "moves": moves,
            "moves_truncated": truncated,
        });
        match grundy {
            Some(evaluation) => {
                report["grundy"] = json!(evaluation.value.map(|value| value.value()))
            }
            None => report["play"] = json!("misere"),
        }
        writeln!(out, "{report}")?;
        return Ok(());
    }
    match grundy {
        Some(evaluation) => {
            writeln!(out, "game:     {game}")?;
            writeln!(out, "position: {position} (value {evaluation}, {outcome})")?;
        }
        None => {
            writeln!(out, "game:     {game} (misère play)")?;
            writeln!(out, "position: {position} ({outcome})")?;
        }
    }
    if rows.is_empty() {
        let why = if grundy.is_some() {
            "the player to move has lost"
        } else {
            "under misère play the player to move has won"
        };
        writeln!(out, "no moves: {why}")?;
    }
    for row in &rows {
        let mark = if row.outcome == Outcome::Previous {
            "  <- wins"
        } else {
            ""
        };
        writeln!(
            out,
            "  {:<28} leaves {:<20} {}{mark}",
            row.next.to_string(),
            row.next.position.to_string(),
            row.after
        )?;
    }
    if truncated {
        super::more_not_shown(out, arguments.max_moves)?;
    }
    Ok(())
}
