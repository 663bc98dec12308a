//! The `onag` Python package's native module, `onag._onag`: the library's own objects (the
//! catalogue, the solvers, the sequence and quotient engines, the nimber field) wrapped for
//! Python, computing nothing of their own.
//!
//! Two rules hold everywhere here:
//!
//! - **Native work runs without the GIL**, under a [`Stop`] that a Ctrl-C requests: the engines
//!   report progress about every 100 ms, and each report briefly takes the GIL back to look for
//!   a pending signal and to call the user's progress callback (`Watch`).
//! - **Every error is a Python exception**: the library's typed errors become `onag.Error` and
//!   its subclasses (`onag/_errors.py`), a user's exception raised inside a game's `moves` comes
//!   back as itself, and nothing panics across the boundary.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use onag_core::{Budget, Resource, Stop};
use onag_games::Progress;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError};
use pyo3::prelude::*;

mod catalogue;
mod form;
mod nimber;
mod partizan;
mod quotient;
mod sequence;
mod user;

/// How often a running computation looks for Ctrl-C and calls the progress callback, at most.
const POLL_EVERY: Duration = Duration::from_millis(50);

/// The budget a call's keywords name, each missing one at the library's default.
pub(crate) fn budget(
    max_positions: Option<Whole<u64>>,
    max_options: Option<Whole<u64>>,
    max_memory: Option<Whole<u64>>,
) -> Budget {
    Budget {
        positions: max_positions.map_or(Budget::DEFAULT.positions, |whole| whole.0),
        options: max_options.map_or(Budget::DEFAULT.options, |whole| whole.0),
        memory: max_memory.map_or(Budget::DEFAULT.memory, |whole| whole.0),
    }
}

/// A whole-number argument (a count, a limit, a heap): an `int` from 0 to the most `T` holds.
/// A negative or too large one is an `onag.InvalidInput` naming the range, as every bad value
/// is, where a plain extraction would raise a bare `OverflowError`; a value that is not an
/// `int` (a `bool` included) is a `TypeError`.
pub(crate) struct Whole<T>(pub(crate) T);

impl<'a, 'py, T> FromPyObject<'a, 'py> for Whole<T>
where
    T: TryFrom<u64> + Bounded,
{
    type Error = PyErr;

    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole<T>> {
        let py = object.py();
        if object.is_instance_of::<pyo3::types::PyBool>() {
            return Err(type_error("an int", &object));
        }
        let int = object.cast::<pyo3::types::PyInt>()?;
        let value = int
            .extract::<u64>()
            .ok()
            .and_then(|value| T::try_from(value).ok());
        value.map(Whole).ok_or_else(|| {
            let written = int
                .str()
                .map_or_else(|_| "?".to_string(), |s| s.to_string());
            raise(
                py,
                "InvalidInput",
                format!(
                    "expected a whole number from 0 to {}, got {written}",
                    T::MOST
                ),
                &[],
            )
        })
    }
}

/// The largest value of an unsigned type, for [`Whole`]'s message.
pub(crate) trait Bounded {
    const MOST: u64;
}

impl Bounded for u64 {
    const MOST: u64 = u64::MAX;
}

impl Bounded for usize {
    const MOST: u64 = usize::MAX as u64;
}

/// One of the classes of `onag/_errors.py`.
fn error_class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("onag._errors")?.getattr(name)
}

/// Builds an exception of class `name` with `message`, and sets `attributes` on it.
fn raise(py: Python<'_>, name: &str, message: String, attributes: &[(&str, Py<PyAny>)]) -> PyErr {
    let made = error_class(py, name).and_then(|class| {
        let error = class.call1((message,))?;
        for (key, value) in attributes {
            error.setattr(*key, value)?;
        }
        Ok(PyErr::from_value(error))
    });
    made.unwrap_or_else(|error| error)
}

/// What a `__reduce__` answers: the callable that rebuilds an object, and its arguments.
pub(crate) type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

/// The `__reduce__` of a result computed from a catalogue game (a sequence, a quotient): the
/// game's name and last heap, rebuilt by computing it again with `onag._pickle.<rebuild>`. A
/// result of a game written in Python has no name to be opened by, and is a `TypeError`.
pub(crate) fn reduce_by_name<'py>(
    py: Python<'py>,
    what: &str,
    name: &str,
    last: u64,
    rebuild: &str,
) -> Reduced<'py, (String, u64)> {
    if onag_games::open(name).is_err() {
        return Err(PyTypeError::new_err(format!(
            "cannot pickle the {what} of {name}: only those of the catalogue's games are \
             pickled (by name, computed again when unpickled)"
        )));
    }
    Ok((
        py.import("onag._pickle")?.getattr(rebuild)?,
        (name.to_string(), last),
    ))
}

/// An `onag.InvalidInput` (a `ValueError` too) saying `message`.
pub(crate) fn invalid(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| raise(py, "InvalidInput", message, &[]))
}

/// The Python exception for an error of the library.
pub(crate) fn to_python(py: Python<'_>, error: onag_games::Error) -> PyErr {
    use onag_games::Error as E;
    let message = error.to_string();
    match error {
        E::Engine(
            error @ (onag_core::Error::LimitExceeded { .. }
            | onag_core::Error::SearchTooLarge { .. }),
        ) => {
            // A search refused by its estimate is past the same limit on options.
            let (resource, limit) = match error {
                onag_core::Error::LimitExceeded { resource, limit } => (resource, limit),
                onag_core::Error::SearchTooLarge { limit } => (Resource::Options, limit),
                _ => (Resource::Options, 0),
            };
            let resource = match resource {
                Resource::Positions => "positions",
                Resource::Options => "options",
                Resource::Memory => "memory",
                _ => "other",
            };
            raise(
                py,
                "LimitExceeded",
                message,
                &[
                    (
                        "resource",
                        resource
                            .into_pyobject(py)
                            .map_or_else(|_| py.None(), |s| s.into_any().unbind()),
                    ),
                    (
                        "limit",
                        limit
                            .into_pyobject(py)
                            .map_or_else(|_| py.None(), |n| n.into_any().unbind()),
                    ),
                ],
            )
        }
        E::Engine(onag_core::Error::Cycle { position }) => {
            let position = position
                .into_pyobject(py)
                .map_or_else(|_| py.None(), |s| s.into_any().unbind());
            raise(py, "CycleError", message, &[("position", position)])
        }
        E::Engine(onag_core::Error::Stopped) => PyKeyboardInterrupt::new_err(message),
        E::Engine(onag_core::Error::InvalidArgument { .. }) => {
            raise(py, "InvalidInput", message, &[])
        }
        E::Engine(_) | E::Checkpoint { .. } | E::Unsupported { .. } => {
            raise(py, "Error", message, &[])
        }
        _ => raise(py, "InvalidInput", message, &[]),
    }
}

/// The stops of the computations running now, each under its number, for the Ctrl-C watcher.
static RUNNING: Mutex<Vec<(u64, Stop)>> = Mutex::new(Vec::new());

/// The numbers of [`RUNNING`].
static NEXT_RUNNING: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Starts, once, the thread that sees each Ctrl-C (SIGINT) and requests the stop of every
/// computation running. Python's own handler still runs (signal-hook chains it), so the call
/// then raises `KeyboardInterrupt` as it would have; the thread only makes every engine see the
/// Ctrl-C at once, whichever thread the engine reports progress from (Python looks at signals
/// on its main thread alone, which may be waiting for a helper thread meanwhile). It sleeps
/// until a signal comes. Where it cannot start (a process without signal support), Ctrl-C is
/// still seen at the next report on the main thread.
fn watch_interrupts() {
    static STARTED: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    STARTED.get_or_init(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT])
        else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("onag-interrupts".into())
            .spawn(move || {
                for _ in signals.forever() {
                    for (_, stop) in RUNNING
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .iter()
                    {
                        stop.request();
                    }
                }
            });
    });
}

/// A computation's stop listed in [`RUNNING`] until dropped.
struct Running(u64);

impl Running {
    fn new(stop: Stop) -> Running {
        watch_interrupts();
        let number = NEXT_RUNNING.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        RUNNING
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((number, stop));
        Running(number)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|(number, _)| *number != self.0);
    }
}

/// What a running computation shares with the Python side: the stop a Ctrl-C requests, the
/// user's progress callback, and the first Python exception raised meanwhile (the callback's,
/// a `moves` method's, or the `KeyboardInterrupt`), which is what the call then raises.
pub(crate) struct Watch {
    stop: Mutex<Stop>,
    callback: Option<Py<PyAny>>,
    failure: Mutex<Option<PyErr>>,
    last: Mutex<Instant>,
    /// The latest report, shown or not: `(what, total)` when the total is known, so that a
    /// call that ends well can show its work whole.
    latest: Mutex<Option<(&'static str, u64)>>,
}

impl Watch {
    pub(crate) fn new(callback: Option<Py<PyAny>>) -> Arc<Watch> {
        Arc::new(Watch {
            stop: Mutex::new(Stop::new()),
            callback,
            failure: Mutex::new(None),
            last: Mutex::new(Instant::now()),
            latest: Mutex::new(None),
        })
    }

    /// Makes the watch ready for the next call: a stop not requested, no exception recorded.
    /// (An object that keeps an engine between calls keeps one watch, which that engine's
    /// progress callback reports to.)
    pub(crate) fn reset(&self) {
        *self.stop.lock().unwrap_or_else(PoisonError::into_inner) = Stop::new();
        *self.failure.lock().unwrap_or_else(PoisonError::into_inner) = None;
        *self.latest.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    fn current(&self) -> Stop {
        self.stop
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Records the first Python exception and stops the computation.
    pub(crate) fn fail(&self, error: PyErr) {
        let mut failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        if failure.is_none() {
            *failure = Some(error);
        }
        self.current().request();
    }

    /// Whether the computation has been asked to stop.
    pub(crate) fn stopped(&self) -> bool {
        self.current().requested()
    }

    /// A report of progress: at most every [`POLL_EVERY`], takes the GIL to look for Ctrl-C and
    /// to call the callback with `(what, done, total)`.
    pub(crate) fn report(&self, what: &'static str, done: u64, total: Option<u64>) {
        *self.latest.lock().unwrap_or_else(PoisonError::into_inner) =
            total.map(|total| (what, total));
        {
            let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
            if last.elapsed() < POLL_EVERY {
                return;
            }
            *last = Instant::now();
        }
        Python::attach(|py| {
            if let Err(error) = py.check_signals() {
                self.fail(error);
                return;
            }
            if let Some(callback) = &self.callback {
                if let Err(error) = callback.call1(py, (what, done, total)) {
                    self.fail(error);
                }
            }
        });
    }

    /// A report of the catalogue's kind.
    pub(crate) fn progress(&self, progress: Progress) {
        match progress {
            Progress::Sequence { heap, last } => self.report("sequence", heap, Some(last)),
            Progress::Genus { heap, last } => self.report("genus", heap, Some(last)),
            Progress::Quotient { heap, last } => self.report("quotient", heap, Some(last)),
            Progress::Search { positions } => self.report("search", positions, None),
            Progress::Table { done, total } => self.report("table", done, Some(total)),
            Progress::Sweep { done, games, .. } => self.report("sweep", done, Some(games)),
        }
    }

    /// The catalogue's progress callback, reporting here.
    pub(crate) fn reporter(self: &Arc<Watch>) -> Box<dyn FnMut(Progress) + Send> {
        let watch = Arc::clone(self);
        Box::new(move |progress| watch.progress(progress))
    }

    /// An engine's progress callback (a count of positions), reporting here.
    pub(crate) fn counter(
        self: &Arc<Watch>,
        what: &'static str,
    ) -> impl FnMut(u64) + Send + 'static {
        let watch = Arc::clone(self);
        move |done| watch.report(what, done, None)
    }

    /// Runs `work` with this watch's stop in force, a Ctrl-C requesting it from any thread.
    pub(crate) fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        let stop = self.current();
        let _running = Running::new(stop.clone());
        stop.run(work)
    }

    /// `result` as Python sees it: the exception raised meanwhile first (a Ctrl-C while the
    /// work stopped, a user's exception), else the library's error.
    pub(crate) fn finish<T>(&self, py: Python<'_>, result: onag_games::Result<T>) -> PyResult<T> {
        let failure = self
            .failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(error) = failure {
            self.close(py, false)?;
            return Err(error);
        }
        // A Ctrl-C that arrived after the last report is raised now rather than lost.
        py.check_signals()?;
        self.close(py, result.is_ok())?;
        result.map_err(|error| to_python(py, error))
    }

    /// The end of a call for its progress callback: the work shown whole (`done` = `total`)
    /// when it ended well and its total is known, then the callback's `close()`, if it has one
    /// (`onag.ProgressBar` clears its line there).
    fn close(&self, py: Python<'_>, ended_well: bool) -> PyResult<()> {
        let Some(callback) = &self.callback else {
            return Ok(());
        };
        let latest = self
            .latest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let (true, Some((what, total))) = (ended_well, latest) {
            callback.call1(py, (what, total, Some(total)))?;
        }
        if let Some(close) = callback.bind(py).getattr_opt("close")? {
            close.call0()?;
        }
        Ok(())
    }

    /// Runs native `work` with the GIL released and this watch's stop in force.
    pub(crate) fn native<T: Send>(
        &self,
        py: Python<'_>,
        work: impl FnOnce() -> onag_games::Result<T> + Send,
    ) -> PyResult<T> {
        let result = py.detach(|| self.run(work));
        self.finish(py, result)
    }
}

/// One computation at a time on an object that threads share (a `Game`, a `Solver`): a call
/// waits, without the GIL, for the one under way on another thread to end; a call from inside
/// the object's own computation (its game's `moves`, a progress callback), which would wait for
/// itself, is an `onag.Error` instead. Python's threads can then share any object of the
/// package: the immutable ones (values, sequences, quotients, nimbers) freely, these in turn.
#[derive(Default)]
pub(crate) struct Gate {
    holder: Mutex<Option<ThreadId>>,
    free: Condvar,
}

/// How long a call waits for the gate between two looks for Ctrl-C.
const GATE_LOOK_EVERY: Duration = Duration::from_millis(100);

/// The turn of the thread that passed a [`Gate`], until dropped.
pub(crate) struct Turn<'a>(&'a Gate);

impl Gate {
    /// Waits for this thread's turn; `what` names the object in the re-entry error.
    pub(crate) fn enter(&self, py: Python<'_>, what: &str) -> PyResult<Turn<'_>> {
        let me = std::thread::current().id();
        if *self.holder.lock().unwrap_or_else(PoisonError::into_inner) == Some(me) {
            return Err(raise(
                py,
                "Error",
                format!(
                    "this {what} is computing already, and was called again from inside that \
                     computation (its game's moves() or a progress callback): the call would wait \
                     for itself; use another {what} there"
                ),
                &[],
            ));
        }
        loop {
            let entered = py.detach(|| {
                let holder = self.holder.lock().unwrap_or_else(PoisonError::into_inner);
                let (mut holder, _) = self
                    .free
                    .wait_timeout_while(holder, GATE_LOOK_EVERY, |holder| holder.is_some())
                    .unwrap_or_else(PoisonError::into_inner);
                if holder.is_none() {
                    *holder = Some(me);
                    true
                } else {
                    false
                }
            });
            if entered {
                return Ok(Turn(self));
            }
            // Still busy: a Ctrl-C meanwhile ends the wait.
            py.check_signals()?;
        }
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        *self.0.holder.lock().unwrap_or_else(PoisonError::into_inner) = None;
        self.0.free.notify_one();
    }
}

/// The text of an outcome as the package writes it: `"P"`, `"N"` or `"D"`.
pub(crate) fn outcome_letter(outcome: onag_core::Outcome) -> &'static str {
    match outcome {
        onag_core::Outcome::Previous => "P",
        onag_core::Outcome::Next => "N",
        _ => "D",
    }
}

/// A `TypeError` naming what was expected.
pub(crate) fn type_error(expected: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let name = got
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |name| name.to_string());
    PyTypeError::new_err(format!("expected {expected}, got {name}"))
}

/// The native module.
#[pymodule]
fn _onag(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    catalogue::register(module)?;
    user::register(module)?;
    sequence::register(module)?;
    quotient::register(module)?;
    nimber::register(module)?;
    form::register(module)?;
    partizan::register(module)?;
    Ok(())
}
