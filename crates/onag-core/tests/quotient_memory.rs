//! The misère quotient keeps within its budget's memory while it searches for a quotient it
//! cannot find: every byte the process allocates is counted here (this binary holds this one
//! test, so nothing else allocates beside it).

use cap::Cap;
use onag_core::{Budget, MisereQuotient};

/// The system's allocator, counting the bytes live and the most ever live.
#[global_allocator]
static ALLOCATOR: Cap<std::alloc::System> = Cap::new(std::alloc::System, usize::MAX);

/// The options of a heap of Dawson's chess, the octal game 0.137 (Guy & Smith, *The
/// G-values of various games*, 1956): take 1 when it is the whole heap, take 2 leaving one
/// heap or none, take 3 leaving up to two heaps.
fn dawson_chess(n: u64) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    if n == 1 {
        options.push(vec![]);
    }
    if n >= 2 {
        options.push(vec![n - 2]);
    }
    if n >= 3 {
        let rest = n - 3;
        options.push(vec![rest]);
        for a in 1..rest {
            if a <= rest - a {
                options.push(vec![rest - a, a]);
            }
        }
    }
    options
}

/// Dawson's chess past heap 32, whose quotient keeps growing (order 638 at heap 32), under a
/// budget of 64 MiB: the candidates, their unfoldings and the searches for their failures
/// held 140 MB at once (the tables of the candidates kept beside the one being made, and what
/// an unfolding builds, were not counted).
#[test]
fn a_quotient_that_keeps_growing_keeps_within_its_memory() {
    const BUDGET: u64 = 64 << 20;
    let mut quotient = MisereQuotient::new().with_budget(Budget {
        memory: BUDGET,
        ..Budget::DEFAULT
    });
    for n in 1..=33 {
        if quotient.add_heap(n, &dawson_chess(n)).is_err() {
            break;
        }
    }
    // Heap 32 at least: the budget holds the quotient of order 638 easily.
    assert!(quotient.heap_reached() >= 32, "{}", quotient.heap_reached());
    let peak = ALLOCATOR.max_allocated() as u64;
    assert!(peak <= BUDGET, "{peak} bytes live at once");
}
