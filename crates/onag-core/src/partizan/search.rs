//! Who wins a partizan position, by a pruned search of the game tree: no canonical forms, so
//! it reaches boards whose forms are out of reach.

use hashbrown::{HashMap, HashSet};

use super::{Form, PartizanGame, PartizanOutcome};
use crate::error::{Error, Resource, Result};

/// The outcome of a partizan position found by searching its moves: the player to move wins
/// exactly when one of their moves leaves a position that the other player, moving next,
/// loses (the definition of the outcome classes; Siegel, CGT §I.1). A search stops at the first
/// winning move it finds, so it visits far fewer positions than the canonical form needs,
/// but it answers only who wins, not by how much: the outcome of a sum is not a function of
/// its parts' outcomes, so a position is searched whole.
///
/// A position is searched as the sum of its independent regions
/// ([`PartizanGame::components`]), kept as the sorted list of their representatives
/// ([`PartizanGame::canonical`]), so that the same regions met in any order, and a region met
/// in several sums, are one entry with the player to move. A sum whose regions all have a
/// [closed form](PartizanGame::closed_form) is answered from it. The search uses an explicit
/// stack (no recursion on the game's depth).
///
/// # Examples
///
/// ```
/// use onag_core::partizan::{OutcomeSearch, PartizanGame, PartizanOutcome};
///
/// // Each player may take one counter of a common heap, and Left may also take two: a
/// // heap of n counters is won by whoever moves first, except that Left always wins when
/// // the heap holds two or more (she can keep the parity hers).
/// struct Heap;
/// impl PartizanGame for Heap {
///     type Position = u32;
///     fn left_moves(&self, n: &u32) -> impl Iterator<Item = u32> {
///         (1..=2).filter(move |k| k <= n).map(move |k| n - k)
///     }
///     fn right_moves(&self, n: &u32) -> impl Iterator<Item = u32> {
///         (*n >= 1).then(|| n - 1).into_iter()
///     }
/// }
/// let mut search = OutcomeSearch::new(&Heap, 1_000);
/// assert_eq!(search.outcome(&0)?, PartizanOutcome::Previous);
/// assert_eq!(search.outcome(&1)?, PartizanOutcome::Next);
/// assert_eq!(search.outcome(&4)?, PartizanOutcome::Left);
/// # Ok::<(), onag_core::Error>(())
/// ```
pub struct OutcomeSearch<'g, G: PartizanGame> {
    game: &'g G,
    /// Told the count of answers as it grows, every 4096.
    report: Option<&'g mut dyn FnMut(u64)>,
    /// For each sum of regions, whether the player to move wins: `[Right, Left]`, each once
    /// known.
    known: HashMap<Vec<G::Position>, [Option<bool>; 2]>,
    /// How many answers `known` holds.
    answers: u64,
    max_positions: u64,
}

struct Frame<P> {
    position: Vec<P>,
    left: bool,
    moves: Vec<Vec<P>>,
    next: usize,
}

impl<'g, G: PartizanGame> OutcomeSearch<'g, G> {
    /// A search of `game` that remembers at most `max_positions` positions.
    pub fn new(game: &'g G, max_positions: u64) -> Self {
        OutcomeSearch {
            game,
            known: HashMap::new(),
            report: None,
            answers: 0,
            max_positions,
        }
    }

    /// Tells `report` the count of answers remembered as it grows (every 4096): the progress
    /// of a long search.
    pub fn set_progress(&mut self, report: &'g mut dyn FnMut(u64)) {
        self.report = Some(report);
    }

    /// How many positions (each with the player to move) are remembered.
    pub fn positions(&self) -> u64 {
        self.answers
    }

    /// The outcome class of `position`.
    ///
    /// # Errors
    ///
    /// As [`wins`](OutcomeSearch::wins).
    pub fn outcome(&mut self, position: &G::Position) -> Result<PartizanOutcome> {
        self.outcome_of_sum(std::slice::from_ref(position))
    }

    /// The outcome class of the sum of `parts`.
    ///
    /// # Errors
    ///
    /// As [`wins`](OutcomeSearch::wins).
    pub fn outcome_of_sum(&mut self, parts: &[G::Position]) -> Result<PartizanOutcome> {
        let left_first = self.wins_sum(parts, true)?;
        let right_first = self.wins_sum(parts, false)?;
        Ok(match (left_first, right_first) {
            (true, true) => PartizanOutcome::Next,
            (false, false) => PartizanOutcome::Previous,
            (true, false) => PartizanOutcome::Left,
            (false, true) => PartizanOutcome::Right,
        })
    }

    /// Whether the player to move from `position` wins: Left when `left` is true.
    ///
    /// # Errors
    ///
    /// [`Error::Cycle`] when a position is reached from itself;
    /// [`Error::LimitExceeded`] for [`Resource::Positions`] past the search's bound;
    /// [`Error::Stopped`] on a stop request.
    pub fn wins(&mut self, position: &G::Position, left: bool) -> Result<bool> {
        self.wins_sum(std::slice::from_ref(position), left)
    }

    /// Whether the player to move in the sum of `parts` wins: Left when `left` is true.
    ///
    /// # Errors
    ///
    /// As [`wins`](OutcomeSearch::wins).
    pub fn wins_sum(&mut self, parts: &[G::Position], left: bool) -> Result<bool> {
        let mut root = Vec::new();
        for part in parts {
            self.split_into(part, &mut root);
        }
        root.sort_unstable_by(order);
        if let Some(v) = self.settled(&root, left) {
            return Ok(v);
        }
        let mut open: HashSet<(Vec<G::Position>, bool)> = HashSet::new();
        let mut stack = vec![self.frame(root.clone(), left, &mut open)?];
        let mut steps = 0u32;
        // The answer of the frame just finished, for the frame below it.
        let mut finished: Option<bool> = None;
        while let Some(top) = stack.last_mut() {
            steps = steps.wrapping_add(1);
            if steps % 256 == 0 {
                crate::stop::check_stop()?;
            }
            // The mover wins as soon as a move leaves the opponent a loss.
            let mut wins = finished.take() == Some(false);
            let mut unknown = None;
            while !wins && top.next < top.moves.len() {
                let q = std::mem::take(&mut top.moves[top.next]);
                top.next += 1;
                match self.settled(&q, !top.left) {
                    Some(opponent_wins) => wins = !opponent_wins,
                    None => {
                        unknown = Some((q, !top.left));
                        break;
                    }
                }
            }
            if let Some((q, left)) = unknown {
                let frame = self.frame(q, left, &mut open)?;
                stack.push(frame);
                continue;
            }
            // A winning move found, or every move tried.
            let frame = stack.pop().expect("a frame is on the stack");
            let key = (frame.position, frame.left);
            open.remove(&key);
            self.remember(key, wins)?;
            finished = Some(wins);
        }
        Ok(self.known[&root][usize::from(left)].expect("the search has just answered"))
    }

    /// Appends the representatives of `position`'s regions to `out`.
    fn split_into(&self, position: &G::Position, out: &mut Vec<G::Position>) {
        let game = self.game;
        match game.components(position).filter(|parts| parts.len() > 1) {
            Some(parts) => out.extend(parts.iter().map(|q| game.canonical(q))),
            None => out.push(game.canonical(position)),
        }
    }

    /// The answer known without a search: remembered, or from the rules' closed forms.
    fn settled(&self, regions: &[G::Position], left: bool) -> Option<bool> {
        if let Some(v) = self.known.get(regions).and_then(|v| v[usize::from(left)]) {
            return Some(v);
        }
        let mut sum = Form::zero();
        for region in regions {
            sum = sum.add(self.game.closed_form(region)?).ok()?;
        }
        Some(match sum.outcome().ok()? {
            PartizanOutcome::Next => true,
            PartizanOutcome::Previous => false,
            PartizanOutcome::Left => left,
            PartizanOutcome::Right => !left,
        })
    }

    /// A frame for the sum of `regions` with `left` to move, its moves listed: a move in one
    /// region, the region replaced by the regions it leaves.
    fn frame(
        &mut self,
        regions: Vec<G::Position>,
        left: bool,
        open: &mut HashSet<(Vec<G::Position>, bool)>,
    ) -> Result<Frame<G::Position>> {
        if !open.insert((regions.clone(), left)) {
            return Err(Error::Cycle {
                position: "a position of this partizan game".to_string(),
            });
        }
        let game = self.game;
        let mut moves = Vec::new();
        for (i, region) in regions.iter().enumerate() {
            let nexts: Vec<G::Position> = if left {
                game.left_moves(region).collect()
            } else {
                game.right_moves(region).collect()
            };
            for next in nexts {
                let mut after: Vec<G::Position> = Vec::with_capacity(regions.len() + 2);
                after.extend_from_slice(&regions[..i]);
                after.extend_from_slice(&regions[i + 1..]);
                self.split_into(&next, &mut after);
                after.sort_unstable_by(order);
                moves.push(after);
            }
        }
        Ok(Frame {
            position: regions,
            left,
            moves,
            next: 0,
        })
    }

    fn remember(&mut self, (regions, left): (Vec<G::Position>, bool), wins: bool) -> Result<()> {
        if self.answers >= self.max_positions {
            return Err(Error::LimitExceeded {
                resource: Resource::Positions,
                limit: self.max_positions,
            });
        }
        self.answers += 1;
        if self.answers % 4096 == 0 {
            if let Some(report) = self.report.as_mut() {
                report(self.answers);
            }
        }
        self.known.entry(regions).or_default()[usize::from(left)] = Some(wins);
        Ok(())
    }
}

/// An order of positions for sorting a sum's regions into one list: by a hash fixed for the
/// whole process (positions need only be `Eq + Hash`). Two different regions of one hash may
/// then be listed either way round, which costs at most a second entry for the same sum,
/// never a wrong answer: entries are keyed by the lists themselves.
fn order<P: std::hash::Hash>(a: &P, b: &P) -> std::cmp::Ordering {
    fn fixed_hash<P: std::hash::Hash>(p: &P) -> u64 {
        use std::hash::{DefaultHasher, Hasher};
        let mut hasher = DefaultHasher::new();
        p.hash(&mut hasher);
        hasher.finish()
    }
    fixed_hash(a).cmp(&fixed_hash(b))
}
