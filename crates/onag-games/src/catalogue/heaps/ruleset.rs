//! The heap games of the catalogue as one type, [`Ruleset`], and [`Tabulated`], a ruleset
//! valued from its Grundy sequence.

use std::fmt;
use std::str::FromStr;

use onag_core::{Budget, Nimber, Outcome};

use crate::catalogue::Opener;
use crate::notation::{no_parameter, parse_number, parse_numbers, required};
use crate::{
    Bash, Error, GrundySequence, HeapRuleset, Heaps, Nim, Period, Result, SequenceOptions,
    SplitNim, SubsetNim, TakeAndBreak, Values,
};

/// One of the heap games of this crate, chosen at run time from its written form: the heap
/// entries of the [catalogue](crate::catalogue) (`nim`, `bash:M`, `kayles`, `octal:CODE`, ...),
/// which is where each name, syntax and rule is defined.
///
/// The heap engine of the catalogue answers these games; a `Ruleset` is also a
/// [`HeapRuleset`], so the solver evaluates it directly through [`HeapGame`](crate::HeapGame).
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{HeapGame, Heaps, Ruleset};
///
/// let game: Ruleset = "subset-nim:1,3,4".parse()?;
/// assert_eq!(game.to_string(), "subset-nim:1,3,4");
/// assert_eq!(Solver::new(HeapGame(game)).grundy(&Heaps::one(2))?, Nimber::ZERO);
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
    /// A take-and-break code, with the spelling it was given by.
    TakeAndBreak {
        /// The ruleset.
        game: TakeAndBreak,
        /// How it was written: `kayles`, `octal:0.77`, `allbut:1,2`...
        spelling: String,
    },
    /// Lasker's Nim (`4.[3]`), whose Grundy values have a closed form (Ferguson, 4.4).
    Lasker(TakeAndBreak),
}

impl Ruleset {
    /// The Grundy values `G(0..=last)` of single heaps: from the closed form where the ruleset
    /// has one (Nim, Bash, Lasker's Nim, split Nim: no search at all, and the period the form
    /// proves), else computed by the sequence engine through the take-and-break kernel for
    /// every ruleset that is one (subset Nim is a subtraction game), else by the generic path.
    ///
    /// # Errors
    ///
    /// As [`GrundySequence::compute`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::Ruleset;
    ///
    /// let kayles: Ruleset = "kayles".parse()?;
    /// assert_eq!(kayles.sequence(5)?.iter().collect::<Vec<_>>(), [0, 1, 2, 3, 1, 4]);
    /// // Nim's values come from G(n) = n, with its period proven at once.
    /// let nim: Ruleset = "nim".parse()?;
    /// let million = nim.sequence(1_000_000)?;
    /// assert_eq!(million.value(1_000_000), Some(1_000_000));
    /// assert!(million.period().is_some_and(|period| period.proven));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sequence(&self, last: u64) -> Result<GrundySequence> {
        self.sequence_with(last, Budget::DEFAULT, |_| {})
    }

    /// As [`Ruleset::sequence`], within `budget`, with progress reports (see
    /// [`GrundySequence::compute_with`]).
    ///
    /// # Errors
    ///
    /// As [`GrundySequence::compute_with`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Budget;
    ///
    /// let kayles: onag_games::Ruleset = "octal:0.77".parse()?;
    /// let small = Budget { options: 10, ..Budget::DEFAULT };
    /// assert_eq!(kayles.sequence_with(3, small, |_| {})?.value(3), Some(3));
    /// assert!(kayles.sequence_with(300, small, |_| {}).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sequence_with(
        &self,
        last: u64,
        budget: Budget,
        mut progress: impl FnMut(u64),
    ) -> Result<GrundySequence> {
        self.sequence_in(last, &SequenceOptions::within(budget), &mut progress)
    }

    /// As [`Ruleset::sequence_with`], with every setting of the run (see
    /// [`GrundySequence::compute_in`]). Threads and the checkpoint serve the take-and-break
    /// engine; closed forms and the definition (split Nim) need neither.
    ///
    /// # Errors
    ///
    /// As [`GrundySequence::compute_in`].
    pub fn sequence_in(
        &self,
        last: u64,
        options: &SequenceOptions,
        progress: &mut dyn FnMut(u64),
    ) -> Result<GrundySequence> {
        let budget = options.budget;
        if let Some(sequence) = self.closed_form_sequence(last, budget) {
            return sequence;
        }
        if let Some(game) = self.as_take_and_break()? {
            return GrundySequence::compute_in(&game, last, options, progress);
        }
        // Every ruleset the take-and-break kernel does not take, named: a new variant must be
        // placed here, not fall into a default.
        match self {
            Ruleset::Nim(nim) => GrundySequence::compute_any_within(nim, last, budget, progress),
            Ruleset::Bash(bash) => GrundySequence::compute_any_within(bash, last, budget, progress),
            Ruleset::SubsetNim(subset) => {
                GrundySequence::compute_any_within(subset, last, budget, progress)
            }
            Ruleset::SplitNim(split) => {
                GrundySequence::compute_any_within(split, last, budget, progress)
            }
            Ruleset::TakeAndBreak { game, .. } | Ruleset::Lasker(game) => {
                GrundySequence::compute_in(game, last, options, progress)
            }
        }
    }

    /// The period `(preperiod, period, saltus)` that the closed form of this ruleset proves:
    /// Nim `G(n) = n`; Bash `n mod (m + 1)`; Lasker's Nim `G(n + 4) = G(n) + 4` from n = 1.
    fn closed_form_period(&self) -> Option<(u64, u64, u64)> {
        match self {
            Ruleset::Nim(_) => Some((0, 1, 1)),
            Ruleset::Bash(bash) => Some((0, bash.max_take().checked_add(1)?, 0)),
            Ruleset::Lasker(_) => Some((1, 4, 4)),
            _ => None,
        }
    }

    /// The sequence from the closed form, for rulesets that have one for every heap: only as
    /// many values as the period needs (or all up to `last` where no period is known).
    fn closed_form_sequence(&self, last: u64, budget: Budget) -> Option<Result<GrundySequence>> {
        if !matches!(
            self,
            Ruleset::Nim(_) | Ruleset::Bash(_) | Ruleset::Lasker(_) | Ruleset::SplitNim(_)
        ) {
            return None;
        }
        let period = self
            .closed_form_period()
            .filter(|&(preperiod, period, _)| preperiod.saturating_add(period) <= last)
            .map(|(preperiod, period, saltus)| Period {
                preperiod,
                period,
                saltus,
                proven: true,
            });
        let count = period.map_or(last, |period| period.preperiod + period.period - 1);
        let mut values = Values::new();
        if let Err(error) = crate::sequence::check_memory(count, &values, budget) {
            return Some(Err(error));
        }
        for n in 0..=count {
            if let Err(error) = crate::sequence::check_memory(n, &values, budget) {
                return Some(Err(error));
            }
            match self.heap_grundy(n) {
                Some(value) => values.push(value.value()),
                // Beyond the range of the closed form: the values stop there.
                None => break,
            }
        }
        Some(Ok(GrundySequence::from_values(values, period, last)))
    }

    /// The misère quotient of this ruleset's heaps up to `last`, or fewer when `Φ` is proven
    /// periodic first (see [`misere_quotient`](crate::misere_quotient)). The period is proven
    /// for a finite take-and-break code (the Guy-Smith argument), never for Nim, whose quotient
    /// grows without end.
    ///
    /// # Errors
    ///
    /// As [`misere_quotient`](crate::misere_quotient).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Budget;
    /// use onag_games::Ruleset;
    ///
    /// let kayles = onag_games::open("kayles")?;
    /// let ruleset: &Ruleset = kayles.as_ruleset().unwrap();
    /// let quotient = ruleset.misere_quotient(400, Budget::DEFAULT, &mut |_| {})?;
    /// assert!(quotient.certified());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn misere_quotient(
        &self,
        last: u64,
        budget: Budget,
        progress: &mut dyn FnMut(u64),
    ) -> Result<crate::HeapQuotient> {
        self.misere_quotient_checkpointed(last, budget, None, progress)
    }

    /// As [`misere_quotient`](Self::misere_quotient), resumed from and saved to `checkpoint`
    /// (see [`misere_quotient_checkpointed`](crate::misere_quotient_checkpointed)).
    ///
    /// # Errors
    ///
    /// As [`misere_quotient_checkpointed`](crate::misere_quotient_checkpointed).
    pub fn misere_quotient_checkpointed(
        &self,
        last: u64,
        budget: Budget,
        checkpoint: Option<&crate::QuotientCheckpoint>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<crate::HeapQuotient> {
        let proof = self.quotient_proof();
        crate::misere_quotient_checkpointed(self, last, proof, budget, checkpoint, progress)
    }

    /// What the proof that Φ is periodic needs of the rules (the Guy-Smith argument): the
    /// largest take and the most heaps a move leaves, for a finite code without moves that
    /// want unequal heaps; `None` where the proof does not apply.
    fn quotient_proof(&self) -> Option<(u64, u32)> {
        match self {
            Ruleset::Bash(bash) if bash.max_take() < 1 << 20 => Some((bash.max_take(), 1)),
            Ruleset::SubsetNim(subset) => subset
                .takes()
                .last()
                .filter(|&&k| k < 1 << 20)
                .map(|&k| (k, 1)),
            Ruleset::TakeAndBreak { game, .. } | Ruleset::Lasker(game)
                if game.tail().is_none() && !game.has_unequal() =>
            {
                game.max_take().map(|take| (take, game.max_parts()))
            }
            _ => None,
        }
    }

    /// This ruleset as a take-and-break code, where it is one of manageable size.
    fn as_take_and_break(&self) -> Result<Option<TakeAndBreak>> {
        Ok(match self {
            Ruleset::Nim(_) => Some(TakeAndBreak::general("0.[3]")?),
            Ruleset::Bash(bash) if bash.max_take() < 1 << 20 => {
                Some(TakeAndBreak::subtraction(1..=bash.max_take())?)
            }
            Ruleset::SubsetNim(subset) if subset.takes().last().is_some_and(|&k| k < 1 << 20) => {
                Some(TakeAndBreak::subtraction(subset.takes().iter().copied())?)
            }
            Ruleset::TakeAndBreak { game, .. } | Ruleset::Lasker(game) => Some(game.clone()),
            _ => None,
        })
    }

    /// Whether the solver can use a computed sequence for this ruleset's single heaps: true for
    /// every ruleset without a closed form (subset Nim of one take has one) except split Nim,
    /// whose heaps have too many moves for a long table to pay.
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles: onag_games::Ruleset = "kayles".parse()?;
    /// assert!(kayles.is_tabulable());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_tabulable(&self) -> bool {
        match self {
            // One take has a closed form.
            Ruleset::SubsetNim(subset) => subset.takes().len() > 1,
            Ruleset::TakeAndBreak { .. } => true,
            _ => false,
        }
    }

    /// Whether a heap of `n` may become the heaps `parts` (empty heaps among them ignored) in one
    /// move: a check by the rule itself, so that a move the player types on a heap of 10^12 is
    /// judged at once, without listing the heap's moves.
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles: onag_games::Ruleset = "kayles".parse()?;
    /// assert!(kayles.is_heap_move(10_000_000, &[1, 9_999_997]));
    /// assert!(!kayles.is_heap_move(10, &[1, 2]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_heap_move(&self, n: u64, parts: &[u64]) -> bool {
        let parts: Vec<u64> = parts.iter().copied().filter(|&part| part > 0).collect();
        let Some(left) = parts
            .iter()
            .try_fold(0u64, |sum, &part| sum.checked_add(part))
        else {
            return false;
        };
        match self {
            Ruleset::Nim(_) => parts.len() <= 1 && left < n,
            Ruleset::Bash(bash) => parts.len() <= 1 && left < n && n - left <= bash.max_take(),
            Ruleset::SubsetNim(subset) => {
                parts.len() <= 1 && left < n && subset.takes().contains(&(n - left))
            }
            Ruleset::SplitNim(_) => n > 0 && parts.len() <= 2 && parts.iter().all(|&part| part < n),
            Ruleset::TakeAndBreak { game, .. } | Ruleset::Lasker(game) => {
                game.is_heap_move(n, &parts)
            }
        }
    }
}

impl FromStr for Ruleset {
    type Err = Error;

    /// Reads a heap game of the catalogue (see [`crate::catalogue`]) from its written form.
    fn from_str(text: &str) -> Result<Ruleset> {
        let (entry, parameter) = crate::catalogue::find(text)?;
        match entry.opener {
            Opener::Heap(open) => open(parameter),
            Opener::Other(_) | Opener::Loopy(_) | Opener::Partizan(_) => {
                Err(Error::InvalidParameter {
                    game: entry.name,
                    value: text.trim().to_string(),
                    reason: format!(
                        "{} is not a heap game; its positions are written {}",
                        entry.name, entry.component
                    ),
                })
            }
        }
    }
}

/// The opening functions of the heap games of the catalogue: each reads the game's parameter.
impl Ruleset {
    pub(crate) fn open_nim(parameter: Option<&str>) -> Result<Ruleset> {
        no_parameter("nim", parameter).map(|()| Ruleset::Nim(Nim))
    }

    pub(crate) fn open_bash(parameter: Option<&str>) -> Result<Ruleset> {
        let parameter = required("bash", parameter, "write bash:M, e.g. bash:3")?;
        Ok(Ruleset::Bash(Bash::new(parse_number("bash", parameter)?)?))
    }

    pub(crate) fn open_subset_nim(parameter: Option<&str>) -> Result<Ruleset> {
        let parameter = required(
            "subset-nim",
            parameter,
            "write subset-nim:S, e.g. subset-nim:1,3,4",
        )?;
        let takes = parse_numbers("subset-nim", parameter)?;
        Ok(Ruleset::SubsetNim(SubsetNim::new(takes)?))
    }

    pub(crate) fn open_split_nim(parameter: Option<&str>) -> Result<Ruleset> {
        no_parameter("split-nim", parameter).map(|()| Ruleset::SplitNim(SplitNim))
    }

    pub(crate) fn open_octal(parameter: Option<&str>) -> Result<Ruleset> {
        let code = required("octal", parameter, "write octal:CODE, e.g. octal:0.77")?;
        let game = TakeAndBreak::octal(code)?;
        Ok(Ruleset::TakeAndBreak {
            spelling: format!("octal:{game}"),
            game,
        })
    }

    pub(crate) fn open_take_and_break(parameter: Option<&str>) -> Result<Ruleset> {
        let code = required("tb", parameter, "write tb:CODE, e.g. tb:4!.0")?;
        let game = TakeAndBreak::general(code)?;
        Ok(Ruleset::TakeAndBreak {
            spelling: format!("tb:{game}"),
            game,
        })
    }

    pub(crate) fn open_subtraction(parameter: Option<&str>) -> Result<Ruleset> {
        let parameter = required(
            "subtraction",
            parameter,
            "write subtraction:S, e.g. subtraction:1,3,4",
        )?;
        if parameter.contains('-') {
            return Err(Error::InvalidParameter {
                game: "subtraction",
                value: parameter.to_string(),
                reason: "a negative entry adds counters, so positions repeat: write \
                         loopy-subtraction:S/MAX with the largest heap, e.g. \
                         loopy-subtraction:2,-1/20"
                    .to_string(),
            });
        }
        let numbers = parse_numbers("subtraction", parameter)?;
        Ok(Ruleset::TakeAndBreak {
            spelling: format!("subtraction:{}", join_numbers(&numbers)),
            game: TakeAndBreak::subtraction(numbers)?,
        })
    }

    pub(crate) fn open_all_but(parameter: Option<&str>) -> Result<Ruleset> {
        let parameter = required("allbut", parameter, "write allbut:S, e.g. allbut:1,2")?;
        let numbers = if parameter.trim().is_empty() {
            Vec::new()
        } else {
            parse_numbers("allbut", parameter)?
        };
        Ok(Ruleset::TakeAndBreak {
            spelling: format!("allbut:{}", join_numbers(&numbers)),
            game: TakeAndBreak::all_but(numbers)?,
        })
    }

    pub(crate) fn open_kayles(parameter: Option<&str>) -> Result<Ruleset> {
        named("kayles", TakeAndBreak::kayles(), parameter)
    }

    pub(crate) fn open_dawsons_kayles(parameter: Option<&str>) -> Result<Ruleset> {
        named("dawson-kayles", TakeAndBreak::dawsons_kayles(), parameter)
    }

    pub(crate) fn open_dawsons_chess(parameter: Option<&str>) -> Result<Ruleset> {
        named("dawson-chess", TakeAndBreak::dawsons_chess(), parameter)
    }

    pub(crate) fn open_grundys_game(parameter: Option<&str>) -> Result<Ruleset> {
        named("grundy", TakeAndBreak::grundys_game(), parameter)
    }

    pub(crate) fn open_lasker(parameter: Option<&str>) -> Result<Ruleset> {
        no_parameter("lasker", parameter)?;
        Ok(Ruleset::Lasker(TakeAndBreak::general("4.[3]")?))
    }
}

/// A named take-and-break game, which takes no parameter.
fn named(name: &'static str, game: TakeAndBreak, parameter: Option<&str>) -> Result<Ruleset> {
    no_parameter(name, parameter)?;
    Ok(Ruleset::TakeAndBreak {
        game,
        spelling: name.to_string(),
    })
}

fn join_numbers(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
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
            Ruleset::TakeAndBreak { spelling, .. } => f.write_str(spelling),
            Ruleset::Lasker(_) => f.write_str("lasker"),
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
            Ruleset::TakeAndBreak { game: $game, .. } => $body,
            Ruleset::Lasker($game) => $body,
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
        match self {
            Ruleset::Lasker(_) => Some(Nimber::new(lasker_grundy(n)?)),
            _ => dispatch!(self, game => game.heap_grundy(n)),
        }
    }

    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Heaps>> {
        dispatch!(self, game => game.heap_moves_to_value(n, target))
    }

    fn misere_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        dispatch!(self, game => game.misere_outcome(heaps))
    }

    fn misere_winning_moves(&self, heaps: &Heaps, count: usize) -> Option<Vec<(usize, Heaps)>> {
        dispatch!(self, game => game.misere_winning_moves(heaps, count))
    }
}

/// Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3 (Ferguson,
/// Game Theory, Part I, 4.4); `None` for the one heap whose value overflows a `u64`. It swaps
/// 4k + 3 and 4k + 4 and fixes every other heap, so it is its own inverse (the heap solver
/// finds the splits of a wanted value by it).
pub(super) fn lasker_grundy(n: u64) -> Option<u64> {
    match n % 4 {
        0 if n > 0 => Some(n - 1),
        3 => n.checked_add(1),
        _ => Some(n),
    }
}

/// A ruleset whose single heaps are valued from a Grundy sequence: the computed values, and
/// beyond them a proven period. The solver uses it as a closed form, so a position of Dawson's
/// Kayles with a heap of 10<sup>12</sup> is valued at once.
///
/// # Examples
///
/// ```
/// use onag_core::{Outcome, Solver};
/// use onag_games::{HeapGame, Heaps, Ruleset, Tabulated};
///
/// let dawson: Ruleset = "dawson-kayles".parse()?;
/// let sequence = dawson.sequence(u64::MAX)?;
/// let mut solver = Solver::new(HeapGame(Tabulated::new(dawson, sequence)));
/// // A heap of 10^12 and its twin: a sum of two equal games is a P-position.
/// let twins = Heaps::from([10u64.pow(12), 10u64.pow(12)]);
/// assert_eq!(solver.outcome(&twins)?, Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Tabulated {
    ruleset: Ruleset,
    sequence: GrundySequence,
}

impl Tabulated {
    /// `ruleset` with its heaps valued from `sequence`, which must be that ruleset's sequence
    /// (as [`Ruleset::sequence`] gives it).
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Ruleset, Tabulated};
    ///
    /// let kayles: Ruleset = "kayles".parse()?;
    /// let table = Tabulated::new(kayles.clone(), kayles.sequence(100)?);
    /// assert_eq!(table.ruleset(), &kayles);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(ruleset: Ruleset, sequence: GrundySequence) -> Tabulated {
        Tabulated { ruleset, sequence }
    }

    /// The ruleset.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Ruleset, Tabulated};
    ///
    /// let nim: Ruleset = "nim".parse()?;
    /// assert_eq!(Tabulated::new(nim.clone(), nim.sequence(3)?).ruleset(), &nim);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The sequence its heaps are valued from.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Ruleset, Tabulated};
    ///
    /// let nim: Ruleset = "nim".parse()?;
    /// assert_eq!(Tabulated::new(nim.clone(), nim.sequence(3)?).sequence().last(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sequence(&self) -> &GrundySequence {
        &self.sequence
    }
}

impl HeapRuleset for Tabulated {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        self.ruleset.heap_moves(n)
    }

    fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        self.ruleset
            .heap_grundy(n)
            .or_else(|| self.sequence.value(n).map(Nimber::new))
    }

    fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Heaps>> {
        self.ruleset.heap_moves_to_value(n, target)
    }

    fn misere_outcome(&self, heaps: &Heaps) -> Option<Outcome> {
        self.ruleset.misere_outcome(heaps)
    }
}
