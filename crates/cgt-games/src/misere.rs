//! Misère analyses of heap games: the genus of single heaps.

use cgt_core::{Budget, Genus, GenusSolver, Resource, Tameness};

use crate::{HeapGame, HeapRuleset, Heaps, Result};

/// The genus and tameness of the single heaps `0..=last` of a heap game, each searched with
/// the positions it reaches (sums of smaller heaps, valued by the tame sum rule where every
/// part is tame); `progress` is called with each heap as it starts.
///
/// # Errors
///
/// [`cgt_core::Error::LimitExceeded`] (as [`crate::Error::Engine`]) when `last` is past the
/// budget's positions, checked before anything is computed, or when the search exceeds the
/// budget (the genus of a wild game's heap depends on sums of many heaps, so large heaps of
/// wild games are out of reach).
///
/// # Examples
///
/// ```
/// use cgt_core::{Budget, Tameness};
/// use cgt_games::{TakeAndBreak, heap_genera};
///
/// let kayles = heap_genera(&TakeAndBreak::kayles(), 5, Budget::DEFAULT, &mut |_| {})?;
/// let written: Vec<String> = kayles.iter().map(|(genus, _)| genus.to_string()).collect();
/// assert_eq!(written[..4], ["0^{120}", "1^{031}", "2^{20}", "3^{31}"]);
/// assert_eq!(kayles[0].1, Tameness::Tame);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn heap_genera<R: HeapRuleset>(
    rules: &R,
    last: u64,
    budget: Budget,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<(Genus, Tameness)>> {
    if last >= budget.positions {
        return Err(budget.exceeded(Resource::Positions).into());
    }
    let mut solver = GenusSolver::new(HeapGame(rules)).with_budget(budget);
    let mut genera = Vec::new();
    for n in 0..=last {
        progress(n);
        genera.push(solver.evaluate(&Heaps::one(n))?);
    }
    Ok(genera)
}
