//! The computations under way: each with its [`Stop`], its latest progress report and its
//! limits. A watchdog thread stops one that runs past `--max-seconds`, or whose page stopped
//! asking after it (closed), or that the page cancelled.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use onag_core::Stop;
use onag_games::Progress;
use serde_json::json;

/// How long a page may go without asking after its computation before the computation is
/// taken for abandoned (the page polls twice a second while it waits).
const ABANDONED_AFTER: Duration = Duration::from_secs(10);

/// How often the watchdog looks: it sleeps on a condition variable between looks.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// The most cancellations remembered for computations not yet begun.
const MOST_EARLY_CANCELS: usize = 256;

/// The most job ids remembered: the oldest is forgotten when one more is given out.
const MOST_ISSUED: usize = 4096;

/// Why a computation was stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Why {
    Running = 0,
    TimedOut = 1,
    Cancelled = 2,
    Abandoned = 3,
}

/// One computation under way.
pub struct Job {
    /// The page's name for it (`job=` in the query), if it gave one.
    pub id: Option<String>,
    pub stop: Stop,
    started: Instant,
    deadline: Instant,
    seen: Mutex<Instant>,
    latest: Mutex<Option<Progress>>,
    why: AtomicU8,
}

impl Job {
    /// Records a progress report.
    pub fn report(&self, progress: Progress) {
        *lock(&self.latest) = Some(progress);
    }

    /// Why the computation was stopped ([`Why::Running`] if it was not).
    pub fn why(&self) -> Why {
        match self.why.load(Ordering::Relaxed) {
            1 => Why::TimedOut,
            2 => Why::Cancelled,
            3 => Why::Abandoned,
            _ => Why::Running,
        }
    }

    fn stop_for(&self, why: Why) {
        let _ = self.why.compare_exchange(
            Why::Running as u8,
            why as u8,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
        self.stop.request();
    }
}

/// A lock whose holder panicked: the data are plain values, taken as they are.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The computations under way.
pub struct Jobs {
    table: Mutex<Table>,
    wake: Condvar,
    serial: AtomicU64,
}

#[derive(Default)]
struct Table {
    running: HashMap<u64, Arc<Job>>,
    cancelled_early: VecDeque<String>,
    /// The ids given out, oldest first.
    issued: VecDeque<String>,
}

impl Jobs {
    /// An empty table.
    pub fn new() -> Jobs {
        Jobs {
            table: Mutex::new(Table::default()),
            wake: Condvar::new(),
            serial: AtomicU64::new(0),
        }
    }

    /// A new job id: 128 bits from the system's random source, as 32 hexadecimal digits. Only
    /// the page it is given to knows it, so only that page can follow or cancel the
    /// computation it names.
    ///
    /// # Errors
    ///
    /// The random source cannot be read.
    pub fn issue(&self) -> std::io::Result<String> {
        use std::io::Read as _;
        let mut bits = [0u8; 16];
        std::fs::File::open("/dev/urandom")?.read_exact(&mut bits)?;
        let id: String = bits.iter().map(|byte| format!("{byte:02x}")).collect();
        let mut table = lock(&self.table);
        if table.issued.len() >= MOST_ISSUED {
            table.issued.pop_front();
        }
        table.issued.push_back(id.clone());
        Ok(id)
    }

    /// Whether `id` was given out by [`issue`](Self::issue) (and not yet forgotten).
    pub fn is_issued(&self, id: &str) -> bool {
        lock(&self.table).issued.iter().any(|issued| issued == id)
    }

    /// Registers a computation about to begin, which may run `seconds`.
    pub fn begin(&self, id: Option<String>, seconds: f64) -> (u64, Arc<Job>) {
        let now = Instant::now();
        let job = Arc::new(Job {
            id,
            stop: Stop::new(),
            started: now,
            deadline: now + Duration::from_secs_f64(seconds),
            seen: Mutex::new(now),
            latest: Mutex::new(None),
            why: AtomicU8::new(Why::Running as u8),
        });
        let serial = self.serial.fetch_add(1, Ordering::Relaxed);
        let mut table = lock(&self.table);
        if let Some(id) = &job.id
            && let Some(at) = table.cancelled_early.iter().position(|early| early == id)
        {
            table.cancelled_early.remove(at);
            job.stop_for(Why::Cancelled);
        }
        table.running.insert(serial, Arc::clone(&job));
        drop(table);
        self.wake.notify_all();
        (serial, job)
    }

    /// Removes a computation that has ended.
    pub fn end(&self, serial: u64) {
        lock(&self.table).running.remove(&serial);
    }

    fn find(table: &Table, id: &str) -> Option<Arc<Job>> {
        table
            .running
            .values()
            .find(|job| job.id.as_deref() == Some(id))
            .cloned()
    }

    /// What the page sees of its computation `id`: its state, seconds and latest report.
    pub fn progress(&self, id: &str) -> serde_json::Value {
        let job = Self::find(&lock(&self.table), id);
        let Some(job) = job else {
            return json!({ "job": id, "state": "waiting" });
        };
        *lock(&job.seen) = Instant::now();
        let latest = *lock(&job.latest);
        json!({
            "job": id,
            "state": "running",
            "seconds": job.started.elapsed().as_secs_f64(),
            "progress": latest.map(progress_json),
        })
    }

    /// Stops the computation `id`, or the one of that name when it begins.
    pub fn cancel(&self, id: &str) -> bool {
        let mut table = lock(&self.table);
        match Self::find(&table, id) {
            Some(job) => {
                job.stop_for(Why::Cancelled);
                true
            }
            None => {
                if table.cancelled_early.len() >= MOST_EARLY_CANCELS {
                    table.cancelled_early.pop_front();
                }
                table.cancelled_early.push_back(id.to_string());
                false
            }
        }
    }

    /// The watchdog: stops each computation past its deadline or abandoned by its page.
    /// Runs for ever on its own thread, asleep until the next deadline or look.
    pub fn watch(&self) {
        let mut table = lock(&self.table);
        loop {
            let now = Instant::now();
            let mut wake_at = now + LOOK_EVERY;
            for job in table.running.values() {
                if now >= job.deadline {
                    job.stop_for(Why::TimedOut);
                } else {
                    wake_at = wake_at.min(job.deadline);
                    if job.id.is_some() && now.duration_since(*lock(&job.seen)) > ABANDONED_AFTER {
                        job.stop_for(Why::Abandoned);
                    }
                }
            }
            table = if table.running.is_empty() {
                // Nothing to watch: sleep until a computation begins.
                self.wake
                    .wait(table)
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
            } else {
                self.wake
                    .wait_timeout(table, wake_at.saturating_duration_since(now))
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .0
            };
        }
    }
}

/// A progress report as the page reads it.
fn progress_json(progress: Progress) -> serde_json::Value {
    match progress {
        Progress::Sequence { heap, last } => {
            json!({"kind": "sequence", "done": heap, "total": last})
        }
        Progress::Genus { heap, last } => json!({"kind": "genus", "done": heap, "total": last}),
        Progress::Quotient { heap, last } => {
            json!({"kind": "quotient", "done": heap, "total": last})
        }
        Progress::Search { positions } => json!({"kind": "search", "done": positions}),
        Progress::Table { done, total } => json!({"kind": "table", "done": done, "total": total}),
        Progress::Sweep { done, games, .. } => {
            json!({"kind": "sweep", "done": done, "total": games})
        }
    }
}
