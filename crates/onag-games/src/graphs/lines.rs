//! Paths and cycles, on which the graph games are octal games.
//!
//! Arc Kayles on a path of n vertices is Dawson's Kayles (0.07: a move takes two neighbours,
//! leaving the vertices on either side), and so is Cram on a row of n cells, or on any region
//! whose free cells link up as a path (Cram is Arc Kayles on the graph of free cells). Node
//! Kayles on a path of n vertices is Dawson's chess (0.137: a vertex at the end takes two, one
//! inside three, and a lone vertex one). On a cycle, every first move leaves the path of the
//! others: n - 2 vertices in Arc Kayles, n - 3 in Node Kayles, so the cycle's nimber is the mex
//! of that path's alone. Both octal games are proven periodic (period 34; Guy & Smith 1956,
//! OEIS A002187), so [`GrundySequence`] answers a path of any length after a few hundred heaps:
//! a search of a long path, 1 × 4000 Cram or Node Kayles on `path:1024`, is one look-up.
//!
//! In misère play the paths of a position do not combine by their nimbers, but a sum of paths
//! is a sum of heaps of Dawson's chess, whose misère quotient (Plambeck & Siegel 2008) answers
//! it in one product: see [`misere_dawsons_chess`].

use std::sync::{Mutex, OnceLock, PoisonError};

use onag_core::{Budget, Outcome};
use smallvec::SmallVec;

use crate::{GrundySequence, HeapQuotient, TakeAndBreak, misere_quotient};

/// A connected graph whose every vertex has at most two neighbours, by its number of vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Line {
    Path(u64),
    Cycle(u64),
}

impl Line {
    /// The line that `vertices` and their `neighbours` make (each neighbour one of the
    /// vertices), or `None` when some vertex has three neighbours or more or the graph is not
    /// connected. `edges` is the number of edges, which settles most graphs at once: a path has
    /// one fewer than its vertices, a cycle as many.
    pub(crate) fn of<I: Iterator<Item = usize>>(
        vertices: impl Iterator<Item = usize> + Clone,
        edges: usize,
        neighbours: impl Fn(usize) -> I,
    ) -> Option<Line> {
        let n = vertices.clone().count();
        if edges + 1 != n && edges != n {
            return None;
        }
        let mut start = None;
        for vertex in vertices {
            match neighbours(vertex).count() {
                0 | 1 => start = Some(vertex),
                2 => start = start.or(Some(vertex)),
                _ => return None,
            }
        }
        let Some(start) = start else {
            return Line::connected(0, 0);
        };
        // With every degree at most two, the walk from an end (for a path: the last vertex
        // with fewer than two neighbours) or from any vertex (for a cycle, where every degree
        // is two) visits its whole component: the graph is connected when that is every vertex.
        let (mut previous, mut here, mut seen) = (usize::MAX, start, 1);
        while let Some(next) = neighbours(here).find(|&next| next != previous) {
            if next == start {
                break;
            }
            (previous, here, seen) = (here, next, seen + 1);
        }
        if seen != n {
            return None;
        }
        Line::connected(n as u64, edges as u64)
    }

    /// The line a connected graph is whose every vertex has at most two neighbours: a path
    /// when it has one edge fewer than vertices, a cycle when as many.
    pub(crate) fn connected(vertices: u64, edges: u64) -> Option<Line> {
        if edges + 1 == vertices || vertices == 0 {
            Some(Line::Path(vertices))
        } else if edges == vertices {
            Some(Line::Cycle(vertices))
        } else {
            None
        }
    }

    /// The nimber of Arc Kayles (or Cram) on this line.
    pub(crate) fn arc_kayles(self) -> Option<u64> {
        self.value(dawsons_kayles(), 2)
    }

    /// The nimber of Node Kayles on this line.
    pub(crate) fn node_kayles(self) -> Option<u64> {
        self.value(dawsons_chess(), 3)
    }

    /// The path's value in `sequence`, or the mex of that of the path a move on the cycle
    /// leaves (`taken` vertices fewer).
    fn value(self, sequence: Option<&GrundySequence>, taken: u64) -> Option<u64> {
        let sequence = sequence?;
        match self {
            Line::Path(n) => sequence.value(n),
            Line::Cycle(n) => {
                let left = sequence.value(n.checked_sub(taken)?)?;
                Some(u64::from(left == 0))
            }
        }
    }
}

/// The values of Dawson's Kayles, made once a process (`None` if the engine failed, when the
/// search does without them).
fn dawsons_kayles() -> Option<&'static GrundySequence> {
    static VALUES: OnceLock<Option<GrundySequence>> = OnceLock::new();
    VALUES
        .get_or_init(|| proven(&TakeAndBreak::dawsons_kayles()))
        .as_ref()
}

/// The values of Dawson's chess, made once a process.
fn dawsons_chess() -> Option<&'static GrundySequence> {
    static VALUES: OnceLock<Option<GrundySequence>> = OnceLock::new();
    VALUES
        .get_or_init(|| proven(&TakeAndBreak::dawsons_chess()))
        .as_ref()
}

/// The largest heap of Dawson's chess (vertices of a path in Node Kayles) whose misère play
/// [`misere_dawsons_chess`] answers. The quotient grows fast past it: made to heap 28 it takes
/// about 0.13 s, to 30 0.7 s, to 32 1.8 s (this machine, `onag quotient dawson-chess --to N`).
const MISERE_HEAPS: u64 = 28;

/// The heaps to which Dawson's chess's quotient is made in a few milliseconds (order 24 at
/// heap 20).
const CHEAP_HEAPS: u64 = 20;

/// The misère outcome of the sum of these heaps of Dawson's chess (octal 0.137), each at most
/// [`MISERE_HEAPS`], from its misère quotient; `None` for a larger heap. Node Kayles on paths
/// of these numbers of vertices is that sum, and so is Arc Kayles on paths of one vertex more
/// each, so a misère search of those games finds every position made of short paths answered
/// at once instead of searched: `value --misere node-kayles path:30 path:31` took 94 s and
/// takes 0.2 s, `arc-kayles path:40 path:20` 57 s and 0.3 s.
///
/// The quotient is made once a process: to the largest heap asked for while that is at most
/// [`CHEAP_HEAPS`] (a few milliseconds), else at once to [`MISERE_HEAPS`], so that a search
/// whose positions' largest paths grow as it goes makes it at most once past the cheap ones;
/// one that cannot be made is not tried again. It is small beside any search's budget (order 176 at heap 28: a table of 124
/// KiB), and bounded by its own (256 MiB).
pub(crate) fn misere_dawsons_chess(heaps: &[u64]) -> Option<Outcome> {
    /// The quotient made, and the least heap it could not be made to.
    struct Held {
        quotient: Option<HeapQuotient>,
        failed: u64,
    }
    static HELD: Mutex<Held> = Mutex::new(Held {
        quotient: None,
        failed: u64::MAX,
    });
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > MISERE_HEAPS {
        return None;
    }
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    let reached = held.quotient.as_ref().map(|q| q.quotient.heap_reached());
    if reached.is_none_or(|reached| reached < largest) {
        let target = if largest <= CHEAP_HEAPS {
            largest
        } else {
            MISERE_HEAPS
        };
        if target >= held.failed {
            return None;
        }
        let budget = Budget {
            memory: 256 << 20,
            ..Budget::DEFAULT
        };
        let made = misere_quotient(
            &TakeAndBreak::dawsons_chess(),
            target,
            None,
            budget,
            &mut |_| {},
        )
        .ok()
        .filter(|q| q.quotient.heap_reached() >= target);
        match made {
            Some(quotient) => held.quotient = Some(quotient),
            None => {
                held.failed = target;
                return None;
            }
        }
    }
    held.quotient.as_ref()?.outcome(heaps)
}

/// The misère outcome of `parts` side by side when every component of every part is a path
/// (`lengths` gives a part's paths' numbers of vertices, or `None`), as the sum of the heaps
/// of Dawson's chess of each path's vertices less `fewer` (0 for Node Kayles, 1 for Arc Kayles
/// and Cram).
pub(crate) fn misere_paths<T>(
    parts: &[T],
    lengths: impl Fn(&T) -> Option<SmallVec<[u64; 8]>>,
    fewer: u64,
) -> Option<Outcome> {
    let mut heaps: SmallVec<[u64; 8]> = SmallVec::new();
    for part in parts {
        heaps.extend(lengths(part)?.into_iter().map(|vertices| vertices - fewer));
    }
    misere_dawsons_chess(&heaps)
}

/// The sequence of `game` up to its proven period (a few hundred heaps for these two).
fn proven(game: &TakeAndBreak) -> Option<GrundySequence> {
    let budget = onag_core::Budget {
        options: 1 << 24,
        ..onag_core::Budget::DEFAULT
    };
    GrundySequence::compute_with(game, u64::MAX, budget, |_| {})
        .ok()
        .filter(|sequence| sequence.period().is_some_and(|period| period.proven))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cycle(n: usize) -> Vec<Vec<usize>> {
        (0..n).map(|v| vec![(v + n - 1) % n, (v + 1) % n]).collect()
    }

    fn line(adjacency: &[Vec<usize>]) -> Option<Line> {
        let edges = adjacency.iter().map(Vec::len).sum::<usize>() / 2;
        Line::of(0..adjacency.len(), edges, |v| adjacency[v].iter().copied())
    }

    #[test]
    fn paths_and_cycles_are_told_from_other_graphs() {
        let path = vec![vec![1], vec![0, 2], vec![1]];
        assert_eq!(line(&path), Some(Line::Path(3)));
        assert_eq!(line(&[vec![]]), Some(Line::Path(1)));
        assert_eq!(line(&cycle(5)), Some(Line::Cycle(5)));
        // A triangle and a lone vertex: three edges on four vertices, but not connected.
        let apart = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![]];
        assert_eq!(line(&apart), None);
        // Two triangles: as many edges as vertices, every degree two, two components.
        let two = vec![
            vec![1, 2],
            vec![0, 2],
            vec![0, 1],
            vec![4, 5],
            vec![3, 5],
            vec![3, 4],
        ];
        assert_eq!(line(&two), None);
        // A star of three leaves: a tree, but its centre has three neighbours.
        let star = vec![vec![1, 2, 3], vec![0], vec![0], vec![0]];
        assert_eq!(line(&star), None);
    }
}
