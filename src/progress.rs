//! A one-line progress report on stderr, for computations that run past a second.
//!
//! Shown only when stderr is a terminal (never in a pipe, a file or JSON output), redrawn at
//! most five times a second, with the rate and, where the total is known, the time left. With
//! `--log-every SECONDS` ([`log_every`]) the same words are written instead as lines of their
//! own, one every that many seconds, whatever stderr is: a log of a long run under nohup or a
//! cluster's job.
//!
//! A terminal has one line to draw on, so the line's state is one per process ([`LINE`]),
//! shared by the threads that report (a search's helper thread may report) and by a thread that
//! keeps it fresh: a computation that reports nothing for a while (one heap of a misère quotient
//! may take seconds) still shows its time going by, redrawn from the latest report every 200 ms.
//! That thread blocks on a condition variable while there is nothing to draw; it never spins.
//!
//! Whatever the program prints clears the line first ([`Clearing`] wraps its output), so an
//! answer, a prompt or a move in `play` never lands after a stale line; and the clock restarts
//! with each move a player types ([`restart`]), so the time and rates shown are the
//! computation's own, not the player's thinking time.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, Once};
use std::time::{Duration, Instant};

use onag_games::Progress;

/// How long a computation runs before its line is drawn.
const AFTER: Duration = Duration::from_secs(1);

/// The least time between two drawings of the line.
const EVERY: Duration = Duration::from_millis(200);

/// The state of the line, one per process.
struct Line {
    /// When the computation being reported began; `None` while no meter is on.
    start: Option<Instant>,
    /// The latest report, until the line is cleared.
    latest: Option<Progress>,
    /// When the line was last drawn.
    drawn: Option<Instant>,
    /// A search's count of positions starts again at zero with each search: the count last
    /// reported and when the current count began, so that its rate is its own.
    positions: u64,
    counted_from: Option<Instant>,
    /// Whether the line is on the screen.
    shown: bool,
    /// Where the line is drawn: stderr, or a buffer in tests.
    sink: Option<Box<dyn Write + Send>>,
    /// [`AFTER`], or less in tests.
    after: Duration,
    /// Under `--log-every`: the time between two lines of the log, each ending with a newline
    /// (nothing is redrawn or cleared).
    log: Option<Duration>,
}

impl Line {
    /// A line with no computation under way.
    const fn new() -> Line {
        Line {
            start: None,
            latest: None,
            drawn: None,
            positions: 0,
            counted_from: None,
            shown: false,
            sink: None,
            after: AFTER,
            log: None,
        }
    }
}

/// From now on, every meter writes a line of its own to stderr every `every`, whether stderr
/// is a terminal or not (`--log-every`).
pub fn log_every(every: Duration) {
    line().log = Some(every);
}

static LINE: Mutex<Line> = Mutex::new(Line::new());

/// Signalled when a report arrives, so that the thread keeping the line fresh wakes.
static REPORTED: Condvar = Condvar::new();

/// Whether there may be a line to clear: the one check made on every write of the output
/// while no meter is on, without taking the lock.
static PENDING: AtomicBool = AtomicBool::new(false);

/// The line's state; a thread that panicked while holding it left nothing half-drawn that
/// matters, so the state is taken as it is.
fn line() -> MutexGuard<'static, Line> {
    LINE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Where a computation's reports go instead of the terminal: the web explorer keeps the latest
/// report of each request, for its page to show.
pub type Receiver = std::sync::Arc<dyn Fn(Progress) + Send + Sync>;

std::thread_local! {
    /// The receiver of this thread's reports, set by [`reporting_to`].
    static RECEIVER: std::cell::RefCell<Option<Receiver>> = const { std::cell::RefCell::new(None) };
}

/// Runs `work` with every meter made on this thread sending its reports to `receiver` instead
/// of drawing a line.
pub fn reporting_to<T>(receiver: Receiver, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Receiver>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            RECEIVER.with(|slot| *slot.borrow_mut() = previous);
        }
    }
    let previous = RECEIVER.with(|slot| slot.borrow_mut().replace(receiver));
    let _restore = Restore(previous);
    work()
}

/// Whether the reader of the standard output has gone (`onag ... | head` after head ended): seen
/// at a progress report, so that a long computation whose answer nobody will read stops there.
pub fn output_gone() -> bool {
    OUTPUT_GONE.load(Ordering::Relaxed)
}

static OUTPUT_GONE: AtomicBool = AtomicBool::new(false);

/// Milliseconds from [`CHECKS_FROM`] at the last look at the standard output.
static LAST_CHECK: AtomicU64 = AtomicU64::new(0);
static CHECKS_FROM: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// At most every 100 ms: when the standard output is a pipe whose reader has closed it, notes
/// it and requests every stop in force on this thread, so that the computation ends as if
/// interrupted, and `main` ends quietly with status 0, as for a write to a closed pipe.
fn stop_if_output_gone() {
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    use std::os::fd::AsFd;
    let from = *CHECKS_FROM.get_or_init(Instant::now);
    let now = from.elapsed().as_millis() as u64;
    let last = LAST_CHECK.load(Ordering::Relaxed);
    if now < last + 100 || LAST_CHECK.swap(now, Ordering::Relaxed) != last {
        return;
    }
    let stdout = std::io::stdout();
    let mut fds = [PollFd::new(stdout.as_fd(), PollFlags::POLLOUT)];
    // A pipe with no reader polls as an error; a file, a terminal or a pipe being read do not.
    let gone = matches!(poll(&mut fds, PollTimeout::ZERO), Ok(n) if n > 0)
        && fds[0]
            .revents()
            .is_some_and(|events| events.intersects(PollFlags::POLLERR | PollFlags::POLLHUP));
    if gone {
        OUTPUT_GONE.store(true, Ordering::Relaxed);
        for stop in onag_core::Stop::in_force() {
            stop.request();
        }
    }
}

/// Reports progress of one computation.
pub struct Meter {
    enabled: bool,
    receiver: Option<Receiver>,
}

impl Meter {
    /// A meter that draws when stderr is a terminal, whatever stdout is (JSON piped to another
    /// program included: a line on stderr, cleared before the answer, never mixes with it);
    /// under [`reporting_to`], one that sends its reports there.
    pub fn for_terminal() -> Meter {
        let logging = line().log.is_some();
        Meter::reporting_or(logging || std::io::stderr().is_terminal())
    }

    /// A meter for the explorer's server: it sends its reports to the request's job under
    /// [`reporting_to`], and never draws on the server's own terminal.
    pub fn for_server() -> Meter {
        Meter::reporting_or(false)
    }

    fn reporting_or(draw: bool) -> Meter {
        if let Some(receiver) = RECEIVER.with(|slot| slot.borrow().clone()) {
            return Meter {
                enabled: false,
                receiver: Some(receiver),
            };
        }
        Meter::new(draw)
    }

    /// A meter that draws only if `enabled`: the computation's clock starts now.
    pub fn new(enabled: bool) -> Meter {
        if enabled {
            {
                let mut line = line();
                line.start = Some(Instant::now());
                line.latest = None;
            }
            keep_fresh();
        }
        Meter {
            enabled,
            receiver: None,
        }
    }

    /// Notes `progress` and redraws the line once the computation has run for a second.
    pub fn show(&self, progress: Progress) {
        if let Some(receiver) = &self.receiver {
            receiver(progress);
        } else {
            stop_if_output_gone();
        }
        if !self.enabled {
            return;
        }
        let mut line = line();
        let now = Instant::now();
        if let Progress::Search { positions } = progress
            && (positions < line.positions || line.counted_from.is_none())
        {
            // A new search (its count starts again), or the first: counted from now, or for
            // the first from the computation's start.
            line.counted_from = if line.counted_from.is_none() {
                line.start
            } else {
                Some(now)
            };
        }
        if let Progress::Search { positions } = progress {
            line.positions = positions;
        }
        line.latest = Some(progress);
        PENDING.store(true, Ordering::Relaxed);
        line.draw(now);
        REPORTED.notify_one();
    }
}

impl Line {
    /// Draws the latest report if the computation has run past [`AFTER`] and the line was not
    /// drawn in the last [`EVERY`].
    fn draw(&mut self, now: Instant) {
        let (Some(start), Some(progress)) = (self.start, self.latest) else {
            return;
        };
        let elapsed = now.saturating_duration_since(start);
        if let Some(every) = self.log {
            // A log: a line every `every` from the computation's start, kept (not redrawn).
            let since = self.drawn.filter(|&drawn| drawn >= start).unwrap_or(start);
            if now.saturating_duration_since(since) < every {
                return;
            }
            self.drawn = Some(now);
            let text = self.text(progress, elapsed.as_secs_f64(), now);
            self.write(&format!("{text}\n"));
            return;
        }
        if elapsed < self.after
            || self
                .drawn
                .is_some_and(|drawn| now.saturating_duration_since(drawn) < EVERY)
        {
            return;
        }
        self.drawn = Some(now);
        let text = self.text(progress, elapsed.as_secs_f64(), now);
        self.write(&format!("\r{text:<78}"));
        self.shown = true;
    }

    /// The line's words for `progress`, `seconds` into the computation.
    fn text(&self, progress: Progress, seconds: f64, now: Instant) -> String {
        // Part of a known whole: the share done, the rate and the time left at that rate.
        let part = |done: u64, total: u64, unit: &str| {
            let rate = done as f64 / seconds.max(1e-3);
            let left = total.saturating_sub(done) as f64 / rate.max(1.0);
            let percent = done as f64 * 100.0 / total.max(1) as f64;
            format!(
                "({percent:.0}%), {} {unit}/s, about {} left",
                short(rate),
                duration(left)
            )
        };
        match progress {
            Progress::Sequence { heap, last } => {
                format!("onag: G({heap}) of G({last}) {}", part(heap, last, "heaps"))
            }
            Progress::Genus { heap, last } => format!(
                "onag: misère genus of heap {heap} (of {last}), {} so far",
                duration(seconds)
            ),
            Progress::Quotient { heap, last } => format!(
                "onag: misère quotient, adding heap {heap} (of at most {last}), {} so far",
                duration(seconds)
            ),
            Progress::Sweep {
                done,
                games,
                under_way,
                heaps,
                to,
            } => {
                // A game's cost per heap grows with the heap and differs from game to game, so
                // no time left is foretold: the share of the heaps, and where the games are.
                let share = (done as f64 * to as f64 + heaps as f64) * 100.0
                    / (games as f64 * to as f64).max(1.0);
                let at = match under_way {
                    0 => String::new(),
                    1 => format!(", 1 under way at heap {}", short(heaps as f64)),
                    _ => format!(
                        ", {under_way} under way at heap {} on average",
                        short((heaps / under_way) as f64)
                    ),
                };
                let to = short(to as f64);
                format!(
                    "onag: sweep to {to}, {done} of {games} games ({share:.0}% of the heaps){at}, {} so far",
                    duration(seconds)
                )
            }
            Progress::Table { done, total } => {
                format!(
                    "onag: table of values, {done} of {total} {}",
                    part(done, total, "entries")
                )
            }
            Progress::Search { positions } => {
                let counting = self.counted_from.map_or(seconds, |from| {
                    now.saturating_duration_since(from).as_secs_f64()
                });
                format!(
                    "onag: {positions} positions evaluated, {} positions/s, {} so far",
                    short(positions as f64 / counting.max(1e-3)),
                    duration(seconds)
                )
            }
        }
    }

    /// Writes `text` where the line is drawn.
    fn write(&mut self, text: &str) {
        match self.sink.as_mut() {
            Some(sink) => {
                let _ = sink.write_all(text.as_bytes());
                let _ = sink.flush();
            }
            None => {
                let mut stderr = std::io::stderr().lock();
                let _ = stderr.write_all(text.as_bytes());
                let _ = stderr.flush();
            }
        }
    }
}

/// Starts, once, the thread that redraws the latest report every [`EVERY`] while there is one:
/// it sleeps on [`REPORTED`] while there is none. Without a thread (none could be made) the
/// line is drawn only as reports arrive.
fn keep_fresh() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let _ = std::thread::Builder::new()
            .name("onag-progress".to_string())
            .spawn(|| {
                let mut line = line();
                loop {
                    line = if line.latest.is_none() {
                        REPORTED
                            .wait(line)
                            .unwrap_or_else(|poisoned| poisoned.into_inner())
                    } else {
                        REPORTED
                            .wait_timeout(line, EVERY)
                            .unwrap_or_else(|poisoned| poisoned.into_inner())
                            .0
                    };
                    line.draw(Instant::now());
                }
            });
    });
}

/// Clears the progress line, if one is shown, and forgets the latest report, so that nothing
/// is redrawn until the next.
pub fn clear() {
    if !PENDING.load(Ordering::Relaxed) {
        return;
    }
    let mut line = line();
    line.latest = None;
    if line.shown {
        line.shown = false;
        line.write(&format!("\r{:78}\r", ""));
    }
    PENDING.store(false, Ordering::Relaxed);
}

/// Starts the computation's clock again (a player has moved in `play`: what follows is a new
/// computation, and the time spent thinking is not its own).
pub fn restart() {
    let mut line = line();
    if line.start.is_some() {
        line.start = Some(Instant::now());
        line.counted_from = None;
        line.positions = 0;
    }
}

/// The program's output, with the progress line cleared before anything is written to it.
pub struct Clearing<W: Write>(pub W);

impl<W: Write> Write for Clearing<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        clear();
        self.0.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
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
    use std::sync::Arc;

    /// A sink the test reads back.
    #[derive(Clone, Default)]
    struct Screen(Arc<Mutex<Vec<u8>>>);

    impl Write for Screen {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Screen {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }
    }

    /// Waits up to 20 s for `done` to hold of the screen's text.
    fn wait_until(screen: &Screen, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = screen.text();
            if done(&text) || start.elapsed() > Duration::from_secs(20) {
                return text;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The one test of the process-wide line (tests run on threads of one process): a report
    /// followed by a long silent step is redrawn with its time going by; output clears it and
    /// nothing is redrawn after; a restarted clock counts a new computation's time; and a new
    /// search's rate is its own count over its own time.
    #[test]
    fn the_line_keeps_time_is_cleared_by_output_and_restarts_with_a_move() {
        let screen = Screen::default();
        {
            let mut line = line();
            line.sink = Some(Box::new(screen.clone()));
            line.after = Duration::from_millis(300);
        }
        let meter = Meter::new(true);
        meter.show(Progress::Quotient {
            heap: 29,
            last: 100,
        });
        assert_eq!(screen.text(), "", "nothing is drawn in the first moments");
        // One report, then a silent step: the line appears and is drawn again as time goes
        // (a report draws at most once; the second drawing is the time kept fresh).
        let drawn = wait_until(&screen, |text| text.matches("so far").count() >= 2);
        assert!(
            drawn.contains("adding heap 29 (of at most 100)"),
            "{drawn:?}"
        );
        assert!(drawn.matches("so far").count() >= 2, "{drawn:?}");
        // The answer clears the line, and nothing is drawn after it.
        let mut out = Clearing(Vec::new());
        writeln!(out, "order: 48").unwrap();
        let cleared = screen.text();
        assert!(cleared.ends_with(&format!("\r{:78}\r", "")), "{cleared:?}");
        std::thread::sleep(Duration::from_millis(600));
        assert_eq!(screen.text(), cleared, "a cleared line stays cleared");
        assert_eq!(out.0, b"order: 48\n");
        // A move in `play`: the clock starts again, so a report soon after is not drawn.
        line().after = Duration::from_secs(5);
        restart();
        meter.show(Progress::Search { positions: 1000 });
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(screen.text(), cleared, "drawn before its second");
        // The first search is counted from the computation's start; a count that starts again
        // is a new search, counted from its first report.
        let first = line().counted_from.unwrap();
        std::thread::sleep(Duration::from_millis(10));
        meter.show(Progress::Search { positions: 2000 });
        assert_eq!(line().counted_from, Some(first), "the same search");
        meter.show(Progress::Search { positions: 1 });
        let second = line().counted_from.unwrap();
        assert!(second > first, "a new search");
        // 100 positions 0.1 s into a search that began 0.6 s into the computation: 1 k/s.
        let text = line().text(
            Progress::Search { positions: 100 },
            0.6,
            second + Duration::from_millis(100),
        );
        assert!(
            text.contains("100 positions evaluated, 1.0 k positions/s, 1 s so far"),
            "{text}"
        );
        clear();
        let mut line = line();
        line.sink = None;
        line.start = None;
        line.after = AFTER;
    }

    /// Under `--log-every`, a line of its own each interval from the start, never redrawn
    /// in between and never cleared (a line of a local state, not the process's own).
    #[test]
    fn a_log_writes_a_line_each_interval() {
        let screen = Screen::default();
        let mut line = Line::new();
        line.sink = Some(Box::new(screen.clone()));
        line.log = Some(Duration::from_secs(60));
        let start = Instant::now();
        line.start = Some(start);
        line.latest = Some(Progress::Sequence {
            heap: 500,
            last: 1000,
        });
        let at = |seconds| start + Duration::from_secs(seconds);
        for seconds in [1, 30, 59] {
            line.draw(at(seconds));
        }
        assert_eq!(screen.text(), "", "nothing before the first interval");
        line.draw(at(60));
        line.draw(at(61));
        line.draw(at(119));
        line.latest = Some(Progress::Sequence {
            heap: 1000,
            last: 1000,
        });
        line.draw(at(120));
        assert_eq!(
            screen.text(),
            "onag: G(500) of G(1000) (50%), 8 heaps/s, about 60 s left\n\
             onag: G(1000) of G(1000) (100%), 8 heaps/s, about 0 s left\n"
        );
        assert!(!line.shown, "nothing to clear");
    }

    #[test]
    fn the_server_draws_no_line() {
        assert!(!Meter::for_server().enabled);
    }

    #[test]
    fn a_sweep_shows_its_share_of_the_heaps_and_where_its_games_are() {
        let line = Line::new();
        let sweep = |under_way, heaps| Progress::Sweep {
            done: 1,
            games: 4,
            under_way,
            heaps,
            to: 2_000_000,
        };
        // One game of four done and two at 1.4 M and 1.8 M: (2 + 3.2) / 8 of the heaps.
        assert_eq!(
            line.text(sweep(2, 3_200_000), 90.0, Instant::now()),
            "onag: sweep to 2.0 M, 1 of 4 games (65% of the heaps), 2 under way at heap 1.6 M on average, 90 s so far"
        );
        assert_eq!(
            line.text(sweep(1, 500_000), 3.0, Instant::now()),
            "onag: sweep to 2.0 M, 1 of 4 games (31% of the heaps), 1 under way at heap 500.0 k, 3 s so far"
        );
        let text = line.text(sweep(0, 0), 3.0, Instant::now());
        assert_eq!(
            text,
            "onag: sweep to 2.0 M, 1 of 4 games (25% of the heaps), 3 s so far"
        );
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(short(1_234_567.0), "1.2 M");
        assert_eq!(short(999.0), "999");
        assert_eq!(duration(30.0), "30 s");
        assert_eq!(duration(600.0), "10 min");
    }
}
