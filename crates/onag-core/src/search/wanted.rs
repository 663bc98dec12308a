//! What a question asks (the wanted values), what a component may still be worth while its
//! options are asked (the potential values), and what a frame answers.

use smallvec::{SmallVec, smallvec};

/// What a frame answers the frame below it: the nimber of its position, or that the nimber is
/// not among those asked for (it may give the nimber even then).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Answer {
    Value(u64),
    NotIn,
    /// Another thread is asking this component's options: ask it again after the others.
    Busy,
}

/// The nimbers a question asks for, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Wanted(pub(super) SmallVec<[u64; 4]>);

impl Wanted {
    pub(super) fn one(k: u64) -> Wanted {
        Wanted(smallvec![k])
    }

    /// Every value: the nimber itself is asked for. Held as `u64::MAX` alone, which no nimber
    /// reaches (a nimber is at most the number of options), until the options are counted.
    pub(super) fn every() -> Wanted {
        Wanted(smallvec![u64::MAX])
    }

    pub(super) fn is_every(&self) -> bool {
        self.0.as_slice() == [u64::MAX]
    }

    /// The largest value asked for.
    pub(super) fn largest(&self) -> u64 {
        self.0.last().copied().unwrap_or(0)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The values `v ^ f`: what a part must be worth for a sum with the other parts worth `f`.
    pub(super) fn xor(&self, f: u64) -> Wanted {
        let mut moved: SmallVec<[u64; 4]> = self.0.iter().map(|&v| v ^ f).collect();
        moved.sort_unstable();
        Wanted(moved)
    }

    /// Without the values below 64 whose bits are set in `not`.
    pub(super) fn without(mut self, not: u64) -> Wanted {
        self.0.retain(|v| *v >= 64 || not >> *v & 1 == 0);
        self
    }

    /// The bits of the values below 64.
    pub(super) fn low_bits(&self) -> u64 {
        self.0
            .iter()
            .filter(|&&v| v < 64)
            .fold(0, |bits, &v| bits | 1 << v)
    }
}

/// The values a component's nimber may still take while its options are asked in turn: at the
/// start 0 to the number of options (a mex of n values is at most n), less each option's value
/// found; an option found not to be worth any of those below the largest takes the largest out
/// instead (Beling & Rogalski, *On pruning search trees of impartial games*, Artificial
/// Intelligence 283, 2020). As bits.
///
/// Beside them, `found` keeps the values below 64 of the options found so far: the nimber is
/// none of them, whatever the question, and the table learns so when the question ends.
#[derive(Debug, Clone)]
pub(super) struct Potential {
    pub(super) values: SmallVec<[u64; 2]>,
    pub(super) found: u64,
}

impl Potential {
    pub(super) fn upto(n: u64) -> Potential {
        let count = n as usize + 1;
        let mut words: SmallVec<[u64; 2]> = smallvec![u64::MAX; count.div_ceil(64)];
        if count % 64 != 0 {
            *words.last_mut().expect("at least one word") = (1 << (count % 64)) - 1;
        }
        Potential {
            values: words,
            found: 0,
        }
    }

    /// Takes out `v`, an option's value: the nimber is not `v`.
    pub(super) fn found(&mut self, v: u64) {
        if v < 64 {
            self.found |= 1 << v;
        }
        self.remove(v);
    }

    /// Takes out `v` by counting (an option worth none of the values below it).
    pub(super) fn remove(&mut self, v: u64) {
        if let Some(word) = usize::try_from(v / 64)
            .ok()
            .and_then(|i| self.values.get_mut(i))
        {
            *word &= !(1 << (v % 64));
        }
    }

    pub(super) fn largest(&self) -> Option<u64> {
        self.values
            .iter()
            .enumerate()
            .rev()
            .find(|&(_, &word)| word != 0)
            .map(|(i, &word)| i as u64 * 64 + 63 - u64::from(word.leading_zeros()))
    }

    pub(super) fn least(&self) -> Option<u64> {
        self.values
            .iter()
            .enumerate()
            .find(|&(_, &word)| word != 0)
            .map(|(i, &word)| i as u64 * 64 + u64::from(word.trailing_zeros()))
    }

    pub(super) fn values(&self) -> impl Iterator<Item = u64> + '_ {
        self.values.iter().enumerate().flat_map(|(i, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros();
                    bits &= bits - 1;
                    i as u64 * 64 + u64::from(bit)
                })
            })
        })
    }

    /// Whether some value is also wanted.
    pub(super) fn meets(&self, wanted: &Wanted) -> bool {
        wanted.0.iter().any(|&v| {
            usize::try_from(v / 64)
                .ok()
                .and_then(|i| self.values.get(i))
                .is_some_and(|word| word >> (v % 64) & 1 == 1)
        })
    }

    /// What an option must be asked: the values but the largest, up to `bound`.
    pub(super) fn ask(&self, bound: u64) -> Wanted {
        let largest = self.largest();
        Wanted(
            self.values()
                .take_while(|&v| v <= bound)
                .filter(|&v| Some(v) != largest)
                .collect(),
        )
    }
}
