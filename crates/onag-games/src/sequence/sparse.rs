//! The sparse method: rare and common values.
//!
//! In many octal games nearly every value has the same parity in some set of bits (a mask):
//! those values are *common*, the few others *rare* (Gangolli & Plambeck, *A note on periodicity
//! in some octal games*, IJGT 1989; Flammenkamp's tables of octal games). Two common parts then
//! give a split value of known parity, so a heap's value is found from the splits with a rare
//! part (few), and from the common splits only as far as it takes to settle the mex: a tentative
//! mex of the other parity is final at once. The classes may also depend on the parity of the
//! heap (heap h is common when the parity of `G(h) & mask` is `base ^ (h odd)`: Flammenkamp's
//! sparse positions, "Sparse- and Common-Positions of Sprague-Grundy Values of Octal-Games"),
//! which makes games such as 0.106 sparse that are not sparse by value alone; it applies when
//! every splitting take has one parity.
//!
//! The method is tried once at most a quarter of the heaps are rare, with the classes that make
//! the fewest rare, and kept while it costs less than three quarters of the plain scan (see
//! `engine.rs`).

use crate::Values;
use crate::sequence::values::{Cell, with_slice};

use super::engine::{Ask, Others, Rare, Work};
use super::splits::{SplitSet, split_half};

/// Which heaps are rare (see the module docs). With `refine` false this is the rare/common
/// split of Gangolli & Plambeck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Classes {
    pub(super) mask: u64,
    pub(super) refine: bool,
    pub(super) base: bool,
}

impl Classes {
    pub(super) fn parity(self, value: u64) -> bool {
        (value & self.mask).count_ones() % 2 == 1
    }

    pub(super) fn is_rare(self, heap: u64, value: u64) -> bool {
        self.parity(value) != (self.base ^ (self.refine && heap % 2 == 1))
    }

    /// The parity of every value two common parts with this total can give.
    pub(super) fn common_pair_parity(self, total: u64) -> bool {
        self.refine && total % 2 == 1
    }
}

/// The most splits the sparse method scans between two looks at the tentative mex: enough to
/// make the look cheap beside the scan, few enough that the scan rarely goes on long past the
/// split that settles the mex. Blocks start at [`FIRST_BLOCK`] splits and double, so a long
/// scan is never more than twice as long as it needs to be.
pub(super) const SPARSE_BLOCK: u64 = 128;

/// The splits of the first block: a call to scan costs about as much as eight splits, and most
/// heaps of the sparse games measured (0.106, 0.16) settle their mex within a few dozen (16
/// against 4: 4% fewer instructions for 0.106 and 7% for 0.16, counted by callgrind).
pub(super) const FIRST_BLOCK: u64 = 16;

/// The sparse method's state for the heap at hand.
pub(super) struct Sparse {
    /// The split values seen.
    flags: SplitSet,
    /// The split values another thread found, as bit words.
    bits: Vec<u64>,
    /// How far the scan of each splitting take has got, for codes with many.
    cursors: Vec<Cursor>,
}

impl Sparse {
    pub(super) fn new() -> Sparse {
        Sparse {
            flags: SplitSet::new(),
            bits: Vec::new(),
            cursors: Vec::new(),
        }
    }

    /// The mex of the options of the heap asked by the sparse method with `classes`: `others`,
    /// the splits with a `rare` part, and the common splits until the mex is settled; `work`
    /// counts the splits.
    pub(super) fn mex<T: Cell>(
        &mut self,
        ask: Ask<T>,
        others: &Others,
        work: &mut Work,
        classes: Classes,
        rare: Rare,
    ) -> u64 {
        let Ask {
            kernel,
            view,
            n,
            shared,
        } = ask;
        let flags = &mut self.flags;
        flags.clear();
        // The values of the splits another thread valued, as bit words (empty when none did).
        let bits = &mut self.bits;
        bits.clear();
        if others.in_set {
            for value in others.set.iter() {
                flags.insert(value.value());
            }
        } else {
            for &value in &others.values {
                flags.insert(value);
            }
        }
        for &(k, distinct) in &kernel.pairs {
            if k + 2 > n {
                continue;
            }
            let total = n - k;
            work.parts(total, rare.fresh);
            match shared {
                Some(shared) => {
                    // The other thread valued the rare parts in (bound, known) (and counted
                    // them); the rest here. Its values are looked up in its bit words.
                    let (bound, known) = shared.sparse_range(total);
                    let low = rare.known.partition_point(|&(heap, _)| heap <= bound);
                    let high = rare.known.partition_point(|&(heap, _)| heap < known);
                    for parts in [&rare.known[..low], &rare.known[high.max(low)..]] {
                        work.parts(total, parts);
                        flags.scan_parts(view, parts, total, distinct);
                    }
                    let words = shared.words(total, distinct);
                    if bits.is_empty() {
                        bits.extend_from_slice(words);
                    } else {
                        bits.iter_mut()
                            .zip(words)
                            .for_each(|(bit, word)| *bit |= word);
                    }
                }
                None => {
                    work.parts(total, rare.known);
                    flags.scan_parts(view, rare.known, total, distinct);
                }
            }
            if !rare.fresh.is_empty() {
                flags.scan_parts(view, rare.fresh, total, distinct);
            }
        }
        // Splits into two common parts give values of one known parity per total, so a
        // tentative mex of the other parity is final. Otherwise the scan of the splits that
        // could give it goes on from where it stopped, a block at a time with no branch per
        // split, until the mex has the other parity or every such split has been seen (the
        // tentative mex is then final). The sets only grow, so the tentative mex only moves up.
        // With shared work, the other thread has scanned the first splits whose parts are both
        // known: the scan goes on from its cursor to the middle, then takes the splits below
        // where it began (whose larger part is among the newest heaps).
        let pairs = &kernel.pairs;
        // Most codes split after one or two takes: their cursors live on the stack.
        let mut few = [Cursor::EMPTY; 4];
        let cursors: &mut [Cursor] = if pairs.len() <= few.len() {
            &mut few[..pairs.len()]
        } else {
            self.cursors.clear();
            self.cursors.resize(pairs.len(), Cursor::EMPTY);
            &mut self.cursors
        };
        for (&(k, distinct), cursor) in pairs.iter().zip(cursors.iter_mut()) {
            if k + 2 <= n {
                let half = split_half(n - k, distinct);
                *cursor = match shared {
                    Some(shared) => {
                        let first = shared.first_known(n - k).min(half + 1);
                        Cursor {
                            next: shared.common_cursor(n - k, distinct).max(first),
                            last: half,
                            then: first - 1,
                        }
                    }
                    // Alone, in the same order: from the first split whose larger part a
                    // helper would have known (one from before the batch before), so that a
                    // run alone examines what a shared run does and counts the same critical
                    // path, and its counts predict a machine with more threads.
                    None => {
                        let first = ((n - k).saturating_sub(work.fresh_from) + 1).min(half + 1);
                        Cursor {
                            next: first,
                            last: half,
                            then: first - 1,
                        }
                    }
                };
            }
        }
        // Every value below a total's floor is among the helpers' splits, so among the options.
        let mut candidate = shared.map_or(0, |shared| {
            pairs
                .iter()
                .filter(|&&(k, _)| k + 2 <= n)
                .map(|&(k, distinct)| shared.floor(n - k, distinct))
                .max()
                .unwrap_or(0)
        });
        let mut block = FIRST_BLOCK;
        loop {
            candidate = least_from(flags, bits, candidate);
            let parity = classes.parity(candidate);
            let mut scanned = false;
            for (&(k, _), cursor) in pairs.iter().zip(cursors.iter_mut()) {
                if k + 2 > n || classes.common_pair_parity(n - k) != parity {
                    continue;
                }
                if cursor.next > cursor.last {
                    if cursor.then == 0 {
                        continue;
                    }
                    (cursor.next, cursor.last, cursor.then) = (1, cursor.then, 0);
                }
                let to = cursor.last.min(cursor.next + block - 1);
                flags.scan_range(view, n - k, cursor.next, to);
                work.splits(n - k, cursor.next, to);
                cursor.next = to + 1;
                scanned = true;
            }
            if !scanned {
                break candidate;
            }
            block = (2 * block).min(SPARSE_BLOCK);
        }
    }
}

/// The least value from `value` on in neither `flags` nor the bit words `words` (value v is
/// bit v % 64 of word v / 64): runs of values in the words are passed a word at a time.
#[inline]
fn least_from(flags: &SplitSet, words: &[u64], mut value: u64) -> u64 {
    loop {
        let run = usize::try_from(value / 64)
            .ok()
            .and_then(|index| words.get(index))
            .map_or(0, |word| (word >> (value % 64)).trailing_ones());
        if run > 0 {
            value += u64::from(run);
        } else if flags.contains(value) {
            value += 1;
        } else {
            return value;
        }
    }
}

/// Where the scan of the common splits of one total stands: the smaller parts `next..=last`
/// are still to be scanned, then `1..=then`.
#[derive(Clone, Copy)]
pub(super) struct Cursor {
    next: u64,
    last: u64,
    then: u64,
}

impl Cursor {
    const EMPTY: Cursor = Cursor {
        next: 1,
        last: 0,
        then: 0,
    };
}

/// Values counted by class: how often each value below 2^12 occurs at even and at odd heaps
/// (heap 0 never takes part in a split and is left out), kept up to date as values come, so
/// that choosing classes costs nothing in proportion to the length.
pub(super) struct Census {
    counts: [Vec<u64>; 2],
    counted: usize,
    /// The largest value, and the first heap with it.
    pub(super) largest: u64,
    pub(super) largest_at: u64,
}

/// Values from 2^12 on are not counted: no mask is looked for beyond 12 bits.
const CENSUS_BITS: u32 = 12;

impl Census {
    pub(super) fn new() -> Census {
        Census {
            counts: [vec![0; 1 << CENSUS_BITS], vec![0; 1 << CENSUS_BITS]],
            counted: 1,
            largest: 0,
            largest_at: 0,
        }
    }

    /// Counts the values not counted yet.
    pub(super) fn add(&mut self, values: &Values) {
        with_slice!(values, cells => {
            for (heap, &cell) in cells.iter().enumerate().skip(self.counted) {
                let value = cell.widen();
                if value > self.largest {
                    self.largest = value;
                    self.largest_at = heap as u64;
                }
                if let Some(count) = self.counts[heap % 2].get_mut(value as usize) {
                    *count += 1;
                }
            }
        });
        self.counted = self.counted.max(values.len());
    }

    /// The classes that make the fewest heaps rare, with the number of rare heaps (among values
    /// below 2^12), among those for which a common value is settled without a full scan: the
    /// parity of a common heap n must differ from the parity two common parts of `n - k` give,
    /// for every take k that splits. Unrefined, that means `base`; refined, `base` must be `k`
    /// even for every such k (so they must share a parity), and `refinable` says whether they
    /// do and which.
    pub(super) fn best_classes(&self, refinable: Option<bool>) -> Option<(Classes, u64)> {
        if self.counted < 2 {
            return None;
        }
        let bits = (u64::BITS - self.largest.leading_zeros()).min(CENSUS_BITS);
        let used = 1usize << bits;
        let rare_count = |classes: Classes| -> u64 {
            (0..2u64)
                .map(|heap_parity| {
                    self.counts[heap_parity as usize][..used]
                        .iter()
                        .enumerate()
                        .filter(|&(value, _)| classes.is_rare(heap_parity, value as u64))
                        .map(|(_, count)| count)
                        .sum::<u64>()
                })
                .sum()
        };
        let refined = refinable.map(|even| (true, even));
        let candidates = (1..1u64 << bits).flat_map(|mask| {
            [(false, true)]
                .into_iter()
                .chain(refined)
                .map(move |(refine, base)| Classes { mask, refine, base })
        });
        candidates
            .map(|classes| (classes, rare_count(classes)))
            .min_by_key(|&(_, count)| count)
    }
}

/// The rare heaps of `values` under `classes`, with their values, ascending.
pub(super) fn rare_heaps(
    values: &Values,
    classes: Classes,
) -> impl Iterator<Item = (u64, u64)> + '_ {
    values
        .iter()
        .enumerate()
        .skip(1)
        .map(|(heap, value)| (heap as u64, value))
        .filter(move |&(heap, value)| classes.is_rare(heap, value))
}
