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

    /// At most `count` of the moves whose rightmost coin is `x` that leave value `target`
    /// (given as the other coins they turn), all of them when fewer, when a closed form knows
    /// them; `None` (the default) makes the solver value every move.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Vec<u64>>> {
        let _ = (x, target, count);
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

    /// Turning `x` alone leaves 0; turning `y` too leaves `y`.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Vec<u64>>> {
        let target = target.value();
        let found = match target {
            0 => vec![Vec::new()],
            y if y < x => vec![vec![y]],
            _ => Vec::new(),
        };
        Some(found.into_iter().take(count).collect())
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

    /// Turning `y` too leaves `y`.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Vec<u64>>> {
        let y = target.value();
        Some(if y < x && count > 0 {
            vec![vec![y]]
        } else {
            Vec::new()
        })
    }
}

/// The coin of Mock Turtles worth `value`, if one is: the odious numbers are `2y` or `2y + 1`.
fn mock_turtle_worth(value: u64) -> Option<u64> {
    (value.count_ones() % 2 == 1).then_some(value >> 1)
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

    /// Values are odious, distinct for distinct coins: `x` alone leaves 0, one more coin `y`
    /// leaves `g(y)`, two more `g(y) ^ g(z)`, found for each `y` from the inverse of `g`. Time
    /// linear in `x`.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Vec<u64>>> {
        let target = target.value();
        let mut found = Vec::new();
        if target == 0 {
            found.push(Vec::new());
        }
        if let Some(y) = mock_turtle_worth(target).filter(|&y| y < x) {
            found.push(vec![y]);
        }
        if target.count_ones() % 2 == 0 && target != 0 {
            for y in 0..x {
                if found.len() >= count {
                    break;
                }
                let value = self.coin_value(y)?.value();
                if let Some(z) = mock_turtle_worth(target ^ value).filter(|&z| y < z && z < x) {
                    found.push(vec![y, z]);
                }
            }
        }
        found.truncate(count);
        Some(found)
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

    /// The values of coins `1..=n` xor to the Gray code `n ^ (n >> 1)`, so the run from `s`
    /// to `x - 1` is worth `gray(x - 1) ^ gray(s - 1)`, and one start `s` gives each value:
    /// `s - 1` is the inverse Gray code of `gray(x - 1) ^ target`.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Vec<u64>>> {
        if x == 0 {
            return Some(Vec::new());
        }
        let gray = |n: u64| n ^ (n >> 1);
        let mut code = gray(x - 1) ^ target.value();
        let mut before = 0u64;
        while code != 0 {
            before ^= code;
            code >>= 1;
        }
        let start = before + 1;
        Some(if start <= x && count > 0 {
            vec![(start..x).collect()]
        } else {
            Vec::new()
        })
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

    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Vec<u64>>> {
        (**self).moves_to_value(x, target, count)
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
    whole
        .into_iter()
        .chain(each.into_iter().map(|head| vec![head]))
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

    fn moves_to_value(
        &self,
        heads: &Vec<u64>,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<Vec<u64>>> {
        let [x] = heads.as_slice() else {
            return None;
        };
        let moves = self.0.moves_to_value(*x, target, count)?;
        Some(
            moves
                .into_iter()
                .map(|others| toggle(heads, std::iter::once(*x).chain(others)))
                .collect(),
        )
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

/// How many moves of one row (counted by the coins they turn) a winning-move search by the
/// Tartan theorem lists at most; past it, the solver's own search (within its budget) takes
/// over, and the catalogue refuses such heads.
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

/// The one-dimensional rules of this module as one type, chosen at run time: the rows of the
/// catalogue's coin games and of their products.
///
/// # Examples
///
/// ```
/// use cgt_games::Row;
///
/// let row: Row = "mock-turtles".parse()?;
/// assert_eq!(row.to_string(), "mock-turtles");
/// assert_eq!("coins:1,2,3".parse::<Row>()?.to_string(), "coins:1,2,3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Row {
    /// [`TurningTurtles`].
    TurningTurtles,
    /// [`Twins`].
    Twins,
    /// [`MockTurtles`].
    MockTurtles,
    /// [`Ruler`].
    Ruler,
    /// [`CoinSubtraction`].
    Subtraction(CoinSubtraction),
}

impl CoinRule for Row {
    fn first(&self) -> u64 {
        match self {
            Row::TurningTurtles => TurningTurtles.first(),
            Row::Twins => Twins.first(),
            Row::MockTurtles => MockTurtles.first(),
            Row::Ruler => Ruler.first(),
            Row::Subtraction(rule) => rule.first(),
        }
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Vec<u64>> {
        let turns: Box<dyn Iterator<Item = Vec<u64>> + '_> = match self {
            Row::TurningTurtles => Box::new(TurningTurtles.turns(x)),
            Row::Twins => Box::new(Twins.turns(x)),
            Row::MockTurtles => Box::new(MockTurtles.turns(x)),
            Row::Ruler => Box::new(Ruler.turns(x)),
            Row::Subtraction(rule) => Box::new(rule.turns(x)),
        };
        turns
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        match self {
            Row::TurningTurtles => TurningTurtles.coin_value(x),
            Row::Twins => Twins.coin_value(x),
            Row::MockTurtles => MockTurtles.coin_value(x),
            Row::Ruler => Ruler.coin_value(x),
            Row::Subtraction(rule) => rule.coin_value(x),
        }
    }

    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Vec<u64>>> {
        match self {
            Row::TurningTurtles => TurningTurtles.moves_to_value(x, target, count),
            Row::Twins => Twins.moves_to_value(x, target, count),
            Row::MockTurtles => MockTurtles.moves_to_value(x, target, count),
            Row::Ruler => Ruler.moves_to_value(x, target, count),
            Row::Subtraction(rule) => rule.moves_to_value(x, target, count),
        }
    }
}

impl Row {
    /// How many coins the moves from a head at `x` turn in all: the work of listing them.
    fn listing_cost(&self, x: u64) -> u128 {
        let x = u128::from(x);
        match self {
            Row::TurningTurtles | Row::Twins => 2 * x + 1,
            // 1 + 2x + 3x(x - 1)/2.
            Row::MockTurtles => 1 + 2 * x + 3 * x * x.saturating_sub(1) / 2,
            // Runs of 1 to x coins.
            Row::Ruler => x * (x + 1) / 2,
            Row::Subtraction(rule) => 2 * rule.distances().len() as u128,
        }
    }
}

impl std::str::FromStr for Row {
    type Err = Error;

    /// `turning-turtles`, `twins`, `mock-turtles`, `ruler` or `coins:S` (S comma-separated).
    fn from_str(text: &str) -> Result<Row> {
        let text = text.trim();
        match text.split_once(':') {
            Some((name, distances)) if name.eq_ignore_ascii_case("coins") => {
                let distances = crate::catalogue::ruleset::parse_numbers("coins", distances)?;
                Ok(Row::Subtraction(CoinSubtraction::new(distances)?))
            }
            _ => match text.to_ascii_lowercase().as_str() {
                "turning-turtles" => Ok(Row::TurningTurtles),
                "twins" => Ok(Row::Twins),
                "mock-turtles" => Ok(Row::MockTurtles),
                "ruler" => Ok(Row::Ruler),
                _ => Err(Error::InvalidParameter {
                    game: "coins",
                    value: text.to_string(),
                    reason: "a row is turning-turtles, twins, mock-turtles, ruler or coins:S"
                        .to_string(),
                }),
            },
        }
    }
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Row::TurningTurtles => f.write_str("turning-turtles"),
            Row::Twins => f.write_str("twins"),
            Row::MockTurtles => f.write_str("mock-turtles"),
            Row::Ruler => f.write_str("ruler"),
            Row::Subtraction(rule) => {
                let distances: Vec<String> = rule.distances().iter().map(u64::to_string).collect();
                write!(f, "coins:{}", distances.join(","))
            }
        }
    }
}

/// The coins turned from `from` to `to`: their symmetric difference, sorted.
fn turned<T: Ord + Clone>(from: &[T], to: &[T]) -> Vec<T> {
    toggle(from, to.iter().cloned())
}

/// Reads heads written `3,5,8` (`-` for none), each at least `first`, none twice.
fn read_row_heads(game: &str, text: &str, first: u64) -> Result<Vec<u64>> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut heads = crate::catalogue::read_numbers(game, text)?;
    heads.sort_unstable();
    let twice = heads.windows(2).any(|pair| pair[0] == pair[1]);
    if twice || heads.first().is_some_and(|&head| head < first) {
        return Err(crate::catalogue::component_error(
            game,
            text,
            format!("heads are distinct coin numbers from {first}, such as 1,4,6 (- for none)"),
        ));
    }
    Ok(heads)
}

fn write_list<T: std::fmt::Display>(items: &[T], separator: &str) -> String {
    if items.is_empty() {
        return "-".to_string();
    }
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

impl crate::Notation for Coins<Row> {
    fn name(&self) -> String {
        self.0.to_string()
    }

    /// The heads' coin numbers separated by commas: `1,4,6` (`-` for none).
    fn read_component(&self, text: &str) -> Result<Vec<u64>> {
        read_row_heads(&self.name(), text, self.0.first())
    }

    fn write_component(&self, heads: &Vec<u64>) -> String {
        write_list(heads, ",")
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        format!(
            "turn coins {}: {} -> {}",
            write_list(&turned(from, to), ", "),
            self.write_component(from),
            self.write_component(to)
        )
    }

    fn is_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> Option<bool> {
        let mut turned = turned(from, to);
        let Some(rightmost) = turned.pop() else {
            return Some(false);
        };
        Some(
            from.binary_search(&rightmost).is_ok()
                && self.0.turns(rightmost).any(|others| {
                    let mut others = others;
                    others.sort_unstable();
                    others == turned
                }),
        )
    }
}

/// Reads the heads of a board written `x,y:x,y` (`-` for none), each coordinate at least the
/// rows' first coin, none twice.
fn read_board_heads(game: &str, text: &str, first: (u64, u64)) -> Result<Vec<(u64, u64)>> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let bad = || {
        crate::catalogue::component_error(
            game,
            text,
            format!(
                "heads are distinct coins x,y separated by colons, from {},{}, such as 1,3:4,4 (- for none)",
                first.0, first.1
            ),
        )
    };
    let mut heads = Vec::new();
    for head in text.split(':') {
        match crate::catalogue::read_numbers(game, head)?.as_slice() {
            &[x, y] if x >= first.0 && y >= first.1 => heads.push((x, y)),
            _ => return Err(bad()),
        }
    }
    heads.sort_unstable();
    if heads.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(bad());
    }
    Ok(heads)
}

/// A board's heads written `x,y:x,y`.
fn write_board(heads: &[(u64, u64)]) -> String {
    let written: Vec<String> = heads.iter().map(|(x, y)| format!("{x},{y}")).collect();
    write_list(&written, ":")
}

fn describe_board_move(from: &[(u64, u64)], to: &[(u64, u64)]) -> String {
    let turned: Vec<String> = turned(from, to)
        .iter()
        .map(|(x, y)| format!("({x},{y})"))
        .collect();
    format!(
        "turn {}: {} -> {}",
        write_list(&turned, " "),
        write_board(from),
        write_board(to)
    )
}

impl crate::Notation for Tartan<Row, Row> {
    fn name(&self) -> String {
        match (&self.0, &self.1) {
            (Row::Twins, Row::Twins) => "turning-corners".to_string(),
            (Row::Ruler, Row::Ruler) => "rugs".to_string(),
            (a, b) => format!("tartan:{a}*{b}"),
        }
    }

    /// The heads `x,y` separated by colons: `1,3:4,4` (`-` for none). A head whose row or
    /// column has more moves than the Tartan method lists (2<sup>22</sup>) is refused: its
    /// winning moves would need a search of the board.
    fn read_component(&self, text: &str) -> Result<Vec<(u64, u64)>> {
        let name = self.name();
        let heads = read_board_heads(&name, text, (self.0.first(), self.1.first()))?;
        let too_many =
            |rule: &Row, coin: u64| rule.listing_cost(coin) > u128::from(TARTAN_ROW_MOVES);
        if let Some(&(x, y)) = heads
            .iter()
            .find(|&&(x, y)| too_many(&self.0, x) || too_many(&self.1, y))
        {
            return Err(crate::catalogue::component_error(
                &name,
                text,
                format!(
                    "the head {x},{y} has a row or column whose moves turn more than \
                     {TARTAN_ROW_MOVES} coins in all, more than the Tartan method lists"
                ),
            ));
        }
        Ok(heads)
    }

    fn write_component(&self, heads: &Vec<(u64, u64)>) -> String {
        write_board(heads)
    }

    fn describe_move(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> String {
        describe_board_move(from, to)
    }

    /// The coins turned must be a row move times a column move, the south-east one a head.
    fn is_move(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> Option<bool> {
        let turned = turned(from, to);
        let Some(&corner) = turned.last() else {
            return Some(false);
        };
        let mut rows: Vec<u64> = turned.iter().map(|&(x, _)| x).collect();
        let mut columns: Vec<u64> = turned.iter().map(|&(_, y)| y).collect();
        rows.sort_unstable();
        rows.dedup();
        columns.sort_unstable();
        columns.dedup();
        let product = rows.len() * columns.len() == turned.len();
        let south_east = rows.last() == Some(&corner.0) && columns.last() == Some(&corner.1);
        let row_move = |rule: &Row, coins: &[u64]| {
            let (&last, others) = coins.split_last().expect("a coin");
            rule.turns(last).any(|mut turned| {
                turned.sort_unstable();
                turned == others
            })
        };
        Some(
            product
                && south_east
                && from.binary_search(&corner).is_ok()
                && row_move(&self.0, &rows)
                && row_move(&self.1, &columns),
        )
    }
}

impl crate::Notation for AcrosticTwins {
    fn name(&self) -> String {
        "acrostic-twins".to_string()
    }

    /// The heads `x,y` separated by colons: `1,3:4,4` (`-` for none).
    fn read_component(&self, text: &str) -> Result<Vec<(u64, u64)>> {
        read_board_heads("acrostic-twins", text, (0, 0))
    }

    fn write_component(&self, heads: &Vec<(u64, u64)>) -> String {
        write_board(heads)
    }

    fn describe_move(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> String {
        describe_board_move(from, to)
    }

    fn is_move(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> Option<bool> {
        Some(match turned(from, to).as_slice() {
            &[first, second] => {
                (first.0 == second.0 || first.1 == second.1) && from.binary_search(&second).is_ok()
            }
            _ => false,
        })
    }
}
