//! Dyadic rationals `m / 2^k`, exact at any size: the numbers of short games.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};
use std::str::FromStr;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A dyadic rational `numerator / 2^exponent`, kept in lowest terms (the numerator odd, or
/// the exponent 0). Every number a short game equals is one of these (Siegel, *Combinatorial
/// Game Theory*, §I.3: the numbers born by day n are dyadic).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    numerator: BigInt,
    exponent: u32,
    /// The numerator as a machine integer, when it is one: comparisons and sums of the small
    /// numbers most games hold read it and never the big integer's digits (a function of
    /// `numerator`, so equality and hashing agree with it).
    small: Option<i64>,
    /// The value times `2^64`, when the numerator is small and the exponent at most 64: then
    /// exact in 128 bits, and two numbers compare by one comparison of machine integers.
    fixed: Option<i128>,
}

impl Dyadic {
    /// `numerator / 2^exponent`, reduced.
    pub fn new(numerator: impl Into<BigInt>, exponent: u32) -> Dyadic {
        let mut numerator = numerator.into();
        let mut exponent = exponent;
        if numerator.is_zero() {
            return Dyadic::zero();
        }
        let twos = numerator
            .trailing_zeros()
            .unwrap_or(0)
            .min(u64::from(exponent)) as u32;
        if twos > 0 {
            numerator >>= twos;
            exponent -= twos;
        }
        Dyadic::of(numerator, exponent)
    }

    /// `numerator / 2^exponent` as given (already in lowest terms).
    fn of(numerator: BigInt, exponent: u32) -> Dyadic {
        let small = numerator.to_i64();
        Dyadic {
            small,
            // |small| < 2^63 and a shift of at most 64: below 2^127.
            fixed: small
                .filter(|_| exponent <= 64)
                .map(|n| i128::from(n) << (64 - exponent)),
            numerator,
            exponent,
        }
    }

    /// The integer `n`.
    pub fn integer(n: impl Into<BigInt>) -> Dyadic {
        Dyadic::of(n.into(), 0)
    }

    /// Zero.
    pub fn zero() -> Dyadic {
        Dyadic {
            numerator: BigInt::zero(),
            exponent: 0,
            small: Some(0),
            fixed: Some(0),
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> &BigInt {
        &self.numerator
    }

    /// `k` where the denominator in lowest terms is `2^k`.
    pub fn exponent(&self) -> u32 {
        self.exponent
    }

    /// The value times `2^64` as a machine integer, when that is exact (a small numerator,
    /// an exponent at most 64): a key that orders such numbers as they are ordered.
    pub(crate) fn fixed(&self) -> Option<i128> {
        self.fixed
    }

    /// The denominator in lowest terms.
    pub fn denominator(&self) -> BigInt {
        BigInt::one() << self.exponent
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.exponent == 0
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.numerator.is_zero()
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.numerator.is_positive() {
            1
        } else if self.numerator.is_negative() {
            -1
        } else {
            0
        }
    }

    /// The greatest integer at most this one.
    pub fn floor(&self) -> BigInt {
        self.numerator.div_floor(&self.denominator())
    }

    /// The least integer at least this one.
    pub fn ceil(&self) -> BigInt {
        -((-&self.numerator).div_floor(&self.denominator()))
    }

    /// Half of this number.
    pub fn half(&self) -> Dyadic {
        Dyadic::new(self.numerator.clone(), self.exponent + 1)
    }

    /// The value as a float (for drawing only).
    pub fn to_f64(&self) -> f64 {
        let n = self.numerator.to_f64().unwrap_or(f64::NAN);
        n / 2f64.powi(self.exponent as i32)
    }

    /// The value as an `i64` when it is an integer that fits.
    pub fn to_i64(&self) -> Option<i64> {
        if self.exponent == 0 {
            self.numerator.to_i64()
        } else {
            None
        }
    }

    /// The simplest number strictly between `low` and `high` (either may be absent, for no
    /// bound): the number `{low | high}` equals by the simplicity theorem (Siegel, CGT,
    /// §II.3). `None` when `low >= high`.
    pub fn simplest_between(low: Option<&Dyadic>, high: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(a), Some(b)) = (low, high)
            && a >= b
        {
            return None;
        }
        let zero = Dyadic::zero();
        let above_low = |x: &Dyadic| low.is_none_or(|a| x > a);
        let below_high = |x: &Dyadic| high.is_none_or(|b| x < b);
        if above_low(&zero) && below_high(&zero) {
            return Some(zero);
        }
        // All of the interval lies on one side of 0: the integer nearest 0 inside it, if any.
        let positive = low.is_some_and(|a| a.signum() >= 0);
        let candidate = if positive {
            Dyadic::integer(low.unwrap().floor() + 1)
        } else {
            Dyadic::integer(high.unwrap().ceil() - 1)
        };
        if above_low(&candidate) && below_high(&candidate) {
            return Some(candidate);
        }
        // No integer inside: both bounds exist and lie between two consecutive integers.
        // The least k with a multiple of 2^-k strictly inside; that multiple is unique.
        let (a, b) = (low.unwrap(), high.unwrap());
        let mut k = 1u32;
        loop {
            // floor(a * 2^k) + 1
            let m = Dyadic::new(&a.numerator << k, a.exponent).floor() + 1;
            let x = Dyadic::new(m, k);
            if &x < b {
                return Some(x);
            }
            k += 1;
        }
    }

    /// The number of days on which this number is born (Siegel, CGT, §I.3): `|n|` for an
    /// integer, `floor(|x|) + k + 1` for `x` with denominator `2^k`, `k >= 1`.
    pub fn birthday(&self) -> BigInt {
        let magnitude = self.abs();
        if self.exponent == 0 {
            magnitude.numerator
        } else {
            magnitude.floor() + BigInt::from(self.exponent) + 1
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Dyadic {
        Dyadic::of(self.numerator.abs(), self.exponent)
    }

    /// The canonical options `(left, right)` of this number as a game: `{n-1 | }` for a
    /// positive integer, `{ | n+1}` for a negative one, `{ | }` for 0, and
    /// `{(m-1)/2^k | (m+1)/2^k}` for `m/2^k` with `m` odd.
    pub fn options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        if self.exponent == 0 {
            match self.signum() {
                1 => (Some(Dyadic::integer(&self.numerator - 1)), None),
                -1 => (None, Some(Dyadic::integer(&self.numerator + 1))),
                _ => (None, None),
            }
        } else {
            (
                Some(Dyadic::new(&self.numerator - 1, self.exponent)),
                Some(Dyadic::new(&self.numerator + 1, self.exponent)),
            )
        }
    }

    /// `2^-k`.
    pub fn power_of_half(k: u32) -> Dyadic {
        Dyadic::new(1, k)
    }

    fn aligned(&self, other: &Dyadic) -> (BigInt, BigInt, u32) {
        let exponent = self.exponent.max(other.exponent);
        (
            &self.numerator << (exponent - self.exponent),
            &other.numerator << (exponent - other.exponent),
            exponent,
        )
    }
}

impl Default for Dyadic {
    fn default() -> Dyadic {
        Dyadic::zero()
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::integer(n)
    }
}

impl Dyadic {
    /// The two numerators over the common denominator as machine integers, when they fit:
    /// the fast path of comparison and addition (most numbers of a game are small).
    fn small_aligned(&self, other: &Dyadic) -> Option<(i128, i128, u32)> {
        let (a, b) = (self.small?, other.small?);
        let exponent = self.exponent.max(other.exponent);
        let (shift_a, shift_b) = (exponent - self.exponent, exponent - other.exponent);
        // |a| < 2^63, so a shift below 63 stays below 2^126.
        (shift_a < 63 && shift_b < 63)
            .then(|| (i128::from(a) << shift_a, i128::from(b) << shift_b, exponent))
    }
}

impl Ord for Dyadic {
    #[inline]
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if let (Some(a), Some(b)) = (self.fixed, other.fixed) {
            return a.cmp(&b);
        }
        if let Some((a, b, _)) = self.small_aligned(other) {
            return a.cmp(&b);
        }
        if self.exponent == other.exponent {
            return self.numerator.cmp(&other.numerator);
        }
        // Numbers of different signs (or one 0) compare by sign alone.
        let (a, b) = (self.numerator.sign(), other.numerator.sign());
        if a != b {
            return a.cmp(&b);
        }
        if let Some((a, b, _)) = self.small_aligned(other) {
            return a.cmp(&b);
        }
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    #[inline]
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        if let Some((a, b, exponent)) = self.small_aligned(other) {
            return Dyadic::new(a + b, exponent);
        }
        let (a, b, exponent) = self.aligned(other);
        Dyadic::new(a + b, exponent)
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        let (a, b, exponent) = self.aligned(other);
        Dyadic::new(a - b, exponent)
    }
}

impl Mul for &Dyadic {
    type Output = Dyadic;
    fn mul(self, other: &Dyadic) -> Dyadic {
        Dyadic::new(
            &self.numerator * &other.numerator,
            self.exponent + other.exponent,
        )
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic::of(-&self.numerator, self.exponent)
    }
}

impl fmt::Display for Dyadic {
    /// `5`, `-3`, `3/4`, `-1/2`: as CGSuite prints numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator())
        }
    }
}

/// Why a number did not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DyadicError(pub String);

impl FromStr for Dyadic {
    type Err = DyadicError;

    /// `5`, `-3`, `3/4`, `0.25`: an integer, a fraction whose denominator is a power of 2, or
    /// a finite decimal that is dyadic.
    fn from_str(text: &str) -> Result<Dyadic, DyadicError> {
        let bad = || DyadicError(format!("{text:?} is not a dyadic number"));
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if body.is_empty() {
            return Err(bad());
        }
        let value = if let Some((top, bottom)) = body.split_once('/') {
            let top: BigInt = digits(top).ok_or_else(bad)?;
            let bottom: BigInt = digits(bottom).ok_or_else(bad)?;
            if bottom.is_zero() {
                return Err(DyadicError(format!("{text:?} divides by zero")));
            }
            let twos = bottom.trailing_zeros().unwrap_or(0);
            if (&bottom >> twos) != BigInt::one() {
                return Err(DyadicError(format!(
                    "{text:?} is not dyadic: its denominator is not a power of 2"
                )));
            }
            let exponent = u32::try_from(twos).map_err(|_| bad())?;
            Dyadic::new(top, exponent)
        } else if let Some((whole, fraction)) = body.split_once('.') {
            // d / 10^k is dyadic when 5^k divides d.
            let k = u32::try_from(fraction.len()).map_err(|_| bad())?;
            let all: BigInt = digits(&format!("{whole}{fraction}")).ok_or_else(bad)?;
            let five = num_traits::pow(BigInt::from(5), k as usize);
            let (quotient, remainder) = all.div_rem(&five);
            if !remainder.is_zero() {
                return Err(DyadicError(format!("{text:?} is not a dyadic number")));
            }
            Dyadic::new(quotient, k)
        } else {
            Dyadic::integer(digits(body).ok_or_else(bad)?)
        };
        Ok(if negative { -&value } else { value })
    }
}

fn digits(text: &str) -> Option<BigInt> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Dyadic {
        text.parse().unwrap()
    }

    #[test]
    fn reading_and_printing() {
        assert_eq!(d("6/8").to_string(), "3/4");
        assert_eq!(d("-4/2").to_string(), "-2");
        assert_eq!(d("0.25").to_string(), "1/4");
        assert_eq!(d("-0.5").to_string(), "-1/2");
        assert!("1/3".parse::<Dyadic>().is_err());
        assert!("0.1".parse::<Dyadic>().is_err());
        assert!("1/0".parse::<Dyadic>().is_err());
        assert!("x".parse::<Dyadic>().is_err());
        assert_eq!(
            d("-1823437481924123456789").to_string(),
            "-1823437481924123456789"
        );
    }

    #[test]
    fn simplest_numbers_by_the_simplicity_rule() {
        let s = |a: Option<&str>, b: Option<&str>| {
            Dyadic::simplest_between(a.map(d).as_ref(), b.map(d).as_ref()).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).unwrap(), "0");
        assert_eq!(s(Some("0"), None).unwrap(), "1");
        assert_eq!(s(Some("5/2"), None).unwrap(), "3");
        assert_eq!(s(None, Some("-1/2")).unwrap(), "-1");
        assert_eq!(s(Some("0"), Some("1")).unwrap(), "1/2");
        assert_eq!(s(Some("1/2"), Some("1")).unwrap(), "3/4");
        assert_eq!(s(Some("3/8"), Some("1/2")).unwrap(), "7/16");
        assert_eq!(s(Some("-1"), Some("3")).unwrap(), "0");
        assert_eq!(s(Some("1"), Some("4")).unwrap(), "2");
        assert_eq!(s(Some("-4"), Some("-1")).unwrap(), "-2");
        assert_eq!(s(Some("1"), Some("1")), None);
    }

    #[test]
    fn birthdays_and_options() {
        // CGSuite's test expectations: 25/16 is born on day 6; 5 on day 5; -1/2 on day 2.
        assert_eq!(d("25/16").birthday(), BigInt::from(6));
        assert_eq!(d("5").birthday(), BigInt::from(5));
        assert_eq!(d("-1/2").birthday(), BigInt::from(2));
        let (l, r) = d("25/16").options();
        assert_eq!(l.unwrap().to_string(), "3/2");
        assert_eq!(r.unwrap().to_string(), "13/8");
    }
}
