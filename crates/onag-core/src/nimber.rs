//! Nimbers: the values of impartial games.

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// A nimber `*n`, the value of an impartial game under the Sprague-Grundy theorem.
///
/// Every impartial game under normal play is equivalent to a Nim heap of some size n, written
/// `*n` (Sprague 1935, Grundy 1939). Nimbers add by the nim-sum, bitwise exclusive or, which
/// is why this type implements `^` ([`BitXor`]) and deliberately not `+`.
///
/// The value is a `u64`, wide enough for any Nim heap that fits in a `u64`: a heap of
/// 10<sup>18</sup> has value `*1000000000000000000`.
///
/// # Examples
///
/// ```
/// use onag_core::Nimber;
///
/// let sum = Nimber::new(3) ^ Nimber::new(5);
/// assert_eq!(sum, Nimber::new(6));
/// assert_eq!(sum.to_string(), "*6");
/// assert_eq!(Nimber::ZERO.to_string(), "0");
/// assert_eq!(Nimber::new(1).to_string(), "*");
/// ```
///
/// # Laws
///
/// The nim-sum makes nimbers an abelian group of exponent two: `a ^ b == b ^ a`,
/// `(a ^ b) ^ c == a ^ (b ^ c)`, `a ^ Nimber::ZERO == a` and `a ^ a == Nimber::ZERO`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Nimber(u64);

impl Nimber {
    /// The nimber `0`, the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber `*n`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_core::Nimber::new(4).value(), 4);
    /// ```
    pub const fn new(value: u64) -> Nimber {
        Nimber(value)
    }

    /// The n of `*n`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_core::Nimber::new(7).value(), 7);
    /// ```
    pub const fn value(self) -> u64 {
        self.0
    }

    /// True for the nimber `0`, the value of exactly the P-positions.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Nimber;
    ///
    /// assert!(Nimber::ZERO.is_zero());
    /// assert!(!Nimber::new(2).is_zero());
    /// ```
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Nimber {
        Nimber(value)
    }
}

impl From<Nimber> for u64 {
    fn from(nimber: Nimber) -> u64 {
        nimber.0
    }
}

impl BitXor for Nimber {
    type Output = Nimber;

    fn bitxor(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

impl std::iter::FromIterator<Nimber> for Nimber {
    /// The nim-sum of all the nimbers, `0` for none.
    fn from_iter<I: IntoIterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.into_iter().fold(Nimber::ZERO, |sum, n| sum ^ n)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

impl fmt::Debug for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Whether the player to move or the player who just moved wins, under normal play.
///
/// `Previous` is a P-position (value `0`): the previous player, who just moved, wins with best
/// play. `Next` is an N-position (any other value): the next player, who is to move, wins.
/// `Draw` is a D-position, which only a game with cycles has: neither player can force a win,
/// and best play goes on for ever (see [`LoopyValue`](crate::LoopyValue)).
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Outcome};
///
/// assert_eq!(Outcome::of(Nimber::ZERO), Outcome::Previous);
/// assert_eq!(Outcome::of(Nimber::new(3)), Outcome::Next);
/// assert_eq!(Outcome::Previous.to_string(), "P");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A P-position: the previous player wins; every move leads to an N-position.
    Previous,
    /// An N-position: the next player wins; some move leads to a P-position.
    Next,
    /// A D-position of a game with cycles: no move leads to a P-position, and some move leads
    /// to another D-position, so with best play the game never ends.
    Draw,
}

impl Outcome {
    /// The outcome of a position whose Grundy value is `value`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Nimber, Outcome};
    ///
    /// assert_eq!(Outcome::of(Nimber::new(1)), Outcome::Next);
    /// ```
    pub fn of(value: Nimber) -> Outcome {
        if value.is_zero() {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Previous => "P",
            Outcome::Next => "N",
            Outcome::Draw => "D",
        })
    }
}
