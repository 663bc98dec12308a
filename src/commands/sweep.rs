//! `onag sweep`: the Grundy sequences of many games to one bound, as one table written as it
//! goes, resumable, run side by side on free cores, and split into shards for many machines.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use onag_games::{Progress, SequenceOptions};
use serde_json::{Map, Value, json};

use super::Error;
use crate::cli::{SweepArgs, SweepFormat};
use crate::progress::Meter;

/// The keys of a row, in order: checks outside the repository read these names.
pub const KEYS: [&str; 13] = [
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

/// The most games one sweep lists (a pattern of six free digits is 262,144).
const MAX_GAMES: usize = 1 << 20;

/// The most free digits a pattern may have.
const MAX_FREE_DIGITS: u32 = 6;

/// The longest list of games read (64 bytes for each of [`MAX_GAMES`]): a path may name a
/// device or a pipe that never ends (`/dev/zero`), so every file is read within a bound.
const MAX_LIST_BYTES: u64 = 64 << 20;

/// The longest table read, to resume or to merge (512 bytes a row, an error's included).
const MAX_TABLE_BYTES: u64 = 512 << 20;

/// The longest seconds file read (one number).
const MAX_SECONDS_BYTES: u64 = 64;

/// One row of the table: the values of [`KEYS`] (and `error` for a game that could not be
/// valued to the bound), as JSON values.
#[derive(Debug, Clone, PartialEq)]
struct Row(Map<String, Value>);

impl Row {
    fn code(&self) -> &str {
        self.0.get("code").and_then(Value::as_str).unwrap_or("")
    }

    fn to(&self) -> Option<u64> {
        self.0.get("to").and_then(Value::as_u64)
    }

    /// The row's cells in the order of [`KEYS`], then the error if there is one.
    fn cells(&self) -> Vec<String> {
        let mut cells: Vec<String> = KEYS
            .iter()
            .map(|key| match self.0.get(*key) {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(text)) => text.clone(),
                Some(other) => other.to_string(),
            })
            .collect();
        // The last column: why a game has no values (empty for the others).
        cells.push(match self.0.get("error") {
            Some(Value::String(error)) => error.clone(),
            _ => String::new(),
        });
        cells
    }

    fn render(&self, format: SweepFormat) -> String {
        match format {
            SweepFormat::Json => Value::Object(self.0.clone()).to_string(),
            SweepFormat::Csv => self
                .cells()
                .iter()
                .map(|cell| csv_field(cell))
                .collect::<Vec<_>>()
                .join(","),
            SweepFormat::Markdown => {
                let cells: Vec<String> = self
                    .cells()
                    .iter()
                    .map(|cell| cell.replace('|', "\\|"))
                    .collect();
                format!("| {} |", cells.join(" | "))
            }
        }
    }

    /// Reads a row as [`Row::render`] writes it; `None` for a header, a separator or a line
    /// cut short (the last line of an interrupted sweep).
    fn parse(line: &str, format: SweepFormat) -> Option<Row> {
        let line = line.trim_end_matches(['\r', '\n']);
        match format {
            SweepFormat::Json => {
                let line = line
                    .trim()
                    .trim_start_matches(['[', ','])
                    .trim_end_matches(']');
                let line = line.trim().trim_end_matches(',');
                match serde_json::from_str::<Value>(line) {
                    Ok(Value::Object(map)) if map.contains_key("code") => {
                        Some(Row::with_rare_by(map))
                    }
                    _ => None,
                }
            }
            SweepFormat::Csv => Row::from_cells(&csv_cells(line)?),
            SweepFormat::Markdown => {
                let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
                let cells: Vec<String> = split_markdown(inner)
                    .into_iter()
                    .map(|cell| cell.trim().replace("\\|", "|"))
                    .collect();
                Row::from_cells(&cells)
            }
        }
    }

    /// A row from its cells in the order of [`KEYS`] and the error: numbers and booleans as
    /// they read, empty cells null; `None` for the header or a row of the wrong length. A row
    /// of a table written before `rare_by` was a key (one cell fewer) reads too: its report
    /// was by value.
    fn from_cells(cells: &[String]) -> Option<Row> {
        let keys: Vec<&str> = if cells.len() == KEYS.len() + 1 {
            KEYS.to_vec()
        } else if cells.len() == KEYS.len() {
            KEYS.iter()
                .copied()
                .filter(|&key| key != "rare_by")
                .collect()
        } else {
            return None;
        };
        if cells[0] == "code" || cells[0].chars().all(|c| c == '-' || c == ':') {
            return None;
        }
        let mut map = Map::new();
        for (key, cell) in keys.iter().zip(cells) {
            let value = match *key {
                "code" | "checksum" | "rare_mask" | "rare_by" if !cell.is_empty() => {
                    Value::String(cell.clone())
                }
                _ if cell.is_empty() => Value::Null,
                "proven" => Value::Bool(cell.parse().ok()?),
                "seconds" => json!(cell.parse::<f64>().ok()?),
                _ => json!(cell.parse::<u64>().ok()?),
            };
            map.insert((*key).to_string(), value);
        }
        if let Some(error) = cells.get(keys.len()).filter(|error| !error.is_empty()) {
            map.insert("error".to_string(), Value::String(error.clone()));
        }
        Some(Row::with_rare_by(map))
    }

    /// A row read back, with `rare_by` where a table written before it was a key left it
    /// out: `value` for a row with a report (reports were all by value then), else null.
    fn with_rare_by(mut map: Map<String, Value>) -> Row {
        if !map.contains_key("rare_by") {
            let by = match map.get("rare_mask") {
                Some(Value::String(_)) => json!("value"),
                _ => Value::Null,
            };
            map.insert("rare_by".to_string(), by);
        }
        Row(map)
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
fn csv_field(cell: &str) -> String {
    if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

/// The fields of one CSV line (RFC 4180 quoting); `None` for an unclosed quote.
fn csv_cells(line: &str) -> Option<Vec<String>> {
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (false, '"') if cell.is_empty() => quoted = true,
            (false, ',') => cells.push(std::mem::take(&mut cell)),
            (_, c) => cell.push(c),
        }
    }
    if quoted {
        return None;
    }
    cells.push(cell);
    Some(cells)
}

/// The cells of a Markdown table row between its outer bars, `\|` kept inside a cell.
fn split_markdown(inner: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                cells.last_mut().expect("a cell").push_str("\\|");
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().expect("a cell").push(c),
        }
    }
    cells
}

/// The table's first lines in `format`.
fn header(format: SweepFormat) -> String {
    match format {
        SweepFormat::Json => "[".to_string(),
        SweepFormat::Csv => format!("{},error", KEYS.join(",")),
        SweepFormat::Markdown => format!(
            "| {} | error |\n|{}---|",
            KEYS.join(" | "),
            KEYS.iter().map(|_| "---|").collect::<String>()
        ),
    }
}

/// The games a sweep file lists, in order: one game a line (an octal code such as `0.6`, or
/// any heap game of the catalogue, `grundy`, `subtraction:1,2,5`), a pattern in which each `?`
/// stands for every octal digit (`0.???`: the 512 codes of three digits, those ending in 0
/// left out as the shorter codes they equal), blank lines and `#` comments skipped.
fn read_games(path: &Path) -> Result<Vec<String>, Error> {
    let text =
        onag_games::read_text_within(path, MAX_LIST_BYTES).map_err(|source| Error::Read {
            path: path.display().to_string(),
            source,
        })?;
    let mut games = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let place = || format!("{}, line {}", path.display(), number + 1);
        if line.contains('?') {
            expand(line, &place(), &mut games)?;
        } else {
            games.push(line.to_string());
        }
        if games.len() > MAX_GAMES {
            return Err(Error::Usage(format!(
                "{}: more than {MAX_GAMES} games; split the sweep into several files",
                place()
            )));
        }
    }
    if games.is_empty() {
        return Err(Error::Usage(format!(
            "{} lists no game: write one code a line (0.6, 4.07, grundy) or a pattern (0.???)",
            path.display()
        )));
    }
    let mut seen = std::collections::HashSet::new();
    for game in &games {
        if !seen.insert(game.as_str()) {
            return Err(Error::Usage(format!(
                "{} lists {game} twice: each game is one row of the table",
                path.display()
            )));
        }
    }
    Ok(games)
}

/// The codes of an octal pattern (`?` for each digit 0 to 7), those ending in 0 left out.
fn expand(pattern: &str, place: &str, games: &mut Vec<String>) -> Result<(), Error> {
    let free = pattern.matches('?').count() as u32;
    let (whole, digits) = pattern.split_once('.').unwrap_or(("", pattern));
    let octal = |text: &str| text.chars().all(|c| c == '?' || ('0'..='7').contains(&c));
    if whole.contains('?') || !octal(whole) || !octal(digits) || digits.is_empty() {
        return Err(Error::Usage(format!(
            "{place}: {pattern} is not an octal pattern: write digits 0 to 7 after the point, ? for every digit (0.???)"
        )));
    }
    if free > MAX_FREE_DIGITS {
        return Err(Error::Usage(format!(
            "{place}: {pattern} has {free} free digits, at most {MAX_FREE_DIGITS} (8^{MAX_FREE_DIGITS} games)"
        )));
    }
    for index in 0..8u32.pow(free) {
        let mut rest = index;
        let mut code = String::with_capacity(pattern.len());
        // The first ? is the most significant digit, so the codes come in numerical order.
        let mut place_value = 8u32.pow(free);
        for c in pattern.chars() {
            if c == '?' {
                place_value /= 8;
                code.push(char::from(b'0' + (rest / place_value) as u8));
                rest %= place_value;
            } else {
                code.push(c);
            }
        }
        let (_, digits) = code.split_once('.').unwrap_or(("", &code));
        if digits.ends_with('0') || digits.chars().all(|c| c == '0') {
            continue;
        }
        games.push(code);
    }
    Ok(())
}

/// What a worker sends back: the index of the game and its row.
type Done = (usize, Row);

/// The sweep's progress line: the games done, and how far each worker's game has got.
struct Board<'a> {
    meter: &'a Meter,
    done: AtomicU64,
    games: u64,
    to: u64,
    /// For each worker, the heap its game has reached; `None` while it has none.
    reached: Mutex<Vec<Option<u64>>>,
}

impl Board<'_> {
    /// Notes that `worker`'s game has reached `heap` (`None`: it has no game), and shows it.
    fn note(&self, worker: usize, heap: Option<u64>) {
        let mut reached = self.reached.lock().unwrap_or_else(|e| e.into_inner());
        reached[worker] = heap;
        self.show(&reached);
    }

    /// Notes that `done` games are done, and shows it.
    fn finished(&self, done: u64) {
        let reached = self.reached.lock().unwrap_or_else(|e| e.into_inner());
        self.done.store(done, Ordering::Relaxed);
        self.show(&reached);
    }

    fn show(&self, reached: &[Option<u64>]) {
        let under_way = reached.iter().flatten().count() as u64;
        let heaps = reached.iter().flatten().sum();
        self.meter.show(Progress::Sweep {
            done: self.done.load(Ordering::Relaxed),
            games: self.games,
            under_way,
            heaps,
            to: self.to,
        });
    }
}

pub fn run(arguments: &SweepArgs, out: &mut dyn Write) -> Result<(), Error> {
    // Unless one is named, the format is the one the output's extension names (a table written
    // to `part-1.json` is JSON, as `--merge` reads it), else Markdown.
    let format = match (arguments.format, arguments.json, &arguments.output) {
        (Some(format), _, _) => format,
        (None, true, _) => SweepFormat::Json,
        (None, false, Some(path)) => format_of(path, SweepFormat::Markdown),
        (None, false, None) => SweepFormat::Markdown,
    };
    let all = read_games(&arguments.file)?;
    // Every game is opened before any is valued: a misspelt code is one line now, not an
    // error row after hours of work.
    for game in &all {
        let opened = onag_games::open(game).map_err(|error| {
            Error::Usage(format!("{}: {game}: {error}", arguments.file.display()))
        })?;
        if opened.as_ruleset().is_none() {
            return Err(Error::Usage(format!(
                "{}: {game} is not a heap game: a sweep lists Grundy sequences of single heaps",
                arguments.file.display()
            )));
        }
    }
    // The table replaces its file by a rename, which must not take the place of a directory, a
    // device or a pipe.
    if let Some(path) = &arguments.output {
        if path.is_dir() {
            return Err(Error::Usage(format!(
                "--output {} is a directory: name the table's file",
                path.display()
            )));
        }
        if path.exists() && !path.is_file() {
            return Err(Error::Usage(format!(
                "--output {} is not a regular file (a device or a pipe): name the table's file",
                path.display()
            )));
        }
    }
    if !arguments.merge.is_empty() {
        return merge(arguments, format, &all, out);
    }
    let (shard, shards) = arguments.shard.unwrap_or((1, 1));
    let games: Vec<String> = all
        .into_iter()
        .enumerate()
        .filter(|(index, _)| index % shards == shard - 1)
        .map(|(_, game)| game)
        .collect();
    let budget = arguments.budget.sequence_budget();
    // Every value of a row's checksum is read once: the bound is held to the options budget as
    // a listing is.
    if arguments.to >= budget.options {
        return Err(Error::Usage(format!(
            "a sweep to {} reads more than the limit of {} options examined for each game's checksum; raise --max-options",
            arguments.to, budget.options
        )));
    }
    let keep = match &arguments.checkpoints {
        Some(directory) => {
            if directory.exists() && !directory.is_dir() {
                return Err(Error::Usage(format!(
                    "--checkpoints {} is a file: name a directory",
                    directory.display()
                )));
            }
            std::fs::create_dir_all(directory).map_err(|source| Error::File {
                path: directory.display().to_string(),
                source,
            })?;
            Some(Keep {
                directory: directory.clone(),
                every: Duration::from_secs_f64(arguments.checkpoint_every),
            })
        }
        None => None,
    };
    // Rows already written by an interrupted sweep to the same file and bound are kept.
    let mut finished: BTreeMap<String, Row> = BTreeMap::new();
    if let Some(path) = &arguments.output {
        // A file that cannot be read as a table (too long, not text, not readable) is refused
        // rather than replaced: it may be something else the user keeps.
        let text = match onag_games::read_text_within(path, MAX_TABLE_BYTES) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(error) => {
                return Err(Error::Usage(format!(
                    "--output {} cannot be read as a table to resume ({error}): name another file",
                    path.display()
                )));
            }
        };
        for line in text.lines() {
            if let Some(row) = Row::parse(line, format) {
                if row.to() == Some(arguments.to) && !row.0.contains_key("error") {
                    finished.insert(row.code().to_string(), row);
                }
            }
        }
    }
    // To a file, the rows finished before are written first (the file replaced at once, so
    // that no finished row is ever lost) and each new row as soon as its game is done; once
    // every game is done the table is written again in the order of the list. To the standard
    // output, rows come in the order of the list.
    let mut file_output;
    let to_file = arguments.output.is_some();
    let sink: &mut dyn Write = match &arguments.output {
        Some(path) => {
            let kept: Vec<&Row> = games
                .iter()
                .filter_map(|game| finished.get(game.as_str()))
                .collect();
            replace_file(path, format, &kept, false)?;
            file_output = std::fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(|source| Error::File {
                    path: path.display().to_string(),
                    source,
                })?;
            &mut file_output
        }
        None => out,
    };
    let mut table = Table {
        sink,
        format,
        rows: if to_file { finished.len() } else { 0 },
    };
    if !to_file {
        table.line(&header(format))?;
    }
    let pending: Vec<(usize, &String)> = games
        .iter()
        .enumerate()
        .filter(|(_, game)| !finished.contains_key(game.as_str()))
        .collect();
    let threads = SequenceOptions {
        threads: arguments.threads.map_or(0, |threads| threads as usize),
        ..SequenceOptions::default()
    }
    .threads();
    let workers = threads.min(pending.len()).max(1);
    // Games side by side share the threads and one memory budget: each takes the memory it
    // needs as it grows (waiting while the others hold the rest), and once no game is left to
    // start, a worker's threads go to the games still under way.
    let side_by_side = (workers > 1).then(|| onag_games::SideBySide::new(threads, budget.memory));
    let runners: Vec<Option<onag_games::Runner>> = (0..workers)
        .map(|_| side_by_side.as_ref().map(onag_games::SideBySide::runner))
        .collect();
    let per_game = SequenceOptions {
        budget,
        threads: (threads / workers).max(1),
        checkpoint: None,
        checkpoint_every: Duration::from_secs(60),
        side_by_side,
    };
    let meter = Meter::for_terminal();
    let next = Mutex::new(0usize);
    // Games refused memory the others held, to be valued once more when no game is left to
    // start (fewer then run beside them).
    let again: Mutex<Vec<(usize, &String)>> = Mutex::new(Vec::new());
    // Workers with no game left.
    let over = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<Done>();
    let stops = onag_core::Stop::in_force();
    let to = arguments.to;
    let mut failed = 0;
    let mut done: BTreeMap<usize, Row> = BTreeMap::new();
    let board = Board {
        meter: &meter,
        done: AtomicU64::new(finished.len() as u64),
        games: games.len() as u64,
        to,
        reached: Mutex::new(vec![None; workers]),
    };
    let result = std::thread::scope(|scope| -> Result<(), Error> {
        for (worker, runner) in runners.into_iter().enumerate() {
            let send = send.clone();
            let (next, pending, stops, per_game, keep, board, again, over) = (
                &next,
                &pending,
                &stops,
                &per_game,
                keep.as_ref(),
                &board,
                &again,
                &over,
            );
            scope.spawn(move || {
                // Held while this worker has games to value; its threads are then lent.
                let mut runner = runner;
                onag_core::Stop::run_all(stops, || {
                    let shared = per_game.side_by_side.as_ref();
                    let value = |game: &str| {
                        board.note(worker, Some(0));
                        let refusals = shared.map_or(0, onag_games::SideBySide::refusals);
                        let (row, out_of_memory) =
                            value_one(game, to, per_game, keep, &mut |heap| {
                                board.note(worker, Some(heap));
                            });
                        board.note(worker, None);
                        // Refused what the others held, not more than the whole budget (a
                        // refusal of another game meanwhile may count too: that game is then
                        // valued once more for nothing, no worse).
                        let refused = out_of_memory
                            && shared.is_some_and(|shared| shared.refusals() > refusals);
                        (row, refused)
                    };
                    loop {
                        let taken = {
                            let mut next = next.lock().unwrap_or_else(|e| e.into_inner());
                            let taken = *next;
                            *next += 1;
                            taken
                        };
                        let Some(&(index, game)) = pending.get(taken) else {
                            break;
                        };
                        let (row, refused) = value(game);
                        if refused {
                            // Valued again alone, once every other game is over.
                            again
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((index, game));
                            continue;
                        }
                        let stopped = onag_core::check_stop().is_err();
                        if send.send((index, row)).is_err() || stopped {
                            return;
                        }
                    }
                    // The last worker to finish values the refused games one at a time, alone:
                    // with every thread and all of the memory.
                    drop(runner.take());
                    if over.fetch_add(1, Ordering::AcqRel) + 1 < workers {
                        return;
                    }
                    let refused =
                        std::mem::take(&mut *again.lock().unwrap_or_else(|e| e.into_inner()));
                    for (index, game) in refused {
                        let (row, _) = value(game);
                        let stopped = onag_core::check_stop().is_err();
                        if send.send((index, row)).is_err() || stopped {
                            return;
                        }
                    }
                });
            });
        }
        drop(send);
        // Rows are written in the order of the file, each as soon as those before it are.
        let mut ready: BTreeMap<usize, Row> = BTreeMap::new();
        let mut written = 0;
        let mut valued = 0;
        let flush_ready = |written: &mut usize,
                           ready: &mut BTreeMap<usize, Row>,
                           table: &mut Table|
         -> Result<(), Error> {
            while *written < games.len() {
                let game = &games[*written];
                if let Some(row) = finished.get(game.as_str()) {
                    table.row(row)?;
                } else if let Some(row) = ready.remove(written) {
                    table.row(&row)?;
                    Keep::forget(keep.as_ref(), &row);
                } else {
                    break;
                }
                *written += 1;
            }
            Ok(())
        };
        if !to_file {
            flush_ready(&mut written, &mut ready, &mut table)?;
        }
        for (index, row) in receive {
            if row.0.get("error").and_then(Value::as_str) == Some(STOPPED) {
                continue;
            }
            failed += usize::from(row.0.contains_key("error"));
            valued += 1;
            if to_file {
                table.row(&row)?;
                Keep::forget(keep.as_ref(), &row);
                done.insert(index, row);
            } else {
                ready.insert(index, row);
                flush_ready(&mut written, &mut ready, &mut table)?;
            }
            board.finished((finished.len() + valued) as u64);
        }
        onag_core::check_stop().map_err(Error::Engine)?;
        Ok(())
    });
    result?;
    match &arguments.output {
        Some(path) => {
            let rows: Vec<&Row> = games
                .iter()
                .enumerate()
                .filter_map(|(index, game)| finished.get(game.as_str()).or(done.get(&index)))
                .collect();
            replace_file(path, format, &rows, true)?;
        }
        None => {
            if format == SweepFormat::Json {
                table.line("]")?;
            }
            table.sink.flush().map_err(Error::Output)?;
        }
    }
    if failed > 0 {
        return Err(Error::Usage(format!(
            "{failed} of {} games could not be valued to {to} within the limits: their rows say why",
            games.len()
        )));
    }
    Ok(())
}

/// The format a table's file is in: by its name's extension, else `format`.
fn format_of(path: &Path, format: SweepFormat) -> SweepFormat {
    match path.extension().and_then(|extension| extension.to_str()) {
        Some("json") => SweepFormat::Json,
        Some("csv") => SweepFormat::Csv,
        Some("md" | "markdown") => SweepFormat::Markdown,
        _ => format,
    }
}

/// `--merge`: the rows of the shards' tables as one table in the order of the list; every
/// game must be in exactly one of them, at the bound asked.
fn merge(
    arguments: &SweepArgs,
    format: SweepFormat,
    games: &[String],
    out: &mut dyn Write,
) -> Result<(), Error> {
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    for path in &arguments.merge {
        let text =
            onag_games::read_text_within(path, MAX_TABLE_BYTES).map_err(|source| Error::Read {
                path: path.display().to_string(),
                source,
            })?;
        for line in text.lines() {
            let Some(row) = Row::parse(line, format_of(path, format)) else {
                continue;
            };
            if row.to() != Some(arguments.to) {
                return Err(Error::Usage(format!(
                    "{}: {} was valued to {}, not to {}",
                    path.display(),
                    row.code(),
                    row.to().map_or("no bound".to_string(), |to| to.to_string()),
                    arguments.to
                )));
            }
            if !games.iter().any(|game| game == row.code()) {
                return Err(Error::Usage(format!(
                    "{}: {} is not listed in {}",
                    path.display(),
                    row.code(),
                    arguments.file.display()
                )));
            }
            if let Some(before) = rows.insert(row.code().to_string(), row.clone())
                && before != row
            {
                return Err(Error::Usage(format!(
                    "{}: {} has two different rows among the tables",
                    path.display(),
                    row.code()
                )));
            }
        }
    }
    let missing: Vec<&str> = games
        .iter()
        .filter(|game| !rows.contains_key(game.as_str()))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(5).copied().collect();
        return Err(Error::Usage(format!(
            "{} of {} games are in none of the tables ({}{}): run their shards first",
            missing.len(),
            games.len(),
            shown.join(", "),
            if missing.len() > 5 { ", ..." } else { "" }
        )));
    }
    let ordered: Vec<&Row> = games
        .iter()
        .filter_map(|game| rows.get(game.as_str()))
        .collect();
    match &arguments.output {
        Some(path) => replace_file(path, format, &ordered, true)?,
        None => {
            let mut table = Table {
                sink: out,
                format,
                rows: 0,
            };
            table.line(&header(format))?;
            for row in ordered {
                table.row(row)?;
            }
            if format == SweepFormat::Json {
                table.line("]")?;
            }
        }
    }
    Ok(())
}

/// Replaces `path` at once (a file beside it, renamed over it) by the header and `rows`.
/// With `closed`, a JSON list is closed after the rows.
fn replace_file(
    path: &Path,
    format: SweepFormat,
    rows: &[&Row],
    closed: bool,
) -> Result<(), Error> {
    let error = |source| Error::File {
        path: path.display().to_string(),
        source,
    };
    let mut text = header(format);
    text.push('\n');
    for (index, row) in rows.iter().enumerate() {
        if format == SweepFormat::Json && index > 0 {
            text.push(',');
        }
        text.push_str(&row.render(format));
        text.push('\n');
    }
    if closed && format == SweepFormat::Json {
        text.push_str("]\n");
    }
    onag_games::replace_whole(path, |file| file.write_all(text.as_bytes())).map_err(error)
}

/// The error of a game stopped by Ctrl-C: its row is not written, so a resumed sweep values it.
const STOPPED: &str = "interrupted";

/// The table as it is written: a line at a time, flushed, so that an interrupted sweep
/// leaves every finished row.
struct Table<'a> {
    sink: &'a mut dyn Write,
    format: SweepFormat,
    rows: usize,
}

impl Table<'_> {
    fn line(&mut self, line: &str) -> Result<(), Error> {
        writeln!(self.sink, "{line}").map_err(Error::Output)?;
        self.sink.flush().map_err(Error::Output)
    }

    fn row(&mut self, row: &Row) -> Result<(), Error> {
        let mut line = row.render(self.format);
        if self.format == SweepFormat::Json && self.rows > 0 {
            line.insert(0, ',');
        }
        self.rows += 1;
        self.line(&line)
    }
}

/// The row of one game: its sequence to `to`, the period, the sparse-space report, the
/// seconds it took and the checksum of `sequence --summary`.
/// Where the games under way keep their checkpoints, and how often.
struct Keep {
    directory: PathBuf,
    every: Duration,
}

impl Keep {
    /// The checkpoint of `game` and the file of the seconds spent on it so far. The code is
    /// written with every byte but letters, digits, `.` and `-` as `_` and two hex digits,
    /// so that two codes never share a file and none names a path outside the directory.
    fn files(&self, game: &str) -> (PathBuf, PathBuf) {
        let mut name = String::with_capacity(game.len());
        for byte in game.bytes() {
            if byte.is_ascii_alphanumeric() || byte == b'.' || byte == b'-' {
                name.push(char::from(byte));
            } else {
                name.push_str(&format!("_{byte:02x}"));
            }
        }
        (
            self.directory.join(format!("{name}.checkpoint")),
            self.directory.join(format!("{name}.seconds")),
        )
    }
}

impl Keep {
    /// Removes the files of the game of `row` once the row is written: it holds what they were
    /// for. A row that failed keeps them, to resume from with other limits. (Were the process
    /// to end between the row and this, the files would only be resumed from, never trusted
    /// for a row: a row is computed again from the values.)
    fn forget(keep: Option<&Keep>, row: &Row) {
        if let Some(keep) = keep
            && !row.0.contains_key("error")
        {
            let (checkpoint, seconds) = keep.files(row.code());
            let _ = std::fs::remove_file(checkpoint);
            let _ = std::fs::remove_file(seconds);
        }
    }
}

/// The seconds spent on a game in runs before this one, as its seconds file says (none when
/// there is no file).
fn seconds_before(path: &Path) -> Result<f64, String> {
    if path.exists() && !path.is_file() {
        return Err(format!(
            "{} is not a regular file (it should hold the seconds spent on the game): remove it",
            path.display()
        ));
    }
    match onag_games::read_text_within(path, MAX_SECONDS_BYTES) {
        Ok(text) => text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|seconds| seconds.is_finite() && *seconds >= 0.0)
            .ok_or_else(|| {
                format!(
                    "{} is damaged (it should hold the seconds spent on the game): remove it",
                    path.display()
                )
            }),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(0.0),
        Err(error) => Err(format!("cannot read {}: {error}", path.display())),
    }
}

/// Writes `seconds` to the seconds file at `path`, whole or not at all.
fn write_seconds(path: &Path, seconds: f64) -> std::io::Result<()> {
    onag_games::replace_whole(path, |file| writeln!(file, "{seconds:.3}"))
}

/// The row of a game that could not be valued: `message` says why.
fn error_row(mut map: Map<String, Value>, message: String) -> Row {
    for key in &KEYS[2..] {
        map.insert((*key).to_string(), Value::Null);
    }
    map.insert("error".to_string(), json!(message));
    Row(map)
}

/// The row of `game` valued to `to`, its progress reported to `progress` (the heap reached),
/// and whether it was refused memory.
fn value_one(
    game: &str,
    to: u64,
    options: &SequenceOptions,
    keep: Option<&Keep>,
    progress: &mut dyn FnMut(u64),
) -> (Row, bool) {
    let clock = Instant::now();
    let mut map = Map::new();
    map.insert("code".to_string(), json!(game));
    map.insert("to".to_string(), json!(to));
    let files = keep.map(|keep| keep.files(game));
    let before = match files.as_ref().map(|(_, seconds)| seconds_before(seconds)) {
        Some(Err(message)) => return (error_row(map, message), false),
        Some(Ok(seconds)) => seconds,
        None => 0.0,
    };
    let mut options = options.clone();
    if let (Some(keep), Some((checkpoint, _))) = (keep, &files) {
        options.checkpoint = Some(checkpoint.clone());
        options.checkpoint_every = keep.every;
    }
    // The seconds file is brought up to date as often as the checkpoint is written, so that a
    // game resumed counts the time of every run (to within that interval).
    let mut noted = Instant::now();
    let mut note_seconds = |heap: u64| {
        progress(heap);
        if let (Some(keep), Some((_, seconds))) = (keep, &files)
            && noted.elapsed() >= keep.every
        {
            noted = Instant::now();
            let _ = write_seconds(seconds, before + clock.elapsed().as_secs_f64());
        }
    };
    let computed = onag_games::open(game)
        .map_err(Error::Game)
        .and_then(|opened| {
            opened
                .sequence(to, &options, &mut note_seconds)
                .map_err(Error::Game)
        });
    if let Some((_, seconds)) = &files {
        let _ = write_seconds(seconds, before + clock.elapsed().as_secs_f64());
    }
    let sequence = match computed {
        Ok(sequence) => sequence,
        Err(error) => {
            let refused = matches!(
                error,
                Error::Game(onag_games::Error::Engine(onag_core::Error::LimitExceeded {
                    resource: onag_core::Resource::Memory,
                    ..
                }))
            );
            let message = if error.is_interrupted() {
                STOPPED.to_string()
            } else {
                error.to_string()
            };
            return (error_row(map, message), refused);
        }
    };
    let period = sequence.period();
    let report = sequence.sparse_report();
    let (checksum, _, _) = super::sequence::read_through(&sequence, &Meter::new(false));
    map.insert("preperiod".to_string(), json!(period.map(|p| p.preperiod)));
    map.insert("period".to_string(), json!(period.map(|p| p.period)));
    map.insert(
        "proven".to_string(),
        json!(period.is_some_and(|p| p.proven)),
    );
    map.insert("largest".to_string(), json!(report.map(|r| r.largest)));
    map.insert(
        "largest_at".to_string(),
        json!(report.map(|r| r.largest_at)),
    );
    map.insert(
        "rare_mask".to_string(),
        json!(report.map(|r| format!("{:#x}", r.rare_mask))),
    );
    map.insert(
        "rare_by".to_string(),
        json!(report.map(|r| r.rare_by.name())),
    );
    map.insert(
        "rare_count".to_string(),
        json!(report.map(|r| r.rare_count)),
    );
    map.insert(
        "last_rare".to_string(),
        json!(report.and_then(|r| r.last_rare)),
    );
    let seconds = ((before + clock.elapsed().as_secs_f64()) * 1000.0).round() / 1000.0;
    map.insert("seconds".to_string(), json!(seconds));
    map.insert("checksum".to_string(), json!(format!("{checksum:016x}")));
    (Row(map), false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoint_names_are_one_file_for_each_code_inside_the_directory() {
        let keep = Keep {
            directory: PathBuf::from("kept"),
            every: Duration::from_secs(60),
        };
        let name = |game: &str| {
            let (checkpoint, seconds) = keep.files(game);
            assert_eq!(checkpoint.parent(), Some(Path::new("kept")));
            assert_eq!(
                seconds.file_stem(),
                checkpoint.file_stem(),
                "the seconds file goes with its checkpoint"
            );
            checkpoint
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        };
        assert_eq!(name("0.6"), "0.6.checkpoint");
        assert_eq!(
            name("subtraction:1,2,5"),
            "subtraction_3a1_2c2_2c5.checkpoint"
        );
        // A byte that would be a separator, and two codes that differ only where one has an
        // escape's own text.
        assert_eq!(name("a/b"), "a_2fb.checkpoint");
        assert_ne!(name("a_2fb"), name("a/b"));
    }

    fn row() -> Row {
        let mut map = Map::new();
        for (key, value) in KEYS.iter().zip([
            json!("subtraction:1,2,3"),
            json!(100),
            json!(0),
            json!(4),
            json!(true),
            json!(3),
            json!(3),
            json!("0x1"),
            json!("value"),
            json!(25),
            Value::Null,
            json!(0.002),
            json!("00ff00ff00ff00ff"),
        ]) {
            map.insert((*key).to_string(), value);
        }
        Row(map)
    }

    #[test]
    fn a_row_reads_back_as_written_in_every_format() {
        for format in [SweepFormat::Json, SweepFormat::Csv, SweepFormat::Markdown] {
            let written = row().render(format);
            assert_eq!(
                Row::parse(&written, format),
                Some(row()),
                "{format:?}: {written}"
            );
            // The header and a line cut short are not rows.
            for line in header(format).lines() {
                assert_eq!(Row::parse(line, format), None, "{format:?}: {line}");
            }
            let cut = &written[..written.len() / 2];
            assert_eq!(Row::parse(cut, format), None, "{format:?}: {cut}");
        }
    }

    #[test]
    fn a_row_of_a_table_from_before_rare_by_reads_as_by_value() {
        let mut old = row();
        old.0.remove("rare_by");
        // The layout then: the keys but `rare_by`, and the error (empty).
        let mut cells: Vec<String> = KEYS
            .iter()
            .zip(row().cells())
            .filter(|(key, _)| **key != "rare_by")
            .map(|(_, cell)| cell)
            .collect();
        cells.push(String::new());
        assert_eq!(cells.len(), KEYS.len());
        let markdown = format!("| {} |", cells.join(" | "));
        let csv = cells
            .iter()
            .map(|cell| csv_field(cell))
            .collect::<Vec<_>>()
            .join(",");
        let json = Value::Object(old.0.clone()).to_string();
        for (line, format) in [
            (markdown, SweepFormat::Markdown),
            (csv, SweepFormat::Csv),
            (json, SweepFormat::Json),
        ] {
            assert_eq!(Row::parse(&line, format), Some(row()), "{format:?}: {line}");
        }
        // A row with no report (an error row) gets none either.
        let mut failed = Map::new();
        failed.insert("code".to_string(), json!("0.6"));
        failed.insert("rare_mask".to_string(), Value::Null);
        let read = Row::parse(&Value::Object(failed).to_string(), SweepFormat::Json).unwrap();
        assert_eq!(read.0.get("rare_by"), Some(&Value::Null));
    }

    #[test]
    fn a_pattern_lists_every_code_not_ending_in_zero() {
        let mut games = Vec::new();
        expand("0.??", "test", &mut games).unwrap();
        // 64 two-digit codes, less the 8 ending in 0.
        assert_eq!(games.len(), 56);
        assert_eq!(games[0], "0.01");
        assert_eq!(games.last().map(String::as_str), Some("0.77"));
        assert!(!games.iter().any(|code| code.ends_with('0')));
        assert!(expand("0.8?", "test", &mut games).is_err());
        assert!(expand("0.???????", "test", &mut games).is_err());
    }
}
