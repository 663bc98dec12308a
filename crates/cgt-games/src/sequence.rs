//! Grundy sequences of heap games, computed bottom-up at research speed.

use cgt_core::{Budget, MexSet, Nimber, Resource};

use crate::period::{find_period, guy_smith_bound};
use crate::values::{Cell, Repr, with_slice};

mod helper;

use crate::{Error, HeapRuleset, Period, Result, TakeAndBreak, Values};
use helper::{HELPER_HEAPS, HELPER_LAST, HELPER_RARE, Link};

/// The Grundy values `G(0), G(1), ...` of single heaps of a heap game, with the period they
/// show.
///
/// [`GrundySequence::compute`] works bottom-up through a take-and-break code: values stored in
/// one or two bytes ([`Values`]), the values of splits flagged one byte each, and for games
/// whose values are sparse (the "rare and common values" of Gangolli & Plambeck 1989 and
/// Flammenkamp) a scan of every split with a rare part, then of the other splits only as far as
/// it takes to settle the mex (two common parts give values of one known parity, so a tentative
/// mex of the other parity is final). The sparse method is tried once at most a quarter of the
/// heaps are rare, with the classes that make the fewest rare, and kept while it costs less than
/// the plain scan would. Both cores work where there is enough to share: a plain scan of 2^16
/// splits or more is split between two threads, and the sparse method hands the splits with a
/// rare part to a second thread, a heap ahead ([`GrundySequence::heaps_helped`]). Every few
/// values the engine looks for a period; once the Guy-Smith criterion proves one, it stops and
/// answers every later `G(n)`, up to n = 2^64 - 1, from the period.
///
/// # Examples
///
/// ```
/// use cgt_games::{GrundySequence, TakeAndBreak};
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
    /// Heaps whose rare splits a second core valued.
    helped: u64,
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
    /// use cgt_games::{GrundySequence, TakeAndBreak};
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
    /// [`Error::Engine`] with [`cgt_core::Error::LimitExceeded`] when the work would exceed
    /// the budget's options or its memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_core::{Budget, Resource};
    /// use cgt_games::{Error, GrundySequence, TakeAndBreak};
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
        let mut engine = Engine::new(game);
        let provable = game.tail().is_none() && !game.has_unequal();
        // No period can stop a game that cannot be proven periodic early: every value up to
        // `last` will be held, so a budget too small for them is an error now, not in an hour.
        if !provable {
            check_memory(last, &Values::new(), budget)?;
        }
        let mut checkpoint = 64;
        let mut n = 0;
        // The second core's part of the sparse method, while it has one; the thread ends when
        // its link is dropped, and the scope waits for it.
        std::thread::scope(|scope| {
            let mut helper = None;
            loop {
                if n > last {
                    break;
                }
                check_memory(n, &engine.values, budget)?;
                if engine.work > budget.options {
                    return Err(Error::Engine(budget.exceeded(Resource::Options)));
                }
                engine.push_next(n, &mut helper);
                if n % 65_536 == 0 && n > 0 {
                    progress(n);
                }
                if n == checkpoint || n == last {
                    checkpoint = checkpoint.saturating_mul(2);
                    helper = None;
                    if let Some(period) = engine.period(provable) {
                        if period.proven {
                            return Ok(engine.finish(last, Some(period)));
                        }
                    }
                    engine.reconsider_method();
                    if n < last {
                        helper = engine.start_helper(scope, n + 1, last);
                    }
                }
                n += 1;
            }
            let period = engine.period(provable);
            Ok(engine.finish(last, period))
        })
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
    /// use cgt_games::{GrundySequence, SplitNim};
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
    /// use cgt_core::{Budget, Resource};
    /// use cgt_games::{Error, GrundySequence, SplitNim};
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
        mut progress: impl FnMut(u64),
    ) -> Result<GrundySequence> {
        check_memory(last, &Values::new(), budget)?;
        let mut work: u64 = 0;
        let mut values = Values::new();
        let mut set = MexSet::new();
        for n in 0..=last {
            check_memory(n, &values, budget)?;
            if n % 65_536 == 0 && n > 0 {
                progress(n);
            }
            set.clear();
            for option in rules.heap_moves(n) {
                work += 1;
                if work > budget.options {
                    return Err(Error::Engine(budget.exceeded(Resource::Options)));
                }
                let mut sum = 0;
                for heap in option.iter() {
                    let value = usize::try_from(heap)
                        .ok()
                        .filter(|_| heap < n)
                        .and_then(|heap| values.get(heap))
                        .ok_or_else(|| Error::InvalidParameter {
                            game: "sequence",
                            value: format!("{option:?}"),
                            reason: format!(
                                "a move from a heap of {n} leaves a heap that is not smaller"
                            ),
                        })?;
                    sum ^= value;
                }
                set.insert(Nimber::new(sum));
            }
            values.push(set.mex().value());
        }
        let period =
            find_period(&values, true, None).map(|(preperiod, period, saltus, _)| Period {
                preperiod,
                period,
                saltus,
                proven: false,
            });
        Ok(GrundySequence {
            values,
            period,
            last,
            sparse: false,
            helped: 0,
        })
    }

    /// Computes `G(0..=last)` of any game played on one number (a plain
    /// [`ImpartialGame`](cgt_core::ImpartialGame) whose positions are `u64`), by the solver:
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
    /// use cgt_core::{Budget, ImpartialGame};
    /// use cgt_games::GrundySequence;
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
    pub fn of_game<G: cgt_core::ImpartialGame<Position = u64>>(
        game: &G,
        last: u64,
        budget: Budget,
        mut progress: impl FnMut(u64),
    ) -> Result<GrundySequence> {
        check_memory(last, &Values::new(), budget)?;
        let mut solver = cgt_core::Solver::new(game).with_budget(budget);
        let mut values = Values::new();
        for n in 0..=last {
            check_memory(n, &values, budget)?;
            if n % 65_536 == 0 && n > 0 {
                progress(n);
            }
            values.push(solver.grundy(&n)?.value());
        }
        let period =
            find_period(&values, true, None).map(|(preperiod, period, saltus, _)| Period {
                preperiod,
                period,
                saltus,
                proven: false,
            });
        Ok(GrundySequence {
            values,
            period,
            last,
            sparse: false,
            helped: 0,
        })
    }

    /// A sequence from values known otherwise (a closed form), with the period they have.
    pub(crate) fn from_values(values: Values, period: Option<Period>, last: u64) -> GrundySequence {
        GrundySequence {
            values,
            period,
            last,
            sparse: false,
            helped: 0,
        }
    }

    /// `G(n)`: from the computed values, or beyond them from a proven period. `None` for an n
    /// beyond both.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_games::{GrundySequence, TakeAndBreak};
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

    /// The values `G(0..=last)` asked for, extended from the period where the engine stopped
    /// early.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_games::{GrundySequence, TakeAndBreak};
    ///
    /// let kayles = GrundySequence::compute(&TakeAndBreak::kayles(), 5000)?;
    /// assert_eq!(kayles.iter().count(), 5001);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..=self.last).map_while(|n| self.value(n))
    }

    /// The last n asked for.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_games::{GrundySequence, TakeAndBreak};
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
    /// use cgt_games::{GrundySequence, TakeAndBreak};
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
    /// use cgt_games::{GrundySequence, TakeAndBreak};
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
    /// use cgt_games::{GrundySequence, TakeAndBreak};
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
    /// use cgt_games::{GrundySequence, TakeAndBreak};
    ///
    /// let sparse = GrundySequence::compute(&TakeAndBreak::octal("0.16")?, 20_000)?;
    /// assert!(sparse.used_sparse_method());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn used_sparse_method(&self) -> bool {
        self.sparse
    }

    /// How many heaps had their splits with a rare part valued on a second core, a heap ahead
    /// of the engine: the sparse method hands them over while there are enough rare heaps
    /// (256 or more), enough heaps left (4096), a take of at least one that splits, values
    /// below 2^16 and fewer than 2^26 heaps (the helper keeps its own copy of the sequence).
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_games::{GrundySequence, TakeAndBreak};
    ///
    /// // Kayles is proven periodic long before any sparse method is tried.
    /// let kayles = GrundySequence::compute(&TakeAndBreak::kayles(), 10_000)?;
    /// assert_eq!(kayles.heaps_helped(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn heaps_helped(&self) -> u64 {
        self.helped
    }
}

/// Checks that `n + 1` values fit the budget: its positions (a value is a heap remembered) and
/// its memory (see [`fits_memory`]).
pub(crate) fn check_memory(n: u64, values: &Values, budget: Budget) -> Result<()> {
    if n >= budget.positions {
        return Err(Error::Engine(budget.exceeded(Resource::Positions)));
    }
    if n >= MAX_COMPUTED || !fits_memory(n, values, budget) {
        return Err(Error::Engine(budget.exceeded(Resource::Memory)));
    }
    Ok(())
}

/// Whether `n + 1` values fit the budget's memory: each value as wide as the widest so far, and
/// a byte more for the engine's split flags.
fn fits_memory(n: u64, values: &Values, budget: Budget) -> bool {
    let bytes = (values.bytes_per_value() as u64 + 1).saturating_mul(n.saturating_add(1));
    bytes <= budget.memory
}

/// The moves of a take-and-break code, sorted by what they leave.
struct Kernel {
    /// Takes k (below the repeating part) that may leave one heap.
    singles: Vec<u64>,
    /// Takes k that may leave two heaps, with whether they must differ.
    pairs: Vec<(u64, bool)>,
    /// Takes k that may leave `parts >= 3` heaps: (k, parts, distinct).
    more: Vec<(u64, u32, bool)>,
    /// Where the repeating digit starts.
    explicit: u64,
    tail_single: bool,
    tail_pair: bool,
    max_take: u64,
    max_parts: u32,
    /// The largest take that may split, bounding how long a total's splits are reused.
    max_split_take: u64,
}

impl Kernel {
    fn new(game: &TakeAndBreak) -> Kernel {
        let digits = game.explicit_digits();
        let mut kernel = Kernel {
            singles: Vec::new(),
            pairs: Vec::new(),
            more: Vec::new(),
            explicit: digits.len() as u64,
            tail_single: game.tail().is_some_and(|tail| tail & 2 != 0),
            tail_pair: game.tail().is_some_and(|tail| tail & 4 != 0),
            max_take: game.max_take().unwrap_or(u64::MAX),
            max_parts: game.max_parts(),
            max_split_take: 0,
        };
        for (k, &digit) in digits.iter().enumerate() {
            let k = k as u64;
            if digit & 2 != 0 {
                kernel.singles.push(k);
            }
            if digit & 4 != 0 {
                kernel.pairs.push((k, game.unequal(k)));
                kernel.max_split_take = k;
            }
            for parts in 3..u32::BITS {
                if digit >> parts & 1 != 0 {
                    kernel.more.push((k, parts, game.unequal(k)));
                }
            }
        }
        kernel
    }
}

/// How the engine values two-heap splits now.
enum Method {
    /// Every split.
    Plain,
    /// Every split with a rare part, then the other splits only as far as it takes to settle
    /// the mex. The rare heaps are kept with their values, so that a split with a rare part
    /// costs one look-up in the sequence, not two.
    Sparse {
        classes: Classes,
        rare: Vec<(u64, u64)>,
    },
}

/// Which heaps are rare: heap h is common when the parity of `G(h) & mask` is
/// `base ^ (refine && h is odd)`. Two common parts with total m then always give a value of
/// parity `refine && m is odd`, so any other candidate mex is settled by the rare parts alone.
/// With `refine` false this is the rare/common split of Gangolli & Plambeck and Flammenkamp;
/// with it, the split also depends on the parity of the heap, which makes games such as 0.106
/// sparse that are not sparse by value alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Classes {
    mask: u64,
    refine: bool,
    base: bool,
}

impl Classes {
    fn parity(self, value: u64) -> bool {
        (value & self.mask).count_ones() % 2 == 1
    }

    fn is_rare(self, heap: u64, value: u64) -> bool {
        self.parity(value) != (self.base ^ (self.refine && heap % 2 == 1))
    }

    /// The parity of every value two common parts with this total can give.
    fn common_pair_parity(self, total: u64) -> bool {
        self.refine && total % 2 == 1
    }
}

/// Values that start the sparse method: below this the plain scan is cheap anyway.
const SPARSE_START: u64 = 2048;

/// The most splits the sparse method scans between two looks at the tentative mex: enough to
/// make the look cheap beside the scan, few enough that the scan rarely goes on long past the
/// split that settles the mex. Blocks start at 4 splits and double, so a short scan is never
/// more than twice as long as it needs to be.
const SPARSE_BLOCK: usize = 128;

struct Engine<'g> {
    game: &'g TakeAndBreak,
    kernel: Kernel,
    values: Values,
    set: MexSet,
    /// Values `G(m)` for `1 <= m <= singles_upto`, for a repeating digit that leaves one heap.
    prefix_singles: MexSet,
    singles_upto: u64,
    /// Values of splits of every total `2..=pairs_upto`, for a repeating digit that leaves two.
    prefix_pairs: MexSet,
    pairs_upto: u64,
    method: Method,
    partitions: Vec<Vec<u64>>,
    /// Options examined so far: the measure of work that `limit` bounds.
    work: u64,
    /// The values of two-heap splits of the plain scan.
    splits: SplitSet,
    /// Scratch space for the splits of one total.
    scratch: SplitSet,
    /// The split values the sparse method has seen for the heap at hand.
    flags: SplitSet,
    /// The second core's scratch space, for totals with many splits.
    helper: SplitSet,
    /// How far the sparse method's scan of each splitting take has got, for the heap at hand.
    cursors: Vec<usize>,
    /// When the sparse method is tried, and how it went.
    trial: Trial,
    /// Heaps whose rare splits a helper thread valued.
    helped: u64,
    /// The split values of recent totals, which the next heaps ask for again when several takes
    /// split (0.76 splits both n - 1 and n - 2, so heap n + 1 meets heap n's total).
    split_cache: Vec<CachedSplits>,
}

/// The engine's record of its choice of method: the sparse method is tried once at most a
/// quarter of the heaps are rare (`denominator` 4), kept while it costs less than three
/// quarters of what the plain scan would, and tried again after a failure only when rare heaps
/// have become half as common.
struct Trial {
    denominator: u64,
    /// Heaps computed, and options examined, at the last look.
    heaps: u64,
    work: u64,
}

/// The set of values of all two-heap splits of one total.
struct CachedSplits {
    total: u64,
    distinct: bool,
    words: Vec<u64>,
}

impl<'g> Engine<'g> {
    fn new(game: &'g TakeAndBreak) -> Engine<'g> {
        Engine {
            game,
            kernel: Kernel::new(game),
            values: Values::new(),
            set: MexSet::new(),
            prefix_singles: MexSet::new(),
            singles_upto: 0,
            prefix_pairs: MexSet::new(),
            pairs_upto: 0,
            method: Method::Plain,
            partitions: Vec::new(),
            work: 0,
            splits: SplitSet::new(),
            scratch: SplitSet::new(),
            flags: SplitSet::new(),
            helper: SplitSet::new(),
            cursors: Vec::new(),
            split_cache: Vec::new(),
            trial: Trial {
                denominator: 4,
                heaps: 0,
                work: 0,
            },
            helped: 0,
        }
    }

    fn push_next(&mut self, n: u64, helper: &mut Option<Link>) {
        let value = if n == 0 {
            0
        } else {
            self.next_value(n, helper)
        };
        let mut is_rare = false;
        if let Method::Sparse { classes, rare } = &mut self.method {
            if n > 0 && classes.is_rare(n, value) {
                rare.push((n, value));
                is_rare = true;
            }
        }
        self.values.push(value);
        if let Some(link) = helper {
            // The helper keeps its values in 16 bits.
            if value > u64::from(u16::MAX) || !link.advance(value, is_rare) {
                *helper = None;
            }
        }
    }

    /// Starts a helper for the heaps from `first` on, when the sparse method is in use with
    /// enough rare heaps for their splits to repay a hand-off between cores for every heap,
    /// and enough heaps remain.
    fn start_helper<'scope>(
        &self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        first: u64,
        last: u64,
    ) -> Option<Link> {
        let Method::Sparse { rare, .. } = &self.method else {
            return None;
        };
        let takes: Vec<(u64, bool)> = self
            .kernel
            .pairs
            .iter()
            .filter(|&&(k, _)| k >= 1)
            .copied()
            .collect();
        let worth = rare.len() >= HELPER_RARE
            && !takes.is_empty()
            && last - first >= HELPER_HEAPS
            && last < HELPER_LAST;
        if !worth {
            return None;
        }
        let values: Vec<u16> = match self.values.repr() {
            Repr::U8(values) => values.iter().map(|&value| u16::from(value)).collect(),
            Repr::U16(values) => values.clone(),
            Repr::U32(_) | Repr::U64(_) => return None,
        };
        Some(Link::start(scope, values, rare.clone(), takes, first))
    }

    fn next_value(&mut self, n: u64, helper: &mut Option<Link>) -> u64 {
        self.work += 1 + self.kernel.singles.len() as u64;
        self.set.clear();
        if self.game.digit(n) & 1 != 0 {
            self.set.insert(Nimber::ZERO);
        }
        let kernel = &self.kernel;
        with_slice!(self.values, values => {
            for &k in &kernel.singles {
                if k < n {
                    self.set.insert(Nimber::new(Cell::widen(values[(n - k) as usize])));
                }
            }
        });
        if n > self.kernel.explicit {
            let upto = n - self.kernel.explicit;
            if self.kernel.tail_single {
                while self.singles_upto < upto {
                    self.singles_upto += 1;
                    let value = self.values.get(self.singles_upto as usize).unwrap_or(0);
                    self.prefix_singles.insert(Nimber::new(value));
                }
                self.set.union_with(&self.prefix_singles);
            }
            if self.kernel.tail_pair {
                while self.pairs_upto < upto {
                    self.pairs_upto += 1;
                    let total = self.pairs_upto;
                    with_slice!(self.values, values => {
                        scan_pairs(values, total, false, &mut self.prefix_pairs)
                    });
                }
                self.set.union_with(&self.prefix_pairs);
            }
        }
        for &(k, parts, distinct) in &self.kernel.more {
            if k + u64::from(parts) <= n {
                self.partitions.clear();
                crate::take_and_break::partitions(n - k, parts, 1, distinct, &mut self.partitions);
                for partition in &self.partitions {
                    let sum = partition
                        .iter()
                        .map(|&heap| self.values.get(heap as usize).unwrap_or(0))
                        .fold(0, |sum, value| sum ^ value);
                    self.set.insert(Nimber::new(sum));
                }
            }
        }
        let kernel = &self.kernel;
        match &self.method {
            Method::Plain => {
                let splits = &mut self.splits;
                splits.clear();
                let cache = &mut self.split_cache;
                // Totals below n - max_take will not be asked for again.
                cache.retain(|entry| entry.total + kernel.max_split_take >= n);
                with_slice!(self.values, values => {
                    for &(k, distinct) in &kernel.pairs {
                        if k + 2 > n {
                            continue;
                        }
                        let total = n - k;
                        // The splits of this total are options examined, whether scanned now or
                        // merged from the cache, so the budget bounds the time either way.
                        self.work += total / 2;
                        let cached = cache
                            .iter()
                            .find(|entry| entry.total == total && entry.distinct == distinct);
                        match cached {
                            Some(entry) => splits.merge(&entry.words),
                            None => {
                                let scan = self.scratch.scan_alone(
                                    &mut self.helper,
                                    values,
                                    total,
                                    distinct,
                                );
                                match scan {
                                    Some(words) => {
                                        splits.merge(&words);
                                        cache.push(CachedSplits { total, distinct, words });
                                    }
                                    None => splits.scan(values, total, distinct),
                                }
                            }
                        }
                    }
                });
                splits.mex_with(&self.set)
            }
            Method::Sparse { classes, rare } => {
                let classes = *classes;
                // The helper has valued the splits with a rare part for every take but 0.
                let helped = helper.as_mut().map(|link| link.take_into(&mut self.flags));
                if helped == Some(false) {
                    *helper = None;
                }
                let helped = helped == Some(true);
                self.helped += u64::from(helped);
                with_slice!(self.values, values => {
                    let flags = &mut self.flags;
                    if !helped {
                        flags.clear();
                    }
                    for value in self.set.iter() {
                        flags.insert(value.value());
                    }
                    for &(k, distinct) in &kernel.pairs {
                        if k + 2 <= n {
                            if !(helped && k >= 1) {
                                flags.scan_parts(values, rare, n - k, distinct);
                            }
                            self.work += rare.len() as u64;
                        }
                    }
                    // Splits into two common parts give values of one known parity per total, so
                    // a tentative mex of the other parity is final. Otherwise the scan of the
                    // splits that could give it goes on from where it stopped, a block at a time
                    // with no branch per split, until the mex has the other parity or every such
                    // split has been seen (the tentative mex is then final). The sets only grow,
                    // so the tentative mex only moves up.
                    let cursors = &mut self.cursors;
                    cursors.clear();
                    cursors.extend(kernel.pairs.iter().map(|_| 1usize));
                    let mut candidate = 0;
                    let mut block = 4;
                    loop {
                        while flags.contains(candidate) {
                            candidate += 1;
                        }
                        let parity = classes.parity(candidate);
                        let mut scanned = false;
                        for (&(k, distinct), cursor) in kernel.pairs.iter().zip(cursors.iter_mut()) {
                            if k + 2 > n || classes.common_pair_parity(n - k) != parity {
                                continue;
                            }
                            let half = split_half(n - k, distinct);
                            if *cursor > half {
                                continue;
                            }
                            let to = half.min(*cursor + block - 1);
                            flags.scan_range(values, (n - k) as usize, *cursor, to);
                            self.work += (to + 1 - *cursor) as u64;
                            *cursor = to + 1;
                            scanned = true;
                        }
                        if !scanned {
                            break candidate;
                        }
                        block = (2 * block).min(SPARSE_BLOCK);
                    }
                })
            }
        }
    }

    /// Switches between the plain and the sparse scan according to how sparse the values are.
    fn reconsider_method(&mut self) {
        let computed = self.values.len() as u64;
        if self.kernel.pairs.is_empty() || computed < SPARSE_START {
            return;
        }
        let (since, work_since) = (self.trial.heaps, self.trial.work);
        self.trial.heaps = computed;
        self.trial.work = self.work;
        // A sparse method that pays is kept while at most a third of the heaps are rare.
        let mut keep = false;
        if let Method::Sparse { .. } = &self.method {
            // What the plain scan would have cost for the same heaps: half of each splitting
            // total, for every take that splits.
            let heaps = computed - since;
            let plain = heaps * (since + computed) / 4 * self.kernel.pairs.len() as u64;
            if (self.work - work_since) * 4 > plain * 3 {
                // It did not pay: try it again only when rare heaps are rarer.
                self.trial.denominator *= 2;
            } else {
                keep = true;
            }
        }
        // The classes are chosen afresh each time: longer data may show better ones.
        let split_takes: Vec<u64> = self.kernel.pairs.iter().map(|&(k, _)| k).collect();
        self.method = match best_classes(&self.values, &split_takes) {
            Some((classes, rare))
                if (rare.len() as u64) * self.trial.denominator <= computed
                    || (keep && (rare.len() as u64) * 3 <= computed) =>
            {
                Method::Sparse { classes, rare }
            }
            _ => Method::Plain,
        };
    }

    fn period(&self, provable: bool) -> Option<Period> {
        let (max_take, max_parts) = (self.kernel.max_take, self.kernel.max_parts);
        let bound = move |preperiod: u64, period: u64| {
            guy_smith_bound(preperiod, period, max_take, max_parts)
        };
        let proof: Option<&dyn Fn(u64, u64) -> u64> = if provable { Some(&bound) } else { None };
        let (preperiod, period, saltus, proven) = find_period(&self.values, !provable, proof)?;
        Some(Period {
            preperiod,
            period,
            saltus,
            proven,
        })
    }

    fn finish(self, last: u64, period: Option<Period>) -> GrundySequence {
        let mut values = self.values;
        if let Ok(last) = usize::try_from(last.saturating_add(1)) {
            values.truncate(last);
        }
        GrundySequence {
            values,
            period,
            last,
            sparse: matches!(self.method, Method::Sparse { .. }),
            helped: self.helped,
        }
    }
}

/// The classes that make the fewest heaps rare, with the rare heaps, among those for which a
/// common value is settled without a full scan: the parity of a common heap n must differ from
/// the parity two common parts of `n - k` give, for every take k that splits. Unrefined, that
/// means `base`; refined, `base` must be `k` even for every such k (so they must share a parity).
fn best_classes(values: &Values, split_takes: &[u64]) -> Option<(Classes, Vec<(u64, u64)>)> {
    let largest = values.iter().max()?;
    let bits = (u64::BITS - largest.leading_zeros()).min(12);
    // How often each value occurs at even and at odd heaps (heap 0 never takes part in a split).
    let mut counts = [vec![0u64; 1 << bits], vec![0u64; 1 << bits]];
    for (heap, value) in values.iter().enumerate().skip(1) {
        if let Some(count) = counts[heap % 2].get_mut(value as usize) {
            *count += 1;
        }
    }
    let rare_count = |classes: Classes| -> u64 {
        (0..2u64)
            .map(|heap_parity| {
                counts[heap_parity as usize]
                    .iter()
                    .enumerate()
                    .filter(|&(value, _)| classes.is_rare(heap_parity, value as u64))
                    .map(|(_, count)| count)
                    .sum::<u64>()
            })
            .sum()
    };
    let even = split_takes.iter().all(|&k| k % 2 == 0);
    let odd = split_takes.iter().all(|&k| k % 2 == 1);
    let refined = (even || odd).then_some((true, even));
    let candidates = (1..1u64 << bits).flat_map(|mask| {
        [(false, true)]
            .into_iter()
            .chain(refined)
            .map(move |(refine, base)| Classes { mask, refine, base })
    });
    let classes = candidates.min_by_key(|&classes| rare_count(classes))?;
    let rare = values
        .iter()
        .enumerate()
        .skip(1)
        .filter(|&(heap, value)| classes.is_rare(heap as u64, value))
        .map(|(heap, value)| (heap as u64, value))
        .collect();
    Some((classes, rare))
}

/// Splits of one total from which the plain scan shares the work with a second thread: below
/// this, starting the thread (some tens of microseconds) costs more than half the scan saves.
const PARALLEL_SPLITS: usize = 1 << 16;

/// The number of two-heap splits of `total` (the largest smaller part), unequal ones only when
/// `distinct`.
fn split_half(total: u64, distinct: bool) -> usize {
    let total = total as usize;
    let half = total / 2;
    if distinct && total % 2 == 0 && half > 0 {
        half - 1
    } else {
        half
    }
}

/// The values of two-heap splits: one byte a value below 2^16, set by plain stores, which
/// unlike the bits of a word do not wait for one another (twice as fast in the inner loop, where
/// nearly all the time of a large computation goes); larger values (sequences stored in more
/// than two bytes a value) in a general set.
struct SplitSet {
    seen: Box<[u8; 1 << 16]>,
    /// The bitwise or of every value stored in `seen`, bounding the bytes to clear.
    top: u64,
    large: MexSet,
}

impl SplitSet {
    fn new() -> SplitSet {
        SplitSet {
            seen: Box::new([0; 1 << 16]),
            top: 0,
            large: MexSet::new(),
        }
    }

    fn clear(&mut self) {
        let top = (self.top as usize).min((1 << 16) - 1);
        self.seen[..=top].fill(0);
        self.top = 0;
        self.large.clear();
    }

    fn insert(&mut self, value: u64) {
        match usize::try_from(value) {
            Ok(index) if index < 1 << 16 => {
                self.seen[index] = 1;
                self.top |= value;
            }
            _ => self.large.insert(Nimber::new(value)),
        }
    }

    #[inline]
    fn contains(&self, value: u64) -> bool {
        match usize::try_from(value) {
            Ok(index) if index < 1 << 16 => self.seen[index] != 0,
            _ => self.large.contains(Nimber::new(value)),
        }
    }

    /// Adds the values of the splits of `total` whose smaller part is in `from..=to`.
    fn scan_range<T: Cell>(&mut self, values: &[T], total: usize, from: usize, to: usize) {
        if to < from {
            return;
        }
        let small = &values[from..=to];
        let large = &values[total - to..=total - from];
        if std::mem::size_of::<T>() > 2 {
            for (&a, &b) in small.iter().zip(large.iter().rev()) {
                self.large.insert(Nimber::new(a.widen() ^ b.widen()));
            }
            return;
        }
        // Four splits a step, in chunks the compiler knows to be whole: no bounds checks, and
        // four independent stores.
        let seen = &mut *self.seen;
        let mut top = 0;
        let index = |a: T, b: T| (a.widen() ^ b.widen()) as usize & ((1 << 16) - 1);
        let mut small4 = small.chunks_exact(4);
        let mut large4 = large.rchunks_exact(4);
        for (a, b) in (&mut small4).zip(&mut large4) {
            let values = [
                index(a[0], b[3]),
                index(a[1], b[2]),
                index(a[2], b[1]),
                index(a[3], b[0]),
            ];
            top |= values[0] | values[1] | values[2] | values[3];
            for value in values {
                seen[value] = 1;
            }
        }
        let rest = small4
            .remainder()
            .iter()
            .zip(large4.remainder().iter().rev());
        for (&a, &b) in rest {
            let value = index(a, b);
            top |= value;
            seen[value] = 1;
        }
        self.top |= top as u64;
    }

    /// Adds the value of every split of `total` with at least one part among `parts` (heaps
    /// with their values, ascending), unequal ones only when `distinct`.
    fn scan_parts<T: Cell>(
        &mut self,
        values: &[T],
        parts: &[(u64, u64)],
        total: u64,
        distinct: bool,
    ) {
        let parts = &parts[..parts.partition_point(|&(part, _)| part < total)];
        if distinct && total % 2 == 0 {
            // Leave out the one part that would split the total into equal heaps.
            let equal = parts.partition_point(|&(part, _)| part < total / 2);
            let after = parts[equal..].partition_point(|&(part, _)| part == total / 2) + equal;
            self.scan_parts(values, &parts[..equal], total, false);
            self.scan_parts(values, &parts[after..], total, false);
            return;
        }
        let total = total as usize;
        let value = |&(part, value): &(u64, u64)| value ^ values[total - part as usize].widen();
        if std::mem::size_of::<T>() > 2 {
            for part in parts {
                self.insert(value(part));
            }
            return;
        }
        // As in `scan_range`, four at a time; the values are below 2^16.
        let seen = &mut *self.seen;
        let mut top = 0;
        let mut parts4 = parts.chunks_exact(4);
        for four in &mut parts4 {
            let values = [
                value(&four[0]) as usize & ((1 << 16) - 1),
                value(&four[1]) as usize & ((1 << 16) - 1),
                value(&four[2]) as usize & ((1 << 16) - 1),
                value(&four[3]) as usize & ((1 << 16) - 1),
            ];
            top |= values[0] | values[1] | values[2] | values[3];
            for value in values {
                seen[value] = 1;
            }
        }
        for part in parts4.remainder() {
            let value = value(part) as usize & ((1 << 16) - 1);
            top |= value;
            seen[value] = 1;
        }
        self.top |= top as u64;
    }

    /// Adds the value of every split of `total` into two non-empty heaps, unequal ones only
    /// when `distinct`.
    fn scan<T: Cell>(&mut self, values: &[T], total: u64, distinct: bool) {
        let half = split_half(total, distinct);
        self.scan_range(values, total as usize, 1, half);
    }

    /// The split values of one total alone, as bit words, computed in this set used as
    /// scratch, with `helper` scanning half of the splits on the second core when there are
    /// enough of them to repay starting a thread; `None` when the sequence is stored in more
    /// than two bytes a value, for which the caller scans into its own set.
    fn scan_alone<T: Cell>(
        &mut self,
        helper: &mut SplitSet,
        values: &[T],
        total: u64,
        distinct: bool,
    ) -> Option<Vec<u64>> {
        if std::mem::size_of::<T>() > 2 {
            return None;
        }
        self.clear();
        let half = split_half(total, distinct);
        let total = total as usize;
        if half < PARALLEL_SPLITS {
            self.scan_range(values, total, 1, half);
            return Some(self.words());
        }
        helper.clear();
        let middle = half / 2;
        std::thread::scope(|scope| {
            scope.spawn(|| helper.scan_range(values, total, middle + 1, half));
            self.scan_range(values, total, 1, middle);
        });
        self.merge(&helper.words());
        Some(self.words())
    }

    /// The bit words of the values below 2^16.
    fn words(&self) -> Vec<u64> {
        let top = (self.top as usize).min((1 << 16) - 1);
        self.seen[..=top]
            .chunks(64)
            .map(|bytes| {
                bytes
                    .iter()
                    .enumerate()
                    .fold(0, |word, (bit, &seen)| word | u64::from(seen) << bit)
            })
            .collect()
    }

    /// Adds the values given as bit words.
    fn merge(&mut self, words: &[u64]) {
        for (index, &word) in words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                self.insert(index as u64 * 64 + u64::from(bits.trailing_zeros()));
                bits &= bits - 1;
            }
        }
    }

    /// The least value in neither this set nor `other`.
    fn mex_with(&self, other: &MexSet) -> u64 {
        // Every value below `other`'s own mex is in `other`, so the answer is at least that:
        // starting there (a word-wise scan) keeps a game whose single-heap moves reach every
        // smaller heap (an all-but subtraction game) linear, not quadratic.
        let mut value = other.mex().value();
        while self.contains(value) || other.contains(Nimber::new(value)) {
            value += 1;
        }
        value
    }
}

/// Adds the value of every split of `total` into two non-empty heaps.
fn scan_pairs<T: Cell>(values: &[T], total: u64, distinct: bool, set: &mut MexSet) {
    let total = total as usize;
    for small in 1..=total / 2 {
        if distinct && 2 * small == total {
            continue;
        }
        let value = values[small].widen() ^ values[total - small].widen();
        set.insert(Nimber::new(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_helper_thread_changes_no_value() {
        // 0.6 is tried sparse from n = 2048 with some hundreds of rare heaps, and a second core
        // values their splits. Its rule written out: take one from a heap of n, leaving one
        // non-empty heap of n - 1 or two non-empty heaps (never none: a heap of 1 is stuck).
        let game = TakeAndBreak::octal("0.6").unwrap();
        let engine = GrundySequence::compute(&game, 20_000).unwrap();
        assert!(engine.heaps_helped() >= 1000, "{}", engine.heaps_helped());
        let mut plain = vec![0u64; 20_001];
        for n in 2..plain.len() {
            let mut seen = [false; 1024];
            for a in 0..n {
                seen[(plain[a] ^ plain[n - 1 - a]) as usize] = true;
            }
            plain[n] = seen.iter().position(|&seen| !seen).unwrap() as u64;
        }
        assert!(engine.iter().eq(plain));
    }

    #[test]
    fn a_limit_reached_while_a_helper_runs_ends_the_computation() {
        // The helper starts at n = 2049 (see above); the limit stops the engine soon after,
        // and the helper must stop with it.
        let game = TakeAndBreak::octal("0.6").unwrap();
        let budget = Budget {
            options: 3_000_000,
            ..Budget::DEFAULT
        };
        let result = GrundySequence::compute_with(&game, 60_000, budget, |_| {});
        assert_eq!(
            result.unwrap_err(),
            Error::Engine(budget.exceeded(Resource::Options))
        );
    }

    #[test]
    fn splits_with_a_listed_part_are_exactly_those_the_plain_scan_sees_with_it() {
        let values: Vec<u16> = (0..=400u64).map(|n| ((n * 7919) % 613) as u16).collect();
        let parts: Vec<(u64, u64)> = [1u64, 5, 50, 100, 150, 199, 200, 201, 399]
            .iter()
            .map(|&part| (part, u64::from(values[part as usize])))
            .collect();
        for total in [2u64, 200, 301, 400] {
            for distinct in [false, true] {
                let mut set = SplitSet::new();
                set.scan_parts(&values, &parts, total, distinct);
                for value in 0..1024 {
                    let expected = parts.iter().any(|&(part, _)| {
                        part < total
                            && !(distinct && 2 * part == total)
                            && u64::from(values[part as usize] ^ values[(total - part) as usize])
                                == value
                    });
                    assert_eq!(set.contains(value), expected, "{total} {distinct} {value}");
                }
            }
        }
    }

    #[test]
    fn a_scan_shared_by_two_threads_finds_every_split_value() {
        // Values of a made-up sequence, with a total large enough to be split between threads.
        let total = 4 * PARALLEL_SPLITS as u64 + 3;
        let values: Vec<u16> = (0..=total)
            .map(|n| ((n * 2_654_435_761) % 1021) as u16)
            .collect();
        for distinct in [false, true] {
            let mut serial = SplitSet::new();
            serial.scan(&values, total, distinct);
            let mut shared = SplitSet::new();
            let mut helper = SplitSet::new();
            let words = shared
                .scan_alone(&mut helper, &values, total, distinct)
                .unwrap();
            assert_eq!(words, serial.words());
            // And the words are exactly the xors of the splits, counted directly.
            let mut direct = vec![0u64; words.len()];
            for small in 1..=split_half(total, distinct) {
                let value = (values[small] ^ values[total as usize - small]) as usize;
                direct[value / 64] |= 1 << (value % 64);
            }
            assert_eq!(words, direct);
        }
    }
}
