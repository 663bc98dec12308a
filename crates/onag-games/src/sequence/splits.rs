//! The values of two-heap splits, the inner loops where nearly all the time of a long
//! computation goes.
//!
//! A split of a total t into heaps a + b = t has the value G(a) xor G(b). [`SplitSet`] records
//! the values seen in a table of stamps, one for each value below 2^16, set by plain stores
//! (independent stores do not wait for one another as the read-modify-write of bits in a word
//! does: twice as fast in the inner loop), larger values in a general set. [`View`] is the sequence as the engine sees it in
//! the middle of a batch of heaps: the values known before the batch, shared read-only with the
//! other thread, and the values of the batch so far.

use onag_core::{MexSet, Nimber};

use crate::sequence::values::Cell;

/// The number of two-heap splits of `total` (the largest smaller part), unequal ones only when
/// `distinct`.
pub(super) fn split_half(total: u64, distinct: bool) -> u64 {
    let half = total / 2;
    if distinct && total % 2 == 0 && half > 0 {
        half - 1
    } else {
        half
    }
}

/// The Grundy values `G(0..known.len() + fresh.len())`: those known before the batch at hand,
/// then those of the batch so far.
#[derive(Clone, Copy)]
pub(super) struct View<'a, T> {
    pub(super) known: &'a [T],
    pub(super) fresh: &'a [T],
}

impl<'a, T: Cell> View<'a, T> {
    /// A view of values with no batch under way.
    pub(super) fn whole(values: &'a [T]) -> View<'a, T> {
        View {
            known: values,
            fresh: &[],
        }
    }

    /// The number of values.
    pub(super) fn len(&self) -> usize {
        self.known.len() + self.fresh.len()
    }

    /// `G(heap)`, for a heap below [`View::len`].
    #[inline]
    pub(super) fn get(&self, heap: usize) -> u64 {
        match self.known.get(heap) {
            Some(value) => value.widen(),
            None => self.fresh[heap - self.known.len()].widen(),
        }
    }

    /// The values of heaps `from..=to` as at most two slices, in order.
    fn range(&self, from: usize, to: usize) -> [&'a [T]; 2] {
        let split = self.known.len();
        if to < split {
            [&self.known[from..=to], &[]]
        } else if from >= split {
            [&self.fresh[from - split..=to - split], &[]]
        } else {
            [&self.known[from..], &self.fresh[..=to - split]]
        }
    }
}

/// A set of split values (see the module docs). Value v below 2^16 is in the set when
/// `seen[v]` is the set's present `stamp`: clearing the set is a new stamp, and only every
/// 65535 clears a write of the whole table (heaps with few splits to scan would otherwise spend
/// more time clearing than scanning).
pub(super) struct SplitSet {
    seen: Box<[u16; 1 << 16]>,
    stamp: u16,
    large: MexSet,
}

const LOW: usize = (1 << 16) - 1;

impl SplitSet {
    pub(super) fn new() -> SplitSet {
        SplitSet {
            seen: Box::new([0; 1 << 16]),
            stamp: 1,
            large: MexSet::new(),
        }
    }

    pub(super) fn clear(&mut self) {
        if self.stamp == u16::MAX {
            self.seen.fill(0);
            self.stamp = 1;
        } else {
            self.stamp += 1;
        }
        self.large.clear();
    }

    pub(super) fn insert(&mut self, value: u64) {
        match usize::try_from(value) {
            Ok(index) if index <= LOW => {
                self.seen[index] = self.stamp;
            }
            _ => self.large.insert(Nimber::new(value)),
        }
    }

    #[inline]
    pub(super) fn contains(&self, value: u64) -> bool {
        match usize::try_from(value) {
            Ok(index) if index <= LOW => self.seen[index] == self.stamp,
            _ => self.large.contains(Nimber::new(value)),
        }
    }

    /// Adds `small[i] xor large[large.len() - 1 - i]` for every i: the values of splits whose
    /// parts run up through `small` while the other parts run down through `large`.
    #[inline]
    fn pairs<T: Cell>(&mut self, small: &[T], large: &[T]) {
        if std::mem::size_of::<T>() > 2 {
            for (&a, &b) in small.iter().zip(large.iter().rev()) {
                self.large.insert(Nimber::new(a.widen() ^ b.widen()));
            }
            return;
        }
        // Four splits a step, in chunks the compiler knows to be whole: no bounds checks, and
        // four independent stores.
        let (seen, stamp) = (&mut *self.seen, self.stamp);
        let index = |a: T, b: T| (a.widen() ^ b.widen()) as usize & LOW;
        let mut small4 = small.chunks_exact(4);
        let mut large4 = large.rchunks_exact(4);
        for (a, b) in (&mut small4).zip(&mut large4) {
            let values = [
                index(a[0], b[3]),
                index(a[1], b[2]),
                index(a[2], b[1]),
                index(a[3], b[0]),
            ];
            for value in values {
                seen[value] = stamp;
            }
        }
        let rest = small4
            .remainder()
            .iter()
            .zip(large4.remainder().iter().rev());
        for (&a, &b) in rest {
            let value = index(a, b);
            seen[value] = stamp;
        }
    }

    /// Adds the values of the splits of `total` whose smaller part is in `from..=to` (which
    /// must not pass half the total).
    pub(super) fn scan_range<T: Cell>(&mut self, view: View<T>, total: u64, from: u64, to: u64) {
        if to < from {
            return;
        }
        let (total, from, to) = (total as usize, from as usize, to as usize);
        let split = view.known.len();
        // Nearly always the smaller parts are all known, and the larger ones all known or all
        // in the batch.
        if to < split {
            let small = &view.known[from..=to];
            if total - from < split {
                return self.pairs(small, &view.known[total - to..=total - from]);
            }
            if total - to >= split {
                return self.pairs(
                    small,
                    &view.fresh[total - to - split..=total - from - split],
                );
            }
        }
        // Otherwise either run may cross into the batch.
        let small = view.range(from, to);
        let large = view.range(total - to, total - from);
        // Pair the runs piece by piece: the small run's first piece goes with the large run's
        // last, and so on.
        let (mut s, mut l) = (0, 1);
        let (mut s_at, mut l_end) = (0, large[1].len());
        if l_end == 0 {
            l = 0;
            l_end = large[0].len();
        }
        while s < 2 && !small[s].is_empty() {
            let piece = &small[s][s_at..];
            let length = piece.len().min(l_end);
            self.pairs(&piece[..length], &large[l][l_end - length..l_end]);
            s_at += length;
            l_end -= length;
            if s_at == small[s].len() {
                s += 1;
                s_at = 0;
            }
            if l_end == 0 {
                if l == 0 {
                    break;
                }
                l = 0;
                l_end = large[0].len();
            }
        }
    }

    /// Adds the value of every split of `total` with at least one part among `parts` (heaps
    /// with their values, ascending), unequal ones only when `distinct`.
    pub(super) fn scan_parts<T: Cell>(
        &mut self,
        view: View<T>,
        parts: &[(u64, u64)],
        total: u64,
        distinct: bool,
    ) {
        let parts = match parts.last() {
            None => return,
            Some(&(last, _)) if last < total => parts,
            Some(_) => &parts[..parts.partition_point(|&(part, _)| part < total)],
        };
        if distinct && total % 2 == 0 {
            // Leave out the one part that would split the total into equal heaps.
            let equal = parts.partition_point(|&(part, _)| part < total / 2);
            let after = parts[equal..].partition_point(|&(part, _)| part == total / 2) + equal;
            self.scan_parts(view, &parts[..equal], total, false);
            self.scan_parts(view, &parts[after..], total, false);
            return;
        }
        // Parts are ascending, so their partners descend: first those in the batch, then those
        // known before it.
        if view.fresh.is_empty() {
            return self.parts_against(parts, view.known, total);
        }
        let known = view.known.len() as u64;
        let in_batch = parts.partition_point(|&(part, _)| total - part >= known);
        let (recent, old) = parts.split_at(in_batch);
        if !recent.is_empty() {
            self.parts_against(recent, view.fresh, total - known);
        }
        self.parts_against(old, view.known, total);
    }

    /// Adds `value ^ G(total - part)` for every part, `G` of heap h being `values[h - offset]`
    /// (so `total` is counted from `values`' first heap).
    fn parts_against<T: Cell>(&mut self, parts: &[(u64, u64)], values: &[T], total: u64) {
        let total = total as usize;
        let value = |&(part, value): &(u64, u64)| value ^ values[total - part as usize].widen();
        if std::mem::size_of::<T>() > 2 {
            for part in parts {
                self.insert(value(part));
            }
            return;
        }
        // As in `pairs`, four at a time; the values are below 2^16.
        let (seen, stamp) = (&mut *self.seen, self.stamp);
        let mut parts4 = parts.chunks_exact(4);
        for four in &mut parts4 {
            let values = [
                value(&four[0]) as usize & LOW,
                value(&four[1]) as usize & LOW,
                value(&four[2]) as usize & LOW,
                value(&four[3]) as usize & LOW,
            ];
            for value in values {
                seen[value] = stamp;
            }
        }
        for part in parts4.remainder() {
            let value = value(part) as usize & LOW;
            seen[value] = stamp;
        }
    }

    /// Adds the value of every split of `total` into two non-empty heaps, unequal ones only
    /// when `distinct`.
    pub(super) fn scan<T: Cell>(&mut self, view: View<T>, total: u64, distinct: bool) {
        self.scan_range(view, total, 1, split_half(total, distinct));
    }

    /// Writes the values below `64 * words.len()` as bit words into `words` (value v is bit
    /// v % 64 of word v / 64). Values beyond are not written: the caller sizes `words` for the
    /// largest value a set can hold (the xor of two values below 2^b is below 2^b).
    pub(super) fn words_into(&self, words: &mut [u64]) {
        // The stamps of 64 values compared at once into 64 flag bytes (a loop the compiler
        // makes into vector compares), then each 8 bytes gathered into 8 bits by a multiply:
        // byte j of `bytes` (0 or 1) lands in bit 56 + j of the product, and no two partial
        // products meet in the top byte. A fold of one bit a value cost the helper thread an
        // eighth of its time at 0.6's 10^6 heaps.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let stamp = self.stamp;
        for (word, chunk) in words.iter_mut().zip(self.seen.chunks_exact(64)) {
            let mut flags = [0u8; 64];
            for (flag, &seen) in flags.iter_mut().zip(chunk) {
                *flag = u8::from(seen == stamp);
            }
            *word = flags
                .chunks_exact(8)
                .enumerate()
                .fold(0, |word, (index, eight)| {
                    let bytes = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
                    word | (bytes.wrapping_mul(GATHER) >> 56) << (8 * index)
                });
        }
    }

    /// Whether every value seen is below 2^16 (and so can be handed on as bit words).
    pub(super) fn is_small(&self) -> bool {
        self.large.iter().next().is_none()
    }

    /// Adds the values given as bit words.
    pub(super) fn merge(&mut self, words: &[u64]) {
        for (index, &word) in words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                self.insert(index as u64 * 64 + u64::from(bits.trailing_zeros()));
                bits &= bits - 1;
            }
        }
    }

    /// The least value in neither this set nor `other`.
    pub(super) fn mex_with(&self, other: &MexSet) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Made-up values, split at `at` into those known and those of a batch.
    fn values(count: u64) -> Vec<u16> {
        (0..count).map(|n| ((n * 7919) % 613) as u16).collect()
    }

    fn direct(values: &[u16], total: u64, pairs: impl Iterator<Item = u64>) -> Vec<bool> {
        let mut seen = vec![false; 1024];
        for small in pairs {
            seen[(values[small as usize] ^ values[(total - small) as usize]) as usize] = true;
        }
        seen
    }

    #[test]
    fn a_range_scan_sees_exactly_the_splits_in_the_range_wherever_the_batch_starts() {
        let all = values(401);
        for at in [1usize, 2, 7, 100, 199, 200, 201, 300, 399, 400, 401] {
            let view = View {
                known: &all[..at],
                fresh: &all[at..],
            };
            for total in [2u64, 3, 200, 301, 400] {
                for (from, to) in [
                    (1, total / 2),
                    (3, total / 3),
                    (total / 4, total / 2),
                    (5, 4),
                ] {
                    let mut set = SplitSet::new();
                    set.scan_range(view, total, from, to);
                    let expected = direct(&all, total, from..=to);
                    for (value, &seen) in expected.iter().enumerate() {
                        assert_eq!(set.contains(value as u64), seen, "{at} {total} {from} {to}");
                    }
                }
            }
        }
    }

    #[test]
    fn splits_with_a_listed_part_are_exactly_those_the_plain_scan_sees_with_it() {
        let all = values(401);
        let parts: Vec<(u64, u64)> = [1u64, 5, 50, 100, 150, 199, 200, 201, 399]
            .iter()
            .map(|&part| (part, u64::from(all[part as usize])))
            .collect();
        for at in [2usize, 150, 250, 400, 401] {
            let view = View {
                known: &all[..at],
                fresh: &all[at..],
            };
            for total in [2u64, 200, 301, 400] {
                for distinct in [false, true] {
                    let mut set = SplitSet::new();
                    set.scan_parts(view, &parts, total, distinct);
                    let listed = parts
                        .iter()
                        .map(|&(part, _)| part)
                        .filter(|&part| part < total && !(distinct && 2 * part == total));
                    let expected = direct(&all, total, listed);
                    for (value, &seen) in expected.iter().enumerate() {
                        assert_eq!(set.contains(value as u64), seen, "{at} {total} {distinct}");
                    }
                }
            }
        }
    }

    #[test]
    fn bit_words_hold_exactly_the_values_seen() {
        let mut set = SplitSet::new();
        for value in [0u64, 1, 63, 64, 65, 500, 4095] {
            set.insert(value);
        }
        let mut words = vec![u64::MAX; 4096 / 64 + 3];
        set.words_into(&mut words);
        let mut again = SplitSet::new();
        again.merge(&words);
        for value in 0..5000 {
            assert_eq!(again.contains(value), set.contains(value), "{value}");
        }
        // Every pattern of eight neighbouring values, at every byte of a word.
        for pattern in 0..256u64 {
            for byte in 0..8 {
                let mut set = SplitSet::new();
                let base = 64 + 8 * byte;
                (0..8)
                    .filter(|bit| pattern >> bit & 1 == 1)
                    .for_each(|bit| set.insert(base + bit));
                let mut words = [0u64; 3];
                set.words_into(&mut words);
                assert_eq!(words, [0, pattern << (8 * byte), 0], "{pattern} {byte}");
            }
        }
    }
}
