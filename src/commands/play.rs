//! `onag play`: a game against the perfect strategy, read line by line.

use std::io::{BufRead, Write};

use onag_core::Outcome;
use onag_games::{Analysis, Evaluation, Move, Position, Ruleset};

use super::{Error, Opened, one_position, open_position};
use crate::cli::{First, PlayArgs};

/// How long the board line waits for a position's value.
const DESCRIBE_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

/// `work`'s answer, or `None` when it did not finish within `time` (it is stopped then, as
/// Ctrl-C stops it: at its next look at the clock). A Ctrl-C meanwhile is the work's own
/// answer (interrupted), not a time out.
fn within<T, E>(
    time: std::time::Duration,
    work: impl FnOnce() -> Result<T, E>,
    stopped: impl Fn(&E) -> bool,
) -> Option<Result<T, E>> {
    let outside = onag_core::Stop::in_force();
    let stop = onag_core::Stop::new();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let watch = {
        let stop = stop.clone();
        // Asleep until the work is done or the time is up; never spins.
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(time) {
                stop.request();
            }
        })
    };
    let result = stop.run(work);
    drop(done);
    let _ = watch.join();
    match result {
        Err(error)
            if stopped(&error)
                && stop.requested()
                && !outside.iter().any(onag_core::Stop::requested) =>
        {
            None
        }
        result => Some(result),
    }
}

struct Game {
    analysis: Box<dyn Analysis>,
    /// Why a winning move wins, in a few words.
    reason: &'static str,
    /// Misère play: the player who makes the last move loses.
    misere: bool,
    /// Write ∞ as inf.
    ascii: bool,
}

impl Game {
    /// What the board line shows of a position: its value, or its misère outcome.
    fn describe(&mut self, position: &Position) -> Result<String, Error> {
        if self.misere {
            return Ok(match self.analysis.misere_outcome(position)? {
                Outcome::Draw => "misère D, a draw with best play".to_string(),
                outcome => format!("misère {outcome}"),
            });
        }
        // The board line waits for the value a second at most: on a large board it may be a
        // long search, and the game goes on without it (onag's own moves do not need it when a
        // closed form names them, as the mirror's reply on Cram).
        let Some(evaluation) = within(
            DESCRIBE_WITHIN,
            || self.analysis.evaluate(position),
            |error| matches!(error, onag_games::Error::Engine(onag_core::Error::Stopped)),
        ) else {
            return Ok("value not computed within a second".to_string());
        };
        let evaluation: Evaluation = evaluation?;
        if evaluation.value.is_none() {
            // Past the limits, with the outcome from the game's closed form.
            return Ok(format!("value unknown, {}", evaluation.outcome));
        }
        let value = super::value::shown(&evaluation, self.ascii);
        Ok(match evaluation.outcome {
            Outcome::Draw => format!("value {value}, a draw with best play"),
            _ => format!("value {value}"),
        })
    }

    /// Whether the position is a draw with best play (only in a game with cycles).
    fn is_draw(&mut self, position: &Position) -> Result<bool, Error> {
        Ok(self.outcome(position)? == Outcome::Draw)
    }

    /// The outcome of the position in the play being played.
    fn outcome(&mut self, position: &Position) -> Result<Outcome, Error> {
        Ok(if self.misere {
            self.analysis.misere_outcome(position)?
        } else {
            self.analysis.evaluate(position)?.outcome
        })
    }

    /// Whether the position is an N-position: a winning move exists, though a closed form may
    /// know it without naming one within the limits.
    fn is_next(&mut self, position: &Position) -> Result<bool, Error> {
        Ok(self.outcome(position)? == Outcome::Next)
    }

    /// A move that keeps a draw, in a D-position.
    fn drawing_move(&mut self, position: &Position) -> Result<Option<Move>, Error> {
        let (moves, _) = if self.misere {
            self.analysis.misere_drawing_moves(position, 1)?
        } else {
            self.analysis.drawing_moves(position, 1)?
        };
        Ok(moves.into_iter().next())
    }

    /// A move to a P-position, if there is one: the library's search, which finds one whenever
    /// one exists. In a game with cycles the library lists first the move that makes progress
    /// (the fastest win, or in a sum the one Smith's counter orders first), so that following
    /// it never goes round a cycle for ever.
    fn winning_move(&mut self, position: &Position) -> Result<Option<Move>, Error> {
        let (moves, _) = if self.misere {
            self.analysis.misere_winning_moves(position, 1)?
        } else {
            self.analysis.winning_moves(position, 1)?
        };
        Ok(moves.into_iter().next())
    }

    /// Any move, for a position where none wins.
    fn any_move(&mut self, position: &Position) -> Result<Option<Move>, Error> {
        Ok(self.analysis.any_move(position)?)
    }
}

/// Why a winning move wins, for the game `game` with `components` components.
fn reason(rules: Option<&Ruleset>, components: usize) -> &'static str {
    match rules {
        Some(Ruleset::Nim(_)) => "makes the nim-sum 0",
        Some(_) => "makes the nim-sum of the heaps' values 0",
        None if components == 1 => "leaves a P-position",
        None => "makes the nim-sum of the components' values 0",
    }
}

fn board(position: &Position) -> String {
    if position.components().is_empty() {
        return "nothing left".to_string();
    }
    position
        .components()
        .iter()
        .enumerate()
        .map(|(index, component)| format!("[{}]{component}", index + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads "2 1", "2 -> 1 3", "2: 0" or "2 -" as component 2 becoming the listed components; in
/// a heap game, `2 1,3` too. Outside heap games only spaces part the words after the number, so
/// a component written with `:` or `,` (`path:4`, `4:0-1,1-2`, `4,7`) stays one word, and a
/// position of one component takes its move without the number. A number alone (`2`) is
/// refused, as it does not say what the component becomes, except in a position of one
/// component outside heap games, where it is the position the move leaves (hour 1).
fn parse_move(
    line: &str,
    position: &Position,
    heaps: bool,
) -> Result<(usize, Vec<String>), String> {
    let line = the_move_alone(line);
    if let Some(written) = as_the_program_writes(line, position, heaps) {
        return written;
    }
    let end = line
        .find(|c: char| c.is_whitespace() || c == ':')
        .unwrap_or(line.len());
    let (first, rest) = line.split_at(end);
    if first.is_empty() {
        return Err("type a move such as `1 2`, or hint, undo, help, quit".to_string());
    }
    let rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ':');
    let words: Vec<&str> = rest
        .split(|c: char| c.is_whitespace() || (heaps && (c == ':' || c == ',')))
        .filter(|word| !word.is_empty() && *word != "->" && *word != "-")
        .collect();
    let count = position.components().len();
    let what = if heaps { "heap" } else { "component" };
    if !heaps && count == 1 && first.parse::<usize>() != Ok(1) {
        // One component: the move alone, as a hint writes it (`take vertex 0 and its
        // neighbours 1, 5`, `r2c3-r3c3`), or the position it leaves (`3:1-2`, `4,2`), is that
        // component's.
        return Ok((
            0,
            line.split_whitespace().map(ToString::to_string).collect(),
        ));
    }
    // A number alone names a component but not what it becomes; only `-` (or `->` with
    // nothing after it) says nothing is left.
    let bare = words.is_empty() && !rest.contains('-');
    if bare && !heaps && count == 1 {
        // One component: the number is the position the move leaves (hour 1, heap 1).
        return Ok((0, vec![line.to_string()]));
    }
    let index: usize = first
        .parse()
        .map_err(|_| format!("`{first}` is not a {what} number; {what}s are 1 to {count}"))?;
    check_number(index, count, what)?;
    if bare {
        let how = if heaps {
            format!("`{index} 2` to leave 2 in it, `{index} 0` to leave nothing")
        } else {
            format!("`{index}` and then the position it leaves")
        };
        return Err(format!(
            "`{line}` names {what} {index} but not what it becomes: type {how}"
        ));
    }
    Ok((index - 1, words.iter().map(ToString::to_string).collect()))
}

/// The move in a line the program wrote and the player pasted back whole: without the `hint:`
/// or `onag:` before it and the reason after it (`, which makes the nim-sum 0`, `(no move wins
/// ...)`), so that any move the program writes can be typed back as it was written.
fn the_move_alone(line: &str) -> &str {
    let mut line = line.trim();
    for prefix in ["hint:", "onag:"] {
        if line
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
        {
            line = line[prefix.len()..].trim_start();
        }
    }
    if let Some(at) = line.find(", which ") {
        line = &line[..at];
    }
    if line.ends_with(')')
        && let Some(at) = line.rfind(" (")
    {
        line = &line[..at];
    }
    line.trim_end()
}

/// A move read as the program writes one, in a hint or its own move, so that what it shows
/// can be typed back: `heap 2: 4 -> 1 2` (heap 2 becomes 1 and 2), `heap 1: 1 -> nothing`,
/// `component 2: take 1 from the second heap: 3,5 -> 3,4`, `wind back 2: 3 -> 1`; `None` for
/// any other line. The component before the arrow must be the one there: a hint copied from an
/// earlier turn is refused, not played as another move. The words of a move itself (`bite at
/// row 2, column 2`, `take vertex 0 and its neighbour 1`) are the game's to read, after the
/// component's number when there is one.
fn as_the_program_writes(
    line: &str,
    position: &Position,
    heaps: bool,
) -> Option<Result<(usize, Vec<String>), String>> {
    let count = position.components().len();
    let what = if heaps { "heap" } else { "component" };
    // `heap N: ` or `component N: ` names the component.
    let mut named = None;
    for prefix in ["heap ", "component "] {
        let Some(rest) = line
            .get(..prefix.len())
            .filter(|head| head.eq_ignore_ascii_case(prefix))
            .map(|_| &line[prefix.len()..])
        else {
            continue;
        };
        let Some((number, rest)) = rest.split_once(':') else {
            continue;
        };
        let number = number.trim();
        match number.parse::<usize>() {
            Ok(index) => named = Some((index, rest.trim_start())),
            // A number past any count of components is none of them.
            Err(_) if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => {
                return Some(Err(format!(
                    "there is no {what} {number}; {what}s are 1 to {count}"
                )));
            }
            Err(_) => {}
        }
        break;
    }
    let (index, rest) = match named {
        Some((index, rest)) => (Some(index), rest),
        None => (None, line),
    };
    let arrow = rest.find("->");
    let Some(arrow) = arrow else {
        // `component N: ` and a move's own words, as in a sum of Cram boards: read as the
        // number and the words (so `heap 1:` alone names no move, as `1` alone does not).
        return index.map(|index| {
            let typed = format!("{index} {rest}");
            parse_move(&typed, position, heaps).map_err(|message| {
                message.replacen(&format!("`{}`", typed.trim()), &format!("`{line}`"), 1)
            })
        });
    };
    let (before, after) = (rest[..arrow].trim_end(), rest[arrow + 2..].trim());
    // `2: 4 -> 3`: the number before the colon is the component's.
    let (index, before) = match (index, before.split_once(':')) {
        (None, Some((head, tail))) if head.trim().parse::<usize>().is_ok() => {
            (head.trim().parse().ok(), tail.trim())
        }
        _ => (index, before),
    };
    // A number alone before the arrow is a typed move such as `2 -> 1 3`, read by
    // `parse_move`; anything else is the component as it was, after a description's last `:`
    // (`wind back 2: 3`) or alone (`c -> d` on a graph).
    if index.is_none() && before.parse::<usize>().is_ok() {
        return None;
    }
    let index = match index {
        Some(index) => index,
        None if count == 1 => 1,
        None => {
            return Some(Err(format!(
                "`{line}` does not say which {what} it moves in: type its number first (`1 ...`)"
            )));
        }
    };
    Some(check_number(index, count, what).and_then(|()| {
        let there = position.components()[index - 1].as_str();
        // Nothing before the arrow (`heap 1: -> 3`, as `1 -> 3`) says nothing of it.
        let was = before.is_empty()
            || before
                .strip_suffix(there)
                .is_some_and(|head| head.is_empty() || head.trim_end().ends_with(':'));
        if !was {
            let from = before.rsplit(':').next().unwrap_or(before).trim();
            return Err(format!(
                "`{line}` moves from {from}, but {what} {index} is {there}"
            ));
        }
        let words = if after == "nothing" {
            Vec::new()
        } else {
            after
                .split(|c: char| c.is_whitespace() || (heaps && c == ','))
                .filter(|word| !word.is_empty())
                .map(ToString::to_string)
                .collect()
        };
        Ok((index - 1, words))
    }))
}

/// Whether `index` names one of `count` components.
fn check_number(index: usize, count: usize, what: &str) -> Result<(), String> {
    if index == 0 || index > count {
        return Err(format!(
            "there is no {what} {index}; {what}s are 1 to {count}"
        ));
    }
    Ok(())
}

/// A move as play names it: after the component's number when the position has several and
/// the game's words do not say which (a heap game's moves begin `heap 2:`).
fn named(chosen: &onag_games::Move, position: &Position, heaps: bool) -> String {
    if heaps || position.components().len() < 2 {
        chosen.description.clone()
    } else {
        format!("component {}: {}", chosen.component + 1, chosen.description)
    }
}

/// The longest line of input read: a move is a few words.
const MOST_LINE_BYTES: u64 = 1 << 16;

pub fn run(
    arguments: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> Result<(), Error> {
    if let Some(game) = super::partizan::chosen(&arguments.source) {
        return super::partizan::play(arguments, game?.as_ref(), input, out, echo);
    }
    let opened = open_position(&arguments.source, &arguments.budget)?;
    one_position(&opened)?;
    let Opened {
        game: rules,
        analysis,
        position: start,
        ..
    } = opened;
    let name = rules.to_string();
    let heaps = rules.as_ruleset().is_some();
    let mut game = Game {
        analysis,
        reason: if arguments.misere && rules.has_cycles() {
            "leaves a misère P-position, and makes progress so that play cannot go round for ever"
        } else if arguments.misere {
            "leaves a misère P-position"
        } else if rules.has_cycles() {
            "leaves a P-position, and makes progress so that play cannot go round for ever"
        } else {
            reason(rules.as_ruleset(), start.components().len())
        },
        misere: arguments.misere,
        ascii: arguments.source.ascii,
    };
    writeln!(
        out,
        "{name}: you against onag. The player who makes the last move {}.",
        if arguments.misere {
            "loses (misère play)"
        } else {
            "wins"
        }
    )?;
    // Positions at the start of each of the player's turns, with the length of the trail then,
    // for undo.
    let mut history: Vec<(Position, usize)> = Vec::new();
    // Every position met, with who was to move: a draw may be claimed in a D-position that
    // has occurred before with the same player to move.
    let mut trail: Vec<(Position, bool)> = Vec::new();
    let mut position = start;
    let mut onag_to_move = arguments.first == First::Onag;
    // Whether the player has been shown how to type a move (before their first prompt).
    let mut shown_how = false;
    loop {
        let described = game.describe(&position)?;
        writeln!(out)?;
        writeln!(out, "position: {}   ({described})", board(&position))?;
        // The trail holds the positions moved from, so this one has occurred before exactly when
        // it is there with the same player to move.
        let repeated = trail
            .iter()
            .any(|(seen, side)| *seen == position && *side == onag_to_move);
        let claimable = repeated && game.is_draw(&position)?;
        let any = game.any_move(&position)?;
        let Some(any) = any else {
            // Nobody has moved: the start itself has no move.
            let text = match (trail.is_empty(), onag_to_move, game.misere) {
                (true, false, false) => {
                    "You have no move from the start: the player to move first loses. onag wins."
                }
                (true, true, false) => {
                    "onag has no move from the start: the player to move first loses. You win!"
                }
                (true, false, true) => {
                    "You have no move from the start: in misère play the player who cannot move wins. You win!"
                }
                (true, true, true) => {
                    "onag has no move from the start: in misère play the player who cannot move wins. onag wins."
                }
                (false, onag_to_move, misere) => last_move_message(onag_to_move, misere),
            };
            writeln!(out, "{text}")?;
            return Ok(());
        };
        if onag_to_move && claimable {
            writeln!(
                out,
                "onag claims a draw: this position has occurred before with onag to move, and \
                 neither player can force a win from it. The game is drawn."
            )?;
            return Ok(());
        }
        if onag_to_move {
            let found = if arguments.think > 0.0 {
                within(
                    std::time::Duration::from_secs_f64(arguments.think),
                    || game.winning_move(&position),
                    Error::is_interrupted,
                )
            } else {
                Some(game.winning_move(&position))
            };
            let Some(found) = found.transpose()? else {
                // The search for a winning reply ran out of time: a move, said to be unvalued.
                writeln!(
                    out,
                    "onag: {} (no winning move found within {} s of thinking; --think allows more)",
                    named(&any, &position, heaps),
                    arguments.think
                )?;
                trail.push((position, true));
                position = any.position;
                onag_to_move = false;
                continue;
            };
            let (chosen, text) = match found {
                Some(winning) => {
                    let text = format!(
                        "{}, which {}",
                        named(&winning, &position, heaps),
                        game.reason
                    );
                    (winning, text)
                }
                None if game.is_draw(&position)? => match game.drawing_move(&position)? {
                    Some(drawing) => {
                        let text = format!(
                            "{}, which keeps the draw (no move wins)",
                            named(&drawing, &position, heaps)
                        );
                        (drawing, text)
                    }
                    None => (any.clone(), named(&any, &position, heaps)),
                },
                None if game.is_next(&position)? => {
                    // An N-position by a closed form whose winning moves are past the limits.
                    let text = format!(
                        "{} (a winning move exists, but finding it goes past the limits)",
                        named(&any, &position, heaps)
                    );
                    (any, text)
                }
                None => {
                    // Every move loses against perfect play; any will do.
                    let text = format!(
                        "{} (no move wins from a P-position; onag waits for a mistake)",
                        named(&any, &position, heaps)
                    );
                    (any, text)
                }
            };
            writeln!(out, "onag: {text}")?;
            trail.push((position, true));
            position = chosen.position;
            onag_to_move = false;
            continue;
        }
        if !shown_how {
            // An example of the player's own position, written as hints and onag's moves are:
            // what is shown can be typed.
            shown_how = true;
            let example = named(&any, &position, heaps);
            if heaps {
                writeln!(
                    out,
                    "Type a move as the program writes one (`{example}`) or as the heap's number \
                     and what it becomes (`1 2`), or hint, undo, help, quit."
                )?;
            } else {
                writeln!(
                    out,
                    "Type a move as the program writes one (`{example}`), or hint, undo, help, quit."
                )?;
            }
        }
        if claimable {
            writeln!(
                out,
                "This position has occurred before and is a draw with best play: type draw to claim it."
            )?;
        }
        write!(out, "you> ")?;
        out.flush()?;
        let mut line = String::new();
        // A line is read within a bound: an input without newlines never ends one.
        if onag_games::read_line_within(input, &mut line, MOST_LINE_BYTES).map_err(Error::Input)?
            == 0
        {
            writeln!(out)?;
            writeln!(out, "Input ended; the game stops here.")?;
            return Ok(());
        }
        // What follows is a new computation: its progress counts its own time.
        crate::progress::restart();
        let line = line.trim();
        if echo {
            writeln!(out, "{line}")?;
        }
        match line.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => {
                writeln!(out, "You resign. onag wins.")?;
                return Ok(());
            }
            "help" | "?" => {
                if heaps {
                    writeln!(
                        out,
                        "A move is the heap's number and what it becomes: `2 1` leaves 1 in heap 2, \
                         `3 1 4` splits heap 3 into 1 and 4, `3 0` removes heap 3; or as hints \
                         write it: `heap 2: 4 -> 1`. Commands: hint, undo, quit."
                    )?;
                } else {
                    writeln!(
                        out,
                        "A move is the component's number and what it becomes, written as the game \
                         writes it: `1 2,3` makes component 1 into 2,3. In Cram, Chomp, Node Kayles \
                         and Arc Kayles the move itself will do, as hints name it: `1 r2c3-r3c3` (a \
                         domino's cells), `1 r2c3` (a bite), `1 vertex 2`, `1 edge 0-1`, and with \
                         one component the number may go. A move as hints write it will do too \
                         (`component 2: take 1 from the second heap: 3,5 -> 3,4`). Commands: hint, \
                         undo, quit."
                    )?;
                }
                continue;
            }
            "draw" => {
                if claimable {
                    writeln!(
                        out,
                        "Draw claimed: the position repeats and neither player can force a win. The game is drawn."
                    )?;
                    return Ok(());
                }
                let why = if game.is_draw(&position)? {
                    "it is a draw with best play, but it has not occurred before with you to move"
                } else {
                    "it is not a draw with best play"
                };
                writeln!(
                    out,
                    "A draw can be claimed only in a position that repeats and that neither player can win: {why}."
                )?;
                continue;
            }
            "hint" => {
                match game.winning_move(&position)? {
                    Some(winning) => writeln!(
                        out,
                        "hint: {}, which {}",
                        named(&winning, &position, heaps),
                        game.reason
                    )?,
                    None if game.is_draw(&position)? => match game.drawing_move(&position)? {
                        Some(drawing) => writeln!(
                            out,
                            "hint: no move wins, but {} keeps the draw",
                            named(&drawing, &position, heaps)
                        )?,
                        None => writeln!(out, "hint: no move wins")?,
                    },
                    None if game.is_next(&position)? => writeln!(
                        out,
                        "hint: a move wins (this is an N-position), but finding it goes past the \
                         limits; raise --max-memory, --max-positions or --max-options"
                    )?,
                    None => writeln!(
                        out,
                        "hint: no move wins: this is a P-position, so every move leaves onag a winning reply"
                    )?,
                }
                continue;
            }
            "undo" => {
                match history.pop() {
                    Some((previous, length)) => {
                        position = previous;
                        trail.truncate(length);
                        writeln!(out, "Your last turn is taken back.")?;
                    }
                    None => writeln!(out, "Nothing to undo.")?,
                }
                continue;
            }
            _ => {}
        }
        let (index, to) = match parse_move(line, &position, heaps) {
            Ok(parsed) => parsed,
            Err(message) => {
                writeln!(out, "{message}")?;
                continue;
            }
        };
        let chosen = match game.analysis.find_move(&position, index, &to) {
            Ok(chosen) => chosen,
            // A new component that does not parse: the player is told why and tries again.
            Err(onag_games::Error::InvalidPosition { reason, value, .. }) => {
                writeln!(out, "`{value}`: {reason}; try again (help shows how)")?;
                continue;
            }
            Err(other) => return Err(other.into()),
        };
        match chosen {
            Some(chosen) => {
                writeln!(out, "you: {}", named(&chosen, &position, heaps))?;
                history.push((position.clone(), trail.len()));
                trail.push((position, false));
                position = chosen.position;
                onag_to_move = true;
            }
            None => {
                let from = &position.components()[index];
                let wanted = if to.is_empty() {
                    "nothing".to_string()
                } else {
                    to.join(" ")
                };
                let what = if heaps { "heap" } else { "component" };
                writeln!(
                    out,
                    "{what} {} ({from}) cannot become {wanted} in {name}; try again (help shows how)",
                    index + 1,
                )?;
            }
        }
    }
}

/// What the end of a game says when the player to move (onag when `onag_to_move`) has no move
/// left after the other made the last move.
fn last_move_message(onag_to_move: bool, misere: bool) -> &'static str {
    match (onag_to_move, misere) {
        (true, false) => "onag has no move left: you made the last move. You win!",
        (false, false) => "You have no move left: onag made the last move. onag wins.",
        (true, true) => {
            "onag has no move left: you made the last move, which loses in misère play. onag wins."
        }
        (false, true) => {
            "You have no move left: onag made the last move, which loses in misère play. You win!"
        }
    }
}
