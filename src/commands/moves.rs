//! `cgt moves`: every move of a position with the value it leads to.

use std::io::Write;

use cgt_core::Outcome;
use serde_json::json;

use super::{Error, position_solver};
use crate::cli::PositionArgs;

pub fn run(arguments: &PositionArgs, out: &mut dyn Write) -> Result<(), Error> {
    let (name, heaps, mut solver) = position_solver(arguments)?;
    let grundy = solver.grundy(&heaps)?;
    let (valued, truncated) = solver.moves(&heaps, arguments.max_moves as usize)?;
    crate::progress::clear();
    if arguments.json {
        let moves: Vec<_> = valued
            .iter()
            .map(|(heap_move, value)| {
                json!({
                    "heap": heap_move.heap + 1,
                    "from": heap_move.from,
                    "to": heap_move.to.to_vec(),
                    "position": heap_move.position.to_vec(),
                    "description": heap_move.to_string(),
                    "grundy": value.value(),
                    "winning": value.is_zero(),
                })
            })
            .collect();
        let report = json!({
            "game": name,
            "position": heaps.to_vec(),
            "grundy": grundy.value(),
            "outcome": Outcome::of(grundy).to_string(),
            "moves": moves,
            "moves_truncated": truncated,
        });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(out, "game:     {name}")?;
    writeln!(
        out,
        "position: {heaps} (value {grundy}, {})",
        Outcome::of(grundy)
    )?;
    if valued.is_empty() {
        writeln!(out, "no moves: the player to move has lost")?;
    }
    for (heap_move, value) in &valued {
        let mark = if value.is_zero() { "  <- wins" } else { "" };
        writeln!(
            out,
            "  {:<28} leaves {:<20} value {value}{mark}",
            heap_move.to_string(),
            heap_move.position.to_string()
        )?;
    }
    if truncated {
        super::more_not_shown(out, arguments.max_moves)?;
    }
    Ok(())
}
