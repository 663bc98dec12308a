//! `cgt value`: the Grundy value, outcome and winning moves of a position.

use std::io::Write;

use cgt_core::{ImpartialGame, Outcome, Solver};
use cgt_games::{Heaps, Tabulated};
use serde_json::json;

use super::{Error, ruleset};
use crate::cli::PositionArgs;

pub fn run(arguments: &PositionArgs, out: &mut dyn Write) -> Result<(), Error> {
    let game = ruleset(&arguments.game)?;
    let name = game.to_string();
    let heaps = Heaps::from(arguments.heaps.as_slice());
    if game.is_tabulable() {
        // Value single heaps from the game's Grundy sequence: computed up to the largest heap,
        // or less when a proven period answers the rest.
        let largest = heaps.iter().max().unwrap_or(0);
        let limit = arguments.max_positions as u64;
        let sequence = game.sequence_with(largest, limit, |_| {})?;
        let solver = Solver::new(Tabulated::new(game, sequence));
        report(solver, &name, heaps, arguments, out)
    } else {
        report(Solver::new(game), &name, heaps, arguments, out)
    }
}

fn report<G: ImpartialGame<Position = Heaps>>(
    solver: Solver<G>,
    name: &str,
    heaps: Heaps,
    arguments: &PositionArgs,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let mut solver = solver.with_limit(arguments.max_positions);
    let grundy = solver.grundy(&heaps)?;
    let outcome = Outcome::of(grundy);
    // Ask for one more than is shown, to know whether the list was cut.
    let mut winning = solver.first_winning_moves(&heaps, arguments.max_moves.saturating_add(1))?;
    let truncated = winning.len() > arguments.max_moves;
    winning.truncate(arguments.max_moves);
    if arguments.json {
        let report = json!({
            "game": name,
            "position": heaps.to_vec(),
            "grundy": grundy.value(),
            "outcome": outcome.to_string(),
            "winning_moves": winning.iter().map(Heaps::to_vec).collect::<Vec<_>>(),
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
            writeln!(out, "  {heaps} -> {next}")?;
        }
        if truncated {
            writeln!(
                out,
                "  (more not shown; raise --max-moves to list more than {})",
                arguments.max_moves
            )?;
        }
    }
    Ok(())
}
