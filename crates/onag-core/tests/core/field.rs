//! The nimber field against published values (Ferguson's Table 5.2 and worked examples, OEIS
//! A051775, Rosetta Code) and the definition by mex, and its laws by property tests.

use onag_core::Nimber;
use onag_core::field::{BigNimber, Nimber128, plain_product, portable_product};
use proptest::prelude::*;

/// Ferguson, *Game Theory*, Part I, Table 5.2: `x ⊗ y` for `x, y < 16` (copied from
/// `tests/oracles/nim_multiplication.json`, which checks it against OEIS A051775, A051910 and
/// A051776).
const FERGUSON_TABLE_5_2: [[u64; 16]; 16] = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5],
    [0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10],
    [0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1],
    [0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14],
    [0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4],
    [0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11],
    [0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2],
    [0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13],
    [0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7],
    [0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8],
    [0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3],
    [0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12],
    [0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6],
    [0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9],
];

/// OEIS A051775, the nim products by antidiagonals from (0, 0), as stored in
/// `tests/oracles/nim_multiplication.json`.
const OEIS_A051775: [u64; 83] = [
    0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6, 10,
    12, 12, 10, 6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9, 12, 14,
    14, 7, 14, 14, 12, 9, 0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7, 11,
];

/// OEIS A051776, the same from (1, 1).
const OEIS_A051776: [u64; 76] = [
    1, 2, 2, 3, 3, 3, 4, 1, 1, 4, 5, 8, 2, 8, 5, 6, 10, 12, 12, 10, 6, 7, 11, 15, 6, 15, 11, 7, 8,
    9, 13, 2, 2, 13, 9, 8, 9, 12, 14, 14, 7, 14, 14, 12, 9, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 11,
    15, 7, 11, 13, 5, 13, 11, 7, 15, 11, 12, 13, 5, 15, 3, 3, 3, 3, 15, 5,
];

fn nim(value: u64) -> Nimber {
    Nimber::new(value)
}

#[test]
fn products_below_16_are_fergusons_table() {
    for (x, row) in FERGUSON_TABLE_5_2.iter().enumerate() {
        for (y, &expected) in row.iter().enumerate() {
            assert_eq!(
                (nim(x as u64) * nim(y as u64)).value(),
                expected,
                "{x} * {y}"
            );
            assert_eq!(plain_product(x as u64, y as u64), expected, "{x} * {y}");
        }
    }
}

/// The product by its definition: `a ⊗ b = mex { a' ⊗ b ^ a ⊗ b' ^ a' ⊗ b' }` over `a' < a`,
/// `b' < b`, filled in a table.
#[test]
fn products_below_128_meet_the_definition_by_mex() {
    const SIZE: usize = 128;
    let mut table = vec![[0u64; SIZE]; SIZE];
    for a in 0..SIZE {
        for b in 0..SIZE {
            let mut seen = vec![false; 4 * SIZE];
            for smaller_a in 0..a {
                for smaller_b in 0..b {
                    let option =
                        table[smaller_a][b] ^ table[a][smaller_b] ^ table[smaller_a][smaller_b];
                    seen[option as usize] = true;
                }
            }
            table[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    for (a, row) in table.iter().enumerate() {
        for (b, &expected) in row.iter().enumerate() {
            assert_eq!(
                (nim(a as u64) * nim(b as u64)).value(),
                expected,
                "{a} * {b}"
            );
        }
    }
}

#[test]
fn products_by_antidiagonals_are_oeis_a051775_and_a051776() {
    for (terms, first) in [(&OEIS_A051775[..], 0u64), (&OEIS_A051776[..], 1)] {
        let mut cells = (0u64..).flat_map(|d| (0..=d).map(move |n| (first + n, first + d - n)));
        for &term in terms {
            let (n, m) = cells.next().unwrap();
            assert_eq!((nim(n) * nim(m)).value(), term, "{n} * {m}");
        }
    }
}

#[test]
fn fergusons_worked_examples() {
    // Ferguson §5: 3 ⊗ (5 ⊗ 6) = 4 = (3 ⊗ 5) ⊗ 6; 2 ⊗ 16 = 32; 16 ⊗ 16 = 24; 24 ⊗ 17 = 128;
    // 8 ⊗ 8 = 13; 1/2 = 3; 1/7 = 11; 6/5 = 9.
    assert_eq!(nim(3) * (nim(5) * nim(6)), nim(4));
    assert_eq!((nim(3) * nim(5)) * nim(6), nim(4));
    assert_eq!(nim(2) * nim(16), nim(32));
    assert_eq!(nim(16) * nim(16), nim(24));
    assert_eq!(nim(24) * nim(17), nim(128));
    assert_eq!(nim(8) * nim(8), nim(13));
    assert_eq!(nim(2).inverse(), Some(nim(3)));
    assert_eq!(nim(7).inverse(), Some(nim(11)));
    assert_eq!(nim(6).checked_div(nim(5)), Some(nim(9)));
    assert_eq!(nim(6).checked_div(Nimber::ZERO), None);
    assert_eq!(Nimber::ZERO.inverse(), None);
}

#[test]
fn published_wide_products() {
    // Rosetta Code, "Nimber arithmetic": 21508 ⊗ 42689 = 35202.
    assert_eq!(nim(21508) * nim(42689), nim(35202));
    // The all-ones 64-bit square, as public implementations assert it (a secondary source,
    // also checked against the plain recursion here).
    assert_eq!(
        (nim(u64::MAX) * nim(u64::MAX)).value(),
        11_290_409_524_105_353_207
    );
    assert_eq!(
        plain_product(u64::MAX, u64::MAX),
        11_290_409_524_105_353_207
    );
}

#[test]
fn fermat_powers_follow_their_rules() {
    // F ⊗ x = F·x for x < F, and F ⊗ F = 3F/2, for every Fermat 2-power up to 2^32 (64-bit),
    // 2^64 (128-bit) and 2^128 and 2^256 (any width).
    for k in 0..6 {
        let f = 1u64 << (1 << k);
        if f == 0 {
            continue;
        }
        for x in [1, 2, 3, f / 2 + 1, f - 1].into_iter().filter(|&x| x < f) {
            assert_eq!((nim(f) * nim(x)).value(), f * x, "{f} * {x}");
        }
        assert_eq!((nim(f) * nim(f)).value(), f / 2 * 3, "{f}");
    }
    let f = Nimber128::new(1 << 64);
    assert_eq!(
        f * Nimber128::new(u128::from(u64::MAX)),
        Nimber128::new(u128::from(u64::MAX) << 64)
    );
    assert_eq!(f * f, Nimber128::new(3 << 63));
    for bits in [128u32, 256] {
        let f = BigNimber::power_of_two(bits);
        let x = BigNimber::from_limbs(vec![u64::MAX; bits as usize / 64]);
        let mut shifted = vec![0; bits as usize / 64];
        shifted.extend(vec![u64::MAX; bits as usize / 64]);
        assert_eq!(&f * &x, BigNimber::from_limbs(shifted));
        assert_eq!(&f * &f, &f ^ &BigNimber::power_of_two(bits - 1));
    }
}

fn big(limbs: Vec<u64>) -> BigNimber {
    BigNimber::from_limbs(limbs)
}

proptest! {
    #[test]
    fn the_fast_product_is_the_plain_one(a in any::<u64>(), b in any::<u64>()) {
        // `*` is the carry-less product where the processor has it; the portable one is the
        // fallback everywhere else: both must be the definition's.
        prop_assert_eq!((nim(a) * nim(b)).value(), plain_product(a, b));
        prop_assert_eq!(portable_product(a, b), plain_product(a, b));
    }

    #[test]
    fn field_laws_hold_on_64_bits(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        let (a, b, c) = (nim(a), nim(b), nim(c));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b ^ c), (a * b) ^ (a * c));
        prop_assert_eq!(a * nim(1), a);
        prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
        if let Some(inverse) = a.inverse() {
            prop_assert_eq!(a * inverse, nim(1));
            prop_assert_eq!((b * a).checked_div(a), Some(b));
        } else {
            prop_assert!(a.is_zero());
        }
        let root = a.sqrt();
        prop_assert_eq!(root * root, a);
        prop_assert_eq!((a ^ b) * (a ^ b), (a * a) ^ (b * b));
        prop_assert_eq!(a.pow(3), a * a * a);
        prop_assert_eq!(a.pow(0), nim(1));
    }

    #[test]
    fn subfields_are_closed(a in any::<u64>(), b in any::<u64>(), k in 0u32..6) {
        let bits = 1u32 << k;
        let mask = (1u64 << bits) - 1;
        let (a, b) = (nim(a & mask), nim(b & mask));
        prop_assert!((a * b).value() <= mask);
        prop_assert!(a.sqrt().value() <= mask);
        if let Some(inverse) = a.inverse() {
            prop_assert!(inverse.value() <= mask);
        }
        prop_assert!(a.field_bits() <= bits);
    }

    #[test]
    fn artin_schreier_roots_solve_their_equation(a in any::<u64>()) {
        let a = nim(a);
        match a.solve_artin_schreier() {
            Some(x) => {
                prop_assert_eq!((x * x) ^ x, a);
                prop_assert_eq!(x.value() & 1, 0);
            }
            // No root: then no element of the form x² + x equals a; the map's image is half
            // the field, so check that a is not the image of a few random points' neighbours.
            None => {
                for x in [0u64, 1, 2, 3, a.value(), a.value() ^ 1] {
                    let x = nim(x);
                    prop_assert_ne!((x * x) ^ x, a);
                }
            }
        }
    }

    #[test]
    fn the_128_bit_field_extends_the_64_bit_one(a in any::<u64>(), b in any::<u64>(), c in any::<u128>(), d in any::<u128>()) {
        prop_assert_eq!(
            Nimber128::new(u128::from(a)) * Nimber128::new(u128::from(b)),
            Nimber128::from(nim(a) * nim(b))
        );
        let (c, d) = (Nimber128::new(c), Nimber128::new(d));
        prop_assert_eq!(c * d, d * c);
        prop_assert_eq!((c * d) * c, c * (d * c));
        if let Some(inverse) = c.inverse() {
            prop_assert_eq!(c * inverse, Nimber128::new(1));
        }
        prop_assert_eq!(c.sqrt() * c.sqrt(), c);
        if let Some(x) = c.solve_artin_schreier() {
            prop_assert_eq!((x * x) ^ x, c);
        }
    }

    #[test]
    fn wide_nimbers_extend_the_128_bit_field(
        a in prop::collection::vec(any::<u64>(), 1..5),
        b in prop::collection::vec(any::<u64>(), 1..5),
    ) {
        let (x, y) = (big(a.clone()), big(b.clone()));
        prop_assert_eq!(&x * &y, &y * &x);
        if a.len() <= 2 && b.len() <= 2 {
            let wide = |limbs: &[u64]| Nimber128::new(u128::from(limbs[0]) | u128::from(limbs.get(1).copied().unwrap_or(0)) << 64);
            let product = wide(&a) * wide(&b);
            prop_assert_eq!(&x * &y, big(vec![product.value() as u64, (product.value() >> 64) as u64]));
        }
        let z = big(b.iter().map(|limb| limb.rotate_left(7)).collect());
        prop_assert_eq!(&(&x * &y) * &z, &x * &(&y * &z));
        prop_assert_eq!(&x * &(&y ^ &z), &(&x * &y) ^ &(&x * &z));
        if let Some(inverse) = x.inverse() {
            prop_assert_eq!(&x * &inverse, big(vec![1]));
        }
        let root = x.sqrt();
        prop_assert_eq!(&root * &root, x);
    }
}

#[test]
fn wide_artin_schreier_and_powers() {
    let a = big(vec![0x1234, 0x5678, 0x9abc]);
    if let Some(x) = a.solve_artin_schreier() {
        assert_eq!(&(&x * &x) ^ &x, a);
    }
    // For x in GF(2^128), x^(2^64 + 1) is its norm to the subfield GF(2^64): it has at most
    // 64 bits.
    let x = big(vec![3, 1]);
    let norm = x.pow((1u128 << 64) + 1);
    assert!(norm.field_bits() <= 64, "{norm:?}");
}

#[test]
fn the_carry_less_product_at_the_edges_of_the_field() {
    // The change of basis is linear: single bits, all ones and the Fermat 2-powers exercise
    // every byte of its tables, each against the plain recursion.
    let mut edges: Vec<u64> = (0..64).map(|bit| 1u64 << bit).collect();
    edges.extend([
        0,
        u64::MAX,
        u64::MAX - 1,
        0x8000_0000_0000_0001,
        0xffff_ffff,
    ]);
    for &a in &edges {
        for &b in &edges {
            assert_eq!((nim(a) * nim(b)).value(), plain_product(a, b), "{a} * {b}");
        }
    }
}
