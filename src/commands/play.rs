//! `cgt play`: a game against the perfect strategy, read line by line.

use std::io::{BufRead, Write};

use cgt_core::Nimber;
use cgt_games::{HeapMove, HeapSolver, Heaps, Ruleset};

use super::{Error, ruleset, solver_for};
use crate::cli::{First, PlayArgs};

struct Game {
    solver: HeapSolver,
    is_nim: bool,
}

impl Game {
    fn value(&mut self, position: &Heaps) -> Result<Nimber, Error> {
        Ok(self.solver.grundy(position)?)
    }

    /// A move to a position of value 0, if there is one: the library's search, which finds
    /// one whenever one exists.
    fn winning_move(&mut self, position: &Heaps) -> Result<Option<HeapMove>, Error> {
        let (moves, _) = self.solver.winning_moves(position, 1)?;
        Ok(moves.into_iter().next())
    }

    /// Any move, for a position where none wins.
    fn any_move(&mut self, position: &Heaps) -> Result<Option<HeapMove>, Error> {
        let (moves, _) = self.solver.moves(position, 1)?;
        Ok(moves.into_iter().next().map(|(any, _)| any))
    }

    /// Why a winning move wins, in a few words.
    fn reason(&self) -> &'static str {
        if self.is_nim {
            "makes the nim-sum 0"
        } else {
            "makes the nim-sum of the heaps' values 0"
        }
    }
}

fn board(position: &Heaps) -> String {
    if position.iter().all(|heap| heap == 0) {
        return "no counters left".to_string();
    }
    position
        .iter()
        .enumerate()
        .map(|(index, heap)| format!("[{}]{heap}", index + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads "2 1", "2 -> 1 3", "2: 0" or "2 -" as heap 2 becoming the listed heaps.
fn parse_move(line: &str, position: &Heaps) -> Result<(usize, Vec<u64>), String> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == ':')
        .filter(|word| !word.is_empty() && *word != "->" && *word != "-")
        .collect();
    let Some((first, rest)) = words.split_first() else {
        return Err("type a move such as `1 2`, or hint, undo, help, quit".to_string());
    };
    let heap: usize = first.parse().map_err(|_| {
        format!(
            "`{first}` is not a heap number; heaps are 1 to {}",
            position.len()
        )
    })?;
    if heap == 0 || heap > position.len() {
        return Err(format!(
            "there is no heap {heap}; heaps are 1 to {}",
            position.len()
        ));
    }
    let mut to = Vec::new();
    for word in rest {
        to.push(
            word.parse::<u64>()
                .map_err(|_| format!("`{word}` is not a heap size"))?,
        );
    }
    Ok((heap - 1, to))
}

pub fn run(
    arguments: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> Result<(), Error> {
    let rules: Ruleset = ruleset(&arguments.game)?;
    let name = rules.to_string();
    let is_nim = matches!(rules, Ruleset::Nim(_));
    let start = Heaps::from(arguments.heaps.as_slice()).canonical();
    let solver = solver_for(rules, &start, &arguments.budget)?;
    crate::progress::clear();
    let mut game = Game { solver, is_nim };
    writeln!(
        out,
        "{name}: you against cgt. The player who makes the last move wins."
    )?;
    writeln!(
        out,
        "Type a move as the heap's number and what it becomes (`1 2`), or hint, undo, help, quit."
    )?;
    // Positions at the start of each of the player's turns, for undo.
    let mut history: Vec<Heaps> = Vec::new();
    let mut position = start;
    let mut cgt_to_move = arguments.first == First::Cgt;
    loop {
        let value = game.value(&position)?;
        writeln!(out)?;
        writeln!(out, "position: {}   (value {value})", board(&position))?;
        let any = game.any_move(&position)?;
        let Some(any) = any else {
            if cgt_to_move {
                writeln!(
                    out,
                    "cgt has no move left: you made the last move. You win!"
                )?;
            } else {
                writeln!(
                    out,
                    "You have no move left: cgt made the last move. cgt wins."
                )?;
            }
            return Ok(());
        };
        if cgt_to_move {
            let (chosen, text) = match game.winning_move(&position)? {
                Some(winning) => {
                    let text = format!("{winning}, which {}", game.reason());
                    (winning, text)
                }
                None => {
                    // Every move loses against perfect play; any will do.
                    let text = format!(
                        "{} (no move wins from a position of value 0; cgt waits for a mistake)",
                        any
                    );
                    (any, text)
                }
            };
            writeln!(out, "cgt: {text}")?;
            position = chosen.position;
            cgt_to_move = false;
            continue;
        }
        write!(out, "you> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(Error::Input)? == 0 {
            writeln!(out)?;
            writeln!(out, "Input ended; the game stops here.")?;
            return Ok(());
        }
        let line = line.trim();
        if echo {
            writeln!(out, "{line}")?;
        }
        match line.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => {
                writeln!(out, "You resign. cgt wins.")?;
                return Ok(());
            }
            "help" | "?" => {
                writeln!(
                    out,
                    "A move is the heap's number and what it becomes: `2 1` leaves 1 in heap 2, \
                     `3 1 4` splits heap 3 into 1 and 4, `3 0` removes heap 3. Commands: hint, \
                     undo, quit."
                )?;
                continue;
            }
            "hint" => {
                match game.winning_move(&position)? {
                    Some(winning) => writeln!(out, "hint: {winning}, which {}", game.reason())?,
                    None => writeln!(
                        out,
                        "hint: no move wins: the value is 0, so every move leaves cgt a winning reply"
                    )?,
                }
                continue;
            }
            "undo" => {
                match history.pop() {
                    Some(previous) => {
                        position = previous;
                        writeln!(out, "Your last turn is taken back.")?;
                    }
                    None => writeln!(out, "Nothing to undo.")?,
                }
                continue;
            }
            _ => {}
        }
        let (index, to) = match parse_move(line, &position) {
            Ok(parsed) => parsed,
            Err(message) => {
                writeln!(out, "{message}")?;
                continue;
            }
        };
        match game.solver.find_move(&position, index, &to) {
            Some(chosen) => {
                writeln!(out, "you: {chosen}")?;
                history.push(position.clone());
                position = chosen.position;
                cgt_to_move = true;
            }
            None => {
                let from = position.iter().nth(index).unwrap_or(0);
                let mut wanted: Vec<u64> = to.into_iter().filter(|&heap| heap > 0).collect();
                wanted.sort_unstable();
                writeln!(
                    out,
                    "heap {} of {from} cannot become {} in {name}; try again (help shows how)",
                    index + 1,
                    if wanted.is_empty() {
                        "nothing".to_string()
                    } else {
                        Heaps::from(wanted).to_string()
                    }
                )?;
            }
        }
    }
}
