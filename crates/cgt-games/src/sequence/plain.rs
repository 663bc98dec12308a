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

use cgt_core::Nimber;

use crate::sequence::values::Cell;

use super::engine::Engine;
use super::sharing::Shared;
use super::splits::{View, split_half};

/// The set of values of all two-heap splits of one total.
pub(super) struct CachedSplits {
    total: u64,
    distinct: bool,
    words: Vec<u64>,
}

impl Engine {
    /// The mex of the options of heap `n` (the last of `view`, plus one): the engine's set
    /// of options from other moves, and every two-heap split.
    pub(super) fn plain<T: Cell>(&mut self, view: View<T>, n: u64, shared: Option<&Shared>) -> u64 {
        self.splits.clear();
        // Totals below n - max_take will not be asked for again.
        let max_split_take = self.kernel.max_split_take;
        self.split_cache
            .retain(|entry| entry.total + max_split_take >= n);
        for index in 0..self.kernel.pairs.len() {
            let (k, distinct) = self.kernel.pairs[index];
            if k + 2 > n {
                continue;
            }
            let total = n - k;
            let half = split_half(total, distinct);
            // The splits of this total are options examined, whether scanned now, shared or
            // merged from the cache, so the budget bounds the time either way.
            self.work += half;
            match shared {
                Some(shared) => {
                    // The other thread valued the smaller parts in (bound, end].
                    let (bound, end) = shared.plain_range(total, half);
                    self.splits.scan_range(view, total, 1, bound.min(half));
                    self.splits.scan_range(view, total, end + 1, half);
                    self.splits.merge(shared.words(total, distinct));
                }
                None => self.plain_total(view, total, distinct),
            }
        }
        if !self.options_in_set {
            self.set.clear();
            for &value in &self.others {
                self.set.insert(Nimber::new(value));
            }
        }
        self.splits.mex_with(&self.set)
    }

    /// Adds the values of every split of `total`, from the cache if it is there.
    fn plain_total<T: Cell>(&mut self, view: View<T>, total: u64, distinct: bool) {
        if self.kernel.pairs.len() == 1 {
            // No other take meets this total: straight into the set.
            return self.splits.scan(view, total, distinct);
        }
        let cached = self
            .split_cache
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
        let mut words = vec![0; self.width()];
        self.scratch.words_into(&mut words);
        self.splits.merge(&words);
        self.split_cache.push(CachedSplits {
            total,
            distinct,
            words,
        });
    }
}
