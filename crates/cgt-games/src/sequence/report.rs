//! The sparse-space report: what researchers publish about a long run of an unsolved game.

use super::GrundySequence;
use super::sparse::{Census, rare_heaps};

/// The shape of a computed sequence as the tables of octal games report it (Gangolli &
/// Plambeck 1989; Flammenkamp's tables): the largest value and where it first occurs, and the
/// rare/common classification: a value v is *common* when `v & rare_mask` has an odd number of
/// bits, else *rare*, the mask chosen to make the rare heaps fewest. Heap 0 is left out (it
/// never takes part in a move).
///
/// # Examples
///
/// ```
/// use cgt_games::{GrundySequence, TakeAndBreak};
///
/// // Subtraction of 1 or 2: 0 1 2 0 1 2 0. With the mask 3 the values 1 and 2 are common
/// // (one bit under the mask) and 0 is rare: heaps 3 and 6.
/// let game = TakeAndBreak::subtraction([1, 2])?;
/// let report = GrundySequence::compute(&game, 6)?.sparse_report().unwrap();
/// assert_eq!((report.largest, report.largest_at), (2, 2));
/// assert_eq!(report.rare_mask, 3);
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
    /// How many heaps have rare values.
    pub rare_count: u64,
    /// The last heap with a rare value.
    pub last_rare: Option<u64>,
}

impl SparseReport {
    /// Whether `value` is rare: `value & rare_mask` has an even number of bits.
    ///
    /// ```
    /// use cgt_games::{GrundySequence, TakeAndBreak};
    ///
    /// let game = TakeAndBreak::subtraction([1, 2])?;
    /// let report = GrundySequence::compute(&game, 6)?.sparse_report().unwrap();
    /// assert!(report.is_rare(0) && !report.is_rare(1) && !report.is_rare(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_rare(&self, value: u64) -> bool {
        (value & self.rare_mask).count_ones() % 2 == 0
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
        let (classes, _) = census.best_classes(None)?;
        let (rare_count, last_rare) = rare_heaps(values, classes)
            .fold((0, None), |(count, _), (heap, _)| (count + 1, Some(heap)));
        Some(SparseReport {
            heaps: values.len() as u64 - 1,
            largest: census.largest,
            largest_at: census.largest_at,
            rare_mask: classes.mask,
            rare_count,
            last_rare,
        })
    }
}
