//! The partizan games of the catalogue on the command line: `onag value`, `onag play` and
//! `onag thermograph` for games where Left and Right have different moves. The library values
//! them (`onag_games::Partizan`, over `onag_core::partizan`); this module prints.

use std::io::{BufRead, Write};

use onag_core::partizan::{self, Form};
use onag_games::{Move, Partizan, Position};
use serde_json::{Value as Json, json};

use super::Error;
use crate::cli::{BudgetArgs, GameArgs, PlayArgs, PositionArgs, Side, ThermographArgs};

/// The partizan game `source` names, if it names one.
pub(crate) fn chosen(source: &GameArgs) -> Option<Result<Box<dyn Partizan>, Error>> {
    let name = source.game.as_deref()?;
    let base = name.split(':').next().unwrap_or(name).trim();
    let entry = onag_games::catalogue()
        .iter()
        .find(|entry| entry.name.eq_ignore_ascii_case(base))?;
    if entry.engine().is_impartial() {
        return None;
    }
    Some(onag_games::open_partizan(name).map_err(Error::from))
}

/// The game opened within the budget, and the position read.
fn open(game: &dyn Partizan, source: &GameArgs, budget: &BudgetArgs) -> Result<Position, Error> {
    if source.graph.is_some() {
        return Err(Error::Usage(format!(
            "{game} is played on its own boards; --graph is for games of tokens on a graph"
        )));
    }
    let limits = budget.budget();
    partizan::set_max_memory(usize::try_from(limits.memory).unwrap_or(usize::MAX));
    game.set_max_positions(limits.positions);
    let meter = crate::progress::Meter::for_terminal();
    game.set_progress(Box::new(move |progress| meter.show(progress)));
    Ok(game.read(&source.components())?)
}

/// Misère play is refused: the algebra is normal play's.
fn normal_play_only(misere: bool, game: &dyn Partizan) -> Result<(), Error> {
    if misere {
        return Err(Error::Usage(format!(
            "--misere is for impartial games; {game} is partizan (its misère play is not supported)"
        )));
    }
    Ok(())
}

/// `onag value` for a partizan game.
pub(crate) fn value(
    arguments: &PositionArgs,
    game: &dyn Partizan,
    out: &mut dyn Write,
) -> Result<(), Error> {
    normal_play_only(arguments.misere, game)?;
    let position = open(game, &arguments.source, &arguments.budget)?;
    let form = game.form(&position)?;
    let thermograph = form.thermograph()?;
    let outcome = form.outcome()?;
    let limit = arguments.max_moves as usize;
    let mut winning = [Vec::new(), Vec::new()];
    if limit > 0 {
        winning = [
            game.winning_moves(&position, true)?,
            game.winning_moves(&position, false)?,
        ];
    }
    let truncated = winning.iter().any(|moves| moves.len() > limit);
    for moves in &mut winning {
        moves.truncate(limit);
    }
    if arguments.json {
        let listed = |moves: &[Move]| {
            Json::Array(
                moves
                    .iter()
                    .map(|next| json!(next.position.components()))
                    .collect(),
            )
        };
        let described = |moves: &[Move]| {
            Json::Array(
                moves
                    .iter()
                    .map(|next| Json::String(next.to_string()))
                    .collect(),
            )
        };
        let report = json!({
            "game": game.to_string(),
            "position": position.components(),
            "form": form.to_string(),
            "outcome": outcome.letter(),
            "temperature": thermograph.temperature.to_string(),
            "mean": thermograph.mast.to_string(),
            "left_stop": form.left_stop()?.to_string(),
            "right_stop": form.right_stop()?.to_string(),
            "is_number": form.is_number(),
            "left_moves": listed(&winning[0]),
            "right_moves": listed(&winning[1]),
            "left_moves_described": described(&winning[0]),
            "right_moves_described": described(&winning[1]),
            "moves_truncated": truncated,
            "positions_evaluated": game.positions(),
        });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(out, "game:        {game}")?;
    writeln!(out, "position:    {position}")?;
    writeln!(out, "form:        {form}")?;
    writeln!(
        out,
        "outcome:     {} ({})",
        outcome.letter(),
        super::form::outcome_words(outcome)
    )?;
    writeln!(out, "temperature: {}", thermograph.temperature)?;
    writeln!(out, "mean:        {}", thermograph.mast)?;
    writeln!(
        out,
        "stops:       left {}, right {}",
        form.left_stop()?,
        form.right_stop()?
    )?;
    if limit == 0 {
        return Ok(());
    }
    for (side, moves, wins) in [
        (
            "Left",
            &winning[0],
            "to positions >= 0, which Left wins moving second",
        ),
        (
            "Right",
            &winning[1],
            "to positions <= 0, which Right wins moving second",
        ),
    ] {
        if moves.is_empty() {
            writeln!(out, "{side} has no winning move.")?;
            continue;
        }
        writeln!(out, "{side}'s winning moves ({wins}):")?;
        for next in moves {
            writeln!(out, "  {next}: {}", next.position)?;
        }
    }
    if truncated {
        writeln!(out, "(more moves win; raise --max-moves to list them)")?;
    }
    Ok(())
}

/// `onag thermograph`: a position's thermograph, as text, JSON or SVG.
pub(crate) fn thermograph(arguments: &ThermographArgs, out: &mut dyn Write) -> Result<(), Error> {
    let form = match chosen(&arguments.source) {
        Some(game) => {
            let game = game?;
            let position = open(game.as_ref(), &arguments.source, &arguments.budget)?;
            game.form(&position)?
        }
        None => {
            // An impartial position is the nimber of its Grundy value: its thermograph is
            // that of *n, the algebra's special case.
            let mut opened = super::open_position(&arguments.source, &arguments.budget)?;
            let evaluation = opened.analysis.evaluate(&opened.position)?;
            let Some(grundy) = evaluation.grundy() else {
                return Err(Error::Usage(format!(
                    "{} has no finite Grundy value here (a draw, or past the limits): no thermograph",
                    opened.position
                )));
            };
            Form::nimber(grundy.value())
        }
    };
    let thermograph = form.thermograph()?;
    match arguments.format {
        crate::cli::FormFormat::Svg => {
            out.write_all(
                onag_games::draw::thermograph_svg(&form.to_string(), &thermograph).as_bytes(),
            )?;
        }
        crate::cli::FormFormat::Text if arguments.json => {
            let wall = |trajectory: &partizan::Trajectory| {
                Json::Array(
                    trajectory
                        .points()
                        .iter()
                        .map(|(t, v)| json!({"t": t.to_string(), "value": v.to_string()}))
                        .collect(),
                )
            };
            let report = json!({
                "form": form.to_string(),
                "temperature": thermograph.temperature.to_string(),
                "mean": thermograph.mast.to_string(),
                "left_wall": wall(&thermograph.left),
                "right_wall": wall(&thermograph.right),
            });
            writeln!(out, "{report}")?;
        }
        crate::cli::FormFormat::Text => {
            writeln!(out, "thermograph of {form}")?;
            writeln!(out, "temperature: {}", thermograph.temperature)?;
            writeln!(out, "mean:        {}", thermograph.mast)?;
            for (name, wall) in [
                ("left wall: ", &thermograph.left),
                ("right wall:", &thermograph.right),
            ] {
                let points: Vec<String> = wall
                    .points()
                    .iter()
                    .map(|(t, v)| format!("{v} at t = {t}"))
                    .collect();
                writeln!(out, "{name}  {}, then vertical", points.join(", "))?;
            }
        }
    }
    Ok(())
}

/// `onag play` for a partizan game: the player takes a side, onag the other, and onag plays
/// a winning move whenever it has one.
pub(crate) fn play(
    arguments: &PlayArgs,
    game: &dyn Partizan,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> Result<(), Error> {
    normal_play_only(arguments.misere, game)?;
    let mut position = open(game, &arguments.source, &arguments.budget)?;
    let me_left = arguments.side == Side::Left;
    // Who moves now: --first me (the default) is the player's side.
    let mut left_to_move = match arguments.first {
        crate::cli::First::Me => me_left,
        crate::cli::First::Onag => !me_left,
    };
    let name = |left: bool| if left { "Left" } else { "Right" };
    writeln!(
        out,
        "You play {}, onag plays {}. Type a move's number, or q to stop.",
        name(me_left),
        name(!me_left)
    )?;
    loop {
        let form = game.form(&position)?;
        writeln!(out, "position: {position}  (value {form})")?;
        let moves = game.moves(&position, left_to_move)?;
        if moves.is_empty() {
            if left_to_move == me_left {
                writeln!(out, "You have no move: onag wins.")?;
            } else {
                writeln!(out, "onag has no move: you win.")?;
            }
            return Ok(());
        }
        if left_to_move != me_left {
            // A move to a position onag wins moving second, else the first move.
            let mut chosen = 0;
            for (index, (_, after)) in moves.iter().enumerate() {
                if after.wins_moving_second(left_to_move)? {
                    chosen = index;
                    break;
                }
            }
            let (next, _) = moves.into_iter().nth(chosen).expect("a move");
            writeln!(out, "onag ({}): {next}", name(left_to_move))?;
            position = next.position;
            left_to_move = !left_to_move;
            continue;
        }
        writeln!(out, "Your moves ({}):", name(me_left))?;
        for (index, (next, _)) in moves.iter().enumerate() {
            writeln!(out, "  {}. {next}", index + 1)?;
        }
        let chosen = loop {
            write!(out, "your move> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line).map_err(Error::Input)? == 0 {
                writeln!(out)?;
                return Ok(());
            }
            let line = line.trim();
            if echo {
                writeln!(out, "{line}")?;
            }
            if line == "q" || line == "quit" {
                return Ok(());
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=moves.len()).contains(&n) => break n - 1,
                _ => writeln!(out, "Type a number from 1 to {}, or q.", moves.len())?,
            }
        };
        let (next, _) = moves.into_iter().nth(chosen).expect("a move");
        position = next.position;
        left_to_move = !left_to_move;
    }
}

/// `onag moves` for a partizan game: each player's moves with the form each leaves, the
/// winning ones marked.
pub(crate) fn moves(
    arguments: &PositionArgs,
    game: &dyn Partizan,
    out: &mut dyn Write,
) -> Result<(), Error> {
    normal_play_only(arguments.misere, game)?;
    let position = open(game, &arguments.source, &arguments.budget)?;
    let form = game.form(&position)?;
    let limit = arguments.max_moves as usize;
    let mut sides = Vec::new();
    for left in [true, false] {
        let mut rows = Vec::new();
        let all = game.moves(&position, left)?;
        let truncated = all.len() > limit;
        for (next, after) in all.into_iter().take(limit) {
            let winning = after.wins_moving_second(left)?;
            rows.push((next, after, winning));
        }
        sides.push((left, rows, truncated));
    }
    if arguments.json {
        let mut report = json!({
            "game": game.to_string(),
            "position": position.components(),
            "form": form.to_string(),
            "outcome": form.outcome()?.letter(),
        });
        for (left, rows, truncated) in &sides {
            let key = if *left { "left" } else { "right" };
            report[format!("{key}_moves")] = Json::Array(
                rows.iter()
                    .map(|(next, after, winning)| {
                        json!({
                            "description": next.to_string(),
                            "component": next.component + 1,
                            "position": next.position.components(),
                            "form": after.to_string(),
                            "winning": winning,
                        })
                    })
                    .collect(),
            );
            report[format!("{key}_moves_truncated")] = Json::Bool(*truncated);
        }
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(out, "game:     {game}")?;
    writeln!(out, "position: {position}")?;
    writeln!(out, "form:     {form}")?;
    for (left, rows, truncated) in &sides {
        let side = if *left { "Left" } else { "Right" };
        if rows.is_empty() {
            writeln!(out, "{side} has no move.")?;
            continue;
        }
        writeln!(out, "{side}'s moves (* wins):")?;
        for (next, after, winning) in rows {
            writeln!(
                out,
                "{} {next}: {} (form {after})",
                if *winning { "*" } else { " " },
                next.position
            )?;
        }
        if *truncated {
            writeln!(out, "  (more; raise --max-moves to list them)")?;
        }
    }
    Ok(())
}
