//! Moore's Nim_k.

use cgt_core::{ImpartialGame, Outcome};

use crate::{Error, Heaps, Notation, Result};

/// Moore's Nim<sub>k</sub> (Moore 1910): several heaps; a move takes counters from at least one
/// and at most k heaps, any positive number from each. Nim is Nim<sub>1</sub>. A position is
/// one game of several heaps (not a sum: one move may touch several heaps), written as its
/// heap sizes.
///
/// A position is a P-position exactly when, writing the heap sizes in binary, the number of
/// ones in every column is divisible by k + 1 (Ferguson, *Game Theory*, Part I, exercise
/// 2.6.7). That outcome is offered to the solver as a closed form; the Grundy values have none
/// and are searched.
///
/// # Examples
///
/// ```
/// use cgt_core::{Outcome, Solver};
/// use cgt_games::{Heaps, MooreNim};
///
/// let mut solver = Solver::new(MooreNim::new(2)?);
/// // 1, 2 and 3 in binary: each column holds two ones, not divisible by 3.
/// assert_eq!(solver.outcome(&Heaps::from([1, 2, 3]))?, Outcome::Next);
/// // Three equal heaps: three ones in every column.
/// assert_eq!(solver.outcome(&Heaps::from([5, 5, 5]))?, Outcome::Previous);
/// // From 1 2 3, emptying two heaps at once leaves one heap: not P. Taking 1 and 2 from heaps 2
/// // and 3 leaves 1 1 1, which is.
/// assert!(solver.winning_moves(&Heaps::from([1, 2, 3]))?.contains(&Heaps::from([1, 1, 1])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MooreNim {
    k: usize,
}

impl MooreNim {
    /// Moore's Nim<sub>k</sub>.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] when `k` is 0: no move would be allowed.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_games::MooreNim;
    ///
    /// assert_eq!(MooreNim::new(3)?.k(), 3);
    /// assert!(MooreNim::new(0).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(k: usize) -> Result<MooreNim> {
        if k == 0 {
            return Err(Error::InvalidParameter {
                game: "moore",
                value: "0".to_string(),
                reason: "a move must be allowed to touch at least one heap: k >= 1".to_string(),
            });
        }
        Ok(MooreNim { k })
    }

    /// How many heaps one move may touch.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(cgt_games::MooreNim::new(2)?.k(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn k(&self) -> usize {
        self.k
    }

    /// Whether `heaps` is a P-position: every binary column's ones divisible by k + 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_games::{Heaps, MooreNim};
    ///
    /// assert!(MooreNim::new(1)?.is_p_position(&Heaps::from([3, 5, 6])));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_p_position(&self, heaps: &Heaps) -> bool {
        (0..64).all(|bit| {
            let ones = heaps.iter().filter(|heap| heap >> bit & 1 == 1).count();
            ones % (self.k + 1) == 0
        })
    }
}

impl ImpartialGame for MooreNim {
    type Position = Heaps;

    /// Every choice of 1 to k non-empty heaps, in order of the heaps chosen, and of a smaller
    /// size for each, generated one at a time: a position may have astronomically many moves.
    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        let sizes = heaps.to_vec();
        let nonempty: Vec<usize> = (0..sizes.len()).filter(|&i| sizes[i] > 0).collect();
        let mut chosen: Vec<usize> = Vec::new();
        let mut after = sizes.clone();
        let k = self.k;
        std::iter::from_fn(move || {
            // Odometer over the chosen heaps' new sizes: the last chosen heap turns fastest.
            for slot in (0..chosen.len()).rev() {
                let heap = nonempty[chosen[slot]];
                if after[heap] + 1 < sizes[heap] {
                    after[heap] += 1;
                    return Some(Heaps::from(after.as_slice()));
                }
                after[heap] = 0;
            }
            // Every size tried for this choice of heaps: the next choice, in order of size.
            for &index in &chosen {
                after[nonempty[index]] = sizes[nonempty[index]];
            }
            if !next_choice(&mut chosen, nonempty.len(), k) {
                return None;
            }
            for &index in &chosen {
                after[nonempty[index]] = 0;
            }
            Some(Heaps::from(after.as_slice()))
        })
    }

    fn known_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        Some(if self.is_p_position(heaps) {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    /// Sorted, empty heaps dropped: the order of heaps does not matter.
    fn canonical(&self, heaps: Heaps) -> Heaps {
        heaps.canonical()
    }
}

impl Notation for MooreNim {
    fn name(&self) -> String {
        format!("moore:{}", self.k)
    }

    /// The heap sizes separated by commas: `1,2,3`.
    fn read_component(&self, text: &str) -> Result<Heaps> {
        Ok(Heaps::from(crate::catalogue::read_numbers("moore", text)?))
    }

    fn write_component(&self, heaps: &Heaps) -> String {
        if heaps.is_empty() {
            return "0".to_string();
        }
        let sizes: Vec<String> = heaps.iter().map(|heap| heap.to_string()).collect();
        sizes.join(",")
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> String {
        let (before, after) = (from.to_vec(), to.to_vec());
        let changes: Vec<String> = before
            .iter()
            .enumerate()
            .filter(|&(index, &size)| after.get(index).copied().unwrap_or(0) != size)
            .map(|(index, &size)| {
                let left = after.get(index).copied().unwrap_or(0);
                format!("{} from heap {}", size - left.min(size), index + 1)
            })
            .collect();
        format!(
            "take {}: {} -> {}",
            changes.join(" and "),
            self.write_component(from),
            self.write_component(to)
        )
    }

    /// Both positions sorted: the move lowers at least one and at most k heaps. Sorted lists
    /// compare heap by heap only when the heaps keep their order, so a move is judged on the
    /// multisets: every heap of `to` matched to a heap of `from` at least as large.
    fn is_move(&self, from: &Heaps, to: &Heaps) -> Option<bool> {
        let (mut before, mut after) = (from.to_vec(), to.to_vec());
        before.retain(|&size| size > 0);
        after.retain(|&size| size > 0);
        // Heaps that did not change cancel; what is left of `from` must have become what is
        // left of `to` (with empty heaps), each lowered.
        let mut unchanged = Vec::new();
        for &size in &after {
            if let Some(position) = before.iter().position(|&other| other == size) {
                before.remove(position);
                unchanged.push(size);
            }
        }
        for size in &unchanged {
            if let Some(position) = after.iter().position(|other| other == size) {
                after.remove(position);
            }
        }
        // `before` holds the heaps that moved; `after` their new non-empty sizes.
        if before.is_empty() || before.len() > self.k || after.len() > before.len() {
            return Some(false);
        }
        before.sort_unstable();
        after.sort_unstable();
        // Match the largest new sizes with the largest old heaps: a lowering exists exactly when
        // this greedy matching lowers every one.
        let offset = before.len() - after.len();
        Some(
            after
                .iter()
                .zip(&before[offset..])
                .all(|(new, old)| new < old),
        )
    }

    /// The positions below `heaps` (the product of the sizes plus one), each with at most as
    /// many moves.
    fn search_size(&self, heaps: &Heaps) -> Option<u64> {
        let positions = heaps.iter().try_fold(1u64, |product, size| {
            product.checked_mul(size.checked_add(1)?)
        });
        Some(positions.and_then(|p| p.checked_mul(p)).unwrap_or(u64::MAX))
    }
}

/// The next set of indices below `n` with at most `k` members, in order of size and then
/// lexicographically, starting from the empty set; `false` after the last.
fn next_choice(chosen: &mut Vec<usize>, n: usize, k: usize) -> bool {
    let size = chosen.len();
    // The lexicographically next combination of the same size.
    for slot in (0..size).rev() {
        if chosen[slot] < n - (size - slot) {
            chosen[slot] += 1;
            for later in slot + 1..size {
                chosen[later] = chosen[later - 1] + 1;
            }
            return true;
        }
    }
    // The first combination of the next size.
    if size < k.min(n) {
        *chosen = (0..=size).collect();
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_every_subset_of_at_most_k() {
        let mut chosen = Vec::new();
        let mut all = Vec::new();
        while next_choice(&mut chosen, 4, 2) {
            all.push(chosen.clone());
        }
        // 4 singletons and 6 pairs.
        assert_eq!(all.len(), 10);
        assert_eq!(all[0], [0]);
        assert_eq!(all[4], [0, 1]);
        assert_eq!(all[9], [2, 3]);
    }
}
