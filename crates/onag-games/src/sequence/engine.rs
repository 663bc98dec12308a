//! The engine: heap after heap, in batches, each by the method that suits the values so far.
//!
//! Every heap's options from moves that leave no heap, one heap or three heaps or more are
//! valued here; its two-heap splits by the plain method (`plain.rs`) or the sparse method
//! (`sparse.rs`), chosen again at every power of two by how sparse the values are and how the
//! sparse method paid. Heaps are valued in batches: the values of a batch are kept apart until
//! it ends, so that a second thread can read every value known before it meanwhile
//! (`sharing.rs`). At every power of two the engine also looks for a period (`period.rs`) and
//! stops once one is proven.

use onag_core::{MexSet, Nimber, Resource};

use crate::sequence::values::{Cell, with_slice_mut};
use crate::{Error, Period, Result, TakeAndBreak, Values};

use super::checkpoint::Checkpoint;
use super::kernel::Kernel;
use super::period::find_period;
use super::plain::Plain;
use super::sharing::{Job, SHARE_COST, SHARE_FROM, Shared, Sharing, helpers};
use super::side_by_side::{Refused, SideBySide};
use super::sparse::{Census, Classes, Sparse, rare_heaps};
use super::splits::View;
use super::{GrundySequence, Scaling, SequenceOptions, check_memory};

/// How the engine values two-heap splits now.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Method {
    Plain,
    Sparse(Classes),
}

/// The rare heaps with their values: those known before the batch at hand, and those of the
/// batch so far.
#[derive(Clone, Copy)]
pub(super) struct Rare<'a> {
    pub(super) known: &'a [(u64, u64)],
    pub(super) fresh: &'a [(u64, u64)],
}

/// Values from which the sparse method is considered: below this the plain scan is cheap anyway.
const SPARSE_START: u64 = 2048;

/// The engine's state between heaps.
pub(super) struct Engine {
    kernel: Kernel,
    /// The values of the options of the heap at hand, other than two-heap splits.
    others: Others,
    /// The largest value so far.
    pub(super) largest: u64,
    /// Values `G(m)` for `1 <= m <= singles_upto`, for a repeating digit that leaves one heap.
    prefix_singles: MexSet,
    singles_upto: u64,
    /// Values of splits of every total `2..=pairs_upto`, for a repeating digit that leaves two.
    prefix_pairs: MexSet,
    pairs_upto: u64,
    method: Method,
    partitions: Vec<Vec<u64>>,
    /// Options examined so far: the measure of work the budget bounds.
    pub(super) work: u64,
    /// Of `work`, the options that read a value of the batch at hand or of the one before it
    /// (heaps from `fresh_from` on): work no other thread could have done ahead, with one batch
    /// of lookahead, however many threads there were. The critical path of the run's model of
    /// scaling (see [`Scaling`](super::Scaling)).
    pub(super) critical: u64,
    /// The first heap whose value a thread preparing the batch at hand could not have known:
    /// the start of the batch before it.
    pub(super) fresh_from: u64,
    /// Each method's own state.
    plain: Plain,
    sparse: Sparse,
}

/// The values of the options of a heap other than its two-heap splits, which every method
/// starts from: in `values` for a code with moves that leave at most one heap besides splits
/// (the common case, with no set to clear), else in `set`, which `in_set` then says.
pub(super) struct Others {
    pub(super) values: Vec<u64>,
    pub(super) set: MexSet,
    pub(super) in_set: bool,
}

impl Others {
    /// The values as a set: `set` itself, or filled from `values`.
    pub(super) fn as_set(&mut self) -> &MexSet {
        if !self.in_set {
            self.set.clear();
            for &value in &self.values {
                self.set.insert(Nimber::new(value));
            }
        }
        &self.set
    }
}

/// The options a method examines for one heap, counted as it goes: all of them, and those of
/// them on the critical path (a part from `fresh_from` on).
pub(super) struct Work {
    pub(super) options: u64,
    pub(super) critical: u64,
    pub(super) fresh_from: u64,
}

impl Work {
    /// Counts the splits of `total` whose smaller part runs `from..=to`: the critical ones are
    /// those whose larger part, `total - part`, is a heap from `fresh_from` on.
    #[inline]
    pub(super) fn splits(&mut self, total: u64, from: u64, to: u64) {
        if to < from {
            return;
        }
        self.options += to + 1 - from;
        let last_fresh = total.saturating_sub(self.fresh_from);
        if total >= self.fresh_from && last_fresh >= from {
            self.critical += last_fresh.min(to) + 1 - from;
        }
    }

    /// Counts the splits of `total` with a part among `parts` (ascending): critical where the
    /// part or its partner is a heap from `fresh_from` on.
    #[inline]
    pub(super) fn parts(&mut self, total: u64, parts: &[(u64, u64)]) {
        self.options += parts.len() as u64;
        let fresh_from = self.fresh_from;
        // Parts at most `total - fresh_from` have a fresh partner; parts from `fresh_from` on
        // are fresh themselves.
        let low = if total >= fresh_from {
            parts.partition_point(|&(part, _)| part <= total - fresh_from)
        } else {
            0
        };
        // Parts from `total` on split nothing (they are counted as options all the same).
        let splitting = parts.partition_point(|&(part, _)| part < total);
        let low = low.min(splitting);
        let high = parts
            .partition_point(|&(part, _)| part < fresh_from)
            .clamp(low, splitting);
        self.critical += (low + splitting - high) as u64;
    }
}

/// What a method is asked: the options of heap `n`, the heap after the last of `view`, under
/// the code's `kernel`, with the splits a second thread valued meanwhile in `shared`.
#[derive(Clone, Copy)]
pub(super) struct Ask<'a, T> {
    pub(super) kernel: &'a Kernel,
    pub(super) view: View<'a, T>,
    pub(super) n: u64,
    pub(super) shared: Option<&'a Shared>,
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

impl Engine {
    fn new(game: &TakeAndBreak) -> Engine {
        Engine {
            kernel: Kernel::new(game),
            others: Others {
                values: Vec::new(),
                set: MexSet::new(),
                in_set: false,
            },
            largest: 0,
            prefix_singles: MexSet::new(),
            singles_upto: 0,
            prefix_pairs: MexSet::new(),
            pairs_upto: 0,
            method: Method::Plain,
            partitions: Vec::new(),
            work: 0,
            critical: 0,
            fresh_from: 0,
            plain: Plain::new(),
            sparse: Sparse::new(),
        }
    }

    /// `G(n)` for the heap after the last of `view`.
    fn value<T: Cell>(&mut self, view: View<T>, rare: Rare, shared: Option<&Shared>) -> u64 {
        let n = view.len() as u64;
        if n == 0 {
            return 0;
        }
        self.other_options(view, n);
        let ask = Ask {
            kernel: &self.kernel,
            view,
            n,
            shared,
        };
        let mut work = Work {
            options: self.work,
            critical: self.critical,
            fresh_from: self.fresh_from,
        };
        let value = match self.method {
            Method::Plain => {
                let width = words_for(self.largest);
                self.plain.mex(ask, &mut self.others, &mut work, width)
            }
            Method::Sparse(classes) => self.sparse.mex(ask, &self.others, &mut work, classes, rare),
        };
        self.work = work.options;
        self.critical = work.critical;
        value
    }

    /// Finds the values of the options of heap `n` that are not two-heap splits: in `others`
    /// for a code with moves that leave at most one heap besides splits (the common case, with
    /// no set to clear), else in `set`, which `options_in_set` then says.
    fn other_options<T: Cell>(&mut self, view: View<T>, n: u64) {
        // Moves that leave one heap read the newest values (G(n - 1) for a take of one): all
        // of this is on the critical path, as are the tails and the moves to three heaps below.
        let before = self.work;
        self.other_options_counted(view, n);
        self.critical += self.work - before;
    }

    fn other_options_counted<T: Cell>(&mut self, view: View<T>, n: u64) {
        self.work += 1 + self.kernel.singles.len() as u64;
        self.others.values.clear();
        if self.kernel.takes_whole(n) {
            self.others.values.push(0);
        }
        for &k in &self.kernel.singles {
            if k < n {
                self.others.values.push(view.get((n - k) as usize));
            }
        }
        self.others.in_set =
            self.kernel.tail_single || self.kernel.tail_pair || !self.kernel.more.is_empty();
        if !self.others.in_set {
            return;
        }
        self.others.set.clear();
        for &value in &self.others.values {
            self.others.set.insert(Nimber::new(value));
        }
        if n > self.kernel.explicit {
            let upto = n - self.kernel.explicit;
            if self.kernel.tail_single {
                while self.singles_upto < upto {
                    self.singles_upto += 1;
                    let value = view.get(self.singles_upto as usize);
                    self.prefix_singles.insert(Nimber::new(value));
                }
                self.others.set.union_with(&self.prefix_singles);
            }
            if self.kernel.tail_pair {
                while self.pairs_upto < upto {
                    self.pairs_upto += 1;
                    let total = self.pairs_upto;
                    self.work += total / 2;
                    for small in 1..=total / 2 {
                        let value = view.get(small as usize) ^ view.get((total - small) as usize);
                        self.prefix_pairs.insert(Nimber::new(value));
                    }
                }
                self.others.set.union_with(&self.prefix_pairs);
            }
        }
        for &(k, parts, distinct) in &self.kernel.more {
            if k + u64::from(parts) <= n {
                self.partitions.clear();
                crate::heaps::take_and_break::partitions(
                    n - k,
                    parts,
                    1,
                    distinct,
                    &mut self.partitions,
                );
                self.work += self.partitions.len() as u64;
                for partition in &self.partitions {
                    let sum = partition
                        .iter()
                        .fold(0, |sum, &heap| sum ^ view.get(heap as usize));
                    self.others.set.insert(Nimber::new(sum));
                }
            }
        }
    }

    /// Values the heaps from `known.len()` up to `end` into `fresh` (and the rare ones among
    /// them into `fresh_rare`), and returns the first value that does not fit a `T`, if one
    /// comes: the batch stops there.
    fn batch<T: Cell>(
        &mut self,
        known: &[T],
        fresh: &mut Vec<T>,
        end: u64,
        rare: &[(u64, u64)],
        fresh_rare: &mut Vec<(u64, u64)>,
        shared: Option<&Shared>,
    ) -> Option<u64> {
        loop {
            let n = (known.len() + fresh.len()) as u64;
            if n >= end {
                return None;
            }
            let view = View { known, fresh };
            let rare_so_far = Rare {
                known: rare,
                fresh: fresh_rare,
            };
            let value = self.value(view, rare_so_far, shared);
            match self.record(n, value, fresh_rare) {
                Some(cell) => fresh.push(cell),
                None => return Some(value),
            }
        }
    }

    /// As [`Engine::batch`] with no other thread at work: the values go straight into `cells`,
    /// and the rare heaps into `rare`.
    fn batch_alone<T: Cell>(
        &mut self,
        cells: &mut Vec<T>,
        end: u64,
        rare: &mut Vec<(u64, u64)>,
        shared: Option<&Shared>,
    ) -> Option<u64> {
        loop {
            let n = cells.len() as u64;
            if n >= end {
                return None;
            }
            let rare_so_far = Rare {
                known: rare,
                fresh: &[],
            };
            let value = self.value(View::whole(cells), rare_so_far, shared);
            match self.record(n, value, rare) {
                Some(cell) => cells.push(cell),
                None => return Some(value),
            }
        }
    }

    /// Notes `G(n) = value`: among the rare heaps if it is one, in the width of split sets;
    /// and returns it as a `T`, if it fits.
    fn record<T: Cell>(&mut self, n: u64, value: u64, rare: &mut Vec<(u64, u64)>) -> Option<T> {
        if let Method::Sparse(classes) = self.method {
            if n > 0 && classes.is_rare(n, value) {
                rare.push((n, value));
            }
        }
        self.largest = self.largest.max(value);
        T::narrow(value)
    }

    /// The bit words a set of split values needs: every value so far is below the next power
    /// of two above the largest, and so is the xor of any two.
    pub(super) fn width(&self) -> usize {
        words_for(self.largest)
    }

    /// The options a heap near `n` costs, about.
    fn cost(&self, n: u64, rare: usize) -> u64 {
        let per_take = match self.method {
            Method::Plain => n / 2,
            Method::Sparse(_) => rare as u64 + 64,
        };
        per_take * self.kernel.pairs.len().max(1) as u64
    }
}

/// The rest of the engine's state: the values, the rare heaps and the choice of method.
struct Run {
    engine: Engine,
    values: Values,
    rare: Vec<(u64, u64)>,
    trial: Trial,
    /// Counts changes of method: shared work planned under another is thrown away.
    generation: u64,
    sharing: Sharing,
    census: Census,
    /// Options examined before the batch at hand, and per heap in the last batch.
    work_before: u64,
    /// The first heap of the batch before the one at hand.
    previous_start: u64,
    measured: u64,
}

impl Run {
    /// Values the heaps up to `end` (exclusive) in one batch, `helpers` other threads of `pool`
    /// meanwhile doing `job` if there is one.
    fn batch(
        &mut self,
        end: u64,
        pool: Option<&rayon::ThreadPool>,
        job: Option<Job>,
        helpers: usize,
    ) -> Option<u64> {
        let start = self.values.len() as u64;
        let generation = self.generation;
        self.work_before = self.engine.work;
        self.engine.fresh_from = self.previous_start;
        self.previous_start = start;
        let shared = self
            .sharing
            .pending
            .take()
            .filter(|shared| shared.serves(start, generation));
        let mut fresh_rare = Vec::new();
        let Run {
            engine,
            values,
            rare,
            sharing,
            ..
        } = self;
        if pool.is_none() || job.is_none() {
            let overflow = with_slice_mut!(values, cells => {
                engine.batch_alone(cells, end, rare, shared.as_ref())
            });
            self.finish_batch(start, shared, None);
            return overflow;
        }
        let (overflow, next) = with_slice_mut!(values, cells => {
            let mut fresh = Vec::with_capacity((end - start) as usize);
            let (overflow, next) = {
                let known: &[_] = cells;
                let rare: &[(u64, u64)] = rare;
                let mut ours = || {
                    engine.batch(known, &mut fresh, end, rare, &mut fresh_rare, shared.as_ref())
                };
                match (pool, job) {
                    (Some(pool), Some(job)) => {
                        let (overflow, next) =
                            sharing.share(pool, helpers, job, known, rare, ours);
                        (overflow, Some(next))
                    }
                    _ => (ours(), None),
                }
            };
            cells.extend_from_slice(&fresh);
            (overflow, next)
        });
        rare.extend(fresh_rare);
        self.finish_batch(start, shared, next);
        overflow
    }

    /// After a batch from `start`: counts the work `shared` did for it, keeps `next` for the
    /// next batch, and notes the cost of a heap.
    fn finish_batch(&mut self, start: u64, shared: Option<Shared>, next: Option<Shared>) {
        let heaps = self.values.len() as u64 - start;
        if let Some(shared) = shared {
            self.engine.work += shared.work;
            self.sharing.heaps += heaps;
            // Its buffer serves the next job.
            self.sharing.spare = shared.into_words();
        }
        self.measured = (self.engine.work - self.work_before) / heaps.max(1);
        self.sharing.pending = next;
    }
}

impl Run {
    /// Switches between the plain and the sparse method according to how sparse the values
    /// are and how the sparse method paid since the last look.
    fn reconsider_method(&mut self) {
        self.generation += 1;
        let computed = self.values.len() as u64;
        let pairs = &self.engine.kernel.pairs;
        if pairs.is_empty() || computed < SPARSE_START {
            return;
        }
        let (since, work_since) = (self.trial.heaps, self.trial.work);
        self.trial.heaps = computed;
        self.trial.work = self.engine.work;
        let mut keep = false;
        if let Method::Sparse(_) = self.engine.method {
            // What the plain scan would have cost for the same heaps: half of each splitting
            // total, for every take that splits.
            let heaps = computed - since;
            let plain = heaps * (since + computed) / 4 * pairs.len() as u64;
            if (self.engine.work - work_since) * 4 > plain * 3 {
                // It did not pay: try it again only when rare heaps are rarer.
                self.trial.denominator *= 2;
            } else {
                keep = true;
            }
        }
        let refinable = split_parity(pairs);
        // The classes are chosen afresh each time: longer data may show better ones.
        self.census.add(&self.values);
        let was = self.engine.method;
        self.engine.method = match self.census.best_classes(refinable) {
            Some((classes, rare))
                if rare * self.trial.denominator <= computed || (keep && rare * 3 <= computed) =>
            {
                Method::Sparse(classes)
            }
            _ => Method::Plain,
        };
        // The rare heaps are kept as they come; they are listed afresh only for new classes.
        if self.engine.method != was {
            self.rare = match self.engine.method {
                Method::Sparse(classes) => rare_heaps(&self.values, classes).collect(),
                Method::Plain => Vec::new(),
            };
        }
    }

    /// The period the values show, proven when `provable` and the Guy-Smith criterion holds.
    fn period(&self, provable: bool) -> Option<Period> {
        let kernel = &self.engine.kernel;
        let proof = provable.then_some((kernel.max_take, kernel.max_parts));
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
            sparse: matches!(self.engine.method, Method::Sparse(_)),
            split_parity: Some(&self.engine.kernel.pairs)
                .filter(|pairs| !pairs.is_empty())
                .and_then(|pairs| split_parity(pairs)),
            helped: self.sharing.heaps,
            scaling: Scaling {
                work: self.engine.work,
                critical_path: self.engine.critical,
            },
            checkpoint_failure: None,
        }
    }

    /// The options a heap near `n` costs, about: as measured in the last batch when the method
    /// has not changed since, else as the method predicts.
    fn cost(&self, n: u64) -> u64 {
        self.measured.max(self.engine.cost(n, self.rare.len()))
    }
}

/// Whether the takes that split a heap (`pairs`) are all even (`Some(true)`) or all odd
/// (`Some(false)`; `Some(true)` when there are none); `None` when they are mixed.
fn split_parity(pairs: &[(u64, bool)]) -> Option<bool> {
    let even = pairs.iter().all(|&(k, _)| k % 2 == 0);
    let odd = pairs.iter().all(|&(k, _)| k % 2 == 1);
    (even || odd).then_some(even)
}

/// The bit words a set of split values needs when no value exceeds `largest`: the xor of
/// two values below the next power of two is below it too.
fn words_for(largest: u64) -> usize {
    let bits = u64::BITS - largest.leading_zeros();
    (1usize.checked_shl(bits).unwrap_or(usize::MAX) / 64).max(1)
}

/// The values `G(0..=last)` of `game` (see [`GrundySequence::compute_in`]).
pub(super) fn compute(
    game: &TakeAndBreak,
    last: u64,
    options: &SequenceOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<GrundySequence> {
    let budget = options.budget;
    let provable = game.tail().is_none() && !game.has_unequal();
    // No period can stop a game that cannot be proven periodic early, or one a published
    // computation shows is not periodic that early (Officers): every value up to `last` will
    // be held, so a budget too small for them is an error now, not in an hour.
    if !provable || super::period::no_period_before(game).is_some_and(|heaps| last < heaps) {
        check_memory(last, &Values::new(), budget)?;
    }
    let (mut checkpoint, resumed) = match &options.checkpoint {
        Some(path) => {
            let (checkpoint, resumed) =
                Checkpoint::open(path, game, options.checkpoint_every, last)?;
            (Some(checkpoint), resumed)
        }
        None => (None, None),
    };
    let mut run = Run {
        engine: Engine::new(game),
        values: Values::new(),
        rare: Vec::new(),
        trial: Trial {
            denominator: 4,
            heaps: 0,
            work: 0,
        },
        generation: 0,
        sharing: Sharing::new(),
        census: Census::new(),
        work_before: 0,
        previous_start: 0,
        measured: 0,
    };
    let mut next_check = 64;
    if let Some(values) = resumed {
        let count = values.len() as u64;
        check_memory(count.saturating_sub(1), &values, budget)?;
        run.engine.largest = values.iter().max().unwrap_or(0);
        run.previous_start = count;
        run.values = values;
        // Every method gives the same values; the engine picks its method for the values
        // read, and looks for a period in them, as if it had just computed them.
        while next_check < count {
            next_check *= 2;
        }
        if count > 0 {
            if let Some(period) = run.period(provable).filter(|period| period.proven) {
                return Ok(run.finish(last, Some(period)));
            }
            run.reconsider_method();
        }
    }
    // A run that knows its length holds no doubled buffer; the memory was checked above.
    if let Ok(count) = usize::try_from(last.saturating_add(1).min(1 << 24)) {
        run.values
            .reserve_exact(count.saturating_sub(run.values.len()));
    }
    let advanced = advance(
        &mut run,
        last,
        options,
        provable,
        next_check,
        progress,
        &mut checkpoint,
    );
    // Whatever ended the run (its last heap, a proven period, a limit), the values so far are
    // kept, so that a run stopped by a limit resumes with a larger one.
    // A last write that fails after a finished run loses nothing: the values are returned,
    // with the failure, for the front to show both.
    let mut checkpoint_failure = None;
    if let Some(checkpoint) = &mut checkpoint
        && let Err(error) = checkpoint.write(&run.values)
        && advanced.is_ok()
    {
        checkpoint_failure = Some(error.to_string());
    }
    let period = match advanced? {
        Some(period) => Some(period),
        None => run.period(provable),
    };
    let mut sequence = run.finish(last, period);
    sequence.checkpoint_failure = checkpoint_failure;
    Ok(sequence)
}

/// Values heaps until `last` or a proven period (returned), from where `run` stands.
fn advance(
    run: &mut Run,
    last: u64,
    options: &SequenceOptions,
    provable: bool,
    mut next_check: u64,
    progress: &mut dyn FnMut(u64),
    checkpoint: &mut Option<Checkpoint>,
) -> Result<Option<Period>> {
    let budget = options.budget;
    let own = options.threads();
    // The engine's own pool, when it shares no threads with other runs.
    let mut own_pool: Option<rayon::ThreadPool> = None;
    // The memory this run holds of what it shares with runs side by side.
    let mut holding = options.side_by_side.as_ref().map(SideBySide::hold);
    let mut report_at = 65_536;
    loop {
        let n = run.values.len() as u64;
        if n > last {
            break;
        }
        if run.engine.work > budget.options {
            return Err(Error::Engine(budget.exceeded(Resource::Options)));
        }
        // Runs side by side lend their threads to those still under way once they are over.
        let threads = options
            .side_by_side
            .as_ref()
            .map_or(own, |shared| shared.threads_now(own));
        let wanted = run.sharing.wanted();
        let size = |start: u64| {
            let cost = run.cost(start);
            Sharing::batch_size(start, cost, run.engine.width())
        };
        // The batch ends at the next look at the method and the period, and at `last`.
        let stop = next_check.min(last).saturating_add(1);
        // A batch the other thread has prepared ends where its work ends.
        let prepared = run
            .sharing
            .pending
            .as_ref()
            .filter(|shared| shared.serves(n, run.generation))
            .map(Shared::end);
        let end = prepared
            .unwrap_or_else(|| n.saturating_add(size(n)))
            .min(stop);
        check_memory(end - 1, &run.values, budget)?;
        // The rare heaps are held beside the values (16 bytes each): few in long runs, but
        // counted, so that no method holds more than the budget.
        let held = (run.values.bytes_per_value() as u64)
            .saturating_mul(end)
            .saturating_add(16 * run.rare.len() as u64);
        if held > budget.memory {
            return Err(Error::Engine(budget.exceeded(Resource::Memory)));
        }
        if let Some(holding) = holding.as_mut() {
            holding.set(held).map_err(|refused| match refused {
                Refused::Memory => Error::Engine(budget.exceeded(Resource::Memory)),
                Refused::Stopped(stopped) => stopped.into(),
            })?;
        }
        // The next batch, for the other thread to work on meanwhile, unless this batch ends
        // at a look at the method (which may change it).
        let shares = threads > 1
            && run.engine.kernel.can_share()
            && n >= SHARE_FROM
            && run.cost(n) >= SHARE_COST
            && wanted
            && end <= next_check
            && end <= last
            && run.values.bytes_per_value() <= 2;
        let job = shares.then(|| {
            let classes = match run.engine.method {
                Method::Sparse(classes) => Some(classes),
                Method::Plain => None,
            };
            Job {
                start: end,
                end: end.saturating_add(size(end)).min(stop),
                known: n,
                generation: run.generation,
                classes,
                width: run.engine.width(),
                pairs: run.engine.kernel.pairs.clone(),
            }
        });
        let pool = match (&options.side_by_side, job.is_some()) {
            (_, false) => None,
            (Some(shared), true) => shared.pool(),
            (None, true) => {
                if own_pool.is_none() {
                    own_pool = helpers(threads - 1);
                }
                own_pool.as_ref()
            }
        };
        if let Some(value) = run.batch(end, pool, job, threads - 1) {
            // A value too large for the present width: stored wider, and the batch ends.
            run.values.push(value);
        }
        let n = run.values.len() as u64 - 1;
        if n >= report_at {
            progress(n);
            report_at = (n / 65_536 + 1) * 65_536;
        }
        // Looked at each batch (a thread-local read), so that a stop is seen within a batch.
        if let Err(stopped) = onag_core::check_stop() {
            // What was computed is kept for a later run to resume from.
            if let Some(checkpoint) = checkpoint.as_mut() {
                checkpoint.write(&run.values)?;
            }
            return Err(stopped.into());
        }
        if n == next_check || n == last {
            next_check = next_check.saturating_mul(2);
            if let Some(period) = run.period(provable).filter(|period| period.proven) {
                return Ok(Some(period));
            }
            if n < last {
                run.reconsider_method();
            }
        }
        if let Some(checkpoint) = checkpoint.as_mut().filter(|checkpoint| checkpoint.due()) {
            checkpoint.write(&run.values)?;
        }
    }
    Ok(None)
}
