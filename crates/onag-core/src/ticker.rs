//! When a long computation reports its progress: by the clock, not by a count of steps, so
//! that a game whose steps are slow (a graph's canonical labelling, a position with a million
//! moves) is reported as often as one whose steps are fast.

use std::time::{Duration, Instant};

/// The least time between two reports.
const EVERY: Duration = Duration::from_millis(100);

/// How many steps pass between two readings of the clock (a reading costs tens of
/// nanoseconds: a solver's fastest steps take about as long).
const READ_EVERY: u32 = 64;

/// Says when a report is due: once [`EVERY`] has passed since the last, the clock being read
/// every [`READ_EVERY`] steps.
#[derive(Debug, Clone)]
pub(crate) struct Ticker {
    steps: u32,
    last: Instant,
}

impl Ticker {
    pub(crate) fn new() -> Ticker {
        Ticker {
            steps: 0,
            last: Instant::now(),
        }
    }

    /// Counts a step; true when a report is due.
    #[inline]
    pub(crate) fn due(&mut self) -> bool {
        self.steps += 1;
        if self.steps < READ_EVERY {
            return false;
        }
        self.steps = 0;
        let now = Instant::now();
        if now.duration_since(self.last) < EVERY {
            return false;
        }
        self.last = now;
        true
    }
}
