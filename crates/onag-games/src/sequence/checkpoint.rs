//! Checkpoints: the values of a long run written to a file at intervals, so that a run killed
//! at any moment resumes where the file left it.
//!
//! The file is the header line `onag sequence checkpoint 1`, a line with the game's code, the
//! number of values (8 bytes, little-endian), the bytes per value (1, 2, 4 or 8), the values
//! (little-endian), and a CRC-32 of everything before it (4 bytes). It is written whole to a
//! file beside it, flushed to the disk, and renamed over the old one, so that at any moment the
//! file is either the old checkpoint or the new one, never a torn mixture; the checksum catches
//! a file damaged since. Every method gives the same values, so nothing but the values is kept.

use std::fs::File;
use std::io::{BufReader, BufWriter, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::sequence::values::with_slice;
use crate::{Error, Result, TakeAndBreak, Values};

const HEADER: &[u8] = b"onag sequence checkpoint 1\n";

/// A checkpoint file being kept.
pub(super) struct Checkpoint {
    path: PathBuf,
    code: String,
    every: Duration,
    written: Instant,
    /// How many values the file holds: a write of no more is skipped (a finished checkpoint
    /// read back on a read-only disk needs no write).
    holds: usize,
}

impl Checkpoint {
    /// The checkpoint at `path` for `game`, written every `every`, with the values it already
    /// holds (none if there is no file yet). `last` is the last heap wanted: a file that holds
    /// it already is not written again, so it may be read-only.
    pub(super) fn open(
        path: &Path,
        game: &TakeAndBreak,
        every: Duration,
        last: u64,
    ) -> Result<(Checkpoint, Option<Values>)> {
        let mut checkpoint = Checkpoint {
            path: path.to_path_buf(),
            code: game.to_string(),
            every,
            written: Instant::now(),
            holds: 0,
        };
        if let Some(reason) = crate::files::not_a_file_refused(path) {
            return Err(checkpoint.error(reason));
        }
        let values = match File::open(path) {
            Ok(file) => Some(checkpoint.read(file)?),
            Err(error) if error.kind() == ErrorKind::NotFound => None,
            Err(error) => return Err(checkpoint.error(format!("cannot be read: {error}"))),
        };
        checkpoint.holds = values.as_ref().map_or(0, Values::len);
        // A file that cannot be written is found now, not after an hour of computing, unless
        // it holds every value wanted.
        if (checkpoint.holds as u64) <= last {
            let partial = crate::files::partial_beside(path);
            File::create(&partial)
                .and_then(|_| std::fs::remove_file(&partial))
                .map_err(|error| checkpoint.error(format!("cannot be written: {error}")))?;
        }
        Ok((checkpoint, values))
    }

    fn error(&self, reason: String) -> Error {
        Error::Checkpoint {
            path: self.path.display().to_string(),
            reason,
        }
    }

    fn read(&self, file: File) -> Result<Values> {
        let length = file.metadata().map(|metadata| metadata.len()).unwrap_or(0);
        let mut reader = Checked {
            inner: BufReader::new(file),
            hasher: crc32fast::Hasher::new(),
        };
        let damaged =
            |what: &str| self.error(format!("is not a checkpoint of onag sequence ({what})"));
        let mut header = vec![0; HEADER.len()];
        reader
            .read_exact(&mut header)
            .map_err(|_| damaged("too short"))?;
        if header != HEADER {
            return Err(damaged("no header"));
        }
        let mut code = Vec::new();
        loop {
            let mut byte = [0];
            reader
                .read_exact(&mut byte)
                .map_err(|_| damaged("too short"))?;
            if byte[0] == b'\n' {
                break;
            }
            if code.len() >= 4096 {
                return Err(damaged("no game"));
            }
            code.push(byte[0]);
        }
        if code != self.code.as_bytes() {
            return Err(self.error(format!(
                "holds the values of {}, not of {}",
                String::from_utf8_lossy(&code),
                self.code
            )));
        }
        let mut count = [0; 8];
        reader
            .read_exact(&mut count)
            .map_err(|_| damaged("too short"))?;
        let count = u64::from_le_bytes(count);
        let mut width = [0];
        reader
            .read_exact(&mut width)
            .map_err(|_| damaged("too short"))?;
        let width = usize::from(width[0]);
        // The values must be exactly what the file holds: nothing is sized by a count the
        // file merely claims.
        let expected = (HEADER.len() + code.len() + 1 + 8 + 1 + 4) as u64;
        if ![1, 2, 4, 8].contains(&width)
            || count
                .checked_mul(width as u64)
                .and_then(|bytes| bytes.checked_add(expected))
                != Some(length)
        {
            return Err(damaged("its length does not match its count of values"));
        }
        let mut values = Values::new();
        values.reserve_exact(usize::try_from(count).map_err(|_| damaged("too long"))?);
        let mut buffer = vec![0u8; 1 << 16];
        let mut left = count as usize * width;
        while left > 0 {
            let chunk = &mut buffer[..left.min(1 << 16)];
            reader.read_exact(chunk).map_err(|_| damaged("too short"))?;
            for value in chunk.chunks_exact(width) {
                let mut bytes = [0; 8];
                bytes[..width].copy_from_slice(value);
                values.push(u64::from_le_bytes(bytes));
            }
            left -= chunk.len();
        }
        let computed = reader.hasher.clone().finalize();
        let mut stored = [0; 4];
        reader
            .inner
            .read_exact(&mut stored)
            .map_err(|_| damaged("too short"))?;
        if u32::from_le_bytes(stored) != computed {
            return Err(self.error("is damaged: its checksum does not match its contents".into()));
        }
        Ok(values)
    }

    /// Whether the interval since the last write has passed.
    pub(super) fn due(&self) -> bool {
        self.written.elapsed() >= self.every
    }

    /// Writes `values` to the file, atomically.
    pub(super) fn write(&mut self, values: &Values) -> Result<()> {
        if values.len() <= self.holds {
            // Nothing the file does not hold already.
            self.written = Instant::now();
            return Ok(());
        }
        let code = self.code.as_bytes();
        crate::files::replace_whole(&self.path, |file| {
            let mut writer = BufWriter::new(file);
            let mut hasher = crc32fast::Hasher::new();
            let mut put = |bytes: &[u8]| -> std::io::Result<()> {
                hasher.update(bytes);
                writer.write_all(bytes)
            };
            put(HEADER)?;
            put(code)?;
            put(b"\n")?;
            put(&(values.len() as u64).to_le_bytes())?;
            put(&[values.bytes_per_value() as u8])?;
            with_slice!(values, cells => {
                let mut bytes = Vec::with_capacity(1 << 16);
                for chunk in cells.chunks(1 << 12) {
                    bytes.clear();
                    for &cell in chunk {
                        let value = crate::sequence::values::Cell::widen(cell).to_le_bytes();
                        bytes.extend_from_slice(&value[..values.bytes_per_value()]);
                    }
                    put(&bytes)?;
                }
            });
            writer.write_all(&hasher.finalize().to_le_bytes())?;
            writer.flush()
        })
        .map_err(|error| self.error(format!("cannot be written: {error}")))?;
        self.written = Instant::now();
        self.holds = values.len();
        Ok(())
    }
}

/// A reader that feeds a checksum with every byte it reads.
struct Checked<R> {
    inner: R,
    hasher: crc32fast::Hasher,
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.hasher.update(&buffer[..read]);
        Ok(read)
    }
}
