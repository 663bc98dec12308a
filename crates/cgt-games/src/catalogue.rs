//! Every ruleset of this crate by name: the one grammar for games used by the `cgt` program.

use std::fmt;
use std::str::FromStr;

use cgt_core::Nimber;

use crate::{Bash, Error, HeapRuleset, Heaps, Nim, Result, SplitNim, SubsetNim};

/// One of the rulesets of this crate, chosen at run time from its written form.
///
/// The grammar is `NAME` or `NAME:PARAMETERS`:
///
/// | written | ruleset |
/// |---|---|
/// | `nim` | [`Nim`] |
/// | `bash:M` | [`Bash`] taking 1..=M |
/// | `subset-nim:S` | [`SubsetNim`] with S comma-separated, e.g. `subset-nim:1,3,4` |
/// | `split-nim` | [`SplitNim`] |
///
/// [`Ruleset::catalogue`] lists every name with a one-line rule. `Ruleset` is a heap game, so
/// the solver evaluates it directly.
///
/// # Examples
///
/// ```
/// use cgt_core::{Nimber, Solver};
/// use cgt_games::{Heaps, Ruleset};
///
/// let game: Ruleset = "subset-nim:1,3,4".parse()?;
/// assert_eq!(game.to_string(), "subset-nim:1,3,4");
/// assert_eq!(Solver::new(game).grundy(&Heaps::one(2))?, Nimber::ZERO);
/// assert!("bash:0".parse::<Ruleset>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ruleset {
    /// [`Nim`].
    Nim(Nim),
    /// [`Bash`].
    Bash(Bash),
    /// [`SubsetNim`].
    SubsetNim(SubsetNim),
    /// [`SplitNim`].
    SplitNim(SplitNim),
}

/// A name of the catalogue with its grammar and one-line rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CatalogueEntry {
    /// How the game is written, with its parameters in capitals.
    pub syntax: &'static str,
    /// An example that parses.
    pub example: &'static str,
    /// The rule in one line.
    pub rule: &'static str,
}

const CATALOGUE: &[CatalogueEntry] = &[
    CatalogueEntry {
        syntax: "nim",
        example: "nim",
        rule: "take any positive number of counters from one heap",
    },
    CatalogueEntry {
        syntax: "bash:M",
        example: "bash:3",
        rule: "take 1 to M counters from one heap (M >= 1)",
    },
    CatalogueEntry {
        syntax: "subset-nim:S",
        example: "subset-nim:1,3,4",
        rule: "take exactly k counters from one heap, k in the comma-separated set S of positive numbers",
    },
    CatalogueEntry {
        syntax: "split-nim",
        example: "split-nim",
        rule: "replace one heap by two heaps each strictly smaller (either may be empty)",
    },
];

impl Ruleset {
    /// Every game this type can be, with its syntax, an example and its rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgt_games::Ruleset;
    ///
    /// for entry in Ruleset::catalogue() {
    ///     assert!(entry.example.parse::<Ruleset>().is_ok());
    /// }
    /// ```
    pub fn catalogue() -> &'static [CatalogueEntry] {
        CATALOGUE
    }

    fn names() -> String {
        CATALOGUE
            .iter()
            .map(|entry| entry.syntax)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Reads a comma-separated list of positive numbers for `game`.
fn parse_numbers(game: &'static str, text: &str) -> Result<Vec<u64>> {
    text.split(',')
        .map(|part| {
            part.trim()
                .parse::<u64>()
                .map_err(|_| Error::InvalidParameter {
                    game,
                    value: part.to_string(),
                    reason: "expected a whole number from 0 to 18446744073709551615".to_string(),
                })
        })
        .collect()
}

fn parse_number(game: &'static str, text: &str) -> Result<u64> {
    match parse_numbers(game, text)?.as_slice() {
        [number] => Ok(*number),
        _ => Err(Error::InvalidParameter {
            game,
            value: text.to_string(),
            reason: "expected one number".to_string(),
        }),
    }
}

impl FromStr for Ruleset {
    type Err = Error;

    fn from_str(text: &str) -> Result<Ruleset> {
        let text = text.trim();
        let (name, parameter) = match text.split_once(':') {
            Some((name, parameter)) => (name, Some(parameter)),
            None => (text, None),
        };
        let name = name.to_ascii_lowercase();
        let unknown = || Error::UnknownGame {
            name: text.to_string(),
            known: Ruleset::names(),
        };
        let missing = |game: &'static str, reason: &str| Error::InvalidParameter {
            game,
            value: String::new(),
            reason: reason.to_string(),
        };
        let no_parameter = |game: &'static str| match parameter {
            None => Ok(()),
            Some(value) => Err(Error::InvalidParameter {
                game,
                value: value.to_string(),
                reason: format!("{game} takes no parameter"),
            }),
        };
        match name.as_str() {
            "nim" => no_parameter("nim").map(|()| Ruleset::Nim(Nim)),
            "split-nim" => no_parameter("split-nim").map(|()| Ruleset::SplitNim(SplitNim)),
            "bash" => {
                let parameter =
                    parameter.ok_or_else(|| missing("bash", "write bash:M, e.g. bash:3"))?;
                Ok(Ruleset::Bash(Bash::new(parse_number("bash", parameter)?)?))
            }
            "subset-nim" => {
                let parameter = parameter.ok_or_else(|| {
                    missing("subset-nim", "write subset-nim:S, e.g. subset-nim:1,3,4")
                })?;
                let takes = parse_numbers("subset-nim", parameter)?;
                Ok(Ruleset::SubsetNim(SubsetNim::new(takes)?))
            }
            _ => Err(unknown()),
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruleset::Nim(_) => f.write_str("nim"),
            Ruleset::SplitNim(_) => f.write_str("split-nim"),
            Ruleset::Bash(bash) => write!(f, "bash:{}", bash.max_take()),
            Ruleset::SubsetNim(subset) => {
                let takes: Vec<String> = subset.takes().iter().map(u64::to_string).collect();
                write!(f, "subset-nim:{}", takes.join(","))
            }
        }
    }
}

/// Calls `$body` with `$game` bound to the ruleset inside any variant.
macro_rules! dispatch {
    ($ruleset:expr, $game:ident => $body:expr) => {
        match $ruleset {
            Ruleset::Nim($game) => $body,
            Ruleset::Bash($game) => $body,
            Ruleset::SubsetNim($game) => $body,
            Ruleset::SplitNim($game) => $body,
        }
    };
}

impl HeapRuleset for Ruleset {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        let moves: Box<dyn Iterator<Item = Heaps> + '_> =
            dispatch!(self, game => Box::new(game.heap_moves(n)));
        moves
    }

    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        dispatch!(self, game => game.heap_grundy(n))
    }

    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Heaps>> {
        dispatch!(self, game => game.heap_moves_to_value(n, target))
    }
}

crate::heap_game!(Ruleset);
