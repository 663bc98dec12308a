//! `onag value`: the Grundy value, outcome and winning moves of a position.

use std::io::Write;

use onag_core::Outcome;
use serde_json::json;

use onag_games::{Analysis, Evaluation, Move, Position};

use super::{Error, Opened, json_position, open_position};
use crate::cli::PositionArgs;

pub fn run(arguments: &PositionArgs, out: &mut dyn Write) -> Result<(), Error> {
    if let Some(game) = super::partizan::chosen(&arguments.source) {
        return super::partizan::value(arguments, game?.as_ref(), out);
    }
    let Opened {
        game,
        mut analysis,
        position,
        every_vertex,
    } = open_position(&arguments.source, &arguments.budget)?;
    if let Some(vertices) = every_vertex {
        return every_vertex_of(
            arguments,
            &game.to_string(),
            analysis.as_mut(),
            &vertices,
            out,
        );
    }
    if arguments.misere {
        return misere(
            arguments,
            &game.to_string(),
            analysis.as_mut(),
            &position,
            out,
        );
    }
    let limit = arguments.max_moves as usize;
    // Moves to list are found before the value: a search proves each a P-position, and the
    // value's own search then finds most of what it needs known (see `Valuer`).
    let (evaluation, (winning, truncated)) = if limit > 0 {
        let winning = analysis.winning_moves(&position, limit)?;
        (analysis.evaluate(&position)?, winning)
    } else {
        let evaluation = analysis.evaluate(&position)?;
        (evaluation, analysis.winning_moves(&position, limit)?)
    };
    let (drawing, drawing_truncated) = analysis.drawing_moves(&position, limit)?;
    let ascii = arguments.source.ascii;
    if arguments.json {
        let mut report = json!({
            "game": game.to_string(),
            "position": json_position(&position),
            "winning_moves": winning.iter().map(|next| json_position(&next.position)).collect::<Vec<_>>(),
            "winning_moves_described": winning.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "winning_moves_truncated": truncated,
            "positions_evaluated": analysis.positions_evaluated(),
        });
        add_evaluation(&mut report, &evaluation, ascii);
        if evaluation.outcome == Outcome::Draw {
            add_drawing_moves(&mut report, &drawing, drawing_truncated);
        }
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(out, "game:     {game}")?;
    writeln!(out, "position: {position}")?;
    if evaluation.value.is_some() {
        writeln!(out, "value:    {}", shown(&evaluation, ascii))?;
    } else {
        writeln!(
            out,
            "value:    unknown (its search goes past the limits (--max-options, --max-positions, --max-memory); the outcome below is from the game's closed form)"
        )?;
    }
    outcome_and_moves(
        out,
        &position,
        evaluation.outcome,
        &winning,
        truncated,
        arguments.max_moves,
    )?;
    if let Some(remoteness) = evaluation.remoteness {
        writeln!(
            out,
            "remoteness: {remoteness} (moves to the end with best play: the winner hurries, the loser delays)"
        )?;
    }
    if evaluation.outcome == Outcome::Draw {
        list_moves(
            out,
            "drawing moves",
            &position,
            &drawing,
            drawing_truncated,
            arguments.max_moves,
        )?;
    }
    Ok(())
}

/// A value as printed: `∞{0,2}`, or `inf{0,2}` with --ascii.
pub(super) fn shown(evaluation: &Evaluation, ascii: bool) -> String {
    if ascii {
        format!("{evaluation:#}")
    } else {
        evaluation.to_string()
    }
}

/// The value, outcome and remoteness of an evaluation, as JSON keys: `grundy` (a number, or null
/// when unknown or infinite), `value` (as printed), `escape_set` (for ∞), `outcome`,
/// `remoteness`.
pub(super) fn add_evaluation(report: &mut serde_json::Value, evaluation: &Evaluation, ascii: bool) {
    report["grundy"] = json!(evaluation.grundy().map(|value| value.value()));
    report["outcome"] = json!(evaluation.outcome.to_string());
    if let Some(value) = &evaluation.value {
        report["value"] = json!(shown(evaluation, ascii));
        if let Some(escapes) = value.escapes() {
            report["escape_set"] = json!(escapes.iter().map(|e| e.value()).collect::<Vec<_>>());
        }
    }
    if evaluation.remoteness.is_some() || evaluation.outcome == Outcome::Draw {
        report["remoteness"] = json!(evaluation.remoteness);
    }
}

/// Each vertex with what `judge` says of a token on it, the progress line cleared after.
fn each_vertex<'a, T>(
    analysis: &mut dyn Analysis,
    vertices: &'a [String],
    mut judge: impl FnMut(&mut dyn Analysis, &Position) -> onag_games::Result<T>,
) -> Result<Vec<(&'a String, T)>, Error> {
    let mut rows = Vec::with_capacity(vertices.len());
    for vertex in vertices {
        let position = analysis.read(std::slice::from_ref(vertex))?;
        rows.push((vertex, judge(analysis, &position)?));
    }
    Ok(rows)
}

/// `onag value --graph FILE` with no vertex named: every vertex of the graph.
fn every_vertex_of(
    arguments: &PositionArgs,
    name: &str,
    analysis: &mut dyn Analysis,
    vertices: &[String],
    out: &mut dyn Write,
) -> Result<(), Error> {
    if arguments.misere {
        return every_vertex_misere(arguments, name, analysis, vertices, out);
    }
    let ascii = arguments.source.ascii;
    let rows = each_vertex(analysis, vertices, |analysis, position| {
        analysis.evaluate(position)
    })?;
    if arguments.json {
        let listed: Vec<_> = rows
            .iter()
            .map(|(vertex, evaluation)| {
                let mut entry = json!({ "vertex": vertex });
                add_evaluation(&mut entry, evaluation, ascii);
                entry
            })
            .collect();
        writeln!(out, "{}", json!({ "game": name, "vertices": listed }))?;
        return Ok(());
    }
    writeln!(out, "game:     {name} ({} vertices)", vertices.len())?;
    let width = vertex_column(vertices);
    writeln!(
        out,
        "{:<width$}  {:<12} outcome  remoteness",
        "vertex", "value"
    )?;
    for (vertex, evaluation) in &rows {
        let remoteness = evaluation
            .remoteness
            .map_or("-".to_string(), |moves| moves.to_string());
        writeln!(
            out,
            "{}  {:<12} {:<8} {remoteness}",
            padded(vertex, width),
            shown(evaluation, ascii),
            evaluation.outcome.to_string()
        )?;
    }
    Ok(())
}

/// `onag value --graph FILE --misere` with no vertex named: every vertex's misère outcome.
fn every_vertex_misere(
    arguments: &PositionArgs,
    name: &str,
    analysis: &mut dyn Analysis,
    vertices: &[String],
    out: &mut dyn Write,
) -> Result<(), Error> {
    let rows = each_vertex(analysis, vertices, |analysis, position| {
        analysis.misere_outcome(position)
    })?;
    if arguments.json {
        let listed: Vec<_> = rows
            .iter()
            .map(|(vertex, outcome)| json!({ "vertex": vertex, "outcome": outcome.to_string() }))
            .collect();
        let report = json!({ "game": name, "play": "misere", "vertices": listed });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(
        out,
        "game:     {name} ({} vertices; misère play: the player who makes the last move loses)",
        vertices.len()
    )?;
    let width = vertex_column(vertices);
    writeln!(out, "{:<width$}  outcome", "vertex")?;
    for (vertex, outcome) in &rows {
        writeln!(out, "{}  {outcome}", padded(vertex, width))?;
    }
    Ok(())
}

/// `onag value --misere`: the misère outcome and winning moves.
fn misere(
    arguments: &PositionArgs,
    name: &str,
    analysis: &mut dyn Analysis,
    position: &Position,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let limit = arguments.max_moves as usize;
    let outcome = analysis.misere_outcome(position)?;
    let (winning, truncated) = analysis.misere_winning_moves(position, limit)?;
    // Only a game with cycles has misère draws.
    let (drawing, drawing_truncated) = analysis.misere_drawing_moves(position, limit)?;
    if arguments.json {
        let mut report = json!({
            "game": name,
            "play": "misere",
            "position": json_position(position),
            "outcome": outcome.to_string(),
            "winning_moves": winning.iter().map(|next| json_position(&next.position)).collect::<Vec<_>>(),
            "winning_moves_described": winning.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "winning_moves_truncated": truncated,
        });
        if outcome == Outcome::Draw {
            add_drawing_moves(&mut report, &drawing, drawing_truncated);
        }
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
    )?;
    if outcome == Outcome::Draw {
        list_moves(
            out,
            "drawing moves",
            position,
            &drawing,
            drawing_truncated,
            arguments.max_moves,
        )?;
    }
    Ok(())
}

/// The drawing moves of a D-position, as JSON keys: `drawing_moves`, `drawing_moves_described`,
/// `drawing_moves_truncated`.
fn add_drawing_moves(report: &mut serde_json::Value, drawing: &[Move], truncated: bool) {
    report["drawing_moves"] = json!(
        drawing
            .iter()
            .map(|next| json_position(&next.position))
            .collect::<Vec<_>>()
    );
    report["drawing_moves_described"] =
        json!(drawing.iter().map(ToString::to_string).collect::<Vec<_>>());
    report["drawing_moves_truncated"] = json!(truncated);
}

/// The outcome with its meaning, and the winning moves, in normal and misère play alike.
fn outcome_and_moves(
    out: &mut dyn Write,
    position: &Position,
    outcome: Outcome,
    winning: &[Move],
    truncated: bool,
    max_moves: u64,
) -> Result<(), Error> {
    let meaning = match outcome {
        Outcome::Previous => "P-position: the player to move loses with best play",
        Outcome::Next => "N-position: the player to move wins with best play",
        Outcome::Draw => "D-position: neither player can force a win; best play never ends",
    };
    writeln!(out, "outcome:  {outcome} ({meaning})")?;
    if outcome == Outcome::Next && winning.is_empty() && !truncated {
        // Only misère play wins without a move: the player to move has none, and has won.
        writeln!(
            out,
            "winning moves: none needed (no move is left: in misère play the player to move \
             has won)"
        )?;
        return Ok(());
    }
    list_moves(
        out,
        "winning moves",
        position,
        winning,
        truncated,
        max_moves,
    )
}

/// What a list of moves cut to nothing by `--max-moves 0` says instead.
pub(super) const NOT_LISTED: &str = "not listed (--max-moves 0; raise it to list them)";

/// A titled list of moves: `none` when there is none, [`NOT_LISTED`] when the limit cut it to
/// nothing.
fn list_moves(
    out: &mut dyn Write,
    title: &str,
    position: &Position,
    moves: &[Move],
    truncated: bool,
    max_moves: u64,
) -> Result<(), Error> {
    if moves.is_empty() {
        if truncated && max_moves == 0 {
            // Cut to nothing by --max-moves 0: there may be moves, none was looked for.
            writeln!(out, "{title}: {NOT_LISTED}")?;
        } else if truncated {
            // A search that stopped before the position's last move (a scan's bound) found
            // none: that is not "none".
            writeln!(
                out,
                "{title}: none found (the position has more moves than are searched for them)"
            )?;
        } else {
            writeln!(out, "{title}: none")?;
        }
        return Ok(());
    }
    writeln!(out, "{title}:")?;
    for next in moves {
        writeln!(
            out,
            "  {position} -> {:<24} ({next})",
            next.position.to_string()
        )?;
    }
    if truncated {
        super::more_not_shown(out, moves.len(), max_moves)?;
    }
    Ok(())
}

/// The width of the column of vertex names, in the terminal's columns (the widest name, at
/// least the heading's; a CJK character takes two columns; names are at most 1024 bytes and
/// hold no control character, as the graph reader bounds them).
fn vertex_column(vertices: &[String]) -> usize {
    vertices
        .iter()
        .map(|name| unicode_width::UnicodeWidthStr::width(name.as_str()))
        .max()
        .unwrap_or(0)
        .max("vertex".len())
}

/// `name` followed by spaces to `width` terminal columns.
fn padded(name: &str, width: usize) -> String {
    let used = unicode_width::UnicodeWidthStr::width(name);
    format!("{name}{}", " ".repeat(width.saturating_sub(used)))
}
