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

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use onag_core::{Budget, Resource, Stop};
use onag_games::Progress;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError};
use pyo3::prelude::*;

mod catalogue;
mod nimber;
mod quotient;
mod sequence;
mod user;

/// How often a running computation looks for Ctrl-C and calls the progress callback, at most.
const POLL_EVERY: Duration = Duration::from_millis(50);

/// The budget a call's keywords name, each missing one at the library's default.
pub(crate) fn budget(
    max_positions: Option<u64>,
    max_options: Option<u64>,
    max_memory: Option<u64>,
) -> Budget {
    Budget {
        positions: max_positions.unwrap_or(Budget::DEFAULT.positions),
        options: max_options.unwrap_or(Budget::DEFAULT.options),
        memory: max_memory.unwrap_or(Budget::DEFAULT.memory),
    }
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
        E::Engine(_) | E::Checkpoint { .. } | E::Unsupported { .. } => {
            raise(py, "Error", message, &[])
        }
        _ => raise(py, "InvalidInput", message, &[]),
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
}

impl Watch {
    pub(crate) fn new(callback: Option<Py<PyAny>>) -> Arc<Watch> {
        Arc::new(Watch {
            stop: Mutex::new(Stop::new()),
            callback,
            failure: Mutex::new(None),
            last: Mutex::new(Instant::now()),
        })
    }

    /// Makes the watch ready for the next call: a stop not requested, no exception recorded.
    /// (An object that keeps an engine between calls keeps one watch, which that engine's
    /// progress callback reports to.)
    pub(crate) fn reset(&self) {
        *self.stop.lock().unwrap_or_else(PoisonError::into_inner) = Stop::new();
        *self.failure.lock().unwrap_or_else(PoisonError::into_inner) = None;
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
    pub(crate) fn report(&self, what: &str, done: u64, total: Option<u64>) {
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

    /// Runs `work` with this watch's stop in force.
    pub(crate) fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        self.current().run(work)
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
            return Err(error);
        }
        // A Ctrl-C that arrived after the last report is raised now rather than lost.
        py.check_signals()?;
        result.map_err(|error| to_python(py, error))
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
    Ok(())
}
