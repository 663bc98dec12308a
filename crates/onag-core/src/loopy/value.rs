//! The generalized Sprague-Grundy value of a position of a game with cycles, and its sum rule.

use std::fmt;
use std::ops::Add;

use crate::{Nimber, Outcome};

/// The generalized Sprague-Grundy value γ of a position of a game that may repeat positions
/// (C. A. B. Smith, *Graphs and composite games*, 1966; Fraenkel & Yesha 1986): a finite nimber,
/// or ∞ with its *escape set* K, the finite values among the position's options.
///
/// The outcome follows from the value: a P-position has value `0`; an N-position has a finite
/// nonzero value, or ∞ with `0` in its escape set (a move to a P-position); every other
/// position, ∞ without `0` in K, is a draw with best play.
///
/// Values add by the generalized sum rule (Smith 1966), which extends the nim-sum:
///
/// - two finite values add as nimbers: `*a + *b = *(a ^ b)`;
/// - ∞(K) plus a finite `*b` is ∞(K ^ b), the escape set with every member nim-added to `b`;
/// - two infinite values add to ∞ with an empty escape set (a draw).
///
/// It is written as the nimber (`0`, `*`, `*3`) when finite, and `∞` or `∞{0,2}` when infinite;
/// the alternate form (`{:#}`) writes `inf` and `inf{0,2}` for a plain-ASCII terminal.
///
/// # Examples
///
/// ```
/// use onag_core::{LoopyValue, Nimber, Outcome};
///
/// let star = LoopyValue::from(Nimber::new(3));
/// let loop_out = LoopyValue::infinite([Nimber::new(0), Nimber::new(2)]);
/// assert_eq!(loop_out.to_string(), "∞{0,2}");
/// assert_eq!(format!("{loop_out:#}"), "inf{0,2}");
/// assert_eq!(loop_out.outcome(), Outcome::Next);
/// // ∞{0,2} + *3 = ∞{3,1}: no escape to 0 any more, so a draw.
/// let sum = loop_out.clone() + star;
/// assert_eq!(sum, LoopyValue::infinite([Nimber::new(1), Nimber::new(3)]));
/// assert_eq!(sum.outcome(), Outcome::Draw);
/// assert_eq!(loop_out.clone() + loop_out, LoopyValue::infinite([]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite value: the position is equal to a Nim heap of this size in every sum.
    Finite(Nimber),
    /// ∞ with its escape set, sorted and without repeats.
    Infinite(Vec<Nimber>),
}

impl LoopyValue {
    /// ∞ with the escape set `escapes` (sorted and deduplicated here).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{LoopyValue, Nimber};
    ///
    /// let value = LoopyValue::infinite([Nimber::new(2), Nimber::ZERO, Nimber::new(2)]);
    /// assert_eq!(value.escapes(), Some(&[Nimber::ZERO, Nimber::new(2)][..]));
    /// ```
    pub fn infinite(escapes: impl IntoIterator<Item = Nimber>) -> LoopyValue {
        let mut escapes: Vec<Nimber> = escapes.into_iter().collect();
        escapes.sort_unstable();
        escapes.dedup();
        LoopyValue::Infinite(escapes)
    }

    /// The value when it is finite.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{LoopyValue, Nimber};
    ///
    /// assert_eq!(LoopyValue::from(Nimber::new(4)).finite(), Some(Nimber::new(4)));
    /// assert_eq!(LoopyValue::infinite([]).finite(), None);
    /// ```
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            LoopyValue::Finite(value) => Some(*value),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// The escape set when the value is infinite.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{LoopyValue, Nimber};
    ///
    /// assert_eq!(LoopyValue::from(Nimber::ZERO).escapes(), None);
    /// ```
    pub fn escapes(&self) -> Option<&[Nimber]> {
        match self {
            LoopyValue::Finite(_) => None,
            LoopyValue::Infinite(escapes) => Some(escapes),
        }
    }

    /// The outcome: P for `0`; N for a finite nonzero value or ∞ whose escape set holds `0`;
    /// D (a draw) for ∞ without `0` in its escape set.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{LoopyValue, Nimber, Outcome};
    ///
    /// assert_eq!(LoopyValue::from(Nimber::ZERO).outcome(), Outcome::Previous);
    /// assert_eq!(LoopyValue::infinite([Nimber::ZERO]).outcome(), Outcome::Next);
    /// assert_eq!(LoopyValue::infinite([Nimber::new(1)]).outcome(), Outcome::Draw);
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(value) => Outcome::of(*value),
            LoopyValue::Infinite(escapes) if escapes.first() == Some(&Nimber::ZERO) => {
                Outcome::Next
            }
            LoopyValue::Infinite(_) => Outcome::Draw,
        }
    }
}

impl From<Nimber> for LoopyValue {
    fn from(value: Nimber) -> LoopyValue {
        LoopyValue::Finite(value)
    }
}

impl Default for LoopyValue {
    /// `0`, the value of the empty sum.
    fn default() -> LoopyValue {
        LoopyValue::Finite(Nimber::ZERO)
    }
}

impl Add for LoopyValue {
    type Output = LoopyValue;

    /// The generalized sum rule (see the type's docs): the nim-sum, extended to ∞.
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, other: LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => LoopyValue::Finite(a ^ b),
            (LoopyValue::Infinite(escapes), LoopyValue::Finite(b))
            | (LoopyValue::Finite(b), LoopyValue::Infinite(escapes)) => {
                LoopyValue::infinite(escapes.into_iter().map(|escape| escape ^ b))
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite(Vec::new()),
        }
    }
}

impl std::iter::Sum for LoopyValue {
    /// The value of a sum of positions of these values; `0` for none.
    fn sum<I: Iterator<Item = LoopyValue>>(values: I) -> LoopyValue {
        values.fold(LoopyValue::default(), Add::add)
    }
}

impl fmt::Display for LoopyValue {
    /// `0`, `*`, `*3`; `∞`, `∞{0,2}`; with `{:#}`, `inf` and `inf{0,2}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(value) => write!(f, "{value}"),
            LoopyValue::Infinite(escapes) => {
                f.write_str(if f.alternate() { "inf" } else { "∞" })?;
                if escapes.is_empty() {
                    return Ok(());
                }
                let listed: Vec<String> = escapes.iter().map(|e| e.value().to_string()).collect();
                write!(f, "{{{}}}", listed.join(","))
            }
        }
    }
}
