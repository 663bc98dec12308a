//! Chomp on a Young diagram, the poisoned square at the corner.

use cgt_core::{ImpartialGame, Outcome};

use crate::Result;
use crate::catalogue::{Notation, component_error};

/// Chomp (Gale 1974): a position is a Young diagram, rows of non-increasing lengths, written
/// from the row that holds the poisoned square (row 1, column 1). A move chooses a square and
/// eats it with every square below and to the right of it. *Convention*: whoever must eat the
/// poisoned square loses; here that square is never eaten, so the diagram of the poisoned square
/// alone is the terminal position and normal play decides, the usual equivalent form.
///
/// Closed forms, used as hooks and checked against the search: every rectangle but the single
/// square is an N-position (the strategy-stealing argument); a single row or column of n squares
/// is a P-position only for n = 1; two rows (a, b) are a P-position exactly when a = b + 1; and an
/// L with arms of equal length (a row of n and a column of n) is a P-position (the reply that
/// mirrors the opponent across the diagonal).
///
/// # Examples
///
/// ```
/// use cgt_core::{Outcome, Solver};
/// use cgt_games::Chomp;
///
/// let mut solver = Solver::new(Chomp);
/// assert_eq!(solver.outcome(&vec![4, 3])?, Outcome::Previous);
/// assert_eq!(solver.outcome(&vec![3, 3, 3])?, Outcome::Next);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Chomp;

/// The most squares a diagram may have: a search lists a position's moves, one a square, each a
/// copy of the rows.
const MOST_SQUARES: u64 = 1 << 16;

impl ImpartialGame for Chomp {
    type Position = Vec<u32>;

    fn moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
        rows.iter().enumerate().flat_map(move |(r, &length)| {
            let first = if r == 0 { 1 } else { 0 };
            (first..length).map(move |c| {
                let mut next: Vec<u32> = rows
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                    .collect();
                while next.last() == Some(&0) {
                    next.pop();
                }
                next
            })
        })
    }

    fn known_outcome(&self, rows: &Vec<u32>) -> Option<Outcome> {
        let p = |yes: bool| {
            Some(if yes {
                Outcome::Previous
            } else {
                Outcome::Next
            })
        };
        match rows.as_slice() {
            [] | [1] => Some(Outcome::Previous),
            [a] => p(*a == 1),
            [a, b] => p(*a == b + 1),
            _ if rows.iter().all(|&l| l == rows[0]) => Some(Outcome::Next),
            _ if rows.iter().all(|&l| l == 1) => Some(Outcome::Next),
            [first, rest @ ..] if rest.iter().all(|&l| l == 1) => p(*first as usize == rows.len()),
            _ => None,
        }
    }
}

impl Notation for Chomp {
    fn name(&self) -> String {
        "chomp".to_string()
    }

    /// `RxC` for a rectangle, or the row lengths from the poisoned row: `7,7,5,3`.
    fn read_component(&self, text: &str) -> Result<Vec<u32>> {
        let bad = |reason: &str| component_error("chomp", text, reason);
        let rows: Vec<u32> = if let Some((rows, columns)) = text.split_once('x') {
            let (Ok(rows), Ok(columns)) =
                (rows.trim().parse::<u32>(), columns.trim().parse::<u32>())
            else {
                return Err(bad(
                    "write RxC, such as 12x12, or row lengths such as 7,7,5,3",
                ));
            };
            vec![columns; rows as usize]
        } else {
            text.split(',')
                .map(|part| part.trim().parse::<u32>())
                .collect::<std::result::Result<_, _>>()
                .map_err(|_| {
                    bad("row lengths are whole numbers separated by commas, such as 7,7,5,3")
                })?
        };
        if rows.windows(2).any(|pair| pair[1] > pair[0]) {
            return Err(bad("rows must not get longer (a Young diagram)"));
        }
        let squares: u64 = rows.iter().map(|&l| u64::from(l)).sum();
        if squares > MOST_SQUARES {
            return Err(bad("a diagram may have at most 65536 squares"));
        }
        let mut rows = rows;
        while rows.last() == Some(&0) {
            rows.pop();
        }
        if rows.is_empty() {
            return Err(bad("the diagram holds at least the poisoned square"));
        }
        Ok(rows)
    }

    fn write_component(&self, rows: &Vec<u32>) -> String {
        let written: Vec<String> = rows.iter().map(u32::to_string).collect();
        written.join(",")
    }

    fn describe_move(&self, from: &Vec<u32>, to: &Vec<u32>) -> String {
        // The square chosen: the first row that got shorter, at its new length.
        let row = (0..from.len()).find(|&r| to.get(r).copied().unwrap_or(0) < from[r]);
        match row {
            Some(r) => format!(
                "bite at row {}, column {}",
                r + 1,
                to.get(r).copied().unwrap_or(0) + 1
            ),
            None => "bite".to_string(),
        }
    }
}
