//! The second core's part of the sparse method: the splits of each heap with a rare part,
//! valued a heap ahead of the engine on a helper thread.

use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};
use std::thread::Scope;

use super::SplitSet;

/// Rare heaps from which the sparse method hands their splits to a second core: below this,
/// a heap's share (some hundreds of nanoseconds) is no more than the hand-off costs.
pub(super) const HELPER_RARE: usize = 256;

/// Heaps that must remain for a helper to start.
pub(super) const HELPER_HEAPS: u64 = 1 << 12;

/// The helper keeps its own copy of the sequence in 16 bits a value; beyond this many heaps (a
/// 128 MB copy) it is not started, so that long runs keep to two bytes a value.
pub(super) const HELPER_LAST: u64 = 1 << 26;

/// How many times a waiting thread polls before it gives way to other threads, and how many
/// times it gives way before it sleeps: the other side usually answers within microseconds,
/// far sooner than a sleeping thread wakes, but when more threads than cores are running
/// (parallel tests, say) it must not hold a core that the other side needs.
const SPINS: u32 = 1 << 14;
const YIELDS: u32 = 1 << 6;

/// The engine's end of the link to a helper thread.
pub(super) struct Link {
    to_helper: SyncSender<Advance>,
    results: Receiver<SplitSet>,
    /// The engine's previous buffer, to go back to the helper with the next advance.
    returned: Option<SplitSet>,
}

/// The value of the next heap, whether it is rare, and a buffer for the helper to reuse.
struct Advance {
    value: u64,
    rare: bool,
    buffer: Option<SplitSet>,
}

impl Link {
    /// Starts a helper for heaps `first` and on, with the sequence so far, the rare heaps with
    /// their values, and the splitting takes from 1 up that it is to value.
    pub(super) fn start<'scope>(
        scope: &'scope Scope<'scope, '_>,
        values: Vec<u16>,
        rare: Vec<(u64, u64)>,
        takes: Vec<(u64, bool)>,
        first: u64,
    ) -> Link {
        let (to_helper, advances) = sync_channel(4);
        let (to_engine, results) = sync_channel(4);
        let spare = vec![SplitSet::new(), SplitSet::new()];
        scope.spawn(move || help(values, rare, takes, first, spare, advances, to_engine));
        Link {
            to_helper,
            results,
            returned: None,
        }
    }

    /// Puts the helper's split values for the next heap in `flags`, keeping the buffer they
    /// replace to give back; false if the helper has gone.
    pub(super) fn take_into(&mut self, flags: &mut SplitSet) -> bool {
        match receive(&self.results) {
            Some(helped) => {
                self.returned = Some(std::mem::replace(flags, helped));
                true
            }
            None => false,
        }
    }

    /// Tells the helper the value of the heap just computed; false if the helper has gone.
    pub(super) fn advance(&mut self, value: u64, rare: bool) -> bool {
        let buffer = self.returned.take();
        self.to_helper
            .send(Advance {
                value,
                rare,
                buffer,
            })
            .is_ok()
    }
}

/// Waits for a message, polling for a while before sleeping; `None` once the sender is gone.
fn receive<T>(from: &Receiver<T>) -> Option<T> {
    for attempt in 0..SPINS + YIELDS {
        match from.try_recv() {
            Ok(message) => return Some(message),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) if attempt < SPINS => {
                std::hint::spin_loop();
            }
            Err(TryRecvError::Empty) => std::thread::yield_now(),
        }
    }
    from.recv().ok()
}

/// The helper thread: values the splits with a rare part of heap `first` and on, for every
/// splitting take from 1 up, a heap ahead of the engine. Heap m needs values up to m - 2 only
/// (its largest part is m - 2), so the helper works on heap n + 1 while the engine finishes
/// heap n. It ends when the engine drops its link.
fn help(
    mut values: Vec<u16>,
    mut rare: Vec<(u64, u64)>,
    takes: Vec<(u64, bool)>,
    first: u64,
    mut spare: Vec<SplitSet>,
    advances: Receiver<Advance>,
    results: SyncSender<SplitSet>,
) {
    let mut next = first;
    loop {
        while values.len() as u64 + 1 >= next {
            let Some(mut flags) = spare.pop() else { break };
            flags.clear();
            for &(k, distinct) in &takes {
                if k + 2 <= next {
                    flags.scan_parts(&values, &rare, next - k, distinct);
                }
            }
            if results.send(flags).is_err() {
                return;
            }
            next += 1;
        }
        let Some(advance) = receive(&advances) else {
            return;
        };
        let heap = values.len() as u64;
        values.push(advance.value as u16);
        if advance.rare {
            rare.push((heap, advance.value));
        }
        spare.extend(advance.buffer);
    }
}
