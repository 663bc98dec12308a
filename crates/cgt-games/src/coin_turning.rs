//! Coin-turning games (Ferguson, *Game Theory*, Part I, §5; Winning Ways ch. 14): a row (or a
//! board) of coins, some heads; a move turns over a set of coins allowed by the rule, the
//! rightmost (south-east-most) going from heads to tails.
//!
//! A position is the set of its heads, and it is the disjunctive sum of its single heads
//! (turning a coin twice undoes it, so a head can be seen as a game of its own), so its value
//! is the nim-sum of the values `g(x)` of its heads. [`CoinRule`] gives a one-dimensional rule;
//! [`Coins`] makes it a game. [`Tartan`] is the product of two one-dimensional games: a move
//! turns every coin of `A × B` for a move `A` of the first game and `B` of the second, and the
//! Tartan theorem says its values are the nim products `g₁(x) ⊗ g₂(y)` (Winning Ways ch. 14;
//! Ferguson §5.4). Its winning moves come from that theorem, not from a search of the board.

use std::collections::BTreeMap;

use cgt_core::{ImpartialGame, Nimber};

use crate::{Error, Result};

/// The rule of a one-dimensional coin-turning game: the moves whose rightmost coin is `x`.
///
/// Coins are numbered from [`first`](Self::first) (0 or 1, as the game is usually written).
///
/// # Laws
///
/// Every coin a move turns besides `x` is at least `first` and less than `x`; the same set is
/// not listed twice; [`coin_value`](Self::coin_value), where it answers, is the Grundy value of
/// a single head at `x`.
pub trait CoinRule {
    /// The number of the first coin: 0 or 1.
    fn first(&self) -> u64;

    /// For each move whose rightmost coin is `x`: the other coins it turns over.
    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>>;

    /// The Grundy value of a single head at `x`, when a closed form knows it.
    fn coin_value(&self, x: u64) -> Option<Nimber> {
        let _ = x;
        None
    }
}

/// Turning Turtles: turn over one coin from heads to tails, and optionally one coin to its
/// left. Coins from 1; `g(x) = x`: the game is Nim (Ferguson §5.1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurningTurtles;

impl CoinRule for TurningTurtles {
    fn first(&self) -> u64 {
        1
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>> {
        std::iter::once(Vec::new()).chain((1..x).map(|y| vec![y]))
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        Some(Nimber::new(x))
    }
}

/// Twins: turn over exactly two coins, the rightmost from heads to tails. Coins from 0;
/// `g(x) = x` (Ferguson §5.1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Twins;

impl CoinRule for Twins {
    fn first(&self) -> u64 {
        0
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>> {
        (0..x).map(|y| vec![y])
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        Some(Nimber::new(x))
    }
}

/// Mock Turtles: turn over one, two or three coins, the rightmost from heads to tails. Coins
/// from 0; `g(x)` is the x-th odious number (binary weight odd: 1, 2, 4, 7, 8, 11, ...; OEIS
/// A000069), `2x` or `2x + 1` (Ferguson §5.2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MockTurtles;

impl CoinRule for MockTurtles {
    fn first(&self) -> u64 {
        0
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>> {
        let one = std::iter::once(Vec::new());
        let two = (0..x).map(|y| vec![y]);
        let three = (0..x).flat_map(move |y| (y + 1..x).map(move |z| vec![y, z]));
        one.chain(two).chain(three)
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        let twice = x.checked_mul(2)?;
        Some(Nimber::new(if twice.count_ones() % 2 == 1 {
            twice
        } else {
            twice + 1
        }))
    }
}

/// Ruler: turn over any run of consecutive coins, the rightmost from heads to tails. Coins
/// from 1; `g(x)` is the largest power of 2 dividing `x` (Ferguson §5.2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ruler;

impl CoinRule for Ruler {
    fn first(&self) -> u64 {
        1
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>> {
        (1..=x).map(move |start| (start..x).collect())
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        (x > 0).then(|| Nimber::new(1 << x.trailing_zeros()))
    }
}

/// The coin form of a subtraction game: turn over coin `x`, and coin `x - d` for one `d` in the
/// set, where that coin exists (coins from 1; when `x - d` is 0, coin `x` alone). A head at `x`
/// plays as a heap of `x` in the subtraction game with set S (Ferguson §5.1): a rule a user
/// gives as a set.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{CoinSubtraction, Coins};
///
/// // S = {1, 2, 3}: g(x) = x mod 4.
/// let mut solver = Solver::new(Coins(CoinSubtraction::new([1, 2, 3])?));
/// assert_eq!(solver.grundy(&vec![7])?, Nimber::new(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinSubtraction {
    distances: Vec<u64>,
}

impl CoinSubtraction {
    /// The rule with these distances.
    ///
    /// # Errors
    ///
    /// [`Error::EmptySet`] for no distance, [`Error::ZeroInSet`] for a distance 0.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(cgt_games::CoinSubtraction::new([0, 1]).is_err());
    /// ```
    pub fn new(distances: impl IntoIterator<Item = u64>) -> Result<CoinSubtraction> {
        let mut distances: Vec<u64> = distances.into_iter().collect();
        distances.sort_unstable();
        distances.dedup();
        if distances.is_empty() {
            return Err(Error::EmptySet);
        }
        if distances[0] == 0 {
            return Err(Error::ZeroInSet);
        }
        Ok(CoinSubtraction { distances })
    }

    /// The distances.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(cgt_games::CoinSubtraction::new([3, 1])?.distances(), [1, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distances(&self) -> &[u64] {
        &self.distances
    }
}

impl CoinRule for CoinSubtraction {
    fn first(&self) -> u64 {
        1
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>> {
        self.distances
            .iter()
            .filter(move |&&d| d <= x)
            .map(move |&d| if d == x { Vec::new() } else { vec![x - d] })
    }
}

impl<R: CoinRule + ?Sized> CoinRule for &R {
    fn first(&self) -> u64 {
        (**self).first()
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>> {
        (**self).turns(x)
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        (**self).coin_value(x)
    }
}

/// Turns over the coins `turned` (each once) in the sorted set of heads `heads`.
fn toggle<T: Ord + Clone>(heads: &[T], turned: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut after: Vec<T> = heads.to_vec();
    for coin in turned {
        match after.binary_search(&coin) {
            Ok(index) => {
                after.remove(index);
            }
            Err(index) => after.insert(index, coin),
        }
    }
    after
}

/// The heads of several positions together: a coin heads in an even number of them is tails.
fn join_heads<T: Ord + Clone>(parts: Vec<Vec<T>>) -> Vec<T> {
    parts
        .into_iter()
        .fold(Vec::new(), |heads, part| toggle(&heads, part))
}

/// The components of a set of heads: one position per head. A single head is returned as it is,
/// because the solver asks this of every position it meets.
fn single_heads<T>(heads: Vec<T>) -> impl Iterator<Item = Vec<T>> {
    let (whole, each) = if heads.len() <= 1 {
        (Some(heads), Vec::new())
    } else {
        (None, heads)
    };
    whole.into_iter().chain(each.into_iter().map(|head| vec![head]))
}

/// A one-dimensional coin-turning game: the rule `R` on a row of coins. A position is the
/// sorted list of its heads.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{Coins, MockTurtles};
///
/// // Heads at 1, 3 and 4: 2 ^ 7 ^ 8 = 13.
/// let mut solver = Solver::new(Coins(MockTurtles));
/// assert_eq!(solver.grundy(&vec![1, 3, 4])?, Nimber::new(13));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Coins<R>(pub R);

impl<R: CoinRule> ImpartialGame for Coins<R> {
    type Position = Vec<u64>;

    fn moves(&self, heads: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        heads.iter().flat_map(move |&x| {
            self.0
                .turns(x)
                .map(move |others| toggle(heads, std::iter::once(x).chain(others)))
        })
    }

    /// One component per head.
    fn components(&self, heads: Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        single_heads(heads)
    }

    fn join(&self, parts: Vec<Vec<u64>>) -> Option<Vec<u64>> {
        Some(join_heads(parts))
    }

    fn known_grundy(&self, heads: &Vec<u64>) -> Option<Nimber> {
        heads
            .iter()
            .try_fold(Nimber::ZERO, |sum, &x| Some(sum ^ self.0.coin_value(x)?))
    }
}

/// The product `A × B` of two one-dimensional coin-turning games on a board: a move picks a
/// move of `A` (coins `S` with rightmost `x`) and a move of `B` (coins `T` with rightmost `y`)
/// and turns over every coin of `S × T`; the coin `(x, y)` goes from heads to tails. A position
/// is the sorted list of its heads `(x, y)`.
///
/// By the Tartan theorem, a single head at `(x, y)` is worth `g_A(x) ⊗ g_B(y)` (nim product),
/// which the game offers as a closed form when both rules have one; winning moves come from
/// the theorem too: from a head of value `a ⊗ b`, a move to value `u` is a move of `A` to a
/// value `a'` and of `B` to `b'` with `a' ⊗ b ^ a ⊗ b' ^ a' ⊗ b' = u` (Ferguson §5.4), found
/// from the two rows' own moves, without searching the board.
///
/// | game | rules |
/// |---|---|
/// | Turning Corners | `Tartan(Twins, Twins)`: the four corners of a rectangle |
/// | Rugs | `Tartan(Ruler, Ruler)`: every coin of a rectangle |
/// | (Mock Turtles)² | `Tartan(MockTurtles, MockTurtles)` |
/// | (Turning Turtles)² | `Tartan(TurningTurtles, TurningTurtles)` |
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{Tartan, Twins};
///
/// // Ferguson §5.3: heads at (1,3), (3,2), (4,4) of Turning Corners: 3 ^ 1 ^ 6 = 4; the
/// // winning move turns the corners (3,3), (3,4), (4,3), (4,4).
/// let mut solver = Solver::new(Tartan(Twins, Twins));
/// let position = vec![(1, 3), (3, 2), (4, 4)];
/// assert_eq!(solver.grundy(&position)?, Nimber::new(4));
/// assert_eq!(solver.winning_moves(&position)?, vec![vec![(1, 3), (3, 2), (3, 3), (3, 4), (4, 3)]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tartan<A, B>(pub A, pub B);

impl<A: CoinRule, B: CoinRule> Tartan<A, B> {
    /// The moves of one row's game from a head at `x`, each with the coins it turns (`x`
    /// included) and the value of what it leaves, grouped by that value; `None` where a value
    /// has no closed form.
    fn row_moves<R: CoinRule>(rule: &R, x: u64) -> Option<BTreeMap<u64, Vec<Vec<u64>>>> {
        let mut by_value: BTreeMap<u64, Vec<Vec<u64>>> = BTreeMap::new();
        for others in rule.turns(x) {
            let value = others.iter().try_fold(Nimber::ZERO, |sum, &coin| {
                Some(sum ^ rule.coin_value(coin)?)
            })?;
            let mut turned = others;
            turned.push(x);
            by_value.entry(value.value()).or_default().push(turned);
        }
        Some(by_value)
    }
}

/// How many moves of one row a winning-move search by the Tartan theorem lists at most; past
/// it, the solver's own search (within its budget) takes over.
const TARTAN_ROW_MOVES: u64 = 1 << 22;

impl<A: CoinRule, B: CoinRule> ImpartialGame for Tartan<A, B> {
    type Position = Vec<(u64, u64)>;

    fn moves(&self, heads: &Vec<(u64, u64)>) -> impl Iterator<Item = Vec<(u64, u64)>> {
        heads.iter().flat_map(move |&(x, y)| {
            self.0.turns(x).flat_map(move |mut rows| {
                rows.push(x);
                self.1.turns(y).map(move |mut columns| {
                    columns.push(y);
                    let turned = rows
                        .iter()
                        .flat_map(|&row| columns.iter().map(move |&column| (row, column)));
                    toggle(heads, turned.collect::<Vec<_>>())
                })
            })
        })
    }

    /// One component per head.
    fn components(&self, heads: Vec<(u64, u64)>) -> impl Iterator<Item = Vec<(u64, u64)>> {
        single_heads(heads)
    }

    fn join(&self, parts: Vec<Vec<(u64, u64)>>) -> Option<Vec<(u64, u64)>> {
        Some(join_heads(parts))
    }

    /// The Tartan theorem: the nim-sum of `g_A(x) ⊗ g_B(y)` over the heads.
    fn known_grundy(&self, heads: &Vec<(u64, u64)>) -> Option<Nimber> {
        heads.iter().try_fold(Nimber::ZERO, |sum, &(x, y)| {
            Some(sum ^ (self.0.coin_value(x)? * self.1.coin_value(y)?))
        })
    }

    /// The moves of a single head to value `u` by the Tartan theorem: for each value `a'` of a
    /// move of the first row, the one `b' = (u ^ a' ⊗ b) / (a ^ a')` that completes it, looked
    /// up among the second row's moves.
    fn moves_to_value(
        &self,
        heads: &Vec<(u64, u64)>,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<Vec<(u64, u64)>>> {
        let [(x, y)] = heads.as_slice() else {
            return None;
        };
        let (x, y) = (*x, *y);
        let rows_bound = self.0.turns(x).take(TARTAN_ROW_MOVES as usize + 1).count();
        let columns_bound = self.1.turns(y).take(TARTAN_ROW_MOVES as usize + 1).count();
        if rows_bound as u64 > TARTAN_ROW_MOVES || columns_bound as u64 > TARTAN_ROW_MOVES {
            return None;
        }
        let (a, b) = (self.0.coin_value(x)?, self.1.coin_value(y)?);
        let rows = Self::row_moves(&self.0, x)?;
        let columns = Self::row_moves(&self.1, y)?;
        let mut found = Vec::new();
        for (&row_value, row_moves) in &rows {
            let a_prime = Nimber::new(row_value);
            // a' = a would need a ⊗ b = u, the value the head already has: no move keeps it.
            let Some(b_prime) = (target ^ (a_prime * b)).checked_div(a ^ a_prime) else {
                continue;
            };
            let Some(column_moves) = columns.get(&b_prime.value()) else {
                continue;
            };
            for row_move in row_moves {
                for column_move in column_moves {
                    let turned: Vec<(u64, u64)> = row_move
                        .iter()
                        .flat_map(|&row| column_move.iter().map(move |&column| (row, column)))
                        .collect();
                    found.push(toggle(heads, turned));
                    if found.len() == count {
                        return Some(found);
                    }
                }
            }
        }
        Some(found)
    }
}

/// Acrostic Twins (Ferguson §5.3): turn over two coins in the same row or the same column, the
/// south-east one from heads to tails. Coins from `(0, 0)`; a head at `(x, y)` is worth
/// `x ^ y` (the nim-sum, not a Tartan product: the game is Nim with two heaps per head).
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::AcrosticTwins;
///
/// assert_eq!(Solver::new(AcrosticTwins).grundy(&vec![(1, 7)])?, Nimber::new(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AcrosticTwins;

impl ImpartialGame for AcrosticTwins {
    type Position = Vec<(u64, u64)>;

    fn moves(&self, heads: &Vec<(u64, u64)>) -> impl Iterator<Item = Vec<(u64, u64)>> {
        heads.iter().flat_map(move |&(x, y)| {
            let in_row = (0..x).map(move |other| (other, y));
            let in_column = (0..y).map(move |other| (x, other));
            in_row
                .chain(in_column)
                .map(move |other| toggle(heads, [(x, y), other]))
        })
    }

    fn components(&self, heads: Vec<(u64, u64)>) -> impl Iterator<Item = Vec<(u64, u64)>> {
        single_heads(heads)
    }

    fn join(&self, parts: Vec<Vec<(u64, u64)>>) -> Option<Vec<(u64, u64)>> {
        Some(join_heads(parts))
    }

    fn known_grundy(&self, heads: &Vec<(u64, u64)>) -> Option<Nimber> {
        Some(heads.iter().map(|&(x, y)| Nimber::new(x ^ y)).collect())
    }
}
