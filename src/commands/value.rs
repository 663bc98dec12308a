//! `cgt value`: the Grundy value, outcome and winning moves of a position.

use std::io::Write;

use cgt_core::Outcome;
use serde_json::json;

use cgt_games::{Analysis, Move, Written};

use super::{Error, Opened, json_position, open_position};
use crate::cli::PositionArgs;

pub fn run(arguments: &PositionArgs, out: &mut dyn Write) -> Result<(), Error> {
    let Opened {
        game,
        mut analysis,
        position,
    } = open_position(&arguments.game, &arguments.components, &arguments.budget)?;
    if arguments.misere {
        return misere(
            arguments,
            &game.to_string(),
            analysis.as_mut(),
            &position,
            out,
        );
    }
    let evaluation = analysis.evaluate(&position)?;
    let (winning, truncated) = analysis.winning_moves(&position, arguments.max_moves as usize)?;
    crate::progress::clear();
    if arguments.json {
        let report = json!({
            "game": game.to_string(),
            "position": json_position(&position),
            "grundy": evaluation.value.map(|value| value.value()),
            "outcome": evaluation.outcome.to_string(),
            "winning_moves": winning.iter().map(|next| json_position(&next.position)).collect::<Vec<_>>(),
            "winning_moves_described": winning.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "winning_moves_truncated": truncated,
            "positions_evaluated": analysis.positions_evaluated(),
        });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(out, "game:     {game}")?;
    writeln!(out, "position: {position}")?;
    match evaluation.value {
        Some(value) => writeln!(out, "value:    {value}")?,
        None => writeln!(
            out,
            "value:    unknown (its search exceeds --max-options; the outcome below is from the game's closed form)"
        )?,
    }
    outcome_and_moves(
        out,
        &position,
        evaluation.outcome,
        &winning,
        truncated,
        arguments.max_moves,
    )
}

/// `cgt value --misere`: the misère outcome and winning moves.
fn misere(
    arguments: &PositionArgs,
    name: &str,
    analysis: &mut dyn Analysis,
    position: &Written,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let outcome = analysis.misere_outcome(position)?;
    let (winning, truncated) =
        analysis.misere_winning_moves(position, arguments.max_moves as usize)?;
    crate::progress::clear();
    if arguments.json {
        let report = json!({
            "game": name,
            "play": "misere",
            "position": json_position(position),
            "outcome": outcome.to_string(),
            "winning_moves": winning.iter().map(|next| json_position(&next.position)).collect::<Vec<_>>(),
            "winning_moves_described": winning.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "winning_moves_truncated": truncated,
        });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(
        out,
        "game:     {name} (misère play: the player who makes the last move loses)"
    )?;
    writeln!(out, "position: {position}")?;
    outcome_and_moves(
        out,
        position,
        outcome,
        &winning,
        truncated,
        arguments.max_moves,
    )
}

/// The outcome with its meaning, and the winning moves, in normal and misère play alike.
fn outcome_and_moves(
    out: &mut dyn Write,
    position: &Written,
    outcome: Outcome,
    winning: &[Move],
    truncated: bool,
    max_moves: u64,
) -> Result<(), Error> {
    let meaning = match outcome {
        Outcome::Previous => "P-position: the player to move loses with best play",
        Outcome::Next => "N-position: the player to move wins with best play",
    };
    writeln!(out, "outcome:  {outcome} ({meaning})")?;
    if winning.is_empty() {
        writeln!(out, "winning moves: none")?;
        return Ok(());
    }
    writeln!(out, "winning moves:")?;
    for next in winning {
        writeln!(
            out,
            "  {position} -> {:<24} ({next})",
            next.position.to_string()
        )?;
    }
    if truncated {
        super::more_not_shown(out, max_moves)?;
    }
    Ok(())
}
