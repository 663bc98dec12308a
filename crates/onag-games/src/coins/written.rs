//! How coin-turning positions are written and read (`1,4,6`, runs `2-9`, boards `1,3:4,4`)
//! and their moves described: the games' [`Notation`](crate::Notation).

use super::games::{AcrosticTwins, Coins, SPLIT_RUNS, TARTAN_ROW_MOVES, Tartan, toggle};
use super::heads::Heads;
use super::row::Row;
use super::rules::CoinRule;
use crate::Result;

/// The coins turned from `from` to `to`: their symmetric difference, sorted.
pub(super) fn turned<T: Ord + Clone>(from: &[T], to: &[T]) -> Vec<T> {
    toggle(from, to.iter().cloned())
}

/// Reads heads written `3,5,8`, with runs `a-b` for the coins `a..=b` (`2-9,12`; `-` for
/// none), each at least `first` and below `u64::MAX`, none twice.
pub(super) fn read_row_heads(game: &str, text: &str, first: u64) -> Result<Heads> {
    if text.trim() == "-" {
        return Ok(Heads::new());
    }
    let bad = |reason: String| crate::notation::component_error(game, text, reason);
    let number =
        |part: &str| {
            part.trim().parse::<u64>().ok().filter(|&coin| coin < u64::MAX).ok_or_else(|| {
            bad(format!(
                "heads are coin numbers from {first} to {}, or runs a-b of them, separated by \
                 commas, such as 1,4,6 or 2-9,12 (- for none)",
                u64::MAX - 1
            ))
        })
        };
    let mut runs = Vec::new();
    for part in text.split(',') {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let coin = number(part)?;
                (coin, coin)
            }
        };
        if b < a {
            return Err(bad(format!("the run {a}-{b} ends before it starts")));
        }
        runs.push((a, b));
    }
    runs.sort_unstable();
    if runs.first().is_some_and(|&(a, _)| a < first) {
        return Err(bad(format!("coins are numbered from {first}")));
    }
    if let Some(pair) = runs.windows(2).find(|pair| pair[1].0 <= pair[0].1) {
        return Err(bad(format!(
            "coin {} is listed twice: heads are distinct coins",
            pair[1].0
        )));
    }
    Ok(Heads::from_runs(runs))
}

/// Heads written as [`read_row_heads`] reads them: a run of three or more as `a-b`, joined by
/// `separator`.
pub(super) fn write_heads(heads: &Heads, separator: &str) -> String {
    let written: Vec<String> = heads
        .runs()
        .flat_map(|(a, b)| match b - a {
            0 => vec![a.to_string()],
            1 => vec![a.to_string(), b.to_string()],
            _ => vec![format!("{a}-{b}")],
        })
        .collect();
    write_list(&written, separator)
}

/// The coins of `runs`, lowest first.
pub(super) fn coins_of(runs: &[(u64, u64)]) -> Vec<u64> {
    let mut coins: Vec<u64> = runs.iter().flat_map(|&(a, b)| a..=b).collect();
    coins.sort_unstable();
    coins
}

pub(super) fn write_list<T: std::fmt::Display>(items: &[T], separator: &str) -> String {
    if items.is_empty() {
        return "-".to_string();
    }
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

impl crate::Notation for Coins<Row> {
    fn name(&self) -> String {
        self.0.to_string()
    }

    /// The heads' coin numbers separated by commas, a run of them as `a-b`: `1,4,6`,
    /// `2-9,12` (`-` for none).
    ///
    /// A run of more than 2^20 heads is one component, valued by the rule's closed form for
    /// runs: a rule without one (`coins:S`) refuses it.
    fn read_component(&self, text: &str) -> Result<Heads> {
        let name = self.name();
        let heads = read_row_heads(&name, text, self.0.first())?;
        let unvalued = heads
            .runs()
            .find(|&(a, b)| b - a >= SPLIT_RUNS && self.0.run_value(a, b).is_none());
        if let Some((a, b)) = unvalued {
            return Err(crate::notation::component_error(
                &name,
                text,
                format!(
                    "the run {a}-{b} has more than {SPLIT_RUNS} heads, and {name} has no closed \
                     form for the value of a run: list fewer heads"
                ),
            ));
        }
        Ok(heads)
    }

    fn write_component(&self, heads: &Heads) -> String {
        write_heads(heads, ",")
    }

    fn describe_move(&self, from: &Heads, to: &Heads) -> String {
        format!(
            "turn coins {}: {} -> {}",
            write_heads(&from.xor(to), ", "),
            self.write_component(from),
            self.write_component(to)
        )
    }

    /// Judged by the rule at once: the highest coin turned must be a head, and the rule
    /// must allow the others with it.
    fn is_move(&self, from: &Heads, to: &Heads) -> Option<bool> {
        let turned = from.xor(to);
        let Some(rightmost) = turned.highest() else {
            return Some(false);
        };
        let others = turned.xor(&Heads::of([rightmost]));
        Some(from.contains(rightmost) && self.0.allows(rightmost, &others))
    }
}

/// Reads the heads of a board written `x,y:x,y` (`-` for none), each coordinate at least the
/// rows' first coin, none twice.
pub(super) fn read_board_heads(
    game: &str,
    text: &str,
    first: (u64, u64),
) -> Result<Vec<(u64, u64)>> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let bad = || {
        crate::notation::component_error(
            game,
            text,
            format!(
                "heads are distinct coins x,y separated by colons, from {},{}, such as 1,3:4,4 (- for none)",
                first.0, first.1
            ),
        )
    };
    let mut heads = Vec::new();
    for head in text.split(':') {
        match crate::notation::read_numbers(game, head)?.as_slice() {
            &[x, y] if x >= first.0 && y >= first.1 => heads.push((x, y)),
            _ => return Err(bad()),
        }
    }
    heads.sort_unstable();
    if heads.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(bad());
    }
    Ok(heads)
}

/// A board's heads written `x,y:x,y`.
pub(super) fn write_board(heads: &[(u64, u64)]) -> String {
    let written: Vec<String> = heads.iter().map(|(x, y)| format!("{x},{y}")).collect();
    write_list(&written, ":")
}

pub(super) fn describe_board_move(from: &[(u64, u64)], to: &[(u64, u64)]) -> String {
    let turned: Vec<String> = turned(from, to)
        .iter()
        .map(|(x, y)| format!("({x},{y})"))
        .collect();
    format!(
        "turn {}: {} -> {}",
        write_list(&turned, " "),
        write_board(from),
        write_board(to)
    )
}

impl crate::Notation for Tartan<Row, Row> {
    fn name(&self) -> String {
        match (&self.0, &self.1) {
            (Row::Twins, Row::Twins) => "turning-corners".to_string(),
            (Row::Ruler, Row::Ruler) => "rugs".to_string(),
            (a, b) => format!("tartan:{a}*{b}"),
        }
    }

    /// The heads `x,y` separated by colons: `1,3:4,4` (`-` for none). A head whose row or
    /// column has more moves than the Tartan method lists (2<sup>22</sup>) is refused: its
    /// winning moves would need a search of the board.
    fn read_component(&self, text: &str) -> Result<Vec<(u64, u64)>> {
        let name = self.name();
        let heads = read_board_heads(&name, text, (self.0.first(), self.1.first()))?;
        let too_many =
            |rule: &Row, coin: u64| rule.listing_cost(coin) > u128::from(TARTAN_ROW_MOVES);
        if let Some(&(x, y)) = heads
            .iter()
            .find(|&&(x, y)| too_many(&self.0, x) || too_many(&self.1, y))
        {
            return Err(crate::notation::component_error(
                &name,
                text,
                format!(
                    "the head {x},{y} has a row or column whose moves turn more than \
                     {TARTAN_ROW_MOVES} coins in all, more than the Tartan method lists"
                ),
            ));
        }
        Ok(heads)
    }

    fn write_component(&self, heads: &Vec<(u64, u64)>) -> String {
        write_board(heads)
    }

    fn describe_move(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> String {
        describe_board_move(from, to)
    }

    /// The coins turned must be a row move times a column move, the south-east one a head.
    fn is_move(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> Option<bool> {
        let turned = turned(from, to);
        let Some(&corner) = turned.last() else {
            return Some(false);
        };
        let mut rows: Vec<u64> = turned.iter().map(|&(x, _)| x).collect();
        let mut columns: Vec<u64> = turned.iter().map(|&(_, y)| y).collect();
        rows.sort_unstable();
        rows.dedup();
        columns.sort_unstable();
        columns.dedup();
        let product = rows.len() * columns.len() == turned.len();
        let south_east = rows.last() == Some(&corner.0) && columns.last() == Some(&corner.1);
        let row_move = |rule: &Row, coins: &[u64]| {
            let (&last, others) = coins.split_last().expect("a coin");
            rule.allows(last, &Heads::of(others.iter().copied()))
        };
        Some(
            product
                && south_east
                && from.binary_search(&corner).is_ok()
                && row_move(&self.0, &rows)
                && row_move(&self.1, &columns),
        )
    }
}

impl crate::Notation for AcrosticTwins {
    fn name(&self) -> String {
        "acrostic-twins".to_string()
    }

    /// The heads `x,y` separated by colons: `1,3:4,4` (`-` for none).
    fn read_component(&self, text: &str) -> Result<Vec<(u64, u64)>> {
        read_board_heads("acrostic-twins", text, (0, 0))
    }

    fn write_component(&self, heads: &Vec<(u64, u64)>) -> String {
        write_board(heads)
    }

    fn describe_move(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> String {
        describe_board_move(from, to)
    }

    fn is_move(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> Option<bool> {
        Some(match turned(from, to).as_slice() {
            &[first, second] => {
                (first.0 == second.0 || first.1 == second.1) && from.binary_search(&second).is_ok()
            }
            _ => false,
        })
    }
}
