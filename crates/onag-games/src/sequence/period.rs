//! Ultimate periodicity of Grundy sequences: finding it, proving it, checking it, using it.

use std::fmt;

use crate::Values;
use crate::sequence::values::{Cell, with_slice};

/// An ultimate period of a Grundy sequence: `G(n + period) = G(n) + saltus` for every
/// `n >= preperiod`.
///
/// A saltus of 0 is ordinary periodicity, which every finite octal game that is periodic has;
/// a positive saltus is arithmetic periodicity, as in all-but subtraction games and Lasker's
/// Nim. `proven` is true only when the Guy-Smith criterion (Guy & Smith 1956, generalised to
/// moves that leave more than two heaps) established the period from the values computed;
/// otherwise the period is observed in the data and may yet break.
///
/// # Examples
///
/// ```
/// use onag_games::Period;
///
/// // Kayles: period 12 from n = 71 (OEIS A002186).
/// let kayles = Period { preperiod: 71, period: 12, saltus: 0, proven: true };
/// assert_eq!(kayles.to_string(), "preperiod 71, period 12 (proven)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// The first n from which the sequence is periodic.
    pub preperiod: u64,
    /// The length of the period, at least 1.
    pub period: u64,
    /// What one period adds to every value; 0 for ordinary periodicity.
    pub saltus: u64,
    /// Whether the period is proven, not only observed.
    pub proven: bool,
}

impl Period {
    /// The value at `n` of a sequence with this period whose first values are `values`, which
    /// must reach at least `preperiod + period`. `None` when the values are too short or the
    /// answer overflows a `u64`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Period, Values};
    ///
    /// // 0, 1, 2 repeated: G(n) = n mod 3.
    /// let values: Values = [0, 1, 2].into_iter().collect();
    /// let period = Period { preperiod: 0, period: 3, saltus: 0, proven: false };
    /// assert_eq!(period.value_at(&values, 10u64.pow(18)), Some(10u64.pow(18) % 3));
    /// ```
    pub fn value_at(&self, values: &Values, n: u64) -> Option<u64> {
        if let Some(value) = usize::try_from(n).ok().and_then(|n| values.get(n)) {
            return Some(value);
        }
        if n < self.preperiod || self.period == 0 {
            return None;
        }
        let offset = n - self.preperiod;
        let base = self.preperiod + offset % self.period;
        let value = values.get(usize::try_from(base).ok()?)?;
        let periods = offset / self.period;
        value.checked_add(periods.checked_mul(self.saltus)?)
    }

    /// Whether `values` agree with this period wherever they reach: a claim anyone can
    /// re-check. False when the values do not reach one whole period past the preperiod.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_games::{Period, Values};
    ///
    /// let values: Values = [0, 1, 1, 2, 2, 3, 3].into_iter().collect();
    /// let good = Period { preperiod: 1, period: 2, saltus: 1, proven: false };
    /// assert!(good.verify(&values));
    /// // G(2) = 1 is not G(1) + 1.
    /// let bad = Period { preperiod: 0, period: 1, saltus: 1, proven: false };
    /// assert!(!bad.verify(&values));
    /// ```
    pub fn verify(&self, values: &Values) -> bool {
        let length = values.len() as u64;
        if self.period == 0 || self.preperiod + self.period > length {
            return false;
        }
        (self.preperiod..length - self.period).all(|n| {
            let earlier = values.get(n as usize);
            let later = values.get((n + self.period) as usize);
            matches!((earlier, later), (Some(a), Some(b)) if a.checked_add(self.saltus) == Some(b))
        })
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "preperiod {}, period {}", self.preperiod, self.period)?;
        if self.saltus != 0 {
            write!(f, ", saltus {}", self.saltus)?;
        }
        f.write_str(if self.proven {
            " (proven)"
        } else {
            " (observed)"
        })
    }
}

/// A period `(preperiod, period, saltus)` of the values, where `G(n + period) =
/// G(n) + saltus` holds from `preperiod` to the end, with the least preperiod for that period.
///
/// When `proof` is given as `(max_take, max_parts)` (for a game the Guy-Smith criterion applies
/// to, see [`guy_smith_bound`]), the shortest period whose stretch reaches the bound is returned
/// as proven: the theorem, not the length of the stretch, is the evidence. Otherwise, or when
/// none is proven, the shortest period whose stretch covers three whole periods and half the
/// values is returned as observed. A saltus is looked for only when `arithmetic` is true.
pub(crate) fn find_period(
    values: &Values,
    arithmetic: bool,
    proof: Option<(u64, u32)>,
) -> Option<(u64, u64, u64, bool)> {
    with_slice!(values, cells => periodic_from(cells, arithmetic, proof))
}

/// As [`find_period`], on the values as a slice of their own type.
fn periodic_from<T: Cell>(
    cells: &[T],
    arithmetic: bool,
    proof: Option<(u64, u32)>,
) -> Option<(u64, u64, u64, bool)> {
    let length = cells.len();
    let at = |index: usize| cells[index].widen();
    let mut observed = None;
    for period in 1..=length / 2 {
        let last = length - 1;
        let saltus = if arithmetic {
            match at(last).checked_sub(at(last - period)) {
                Some(saltus) => saltus,
                None => continue,
            }
        } else {
            if at(last) != at(last - period) {
                // Not even the last value repeats: most periods end here, at one comparison.
                continue;
            }
            0
        };
        // The latest preperiod that would still prove the period, or show it: if the period
        // fails there, no walk back can succeed, and one look saves the walk.
        let proven_from = proof.and_then(|(max_take, max_parts)| {
            latest_proven_preperiod(length as u64, period as u64, max_take, max_parts)
        });
        let observed_from = observed
            .is_none()
            .then(|| length.checked_sub((3 * period + period.min(16)).max(length / 2)))
            .flatten()
            .map(|start| start as u64);
        let Some(needed) = proven_from.max(observed_from) else {
            continue;
        };
        let needed = needed as usize;
        if needed + period < length && at(needed + period) != at(needed).wrapping_add(saltus) {
            continue;
        }
        // Walk back while G(n + period) == G(n) + saltus.
        let mut start = length - period;
        while start > 0 && at(start - 1 + period) == at(start - 1).wrapping_add(saltus) {
            start -= 1;
        }
        let (preperiod, span) = (start as u64, period as u64);
        if let Some((max_take, max_parts)) = proof {
            // Checked for preperiod <= n < length - period.
            if (length - period) as u64 >= guy_smith_bound(preperiod, span, max_take, max_parts) {
                return Some((preperiod, span, saltus, true));
            }
        }
        // Observed only: the stretch must cover three whole periods and half the values, so that
        // a short run of repeats at the end of a long aperiodic sequence is not reported.
        let stretch = length - start;
        if observed.is_none() && stretch >= (3 * period + period.min(16)).max(length / 2) {
            observed = Some((preperiod, span, saltus, false));
            if proof.is_none() {
                break;
            }
        }
    }
    observed
}

/// The largest preperiod from which `length` values prove a period of `period` by the
/// Guy-Smith criterion ([`guy_smith_bound`] at most `length - period`), if any does.
fn latest_proven_preperiod(length: u64, period: u64, max_take: u64, max_parts: u32) -> Option<u64> {
    let parts = u64::from(max_parts.max(1));
    let room = length.checked_sub(period)?;
    if room < max_take + 1 {
        return None;
    }
    let fixed = (parts - 1).checked_mul(period)?.checked_add(max_take)?;
    Some(room.checked_sub(fixed)? / parts)
}

/// The least number of values after which the Guy-Smith criterion proves a period: for a game
/// whose moves take at most `max_take` and leave at most `max_parts` heaps, periodicity
/// `G(n + p) = G(n)` checked for `preperiod <= n < bound` holds for every larger n.
///
/// For `max_parts` heaps the largest heap a move from `n + p` leaves is at least
/// `(n + p - max_take) / max_parts`; the criterion needs it to be at least `preperiod + p`,
/// which gives `bound = max_parts * preperiod + (max_parts - 1) * p + max_take` (Guy & Smith
/// 1956 is the case of two heaps), and at least `max_take + 1` so that no checked heap can be
/// taken whole. The argument moves the largest part down by `p`, which must leave a heap: a
/// preperiod of 0 is counted as 1 (0.4 has `G = 0, 0, 0` and then `G(3) = 1`: three values
/// prove nothing).
pub(crate) fn guy_smith_bound(preperiod: u64, period: u64, max_take: u64, max_parts: u32) -> u64 {
    let preperiod = preperiod.max(1);
    let parts = u64::from(max_parts.max(1));
    let bound = parts * preperiod + (parts - 1) * period + max_take;
    bound.max(max_take + 1)
}

/// Octal games a published computation took far without proving a period: none can be proven
/// periodic before the heap given, so a sequence asked for to a smaller heap holds every value
/// (as for a game no period theorem covers) and is refused at once when they cannot fit.
const NO_PERIOD_BEFORE: [(&str, u64); 2] = [
    // Officers: J. P. Grossman's computation, reported in Games of No Chance 5 (2025), went
    // past 1.4 × 10^14 values without a period.
    ("0.6", 140_000_000_000_000),
    // Flammenkamp's period 328,226,140,474 after preperiod 465,384,263,797 ("Sprague-Grundy
    // values of octal games"): a period is its multiple, from a preperiod no shorter, so
    // none is proven before their sum.
    ("0.106", 793_610_404_271),
];

/// The heap before which `game` cannot be proven periodic, when a published computation says
/// (see [`NO_PERIOD_BEFORE`]).
pub(crate) fn no_period_before(game: &crate::TakeAndBreak) -> Option<u64> {
    NO_PERIOD_BEFORE.iter().find_map(|&(code, heaps)| {
        let known = crate::TakeAndBreak::octal(code).ok()?;
        let take = known.max_take()?;
        let same = game.max_take() == Some(take)
            && (0..=take).all(|k| game.digit(k) == known.digit(k) && !game.unequal(k));
        same.then_some(heaps)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn officers_and_0_106_are_known_to_have_no_early_period_in_any_spelling() {
        let octal = |code| crate::TakeAndBreak::octal(code).unwrap();
        assert_eq!(no_period_before(&octal("0.6")), Some(140_000_000_000_000));
        assert_eq!(no_period_before(&octal(".60")), Some(140_000_000_000_000));
        assert_eq!(no_period_before(&octal("0.106")), Some(793_610_404_271));
        assert_eq!(no_period_before(&octal("0.16")), None);
        assert_eq!(no_period_before(&octal("0.7")), None);
        assert_eq!(no_period_before(&crate::TakeAndBreak::kayles()), None);
    }

    #[test]
    fn finds_a_shortest_period_after_a_preperiod() {
        let values: Values = [9, 9, 9]
            .into_iter()
            .chain((0..60).map(|n| [1, 2, 3][n % 3]))
            .collect();
        assert_eq!(find_period(&values, false, None), Some((3, 3, 0, false)));
        // Two parts, nothing taken: proven once 2 * 3 + 3 values past the preperiod repeat.
        assert_eq!(
            find_period(&values, false, Some((0, 2))),
            Some((3, 3, 0, true))
        );
    }

    #[test]
    fn finds_arithmetic_periodicity() {
        let values: Values = (0..100).map(|n| n / 2 * 2 + (n % 2)).collect();
        assert_eq!(find_period(&values, true, None), Some((0, 1, 1, false)));
    }

    #[test]
    fn a_preperiod_of_zero_is_proven_as_one() {
        // 0.4 (take one, leave two heaps): G(0..=2) = 0 but G(3) = 1, so three zeros must not
        // prove a period of 1; the bound for preperiod 0 is that of preperiod 1.
        assert_eq!(guy_smith_bound(0, 1, 1, 2), guy_smith_bound(1, 1, 1, 2));
        let values: Values = [0u64, 0, 0].into_iter().collect();
        assert!(find_period(&values, false, Some((1, 2))).is_none_or(|(.., proven)| !proven));
    }

    #[test]
    fn kayles_bound_matches_guy_smith() {
        // Two heaps, take at most 2: 2 * 71 + 12 + 2.
        assert_eq!(guy_smith_bound(71, 12, 2, 2), 156);
    }
}
