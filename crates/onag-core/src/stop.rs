//! Stopping a computation from outside it: a front end's Ctrl-C, a closed web page, a user's
//! exception raised inside a game's rules.
//!
//! Every engine of this crate (and the sequence and quotient engines of `onag-games`) looks at the
//! [`Stop`] in force on its thread each time it would report progress (about every 100 ms, see
//! `ticker.rs`), and answers [`Error::Stopped`] once it is requested. A stop is put in force with
//! [`Stop::run`], so that the engines' signatures need not carry it: the code that starts a
//! computation and the code that may cancel it share one `Stop`, and nothing else changes.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::{Error, Result};

thread_local! {
    /// The stops in force on this thread, innermost last.
    static IN_FORCE: RefCell<Vec<Stop>> = const { RefCell::new(Vec::new()) };
}

/// A request to stop, shared between a computation and whoever may cancel it.
///
/// Cloning a `Stop` shares it: a request on any clone stops every computation run under any of
/// them.
///
/// # Examples
///
/// ```
/// use onag_core::{Error, ImpartialGame, Solver, Stop};
///
/// /// A chain so long that its value takes a while to compute.
/// struct Chain;
/// impl ImpartialGame for Chain {
///     type Position = u32;
///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
///         n.checked_sub(1).into_iter()
///     }
/// }
///
/// let stop = Stop::new();
/// stop.request(); // as a Ctrl-C handler would, from any thread
/// let mut solver = Solver::new(Chain);
/// assert_eq!(stop.run(|| solver.grundy(&10_000_000)), Err(Error::Stopped));
/// // Nothing is in force outside `run`: the same solver answers.
/// assert_eq!(solver.grundy(&10).unwrap().value(), 0);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<Flags>);

#[derive(Debug, Default)]
struct Flags {
    requested: AtomicBool,
    observed: AtomicBool,
}

impl Stop {
    /// A stop not yet requested.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every computation run under this stop to end with [`Error::Stopped`].
    pub fn request(&self) {
        self.0.requested.store(true, Ordering::Relaxed);
    }

    /// Whether [`request`](Self::request) has been called.
    pub fn requested(&self) -> bool {
        self.0.requested.load(Ordering::Relaxed)
    }

    /// Whether a computation has seen the request and is winding down (writing its checkpoint,
    /// say): a front that would end the process when nothing answers a request waits instead.
    pub fn observed(&self) -> bool {
        self.0.observed.load(Ordering::Relaxed)
    }

    /// Runs `work` on this thread with this stop in force (and any stop already in force, which
    /// stays in force too).
    pub fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        /// Takes the stop out of force however `work` ends, a panic included.
        struct Lifted;
        impl Drop for Lifted {
            fn drop(&mut self) {
                IN_FORCE.with(|stops| stops.borrow_mut().pop());
            }
        }
        IN_FORCE.with(|stops| stops.borrow_mut().push(self.clone()));
        let _lifted = Lifted;
        work()
    }

    /// The stops in force on this thread, to be put in force on a helper thread it starts
    /// (with [`Stop::run_all`]).
    pub fn in_force() -> Vec<Stop> {
        IN_FORCE.with(|stops| stops.borrow().clone())
    }

    /// Runs `work` with every stop of `stops` in force (on a helper thread).
    ///
    /// ```
    /// use onag_core::{Error, Stop, check_stop};
    ///
    /// let stop = Stop::new();
    /// stop.request();
    /// let seen = stop.run(|| {
    ///     let stops = Stop::in_force();
    ///     std::thread::scope(|scope| scope.spawn(|| Stop::run_all(&stops, check_stop)).join())
    /// });
    /// assert_eq!(seen.unwrap(), Err(Error::Stopped));
    /// ```
    pub fn run_all<T>(stops: &[Stop], work: impl FnOnce() -> T) -> T {
        match stops.split_first() {
            None => work(),
            Some((first, rest)) => first.run(|| Stop::run_all(rest, work)),
        }
    }
}

/// [`Error::Stopped`] when a stop in force on this thread has been requested.
///
/// Engines call it where they report progress; a game's own long computation (outside any
/// engine) may call it too.
///
/// # Errors
///
/// [`Error::Stopped`] once a stop in force on this thread is requested.
pub fn check_stop() -> Result<()> {
    let requested = IN_FORCE.with(|stops| {
        let stops = stops.borrow();
        let requested = stops.iter().filter(|stop| stop.requested());
        requested.fold(false, |_, stop| {
            stop.0.observed.store(true, Ordering::Relaxed);
            true
        })
    });
    if requested {
        Err(Error::Stopped)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_is_in_force_only_inside_run() {
        let stop = Stop::new();
        stop.request();
        assert_eq!(check_stop(), Ok(()));
        assert!(!stop.observed());
        assert_eq!(stop.run(check_stop), Err(Error::Stopped));
        assert!(stop.observed());
        assert_eq!(check_stop(), Ok(()));
    }

    #[test]
    fn an_outer_stop_stops_inner_work() {
        let (outer, inner) = (Stop::new(), Stop::new());
        outer.run(|| {
            inner.run(|| {
                assert_eq!(check_stop(), Ok(()));
                outer.request();
                assert_eq!(check_stop(), Err(Error::Stopped));
            })
        });
        assert!(!inner.requested());
    }

    #[test]
    fn a_request_from_another_thread_is_seen() {
        let stop = Stop::new();
        let remote = stop.clone();
        std::thread::spawn(move || remote.request()).join().unwrap();
        assert_eq!(stop.run(check_stop), Err(Error::Stopped));
    }
}
