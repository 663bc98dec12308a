//! A small rectangular board of at most 128 cells, as bits: what the partizan grid games play
//! on.

use crate::Result;
use crate::notation::component_error;

/// The most cells a partizan board may have.
pub const MOST_CELLS: usize = 128;

/// A board of `rows` × `columns` cells (at most 128 in all), a set of which is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: u8,
    columns: u8,
    /// Bit `r * columns + c` is set when cell (r, c) is marked.
    cells: u128,
}

impl Grid {
    /// An empty board, every cell unmarked.
    pub(crate) fn blank(rows: usize, columns: usize) -> Grid {
        Grid {
            rows: rows as u8,
            columns: columns as u8,
            cells: 0,
        }
    }

    /// Reads `RxC` (every cell marked) or rows of `marked` and `unmarked` characters
    /// separated by `/`, for the game `game`.
    pub(crate) fn read(game: &str, text: &str, marked: char, unmarked: char) -> Result<Grid> {
        let text = text.trim();
        if let Some((r, c)) = text.split_once(['x', 'X'])
            && let (Ok(rows), Ok(columns)) = (r.parse::<usize>(), c.parse::<usize>())
        {
            Grid::check(game, text, rows, columns)?;
            let mut grid = Grid::blank(rows, columns);
            grid.cells = if rows * columns == 128 {
                u128::MAX
            } else {
                (1u128 << (rows * columns)) - 1
            };
            return Ok(grid);
        }
        let lines: Vec<&str> = text.split('/').collect();
        let columns = lines[0].chars().count();
        if lines.iter().any(|line| line.chars().count() != columns) {
            return Err(component_error(
                game,
                text,
                "every row must have as many cells",
            ));
        }
        Grid::check(game, text, lines.len(), columns)?;
        let mut grid = Grid::blank(lines.len(), columns);
        for (r, line) in lines.iter().enumerate() {
            for (c, cell) in line.chars().enumerate() {
                if cell == marked {
                    grid.set(r, c, true);
                } else if cell != unmarked {
                    return Err(component_error(
                        game,
                        text,
                        format!(
                            "a cell is {marked} or {unmarked}, rows separated by / (or RxC for a whole board)"
                        ),
                    ));
                }
            }
        }
        Ok(grid)
    }

    fn check(game: &str, text: &str, rows: usize, columns: usize) -> Result<()> {
        if rows == 0 || columns == 0 {
            return Err(component_error(
                game,
                text,
                "a board has at least one row and one column",
            ));
        }
        if rows.saturating_mul(columns) > MOST_CELLS {
            return Err(component_error(
                game,
                text,
                "a board may have at most 128 cells",
            ));
        }
        Ok(())
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        usize::from(self.columns)
    }

    /// The marked cells, bit `r * columns + c` for cell (r, c).
    pub fn cells(&self) -> u128 {
        self.cells
    }

    /// Whether cell (r, c) is marked.
    pub fn get(&self, r: usize, c: usize) -> bool {
        self.cells >> (r * self.columns() + c) & 1 == 1
    }

    pub(crate) fn set(&mut self, r: usize, c: usize, on: bool) {
        let bit = 1u128 << (r * self.columns() + c);
        if on {
            self.cells |= bit;
        } else {
            self.cells &= !bit;
        }
    }

    /// The cells of `mask` (a board's bits) as (r, c), row by row.
    pub(crate) fn cells_of(&self, mask: u128) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.rows())
            .flat_map(move |r| (0..self.columns()).map(move |c| (r, c)))
            .filter(move |&(r, c)| mask >> (r * self.columns() + c) & 1 == 1)
    }

    /// The cells of the first column, and of every column but the first and but the last.
    fn column_masks(&self) -> (u128, u128) {
        let (rows, columns) = (self.rows(), self.columns());
        let mut first = 0u128;
        for r in 0..rows {
            first |= 1 << (r * columns);
        }
        let all = Grid::all_cells(rows * columns);
        let last = first << (columns - 1);
        (all & !first, all & !last)
    }

    /// The mask of the first `n` cells.
    fn all_cells(n: usize) -> u128 {
        if n >= 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }

    /// The cells of `mask` next to a cell of `set`, and `set` itself.
    fn grow(&self, set: u128, mask: u128, not_first: u128, not_last: u128) -> u128 {
        let columns = self.columns() as u32;
        let spread = set
            | ((set << 1) & not_first)
            | ((set >> 1) & not_last)
            | set.checked_shl(columns).unwrap_or(0)
            | set.checked_shr(columns).unwrap_or(0);
        spread & mask
    }

    /// The 4-connected regions of `mask`, each as a mask: grown from a cell a row of bits at a
    /// time.
    pub(crate) fn regions(&self, mask: u128) -> Vec<u128> {
        let (not_first, not_last) = self.column_masks();
        let mut left = mask;
        let mut regions = Vec::new();
        while left != 0 {
            let mut region = 1u128 << left.trailing_zeros();
            loop {
                let grown = self.grow(region, left, not_first, not_last);
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            regions.push(region);
        }
        regions
    }

    /// Row `r` of `mask`, as the low `columns` bits.
    fn row(&self, mask: u128, r: usize) -> u128 {
        (mask >> (r * self.columns())) & Grid::all_cells(self.columns())
    }

    /// The cells orthogonally next to `cell`.
    pub(crate) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> {
        let (rows, columns) = (self.rows(), self.columns());
        let (r, c) = (cell / columns, cell % columns);
        [
            (r > 0).then(|| cell - columns),
            (r + 1 < rows).then(|| cell + columns),
            (c > 0).then(|| cell - 1),
            (c + 1 < columns).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The board cut to the rows and columns where `keep` has cells, and the masks given
    /// moved with it.
    pub(crate) fn crop(&self, keep: u128, masks: &[u128]) -> (Grid, Vec<u128>) {
        if keep == 0 {
            return (Grid::blank(1, 1), masks.iter().map(|_| 0).collect());
        }
        let rows = self.rows();
        let (mut r0, mut r1, mut spread) = (usize::MAX, 0, 0u128);
        for r in 0..rows {
            let row = self.row(keep, r);
            if row != 0 {
                r0 = r0.min(r);
                r1 = r;
                spread |= row;
            }
        }
        let c0 = spread.trailing_zeros() as usize;
        let c1 = 127 - spread.leading_zeros() as usize;
        let small = Grid::blank(r1 - r0 + 1, c1 - c0 + 1);
        let width = small.columns();
        let moved = masks
            .iter()
            .map(|&mask| {
                let mut out = 0u128;
                for r in r0..=r1 {
                    let row = (self.row(mask, r) >> c0) & Grid::all_cells(width);
                    out |= row << ((r - r0) * width);
                }
                out
            })
            .collect();
        (small, moved)
    }

    /// `masks` under one of the board's symmetries: `flip_rows`, `flip_columns` and, on
    /// `transpose`, rows and columns exchanged (the board's size with them).
    pub(crate) fn transform(
        &self,
        masks: &[u128],
        flip_rows: bool,
        flip_columns: bool,
        transpose: bool,
    ) -> (Grid, Vec<u128>) {
        let (rows, columns) = (self.rows(), self.columns());
        let image = if transpose {
            Grid::blank(columns, rows)
        } else {
            Grid::blank(rows, columns)
        };
        let moved = masks
            .iter()
            .map(|&mask| {
                if transpose {
                    // Cell by cell, over the marked cells only.
                    let mut out = 0u128;
                    let mut bits = mask;
                    while bits != 0 {
                        let cell = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let (r, c) = (cell / columns, cell % columns);
                        let r2 = if flip_rows { rows - 1 - r } else { r };
                        let c2 = if flip_columns { columns - 1 - c } else { c };
                        out |= 1 << (c2 * image.columns() + r2);
                    }
                    return out;
                }
                // Row by row: a column flip reverses a row's bits.
                let mut out = 0u128;
                for r in 0..rows {
                    let mut row = self.row(mask, r);
                    if flip_columns {
                        row = row.reverse_bits() >> (128 - columns);
                    }
                    let r2 = if flip_rows { rows - 1 - r } else { r };
                    out |= row << (r2 * columns);
                }
                out
            })
            .collect();
        (image, moved)
    }

    /// The board of marked cells cut to the rows and columns that hold one, in its least image
    /// under the flips of rows, of columns and of both (the symmetries that keep a rule whose
    /// two directions differ, as Domineering's), without allocating.
    pub(crate) fn cropped_least_flip(&self) -> Grid {
        if self.rows() * self.columns() <= 64 && self.columns() <= 16 {
            return self.cropped_least_flip_small();
        }
        self.cropped_least_flip_wide()
    }

    /// [`cropped_least_flip`](Grid::cropped_least_flip) in 128-bit words, for any board.
    fn cropped_least_flip_wide(&self) -> Grid {
        let cells = self.cells;
        if cells == 0 {
            return Grid::blank(1, 1);
        }
        let (rows, columns) = (self.rows(), self.columns());
        let full = Grid::all_cells(columns);
        let (mut r0, mut r1, mut spread) = (usize::MAX, 0, 0u128);
        for r in 0..rows {
            let row = (cells >> (r * columns)) & full;
            if row != 0 {
                r0 = r0.min(r);
                r1 = r;
                spread |= row;
            }
        }
        let c0 = spread.trailing_zeros() as usize;
        let width = 128 - spread.leading_zeros() as usize - c0;
        let height = r1 - r0 + 1;
        let narrow = Grid::all_cells(width);
        let mut images = [0u128; 4];
        for r in 0..height {
            let row = (cells >> ((r + r0) * columns + c0)) & narrow;
            let mirrored = row.reverse_bits() >> (128 - width);
            let (top, bottom) = (r * width, (height - 1 - r) * width);
            images[0] |= row << top;
            images[1] |= mirrored << top;
            images[2] |= row << bottom;
            images[3] |= mirrored << bottom;
        }
        Grid {
            rows: height as u8,
            columns: width as u8,
            cells: images.into_iter().min().expect("four images"),
        }
    }

    /// [`cropped_least_flip`](Grid::cropped_least_flip) for a board of at most 64 cells and
    /// 16 columns, in 64-bit words with a 16-bit row reversed at a time: the rulesets that
    /// canonicalise every move by their flips alone (Domineering's outcome search; its
    /// canonical forms use the bitboards of `least_of_eight_live`) spend most of their board
    /// work here (5x5: 13% of the time with 128-bit words).
    fn cropped_least_flip_small(&self) -> Grid {
        let cells = self.cells as u64;
        if cells == 0 {
            return Grid::blank(1, 1);
        }
        let (rows, columns) = (self.rows(), self.columns());
        let full = (1u64 << columns) - 1;
        let (mut r0, mut r1, mut spread) = (usize::MAX, 0, 0u64);
        for r in 0..rows {
            let row = (cells >> (r * columns)) & full;
            if row != 0 {
                r0 = r0.min(r);
                r1 = r;
                spread |= row;
            }
        }
        let c0 = spread.trailing_zeros() as usize;
        let width = 64 - spread.leading_zeros() as usize - c0;
        let height = r1 - r0 + 1;
        let narrow = (1u64 << width) - 1;
        let mut images = [0u64; 4];
        for r in 0..height {
            let row = (cells >> ((r + r0) * columns + c0)) & narrow;
            let mirrored = u64::from((row as u16).reverse_bits() >> (16 - width));
            let (top, bottom) = (r * width, (height - 1 - r) * width);
            images[0] |= row << top;
            images[1] |= mirrored << top;
            images[2] |= row << bottom;
            images[3] |= mirrored << bottom;
        }
        Grid {
            rows: height as u8,
            columns: width as u8,
            cells: u128::from(images.into_iter().min().expect("four images")),
        }
    }

    /// The representative of the board's eight images, with its isolated cells (see
    /// [`without_isolated`](Grid::without_isolated)), for tests.
    #[cfg(test)]
    pub(crate) fn least_of_eight(&self) -> (Grid, bool) {
        self.least_of_eight_kept(false)
    }

    /// The representative of the eight images of the board without its isolated cells
    /// (its flips, and the flips of its transpose), cropped, and whether it is an image of
    /// the transpose: for a rule played with dominoes whose transpose swaps the players, as
    /// Domineering's. Boards within 8 x 8 are worked as 8 x 8 bitboards (a transpose in three
    /// delta swaps, a flip in a byte swap or a bit reversal, the isolated cells found by two
    /// shifts), without a loop over cells; larger ones through
    /// [`cropped_least_flip`](Grid::cropped_least_flip) and
    /// [`transposed`](Grid::transposed).
    pub(crate) fn least_of_eight_live(&self) -> (Grid, bool) {
        self.least_of_eight_kept(true)
    }

    fn least_of_eight_kept(&self, live_only: bool) -> (Grid, bool) {
        let (rows, columns) = (self.rows(), self.columns());
        if rows > 8 || columns > 8 {
            if live_only {
                return self.without_isolated().least_of_eight_kept(false);
            }
            let upright = self.cropped_least_flip();
            let turned = upright.transposed().cropped_least_flip();
            return if turned < upright {
                (turned, true)
            } else {
                (upright, false)
            };
        }
        // At most 64 cells: the rows read from 64-bit words (a 128-bit shift costs more).
        let row_mask = (1u64 << columns) - 1;
        let mut x = 0u64;
        if rows * columns <= 64 {
            let cells = self.cells as u64;
            for r in 0..rows {
                x |= ((cells >> (r * columns)) & row_mask) << (8 * r);
            }
        } else {
            for r in 0..rows {
                x |= (((self.cells >> (r * columns)) as u64) & row_mask) << (8 * r);
            }
        }
        if live_only {
            // On the 8 x 8 layout a row's neighbour is 8 bits on; columns past the board's
            // are empty, so only the wrap from column 7 needs a mask.
            let across = x & (x >> 1) & 0x7f7f_7f7f_7f7f_7f7f;
            let down = x & (x >> 8);
            x = across | (across << 1) | down | (down << 8);
        }
        if x == 0 {
            return (Grid::blank(1, 1), false);
        }
        // Cropped to the rows and columns that hold a cell.
        x >>= 8 * (x.trailing_zeros() / 8);
        let height = (64 - x.leading_zeros()).div_ceil(8);
        let mut spread = x | (x >> 32);
        spread |= spread >> 16;
        spread |= spread >> 8;
        spread &= 0xff;
        let c0 = spread.trailing_zeros();
        let width = 8 - (spread as u8).leading_zeros() - c0;
        let bytes = |w: u32| 0x0101_0101_0101_0101u64 * ((1u64 << w) - 1);
        x = (x >> c0) & bytes(width);
        // The four flips of a board `h` rows by `w` columns, least first.
        let least_flip = |x: u64, h: u32, w: u32| {
            let rows_flipped = x.swap_bytes() >> (8 * (8 - h));
            let mirror = |y: u64| (y.reverse_bits().swap_bytes() >> (8 - w)) & bytes(w);
            x.min(rows_flipped).min(mirror(x)).min(mirror(rows_flipped))
        };
        let upright = least_flip(x, height, width);
        let turned = least_flip(transpose8(x), width, height);
        let (h, w, chosen, negated) = if (width, height, turned) < (height, width, upright) {
            (width, height, turned, true)
        } else {
            (height, width, upright, false)
        };
        // At most 8 x 8: the compact rows fit 64 bits.
        let mut cells = 0u64;
        for r in 0..h as usize {
            cells |= ((chosen >> (8 * r)) & 0xff) << (r * w as usize);
        }
        (
            Grid {
                rows: h as u8,
                columns: w as u8,
                cells: u128::from(cells),
            },
            negated,
        )
    }

    /// The board without its isolated marked cells: those with no marked cell beside them
    /// in a row or a column. No domino ever covers such a cell, so it changes no value of a
    /// game played with dominoes (Domineering, Cram), and boards that differ only by such
    /// cells are one position.
    pub(crate) fn without_isolated(&self) -> Grid {
        let columns = self.columns();
        let cells = self.cells;
        let (_, not_last) = self.column_masks();
        let across = cells & (cells >> 1) & not_last;
        let down = cells & (cells >> columns);
        Grid {
            cells: across | (across << 1) | down | (down << columns),
            ..*self
        }
    }

    /// The board turned about its main diagonal: cell (r, c) to (c, r), rows and columns
    /// swapped.
    pub(crate) fn transposed(&self) -> Grid {
        let (rows, columns) = (self.rows(), self.columns());
        let mut cells = 0u128;
        let mut left = self.cells;
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            let (r, c) = (cell / columns, cell % columns);
            cells |= 1 << (c * rows + r);
        }
        Grid {
            rows: columns as u8,
            columns: rows as u8,
            cells,
        }
    }

    /// The board with these cells marked.
    pub(crate) fn with_cells(&self, cells: u128) -> Grid {
        Grid { cells, ..*self }
    }
}

/// An 8 x 8 bitboard (bit `8r + c` for cell (r, c)) turned about its main diagonal: cell
/// (r, c) to (c, r), by three delta swaps (Warren, *Hacker's Delight*, §7-3; the
/// Chess Programming Wiki's `flipDiagA1H8`).
fn transpose8(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

#[cfg(test)]
mod tests {
    use super::Grid;

    /// Twenty boards of each size up to `most` x `most`, cells marked from a fixed linear
    /// congruential sequence.
    fn random_boards(seed: u64, most: usize) -> Vec<Grid> {
        let mut state = seed;
        let mut boards = Vec::new();
        for rows in 1..=most {
            for columns in 1..=most {
                for _ in 0..20 {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let all = Grid::all_cells(rows * columns);
                    let mask = (u128::from(state) * 0x9e37_79b9_7f4a_7c15) & all;
                    boards.push(Grid::blank(rows, columns).with_cells(mask));
                }
            }
        }
        boards
    }

    #[test]
    fn the_live_images_are_those_of_the_board_without_its_isolated_cells() {
        for board in random_boards(77, 10) {
            assert_eq!(
                board.least_of_eight_live(),
                board.without_isolated().least_of_eight(),
                "{board:?}"
            );
        }
    }

    #[test]
    fn isolated_cells_are_those_with_no_marked_neighbour() {
        for board in random_boards(55, 9) {
            let mask = board.cells();
            let mut kept = 0u128;
            for cell in 0..board.rows() * board.columns() {
                if mask >> cell & 1 == 1 && board.neighbours(cell).any(|next| mask >> next & 1 == 1)
                {
                    kept |= 1 << cell;
                }
            }
            assert_eq!(board.without_isolated().cells(), kept, "{board:?}");
        }
    }

    #[test]
    fn the_eight_images_share_one_representative() {
        let mut state = 987654321u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 11
        };
        let flip_rows = |g: &Grid| {
            let (rows, columns) = (g.rows(), g.columns());
            let mut cells = 0u128;
            for (r, c) in g.cells_of(g.cells()) {
                cells |= 1 << ((rows - 1 - r) * columns + c);
            }
            g.with_cells(cells)
        };
        let flip_columns = |g: &Grid| {
            let columns = g.columns();
            let mut cells = 0u128;
            for (r, c) in g.cells_of(g.cells()) {
                cells |= 1 << (r * columns + columns - 1 - c);
            }
            g.with_cells(cells)
        };
        for rows in 1..=10usize {
            for columns in 1..=10usize {
                for _ in 0..30 {
                    let all = Grid::all_cells(rows * columns);
                    let mask = (u128::from(next()) << 64 | u128::from(next())) & all;
                    let board = Grid::blank(rows, columns).with_cells(mask & (mask >> 3 | mask));
                    let (chosen, negated) = board.least_of_eight();
                    // The representative is the board's own or its transpose's cropped image.
                    let image = if negated { board.transposed() } else { board };
                    assert_eq!(
                        image.cropped_least_flip(),
                        chosen.cropped_least_flip(),
                        "{rows}x{columns} {mask:b}"
                    );
                    for turned in [false, true] {
                        let base = if turned { board.transposed() } else { board };
                        for g in [
                            base,
                            flip_rows(&base),
                            flip_columns(&base),
                            flip_rows(&flip_columns(&base)),
                        ] {
                            let (other, other_negated) = g.least_of_eight();
                            assert_eq!(other, chosen, "{rows}x{columns} {mask:b}");
                            if chosen.transposed().cropped_least_flip()
                                != chosen.cropped_least_flip()
                            {
                                assert_eq!(other_negated, negated ^ turned);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_small_and_the_wide_crop_agree() {
        // A simple generator of boards: every size up to 64 cells and 16 columns, masks from
        // a fixed linear congruential sequence.
        let mut state = 12345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 11
        };
        for rows in 1..=8usize {
            for columns in 1..=8usize {
                for _ in 0..50 {
                    let all = Grid::all_cells(rows * columns);
                    let mask = u128::from(next()) & u128::from(next() | next()) & all;
                    let board = Grid::blank(rows, columns).with_cells(mask);
                    assert_eq!(
                        board.cropped_least_flip_small(),
                        board.cropped_least_flip_wide(),
                        "{rows}x{columns} {mask:b}"
                    );
                }
            }
        }
    }
}
