//! What runs side by side share, such as the games of a sweep: threads, lent on to the runs
//! still under way as others end, and one memory budget, held by each run as it grows.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};

use super::sharing::helpers;

/// What runs side by side share, such as the games of a sweep: threads and one memory budget.
///
/// **Threads.** Each run values with the threads of its own
/// [`SequenceOptions::threads`](super::SequenceOptions::threads), and once some runs are over,
/// those still under way take their threads as helpers (each of `n` runs left may use
/// `threads / n`), so that the last game of a sweep is valued on every thread the sweep was
/// given rather than on its one. A run looks at its share once a batch.
///
/// **Memory.** The runs' values are held to one budget between them, not a fixed share each:
/// a run takes what it needs as it grows. When the rest is held by others, it waits (blocked,
/// looking at a stop every quarter of a second) until one of them ends; when every other run
/// waits too, or its need is more than the whole budget, it ends with the error a run alone
/// past the budget has. A run holds its share while it computes; the values it returns are
/// then the caller's.
///
/// # Examples
///
/// ```
/// use onag_games::{GrundySequence, SequenceOptions, SideBySide, TakeAndBreak};
///
/// // Two games side by side on two threads and 64 MiB, one thread each; the first is over at
/// // once, so the second may use both threads and all the memory.
/// let shared = SideBySide::new(2, 64 << 20);
/// let (first, second) = (shared.runner(), shared.runner());
/// drop(first);
/// let options = SequenceOptions {
///     threads: 1,
///     side_by_side: Some(shared.clone()),
///     ..SequenceOptions::default()
/// };
/// let kayles = GrundySequence::compute_in(&TakeAndBreak::kayles(), 100, &options, &mut |_| {})?;
/// assert_eq!(kayles.value(71), Some(7));
/// drop(second);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct SideBySide {
    inner: Arc<SideInner>,
}

struct SideInner {
    threads: usize,
    /// The runs under way.
    running: AtomicUsize,
    /// Runs refused memory that others held.
    refusals: AtomicUsize,
    /// The helpers' pool, `threads - 1` of them, made when first needed.
    pool: OnceLock<Option<rayon::ThreadPool>>,
    memory: u64,
    held: Mutex<MemoryState>,
    /// Told when memory is given back or a run ends.
    changed: Condvar,
}

/// The memory budget between the runs.
struct MemoryState {
    free: u64,
    /// Runs waiting for memory.
    waiting: usize,
}

/// A run under way among [`SideBySide`]: while it is held, its share of the threads is its
/// own; dropped, the share goes to the runs still under way.
pub struct Runner {
    inner: Arc<SideInner>,
}

/// How long a run waiting for memory sleeps between looks at a stop.
const STOP_LOOK: std::time::Duration = std::time::Duration::from_millis(250);

impl SideBySide {
    /// `threads` threads (at least one, and at most the cores this process may run on:
    /// threads past them only take turns) and `memory` bytes for runs side by side.
    pub fn new(threads: usize, memory: u64) -> SideBySide {
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        SideBySide {
            inner: Arc::new(SideInner {
                threads: threads.clamp(1, cores),
                running: AtomicUsize::new(0),
                refusals: AtomicUsize::new(0),
                pool: OnceLock::new(),
                memory,
                held: Mutex::new(MemoryState {
                    free: memory,
                    waiting: 0,
                }),
                changed: Condvar::new(),
            }),
        }
    }

    /// Counts one more run under way until the [`Runner`] is dropped. Take every runner
    /// before the runs start, so that none of them counts the threads of another as free.
    pub fn runner(&self) -> Runner {
        self.inner.running.fetch_add(1, Ordering::AcqRel);
        Runner {
            inner: Arc::clone(&self.inner),
        }
    }

    /// The threads a run whose own are `own` may use now: its own, or its share of all of
    /// them among the runs under way, whichever is more, and never more than all of them
    /// (the helpers are the pool's).
    ///
    /// ```
    /// use onag_games::SideBySide;
    ///
    /// let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    /// let shared = SideBySide::new(cores, 1 << 30);
    /// let runners: Vec<_> = (0..cores).map(|_| shared.runner()).collect();
    /// assert_eq!(shared.threads_now(1), 1);
    /// drop(runners);
    /// // Every run is over: one still going takes every thread, and no more.
    /// assert_eq!(shared.threads_now(1), cores);
    /// assert_eq!(shared.threads_now(cores + 5), cores);
    /// ```
    pub fn threads_now(&self, own: usize) -> usize {
        let running = self.inner.running.load(Ordering::Acquire).max(1);
        own.max(self.inner.threads / running)
            .min(self.inner.threads)
    }

    /// How many times a run was refused memory because the others held it (each of them
    /// wanting more too), not because it needed more than the whole budget: such a run may fit
    /// when fewer run beside it.
    pub fn refusals(&self) -> usize {
        self.inner.refusals.load(Ordering::Acquire)
    }

    /// The pool of helpers, one fewer than the threads (none for one thread, or when the
    /// system gives no threads).
    pub(super) fn pool(&self) -> Option<&rayon::ThreadPool> {
        let threads = self.inner.threads;
        self.inner
            .pool
            .get_or_init(|| (threads > 1).then(|| helpers(threads - 1)).flatten())
            .as_ref()
    }

    /// A run's hold on the memory, none of it yet.
    pub(super) fn hold(&self) -> Held {
        Held {
            inner: Arc::clone(&self.inner),
            bytes: 0,
        }
    }
}

/// Why a run could not have the memory it asked for.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// More than the whole budget, or held by runs that all wait too.
    Memory,
    /// A stop was asked for while it waited.
    Stopped(onag_core::Error),
}

/// The memory a run holds of what [`SideBySide`] runs share, given back when dropped.
pub(super) struct Held {
    inner: Arc<SideInner>,
    bytes: u64,
}

impl Held {
    /// Holds `bytes` in all: at once when they are free, after a wait while other runs hold
    /// them and one of those is not waiting too, and otherwise refused.
    pub(super) fn set(&mut self, bytes: u64) -> Result<(), Refused> {
        let inner = &*self.inner;
        let mut state = inner.held.lock().unwrap_or_else(|e| e.into_inner());
        if bytes <= self.bytes {
            state.free += self.bytes - bytes;
            self.bytes = bytes;
            inner.changed.notify_all();
            return Ok(());
        }
        let more = bytes - self.bytes;
        if bytes > inner.memory {
            return Err(Refused::Memory);
        }
        loop {
            if state.free >= more {
                state.free -= more;
                self.bytes = bytes;
                return Ok(());
            }
            // Someone must give memory back: a run that is not waiting itself.
            if inner.running.load(Ordering::Acquire) <= state.waiting + 1 {
                inner.refusals.fetch_add(1, Ordering::AcqRel);
                return Err(Refused::Memory);
            }
            state.waiting += 1;
            let (again, _) = inner
                .changed
                .wait_timeout(state, STOP_LOOK)
                .unwrap_or_else(|e| e.into_inner());
            state = again;
            state.waiting -= 1;
            if let Err(stopped) = onag_core::check_stop() {
                return Err(Refused::Stopped(stopped));
            }
        }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let _ = self.set(0);
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        self.inner.running.fetch_sub(1, Ordering::AcqRel);
        // A run waiting for memory looks again: this one will give none back.
        let _state = self.inner.held.lock().unwrap_or_else(|e| e.into_inner());
        self.inner.changed.notify_all();
    }
}

impl std::fmt::Debug for SideBySide {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("SideBySide")
            .field("threads", &self.inner.threads)
            .field("memory", &self.inner.memory)
            .field("running", &self.inner.running.load(Ordering::Acquire))
            .finish()
    }
}

impl std::fmt::Debug for Runner {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Runner")
    }
}

/// Two handles are equal when they share the same threads and memory.
impl PartialEq for SideBySide {
    fn eq(&self, other: &SideBySide) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }
}

impl Eq for SideBySide {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_held_side_by_side_waits_for_a_run_to_end_and_is_refused_when_none_can() {
        let shared = SideBySide::new(2, 100);
        let (first, second) = (shared.runner(), shared.runner());
        let mut one = shared.hold();
        // More than the whole budget: refused at once.
        assert_eq!(one.set(101), Err(Refused::Memory));
        one.set(60).unwrap();
        // The other run wants 60 too: it waits until the first gives its memory back.
        let given_back = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|scope| {
            let waiter = scope.spawn(|| {
                let mut two = shared.hold();
                two.set(60).unwrap();
                assert!(given_back.load(Ordering::SeqCst));
                two
            });
            std::thread::sleep(std::time::Duration::from_millis(300));
            given_back.store(true, Ordering::SeqCst);
            one.set(0).unwrap();
            let mut two = waiter.join().unwrap();
            // Now the second holds 60 and the first the other 40; the first asks for 50: it
            // waits, the second asks for more as well, and with both waiting the second is
            // refused; the first then gets what the second gives back.
            one.set(40).unwrap();
            let waiter = scope.spawn(|| {
                one.set(50).unwrap();
                one
            });
            while shared.inner.held.lock().unwrap().waiting == 0 {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            assert_eq!(shared.refusals(), 0);
            assert_eq!(two.set(70), Err(Refused::Memory));
            assert_eq!(shared.refusals(), 1);
            drop(two);
            let one = waiter.join().unwrap();
            assert_eq!(one.bytes, 50);
            drop(one);
        });
        assert_eq!(shared.inner.held.lock().unwrap().free, 100);
        // A run alone never waits for itself.
        drop(second);
        let mut alone = shared.hold();
        alone.set(100).unwrap();
        assert_eq!(alone.set(101), Err(Refused::Memory));
        drop((alone, first));
    }
}
