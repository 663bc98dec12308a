//! The documents read whole and say what the program does: every Markdown file's code fences
//! are balanced, and every `onag` command line in a fenced block of README.md and GUIDE.md runs,
//! a line shown as `$ onag ...` printing exactly the lines the block shows after it (`...` in the
//! block stands for any lines).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::Scratch;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every Markdown file of the repository (outside build output and dependencies).
fn markdown_files() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::from(ROOT)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            let name = path
                .file_name()
                .and_then(|name| name.to_str())
                .unwrap_or("");
            if path.is_dir() {
                if !matches!(name, "target" | ".git" | "node_modules") && !name.starts_with('.') {
                    folders.push(path);
                }
            } else if name.ends_with(".md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A fenced block: its info string, the line number of its opening fence and its lines.
struct Block {
    info: String,
    line: usize,
    lines: Vec<String>,
}

/// The fenced blocks of `text`, or the line of a fence that is never closed. A fence is three
/// or more backticks or tildes; it closes at a line of at least as many of the same character
/// and nothing else (CommonMark).
fn blocks(text: &str) -> Result<Vec<Block>, usize> {
    let mut found = Vec::new();
    let mut open: Option<(char, usize, Block)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let fence = ['`', '~'].into_iter().find_map(|mark| {
            let count = trimmed.chars().take_while(|&c| c == mark).count();
            (count >= 3).then_some((mark, count))
        });
        match (&mut open, fence) {
            (Some((mark, count, _)), Some((this, length)))
                if this == *mark && length >= *count && trimmed.trim_end().len() == length =>
            {
                let (_, _, block) = open.take().expect("an open block");
                found.push(block);
            }
            (Some((_, _, block)), _) => block.lines.push(line.to_string()),
            (None, Some((mark, count))) => {
                let info = trimmed[count * mark.len_utf8()..].trim().to_string();
                let block = Block {
                    info,
                    line: index + 1,
                    lines: Vec::new(),
                };
                open = Some((mark, count, block));
            }
            (None, None) => {}
        }
    }
    match open {
        Some((_, _, block)) => Err(block.line),
        None => Ok(found),
    }
}

#[test]
fn every_markdown_file_closes_its_fences() {
    let files = markdown_files();
    assert!(files.len() >= 8, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("UTF-8 Markdown");
        if let Err(line) = blocks(&text) {
            panic!(
                "{}: the fence opened at line {line} is never closed",
                file.display()
            );
        }
    }
}

/// The checker catches what GUIDE.md had: a fence opened and never closed, swallowing the
/// section after it.
#[test]
fn an_unclosed_fence_is_found() {
    let text = "# A\n\n```text\n$ onag value nim 1\n\n## B\n\nprose\n";
    assert_eq!(blocks(text).err(), Some(3));
    let text = "````\n```\nstill code\n````\n";
    assert_eq!(blocks(text).ok().map(|found| found.len()), Some(1));
}

/// A command line of a document without its trailing comment (`   # ...`).
fn without_comment(line: &str) -> &str {
    match line.find("  #") {
        Some(at) => line[..at].trim_end(),
        None => line.trim_end(),
    }
}

/// Whether `program` can be run from the PATH.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|folder| folder.join(program).is_file())
    })
}

/// Runs `line` in a shell in `folder`, with the program under test first on the PATH, no
/// input and `HOME` in the folder; its status and standard output.
fn run(line: &str, folder: &Path) -> (bool, String) {
    let program = PathBuf::from(env!("CARGO_BIN_EXE_onag"));
    let bin = program.parent().expect("the program's folder");
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    // The program is `onag`, wherever cargo built it.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("set -e; {line}"))
        .current_dir(folder)
        .env("PATH", path)
        .env("HOME", folder)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let started = Instant::now();
    loop {
        if child.try_wait().expect("a status").is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("{line:?} ran past two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("output");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{line}: {stderr}");
    (
        output.status.success(),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
    )
}

/// Whether `printed` is what `shown` shows, a line `...` standing for any lines.
fn matches(shown: &[String], printed: &[&str]) -> bool {
    match shown.split_first() {
        None => printed.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=printed.len()).any(|skip| matches(rest, &printed[skip..]))
        }
        Some((first, rest)) => {
            printed.first() == Some(&first.as_str()) && matches(rest, &printed[1..])
        }
    }
}

#[test]
fn the_documents_examples_print_what_they_show() {
    let scratch = Scratch::new("docs");
    std::fs::create_dir_all(scratch.join(".local/share/bash-completion/completions"))
        .expect("a completions folder");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for name in ["README.md", "GUIDE.md"] {
        let text = std::fs::read_to_string(Path::new(ROOT).join(name)).expect("the document");
        let found = blocks(&text).expect("balanced fences");
        for block in found
            .iter()
            .filter(|block| matches!(block.info.as_str(), "" | "sh" | "text" | "console"))
        {
            let mut index = 0;
            while index < block.lines.len() {
                let line = block.lines[index].trim_start();
                index += 1;
                let (shown_run, command) = match line.strip_prefix("$ ") {
                    Some(command) if command.starts_with("onag ") => (true, command),
                    None if line.starts_with("onag ") => (false, line),
                    _ => continue,
                };
                let mut command = without_comment(command).to_string();
                // The server runs until stopped: its tests are tests/cli/serve.rs.
                if command.starts_with("onag serve") {
                    continue;
                }
                // A pipe into a program this machine lacks (jq): the onag part still runs.
                if let Some((first, rest)) = command.split_once(" | ") {
                    let next = rest.split_whitespace().next().unwrap_or("");
                    if !on_path(next) {
                        command = first.to_string();
                    }
                }
                let (succeeded, printed) = run(&command, &scratch);
                assert!(succeeded, "{name}:{}: {command:?} failed", block.line);
                checked += 1;
                if shown_run {
                    let mut shown = Vec::new();
                    while index < block.lines.len()
                        && !block.lines[index].trim_start().starts_with("$ ")
                    {
                        shown.push(block.lines[index].clone());
                        index += 1;
                    }
                    let printed: Vec<&str> = printed.lines().collect();
                    if !matches(&shown, &printed) {
                        wrong.push(format!(
                            "{name}:{}: {command:?} prints\n{}\nbut the document shows\n{}",
                            block.line,
                            printed.join("\n"),
                            shown.join("\n")
                        ));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    assert!(checked >= 15, "only {checked} examples found");
}
