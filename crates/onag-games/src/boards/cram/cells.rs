//! A board's cells as the bits of a machine word: the places for a domino, and the regions a
//! board falls into, by bit operations.

use super::board::Board;
use smallvec::SmallVec;

/// The free cells of a board of at most 128 cells as bits (bit `r * columns + c`), and the
/// simplifications that leave its game the same. Cram is Arc Kayles on the graph of free cells
/// (a domino is an edge; placing it takes both ends away), and each rule below changes that
/// graph without changing the game; the proofs are by induction on the cells, each showing that
/// every option of one graph is the same game as an option of the other (so the rules hold in
/// normal and misère play alike). Beling's Cram solver (`igs`, 2020s) takes out the same
/// configurations; the rules are tested against a brute force on random boards.
///
/// - **Tufts**: a cell with one free neighbour is a tuft of that neighbour. Of two tufts of one
///   cell, one can go: covering either with their centre leaves the same graph.
/// - **Bridges**: a cell that is neither a tuft nor a centre, all of whose free neighbours are
///   centres, can go: covering it with a centre leaves what covering that centre's tuft does.
/// - **Redundant dominoes**: in a 2 × 2 block of free cells whose top-left cell has its top and
///   left neighbours filled and whose bottom-right cell its bottom and right (or the mirror
///   image), the two dominoes across the block are redundant: each leaves, up to swapping the
///   two corner cells, what a domino down the block does, and this stays so after any move.
///   The region is split as if they were not there (each part keeps a corner with the cell
///   below or above it).
pub(super) struct Cells<B> {
    pub(super) columns: usize,
    /// The cells of the board.
    pub(super) all: B,
    /// The cells of its first column, and of its last.
    pub(super) first: B,
    pub(super) last: B,
}

/// The regions of a board, few enough to be held inline.
pub(super) type Regions = SmallVec<[Board; 4]>;

/// A set of cells as the bits of a machine word: `u64` for boards of up to 64 cells, `u128` up
/// to 128.
pub(super) trait Bits:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<usize, Output = Self>
    + std::ops::Shr<usize, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const BITS: usize;
    /// The lowest bit set.
    fn lowest(self) -> Self;
    /// The sum, modulo the word.
    fn plus(self, other: Self) -> Self;
    /// The number of zero bits below the lowest set bit, and above the highest.
    fn zeros_below(self) -> usize;
    fn zeros_above(self) -> usize;
    fn from_u64(word: u64) -> Self;
    /// The low 64 bits, and the high ones.
    fn words(self) -> (u64, u64);
    /// The lowest `bits` bits (at least one) in reverse order.
    fn reversed(self, bits: usize) -> Self;
}

/// `Bits` for a primitive unsigned word of `$bits` bits.
macro_rules! bits_of_word {
    ($word:ty, $bits:expr) => {
        impl Bits for $word {
            const ZERO: $word = 0;
            const ONE: $word = 1;
            const BITS: usize = $bits;
            fn lowest(self) -> $word {
                self & self.wrapping_neg()
            }
            fn plus(self, other: $word) -> $word {
                self.wrapping_add(other)
            }
            fn zeros_below(self) -> usize {
                self.trailing_zeros() as usize
            }
            fn zeros_above(self) -> usize {
                self.leading_zeros() as usize
            }
            fn from_u64(word: u64) -> $word {
                <$word>::from(word)
            }
            fn words(self) -> (u64, u64) {
                let wide = u128::from(self);
                (wide as u64, (wide >> 64) as u64)
            }
            fn reversed(self, bits: usize) -> $word {
                self.reverse_bits() >> ($bits - bits)
            }
        }
    };
}

bits_of_word!(u64, 64);
bits_of_word!(u128, 128);

impl<B: Bits> Cells<B> {
    /// A board of `rows` × `columns` cells, each row and column a shift that stays inside `B`.
    pub(super) fn new(rows: usize, columns: usize) -> Cells<B> {
        let (mut first, mut last) = (B::ZERO, B::ZERO);
        for r in 0..rows {
            first = first | B::ONE << (r * columns);
            last = last | B::ONE << (r * columns + columns - 1);
        }
        let cells = rows * columns;
        let all = if cells >= B::BITS {
            !B::ZERO
        } else {
            !(!B::ZERO << cells)
        };
        Cells {
            columns,
            all,
            first,
            last,
        }
    }

    /// The cells of `p` whose right neighbour is in `p`.
    pub(super) fn with_right(&self, p: B) -> B {
        p & (p & !self.first) >> 1
    }

    /// The cells of `p` whose left neighbour is in `p`.
    pub(super) fn with_left(&self, p: B) -> B {
        p & (p & !self.last) << 1
    }

    /// The cells of `p` whose lower neighbour is in `p`.
    pub(super) fn with_below(&self, p: B) -> B {
        p & p >> self.columns
    }

    /// The cells of `p` whose upper neighbour is in `p`.
    pub(super) fn with_above(&self, p: B) -> B {
        p & (p << self.columns) & self.all
    }

    /// The regions of `free`, each in least form; `simplify` takes out the cells and links
    /// shown to change nothing (see [`Cells`]), and splits what unlinking separates.
    pub(super) fn parts(&self, free: B, simplify: bool) -> Regions {
        let mut regions = Regions::new();
        // Cells still to split, past `cells`: filled only when unlinking splits a region.
        let mut pending: SmallVec<[B; 8]> = SmallVec::new();
        let mut cells = free;
        loop {
            let unlinked = if simplify {
                let reduced = self.reduced(cells);
                if reduced != cells {
                    cells = reduced;
                    continue;
                }
                self.redundant_across(cells)
            } else {
                B::ZERO
            };
            if cells != B::ZERO {
                let first = self.grown(cells.lowest(), cells, unlinked);
                if first == cells {
                    // One region: the usual case, with nothing held on the way.
                    regions.push(self.least_form(cells));
                } else {
                    let mut rest = cells;
                    let mut region = first;
                    loop {
                        rest = rest & !region;
                        if simplify {
                            // Parts split by unlinking redundant dominoes are simplified anew.
                            pending.push(region);
                        } else {
                            regions.push(self.least_form(region));
                        }
                        if rest == B::ZERO {
                            break;
                        }
                        region = self.grown(rest.lowest(), rest, unlinked);
                    }
                }
            }
            match pending.pop() {
                Some(next) => cells = next,
                None => return regions,
            }
        }
    }

    /// The cells of `within` reachable from `start`, a domino across from a cell of
    /// `unlinked` to its right neighbour left out.
    pub(super) fn grown(&self, start: B, within: B, unlinked: B) -> B {
        let across = !self.last & !unlinked;
        // Cells linked to the cell on their right (both in `within`).
        let links = within & across & (within >> 1);
        let mut region = start;
        loop {
            // Each cell reaches the rest of its run of links to the right at once: adding the
            // cells with a link to the links carries through the run, and the bits the carry
            // changed are the cells reached (the carry stops at the run's last cell, which
            // has no link).
            let right = region | (links.plus(region & links) ^ links);
            let grown =
                (right | (right >> 1) & across | right << self.columns | right >> self.columns)
                    & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// `p` less every tuft but one of each centre and less every bridge (see [`Cells`]).
    pub(super) fn reduced(&self, p: B) -> B {
        let (right, left) = (self.with_right(p), self.with_left(p));
        let (below, above) = (self.with_below(p), self.with_above(p));
        // Exactly one neighbour: an odd number of them, and not two or more.
        let odd = right ^ left ^ below ^ above;
        let two = (right & left) | ((right | left) & (below | above)) | (below & above);
        let tufts = odd & !two;
        // Each tuft's centre, direction by direction; a tuft whose centre already has one goes.
        let mut centres = (tufts & below) << self.columns;
        let mut kept = p;
        let to_right = (tufts & right) << 1;
        kept = kept & !((to_right & centres) >> 1);
        centres = centres | to_right;
        let to_above = (tufts & above) >> self.columns;
        kept = kept & !((to_above & centres) << self.columns);
        centres = centres | to_above;
        let to_left = (tufts & left) >> 1;
        kept = kept & !((to_left & centres) << 1);
        centres = centres | to_left;
        // Bridges: neither tufts nor centres, with no neighbour that is neither.
        let neither = p & !tufts & !centres;
        let bridges = neither
            & !(self.with_right(neither)
                | self.with_left(neither)
                | self.with_below(neither)
                | self.with_above(neither));
        kept & !bridges
    }

    /// The left cells of the redundant dominoes across 2 × 2 blocks of `p` (see [`Cells`]).
    pub(super) fn redundant_across(&self, p: B) -> B {
        let (right, left) = (self.with_right(p), self.with_left(p));
        let (below, above) = (self.with_below(p), self.with_above(p));
        let down = self.columns;
        // Top-left corner closed above and on the left, bottom-right corner below and on the
        // right (the corner below and to the right of a top-left one).
        let corner = (p & !below & !right) >> (down + 1);
        let top_left = p & !above & !left & right & below & corner;
        // The mirror image: top-right corner closed above and on the right, bottom-left corner
        // below and on the left.
        let corner = (p & !below & !left) >> (down - 1);
        let top_right = p & !above & !right & left & below & corner;
        top_left | top_left << down | top_right >> 1 | top_right << (down - 1)
    }

    /// The board of the cells `region`, cropped to their bounding box, in its least form under
    /// the eight symmetries (the least as boards are ordered: rows, columns, then the bit
    /// words).
    pub(super) fn least_form(&self, region: B) -> Board {
        debug_assert!(region != B::ZERO, "a region has a cell");
        let top = region.zeros_below() / self.columns;
        let height = (B::BITS - 1 - region.zeros_above()) / self.columns + 1 - top;
        // Room for the rows and the columns: most regions have few (a board of `Cells` has at
        // most 64 of each), and clearing 64 words twice a region was a twentieth of a search.
        if height <= 16 {
            self.least_form_in(region, top, height, &mut [0; 16], &mut [0; 16])
        } else {
            self.least_form_in(region, top, height, &mut [0; 64], &mut [0; 64])
        }
    }

    /// [`least_form`](Self::least_form) of the `height` rows of `region` from row `top`, with
    /// room for them in `all` and for its columns, when they are fewer, in `transposed`.
    pub(super) fn least_form_in(
        &self,
        region: B,
        top: usize,
        height: usize,
        all: &mut [u64],
        transposed: &mut [u64],
    ) -> Board {
        let columns = self.columns;
        let row_mask = if columns == 64 {
            u64::MAX
        } else {
            (1u64 << columns) - 1
        };
        // The region's rows as bit masks, from its top row to its bottom one, shifted to its
        // leftmost column.
        let masks = &mut all[..height];
        let mut rest = region >> (top * columns);
        let mut columns_used = 0;
        for mask in masks.iter_mut() {
            *mask = rest.words().0 & row_mask;
            columns_used |= *mask;
            rest = rest >> columns;
        }
        let left = columns_used.trailing_zeros() as usize;
        let width = 64 - columns_used.leading_zeros() as usize - left;
        for mask in masks.iter_mut() {
            *mask >>= left;
        }
        let masks = &*masks;
        // The least form has the fewest rows: turned a quarter only when that makes fewer.
        let turns: &[bool] = match height.cmp(&width) {
            std::cmp::Ordering::Less => &[false],
            std::cmp::Ordering::Greater => &[true],
            std::cmp::Ordering::Equal => &[false, true],
        };
        if width <= height && height <= 8 {
            // Up to 8 × 8: the rows as the bytes of one word, transposed by three exchanges
            // of blocks (Warren, *Hacker's Delight*, 2nd ed., section 7-3).
            let mut x = masks
                .iter()
                .enumerate()
                .fold(0u64, |x, (r, &mask)| x | mask << (8 * r));
            for (shift, block) in [
                (7, 0x00AA_00AA_00AA_00AA_u64),
                (14, 0x0000_CCCC_0000_CCCC),
                (28, 0x0000_0000_F0F0_F0F0),
            ] {
                let t = (x ^ x >> shift) & block;
                x ^= t ^ t << shift;
            }
            for (c, row) in transposed[..width].iter_mut().enumerate() {
                *row = x >> (8 * c) & 0xFF;
            }
        } else if width <= height {
            for (r, &mask) in masks.iter().enumerate() {
                for (c, row) in transposed[..width].iter_mut().enumerate() {
                    *row |= (mask >> c & 1) << r;
                }
            }
        }
        let mut best: Option<(usize, usize, u64, u64)> = None;
        for &turn in turns {
            let (source, h, w) = if turn {
                (&transposed[..width], width, height)
            } else {
                (masks, height, width)
            };
            // The rows packed from the top, and from the bottom; each reversed as a whole is
            // the form flipped the other way (rows in the other order, each row reversed).
            let (mut down, mut up) = (B::ZERO, B::ZERO);
            for (r, &row) in source.iter().enumerate() {
                down = down | B::from_u64(row) << (r * w);
                up = up | B::from_u64(row) << ((h - 1 - r) * w);
            }
            for packed in [down, up, down.reversed(h * w), up.reversed(h * w)] {
                let (low, high) = packed.words();
                let key = (h, w, low, high);
                if best.is_none_or(|best| key < best) {
                    best = Some(key);
                }
            }
        }
        let (h, w, low, high) = best.expect("eight forms");
        let mut board = Board::blank(h as u32, w as u32);
        board.small = [low, high];
        board.least = true;
        board
    }
}
