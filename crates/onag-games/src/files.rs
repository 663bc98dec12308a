//! Reading what a user names, within a bound: a file may be a device or a pipe that never ends
//! (`/dev/zero`), or report no size (`/proc`), so its length is counted as it is read, never
//! trusted from its metadata.

use std::cell::Cell;
use std::io::{BufRead, Read};
use std::path::Path;

thread_local! {
    /// Whether [`without_files`] is in force on this thread.
    static FILES_DENIED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` with every file the library would read by a name in a position (`file:PATH` in a
/// graph game's notation) refused with an error of kind
/// [`std::io::ErrorKind::PermissionDenied`]: a front that serves others (the web explorer)
/// reads no file a request names.
///
/// # Examples
///
/// ```
/// let game = onag_games::open("node-kayles").unwrap();
/// let budget = onag_core::Budget::DEFAULT;
/// let words = ["file:/etc/hostname".to_string()];
/// let refused = onag_games::without_files(|| game.analyse(&words, budget, Box::new(|_| ())).err());
/// assert!(refused.unwrap().to_string().contains("not read here"));
/// ```
pub fn without_files<T>(work: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            FILES_DENIED.set(self.0);
        }
    }
    let _restore = Restore(FILES_DENIED.replace(true));
    work()
}

/// The bytes of the file at `path`, at most `limit` of them: a longer file is an error of kind
/// [`std::io::ErrorKind::FileTooLarge`] saying so, after `limit + 1` bytes were read.
///
/// # Errors
///
/// The file's own read errors, and a file longer than `limit`.
///
/// # Examples
///
/// ```
/// let bytes = onag_games::read_within(std::path::Path::new("/dev/zero"), 1024);
/// assert!(bytes.unwrap_err().to_string().contains("more than 1024 bytes"));
/// ```
pub fn read_within(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    if FILES_DENIED.get() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "files are not read here",
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_long(&format!("more than {limit} bytes")));
    }
    Ok(bytes)
}

/// [`read_within`] as text, which must be UTF-8.
///
/// # Errors
///
/// As [`read_within`], and text that is not UTF-8.
pub fn read_text_within(path: &Path, limit: u64) -> std::io::Result<String> {
    String::from_utf8(read_within(path, limit)?)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// One line of `input` into `line` (cleared first), its newline included, of at most `limit`
/// bytes; the number of bytes read, 0 at the end of the input.
///
/// # Errors
///
/// The input's own read errors, a line longer than `limit` (of kind
/// [`std::io::ErrorKind::FileTooLarge`]) and a line that is not UTF-8.
pub fn read_line_within(
    input: &mut dyn BufRead,
    line: &mut String,
    limit: u64,
) -> std::io::Result<usize> {
    line.clear();
    let mut bytes = Vec::new();
    let read = input
        .take(limit.saturating_add(1))
        .read_until(b'\n', &mut bytes)?;
    if read as u64 > limit {
        return Err(too_long(&format!("a line of more than {limit} bytes")));
    }
    *line = String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))?;
    Ok(read)
}

fn too_long(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::FileTooLarge, what.to_string())
}

/// A name beside `path` for a file written whole before it is renamed over `path`: unique to
/// this process and this write, so that two processes (or two writes) keeping one checkpoint
/// never share a half-written file, and the last rename leaves one whole checkpoint.
pub(crate) fn partial_beside(path: &Path) -> std::path::PathBuf {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let write = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut partial = path.as_os_str().to_os_string();
    partial.push(format!(".{}-{write}.partial", std::process::id()));
    std::path::PathBuf::from(partial)
}

/// Replaces the file at `path` whole or not at all: `write` fills a new file beside it (a name
/// of this process and this write alone), which is flushed to the disk and then renamed over
/// `path`, so that a reader, or a run killed at any moment, finds the old file or the new one,
/// never half of one. Should any step fail (a full disk, a folder taken away), the new file is
/// removed and the error returned: the old file stays as it was and nothing is left beside it.
///
/// # Examples
///
/// ```
/// let path = std::env::temp_dir().join(format!("onag-doc-replace-{}.txt", std::process::id()));
/// onag_games::replace_whole(&path, |file| std::io::Write::write_all(file, b"old")).unwrap();
/// let full = std::io::Error::new(std::io::ErrorKind::StorageFull, "no space");
/// let failed = onag_games::replace_whole(&path, |_| Err(full));
/// assert_eq!(failed.unwrap_err().kind(), std::io::ErrorKind::StorageFull);
/// assert_eq!(std::fs::read(&path).unwrap(), b"old");
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn replace_whole(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let partial = partial_beside(path);
    let result = std::fs::File::create(&partial)
        .and_then(|mut file| {
            write(&mut file)?;
            file.sync_all()
        })
        .and_then(|()| std::fs::rename(&partial, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result
}

/// Why `path` cannot be a checkpoint file, when it names a directory, or anything else that
/// is there but not a regular file (a device, which a write would replace, or a pipe, whose
/// reading would wait for a writer for ever).
pub(crate) fn not_a_file_refused(path: &Path) -> Option<String> {
    if path.is_dir() {
        Some("is a directory: name a file in it (the checkpoint is one file)".to_string())
    } else if path.exists() && !path.is_file() {
        Some("is not a regular file (a device or a pipe): name a file".to_string())
    } else {
        None
    }
}
