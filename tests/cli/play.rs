//! `onag play` driven through pipes as a player would: reading each prompt, deciding, answering.

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

/// A running `onag play` and everything it has printed so far.
struct Session {
    child: Child,
    input: ChildStdin,
    output: BufReader<std::process::ChildStdout>,
    transcript: String,
}

impl Session {
    fn start(arguments: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
            .arg("play")
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("onag starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Session {
            child,
            input,
            output,
            transcript: String::new(),
        }
    }

    /// Reads until the prompt `you> ` or the end; returns what was read and whether a prompt
    /// came.
    fn until_prompt(&mut self) -> (String, bool) {
        let mut text = String::new();
        let mut byte = [0u8; 1];
        loop {
            match self.output.read(&mut byte) {
                Ok(1) => {
                    text.push(byte[0] as char);
                    if text.ends_with("you> ") {
                        self.transcript.push_str(&text);
                        return (text, true);
                    }
                }
                _ => {
                    self.transcript.push_str(&text);
                    return (text, false);
                }
            }
        }
    }

    fn say(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The heaps of the last `position:` line of `text`.
    fn position(text: &str) -> Vec<u64> {
        let line = text
            .lines()
            .rev()
            .find(|line| line.starts_with("position:"))
            .expect("a position line");
        line["position:".len()..]
            .split_whitespace()
            .take_while(|word| word.starts_with('['))
            .map(|word| word.split(']').nth(1).unwrap().parse().unwrap())
            .collect()
    }

    fn finish(mut self) -> String {
        drop(self.input);
        let mut rest = String::new();
        let _ = self.output.read_to_string(&mut rest);
        self.transcript.push_str(&rest);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{}", self.transcript);
        self.transcript
    }
}

#[test]
fn moving_first_from_a_p_position_loses_to_onag() {
    // Nim 1 2 3: 1 ^ 2 ^ 3 = 0 (LeetCode 1908 sample 3: the first player loses). The player
    // always takes one counter from the first non-empty heap; onag must win every time.
    let mut session = Session::start(&["nim", "1", "2", "3"]);
    let mut turns = 0;
    loop {
        let (text, prompted) = session.until_prompt();
        if !prompted {
            break;
        }
        let heaps = Session::position(&text);
        let (index, &heap) = heaps
            .iter()
            .enumerate()
            .find(|&(_, &heap)| heap > 0)
            .expect("a move exists when prompted");
        session.say(&format!("{} {}", index + 1, heap - 1));
        turns += 1;
        assert!(turns < 20, "the game does not end");
    }
    let transcript = session.finish();
    assert!(transcript.contains("onag wins"), "{transcript}");
    assert!(transcript.contains("makes the nim-sum 0"), "{transcript}");
}

/// Plays a heap game by asking for a hint at every prompt and playing the move it names, until
/// the game ends; returns the transcript.
fn follow_hints(start: &[&str]) -> String {
    play_by_hints(start, |_, hint| {
        // "heap 2: 4 -> 1 2, which ..." becomes "2 1 2".
        let words: Vec<&str> = hint
            .strip_prefix("heap ")
            .unwrap_or_else(|| panic!("not a heap's move: {hint}"))
            .split(", which")
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        let heap = words[0].trim_end_matches(':');
        let to: Vec<&str> = words[3..]
            .iter()
            .map(|w| if *w == "nothing" { "0" } else { w })
            .collect();
        format!("{heap} {}", to.join(" "))
    })
}

#[test]
fn following_hints_from_an_n_position_wins() {
    // Kayles 7 and 4: G(7) = 2, G(4) = 1 (OEIS A002186), nim-sum 3, so the player to move wins.
    let transcript = follow_hints(&["kayles", "7", "4"]);
    assert!(transcript.contains("You win!"), "{transcript}");
}

#[test]
fn bad_input_gets_a_message_and_a_new_prompt() {
    let mut session = Session::start(&["bash:3", "10"]);
    session.until_prompt();
    for bad in ["", "x", "0 1", "7 1", "1 11", "1 2 3 4", "1 -5"] {
        session.say(bad);
        let (text, prompted) = session.until_prompt();
        assert!(prompted, "{bad:?}: {text}");
    }
    session.say("undo");
    session.say("quit");
    let transcript = session.finish();
    assert!(transcript.contains("Nothing to undo"), "{transcript}");
    assert!(transcript.contains("You resign"), "{transcript}");
    assert!(!transcript.contains("panicked"));
}

#[test]
fn onag_can_move_first() {
    let output = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["play", "nim", "3", "4", "5", "--first", "onag"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    // Bouton: 3 ^ 4 ^ 5 = 2, and the one heap with h ^ 2 < h is 3: onag plays 3 -> 1.
    assert!(
        text.contains("onag: heap 1: 3 -> 1, which makes the nim-sum 0"),
        "{text}"
    );
    assert!(text.contains("Input ended"), "{text}");
}

/// Plays `start` by asking for a hint at every prompt and typing what `answer` makes of the
/// text shown before the prompt (onag's last move, the position) and of the hint's line (after
/// `hint: `), until the game ends; returns the transcript.
fn play_by_hints(start: &[&str], mut answer: impl FnMut(&str, &str) -> String) -> String {
    let mut session = Session::start(start);
    let mut turns = 0;
    loop {
        let (before, prompted) = session.until_prompt();
        if !prompted {
            break;
        }
        session.say("hint");
        let (text, _) = session.until_prompt();
        let hint = text
            .lines()
            .find_map(|line| line.strip_prefix("hint: "))
            .unwrap_or_else(|| panic!("{start:?}: no hint in {text}"));
        assert!(
            hint.contains(", which"),
            "{start:?}: no winning hint in {text}"
        );
        session.say(&answer(&before, hint));
        turns += 1;
        assert!(turns < 40, "{start:?}: the game does not end");
    }
    session.finish()
}

/// Games whose components are not heaps, played by following onag's hints from an N-position:
/// the player must win, every hinted move being accepted as typed.
#[test]
fn following_hints_wins_games_of_other_shapes() {
    for start in [
        vec!["wythoff", "6,9"],
        vec!["staircase", "2,1,3"],
        vec!["moore:2", "1,2,3"],
    ] {
        // "take 2 from both heaps: 6,9 -> 4,7, which leaves a P-position" becomes "1 4,7": the
        // one component becomes what the hint says.
        let transcript = play_by_hints(&start, |_, hint| {
            let after = hint.rsplit(" -> ").next().unwrap();
            format!("1 {}", after.split(", which").next().unwrap())
        });
        assert!(transcript.contains("You win!"), "{start:?}: {transcript}");
        assert!(
            !transcript.contains("cannot become"),
            "{start:?}: {transcript}"
        );
    }
}

/// Misère Nim from 3 5 1 (HDU 1907: the first player wins), following onag's hints to a win.
#[test]
fn following_misere_hints_wins() {
    let transcript = follow_hints(&["nim", "3", "5", "1", "--misere"]);
    assert!(transcript.contains("You win!"), "{transcript}");
    // (The transcript is read byte by byte, so the accent of "misère" is not compared.)
    assert!(transcript.contains("which loses in mis"), "{transcript}");
}

/// `board` with the cells a move such as `domino on r2c1-r2c2` names filled, written back.
fn cram_after(board: &str, description: &str) -> String {
    crate::common::cram_text(&crate::common::with_domino(
        &crate::common::cram_rows(board),
        description,
    ))
}

/// Cram from 4 x 5 (nimber 2 in Beling's table, tests/oracles/cram_beling.json: an
/// N-position), played by a player who reads the hint's domino and types the board it leaves;
/// each board onag shows is the one before with exactly the domino just described filled in, as
/// played (not turned to another orientation).
#[test]
fn following_cram_hints_wins_on_the_board_as_played() {
    let mut board = "4x5".to_string();
    let transcript = play_by_hints(&["cram", "4x5", "--threads", "1"], |before, hint| {
        // After onag's reply ("onag: domino on r2c2-r3c2, which ..." or "... (no move wins
        // ...)"), the board shown is the one before with its domino filled.
        if let Some(reply) = before.lines().find_map(|line| line.strip_prefix("onag: ")) {
            let description = reply.split([',', '(']).next().unwrap().trim();
            board = cram_after(&board, description);
        }
        let shown = before
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix("position: [1]"))
            .unwrap_or_else(|| panic!("no position in {before}"))
            .split_whitespace()
            .next()
            .unwrap();
        assert_eq!(
            crate::common::cram_rows(shown),
            crate::common::cram_rows(&board),
            "{before}"
        );
        board = cram_after(&board, hint.split(',').next().unwrap());
        format!("1 {board}")
    });
    assert!(transcript.contains("You win!"), "{transcript}");
    assert!(!transcript.contains("cannot become"), "{transcript}");
}

/// Cram, Node Kayles, Arc Kayles and Chomp from N-positions, played by typing each hint's move as
/// the hint writes it (`1 domino on r2c3-r3c3`, `1 take vertex 2 and its neighbours 1, 3`, or
/// without the `1` of the one component): every such move is accepted, and following the hints wins. The starts are N-positions by published
/// values: Cram 4 x 5 has nimber 2 (Beling's table); Node Kayles on a path of 9 is Dawson's chess
/// with 9 pawns and Arc Kayles on a path of 6 is Dawson's Kayles with 6 pins, the same game as
/// Dawson's chess with 5 (A002187: G(9) = 3, G(5) = 3); a rectangle of Chomp is won by the first
/// player (strategy stealing: if biting the far corner lost, the answer to it would be a winning
/// first bite).
#[test]
fn hints_typed_as_moves_are_accepted_and_win() {
    let cram = crate::common::oracle("cram_beling.json")["nimbers"]["4x5"].as_u64();
    let chess =
        crate::common::oracle("dawson_0.07_and_0.137.json")["dawsons_chess_0.137"]["G_source_values"]
            .clone();
    assert_ne!(cram, Some(0));
    assert_ne!(chess[9].as_u64(), Some(0));
    assert_ne!(chess[5].as_u64(), Some(0));
    for start in [
        vec!["cram", "4x5", "--threads", "1"],
        vec!["node-kayles", "path:9"],
        vec!["arc-kayles", "path:6"],
        vec!["chomp", "3x4"],
    ] {
        // With the component's number, and without it (the position is one component).
        for number in ["1 ", ""] {
            let transcript = play_by_hints(&start, |_, hint| {
                format!("{number}{}", hint.split_once(", which").unwrap().0)
            });
            assert!(transcript.contains("You win!"), "{start:?}: {transcript}");
            assert!(!transcript.contains("try again"), "{start:?}: {transcript}");
            assert!(
                !transcript.contains("not a component"),
                "{start:?}: {transcript}"
            );
        }
    }
}

/// A position written with `:` or `,` is one word after the component's number: graphs of Node
/// Kayles (`path:2`, `3:1-2`) are typed as they are shown, with or without the number.
#[test]
fn graph_positions_are_typed_as_shown() {
    // With the component's number, and without it (the position is one component: a number
    // that is not 1, as in `5:...`, is read as the position's first word).
    for typed in ["1 5:0-1,2-3,3-4", "5:0-1,2-3,3-4"] {
        let mut session = Session::start(&["node-kayles", "path:8"]);
        session.until_prompt();
        // Taking vertex 3 of the path 0-...-7 takes 2, 3 and 4 and leaves 0-1 and 5-6-7.
        session.say(typed);
        session.until_prompt();
        session.say("quit");
        let transcript = session.finish();
        assert!(
            transcript.contains("you: take vertex 3 and its neighbours 2, 4"),
            "{typed}: {transcript}"
        );
        assert!(!transcript.contains("try again"), "{typed}: {transcript}");
        assert!(
            !transcript.contains("no component"),
            "{typed}: {transcript}"
        );
    }
}

/// A Cram domino that is not one (cells apart, off the board, on a filled cell) gets a message
/// and a new prompt; the board is unchanged.
#[test]
fn bad_cram_dominoes_get_a_message() {
    let mut session = Session::start(&["cram", "#.../....", "--threads", "1"]);
    session.until_prompt();
    for bad in ["1 r1c2-r1c4", "1 r3c1-r3c2", "1 r1c1-r1c2", "1 r1c0-r1c1"] {
        session.say(bad);
        let (text, prompted) = session.until_prompt();
        assert!(prompted && text.contains("try again"), "{bad}: {text}");
        assert!(text.contains("position: [1]#.../...."), "{bad}: {text}");
    }
    session.say("quit");
    assert!(!session.finish().contains("panicked"));
}

/// In a sum of components that are not heaps, hints and moves name the component (`component
/// 2: take vertex 1 and its neighbours 0, 2`), and following them wins. Node Kayles on a cycle of
/// 7 has the one option a path of 4 (every first move is alike), so its value is mex{G(4)} with
/// G Dawson's chess (A002187: G(4) = 0, G(10) = 3): the sum with a path of 10 is *1 + *3 = *2,
/// an N-position.
#[test]
fn hints_in_a_sum_name_the_component() {
    let chess =
        crate::common::oracle("dawson_0.07_and_0.137.json")["dawsons_chess_0.137"]["G_source_values"]
            .clone();
    let cycle = u64::from(chess[4].as_u64() == Some(0));
    assert_ne!(cycle ^ chess[10].as_u64().unwrap(), 0);
    let transcript = play_by_hints(&["node-kayles", "cycle:7", "path:10"], |_, hint| {
        // "component 2: take vertex 1 ..., which ..." becomes "2 take vertex 1 ...".
        let (component, written) = hint
            .strip_prefix("component ")
            .and_then(|rest| rest.split_once(": "))
            .unwrap_or_else(|| panic!("no component in {hint}"));
        format!("{component} {}", written.split_once(", which").unwrap().0)
    });
    assert!(transcript.contains("You win!"), "{transcript}");
    assert!(!transcript.contains("try again"), "{transcript}");
    assert!(transcript.contains("onag: component "), "{transcript}");
}

/// A cycle is written `cycle:N` whatever the numbering it is kept in, so its vertices and edges
/// are named as on the cycle 0-1-...-(N-1)-0: every edge `i-(i+1)` and vertex `i` can be typed
/// (and is echoed as a move of the same kind: on a cycle every vertex's move leaves the same
/// graph).
#[test]
fn cycles_take_moves_named_round_the_cycle() {
    for n in 5..=9u32 {
        for (game, word) in [("arc-kayles", "edge"), ("node-kayles", "vertex")] {
            for i in 0..n {
                let written = if word == "edge" {
                    format!("1 edge {i}-{}", (i + 1) % n)
                } else {
                    format!("1 vertex {i}")
                };
                let cycle = format!("cycle:{n}");
                let mut session = Session::start(&[game, &cycle]);
                session.until_prompt();
                session.say(&written);
                let (_, prompted) = session.until_prompt();
                if prompted {
                    session.say("quit");
                }
                let transcript = session.finish();
                let echoed = format!("you: take {word} ");
                assert!(transcript.contains(&echoed), "{written}: {transcript}");
                assert!(!transcript.contains("try again"), "{written}: {transcript}");
            }
        }
    }
}

/// A vertex or edge typed on a graph without symmetry between them is echoed as typed: on the
/// path 0-1-...-7, vertex 5 takes 4, 5 and 6 (vertex 2 would leave another numbering); on the
/// path 0-...-5, edge 3-4 takes 3 and 4.
#[test]
fn typed_graph_moves_are_echoed_as_typed() {
    for (game, start, typed, echoed) in [
        (
            "node-kayles",
            "path:8",
            "1 vertex 5",
            "you: take vertex 5 and its neighbours 4, 6",
        ),
        (
            "arc-kayles",
            "path:6",
            "1 edge 3-4",
            "you: take edge 3-4 and its two ends",
        ),
    ] {
        let mut session = Session::start(&[game, start]);
        session.until_prompt();
        session.say(typed);
        let (_, prompted) = session.until_prompt();
        if prompted {
            session.say("quit");
        }
        let transcript = session.finish();
        assert!(transcript.contains(echoed), "{typed}: {transcript}");
    }
}

/// A number alone names a component but not what it becomes. In a position of one component
/// of a game that is not a heap game, it is the position the move leaves (WindUp on a clock of
/// 4 hours winding back 2: hour 3 goes to 1; Square-But-One: a heap of 2 goes to 1 by taking
/// the square 1). Elsewhere it is refused with a message and played nowhere: a Nim heap of 2
/// typed `1` was taken whole, a move the player never wrote, and on a clock a move to hour 1
/// was refused with "``: a move changes one component into one component".
#[test]
fn a_number_alone_is_the_position_left_or_refused() {
    for (start, echoed) in [
        (["windup:4:2", "3"], "you: wind back 2: 3 -> 1"),
        (["square-but-one", "2"], "you: take 1: 2 -> 1"),
    ] {
        let mut session = Session::start(&start);
        session.until_prompt();
        session.say("1");
        let (_, prompted) = session.until_prompt();
        if prompted {
            session.say("quit");
        }
        let transcript = session.finish();
        assert!(transcript.contains(echoed), "{start:?}: {transcript}");
        assert!(!transcript.contains("try again"), "{start:?}: {transcript}");
    }
    for (start, typed) in [
        (vec!["nim", "2"], "1"),
        (vec!["kayles", "5", "3"], "2"),
        (vec!["wythoff", "3,5", "1,1"], "2"),
        (vec!["nim", "2"], "1:"),
    ] {
        let mut session = Session::start(&start);
        session.until_prompt();
        session.say(typed);
        let (text, prompted) = session.until_prompt();
        assert!(prompted, "{start:?} {typed}: {text}");
        assert!(
            text.contains("but not what it becomes"),
            "{start:?} {typed}: {text}"
        );
        assert!(!text.contains("you: "), "{start:?} {typed}: {text}");
        session.say("quit");
        session.finish();
    }
    // `-` still says the heap is left empty.
    let mut session = Session::start(&["nim", "2", "3", "4"]);
    session.until_prompt();
    session.say("1 -");
    let (text, prompted) = session.until_prompt();
    assert!(text.contains("you: heap 1: 2 -> nothing"), "{text}");
    assert!(prompted, "{text}");
    session.say("quit");
    session.finish();
}

/// What the program writes of a move, the example before the first prompt and every hint, can
/// be typed back as it is shown and is played as that move, in every kind of game: heaps
/// (`heap 2: 4 -> 3`), games whose moves are described (`wind back 2: 3 -> 1`, Wythoff's `take 2
/// from both heaps: 3,4 -> 1,2`), sums (`component 2: ...`), graphs of tokens (`c -> d`) and
/// the games whose moves are named (Cram, Chomp, Node Kayles). Hints such as `heap 2: 4 -> 3`
/// were refused (`heap` is not a heap number), and the example was `1 2` whatever the game.
/// A hint copied from another turn names a component that is no longer there, and is refused;
/// `heap 1:` alone names no move.
#[test]
fn what_the_program_writes_of_a_move_can_be_typed_back() {
    let scratch = crate::common::Scratch::new("play-typed");
    let graph = scratch.file("graph.txt", "a b\nb c\nc a\nc d\n");
    let graph = graph.to_str().unwrap().to_string();
    let starts: Vec<Vec<&str>> = vec![
        vec!["nim", "3", "4"],
        vec!["kayles", "5", "7"],
        vec!["grundy", "8"],
        vec!["wythoff", "3,4"],
        vec!["wythoff", "3,5", "1,1"],
        vec!["windup:4:2", "3"],
        vec!["square-but-one", "7"],
        vec!["staircase", "1,2,3"],
        vec!["moore:2", "1", "2", "4"],
        vec!["loopy-subtraction:1,-1/5", "2", "3"],
        vec!["--graph", &graph, "c"],
        vec!["--graph", &graph, "a", "c"],
        vec!["cram", "2x3"],
        vec!["chomp", "3x3", "2x2"],
        vec!["node-kayles", "path:3", "path:6"],
        vec!["nim", "3", "5", "1", "--misere"],
    ];
    for start in &starts {
        // A hint of the starting position (an N-position or a draw: every hint names a move).
        typed_back(start, Some("hint"), |text| {
            let hint = text.lines().find_map(|line| line.strip_prefix("hint: "))?;
            match hint.strip_prefix("no move wins, but ") {
                Some(drawing) => drawing.strip_suffix(" keeps the draw"),
                None => Some(hint.split_once(", which")?.0),
            }
            .map(ToString::to_string)
        });
        // The example shown before the first prompt.
        typed_back(start, None, |text| {
            let line = text
                .lines()
                .find_map(|line| line.strip_prefix("Type a move as the program writes one (`"))?;
            Some(line.split_once('`')?.0.to_string())
        });
    }
    // The first example of Nim 3 4 again after heap 1 has changed: refused, not played.
    let mut session = Session::start(&["nim", "3", "4"]);
    session.until_prompt();
    session.say("heap 1: 3 -> 2");
    session.until_prompt();
    session.say("heap 1: 3 -> 1");
    let (text, _) = session.until_prompt();
    assert!(text.contains("moves from 3, but heap 1 is 2"), "{text}");
    assert!(!text.contains("you: "), "{text}");
    // A component named with nothing after it is no move (as `1` alone is none).
    session.say("heap 1:");
    let (text, _) = session.until_prompt();
    assert!(text.contains("but not what it becomes"), "{text}");
    assert!(!text.contains("you: "), "{text}");
    session.say("quit");
    session.finish();
}

/// Starts `start`, says `ask` first if given, and types what `pick` finds in the text shown
/// before the next prompt: it must be played as typed.
fn typed_back(start: &[&str], ask: Option<&str>, pick: impl Fn(&str) -> Option<String>) {
    let mut session = Session::start(start);
    let (mut text, _) = session.until_prompt();
    if let Some(ask) = ask {
        session.say(ask);
        text = session.until_prompt().0;
    }
    let typed = pick(&text).unwrap_or_else(|| panic!("{start:?}: nothing to type in {text}"));
    session.say(&typed);
    let (text, prompted) = session.until_prompt();
    assert!(
        text.contains(&format!("you: {typed}")),
        "{start:?}: `{typed}` gave {text}"
    );
    if prompted {
        session.say("quit");
    }
    session.finish();
}

/// A position whose outcome only a closed form knows (a rectangle of Chomp is an N-position,
/// strategy stealing) and whose winning moves are past the limits: the hint says a move wins
/// but was not found, never that the position is a P-position, and onag's move says the same.
#[test]
fn an_n_position_past_the_limits_is_not_called_a_p_position() {
    for first in ["me", "onag"] {
        let mut session = Session::start(&[
            "chomp",
            "200,200,200",
            "--max-memory",
            "1M",
            "--first",
            first,
        ]);
        let (text, prompted) = session.until_prompt();
        assert!(prompted, "{text}");
        session.say("hint");
        session.say("quit");
        let transcript = session.finish();
        assert!(transcript.contains("value unknown, N"), "{transcript}");
        assert!(!transcript.contains("this is a P-position"), "{transcript}");
        assert!(!transcript.contains("from a P-position"), "{transcript}");
        let expected = if first == "me" {
            "hint: a move wins (this is an N-position), but finding it goes past the limits"
        } else {
            "(a winning move exists, but finding it goes past the limits)"
        };
        assert!(transcript.contains(expected), "{transcript}");
    }
}
