//! A Cram board of any size: its cells, how it is read and written, its least form under the
//! board's symmetries, and its moves.

use super::cells::{Bits, Cells, Regions};
use super::small::{TABLED_COLUMNS, TABLED_ROWS, tabled_nimbers};
use crate::Result;
use crate::graphs::lines::Line;
use crate::notation::component_error;
use onag_core::Nimber;
use smallvec::SmallVec;

/// A Cram board: `rows` × `columns` cells, each free or filled, of any size.
///
/// # Examples
///
/// ```
/// use onag_games::Board;
///
/// let board = Board::parse("..#/...")?;
/// assert_eq!((board.rows(), board.columns()), (2, 3));
/// assert_eq!(board.free_cells(), 5);
/// assert_eq!(Board::rectangle(3, 4)?.free_cells(), 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Board {
    /// At most 4096 each (a board has at most 4096 cells; regions stacked, at most 6144 rows).
    pub(super) rows: u16,
    pub(super) columns: u16,
    /// Bit `r * columns + c` of the words `small` then `more` is set when cell (r, c) is free.
    /// Boards of up to 128 cells (every board a search can finish) are held in `small` alone:
    /// a move copies, compares and hashes two words, with no branch on where they are.
    pub(super) small: [u64; 2],
    /// The words past the first two, for boards of more than 128 cells, behind one pointer (a
    /// board is 32 bytes).
    pub(super) more: Option<Box<MoreWords>>,
    /// Known to be one region in its least form (made so by the search's split): its canonical
    /// form is itself. Not part of the board's identity, and cleared by any change of a cell.
    pub(super) least: bool,
}

/// The words of a board past its first two.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct MoreWords(pub(super) Vec<u64>);

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            rows: self.rows,
            columns: self.columns,
            small: self.small,
            more: self.more.clone(),
            least: self.least,
        }
    }
}

// A board is its size and cells; whether it is known to be in least form is not compared.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.small == other.small
            && self.rows == other.rows
            && self.columns == other.columns
            && self.more == other.more
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(u64::from(self.rows) << 32 | u64::from(self.columns));
        state.write_u64(self.small[0]);
        state.write_u64(self.small[1]);
        if let Some(more) = &self.more {
            more.hash(state);
        }
    }
}

impl PartialOrd for Board {
    fn partial_cmp(&self, other: &Board) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

// By size, then by the words from the first (the order the least form of a region is chosen
// by).
impl Ord for Board {
    fn cmp(&self, other: &Board) -> std::cmp::Ordering {
        (self.rows, self.columns, self.small, &self.more).cmp(&(
            other.rows,
            other.columns,
            other.small,
            &other.more,
        ))
    }
}

/// The most cells a board may have: a search lists a position's moves, each a copy of the
/// board, so this bounds that list to a few megabytes (8192 moves of 512 bytes).
pub(super) const MOST_CELLS: u64 = 1 << 12;

impl Board {
    pub(super) fn blank(rows: u32, columns: u32) -> Board {
        let words = (rows as usize * columns as usize).div_ceil(64);
        Board {
            rows: u16::try_from(rows).expect("at most 6144 rows"),
            columns: u16::try_from(columns).expect("at most 4096 columns"),
            small: [0; 2],
            more: (words > 2).then(|| Box::new(MoreWords(vec![0; words - 2]))),
            least: false,
        }
    }

    /// The empty rectangle of `rows` × `columns` cells.
    ///
    /// # Errors
    ///
    /// [`crate::Error::InvalidPosition`] past 4096 cells.
    pub fn rectangle(rows: u32, columns: u32) -> Result<Board> {
        if u64::from(rows) * u64::from(columns) > MOST_CELLS {
            // A single row too long to build is a heap of Dawson's Kayles.
            let why = match rows.min(columns) {
                1 => format!(
                    "a board may have at most 4096 cells; a row of {n} cells is a heap of \
                     dawson-kayles: `onag value dawson-kayles {n}`",
                    n = rows.max(columns)
                ),
                // Past the board's size the mirror still settles a board with an even side
                // (every move has a disjoint image through the centre; with one odd side the
                // first player takes the two central cells first), said in the refusal.
                _ if rows % 2 == 0 && columns % 2 == 0 => "a board may have at most 4096 \
                     cells (an even by even board is a P-position, whatever its size: the \
                     second player answers each domino with its image through the centre)"
                    .to_string(),
                _ if rows % 2 == 0 || columns % 2 == 0 => "a board may have at most 4096 \
                     cells (an even by odd board is an N-position, whatever its size: the \
                     first player covers the two central cells, then answers each domino with \
                     its image through the centre)"
                    .to_string(),
                _ => "a board may have at most 4096 cells".to_string(),
            };
            return Err(component_error("cram", &format!("{rows}x{columns}"), &why));
        }
        let mut board = Board::blank(rows, columns);
        for cell in 0..rows as usize * columns as usize {
            board.set(cell, true);
        }
        Ok(board)
    }

    /// Reads rows separated by `/`, `.` a free cell and `#` a filled one: `..#./....`.
    ///
    /// # Errors
    ///
    /// [`crate::Error::InvalidPosition`] for other characters, rows of different lengths, or
    /// more than 4096 cells.
    pub fn parse(text: &str) -> Result<Board> {
        let lines: Vec<&str> = text.split('/').collect();
        let columns = lines[0].chars().count();
        if lines.iter().any(|line| line.chars().count() != columns) {
            return Err(component_error(
                "cram",
                text,
                "every row must have as many cells",
            ));
        }
        if (lines.len() as u64).saturating_mul(columns as u64) > MOST_CELLS {
            return Err(component_error(
                "cram",
                text,
                "a board may have at most 4096 cells",
            ));
        }
        let mut board = Board::blank(lines.len() as u32, columns as u32);
        for (r, line) in lines.iter().enumerate() {
            for (c, cell) in line.chars().enumerate() {
                match cell {
                    '.' => board.set(r * columns + c, true),
                    '#' => {}
                    _ => {
                        return Err(component_error(
                            "cram",
                            text,
                            "a cell is . (free) or # (filled); rows are separated by /",
                        ));
                    }
                }
            }
        }
        Ok(board)
    }

    /// The number of rows.
    pub fn rows(&self) -> u32 {
        u32::from(self.rows)
    }

    /// The number of columns.
    pub fn columns(&self) -> u32 {
        u32::from(self.columns)
    }

    /// The number of free cells.
    pub fn free_cells(&self) -> u32 {
        let more = self.more.iter().flat_map(|more| more.0.iter());
        self.small
            .iter()
            .chain(more)
            .map(|word| word.count_ones())
            .sum()
    }

    /// The word holding `cell`.
    pub(super) fn word(&mut self, cell: usize) -> &mut u64 {
        match cell / 64 {
            i @ 0..2 => &mut self.small[i],
            i => {
                &mut self
                    .more
                    .as_mut()
                    .expect("a board of more than 128 cells")
                    .0[i - 2]
            }
        }
    }

    pub(super) fn get(&self, cell: usize) -> bool {
        let word = match cell / 64 {
            i @ 0..2 => self.small[i],
            i => {
                self.more
                    .as_ref()
                    .expect("a board of more than 128 cells")
                    .0[i - 2]
            }
        };
        word >> (cell % 64) & 1 == 1
    }

    pub(super) fn set(&mut self, cell: usize, free: bool) {
        self.least = false;
        let word = self.word(cell);
        if free {
            *word |= 1 << (cell % 64);
        } else {
            *word &= !(1 << (cell % 64));
        }
    }

    pub(super) fn cells(&self) -> usize {
        self.rows as usize * self.columns as usize
    }

    /// The free cells next to `cell` (4-neighbourhood).
    pub(super) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let columns = self.columns as usize;
        let (r, c) = (cell / columns, cell % columns);
        let up = (r > 0).then(|| cell - columns);
        let down = (r + 1 < self.rows as usize).then(|| cell + columns);
        let left = (c > 0).then(|| cell - 1);
        let right = (c + 1 < columns).then(|| cell + 1);
        [up, down, left, right]
            .into_iter()
            .flatten()
            .filter(|&next| self.get(next))
    }

    /// The board of `cells` (free cells of this one), cropped to their bounding box.
    pub(super) fn cropped(&self, cells: &[usize]) -> Board {
        let columns = self.columns as usize;
        let rows_of = cells.iter().map(|&cell| cell / columns);
        let columns_of = cells.iter().map(|&cell| cell % columns);
        let (top, bottom) = (
            rows_of.clone().min().unwrap_or(0),
            rows_of.max().unwrap_or(0),
        );
        let (left, right) = (
            columns_of.clone().min().unwrap_or(0),
            columns_of.max().unwrap_or(0),
        );
        let width = right - left + 1;
        let mut board = Board::blank((bottom - top + 1) as u32, width as u32);
        for &cell in cells {
            board.set((cell / columns - top) * width + cell % columns - left, true);
        }
        board
    }

    /// The board turned by one of the eight symmetries of a rectangle.
    pub(super) fn transformed(&self, symmetry: u8) -> Board {
        let (rows, columns) = (self.rows as usize, self.columns as usize);
        let transpose = symmetry & 4 != 0;
        let (new_rows, new_columns) = if transpose {
            (columns, rows)
        } else {
            (rows, columns)
        };
        let mut board = Board::blank(new_rows as u32, new_columns as u32);
        for cell in 0..self.cells() {
            if !self.get(cell) {
                continue;
            }
            let (mut r, mut c) = (cell / columns, cell % columns);
            if symmetry & 1 != 0 {
                r = rows - 1 - r;
            }
            if symmetry & 2 != 0 {
                c = columns - 1 - c;
            }
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            board.set(r * new_columns + c, true);
        }
        board
    }

    /// The connected regions of free cells, each cropped and in its least symmetric form;
    /// with `simplify` (on boards of up to 128 cells), less the cells and dominoes that change
    /// nothing (see [`Cells`]).
    pub(super) fn regions(&self, simplify: bool) -> Regions {
        self.small_parts(simplify)
            .unwrap_or_else(|| self.regions_cell_by_cell())
    }

    /// [`Board::regions`] for a board of any size, a cell at a time.
    pub(super) fn regions_cell_by_cell(&self) -> Regions {
        let mut seen = vec![false; self.cells()];
        let mut regions = Regions::new();
        for start in 0..self.cells() {
            if seen[start] || !self.get(start) {
                continue;
            }
            seen[start] = true;
            let mut members = vec![start];
            let mut next = 0;
            while next < members.len() {
                let around: Vec<usize> = self.neighbours(members[next]).collect();
                for cell in around {
                    if !seen[cell] {
                        seen[cell] = true;
                        members.push(cell);
                    }
                }
                next += 1;
            }
            let region = self.cropped(&members);
            let mut least = (0..8)
                .map(|symmetry| region.transformed(symmetry))
                .min()
                .unwrap_or(region);
            least.least = true;
            regions.push(least);
        }
        regions
    }

    /// The regions of a board of at most 128 cells and 64 rows and columns by bit operations
    /// (in one machine word up to 64 cells), each in least form; `simplify` takes out the cells
    /// and links [`Cells`] shows change nothing.
    pub(super) fn small_parts(&self, simplify: bool) -> Option<Regions> {
        let (rows, columns) = (self.rows as usize, self.columns as usize);
        if self.cells() > 128 || rows > 64 || columns > 64 {
            return None;
        }
        if self.cells() == 0 {
            return Some(Regions::new());
        }
        let free = self.small_bits()?;
        // One word while a shift by a row and a column stays inside it.
        Some(if self.cells() <= 64 && columns < 63 {
            Cells::<u64>::new(rows, columns).parts(free as u64, simplify)
        } else {
            Cells::<u128>::new(rows, columns).parts(free, simplify)
        })
    }

    /// Regions stacked one below another, a filled row between each two.
    pub(super) fn stacked(regions: &[Board]) -> Board {
        let columns = regions.iter().map(|r| r.columns()).max().unwrap_or(0);
        let rows = regions
            .iter()
            .map(|r| r.rows() + 1)
            .sum::<u32>()
            .saturating_sub(1);
        let mut board = Board::blank(rows, columns);
        let mut top = 0usize;
        for region in regions {
            for cell in 0..region.cells() {
                if region.get(cell) {
                    let (r, c) = (
                        cell / region.columns as usize,
                        cell % region.columns as usize,
                    );
                    board.set((top + r) * columns as usize + c, true);
                }
            }
            top += region.rows as usize + 1;
        }
        board
    }

    /// The board with cells `a` and `b` filled: a domino placed there.
    pub(super) fn without(&self, a: usize, b: usize) -> Board {
        let mut next = self.clone();
        next.set(a, false);
        next.set(b, false);
        next
    }

    /// The free cells of a board of at most 128 cells, as bits.
    pub(super) fn small_bits(&self) -> Option<u128> {
        (self.cells() <= 128).then(|| u128::from(self.small[0]) | u128::from(self.small[1]) << 64)
    }

    /// On a board of at most 128 cells, the places for a domino as bits of their first cell:
    /// down (the cell and the one below it free) and across (the cell and the one to its right).
    pub(super) fn small_places(&self) -> Option<(u128, u128)> {
        let columns = self.columns as usize;
        let free = self.small_bits()?;
        if columns == 0 {
            return Some((0, 0));
        }
        // Cells whose right neighbour is free too, less those in the last column.
        let last =
            (0..self.rows as usize).fold(0u128, |last, r| last | 1 << (r * columns + columns - 1));
        let across = free & (free >> 1) & !last;
        let down = if columns >= 128 {
            0
        } else {
            free & (free >> columns)
        };
        Some((down, across))
    }

    /// The number of places for a domino: two free cells side by side or one above the other.
    pub(super) fn domino_count(&self) -> usize {
        let columns = self.columns as usize;
        if let Some((down, across)) = self.small_places() {
            return (across.count_ones() + down.count_ones()) as usize;
        }
        (0..self.cells())
            .filter(|&cell| self.get(cell))
            .map(|cell| {
                let right = cell % columns + 1 < columns && self.get(cell + 1);
                let below = cell + columns < self.cells() && self.get(cell + columns);
                usize::from(right) + usize::from(below)
            })
            .sum()
    }

    /// The nimber of a board of at most [`TABLED_ROWS`] rows and [`TABLED_COLUMNS`] columns,
    /// from [`tabled_nimbers`]; `None` for a larger board.
    pub(super) fn tabled_nimber(&self) -> Option<Nimber> {
        let (rows, columns) = (self.rows as usize, self.columns as usize);
        if rows > TABLED_ROWS || columns > TABLED_COLUMNS {
            return None;
        }
        // Row r of the board (bits r * columns onwards) goes to bits r * TABLED_COLUMNS.
        let free = self.small[0];
        let index = if columns == TABLED_COLUMNS {
            free as usize
        } else {
            (0..rows).fold(0, |index, r| {
                index | (free >> (r * columns) & ((1 << columns) - 1)) << (r * TABLED_COLUMNS)
            }) as usize
        };
        Some(Nimber::new(u64::from(tabled_nimbers()[index])))
    }

    /// The path or cycle the free cells make, if they make one (see [`Line`]): Cram there is
    /// Dawson's Kayles.
    pub(super) fn line(&self) -> Option<Line> {
        // A line of more than 4 cells has at most 3 in any 2 × 2 square (4 make a cycle of
        // their own), so at most 3 in each of the squares that cover the board: most regions
        // a search meets hold more, and are told at once. Short lines are left to the search,
        // which values them in a few questions: checking every region of more than 12 cells
        // cost 5% of 5 × 8's time (1.78-1.83 s against 1.69-1.74 s on two threads, in turn),
        // within the noise when only those of more than 24 are checked.
        let (rows, columns) = (self.rows as usize, self.columns as usize);
        let cells = u64::from(self.free_cells());
        if cells <= 24 || cells > 3 * (rows.div_ceil(2) * columns.div_ceil(2)) as u64 {
            return None;
        }
        let Some(free) = self.small_bits() else {
            let cells = (0..self.cells()).filter(|&cell| self.get(cell));
            return Line::of(cells, self.domino_count(), |cell| self.neighbours(cell));
        };
        // On a board of at most 128 cells, by bit operations on all cells at once (with a
        // vector of cells and a walk, the check cost 27-30% of the search of 5 × 8).
        let grid = Cells::<u128>::new(rows, columns);
        let (right, left) = (grid.with_right(free), grid.with_left(free));
        let (below, above) = (grid.with_below(free), grid.with_above(free));
        let three = (right & left & (below | above)) | (below & above & (right | left));
        let edges = u64::from(right.count_ones() + below.count_ones());
        if three != 0 || edges > cells || edges + 1 < cells {
            return None;
        }
        if free != 0 && grid.grown(free.lowest(), free, 0) != free {
            return None;
        }
        Line::connected(cells, edges)
    }

    /// The free cells of each region when every region is a path of cells (no cell with three
    /// free neighbours or more, no region closing a cycle); `None` otherwise, or on a board of
    /// more than 128 cells. By bit operations on all cells at once.
    pub(super) fn path_lengths(&self) -> Option<SmallVec<[u64; 8]>> {
        let free = self.small_bits()?;
        let mut lengths = SmallVec::new();
        if free == 0 {
            return Some(lengths);
        }
        let grid = Cells::<u128>::new(self.rows as usize, self.columns as usize);
        let (right, left) = (grid.with_right(free), grid.with_left(free));
        let (below, above) = (grid.with_below(free), grid.with_above(free));
        if (right & left & (below | above)) | (below & above & (right | left)) != 0 {
            return None;
        }
        let mut rest = free;
        while rest != 0 {
            let region = grid.grown(rest.lowest(), rest, 0);
            rest &= !region;
            let cells = u64::from(region.count_ones());
            let edges = grid.with_right(region).count_ones() + grid.with_below(region).count_ones();
            if u64::from(edges) + 1 != cells {
                return None;
            }
            lengths.push(cells);
        }
        Some(lengths)
    }

    /// When the board is its own half-turn and no free cell is its own image: the number of
    /// dominoes that are their own image (two adjacent free cells swapped by the half-turn).
    /// With none, the second player wins by answering every domino with its image; with one,
    /// the first player takes it and then answers so.
    pub(super) fn half_turn(&self) -> Option<usize> {
        // The half-turn sends cell i to cell `cells - 1 - i`: on a small board, the bits
        // reversed.
        let symmetric = match self.small_bits() {
            Some(free) => self.cells() == 0 || free.reverse_bits() >> (128 - self.cells()) == free,
            None => self.transformed(3) == *self,
        };
        if !symmetric {
            return None;
        }
        let cells = self.cells();
        let mut swapped = 0;
        for cell in 0..cells {
            if !self.get(cell) {
                continue;
            }
            let image = cells - 1 - cell;
            if image == cell {
                return None;
            }
            if self.neighbours(cell).any(|next| next == image) {
                swapped += 1;
            }
        }
        // Each self-symmetric domino was counted from both of its cells.
        Some(swapped / 2)
    }
}
