//! `onag moves`: every move of a position with the value it leads to.

use std::io::Write;

use onag_core::Outcome;
use serde_json::json;

use onag_games::{Evaluation, Move};

use super::value::{add_evaluation, shown};
use super::{Error, Opened, json_position, one_position, open_position};
use crate::cli::PositionArgs;

/// One move as listed: where it goes, and what it leaves (its evaluation, or in misère play
/// its outcome), written as the listing shows it.
struct Row {
    next: Move,
    evaluation: Option<Evaluation>,
    outcome: Outcome,
    after: String,
}

pub fn run(arguments: &PositionArgs, out: &mut dyn Write) -> Result<(), Error> {
    if let Some(game) = super::partizan::chosen(&arguments.source) {
        return super::partizan::moves(arguments, game?.as_ref(), out);
    }
    let opened = open_position(&arguments.source, &arguments.budget)?;
    one_position(&opened)?;
    let Opened {
        game,
        mut analysis,
        position,
        ..
    } = opened;
    let ascii = arguments.source.ascii;
    let limit = arguments.max_moves as usize;
    // The two plays differ in what is known of a position and how it is said; the listing is one.
    let (grundy, outcome, rows, truncated) = if arguments.misere {
        let outcome = analysis.misere_outcome(&position)?;
        let (listed, truncated) = analysis.misere_moves(&position, limit)?;
        let rows = listed
            .into_iter()
            .map(|(next, after)| Row {
                next,
                evaluation: None,
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
                outcome: after.outcome,
                after: format!("value {}", shown(&after, ascii)),
                evaluation: Some(after),
            })
            .collect::<Vec<_>>();
        let outcome = evaluation.outcome;
        (Some(evaluation), outcome, rows, truncated)
    };
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
                if let Some(evaluation) = &row.evaluation {
                    add_evaluation(&mut entry, evaluation, ascii);
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
        match &grundy {
            Some(evaluation) => add_evaluation(&mut report, evaluation, ascii),
            None => report["play"] = json!("misere"),
        }
        writeln!(out, "{report}")?;
        return Ok(());
    }
    match &grundy {
        Some(evaluation) => {
            writeln!(out, "game:     {game}")?;
            writeln!(
                out,
                "position: {position} (value {}, {outcome})",
                shown(evaluation, ascii)
            )?;
        }
        None => {
            writeln!(out, "game:     {game} (misère play)")?;
            writeln!(out, "position: {position} ({outcome})")?;
        }
    }
    if rows.is_empty() && truncated {
        writeln!(out, "moves: {}", super::value::NOT_LISTED)?;
        return Ok(());
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
        let mark = match (row.outcome, outcome) {
            (Outcome::Previous, _) => "  <- wins",
            (Outcome::Draw, Outcome::Draw) => "  <- keeps the draw",
            _ => "",
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
        super::more_not_shown(out, rows.len(), arguments.max_moves)?;
    }
    Ok(())
}
