//! Nim.

use onag_core::{Nimber, Outcome};

use crate::{HeapRuleset, Heaps};

/// Nim: a move takes any positive number of counters from one heap.
///
/// A heap of n has Grundy value `*n`, and a position's value is the nim-sum (exclusive or) of
/// its heaps, so the P-positions are those whose heaps xor to 0 (Bouton 1901). Both facts are
/// offered to the solver as closed forms, and the solver finds the winning move of a heap of
/// 10<sup>18</sup> at once.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Outcome, Solver};
/// use onag_games::{HeapGame, Heaps, Nim};
///
/// let mut solver = Solver::new(HeapGame(Nim));
/// assert_eq!(solver.grundy(&Heaps::from([3, 4, 5]))?, Nimber::new(3 ^ 4 ^ 5));
/// assert_eq!(solver.outcome(&Heaps::from([1, 2, 3]))?, Outcome::Previous);
/// assert_eq!(solver.winning_moves(&Heaps::from([3, 4, 5]))?, vec![Heaps::from([1, 4, 5])]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl HeapRuleset for Nim {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        (0..n).map(Heaps::one)
    }

    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        Some(Nimber::new(n))
    }

    /// Bouton's misère rule (Ferguson, *Game Theory*, Part I, §2.5): while some heap has more
    /// than one counter, play as in normal play (P exactly when the nim-sum is 0); when every
    /// heap has at most one, the position is P exactly when an odd number of heaps hold one.
    fn misere_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        let endgame = heaps.iter().all(|heap| heap <= 1);
        let p_position = if endgame { sum == 1 } else { sum == 0 };
        Some(if p_position {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    /// By Bouton's rule: with two heaps of more than one counter or more, the normal moves to
    /// nim-sum 0 (at least two such heaps remain after them); with one, that heap becomes 0 or
    /// 1, whichever leaves an odd number of heaps of one; with none, a heap of one is taken
    /// when their number is even (each of them, as normal play lists a move of each heap).
    fn misere_winning_moves(&self, heaps: &Heaps, count: usize) -> Option<Vec<(usize, Heaps)>> {
        let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        let ones = heaps.iter().filter(|&heap| heap == 1).count();
        let large: Vec<usize> = (heaps.iter().enumerate())
            .filter(|&(_, heap)| heap > 1)
            .map(|(index, _)| index)
            .collect();
        let moves: Vec<(usize, Heaps)> = match large.as_slice() {
            [] if ones % 2 == 0 => (heaps.iter().enumerate())
                .filter(|&(_, heap)| heap == 1)
                .map(|(index, _)| (index, Heaps::one(0)))
                .collect(),
            [] => Vec::new(),
            &[index] => {
                let left = if ones % 2 == 0 { 1 } else { 0 };
                vec![(index, Heaps::one(left))]
            }
            _ => (heaps.iter().enumerate())
                .filter(|&(_, heap)| heap ^ sum < heap)
                .map(|(index, heap)| (index, Heaps::one(heap ^ sum)))
                .collect(),
        };
        Some(moves.into_iter().take(count).collect())
    }

    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Heaps>> {
        let target = target.value();
        Some(if target < n {
            vec![Heaps::one(target)]
        } else {
            Vec::new()
        })
    }
}
