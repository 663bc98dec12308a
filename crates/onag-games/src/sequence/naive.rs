//! The naive method: every option of every heap, valued by the definition.
//!
//! G(n) is the mex of the nim-sums of the heaps each move from a heap of n leaves (the
//! Sprague-Grundy theorem; Berlekamp, Conway & Guy, *Winning Ways*, ch. 4). This is the whole
//! algorithm, with no cleverness to get wrong: the reference the engine's methods are tested
//! against, and the method for heap rulesets that are not take-and-break codes.

use onag_core::{Budget, MexSet, Nimber, Resource};

use crate::{Error, HeapRuleset, Result, Values};

use super::check_memory;

/// `G(0..=last)` by the definition, within `budget` (options examined, values held), calling
/// `progress(n)` every 65536 values.
pub(super) fn values(
    rules: &impl HeapRuleset,
    last: u64,
    budget: Budget,
    mut progress: impl FnMut(u64),
) -> Result<Values> {
    check_memory(last, &Values::new(), budget)?;
    let mut work: u64 = 0;
    let mut values = Values::new();
    let mut set = MexSet::new();
    for n in 0..=last {
        check_memory(n, &values, budget)?;
        if n % 65_536 == 0 && n > 0 {
            progress(n);
            onag_core::check_stop()?;
        }
        set.clear();
        for option in rules.heap_moves(n) {
            work += 1;
            if work > budget.options {
                return Err(Error::Engine(budget.exceeded(Resource::Options)));
            }
            let mut sum = 0;
            for heap in option.iter() {
                let value = usize::try_from(heap)
                    .ok()
                    .filter(|_| heap < n)
                    .and_then(|heap| values.get(heap))
                    .ok_or_else(|| Error::InvalidParameter {
                        game: "sequence",
                        value: format!("{option:?}"),
                        reason: format!(
                            "a move from a heap of {n} leaves a heap that is not smaller"
                        ),
                    })?;
                sum ^= value;
            }
            set.insert(Nimber::new(sum));
        }
        values.push(set.mex().value());
    }
    Ok(values)
}
