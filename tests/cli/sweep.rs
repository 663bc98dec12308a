//! `onag sweep`: rows against published values (OEIS A002186 for Kayles, A002187 for Dawson's
//! chess, the closed form n mod 4 of the subtraction game {1, 2, 3}), the checksum recomputed
//! here from those values, resuming, shards that merge into the whole, and refusals.

use serde_json::{Value, json};

use crate::common::{Scratch, fails, onag, oracle_values};

/// FNV-1a 64 over each value as 8 little-endian bytes, written here from its definition.
fn fnv(values: &[u64]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for value in values {
        for byte in value.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// A folder of its own for one test, removed at its end.
fn folder(name: &str) -> Scratch {
    Scratch::new(&format!("sweep-{name}"))
}

/// A folder of its own for one test, with the list of games `games.txt` holding `list`.
fn folder_with_list(name: &str, list: &str) -> (Scratch, std::path::PathBuf) {
    let dir = folder(name);
    let path = dir.file("games.txt", list);
    (dir, path)
}

/// Kayles' values to heap 1,199 (OEIS A002186) and Dawson's chess's to 999 (A002187).
fn kayles_and_dawson() -> (Vec<u64>, Vec<u64>) {
    (
        oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values"),
        oracle_values(
            "dawson_0.07_and_0.137.json",
            "/dawsons_chess_0.137/G_expanded_by_rule_0_to_999/values",
        ),
    )
}

fn rows(text: &str) -> Vec<Value> {
    match serde_json::from_str(text) {
        Ok(Value::Array(rows)) => rows,
        other => panic!("a JSON list of rows: {other:?}\n{text}"),
    }
}

fn run(arguments: &[&str]) -> String {
    let output = onag(arguments);
    assert!(output.status.success(), "{arguments:?}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

const KEYS: [&str; 13] = [
    "code",
    "to",
    "preperiod",
    "period",
    "proven",
    "largest",
    "largest_at",
    "rare_mask",
    "rare_by",
    "rare_count",
    "last_rare",
    "seconds",
    "checksum",
];

#[test]
fn sweep_rows_agree_with_published_values_and_their_checksums() {
    let dir = folder("published");
    let list = dir.join("games.txt");
    std::fs::write(
        &list,
        "# three games\nkayles\n\n0.137   # Dawson's chess\nsubtraction:1,2,3\n",
    )
    .unwrap();
    let list = list.to_str().unwrap();
    let (kayles, dawson) = kayles_and_dawson();
    let rows = rows(&run(&["sweep", list, "--to", "999", "--format", "json"]));
    assert_eq!(rows.len(), 3);
    for row in &rows {
        let keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        for key in KEYS {
            assert!(keys.contains(&key), "{key} in {row}");
        }
        assert_eq!(row["to"], 999);
        assert_eq!(row["proven"], true, "{row}");
    }
    // Kayles: period 12 from heap 71 (A002186); its largest value 8 first at heap 27.
    assert_eq!(rows[0]["code"], "kayles");
    assert_eq!(
        (rows[0]["preperiod"].as_u64(), rows[0]["period"].as_u64()),
        (Some(71), Some(12))
    );
    assert_eq!(rows[0]["largest"], *kayles.iter().max().unwrap());
    assert_eq!(rows[0]["checksum"], fnv(&kayles[..1000]));
    // Dawson's chess: period 34, the last exception at heap 51 (A002187).
    assert_eq!(
        (rows[1]["preperiod"].as_u64(), rows[1]["period"].as_u64()),
        (Some(52), Some(34))
    );
    assert_eq!(rows[1]["checksum"], fnv(&dawson));
    // Subtraction of 1, 2 or 3: G(n) = n mod 4.
    let closed: Vec<u64> = (0..1000).map(|n| n % 4).collect();
    assert_eq!(
        (rows[2]["preperiod"].as_u64(), rows[2]["period"].as_u64()),
        (Some(0), Some(4))
    );
    assert_eq!(rows[2]["checksum"], fnv(&closed));
    // The same rows as CSV and Markdown: a header, then one line a game with the same cells.
    let csv = run(&["sweep", list, "--to", "999", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], format!("{},error", KEYS.join(",")));
    assert!(lines[1].starts_with("kayles,999,71,12,true,"), "{csv}");
    assert!(
        lines[3].starts_with("\"subtraction:1,2,3\",999,0,4,true"),
        "{csv}"
    );
    assert!(
        lines[1].ends_with(&format!("{},", fnv(&kayles[..1000]))),
        "{csv}"
    );
    let markdown = run(&["sweep", list, "--to", "999"]);
    assert!(
        markdown
            .lines()
            .nth(2)
            .unwrap()
            .starts_with("| kayles | 999 | 71 | 12 | true |")
    );
    // The checksum is the one `sequence --summary` prints.
    let summary = run(&["sequence", "kayles", "--to", "999", "--summary"]);
    assert!(summary.contains(&fnv(&kayles[..1000])), "{summary}");
}

#[test]
fn a_sweep_run_again_keeps_its_finished_rows_and_values_only_the_rest() {
    let (dir, list) = folder_with_list("resume", "kayles\n0.137\nsubtraction:1,2,3\n");
    let output = dir.join("table.csv");
    // As an interrupted sweep leaves it: Kayles finished (a checksum no run would print, so
    // that a row valued again would show), then a row cut short; written by a version from
    // before `rare_by` was a key (its reports were by value), so one column fewer.
    let old_keys: Vec<&str> = KEYS.into_iter().filter(|&key| key != "rare_by").collect();
    let header = format!("{},error", old_keys.join(","));
    std::fs::write(
        &output,
        format!("{header}\nkayles,999,71,12,true,8,27,0xf,9,70,1.5,feedfacefeedface,\n0.137,99"),
    )
    .unwrap();
    let (list, output_text) = (list.to_str().unwrap(), output.to_str().unwrap());
    let printed = run(&[
        "sweep",
        list,
        "--to",
        "999",
        "--format",
        "csv",
        "--output",
        output_text,
    ]);
    assert!(printed.is_empty(), "{printed}");
    let table = std::fs::read_to_string(&output).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    // The table is written again in the layout of today, the old row's report by value.
    assert_eq!(lines[0], format!("{},error", KEYS.join(",")));
    assert_eq!(
        lines[1],
        "kayles,999,71,12,true,8,27,0xf,value,9,70,1.5,feedfacefeedface,"
    );
    assert!(lines[2].starts_with("0.137,999,52,34,true"), "{table}");
    assert!(
        lines[3].starts_with("\"subtraction:1,2,3\",999,0,4,true"),
        "{table}"
    );
    // Another bound values every game again.
    run(&[
        "sweep",
        list,
        "--to",
        "998",
        "--format",
        "csv",
        "--output",
        output_text,
    ]);
    let table = std::fs::read_to_string(&output).unwrap();
    assert!(!table.contains("feedface"), "{table}");
    assert_eq!(table.lines().count(), 4);
}

#[test]
fn shards_split_a_sweep_and_merge_into_the_whole() {
    // Every octal code of one digit after the point: 0.1 to 0.7.
    let (dir, list) = folder_with_list("shards", "0.?\nkayles\n");
    let list = list.to_str().unwrap();
    let whole = rows(&run(&["sweep", list, "--to", "500", "--json"]));
    let codes: Vec<&str> = whole
        .iter()
        .map(|row| row["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "kayles"]
    );
    let mut parts = Vec::new();
    for shard in 1..=3 {
        let part = dir.join(format!("part{shard}.json"));
        let part_text = part.to_str().unwrap().to_string();
        let shard = format!("{shard}/3");
        // No --format: a table written to a .json file is JSON.
        run(&[
            "sweep", list, "--to", "500", "--shard", &shard, "--output", &part_text,
        ]);
        parts.push(part_text);
    }
    // Shard 2 of 3 holds the second, fifth and eighth games.
    let second = rows(&std::fs::read_to_string(&parts[1]).unwrap());
    let codes: Vec<&str> = second
        .iter()
        .map(|row| row["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["0.2", "0.5", "kayles"]);
    let mut arguments = vec!["sweep", list, "--to", "500", "--json", "--merge"];
    arguments.extend(parts.iter().map(String::as_str));
    let merged = rows(&run(&arguments));
    let without_time = |rows: &[Value]| -> Vec<Value> {
        rows.iter()
            .map(|row| {
                let mut row = row.clone();
                row.as_object_mut().unwrap().remove("seconds");
                row
            })
            .collect()
    };
    assert_eq!(without_time(&merged), without_time(&whole));
    // A shard left out is named.
    fails(
        &[
            "sweep", list, "--to", "500", "--json", "--merge", &parts[0], &parts[2],
        ],
        "3 of 8 games are in none of the tables (0.2, 0.5, kayles)",
    );
}

#[test]
fn sweep_refusals_are_one_line_and_status_two() {
    let (_dir, list) = folder_with_list("refusals", "0.6\n0.9\n");
    let list_text = list.to_str().unwrap();
    fails(&["sweep", list_text, "--to", "10"], "games.txt");
    fails(&["sweep", list_text, "--to", "10"], "0.9");
    std::fs::write(&list, "# nothing\n\n").unwrap();
    fails(&["sweep", list_text, "--to", "10"], "lists no game");
    std::fs::write(&list, "0.6\n0.6\n").unwrap();
    fails(&["sweep", list_text, "--to", "10"], "twice");
    std::fs::write(&list, "0.???????\n").unwrap();
    fails(&["sweep", list_text, "--to", "10"], "free digits");
    std::fs::write(&list, "wythoff\n").unwrap();
    fails(&["sweep", list_text, "--to", "10"], "not a heap game");
    std::fs::write(&list, "0.6\n").unwrap();
    for shard in ["0/3", "4/3", "1", "a/b"] {
        let output = onag(&["sweep", list_text, "--to", "10", "--shard", shard]);
        assert_eq!(output.status.code(), Some(2), "{shard}: {output:?}");
    }
    fails(
        &["sweep", "/nonexistent/games.txt", "--to", "10"],
        "/nonexistent/games.txt",
    );
    fails(
        &[
            "sweep",
            list_text,
            "--to",
            "1000000",
            "--max-options",
            "1000",
        ],
        "--max-options",
    );
}

#[test]
fn a_game_past_the_budget_is_a_row_with_its_error_valued_again_on_resuming() {
    let (dir, list) = folder_with_list("errors", "kayles\n0.6\n");
    let output = dir.join("table.md");
    let (list, output_text) = (list.to_str().unwrap(), output.to_str().unwrap());
    // Officers to 30,000 examines far more than 10^7 options; Kayles is proven in a few hundred.
    let arguments = ["sweep", list, "--to", "30000", "--output", output_text];
    let mut limited = arguments.to_vec();
    limited.extend(["--max-options", "10000000"]);
    let run_limited = onag(&limited);
    assert_eq!(run_limited.status.code(), Some(2), "{run_limited:?}");
    let stderr = String::from_utf8(run_limited.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("1 of 2 games"), "{stderr}");
    let table = std::fs::read_to_string(&output).unwrap();
    let officers = table
        .lines()
        .find(|line| line.starts_with("| 0.6 |"))
        .expect("a row");
    assert!(officers.contains("--max-options"), "{officers}");
    assert!(
        table.contains("| kayles | 30000 | 71 | 12 | true |"),
        "{table}"
    );
    // Run again within the default budget: the row with the error is valued this time.
    run(&arguments);
    let table = std::fs::read_to_string(&output).unwrap();
    let officers = table
        .lines()
        .find(|line| line.starts_with("| 0.6 |"))
        .expect("a row");
    assert!(officers.contains("| 0x1ee |"), "{officers}");
    assert!(officers.ends_with("|  |"), "{officers}");
}

#[test]
fn a_game_cut_off_resumes_from_its_checkpoint_and_counts_every_run() {
    let (dir, list) = folder_with_list("checkpoints", "kayles\n0.137\n");
    let kept = dir.join("kept");
    std::fs::create_dir_all(&kept).unwrap();
    // Kayles as a sweep cut off at heap 500 leaves it: its values in a checkpoint, and 100.5
    // seconds spent on it.
    let checkpoint = kept.join("kayles.checkpoint");
    run(&[
        "sequence",
        "kayles",
        "--to",
        "500",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--summary",
    ]);
    std::fs::write(kept.join("kayles.seconds"), "100.5\n").unwrap();
    let output = dir.join("table.json");
    let (list, output_text, kept_text) = (
        list.to_str().unwrap(),
        output.to_str().unwrap(),
        kept.to_str().unwrap(),
    );
    let sweep = [
        "sweep",
        list,
        "--to",
        "999",
        "--format",
        "json",
        "--checkpoints",
        kept_text,
    ];
    let mut to_file = sweep.to_vec();
    to_file.extend(["--output", output_text]);
    run(&to_file);
    let rows = rows(&std::fs::read_to_string(&output).unwrap());
    let (kayles, dawson) = kayles_and_dawson();
    // The values are right (A002186, A002187), Kayles' seconds count the run before, and the
    // files of finished games are gone.
    assert_eq!(rows[0]["checksum"], fnv(&kayles[..1000]), "{rows:?}");
    assert_eq!(rows[1]["checksum"], fnv(&dawson), "{rows:?}");
    let seconds = |row: &Value| row["seconds"].as_f64().expect("seconds");
    assert!((100.5..160.0).contains(&seconds(&rows[0])), "{}", rows[0]);
    assert!(seconds(&rows[1]) < 60.0, "{}", rows[1]);
    let left: Vec<_> = std::fs::read_dir(&kept).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    // Ctrl-C in the middle of a long game: status 130, no row for it, and its checkpoint and
    // seconds kept (written at the stop, not after the interval).
    std::fs::write(dir.join("officers.txt"), "0.6\n").unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args([
            "sweep",
            dir.join("officers.txt").to_str().unwrap(),
            "--to",
            "100000000",
            "--max-positions",
            "1000000000",
            "--output",
            dir.join("officers.md").to_str().unwrap(),
            "--checkpoints",
            kept_text,
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("onag starts");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let stopped = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(stopped.success());
    let output = child.wait_with_output().expect("onag ends");
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    let table = std::fs::read_to_string(dir.join("officers.md")).unwrap();
    assert!(!table.contains("| 0.6 |"), "{table}");
    assert!(kept.join("0.6.checkpoint").exists());
    let spent: f64 = std::fs::read_to_string(kept.join("0.6.seconds"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!((1.0..60.0).contains(&spent), "{spent}");
    // Its values resume in `onag sequence` too: the first 2,000 equal a fresh run's.
    let fresh = crate::common::json(&["sequence", "0.6", "--to", "2000", "--json"]);
    let resumed = crate::common::json(&[
        "sequence",
        "0.6",
        "--to",
        "2000",
        "--checkpoint",
        kept.join("0.6.checkpoint").to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(resumed["values"], fresh["values"]);
    // A damaged seconds file is the game's error row, not a wrong time; a file where the
    // directory should be is refused.
    std::fs::write(kept.join("kayles.seconds"), "soon").unwrap();
    let damaged = onag(&sweep);
    assert_eq!(damaged.status.code(), Some(2), "{damaged:?}");
    let table = String::from_utf8(damaged.stdout).unwrap();
    assert!(table.contains("kayles.seconds is damaged"), "{table}");
    assert!(table.contains(&fnv(&dawson)), "{table}");
    fails(
        &["sweep", list, "--to", "999", "--checkpoints", list],
        "is a file",
    );
    fails(
        &["sweep", list, "--to", "999", "--checkpoint-every", "5"],
        "--checkpoints",
    );
}

/// The two longest computations of that table, to n = 2^21: Grundy's game, largest value 231
/// first at heap 763622, rare mask fe, 1274 rare heaps (heap 0 counted), the last at 82860;
/// Officers (0.6), largest 319 first at 1274955, mask 1ee, 1584 rare, the last at 20627. Two
/// games side by side, on one thread each.
#[test]
fn grundy_and_officers_to_2_21_report_the_published_sparse_space() {
    let rows = sweep_of(
        "tczajka-2-21",
        "grundy\n0.6\n",
        &["--to", "2097151", "--threads", "2"],
    );
    assert_eq!(rows[0]["code"], "grundy");
    assert_eq!(sparse_report(&rows[0]), tczajka_2_21("grundy"));
    assert_eq!(rows[1]["code"], "0.6");
    assert_eq!(sparse_report(&rows[1]), tczajka_2_21("0.6"));
    assert_eq!(rows[0]["period"], Value::Null);
    assert_eq!(rows[1]["period"], Value::Null);
}

#[test]
fn games_side_by_side_share_one_memory_budget_not_a_fixed_share_each() {
    // 0.6 to 2^21 holds 4.2 MB of values (two bytes each), more than half of 6 MiB; 4.344 is
    // proven periodic (preperiod 998, period 51) within a few thousand heaps, and its memory
    // then goes to 0.6. tczajka's report for 0.6 to 2^21 (as above).
    let both = sweep_of(
        "one-budget",
        "4.344\n0.6\n",
        &["--to", "2097151", "--threads", "2", "--max-memory", "6M"],
    );
    assert_eq!(
        (&both[0]["preperiod"], &both[0]["period"]),
        (&json!(998), &json!(51))
    );
    assert_eq!(both[1]["error"], Value::Null, "{:?}", both[1]);
    assert_eq!(sparse_report(&both[1]), tczajka_2_21("0.6"));
    // Grundy's game (2.1 MB, a byte a value) and 0.6 (4.2 MB) do not fit in 5 MiB at once:
    // whichever is refused what the other holds is valued again alone once the other games
    // are over, so every row is valued.
    let crowded = sweep_of(
        "one-budget-crowded",
        "grundy\n0.6\n4.344\nkayles\n",
        &["--to", "2097151", "--threads", "2", "--max-memory", "5M"],
    );
    assert_eq!(sparse_report(&crowded[0]), tczajka_2_21("grundy"));
    assert_eq!(sparse_report(&crowded[1]), tczajka_2_21("0.6"));
    // Kayles: preperiod 71, period 12 (OEIS A002186).
    assert_eq!(
        (&crowded[3]["preperiod"], &crowded[3]["period"]),
        (&json!(71), &json!(12))
    );
    // A game that needs more than the whole budget is refused with the budget the user gave.
    let (_dir, path) = folder_with_list("one-budget-short", "4.344\n0.6\n");
    let output = onag(&[
        "sweep",
        path.to_str().unwrap(),
        "--to",
        "2097151",
        "--threads",
        "2",
        "--max-memory",
        "3M",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let short = rows(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(short[0]["period"], json!(51));
    let error = short[1]["error"].as_str().unwrap_or_default();
    assert!(error.contains("3145728 bytes of memory"), "{error}");
}

/// The rows of a sweep (as JSON) of the games `list`, with `arguments`, in a folder of its own.
fn sweep_of(name: &str, list: &str, arguments: &[&str]) -> Vec<Value> {
    let (_dir, path) = folder_with_list(name, list);
    let mut all = vec!["sweep", path.to_str().unwrap()];
    all.extend_from_slice(arguments);
    all.push("--json");
    rows(&run(&all))
}

/// A row's sparse-space report: largest value, its first heap, rare mask, rare count and the
/// last rare heap.
/// tczajka's sparse-space reports to 2^21 (rare heaps counted without heap 0): Grundy's game,
/// largest value 231 first at heap 763,622, mask fe, 1,274 rare heaps, the last at 82,860;
/// 0.6 (Officers), 319 first at 1,274,955, mask 1ee, 1,584 rare heaps, the last at 20,627.
fn tczajka_2_21(game: &str) -> Report {
    let (largest, at, mask, rare, last) = match game {
        "grundy" => (231, 763622, "0xfe", 1274, 82860),
        "0.6" => (319, 1274955, "0x1ee", 1584, 20627),
        _ => panic!("no published report for {game}"),
    };
    (
        Some(largest),
        Some(at),
        Some(mask.to_string()),
        Some(rare - 1),
        Some(last),
    )
}

type Report = (
    Option<u64>,
    Option<u64>,
    Option<String>,
    Option<u64>,
    Option<u64>,
);

/// The report of `row`, which must be by value, as the published tables are.
fn sparse_report(row: &Value) -> Report {
    assert_eq!(row["rare_by"], "value", "{row}");
    (
        row["largest"].as_u64(),
        row["largest_at"].as_u64(),
        row["rare_mask"].as_str().map(str::to_string),
        row["rare_count"].as_u64(),
        row["last_rare"].as_u64(),
    )
}

/// The sparse-space report of two of the codes tczajka's table of computations lists as
/// unsolved (UnsolvedGames.md of tczajka/octal-games, to n = 2^17): 0.04, largest value 1024
/// first at heap 109363, rare mask 7b8, 18860 rare heaps, the last at 131003; 0.06, largest
/// 1045 first at 127083, mask 5a0, 52923 rare, the last at 131070. That table counts heap 0
/// (value 0, rare under either mask); the sweep reports heaps 1..=N, one fewer.
#[test]
fn a_sweep_of_unsolved_codes_reports_the_published_sparse_space() {
    let rows = sweep_of("tczajka", "0.04\n0.06\n", &["--to", "131071"]);
    assert_eq!(
        sparse_report(&rows[0]),
        (
            Some(1024),
            Some(109363),
            Some("0x7b8".to_string()),
            Some(18860 - 1),
            Some(131003)
        )
    );
    assert_eq!(
        sparse_report(&rows[1]),
        (
            Some(1045),
            Some(127083),
            Some("0x5a0".to_string()),
            Some(52923 - 1),
            Some(131070)
        )
    );
    assert_eq!(rows[0]["period"], Value::Null);
    assert_eq!(rows[0]["proven"], false);
}
