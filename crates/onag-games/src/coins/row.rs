//! The rows of the catalogue as one enum ([`Row`]), read from and written as their names.

use super::heads::{Heads, Turn};
use super::rules::{CoinRule, CoinSubtraction, MockTurtles, Ruler, TurningTurtles, Twins};
use crate::{Error, Result};
use onag_core::Nimber;

/// The one-dimensional rules of this module as one type, chosen at run time: the rows of the
/// catalogue's coin games and of their products.
///
/// # Examples
///
/// ```
/// use onag_games::Row;
///
/// let row: Row = "mock-turtles".parse()?;
/// assert_eq!(row.to_string(), "mock-turtles");
/// assert_eq!("coins:1,2,3".parse::<Row>()?.to_string(), "coins:1,2,3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Row {
    /// [`TurningTurtles`].
    TurningTurtles,
    /// [`Twins`].
    Twins,
    /// [`MockTurtles`].
    MockTurtles,
    /// [`Ruler`].
    Ruler,
    /// [`CoinSubtraction`].
    Subtraction(CoinSubtraction),
}

impl CoinRule for Row {
    fn first(&self) -> u64 {
        match self {
            Row::TurningTurtles => TurningTurtles.first(),
            Row::Twins => Twins.first(),
            Row::MockTurtles => MockTurtles.first(),
            Row::Ruler => Ruler.first(),
            Row::Subtraction(rule) => rule.first(),
        }
    }

    fn turns(&self, x: u64) -> impl Iterator<Item = Turn> {
        let turns: Box<dyn Iterator<Item = Turn> + '_> = match self {
            Row::TurningTurtles => Box::new(TurningTurtles.turns(x)),
            Row::Twins => Box::new(Twins.turns(x)),
            Row::MockTurtles => Box::new(MockTurtles.turns(x)),
            Row::Ruler => Box::new(Ruler.turns(x)),
            Row::Subtraction(rule) => Box::new(rule.turns(x)),
        };
        turns
    }

    fn coin_value(&self, x: u64) -> Option<Nimber> {
        match self {
            Row::TurningTurtles => TurningTurtles.coin_value(x),
            Row::Twins => Twins.coin_value(x),
            Row::MockTurtles => MockTurtles.coin_value(x),
            Row::Ruler => Ruler.coin_value(x),
            Row::Subtraction(rule) => rule.coin_value(x),
        }
    }

    fn run_value(&self, a: u64, b: u64) -> Option<Nimber> {
        match self {
            Row::TurningTurtles => TurningTurtles.run_value(a, b),
            Row::Twins => Twins.run_value(a, b),
            Row::MockTurtles => MockTurtles.run_value(a, b),
            Row::Ruler => Ruler.run_value(a, b),
            Row::Subtraction(rule) => rule.run_value(a, b),
        }
    }

    fn moves_to_value(&self, x: u64, target: Nimber, count: usize) -> Option<Vec<Turn>> {
        match self {
            Row::TurningTurtles => TurningTurtles.moves_to_value(x, target, count),
            Row::Twins => Twins.moves_to_value(x, target, count),
            Row::MockTurtles => MockTurtles.moves_to_value(x, target, count),
            Row::Ruler => Ruler.moves_to_value(x, target, count),
            Row::Subtraction(rule) => rule.moves_to_value(x, target, count),
        }
    }

    fn run_moves_to_value(
        &self,
        a: u64,
        b: u64,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<(u64, Turn)>> {
        match self {
            Row::TurningTurtles => TurningTurtles.run_moves_to_value(a, b, target, count),
            Row::Twins => Twins.run_moves_to_value(a, b, target, count),
            Row::MockTurtles => MockTurtles.run_moves_to_value(a, b, target, count),
            Row::Ruler => Ruler.run_moves_to_value(a, b, target, count),
            Row::Subtraction(rule) => rule.run_moves_to_value(a, b, target, count),
        }
    }

    fn allows(&self, x: u64, others: &Heads) -> bool {
        match self {
            Row::TurningTurtles => TurningTurtles.allows(x, others),
            Row::Twins => Twins.allows(x, others),
            Row::MockTurtles => MockTurtles.allows(x, others),
            Row::Ruler => Ruler.allows(x, others),
            Row::Subtraction(rule) => rule.allows(x, others),
        }
    }
}

impl Row {
    /// How many coins the moves from a head at `x` turn in all: the work of listing them.
    pub(super) fn listing_cost(&self, x: u64) -> u128 {
        let x = u128::from(x);
        match self {
            Row::TurningTurtles | Row::Twins => 2 * x + 1,
            // 1 + 2x + 3x(x - 1)/2.
            Row::MockTurtles => 1 + 2 * x + 3 * x * x.saturating_sub(1) / 2,
            // Runs of 1 to x coins.
            Row::Ruler => x * (x + 1) / 2,
            Row::Subtraction(rule) => 2 * rule.distances().len() as u128,
        }
    }
}

impl std::str::FromStr for Row {
    type Err = Error;

    /// `turning-turtles`, `twins`, `mock-turtles`, `ruler` or `coins:S` (S comma-separated).
    fn from_str(text: &str) -> Result<Row> {
        let text = text.trim();
        match text.split_once(':') {
            Some((name, distances)) if name.eq_ignore_ascii_case("coins") => {
                let distances = crate::notation::parse_numbers("coins", distances)?;
                Ok(Row::Subtraction(CoinSubtraction::new(distances)?))
            }
            _ => match text.to_ascii_lowercase().as_str() {
                "turning-turtles" => Ok(Row::TurningTurtles),
                "twins" => Ok(Row::Twins),
                "mock-turtles" => Ok(Row::MockTurtles),
                "ruler" => Ok(Row::Ruler),
                _ => Err(Error::InvalidParameter {
                    game: "coins",
                    value: text.to_string(),
                    reason: "a row is turning-turtles, twins, mock-turtles, ruler or coins:S"
                        .to_string(),
                }),
            },
        }
    }
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Row::TurningTurtles => f.write_str("turning-turtles"),
            Row::Twins => f.write_str("twins"),
            Row::MockTurtles => f.write_str("mock-turtles"),
            Row::Ruler => f.write_str("ruler"),
            Row::Subtraction(rule) => {
                let distances: Vec<String> = rule.distances().iter().map(u64::to_string).collect();
                write!(f, "coins:{}", distances.join(","))
            }
        }
    }
}
