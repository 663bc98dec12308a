//! Wythoff's game.

use onag_core::{ImpartialGame, Nimber, Outcome};

use crate::{Notation, Result};

/// Wythoff's game (Wythoff 1907): two heaps; a move takes any positive number of counters from
/// one heap, or the same positive number from both. A position is the pair of heap sizes.
///
/// The P-positions are `(0, 0)` and the pairs `(⌊nφ⌋, ⌊nφ²⌋)` = `(⌊nφ⌋, ⌊nφ⌋ + n)` for
/// n ≥ 1 (φ the golden ratio), in either order: the lower and upper Wythoff sequences (OEIS
/// A000201 and A001950) are complementary Beatty sequences, so every heap size has exactly one
/// P-partner. This ruleset computes `⌊nφ⌋` exactly in integer arithmetic
/// (`⌊nφ⌋ = ⌊(n + ⌊√(5n²)⌋) / 2⌋`, with 128-bit integers: past 2<sup>62</sup>, where `5n²`
/// no longer fits them, `⌊√(5n²)⌋` by bisection on `x(x + 4n) <= n²`), and offers it to the
/// solver as a closed-form outcome ([`ImpartialGame::known_outcome`]) and as the exact list of
/// moves to P-positions, so that the outcome and the winning moves of any heaps a `u64` holds
/// come at once. The Grundy values have no known closed form (OEIS A004481); the solver
/// searches them.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Outcome, Solver};
/// use onag_games::Wythoff;
///
/// let mut solver = Solver::new(Wythoff);
/// assert_eq!(solver.outcome(&(3, 5))?, Outcome::Previous);
/// // OEIS A004481: T(2, 3) = 5.
/// assert_eq!(solver.grundy(&(2, 3))?, Nimber::new(5));
/// // From (4, 5): take 1 from the first heap, or 3 from both.
/// assert_eq!(solver.winning_moves(&(4, 5))?, vec![(3, 5), (1, 2)]);
/// let huge = 10u64.pow(18);
/// assert_eq!(solver.outcome(&(huge, huge))?, Outcome::Next);
/// for (a, b) in solver.winning_moves(&(huge, huge))? {
///     assert_eq!(Wythoff::is_p_position(a, b), Some(true));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Wythoff;

impl Wythoff {
    /// The heaps below which the closed forms are computed: every heap a `u64` holds (the
    /// constant is kept for code written when they stopped at 2<sup>62</sup>).
    pub const EXACT: u64 = u64::MAX;

    /// `⌊nφ⌋`, the n-th term of the lower Wythoff sequence (OEIS A000201, with `n = 0` giving
    /// 0), exact for every `n`; `None` when it is past `u64::MAX` (n above about 1.14·10^19).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::Wythoff;
    ///
    /// assert_eq!(Wythoff::lower(1), Some(1));
    /// assert_eq!(Wythoff::lower(5), Some(8));
    /// // ⌊(2^63)φ⌋ = 14923729446516375050.
    /// assert_eq!(Wythoff::lower(1 << 63), Some(14_923_729_446_516_375_050));
    /// assert_eq!(Wythoff::lower(u64::MAX), None);
    /// ```
    pub fn lower(n: u64) -> Option<u64> {
        // √(5n²) is irrational for n > 0, so flooring it before halving changes nothing.
        let lower = (u128::from(n) + floor_n_sqrt5(n)) / 2;
        u64::try_from(lower).ok()
    }

    /// Whether `(a, b)` (in either order) is a P-position, for any heaps (always `Some`; an
    /// `Option` for code written when the closed form stopped at 2<sup>62</sup>).
    ///
    /// The P-positions are the pairs `(⌊kφ⌋, ⌊kφ⌋ + k)`, so `(low, high)` is one exactly when
    /// `low = ⌊(high - low)φ⌋` ([`lower`](Self::lower)).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::Wythoff;
    ///
    /// assert_eq!(Wythoff::is_p_position(10, 6), Some(true));
    /// assert_eq!(Wythoff::is_p_position(10, 7), Some(false));
    /// // Taking the whole of the one heap wins.
    /// assert_eq!(Wythoff::is_p_position(0, u64::MAX), Some(false));
    /// assert_eq!(Wythoff::is_p_position(u64::MAX, 7), Some(false));
    /// assert_eq!(Wythoff::is_p_position(u64::MAX, 1 << 63), Some(false));
    /// // (⌊kφ⌋, ⌊kφ⌋ + k) for k = 2^62: both heaps past 2^62.
    /// let low = Wythoff::lower(1 << 62).unwrap();
    /// assert_eq!(Wythoff::is_p_position(low, low + (1 << 62)), Some(true));
    /// assert_eq!(Wythoff::is_p_position(low + 1, low + (1 << 62) + 1), Some(false));
    /// ```
    pub fn is_p_position(a: u64, b: u64) -> Option<bool> {
        let (low, high) = (a.min(b), a.max(b));
        Some(Wythoff::lower(high - low) == Some(low))
    }

    /// Whether `(a, b)` (in either order) is a P-position of *misère* Wythoff (always `Some`).
    ///
    /// The misère P-positions are the normal ones with (0,0), (1,2) and (2,1) replaced by
    /// (0,1), (1,0) and (2,2). Proof: call that set M. No move joins two positions of M (none
    /// joins two normal P-positions; the three new ones reach none of M, and a normal P-position
    /// from (3,5) on reaches none of them: that would take a heap of 0, 1 or 2, a difference
    /// of 1, or equal heaps). Every other position but (0,0), which in misère play is won by
    /// the player to move, has a move into M: from a position outside the normal P-positions,
    /// the normal winning move, unless it leads to a removed one; then (0,b) and (1,1) move to
    /// (0,1), (a,a) from (3,3) on and (2,b) from b = 3 on to (2,2), (1,b) from b = 3 on to
    /// (1,0), and (k+1,k+2) to (0,1) by taking k+1 from both (and the mirror images); and
    /// (1,2) itself moves to (1,0). The test checks M against a brute force to 120 × 120.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::Wythoff;
    ///
    /// assert_eq!(Wythoff::is_misere_p_position(0, 0), Some(false));
    /// assert_eq!(Wythoff::is_misere_p_position(1, 0), Some(true));
    /// assert_eq!(Wythoff::is_misere_p_position(2, 2), Some(true));
    /// assert_eq!(Wythoff::is_misere_p_position(1, 2), Some(false));
    /// assert_eq!(Wythoff::is_misere_p_position(5, 3), Some(true));
    /// ```
    pub fn is_misere_p_position(a: u64, b: u64) -> Option<bool> {
        let (low, high) = (a.min(b), a.max(b));
        match (low, high) {
            (0, 1) | (2, 2) => Some(true),
            (0, 0) | (1, 2) => Some(false),
            _ => Wythoff::is_p_position(low, high),
        }
    }

    /// The heap size `y` such that `(x, y)` is a P-position: every size has exactly one (the
    /// two Wythoff sequences are complementary, Beatty's theorem). `None` when that partner is
    /// past `u64::MAX` (no heap of a position can be it).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::Wythoff;
    ///
    /// assert_eq!(Wythoff::partner(0), Some(0));
    /// assert_eq!(Wythoff::partner(4), Some(7));
    /// assert_eq!(Wythoff::partner(7), Some(4));
    /// // u64::MAX is an upper term: ⌊kφ⌋ + k for k = 7046029254386353130.
    /// assert_eq!(Wythoff::partner(u64::MAX), Some(11_400_714_819_323_198_485));
    /// ```
    pub fn partner(x: u64) -> Option<u64> {
        if x == 0 {
            return Some(0);
        }
        let wide = u128::from(x);
        let root = floor_n_sqrt5(x);
        // x = ⌊nφ⌋ needs n near x/φ = x(√5 - 1)/2; x = ⌊nφ⌋ + n needs n near x/φ² = x(3 - √5)/2.
        let near_lower = ((root - wide) / 2) as u64;
        for n in near_lower.saturating_sub(1)..=near_lower.saturating_add(2) {
            if Wythoff::lower(n) == Some(x) {
                // A lower term's partner is past it by n, perhaps past u64::MAX.
                return x.checked_add(n);
            }
        }
        let near_upper = ((3 * wide - root) / 2) as u64;
        for n in near_upper.saturating_sub(1)..=near_upper.saturating_add(2) {
            if let Some(low) = Wythoff::lower(n) {
                if low.checked_add(n) == Some(x) {
                    return Some(low);
                }
            }
        }
        // The two sequences are complementary, so a size in neither is a lower term whose n
        // was not in the window: impossible, as the tests over all sizes to 10^6 and near
        // 2^64 show; answering "no partner" keeps even that case from a wrong move.
        None
    }

    /// Every move from `(a, b)` to a P-position, at most three: one per way of moving.
    fn moves_to_p_positions(a: u64, b: u64) -> Vec<(u64, u64)> {
        Wythoff::moves_into(a, b, Wythoff::partner, Wythoff::lower)
    }

    /// Every move from `(a, b)` to a misère P-position: the misère P-positions too hold one
    /// place in each row, column and diagonal (see [`Wythoff::is_misere_p_position`]), so the
    /// same three ways of moving find them, with the three small positions moved.
    fn moves_to_misere_p_positions(a: u64, b: u64) -> Vec<(u64, u64)> {
        let partner = |x: u64| match x {
            0 => Some(1),
            1 => Some(0),
            2 => Some(2),
            _ => Wythoff::partner(x),
        };
        let lower = |difference: u64| match difference {
            0 => Some(2),
            1 => Some(0),
            _ => Wythoff::lower(difference),
        };
        Wythoff::moves_into(a, b, partner, lower)
    }

    /// The moves from `(a, b)` to a set of positions with one place in each row and column
    /// (`partner`: the other heap beside a heap of x) and each diagonal (`lower`: the smaller
    /// heap of the one with this difference).
    fn moves_into(
        a: u64,
        b: u64,
        partner: impl Fn(u64) -> Option<u64>,
        lower: impl Fn(u64) -> Option<u64>,
    ) -> Vec<(u64, u64)> {
        let mut winning = Vec::new();
        let mut add = |position: (u64, u64)| {
            if position != (a, b) && !winning.contains(&position) {
                winning.push(position);
            }
        };
        if let Some(partner) = partner(b).filter(|&partner| partner < a) {
            add((partner, b));
        }
        if let Some(partner) = partner(a).filter(|&partner| partner < b) {
            add((a, partner));
        }
        // From both heaps: the difference stays, and one P-position has each difference.
        let difference = a.abs_diff(b);
        if let Some(low) = lower(difference) {
            if low < a.min(b) {
                let taken = a.min(b) - low;
                add((a - taken, b - taken));
            }
        }
        winning
    }
}

/// `⌊n√5⌋`, exactly, for any `n`: below 2^62 the square root of `5n²` (which fits a `u128`),
/// above it `2n + x` for the largest `x` with `(2n + x)² <= 5n²`, that is `x(x + 4n) <= n²`
/// (`n²` fits a `u128`; a product past it is past `n²`), found by bisection in `0..=n/4`
/// (√5 - 2 < 1/4).
fn floor_n_sqrt5(n: u64) -> u128 {
    let n = u128::from(n);
    if n < 1 << 62 {
        return (5 * n * n).isqrt();
    }
    let square = n * n;
    let fits = |x: u128| {
        x.checked_mul(x + 4 * n)
            .is_some_and(|product| product <= square)
    };
    // fits(low) holds and fits(high) does not.
    let (mut low, mut high) = (0u128, n / 4 + 1);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if fits(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    2 * n + low
}

impl ImpartialGame for Wythoff {
    type Position = (u64, u64);

    fn moves(&self, &(a, b): &(u64, u64)) -> impl Iterator<Item = (u64, u64)> {
        let first = (0..a).rev().map(move |x| (x, b));
        let second = (0..b).rev().map(move |y| (a, y));
        let both = (1..=a.min(b)).map(move |k| (a - k, b - k));
        first.chain(second).chain(both)
    }

    fn known_grundy(&self, &(a, b): &(u64, u64)) -> Option<Nimber> {
        // Beside an empty heap, a Nim heap: G(0, n) = n.
        if a.min(b) == 0 {
            return Some(Nimber::new(a.max(b)));
        }
        Wythoff::is_p_position(a, b)?.then_some(Nimber::ZERO)
    }

    fn known_outcome(&self, &(a, b): &(u64, u64)) -> Option<Outcome> {
        Some(match Wythoff::is_p_position(a, b)? {
            true => Outcome::Previous,
            false => Outcome::Next,
        })
    }

    fn known_misere_outcome(&self, &(a, b): &(u64, u64)) -> Option<Outcome> {
        Some(match Wythoff::is_misere_p_position(a, b)? {
            true => Outcome::Previous,
            false => Outcome::Next,
        })
    }

    fn misere_winning_moves(&self, &(a, b): &(u64, u64), count: usize) -> Option<Vec<(u64, u64)>> {
        let mut moves = Wythoff::moves_to_misere_p_positions(a, b);
        moves.truncate(count);
        Some(moves)
    }

    fn moves_to_value(
        &self,
        &(a, b): &(u64, u64),
        target: Nimber,
        count: usize,
    ) -> Option<Vec<(u64, u64)>> {
        // Beside an empty heap, a Nim heap: the one move to the value is to that many.
        if a.min(b) == 0 {
            let high = a.max(b);
            return Some(if target.value() < high {
                vec![if a == 0 {
                    (0, target.value())
                } else {
                    (target.value(), 0)
                }]
                .into_iter()
                .take(count)
                .collect()
            } else {
                Vec::new()
            });
        }
        target.is_zero().then(|| {
            let mut moves = Wythoff::moves_to_p_positions(a, b);
            moves.truncate(count);
            moves
        })
    }
}

impl Notation for Wythoff {
    fn name(&self) -> String {
        "wythoff".to_string()
    }

    /// Two heap sizes separated by a comma: `3,5`.
    fn read_component(&self, text: &str) -> Result<(u64, u64)> {
        match crate::notation::read_numbers("wythoff", text)?.as_slice() {
            &[a, b] => Ok((a, b)),
            _ => Err(crate::notation::component_error(
                "wythoff",
                text,
                "a Wythoff game is two heap sizes A,B, such as 3,5",
            )),
        }
    }

    fn write_component(&self, &(a, b): &(u64, u64)) -> String {
        format!("{a},{b}")
    }

    fn describe_move(&self, from: &(u64, u64), to: &(u64, u64)) -> String {
        let (a, b) = *from;
        let (x, y) = *to;
        let how = if x < a && y < b {
            format!("take {} from both heaps", a - x)
        } else if x < a {
            format!("take {} from the first heap", a - x)
        } else {
            format!("take {} from the second heap", b.saturating_sub(y))
        };
        format!("{how}: {a},{b} -> {x},{y}")
    }

    /// The game is symmetric: new heaps typed in either order are the same game.
    fn is_move(&self, &(a, b): &(u64, u64), to: &(u64, u64)) -> Option<bool> {
        let legal = |(x, y): (u64, u64)| {
            (x < a && y == b) || (x == a && y < b) || (x < a && y < b && a - x == b - y)
        };
        Some(legal(*to) || legal((to.1, to.0)))
    }

    /// Every position below `(a, b)`, each with at most `a + b + min(a, b)` moves.
    fn search_size(&self, &(a, b): &(u64, u64)) -> Option<u64> {
        let positions = (u128::from(a) + 1).saturating_mul(u128::from(b) + 1);
        let moves = u128::from(a) + u128::from(b) + u128::from(a.min(b));
        Some(u64::try_from(positions.saturating_mul(moves)).unwrap_or(u64::MAX))
    }
}
