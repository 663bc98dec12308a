//! The plain method: the value of every two-heap split of a heap.
//!
//! For a heap of n and each take k that may leave two heaps, every split of n - k into
//! a + b with a <= b is valued as G(a) xor G(b) (Guy & Smith, *The G-values of various games*,
//! 1956; Berlekamp, Conway & Guy, *Winning Ways*, ch. 4). This is quadratic in n, and the
//! method for games whose values are not sparse. Two refinements: a total that several takes
//! reach (0.76 splits both n - 1 and n - 2, so heap n + 1 meets heap n's total) is scanned once
//! and its values kept as bit words while it is still needed; and when a second thread shares
//! the work (see `sharing.rs`), the splits whose parts were both known before the batch at hand
//! arrive as bit words, and the engine scans only the rest.

use crate::sequence::values::Cell;

use super::engine::{Ask, Others, Work};
use super::splits::{SplitSet, View, split_half};

/// The set of values of all two-heap splits of one total.
pub(super) struct CachedSplits {
    total: u64,
    distinct: bool,
    words: Vec<u64>,
}

/// The plain method's state: the split values of the heap at hand, scratch space, and the
/// totals that several takes meet, kept while they are needed.
pub(super) struct Plain {
    /// The values of the heap's two-heap splits.
    splits: SplitSet,
    /// Scratch space for the splits of one total.
    scratch: SplitSet,
    /// The split values of totals that several takes reach.
    cache: Vec<CachedSplits>,
}

impl Plain {
    pub(super) fn new() -> Plain {
        Plain {
            splits: SplitSet::new(),
            scratch: SplitSet::new(),
            cache: Vec::new(),
        }
    }

    /// The mex of the options of the heap asked (`others`, and every two-heap split), split
    /// values held in `width` bit words; `work` counts the splits.
    pub(super) fn mex<T: Cell>(
        &mut self,
        ask: Ask<T>,
        others: &mut Others,
        work: &mut Work,
        width: usize,
    ) -> u64 {
        let Ask {
            kernel,
            view,
            n,
            shared,
        } = ask;
        self.splits.clear();
        // Totals below n - max_take will not be asked for again.
        let max_split_take = kernel.max_split_take;
        self.cache.retain(|entry| entry.total + max_split_take >= n);
        let several = kernel.pairs.len() > 1;
        for &(k, distinct) in &kernel.pairs {
            if k + 2 > n {
                continue;
            }
            let total = n - k;
            let half = split_half(total, distinct);
            match shared {
                Some(shared) => {
                    // The other thread valued (and counted) the smaller parts in (bound, end].
                    let (bound, end) = shared.plain_range(total, half);
                    for (from, to) in [(1, bound.min(half)), (end + 1, half)] {
                        work.splits(total, from, to);
                        self.splits.scan_range(view, total, from, to);
                    }
                    self.splits.merge(shared.words(total, distinct));
                }
                None => {
                    // The splits of this total are options examined, whether scanned now or
                    // merged from the cache, so the budget bounds the time either way.
                    work.splits(total, 1, half);
                    self.total(view, total, distinct, several, width);
                }
            }
        }
        self.splits.mex_with(others.as_set())
    }

    /// Adds the values of every split of `total`, from the cache if it is there; only when
    /// `several` takes may meet the same total is it cached.
    fn total<T: Cell>(
        &mut self,
        view: View<T>,
        total: u64,
        distinct: bool,
        several: bool,
        width: usize,
    ) {
        if !several {
            // No other take meets this total: straight into the set.
            return self.splits.scan(view, total, distinct);
        }
        let cached = self
            .cache
            .iter()
            .find(|entry| entry.total == total && entry.distinct == distinct);
        if let Some(entry) = cached {
            return self.splits.merge(&entry.words);
        }
        self.scratch.clear();
        self.scratch.scan(view, total, distinct);
        if !self.scratch.is_small() {
            // Values of 2^16 and more are not kept as words.
            return self.splits.scan(view, total, distinct);
        }
        let mut words = vec![0; width];
        self.scratch.words_into(&mut words);
        self.splits.merge(&words);
        self.cache.push(CachedSplits {
            total,
            distinct,
            words,
        });
    }
}
