//! Bash's game.

use onag_core::{Nimber, Outcome};

use crate::{Error, HeapRuleset, Heaps, Result};

/// Bash's game: a move takes 1 to `m` counters from one heap (the subtraction game
/// S = {1, ..., m}).
///
/// A heap of n has Grundy value `n mod (m + 1)` (Ferguson, *Game Theory*, Part I, 4.3), so a
/// single heap is lost by the player to move exactly when `m + 1` divides it: LeetCode 292 is
/// the case m = 3, HDU 1846 the general one.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Outcome, Solver};
/// use onag_games::{Bash, HeapGame, Heaps};
///
/// let mut solver = Solver::new(HeapGame(Bash::new(3)?));
/// assert_eq!(solver.outcome(&Heaps::one(4))?, Outcome::Previous);
/// assert_eq!(solver.grundy(&Heaps::one(10))?, Nimber::new(10 % 4));
/// assert_eq!(solver.winning_moves(&Heaps::one(10))?, vec![Heaps::one(8)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bash {
    max_take: u64,
}

impl Bash {
    /// Bash's game where a move takes at most `max_take` counters.
    ///
    /// # Errors
    ///
    /// [`Error::MaxTakeTooSmall`] when `max_take` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Bash, Error};
    ///
    /// assert_eq!(Bash::new(2)?.max_take(), 2);
    /// assert_eq!(Bash::new(0), Err(Error::MaxTakeTooSmall { max_take: 0 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(max_take: u64) -> Result<Bash> {
        if max_take == 0 {
            return Err(Error::MaxTakeTooSmall { max_take });
        }
        Ok(Bash { max_take })
    }

    /// The most counters one move may take.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::Bash::new(5)?.max_take(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_take(&self) -> u64 {
        self.max_take
    }

    /// `m + 1`, the period of the Grundy values, computed without overflow.
    fn modulus(&self) -> u128 {
        u128::from(self.max_take) + 1
    }
}

impl HeapRuleset for Bash {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        (1..=self.max_take.min(n)).map(move |take| Heaps::one(n - take))
    }

    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        // The remainder is below m + 1 <= 2^64, so it fits in a u64.
        Some(Nimber::new((u128::from(n) % self.modulus()) as u64))
    }

    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Heaps>> {
        let modulus = self.modulus();
        let target = u128::from(target.value());
        let n = u128::from(n);
        if target >= modulus {
            return Some(Vec::new());
        }
        // The one take k in 1..=m with (n - k) mod (m + 1) == target, if it is legal.
        let take = (n % modulus + modulus - target) % modulus;
        Some(if take >= 1 && take <= n {
            vec![Heaps::one((n - take) as u64)]
        } else {
            Vec::new()
        })
    }

    /// Misère play: every heap is tame (Conway's genus theory, ONAG ch. 12), a heap of `n`
    /// having the genus of the nim heap `n mod (m + 1)` (`0^{120}` and `1^{031}` for the
    /// residues 0 and 1, whatever the heap's size). So a sum is a P-position exactly as in
    /// misère Nim on the residues: nim-sum 0 when some residue is 2 or more, else an odd number
    /// of residues 1.
    fn misere_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        let modulus = self.modulus();
        let mut nim_sum = 0u128;
        let mut firm = false;
        for n in heaps.iter() {
            nim_sum ^= u128::from(n) % modulus;
            firm |= u128::from(n) % modulus >= 2;
        }
        let previous = if firm { nim_sum == 0 } else { nim_sum == 1 };
        Some(if previous {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }
}
