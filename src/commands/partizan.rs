//! The partizan games of the catalogue on the command line: `onag value`, `onag play` and
//! `onag thermograph` for games where Left and Right have different moves. The library values
//! them (`onag_games::Partizan`, over `onag_core::partizan`); this module prints.

use std::io::{BufRead, Write};

use onag_core::partizan::{self, Form};
use onag_games::{Move, Partizan, Position};
use serde_json::{Value as Json, json};

use super::Error;
use crate::cli::{
    BudgetArgs, DrawArgs, GameArgs, GraphArgs, GraphFormat, PlayArgs, PositionArgs, Side,
    ThermographArgs,
};

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
    if let Some(threads) = source.threads {
        game.set_threads(threads as usize);
    }
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

/// Each player's winning moves as text: a heading (`{side}'s winning moves{heading}:`) and
/// one line a move, or `{side} has no winning move{none}.`
fn write_winning(
    out: &mut dyn Write,
    sides: [(&str, &[Move], &str); 2],
    none: &str,
    truncated: bool,
) -> Result<(), Error> {
    for (side, moves, heading) in sides {
        if moves.is_empty() {
            writeln!(out, "{side} has no winning move{none}.")?;
            continue;
        }
        writeln!(out, "{side}'s winning moves{heading}:")?;
        for next in moves {
            writeln!(out, "  {next}: {}", next.position)?;
        }
    }
    if truncated {
        writeln!(out, "(more moves win; raise --max-moves to list them)")?;
    }
    Ok(())
}

/// Cuts each list of moves to its first `limit`; whether any had more.
fn keep_first(winning: &mut [Vec<Move>; 2], limit: usize) -> bool {
    let truncated = winning.iter().any(|moves| moves.len() > limit);
    for moves in winning {
        moves.truncate(limit);
    }
    truncated
}

/// Moves as JSON: each as the components of the position it leaves.
fn listed(moves: &[Move]) -> Json {
    Json::Array(
        moves
            .iter()
            .map(|next| json!(next.position.components()))
            .collect(),
    )
}

/// Moves as JSON: each in the game's words.
fn described(moves: &[Move]) -> Json {
    Json::Array(
        moves
            .iter()
            .map(|next| Json::String(next.to_string()))
            .collect(),
    )
}

/// `--search` is `onag value`'s for a partizan game (who wins, and the winning first
/// moves); `moves` and `play` show forms, which a search does not find.
fn search_answers_value_only(search: bool, game: &dyn Partizan) -> Result<(), Error> {
    if search {
        return Err(Error::Usage(format!(
            "--search answers `onag value {game} ... --search` (who wins, by a pruned search); `moves` and `play` show each move's form, which the search does not find"
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
    if arguments.source.search {
        return searched(arguments, game, &position, out);
    }
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
    let truncated = keep_first(&mut winning, limit);
    if arguments.json {
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
    write_winning(
        out,
        [
            (
                "Left",
                &winning[0],
                " (to positions >= 0, which Left wins moving second)",
            ),
            (
                "Right",
                &winning[1],
                " (to positions <= 0, which Right wins moving second)",
            ),
        ],
        "",
        truncated,
    )?;
    Ok(())
}

/// `onag value --search` for a partizan game: the outcome and the winning first moves by a
/// pruned search of the whole position, without forms.
fn searched(
    arguments: &PositionArgs,
    game: &dyn Partizan,
    position: &Position,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let found = game.search(position)?;
    let limit = arguments.max_moves as usize;
    let mut winning = [found.left_moves, found.right_moves];
    let truncated = keep_first(&mut winning, limit);
    if arguments.json {
        let report = json!({
            "game": game.to_string(),
            "position": position.components(),
            "search": true,
            "outcome": found.outcome.letter(),
            "left_moves": listed(&winning[0]),
            "right_moves": listed(&winning[1]),
            "left_moves_described": described(&winning[0]),
            "right_moves_described": described(&winning[1]),
            "moves_truncated": truncated,
            "positions_evaluated": found.positions,
        });
        writeln!(out, "{report}")?;
        return Ok(());
    }
    writeln!(out, "game:        {game}")?;
    writeln!(out, "position:    {position}")?;
    writeln!(
        out,
        "outcome:     {} ({}; by a pruned search, no form)",
        found.outcome.letter(),
        super::form::outcome_words(found.outcome)
    )?;
    if limit == 0 {
        return Ok(());
    }
    write_winning(
        out,
        [
            ("Left", &winning[0], ", moving first"),
            ("Right", &winning[1], ", moving first"),
        ],
        " moving first",
        truncated,
    )?;
    Ok(())
}

/// `onag graph` for a partizan game: every position reachable, each with its form, and each
/// player's moves, as DOT (Left's edges blue, Right's red), JSON or SVG.
pub(crate) fn graph(
    arguments: &GraphArgs,
    game: &dyn Partizan,
    out: &mut dyn Write,
) -> Result<(), Error> {
    normal_play_only(arguments.misere, game)?;
    search_answers_value_only(arguments.source.search, game)?;
    let budget = BudgetArgs {
        max_positions: None,
        max_options: arguments.max_options,
        max_memory: arguments.max_memory,
    };
    let position = open(game, &arguments.source, &budget)?;
    let limit = usize::try_from(arguments.max_positions).unwrap_or(usize::MAX);
    let graph = game
        .graph(&position, limit)
        .map_err(|error| super::graph::too_large(error, None))?;
    match arguments.chosen_format() {
        GraphFormat::Dot => {
            let quoted = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(out, "digraph game {{")?;
            writeln!(out, "  label=\"Left's moves in blue, Right's in red\";")?;
            for (node, (position, form)) in graph.nodes.iter().enumerate() {
                let shape = if *form == Form::zero() {
                    "doublecircle"
                } else {
                    "circle"
                };
                writeln!(
                    out,
                    "  {node} [label=\"{}\\n{}\", shape={shape}];",
                    quoted(&position.to_string()),
                    quoted(&form.to_string())
                )?;
            }
            for &(from, to, left) in &graph.edges {
                let (colour, side) = if left { ("blue", "L") } else { ("red", "R") };
                writeln!(
                    out,
                    "  {from} -> {to} [color={colour}, fontcolor={colour}, label=\"{side}\"];"
                )?;
            }
            writeln!(out, "}}")?;
        }
        GraphFormat::Json => {
            let mut nodes = Vec::new();
            for (node, (position, form)) in graph.nodes.iter().enumerate() {
                nodes.push(json!({
                    "id": node,
                    "position": position.components(),
                    "form": form.to_string(),
                    "outcome": form.outcome()?.letter(),
                }));
            }
            let edges: Vec<Json> = graph
                .edges
                .iter()
                .map(|&(from, to, left)| json!([from, to, if left { "left" } else { "right" }]))
                .collect();
            writeln!(
                out,
                "{}",
                json!({"game": game.to_string(), "root": 0, "nodes": nodes, "edges": edges})
            )?;
        }
        GraphFormat::Svg => {
            write!(out, "{}", onag_games::draw::partizan_graph_svg(&graph))?;
        }
    }
    Ok(())
}

/// `onag draw`: a position drawn as SVG, for the games drawn as pictures (Hackenbush).
pub(crate) fn draw(arguments: &DrawArgs, out: &mut dyn Write) -> Result<(), Error> {
    let refused = |game: &str| {
        Error::Usage(format!(
            "`onag draw` draws Hackenbush pictures; {game} is written as text (the explorer draws boards from it)"
        ))
    };
    let Some(game) = chosen(&arguments.source) else {
        let name = arguments.source.game.as_deref().unwrap_or("this game");
        return Err(refused(name));
    };
    let game = game?;
    let budget = BudgetArgs {
        max_positions: None,
        max_options: onag_core::Budget::DEFAULT.options,
        max_memory: 1 << 30,
    };
    let position = open(&*game, &arguments.source, &budget)?;
    match game.drawing(&position)? {
        Some(svg) => {
            write!(out, "{svg}")?;
            Ok(())
        }
        None => Err(refused(&game.to_string())),
    }
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
    search_answers_value_only(arguments.source.search, game)?;
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
    search_answers_value_only(arguments.source.search, game)?;
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
