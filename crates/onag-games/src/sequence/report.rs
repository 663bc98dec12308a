//! The sparse-space report: what researchers publish about a long run of an unsolved game.

use super::GrundySequence;
use super::sparse::{Census, Classes, rare_heaps};

/// How a [`SparseReport`] tells rare heaps from common ones, with its mask `m`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RareBy {
    /// By value alone (the range type of Flammenkamp's tables, Gangolli & Plambeck's rare
    /// values): heap n is rare when `G(n) & m` has an even number of bits.
    Value,
    /// By value and position (Flammenkamp's sparse positions, for codes whose takes that
    /// split a heap all have one parity, that of a take t): heap n is rare when the number of
    /// bits of `G(n) & m` has the parity of `n - t`. `odd_takes` says whether t is odd.
    Position {
        /// Whether the takes that split a heap are odd.
        odd_takes: bool,
    },
}

impl RareBy {
    /// The name the tables use: `value` or `position`.
    pub fn name(self) -> &'static str {
        match self {
            RareBy::Value => "value",
            RareBy::Position { .. } => "position",
        }
    }
}

/// The shape of a computed sequence as the tables of octal games report it (Gangolli &
/// Plambeck 1989; Flammenkamp's tables): the largest value and where it first occurs, and the
/// rare/common classification with the mask chosen to make the rare heaps fewest: by value (a
/// value v is *common* when `v & rare_mask` has an odd number of bits, else *rare*) or, for a
/// code whose splitting takes share a parity, by value and position where that makes rare
/// heaps fewer still (see [`RareBy`]; 0.106 and 0.104 have about half their heaps rare by
/// value, a handful by position). Heap 0 is left out (it never takes part in a move).
///
/// # Examples
///
/// ```
/// use onag_games::{GrundySequence, RareBy, TakeAndBreak};
///
/// // Subtraction of 1 or 2: 0 1 2 0 1 2 0. With the mask 3 the values 1 and 2 are common
/// // (one bit under the mask) and 0 is rare: heaps 3 and 6.
/// let game = TakeAndBreak::subtraction([1, 2])?;
/// let report = GrundySequence::compute(&game, 6)?.sparse_report().unwrap();
/// assert_eq!((report.largest, report.largest_at), (2, 2));
/// assert_eq!((report.rare_mask, report.rare_by), (3, RareBy::Value));
/// assert_eq!((report.rare_count, report.last_rare), (2, Some(6)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SparseReport {
    /// The heaps the report covers: `1..=heaps` (the values computed, up to the last asked).
    pub heaps: u64,
    /// The largest value.
    pub largest: u64,
    /// The first heap with the largest value.
    pub largest_at: u64,
    /// The mask of the classification.
    pub rare_mask: u64,
    /// Whether heaps are classed by value alone or by value and position.
    pub rare_by: RareBy,
    /// How many heaps are rare.
    pub rare_count: u64,
    /// The last rare heap.
    pub last_rare: Option<u64>,
}

impl SparseReport {
    /// Whether heap `heap`, of value `value`, is rare (see [`RareBy`]).
    ///
    /// ```
    /// use onag_games::{GrundySequence, TakeAndBreak};
    ///
    /// let game = TakeAndBreak::subtraction([1, 2])?;
    /// let report = GrundySequence::compute(&game, 6)?.sparse_report().unwrap();
    /// assert!(report.is_rare(3, 0) && !report.is_rare(4, 1) && !report.is_rare(5, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_rare(&self, heap: u64, value: u64) -> bool {
        self.classes().is_rare(heap, value)
    }

    fn classes(&self) -> Classes {
        match self.rare_by {
            RareBy::Value => Classes {
                mask: self.rare_mask,
                refine: false,
                base: true,
            },
            RareBy::Position { odd_takes } => Classes {
                mask: self.rare_mask,
                refine: true,
                base: !odd_takes,
            },
        }
    }
}

impl GrundySequence {
    /// The sparse-space report of the values computed (see [`SparseReport`]); `None` when no
    /// heap but 0 was computed.
    pub fn sparse_report(&self) -> Option<SparseReport> {
        let values = self.values();
        if values.len() < 2 {
            return None;
        }
        let mut census = Census::new();
        census.add(values);
        let by_value = census.best_classes(None)?;
        // By position only where that makes rare heaps fewer: ties stay with the published
        // convention, by value.
        let (classes, _) = self
            .split_parity
            .and_then(|even| census.best_classes(Some(even)))
            .filter(|&(_, count)| count < by_value.1)
            .unwrap_or(by_value);
        let (rare_count, last_rare) = rare_heaps(values, classes)
            .fold((0, None), |(count, _), (heap, _)| (count + 1, Some(heap)));
        Some(SparseReport {
            heaps: values.len() as u64 - 1,
            largest: census.largest,
            largest_at: census.largest_at,
            rare_mask: classes.mask,
            rare_by: if classes.refine {
                RareBy::Position {
                    odd_takes: !classes.base,
                }
            } else {
                RareBy::Value
            },
            rare_count,
            last_rare,
        })
    }
}
