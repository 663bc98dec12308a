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
/// One pass over the values into a bit set of `len + 1` bits, then a scan of that set by
/// words: O(len) time and O(len / 64) words of memory. Nothing is sorted.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, mex};
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
    set.reserve(values.size_hint().0);
    for value in values {
        set.insert(value);
    }
    set.mex()
}

/// A reusable bit set for computing many mexes without reallocating.
///
/// Values above an adjustable bound are stored too; the set grows by whole 64-bit words.
/// [`MexSet::clear`] keeps the memory for the next position.
///
/// # Examples
///
/// ```
/// use cgt_core::{MexSet, Nimber};
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
}

impl MexSet {
    /// An empty set.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(cgt_core::MexSet::new().mex(), cgt_core::Nimber::ZERO);
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

    /// Adds a value. Values too large to matter for any mex this set can report are still kept
    /// exactly, up to `u32::MAX`; larger ones can never be the answer's predecessors in a set
    /// held in memory, so they are ignored.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// set.insert(Nimber::new(1));
    /// assert_eq!(set.mex(), Nimber::ZERO);
    /// ```
    #[inline]
    pub fn insert(&mut self, value: Nimber) {
        let Ok(index) = u32::try_from(value.value()) else {
            return;
        };
        let word = index as usize / 64;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (index % 64);
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
    /// use cgt_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// set.insert(Nimber::new(5));
    /// assert!(set.contains(Nimber::new(5)));
    /// assert!(!set.contains(Nimber::new(4)));
    /// ```
    pub fn contains(&self, value: Nimber) -> bool {
        let Ok(index) = u32::try_from(value.value()) else {
            return false;
        };
        self.words
            .get(index as usize / 64)
            .is_some_and(|word| word & (1 << (index % 64)) != 0)
    }

    /// The least value not in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// for n in [0, 1, 2, 4] {
    ///     set.insert(Nimber::new(n));
    /// }
    /// assert_eq!(set.mex(), Nimber::new(3));
    /// ```
    pub fn mex(&self) -> Nimber {
        for (index, word) in self.words[..self.used].iter().enumerate() {
            if *word != u64::MAX {
                return Nimber::new(index as u64 * 64 + u64::from(word.trailing_ones()));
            }
        }
        Nimber::new(self.used as u64 * 64)
    }

    /// Adds every value of `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_core::{MexSet, Nimber};
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
    /// use cgt_core::{MexSet, Nimber};
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
    }

    /// The values in the set, in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// for value in [70, 3, 5] {
    ///     set.insert(Nimber::new(value));
    /// }
    /// let values: Vec<u64> = set.iter().map(Nimber::value).collect();
    /// assert_eq!(values, [3, 5, 70]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Nimber> + '_ {
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
    }

    /// Empties the set, keeping its memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_core::{MexSet, Nimber};
    ///
    /// let mut set = MexSet::new();
    /// set.insert(Nimber::ZERO);
    /// set.clear();
    /// assert!(!set.contains(Nimber::ZERO));
    /// ```
    pub fn clear(&mut self) {
        self.words[..self.used].fill(0);
        self.used = 0;
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
    fn huge_values_are_ignored() {
        assert_eq!(mex([Nimber::new(u64::MAX), Nimber::ZERO]), Nimber::new(1));
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
