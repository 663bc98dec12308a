//! Coin-turning games (Ferguson, *Game Theory*, Part I, §5; Winning Ways ch. 14): a row (or a
//! board) of coins, some heads; a move turns over a set of coins allowed by the rule, the
//! rightmost (south-east-most) going from heads to tails.
//!
//! A position is the set of its heads, and it is the disjunctive sum of its single heads
//! (turning a coin twice undoes it, so a head can be seen as a game of its own), so its value
//! is the nim-sum of the values `g(x)` of its heads. [`CoinRule`] gives a one-dimensional rule;
//! [`Coins`] makes it a game, its positions [`Heads`] held as runs of consecutive heads (a
//! move of Ruler turns a run of any length: a head at 10^12 has a move that leaves 10^12 - 1
//! heads, two numbers in this form). [`Tartan`] is the product of two one-dimensional games: a
//! move turns every coin of `A × B` for a move `A` of the first game and `B` of the second,
//! and the Tartan theorem says its values are the nim products `g₁(x) ⊗ g₂(y)` (Winning Ways
//! ch. 14; Ferguson §5.4). Its winning moves come from that theorem, not from a search of the
//! board.

use std::collections::BTreeMap;

use cgt_core::{ImpartialGame, Nimber};

use crate::{Error, Result};

/// The coins a move turns over besides its rightmost one, as runs `(a, b)` of the consecutive
/// coins `a..=b`, disjoint.
pub type Turn = Vec<(u64, u64)>;

/// The heads of a row of coins, held as the coins where heads and tails change: a run of any
/// length costs two numbers, and turning a run over costs the same as turning one coin.
///
/// # Examples
///
/// ```
/// use cgt_games::Heads;
///
/// let heads = Heads::of([1, 2, 3, 7]);
/// assert_eq!(heads.runs().collect::<Vec<_>>(), [(1, 3), (7, 7)]);
/// assert_eq!(heads.count(), 4);
/// // Turning coins 3 to 6 over leaves heads at 1, 2, 4, 5, 6 and 7.
/// assert_eq!(heads.xor(&Heads::run(3, 6)), Heads::of([1, 2, 4, 5, 6, 7]));
/// let huge = Heads::run(1, 1_000_000_000_000);
/// assert_eq!(huge.count(), 1_000_000_000_000);
/// assert!(huge.contains(999) && !huge.contains(1_000_000_000_001));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heads {
    /// Increasing: coin `c` is heads when an odd number of them are at most `c` (with an odd
    /// number in all, the last run reaches coin `u64::MAX`).
    edges: Vec<u64>,
}

impl Heads {
    /// No heads.
    pub fn new() -> Heads {
        Heads::default()
    }

    /// The heads at `coins`; a coin listed twice is turned twice, and is tails.
    pub fn of(coins: impl IntoIterator<Item = u64>) -> Heads {
        Heads::from_runs(coins.into_iter().map(|coin| (coin, coin)))
    }

    /// The heads at `a..=b` (none when `b < a`).
    pub fn run(a: u64, b: u64) -> Heads {
        let mut heads = Heads::new();
        heads.turn_run(a, b);
        heads
    }

    /// The runs turned over from no heads: a coin in an even number of them is tails.
    pub fn from_runs(runs: impl IntoIterator<Item = (u64, u64)>) -> Heads {
        let mut heads = Heads::new();
        for (a, b) in runs {
            heads.turn_run(a, b);
        }
        heads
    }

    /// Turns over the coin `edge` is, and every coin past it.
    fn turn_from(&mut self, edge: u64) {
        match self.edges.binary_search(&edge) {
            Ok(index) => {
                self.edges.remove(index);
            }
            Err(index) => self.edges.insert(index, edge),
        }
    }

    /// Turns over the coins `a..=b`.
    fn turn_run(&mut self, a: u64, b: u64) {
        if b < a {
            return;
        }
        self.turn_from(a);
        if let Some(after) = b.checked_add(1) {
            self.turn_from(after);
        }
    }

    /// The runs of consecutive heads `(a, b)` (coins `a..=b`), lowest first.
    pub fn runs(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.edges
            .chunks(2)
            .map(|pair| (pair[0], pair.get(1).map_or(u64::MAX, |&end| end - 1)))
    }

    /// Every head, lowest first.
    pub fn coins(&self) -> impl Iterator<Item = u64> + '_ {
        self.runs().flat_map(|(a, b)| a..=b)
    }

    /// The number of heads.
    pub fn count(&self) -> u128 {
        self.runs()
            .map(|(a, b)| u128::from(b - a) + 1)
            .sum::<u128>()
    }

    /// Whether there is no head.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// Whether coin `coin` is heads.
    pub fn contains(&self, coin: u64) -> bool {
        self.edges.partition_point(|&edge| edge <= coin) % 2 == 1
    }

    /// The highest head.
    pub fn highest(&self) -> Option<u64> {
        self.runs().last().map(|(_, b)| b)
    }

    /// The single head, when there is exactly one.
    fn single(&self) -> Option<u64> {
        match *self.edges.as_slice() {
            [a, after] if after == a + 1 => Some(a),
            [a] if a == u64::MAX => Some(a),
            _ => None,
        }
    }

    /// The heads in one of the two sets but not both: each set turned over on the other.
    pub fn xor(&self, other: &Heads) -> Heads {
        let (mut i, mut j) = (0, 0);
        let (a, b) = (&self.edges, &other.edges);
        let mut edges = Vec::with_capacity(a.len() + b.len());
        while i < a.len() || j < b.len() {
            match (a.get(i), b.get(j)) {
                (Some(x), Some(y)) if x == y => {
                    i += 1;
                    j += 1;
                }
                (Some(&x), Some(&y)) if x < y => {
                    edges.push(x);
                    i += 1;
                }
                (Some(&x), None) => {
                    edges.push(x);
                    i += 1;
                }
                (_, Some(&y)) => {
                    edges.push(y);
                    j += 1;
                }
                (None, None) => unreachable!("the loop runs while one list has edges"),
            }
        }
        Heads { edges }
    }

    /// The heads after coin `x` and the runs `others` are turned over.
    pub fn turned(&self, x: u64, others: &[(u64, u64)]) -> Heads {
        let mut after = self.clone();
        after.turn_run(x, x);
        for &(a, b) in others {
            after.turn_run(a, b);
        }
        after
    }
}

/// The nim-sum `0 ^ 1 ^ ... ^ n`: `n`, 1, `n + 1` or 0 as `n` is 0, 1, 2 or 3 modulo 4.
fn xor_upto(n: u64) -> u64 {
    match n % 4 {
        0 => n,
        1 => 1,
        2 => n + 1,
        _ => 0,
    }
}

/// The nim-sum of the numbers `a..=b`.
fn xor_range(a: u64, b: u64) -> u64 {
    xor_upto(b) ^ a.checked_sub(1).map_or(0, xor_upto)
}

/// The most heads of a run whose values and moves the rules' defaults ask head by head.
const RUN_SCAN: u64 = 1 << 16;

/// The coins of `a..=b` that have bit `bit` set, highest first: those that do not are skipped
/// a block at a time.
fn with_bit(a: u64, b: u64, bit: u32) -> impl Iterator<Item = u64> {
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
fn nim_run_moves(a: u64, b: u64, target: Nimber, alone: bool, count: usize) -> Vec<(u64, Turn)> {
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
fn gray(n: u64) -> u64 {
    n ^ (n >> 1)
}

/// The number whose Gray code is `code`.
fn inverse_gray(mut code: u64) -> u64 {
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
    fn move_changing(x: u64, change: u64) -> Option<Turn> {
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
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{CoinSubtraction, Coins, Heads};
///
/// // S = {1, 2, 3}: g(x) = x mod 4.
/// let mut solver = Solver::new(Coins(CoinSubtraction::new([1, 2, 3])?));
/// assert_eq!(solver.grundy(&Heads::of([7]))?, Nimber::new(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct CoinSubtraction {
    distances: Vec<u64>,
    /// The subtraction game's Grundy values up to their proven period, made when a coin's
    /// value is first asked (`None` inside when it outgrew [`PERIOD_BUDGET`]).
    values: std::sync::Arc<std::sync::OnceLock<Option<crate::GrundySequence>>>,
}

/// What finding the period of a coin subtraction rule's values may take; past it, coins are
/// valued by search within the user's budget, as before.
const PERIOD_BUDGET: cgt_core::Budget = cgt_core::Budget {
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

/// The longest run of heads split into single heads as components; a longer one is one
/// component, valued by the rule's closed form for runs.
const SPLIT_RUNS: u64 = 1 << 20;

/// A one-dimensional coin-turning game: the rule `R` on a row of coins. A position is its
/// [`Heads`].
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{Coins, Heads, MockTurtles, Ruler};
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
        cgt_core::heap_bytes::<u64>(heads.edges.capacity())
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
const TARTAN_ROW_MOVES: u64 = 1 << 22;

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
        cgt_core::heap_bytes::<(u64, u64)>(heads.capacity())
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

    fn position_bytes(&self, heads: &Vec<(u64, u64)>) -> usize {
        cgt_core::heap_bytes::<(u64, u64)>(heads.capacity())
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

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        let turns: Box<dyn Iterator<Item = Turn> + '_> = match self {
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

    fn run_value(&self, a: u64, b: u64) -> Option<Nimber> {
        match self {
            Row::TurningTurtles => TurningTurtles.run_value(a, b),
            Row::Twins => Twins.run_value(a, b),
            Row::MockTurtles => MockTurtles.run_value(a, b),
            Row::Ruler => Ruler.run_value(a, b),
            Row::Subtraction(rule) => rule.run_value(a, b),
        }
    }

    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Turn>> {
        match self {
            Row::TurningTurtles => TurningTurtles.moves_to_value(x, target, count),
            Row::Twins => Twins.moves_to_value(x, target, count),
            Row::MockTurtles => MockTurtles.moves_to_value(x, target, count),
            Row::Ruler => Ruler.moves_to_value(x, target, count),
            Row::Subtraction(rule) => rule.moves_to_value(x, target, count),
        }
    }

    fn run_moves_to_value(
        &self,
        a: u64,
        b: u64,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<(u64, Turn)>> {
        match self {
            Row::TurningTurtles => TurningTurtles.run_moves_to_value(a, b, target, count),
            Row::Twins => Twins.run_moves_to_value(a, b, target, count),
            Row::MockTurtles => MockTurtles.run_moves_to_value(a, b, target, count),
            Row::Ruler => Ruler.run_moves_to_value(a, b, target, count),
            Row::Subtraction(rule) => rule.run_moves_to_value(a, b, target, count),
        }
    }

    fn allows(&self, x: u64, others: &Heads) -> bool {
        match self {
            Row::TurningTurtles => TurningTurtles.allows(x, others),
            Row::Twins => Twins.allows(x, others),
            Row::MockTurtles => MockTurtles.allows(x, others),
            Row::Ruler => Ruler.allows(x, others),
            Row::Subtraction(rule) => rule.allows(x, others),
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
                let distances = crate::notation::parse_numbers("coins", distances)?;
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

/// Reads heads written `3,5,8`, with runs `a-b` for the coins `a..=b` (`2-9,12`; `-` for
/// none), each at least `first` and below `u64::MAX`, none twice.
fn read_row_heads(game: &str, text: &str, first: u64) -> Result<Heads> {
    if text.trim() == "-" {
        return Ok(Heads::new());
    }
    let bad = |reason: String| crate::notation::component_error(game, text, reason);
    let number =
        |part: &str| {
            part.trim().parse::<u64>().ok().filter(|&coin| coin < u64::MAX).ok_or_else(|| {
            bad(format!(
                "heads are coin numbers from {first} to {}, or runs a-b of them, separated by \
                 commas, such as 1,4,6 or 2-9,12 (- for none)",
                u64::MAX - 1
            ))
        })
        };
    let mut runs = Vec::new();
    for part in text.split(',') {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let coin = number(part)?;
                (coin, coin)
            }
        };
        if b < a {
            return Err(bad(format!("the run {a}-{b} ends before it starts")));
        }
        runs.push((a, b));
    }
    runs.sort_unstable();
    if runs.first().is_some_and(|&(a, _)| a < first) {
        return Err(bad(format!("coins are numbered from {first}")));
    }
    if let Some(pair) = runs.windows(2).find(|pair| pair[1].0 <= pair[0].1) {
        return Err(bad(format!(
            "coin {} is listed twice: heads are distinct coins",
            pair[1].0
        )));
    }
    Ok(Heads::from_runs(runs))
}

/// Heads written as [`read_row_heads`] reads them: a run of three or more as `a-b`, joined by
/// `separator`.
fn write_heads(heads: &Heads, separator: &str) -> String {
    let written: Vec<String> = heads
        .runs()
        .flat_map(|(a, b)| match b - a {
            0 => vec![a.to_string()],
            1 => vec![a.to_string(), b.to_string()],
            _ => vec![format!("{a}-{b}")],
        })
        .collect();
    write_list(&written, separator)
}

/// The coins of `runs`, lowest first.
fn coins_of(runs: &[(u64, u64)]) -> Vec<u64> {
    let mut coins: Vec<u64> = runs.iter().flat_map(|&(a, b)| a..=b).collect();
    coins.sort_unstable();
    coins
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

    /// The heads' coin numbers separated by commas, a run of them as `a-b`: `1,4,6`,
    /// `2-9,12` (`-` for none).
    ///
    /// A run of more than 2^20 heads is one component, valued by the rule's closed form for
    /// runs: a rule without one (`coins:S`) refuses it.
    fn read_component(&self, text: &str) -> Result<Heads> {
        let name = self.name();
        let heads = read_row_heads(&name, text, self.0.first())?;
        let unvalued = heads
            .runs()
            .find(|&(a, b)| b - a >= SPLIT_RUNS && self.0.run_value(a, b).is_none());
        if let Some((a, b)) = unvalued {
            return Err(crate::notation::component_error(
                &name,
                text,
                format!(
                    "the run {a}-{b} has more than {SPLIT_RUNS} heads, and {name} has no closed \
                     form for the value of a run: list fewer heads"
                ),
            ));
        }
        Ok(heads)
    }

    fn write_component(&self, heads: &Heads) -> String {
        write_heads(heads, ",")
    }

    fn describe_move(&self, from: &Heads, to: &Heads) -> String {
        format!(
            "turn coins {}: {} -> {}",
            write_heads(&from.xor(to), ", "),
            self.write_component(from),
            self.write_component(to)
        )
    }

    /// Judged by the rule at once: the highest coin turned must be a head, and the rule
    /// must allow the others with it.
    fn is_move(&self, from: &Heads, to: &Heads) -> Option<bool> {
        let turned = from.xor(to);
        let Some(rightmost) = turned.highest() else {
            return Some(false);
        };
        let others = turned.xor(&Heads::of([rightmost]));
        Some(from.contains(rightmost) && self.0.allows(rightmost, &others))
    }
}

/// Reads the heads of a board written `x,y:x,y` (`-` for none), each coordinate at least the
/// rows' first coin, none twice.
fn read_board_heads(game: &str, text: &str, first: (u64, u64)) -> Result<Vec<(u64, u64)>> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let bad = || {
        crate::notation::component_error(
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
        match crate::notation::read_numbers(game, head)?.as_slice() {
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
            return Err(crate::notation::component_error(
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
            rule.allows(last, &Heads::of(others.iter().copied()))
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
