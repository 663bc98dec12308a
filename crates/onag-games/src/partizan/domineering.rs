//! Domineering (Winning Ways ch. 5; CGSuite's `game.grid.Domineering`): Left places a domino
//! vertically on two free cells, Right horizontally.

use onag_core::partizan::PartizanGame;

use super::grid::Grid;
use crate::Result;

/// Domineering on a board of free cells (`RxC`, or rows of `.` free and `#` filled separated
/// by `/`, as Cram's boards are written). Left places vertical dominoes, Right horizontal ones.
/// A position splits into its regions of free cells, and a region is valued in its least form
/// under the board's symmetries that keep the players' roles (the mirror images, not the
/// transpose, which exchanges them).
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

impl Domineering {
    /// Reads a board.
    pub fn parse(text: &str) -> Result<Grid> {
        Grid::read("domineering", text, '.', '#')
    }

    fn placements(board: &Grid, vertical: bool) -> Vec<Grid> {
        let (rows, columns) = (board.rows(), board.columns());
        let free = board.cells();
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if r2 >= rows || c2 >= columns {
                    continue;
                }
                let (a, b) = (r * columns + c, r2 * columns + c2);
                if free >> a & 1 == 1 && free >> b & 1 == 1 {
                    out.push(board.with_cells(free & !(1 << a) & !(1 << b)));
                }
            }
        }
        out
    }
}

impl PartizanGame for Domineering {
    type Position = Grid;

    fn left_moves(&self, board: &Grid) -> impl Iterator<Item = Grid> {
        Domineering::placements(board, true).into_iter()
    }

    fn right_moves(&self, board: &Grid) -> impl Iterator<Item = Grid> {
        Domineering::placements(board, false).into_iter()
    }

    fn components(&self, board: &Grid) -> Option<Vec<Grid>> {
        let regions = board.regions(board.cells());
        (regions.len() > 1).then(|| regions.into_iter().map(|r| board.with_cells(r)).collect())
    }

    fn canonical(&self, board: &Grid) -> Grid {
        let (cropped, masks) = board.crop(board.cells(), &[board.cells()]);
        let mut best: Option<Grid> = None;
        for (flip_rows, flip_columns) in
            [(false, false), (true, false), (false, true), (true, true)]
        {
            let (image, moved) = cropped.transform(&masks, flip_rows, flip_columns, false);
            let candidate = image.with_cells(moved[0]);
            if best.is_none_or(|b| candidate < b) {
                best = Some(candidate);
            }
        }
        best.expect("four images")
    }
}
