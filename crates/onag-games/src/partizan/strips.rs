//! Games on a strip of cells: Toads and Frogs (Winning Ways ch. 1, p. 14) and Toppling
//! Dominoes (Fink, Nowakowski, Siegel & Wolfe, *Toppling conjectures*, 2011).

use onag_core::partizan::PartizanGame;

use crate::Result;
use crate::notation::component_error;

/// The longest strip.
pub const MOST_CELLS: usize = 256;

fn read_strip(game: &str, text: &str, letters: &[(char, u8)], expected: &str) -> Result<Vec<u8>> {
    let text = text.trim();
    // `0`: nothing left, as a position with no cell is written.
    if text == "0" {
        return Ok(Vec::new());
    }
    if text.is_empty() {
        return Err(component_error(game, text, expected));
    }
    if text.chars().count() > MOST_CELLS {
        return Err(component_error(
            game,
            text,
            "a strip may have at most 256 cells",
        ));
    }
    text.chars()
        .map(|c| {
            letters
                .iter()
                .find(|(letter, _)| *letter == c.to_ascii_lowercase())
                .map(|&(_, cell)| cell)
                .ok_or_else(|| component_error(game, text, expected))
        })
        .collect()
}

fn write_strip(cells: &[u8], letters: &[char]) -> String {
    if cells.is_empty() {
        return "0".to_string();
    }
    cells
        .iter()
        .map(|&cell| letters[usize::from(cell)])
        .collect()
}

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;

/// Toads and Frogs: a strip of `t` (Left's toads), `f` (Right's frogs) and `.` (empty), as
/// CGSuite and Erickson write it (`tt..ff`). A toad moves one cell right into an empty cell,
/// or jumps one frog into the empty cell beyond it; a frog likewise to the left.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

impl ToadsAndFrogs {
    /// Reads a strip.
    pub fn parse(text: &str) -> Result<Vec<u8>> {
        read_strip(
            "toads-and-frogs",
            text,
            &[('.', EMPTY), ('t', TOAD), ('f', FROG)],
            "a strip of t (Left's toads), f (Right's frogs) and . (empty): tt..ff",
        )
    }

    /// Writes a strip.
    pub fn write(cells: &[u8]) -> String {
        write_strip(cells, &['.', 't', 'f'])
    }

    fn hops(cells: &[u8], left: bool) -> Vec<Vec<u8>> {
        let (mine, theirs) = if left { (TOAD, FROG) } else { (FROG, TOAD) };
        let n = cells.len();
        let mut out = Vec::new();
        for from in 0..n {
            if cells[from] != mine {
                continue;
            }
            // Toads go right, frogs left: the cell one step and two steps ahead.
            let ahead = |k: usize| {
                if left {
                    (from + k < n).then(|| from + k)
                } else {
                    from.checked_sub(k)
                }
            };
            let to = match (ahead(1), ahead(2)) {
                (Some(one), _) if cells[one] == EMPTY => Some(one),
                (Some(one), Some(two)) if cells[one] == theirs && cells[two] == EMPTY => Some(two),
                _ => None,
            };
            if let Some(to) = to {
                let mut next = cells.to_vec();
                next[from] = EMPTY;
                next[to] = mine;
                out.push(next);
            }
        }
        out
    }
}

impl PartizanGame for ToadsAndFrogs {
    type Position = Vec<u8>;

    fn left_moves(&self, cells: &Vec<u8>) -> impl Iterator<Item = Vec<u8>> {
        ToadsAndFrogs::hops(cells, true).into_iter()
    }

    fn right_moves(&self, cells: &Vec<u8>) -> impl Iterator<Item = Vec<u8>> {
        ToadsAndFrogs::hops(cells, false).into_iter()
    }

    /// Frogs at the left end and toads at the right end never move again and are only walls:
    /// they are cut off (Erickson, *New Toads and Frogs results*, 1996, simplification rules).
    fn canonical(&self, cells: &Vec<u8>) -> Vec<u8> {
        let start = cells.iter().position(|&c| c != FROG).unwrap_or(cells.len());
        let end = cells
            .iter()
            .rposition(|&c| c != TOAD)
            .map_or(start, |e| e + 1);
        cells[start..end.max(start)].to_vec()
    }
}

const BLUE: u8 = 0;
const RED: u8 = 1;
const GREEN: u8 = 2;

/// Toppling Dominoes: a row of dominoes, `l` blue (Left's), `r` red (Right's), `e` green
/// (either's). A player topples one of theirs to the left or to the right, and it takes with
/// it every domino on that side.
#[derive(Clone, Copy, Debug, Default)]
pub struct TopplingDominoes;

impl TopplingDominoes {
    /// Reads a row.
    pub fn parse(text: &str) -> Result<Vec<u8>> {
        read_strip(
            "toppling-dominoes",
            text,
            &[('l', BLUE), ('r', RED), ('e', GREEN)],
            "a row of l (blue, Left's), r (red, Right's) and e (green) dominoes: lrrlrrl",
        )
    }

    /// Writes a row.
    pub fn write(cells: &[u8]) -> String {
        write_strip(cells, &['l', 'r', 'e'])
    }

    fn topples(cells: &[u8], left: bool) -> Vec<Vec<u8>> {
        let mine = if left { BLUE } else { RED };
        let mut out = Vec::new();
        for (index, &cell) in cells.iter().enumerate() {
            if cell == mine || cell == GREEN {
                out.push(cells[index + 1..].to_vec());
                out.push(cells[..index].to_vec());
            }
        }
        out
    }
}

impl PartizanGame for TopplingDominoes {
    type Position = Vec<u8>;

    fn left_moves(&self, cells: &Vec<u8>) -> impl Iterator<Item = Vec<u8>> {
        TopplingDominoes::topples(cells, true).into_iter()
    }

    fn right_moves(&self, cells: &Vec<u8>) -> impl Iterator<Item = Vec<u8>> {
        TopplingDominoes::topples(cells, false).into_iter()
    }

    /// A row and its mirror image are the same game.
    fn canonical(&self, cells: &Vec<u8>) -> Vec<u8> {
        let reversed: Vec<u8> = cells.iter().rev().copied().collect();
        reversed.min(cells.clone())
    }
}
