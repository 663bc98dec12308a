//! The nimber field: nim multiplication, division, powers, square roots and the equation
//! x² + x = a, on [`Nimber`] (64 bits), [`Nimber128`] and [`BigNimber`] (any width).
//!
//! With the nim-sum as addition and the nim product `⊗` as multiplication, the nimbers below
//! 2<sup>2<sup>k</sup></sup> form the finite field GF(2<sup>2<sup>k</sup></sup>) (Conway, *On
//! Numbers and Games*, ch. 6; Lenstra, *Nim multiplication*, 1978). The product is defined by
//! `a ⊗ b = mex { a' ⊗ b ^ a ⊗ b' ^ a' ⊗ b' : a' < a, b' < b }`, and computed by the rules of
//! the Fermat 2-powers `F = 2^(2^k)` (2, 4, 16, 256, 65536, ...):
//!
//! - `F ⊗ x = F · x` (the ordinary product) for `x < F`;
//! - `F ⊗ F = 3F/2`, that is `F ^ F/2`.
//!
//! So a number of `2n` bits is `a₁·F + a₀` with `F = 2^n` and halves below `F`, and
//! `(a₁F + a₀) ⊗ (b₁F + b₀) = (a₁b₁ ^ a₁b₀ ^ a₀b₁)·F ^ a₀b₀ ^ (a₁b₁ ⊗ F/2)`: the *Fermat
//! split*. [`plain_product`] is that recursion written out; the [`Nimber`] product uses it with
//! Karatsuba's three half-products instead of four and tables for the 8- and 16-bit fields
//! ([`portable_product`]), or, where the processor has carry-less multiplication (x86-64
//! PCLMULQDQ, detected at run time), a change of basis to polynomials modulo the minimal
//! polynomial of 2^32 and one carry-less product: about three times as fast.
//!
//! # Laws
//!
//! For all `a`, `b`, `c` of one type: `a ⊗ b == b ⊗ a`, `(a ⊗ b) ⊗ c == a ⊗ (b ⊗ c)`,
//! `a ⊗ (b ^ c) == a ⊗ b ^ a ⊗ c`, `a ⊗ 1 == a`, `a ⊗ 0 == 0`; every `a ≠ 0` has an inverse
//! with `a ⊗ a⁻¹ == 1`; squaring is additive (`(a ^ b)² == a² ^ b²`, the Frobenius map), so
//! every element has exactly one square root; a value below `2^(2^k)` keeps its products,
//! inverse and root below `2^(2^k)` (the subfields). The property tests check each law.
//!
//! # Examples
//!
//! ```
//! use onag_core::Nimber;
//!
//! // Ferguson, Game Theory, Part I, §5: 8 ⊗ 8 = 13, 16 ⊗ 16 = 24, 24 ⊗ 17 = 128.
//! assert_eq!(Nimber::new(8) * Nimber::new(8), Nimber::new(13));
//! assert_eq!(Nimber::new(16) * Nimber::new(16), Nimber::new(24));
//! assert_eq!(Nimber::new(24) * Nimber::new(17), Nimber::new(128));
//! // 6 / 5 = 9, and 2 has inverse 3.
//! assert_eq!(Nimber::new(6).checked_div(Nimber::new(5)), Some(Nimber::new(9)));
//! assert_eq!(Nimber::new(2).inverse(), Some(Nimber::new(3)));
//! assert_eq!(Nimber::ZERO.inverse(), None);
//! ```

use std::fmt;
use std::ops::{BitXor, BitXorAssign, Mul, MulAssign};
use std::sync::OnceLock;

/// The widest field a front end lets an expression reach: numbers below 2^4096, so that no input
/// makes the field's arithmetic run for long (a product there takes 3^6 = 729 64-bit products).
pub const WIDEST_FIELD_BITS: u32 = 4096;

use crate::Nimber;

mod carryless;

/// The nim product of two 64-bit numbers by the plain Fermat-split recursion (four
/// half-products a level, and the product by `F/2` itself recursive): the definition at work,
/// kept as the baseline that the table-driven product of [`Nimber`] is measured and tested
/// against.
///
/// # Examples
///
/// ```
/// use onag_core::field::plain_product;
///
/// assert_eq!(plain_product(8, 8), 13);
/// assert_eq!(plain_product(21508, 42689), 35202);
/// ```
pub fn plain_product(a: u64, b: u64) -> u64 {
    plain(a, b, 64)
}

fn plain(a: u64, b: u64, bits: u32) -> u64 {
    if a <= 1 || b <= 1 {
        return a * b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let top = plain(a1, b1, half);
    let high = top ^ plain(a1, b0, half) ^ plain(a0, b1, half);
    let low = plain(a0, b0, half) ^ plain(top, 1 << (half - 1), half);
    (high << half) | low
}

/// The nim product of two 64-bit numbers by the portable method: Karatsuba's form of the Fermat
/// split over tables of the 8- and 16-bit fields, on any processor. [`Nimber`]'s `*` uses
/// carry-less multiplication instead where the processor has it (x86-64 with PCLMULQDQ, found at
/// run time), about three times as fast; both give the same products, which the tests check.
///
/// # Examples
///
/// ```
/// use onag_core::Nimber;
/// use onag_core::field::portable_product;
///
/// assert_eq!(portable_product(8, 8), 13);
/// let (a, b) = (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210);
/// assert_eq!(portable_product(a, b), (Nimber::new(a) * Nimber::new(b)).value());
/// ```
pub fn portable_product(a: u64, b: u64) -> u64 {
    product64(tables(), a, b)
}

/// The fastest 64-bit product this processor allows.
#[inline]
fn fast64(tables: &Tables, a: u64, b: u64) -> u64 {
    match &tables.carryless {
        Some(basis) => basis.product(a, b),
        None => product64(tables, a, b),
    }
}

/// The tables of the fast product, made once on first use from [`plain_product`].
struct Tables {
    /// `x ⊗ 2^7` for bytes: 256 bytes that stay in the first-level cache.
    half8: [u8; 256],
    /// Logarithms in GF(256) to a primitive element, with `log8[0]` far out of range.
    log8: [u16; 256],
    /// Powers of that element, wide enough for a sum of two logarithms, zero past 510.
    exp8: [u8; 1025],
    /// `x ⊗ 2^15` for 16-bit `x`: the product by `F/2` at the 32-bit level.
    half16: Vec<u16>,
    /// The square root as a linear map: the root of byte `v` at byte position `k`, at `[k][v]`.
    root: Vec<[u64; 256]>,
    /// The carry-less product's change of basis, where the processor has it.
    carryless: Option<Box<carryless::Basis>>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let half16 = (0..1u64 << 16)
            .map(|x| plain(x, 1 << 15, 16) as u16)
            .collect();
        let mut half8 = [0u8; 256];
        for (x, entry) in half8.iter_mut().enumerate() {
            *entry = plain(x as u64, 0x80, 8) as u8;
        }
        // A primitive element of GF(256): order 255 = 3·5·17.
        let power8 = |x: u64, e: u32| (0..e).fold(1u64, |p, _| plain(p, x, 8));
        let generator = (2..256u64)
            .find(|&g| [3, 5, 17].iter().all(|p| power8(g, 255 / p) != 1))
            .unwrap_or(2);
        let mut log8 = [512u16; 256];
        let mut exp8 = [0u8; 1025];
        let mut x = 1u64;
        for i in 0..255usize {
            exp8[i] = x as u8;
            exp8[i + 255] = x as u8;
            log8[x as usize] = i as u16;
            x = plain(x, generator, 8);
        }
        let mut tables = Tables {
            half8,
            log8,
            exp8,
            half16,
            root: Vec::new(),
            carryless: None,
        };
        // The root of 2^i is (2^i)^(2^63): 63 squarings in the field of 2^64.
        let mut roots = [0u64; 64];
        for (bit, root) in roots.iter_mut().enumerate() {
            let mut x = 1u64 << bit;
            for _ in 0..63 {
                x = product64(&tables, x, x);
            }
            *root = x;
        }
        tables.root = (0..8)
            .map(|byte| {
                let mut row = [0u64; 256];
                for (value, entry) in row.iter_mut().enumerate() {
                    *entry = (0..8)
                        .filter(|bit| value >> bit & 1 == 1)
                        .fold(0, |sum, bit| sum ^ roots[byte * 8 + bit]);
                }
                row
            })
            .collect();
        tables.carryless = carryless::Basis::new(|a, b| product64(&tables, a, b));
        tables
    })
}

/// `a ⊗ b` for bytes, by logarithms: tables of a kilobyte that stay in the first-level cache.
/// (A 64 KiB table of every product measured the same within this machine's noise.)
#[inline]
fn product8(tables: &Tables, a: u64, b: u64) -> u64 {
    let sum = tables.log8[a as usize & 0xff] + tables.log8[b as usize & 0xff];
    u64::from(tables.exp8[sum as usize])
}

/// `x ⊗ 2^7` for a byte `x`.
#[inline]
fn half8(tables: &Tables, x: u64) -> u64 {
    u64::from(tables.half8[x as usize & 0xff])
}

/// One level of Karatsuba's Fermat split: the product of two numbers of `2·bits` bits from
/// three products of halves, and the product by `F/2` of the halves' field.
macro_rules! split_product {
    ($name:ident, $half_product:ident, $half_of_half:ident, $bits:expr) => {
        #[inline]
        fn $name(tables: &Tables, a: u64, b: u64) -> u64 {
            const MASK: u64 = (1 << $bits) - 1;
            let (a1, a0, b1, b0) = (a >> $bits, a & MASK, b >> $bits, b & MASK);
            let low = $half_product(tables, a0, b0);
            let top = $half_product(tables, a1, b1);
            let middle = $half_product(tables, a0 ^ a1, b0 ^ b1);
            ((middle ^ low) << $bits) | (low ^ $half_of_half(tables, top))
        }
    };
}

/// `x ⊗ 2^15` for 16-bit `x`, from its table.
#[inline]
fn half16(tables: &Tables, x: u64) -> u64 {
    u64::from(tables.half16[x as usize])
}

/// `x ⊗ 2^31` for 32-bit `x`: with `F = 2^16`, `x ⊗ (F/2)·F = h(x₁ ^ x₀)·F ^ h(h(x₁))`, `h`
/// the product by `2^15`.
#[inline]
fn half32(tables: &Tables, x: u64) -> u64 {
    let (x1, x0) = (x >> 16, x & 0xffff);
    (half16(tables, x1 ^ x0) << 16) | half16(tables, half16(tables, x1))
}

/// `x ⊗ 2^63` for 64-bit `x`, as [`half32`] one level up.
#[inline]
fn half64(tables: &Tables, x: u64) -> u64 {
    let (x1, x0) = (x >> 32, x & 0xffff_ffff);
    (half32(tables, x1 ^ x0) << 32) | half32(tables, half32(tables, x1))
}

split_product!(product16, product8, half8, 8);
split_product!(product32, product16, half16, 16);
split_product!(product64, product32, half32, 32);

/// The nim product of two 128-bit numbers: one more level of the split.
fn product128(tables: &Tables, a: u128, b: u128) -> u128 {
    let (a1, a0, b1, b0) = ((a >> 64) as u64, a as u64, (b >> 64) as u64, b as u64);
    let low = fast64(tables, a0, b0);
    let top = fast64(tables, a1, b1);
    let middle = fast64(tables, a0 ^ a1, b0 ^ b1);
    (u128::from(middle ^ low) << 64) | u128::from(low ^ half64(tables, top))
}

/// The smallest `m` in 1, 2, 4, 8, ... with `value < 2^m`, for a value of `bits` significant
/// bits: the field GF(2^m) that holds it.
fn field_bits(significant: u32) -> u32 {
    significant.max(1).next_power_of_two()
}

/// What the generic algorithms of the field need of an element type.
trait Element: Clone + PartialEq {
    fn zero() -> Self;
    fn one() -> Self;
    fn times(&self, other: &Self) -> Self;
    fn plus(&self, other: &Self) -> Self;
    /// The number of significant bits.
    fn significant(&self) -> u32;
    /// The element `2^bit`.
    fn power_of_two(bit: u32) -> Self;
    fn has_bit(&self, bit: u32) -> bool;
}

/// The check of the operations that cannot be stopped: never fails.
fn never() -> std::result::Result<(), std::convert::Infallible> {
    Ok(())
}

/// The check of the stoppable operations: the stop in force, looked at every 64 steps, so
/// that a small field's operation (63 steps for 64 bits) never looks (a front that moves
/// work still running after a slice elsewhere would otherwise move work already done), and a
/// field of 4096 bits looks every few milliseconds.
fn every_64_steps() -> impl FnMut() -> crate::Result<()> {
    let mut steps = 0u32;
    move || {
        steps = steps.wrapping_add(1);
        if steps % 64 == 0 {
            crate::check_stop()
        } else {
            Ok(())
        }
    }
}

/// The value of a computation checked by [`never`].
fn sure<T>(result: std::result::Result<T, std::convert::Infallible>) -> T {
    match result {
        Ok(value) => value,
    }
}

/// `x^(2^m - 2)`, the inverse of `x ≠ 0` in GF(2^m): `m - 1` squarings, `check` called before
/// each (it may stop the computation).
fn inverse_in<E: Element, X>(
    x: &E,
    m: u32,
    mut check: impl FnMut() -> std::result::Result<(), X>,
) -> std::result::Result<E, X> {
    let (mut square, mut result) = (x.clone(), E::one());
    for _ in 1..m {
        check()?;
        square = square.times(&square);
        result = result.times(&square);
    }
    Ok(result)
}

/// `x^(2^(m-1))`, the square root of `x` in GF(2^m), `check` called before each squaring.
fn root_in<E: Element, X>(
    x: &E,
    m: u32,
    mut check: impl FnMut() -> std::result::Result<(), X>,
) -> std::result::Result<E, X> {
    let mut root = x.clone();
    for _ in 1..m {
        check()?;
        root = root.times(&root);
    }
    Ok(root)
}

/// `x^exponent` by squaring and multiplying, `check` called before each squaring.
fn power<E: Element, X>(
    x: &E,
    exponent: u128,
    mut check: impl FnMut() -> std::result::Result<(), X>,
) -> std::result::Result<E, X> {
    let (mut base, mut result, mut exponent) = (x.clone(), E::one(), exponent);
    while exponent > 0 {
        check()?;
        if exponent & 1 == 1 {
            result = result.times(&base);
        }
        base = base.times(&base);
        exponent >>= 1;
    }
    Ok(result)
}

/// The smaller root of `x² + x = a` in GF(2^m), if there is one, by elimination over GF(2):
/// `x ↦ x² + x` is linear, with kernel `{0, 1}`, and its image is the elements of trace 0.
fn artin_schreier_in<E: Element>(a: &E, m: u32) -> Option<E> {
    // Pivots by their highest bit: an image vector and the element that maps to it.
    let mut pivots: Vec<Option<(E, E)>> = vec![None; m as usize];
    for bit in 0..m {
        let source = E::power_of_two(bit);
        let mut image = source.times(&source).plus(&source);
        let mut preimage = source;
        while image != E::zero() {
            let top = (image.significant() - 1) as usize;
            match &pivots[top] {
                Some((pivot_image, pivot_preimage)) => {
                    image = image.plus(pivot_image);
                    preimage = preimage.plus(pivot_preimage);
                }
                None => {
                    pivots[top] = Some((image, preimage));
                    break;
                }
            }
        }
    }
    let (mut rest, mut root) = (a.clone(), E::zero());
    while rest != E::zero() {
        let top = (rest.significant() - 1) as usize;
        let (pivot_image, pivot_preimage) = pivots.get(top)?.as_ref()?;
        rest = rest.plus(pivot_image);
        root = root.plus(pivot_preimage);
    }
    // The two roots differ by 1: the smaller has bit 0 clear.
    Some(if root.has_bit(0) {
        root.plus(&E::one())
    } else {
        root
    })
}

impl Element for Nimber {
    fn zero() -> Nimber {
        Nimber::ZERO
    }

    fn one() -> Nimber {
        Nimber::new(1)
    }

    fn times(&self, other: &Nimber) -> Nimber {
        *self * *other
    }

    fn plus(&self, other: &Nimber) -> Nimber {
        *self ^ *other
    }

    fn significant(&self) -> u32 {
        64 - self.value().leading_zeros()
    }

    fn power_of_two(bit: u32) -> Nimber {
        Nimber::new(1 << bit)
    }

    fn has_bit(&self, bit: u32) -> bool {
        self.value() >> bit & 1 == 1
    }
}

impl Mul for Nimber {
    type Output = Nimber;

    /// The nim product.
    fn mul(self, other: Nimber) -> Nimber {
        Nimber::new(fast64(tables(), self.value(), other.value()))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, other: Nimber) {
        *self = *self * other;
    }
}

impl std::iter::Product for Nimber {
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::new(1), Mul::mul)
    }
}

impl Nimber {
    /// The multiplicative inverse, `None` for `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Nimber;
    ///
    /// // Ferguson §5: 1/7 = 11.
    /// assert_eq!(Nimber::new(7).inverse(), Some(Nimber::new(11)));
    /// ```
    pub fn inverse(self) -> Option<Nimber> {
        (!self.is_zero()).then(|| sure(inverse_in(&self, self.field_bits(), never)))
    }

    /// `self / divisor`, `None` when the divisor is `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Nimber;
    ///
    /// assert_eq!(Nimber::new(6).checked_div(Nimber::new(5)), Some(Nimber::new(9)));
    /// assert_eq!(Nimber::new(6).checked_div(Nimber::ZERO), None);
    /// ```
    pub fn checked_div(self, divisor: Nimber) -> Option<Nimber> {
        Some(self * divisor.inverse()?)
    }

    /// `self` to the power `exponent` (an ordinary number) under the nim product.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Nimber;
    ///
    /// // The multiplicative group of GF(16) has order 15.
    /// assert_eq!(Nimber::new(7).pow(15), Nimber::new(1));
    /// assert_eq!(Nimber::new(2).pow(2), Nimber::new(3));
    /// ```
    pub fn pow(self, exponent: u64) -> Nimber {
        sure(power(&self, u128::from(exponent), never))
    }

    /// The square root: the one `r` with `r ⊗ r = self` (squaring is one-to-one in a field of
    /// characteristic 2).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Nimber;
    ///
    /// // 8 ⊗ 8 = 13.
    /// assert_eq!(Nimber::new(13).sqrt(), Nimber::new(8));
    /// ```
    pub fn sqrt(self) -> Nimber {
        let rows = &tables().root;
        let value = self.value();
        Nimber::new((0..8).fold(0, |root, byte| {
            root ^ rows[byte][(value >> (8 * byte) & 0xff) as usize]
        }))
    }

    /// The number of bits `m` of the smallest field GF(2^m) that holds this nimber: 1, 2, 4,
    /// 8, 16, 32 or 64.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Nimber;
    ///
    /// assert_eq!(Nimber::new(1).field_bits(), 1);
    /// assert_eq!(Nimber::new(3).field_bits(), 2);
    /// assert_eq!(Nimber::new(16).field_bits(), 8);
    /// ```
    pub fn field_bits(self) -> u32 {
        field_bits(self.significant())
    }

    /// The smaller root `x` of `x ⊗ x ^ x = self` in the field of 64-bit nimbers, if it has one
    /// (exactly when the trace of `self` is 0); the other root is `x ^ 1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Nimber;
    ///
    /// // 2 ⊗ 2 = 3, so 2 and 3 solve x² + x = 1.
    /// assert_eq!(Nimber::new(1).solve_artin_schreier(), Some(Nimber::new(2)));
    /// ```
    pub fn solve_artin_schreier(self) -> Option<Nimber> {
        artin_schreier_in(&self, 64)
    }
}

/// A nimber of up to 128 bits, with the field operations of [`Nimber`].
///
/// # Examples
///
/// ```
/// use onag_core::field::Nimber128;
///
/// let big = Nimber128::new(1 << 64);
/// // 2^64 is a Fermat 2-power: its square is 3/2 of it.
/// assert_eq!(big * big, Nimber128::new(3 << 63));
/// assert_eq!((big * Nimber128::new(5)).value(), 5 << 64);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Nimber128(u128);

impl Nimber128 {
    /// The nimber `*n`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_core::field::Nimber128::new(4).value(), 4);
    /// ```
    pub const fn new(value: u128) -> Nimber128 {
        Nimber128(value)
    }

    /// The n of `*n`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_core::field::Nimber128::new(9).value(), 9);
    /// ```
    pub const fn value(self) -> u128 {
        self.0
    }

    /// The multiplicative inverse, `None` for `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::Nimber128;
    ///
    /// let x = Nimber128::new(u128::MAX);
    /// assert_eq!(x * x.inverse().unwrap(), Nimber128::new(1));
    /// ```
    pub fn inverse(self) -> Option<Nimber128> {
        (self.0 != 0).then(|| sure(inverse_in(&self, self.field_bits(), never)))
    }

    /// `self / divisor`, `None` when the divisor is `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::Nimber128;
    ///
    /// assert_eq!(Nimber128::new(6).checked_div(Nimber128::new(5)), Some(Nimber128::new(9)));
    /// ```
    pub fn checked_div(self, divisor: Nimber128) -> Option<Nimber128> {
        Some(self * divisor.inverse()?)
    }

    /// `self` to the power `exponent` under the nim product.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::Nimber128;
    ///
    /// assert_eq!(Nimber128::new(2).pow(3), Nimber128::new(1));
    /// ```
    pub fn pow(self, exponent: u128) -> Nimber128 {
        sure(power(&self, exponent, never))
    }

    /// The square root.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::Nimber128;
    ///
    /// let x = Nimber128::new(0xdead_beef << 70);
    /// assert_eq!(x.sqrt() * x.sqrt(), x);
    /// ```
    pub fn sqrt(self) -> Nimber128 {
        sure(root_in(&self, self.field_bits(), never))
    }

    /// The number of bits of the smallest field that holds this nimber: 1, 2, 4, ..., 128.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(onag_core::field::Nimber128::new(1 << 64).field_bits(), 128);
    /// ```
    pub fn field_bits(self) -> u32 {
        field_bits(self.significant())
    }

    /// The smaller root of `x² + x = self` in the field of 128-bit nimbers, if there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::Nimber128;
    ///
    /// let a = Nimber128::new(1 << 100);
    /// if let Some(x) = a.solve_artin_schreier() {
    ///     assert_eq!(x * x ^ x, a);
    /// }
    /// ```
    pub fn solve_artin_schreier(self) -> Option<Nimber128> {
        artin_schreier_in(&self, 128)
    }
}

impl Element for Nimber128 {
    fn zero() -> Nimber128 {
        Nimber128(0)
    }

    fn one() -> Nimber128 {
        Nimber128(1)
    }

    fn times(&self, other: &Nimber128) -> Nimber128 {
        *self * *other
    }

    fn plus(&self, other: &Nimber128) -> Nimber128 {
        *self ^ *other
    }

    fn significant(&self) -> u32 {
        128 - self.0.leading_zeros()
    }

    fn power_of_two(bit: u32) -> Nimber128 {
        Nimber128(1 << bit)
    }

    fn has_bit(&self, bit: u32) -> bool {
        self.0 >> bit & 1 == 1
    }
}

impl Element for BigNimber {
    fn zero() -> BigNimber {
        BigNimber::default()
    }

    fn one() -> BigNimber {
        BigNimber::from(1u64)
    }

    fn times(&self, other: &BigNimber) -> BigNimber {
        self * other
    }

    fn plus(&self, other: &BigNimber) -> BigNimber {
        self ^ other
    }

    fn significant(&self) -> u32 {
        BigNimber::significant(self)
    }

    fn power_of_two(bit: u32) -> BigNimber {
        BigNimber::power_of_two(bit)
    }

    fn has_bit(&self, bit: u32) -> bool {
        self.0
            .get(bit as usize / 64)
            .is_some_and(|limb| limb >> (bit % 64) & 1 == 1)
    }
}

impl Mul for Nimber128 {
    type Output = Nimber128;

    /// The nim product.
    fn mul(self, other: Nimber128) -> Nimber128 {
        Nimber128(product128(tables(), self.0, other.0))
    }
}

impl BitXor for Nimber128 {
    type Output = Nimber128;

    /// The nim-sum.
    fn bitxor(self, other: Nimber128) -> Nimber128 {
        Nimber128(self.0 ^ other.0)
    }
}

impl From<Nimber> for Nimber128 {
    fn from(value: Nimber) -> Nimber128 {
        Nimber128(u128::from(value.value()))
    }
}

impl fmt::Display for Nimber128 {
    /// As [`Nimber`]: `0`, `*`, `*n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

impl fmt::Debug for Nimber128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A nimber of any width, in 64-bit limbs (least significant first), with the field
/// operations of [`Nimber`]. Products of values below `2^(64·2^j)` take `3^j` 64-bit products.
///
/// # Examples
///
/// ```
/// use onag_core::field::BigNimber;
///
/// // 2^128 is a Fermat 2-power: its square is 2^128 ^ 2^127.
/// let f = BigNimber::power_of_two(128);
/// assert_eq!(&f * &f, &f ^ &BigNimber::power_of_two(127));
/// assert_eq!(f.field_bits(), 256);
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct BigNimber(Vec<u64>);

impl BigNimber {
    /// The nimber with these limbs, least significant first.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// assert_eq!(BigNimber::from_limbs(vec![5, 0, 0]), BigNimber::from(5u64));
    /// ```
    pub fn from_limbs(mut limbs: Vec<u64>) -> BigNimber {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        BigNimber(limbs)
    }

    /// The limbs, least significant first, without leading zeros.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// assert_eq!(BigNimber::from(7u64).limbs(), [7]);
    /// ```
    pub fn limbs(&self) -> &[u64] {
        &self.0
    }

    /// The nimber `2^bit`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// assert_eq!(BigNimber::power_of_two(65).limbs(), [0, 2]);
    /// ```
    pub fn power_of_two(bit: u32) -> BigNimber {
        let mut limbs = vec![0; bit as usize / 64 + 1];
        limbs[bit as usize / 64] = 1 << (bit % 64);
        BigNimber(limbs)
    }

    /// True for `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(onag_core::field::BigNimber::default().is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of bits of the smallest field that holds this nimber: 1, 2, 4, 8, ...
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// assert_eq!(BigNimber::power_of_two(200).field_bits(), 256);
    /// ```
    pub fn field_bits(&self) -> u32 {
        field_bits(self.significant())
    }

    fn significant(&self) -> u32 {
        match self.0.last() {
            None => 0,
            Some(top) => 64 * (self.0.len() as u32 - 1) + (64 - top.leading_zeros()),
        }
    }

    /// The multiplicative inverse, `None` for `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// let x = BigNimber::from_limbs(vec![3, 1, 4, 1]);
    /// assert_eq!(&x * &x.inverse().unwrap(), BigNimber::from(1u64));
    /// ```
    pub fn inverse(&self) -> Option<BigNimber> {
        (!self.is_zero()).then(|| sure(inverse_in(self, self.field_bits(), never)))
    }

    /// `self / divisor`, `None` when the divisor is `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// assert_eq!(BigNimber::from(6u64).checked_div(&BigNimber::from(5u64)), Some(BigNimber::from(9u64)));
    /// ```
    pub fn checked_div(&self, divisor: &BigNimber) -> Option<BigNimber> {
        Some(self * &divisor.inverse()?)
    }

    /// `self` to the power `exponent` under the nim product.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// assert_eq!(BigNimber::from(2u64).pow(3), BigNimber::from(1u64));
    /// ```
    pub fn pow(&self, exponent: u128) -> BigNimber {
        sure(power(self, exponent, never))
    }

    /// The square root.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// let x = BigNimber::from_limbs(vec![1, 2, 3]);
    /// let root = x.sqrt();
    /// assert_eq!(&root * &root, x);
    /// ```
    pub fn sqrt(&self) -> BigNimber {
        sure(root_in(self, self.field_bits(), never))
    }

    /// [`inverse`](Self::inverse), stopped by the [`Stop`](crate::Stop) in force on this
    /// thread, looked at every 64 steps: an inverse in a field of a few thousand bits takes
    /// about a second, so a front that must answer a stop (a web request's deadline, Ctrl-C)
    /// asks for it this way.
    ///
    /// # Errors
    ///
    /// [`Error::Stopped`](crate::Error::Stopped) once a stop in force is requested.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Error, Stop, field::BigNimber};
    ///
    /// let x = BigNimber::from(7u64);
    /// assert_eq!(x.try_inverse(), Ok(Some(BigNimber::from(11u64))));
    /// let stop = Stop::new();
    /// stop.request();
    /// // An inverse in the field of 4096 bits looks at the stop as it goes.
    /// let large = BigNimber::power_of_two(4000);
    /// assert_eq!(stop.run(|| large.try_inverse()), Err(Error::Stopped));
    /// // One in a small field is done before its first look (63 steps for 64 bits).
    /// assert_eq!(stop.run(|| x.try_inverse()), Ok(Some(BigNimber::from(11u64))));
    /// ```
    pub fn try_inverse(&self) -> crate::Result<Option<BigNimber>> {
        if self.is_zero() {
            return Ok(None);
        }
        inverse_in(self, self.field_bits(), every_64_steps()).map(Some)
    }

    /// [`pow`](Self::pow), stopped by the [`Stop`](crate::Stop) in force on this thread.
    ///
    /// # Errors
    ///
    /// [`Error::Stopped`](crate::Error::Stopped) once a stop in force is requested.
    pub fn try_pow(&self, exponent: u128) -> crate::Result<BigNimber> {
        power(self, exponent, every_64_steps())
    }

    /// [`sqrt`](Self::sqrt), stopped by the [`Stop`](crate::Stop) in force on this thread.
    ///
    /// # Errors
    ///
    /// [`Error::Stopped`](crate::Error::Stopped) once a stop in force is requested.
    pub fn try_sqrt(&self) -> crate::Result<BigNimber> {
        root_in(self, self.field_bits(), every_64_steps())
    }

    /// The smaller root of `x² + x = self` in the smallest field of at least 64 bits that holds
    /// `self`, if there is one. The elimination takes time of the order of the field's bits
    /// cubed over 64: fields of a few thousand bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// let a = BigNimber::from_limbs(vec![0, 0, 7]);
    /// if let Some(x) = a.solve_artin_schreier() {
    ///     assert_eq!(&(&x * &x) ^ &x, a);
    /// }
    /// ```
    pub fn solve_artin_schreier(&self) -> Option<BigNimber> {
        let bits = self.field_bits().max(64);
        artin_schreier_in(self, bits)
    }
}

impl BigNimber {
    /// The value in decimal digits.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::field::BigNimber;
    ///
    /// assert_eq!(BigNimber::power_of_two(64).to_decimal(), "18446744073709551616");
    /// assert_eq!(BigNimber::default().to_decimal(), "0");
    /// ```
    pub fn to_decimal(&self) -> String {
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut limbs = self.0.clone();
        let mut chunks = Vec::new();
        while !limbs.is_empty() {
            // Divide by 10^19, most significant limb first.
            let mut remainder = 0u128;
            for limb in limbs.iter_mut().rev() {
                let current = (remainder << 64) | u128::from(*limb);
                *limb = (current / u128::from(CHUNK)) as u64;
                remainder = current % u128::from(CHUNK);
            }
            chunks.push(remainder as u64);
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
        }
        match chunks.split_last() {
            None => "0".to_string(),
            Some((top, rest)) => {
                let mut text = top.to_string();
                for chunk in rest.iter().rev() {
                    text.push_str(&format!("{chunk:019}"));
                }
                text
            }
        }
    }
}

impl std::str::FromStr for BigNimber {
    type Err = std::num::ParseIntError;

    /// Decimal digits, or hexadecimal after `0x`.
    fn from_str(text: &str) -> Result<BigNimber, Self::Err> {
        let (digits, radix) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            Some(hex) => (hex, 16u32),
            None => (text, 10u32),
        };
        // Reported as the standard library reports a bad digit or an empty number.
        u8::from_str_radix(if digits.is_empty() { "" } else { "0" }, radix)?;
        let mut limbs: Vec<u64> = Vec::new();
        for character in digits.chars() {
            let digit = u64::from(u8::from_str_radix(
                character.encode_utf8(&mut [0; 4]),
                radix,
            )?);
            // limbs = limbs * radix + digit.
            let mut carry = u128::from(digit);
            for limb in limbs.iter_mut() {
                let current = u128::from(*limb) * u128::from(radix) + carry;
                *limb = current as u64;
                carry = current >> 64;
            }
            if carry > 0 {
                limbs.push(carry as u64);
            }
        }
        Ok(BigNimber::from_limbs(limbs))
    }
}

impl From<u64> for BigNimber {
    fn from(value: u64) -> BigNimber {
        BigNimber::from_limbs(vec![value])
    }
}

impl From<Nimber> for BigNimber {
    fn from(value: Nimber) -> BigNimber {
        BigNimber::from(value.value())
    }
}

impl Mul for &BigNimber {
    type Output = BigNimber;

    /// The nim product.
    fn mul(self, other: &BigNimber) -> BigNimber {
        let limbs = self.0.len().max(other.0.len());
        if limbs == 0 {
            return BigNimber::default();
        }
        let width = limbs.next_power_of_two();
        let padded = |limbs: &[u64]| {
            let mut padded = limbs.to_vec();
            padded.resize(width, 0);
            padded
        };
        BigNimber::from_limbs(big_product(tables(), &padded(&self.0), &padded(&other.0)))
    }
}

impl BitXor for &BigNimber {
    type Output = BigNimber;

    /// The nim-sum.
    fn bitxor(self, other: &BigNimber) -> BigNimber {
        let mut limbs = vec![0; self.0.len().max(other.0.len())];
        for (index, limb) in limbs.iter_mut().enumerate() {
            *limb =
                self.0.get(index).copied().unwrap_or(0) ^ other.0.get(index).copied().unwrap_or(0);
        }
        BigNimber::from_limbs(limbs)
    }
}

impl BitXorAssign<&BigNimber> for BigNimber {
    fn bitxor_assign(&mut self, other: &BigNimber) {
        *self = &*self ^ other;
    }
}

impl fmt::Debug for BigNimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BigNimber(0x")?;
        if self.0.is_empty() {
            f.write_str("0")?;
        }
        for (index, limb) in self.0.iter().rev().enumerate() {
            if index == 0 {
                write!(f, "{limb:x}")?;
            } else {
                write!(f, "{limb:016x}")?;
            }
        }
        f.write_str(")")
    }
}

/// The product of two numbers of the same power-of-two number of limbs.
fn big_product(tables: &Tables, a: &[u64], b: &[u64]) -> Vec<u64> {
    let limbs = a.len();
    if limbs == 1 {
        return vec![fast64(tables, a[0], b[0])];
    }
    let half = limbs / 2;
    let (a0, a1) = a.split_at(half);
    let (b0, b1) = b.split_at(half);
    let low = big_product(tables, a0, b0);
    let top = big_product(tables, a1, b1);
    let a_sum: Vec<u64> = a0.iter().zip(a1).map(|(x, y)| x ^ y).collect();
    let b_sum: Vec<u64> = b0.iter().zip(b1).map(|(x, y)| x ^ y).collect();
    let middle = big_product(tables, &a_sum, &b_sum);
    let half_top = big_half(tables, &top);
    let mut result = Vec::with_capacity(limbs);
    result.extend(low.iter().zip(&half_top).map(|(x, y)| x ^ y));
    result.extend(middle.iter().zip(&low).map(|(x, y)| x ^ y));
    result
}

/// `x ⊗ 2^(64·limbs - 1)` for `x` of a power-of-two number of limbs: [`half64`] at the bottom,
/// and `h(x₁ ^ x₀)·F ^ h(h(x₁))` above.
fn big_half(tables: &Tables, x: &[u64]) -> Vec<u64> {
    if x.len() == 1 {
        return vec![half64(tables, x[0])];
    }
    let half = x.len() / 2;
    let (x0, x1) = x.split_at(half);
    let sum: Vec<u64> = x0.iter().zip(x1).map(|(a, b)| a ^ b).collect();
    let mut result = big_half(tables, &big_half(tables, x1));
    result.extend(big_half(tables, &sum));
    result
}
