//! A one-line progress report on stderr, for computations that run past a second.
//!
//! Shown only when stderr is a terminal (never in a pipe, a file or JSON output), redrawn at
//! most five times a second, with the rate and, where the total is known, the time left. The
//! line is cleared before the command prints its answer ([`clear`]).

use std::cell::Cell;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cgt_games::Progress;

/// Whether a progress line is on the screen now: shared by every thread, since a search's
/// helper thread may draw the line (a game's table made there) that the main thread clears.
static SHOWN: AtomicBool = AtomicBool::new(false);

/// Reports progress of one computation.
pub struct Meter {
    enabled: bool,
    start: Instant,
    drawn: Cell<Option<Instant>>,
}

impl Meter {
    /// A meter that draws when stderr is a terminal.
    pub fn on_terminal() -> Meter {
        Meter::new(std::io::stderr().is_terminal())
    }

    /// A meter that draws only if `enabled`.
    pub fn new(enabled: bool) -> Meter {
        Meter {
            enabled,
            start: Instant::now(),
            drawn: Cell::new(None),
        }
    }

    /// Redraws the line for `progress`, once the computation has run for a second.
    pub fn show(&self, progress: Progress) {
        if !self.enabled {
            return;
        }
        let elapsed = self.start.elapsed();
        if elapsed < Duration::from_secs(1)
            || self
                .drawn
                .get()
                .is_some_and(|drawn| drawn.elapsed() < Duration::from_millis(200))
        {
            return;
        }
        self.drawn.set(Some(Instant::now()));
        let seconds = elapsed.as_secs_f64();
        // Part of a known whole: the share done, the rate and the time left at that rate.
        let part = |done: u64, total: u64, unit: &str| {
            let rate = done as f64 / seconds;
            let left = total.saturating_sub(done) as f64 / rate.max(1.0);
            let percent = done as f64 * 100.0 / total.max(1) as f64;
            format!(
                "({percent:.0}%), {} {unit}/s, about {} left",
                short(rate),
                duration(left)
            )
        };
        let line = match progress {
            Progress::Sequence { heap, last } => {
                format!("cgt: G({heap}) of G({last}) {}", part(heap, last, "heaps"))
            }
            Progress::Genus { heap, last } => format!(
                "cgt: misère genus of heap {heap} (of {last}), {} so far",
                duration(seconds)
            ),
            Progress::Quotient { heap, last } => format!(
                "cgt: misère quotient, adding heap {heap} (of at most {last}), {} so far",
                duration(seconds)
            ),
            Progress::Table { done, total } => {
                format!(
                    "cgt: table of values, {done} of {total} {}",
                    part(done, total, "entries")
                )
            }
            Progress::Search { positions } => format!(
                "cgt: {positions} positions evaluated, {} positions/s, {} so far",
                short(positions as f64 / seconds),
                duration(seconds)
            ),
        };
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "\r{line:<78}");
        let _ = stderr.flush();
        SHOWN.store(true, Ordering::Relaxed);
    }
}

/// Runs `work` on a thread of its own while this one keeps the meter's line fresh: the
/// progress `work` reports comes over a channel, and the line is redrawn from the latest at
/// least every 200 ms, so that one long step (a heap whose quotient takes a minute) still shows
/// the time going by. The waiting thread blocks on the channel with a timeout; it never spins.
/// Without a line to draw, `work` runs here.
pub fn ticking<T: Send>(
    meter: &Meter,
    work: impl FnOnce(&mut dyn FnMut(Progress)) -> T + Send,
) -> T {
    if !meter.enabled {
        return work(&mut |_| {});
    }
    std::thread::scope(|scope| {
        let (sender, receiver) = std::sync::mpsc::channel::<Progress>();
        let worker = scope.spawn(move || {
            work(&mut |progress| {
                let _ = sender.send(progress);
            })
        });
        let mut latest = None;
        loop {
            match receiver.recv_timeout(Duration::from_millis(200)) {
                Ok(progress) => latest = Some(progress),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if let Some(progress) = latest {
                meter.show(progress);
            }
        }
        match worker.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Clears the progress line, if one is shown, before the answer is printed.
pub fn clear() {
    if SHOWN.swap(false, Ordering::Relaxed) {
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "\r{:78}\r", "");
        let _ = stderr.flush();
    }
}

/// 1234567.0 as "1.2 M".
fn short(value: f64) -> String {
    match value {
        v if v >= 1e9 => format!("{:.1} G", v / 1e9),
        v if v >= 1e6 => format!("{:.1} M", v / 1e6),
        v if v >= 1e3 => format!("{:.1} k", v / 1e3),
        v => format!("{v:.0}"),
    }
}

/// Seconds as "42 s", "7 min" or "3 h".
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s => format!("{:.0} h", s / 3600.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticking_work_returns_its_answer_with_or_without_a_line() {
        for enabled in [false, true] {
            let mut reports = 0;
            let answer = ticking(&Meter::new(enabled), |report| {
                for heap in 1..=3 {
                    report(Progress::Quotient { heap, last: 3 });
                    reports += 1;
                }
                42
            });
            assert_eq!((answer, reports), (42, 3), "enabled: {enabled}");
        }
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(short(1_234_567.0), "1.2 M");
        assert_eq!(short(999.0), "999");
        assert_eq!(duration(30.0), "30 s");
        assert_eq!(duration(600.0), "10 min");
    }
}
