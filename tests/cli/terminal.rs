//! `onag` in a real terminal under tmux: `play` typed as a person types (the prompt, the board
//! and the end message must appear on the screen), a long computation's progress line, and
//! that line gone from the screen once the program prints.
//!
//! tmux is installed by `.ci/run`; on a machine without it this test says so and passes only
//! outside CI (where `CI` is unset), since it cannot run there.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

fn tmux(arguments: &[&str]) -> String {
    let output = Command::new("tmux")
        .args(arguments)
        .output()
        .expect("tmux runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Waits until the pane shows `text` at least `times` times (a minute at most), returning the
/// screen.
fn wait_for_times(session: &str, text: &str, times: usize) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-p", "-t", session]);
        if screen.matches(text).count() >= times {
            return screen;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "waited for {text:?}; the screen shows:\n{screen}"
        );
        sleep(Duration::from_millis(50));
    }
}

fn wait_for(session: &str, text: &str) -> String {
    wait_for_times(session, text, 1)
}

/// A detached tmux session `name` (made unique to this process) of 100 × 30 running `onag` with
/// `arguments`, left open 30 s after it ends; `None` where tmux is missing (outside CI only).
fn start(name: &str, arguments: &str) -> Option<String> {
    if Command::new("tmux").arg("-V").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "tmux is missing in CI");
        eprintln!("tmux is not installed: the terminal test cannot run here");
        return None;
    }
    let session = format!("{name}-{}", std::process::id());
    let binary = env!("CARGO_BIN_EXE_onag");
    let command = format!("{binary} {arguments}; sleep 30");
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "100",
        "-y",
        "30",
        &command,
    ]);
    Some(session)
}

#[test]
fn a_person_plays_nim_in_a_terminal() {
    let Some(session) = start("onag-test", "play nim 1 2") else {
        return;
    };
    // The pane drops trailing spaces, so the prompt `you> ` shows as `you>`.
    let screen = wait_for(&session, "you>");
    assert!(screen.contains("position: [1]1 [2]2"), "{screen}");
    // Nim 1 2 has nim-sum 3: the winning move is heap 2: 2 -> 1. Typed key by key.
    for key in ["2", "Space", "1", "Enter"] {
        tmux(&["send-keys", "-t", &session, key]);
    }
    // The move's line and the position after it are printed one after the other: each is
    // waited for (asserting the second on the screen that showed the first raced the program).
    wait_for(&session, "you: heap 2: 2 -> 1");
    wait_for(&session, "position: [1]1 [2]1");
    // onag must take one of the two heaps; the one left is heap 1 (positions are canonical),
    // and its last counter is the player's.
    wait_for(&session, "onag: heap");
    let last = "1 0";
    wait_for_times(&session, "you>", 2);
    tmux(&["send-keys", "-t", &session, last, "Enter"]);
    let screen = wait_for(&session, "You win!");
    tmux(&["kill-session", "-t", &session]);
    assert!(screen.contains("onag has no move left"), "{screen}");
}

/// A long computation shows its progress on a terminal; a misère genus, whose cost per heap
/// grows past any rate seen so far (Kayles' heaps near 60 take seconds each, near 40 a
/// millisecond), shows the heap and the time spent, and foretells no time left.
#[test]
fn a_long_genus_shows_progress_without_a_time_left() {
    let Some(session) = start("onag-genus", "sequence kayles --to 200 --misere") else {
        return;
    };
    let screen = wait_for(&session, "misère genus of heap");
    tmux(&["kill-session", "-t", &session]);
    assert!(screen.contains("(of 200)"), "{screen}");
    assert!(!screen.contains("left"), "{screen}");
}

/// A sweep's long game shows the heap it has reached: a sweep of one game to 10^8 would
/// otherwise say "0 of 1 games" for as long as the game takes.
#[test]
fn a_sweep_shows_where_its_game_under_way_is() {
    let scratch = crate::common::Scratch::new("sweep-line");
    let list = scratch.file("games.txt", "0.6\n");
    let arguments = format!(
        "sweep {} --to 100000000 --max-positions 1000000000",
        list.display()
    );
    let Some(session) = start("onag-sweep", &arguments) else {
        return;
    };
    let screen = wait_for(&session, "1 under way at heap");
    tmux(&["kill-session", "-t", &session]);
    assert!(
        screen.contains("onag: sweep to 100.0 M, 0 of 1 games ("),
        "{screen}"
    );
}

/// JSON piped on to another program (`onag ... --json | jq`) still shows the progress on the
/// terminal, stderr's (it was silent for as long as the computation took).
#[test]
fn json_piped_on_still_shows_progress_on_the_terminal() {
    let Some(session) = start(
        "onag-json",
        "sequence kayles --to 200 --misere --json | wc -c",
    ) else {
        return;
    };
    let screen = wait_for(&session, "misère genus of heap");
    tmux(&["kill-session", "-t", &session]);
    assert!(screen.contains("(of 200)"), "{screen}");
}

/// A reply that takes seconds shows its progress, and the line is gone once the move and the
/// prompt are printed: `play` left it on the screen before them
/// (`onag: 316672 positions evaluated, ... you>`), its time counted from the start of the game.
#[test]
fn a_slow_reply_leaves_no_progress_line_on_the_screen() {
    // onag's first move on 3 × 14 Cram takes more than 2 s: a search with reports as it goes.
    let Some(session) = start("onag-reply", "play cram 3x14 --first onag") else {
        return;
    };
    let screen = wait_for(&session, "you>");
    tmux(&["kill-session", "-t", &session]);
    assert!(screen.contains("onag: domino on"), "{screen}");
    assert!(!screen.contains("positions evaluated"), "{screen}");
    assert!(!screen.contains("so far"), "{screen}");
}
