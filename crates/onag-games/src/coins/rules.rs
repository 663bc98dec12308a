//! The one-dimensional rules ([`CoinRule`]): Turning Turtles, Twins, Mock Turtles, Ruler and
//! the coin subtraction games, each with the closed forms of its values (Ferguson §5).

use super::heads::{Heads, Turn};
use crate::{Error, Result};
use onag_core::Nimber;

/// The nim-sum `0 ^ 1 ^ ... ^ n`: `n`, 1, `n + 1` or 0 as `n` is 0, 1, 2 or 3 modulo 4.
pub(super) fn xor_upto(n: u64) -> u64 {
    match n % 4 {
        0 => n,
        1 => 1,
        2 => n + 1,
        _ => 0,
    }
}

/// The nim-sum of the numbers `a..=b`.
pub(super) fn xor_range(a: u64, b: u64) -> u64 {
    xor_upto(b) ^ a.checked_sub(1).map_or(0, xor_upto)
}

/// The most heads of a run whose values and moves the rules' defaults ask head by head.
pub(super) const RUN_SCAN: u64 = 1 << 16;

/// The coins of `a..=b` that have bit `bit` set, highest first: those that do not are skipped
/// a block at a time.
pub(super) fn with_bit(a: u64, b: u64, bit: u32) -> impl Iterator<Item = u64> {
    let mut next = Some(b);
    std::iter::from_fn(move || {
        loop {
            let x = next.filter(|&x| x >= a)?;
            if x >> bit & 1 == 1 {
                next = x.checked_sub(1);
                return Some(x);
            }
            // The highest number below x with the bit set ends the block before x's.
            next = (x >> bit << bit).checked_sub(1);
        }
    })
}

/// The moves of the run `a..=b` to value `target` for rules where `g(x) = x` and a head at `x`
/// has one move changing the value by `x ^ y` for each `y` below it: turning coin `y` too, or
/// for `y` = 0 in Turning Turtles (`alone`), none. Such a move exists exactly when `x` has the
/// highest bit of the change.
pub(super) fn nim_run_moves(
    a: u64,
    b: u64,
    target: Nimber,
    alone: bool,
    count: usize,
) -> Vec<(u64, Turn)> {
    // g(x) = x: the run is worth the nim-sum of its coins.
    let change = xor_range(a, b) ^ target.value();
    if change == 0 {
        return Vec::new();
    }
    with_bit(a, b, 63 - change.leading_zeros())
        .map(|x| match x ^ change {
            0 if alone => (x, Vec::new()),
            y => (x, vec![(y, y)]),
        })
        .take(count)
        .collect()
}

/// The rule of a one-dimensional coin-turning game: the moves whose rightmost coin is `x`.
///
/// Coins are numbered from [`first`](Self::first) (0 or 1, as the game is usually written).
///
/// # Laws
///
/// Every coin a move turns besides `x` is at least `first` and less than `x`; the same set is
/// not listed twice; [`coin_value`](Self::coin_value), where it answers, is the Grundy value of
/// a single head at `x`, and the other closed forms agree with it and with
/// [`turns`](Self::turns).
pub trait CoinRule {
    /// The number of the first coin: 0 or 1.
    fn first(&self) -> u64;

    /// For each move whose rightmost coin is `x`: the other coins it turns over.
    fn turns(&self, x: u64) -> impl Iterator<Item = Turn>;

    /// The Grundy value of a single head at `x`, when a closed form knows it.
    fn coin_value(&self, x: u64) -> Option<Nimber> {
        let _ = x;
        None
    }

    /// The value of heads at every coin of `a..=b`: by default the nim-sum of
    /// [`coin_value`](Self::coin_value) over a run of up to 2^16 heads.
    fn run_value(&self, a: u64, b: u64) -> Option<Nimber> {
        if b.checked_sub(a)? >= RUN_SCAN {
            return None;
        }
        (a..=b).try_fold(Nimber::ZERO, |sum, coin| Some(sum ^ self.coin_value(coin)?))
    }

    /// At most `count` of the moves whose rightmost coin is `x` that leave value `target`
    /// (given as the other coins they turn), all of them when fewer, when a closed form knows
    /// them; `None` (the default) makes the solver value every move.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Turn>> {
        let _ = (x, target, count);
        None
    }

    /// At most `count` moves of heads at every coin of `a..=b` to positions of value
    /// `target`, each as its rightmost coin and the others it turns. By default, from
    /// [`moves_to_value`](Self::moves_to_value) for each head, highest first, as long as
    /// `count` are found among the first 2^16; `None` when the closed forms do not tell.
    fn run_moves_to_value(
        &self,
        a: u64,
        b: u64,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<(u64, Turn)>> {
        let value = self.run_value(a, b)?;
        let mut found = Vec::new();
        for x in (a..=b).rev().take(RUN_SCAN as usize) {
            if found.len() >= count {
                return Some(found);
            }
            // Turning x and coins worth v leaves value ^ g(x) ^ v.
            let wanted = target ^ value ^ self.coin_value(x)?;
            for turn in self.moves_to_value(x, wanted, count - found.len())? {
                found.push((x, turn));
            }
        }
        // Complete when every head was asked, or enough were found.
        (b - a < RUN_SCAN || found.len() >= count).then_some(found)
    }

    /// Whether turning over `x` and the heads of `others` (all below `x`) is a move: by
    /// default, whether [`turns`](Self::turns) lists it.
    fn allows(&self, x: u64, others: &Heads) -> bool {
        self.turns(x).any(|turn| Heads::from_runs(turn) == *others)
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

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        std::iter::once(Vec::new()).chain((1..x).map(|y| vec![(y, y)]))
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        Some(Nimber::new(x))
    }

    fn run_value(&self, a: u64, b: u64) -> Option<Nimber> {
        Some(Nimber::new(xor_range(a, b)))
    }

    /// Turning `x` alone leaves 0; turning `y` too leaves `y`.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Turn>> {
        let target = target.value();
        let found = match target {
            0 => vec![Vec::new()],
            y if y < x => vec![vec![(y, y)]],
            _ => Vec::new(),
        };
        Some(found.into_iter().take(count).collect())
    }

    fn run_moves_to_value(
        &self,
        a: u64,
        b: u64,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<(u64, Turn)>> {
        Some(nim_run_moves(a, b, target, true, count))
    }

    fn allows(&self, x: u64, others: &Heads) -> bool {
        others.is_empty() || others.single().is_some_and(|y| y >= 1 && y < x)
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

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        (0..x).map(|y| vec![(y, y)])
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        Some(Nimber::new(x))
    }

    fn run_value(&self, a: u64, b: u64) -> Option<Nimber> {
        Some(Nimber::new(xor_range(a, b)))
    }

    /// Turning `y` too leaves `y`.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Turn>> {
        let y = target.value();
        Some(if y < x && count > 0 {
            vec![vec![(y, y)]]
        } else {
            Vec::new()
        })
    }

    fn run_moves_to_value(
        &self,
        a: u64,
        b: u64,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<(u64, Turn)>> {
        Some(nim_run_moves(a, b, target, false, count))
    }

    fn allows(&self, x: u64, others: &Heads) -> bool {
        others.single().is_some_and(|y| y < x)
    }
}

/// The coin of Mock Turtles worth `value`, if one is: the odious numbers are `2y` or `2y + 1`.
pub(super) fn mock_turtle_worth(value: u64) -> Option<u64> {
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

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        let one = std::iter::once(Vec::new());
        let two = (0..x).map(|y| vec![(y, y)]);
        let three = (0..x).flat_map(move |y| (y + 1..x).map(move |z| vec![(y, y), (z, z)]));
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

    /// `g(x)` is `2x`, plus 1 when `x` is evil (of even binary weight): the nim-sum of `2x` over
    /// the run, and the parity of its evil numbers (one of each two `2k`, `2k + 1`) in bit 0.
    fn run_value(&self, a: u64, b: u64) -> Option<Nimber> {
        if a > b || b > u64::MAX / 2 {
            return None;
        }
        // Evil numbers in 0..=n: one of each pair 2k, 2k + 1 below n, and n itself when it
        // is even and evil.
        let evil_upto = |n: u64| n / 2 + u64::from(n % 2 == 1 || n.count_ones() % 2 == 0);
        let evil = evil_upto(b) - a.checked_sub(1).map_or(0, evil_upto);
        Some(Nimber::new((xor_range(a, b) * 2) ^ (evil % 2)))
    }

    /// Values are odious, distinct for distinct coins: `x` alone leaves 0, one more coin `y`
    /// leaves `g(y)`, two more `g(y) ^ g(z)`, found for each `y` from the inverse of `g`. Time
    /// linear in `x`.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Turn>> {
        let target = target.value();
        let mut found = Vec::new();
        if target == 0 {
            found.push(Vec::new());
        }
        if let Some(y) = mock_turtle_worth(target).filter(|&y| y < x) {
            found.push(vec![(y, y)]);
        }
        // Two coins below x are worth less than 2^k, k the length of g(x) in bits.
        let below = self
            .coin_value(x)?
            .value()
            .checked_ilog2()
            .map_or(0, |top| top + 1);
        if target.count_ones() % 2 == 0 && target != 0 && target >> below == 0 {
            for y in 0..x {
                if found.len() >= count {
                    break;
                }
                let value = self.coin_value(y)?.value();
                if let Some(z) = mock_turtle_worth(target ^ value).filter(|&z| y < z && z < x) {
                    found.push(vec![(y, y), (z, z)]);
                }
            }
        }
        found.truncate(count);
        Some(found)
    }

    fn allows(&self, x: u64, others: &Heads) -> bool {
        others.count() <= 2 && others.highest().is_none_or(|y| y < x)
    }
}

/// The Gray code of `n`: the nim-sum of Ruler's values of coins `1..=n`.
pub(super) fn gray(n: u64) -> u64 {
    n ^ (n >> 1)
}

/// The number whose Gray code is `code`.
pub(super) fn inverse_gray(mut code: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        code ^= code >> shift;
        shift *= 2;
    }
    code
}

/// Ruler: turn over any run of consecutive coins, the rightmost from heads to tails. Coins
/// from 1; `g(x)` is the largest power of 2 dividing `x` (Ferguson §5.2). Its moves are
/// listed shortest first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ruler;

impl Ruler {
    /// The one move from a head at `x` that changes the value by `change` (not 0), when `x`
    /// has one: the values of coins `1..=n` xor to `gray(n)`, so the run from `s` to `x`
    /// changes it by `gray(x) ^ gray(s - 1)`, and `s - 1` is the inverse Gray code of
    /// `gray(x) ^ change`. That is below `x` exactly when `x` has the highest bit of `change`
    /// (the two agree above that bit, and differ at it).
    pub(super) fn move_changing(x: u64, change: u64) -> Option<Turn> {
        let before = inverse_gray(gray(x) ^ change);
        (before < x).then(|| {
            if before + 1 == x {
                Vec::new()
            } else {
                vec![(before + 1, x - 1)]
            }
        })
    }
}

impl CoinRule for Ruler {
    fn first(&self) -> u64 {
        1
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        (1..=x).rev().map(move |start| {
            if start == x {
                Vec::new()
            } else {
                vec![(start, x - 1)]
            }
        })
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        (x > 0).then(|| Nimber::new(1 << x.trailing_zeros()))
    }

    fn run_value(&self, a: u64, b: u64) -> Option<Nimber> {
        (a >= 1 && a <= b).then(|| Nimber::new(gray(b) ^ gray(a - 1)))
    }

    /// The one start that gives each value: the values of coins `1..=n` xor to the Gray code
    /// of `n`, so the start is found from the inverse Gray code.
    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Turn>> {
        let change = self.coin_value(x)?.value() ^ target.value();
        if x == 0 || count == 0 || change == 0 {
            return Some(Vec::new());
        }
        Some(Ruler::move_changing(x, change).into_iter().collect())
    }

    /// The heads of the run that have the highest bit of the change wanted, highest first,
    /// each with its one move: the run from it that changes the value as wanted.
    fn run_moves_to_value(
        &self,
        a: u64,
        b: u64,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<(u64, Turn)>> {
        let change = self.run_value(a, b)?.value() ^ target.value();
        if change == 0 {
            return Some(Vec::new());
        }
        Some(
            with_bit(a, b, 63 - change.leading_zeros())
                .filter_map(|x| Some((x, Ruler::move_changing(x, change)?)))
                .take(count)
                .collect(),
        )
    }

    /// The others are none, or one run that ends next to `x`.
    fn allows(&self, x: u64, others: &Heads) -> bool {
        let mut runs = others.runs();
        match (runs.next(), runs.next()) {
            (None, _) => true,
            (Some((a, b)), None) => a >= 1 && b.checked_add(1) == Some(x),
            _ => false,
        }
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
/// use onag_core::{Nimber, Solver};
/// use onag_games::{CoinSubtraction, Coins, Heads};
///
/// // S = {1, 2, 3}: g(x) = x mod 4.
/// let mut solver = Solver::new(Coins(CoinSubtraction::new([1, 2, 3])?));
/// assert_eq!(solver.grundy(&Heads::of([7]))?, Nimber::new(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct CoinSubtraction {
    pub(super) distances: Vec<u64>,
    /// The subtraction game's Grundy values up to their proven period, made when a coin's
    /// value is first asked (`None` inside when it outgrew [`PERIOD_BUDGET`]).
    pub(super) values: std::sync::Arc<std::sync::OnceLock<Option<crate::GrundySequence>>>,
}

/// What finding the period of a coin subtraction rule's values may take; past it, coins are
/// valued by search within the user's budget, as before.
pub(super) const PERIOD_BUDGET: onag_core::Budget = onag_core::Budget {
    positions: 1 << 22,
    options: 1 << 30,
    memory: 64 << 20,
};

impl PartialEq for CoinSubtraction {
    fn eq(&self, other: &CoinSubtraction) -> bool {
        self.distances == other.distances
    }
}

impl Eq for CoinSubtraction {}

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
    /// assert!(onag_games::CoinSubtraction::new([0, 1]).is_err());
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
        Ok(CoinSubtraction {
            distances,
            values: Default::default(),
        })
    }

    /// The distances.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_games::CoinSubtraction::new([3, 1])?.distances(), [1, 3]);
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

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        self.distances
            .iter()
            .filter(move |&&d| d <= x)
            .map(move |&d| {
                if d == x {
                    Vec::new()
                } else {
                    vec![(x - d, x - d)]
                }
            })
    }

    /// A head at `x` is worth a heap of `x` in the subtraction game (its move to coin `x - d`
    /// is the heap's move to `x - d`; to nothing, the heap's move to 0): its Grundy values,
    /// whose period the sequence engine proves (a finite subtraction set's values repeat
    /// once as many as its largest distance do), value any coin at once.
    fn coin_value(&self, x: u64) -> Option<Nimber> {
        let values = self.values.get_or_init(|| {
            let game = crate::TakeAndBreak::subtraction(self.distances.iter().copied()).ok()?;
            let values =
                crate::GrundySequence::compute_with(&game, u64::MAX, PERIOD_BUDGET, |_| {}).ok()?;
            values.period().is_some_and(|p| p.proven).then_some(values)
        });
        values.as_ref()?.value(x).map(Nimber::new)
    }

    fn allows(&self, x: u64, others: &Heads) -> bool {
        let distance = match others.single() {
            None if others.is_empty() => x,
            Some(y) if y >= 1 && y < x => x - y,
            _ => return false,
        };
        self.distances.binary_search(&distance).is_ok()
    }
}

impl<R: CoinRule + ?Sized> CoinRule for &R {
    fn first(&self) -> u64 {
        (**self).first()
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        (**self).turns(x)
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        (**self).coin_value(x)
    }

    fn run_value(&self, a: u64, b: u64) -> Option<Nimber> {
        (**self).run_value(a, b)
    }

    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Turn>> {
        (**self).moves_to_value(x, target, count)
    }

    fn run_moves_to_value(
        &self,
        a: u64,
        b: u64,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<(u64, Turn)>> {
        (**self).run_moves_to_value(a, b, target, count)
    }

    fn allows(&self, x: u64, others: &Heads) -> bool {
        (**self).allows(x, others)
    }
}
