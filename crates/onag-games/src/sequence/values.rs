//! [`Values`]: a Grundy sequence stored in as few bytes per value as its values need.

/// A growing list of Grundy values, stored as `u8` while every value fits, then as `u16`,
/// `u32` or `u64`: most heap games never pass 255, and those that reach the thousands (octal
/// games such as 0.6, Grundy's game past n = 10^6) fit in two bytes, so a sequence of
/// 10<sup>8</sup> values takes at most 200 MB.
///
/// # Examples
///
/// ```
/// use onag_games::Values;
///
/// let mut values = Values::new();
/// values.push(3);
/// assert_eq!(values.bytes_per_value(), 1);
/// values.push(300);
/// assert_eq!(values.bytes_per_value(), 2);
/// assert_eq!(values.iter().collect::<Vec<_>>(), vec![3, 300]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Values(Repr);

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Repr {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

impl Default for Repr {
    fn default() -> Repr {
        Repr::U8(Vec::new())
    }
}

/// An unsigned integer type values can be stored as.
pub(crate) trait Cell: Copy + Send + Sync + 'static + TryFrom<u64> {
    /// The value as a `u64`.
    fn widen(self) -> u64;

    /// `value` in this type, if it fits.
    fn narrow(value: u64) -> Option<Self> {
        Self::try_from(value).ok()
    }
}

impl Cell for u8 {
    fn widen(self) -> u64 {
        u64::from(self)
    }
}

impl Cell for u16 {
    fn widen(self) -> u64 {
        u64::from(self)
    }
}

impl Cell for u32 {
    fn widen(self) -> u64 {
        u64::from(self)
    }
}

impl Cell for u64 {
    fn widen(self) -> u64 {
        self
    }
}

/// Runs `$body` with `$slice` bound to the stored values as a slice of their own type.
macro_rules! with_slice {
    ($values:expr, $slice:ident => $body:expr) => {
        match $values.repr() {
            $crate::sequence::values::Repr::U8($slice) => $body,
            $crate::sequence::values::Repr::U16($slice) => $body,
            $crate::sequence::values::Repr::U32($slice) => $body,
            $crate::sequence::values::Repr::U64($slice) => $body,
        }
    };
}
pub(crate) use with_slice;

/// As `with_slice!`, with the values as a `Vec` of their own type, to change.
macro_rules! with_slice_mut {
    ($values:expr, $cells:ident => $body:expr) => {
        match $values.repr_mut() {
            $crate::sequence::values::Repr::U8($cells) => $body,
            $crate::sequence::values::Repr::U16($cells) => $body,
            $crate::sequence::values::Repr::U32($cells) => $body,
            $crate::sequence::values::Repr::U64($cells) => $body,
        }
    };
}
pub(crate) use with_slice_mut;

/// An iterator over the values of any width.
enum Iter<'a> {
    U8(std::slice::Iter<'a, u8>),
    U16(std::slice::Iter<'a, u16>),
    U32(std::slice::Iter<'a, u32>),
    U64(std::slice::Iter<'a, u64>),
}

impl Iterator for Iter<'_> {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        match self {
            Iter::U8(cells) => cells.next().map(|&cell| cell.widen()),
            Iter::U16(cells) => cells.next().map(|&cell| cell.widen()),
            Iter::U32(cells) => cells.next().map(|&cell| cell.widen()),
            Iter::U64(cells) => cells.next().copied(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let length = match self {
            Iter::U8(cells) => cells.len(),
            Iter::U16(cells) => cells.len(),
            Iter::U32(cells) => cells.len(),
            Iter::U64(cells) => cells.len(),
        };
        (length, Some(length))
    }

    fn nth(&mut self, n: usize) -> Option<u64> {
        match self {
            Iter::U8(cells) => cells.nth(n).map(|&cell| cell.widen()),
            Iter::U16(cells) => cells.nth(n).map(|&cell| cell.widen()),
            Iter::U32(cells) => cells.nth(n).map(|&cell| cell.widen()),
            Iter::U64(cells) => cells.nth(n).copied(),
        }
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<u64> {
        match self {
            Iter::U8(cells) => cells.next_back().map(|&cell| cell.widen()),
            Iter::U16(cells) => cells.next_back().map(|&cell| cell.widen()),
            Iter::U32(cells) => cells.next_back().map(|&cell| cell.widen()),
            Iter::U64(cells) => cells.next_back().copied(),
        }
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// `cells` in a wider type, keeping the room reserved beyond them.
fn widened<A: Copy, B: From<A>>(cells: &[A], capacity: usize) -> Vec<B> {
    let mut wide = Vec::with_capacity(capacity);
    wide.extend(cells.iter().map(|&cell| B::from(cell)));
    wide
}

impl Values {
    /// An empty list.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(onag_games::Values::new().is_empty());
    /// ```
    pub fn new() -> Values {
        Values::default()
    }

    pub(crate) fn repr(&self) -> &Repr {
        &self.0
    }

    pub(crate) fn repr_mut(&mut self) -> &mut Repr {
        &mut self.0
    }

    /// Appends a value, widening the storage if it does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut values = onag_games::Values::new();
    /// values.push(70_000);
    /// assert_eq!(values.get(0), Some(70_000));
    /// ```
    pub fn push(&mut self, value: u64) {
        loop {
            match &mut self.0 {
                Repr::U8(cells) => match u8::try_from(value) {
                    Ok(cell) => return cells.push(cell),
                    Err(_) => self.0 = Repr::U16(widened(cells, cells.capacity())),
                },
                Repr::U16(cells) => match u16::try_from(value) {
                    Ok(cell) => return cells.push(cell),
                    Err(_) => self.0 = Repr::U32(widened(cells, cells.capacity())),
                },
                Repr::U32(cells) => match u32::try_from(value) {
                    Ok(cell) => return cells.push(cell),
                    Err(_) => self.0 = Repr::U64(widened(cells, cells.capacity())),
                },
                Repr::U64(cells) => return cells.push(value),
            }
        }
    }

    /// Makes room for `additional` more values of the present width, exactly: a long run
    /// that knows its length never holds a doubled buffer.
    pub(crate) fn reserve_exact(&mut self, additional: usize) {
        with_slice_mut!(self, cells => cells.reserve_exact(additional))
    }

    /// The value at `index`, if stored.
    ///
    /// # Examples
    ///
    /// ```
    /// let values: onag_games::Values = [0, 1, 2].into_iter().collect();
    /// assert_eq!(values.get(2), Some(2));
    /// assert_eq!(values.get(3), None);
    /// ```
    pub fn get(&self, index: usize) -> Option<u64> {
        with_slice!(self, cells => cells.get(index).map(|&cell| Cell::widen(cell)))
    }

    /// How many values are stored.
    ///
    /// # Examples
    ///
    /// ```
    /// let values: onag_games::Values = [5, 6].into_iter().collect();
    /// assert_eq!(values.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        with_slice!(self, cells => cells.len())
    }

    /// True when nothing is stored.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(onag_games::Values::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The stored values in order.
    ///
    /// # Examples
    ///
    /// ```
    /// let values: onag_games::Values = [1, 0].into_iter().collect();
    /// assert_eq!(values.iter().sum::<u64>(), 1);
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u64> + ExactSizeIterator + '_ {
        // One iterator type for every width: a match per value, which the processor predicts,
        // where a boxed iterator cost an indirect call per value.
        match &self.0 {
            Repr::U8(cells) => Iter::U8(cells.iter()),
            Repr::U16(cells) => Iter::U16(cells.iter()),
            Repr::U32(cells) => Iter::U32(cells.iter()),
            Repr::U64(cells) => Iter::U64(cells.iter()),
        }
    }

    /// The bytes each value takes now: 1, 2, 4 or 8.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::Values::new().bytes_per_value(), 1);
    /// ```
    pub fn bytes_per_value(&self) -> usize {
        match self.0 {
            Repr::U8(_) => 1,
            Repr::U16(_) => 2,
            Repr::U32(_) => 4,
            Repr::U64(_) => 8,
        }
    }

    /// Cuts the list to its first `length` values.
    pub(crate) fn truncate(&mut self, length: usize) {
        match &mut self.0 {
            Repr::U8(cells) => cells.truncate(length),
            Repr::U16(cells) => cells.truncate(length),
            Repr::U32(cells) => cells.truncate(length),
            Repr::U64(cells) => cells.truncate(length),
        }
    }
}

impl FromIterator<u64> for Values {
    fn from_iter<I: IntoIterator<Item = u64>>(iter: I) -> Values {
        let mut values = Values::new();
        for value in iter {
            values.push(value);
        }
        values
    }
}
