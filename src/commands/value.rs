//! `cgt value`: the Grundy value, outcome and winning moves of a position.

use std::io::Write;

use cgt_core::Outcome;
use serde_json::json;

use super::{Error, position_solver};
use crate::cli::PositionArgs;

pub fn run(arguments: &PositionArgs, out: &mut dyn Write) -> Result<(), Error> {
    let (name, heaps, mut solver) = position_solver(arguments)?;
    let grundy = solver.grundy(&heaps)?;
    let outcome = Outcome::of(grundy);
    let (winning, truncated) = solver.winning_moves(&heaps, arguments.max_moves as usize)?;
    crate::progress::clear();
    if arguments.json {
        let report = json!({
            "game": name,
            "position": heaps.to_vec(),
            "grundy": grundy.value(),
            "outcome": outcome.to_string(),
            "winning_moves": winning.iter().map(|next| next.position.to_vec()).collect::<Vec<_>>(),
            "winning_moves_described": winning.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "winning_moves_truncated": truncated,
            "positions_evaluated": solver.positions_evaluated(),
        });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(out, "game:     {name}")?;
    writeln!(out, "position: {heaps}")?;
    writeln!(out, "value:    {grundy}")?;
    let meaning = match outcome {
        Outcome::Previous => "P-position: the player to move loses with best play",
        Outcome::Next => "N-position: the player to move wins with best play",
    };
    writeln!(out, "outcome:  {outcome} ({meaning})")?;
    if winning.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves:")?;
        for next in &winning {
            writeln!(
                out,
                "  {heaps} -> {:<24} ({next})",
                next.position.to_string()
            )?;
        }
        if truncated {
            super::more_not_shown(out, arguments.max_moves)?;
        }
    }
    Ok(())
}
