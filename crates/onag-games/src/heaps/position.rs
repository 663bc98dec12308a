//! [`Heaps`]: a position of a heap game, stored compactly.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Range;

/// How many encoded bytes fit without an allocation: 14 heaps below 128, or one heap of any
/// size with four small ones. With the length byte, which also tells the two representations
/// apart, and one byte of padding this makes `Heaps` 16 bytes.
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
/// use onag_games::Heaps;
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
    Inline(Inline),
    /// Boxed twice so that the pointer is thin and `Heaps` stays two words; spilled positions
    /// are rare (more than 14 heaps, or several heaps of 2^28 and more).
    #[expect(
        clippy::box_collection,
        reason = "a thin pointer keeps Heaps at 16 bytes, which halves the solver's memory"
    )]
    Spilled(Box<Vec<u8>>),
}

/// An inline position: up to 14 encoded bytes, low to high and zero past the end, then their
/// count. They are held in integer fields, which the compiler keeps in registers and stores
/// and loads whole; a byte array is stored piecewise and read back wide, and every such read
/// waits for the stores to drain. The count's unused values mark a spilled position, so
/// `Heaps` needs no separate tag.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C)]
struct Inline {
    low: u64,
    mid: u32,
    small: u16,
    len: Len,
}

impl Inline {
    /// The position of the `len` bytes in `bytes`, low byte first; the bits above them must be
    /// zero.
    #[inline]
    const fn new(bytes: u128, len: usize) -> Inline {
        Inline {
            low: bytes as u64,
            mid: (bytes >> 64) as u32,
            small: (bytes >> 96) as u16,
            len: Len::new(len),
        }
    }

    /// The bytes as one word, low byte first.
    #[inline]
    fn bytes(self) -> u128 {
        u128::from(self.low) | u128::from(self.mid) << 64 | u128::from(self.small) << 96
    }

    /// The bytes with their count in the top byte: the whole position in one word.
    #[inline]
    fn word(self) -> u128 {
        self.bytes() | (self.len as u128) << 120
    }

    #[inline]
    fn len(self) -> usize {
        usize::from(self.len as u8)
    }
}

/// The length of an inline position, 0 to 14 bytes. Its other 241 values are free, so the
/// compiler marks a spilled position in the same byte instead of adding a tag.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Len {
    L0,
    L1,
    L2,
    L3,
    L4,
    L5,
    L6,
    L7,
    L8,
    L9,
    L10,
    L11,
    L12,
    L13,
    L14,
}

impl Len {
    /// The length `n`, at most [`INLINE`].
    #[inline]
    const fn new(n: usize) -> Len {
        const ALL: [Len; INLINE + 1] = [
            Len::L0,
            Len::L1,
            Len::L2,
            Len::L3,
            Len::L4,
            Len::L5,
            Len::L6,
            Len::L7,
            Len::L8,
            Len::L9,
            Len::L10,
            Len::L11,
            Len::L12,
            Len::L13,
            Len::L14,
        ];
        ALL[n]
    }
}

/// The encoded bytes of a position: copied out of an inline one, borrowed from a spilled one.
enum Bytes<'a> {
    Inline([u8; 16], usize),
    Spilled(&'a [u8]),
}

impl Bytes<'_> {
    #[inline]
    fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Inline(bytes, len) => &bytes[..*len],
            Bytes::Spilled(bytes) => bytes,
        }
    }
}

impl Heaps {
    /// The bytes the position keeps on the heap: none unless it has spilled (more than 14
    /// heaps, or several very large ones), for the solvers' memory budgets
    /// ([`ImpartialGame::position_bytes`](onag_core::ImpartialGame::position_bytes)).
    pub fn heap_bytes(&self) -> usize {
        match &self.0 {
            Repr::Inline(_) => 0,
            Repr::Spilled(bytes) => {
                onag_core::heap_bytes::<Vec<u8>>(1) + onag_core::heap_bytes::<u8>(bytes.capacity())
            }
        }
    }

    /// The position with no heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(onag_games::Heaps::new().is_empty());
    /// ```
    pub const fn new() -> Heaps {
        Heaps(Repr::Inline(Inline::new(0, 0)))
    }

    /// The position of one heap of `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::Heaps::one(9).to_vec(), vec![9]);
    /// ```
    #[inline]
    pub fn one(n: u64) -> Heaps {
        if n < 0x80 {
            // The common case, written directly: one byte.
            return Heaps::inline(u128::from(n), 1);
        }
        let mut buffer = Buffer::new();
        buffer.push(n);
        buffer.finish()
    }

    /// The encoded bytes.
    #[inline]
    fn bytes(&self) -> Bytes<'_> {
        match &self.0 {
            Repr::Inline(inline) => Bytes::Inline(inline.bytes().to_le_bytes(), inline.len()),
            Repr::Spilled(bytes) => Bytes::Spilled(bytes),
        }
    }

    /// The number of encoded bytes.
    #[inline]
    fn byte_len(&self) -> usize {
        match &self.0 {
            Repr::Inline(inline) => inline.len(),
            Repr::Spilled(bytes) => bytes.len(),
        }
    }

    /// The inline position of the `len` bytes in `bytes`, low byte first; the bits above them
    /// must be zero.
    #[inline]
    fn inline(bytes: u128, len: usize) -> Heaps {
        Heaps(Repr::Inline(Inline::new(bytes, len)))
    }

    /// The heap sizes, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// let heaps = onag_games::Heaps::from([1, 200, 3]);
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
    /// assert_eq!(onag_games::Heaps::from([0, 0, 7]).len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            // Each heap ends with the one byte of it whose top bit is clear.
            Repr::Inline(inline) => {
                let continuing = inline.bytes() & (u128::MAX / 0xff * 0x80);
                inline.len() - continuing.count_ones() as usize
            }
            Repr::Spilled(bytes) => bytes.iter().filter(|&&byte| byte < 0x80).count(),
        }
    }

    /// True for the position with no heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!onag_games::Heaps::one(0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.byte_len() == 0
    }

    /// The heap sizes as a vector.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::Heaps::from([2, 1]).to_vec(), vec![2, 1]);
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
    /// use onag_games::Heaps;
    ///
    /// let position = Heaps::from([3, 4, 5]);
    /// assert_eq!(position.replace(1, &Heaps::from([1, 2])), Some(Heaps::from([3, 1, 2, 5])));
    /// assert_eq!(position.replace(3, &Heaps::one(0)), None);
    /// ```
    pub fn replace(&self, index: usize, option: &Heaps) -> Option<Heaps> {
        let (range, _) = self.spans().nth(index)?;
        Some(self.hole(range).fill(option))
    }

    /// The standard form of this position: its heaps in increasing order, empty heaps dropped.
    /// Two positions with the same canonical form are the same game (a sum does not depend
    /// on the order of its terms, and an empty heap has no move).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::Heaps;
    ///
    /// assert_eq!(Heaps::from([5, 0, 3, 3]).canonical(), Heaps::from([3, 3, 5]));
    /// assert!(Heaps::from([0, 0]).canonical().is_empty());
    /// ```
    pub fn canonical(&self) -> Heaps {
        // Asked of every move a search meets: a position already in order is kept, and a short
        // one is sorted on the stack, so that neither allocates (a fifth of the time of a
        // misère search of Kayles positions went to the allocating sort).
        const SHORT: usize = 16;
        let mut buffer = [0u64; SHORT];
        let (mut len, mut in_order, mut previous) = (0, true, 1);
        for heap in self.iter() {
            in_order &= heap >= previous;
            previous = heap;
            if heap > 0 {
                if len == SHORT {
                    let mut heaps: Vec<u64> = self.iter().filter(|&heap| heap > 0).collect();
                    heaps.sort_unstable();
                    return Heaps::from(heaps);
                }
                buffer[len] = heap;
                len += 1;
            }
        }
        // An inline position in order is already what the sort would build (a spilled one is
        // rebuilt, in case it would now fit inline).
        if in_order && matches!(self.0, Repr::Inline(_)) {
            return self.clone();
        }
        let heaps = &mut buffer[..len];
        heaps.sort_unstable();
        Heaps::from(&heaps[..])
    }

    /// This position with the heap encoded at `range` taken out, ready for options to fill.
    #[inline]
    pub(crate) fn hole(&self, range: Range<usize>) -> Hole<'_> {
        let words = match &self.0 {
            Repr::Inline(inline) => {
                let bytes = inline.bytes();
                Some((bytes & low_bytes(range.start), bytes >> (8 * range.end)))
            }
            Repr::Spilled(_) => None,
        };
        Hole {
            heaps: self,
            rest: self.byte_len() - range.len(),
            range,
            words,
        }
    }

    /// This position with the heap encoded at `range` replaced by the heaps of `option`, byte
    /// by byte: the way for positions that are, or become, too long to be inline.
    fn splice(&self, range: Range<usize>, option: &Heaps) -> Heaps {
        let bytes = self.bytes();
        let bytes = bytes.as_slice();
        let inserted = option.bytes();
        let inserted = inserted.as_slice();
        let total = bytes.len() - range.len() + inserted.len();
        if total <= INLINE {
            let out = bytes[range.end..]
                .iter()
                .rev()
                .chain(inserted.iter().rev())
                .chain(bytes[..range.start].iter().rev())
                .fold(0, |word, &byte| word << 8 | u128::from(byte));
            return Heaps::inline(out, total);
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
            buffer.extend_bytes(part.bytes().as_slice());
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
    /// An inline position is hashed as one 128-bit word, its bytes and its length, which a
    /// hasher takes in registers; a spilled one as its bytes. The two never hold equal
    /// positions, so they need not hash alike.
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Inline(inline) => state.write_u128(inline.word()),
            Repr::Spilled(bytes) => state.write(bytes),
        }
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
    bytes: Bytes<'a>,
    offset: usize,
}

impl Iterator for Spans<'_> {
    type Item = (Range<usize>, u64);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let start = self.offset;
        let mut value = 0u64;
        let mut shift = 0;
        while let Some(&byte) = self.bytes.as_slice().get(self.offset) {
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

/// A position with one heap taken out, each of whose options [`Hole::fill`] puts in its place.
/// For an inline position the bytes on either side are kept as words, so that filling in an
/// inline option is a few shifts in registers.
pub(crate) struct Hole<'a> {
    heaps: &'a Heaps,
    range: Range<usize>,
    /// How many bytes the position keeps around the hole.
    rest: usize,
    /// An inline position's bytes before the hole, and those after it shifted down to byte 0.
    words: Option<(u128, u128)>,
}

impl Hole<'_> {
    /// The position with `option` in the hole.
    #[inline]
    pub(crate) fn fill(&self, option: &Heaps) -> Heaps {
        if let (Some((before, after)), Repr::Inline(inner)) = (self.words, &option.0) {
            let inserted = inner.len();
            let total = self.rest + inserted;
            if total <= INLINE {
                let start = self.range.start;
                let bytes =
                    before | inner.bytes() << (8 * start) | after << (8 * (start + inserted));
                return Heaps::inline(bytes, total);
            }
        }
        self.heaps.splice(self.range.clone(), option)
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
            let mut bytes = [0; 16];
            bytes[..INLINE].copy_from_slice(&self.inline);
            Heaps::inline(u128::from_le_bytes(bytes), self.len)
        } else {
            Heaps(Repr::Spilled(Box::new(self.spilled)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_sorts_and_drops_empty_heaps_at_every_length() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for length in 0..40usize {
            for round in 0..20 {
                let heaps: Vec<u64> = (0..length)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        // Small heaps with zeros among them, and now and then a huge one.
                        if state % 11 == 0 {
                            state >> 20
                        } else {
                            state % 6
                        }
                    })
                    .collect();
                let mut expected: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
                expected.sort_unstable();
                // Half the rounds start from a position already in order.
                let start = if round % 2 == 0 {
                    heaps.clone()
                } else {
                    expected.clone()
                };
                let canonical = Heaps::from(start).canonical();
                assert_eq!(canonical.to_vec(), expected);
                assert_eq!(canonical, Heaps::from(expected));
            }
        }
    }

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
