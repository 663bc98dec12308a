//! Staircase Nim.

use onag_core::{ImpartialGame, Nimber};

use crate::{Notation, Result};

/// Staircase Nim: coins on the stairs of a staircase; a move takes any positive number of coins
/// from one stair down to the stair below, and from stair 1 off the staircase. A position lists
/// the coins on stairs 1, 2, 3, ... in order.
///
/// Every move changes the coins on exactly one odd-numbered stair (it takes from an odd stair,
/// or adds to the odd stair below an even one), and a move that adds can be undone by taking
/// the same coins on down. So the game plays as Nim on the odd stairs, and its Grundy value is
/// the nim-sum of the odd stairs (Ferguson, *Game Theory*, Part I, exercise 2.6.6; AcWing 892).
/// Both the value and the exact moves to any value are closed forms offered to the solver.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Outcome, Solver};
/// use onag_games::Staircase;
///
/// let mut solver = Solver::new(Staircase);
/// // AcWing 892's sample: stairs 2 1 3, the first player wins (2 ^ 3 = 1).
/// assert_eq!(solver.grundy(&vec![2, 1, 3])?, Nimber::new(1));
/// // Move the coin on stair 2 down to stair 1, or 1 coin from stair 3 down to stair 2.
/// assert_eq!(solver.winning_moves(&vec![2, 1, 3])?, vec![vec![3, 0, 3], vec![2, 2, 2]]);
/// assert_eq!(solver.outcome(&vec![5, 100, 5])?, Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Staircase;

impl Staircase {
    /// The position after `count` coins go down from stair `stair` (counting from 0 here).
    fn moved(stairs: &[u64], stair: usize, count: u64) -> Vec<u64> {
        let mut after = stairs.to_vec();
        after[stair] -= count;
        if stair > 0 {
            after[stair - 1] += count;
        }
        after
    }
}

impl ImpartialGame for Staircase {
    type Position = Vec<u64>;

    fn moves(&self, stairs: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        stairs.iter().enumerate().flat_map(move |(stair, &coins)| {
            // The stair below must not overflow: coins beyond 2^64 - 1 have no position.
            let room = match stair {
                0 => coins,
                _ => coins.min(u64::MAX - stairs[stair - 1]),
            };
            (1..=room).map(move |count| Staircase::moved(stairs, stair, count))
        })
    }

    fn known_grundy(&self, stairs: &Vec<u64>) -> Option<Nimber> {
        Some(stairs.iter().step_by(2).copied().map(Nimber::new).collect())
    }

    fn moves_to_value(
        &self,
        stairs: &Vec<u64>,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<Vec<u64>>> {
        let total = self.known_grundy(stairs)?;
        let mut found = Vec::new();
        // Stair `odd` is an odd-numbered stair (counting from 1): index 0, 2, 4...
        for odd in (0..stairs.len()).step_by(2) {
            let coins = stairs[odd];
            let wanted = (total ^ target ^ Nimber::new(coins)).value();
            if wanted < coins {
                found.push(Staircase::moved(stairs, odd, coins - wanted));
            } else if wanted > coins {
                let above = odd + 1;
                if above < stairs.len() && stairs[above] >= wanted - coins {
                    found.push(Staircase::moved(stairs, above, wanted - coins));
                }
            }
        }
        found.truncate(count);
        Some(found)
    }

    /// Empty stairs at the top dropped.
    fn canonical(&self, mut stairs: Vec<u64>) -> Vec<u64> {
        while stairs.last() == Some(&0) {
            stairs.pop();
        }
        stairs
    }

    fn position_bytes(&self, stairs: &Vec<u64>) -> usize {
        onag_core::heap_bytes::<u64>(stairs.capacity())
    }
}

impl Notation for Staircase {
    fn name(&self) -> String {
        "staircase".to_string()
    }

    /// The coins on stairs 1, 2, 3, ... separated by commas: `2,1,3`.
    fn read_component(&self, text: &str) -> Result<Vec<u64>> {
        crate::notation::read_numbers("staircase", text)
    }

    fn write_component(&self, stairs: &Vec<u64>) -> String {
        if stairs.is_empty() {
            return "0".to_string();
        }
        let coins: Vec<String> = stairs.iter().map(u64::to_string).collect();
        coins.join(",")
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let written = |stairs: &Vec<u64>| self.write_component(stairs);
        // The stair that lost coins is the one moved from.
        let stair =
            (0..from.len()).find(|&stair| to.get(stair).copied().unwrap_or(0) < from[stair]);
        let how = match stair {
            Some(stair) => {
                let count = from[stair] - to.get(stair).copied().unwrap_or(0);
                let coins = if count == 1 { "coin" } else { "coins" };
                match stair {
                    0 => format!("move {count} {coins} from stair 1 off the staircase"),
                    _ => format!(
                        "move {count} {coins} from stair {} to stair {stair}",
                        stair + 1
                    ),
                }
            }
            None => "move".to_string(),
        };
        format!("{how}: {} -> {}", written(from), written(to))
    }

    fn is_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> Option<bool> {
        let stairs = from.len().max(to.len());
        let at = |stairs: &Vec<u64>, index: usize| stairs.get(index).copied().unwrap_or(0);
        let changed: Vec<usize> = (0..stairs).filter(|&i| at(from, i) != at(to, i)).collect();
        Some(match changed.as_slice() {
            // From stair 1 off the staircase.
            [0] => at(to, 0) < at(from, 0),
            // From stair i + 1 down to stair i: the same coins leave one and reach the other.
            &[below, above] if above == below + 1 => {
                at(to, above) < at(from, above)
                    && at(to, below) > at(from, below)
                    && at(from, above) - at(to, above) == at(to, below) - at(from, below)
            }
            _ => false,
        })
    }
}
