//! Cutcake (Winning Ways ch. 2, pp. 24-26): Left cuts a rectangle of cake along a vertical
//! line, Right along a horizontal one, each cut between squares.

use onag_core::partizan::PartizanGame;

use crate::Result;
use crate::notation::component_error;

/// The longest side of a cake.
pub const MOST_SIDE: u16 = 1024;

/// Cutcake. A component is a cake `RxC`: R rows high, C columns wide. Left cuts it along a
/// vertical line into two cakes side by side, Right along a horizontal line into two cakes one
/// above the other. A position is the pieces, kept sorted, 1x1 pieces (no cut left) dropped.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

impl Cutcake {
    /// Reads a cake `RxC`, or pieces of cake joined by `+` (`2x3+1x4`), as a position is
    /// written after a cut.
    pub fn parse(text: &str) -> Result<Vec<(u16, u16)>> {
        let text = text.trim();
        let bad = || {
            component_error(
                "cutcake",
                text,
                "a cake is RxC, R rows high and C columns wide, each from 1 to 1024 (pieces joined by +)",
            )
        };
        if text == "0" {
            return Ok(Vec::new());
        }
        let side = |word: &str| {
            word.trim()
                .parse::<u16>()
                .ok()
                .filter(|n| (1..=MOST_SIDE).contains(n))
                .ok_or_else(bad)
        };
        let pieces = text
            .split('+')
            .take(MOST_SIDE as usize + 1)
            .map(|piece| {
                let (r, c) = piece.split_once(['x', 'X']).ok_or_else(bad)?;
                Ok((side(r)?, side(c)?))
            })
            .collect::<Result<Vec<_>>>()?;
        if pieces.len() > MOST_SIDE as usize {
            return Err(bad());
        }
        Ok(Cutcake::pieces(pieces))
    }

    /// Writes a position: its pieces separated by `+`, `0` for none.
    pub fn write(pieces: &[(u16, u16)]) -> String {
        if pieces.is_empty() {
            return "0".to_string();
        }
        pieces
            .iter()
            .map(|(r, c)| format!("{r}x{c}"))
            .collect::<Vec<_>>()
            .join("+")
    }

    fn pieces(mut pieces: Vec<(u16, u16)>) -> Vec<(u16, u16)> {
        pieces.retain(|&piece| piece != (1, 1));
        pieces.sort_unstable();
        pieces
    }

    fn cuts(pieces: &[(u16, u16)], left: bool) -> Vec<Vec<(u16, u16)>> {
        let mut out = Vec::new();
        for (index, &(rows, columns)) in pieces.iter().enumerate() {
            // Cuts come in mirror pairs; a cut and its mirror leave the same pieces.
            let length = if left { columns } else { rows };
            for at in 1..=length / 2 {
                let (a, b) = if left {
                    ((rows, at), (rows, columns - at))
                } else {
                    ((at, columns), (rows - at, columns))
                };
                let mut next = pieces.to_vec();
                next.swap_remove(index);
                next.push(a);
                next.push(b);
                out.push(Cutcake::pieces(next));
            }
        }
        out
    }
}

impl PartizanGame for Cutcake {
    type Position = Vec<(u16, u16)>;

    fn left_moves(&self, pieces: &Vec<(u16, u16)>) -> impl Iterator<Item = Vec<(u16, u16)>> {
        Cutcake::cuts(pieces, true).into_iter()
    }

    fn right_moves(&self, pieces: &Vec<(u16, u16)>) -> impl Iterator<Item = Vec<(u16, u16)>> {
        Cutcake::cuts(pieces, false).into_iter()
    }

    fn components(&self, pieces: &Vec<(u16, u16)>) -> Option<Vec<Vec<(u16, u16)>>> {
        (pieces.len() > 1).then(|| pieces.iter().map(|&piece| vec![piece]).collect())
    }
}
