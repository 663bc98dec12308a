//! Clobber (Albert, Grossman, Nowakowski & Wolfe, 2002; CGSuite's `game.grid.Clobber`): a
//! player moves one of their stones onto an orthogonally adjacent stone of the opponent's,
//! removing it.

use onag_core::partizan::PartizanGame;

use super::grid::Grid;
use crate::Result;
use crate::notation::component_error;

/// A Clobber position: Left's stones (`x`) and Right's (`o`) on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClobberBoard {
    grid: Grid,
    left: u128,
    right: u128,
}

/// Clobber, written as rows of `x` (Left's stones), `o` (Right's) and `.` (empty) separated by
/// `/`: `xox/ox.`. A position splits into its groups of stones, and a group is valued in its
/// least form under all eight symmetries of the board (they keep both players' moves).
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

impl Clobber {
    /// Reads a position.
    pub fn parse(text: &str) -> Result<ClobberBoard> {
        read_stones("clobber", text)
    }

    fn captures(board: &ClobberBoard, left_moves: bool) -> Vec<ClobberBoard> {
        let (mine, theirs) = if left_moves {
            (board.left, board.right)
        } else {
            (board.right, board.left)
        };
        let columns = board.grid.columns();
        let mut out = Vec::new();
        for (r, c) in board.grid.cells_of(mine) {
            let from = r * columns + c;
            for to in board.grid.neighbours(from) {
                if theirs >> to & 1 == 1 {
                    let mine2 = mine & !(1 << from) | 1 << to;
                    let theirs2 = theirs & !(1 << to);
                    let (left, right) = if left_moves {
                        (mine2, theirs2)
                    } else {
                        (theirs2, mine2)
                    };
                    out.push(ClobberBoard {
                        grid: board.grid,
                        left,
                        right,
                    });
                }
            }
        }
        out
    }
}

impl PartizanGame for Clobber {
    type Position = ClobberBoard;

    fn left_moves(&self, board: &ClobberBoard) -> impl Iterator<Item = ClobberBoard> {
        Clobber::captures(board, true).into_iter()
    }

    fn right_moves(&self, board: &ClobberBoard) -> impl Iterator<Item = ClobberBoard> {
        Clobber::captures(board, false).into_iter()
    }

    fn components(&self, board: &ClobberBoard) -> Option<Vec<ClobberBoard>> {
        let regions = board.grid.regions(board.left | board.right);
        (regions.len() > 1).then(|| {
            regions
                .into_iter()
                .map(|r| ClobberBoard {
                    grid: board.grid,
                    left: board.left & r,
                    right: board.right & r,
                })
                .collect()
        })
    }

    fn canonical(&self, board: &ClobberBoard) -> ClobberBoard {
        // A group of one colour has no move: every such position is 0, the empty board.
        if board.left == 0 || board.right == 0 {
            return ClobberBoard {
                grid: Grid::blank(1, 1),
                left: 0,
                right: 0,
            };
        }
        symmetric_least(board, true)
    }
}

impl ClobberBoard {
    /// The board.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Left's stones, as bits of the board.
    pub fn left(&self) -> u128 {
        self.left
    }

    /// Right's stones, as bits of the board.
    pub fn right(&self) -> u128 {
        self.right
    }

    /// The stones of the player moving (`left_moves`), then the other's.
    pub(crate) fn sides(&self, left_moves: bool) -> (u128, u128) {
        if left_moves {
            (self.left, self.right)
        } else {
            (self.right, self.left)
        }
    }

    /// The board with the mover's stones `mine` and the other's `theirs`.
    pub(crate) fn with_sides(&self, left_moves: bool, mine: u128, theirs: u128) -> ClobberBoard {
        let (left, right) = if left_moves {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        ClobberBoard {
            grid: self.grid,
            left,
            right,
        }
    }
}

/// Reads a board of stones for `game`: rows of `x`, `o` and `.` separated by `/`.
pub(crate) fn read_stones(game: &str, text: &str) -> Result<ClobberBoard> {
    if text.trim().is_empty() || text.chars().any(|c| !matches!(c, 'x' | 'o' | '.' | '/')) {
        return Err(component_error(
            game,
            text,
            "a cell is x (Left's stone), o (Right's) or . (empty), rows separated by /",
        ));
    }
    let left = Grid::read(game, &text.replace('o', "."), 'x', '.')?;
    let right = Grid::read(game, &text.replace('x', "."), 'o', '.')?;
    Ok(ClobberBoard {
        grid: left.with_cells(0),
        left: left.cells(),
        right: right.cells(),
    })
}

/// The least of a board's images under the eight symmetries of the square, cropped to its
/// stones when `crop` (for rules whose moves never leave the stones' rectangle): rules that
/// treat every direction alike value them all the same.
pub(crate) fn symmetric_least(board: &ClobberBoard, crop: bool) -> ClobberBoard {
    let (cropped, masks) = if crop {
        board
            .grid
            .crop(board.left | board.right, &[board.left, board.right])
    } else {
        (board.grid, vec![board.left, board.right])
    };
    let mut best: Option<ClobberBoard> = None;
    for transpose in [false, true] {
        for (flip_rows, flip_columns) in
            [(false, false), (true, false), (false, true), (true, true)]
        {
            let (image, moved) = cropped.transform(&masks, flip_rows, flip_columns, transpose);
            let candidate = ClobberBoard {
                grid: image,
                left: moved[0],
                right: moved[1],
            };
            if best.is_none_or(|b| candidate < b) {
                best = Some(candidate);
            }
        }
    }
    best.expect("eight images")
}
