//! Amazons (Walter Zamkauskas, 1988; Berlekamp, *Sums of N x 2 Amazons*; CGSuite's
//! `game.grid.Amazons`): an amazon moves like a chess queen over empty cells, then shoots an
//! arrow from where it lands, like a queen, burning the cell the arrow stops on.

use onag_core::partizan::PartizanGame;

use super::grid::Grid;
use crate::Result;
use crate::notation::component_error;

/// An Amazons position: Left's amazons (`x`), Right's (`o`) and burned cells (`#`) on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AmazonsBoard {
    grid: Grid,
    left: u128,
    right: u128,
    burned: u128,
}

const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl AmazonsBoard {
    /// The board.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Left's amazons, Right's and the burned cells, as bits of the board.
    pub fn masks(&self) -> (u128, u128, u128) {
        (self.left, self.right, self.burned)
    }

    /// The empty cells a queen reaches from `cell` over empty cells (`blocked` the others).
    fn reach(&self, cell: usize, blocked: u128) -> Vec<usize> {
        let (rows, columns) = (self.grid.rows() as i32, self.grid.columns() as i32);
        let (r, c) = (
            (cell / columns as usize) as i32,
            (cell % columns as usize) as i32,
        );
        let mut out = Vec::new();
        for (dr, dc) in DIRECTIONS {
            let (mut r2, mut c2) = (r + dr, c + dc);
            while r2 >= 0 && c2 >= 0 && r2 < rows && c2 < columns {
                let to = (r2 * columns + c2) as usize;
                if blocked >> to & 1 == 1 {
                    break;
                }
                out.push(to);
                r2 += dr;
                c2 += dc;
            }
        }
        out
    }

    /// The cells of the board.
    fn all(&self) -> u128 {
        let n = self.grid.rows() * self.grid.columns();
        if n >= 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }
}

/// Amazons on a small board, written as rows of `x` (Left's amazons), `o` (Right's), `.`
/// (empty) and `#` (burned) separated by `/`. A position splits into its regions of unburned
/// cells (queens move diagonally too, so a region is 8-connected), and a region is valued once
/// for its images under the eight symmetries of the square.
#[derive(Clone, Copy, Debug, Default)]
pub struct Amazons;

impl Amazons {
    /// Reads a position.
    pub fn parse(text: &str) -> Result<AmazonsBoard> {
        if text.trim().is_empty()
            || text
                .chars()
                .any(|c| !matches!(c, 'x' | 'o' | '.' | '#' | '/'))
        {
            return Err(component_error(
                "amazons",
                text,
                "a cell is x (Left's amazon), o (Right's), . (empty) or # (burned), rows separated by /",
            ));
        }
        let mark = |keep: char| -> Result<u128> {
            let only: String = text
                .chars()
                .map(|c| match c {
                    '/' => '/',
                    c if c == keep => 'm',
                    _ => '.',
                })
                .collect();
            Ok(Grid::read("amazons", &only, 'm', '.')?.cells())
        };
        let grid = Grid::read("amazons", &text.replace(['x', 'o', '#'], "."), '.', '#')?;
        Ok(AmazonsBoard {
            grid: grid.with_cells(0),
            left: mark('x')?,
            right: mark('o')?,
            burned: mark('#')?,
        })
    }

    /// Writes a position.
    pub fn write(board: &AmazonsBoard) -> String {
        let columns = board.grid.columns();
        (0..board.grid.rows())
            .map(|r| {
                (0..columns)
                    .map(|c| {
                        let bit = 1u128 << (r * columns + c);
                        if board.left & bit != 0 {
                            'x'
                        } else if board.right & bit != 0 {
                            'o'
                        } else if board.burned & bit != 0 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    fn moves(board: &AmazonsBoard, left: bool) -> Vec<AmazonsBoard> {
        let mine = if left { board.left } else { board.right };
        let occupied = board.left | board.right | board.burned;
        let mut out = Vec::new();
        let mut amazons = mine;
        while amazons != 0 {
            let from = amazons.trailing_zeros() as usize;
            amazons &= amazons - 1;
            let vacated = occupied & !(1 << from);
            for to in board.reach(from, occupied) {
                let standing = vacated | 1 << to;
                for arrow in board.reach(to, standing) {
                    let moved = mine & !(1 << from) | 1 << to;
                    let (l, r) = if left {
                        (moved, board.right)
                    } else {
                        (board.left, moved)
                    };
                    out.push(AmazonsBoard {
                        grid: board.grid,
                        left: l,
                        right: r,
                        burned: board.burned | 1 << arrow,
                    });
                }
            }
        }
        out
    }

    /// The 8-connected regions of the unburned cells.
    fn regions(board: &AmazonsBoard) -> Vec<u128> {
        let open = board.all() & !board.burned;
        let mut left = open;
        let mut regions = Vec::new();
        while left != 0 {
            let start = left.trailing_zeros() as usize;
            let mut region = 1u128 << start;
            let mut frontier = vec![start];
            while let Some(cell) = frontier.pop() {
                for next in board.reach_one(cell) {
                    if left >> next & 1 == 1 && region >> next & 1 == 0 {
                        region |= 1 << next;
                        frontier.push(next);
                    }
                }
            }
            left &= !region;
            regions.push(region);
        }
        regions
    }
}

impl AmazonsBoard {
    /// The up to eight cells around `cell`.
    fn reach_one(&self, cell: usize) -> impl Iterator<Item = usize> {
        let (rows, columns) = (self.grid.rows() as i32, self.grid.columns() as i32);
        let (r, c) = (
            (cell / columns as usize) as i32,
            (cell % columns as usize) as i32,
        );
        DIRECTIONS.into_iter().filter_map(move |(dr, dc)| {
            let (r2, c2) = (r + dr, c + dc);
            (r2 >= 0 && c2 >= 0 && r2 < rows && c2 < columns).then(|| (r2 * columns + c2) as usize)
        })
    }
}

impl PartizanGame for Amazons {
    type Position = AmazonsBoard;

    fn left_moves(&self, board: &AmazonsBoard) -> impl Iterator<Item = AmazonsBoard> {
        Amazons::moves(board, true).into_iter()
    }

    fn right_moves(&self, board: &AmazonsBoard) -> impl Iterator<Item = AmazonsBoard> {
        Amazons::moves(board, false).into_iter()
    }

    fn components(&self, board: &AmazonsBoard) -> Option<Vec<AmazonsBoard>> {
        let regions = Amazons::regions(board);
        (regions.len() > 1).then(|| {
            regions
                .into_iter()
                .map(|region| AmazonsBoard {
                    grid: board.grid,
                    left: board.left & region,
                    right: board.right & region,
                    burned: board.all() & !region,
                })
                .collect()
        })
    }

    fn canonical(&self, board: &AmazonsBoard) -> AmazonsBoard {
        // A region without amazons is 0, as is the empty board.
        if board.left | board.right == 0 {
            return AmazonsBoard {
                grid: Grid::blank(1, 1),
                left: 0,
                right: 0,
                burned: 1,
            };
        }
        let open = board.all() & !board.burned;
        let (cropped, masks) = board.grid.crop(open, &[board.left, board.right, open]);
        let mut best: Option<AmazonsBoard> = None;
        for transpose in [false, true] {
            for (flip_rows, flip_columns) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                let (image, moved) = cropped.transform(&masks, flip_rows, flip_columns, transpose);
                let all = {
                    let n = image.rows() * image.columns();
                    if n >= 128 {
                        u128::MAX
                    } else {
                        (1u128 << n) - 1
                    }
                };
                let candidate = AmazonsBoard {
                    grid: image,
                    left: moved[0],
                    right: moved[1],
                    burned: all & !moved[2],
                };
                if best.is_none_or(|b| candidate < b) {
                    best = Some(candidate);
                }
            }
        }
        best.expect("eight images")
    }
}
