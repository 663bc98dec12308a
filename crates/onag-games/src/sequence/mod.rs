//! Grundy sequences of heap games, computed bottom-up at research speed.
//!
//! One method to a file: `naive.rs` (the definition, the reference of the tests),
//! `plain.rs` (every two-heap split), `sparse.rs` (rare and common values), `sharing.rs` (work
//! shared between threads in batches), `side_by_side.rs` (what runs side by side share),
//! `period.rs` (periods found and proven), `engine.rs` (which method, heap after heap),
//! `splits.rs` (the inner loops), `kernel.rs` (the moves of a code), `checkpoint.rs` (long runs
//! written to a file and resumed) and `report.rs` (the sparse-space report).

use std::path::PathBuf;
use std::time::Duration;

use onag_core::{Budget, Resource};

mod checkpoint;
mod engine;
mod kernel;
mod naive;
pub(crate) mod period;
mod plain;
mod report;
mod sharing;
mod side_by_side;
mod sparse;
mod splits;
pub(crate) mod values;

use crate::{Error, HeapRuleset, Period, Result, TakeAndBreak};
pub use report::{RareBy, SparseReport};
pub use side_by_side::{Runner, SideBySide};
pub use values::Values;

/// The Grundy values `G(0), G(1), ...` of single heaps of a heap game, with the period they
/// show.
///
/// [`GrundySequence::compute`] works bottom-up through a take-and-break code: values stored in
/// as few bytes as they need ([`Values`]: one or two for nearly every game, and nothing else
/// held in proportion to the length), and for games whose values are sparse (the "rare and
/// common values" of Gangolli & Plambeck 1989 and Flammenkamp) a scan of every split with a
/// rare part, then of the other splits only as far as it takes to settle the mex (two common
/// parts give values of one known parity, so a tentative mex of the other parity is final). The
/// sparse method is tried once at most a quarter of the heaps are rare, with the classes that
/// make the fewest rare, and kept while it costs less than the plain scan would. With two
/// threads or more ([`SequenceOptions::threads`]; by default the cores the process may use),
/// heaps are valued in batches, and while the engine values one batch a second thread values
/// the splits of the next whose parts are both known already ([`GrundySequence::heaps_helped`]).
/// Every power of two the engine looks for a period; once the Guy-Smith criterion proves one,
/// it stops and answers every later `G(n)`, up to n = 2^64 - 1, from the period.
///
/// # Examples
///
/// ```
/// use onag_games::{GrundySequence, TakeAndBreak};
///
/// let kayles = GrundySequence::compute(&TakeAndBreak::kayles(), 1_000_000)?;
/// let period = kayles.period().expect("Kayles is periodic");
/// assert_eq!((period.preperiod, period.period, period.proven), (71, 12, true));
/// // OEIS A002186: G(71 + 12k) = 7 for every k.
/// assert_eq!(kayles.value(71 + 12 * 10u64.pow(15)), Some(7));
/// // The engine stopped long before 10^6: the rest follows from the proof.
/// assert!(kayles.computed() < 1000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct GrundySequence {
    values: Values,
    period: Option<Period>,
    last: u64,
    sparse: bool,
    /// For a take-and-break code whose takes that split a heap all have one parity: whether
    /// it is even (the sparse-space report may then class heaps by position too).
    pub(super) split_parity: Option<bool>,
    /// Heaps whose rare splits a second core valued.
    helped: u64,
    /// The work of the run and the part of it no other thread could have done.
    scaling: Scaling,
    /// Why the checkpoint could not be written at the end, when it could not: the values are
    /// right, and kept rather than lost with it.
    checkpoint_failure: Option<String>,
}

/// The most values the engine will store (2^34, 32 GB at two bytes a value): beyond this a
/// sequence must be proven periodic.
pub const MAX_COMPUTED: u64 = 1 << 34;

impl GrundySequence {
    /// Computes `G(0..=last)` for a take-and-break game, stopping early once a period is
    /// proven.
    ///
    /// # Errors
    ///
    /// [`Error::Engine`] with [`Resource::Memory`] when `last` is beyond [`MAX_COMPUTED`] and
    /// no period is proven before it.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let game = TakeAndBreak::subtraction([1, 2, 3])?;
    /// let sequence = GrundySequence::compute(&game, 10)?;
    /// let values: Vec<u64> = sequence.iter().collect();
    /// assert_eq!(values, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute(game: &TakeAndBreak, last: u64) -> Result<GrundySequence> {
        GrundySequence::compute_with(game, last, Budget::UNLIMITED, |_| {})
    }

    /// As [`GrundySequence::compute`], within `budget`: at most about `budget.options` options
    /// examined (a proven period answers the rest, so a periodic game costs little whatever
    /// `last` is) and values held in at most `budget.memory` bytes; and calling `progress(n)`
    /// every 65536 values, for a progress bar.
    ///
    /// # Errors
    ///
    /// [`Error::Engine`] with [`onag_core::Error::LimitExceeded`] when the work would exceed
    /// the budget's options or its memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, Resource};
    /// use onag_games::{Error, GrundySequence, TakeAndBreak};
    ///
    /// let mut calls = 0;
    /// let game = TakeAndBreak::octal("0.16")?;
    /// GrundySequence::compute_with(&game, 200_000, Budget::UNLIMITED, |_| calls += 1)?;
    /// assert!(calls >= 3);
    /// let small = Budget { options: 1000, ..Budget::DEFAULT };
    /// let too_far = GrundySequence::compute_with(&game, 10_000, small, |_| {});
    /// assert_eq!(too_far.unwrap_err(), Error::Engine(small.exceeded(Resource::Options)));
    /// // Kayles is proven periodic after a few hundred values: any heap is within reach.
    /// let budget = Budget { options: 100_000, ..Budget::DEFAULT };
    /// let kayles = GrundySequence::compute_with(&TakeAndBreak::kayles(), u64::MAX, budget, |_| {})?;
    /// assert!(kayles.value(u64::MAX).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute_with(
        game: &TakeAndBreak,
        last: u64,
        budget: Budget,
        mut progress: impl FnMut(u64),
    ) -> Result<GrundySequence> {
        GrundySequence::compute_in(game, last, &SequenceOptions::within(budget), &mut progress)
    }

    /// As [`GrundySequence::compute_with`], with every setting of the run: the budget, the
    /// number of threads, and a checkpoint file, which is read first if it exists (the run
    /// resumes from the values it holds) and written at intervals and at the end.
    ///
    /// # Errors
    ///
    /// As [`GrundySequence::compute_with`]; [`Error::Checkpoint`] when the checkpoint cannot
    /// be read or written, is damaged, or holds another game's values.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, SequenceOptions, TakeAndBreak};
    ///
    /// let game = TakeAndBreak::octal("0.6")?;
    /// let one = SequenceOptions { threads: 1, ..SequenceOptions::default() };
    /// let two = SequenceOptions { threads: 2, ..SequenceOptions::default() };
    /// let alone = GrundySequence::compute_in(&game, 20_000, &one, &mut |_| {})?;
    /// let shared = GrundySequence::compute_in(&game, 20_000, &two, &mut |_| {})?;
    /// assert!(alone.iter().eq(shared.iter()));
    /// assert_eq!(alone.heaps_helped(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute_in(
        game: &TakeAndBreak,
        last: u64,
        options: &SequenceOptions,
        progress: &mut dyn FnMut(u64),
    ) -> Result<GrundySequence> {
        engine::compute(game, last, options, progress)
    }

    /// Computes `G(0..=last)` for any heap ruleset by valuing every option of every heap, for
    /// games that are not take-and-break codes (split Nim). Each option's heaps must be smaller
    /// than the heap they come from. Periods are reported as observed, never proven.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when an option holds a heap at least as large as its origin;
    /// [`Error::Engine`] when `last` is beyond [`MAX_COMPUTED`] or the default budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, SplitNim};
    ///
    /// let sequence = GrundySequence::compute_any(&SplitNim, 3)?;
    /// assert_eq!(sequence.value(1), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute_any(rules: &impl HeapRuleset, last: u64) -> Result<GrundySequence> {
        GrundySequence::compute_any_within(rules, last, Budget::DEFAULT, |_| {})
    }

    /// As [`GrundySequence::compute_any`], within `budget` (options examined and bytes of
    /// values), calling `progress(n)` every 65536 values.
    ///
    /// # Errors
    ///
    /// As [`GrundySequence::compute_any`], and [`Error::Engine`] past the budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, Resource};
    /// use onag_games::{Error, GrundySequence, SplitNim};
    ///
    /// let small = Budget { options: 50, ..Budget::DEFAULT };
    /// let refused = GrundySequence::compute_any_within(&SplitNim, 100, small, |_| {});
    /// assert_eq!(refused.unwrap_err(), Error::Engine(small.exceeded(Resource::Options)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute_any_within(
        rules: &impl HeapRuleset,
        last: u64,
        budget: Budget,
        progress: impl FnMut(u64),
    ) -> Result<GrundySequence> {
        let values = naive::values(rules, last, budget, progress)?;
        Ok(GrundySequence::observed(values, last))
    }

    /// Computes `G(0..=last)` of any game played on one number (a plain
    /// [`ImpartialGame`](onag_core::ImpartialGame) whose positions are `u64`), by the solver:
    /// the game need not be a [`HeapRuleset`], and its moves may go to any position, larger
    /// ones included, as long as the game is finite. Periods are reported as observed, never
    /// proven. `progress(n)` is called every 65536 values.
    ///
    /// # Errors
    ///
    /// [`Error::Engine`] when the search exceeds `budget` (the values kept count among its
    /// positions and memory) or the game has a cycle.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, ImpartialGame};
    /// use onag_games::GrundySequence;
    ///
    /// /// Subtract a square.
    /// struct Squares;
    /// impl ImpartialGame for Squares {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         (1..).map(|k: u64| k * k).take_while(move |&s| s <= n).map(move |s| n - s)
    ///     }
    /// }
    ///
    /// let sequence = GrundySequence::of_game(&Squares, 30, Budget::DEFAULT, |_| {})?;
    /// // OEIS A014586: G(25) = 3, G(29) = 5.
    /// assert_eq!(sequence.value(25), Some(3));
    /// assert_eq!(sequence.value(29), Some(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_game<G: onag_core::ImpartialGame<Position = u64>>(
        game: &G,
        last: u64,
        budget: Budget,
        mut progress: impl FnMut(u64),
    ) -> Result<GrundySequence> {
        check_memory(last, &Values::new(), budget)?;
        let mut solver = onag_core::Solver::new(game).with_budget(budget);
        let mut values = Values::new();
        for n in 0..=last {
            check_memory(n, &values, budget)?;
            if n % 65_536 == 0 && n > 0 {
                progress(n);
                onag_core::check_stop()?;
            }
            values.push(solver.grundy(&n)?.value());
        }
        Ok(GrundySequence::observed(values, last))
    }

    /// A sequence of values computed with no proof at hand, with the period they show.
    fn observed(values: Values, last: u64) -> GrundySequence {
        let period =
            period::find_period(&values, true, None).map(|(preperiod, period, saltus, _)| Period {
                preperiod,
                period,
                saltus,
                proven: false,
            });
        GrundySequence::from_values(values, period, last)
    }

    /// A sequence from values known otherwise (a closed form), with the period they have.
    pub(crate) fn from_values(values: Values, period: Option<Period>, last: u64) -> GrundySequence {
        GrundySequence {
            values,
            period,
            last,
            sparse: false,
            split_parity: None,
            helped: 0,
            scaling: Scaling::default(),
            checkpoint_failure: None,
        }
    }

    /// `G(n)`: from the computed values, or beyond them from a proven period. `None` for an n
    /// beyond both.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let dawson = GrundySequence::compute(&TakeAndBreak::dawsons_kayles(), 10u64.pow(12))?;
    /// assert!(dawson.value(10u64.pow(12)).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value(&self, n: u64) -> Option<u64> {
        if let Some(value) = usize::try_from(n).ok().and_then(|n| self.values.get(n)) {
            return Some(value);
        }
        match self.period {
            Some(period) if period.proven => period.value_at(&self.values, n),
            _ => None,
        }
    }

    /// How many of `G(0..=n)` are 0: counted in the computed values, and beyond them from a
    /// proven period, one period's zeros times the periods (with a positive saltus, the values
    /// past the first period are positive). `None` for an n beyond both.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// // Subtraction of 1 or 2: G(n) = n mod 3, so G(0..=10^18) has one zero in three.
    /// let game = TakeAndBreak::subtraction([1, 2])?;
    /// let sequence = GrundySequence::compute(&game, 10u64.pow(18))?;
    /// assert_eq!(sequence.zeros_through(10u64.pow(18)), Some(10u64.pow(18) / 3 + 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn zeros_through(&self, n: u64) -> Option<u64> {
        let computed = self.values.len() as u64;
        let zeros_below = |end: u64| -> u64 {
            self.values
                .iter()
                .take(usize::try_from(end).unwrap_or(usize::MAX))
                .filter(|&value| value == 0)
                .count() as u64
        };
        if n < computed {
            return Some(zeros_below(n + 1));
        }
        let period = self
            .period
            .filter(|period| period.proven && period.period > 0)?;
        let start = period.preperiod;
        if start.checked_add(period.period)? > computed {
            return None;
        }
        // Heaps start..=n, by their place in the period (counted wide: n may be 2^64 - 1).
        let count = u128::from(n - start) + 1;
        let length = u128::from(period.period);
        let (whole, part) = (count / length, count % length);
        let mut zeros = u128::from(zeros_below(start));
        for place in 0..period.period {
            if self.values.get(usize::try_from(start + place).ok()?)? != 0 {
                continue;
            }
            zeros += if period.saltus > 0 {
                // Only the first period's: every later one is `saltus` higher.
                1
            } else {
                whole + u128::from(u128::from(place) < part)
            };
        }
        u64::try_from(zeros).ok()
    }

    /// Why the checkpoint could not be written when the run ended, if it could not (a disk
    /// that filled, a file made read-only meanwhile): the values are right all the same, and
    /// a front shows them before it reports this.
    pub fn checkpoint_failure(&self) -> Option<&str> {
        self.checkpoint_failure.as_deref()
    }

    /// The values `G(0..=last)` asked for, extended from the period where the engine stopped
    /// early.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let kayles = GrundySequence::compute(&TakeAndBreak::kayles(), 5000)?;
    /// assert_eq!(kayles.iter().count(), 5001);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        let count = usize::try_from(self.last.saturating_add(1)).unwrap_or(usize::MAX);
        let stored = self.values.len() as u64;
        let beyond = (stored..=self.last).map_while(|n| self.value(n));
        self.values.iter().take(count).chain(beyond)
    }

    /// The last n asked for.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// assert_eq!(GrundySequence::compute(&TakeAndBreak::kayles(), 99)?.last(), 99);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last(&self) -> u64 {
        self.last
    }

    /// How many values were computed rather than read from a proven period.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let nim = GrundySequence::compute(&TakeAndBreak::general("0.[3]")?, 100)?;
    /// assert_eq!(nim.computed(), 101);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn computed(&self) -> u64 {
        self.values.len() as u64
    }

    /// The computed values.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let sequence = GrundySequence::compute(&TakeAndBreak::kayles(), 3)?;
    /// assert_eq!(sequence.values().iter().collect::<Vec<_>>(), [0, 1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The period found, proven or observed, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let short = GrundySequence::compute(&TakeAndBreak::kayles(), 20)?;
    /// assert!(short.period().is_none_or(|period| !period.proven));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Whether the sparse-space method was in use when the computation ended.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let sparse = GrundySequence::compute(&TakeAndBreak::octal("0.16")?, 20_000)?;
    /// assert!(sparse.used_sparse_method());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn used_sparse_method(&self) -> bool {
        self.sparse
    }

    /// How many heaps had part of their splits valued by a second thread: with two threads or
    /// more, from heap 4096 on, for take-and-break codes whose moves leave at most two heaps
    /// and whose values fit two bytes, where a heap costs enough to share (0.106's do not), and
    /// while a second core is free (sharing pauses while the two threads take turns on one).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// // Kayles is proven periodic long before any sparse method is tried.
    /// let kayles = GrundySequence::compute(&TakeAndBreak::kayles(), 10_000)?;
    /// assert_eq!(kayles.heaps_helped(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heaps_helped(&self) -> u64 {
        self.helped
    }

    /// The run's model of scaling: the options it examined, and how many of them no other
    /// thread could have examined ahead (see [`Scaling`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let game = TakeAndBreak::octal("0.6")?;
    /// let scaling = GrundySequence::compute(&game, 20_000)?.scaling();
    /// assert!(0 < scaling.critical_path && scaling.critical_path < scaling.work);
    /// assert!(scaling.speedup(16) > 1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn scaling(&self) -> Scaling {
        self.scaling
    }
}

/// What a run of the sequence engine could gain from more threads.
///
/// The value of heap n needs the values just below it, so the engine values heaps in batches,
/// and while it values one, other threads value, for every heap of the next batch, the splits
/// whose parts were both known when the batch at hand began. What they cannot do is the work
/// that reads a value of the batch at hand or of the one before it: the *critical path*,
/// counted in options examined as `work` is (moves that leave one heap or three are counted in
/// it whole). The engine's thread does that work while the others do the rest, so by the
/// work-span law a run on p threads takes at least `max(critical_path, work / p)` options'
/// time: [`Scaling::speedup`] is `work` divided by that, an upper bound to set beside a
/// measurement (the engine's bookkeeping per heap and the hand-offs between threads are not
/// in it). Both are counted in the run itself, and alike on any number of threads: the common
/// splits of the sparse method are scanned from the first whose parts another thread could
/// have known, the splits with the newest heaps last and only where the others did not settle
/// the mex, whether other threads do that scan or not (0.6 to 10^6: 7.5% of the work on one
/// thread, 7.3% on two). So a run on a small machine predicts a larger one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scaling {
    /// Options examined in all.
    pub work: u64,
    /// Of them, those no other thread could have examined ahead.
    pub critical_path: u64,
}

impl Scaling {
    /// The speed-up on `threads` threads that the model allows, at most: `threads`, or
    /// `work / critical_path` if that is less.
    ///
    /// ```
    /// use onag_games::Scaling;
    ///
    /// let scaling = Scaling { work: 1000, critical_path: 100 };
    /// assert_eq!(scaling.speedup(1), 1.0);
    /// assert_eq!(scaling.speedup(4), 4.0);
    /// // 1000 options take at least the 100 of the critical path, whatever the threads.
    /// assert_eq!(scaling.speedup(16), 10.0);
    /// ```
    pub fn speedup(&self, threads: usize) -> f64 {
        let threads = threads.max(1) as f64;
        if self.critical_path == 0 {
            return threads;
        }
        let bound = self.work as f64 / self.critical_path.min(self.work) as f64;
        bound.min(threads)
    }
}

/// Checks that `n + 1` values fit the budget: its positions (a value is a heap remembered) and
/// its memory (each value as wide as the widest so far). Heap 0 alone is no work (its value is
/// 0 by definition, and a game answered by its closed form needs no more), whatever the budget.
pub(crate) fn check_memory(n: u64, values: &Values, budget: Budget) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    if n >= budget.positions {
        return Err(Error::Engine(budget.exceeded(Resource::Positions)));
    }
    if n >= MAX_COMPUTED || !fits_memory(n, values, budget) {
        return Err(Error::Engine(budget.exceeded(Resource::Memory)));
    }
    Ok(())
}

fn fits_memory(n: u64, values: &Values, budget: Budget) -> bool {
    let bytes = (values.bytes_per_value() as u64).saturating_mul(n.saturating_add(1));
    bytes <= budget.memory
}

/// The count of remembered values a sequence's budget has when none is given: no count, since
/// a sequence's values (a byte or two each) are held to the memory budget anyway (the default
/// 2 GiB holds a billion and more). The program and the Python package both take it.
pub const DEFAULT_SEQUENCE_POSITIONS: u64 = u64::MAX;

/// The settings of one computation of a sequence.
///
/// # Examples
///
/// ```
/// use onag_games::SequenceOptions;
///
/// let options = SequenceOptions { threads: 1, ..SequenceOptions::default() };
/// assert_eq!(options.threads(), 1);
/// // 0, the default, means the cores this process may run on.
/// assert!(SequenceOptions::default().threads() >= 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequenceOptions {
    /// Options examined and memory held at most.
    pub budget: Budget,
    /// Threads to compute with: 1 runs on the calling thread alone; 0 means as many as the
    /// cores this process may run on (its CPU affinity and quota respected).
    pub threads: usize,
    /// A file to resume from, if it exists, and to write the values to as the run goes.
    pub checkpoint: Option<PathBuf>,
    /// How often the checkpoint is written (and once more at the end).
    pub checkpoint_every: Duration,
    /// What this run shares with runs side by side ([`SideBySide`]): their threads, taken as
    /// helpers once they are over, and one memory budget, which this run's values count
    /// against beside [`Budget::memory`]; none for a run on its own.
    pub side_by_side: Option<SideBySide>,
}

impl Default for SequenceOptions {
    fn default() -> SequenceOptions {
        SequenceOptions {
            budget: Budget::UNLIMITED,
            threads: 0,
            checkpoint: None,
            checkpoint_every: Duration::from_secs(60),
            side_by_side: None,
        }
    }
}

impl SequenceOptions {
    /// The default settings with `budget`.
    pub fn within(budget: Budget) -> SequenceOptions {
        SequenceOptions {
            budget,
            ..SequenceOptions::default()
        }
    }

    /// The number of threads the run uses: [`SequenceOptions::threads`], or the cores
    /// available when that is 0 or more (threads past the cores only take turns).
    ///
    /// ```
    /// use onag_games::SequenceOptions;
    ///
    /// let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    /// let options = SequenceOptions { threads: 1024, ..SequenceOptions::default() };
    /// assert_eq!(options.threads(), cores.min(1024));
    /// assert_eq!(SequenceOptions::default().threads(), cores);
    /// ```
    pub fn threads(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        match self.threads {
            0 => cores,
            threads => threads.min(cores),
        }
    }
}
