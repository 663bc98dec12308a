//! [`Heaps`]: a position of a heap game, stored compactly.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// How many encoded bytes fit without an allocation: 14 heaps below 128, or one heap of any
/// size with four small ones. With the length byte and the tag this makes `Heaps` 16 bytes.
const INLINE: usize = 14;

/// The heap sizes of a position, in order, packed into a small inline buffer.
///
/// Each heap is written as a variable-length number (7 bits a byte, LEB128): a heap below 128
/// takes one byte, `u64::MAX` ten. Up to 14 bytes live inside the value itself (16 bytes in
/// all), so the positions a solver remembers for Nim-like games need no allocation of their own
/// and compare without following a pointer. That halves the solver's memory and its cache
/// misses against a `Vec<u64>`. Longer positions spill to the heap transparently.
///
/// Heaps keep their order and their zeros: `Heaps::from([3, 0, 5])` is the position the player
/// wrote, and a move changes one heap in place.
///
/// # Examples
///
/// ```
/// use cgt_games::Heaps;
///
/// let position = Heaps::from([3, 4, 5]);
/// assert_eq!(position.len(), 3);
/// assert_eq!(position.to_vec(), vec![3, 4, 5]);
/// assert_eq!(position.to_string(), "3 4 5");
/// assert_eq!(format!("{position:?}"), "[3, 4, 5]");
/// assert_eq!(position, Heaps::from(vec![3, 4, 5]));
/// let big: Heaps = [u64::MAX, 0, 1 << 40].into_iter().collect();
/// assert_eq!(big.iter().max(), Some(u64::MAX));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Heaps(Repr);

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    Inline {
        len: u8,
        bytes: [u8; INLINE],
    },
    /// Boxed twice so that the pointer is thin and `Heaps` stays two words; spilled positions
    /// are rare (more than 14 heaps, or several heaps of 2^28 and more).
    #[expect(
        clippy::box_collection,
        reason = "a thin pointer keeps Heaps at 16 bytes, which halves the solver's memory"
    )]
    Spilled(Box<Vec<u8>>),
}

impl Heaps {
    /// The position with no heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(cgt_games::Heaps::new().is_empty());
    /// ```
    pub const fn new() -> Heaps {
        Heaps(Repr::Inline {
            len: 0,
            bytes: [0; INLINE],
        })
    }

    /// The position of one heap of `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(cgt_games::Heaps::one(9).to_vec(), vec![9]);
    /// ```
    #[inline]
    pub fn one(n: u64) -> Heaps {
        if n < 0x80 {
            // The common case, written directly: one byte.
            let mut bytes = [0; INLINE];
            bytes[0] = n as u8;
            return Heaps(Repr::Inline { len: 1, bytes });
        }
        let mut buffer = Buffer::new();
        buffer.push(n);
        buffer.finish()
    }

    /// The encoded bytes.
    #[inline]
    fn bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Inline { len, bytes } => &bytes[..usize::from(*len)],
            Repr::Spilled(bytes) => bytes.as_slice(),
        }
    }

    /// The heap sizes, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// let heaps = cgt_games::Heaps::from([1, 200, 3]);
    /// assert_eq!(heaps.iter().sum::<u64>(), 204);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.spans().map(|(_, value)| value)
    }

    /// Each heap with the byte range that encodes it.
    #[inline]
    pub(crate) fn spans(&self) -> Spans<'_> {
        Spans {
            bytes: self.bytes(),
            offset: 0,
        }
    }

    /// The number of heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(cgt_games::Heaps::from([0, 0, 7]).len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.bytes().iter().filter(|&&byte| byte < 0x80).count()
    }

    /// True for the position with no heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!cgt_games::Heaps::one(0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.bytes().is_empty()
    }

    /// The heap sizes as a vector.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(cgt_games::Heaps::from([2, 1]).to_vec(), vec![2, 1]);
    /// ```
    pub fn to_vec(&self) -> Vec<u64> {
        self.iter().collect()
    }

    /// This position with heap `index` (from 0) replaced by the heaps of `option`: the position a
    /// move in that heap leads to. `None` when there is no heap `index`.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_games::Heaps;
    ///
    /// let position = Heaps::from([3, 4, 5]);
    /// assert_eq!(position.replace(1, &Heaps::from([1, 2])), Some(Heaps::from([3, 1, 2, 5])));
    /// assert_eq!(position.replace(3, &Heaps::one(0)), None);
    /// ```
    pub fn replace(&self, index: usize, option: &Heaps) -> Option<Heaps> {
        let (range, _) = self.spans().nth(index)?;
        Some(self.splice(range, option))
    }

    /// This position with the heap encoded at `range` replaced by the heaps of `option`.
    #[inline]
    pub(crate) fn splice(&self, range: std::ops::Range<usize>, option: &Heaps) -> Heaps {
        let bytes = self.bytes();
        let inserted = option.bytes();
        let total = bytes.len() - range.len() + inserted.len();
        if let Repr::Inline { bytes: outer, .. } = &self.0 {
            if total <= INLINE {
                // Both fit in a 128-bit word: shifts and masks in registers, where copying
                // slices of varying length costs three calls to `memcpy`. The option, just
                // built byte by byte, is read byte by byte too: one wide read of narrow writes
                // stalls the processor.
                let mut buffer = [0; 16];
                buffer[..INLINE].copy_from_slice(outer);
                let outer = u128::from_le_bytes(buffer) & low_bytes(bytes.len());
                let inner = inserted
                    .iter()
                    .rev()
                    .fold(0, |word, &byte| word << 8 | u128::from(byte));
                let out = (outer & low_bytes(range.start))
                    | inner << (8 * range.start)
                    | (outer >> (8 * range.end)) << (8 * (range.start + inserted.len()));
                let mut bytes = [0; INLINE];
                bytes.copy_from_slice(&out.to_le_bytes()[..INLINE]);
                return Heaps(Repr::Inline {
                    len: total as u8,
                    bytes,
                });
            }
        }
        if total <= INLINE {
            // A spilled position that shrinks back into the inline buffer.
            let mut out = [0; INLINE];
            let tail = range.start + inserted.len();
            out[..range.start].copy_from_slice(&bytes[..range.start]);
            out[range.start..tail].copy_from_slice(inserted);
            out[tail..total].copy_from_slice(&bytes[range.end..]);
            return Heaps(Repr::Inline {
                len: total as u8,
                bytes: out,
            });
        }
        let mut buffer = Buffer::new();
        buffer.extend_bytes(&bytes[..range.start]);
        buffer.extend_bytes(inserted);
        buffer.extend_bytes(&bytes[range.end..]);
        buffer.finish()
    }

    /// The heaps of all the positions, one after another.
    pub(crate) fn concat(parts: &[Heaps]) -> Heaps {
        let mut buffer = Buffer::new();
        for part in parts {
            buffer.extend_bytes(part.bytes());
        }
        buffer.finish()
    }
}

/// The `n` lowest bytes of a 128-bit word set, `n <= 16`.
#[inline]
fn low_bytes(n: usize) -> u128 {
    u128::MAX.checked_shr(128 - 8 * n as u32).unwrap_or(0)
}

impl Default for Heaps {
    fn default() -> Heaps {
        Heaps::new()
    }
}

impl Hash for Heaps {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write(self.bytes());
    }
}

impl Ord for Heaps {
    /// Lexicographic by heap sizes, as `Vec<u64>` compares.
    fn cmp(&self, other: &Heaps) -> Ordering {
        self.iter().cmp(other.iter())
    }
}

impl PartialOrd for Heaps {
    fn partial_cmp(&self, other: &Heaps) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Heaps {
    /// The heaps separated by spaces, as a player writes them; `(no heaps)` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("(no heaps)");
        }
        for (index, heap) in self.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{heap}")?;
        }
        Ok(())
    }
}

impl FromIterator<u64> for Heaps {
    fn from_iter<I: IntoIterator<Item = u64>>(heaps: I) -> Heaps {
        let mut buffer = Buffer::new();
        for heap in heaps {
            buffer.push(heap);
        }
        buffer.finish()
    }
}

impl From<&[u64]> for Heaps {
    fn from(heaps: &[u64]) -> Heaps {
        heaps.iter().copied().collect()
    }
}

impl From<Vec<u64>> for Heaps {
    fn from(heaps: Vec<u64>) -> Heaps {
        heaps.into_iter().collect()
    }
}

impl<const N: usize> From<[u64; N]> for Heaps {
    fn from(heaps: [u64; N]) -> Heaps {
        heaps.into_iter().collect()
    }
}

impl From<&Heaps> for Vec<u64> {
    fn from(heaps: &Heaps) -> Vec<u64> {
        heaps.to_vec()
    }
}

/// Decodes heaps with their byte ranges.
pub(crate) struct Spans<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl Iterator for Spans<'_> {
    type Item = (std::ops::Range<usize>, u64);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let start = self.offset;
        let mut value = 0u64;
        let mut shift = 0;
        while let Some(&byte) = self.bytes.get(self.offset) {
            self.offset += 1;
            value |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Some((start..self.offset, value));
            }
            shift += 7;
        }
        None
    }
}

/// Builds a `Heaps`, inline while it fits.
struct Buffer {
    inline: [u8; INLINE],
    len: usize,
    spilled: Vec<u8>,
}

impl Buffer {
    fn new() -> Buffer {
        Buffer {
            inline: [0; INLINE],
            len: 0,
            spilled: Vec::new(),
        }
    }

    fn push(&mut self, mut value: u64) {
        let mut encoded = [0u8; 10];
        let mut used = 0;
        loop {
            let low = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                encoded[used] = low;
                used += 1;
                break;
            }
            encoded[used] = low | 0x80;
            used += 1;
        }
        self.extend_bytes(&encoded[..used]);
    }

    fn extend_bytes(&mut self, bytes: &[u8]) {
        if self.spilled.is_empty() && self.len + bytes.len() <= INLINE {
            self.inline[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
        } else {
            if self.spilled.is_empty() {
                self.spilled.extend_from_slice(&self.inline[..self.len]);
            }
            self.spilled.extend_from_slice(bytes);
        }
    }

    fn finish(self) -> Heaps {
        if self.spilled.is_empty() {
            Heaps(Repr::Inline {
                // At most INLINE (14) bytes, so the length fits in a u8.
                len: self.len as u8,
                bytes: self.inline,
            })
        } else {
            Heaps(Repr::Spilled(Box::new(self.spilled)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_spills() {
        let values: Vec<u64> = (0..40).map(|i| (1u64 << (i % 64)) - 1).collect();
        for length in 0..values.len() {
            let heaps = Heaps::from(&values[..length]);
            assert_eq!(heaps.to_vec(), &values[..length]);
            assert_eq!(heaps.len(), length);
        }
        assert_eq!(Heaps::from([u64::MAX]).to_vec(), vec![u64::MAX]);
    }

    #[test]
    fn equal_positions_are_equal_however_built() {
        let long: Vec<u64> = (0..30).map(|i| i * 1000).collect();
        let direct = Heaps::from(long.clone());
        let spliced = Heaps::from(&long[..29]).splice(0..0, &Heaps::new());
        let joined = Heaps::concat(&[spliced, Heaps::one(29_000)]);
        assert_eq!(direct, joined);
        // Inline and spilled never hold the same position: the representation is canonical.
        let short = Heaps::from([1, 2]);
        let rebuilt = Heaps::concat(&[Heaps::one(1), Heaps::one(2)]);
        assert_eq!(short, rebuilt);
    }

    #[test]
    fn replacing_a_heap_matches_the_vector_edit() {
        // Heaps of one, two and three bytes; options of no heap to several; results inline,
        // exactly full (14 bytes) and spilled.
        let sizes = [0u64, 5, 127, 128, 300, 16_383, 16_384, 1 << 20];
        let options: Vec<Vec<u64>> = vec![vec![], vec![0], vec![7], vec![200, 3], vec![1 << 20; 3]];
        for length in 1..=6 {
            let heaps: Vec<u64> = (0..length).map(|i| sizes[(i * 3 + length) % 8]).collect();
            let position = Heaps::from(heaps.clone());
            for index in 0..length {
                for option in &options {
                    let mut expected = heaps.clone();
                    expected.splice(index..=index, option.iter().copied());
                    let replaced = position.replace(index, &Heaps::from(option.clone()));
                    assert_eq!(
                        replaced,
                        Some(Heaps::from(expected.clone())),
                        "{heaps:?} {index}"
                    );
                    assert_eq!(replaced.map(|heaps| heaps.to_vec()), Some(expected));
                }
            }
        }
    }

    #[test]
    fn size_is_two_words() {
        assert_eq!(std::mem::size_of::<Heaps>(), 16);
        assert_eq!(std::mem::size_of::<Option<(Heaps, u64)>>(), 24);
    }
}
