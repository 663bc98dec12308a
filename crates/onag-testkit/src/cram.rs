//! Cram by the definition, apart from the engine: a board's nimber as the mex of its options,
//! and boards written as rows of `.` (free) and `#` (filled) with a domino placed as the
//! program describes it.

use std::collections::HashMap;

/// The nimber of a board of at most 64 cells, `width` wide, free cells as bits, by the
/// definition: the mex of the values of every board one domino away.
pub fn cram_nimber(free: u64, width: u32, cells: u32, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&value) = memo.get(&free) {
        return value;
    }
    let mut seen = 0u128;
    for cell in 0..cells {
        if free >> cell & 1 == 0 {
            continue;
        }
        let right = cell % width + 1 < width && free >> (cell + 1) & 1 == 1;
        let down = cell + width < cells && free >> (cell + width) & 1 == 1;
        if right {
            seen |= 1 << cram_nimber(free & !(3 << cell), width, cells, memo);
        }
        if down {
            let pair = (1 << cell) | (1 << (cell + width));
            seen |= 1 << cram_nimber(free & !pair, width, cells, memo);
        }
    }
    let value = (!seen).trailing_zeros() as u64;
    memo.insert(free, value);
    value
}

/// A Cram board as rows of cells, `true` for a free one: `RxC` or rows such as `..#./....`.
pub fn cram_rows(text: &str) -> Vec<Vec<bool>> {
    if let Some((rows, columns)) = text.split_once('x') {
        let (rows, columns): (usize, usize) = (rows.parse().unwrap(), columns.parse().unwrap());
        return vec![vec![true; columns]; rows];
    }
    text.split('/')
        .map(|row| row.chars().map(|cell| cell == '.').collect())
        .collect()
}

/// `board` with the two cells a move such as `domino on r2c1-r2c2` names filled; each must
/// be free.
pub fn with_domino(board: &[Vec<bool>], description: &str) -> Vec<Vec<bool>> {
    let cells = description.strip_prefix("domino on ").unwrap();
    let mut after = board.to_vec();
    for cell in cells.split('-') {
        let (row, column) = cell[1..].split_once('c').unwrap();
        let (row, column): (usize, usize) = (row.parse().unwrap(), column.parse().unwrap());
        assert!(
            after[row - 1][column - 1],
            "{description}: r{row}c{column} is not free"
        );
        after[row - 1][column - 1] = false;
    }
    after
}

/// Rows of cells written back as `..#./....`.
pub fn cram_text(rows: &[Vec<bool>]) -> String {
    rows.iter()
        .map(|row| {
            row.iter()
                .map(|&free| if free { '.' } else { '#' })
                .collect()
        })
        .collect::<Vec<String>>()
        .join("/")
}
