//! The minimum excludant.

use crate::Nimber;

/// The minimum excludant: the least nimber not among `values`.
///
/// This is the rule that gives every impartial position its Grundy value: the mex of the values
/// of the positions one move away (Sprague 1935, Grundy 1939).
///
/// # Laws
///
/// - `mex` of nothing is `0`.
/// - The result is not among the values, and every smaller nimber is.
/// - The result is at most the number of values, so values larger than that are ignored.
/// - Order and repetition of the values do not matter.
///
/// # Complexity
///
/// One pass over the values into a bit set, then a scan of that set by words: O(len) time and
/// O(len) memory whatever the values are (a single value of 2^63 costs one word, not a bit set
/// of 2^63 bits; see [`MexSet`]). Nothing is sorted unless very large values are present.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, mex};
///
/// let values = [0, 1, 3, 1].map(Nimber::new);
/// assert_eq!(mex(values), Nimber::new(2));
/// assert_eq!(mex([]), Nimber::ZERO);
/// ```
pub fn mex<I>(values: I) -> Nimber
where
    I: IntoIterator<Item = Nimber>,
{
    let mut set = MexSet::new();
    let values = values.into_iter();
    // The hint is only a hint: it is never trusted to size memory beyond the near range.
    set.reserve(values.size_hint().0.min(NEAR as usize));
    for value in values {
        set.insert(value);
    }
    set.mex()
}

/// A reusable bit set for computing many mexes without reallocating.
///
/// Values below 2^16 live in a bit set that grows by whole 64-bit words. A larger value is kept
/// in a bit set only while that set stays within one bit per value inserted; beyond that it is
/// kept in a short list of far values. So memory is linear in the number of values whatever
/// their size: one value of 4·10^9 costs eight bytes, not half a gigabyte. The mex, which is
/// at most the number of values, is exact either way. [`MexSet::clear`] keeps the memory for
/// the next position.
///
/// # Examples
///
/// ```
/// use onag_core::{MexSet, Nimber};
///
/// let mut set = MexSet::new();
/// set.insert(Nimber::new(0));
/// set.insert(Nimber::new(2));
/// assert_eq!(set.mex(), Nimber::new(1));
/// set.clear();
/// assert_eq!(set.mex(), Nimber::ZERO);
/// ```
#[derive(Debug, Clone, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Index of the highest word that may hold a bit, so clearing touches only those.
    used: usize,
    /// Values beyond the bit set that were not worth growing it for (see [`MexSet::insert`]).
    far: Vec<u64>,
}

/// Values below this always go to the bit set (8 KB at most).
const NEAR: u64 = 1 << 16;

impl MexSet {
    /// An empty set.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_core::MexSet::new().mex(), onag_core::Nimber::ZERO);
    /// ```
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Makes room for values up to `bound` without reallocating.
    fn reserve(&mut self, bound: usize) {
        let words = bound / 64 + 1;
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
    }

    /// Adds a value. Every value is kept exactly; one beyond the bit set grows the set only
    /// while it would hold at most one word per value held, and otherwise waits in a list of
    /// far values (the mex is at most the number of values, so a far value rarely matters).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// set.insert(Nimber::new(1));
    /// assert_eq!(set.mex(), Nimber::ZERO);
    /// ```
    #[inline]
    pub fn insert(&mut self, value: Nimber) {
        let value = value.value();
        let word = (value / 64) as usize;
        if word >= self.words.len() && !self.grow_for(value) {
            return;
        }
        self.words[word] |= 1 << (value % 64);
        // Written only when it grows: a store on every insert would chain consecutive inserts
        // through memory, which halves the speed of the sequence engine's scans.
        if word >= self.used {
            self.used = word + 1;
        }
    }

    /// True if `value` has been inserted since the last clear.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// set.insert(Nimber::new(5));
    /// assert!(set.contains(Nimber::new(5)));
    /// assert!(!set.contains(Nimber::new(4)));
    /// ```
    pub fn contains(&self, value: Nimber) -> bool {
        let value = value.value();
        let in_words = usize::try_from(value / 64)
            .ok()
            .and_then(|word| self.words.get(word))
            .is_some_and(|word| word & (1 << (value % 64)) != 0);
        in_words || self.far.contains(&value)
    }

    /// Moves the far values that the bit set now covers into it.
    fn absorb_far(&mut self) {
        let bits = self.words.len() as u64 * 64;
        let mut index = 0;
        while index < self.far.len() {
            let far = self.far[index];
            if far < bits {
                self.far.swap_remove(index);
                let word = (far / 64) as usize;
                self.words[word] |= 1 << (far % 64);
                self.used = self.used.max(word + 1);
            } else {
                index += 1;
            }
        }
    }

    /// The cold path of [`MexSet::insert`] for a value beyond the bit set: grows the set when
    /// that keeps it within a word per value held (true), or else files the value as far.
    #[cold]
    fn grow_for(&mut self, value: u64) -> bool {
        let held = self.words[..self.used]
            .iter()
            .map(|word| word.count_ones() as u64)
            .sum::<u64>()
            + self.far.len() as u64;
        let words = value / 64 + 1;
        if value < NEAR || words <= 2 * (held + 1) {
            self.words.resize(words as usize, 0);
            self.absorb_far();
            true
        } else {
            if !self.far.contains(&value) {
                self.far.push(value);
            }
            false
        }
    }

    /// The least value not in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// for n in [0, 1, 2, 4] {
    ///     set.insert(Nimber::new(n));
    /// }
    /// assert_eq!(set.mex(), Nimber::new(3));
    /// ```
    pub fn mex(&self) -> Nimber {
        let mut candidate = self.used as u64 * 64;
        for (index, word) in self.words[..self.used].iter().enumerate() {
            if *word != u64::MAX {
                candidate = index as u64 * 64 + u64::from(word.trailing_ones());
                break;
            }
        }
        if self.far.is_empty() {
            return Nimber::new(candidate);
        }
        // Rare: far values may fill the gaps from the candidate on.
        loop {
            if !self.contains(Nimber::new(candidate)) {
                return Nimber::new(candidate);
            }
            candidate += 1;
        }
    }

    /// Adds every value of `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{MexSet, Nimber};
    ///
    /// let mut low = MexSet::new();
    /// low.insert(Nimber::new(0));
    /// let mut high = MexSet::new();
    /// high.insert(Nimber::new(1));
    /// low.union_with(&high);
    /// assert_eq!(low.mex(), Nimber::new(2));
    /// ```
    pub fn union_with(&mut self, other: &MexSet) {
        self.union_words(other.words[..other.used].iter().copied());
    }

    /// Adds the values whose bits are set in `words`: bit `i` of the `w`-th word stands for
    /// the value `64 * w + i`. Adding a bit set built elsewhere this way costs one operation
    /// per 64 values.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// set.union_words([u64::MAX, 0b1011]);
    /// assert!(set.contains(Nimber::new(63)) && set.contains(Nimber::new(67)));
    /// assert_eq!(set.mex(), Nimber::new(66));
    /// ```
    pub fn union_words(&mut self, words: impl IntoIterator<Item = u64>) {
        for (index, bits) in words.into_iter().enumerate() {
            if bits == 0 {
                continue;
            }
            if self.words.len() <= index {
                self.words.resize(index + 1, 0);
            }
            self.words[index] |= bits;
            self.used = self.used.max(index + 1);
        }
        self.absorb_far();
    }

    /// The values in the set, in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// for value in [70, 3, 5] {
    ///     set.insert(Nimber::new(value));
    /// }
    /// let values: Vec<u64> = set.iter().map(Nimber::value).collect();
    /// assert_eq!(values, [3, 5, 70]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Nimber> + '_ {
        // Far values all lie beyond the bit set, so they come last, in order.
        let mut far = self.far.clone();
        far.sort_unstable();
        let far = far.into_iter().map(Nimber::new);
        self.words[..self.used]
            .iter()
            .enumerate()
            .flat_map(|(index, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    let bit = bits.trailing_zeros();
                    bits &= bits.checked_sub(1)?;
                    Some(Nimber::new(index as u64 * 64 + u64::from(bit)))
                })
            })
            .chain(far)
    }

    /// Empties the set, keeping its memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// set.insert(Nimber::ZERO);
    /// set.clear();
    /// assert!(!set.contains(Nimber::ZERO));
    /// ```
    pub fn clear(&mut self) {
        // Most sets hold values below 64 or 128: two stores, where a fill of a slice of
        // run-time length is a call to the C library's memset, which cost the sequence engine
        // a quarter of its time on games such as 0.106 (a set cleared at every heap).
        match self.used {
            0 => {}
            1 => self.words[0] = 0,
            2 => {
                self.words[0] = 0;
                self.words[1] = 0;
            }
            used => self.words[..used].fill(0),
        }
        self.used = 0;
        self.far.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_crosses_word_boundaries() {
        assert_eq!(mex((0..64).map(Nimber::new)), Nimber::new(64));
        assert_eq!(mex((0..130).map(Nimber::new)), Nimber::new(130));
        assert_eq!(
            mex((0..200).filter(|&n| n != 128).map(Nimber::new)),
            Nimber::new(128)
        );
    }

    #[test]
    fn huge_values_are_kept_in_little_memory() {
        assert_eq!(mex([Nimber::new(u64::MAX), Nimber::ZERO]), Nimber::new(1));
        let mut set = MexSet::new();
        set.insert(Nimber::new(4_000_000_000));
        assert!(set.words.len() <= 1024, "{} words", set.words.len());
        assert!(set.contains(Nimber::new(4_000_000_000)));
        assert_eq!(set.mex(), Nimber::ZERO);
    }

    #[test]
    fn far_values_fill_gaps_exactly() {
        // 70000 is filed far at first, then the values below it arrive.
        let mut set = MexSet::new();
        set.insert(Nimber::new(70_000));
        set.insert(Nimber::new(70_002));
        for n in 0..70_000 {
            set.insert(Nimber::new(n));
        }
        assert_eq!(set.mex(), Nimber::new(70_001));
        set.insert(Nimber::new(70_001));
        assert_eq!(set.mex(), Nimber::new(70_003));
        let listed: Vec<u64> = set.iter().map(Nimber::value).skip(69_999).collect();
        assert_eq!(listed, [69_999, 70_000, 70_001, 70_002]);
    }

    #[test]
    fn clear_forgets_everything() {
        let mut set = MexSet::new();
        for n in 0..300 {
            set.insert(Nimber::new(n));
        }
        set.clear();
        assert_eq!(set.mex(), Nimber::ZERO);
        set.insert(Nimber::ZERO);
        assert_eq!(set.mex(), Nimber::new(1));
    }
}
