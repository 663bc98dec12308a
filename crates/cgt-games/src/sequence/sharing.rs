//! Work sharing between threads, in batches of heaps.
//!
//! The value of heap n needs the values of every smaller heap, so heaps are valued one after
//! another; but most of the splits of a heap have both parts far below it. The engine values
//! heaps in batches, and while it values batch j, helper threads value, for every heap of
//! batch j + 1, splits whose parts are both among the heaps known when batch j began
//! (`known`): with the plain method, the splits whose smaller part is above `bound`; with the
//! sparse method, the splits whose rare part is above `bound`, and then the common splits from
//! the first whose parts are both known, as the engine would scan them, until the helper's own
//! tentative mex is settled or its `reach` is spent. They hand over bit words, one set per
//! total, and for the sparse method a cursor per total: the engine values the rest itself,
//! going on from the cursor, and takes the splits with one of the newest heaps (the critical
//! path) only if the mex is not settled by then, which is rare. `bound` and `reach` are moved
//! batch by batch so that the engine and the helpers end together ([`Sharing::balance`]).
//!
//! The threads meet once a batch (some hundreds of microseconds of work): the engine's thread
//! hands the helpers' half to the pool (rayon's `in_place_scope`), values its own half, and
//! waits for theirs if they are not done; the waits block, never spin. Work is shared only
//! where a heap costs enough ([`SHARE_COST`]), and when the two halves of a batch keep running
//! one after the other (no core is free for the helpers: a busy machine, or a process pinned
//! to one core), the engine stops sharing for a while ([`Sharing::overlap`]): a two-thread run
//! then costs what a one-thread run does.

use crate::sequence::values::Cell;

use super::sparse::{Classes, FIRST_BLOCK, SPARSE_BLOCK};
use super::splits::{SplitSet, View, split_half};

/// What the second thread is to value: the splits of heaps `start..end` with parts below
/// `known`, above `bound`.
pub(super) struct Job {
    pub(super) start: u64,
    pub(super) end: u64,
    pub(super) known: u64,
    pub(super) bound: u64,
    /// The engine's method when the job was planned; a job for another is thrown away.
    pub(super) generation: u64,
    /// The sparse method's classes, or none for the plain method.
    pub(super) classes: Option<Classes>,
    /// For the sparse method: the most splits of two common parts the other thread scans for
    /// each total, from the first whose parts are both known, before the engine goes on from
    /// where it stopped (it stops sooner where its own tentative mex is settled).
    pub(super) reach: u64,
    /// Bit words a set of split values needs.
    pub(super) width: usize,
    pub(super) pairs: Vec<(u64, bool)>,
}

/// A job done: the split values it covers, a set of bit words for each total and flag.
pub(super) struct Shared {
    job: Job,
    lowest: u64,
    span: usize,
    words: Vec<u64>,
    /// For the sparse method, for each total and flag: the first smaller part of a common
    /// split the other thread did not scan (it scanned those from [`Shared::first_known`]).
    cursors: Vec<u64>,
    /// Options examined.
    pub(super) work: u64,
}

impl Shared {
    /// Whether this is the work for the batch starting at `start` with the method of
    /// `generation`.
    pub(super) fn serves(&self, start: u64, generation: u64) -> bool {
        self.job.start == start && self.job.generation == generation
    }

    /// The buffer of bit words, to reuse.
    pub(super) fn into_words(self) -> Vec<u64> {
        self.words
    }

    /// The heap after the last of the batch this work serves.
    pub(super) fn end(&self) -> u64 {
        self.job.end
    }

    fn index(&self, total: u64, distinct: bool) -> usize {
        (usize::from(distinct) * self.span + (total - self.lowest) as usize) * self.job.width
    }

    /// The values of the shared splits of `total`, as bit words.
    pub(super) fn words(&self, total: u64, distinct: bool) -> &[u64] {
        let index = self.index(total, distinct);
        &self.words[index..index + self.job.width]
    }

    /// The parts at or below which the engine values splits of `total` itself: `bound`, or
    /// higher where a partner would not have been known.
    fn engine_bound(&self, total: u64) -> u64 {
        self.job.bound.max(total.saturating_sub(self.job.known))
    }

    /// For the plain method: the shared smaller parts of `total` are `bound + 1..=end`.
    pub(super) fn plain_range(&self, total: u64, half: u64) -> (u64, u64) {
        let bound = self.engine_bound(total);
        (bound, half.min(self.job.known - 1).max(bound))
    }

    /// For the sparse method: the shared rare parts of `total` are those in `bound + 1..known`.
    pub(super) fn sparse_range(&self, total: u64) -> (u64, u64) {
        (self.engine_bound(total), self.job.known)
    }

    /// The smallest part of a split of `total` whose larger part was known to the other
    /// thread: its scan of common splits starts there.
    pub(super) fn first_known(&self, total: u64) -> u64 {
        total.saturating_sub(self.job.known) + 1
    }

    /// For the sparse method: the splits of `total` the other thread scanned whatever their
    /// classes, as the smaller parts `first_known(total)..cursor`; the engine goes on from
    /// `cursor` to the middle, then takes the splits below `first_known(total)`.
    pub(super) fn common_cursor(&self, total: u64, distinct: bool) -> u64 {
        let slot = usize::from(distinct) * self.span + (total - self.lowest) as usize;
        self.cursors[slot]
    }
}

/// Does `job` on `helpers` threads of the pool it is called in: `values` are the values known
/// (at least `job.known` of them), `rare` the rare heaps among them, `scratch` a set to work in
/// for each helper (more are made as needed), `words` a buffer to reuse.
///
/// The totals the batch needs are dealt out in contiguous runs, one a helper, each writing its
/// own part of the buffer: no total is valued twice and nothing is merged afterwards.
pub(super) fn run<T: Cell>(
    job: Job,
    values: &[T],
    rare: &[(u64, u64)],
    scratch: &mut Vec<SplitSet>,
    mut words: Vec<u64>,
    helpers: usize,
) -> Shared {
    let known = View::whole(&values[..job.known as usize]);
    let lowest = job
        .start
        .saturating_sub(job.pairs.iter().map(|&(k, _)| k).max().unwrap_or(0));
    let span = (job.end - lowest) as usize;
    words.clear();
    words.resize(2 * span * job.width, 0);
    // The slots (one for each total and flag) some heap of the batch asks for, ascending.
    let mut needed = vec![false; 2 * span];
    for heap in job.start..job.end {
        for &(k, distinct) in &job.pairs {
            if k + 2 <= heap {
                needed[usize::from(distinct) * span + (heap - k - lowest) as usize] = true;
            }
        }
    }
    let slots: Vec<usize> = (0..2 * span).filter(|&slot| needed[slot]).collect();
    let helpers = helpers.clamp(1, slots.len().max(1));
    while scratch.len() < helpers {
        scratch.push(SplitSet::new());
    }
    let mut shared = Shared {
        job,
        lowest,
        span,
        words: Vec::new(),
        cursors: Vec::new(),
        work: 0,
    };
    let width = shared.job.width;
    // Each helper's run of slots, and the words from its first slot to the next run's.
    let runs: Vec<&[usize]> = slots.chunks(slots.len().div_ceil(helpers).max(1)).collect();
    let mut cursors = vec![0; 2 * span];
    let mut pieces = Vec::with_capacity(runs.len());
    let (mut rest, mut rest_cursors): (&mut [u64], &mut [u64]) = (&mut words, &mut cursors);
    let mut offset = 0;
    for (index, run) in runs.iter().enumerate() {
        let next = runs.get(index + 1).map_or(2 * span, |next| next[0]);
        let (piece, tail) = rest.split_at_mut((next - offset) * width);
        let (piece_cursors, tail_cursors) = rest_cursors.split_at_mut(next - offset);
        pieces.push((offset, piece, piece_cursors, *run));
        (rest, rest_cursors) = (tail, tail_cursors);
        offset = next;
    }
    let work: u64 = {
        let shared = &shared;
        let value = |(offset, piece, cursors, run): Piece, scratch: &mut SplitSet| {
            let mut work = 0;
            for &slot in run {
                let (distinct, total) = (slot >= span, (slot % span) as u64 + lowest);
                let (examined, cursor) = shared.value_total(known, rare, scratch, total, distinct);
                work += examined;
                cursors[slot - offset] = cursor;
                let at = (slot - offset) * width;
                scratch.words_into(&mut piece[at..at + width]);
            }
            work
        };
        if pieces.len() == 1 {
            let piece = pieces.pop().expect("one piece");
            value(piece, &mut scratch[0])
        } else {
            use rayon::prelude::*;
            pieces
                .into_par_iter()
                .zip(scratch.par_iter_mut())
                .map(|(piece, scratch)| value(piece, scratch))
                .sum()
        }
    };
    shared.words = words;
    shared.cursors = cursors;
    shared.work = work;
    shared
}

/// A helper's share of a job: the first slot of its part of the buffers, its part of the bit
/// words and of the cursors, and its slots.
type Piece<'a> = (usize, &'a mut [u64], &'a mut [u64], &'a [usize]);

impl Shared {
    /// Values into `scratch` the shared splits of `total` (unequal parts only when `distinct`),
    /// and returns the options examined and, for the sparse method, the first smaller part of
    /// a common split left to the engine.
    fn value_total<T: Cell>(
        &self,
        known: View<T>,
        rare: &[(u64, u64)],
        scratch: &mut SplitSet,
        total: u64,
        distinct: bool,
    ) -> (u64, u64) {
        scratch.clear();
        let bound = self.engine_bound(total);
        let half = split_half(total, distinct);
        let Some(classes) = self.job.classes else {
            let (bound, end) = self.plain_range(total, half);
            scratch.scan_range(known, total, bound + 1, end);
            return (end - bound, 0);
        };
        let mut work = 0;
        let from = rare.partition_point(|&(part, _)| part <= bound);
        let to = rare.partition_point(|&(part, _)| part < self.job.known);
        if from < to {
            scratch.scan_parts(known, &rare[from..to], total, distinct);
            work += (to - from) as u64;
        }
        // The common splits whose parts are both known, in the order the engine would scan
        // them, until the tentative mex of what this thread has seen has the parity two common
        // parts cannot give (the engine, which sees more, usually stops there too), or the
        // reach is used up. The engine goes on from the cursor, so where this stops changes
        // only who does the work, never the value.
        let mut cursor = self.first_known(total);
        let last = half.min(cursor.saturating_add(self.job.reach).saturating_sub(1));
        let commons = classes.common_pair_parity(total);
        let (mut candidate, mut block) = (0, FIRST_BLOCK);
        while cursor <= last {
            while scratch.contains(candidate) {
                candidate += 1;
            }
            if classes.parity(candidate) != commons {
                break;
            }
            let to = last.min(cursor + block - 1);
            scratch.scan_range(known, total, cursor, to);
            work += to + 1 - cursor;
            cursor = to + 1;
            block = (2 * block).min(SPARSE_BLOCK);
        }
        (work, cursor)
    }
}

/// The engine's side of the sharing: the work done for the next batch, buffers to reuse, and
/// the share of the work the other thread takes.
pub(super) struct Sharing {
    pub(super) pending: Option<Shared>,
    /// A set to work in for each helper.
    pub(super) scratch: Vec<SplitSet>,
    pub(super) spare: Vec<u64>,
    /// The share of the splits to hand over, between 0 and 1.
    share: f64,
    /// The most common splits of a total the other thread scans with the sparse method.
    pub(super) reach: u64,
    /// Heaps valued with shared work.
    pub(super) heaps: u64,
    /// Batches in a row whose two halves did not run at the same time.
    serial: u32,
    /// Batches to value alone before trying to share again, and how many the next pause lasts.
    paused: u64,
    pause: u64,
}

/// Heaps from which work is shared: below this a batch is too short to repay a hand-off.
pub(super) const SHARE_FROM: u64 = 4096;

/// The splits a heap must cost, about, for its work to be shared: below this (a sparse game
/// with few rare heaps, such as 0.106 with 15) the engine's own bookkeeping per heap outweighs
/// what a second thread could take, and the hand-offs would cost more than they save.
pub(super) const SHARE_COST: u64 = 512;

/// The options a batch holds, about: a millisecond or two of work, so that a hand-off between
/// threads (some tens of microseconds when the other thread sleeps) costs little beside it.
const BATCH_WORK: u64 = 1 << 21;

/// The most bit words a job's sets may take (4 MB).
const MAX_WORDS: u64 = 1 << 19;

impl Sharing {
    pub(super) fn new() -> Sharing {
        Sharing {
            pending: None,
            scratch: Vec::new(),
            spare: Vec::new(),
            share: 0.5,
            reach: MIN_REACH,
            heaps: 0,
            serial: 0,
            paused: 0,
            pause: 16,
        }
    }

    /// How many heaps from `start` make a batch, when each costs about `cost` options and a
    /// shared set `width` words.
    pub(super) fn batch_size(start: u64, cost: u64, width: usize) -> u64 {
        (BATCH_WORK / cost.max(1))
            .clamp(16, 2048)
            .min(MAX_WORDS / (2 * width as u64).max(1))
            .min(start / 8)
            .max(1)
    }

    /// The part at or below which the engine values splits itself, in a batch whose heaps
    /// are about `start`: with the plain method a smaller part, with the sparse method a rare
    /// heap among `rare`.
    pub(super) fn bound(&self, start: u64, sparse: bool, rare: &[(u64, u64)]) -> u64 {
        let keep = 1.0 - self.share;
        if sparse {
            let index = (keep * rare.len() as f64) as usize;
            index.checked_sub(1).map_or(0, |index| rare[index].0)
        } else {
            (keep * (start / 2) as f64) as u64
        }
    }

    /// Notes how a shared batch went: its halves took `ours` and `theirs` seconds, the whole
    /// hand-off `wall`. When the halves ran one after the other (no second core was free: the
    /// machine is busy, or the process is pinned to one core), sharing only adds its own cost,
    /// so after eight such batches in a row the engine values batches alone for a while, and tries
    /// again after a pause that doubles each time sharing fails (up to 256 batches).
    pub(super) fn overlap(&mut self, ours: f64, theirs: f64, wall: f64) {
        // In parallel the hand-off takes about as long as the longer half; in turn, as long as
        // both together.
        if wall > ours.max(theirs) + 0.5 * ours.min(theirs) {
            self.serial += 1;
            if self.serial >= 8 {
                self.serial = 0;
                self.paused = self.pause;
                self.pause = (self.pause * 2).min(256);
            }
        } else {
            self.serial = 0;
            self.pause = 16;
        }
    }

    /// Whether to share the next batch, counting down a pause.
    pub(super) fn wanted(&mut self) -> bool {
        if self.paused > 0 {
            self.paused -= 1;
            return false;
        }
        true
    }

    /// Moves the work towards a split that makes the engine's part of a batch take as long
    /// as the other thread's (`engine` and `other` seconds): first the share of the rare
    /// parts, each of which saves the engine a split; then the reach of the other thread's scan
    /// of common splits, which saves the engine splits only where it would not have settled
    /// the mex sooner.
    pub(super) fn balance(&mut self, engine: f64, other: f64) {
        if engine + other <= 0.0 {
            return;
        }
        let step = 0.1 * (engine - other) / (engine + other);
        let reach = self.reach as f64 * (1.0 + 4.0 * step);
        if step > 0.0 && self.share < 0.98 || step < 0.0 && self.reach <= MIN_REACH {
            self.share = (self.share + step).clamp(0.02, 0.98);
        } else {
            self.reach = (reach as u64).clamp(MIN_REACH, 1 << 16);
        }
    }
}

/// The least reach of the other thread's scan of common splits.
const MIN_REACH: u64 = 64;

#[cfg(test)]
mod tests {
    use super::*;

    /// Made-up values and rare heaps among them.
    fn values(count: u64) -> (Vec<u16>, Vec<(u64, u64)>) {
        let values: Vec<u16> = (0..count).map(|n| ((n * 7919) % 613) as u16).collect();
        let rare = (1..count)
            .filter(|n| n % 37 == 3)
            .map(|n| (n, u64::from(values[n as usize])))
            .collect();
        (values, rare)
    }

    fn job(sparse: bool, pairs: Vec<(u64, bool)>) -> Job {
        Job {
            start: 3000,
            end: 3200,
            known: 2800,
            bound: 700,
            generation: 0,
            classes: sparse.then_some(Classes {
                mask: 0b110,
                refine: false,
                base: true,
            }),
            reach: 90,
            width: 16,
            pairs,
        }
    }

    /// The values of the splits of `total` the job shares, by the definition: the smaller
    /// parts above the engine's bound (plain), or the rare parts above it and the common
    /// splits from the first with both parts known up to the cursor the job reports (sparse),
    /// each with both parts known.
    fn by_definition(
        job: &Job,
        values: &[u16],
        rare: &[(u64, u64)],
        total: u64,
        distinct: bool,
        cursor: u64,
    ) -> Vec<bool> {
        let mut seen = vec![false; 1024];
        let bound = job.bound.max(total.saturating_sub(job.known));
        let half = split_half(total, distinct);
        let mut add = |small: u64| {
            let large = total - small;
            if small >= 1 && large < job.known && small < job.known && !(distinct && small == large)
            {
                seen[(values[small as usize] ^ values[large as usize]) as usize] = true;
            }
        };
        if job.classes.is_some() {
            for &(part, _) in rare
                .iter()
                .filter(|&&(part, _)| part > bound && part < job.known)
            {
                if part < total {
                    add(part);
                }
            }
            let first = total.saturating_sub(job.known) + 1;
            (first..cursor.min(half + 1)).for_each(&mut add);
        } else {
            (bound + 1..=half.min(job.known - 1).max(bound)).for_each(&mut add);
        }
        seen
    }

    #[test]
    fn a_job_dealt_to_any_number_of_helpers_shares_the_splits_of_its_definition() {
        let (values, rare) = values(3200);
        for sparse in [false, true] {
            for pairs in [vec![(1, false)], vec![(1, false), (2, true), (5, false)]] {
                for helpers in [1, 2, 3, 7] {
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(helpers)
                        .build()
                        .expect("a pool");
                    let mut scratch = Vec::new();
                    let shared = pool.install(|| {
                        run(
                            job(sparse, pairs.clone()),
                            &values,
                            &rare,
                            &mut scratch,
                            Vec::new(),
                            helpers,
                        )
                    });
                    for heap in 3000..3200 {
                        for &(k, distinct) in &pairs {
                            let total = heap - k;
                            let first = total.saturating_sub(shared.job.known) + 1;
                            let half = split_half(total, distinct);
                            let cursor = shared.common_cursor(total, distinct);
                            if sparse {
                                // The scan starts at the first split with both parts known
                                // and goes at most the job's reach.
                                assert!(
                                    cursor >= first
                                        && cursor <= half.min(first + shared.job.reach - 1) + 1
                                        || cursor == first && first > half,
                                    "total {total}: cursor {cursor}, first {first}"
                                );
                            }
                            let expected =
                                by_definition(&shared.job, &values, &rare, total, distinct, cursor);
                            let words = shared.words(total, distinct);
                            for (value, &wanted) in expected.iter().enumerate() {
                                let got = words[value / 64] >> (value % 64) & 1 == 1;
                                assert_eq!(
                                    got, wanted,
                                    "sparse {sparse}, pairs {pairs:?}, {helpers} helpers, total {total}, value {value}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
