//! Work sharing between threads, in batches of heaps.
//!
//! The value of heap n needs the values of every smaller heap, so heaps are valued one after
//! another; but most of the splits of a heap have both parts far below it. The engine values
//! heaps in batches, and while it values batch j, helper threads value, for every heap of
//! batch j + 1, the splits whose parts are both among the heaps known when batch j began
//! (`known`): with the plain method, all of them; with the sparse method, those with a rare
//! part, and then the common splits from the first whose parts are both known, in the order
//! the engine would scan them, until the helper's own tentative mex is settled. They hand over
//! bit words, one set per total, and for the sparse method a cursor per total: the engine
//! values the rest itself (the splits with one of the newest heaps: the critical path), going
//! on from the cursor where the mex is not settled by then, which is rare.
//!
//! The threads meet once a batch (a few milliseconds of work): the engine's thread hands the
//! job to the pool (rayon's `in_place_scope`), values its own batch, then takes chunks of the
//! job too until none is left, so that the threads end within a chunk of one another whatever
//! the engine's own part costs; the engine then waits for the chunks under way. Waits block,
//! never spin. Work is shared only where a heap costs enough ([`SHARE_COST`]), and when the
//! helpers get no chunk while the engine works (no core is free for them: a busy machine, or a
//! process pinned to one core), the engine stops sharing for a while ([`Sharing::overlap`]):
//! a two-thread run then costs what a one-thread run does.

use std::sync::Mutex;

use crate::sequence::values::Cell;

use super::sparse::{Classes, FIRST_BLOCK, SPARSE_BLOCK};
use super::splits::{SplitSet, View, split_half};

/// What the helpers are to value: the splits of heaps `start..end` whose parts are both below
/// `known`, but for those the engine is sure to value itself.
pub(super) struct Job {
    pub(super) start: u64,
    pub(super) end: u64,
    pub(super) known: u64,
    /// The engine's method when the job was planned; a job for another is thrown away.
    pub(super) generation: u64,
    /// The sparse method's classes, or none for the plain method.
    pub(super) classes: Option<Classes>,
    /// Bit words a set of split values needs.
    pub(super) width: usize,
    pub(super) pairs: Vec<(u64, bool)>,
}

impl Job {
    /// The slots (one for each total and flag) of the totals from `lowest` on, `span` of
    /// them, that some heap of the batch asks for, ascending.
    fn slots(&self, lowest: u64, span: usize) -> Vec<usize> {
        let mut needed = vec![false; 2 * span];
        for heap in self.start..self.end {
            for &(k, distinct) in &self.pairs {
                if k + 2 <= heap {
                    needed[usize::from(distinct) * span + (heap - k - lowest) as usize] = true;
                }
            }
        }
        (0..2 * span).filter(|&slot| needed[slot]).collect()
    }
}

/// A job done: the split values it covers, a set of bit words for each total and flag.
pub(super) struct Shared {
    job: Job,
    lowest: u64,
    span: usize,
    words: Vec<u64>,
    /// For the sparse method, for each total and flag: how far the helpers' scan went.
    scans: Vec<Scan>,
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

    fn slot(&self, total: u64, distinct: bool) -> usize {
        usize::from(distinct) * self.span + (total - self.lowest) as usize
    }

    /// The values of the shared splits of `total`, as bit words.
    pub(super) fn words(&self, total: u64, distinct: bool) -> &[u64] {
        let index = self.slot(total, distinct) * self.job.width;
        &self.words[index..index + self.job.width]
    }

    /// The parts at or below which the engine values splits of `total` itself: those whose
    /// partner the helpers did not know.
    fn engine_bound(&self, total: u64) -> u64 {
        total.saturating_sub(self.job.known)
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

    /// The smallest part of a split of `total` whose larger part the helpers knew: their scan
    /// of common splits starts there.
    pub(super) fn first_known(&self, total: u64) -> u64 {
        self.engine_bound(total) + 1
    }

    /// For the sparse method: the splits of `total` the helpers scanned whatever their
    /// classes, as the smaller parts `first_known(total)..cursor`; the engine goes on from
    /// `cursor` to the middle, then takes the splits below `first_known(total)`.
    pub(super) fn common_cursor(&self, total: u64, distinct: bool) -> u64 {
        self.scans[self.slot(total, distinct)].cursor
    }

    /// For the sparse method: a value every smaller one of which is among the shared splits of
    /// `total`, so that the mex of a heap with this total is at least that.
    pub(super) fn floor(&self, total: u64, distinct: bool) -> u64 {
        self.scans[self.slot(total, distinct)].floor
    }

    /// Values into `scratch` the shared splits of `total` (unequal parts only when `distinct`),
    /// and returns the options examined and, for the sparse method, how far its scan went.
    fn value_total<T: Cell>(
        &self,
        known: View<T>,
        rare: &[(u64, u64)],
        scratch: &mut SplitSet,
        total: u64,
        distinct: bool,
    ) -> (u64, Scan) {
        scratch.clear();
        let half = split_half(total, distinct);
        let Some(classes) = self.job.classes else {
            let (bound, end) = self.plain_range(total, half);
            scratch.scan_range(known, total, bound + 1, end);
            return (end - bound, Scan::default());
        };
        let (bound, known_end) = self.sparse_range(total);
        let mut work = 0;
        let from = rare.partition_point(|&(part, _)| part <= bound);
        let to = rare.partition_point(|&(part, _)| part < known_end);
        if from < to {
            scratch.scan_parts(known, &rare[from..to], total, distinct);
            work += (to - from) as u64;
        }
        // The common splits whose parts are both known, in the order the engine would scan
        // them, until the tentative mex of what this thread has seen has the parity two common
        // parts cannot give: the engine, which sees more, nearly always stops there too (0.6
        // to 10^6: 2% fewer options in all than one thread examines). It goes on from the
        // cursor where it does not, so where this stops changes who does the work, never the
        // value.
        let mut cursor = self.first_known(total);
        let commons = classes.common_pair_parity(total);
        let (mut candidate, mut block) = (0, FIRST_BLOCK);
        while cursor <= half {
            while scratch.contains(candidate) {
                candidate += 1;
            }
            if classes.parity(candidate) != commons {
                break;
            }
            let to = half.min(cursor + block - 1);
            scratch.scan_range(known, total, cursor, to);
            work += to + 1 - cursor;
            cursor = to + 1;
            block = (2 * block).min(SPARSE_BLOCK);
        }
        (
            work,
            Scan {
                cursor,
                floor: candidate,
            },
        )
    }
}

/// The slots a thread takes from a job at a time: a few heaps' work (some tens of
/// microseconds), so that the threads end within that of one another.
const CHUNK_SLOTS: usize = 4;

/// How far the helpers' scan of the common splits of a total went: the first smaller part
/// not scanned, and the least value not among the splits it valued when it last looked.
#[derive(Clone, Copy, Default)]
struct Scan {
    cursor: u64,
    floor: u64,
}

/// A run of slots of a job with its parts of the buffers: the bit words and scans from the
/// slot `offset` on.
struct Chunk<'a> {
    offset: usize,
    words: &'a mut [u64],
    scans: &'a mut [Scan],
    slots: &'a [usize],
}

/// A job under way: its chunks, taken one at a time by whichever thread is free.
struct Underway<'a, T> {
    shared: &'a Shared,
    known: View<'a, T>,
    rare: &'a [(u64, u64)],
    chunks: Mutex<Vec<Chunk<'a>>>,
}

impl<T: Cell> Underway<'_, T> {
    /// Values chunks in `scratch` until none is left; returns the options examined and the
    /// chunks valued.
    fn work_through(&self, scratch: &mut SplitSet) -> (u64, u64) {
        let (shared, width) = (self.shared, self.shared.job.width);
        let (mut work, mut taken) = (0, 0);
        loop {
            // A poisoned lock means another thread panicked: the scope passes that on.
            let chunk = match self.chunks.lock() {
                Ok(mut chunks) => chunks.pop(),
                Err(_) => None,
            };
            let Some(chunk) = chunk else {
                return (work, taken);
            };
            taken += 1;
            for &slot in chunk.slots {
                let (distinct, total) = (
                    slot >= shared.span,
                    (slot % shared.span) as u64 + shared.lowest,
                );
                let (examined, scan) =
                    shared.value_total(self.known, self.rare, scratch, total, distinct);
                work += examined;
                let at = slot - chunk.offset;
                chunk.scans[at] = scan;
                scratch.words_into(&mut chunk.words[at * width..(at + 1) * width]);
            }
        }
    }
}

/// The engine's side of the sharing: the work done for the next batch, buffers to reuse, and
/// the share of the work the other thread takes.
pub(super) struct Sharing {
    pub(super) pending: Option<Shared>,
    /// A set to work in for each thread.
    pub(super) scratch: Vec<SplitSet>,
    pub(super) spare: Vec<u64>,
    /// Heaps valued with shared work.
    pub(super) heaps: u64,
    /// Batches in a row whose two halves did not run at the same time.
    serial: u32,
    /// Batches to value alone before trying to share again, and how many the next pause lasts.
    paused: u64,
    pause: u64,
}

/// A pool of `count` helper threads for the engine's thread (which is not the pool's), or
/// none when the system gives no threads.
pub(super) fn helpers(count: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(count)
        .thread_name(|index| format!("onag-sequence-{index}"))
        .build()
        .ok()
}

/// Heaps from which work is shared: below this a batch is too short to repay a hand-off.
pub(super) const SHARE_FROM: u64 = 4096;

/// The splits a heap must cost, about, for its work to be shared: below this (a sparse game
/// with few rare heaps, such as 0.106 with 15) the engine's own bookkeeping per heap outweighs
/// what a second thread could take, and the hand-offs would cost more than they save.
pub(super) const SHARE_COST: u64 = 512;

/// The options a batch holds, about: two or three milliseconds of work, so that the hand-off
/// between threads (some tens of microseconds when a thread must wake) costs little beside it.
/// Longer batches put more on the critical path (the rare parts whose partner is a heap of the
/// batch before): at 0.6's 10^7 heaps 2^21 options gave 3.6% of the work and 20,000 hand-offs,
/// 2^22 7% and half as many.
const BATCH_WORK: u64 = 1 << 22;

/// The most bit words a job's sets may take (4 MB).
const MAX_WORDS: u64 = 1 << 19;

impl Sharing {
    pub(super) fn new() -> Sharing {
        Sharing {
            pending: None,
            scratch: Vec::new(),
            spare: Vec::new(),
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

    /// Runs `ours` (the engine's batch) on this thread while `helpers` threads of `pool` do
    /// `job`, then joins them on what is left of it, and returns what `ours` did with the work
    /// done for the next batch: `values` are the values known (at least `job.known` of them),
    /// `rare` the rare heaps among them.
    ///
    /// The totals the batch needs are dealt out a chunk at a time, each written to its own
    /// part of the buffers: no total is valued twice, nothing is merged afterwards, and the
    /// threads end together whatever the engine's own part costs. Every wait blocks.
    pub(super) fn share<T: Cell, R>(
        &mut self,
        pool: &rayon::ThreadPool,
        helpers: usize,
        job: Job,
        values: &[T],
        rare: &[(u64, u64)],
        ours: impl FnOnce() -> R,
    ) -> (R, Shared) {
        let (scratch, mut words) = (&mut self.scratch, std::mem::take(&mut self.spare));
        let lowest = job
            .start
            .saturating_sub(job.pairs.iter().map(|&(k, _)| k).max().unwrap_or(0));
        let span = (job.end - lowest) as usize;
        let slots = job.slots(lowest, span);
        let width = job.width;
        words.clear();
        words.resize(2 * span * width, 0);
        let mut scans = vec![Scan::default(); 2 * span];
        let mut shared = Shared {
            job,
            lowest,
            span,
            words: Vec::new(),
            scans: Vec::new(),
            work: 0,
        };
        let known = View::whole(&values[..shared.job.known as usize]);
        // The chunks, the last first: they are taken from the end of the list.
        let mut chunks = Vec::with_capacity(slots.len().div_ceil(CHUNK_SLOTS));
        let (mut rest, mut rest_scans): (&mut [u64], &mut [Scan]) = (&mut words, &mut scans);
        let mut offset = 0;
        let runs: Vec<&[usize]> = slots.chunks(CHUNK_SLOTS).collect();
        for (index, run) in runs.iter().enumerate() {
            let next = runs.get(index + 1).map_or(2 * span, |next| next[0]);
            let (piece, tail) = rest.split_at_mut((next - offset) * width);
            let (piece_scans, tail_scans) = rest_scans.split_at_mut(next - offset);
            chunks.push(Chunk {
                offset,
                words: piece,
                scans: piece_scans,
                slots: run,
            });
            (rest, rest_scans) = (tail, tail_scans);
            offset = next;
        }
        chunks.reverse();
        let count = chunks.len() as u64;
        let helpers = helpers.clamp(1, chunks.len().max(1));
        while scratch.len() < helpers + 1 {
            scratch.push(SplitSet::new());
        }
        let (ours_scratch, helpers_scratch) = scratch.split_at_mut(1);
        let underway = Underway {
            shared: &shared,
            known,
            rare,
            chunks: Mutex::new(chunks),
        };
        let mut results = vec![(0, 0); helpers];
        let (result, engine) = pool.in_place_scope(|scope| {
            for (result, scratch) in results.iter_mut().zip(helpers_scratch.iter_mut()) {
                let underway = &underway;
                scope.spawn(move |_| *result = underway.work_through(scratch));
            }
            let result = ours();
            (result, underway.work_through(&mut ours_scratch[0]))
        });
        drop(underway);
        let helped: u64 = results.iter().map(|&(_, taken)| taken).sum();
        self.overlap(helped, count);
        shared.work = engine.0 + results.iter().map(|&(work, _)| work).sum::<u64>();
        shared.words = words;
        shared.scans = scans;
        (result, shared)
    }

    /// Notes how a shared batch went: the helpers valued `helped` of its `chunks`. When they
    /// valued none (no second core was free while the engine worked: the machine is busy, or
    /// the process is pinned to one core), sharing only adds its own cost, so after eight such
    /// batches in a row the engine values batches alone for a while, and tries again after a
    /// pause that doubles each time sharing fails (up to 256 batches).
    fn overlap(&mut self, helped: u64, chunks: u64) {
        if helped == 0 && chunks > 1 {
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
}

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
            generation: 0,
            classes: sparse.then_some(Classes {
                mask: 0b110,
                refine: false,
                base: true,
            }),
            width: 16,
            pairs,
        }
    }

    /// The values of the splits of `total` the job shares, by the definition: those whose
    /// parts are both known (plain), or the rare parts with a known partner and the common
    /// splits from the first with both parts known up to the cursor the job reports (sparse).
    fn by_definition(
        job: &Job,
        values: &[u16],
        rare: &[(u64, u64)],
        total: u64,
        distinct: bool,
        cursor: u64,
    ) -> Vec<bool> {
        let mut seen = vec![false; 1024];
        let bound = total.saturating_sub(job.known);
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
                    let mut sharing = Sharing::new();
                    let (ours, shared) = sharing.share(
                        &pool,
                        helpers,
                        job(sparse, pairs.clone()),
                        &values,
                        &rare,
                        || 42,
                    );
                    assert_eq!(ours, 42);
                    for heap in 3000..3200 {
                        for &(k, distinct) in &pairs {
                            let total = heap - k;
                            let first = total.saturating_sub(shared.job.known) + 1;
                            let half = split_half(total, distinct);
                            let cursor = shared.common_cursor(total, distinct);
                            if sparse {
                                // The scan starts at the first split with both parts known.
                                assert!(
                                    cursor >= first && cursor <= half + 1
                                        || cursor == first && first > half,
                                    "total {total}: cursor {cursor}, first {first}"
                                );
                            }
                            let expected =
                                by_definition(&shared.job, &values, &rare, total, distinct, cursor);
                            let words = shared.words(total, distinct);
                            if sparse {
                                // Every value below the floor is a shared split's.
                                let floor = shared.floor(total, distinct) as usize;
                                assert!(expected[..floor].iter().all(|&seen| seen), "{total}");
                            }
                            if let Some(classes) = shared.job.classes.filter(|_| cursor <= half) {
                                // It stopped short of the middle only with its tentative mex
                                // of the parity no two common parts give.
                                let mex = expected.iter().position(|&seen| !seen).unwrap_or(1024);
                                assert_ne!(
                                    classes.parity(mex as u64),
                                    classes.common_pair_parity(total),
                                    "total {total}"
                                );
                            }
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
