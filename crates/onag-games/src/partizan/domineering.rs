//! Domineering (Winning Ways ch. 5; CGSuite's `game.grid.Domineering`): Left places a domino
//! vertically on two free cells, Right horizontally.

use onag_core::partizan::{Form, PartizanGame};

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
        let columns = board.columns();
        let free = board.cells();
        // The first cell of each free pair: below it (a column down) or right of it.
        let (step, mut starts) = if vertical {
            (
                columns,
                free & free.checked_shr(columns as u32).unwrap_or(0),
            )
        } else {
            let mut last_column = 0u128;
            for r in 0..board.rows() {
                last_column |= 1 << (r * columns + columns - 1);
            }
            (1, free & (free >> 1) & !last_column)
        };
        let mut out = Vec::with_capacity(starts.count_ones() as usize);
        while starts != 0 {
            let a = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            out.push(board.with_cells(free & !(1 << a) & !(1 << (a + step))));
        }
        out
    }
}

/// The mask of the low `n` bits.
fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
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
        (regions.len() > 1).then(|| regions.iter().map(|&r| board.with_cells(r)).collect())
    }

    /// Where only one player can ever move (no two free cells in a column, or none in a row),
    /// the value is that player's number of moves: each run of free cells holds half its
    /// length in dominoes, placed one a move (Winning Ways ch. 5).
    fn closed_form(&self, board: &Grid) -> Option<Form> {
        let (rows, columns) = (board.rows(), board.columns());
        let free = board.cells();
        let vertical = free & free.checked_shr(columns as u32).unwrap_or(0) != 0;
        let mut horizontal = false;
        for r in 0..rows {
            let row = (free >> (r * columns)) & low_bits(columns);
            horizontal |= row & (row >> 1) != 0;
        }
        if vertical && horizontal {
            return None;
        }
        let (lines, length, step, across) = if vertical {
            (columns, rows, columns, 1)
        } else {
            (rows, columns, 1, columns)
        };
        let mut moves = 0i64;
        for line in 0..lines {
            let mut run = 0i64;
            for k in 0..length {
                if free >> (line * across + k * step) & 1 == 1 {
                    run += 1;
                } else {
                    moves += run / 2;
                    run = 0;
                }
            }
            moves += run / 2;
        }
        Some(Form::integer(if vertical { moves } else { -moves }))
    }

    /// The least of the board's flips, cropped, without the cells no domino can reach.
    fn canonical(&self, board: &Grid) -> Grid {
        board.without_isolated().cropped_least_flip()
    }

    /// A board turned a quarter turn (transposed, then flipped) is its negative: Left's
    /// vertical dominoes become horizontal, Right's (Winning Ways ch. 5). So a board and its
    /// transpose share one representative.
    fn signed_canonical(&self, board: &Grid) -> (Grid, bool) {
        board.least_of_eight_live()
    }
}
