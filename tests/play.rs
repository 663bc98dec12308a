//! `cgt play` driven through pipes as a player would: reading each prompt, deciding, answering.

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

mod common;

/// A running `cgt play` and everything it has printed so far.
struct Session {
    child: Child,
    input: ChildStdin,
    output: BufReader<std::process::ChildStdout>,
    transcript: String,
}

impl Session {
    fn start(arguments: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
            .arg("play")
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cgt starts");
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
fn moving_first_from_a_p_position_loses_to_cgt() {
    // Nim 1 2 3: 1 ^ 2 ^ 3 = 0 (LeetCode 1908 sample 3: the first player loses). The player
    // always takes one counter from the first non-empty heap; cgt must win every time.
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
    assert!(transcript.contains("cgt wins"), "{transcript}");
    assert!(transcript.contains("makes the nim-sum 0"), "{transcript}");
}

/// Asks for a hint at every prompt and plays the move it names, until the game ends; returns
/// the transcript.
fn follow_hints(mut session: Session) -> String {
    let mut turns = 0;
    loop {
        let (_, prompted) = session.until_prompt();
        if !prompted {
            break;
        }
        session.say("hint");
        let (text, _) = session.until_prompt();
        let hint = text
            .lines()
            .find(|line| line.contains("hint: heap "))
            .unwrap_or_else(|| panic!("no winning hint in {text}"));
        // "hint: heap 2: 4 -> 1 2, which ..." becomes "2 1 2".
        let words: Vec<&str> = hint["hint: heap ".len()..]
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
        session.say(&format!("{heap} {}", to.join(" ")));
        turns += 1;
        assert!(turns < 20, "the game does not end");
    }
    session.finish()
}

#[test]
fn following_hints_from_an_n_position_wins() {
    // Kayles 7 and 4: G(7) = 2, G(4) = 1 (OEIS A002186), nim-sum 3, so the player to move wins.
    let transcript = follow_hints(Session::start(&["kayles", "7", "4"]));
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
fn cgt_can_move_first() {
    let output = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["play", "nim", "3", "4", "5", "--first", "cgt"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    // Bouton: 3 ^ 4 ^ 5 = 2, and the one heap with h ^ 2 < h is 3: cgt plays 3 -> 1.
    assert!(
        text.contains("cgt: heap 1: 3 -> 1, which makes the nim-sum 0"),
        "{text}"
    );
    assert!(text.contains("Input ended"), "{text}");
}

/// Games whose components are not heaps, played by following cgt's hints from an N-position:
/// the player must win, every hinted move being accepted as typed.
#[test]
fn following_hints_wins_games_of_other_shapes() {
    for start in [
        vec!["wythoff", "6,9"],
        vec!["staircase", "2,1,3"],
        vec!["moore:2", "1,2,3"],
    ] {
        let mut session = Session::start(&start);
        let mut turns = 0;
        loop {
            let (_, prompted) = session.until_prompt();
            if !prompted {
                break;
            }
            session.say("hint");
            let (text, _) = session.until_prompt();
            let hint = text
                .lines()
                .find(|line| line.starts_with("hint: ") && line.contains(" -> "))
                .unwrap_or_else(|| panic!("{start:?}: no winning hint in {text}"));
            // "hint: take 2 from both heaps: 6,9 -> 4,7, which leaves a P-position" becomes
            // "1 4,7": the one component becomes what the hint says.
            let after = hint
                .rsplit(" -> ")
                .next()
                .unwrap()
                .split(", which")
                .next()
                .unwrap();
            session.say(&format!("1 {after}"));
            turns += 1;
            assert!(turns < 40, "{start:?}: the game does not end");
        }
        let transcript = session.finish();
        assert!(transcript.contains("You win!"), "{start:?}: {transcript}");
        assert!(
            !transcript.contains("cannot become"),
            "{start:?}: {transcript}"
        );
    }
}

/// Misère Nim from 3 5 1 (HDU 1907: the first player wins), following cgt's hints to a win.
#[test]
fn following_misere_hints_wins() {
    let transcript = follow_hints(Session::start(&["nim", "3", "5", "1", "--misere"]));
    assert!(transcript.contains("You win!"), "{transcript}");
    // (The transcript is read byte by byte, so the accent of "misère" is not compared.)
    assert!(transcript.contains("which loses in mis"), "{transcript}");
}

/// `board` with the cells a move such as `domino on r2c1-r2c2` names filled, written back.
fn cram_after(board: &str, description: &str) -> String {
    common::cram_text(&common::with_domino(&common::cram_rows(board), description))
}

/// Cram from 4 x 5 (nimber 2 in Beling's table, tests/oracles/cram_beling.json: an N-position), played by a player who reads the hint's
/// domino and types the board it leaves; each board cgt shows is the one before with exactly
/// the domino just described filled in, as played (not turned to another orientation).
#[test]
fn following_cram_hints_wins_on_the_board_as_played() {
    let mut session = Session::start(&["cram", "4x5", "--threads", "1"]);
    let mut board = "4x5".to_string();
    let mut turns = 0;
    loop {
        let (text, prompted) = session.until_prompt();
        // After cgt's reply, the board shown is the one before with its domino filled.
        if let Some(reply) = text
            .lines()
            .find(|line| line.starts_with("cgt: domino on "))
        {
            // "cgt: domino on r2c2-r3c2, which ..." or "... (no move wins ...)".
            let description = reply["cgt: ".len()..]
                .split([',', '('])
                .next()
                .unwrap()
                .trim();
            board = cram_after(&board, description);
        }
        if !prompted {
            break;
        }
        let shown = text
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix("position: [1]"))
            .unwrap_or_else(|| panic!("no position in {text}"))
            .split_whitespace()
            .next()
            .unwrap();
        assert_eq!(
            common::cram_rows(shown),
            common::cram_rows(&board),
            "{text}"
        );
        session.say("hint");
        let (text, _) = session.until_prompt();
        let hint = text
            .lines()
            .find(|line| line.starts_with("hint: domino on "))
            .unwrap_or_else(|| panic!("no winning hint in {text}"));
        let description = hint["hint: ".len()..].split(',').next().unwrap();
        board = cram_after(&board, description);
        session.say(&format!("1 {board}"));
        turns += 1;
        assert!(turns < 11, "the game does not end");
    }
    let transcript = session.finish();
    assert!(transcript.contains("You win!"), "{transcript}");
    assert!(!transcript.contains("cannot become"), "{transcript}");
}
