//! The standing adversarial suite: the `onag` binary run as a process on extreme inputs for every
//! subcommand (heaps near 2^64, huge counts, empty and malformed values, long codes), each under
//! a memory cap and a timeout. Every run must end, by itself, in an answer (status 0 and some
//! output) or in one line on stderr and status 2: never a panic, a signal, a hang, or memory
//! past the cap.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The virtual-memory cap of every run, in KiB: the default budget of 2 GiB plus room for the
/// program itself. A run that tries to take more is killed by an allocation failure, which
/// this suite reports as a signal.
const MEMORY_CAP_KIB: u64 = 3 * 1024 * 1024;

/// How long a run may take. The answers here are immediate on a release build; this leaves
/// room for a debug build on a busy 2-core machine.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs `onag arguments` with `input` on stdin under the memory cap and the timeout, and checks
/// that it ended in an answer or in one clear error line; its status and stderr.
/// The output of `child`, which must end within [`TIMEOUT`] (else it is killed and the test
/// fails, naming `what`). The output is drained by another thread while this one keeps time, so
/// that a long answer never blocks on a full pipe.
fn within_the_limit(child: std::process::Child, what: &str) -> std::process::Output {
    let pid = child.id();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait_with_output());
    });
    match receiver.recv_timeout(TIMEOUT) {
        Ok(output) => output.expect("output"),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("{what} ran for more than {TIMEOUT:?}");
        }
    }
}

fn check(arguments: &[&str], input: &[u8]) -> (Option<i32>, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_CAP_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_onag"))
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input);
    drop(stdin);
    let output = within_the_limit(child, &format!("{arguments:?}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let code = output.status.code();
    assert!(code.is_some(), "{arguments:?} ended by a signal: {stderr}");
    assert!(!stderr.contains("panicked"), "{arguments:?}: {stderr}");
    match code {
        Some(0) => assert!(!output.stdout.is_empty(), "{arguments:?}: no output"),
        Some(2) => {
            assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
            assert!(stderr.starts_with("onag: "), "{arguments:?}: {stderr}");
        }
        other => panic!("{arguments:?} ended with status {other:?}: {stderr}"),
    }
    (code, stderr.into_owned())
}

const MAX: &str = "18446744073709551615";

#[test]
fn value_and_moves_on_extreme_heaps() {
    let long_code = format!("octal:0.{}", "7".repeat(5000));
    let many_heaps: Vec<String> = (0..5000).map(|n| (n * 7919 % 1000).to_string()).collect();
    let mut cases: Vec<Vec<String>> = Vec::new();
    for game in [
        "nim",
        "bash:3",
        &format!("bash:{MAX}"),
        "subset-nim:1,3,4",
        &format!("subset-nim:{MAX}"),
        "split-nim",
        "kayles",
        "dawson-kayles",
        "dawson-chess",
        "grundy",
        "lasker",
        "allbut:1,2,3",
        "octal:0.16",
        "tb:4!.0",
        "tb:0.[3]",
    ] {
        for heaps in [
            vec![MAX.to_string()],
            vec![
                "18446744073709551614".to_string(),
                "1000000000000".to_string(),
            ],
            vec!["0".to_string()],
            vec!["1000000000".to_string()],
        ] {
            for command in ["value", "moves"] {
                let mut case = vec![command.to_string(), game.to_string()];
                case.extend(heaps.iter().cloned());
                cases.push(case);
            }
        }
    }
    // A code of 5000 digits: its period may take long to prove, so the run must end at its
    // budget (here a small one), with the flag named.
    for heap in ["30", MAX] {
        for command in ["value", "moves"] {
            cases.push(vec![
                command.to_string(),
                long_code.clone(),
                heap.to_string(),
                "--max-options".to_string(),
                "100000000".to_string(),
            ]);
        }
    }
    let mut crowd = vec!["value".to_string(), "kayles".to_string()];
    crowd.extend(many_heaps);
    cases.push(crowd);
    for case in &cases {
        let arguments: Vec<&str> = case.iter().map(String::as_str).collect();
        check(&arguments, b"");
    }
}

/// The games whose positions are not heaps, at the extremes: components near 2^64 (past the
/// range of Wythoff's closed forms), sums of them, astronomically many moves, malformed
/// components, and each through every position subcommand.
#[test]
fn games_of_other_shapes_at_the_extremes() {
    let big = "1000000000000000000";
    let widest_moore = format!("moore:{MAX}");
    let positions: Vec<(&str, Vec<String>)> = vec![
        ("wythoff", vec![format!("{big},{big}")]),
        ("wythoff", vec![format!("{MAX},{MAX}")]),
        ("wythoff", vec![format!("{big},5"), format!("{big},7")]),
        ("wythoff", vec!["3,5".into(), "300,500".into()]),
        ("wythoff", vec!["3".into()]),
        ("wythoff", vec!["3,5,7".into()]),
        ("wythoff", vec!["-1,2".into()]),
        ("staircase", vec![format!("{MAX},{MAX},{MAX}")]),
        ("staircase", vec![",,".into()]),
        (
            "staircase",
            vec![
                (0..5000)
                    .map(|n| (n % 7).to_string())
                    .collect::<Vec<_>>()
                    .join(","),
            ],
        ),
        ("moore:2", vec![format!("{MAX},{MAX},{big},7")]),
        ("moore:3", vec![format!("{big},{big}"), "1,2,3".into()]),
        ("moore:0", vec!["1".into()]),
        // A move of Ruler turns a run of any length: a head at 2^40 with one at 2^39 has the
        // winning move that leaves 2^40 - 2 heads (an 8 TB allocation, an abort, before
        // positions were held as runs); a move typed in play is judged by the rule at once.
        ("ruler", vec![big.into()]),
        ("ruler", vec!["1099511627776".into(), "549755813888".into()]),
        ("ruler", vec!["1-1000000000000".into(), "7".into()]),
        ("mock-turtles", vec!["0-1000000000000".into()]),
        ("twins", vec![format!("{}", u64::MAX - 1)]),
        ("turning-turtles", vec![big.into(), "5".into()]),
        ("coins:1,3", vec!["1-100000".into()]),
        ("coins:1,3", vec!["1-100000000".into()]),
        (&widest_moore, vec!["1,2,3".into()]),
        (
            "moore:2",
            vec![
                (0..3000)
                    .map(|n| (n * 7919 % 1000).to_string())
                    .collect::<Vec<_>>()
                    .join(","),
            ],
        ),
    ];
    for (game, components) in &positions {
        for command in ["value", "moves", "graph"] {
            let mut case = vec![command, game];
            case.extend(components.iter().map(String::as_str));
            check(&case, b"");
        }
        let mut play = vec!["play", game];
        play.extend(components.iter().map(String::as_str));
        check(&play, b"hint\n1 0,0\n1 x\nquit\n");
    }
}

/// Nimber expressions at the extremes: the widest numbers, the largest exponents, deep nesting
/// and malformed text.
#[test]
fn nimber_expressions_at_the_extremes() {
    let widest = format!("0x{}", "f".repeat(1024));
    let deep = format!("{}3{}", "sqrt(".repeat(150), ")".repeat(150));
    let too_deep = format!("{}3{}", "(".repeat(5000), ")".repeat(5000));
    let cases: Vec<String> = vec![
        format!("inv({widest})"),
        format!("sqrt({widest}) * {widest}"),
        format!("{widest} ^ 340282366920938463463374607431768211455"),
        format!("{widest} ^ 340282366920938463463374607431768211456"),
        format!("{widest}0"),
        deep,
        too_deep,
        "1 / (3 + 3)".to_string(),
        "3 * * 3".to_string(),
        "\u{1F600}".to_string(),
        String::new(),
    ];
    for case in &cases {
        check(&["nimber", case], b"");
        check(&["nimber", case, "--json"], b"");
    }
}

/// Misère play on positions far too large to search: every run ends in an answer or one
/// line, within the memory cap.
#[test]
fn misere_at_the_extremes() {
    for case in [
        vec!["value", "kayles", MAX, "--misere"],
        // Sums of coin rows: the search's table counted 64 bytes for what each position
        // keeps on the heap, took 2.8 GB on a 2 GB budget and aborted under the cap.
        vec![
            "value",
            "turning-turtles",
            "1000000000000000000",
            "5",
            "--misere",
        ],
        vec![
            "value",
            "ruler",
            "1099511627776",
            "549755813888",
            "--misere",
        ],
        vec!["value", "nim", MAX, MAX, "--misere"],
        vec![
            "moves",
            "grundy",
            "1000000",
            "--misere",
            "--max-memory",
            "200M",
        ],
        vec!["value", "wythoff", "1000000000,1000000000", "--misere"],
        // Misère Moore's Nim searched every position below the heaps (each with about two
        // million moves) and ran past a minute; its closed form answers at once.
        vec!["value", "moore:2", "5,6,7,100000", "--misere"],
        // Each position here has about a million moves, so the default options budget (10^11)
        // allows hours of search (with its progress shown on a terminal); a smaller one ends it.
        vec![
            "value",
            "turning-corners",
            "1000,1000",
            "--misere",
            "--max-options",
            "1000000",
        ],
        vec![
            "value",
            "kayles",
            "40",
            "--misere",
            "--max-positions",
            "100",
        ],
    ] {
        check(&case, b"");
    }
    check(&["play", "kayles", "30", "--misere"], b"hint\nquit\n");
    check(
        &["play", "moore:3", "1000000000000000000,3,3", "--misere"],
        b"hint\nquit\n",
    );
    // Misère quotients and genera: certified early, stopped by their limits, or refused.
    for case in [
        vec!["quotient", "kayles", "--to", MAX],
        vec!["quotient", "nim", "--to", MAX, "--max-positions", "200"],
        vec!["quotient", "octal:0.6", "--to", MAX, "--json"],
        vec!["quotient", "kayles", "--to", "0"],
        vec!["quotient", "wythoff"],
        vec!["quotient", "tb:4!.0", "--to", "100"],
        vec!["sequence", "kayles", "--to", MAX, "--misere"],
        vec![
            "sequence",
            "dawson-chess",
            "--to",
            "40",
            "--misere",
            "--max-positions",
            "100000",
        ],
        vec![
            "value", "kayles", MAX, MAX, "1", "2", "3", "4", "5", "6", "7", "--misere",
        ],
    ] {
        check(&case, b"");
    }
}

/// Games with cycles and graph files at the extremes: reaches far too large to explore end in
/// the budget's error, malformed games and files in one line.
#[test]
fn loopy_games_and_graph_files_at_the_extremes() {
    let scratch = crate::common::Scratch::new("adversarial");
    let garbage = scratch.file("garbage.bin", [0xff, 0xfe, 0x00, b'\n', b'a']);
    let garbage = garbage.to_str().unwrap().to_string();
    let directory = std::env::temp_dir();
    let directory = directory.to_str().unwrap().to_string();
    let windup = format!("windup:{MAX}:1");
    for case in [
        vec![
            "value",
            &windup,
            "18446744073709551614",
            "--max-memory",
            "300M",
        ],
        vec!["value", "square-but-one", MAX, "--max-memory", "300M"],
        vec!["moves", "square-but-one", MAX, "--max-positions", "100000"],
        vec![
            "value",
            "windup:5:1,3",
            "0",
            "1",
            "2",
            "3",
            "4",
            "4",
            "3",
            "2",
            "1",
        ],
        vec!["graph", "windup:1000000:1", "999999"],
        vec!["value", "windup:", "1"],
        vec!["value", "windup:x:1", "1"],
        vec!["value", "windup:3:", "1"],
        vec!["value", "windup:3:0", "1"],
        vec!["value", &windup, MAX],
        vec!["value", "loopy-subtraction:/", "1"],
        vec!["value", "loopy-subtraction:1,x/3", "1"],
        vec!["value", "loopy-subtraction:1/99999999999999999999", "1"],
        vec!["value", "loopy-subtraction:-1/18446744073709551615", MAX],
        vec!["value", "--graph", &garbage, "a"],
        vec!["value", "--graph", &directory, "a"],
        vec!["value", "--graph", &garbage],
        vec!["graph", "--graph", &garbage],
        vec!["value", "square-but-one", "7", "--misere"],
    ] {
        check(&case, b"");
    }
    check(
        &["play", "windup:5:1,3", "2", "4"],
        b"\xff\xfe\n9 9\n1 1\ndraw\nhint\nquit\n",
    );
    check(
        &["play", "square-but-one", "2"],
        b"1 3\n1 2\ndraw\n1 1\nquit\n",
    );
}

/// The board and graph games of one large position at their limits: refused past them, ended
/// by the budget within them.
#[test]
fn board_and_graph_games_at_the_extremes() {
    for case in [
        vec!["value", "cram", "64x64", "--max-options", "100000"],
        vec!["value", "cram", "65x64"],
        vec!["value", "cram", "4294967295x4294967295"],
        vec!["value", "cram", "..#/."],
        vec!["value", "cram", "x"],
        vec!["value", "chomp", "256x256", "--max-options", "100000"],
        vec!["value", "chomp", "257x256"],
        vec!["value", "chomp", "3,5"],
        vec!["value", "chomp", "0x0"],
        vec![
            "value",
            "node-kayles",
            "grid:32x32",
            "--max-options",
            "10000",
        ],
        vec!["value", "node-kayles", "grid:33x32"],
        vec!["value", "node-kayles", "complete:257"],
        vec!["value", "arc-kayles", "3:0-1,1-5"],
        vec!["value", "arc-kayles", "path:x"],
        vec![
            "moves",
            "node-kayles",
            "star:1023",
            "--max-options",
            "10000",
        ],
        vec!["play", "cram", "3x3", "--threads", "2"],
    ] {
        check(&case, b"");
    }
}

#[test]
fn malformed_and_extreme_options() {
    let long = "9".repeat(10_000);
    for arguments in [
        vec!["value", "", "3"],
        vec!["value", "nim", ""],
        vec!["value", "nim", "-0"],
        vec!["value", "nim", &long],
        vec!["value", "octal:", "3"],
        vec!["value", "octal:0.8", "3"],
        vec!["value", "tb:[", "3"],
        vec!["value", "subset-nim:1,", "3"],
        vec!["value", "nim", "3", "--max-moves", MAX],
        vec!["value", "nim", "3", "--max-memory", "lots"],
        vec!["value", "nim", "3", "--max-memory", "99999999999T"],
        vec!["value", "kayles", "30", "--max-positions", "0"],
        vec!["value", "kayles", "30", "--max-memory", "0"],
        vec!["value", "grundy", "5000", "--max-options", "0"],
        vec!["moves", "split-nim", MAX, "--max-moves", "1000000"],
        vec![
            "value",
            "split-nim",
            "1000000000000000000",
            "--max-moves",
            "1000000",
        ],
    ] {
        check(&arguments, b"");
    }
}

#[test]
fn sequences_graphs_and_completions_at_the_limits() {
    for arguments in [
        vec!["sequence", "nim", "--to", MAX, "--summary"],
        vec!["sequence", "kayles", "--to", MAX, "--json"],
        vec!["sequence", "grundy", "--to", MAX],
        vec!["sequence", "allbut:1,2", "--to", "10000000000"],
        vec![
            "sequence",
            "kayles",
            "--to",
            "100000000000",
            "--plot",
            "/tmp/x.svg",
        ],
        vec!["sequence", "kayles", "--to", "10", "--table", "0"],
        vec!["sequence", "split-nim", "--to", "1000000000", "--summary"],
        vec!["graph", "nim", MAX],
        vec!["graph", "nim", "1000000000"],
        vec!["graph", "split-nim", MAX, "--max-positions", MAX],
        vec!["graph", "kayles", "1000000", "--max-positions", "1000000"],
        vec!["graph", "grundy", MAX],
        vec!["completions", "bash"],
        vec!["completions", "tcsh"],
        vec!["games", "--json"],
    ] {
        check(&arguments, b"");
    }
}

#[test]
fn play_on_extreme_positions_and_input() {
    let hint_then_quit = b"hint\nhint\n1 0\nundo\nquit\n".as_slice();
    for (arguments, input) in [
        (vec!["play", "kayles", MAX], hint_then_quit),
        (
            vec!["play", "lasker", "18446744073709551614", "7"],
            hint_then_quit,
        ),
        (
            vec!["play", "split-nim", "1000000000000000000"],
            hint_then_quit,
        ),
        (vec!["play", "nim", MAX, MAX], hint_then_quit),
        (
            vec!["play", "grundy", "100000", "--first", "onag"],
            hint_then_quit,
        ),
        (vec!["play", "nim", "3", "4"], b"\xff\xfe\n".as_slice()),
        (
            vec!["play", "nim", "3", "4"],
            b"99999999999999999999999 1\n1 -5\n\n".as_slice(),
        ),
        (vec!["play", "kayles", "7"], b"".as_slice()),
        // Judging a typed move by listing the head's moves took 10^12 steps (a hang); a run
        // typed as a move, and the program's answer from a trillion heads.
        (
            vec!["play", "ruler", "1000000", "--first", "me"],
            b"1 999999\nquit\n".as_slice(),
        ),
        (
            vec!["play", "ruler", "1099511627776", "--first", "me"],
            b"1 2-1099511627775\nhint\nquit\n".as_slice(),
        ),
        (
            vec!["play", "mock-turtles", "1000000", "--first", "me"],
            b"1 999998,999999\nquit\n".as_slice(),
        ),
    ] {
        check(&arguments, input);
    }
}

/// Files and input that never end (a device such as /dev/zero, a pipe, a line without a
/// newline) are read up to a bound and refused there, whatever their metadata says: each once
/// took memory until the allocator failed (the machine's 24 GB without a cap; `play` aborted).
#[test]
fn inputs_without_end_are_refused_at_their_bound() {
    for case in [
        // The graph text may take a quarter of --max-memory.
        &["value", "--graph", "/dev/zero", "a", "--max-memory", "64M"][..],
        &["value", "--graph", "/dev/zero", "a"],
        // A graph for Node Kayles: at most 64 MiB of text.
        &["value", "node-kayles", "file:/dev/zero"],
    ] {
        let (code, stderr) = check(case, b"");
        assert_eq!(code, Some(2), "{case:?}");
        assert!(stderr.contains("more than"), "{case:?}: {stderr}");
    }
    // A quotient checkpoint is read within --max-memory: a regular file of 200 MB (sparse, so
    // it takes no disk) is refused at 64 MiB. (A device there is refused before any reading:
    // devices_and_pipes_are_refused_where_a_file_is_replaced_or_read_whole.)
    let scratch = crate::common::Scratch::new("endless");
    let huge = scratch.join("huge.ckpt");
    std::fs::File::create(&huge)
        .and_then(|file| file.set_len(200 << 20))
        .expect("a sparse file");
    let huge = huge.to_str().unwrap();
    let case = [
        "quotient",
        "kayles",
        "--checkpoint",
        huge,
        "--max-memory",
        "64M",
    ];
    let (code, stderr) = check(&case, b"");
    assert_eq!(code, Some(2), "{case:?}");
    assert!(stderr.contains("more than"), "{case:?}: {stderr}");
    // A line of play of more than 64 KiB.
    let long_line = vec![b'1'; 200_000];
    let (code, stderr) = check(&["play", "nim", "3"], &long_line);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("a line of more than 65536 bytes"),
        "{stderr}"
    );
}

/// `onag ... | head -1`: the reader goes away, and onag ends quietly with status 0.
#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["sequence", "kayles", "--to", "1000000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 64];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("some output");
    drop(stdout);
    let output = child.wait_with_output().expect("onag ends");
    assert_eq!(output.status.code(), Some(0));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A full disk is one line and status 2, whatever the subcommand writes.
#[test]
fn a_full_disk_is_one_line() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for arguments in [
        vec!["value", "nim", "3", "4", "5"],
        vec!["completions", "bash"],
        vec!["sequence", "kayles", "--to", "100000"],
        vec!["games"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(&arguments)
            .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("onag runs");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
        assert!(stderr.contains("No space left"), "{arguments:?}: {stderr}");
    }
}

/// A graph file is read as what it is, whatever its encoding and spelling, or refused in one
/// line: never read as another format (a wrong answer with status 0) and never a panic on a
/// name. The graph a -> b, worked by hand: a token on a has one move, to b, where none is
/// left, so a is an N-position worth * and b a P-position worth 0.
#[test]
fn graph_files_are_read_as_written_or_refused() {
    let directory = crate::common::Scratch::new("files");
    let file = |name: &str, bytes: &[u8]| {
        let path = directory.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    };
    let a_to_b = |path: &str| {
        let (code, _) = check(&["value", "--graph", path, "--json"], b"");
        assert_eq!(code, Some(0), "{path}");
        let output = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(["value", "--graph", path, "--json"])
            .output()
            .unwrap();
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let vertices: Vec<(String, String)> = report["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                (
                    v["vertex"].as_str().unwrap().to_string(),
                    v["outcome"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(
            vertices,
            [
                ("a".to_string(), "N".to_string()),
                ("b".to_string(), "P".to_string())
            ],
            "{path}"
        );
    };
    // A byte-order mark (Windows Notepad) on JSON, DOT and an edge list.
    a_to_b(&file(
        "bom.json",
        b"\xef\xbb\xbf{\"edges\": [[\"a\", \"b\"]]}",
    ));
    a_to_b(&file("bom.dot", b"\xef\xbb\xbfdigraph { a -> b }"));
    a_to_b(&file("bom.txt", b"\xef\xbb\xbfa b\n"));
    // DOT's keywords in any case, and an HTML label.
    a_to_b(&file("case.dot", b"DiGraph { a -> b }"));
    a_to_b(&file("strict.dot", b"STRICT DIGRAPH g { a -> b }"));
    a_to_b(&file(
        "html.dot",
        b"digraph { a [label=<<b>A</b> &amp; <i>x</i>>]; a -> b }",
    ));
    // Refused in one line, status 2.
    let refused = |name: &str, bytes: &[u8], needle: &str| {
        let path = file(name, bytes);
        let (code, stderr) = check(&["value", "--graph", &path], b"");
        assert_eq!(code, Some(2), "{name}: {stderr}");
        assert!(stderr.contains(needle), "{name}: {stderr}");
    };
    refused("array.json", b"[[\"a\", \"b\"]]", "found an array");
    refused(
        "twice.json",
        b"{\"edges\": [[\"a\", \"b\"]], \"edges\": [[\"c\", \"d\"]]}",
        "appears twice",
    );
    refused("control.txt", b"a\x00b c\n", "control character");
    refused("escape.txt", b"a\x1b[2Jb c\n", "control character");
    let long = format!("{} b\n", "x".repeat(70_000));
    refused("long.txt", long.as_bytes(), "at most 1024");
    // The same long name through --misere, and on a graph game's file.
    let path = file("long2.txt", long.as_bytes());
    assert_eq!(
        check(&["value", "--graph", &path, "--misere"], b"").0,
        Some(2)
    );
    // Node and Arc Kayles are played on simple graphs: a loop is refused, not dropped.
    let looped = file("loop.txt", b"a a\na b\n");
    for game in ["node-kayles", "arc-kayles"] {
        let (code, stderr) = check(&["value", game, &format!("file:{looped}")], b"");
        assert_eq!(code, Some(2), "{game}: {stderr}");
        assert!(stderr.contains("itself"), "{game}: {stderr}");
        let (code, _) = check(&["value", game, "3:0-1,1-1"], b"");
        assert_eq!(code, Some(2), "{game}");
    }
}

/// One spelling, one message: what a user may reasonably type is read, and the same mistake
/// gets the same message whichever bound it passes.
#[test]
fn one_spelling_one_message() {
    let run = |arguments: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(arguments)
            .output()
            .expect("onag runs")
    };
    // `--json` on `graph`, as on every other subcommand.
    let json = run(&["graph", "nim", "2", "--json"]);
    let format = run(&["graph", "nim", "2", "--format", "json"]);
    assert!(json.status.success());
    assert_eq!(json.stdout, format.stdout);
    assert_eq!(
        check(&["graph", "nim", "2", "--json", "--format", "dot"], b"").0,
        Some(2)
    );
    // Powers: an exponent in hexadecimal as numbers are; a chain said to be one. In GF(4), 2
    // has order 3, so 2^16 = 2^(16 mod 3) = 2.
    assert_eq!(
        String::from_utf8_lossy(&run(&["nimber", "2^0x10"]).stdout).trim(),
        "2"
    );
    assert_eq!(
        String::from_utf8_lossy(&run(&["nimber", "2 ^ 16"]).stdout).trim(),
        "2"
    );
    let (code, stderr) = check(&["nimber", "2^3^2"], b"");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("powers do not chain"), "{stderr}");
    // A complete graph or a star too large: one message, whatever the size.
    for (small, large, needle) in [
        ("complete:1024", "complete:10000", "at most 256 vertices"),
        ("star:1024", "star:10000", "at most 1023 leaves"),
    ] {
        for position in [small, large] {
            let (code, stderr) = check(&["value", "node-kayles", position], b"");
            assert_eq!(code, Some(2), "{position}");
            assert!(stderr.contains(needle), "{position}: {stderr}");
        }
    }
    // A game over before anyone moved does not say somebody made the last move.
    for (first, winner) in [("me", "onag wins"), ("onag", "You win")] {
        let output = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(["play", "nim", "0", "--first", first])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(!text.contains("made the last move"), "{text}");
        assert!(
            text.contains("from the start") && text.contains(winner),
            "{text}"
        );
    }
    // Help that cannot be written is an error, like any other output.
    if std::path::Path::new("/dev/full").exists() {
        let output = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" --help > /dev/full")
            .arg(env!("CARGO_BIN_EXE_onag"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("onag: "), "{stderr}");
    }
}

/// Known values are answered, not refused: a Wythoff position whose smaller heap is no larger
/// than the difference of the heaps is an N-position (the P-positions are the pairs
/// (⌊kφ⌋, ⌊kφ⌋ + k), whose smaller heap exceeds their difference k), however large, and its
/// one winning move takes the larger heap to the smaller's partner among the Beatty pairs
/// (OEIS A000201 and A001950: (3, 5) is the pair for k = 2).
#[test]
fn wythoff_positions_past_the_search_that_the_rule_settles() {
    for (position, leaves) in [
        (format!("0,{MAX}"), "0,0"),
        ("5,5000000000000000000".to_string(), "5,3"),
        (format!("{MAX},7"), "4,7"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(["value", "wythoff", &position, "--json"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{position}: {output:?}");
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["outcome"], "N", "{position}");
        let moves = report["winning_moves"].as_array().unwrap();
        assert_eq!(moves.len(), 1, "{position}: {report}");
        let pair: Vec<String> = moves[0]
            .as_array()
            .unwrap()
            .iter()
            .map(|component| {
                component
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|heap| heap.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        assert_eq!(pair, [leaves], "{position}");
    }
    // Both heaps past 2^62: the Beatty pair for k = 2^62, (⌊kφ⌋, ⌊kφ⌋ + k), computed with
    // Python's arbitrary-precision isqrt, is a P-position; one more counter in each heap is an
    // N-position won by taking one from both.
    let (low, high) = (7_461_864_723_258_187_525u64, 12_073_550_741_685_575_429u64);
    let value = |position: String| -> serde_json::Value {
        let output = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(["value", "wythoff", &position, "--json"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{position}: {output:?}");
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let p_position = value(format!("{low},{high}"));
    assert_eq!(p_position["outcome"], "P", "{p_position}");
    let n_position = value(format!("{},{}", low + 1, high + 1));
    assert_eq!(n_position["outcome"], "N", "{n_position}");
    let moves = n_position["winning_moves"].to_string();
    assert!(moves.contains(&format!("[{low},{high}]")), "{moves}");
}

/// Moore's Nim_1 is Nim (a move touches one heap): its value is the nim-sum of its heaps
/// (Bouton 1901), at any size, not "unknown".
#[test]
fn moores_nim_1_is_valued_as_nim() {
    for heaps in [[3u64, 100_000_000], [3, 5], [1 << 40, 7], [u64::MAX, 1]] {
        let position = format!("{},{}", heaps[0], heaps[1]);
        let output = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(["value", "moore:1", &position, "--json"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{position}");
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(
            report["grundy"].as_u64(),
            Some(heaps[0] ^ heaps[1]),
            "{position}"
        );
    }
}

/// Sends `signal` to a run of `onag arguments` after `after`, and answers its exit status and
/// stderr (the run must end by itself within a few seconds of the signal).
fn interrupt(arguments: &[&str], signal: &str, after: Duration) -> (Option<i32>, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(arguments)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag starts");
    std::thread::sleep(after);
    let pid = child.id();
    Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .expect("kill runs");
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait_with_output());
    });
    let output = match receiver.recv_timeout(Duration::from_secs(10)) {
        Ok(output) => output.expect("output"),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("{arguments:?} did not end within 10 s of {signal}");
        }
    };
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn interrupted_work_keeps_its_checkpoint() {
    let directory = crate::common::Scratch::new("interrupt");
    // A sequence stopped by Ctrl-C: status 130, one line, and its values in the checkpoint
    // (written at once, not after the default minute), which a later run resumes from.
    let sequence = directory.join("officers.ckpt");
    let file = sequence.to_str().unwrap();
    let (code, stderr) = interrupt(
        &[
            "sequence",
            "octal:0.6",
            "--to",
            "100000000",
            "--max-positions",
            "1000000000",
            "--checkpoint",
            file,
            "--summary",
        ],
        "-INT",
        Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("onag: interrupted"), "{stderr}");
    assert!(sequence.exists(), "no checkpoint after Ctrl-C");
    let fresh = super::common::json(&["sequence", "octal:0.6", "--to", "20000", "--json"]);
    let resumed = super::common::json(&[
        "sequence",
        "octal:0.6",
        "--to",
        "20000",
        "--checkpoint",
        file,
        "--json",
    ]);
    assert_eq!(resumed["values"], fresh["values"]);
    // A quotient stopped by SIGTERM keeps what it learned as well.
    let quotient = directory.join("daisies.ckpt");
    let file = quotient.to_str().unwrap();
    let (code, stderr) = interrupt(
        &["quotient", "octal:4.7", "--to", "40", "--checkpoint", file],
        "-TERM",
        Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.starts_with("onag: interrupted"), "{stderr}");
    assert!(quotient.exists(), "no checkpoint after SIGTERM");
}

/// Strategy arguments answer at once what no search could: on an even by odd Cram board the
/// first player takes the central domino (along the even side) and answers every move with its
/// half-turn image (Gardner), so the board is an N-position and that domino a winning move; an
/// even by even board is a P-position by the same mirror.
#[test]
fn cram_boards_the_half_turn_wins_are_answered_at_once() {
    // Under the adversarial suite's timeout: the search these boards would take is hours.
    let (code, _) = check(&["value", "cram", "64x63"], b"");
    assert_eq!(code, Some(0));
    let report = super::common::json(&["value", "cram", "64x63", "--json"]);
    assert_eq!(report["outcome"], "N", "{report}");
    let described = report["winning_moves_described"].to_string();
    assert!(described.contains("r32c32-r33c32"), "{described}");
    let (code, _) = check(&["value", "cram", "64x64"], b"");
    assert_eq!(code, Some(0));
    let report = super::common::json(&["value", "cram", "64x64", "--json"]);
    assert_eq!(report["outcome"], "P", "{report}");
    assert_eq!(report["grundy"], 0, "{report}");
}

#[test]
fn loopy_sums_of_many_tokens_are_valued_by_the_sum_rule() {
    // WindUp(7, {1, 2, 5}): hour 3 is 0, hour 2 is *2, hour 1 is * (cgt-tools, in the loopy
    // oracle). 30,001 tokens on hour 3 are a P-position; 15,000 pairs of hours 3 and 2 and
    // one token on hour 1 are worth *: the sum rule is linear in the tokens, and so is the work.
    let windup = crate::common::oracle("loopy_games.json");
    let values = &windup["windup"]["cases"][0];
    assert_eq!(values["S"], serde_json::json!([1, 2, 5]));
    assert_eq!(values["values"][1], "*");
    assert_eq!(values["values"][2], "*2");
    assert_eq!(values["values"][3], "0");
    let mut all_three = vec!["value", "windup:7:1,2,5", "--json"];
    all_three.extend(std::iter::repeat_n("3", 30_001));
    let (code, _) = check(&all_three, b"");
    assert_eq!(code, Some(0));
    let report = super::common::json(&all_three);
    assert_eq!(
        (report["grundy"].clone(), report["outcome"].clone()),
        (0.into(), "P".into())
    );
    let mut mixed = vec!["value", "windup:7:1,2,5", "--json", "1"];
    mixed.extend(std::iter::repeat_n(["3", "2"], 15_000).flatten());
    let (code, _) = check(&mixed, b"");
    assert_eq!(code, Some(0));
    let report = super::common::json(&mixed);
    assert_eq!(report["grundy"], 1);
    // The moves to 0 take a * to 0 or a 0 to *: hour 1 to hour 0, and each hour 3 to hour 1
    // (hour 2 has no option worth *3): 15,001 of them, more than the 100 listed.
    assert_eq!(report["winning_moves"].as_array().unwrap().len(), 100);
    assert_eq!(report["winning_moves_truncated"], true);
}

#[test]
fn a_graph_file_of_many_starts_is_drawn_in_one_exploration() {
    // A chain of 50,000 vertices, each with one move to the one before: vertex i is worth
    // i mod 2 (0 for the end, then * and 0 in turn, by the mex). Drawn with every vertex a
    // start, which once explored and labelled the graph again for each vertex.
    let scratch = crate::common::Scratch::new("chain");
    let path = scratch.join("graph.txt");
    let text: String = (1..50_000).map(|i| format!("v{i} v{}\n", i - 1)).collect();
    std::fs::write(&path, text).expect("the graph file");
    let file = path.to_str().expect("a UTF-8 path");
    let arguments = [
        "graph",
        "--graph",
        file,
        "--json",
        "--max-positions",
        "100000",
    ];
    let (code, _) = check(&arguments, b"");
    assert_eq!(code, Some(0));
    let report = super::common::json(&arguments);
    let nodes = report["nodes"].as_array().expect("nodes");
    assert_eq!(nodes.len(), 50_000);
    for node in nodes {
        let name = node["position"][0].as_str().expect("a vertex name");
        let index: u64 = name[1..].parse().expect("v and a number");
        assert_eq!(node["grundy"], index % 2, "{node}");
    }
}

#[test]
fn closed_forms_answer_without_search_or_memory() {
    // Nim's values are its heaps (Bouton): 3 ^ 4 ^ 5 = 2, with no memory at all.
    let report =
        super::common::json(&["value", "nim", "3", "4", "5", "--max-memory", "0", "--json"]);
    assert_eq!(report["grundy"], 2);
    // One take s: a heap below s has no move, and each larger heap's one move leads s lower,
    // so G(n) = floor(n / s) mod 2.
    let max = u64::MAX;
    let (code, _) = check(
        &[
            "value",
            &format!("subset-nim:{max}"),
            MAX,
            &(max - 1).to_string(),
        ],
        b"",
    );
    assert_eq!(code, Some(0));
    let report = super::common::json(&[
        "value",
        &format!("subset-nim:{max}"),
        MAX,
        &(max - 1).to_string(),
        "--json",
    ]);
    assert_eq!(report["grundy"], 1);
    assert_eq!(
        report["winning_moves_described"][0],
        format!("heap 2: {max} -> nothing")
    );
    for (take, heaps) in [
        (7u64, [20u64, 15]),
        (3, [10, 4]),
        (1_000_000_007, [3_000_000_021, 5]),
    ] {
        let expected = heaps.iter().fold(0, |sum, heap| sum ^ ((heap / take) % 2));
        let report = super::common::json(&[
            "value",
            &format!("subset-nim:{take}"),
            &heaps[0].to_string(),
            &heaps[1].to_string(),
            "--json",
        ]);
        assert_eq!(report["grundy"], expected, "{take} {heaps:?}");
    }
    // Wythoff beside an empty heap is Nim: G(0, n) = n.
    let report = super::common::json(&["value", "wythoff", &format!("0,{MAX}"), "--json"]);
    assert_eq!(report["value"], format!("*{MAX}"));
    // Both heaps past 2^62: the value is past any search, the outcome the closed form's. The
    // smaller heap is not ⌊dφ⌋ for the difference d = 2^62 - 1 (⌊dφ⌋ is about 7.46·10^18).
    let report = super::common::json(&[
        "value",
        "wythoff",
        "4611686018427387905,9223372036854775808",
        "--json",
    ]);
    assert_eq!(report["outcome"], "N", "{report}");
    // A search refused by its estimate says so, not that work was done: Cram 15 x 15 (odd by
    // odd, which no mirror settles) is estimated at 2^112 options.
    let (code, stderr) = check(&["value", "cram", "15x15"], b"");
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("by the game's own estimate (none was examined)"),
        "{stderr}"
    );
    // Officers to 10^10: a published computation found no period before 1.4 x 10^14, so every
    // value is held and the memory they need is refused at once (it ran 26 s into the options'
    // limit before), in both spellings of the code.
    for code in ["octal:0.6", "octal:.60"] {
        let (status, stderr) = check(&["sequence", code, "--to", "10000000000", "--summary"], b"");
        assert_eq!(status, Some(2));
        assert!(
            stderr.contains("bytes of memory; raise --max-memory"),
            "{stderr}"
        );
    }
    // Cram past the board's 4096 cells is refused, with the outcome the mirror gives where a
    // side is even (no board is built).
    let (status, stderr) = check(&["value", "cram", "1000x1000"], b"");
    assert_eq!(status, Some(2));
    assert!(
        stderr.contains("an even by even board is a P-position"),
        "{stderr}"
    );
    let (status, stderr) = check(&["value", "cram", "999x1000"], b"");
    assert_eq!(status, Some(2));
    assert!(
        stderr.contains("an even by odd board is an N-position"),
        "{stderr}"
    );
    // A quotient that could add no heap within the budget is an error, not the quotient of none.
    let (code, stderr) = check(&["quotient", "kayles", "--max-memory", "0"], b"");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("limit of 0 bytes"), "{stderr}");
}

#[test]
fn checkpoints_two_writers_directories_and_finished_files() {
    let directory = crate::common::Scratch::new("writers");
    let file = directory.join("0.6.ckpt");
    let file_text = file.to_str().expect("UTF-8");
    // Two processes keeping one checkpoint, each writing every 10 ms: both finish, with the
    // same values, and the file left is whole.
    let arguments = [
        "sequence",
        "octal:0.6",
        "--to",
        "300000",
        "--summary",
        "--checkpoint",
        file_text,
        "--checkpoint-every",
        "0.01",
    ];
    let children: Vec<_> = (0..2)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_onag"))
                .args(arguments)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("onag starts")
        })
        .collect();
    let outputs: Vec<_> = children
        .into_iter()
        .map(|child| child.wait_with_output().expect("output"))
        .collect();
    for output in &outputs {
        assert!(output.status.success(), "{output:?}");
    }
    // One may resume from what the other wrote: the same values, other work.
    assert_eq!(
        crate::common::without_work(&outputs[0].stdout),
        crate::common::without_work(&outputs[1].stdout)
    );
    let leftovers: Vec<_> = std::fs::read_dir(&directory)
        .expect("the directory")
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name())
        .filter(|name| name.to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // A third run resumes from the file and prints the same; having nothing to add, it leaves
    // the file as it was (no write: a finished checkpoint may be on a read-only disk).
    let before = std::fs::metadata(&file)
        .and_then(|m| m.modified())
        .expect("mtime");
    let resumed = super::common::onag(&arguments);
    assert!(resumed.status.success());
    assert_eq!(
        crate::common::without_work(&resumed.stdout),
        crate::common::without_work(&outputs[0].stdout)
    );
    let after = std::fs::metadata(&file)
        .and_then(|m| m.modified())
        .expect("mtime");
    assert_eq!(before, after);
    // A directory is named as one, not taken for a short file.
    let (code, stderr) = check(
        &[
            "sequence",
            "kayles",
            "--to",
            "10",
            "--checkpoint",
            directory.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, Some(2));
    assert!(stderr.contains("is a directory"), "{stderr}");
    let (code, stderr) = check(
        &[
            "quotient",
            "kayles",
            "--checkpoint",
            directory.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, Some(2));
    assert!(stderr.contains("is a directory"), "{stderr}");
}

/// A file the program writes by a rename (a checkpoint, a sweep's table) or reads to resume
/// from is refused in one line when it is there but is not a regular file: a device would be
/// replaced by the rename (as root, `/dev/null` itself), and a pipe's reading would wait for
/// ever. A list, a table to merge or a seconds file is read within a bound, so `/dev/zero`
/// is refused too instead of filling the memory.
#[test]
fn devices_and_pipes_are_refused_where_a_file_is_replaced_or_read_whole() {
    let scratch = crate::common::Scratch::new("devices");
    let list = scratch.file("games.txt", "kayles\n");
    let list = list.to_str().unwrap();
    let mut specials = Vec::new();
    if std::path::Path::new("/dev/null").exists() {
        specials.push("/dev/null".to_string());
    }
    let fifo = scratch.join("pipe");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|status| status.success())
    {
        specials.push(fifo.to_str().unwrap().to_string());
    }
    for special in &specials {
        let special = special.as_str();
        for arguments in [
            vec!["sequence", "kayles", "--to", "10", "--checkpoint", special],
            vec!["quotient", "kayles", "--to", "10", "--checkpoint", special],
            vec!["sweep", list, "--to", "10", "--output", special],
            vec![
                "sweep", list, "--to", "10", "--output", special, "--merge", list,
            ],
        ] {
            crate::common::fails(&arguments, "not a regular file");
        }
    }
    if std::path::Path::new("/dev/null").exists() {
        let metadata = std::fs::metadata("/dev/null").expect("/dev/null");
        assert!(!metadata.is_file(), "/dev/null is still a device");
    }
    if std::path::Path::new("/dev/zero").exists() {
        crate::common::fails(&["sweep", "/dev/zero", "--to", "10"], "more than");
        crate::common::fails(
            &["sweep", list, "--to", "10", "--merge", "/dev/zero"],
            "more than",
        );
    }
    // A seconds file in the checkpoints' folder that is not a file is its game's error row.
    let keep = scratch.join("keep");
    std::fs::create_dir(&keep).unwrap();
    std::fs::create_dir(keep.join("kayles.seconds")).unwrap();
    let keep = keep.to_str().unwrap();
    let output = crate::common::onag(&["sweep", list, "--to", "10", "--checkpoints", keep]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(
        table.contains("kayles.seconds is not a regular file"),
        "{table}"
    );
}

#[test]
fn summaries_past_the_values_read_come_from_the_proven_period() {
    let n: u64 = 10u64.pow(18);
    let summary = |game: &str| -> String {
        let (code, _) = check(
            &["sequence", game, "--to", &n.to_string(), "--summary"],
            b"",
        );
        assert_eq!(code, Some(0), "{game}");
        let output = super::common::onag(&["sequence", game, "--to", &n.to_string(), "--summary"]);
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    // Kayles: period 12 from 71 (OEIS A002186); no heap but 0 is a P-position.
    let kayles = crate::common::oracle("kayles_0.77.json");
    let cycle = crate::common::whole_numbers(&kayles["period_values_from_71"]);
    let text = summary("kayles");
    assert!(
        text.contains(&format!("G({n}) = {}\n", cycle[((n - 71) % 12) as usize])),
        "{text}"
    );
    assert!(text.contains("zeros:    1 "), "{text}");
    assert!(text.contains("checksum: not computed"), "{text}");
    // Subtraction of 1 or 2: G(n) = n mod 3, a zero in every three heaps.
    let text = summary("subtraction:1,2");
    assert!(text.contains(&format!("G({n}) = {}\n", n % 3)), "{text}");
    assert!(
        text.contains(&format!("zeros:    {} ", n / 3 + 1)),
        "{text}"
    );
    // Lasker's Nim (Ferguson 4.4): g(4k) = 4k - 1, and no zero past heap 0 (saltus 4).
    let text = summary("lasker");
    assert!(text.contains(&format!("G({n}) = {}\n", n - 1)), "{text}");
    assert!(text.contains("zeros:    1 "), "{text}");
    // Listing the values themselves is still refused at once.
    let (code, stderr) = check(&["sequence", "kayles", "--to", &n.to_string()], b"");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("--max-options"), "{stderr}");
}

/// Node Kayles (`node`) or Arc Kayles on the R x C grid, by the plain recursive definition
/// over sets of vertices left (a bit each), written apart from the engine: the value of every
/// grid of at most 20 vertices.
fn grid_kayles_by_definition(rows: u32, columns: u32, node: bool) -> u64 {
    let n = rows * columns;
    let mut neighbours = vec![0u32; n as usize];
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..columns {
            let v = r * columns + c;
            if c + 1 < columns {
                edges.push((v, v + 1));
            }
            if r + 1 < rows {
                edges.push((v, v + columns));
            }
        }
    }
    for &(a, b) in &edges {
        neighbours[a as usize] |= 1 << b;
        neighbours[b as usize] |= 1 << a;
    }
    fn value(
        left: u32,
        node: bool,
        neighbours: &[u32],
        edges: &[(u32, u32)],
        memo: &mut std::collections::HashMap<u32, u64>,
    ) -> u64 {
        if let Some(&known) = memo.get(&left) {
            return known;
        }
        let mut seen = std::collections::HashSet::new();
        if node {
            for v in 0..neighbours.len() as u32 {
                if left & (1 << v) != 0 {
                    let after = left & !(1 << v) & !neighbours[v as usize];
                    seen.insert(value(after, node, neighbours, edges, memo));
                }
            }
        } else {
            for &(a, b) in edges {
                if left & (1 << a) != 0 && left & (1 << b) != 0 {
                    let after = left & !(1 << a) & !(1 << b);
                    seen.insert(value(after, node, neighbours, edges, memo));
                }
            }
        }
        let mex = (0..).find(|g| !seen.contains(g)).unwrap();
        memo.insert(left, mex);
        mex
    }
    let mut memo = std::collections::HashMap::new();
    value((1u32 << n) - 1, node, &neighbours, &edges, &mut memo)
}

#[test]
fn grids_the_mirror_wins_are_answered_and_agree_with_the_definition() {
    // Every grid of at most 20 vertices, both games, against the definition; grid:8x8 and
    // grid:32x32 (Node Kayles) and grid:2x40 (Arc Kayles), which no search finishes, by the
    // mirror at once.
    for rows in 1..=4u32 {
        for columns in 1..=5u32 {
            for (game, node) in [("node-kayles", true), ("arc-kayles", false)] {
                let grid = format!("grid:{rows}x{columns}");
                let report = super::common::json(&["value", game, &grid, "--json"]);
                let expected = grid_kayles_by_definition(rows, columns, node);
                assert_eq!(report["grundy"], expected, "{game} {grid}");
            }
        }
    }
    for (game, grid) in [
        ("node-kayles", "grid:8x8"),
        ("node-kayles", "grid:32x32"),
        ("arc-kayles", "grid:2x40"),
    ] {
        let (code, _) = check(&["value", game, grid], b"");
        assert_eq!(code, Some(0), "{game} {grid}");
        let report = super::common::json(&["value", game, grid, "--json"]);
        assert_eq!(report["grundy"], 0, "{game} {grid}");
    }
}

#[test]
fn wide_vertex_names_keep_the_columns_aligned() {
    // Two-column characters (CJK) take two columns of a terminal: the value column starts at
    // the same column on every row.
    let scratch = crate::common::Scratch::new("wide");
    let path = scratch.join("graph.txt");
    std::fs::write(&path, "漢字 a\na b\nb ça\n").expect("the graph file");
    let output = super::common::onag(&["value", "--graph", path.to_str().unwrap()]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let starts: Vec<usize> = text
        .lines()
        .skip(1)
        .map(|line| {
            let name = line.split("  ").next().unwrap_or_default();
            unicode_width::UnicodeWidthStr::width(name) + line[name.len()..].len()
                - line[name.len()..].trim_start().len()
        })
        .collect();
    assert_eq!(starts.len(), 5, "{text}");
    assert!(starts.iter().all(|&start| start == starts[0]), "{text}");
}

/// The output of `onag play arguments` with `input` piped in.
fn played(arguments: &[&str], input: &str) -> String {
    String::from_utf8(super::common::play_script(arguments, input).stdout).expect("UTF-8")
}

#[test]
fn a_hint_pasted_back_whole_is_played() {
    // In every shape of game: the hint the program gives, pasted back as it was printed
    // (`hint:` and its reason included), is the move it names.
    for game in [
        &["nim", "4", "5"][..],
        &["kayles", "4", "5"],
        &["wythoff", "3,6"],
        &["cram", "2x3"],
        &["chomp", "3x3"],
        &["turning-turtles", "2,5"],
        &["node-kayles", "path:5"],
        &["windup:7:1,2,5", "1", "2"],
    ] {
        let hinted = played(game, "hint\nquit\n");
        let hint = hinted
            .lines()
            .find_map(|line| {
                line.strip_prefix("you> ")
                    .filter(|rest| rest.starts_with("hint:"))
            })
            .or_else(|| hinted.lines().find(|line| line.starts_with("hint:")))
            .unwrap_or_else(|| panic!("{game:?}: no hint in {hinted}"))
            .to_string();
        assert!(!hint.starts_with("hint: no move"), "{game:?}: {hint}");
        let named = hint
            .trim_start_matches("hint:")
            .split(", which ")
            .next()
            .unwrap()
            .trim()
            .to_string();
        let replayed = played(game, &format!("{hint}\nquit\n"));
        assert!(
            replayed.contains(&format!("you: {named}")),
            "{game:?}: {hint} was not played: {replayed}"
        );
    }
}

#[test]
fn play_on_a_board_the_mirror_wins_prompts_at_once_and_mirrors() {
    // Cram 8 x 8 is a second-player win by the half-turn (Gardner): onag, moving second, answers
    // each domino with its image, (r, c) -> (9 - r, 9 - c), without a search; the first prompt
    // comes at once, and quit is read.
    let input = b"r1c1-r1c2\nr3c4-r4c4\nquit\n";
    let (code, _) = check(&["play", "cram", "8x8"], input);
    assert_eq!(code, Some(0));
    let transcript = played(&["cram", "8x8"], std::str::from_utf8(input).unwrap());
    assert!(
        transcript.contains("onag: domino on r8c7-r8c8"),
        "{transcript}"
    );
    assert!(
        transcript.contains("onag: domino on r5c5-r6c5"),
        "{transcript}"
    );
    assert!(transcript.contains("You resign"), "{transcript}");
}

#[test]
fn chomp_rectangles_past_any_search_get_their_outcomes_by_strategy() {
    // A rectangle of more than one square is a first-player win (strategy stealing, Gale
    // 1974); a square's winning bite is at row 2, column 2, leaving two equal arms that the
    // mirror wins; two rows (a, b) are a P-position exactly when a = b + 1 (Zeilberger 2001).
    for (board, bite) in [
        ("10000x10000", Some("bite at row 2, column 2")),
        ("200x200", Some("bite at row 2, column 2")),
        ("2x10000", Some("bite at row 2, column 10000")),
        ("3x4000000000", None),
    ] {
        let (code, _) = check(&["value", "chomp", board, "--max-moves", "1"], b"");
        assert_eq!(code, Some(0), "{board}");
        let report = super::common::json(&["value", "chomp", board, "--max-moves", "1", "--json"]);
        assert_eq!(report["outcome"], "N", "{board}");
        if let Some(bite) = bite {
            assert_eq!(report["winning_moves_described"][0], bite, "{board}");
        }
    }
}

#[test]
fn a_budget_past_what_the_process_may_take_is_lowered_and_said() {
    // Under the suite's `ulimit -v` of 3 GiB, a budget of 16 GiB would end in an allocation
    // failure, not in the budget's error: the program uses what the process may take (less
    // its own room) and says so.
    let (code, stderr) = check(&["value", "nim", "3", "--max-memory", "16G"], b"");
    assert_eq!(code, Some(0));
    assert!(
        stderr.contains("more than this process may take"),
        "{stderr}"
    );
    let usable = MEMORY_CAP_KIB * 1024 - (512 << 20);
    assert!(stderr.contains(&format!("using {usable}")), "{stderr}");
}

#[test]
fn a_checkpoint_that_cannot_be_written_at_the_end_loses_no_values() {
    // The checkpoint's folder is taken away while the run computes: its last write fails, and
    // the values are printed all the same, with the failure after them as the one error line.
    let directory = crate::common::Scratch::new("gone");
    let file = directory.join("0.6.ckpt");
    let child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args([
            "sequence",
            "octal:0.6",
            "--to",
            "1000000",
            "--summary",
            "--threads",
            "1",
        ])
        .args([
            "--checkpoint",
            file.to_str().unwrap(),
            "--checkpoint-every",
            "3600",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag starts");
    std::thread::sleep(Duration::from_millis(300));
    std::fs::remove_dir_all(&*directory).expect("the folder goes");
    let output = child.wait_with_output().expect("output");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stdout} {stderr}");
    assert!(stdout.contains("G(1000000) = "), "{stdout}");
    assert!(stdout.contains("checksum: "), "{stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("the values above are right"), "{stderr}");
}

#[test]
fn dot_parsing_is_held_to_the_memory_budget() {
    // Six megabytes of DOT (`i->j;` lines) are over a hundred megabytes of tokens: under
    // --max-memory 32M (a quarter for the file, a quarter for what it is read into) they are
    // refused as they grow, not read into memory past the budget.
    let scratch = crate::common::Scratch::new("big");
    let path = scratch.join("graph.dot");
    let mut text = String::from("digraph {\n");
    for i in 0..600_000u32 {
        text.push_str(&format!("{}->{};\n", i % 1000, (i * 7) % 1000));
    }
    text.push_str("}\n");
    assert!(text.len() < 8 << 20);
    std::fs::write(&path, &text).expect("the file");
    let (code, stderr) = check(
        &[
            "value",
            "--graph",
            path.to_str().unwrap(),
            "1",
            "--max-memory",
            "32M",
        ],
        b"",
    );
    assert_eq!(code, Some(2));
    assert!(stderr.contains("quarter of --max-memory"), "{stderr}");
    // The same file under the default budget is read and valued.
    let (code, _) = check(&["value", "--graph", path.to_str().unwrap(), "1"], b"");
    assert_eq!(code, Some(0));
}

/// A reader that goes away while a long computation runs (`onag ... | head` once head has what
/// it wants, `| true`): the program sees it at its next progress report and ends quietly with
/// status 0, as it does at a write to a closed pipe, instead of computing for minutes an answer
/// nobody reads. Officers to 10^8 takes minutes; the run is given the suite's time limit.
#[test]
fn a_reader_gone_during_the_computation_ends_it_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["sequence", "octal:0.6", "--to", "100000000", "--summary"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag starts");
    // The reader closes its end at once.
    drop(child.stdout.take());
    let output = within_the_limit(child, "a sequence with no reader");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
}

/// On a board no strategy argument settles (Cram 7 x 9, odd by odd: a search of hours), onag's
/// reply is looked for within `--think` seconds, and then a move is played that onag says it
/// could not value, never one it calls winning; the game goes on to the next prompt.
#[test]
fn play_replies_within_its_time_to_think() {
    let output = crate::common::play_script(
        &["cram", "7x9", "--first", "onag", "--think", "1"],
        "quit\n",
    );
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let reply = text
        .lines()
        .find(|line| line.starts_with("onag: "))
        .expect("a reply");
    assert!(
        reply.contains("no winning move found within 1 s"),
        "{reply}"
    );
    assert!(!reply.contains("leaves a P-position"), "{reply}");
    assert!(text.contains("you> "), "{text}");
    crate::common::fails(&["play", "cram", "7x9", "--think", "-1"], "--think");
}
