//! How each partizan ruleset is written in the catalogue: its [`PartizanNotation`].

use super::{
    Amazons, AmazonsBoard, Clobber, ClobberBoard, Col, Coloured, Cutcake, Domineering, Grid,
    Hackenbush, Konane, Picture, Snort, ToadsAndFrogs, TopplingDominoes,
};
use crate::Result;
use crate::catalogue::PartizanNotation;

/// A cell as a player names it: its column as a letter from the left, its row as a number
/// from the top (`a1` the top-left corner).
fn cell_name(grid: &Grid, cell: usize) -> String {
    let (r, c) = (cell / grid.columns(), cell % grid.columns());
    let column = if c < 26 {
        char::from(b'a' + c as u8).to_string()
    } else {
        format!("c{}", c + 1)
    };
    format!("{column}{}", r + 1)
}

/// The cells set in `bits`, in order.
fn cells(bits: u128) -> Vec<usize> {
    (0..128).filter(|&i| bits >> i & 1 == 1).collect()
}

fn write_rows(grid: &Grid, cell: impl Fn(usize) -> char) -> String {
    (0..grid.rows())
        .map(|r| {
            (0..grid.columns())
                .map(|c| cell(r * grid.columns() + c))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

impl PartizanNotation for Domineering {
    fn name(&self) -> &'static str {
        "domineering"
    }

    fn read_component(&self, text: &str) -> Result<Grid> {
        Domineering::parse(text)
    }

    fn write_component(&self, board: &Grid) -> String {
        write_rows(board, |i| {
            if board.cells() >> i & 1 == 1 {
                '.'
            } else {
                '#'
            }
        })
    }

    fn describe_move(&self, from: &Grid, to: &Grid, left: bool) -> String {
        let placed = cells(from.cells() & !to.cells());
        let named: Vec<String> = placed.iter().map(|&i| cell_name(from, i)).collect();
        format!(
            "{} domino on {}",
            if left { "vertical" } else { "horizontal" },
            named.join("-")
        )
    }
}

fn write_stones(board: &ClobberBoard) -> String {
    write_rows(&board.grid(), |i| {
        if board.left() >> i & 1 == 1 {
            'x'
        } else if board.right() >> i & 1 == 1 {
            'o'
        } else {
            '.'
        }
    })
}

/// A stone's move on a board: from the cell it left to the cell it reached.
fn describe_stone(from: &ClobberBoard, to: &ClobberBoard, left: bool, verb: &str) -> String {
    let (before, after) = if left {
        (from.left(), to.left())
    } else {
        (from.right(), to.right())
    };
    let grid = from.grid();
    let name = |bits: u128| {
        cells(bits)
            .first()
            .map_or_else(String::new, |&i| cell_name(&grid, i))
    };
    format!("{} {verb} {}", name(before & !after), name(after & !before))
}

impl PartizanNotation for Clobber {
    fn name(&self) -> &'static str {
        "clobber"
    }

    fn read_component(&self, text: &str) -> Result<ClobberBoard> {
        Clobber::parse(text)
    }

    fn write_component(&self, board: &ClobberBoard) -> String {
        write_stones(board)
    }

    fn describe_move(&self, from: &ClobberBoard, to: &ClobberBoard, left: bool) -> String {
        describe_stone(from, to, left, "clobbers")
    }
}

impl PartizanNotation for Konane {
    fn name(&self) -> &'static str {
        "konane"
    }

    fn read_component(&self, text: &str) -> Result<ClobberBoard> {
        Konane::parse(text)
    }

    fn write_component(&self, board: &ClobberBoard) -> String {
        write_stones(board)
    }

    fn describe_move(&self, from: &ClobberBoard, to: &ClobberBoard, left: bool) -> String {
        describe_stone(from, to, left, "jumps to")
    }
}

impl PartizanNotation for Hackenbush {
    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn read_component(&self, text: &str) -> Result<Picture> {
        Hackenbush::parse(text)
    }

    fn write_component(&self, picture: &Picture) -> String {
        Hackenbush::write(picture)
    }

    fn describe_move(&self, from: &Picture, to: &Picture, left: bool) -> String {
        Hackenbush::describe_cut(from, to, left)
    }

    fn draw(&self, pictures: &[Picture]) -> Option<String> {
        Some(crate::draw::hackenbush_svg(pictures))
    }
}

impl PartizanNotation for ToadsAndFrogs {
    fn name(&self) -> &'static str {
        "toads-and-frogs"
    }

    fn read_component(&self, text: &str) -> Result<Vec<u8>> {
        ToadsAndFrogs::parse(text)
    }

    fn write_component(&self, cells: &Vec<u8>) -> String {
        ToadsAndFrogs::write(cells)
    }

    fn describe_move(&self, from: &Vec<u8>, to: &Vec<u8>, left: bool) -> String {
        let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        let (start, end) = match (changed.first(), changed.last()) {
            (Some(&a), Some(&b)) if left => (a, b),
            (Some(&a), Some(&b)) => (b, a),
            _ => (0, 0),
        };
        format!(
            "{} from cell {} to {}",
            if left { "toad" } else { "frog" },
            start + 1,
            end + 1
        )
    }
}

impl PartizanNotation for TopplingDominoes {
    fn name(&self) -> &'static str {
        "toppling-dominoes"
    }

    fn read_component(&self, text: &str) -> Result<Vec<u8>> {
        TopplingDominoes::parse(text)
    }

    fn write_component(&self, cells: &Vec<u8>) -> String {
        TopplingDominoes::write(cells)
    }

    fn describe_move(&self, from: &Vec<u8>, to: &Vec<u8>, _left: bool) -> String {
        // What is left is a prefix (toppled right) or a suffix (toppled left).
        let toppled = from.len() - to.len();
        if from.starts_with(to) {
            format!("topple domino {} to the right", to.len() + 1)
        } else {
            format!("topple domino {toppled} to the left")
        }
    }
}

impl PartizanNotation for Cutcake {
    fn name(&self) -> &'static str {
        "cutcake"
    }

    fn read_component(&self, text: &str) -> Result<Vec<(u16, u16)>> {
        Cutcake::parse(text)
    }

    fn write_component(&self, pieces: &Vec<(u16, u16)>) -> String {
        Cutcake::write(pieces)
    }
}

impl PartizanNotation for Col {
    fn name(&self) -> &'static str {
        "col"
    }

    fn read_component(&self, text: &str) -> Result<Coloured> {
        Col::parse(text)
    }

    fn write_component(&self, position: &Coloured) -> String {
        Col::write(position)
    }
}

impl PartizanNotation for Snort {
    fn name(&self) -> &'static str {
        "snort"
    }

    fn read_component(&self, text: &str) -> Result<Coloured> {
        Snort::parse(text)
    }

    fn write_component(&self, position: &Coloured) -> String {
        Snort::write(position)
    }
}

impl PartizanNotation for Amazons {
    fn name(&self) -> &'static str {
        "amazons"
    }

    fn read_component(&self, text: &str) -> Result<AmazonsBoard> {
        Amazons::parse(text)
    }

    fn write_component(&self, board: &AmazonsBoard) -> String {
        Amazons::write(board)
    }

    fn describe_move(&self, from: &AmazonsBoard, to: &AmazonsBoard, left: bool) -> String {
        let (before, after) = (from.masks(), to.masks());
        let (was, is) = if left {
            (before.0, after.0)
        } else {
            (before.1, after.1)
        };
        let grid = from.grid();
        let name = |bits: u128| {
            cells(bits)
                .first()
                .map_or_else(String::new, |&i| cell_name(&grid, i))
        };
        format!(
            "{} to {}, arrow to {}",
            name(was & !is),
            name(is & !was),
            name(after.2 & !before.2)
        )
    }
}
