//! Konane (Ernst, *Playing Konane mathematically*, 1995; Winning Ways ch. 22): a stone jumps
//! orthogonally over an adjacent stone of the other colour into the empty cell beyond,
//! removing it, and may go on jumping in the same direction.

use onag_core::partizan::PartizanGame;

use super::clobber::{ClobberBoard, read_stones, symmetric_least};
use crate::Result;

/// Konane, on a board written as Clobber's: rows of `x` (Left's stones), `o` (Right's) and
/// `.` (empty) separated by `/`. A board and its images under the eight symmetries of the
/// square are valued once (they keep both players' moves).
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

impl Konane {
    /// Reads a position.
    pub fn parse(text: &str) -> Result<ClobberBoard> {
        read_stones("konane", text)
    }

    fn jumps(board: &ClobberBoard, left_moves: bool) -> Vec<ClobberBoard> {
        let (mine, theirs) = board.sides(left_moves);
        let grid = board.grid();
        let (rows, columns) = (grid.rows() as i32, grid.columns() as i32);
        let occupied = mine | theirs;
        let mut out = Vec::new();
        for (r, c) in grid.cells_of(mine) {
            let from = r * grid.columns() + c;
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (mut r0, mut c0) = (r as i32, c as i32);
                let (mut mine2, mut theirs2) = (mine & !(1 << from), theirs);
                loop {
                    let (r1, c1, r2, c2) = (r0 + dr, c0 + dc, r0 + 2 * dr, c0 + 2 * dc);
                    if r2 < 0 || c2 < 0 || r2 >= rows || c2 >= columns {
                        break;
                    }
                    let over = (r1 * columns + c1) as usize;
                    let to = (r2 * columns + c2) as usize;
                    if theirs2 >> over & 1 == 0 || (occupied & !(1 << from)) >> to & 1 == 1 {
                        break;
                    }
                    theirs2 &= !(1 << over);
                    (r0, c0) = (r2, c2);
                    mine2 |= 1 << to;
                    out.push(board.with_sides(left_moves, mine2, theirs2));
                    mine2 &= !(1 << to);
                }
            }
        }
        out
    }
}

impl PartizanGame for Konane {
    type Position = ClobberBoard;

    fn left_moves(&self, board: &ClobberBoard) -> impl Iterator<Item = ClobberBoard> {
        Konane::jumps(board, true).into_iter()
    }

    fn right_moves(&self, board: &ClobberBoard) -> impl Iterator<Item = ClobberBoard> {
        Konane::jumps(board, false).into_iter()
    }

    fn canonical(&self, board: &ClobberBoard) -> ClobberBoard {
        symmetric_least(board, false)
    }
}
