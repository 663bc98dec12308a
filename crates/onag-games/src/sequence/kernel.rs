//! The moves of a take-and-break code, sorted by what they leave: the shape every method of
//! the engine works from.

use crate::TakeAndBreak;

/// The moves of a take-and-break code, sorted by what they leave.
pub(super) struct Kernel {
    /// Takes k (below the repeating part) that may leave one heap.
    pub(super) singles: Vec<u64>,
    /// Takes k that may leave two heaps, with whether they must differ.
    pub(super) pairs: Vec<(u64, bool)>,
    /// Takes k that may leave `parts >= 3` heaps: (k, parts, distinct).
    pub(super) more: Vec<(u64, u32, bool)>,
    /// Whether taking all of a heap of n is a move, for n below `explicit`, and beyond.
    pub(super) whole: Vec<bool>,
    pub(super) tail_whole: bool,
    /// Where the repeating digit starts.
    pub(super) explicit: u64,
    pub(super) tail_single: bool,
    pub(super) tail_pair: bool,
    pub(super) max_take: u64,
    pub(super) max_parts: u32,
    /// The largest take that may split, bounding how long a total's splits are reused.
    pub(super) max_split_take: u64,
}

impl Kernel {
    pub(super) fn new(game: &TakeAndBreak) -> Kernel {
        let digits = game.explicit_digits();
        let mut kernel = Kernel {
            singles: Vec::new(),
            pairs: Vec::new(),
            more: Vec::new(),
            whole: digits.iter().map(|&digit| digit & 1 != 0).collect(),
            tail_whole: game.tail().is_some_and(|tail| tail & 1 != 0),
            explicit: digits.len() as u64,
            tail_single: game.tail().is_some_and(|tail| tail & 2 != 0),
            tail_pair: game.tail().is_some_and(|tail| tail & 4 != 0),
            max_take: game.max_take().unwrap_or(u64::MAX),
            max_parts: game.max_parts(),
            max_split_take: 0,
        };
        for (k, &digit) in digits.iter().enumerate() {
            let k = k as u64;
            if digit & 2 != 0 {
                kernel.singles.push(k);
            }
            if digit & 4 != 0 {
                kernel.pairs.push((k, game.unequal(k)));
                kernel.max_split_take = k;
            }
            for parts in 3..u32::BITS {
                if digit >> parts & 1 != 0 {
                    kernel.more.push((k, parts, game.unequal(k)));
                }
            }
        }
        kernel
    }

    /// Whether taking a whole heap of `n` is a move.
    pub(super) fn takes_whole(&self, n: u64) -> bool {
        match usize::try_from(n).ok().and_then(|n| self.whole.get(n)) {
            Some(&whole) => whole,
            None => self.tail_whole,
        }
    }

    /// Whether the two-heap splits of a heap can be shared out: the code has such splits,
    /// and no repeating digit or move into three heaps or more (those games are valued by the
    /// engine alone).
    pub(super) fn can_share(&self) -> bool {
        !self.pairs.is_empty() && !self.tail_single && !self.tail_pair && self.more.is_empty()
    }
}
