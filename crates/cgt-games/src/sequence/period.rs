//! Ultimate periodicity of Grundy sequences: finding it, proving it, checking it, using it.

use std::fmt;

use crate::Values;
use crate::values::{Cell, with_slice};

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
/// use cgt_games::Period;
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
    /// use cgt_games::{Period, Values};
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
    /// use cgt_games::{Period, Values};
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
/// When `proof_bound` is given (for a game the Guy-Smith criterion applies to), the shortest
/// period whose stretch reaches `proof_bound(preperiod, period)` is returned as proven: the
/// theorem, not the length of the stretch, is the evidence. Otherwise, or when none is proven,
/// the shortest period whose stretch covers three whole periods and half the values is
/// returned as observed. A
/// saltus is looked for only when `arithmetic` is true.
pub(crate) fn find_period(
    values: &Values,
    arithmetic: bool,
    proof_bound: Option<&dyn Fn(u64, u64) -> u64>,
) -> Option<(u64, u64, u64, bool)> {
    with_slice!(values, cells => periodic_from(cells, arithmetic, proof_bound))
}

/// As [`find_period`], on the values as a slice of their own type.
fn periodic_from<T: Cell>(
    cells: &[T],
    arithmetic: bool,
    proof_bound: Option<&dyn Fn(u64, u64) -> u64>,
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
            0
        };
        // Walk back while G(n + period) == G(n) + saltus.
        let mut start = length - period;
        while start > 0 && at(start - 1 + period) == at(start - 1).wrapping_add(saltus) {
            start -= 1;
        }
        if start == length - period {
            // Not even the last value repeats: neither a proof nor an observation.
            continue;
        }
        let (preperiod, span) = (start as u64, period as u64);
        if let Some(bound) = proof_bound {
            // Checked for preperiod <= n < length - period.
            if (length - period) as u64 >= bound(preperiod, span) {
                return Some((preperiod, span, saltus, true));
            }
        }
        // Observed only: the stretch must cover three whole periods and half the values, so that
        // a short run of repeats at the end of a long aperiodic sequence is not reported.
        let stretch = length - start;
        if observed.is_none() && stretch >= (3 * period + period.min(16)).max(length / 2) {
            observed = Some((preperiod, span, saltus, false));
            if proof_bound.is_none() {
                break;
            }
        }
    }
    observed
}

/// The least number of values after which the Guy-Smith criterion proves a period: for a game
/// whose moves take at most `max_take` and leave at most `max_parts` heaps, periodicity
/// `G(n + p) = G(n)` checked for `preperiod <= n < bound` holds for every larger n.
///
/// For `max_parts` heaps the largest heap a move from `n + p` leaves is at least
/// `(n + p - max_take) / max_parts`; the criterion needs it to be at least `preperiod + p`,
/// which gives `bound = max_parts * preperiod + (max_parts - 1) * p + max_take` (Guy & Smith
/// 1956 is the case of two heaps), and at least `max_take + 1` so that no checked heap can be
/// taken whole.
pub(crate) fn guy_smith_bound(preperiod: u64, period: u64, max_take: u64, max_parts: u32) -> u64 {
    let parts = u64::from(max_parts.max(1));
    let bound = parts * preperiod + (parts - 1) * period + max_take;
    bound.max(max_take + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_shortest_period_after_a_preperiod() {
        let values: Values = [9, 9, 9]
            .into_iter()
            .chain((0..60).map(|n| [1, 2, 3][n % 3]))
            .collect();
        assert_eq!(find_period(&values, false, None), Some((3, 3, 0, false)));
        let bound = |preperiod: u64, period: u64| 2 * preperiod + period;
        assert_eq!(
            find_period(&values, false, Some(&bound)),
            Some((3, 3, 0, true))
        );
    }

    #[test]
    fn finds_arithmetic_periodicity() {
        let values: Values = (0..100).map(|n| n / 2 * 2 + (n % 2)).collect();
        assert_eq!(find_period(&values, true, None), Some((0, 1, 1, false)));
    }

    #[test]
    fn kayles_bound_matches_guy_smith() {
        // Two heaps, take at most 2: 2 * 71 + 12 + 2.
        assert_eq!(guy_smith_bound(71, 12, 2, 2), 156);
    }
}
