//! Cram: dominoes placed on a board, in either direction.

use cgt_core::{ImpartialGame, Nimber, Outcome};
use smallvec::SmallVec;
use std::borrow::Cow;
use std::sync::OnceLock;

use crate::Result;
use crate::graphs::lines::Line;
use crate::notation::{Notation, component_error};

/// A Cram board: `rows` × `columns` cells, each free or filled, of any size.
///
/// # Examples
///
/// ```
/// use cgt_games::Board;
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
    rows: u16,
    columns: u16,
    /// Bit `r * columns + c` of the words `small` then `more` is set when cell (r, c) is free.
    /// Boards of up to 128 cells (every board a search can finish) are held in `small` alone:
    /// a move copies, compares and hashes two words, with no branch on where they are.
    small: [u64; 2],
    /// The words past the first two, for boards of more than 128 cells, behind one pointer (a
    /// board is 32 bytes).
    more: Option<Box<MoreWords>>,
    /// Known to be one region in its least form (made so by the search's split): its canonical
    /// form is itself. Not part of the board's identity, and cleared by any change of a cell.
    least: bool,
}

/// The words of a board past its first two.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct MoreWords(Vec<u64>);

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
const MOST_CELLS: u64 = 1 << 12;

impl Board {
    fn blank(rows: u32, columns: u32) -> Board {
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
                     dawson-kayles: `cgt value dawson-kayles {n}`",
                    n = rows.max(columns)
                ),
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
    fn word(&mut self, cell: usize) -> &mut u64 {
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

    fn get(&self, cell: usize) -> bool {
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

    fn set(&mut self, cell: usize, free: bool) {
        self.least = false;
        let word = self.word(cell);
        if free {
            *word |= 1 << (cell % 64);
        } else {
            *word &= !(1 << (cell % 64));
        }
    }

    fn cells(&self) -> usize {
        self.rows as usize * self.columns as usize
    }

    /// The free cells next to `cell` (4-neighbourhood).
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
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
    fn cropped(&self, cells: &[usize]) -> Board {
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
    fn transformed(&self, symmetry: u8) -> Board {
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
    fn regions(&self, simplify: bool) -> Regions {
        self.small_parts(simplify)
            .unwrap_or_else(|| self.regions_cell_by_cell())
    }

    /// [`Board::regions`] for a board of any size, a cell at a time.
    fn regions_cell_by_cell(&self) -> Regions {
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
    fn small_parts(&self, simplify: bool) -> Option<Regions> {
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
    fn stacked(regions: &[Board]) -> Board {
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
    fn without(&self, a: usize, b: usize) -> Board {
        let mut next = self.clone();
        next.set(a, false);
        next.set(b, false);
        next
    }

    /// The free cells of a board of at most 128 cells, as bits.
    fn small_bits(&self) -> Option<u128> {
        (self.cells() <= 128).then(|| u128::from(self.small[0]) | u128::from(self.small[1]) << 64)
    }

    /// On a board of at most 128 cells, the places for a domino as bits of their first cell:
    /// down (the cell and the one below it free) and across (the cell and the one to its right).
    fn small_places(&self) -> Option<(u128, u128)> {
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
    fn domino_count(&self) -> usize {
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
    fn tabled_nimber(&self) -> Option<Nimber> {
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
    fn line(&self) -> Option<Line> {
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
    fn path_lengths(&self) -> Option<SmallVec<[u64; 8]>> {
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
    fn half_turn(&self) -> Option<usize> {
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
struct Cells<B> {
    columns: usize,
    /// The cells of the board.
    all: B,
    /// The cells of its first column, and of its last.
    first: B,
    last: B,
}

/// The regions of a board, few enough to be held inline.
type Regions = SmallVec<[Board; 4]>;

/// A set of cells as the bits of a machine word: `u64` for boards of up to 64 cells, `u128` up
/// to 128.
trait Bits:
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
    fn new(rows: usize, columns: usize) -> Cells<B> {
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
    fn with_right(&self, p: B) -> B {
        p & (p & !self.first) >> 1
    }

    /// The cells of `p` whose left neighbour is in `p`.
    fn with_left(&self, p: B) -> B {
        p & (p & !self.last) << 1
    }

    /// The cells of `p` whose lower neighbour is in `p`.
    fn with_below(&self, p: B) -> B {
        p & p >> self.columns
    }

    /// The cells of `p` whose upper neighbour is in `p`.
    fn with_above(&self, p: B) -> B {
        p & (p << self.columns) & self.all
    }

    /// The regions of `free`, each in least form; `simplify` takes out the cells and links
    /// shown to change nothing (see [`Cells`]), and splits what unlinking separates.
    fn parts(&self, free: B, simplify: bool) -> Regions {
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
    fn grown(&self, start: B, within: B, unlinked: B) -> B {
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
    fn reduced(&self, p: B) -> B {
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
    fn redundant_across(&self, p: B) -> B {
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
    fn least_form(&self, region: B) -> Board {
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
    fn least_form_in(
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

/// The rows of the box whose every board [`tabled_nimbers`] values.
const TABLED_ROWS: usize = 4;
/// Its columns.
const TABLED_COLUMNS: usize = 5;

/// The nimber of every board within [`TABLED_ROWS`] × [`TABLED_COLUMNS`] cells, indexed by its
/// free cells (bit `r * TABLED_COLUMNS + c` for cell (r, c)), made once a process. A domino
/// takes two cells out, so every option of a board has a smaller index: one pass in increasing
/// order values all 2^20 boards as the mex of their options (about 25 ms).
///
/// Regions of at most 4 × 5 are most of the parts a search meets (59% of those of 5 × 7), and
/// a look-up here, in 1 MiB that stays in the cache, costs none of the table's cache misses:
/// 5 × 8 on one thread took 6.1 s instead of 8.4 s, on two 3.8 s instead of 4.8 s.
fn tabled_nimbers() -> &'static [u8] {
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
fn set_bits(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            bit
        })
    })
}

/// A place for a domino: its two cells (a board has at most 4096).
type Place = (u16, u16);

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
fn place_order(rows: usize, columns: usize) -> Cow<'static, [Place]> {
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

/// Cram: players take turns placing a domino on two free adjacent cells, across or down; the
/// player who cannot place one loses. Any board, rectangular or not, of up to 4096 cells; a position
/// splits into its regions of free cells, each kept in its least form under the eight
/// symmetries, and the regions a search meets are simplified where the game stays the same
/// (a second tuft of one cell, a cell whose neighbours all have tufts, the two dominoes across a
/// 2 × 2 block with closed corners; the rules and their proofs are in this module's source).
/// A board that is its own half-turn with no domino its own image is a P-position
/// (the second player answers every domino with its image; even-by-even rectangles), and one
/// with exactly one such domino an N-position (the first player takes it, then answers; an
/// even-by-odd rectangle): closed forms the search uses. Every board within 4 × 5 cells is
/// valued from a table of all 2^20 of them, made the first time it is needed (about 25 ms), so
/// the small regions a search meets cost a look-up in 1 MiB instead of the search's table.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{Board, Cram};
///
/// let mut solver = Solver::new(Cram);
/// // Beling's table: the 4 x 5 board has nimber 2.
/// assert_eq!(solver.grundy(&Board::rectangle(4, 5)?)?, Nimber::new(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cram;

impl ImpartialGame for Cram {
    type Position = Board;

    /// Dominoes nearest the middle of the board first: by four times the distance of a
    /// domino's centre from the board's in rows (less on wide boards) plus that in columns. A
    /// search that takes options in this order settles its questions with fewer of them (the
    /// figures are in this module's source).
    fn moves(&self, board: &Board) -> impl Iterator<Item = Board> {
        self.labelled_moves(board).map(|(_, next)| next)
    }

    fn move_count(&self, board: &Board) -> Option<u64> {
        Some(board.domino_count() as u64)
    }

    /// Boards of one size, of at most 128 cells and fewer than 64 rows and columns, are of one
    /// kind: a move is labelled by its domino's place in the order of [`Cram::moves`]. Making
    /// first the dominoes that last settled a question about a board of the same size, the
    /// search of 4 x 11 on one thread asks 3.7 million questions instead of 4.3 million.
    fn move_kind(&self, board: &Board) -> Option<usize> {
        (board.rows < 64 && board.columns < 64 && board.cells() <= 128)
            .then(|| usize::from(board.rows) * 64 + usize::from(board.columns))
    }

    fn labelled_moves(&self, board: &Board) -> impl Iterator<Item = (u64, Board)> {
        let order = place_order(board.rows as usize, board.columns as usize);
        let free = board.small_bits();
        (0..order.len()).filter_map(move |i| {
            let (a, b) = (usize::from(order[i].0), usize::from(order[i].1));
            let fits = match free {
                Some(free) => free >> a & free >> b & 1 == 1,
                None => board.get(a) && board.get(b),
            };
            fits.then(|| (i as u64, board.without(a, b)))
        })
    }

    fn labelled_move(&self, board: &Board, label: u64) -> Option<Board> {
        let order = place_order(board.rows as usize, board.columns as usize);
        let &(a, b) = order.get(usize::try_from(label).ok()?)?;
        let (a, b) = (usize::from(a), usize::from(b));
        (board.get(a) && board.get(b)).then(|| board.without(a, b))
    }

    /// The square of the number of free cells. Every option of a region has two cells fewer
    /// (before the simplifications take out more), so the search's order, the least sum of
    /// its parts' squares first, asks first the options that split a region most evenly or
    /// lose most cells to the simplifications, and otherwise keeps the order of the moves.
    /// Against the square of the places for a domino (the measure before), the search of
    /// 5 × 7 asked 145 thousand questions instead of 269 thousand, 5 × 8 867 instead of 927,
    /// and 4 × 11 on two threads took 13.5 s instead of 29 s; the cells themselves, not
    /// squared, did worse than either, and their cube or 2^cells no better than the square.
    fn difficulty(&self, board: &Board) -> u64 {
        let cells = u64::from(board.free_cells());
        cells * cells
    }

    /// The regions, simplified: a search of the parts never meets the cells that change
    /// nothing.
    fn components(&self, board: Board) -> impl Iterator<Item = Board> {
        board
            .regions(true)
            .into_iter()
            .filter(|region| region.free_cells() >= 2)
    }

    fn join(&self, components: Vec<Board>) -> Option<Board> {
        Some(Board::stacked(&components))
    }

    /// The regions in least form, stacked in order, unsimplified: a board a player sees (after
    /// `cgt play`'s moves) keeps every free cell that has a free neighbour (a lone cell, where
    /// no domino fits, is dropped as before).
    fn canonical(&self, board: Board) -> Board {
        if board.least && board.free_cells() >= 2 {
            // One region, already in its least form (a component the search split off).
            return board;
        }
        let mut regions: Vec<Board> = board
            .regions(false)
            .into_iter()
            .filter(|region| region.free_cells() >= 2)
            .collect();
        if regions.len() == 1 {
            // One region is its own least form: nothing to stack.
            return regions.pop().expect("one region");
        }
        regions.sort();
        Board::stacked(&regions)
    }

    /// Every board within 4 × 5 cells from a table of all 2^20 of them, made once a process;
    /// free cells that make a path or a cycle of more than 24 cells by Dawson's Kayles (octal
    /// 0.07, periodic: 1 × 4000 is one look-up); and a board that is its own half-turn with no
    /// domino its own image: 0.
    fn known_grundy(&self, board: &Board) -> Option<Nimber> {
        board
            .tabled_nimber()
            .or_else(|| board.line()?.arc_kayles().map(Nimber::new))
            .or_else(|| (board.half_turn() == Some(0)).then_some(Nimber::ZERO))
    }

    fn known_outcome(&self, board: &Board) -> Option<Outcome> {
        if let Some(value) = self.known_grundy(board) {
            return Some(if value.is_zero() {
                Outcome::Previous
            } else {
                Outcome::Next
            });
        }
        match board.half_turn() {
            Some(0) => Some(Outcome::Previous),
            Some(1) => Some(Outcome::Next),
            _ => None,
        }
    }

    /// A board whose regions are all paths of at most 29 cells, in misère play: Cram there is
    /// Arc Kayles on the path, a heap of Dawson's chess of one cell fewer, and sums of those
    /// heaps are answered by its misère quotient (Plambeck & Siegel 2008), made once a process.
    fn known_misere_outcome(&self, board: &Board) -> Option<Outcome> {
        self.known_misere_outcome_of_sum(std::slice::from_ref(board))
    }

    /// Boards side by side whose regions are all paths of at most 29 cells, as above.
    fn known_misere_outcome_of_sum(&self, boards: &[Board]) -> Option<Outcome> {
        crate::graphs::lines::misere_paths(boards, Board::path_lengths, 1)
    }

    /// The words of a board of more than 128 cells, behind their pointer.
    fn position_bytes(&self, board: &Board) -> usize {
        board.more.as_ref().map_or(0, |more| {
            cgt_core::heap_bytes::<MoreWords>(1) + cgt_core::heap_bytes::<u64>(more.0.capacity())
        })
    }
}

fn write_board(board: &Board) -> String {
    if board.free_cells() as usize == board.cells() && board.cells() > 0 {
        return format!("{}x{}", board.rows, board.columns);
    }
    if board.cells() == 0 {
        return "0x0".to_string();
    }
    (0..board.rows as usize)
        .map(|r| {
            (0..board.columns as usize)
                .map(|c| {
                    if board.get(r * board.columns as usize + c) {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

impl Notation for Cram {
    fn name(&self) -> String {
        "cram".to_string()
    }

    /// `RxC` for an empty rectangle, or rows such as `..#./....`.
    fn read_component(&self, text: &str) -> Result<Board> {
        if let Some((rows, columns)) = text.split_once('x') {
            let (Ok(rows), Ok(columns)) =
                (rows.trim().parse::<u32>(), columns.trim().parse::<u32>())
            else {
                return Err(component_error(
                    "cram",
                    text,
                    "write RxC, such as 5x8, or rows such as ..#./....",
                ));
            };
            return Board::rectangle(rows, columns);
        }
        Board::parse(text.trim())
    }

    fn write_component(&self, board: &Board) -> String {
        write_board(board)
    }

    /// The board as played: its least form would turn, crop and split it, so that a domino's
    /// description and the board shown after it would name different cells.
    fn shown(&self, board: Board) -> Board {
        board
    }

    /// A domino by its cells as moves are described, `r2c3-r3c3` (rows and columns from 1),
    /// with or without the words `domino on` before them.
    fn read_move(&self, from: &Board, text: &str) -> Option<Result<Board>> {
        let cells = text.strip_prefix("domino on ").unwrap_or(text).trim();
        let cell = |word: &str| -> Option<(u64, u64)> {
            let (row, column) = word.strip_prefix('r')?.split_once('c')?;
            Some((row.parse().ok()?, column.parse().ok()?))
        };
        let (first, second) = cells.split_once('-')?;
        let (a, b) = (cell(first)?, cell(second)?);
        let bad = |reason: &str| Some(Err(component_error("cram", text, reason)));
        let (rows, columns) = (u64::from(from.rows), u64::from(from.columns));
        let inside = |(r, c): (u64, u64)| (1..=rows).contains(&r) && (1..=columns).contains(&c);
        if !inside(a) || !inside(b) {
            return bad(&format!(
                "a cell is rRcC with R from 1 to {rows} and C from 1 to {columns}"
            ));
        }
        if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) != 1 {
            return bad("a domino covers two cells side by side or one above the other");
        }
        let index = |(r, c): (u64, u64)| ((r - 1) * columns + c - 1) as usize;
        if !from.get(index(a)) || !from.get(index(b)) {
            return bad("a domino covers two free cells");
        }
        let mut after = from.clone();
        after.set(index(a), false);
        after.set(index(b), false);
        Some(Ok(after))
    }

    fn describe_move(&self, from: &Board, to: &Board) -> String {
        if from.rows == to.rows && from.columns == to.columns {
            let cells: Vec<String> = (0..from.cells())
                .filter(|&cell| from.get(cell) && !to.get(cell))
                .map(|cell| {
                    let columns = from.columns as usize;
                    format!("r{}c{}", cell / columns + 1, cell % columns + 1)
                })
                .collect();
            return format!("domino on {}", cells.join("-"));
        }
        "place a domino".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards of every shape up to 128 cells with made-up free cells (a linear congruential
    /// sequence, so the test needs no random source).
    fn boards() -> impl Iterator<Item = Board> {
        let shapes = [
            (1, 1),
            (1, 7),
            (3, 3),
            (4, 7),
            (5, 8),
            (2, 64),
            (64, 2),
            (8, 16),
            (11, 11),
        ];
        shapes.into_iter().flat_map(|(rows, columns)| {
            (0..40u64).map(move |seed| {
                let mut board = Board::blank(rows, columns);
                let mut x = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let density = 3 + seed % 5;
                for cell in 0..board.cells() {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    board.set(cell, (x >> 33) % 8 < density);
                }
                board
            })
        })
    }

    #[test]
    fn regions_by_bit_operations_are_those_found_cell_by_cell() {
        let mut compared = 0;
        for board in boards() {
            assert_eq!(
                board.small_parts(false).expect("a small board"),
                board.regions_cell_by_cell(),
                "{}",
                write_board(&board)
            );
            compared += 1;
        }
        assert_eq!(compared, 9 * 40);
    }

    #[test]
    fn a_region_known_to_be_least_is_its_own_canonical_form() {
        for board in boards() {
            for region in board.regions(true) {
                assert!(region.least);
                let mut unknown = region.clone();
                unknown.least = false;
                assert_eq!(Cram.canonical(region.clone()), Cram.canonical(unknown));
                // Any change of a cell forgets it.
                let mut changed = region;
                changed.set(0, changed.get(0));
                assert!(!changed.least);
            }
        }
    }

    #[test]
    fn dominoes_are_counted_as_the_moves_are_made() {
        let large =
            Board::parse(&[".".repeat(70), "..#".repeat(23) + ".", ".".repeat(70)].join("/"))
                .expect("a board");
        for board in boards().chain([large]) {
            assert_eq!(
                board.domino_count(),
                Cram.moves(&board).count(),
                "{}",
                write_board(&board)
            );
        }
    }

    #[test]
    fn the_half_turn_by_reversed_bits_is_the_board_turned() {
        let mut symmetric = 0;
        for board in boards().chain((1..=11).map(|n| Board::blank(n, 11 - n / 2))) {
            let turned = board.transformed(3) == board;
            assert_eq!(
                board.half_turn().is_some(),
                turned && {
                    let cells = board.cells();
                    !(cells % 2 == 1 && board.get(cells / 2))
                }
            );
            symmetric += usize::from(turned);
        }
        assert!(symmetric > 10);
    }

    #[test]
    fn boards_past_the_bit_operations_are_split_cell_by_cell() {
        assert!(Board::blank(12, 11).small_parts(true).is_none());
        assert!(Board::blank(1, 65).small_parts(true).is_none());
        let board = Board::parse(&[".".repeat(70), "#".repeat(70), ".".repeat(70)].join("/"))
            .expect("a board");
        let regions = board.regions(true);
        assert_eq!(regions.len(), 2);
        assert!(regions.iter().all(|region| region.free_cells() == 70));
    }

    /// A brute force of Cram written apart from the game: cells of a board of at most 64 as
    /// bits, every domino tried, values remembered by the set of free cells.
    struct Brute {
        columns: u32,
        cells: u32,
        grundy: std::collections::HashMap<u64, u64>,
        misere_win: std::collections::HashMap<u64, bool>,
    }

    impl Brute {
        fn new(board: &Board) -> Brute {
            Brute {
                columns: board.columns(),
                cells: board.rows() * board.columns(),
                grundy: std::collections::HashMap::new(),
                misere_win: std::collections::HashMap::new(),
            }
        }

        fn options(&self, free: u64) -> Vec<u64> {
            let mut options = Vec::new();
            for cell in 0..self.cells {
                if free >> cell & 1 == 0 {
                    continue;
                }
                if cell % self.columns + 1 < self.columns && free >> (cell + 1) & 1 == 1 {
                    options.push(free & !(1 << cell) & !(1 << (cell + 1)));
                }
                if cell + self.columns < self.cells && free >> (cell + self.columns) & 1 == 1 {
                    options.push(free & !(1 << cell) & !(1 << (cell + self.columns)));
                }
            }
            options
        }

        fn grundy(&mut self, free: u64) -> u64 {
            if let Some(&value) = self.grundy.get(&free) {
                return value;
            }
            let values: Vec<u64> = self
                .options(free)
                .into_iter()
                .map(|option| self.grundy(option))
                .collect();
            let value = (0..).find(|v| !values.contains(v)).expect("a mex");
            self.grundy.insert(free, value);
            value
        }

        /// Whether the player to move wins when the last to move loses.
        fn misere_win(&mut self, free: u64) -> bool {
            if let Some(&win) = self.misere_win.get(&free) {
                return win;
            }
            let options = self.options(free);
            let win = options.is_empty() || options.into_iter().any(|o| !self.misere_win(o));
            self.misere_win.insert(free, win);
            win
        }
    }

    fn bits(board: &Board) -> u64 {
        board.small[0]
    }

    /// Boards of up to 24 cells, shaped so that tufts, bridges and 2 x 2 blocks with closed
    /// corners are common.
    fn small_boards() -> impl Iterator<Item = Board> {
        let shapes = [(3, 5), (4, 4), (4, 6), (5, 4), (3, 8), (2, 9), (6, 4)];
        shapes.into_iter().flat_map(|(rows, columns)| {
            (0..120u64).map(move |seed| {
                let mut board = Board::blank(rows, columns);
                let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x2545_F491_4F6C_DD1D;
                let density = 5 + seed % 4;
                for cell in 0..board.cells() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    board.set(cell, x % 10 < density);
                }
                board
            })
        })
    }

    #[test]
    fn the_table_of_small_boards_is_the_brute_force() {
        // One board in eleven of the full 4 x 5 box, one brute force sharing
        // what it learns, and random boards of every smaller shape (indexed row by row into
        // the box); a board past the box is not tabled.
        let full = Board::blank(4, 5);
        let mut brute = Brute::new(&full);
        for free in (0..1u64 << 20).step_by(11) {
            let mut board = full.clone();
            board.small[0] = free;
            let expected = brute.grundy(free);
            assert_eq!(
                board.tabled_nimber(),
                Some(Nimber::new(expected)),
                "{free:#x}"
            );
        }
        let mut x = 0x2545_F491_4F6C_DD1D_u64;
        for rows in 1..=4 {
            for columns in 1..=5 {
                let mut board = Board::blank(rows, columns);
                let mut brute = Brute::new(&board);
                for _ in 0..200 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let free = x & ((1 << (rows * columns)) - 1);
                    board.small[0] = free;
                    assert_eq!(
                        board.tabled_nimber(),
                        Some(Nimber::new(brute.grundy(free))),
                        "{}",
                        write_board(&board)
                    );
                }
            }
        }
        assert_eq!(Board::blank(5, 4).tabled_nimber(), None);
        assert_eq!(Board::blank(3, 6).tabled_nimber(), None);
    }

    #[test]
    fn simplified_regions_are_the_same_game_in_normal_and_misere_play() {
        let (mut smaller, mut split_more, mut compared) = (0, 0, 0);
        for board in small_boards() {
            let regions: Vec<Board> = Cram.components(board.clone()).collect();
            let plain = board.small_parts(false).expect("a small board");
            let plain_cells: u32 = plain.iter().map(Board::free_cells).sum();
            let cells: u32 = regions.iter().map(Board::free_cells).sum();
            smaller += usize::from(cells < plain_cells);
            split_more += usize::from(regions.len() > plain.len());
            let mut whole = Brute::new(&board);
            let value = whole.grundy(bits(&board));
            let parts: u64 = regions
                .iter()
                .map(|region| Brute::new(region).grundy(bits(region)))
                .fold(0, |total, value| total ^ value);
            assert_eq!(parts, value, "{}", write_board(&board));
            // The regions side by side on one board: the same misère outcome too.
            let joined = Board::stacked(&regions);
            if joined.cells() <= 64 {
                let mut brute = Brute::new(&joined);
                assert_eq!(
                    brute.misere_win(bits(&joined)),
                    whole.misere_win(bits(&board)),
                    "{}",
                    write_board(&board)
                );
                assert_eq!(brute.grundy(bits(&joined)), value);
            }
            compared += 1;
        }
        assert_eq!(compared, 7 * 120);
        // Every rule was met many times.
        assert!(smaller > 100, "{smaller} boards lost cells");
        assert!(split_more > 20, "{split_more} boards split further");
    }

    /// Snakes in a 6 x 6 box: random walks that never touch a cell of their own but the one
    /// they came from, one or two to a board, beside the random boards of `small_boards`.
    fn snakes() -> impl Iterator<Item = Board> {
        (0..400u64).map(|seed| {
            let mut board = Board::blank(6, 6);
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut random = move |n: u64| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % n
            };
            for _ in 0..1 + random(2) {
                let mut at = random(36) as usize;
                if board.get(at) || board.neighbours(at).next().is_some() {
                    continue;
                }
                board.set(at, true);
                for _ in 0..random(16) {
                    let (r, c) = (at / 6, at % 6);
                    let steps = [
                        (r > 0).then(|| at - 6),
                        (r < 5).then(|| at + 6),
                        (c > 0).then(|| at - 1),
                        (c < 5).then(|| at + 1),
                    ];
                    let free: Vec<usize> = steps
                        .into_iter()
                        .flatten()
                        .filter(|&next| !board.get(next) && board.neighbours(next).count() == 1)
                        .collect();
                    if free.is_empty() {
                        break;
                    }
                    at = free[random(free.len() as u64) as usize];
                    board.set(at, true);
                }
            }
            board
        })
    }

    #[test]
    fn boards_of_paths_take_their_misere_outcome_from_dawsons_chess() {
        // Against the brute force of misère Cram on the board; and a board is answered exactly
        // when its free cells make paths (degrees and edges counted cell by cell here).
        let (mut answered, mut refused) = (0, 0);
        for board in snakes().chain(small_boards()) {
            let free: Vec<usize> = (0..board.cells()).filter(|&cell| board.get(cell)).collect();
            let degree = |cell: usize| board.neighbours(cell).count();
            let edges: usize = free.iter().map(|&cell| degree(cell)).sum::<usize>() / 2;
            let regions = board.regions_cell_by_cell().len();
            let paths = free.iter().all(|&cell| degree(cell) <= 2) && edges + regions == free.len();
            let longest = board
                .regions_cell_by_cell()
                .iter()
                .map(|region| region.free_cells())
                .max()
                .unwrap_or(0);
            let outcome = Cram.known_misere_outcome(&board);
            if !paths || longest > 29 {
                assert_eq!(outcome, None, "{}", write_board(&board));
                refused += 1;
                continue;
            }
            let wins = Brute::new(&board).misere_win(bits(&board));
            let expected = if wins {
                Outcome::Next
            } else {
                Outcome::Previous
            };
            assert_eq!(outcome, Some(expected), "{}", write_board(&board));
            answered += 1;
        }
        assert!(
            answered > 300 && refused > 300,
            "{answered} answered, {refused} refused"
        );
    }

    #[test]
    fn each_simplification_keeps_the_value_of_a_board_built_for_it() {
        // A cell with four tufts: three go (a plus sign of five cells is one domino, *1:
        // every move covers the middle and an arm).
        let plus = Board::parse("#.#/.../#.#").expect("a board");
        let regions: Vec<Board> = Cram.components(plus).collect();
        assert_eq!(regions.len(), 1);
        assert_eq!(regions[0].free_cells(), 2);
        // A bridge: the middle of a 1 x 5 bar whose ends are tufts of their neighbours.
        let bar = Board::parse(".....").expect("a board");
        let regions: Vec<Board> = Cram.components(bar).collect();
        assert_eq!(regions.iter().map(Board::free_cells).sum::<u32>(), 4);
        assert_eq!(regions.len(), 2);
        // Two 2 x 2 blocks with closed corners, joined by their other corners: the dominoes
        // across each block are redundant, and the board splits.
        let board = Board::parse("..##/..../##..").expect("a board");
        let mut brute = Brute::new(&board);
        let value = brute.grundy(bits(&board));
        let regions: Vec<Board> = Cram.components(board).collect();
        assert!(regions.len() >= 2, "{regions:?}");
        let parts = regions
            .iter()
            .map(|region| Brute::new(region).grundy(bits(region)))
            .fold(0, |total, v| total ^ v);
        assert_eq!(parts, value);
    }
}
