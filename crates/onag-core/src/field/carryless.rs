//! The 64-bit nim product by carry-less multiplication, where the processor has it (x86-64
//! with PCLMULQDQ and SSE4.1, found at run time), through an explicit field isomorphism.
//!
//! The nimbers below 2^64 and GF(2)[x]/(p) are the same field GF(2^64) written in two bases.
//! Choose α = 2^32, which lies in no proper subfield (those are the values below 2^32), so its
//! minimal polynomial p has degree 64; then `1, α, ..., α^63` is a basis, and writing a nimber
//! in it (`to`) turns the nim product into the product of polynomials modulo p. So
//! `a ⊗ b = from(to(a) · to(b) mod p)`: one 64 × 64-bit carry-less product, a Barrett reduction
//! by p (two more, with `μ = ⌊x^128 / p⌋`), and the two changes of basis as byte tables (eight
//! lookups each). The tables are made once from the portable product, which also checks them.
//!
//! Measured on this machine (AMD EPYC, 2.6 GHz, shared), 10^7 random pairs, both methods in
//! turn in one process (`cargo bench --bench nimber`, medians of five passes): this product
//! 98-101 million a second against the portable product's 35 million (2.8x) in the machine's
//! usual phase, 69 against 37 in a slow one; on 2026-11-25, three runs (one beside a test run
//! on the other core) gave 128-134 million against 40 (3.2-3.3x). Tried and dropped: 4-bit
//! tables (2 KB, 48 lookups: 0.55x), 16-bit input tables (2 MB: 0.55x), AVX-512 gathers for the
//! lookups (0.5x), a sparse reduction polynomial instead of Barrett's (no gain: the lookups
//! dominate), and four `to` tables for the subfield below 2^32 (24 KB of tables in all: no
//! gain: the product is bound by its micro-operations, not by the first-level cache).

/// The change of basis and the reduction constants.
pub(super) struct Basis {
    /// `to[k][v]`: the polynomial coordinates of the nimber `v << 8k`.
    to: [[u64; 256]; 8],
    /// `from[k][v]`: the nimber whose coordinates are `v << 8k`.
    from: [[u64; 256]; 8],
    /// p = x^64 + q.
    q: u64,
    /// ⌊x^128 / p⌋ = x^64 + mu.
    mu: u64,
}

impl Basis {
    /// The basis, if the processor can use it; `product` is the portable nim product.
    pub(super) fn new(product: impl Fn(u64, u64) -> u64) -> Option<Box<Basis>> {
        if !available() {
            return None;
        }
        // The powers of α, as nimbers: column j of the matrix A that maps coordinates to
        // nimbers.
        let alpha = 1u64 << 32;
        let mut powers = [0u64; 65];
        powers[0] = 1;
        for j in 1..65 {
            powers[j] = product(powers[j - 1], alpha);
        }
        // Gauss-Jordan on [A | I | α^64], rows indexed by the nimber's bits: it yields A⁻¹ and
        // the coordinates of α^64, which are p's lower coefficients.
        let mut rows: Vec<(u64, u64, bool)> = (0..64)
            .map(|bit| {
                let row = (0..64)
                    .filter(|&j| powers[j] >> bit & 1 == 1)
                    .fold(0u64, |row, j| row | 1 << j);
                (row, 1u64 << bit, powers[64] >> bit & 1 == 1)
            })
            .collect();
        for column in 0..64 {
            let pivot = (column..64).find(|&row| rows[row].0 >> column & 1 == 1)?;
            rows.swap(column, pivot);
            let chosen = rows[column];
            for (index, row) in rows.iter_mut().enumerate() {
                if index != column && row.0 >> column & 1 == 1 {
                    row.0 ^= chosen.0;
                    row.1 ^= chosen.1;
                    row.2 ^= chosen.2;
                }
            }
        }
        let q = (0..64).filter(|&j| rows[j].2).fold(0u64, |q, j| q | 1 << j);
        let coordinates = |nimber: u64| {
            (0..64)
                .filter(|&j| (rows[j].1 & nimber).count_ones() % 2 == 1)
                .fold(0u64, |x, j| x | 1 << j)
        };
        let nimber = |x: u64| {
            (0..64)
                .filter(|&j| x >> j & 1 == 1)
                .fold(0u64, |y, j| y ^ powers[j])
        };
        let mut basis = Box::new(Basis {
            to: [[0; 256]; 8],
            from: [[0; 256]; 8],
            q,
            mu: 0,
        });
        for k in 0..8 {
            for v in 0..256u64 {
                basis.to[k][v as usize] = coordinates(v << (8 * k));
                basis.from[k][v as usize] = nimber(v << (8 * k));
            }
        }
        // μ = ⌊x^128 / p⌋ by long division: x^128 = x^64·p + x^64·q, then the remainder's
        // terms from x^127 down.
        let p = (1u128 << 64) | u128::from(q);
        let mut remainder = u128::from(q) << 64;
        let mut quotient = 0u64;
        for degree in (64..128).rev() {
            if remainder >> degree & 1 == 1 {
                quotient |= 1 << (degree - 64);
                remainder ^= p << (degree - 64);
            }
        }
        basis.mu = quotient;
        // The tables must give the portable product, or they are not used.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let agrees = (0..256).all(|_| {
            state = state.rotate_left(23).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5851;
            let (a, b) = (state, state.rotate_left(29) ^ 0x1234_5678);
            basis.product(a, b) == product(a, b)
        });
        agrees.then_some(basis)
    }

    /// `a ⊗ b`.
    #[inline]
    pub(super) fn product(&self, a: u64, b: u64) -> u64 {
        // The one unsafe call of the crate: a function compiled for PCLMULQDQ and SSE4.1. A
        // `Basis` exists only where `available()` found both (see `new`).
        #[allow(unsafe_code)]
        // SAFETY: `new` returns a basis only after `available()` confirmed the features.
        // Benchmark (benches/nimber.rs, paired with the portable product, medians of five
        // passes in turn): 98-134 M products/s against 35-40 M/s, 2.8-3.3x.
        unsafe {
            product(self, a, b)
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn available() -> bool {
    std::arch::is_x86_feature_detected!("pclmulqdq")
        && std::arch::is_x86_feature_detected!("sse4.1")
}

#[cfg(not(target_arch = "x86_64"))]
fn available() -> bool {
    false
}

/// The 128-bit carry-less product of `a` and `b`, as (low, high) words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse4.1")]
fn clmul(a: u64, b: u64) -> (u64, u64) {
    use std::arch::x86_64::{
        _mm_clmulepi64_si128, _mm_cvtsi64_si128, _mm_cvtsi128_si64, _mm_extract_epi64,
    };
    let product = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0);
    (
        _mm_cvtsi128_si64(product) as u64,
        _mm_extract_epi64(product, 1) as u64,
    )
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse4.1")]
fn product(basis: &Basis, a: u64, b: u64) -> u64 {
    let change = |table: &[[u64; 256]; 8], x: u64| {
        table
            .iter()
            .enumerate()
            .fold(0, |sum, (k, row)| sum ^ row[(x >> (8 * k)) as usize & 0xff])
    };
    let (low, high) = clmul(change(&basis.to, a), change(&basis.to, b));
    // Barrett: the quotient by p is high ^ ⌊high·mu / x^64⌋; the remainder is the low word
    // less the quotient times q.
    let (_, carry) = clmul(high, basis.mu);
    let (reduced, _) = clmul(high ^ carry, basis.q);
    change(&basis.from, low ^ reduced)
}

#[cfg(not(target_arch = "x86_64"))]
fn product(_basis: &Basis, _a: u64, _b: u64) -> u64 {
    // `available()` is false here, so no `Basis` is ever made.
    0
}
