//! Subset Nim, also called a subtraction game.

use onag_core::Nimber;

use crate::{Error, HeapRuleset, Heaps, Result};

/// Subset Nim (a subtraction game): a move takes exactly k counters from one heap, for some k
/// in a fixed finite set S of positive integers.
///
/// This is AcWing 893 and HDU 1536 (S-Nim); with S = {1, ..., m} it is [`Bash`](crate::Bash).
/// Every finite subtraction game has an ultimately periodic Grundy sequence (Winning Ways,
/// ch. 4); the heap-game sequence engine of this crate finds and proves the period.
///
/// # Examples
///
/// ```
/// use onag_core::{Outcome, Solver};
/// use onag_games::{HeapGame, Heaps, SubsetNim};
///
/// // Ferguson, Game Theory Part I, 1.4: with S = {1, 3, 4}, 100 chips is a P-position.
/// let mut solver = Solver::new(HeapGame(SubsetNim::new([1, 3, 4])?));
/// assert_eq!(solver.outcome(&Heaps::one(100))?, Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubsetNim {
    takes: Vec<u64>,
}

impl SubsetNim {
    /// Subset Nim with subtraction set `takes` (duplicates and order do not matter).
    ///
    /// # Errors
    ///
    /// [`Error::EmptySet`] for an empty set, [`Error::ZeroInSet`] when it contains 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Error, SubsetNim};
    ///
    /// assert_eq!(SubsetNim::new([5, 2, 5])?.takes(), &[2, 5]);
    /// assert_eq!(SubsetNim::new([]), Err(Error::EmptySet));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(takes: impl IntoIterator<Item = u64>) -> Result<SubsetNim> {
        let mut takes: Vec<u64> = takes.into_iter().collect();
        takes.sort_unstable();
        takes.dedup();
        match takes.first() {
            None => Err(Error::EmptySet),
            Some(0) => Err(Error::ZeroInSet),
            Some(_) => Ok(SubsetNim { takes }),
        }
    }

    /// The subtraction set, in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::SubsetNim::new([4, 1, 3])?.takes(), &[1, 3, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn takes(&self) -> &[u64] {
        &self.takes
    }
}

impl SubsetNim {
    /// The one take, when the set has one: then G(n) = floor(n / s) mod 2 (a heap below s has
    /// no move; above, its one move leads to the heap s less, of the other value).
    fn single(&self) -> Option<u64> {
        match self.takes.as_slice() {
            [take] => Some(*take),
            _ => None,
        }
    }
}

impl HeapRuleset for SubsetNim {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        self.takes
            .iter()
            .take_while(move |&&take| take <= n)
            .map(move |&take| Heaps::one(n - take))
    }

    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        self.single().map(|take| Nimber::new((n / take) % 2))
    }

    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Heaps>> {
        let take = self.single()?;
        Some(match n.checked_sub(take) {
            Some(left) if (left / take) % 2 == target.value() => vec![Heaps::one(left)],
            _ => Vec::new(),
        })
    }
}
