//! `cgt moves`: every move of a position with the value it leads to.

use std::io::Write;

use cgt_core::Outcome;
use serde_json::json;

use super::{Error, Opened, json_position, open_position};
use crate::cli::PositionArgs;

pub fn run(arguments: &PositionArgs, out: &mut dyn Write) -> Result<(), Error> {
    let Opened {
        game,
        mut analysis,
        position,
    } = open_position(&arguments.game, &arguments.components, &arguments.budget)?;
    if arguments.misere {
        let outcome = analysis.misere_outcome(&position)?;
        let (listed, truncated) = analysis.misere_moves(&position, arguments.max_moves as usize)?;
        crate::progress::clear();
        if arguments.json {
            let moves: Vec<_> = listed
                .iter()
                .map(|(next, after)| {
                    json!({
                        "component": next.component + 1,
                        "description": next.description,
                        "position": json_position(&next.position),
                        "outcome": after.to_string(),
                        "winning": *after == Outcome::Previous,
                    })
                })
                .collect();
            let report = json!({
                "game": game.to_string(),
                "play": "misere",
                "position": json_position(&position),
                "outcome": outcome.to_string(),
                "moves": moves,
                "moves_truncated": truncated,
            });
            writeln!(out, "{report}")?;
            return Ok(());
        }
        writeln!(out, "game:     {game} (misère play)")?;
        writeln!(out, "position: {position} ({outcome})")?;
        if listed.is_empty() {
            writeln!(
                out,
                "no moves: under misère play the player to move has won"
            )?;
        }
        for (next, after) in &listed {
            let mark = if *after == Outcome::Previous {
                "  <- wins"
            } else {
                ""
            };
            writeln!(
                out,
                "  {:<28} leaves {:<20} {after}{mark}",
                next.to_string(),
                next.position.to_string()
            )?;
        }
        if truncated {
            super::more_not_shown(out, arguments.max_moves)?;
        }
        return Ok(());
    }
    let evaluation = analysis.evaluate(&position)?;
    let (valued, truncated) = analysis.moves(&position, arguments.max_moves as usize)?;
    crate::progress::clear();
    if arguments.json {
        let moves: Vec<_> = valued
            .iter()
            .map(|(next, after)| {
                json!({
                    "component": next.component + 1,
                    "description": next.description,
                    "position": json_position(&next.position),
                    "grundy": after.value.map(|value| value.value()),
                    "outcome": after.outcome.to_string(),
                    "winning": after.outcome == Outcome::Previous,
                })
            })
            .collect();
        let report = json!({
            "game": game.to_string(),
            "position": json_position(&position),
            "grundy": evaluation.value.map(|value| value.value()),
            "outcome": evaluation.outcome.to_string(),
            "moves": moves,
            "moves_truncated": truncated,
        });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(out, "game:     {game}")?;
    writeln!(
        out,
        "position: {position} (value {evaluation}, {})",
        evaluation.outcome
    )?;
    if valued.is_empty() {
        writeln!(out, "no moves: the player to move has lost")?;
    }
    for (next, after) in &valued {
        let mark = if after.outcome == Outcome::Previous {
            "  <- wins"
        } else {
            ""
        };
        writeln!(
            out,
            "  {:<28} leaves {:<20} value {after}{mark}",
            next.to_string(),
            next.position.to_string()
        )?;
    }
    if truncated {
        super::more_not_shown(out, arguments.max_moves)?;
    }
    Ok(())
}
