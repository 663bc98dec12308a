//! The nimber of every board within 4 × 5 cells, made once a process.

use super::cells::Cells;
use std::sync::OnceLock;

/// The rows of the box whose every board [`tabled_nimbers`] values.
pub(super) const TABLED_ROWS: usize = 4;
/// Its columns.
pub(super) const TABLED_COLUMNS: usize = 5;

/// The nimber of every board within [`TABLED_ROWS`] × [`TABLED_COLUMNS`] cells, indexed by its
/// free cells (bit `r * TABLED_COLUMNS + c` for cell (r, c)), made once a process. A domino
/// takes two cells out, so every option of a board has a smaller index: one pass in increasing
/// order values all 2^20 boards as the mex of their options (about 25 ms).
///
/// Regions of at most 4 × 5 are most of the parts a search meets (59% of those of 5 × 7), and
/// a look-up here, in 1 MiB that stays in the cache, costs none of the table's cache misses:
/// 5 × 8 on one thread took 6.1 s instead of 8.4 s, on two 3.8 s instead of 4.8 s.
pub(super) fn tabled_nimbers() -> &'static [u8] {
    static NIMBERS: OnceLock<Vec<u8>> = OnceLock::new();
    NIMBERS.get_or_init(|| {
        let cells = Cells::<u64>::new(TABLED_ROWS, TABLED_COLUMNS);
        let mut nimbers = vec![0u8; 1 << (TABLED_ROWS * TABLED_COLUMNS)];
        for free in 1..nimbers.len() {
            let free_bits = free as u64;
            // The first cells of the places for a domino across and down.
            let across = cells.with_right(free_bits);
            let down = cells.with_below(free_bits);
            let mut seen = 0u64;
            for (places, step) in [(across, 1), (down, TABLED_COLUMNS)] {
                for cell in set_bits(u128::from(places)) {
                    let option = free & !(1 << cell | 1 << (cell + step));
                    seen |= 1 << nimbers[option];
                }
            }
            // At most 31 places for a domino: the mex is below 32.
            nimbers[free] = (!seen).trailing_zeros() as u8;
        }
        nimbers
    })
}

/// The positions of the set bits of `bits`, lowest first.
pub(super) fn set_bits(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            bit
        })
    })
}
