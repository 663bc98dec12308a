//! Cram: dominoes placed on a board, in either direction.

use cgt_core::{ImpartialGame, Nimber, Outcome};
use smallvec::{SmallVec, smallvec};

use crate::Result;
use crate::catalogue::{Notation, component_error};

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
#[derive(Debug, Clone)]
pub struct Board {
    rows: u32,
    columns: u32,
    /// Bit `r * columns + c` is set when cell (r, c) is free. Boards of up to 128 cells (every
    /// board a search can finish) are held inline: a move copies no memory from the heap.
    free: SmallVec<[u64; 2]>,
    /// Known to be one region in its least form (made so by the search's split): its canonical
    /// form is itself. Not part of the board's identity, and cleared by any change of a cell.
    least: bool,
}

// A board is its size and cells; whether it is known to be in least form is not compared.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        (self.rows, self.columns, &self.free) == (other.rows, other.columns, &other.free)
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.rows, self.columns, &self.free).hash(state);
    }
}

impl PartialOrd for Board {
    fn partial_cmp(&self, other: &Board) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Board {
    fn cmp(&self, other: &Board) -> std::cmp::Ordering {
        (self.rows, self.columns, &self.free).cmp(&(other.rows, other.columns, &other.free))
    }
}

/// The most cells a board may have: a search lists a position's moves, each a copy of the
/// board, so this bounds that list to a few megabytes (8192 moves of 512 bytes).
const MOST_CELLS: u64 = 1 << 12;

impl Board {
    fn blank(rows: u32, columns: u32) -> Board {
        let cells = rows as usize * columns as usize;
        Board {
            rows,
            columns,
            free: smallvec![0; cells.div_ceil(64)],
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
            return Err(component_error(
                "cram",
                &format!("{rows}x{columns}"),
                "a board may have at most 4096 cells",
            ));
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
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> u32 {
        self.columns
    }

    /// The number of free cells.
    pub fn free_cells(&self) -> u32 {
        self.free.iter().map(|word| word.count_ones()).sum()
    }

    fn get(&self, cell: usize) -> bool {
        self.free[cell / 64] >> (cell % 64) & 1 == 1
    }

    fn set(&mut self, cell: usize, free: bool) {
        self.least = false;
        if free {
            self.free[cell / 64] |= 1 << (cell % 64);
        } else {
            self.free[cell / 64] &= !(1 << (cell % 64));
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

    /// The connected regions of free cells, each cropped and in its least symmetric form.
    fn regions(&self) -> Vec<Board> {
        self.small_regions()
            .unwrap_or_else(|| self.regions_cell_by_cell())
    }

    /// [`Board::regions`] for a board of any size, a cell at a time.
    fn regions_cell_by_cell(&self) -> Vec<Board> {
        let mut seen = vec![false; self.cells()];
        let mut regions = Vec::new();
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

    /// [`Board::regions`] by bit operations, for a board of at most 128 cells and 64 rows and
    /// columns: each region grown from a cell by shifting the whole set one step in every
    /// direction at once, then its eight symmetric forms made from its rows as bit masks.
    fn small_regions(&self) -> Option<Vec<Board>> {
        let (rows, columns) = (self.rows as usize, self.columns as usize);
        if self.cells() > 128 || rows > 64 || columns > 64 {
            return None;
        }
        let free = self.small_bits()?;
        // The cells of the first and of the last column: a step left or right must not wrap
        // into the next row.
        let (mut first, mut last) = (0u128, 0u128);
        for r in 0..rows {
            first |= 1 << (r * columns);
            last |= 1 << (r * columns + columns - 1);
        }
        let mut rest = free;
        let mut regions = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region
                    | (region << 1) & !first
                    | (region >> 1) & !last
                    | region << columns
                    | region >> columns)
                    & rest;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            regions.push(least_form(region, rows, columns));
        }
        Some(regions)
    }

    /// Regions stacked one below another, a filled row between each two.
    fn stacked(regions: &[Board]) -> Board {
        let columns = regions.iter().map(|r| r.columns).max().unwrap_or(0);
        let rows = regions
            .iter()
            .map(|r| r.rows + 1)
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

    /// The free cells of a board of at most 128 cells, as bits.
    fn small_bits(&self) -> Option<u128> {
        (self.cells() <= 128).then(|| {
            let word = |i: usize| u128::from(self.free.get(i).copied().unwrap_or(0));
            word(0) | word(1) << 64
        })
    }

    /// The number of places for a domino: two free cells side by side or one above the other.
    fn domino_count(&self) -> usize {
        let columns = self.columns as usize;
        if let Some(free) = self.small_bits() {
            // Cells whose right neighbour is free too, less those in the last column.
            let last = (0..self.rows as usize)
                .fold(0u128, |last, r| last | 1 << (r * columns + columns - 1));
            let across = free & (free >> 1) & !last;
            let down = free & (free >> columns);
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

/// The board of the cells `region` of a board of `rows` × `columns` (bit `r * columns + c`),
/// cropped to their bounding box, in its least form under the eight symmetries (the least as
/// boards are ordered: rows, columns, then the bit words).
fn least_form(region: u128, rows: usize, columns: usize) -> Board {
    let row_mask = if columns == 64 {
        u64::MAX
    } else {
        (1u64 << columns) - 1
    };
    // The region's rows as bit masks, from its top row, shifted to its leftmost column.
    let mut masks = [0u64; 64];
    let (mut top, mut height, mut left, mut right) = (usize::MAX, 0, 64, 0);
    for r in 0..rows {
        let mask = (region >> (r * columns)) as u64 & row_mask;
        if mask != 0 {
            top = top.min(r);
            height = r - top + 1;
            left = left.min(mask.trailing_zeros() as usize);
            right = right.max(63 - mask.leading_zeros() as usize);
        }
        if top != usize::MAX {
            masks[r - top] = mask;
        }
    }
    let width = right + 1 - left;
    for mask in &mut masks[..height] {
        *mask >>= left;
    }
    let reverse = |mask: u64, bits: usize| mask.reverse_bits() >> (64 - bits);
    // The least form has the fewest rows: turned a quarter only when that makes fewer.
    let turns: &[bool] = match height.cmp(&width) {
        std::cmp::Ordering::Less => &[false],
        std::cmp::Ordering::Greater => &[true],
        std::cmp::Ordering::Equal => &[false, true],
    };
    let mut transposed = [0u64; 64];
    if width <= height {
        for (r, &mask) in masks[..height].iter().enumerate() {
            for (c, row) in transposed[..width].iter_mut().enumerate() {
                *row |= (mask >> c & 1) << r;
            }
        }
    }
    let mut best: Option<(usize, usize, u64, u64)> = None;
    for &turn in turns {
        let (source, h, w) = if turn {
            (&transposed, width, height)
        } else {
            (&masks, height, width)
        };
        for flips in 0..4u8 {
            let packed = (0..h).fold(0u128, |packed, r| {
                let row = source[if flips & 1 != 0 { h - 1 - r } else { r }];
                let row = if flips & 2 != 0 { reverse(row, w) } else { row };
                packed | u128::from(row) << (r * w)
            });
            let key = (h, w, packed as u64, (packed >> 64) as u64);
            if best.is_none_or(|best| key < best) {
                best = Some(key);
            }
        }
    }
    let (h, w, low, high) = best.expect("eight forms");
    let mut board = Board::blank(h as u32, w as u32);
    board.free[0] = low;
    if let Some(word) = board.free.get_mut(1) {
        *word = high;
    }
    board.least = true;
    board
}

/// Cram: players take turns placing a domino on two free adjacent cells, across or down; the
/// player who cannot place one loses. Any board, rectangular or not, of up to 4096 cells; a position
/// splits into its regions of free cells, each kept in its least form under the eight
/// symmetries. A board that is its own half-turn with no domino its own image is a P-position
/// (the second player answers every domino with its image; even-by-even rectangles), and one
/// with exactly one such domino an N-position (the first player takes it, then answers; an
/// even-by-odd rectangle): closed forms the search uses.
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

    fn moves(&self, board: &Board) -> impl Iterator<Item = Board> {
        let columns = board.columns as usize;
        (0..board.cells()).flat_map(move |cell| {
            let free = board.get(cell);
            let right = (free && cell % columns + 1 < columns && board.get(cell + 1)).then(|| {
                let mut next = board.clone();
                next.set(cell, false);
                next.set(cell + 1, false);
                next
            });
            let down =
                (free && cell + columns < board.cells() && board.get(cell + columns)).then(|| {
                    let mut next = board.clone();
                    next.set(cell, false);
                    next.set(cell + columns, false);
                    next
                });
            right.into_iter().chain(down)
        })
    }

    fn difficulty(&self, board: &Board) -> u64 {
        let moves = board.domino_count() as u64;
        moves * moves
    }

    fn components(&self, board: Board) -> impl Iterator<Item = Board> {
        board
            .regions()
            .into_iter()
            .filter(|region| region.free_cells() >= 2)
    }

    fn join(&self, components: Vec<Board>) -> Option<Board> {
        Some(Board::stacked(&components))
    }

    fn canonical(&self, board: Board) -> Board {
        if board.least && board.free_cells() >= 2 {
            // One region, already in its least form (a component the search split off).
            return board;
        }
        let mut regions: Vec<Board> = self.components(board).collect();
        if regions.len() == 1 {
            // One region is its own least form: nothing to stack.
            return regions.pop().expect("one region");
        }
        regions.sort();
        Board::stacked(&regions)
    }

    fn known_grundy(&self, board: &Board) -> Option<Nimber> {
        (board.half_turn() == Some(0)).then_some(Nimber::ZERO)
    }

    fn known_outcome(&self, board: &Board) -> Option<Outcome> {
        match board.half_turn() {
            Some(0) => Some(Outcome::Previous),
            Some(1) => Some(Outcome::Next),
            _ => None,
        }
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
                board.small_regions().expect("a small board"),
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
            for region in board.regions() {
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
        assert!(Board::blank(12, 11).small_regions().is_none());
        assert!(Board::blank(1, 65).small_regions().is_none());
        let board = Board::parse(&[".".repeat(70), "#".repeat(70), ".".repeat(70)].join("/"))
            .expect("a board");
        let regions = board.regions();
        assert_eq!(regions.len(), 2);
        assert!(regions.iter().all(|region| region.free_cells() == 70));
    }
}
