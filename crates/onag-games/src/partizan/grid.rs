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

    /// The 4-connected regions of `mask`, each as a mask.
    pub(crate) fn regions(&self, mask: u128) -> Vec<u128> {
        let mut left = mask;
        let mut regions = Vec::new();
        while left != 0 {
            let start = left.trailing_zeros() as usize;
            let mut region = 1u128 << start;
            let mut frontier = vec![start];
            while let Some(cell) = frontier.pop() {
                let neighbours = self.neighbours(cell);
                for n in neighbours {
                    if left >> n & 1 == 1 && region >> n & 1 == 0 {
                        region |= 1 << n;
                        frontier.push(n);
                    }
                }
            }
            left &= !region;
            regions.push(region);
        }
        regions
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
        let cells: Vec<(usize, usize)> = self.cells_of(keep).collect();
        let (r0, r1) = (
            cells.iter().map(|p| p.0).min().unwrap(),
            cells.iter().map(|p| p.0).max().unwrap(),
        );
        let (c0, c1) = (
            cells.iter().map(|p| p.1).min().unwrap(),
            cells.iter().map(|p| p.1).max().unwrap(),
        );
        let small = Grid::blank(r1 - r0 + 1, c1 - c0 + 1);
        let moved = masks
            .iter()
            .map(|&mask| {
                let mut out = 0u128;
                for (r, c) in self.cells_of(mask) {
                    out |= 1 << ((r - r0) * small.columns() + (c - c0));
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
                let mut out = 0u128;
                for (r, c) in self.cells_of(mask) {
                    let r2 = if flip_rows { rows - 1 - r } else { r };
                    let c2 = if flip_columns { columns - 1 - c } else { c };
                    let (r3, c3) = if transpose { (c2, r2) } else { (r2, c2) };
                    out |= 1 << (r3 * image.columns() + c3);
                }
                out
            })
            .collect();
        (image, moved)
    }

    /// The board with these cells marked.
    pub(crate) fn with_cells(&self, cells: u128) -> Grid {
        Grid { cells, ..*self }
    }
}
