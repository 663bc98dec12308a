//! Moore's Nim_k.

use onag_core::{ImpartialGame, Nimber, Outcome};

use crate::{Error, Heaps, Notation, Result};

/// Moore's Nim<sub>k</sub> (Moore 1910): several heaps; a move takes counters from at least one
/// and at most k heaps, any positive number from each. Nim is Nim<sub>1</sub>. A position is
/// one game of several heaps (not a sum: one move may touch several heaps), written as its
/// heap sizes.
///
/// A position is a P-position exactly when, writing the heap sizes in binary, the number of
/// ones in every column is divisible by k + 1 (Ferguson, *Game Theory*, Part I, exercise
/// 2.6.7). That outcome is offered to the solver as a closed form; the Grundy values have none
/// and are searched. The moves to P-positions come from the same rule, column by column (see
/// [`ImpartialGame::moves_to_value`] below), so a winning move of heaps of any size is found at
/// once.
///
/// # Examples
///
/// ```
/// use onag_core::{Outcome, Solver};
/// use onag_games::{Heaps, MooreNim};
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
    /// use onag_games::MooreNim;
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
    /// assert_eq!(onag_games::MooreNim::new(2)?.k(), 2);
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
    /// use onag_games::{Heaps, MooreNim};
    ///
    /// assert!(MooreNim::new(1)?.is_p_position(&Heaps::from([3, 5, 6])));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_p_position(&self, heaps: &Heaps) -> bool {
        (0..64).all(|bit| {
            let ones = heaps.iter().filter(|heap| heap >> bit & 1 == 1).count();
            divisible(ones, self.k)
        })
    }

    /// Whether `heaps` is a P-position in misère play (whoever makes the last move loses): as
    /// in normal play while some heap holds two or more, and otherwise when the number of heaps
    /// of one is 1 more than a multiple of k + 1 (Bouton's rule for Nim, k = 1).
    ///
    /// Why: a P-position of normal play with a heap of two or more has k + 1 such heaps at
    /// least (its highest bit's column holds a multiple of k + 1 ones), so no move leaves only
    /// heaps of 0 and 1 from it, nor reaches another such P-position; from heaps of 0 and 1, a
    /// move empties 1 to k heaps, which changes their count modulo k + 1. From any other
    /// position some move reaches one of these: with more than k heaps of two or more, the move
    /// of normal play (which leaves some heap of two or more); else, emptying or leaving 1 in
    /// each of them and emptying heaps of one as needed, which with k heaps touched at most
    /// reaches every count of ones modulo k + 1 (or the count 1 itself). Checked against a
    /// search of every position of up to four heaps in the tests.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Heaps, MooreNim};
    ///
    /// let moore = MooreNim::new(2)?;
    /// // Four heaps of one: whoever moves empties one or two, and can leave exactly one.
    /// assert!(moore.is_misere_p_position(&Heaps::from([1, 1, 1, 1])));
    /// assert!(!moore.is_misere_p_position(&Heaps::from([1, 1, 1])));
    /// // Three equal heaps of two or more: P, as in normal play.
    /// assert!(moore.is_misere_p_position(&Heaps::from([5, 5, 5])));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_misere_p_position(&self, heaps: &Heaps) -> bool {
        if heaps.iter().all(|heap| heap <= 1) {
            let ones = heaps.iter().filter(|&heap| heap == 1).count();
            self.residue(ones as i128 - 1) == 0
        } else {
            self.is_p_position(heaps)
        }
    }

    /// `n` modulo k + 1, in 0..=k.
    fn residue(&self, n: i128) -> i128 {
        n.rem_euclid(self.k as i128 + 1)
    }

    /// At most `count` moves to misère P-positions (see
    /// [`is_misere_p_position`](Self::is_misere_p_position)): with more than k heaps of two or
    /// more, the moves of normal play; else each such heap lowered to 0 or 1 and heaps of one
    /// emptied, k heaps touched at most, leaving a number of ones 1 more than a multiple of
    /// k + 1.
    fn misere_moves(&self, heaps: &Heaps, count: usize) -> Vec<Heaps> {
        let sizes = heaps.to_vec();
        let large: Vec<usize> = (0..sizes.len()).filter(|&i| sizes[i] >= 2).collect();
        if large.len() > self.k {
            return self
                .moves_to_value(heaps, Nimber::ZERO, count)
                .unwrap_or_default();
        }
        let ones: Vec<usize> = (0..sizes.len()).filter(|&i| sizes[i] == 1).collect();
        let mut found = Vec::new();
        for emptied in 0..=(self.k - large.len()).min(ones.len()) {
            if large.len() + emptied == 0 {
                continue;
            }
            // The large heaps left at 1, `kept` of them: the ones left number
            // ones - emptied + kept, which must be 1 modulo k + 1, with 0 <= kept <= large.
            let kept = self.residue(1 + emptied as i128 - ones.len() as i128);
            let Ok(kept) = usize::try_from(kept) else {
                continue;
            };
            if kept > large.len() {
                continue;
            }
            for dropped in subsets(ones.len(), emptied) {
                for left in subsets(large.len(), kept) {
                    if found.len() >= count {
                        return found;
                    }
                    let mut after = sizes.clone();
                    for &i in &dropped {
                        after[ones[i]] = 0;
                    }
                    for &i in &large {
                        after[i] = 0;
                    }
                    for &i in &left {
                        after[large[i]] = 1;
                    }
                    found.push(Heaps::from(after.as_slice()));
                }
            }
        }
        found
    }
}

impl ImpartialGame for MooreNim {
    type Position = Heaps;

    /// Every choice of 1 to k non-empty heaps, in order of the heaps chosen, and of a smaller
    /// size for each, generated one at a time: a position may have astronomically many moves.
    fn moves(&self, heaps: &Heaps) -> impl Iterator<Item = Heaps> {
        let sizes = heaps.to_vec();
        let nonempty: Vec<usize> = (0..sizes.len()).filter(|&i| sizes[i] > 0).collect();
        let (count, most) = (nonempty.len(), self.k.min(nonempty.len()));
        (1..=most)
            .flat_map(move |size| subsets(count, size))
            .flat_map(move |chosen| {
                let chosen: Vec<usize> = chosen.into_iter().map(|i| nonempty[i]).collect();
                lowerings(heaps.to_vec(), chosen)
            })
    }

    /// The moves to P-positions, found column by column from the highest bit: in each column
    /// some heaps still equal their old size (their bit is fixed unless the move lowers them
    /// here, turning a 1 into a 0, after which every lower bit is free), and the heaps already
    /// lowered may take either bit. A column's ones must be divisible by k + 1. Whatever was
    /// chosen above, some choice in the next column meets that (lowered heaps number at most k,
    /// and lowering more heaps is allowed while fewer than k are), so the search never meets a
    /// dead end and the first moves come at once, whatever the heap sizes.
    fn moves_to_value(&self, heaps: &Heaps, target: Nimber, count: usize) -> Option<Vec<Heaps>> {
        if !target.is_zero() {
            return None;
        }
        let mut search = Columns {
            k: self.k,
            old: heaps.to_vec(),
            new: vec![0; heaps.len()],
            lowered: vec![false; heaps.len()],
            count,
            found: Vec::new(),
        };
        search.column(63, 0);
        Some(search.found)
    }

    /// Moore's Nim_1 is Nim: a move touches one heap, so a position's value is the nim-sum
    /// of its heaps (Bouton 1901). For k >= 2 the values have no closed form here.
    fn known_grundy(&self, heaps: &Heaps) -> Option<Nimber> {
        (self.k == 1).then(|| heaps.iter().map(Nimber::new).collect())
    }

    fn known_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        Some(if self.is_p_position(heaps) {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    fn known_misere_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        Some(if self.is_misere_p_position(heaps) {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    fn misere_winning_moves(&self, heaps: &Heaps, count: usize) -> Option<Vec<Heaps>> {
        Some(self.misere_moves(heaps, count))
    }

    /// Sorted, empty heaps dropped: the order of heaps does not matter.
    fn canonical(&self, heaps: Heaps) -> Heaps {
        heaps.canonical()
    }

    fn position_bytes(&self, heaps: &Heaps) -> usize {
        heaps.heap_bytes()
    }
}

impl Notation for MooreNim {
    fn name(&self) -> String {
        format!("moore:{}", self.k)
    }

    /// The heap sizes separated by commas: `1,2,3`.
    fn read_component(&self, text: &str) -> Result<Heaps> {
        Ok(Heaps::from(crate::notation::read_numbers("moore", text)?))
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

/// The search of [`MooreNim`]'s moves to P-positions, one binary column at a time.
struct Columns {
    k: usize,
    old: Vec<u64>,
    /// The new sizes, decided from the top bit down to the current column.
    new: Vec<u64>,
    /// Whether each heap has been lowered at a column above.
    lowered: Vec<bool>,
    count: usize,
    found: Vec<Heaps>,
}

impl Columns {
    /// Decides column `bit` and every one below it, with `changed` heaps lowered so far. The
    /// recursion is 64 columns deep at most, whatever the game.
    fn column(&mut self, bit: u32, changed: usize) {
        let mask = 1u64 << bit;
        let equal_ones: Vec<usize> = (0..self.old.len())
            .filter(|&i| !self.lowered[i] && self.old[i] & mask != 0)
            .collect();
        let free: Vec<usize> = (0..self.old.len()).filter(|&i| self.lowered[i]).collect();
        for lower in 0..=equal_ones.len().min(self.k - changed) {
            for ones in 0..=free.len() {
                if !divisible(equal_ones.len() - lower + ones, self.k) {
                    continue;
                }
                for lowering in subsets(equal_ones.len(), lower) {
                    for setting in subsets(free.len(), ones) {
                        self.choose(bit, &equal_ones, &lowering, &free, &setting, changed);
                        if self.found.len() >= self.count {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Sets column `bit` as chosen, goes down, and undoes the choice.
    fn choose(
        &mut self,
        bit: u32,
        equal_ones: &[usize],
        lowering: &[usize],
        free: &[usize],
        setting: &[usize],
        changed: usize,
    ) {
        let mask = 1u64 << bit;
        // Every bit of the column is written, so that nothing is left of a choice undone.
        for heap in 0..self.new.len() {
            self.new[heap] = (self.new[heap] & !mask) | (self.old[heap] & mask);
        }
        for (position, &heap) in equal_ones.iter().enumerate() {
            if lowering.contains(&position) {
                self.lowered[heap] = true;
                self.new[heap] &= !mask;
            } else {
                self.new[heap] |= mask;
            }
        }
        for (position, &heap) in free.iter().enumerate() {
            if setting.contains(&position) {
                self.new[heap] |= mask;
            } else {
                self.new[heap] &= !mask;
            }
        }
        let changed = changed + lowering.len();
        if bit > 0 {
            self.column(bit - 1, changed);
        } else if changed > 0 {
            self.found.push(Heaps::from(self.new.as_slice()));
        }
        for &position in lowering {
            self.lowered[equal_ones[position]] = false;
        }
    }
}

/// Whether `ones` is divisible by k + 1 (for every k, `usize::MAX` included).
fn divisible(ones: usize, k: usize) -> bool {
    match k.checked_add(1) {
        Some(modulus) => ones % modulus == 0,
        None => ones == 0,
    }
}

/// The subsets of `size` indices below `n`, in lexicographic order (the empty set once for
/// size 0).
fn subsets(n: usize, size: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut next = (size <= n).then(|| (0..size).collect::<Vec<usize>>());
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut successor = current.clone();
        for slot in (0..size).rev() {
            if successor[slot] < n - (size - slot) {
                successor[slot] += 1;
                for later in slot + 1..size {
                    successor[later] = successor[later - 1] + 1;
                }
                next = Some(successor);
                break;
            }
        }
        Some(current)
    })
}

/// Every way to lower each of the heaps `chosen` (indices into `sizes`) to a smaller size, the
/// last chosen heap turning fastest, as an odometer.
fn lowerings(sizes: Vec<u64>, chosen: Vec<usize>) -> impl Iterator<Item = Heaps> {
    let mut after = sizes.clone();
    for &heap in &chosen {
        after[heap] = 0;
    }
    let mut first = true;
    std::iter::from_fn(move || {
        if first {
            first = false;
            return Some(Heaps::from(after.as_slice()));
        }
        for &heap in chosen.iter().rev() {
            if after[heap] + 1 < sizes[heap] {
                after[heap] += 1;
                return Some(Heaps::from(after.as_slice()));
            }
            after[heap] = 0;
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_every_choice_of_a_size() {
        assert_eq!(subsets(4, 2).count(), 6);
        assert_eq!(subsets(4, 0).collect::<Vec<_>>(), [Vec::<usize>::new()]);
        assert_eq!(subsets(2, 3).count(), 0);
        assert_eq!(subsets(4, 2).last(), Some(vec![2, 3]));
    }
}
