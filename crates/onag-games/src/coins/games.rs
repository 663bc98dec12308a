//! The games: a row of coins under one rule ([`Coins`]), the product of two rows on a board
//! ([`Tartan`], valued by the Tartan theorem) and Acrostic Twins.

use super::heads::Heads;
use super::rules::CoinRule;
use super::written::coins_of;
use onag_core::{ImpartialGame, Nimber};
use std::collections::BTreeMap;

/// Turns over the coins `turned` (each once) in the sorted set of heads `heads`.
pub(super) fn toggle<T: Ord + Clone>(heads: &[T], turned: impl IntoIterator<Item = T>) -> Vec<T> {
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
pub(super) fn join_heads<T: Ord + Clone>(parts: Vec<Vec<T>>) -> Vec<T> {
    parts
        .into_iter()
        .fold(Vec::new(), |heads, part| toggle(&heads, part))
}

/// The components of a set of heads: one position per head. A single head is returned as it is,
/// because the solver asks this of every position it meets.
pub(super) fn single_heads<T>(heads: Vec<T>) -> impl Iterator<Item = Vec<T>> {
    let (whole, each) = if heads.len() <= 1 {
        (Some(heads), Vec::new())
    } else {
        (None, heads)
    };
    whole
        .into_iter()
        .chain(each.into_iter().map(|head| vec![head]))
}

/// The longest run of heads split into single heads as components; a longer one is one
/// component, valued by the rule's closed form for runs.
pub(super) const SPLIT_RUNS: u64 = 1 << 20;

/// A one-dimensional coin-turning game: the rule `R` on a row of coins. A position is its
/// [`Heads`].
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{Coins, Heads, MockTurtles, Ruler};
///
/// // Heads at 1, 3 and 4: 2 ^ 7 ^ 8 = 13.
/// let mut solver = Solver::new(Coins(MockTurtles));
/// assert_eq!(solver.grundy(&Heads::of([1, 3, 4]))?, Nimber::new(13));
/// // Ruler: a head at 2^40 (worth 2^40) and one at 2^39. The winning move turns the run of
/// // coins 1 to 2^40 (worth 2^40 ^ 2^39 in all) over: 2^40 - 1 heads, held as one run.
/// let mut ruler = Solver::new(Coins(Ruler));
/// let position = Heads::of([1 << 39, 1 << 40]);
/// assert_eq!(ruler.grundy(&position)?, Nimber::new(3 << 39));
/// let moves = ruler.winning_moves(&position)?;
/// assert_eq!(moves, [Heads::run(1, (1 << 39) - 1).xor(&Heads::run((1 << 39) + 1, (1 << 40) - 1))]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Coins<R>(pub R);

impl<R: CoinRule> ImpartialGame for Coins<R> {
    type Position = Heads;

    /// Head by head, lowest first, each with the rule's moves in its order.
    fn moves(&self, heads: &Heads) -> impl Iterator<Item = Heads> {
        heads
            .coins()
            .flat_map(move |x| self.0.turns(x).map(move |others| heads.turned(x, &others)))
    }

    /// One component per head, but a run of more than 2^20 heads is one.
    fn components(&self, heads: Heads) -> impl Iterator<Item = Heads> {
        let parts: Vec<Heads> = match *heads.edges.as_slice() {
            // One part already (a single head, or one long run): kept as it is, since the
            // solver asks this of every position it meets.
            [_] | [_, _] if heads.single().is_some() || heads.count() > u128::from(SPLIT_RUNS) => {
                vec![heads]
            }
            _ => heads
                .runs()
                .flat_map(|(a, b)| {
                    if b - a >= SPLIT_RUNS {
                        vec![Heads::run(a, b)]
                    } else {
                        (a..=b).map(|x| Heads::run(x, x)).collect()
                    }
                })
                .collect(),
        };
        parts.into_iter()
    }

    fn position_bytes(&self, heads: &Heads) -> usize {
        onag_core::heap_bytes::<u64>(heads.edges.capacity())
    }

    fn join(&self, parts: Vec<Heads>) -> Option<Heads> {
        Some(
            parts
                .iter()
                .fold(Heads::new(), |heads, part| heads.xor(part)),
        )
    }

    fn known_grundy(&self, heads: &Heads) -> Option<Nimber> {
        heads.runs().try_fold(Nimber::ZERO, |sum, (a, b)| {
            Some(sum ^ self.0.run_value(a, b)?)
        })
    }

    fn moves_to_value(&self, heads: &Heads, target: Nimber, count: usize) -> Option<Vec<Heads>> {
        let mut runs = heads.runs();
        let (Some((a, b)), None) = (runs.next(), runs.next()) else {
            return None;
        };
        let moves = if a == b {
            self.0
                .moves_to_value(a, target, count)?
                .into_iter()
                .map(|others| (a, others))
                .collect()
        } else {
            self.0.run_moves_to_value(a, b, target, count)?
        };
        Some(
            moves
                .into_iter()
                .map(|(x, others)| heads.turned(x, &others))
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
/// use onag_core::{Nimber, Solver};
/// use onag_games::{Tartan, Twins};
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
    pub(super) fn row_moves<R: CoinRule>(rule: &R, x: u64) -> Option<BTreeMap<u64, Vec<Vec<u64>>>> {
        let mut by_value: BTreeMap<u64, Vec<Vec<u64>>> = BTreeMap::new();
        for others in rule.turns(x) {
            let value = others.iter().try_fold(Nimber::ZERO, |sum, &(a, b)| {
                Some(sum ^ rule.run_value(a, b)?)
            })?;
            let mut turned = coins_of(&others);
            turned.push(x);
            by_value.entry(value.value()).or_default().push(turned);
        }
        Some(by_value)
    }
}

/// How many moves of one row (counted by the coins they turn) a winning-move search by the
/// Tartan theorem lists at most; past it, the solver's own search (within its budget) takes
/// over, and the catalogue refuses such heads.
pub(super) const TARTAN_ROW_MOVES: u64 = 1 << 22;

impl<A: CoinRule, B: CoinRule> ImpartialGame for Tartan<A, B> {
    type Position = Vec<(u64, u64)>;

    fn moves(&self, heads: &Vec<(u64, u64)>) -> impl Iterator<Item = Vec<(u64, u64)>> {
        heads.iter().flat_map(move |&(x, y)| {
            self.0.turns(x).flat_map(move |rows| {
                let mut rows = coins_of(&rows);
                rows.push(x);
                self.1.turns(y).map(move |columns| {
                    let mut columns = coins_of(&columns);
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

    fn position_bytes(&self, heads: &Vec<(u64, u64)>) -> usize {
        onag_core::heap_bytes::<(u64, u64)>(heads.capacity())
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
/// use onag_core::{Nimber, Solver};
/// use onag_games::AcrosticTwins;
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

    fn position_bytes(&self, heads: &Vec<(u64, u64)>) -> usize {
        onag_core::heap_bytes::<(u64, u64)>(heads.capacity())
    }

    fn known_grundy(&self, heads: &Vec<(u64, u64)>) -> Option<Nimber> {
        Some(heads.iter().map(|&(x, y)| Nimber::new(x ^ y)).collect())
    }
}
