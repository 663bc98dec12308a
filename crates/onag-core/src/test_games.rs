//! Games the unit tests of several modules share.

use crate::ImpartialGame;

/// A chain (n goes to n - 1, a value of n mod 2) whose positions each say they keep
/// [`HEAVY`] bytes on the heap: what the solvers count against their memory budgets.
pub(crate) struct HeavyChain;

/// The bytes each position of [`HeavyChain`] says it keeps.
pub(crate) const HEAVY: usize = 100_000;

impl ImpartialGame for HeavyChain {
    type Position = u32;

    fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
        n.checked_sub(1).into_iter()
    }

    fn position_bytes(&self, _: &u32) -> usize {
        HEAVY
    }
}

/// A chain (n goes to n - 1) whose every list of moves takes a millisecond: a game whose steps
/// are slow, for the progress reports.
pub(crate) struct SlowChain;

impl ImpartialGame for SlowChain {
    type Position = u32;

    fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
        std::thread::sleep(std::time::Duration::from_millis(1));
        n.checked_sub(1).into_iter()
    }
}

/// A progress callback counting its calls, and the count.
pub(crate) fn counted() -> (
    impl FnMut(u64) + 'static,
    std::sync::Arc<std::sync::atomic::AtomicU64>,
) {
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let counter = std::sync::Arc::clone(&calls);
    let callback = move |_| {
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    (callback, calls)
}
