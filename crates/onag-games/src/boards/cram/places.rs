//! The order in which Cram's moves are made: the places for a domino nearest the board's
//! middle first.

use std::borrow::Cow;
use std::sync::OnceLock;

/// A place for a domino: its two cells (a board has at most 4096).
pub(super) type Place = (u16, u16);

/// The places for a domino on a board of `rows` × `columns` cells, in the order [`Cram`]'s moves
/// are made: by how far the domino's centre lies from the board's, counted as four times its
/// distance in rows plus its distance in columns; twice on a board at least twice as wide as
/// high, once on one at least four times. A search asks options in this order (the easiest
/// first where it lists them, this order between equals) and mostly stops at the first whose
/// value it wants: in the middle, where a domino cuts the board, such options come soonest.
///
/// Measured by the questions a search asks, on one thread (with the difficulty of the time):
/// against downward dominoes first, column by column from the middle (the order before),
/// 5 × 8 asked 922 thousand instead of 1,446 thousand, 4 × 9 150 instead of 165, 5 × 7 271
/// instead of 369; three times the rows asked 24% more of 5 × 8, five times 2% more of 5 × 7,
/// and rows alone first, or columns alone, did worse on one of them. The lighter weights of
/// wide boards (measured with free cells squared as the difficulty) took 4 × 11 on two threads
/// from 12.3 s to 10.4 s and 3 × 14 from 827 to 557 thousand questions, leaving 5 × 7 and
/// 5 × 8 as they were.
///
/// Orders of boards of at most 128 cells and 16 rows are made once and kept (a search meets
/// the same few shapes over and over); others are made for each call.
pub(super) fn place_order(rows: usize, columns: usize) -> Cow<'static, [Place]> {
    const KEPT_ROWS: usize = 16;
    static KEPT: [OnceLock<Box<[Place]>>; KEPT_ROWS * 128] =
        [const { OnceLock::new() }; KEPT_ROWS * 128];
    let make = || {
        let mut places = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                let a = r * columns + c;
                if c + 1 < columns {
                    places.push((a, a + 1));
                }
                if r + 1 < rows {
                    places.push((a, a + columns));
                }
            }
        }
        // Wide boards weigh rows less: on 4 × 11 and 3 × 14 the middle columns come sooner,
        // and a square-ish board keeps the weight that suits 5 × 8.
        let weight = if columns >= 4 * rows {
            1
        } else if columns >= 2 * rows {
            2
        } else {
            4
        };
        // Distances doubled, so that a centre between two rows or columns is a whole number.
        places.sort_by_key(|&(a, b)| {
            let (ra, ca, rb, cb) = (a / columns, a % columns, b / columns, b % columns);
            let rows_off = (ra + rb).abs_diff(rows - 1);
            let columns_off = (ca + cb).abs_diff(columns - 1);
            weight * rows_off + columns_off
        });
        // At most 4096 cells: each fits 16 bits.
        places
            .into_iter()
            .map(|(a, b)| (a as u16, b as u16))
            .collect::<Vec<_>>()
    };
    if rows == 0 || columns == 0 {
        return Cow::Borrowed(&[]);
    }
    if rows <= KEPT_ROWS && columns <= 128 && rows * columns <= 128 {
        let kept = KEPT[(rows - 1) * 128 + columns - 1].get_or_init(|| make().into_boxed_slice());
        Cow::Borrowed(kept)
    } else {
        Cow::Owned(make())
    }
}
