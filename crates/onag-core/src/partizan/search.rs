//! Who wins a partizan position, by a pruned search of the game tree: no canonical forms, so
//! it reaches boards whose forms are out of reach.

use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, mpsc};

use hashbrown::{DefaultHashBuilder, HashSet, HashTable};

use super::{Form, PartizanGame, PartizanOutcome};
use crate::error::{Error, Resource, Result};
use crate::search::table::{Padded, SHARDS, lock_shard};

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
    shared: Shared<'g, G>,
    /// Told the count of answers as it grows, every 4096.
    report: Option<&'g mut dyn FnMut(u64)>,
    /// The threads [`wins_each`](OutcomeSearch::wins_each) asks its questions on.
    threads: usize,
}

/// What the threads of a search share: the game, the answers known and their count.
struct Shared<'g, G: PartizanGame> {
    game: &'g G,
    /// For each sum of regions, whether the player to move wins: `[Right, Left]`, each once
    /// known.
    known: Known<G::Position>,
    /// How many answers `known` holds.
    answers: AtomicU64,
    max_positions: u64,
    /// The bytes `known` holds, by its own count, and their bound.
    bytes: AtomicU64,
    max_bytes: u64,
}

/// The answers known, in shards behind mutexes (a thread that finds a shard taken blocks on
/// it), as the impartial search's table keeps them. A key is hashed once: the hash picks the
/// shard and the place in it.
struct Known<P> {
    shards: Vec<Padded<Mutex<Answers<P>>>>,
    hasher: DefaultHashBuilder,
}

impl<P: Eq + Hash> Known<P> {
    fn new() -> Self {
        Known {
            shards: (0..SHARDS)
                .map(|_| Padded(Mutex::new(HashTable::new())))
                .collect(),
            hasher: DefaultHashBuilder::default(),
        }
    }

    /// The hash of `key` and its shard, locked.
    fn shard(&self, key: &[P]) -> (u64, MutexGuard<'_, Answers<P>>) {
        let hash = self.hasher.hash_one(key);
        (hash, lock_shard(&self.shards, hash))
    }

    fn get(&self, key: &[P], left: bool) -> Option<bool> {
        let (hash, shard) = self.shard(key);
        shard
            .find(hash, |(k, _)| k.as_slice() == key)
            .and_then(|(_, v)| v[usize::from(left)])
    }

    /// Learns an answer; the bytes a new entry takes (else 0): its slot, counted twice for
    /// the room a table keeps to grow, and its key's list on the heap.
    fn set(&self, key: Vec<P>, left: bool, wins: bool) -> u64 {
        let (hash, mut shard) = self.shard(&key);
        match shard.find_mut(hash, |(k, _)| *k == key) {
            Some((_, v)) => {
                v[usize::from(left)] = Some(wins);
                0
            }
            None => {
                let slot = std::mem::size_of::<(Vec<P>, [Option<bool>; 2])>() + 1;
                let bytes = 2 * slot * 8 / 7 + 16 + key.capacity() * std::mem::size_of::<P>();
                let mut v = [None; 2];
                v[usize::from(left)] = Some(wins);
                shard.insert_unique(hash, (key, v), |(k, _)| self.hasher.hash_one(k.as_slice()));
                bytes as u64
            }
        }
    }
}

/// A shard's answers: for each sum of regions, whether the player to move wins, `[Right,
/// Left]`.
type Answers<P> = HashTable<(Vec<P>, [Option<bool>; 2])>;

/// One thread's part of a search: told to give up when another thread has failed, and (the
/// calling thread's alone) reporting progress.
struct Run<'a> {
    abort: &'a AtomicBool,
    report: Option<&'a mut dyn FnMut(u64)>,
    /// The count of answers last reported.
    reported: u64,
}

struct Frame<P> {
    position: Vec<P>,
    left: bool,
    moves: Vec<Vec<P>>,
    next: usize,
}

impl<'g, G: PartizanGame> OutcomeSearch<'g, G> {
    /// A search of `game` that remembers at most `max_positions` positions, in at most 4 GiB
    /// ([`with_max_memory`](OutcomeSearch::with_max_memory)), on one thread.
    pub fn new(game: &'g G, max_positions: u64) -> Self {
        OutcomeSearch {
            shared: Shared {
                game,
                known: Known::new(),
                answers: AtomicU64::new(0),
                max_positions,
                bytes: AtomicU64::new(0),
                max_bytes: 4 << 30,
            },
            report: None,
            threads: 1,
        }
    }

    /// The search with the answers it remembers held within `bytes` (by its own count of
    /// their entries and keys): past it, a question answers
    /// [`Error::LimitExceeded`] with [`Resource::Memory`].
    #[must_use]
    pub fn with_max_memory(mut self, bytes: usize) -> Self {
        self.shared.max_bytes = bytes as u64;
        self
    }

    /// Tells `report` the count of answers remembered as it grows (every 4096): the progress
    /// of a long search.
    pub fn set_progress(&mut self, report: &'g mut dyn FnMut(u64)) {
        self.report = Some(report);
    }

    /// How many positions (each with the player to move) are remembered.
    pub fn positions(&self) -> u64 {
        self.shared.answers.load(Ordering::Relaxed)
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
        Ok(PartizanOutcome::of_wins(left_first, right_first))
    }

    /// Whether the player to move from `position` wins: Left when `left` is true.
    ///
    /// # Errors
    ///
    /// [`Error::Cycle`] when a position is reached from itself;
    /// [`Error::LimitExceeded`] for [`Resource::Positions`] or [`Resource::Memory`] past the
    /// search's bounds;
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
        let abort = AtomicBool::new(false);
        let mut run = Run {
            abort: &abort,
            report: reporter(&mut self.report),
            reported: 0,
        };
        let answer = self.shared.ask(parts, left, &mut run)?;
        Ok(answer.expect("only another thread's failure gives up a question"))
    }
}

impl<'g, G: PartizanGame + Sync> OutcomeSearch<'g, G>
where
    G::Position: Send + Sync,
{
    /// The search with [`wins_each`](OutcomeSearch::wins_each)'s questions asked on `threads`
    /// threads, which share what each learns: at least one, and at most the cores this
    /// process may use (past them, threads only take turns).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        self.threads = threads.clamp(1, cores);
        self
    }

    /// For each question `(parts, left)`, whether the player to move in the sum of `parts`
    /// (Left when `left`) wins: the questions asked side by side on the search's threads,
    /// each thread taking the next question not yet asked, every answer learnt shared by all
    /// (so that a position met by several questions is searched once, unless two threads
    /// meet it at the same time). The calling thread is one of them and alone reports
    /// progress; it waits for the others on a channel.
    ///
    /// The questions a front asks to list each player's winning first moves are of this kind:
    /// one for each move, all of them needed, and mostly independent.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::partizan::{OutcomeSearch, PartizanGame};
    ///
    /// // Each player may take one counter of a common heap, and Left may also take two.
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
    /// let mut search = OutcomeSearch::new(&Heap, 1_000).with_threads(2);
    /// // Left to move in 3 wins (she takes one, leaving 2: Right takes one, Left the last);
    /// // Right to move in 1 wins; Right to move in 2 loses.
    /// let asked = [(vec![3], true), (vec![1], false), (vec![2], false)];
    /// assert_eq!(search.wins_each(&asked)?, [true, true, false]);
    /// # Ok::<(), onag_core::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`wins`](OutcomeSearch::wins), from whichever thread met it first; the other
    /// threads then give up their questions.
    pub fn wins_each(&mut self, questions: &[(Vec<G::Position>, bool)]) -> Result<Vec<bool>> {
        let abort = AtomicBool::new(false);
        let next = AtomicUsize::new(0);
        let shared = &self.shared;
        // Takes the next question not yet asked, until none is left or a thread has failed.
        let ask_each = |run: &mut Run<'_>, answer: &mut dyn FnMut(usize, Result<Option<bool>>)| {
            while !run.abort.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((parts, left)) = questions.get(i) else {
                    break;
                };
                let result = shared.ask(parts, *left, run);
                if result.is_err() {
                    run.abort.store(true, Ordering::Relaxed);
                }
                answer(i, result);
            }
        };
        let mut answers: Vec<Option<bool>> = vec![None; questions.len()];
        let mut failure: Option<Error> = None;
        let mut keep = |i: usize, result: Result<Option<bool>>| match result {
            Ok(answer) => answers[i] = answer,
            Err(error) => {
                failure.get_or_insert(error);
            }
        };
        let helpers = self.threads.min(questions.len()).saturating_sub(1);
        let in_force = crate::Stop::in_force();
        let report = reporter(&mut self.report);
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for _ in 0..helpers {
                let (sender, ask_each, in_force, abort) =
                    (sender.clone(), &ask_each, &in_force, &abort);
                scope.spawn(move || {
                    crate::Stop::run_all(in_force, || {
                        let mut run = Run {
                            abort,
                            report: None,
                            reported: 0,
                        };
                        ask_each(&mut run, &mut |i, result| {
                            let _ = sender.send((i, result));
                        });
                    });
                });
            }
            drop(sender);
            let mut run = Run {
                abort: &abort,
                report,
                reported: 0,
            };
            ask_each(&mut run, &mut keep);
            // Blocks until every helper has ended and dropped its sender.
            for (i, result) in receiver {
                keep(i, result);
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        Ok(answers
            .into_iter()
            .map(|answer| answer.expect("every question is answered unless one failed"))
            .collect())
    }
}

impl<G: PartizanGame> Shared<'_, G> {
    /// Whether the player to move in the sum of `parts` wins (Left when `left`), or `None`
    /// when another thread failed first.
    fn ask(&self, parts: &[G::Position], left: bool, run: &mut Run<'_>) -> Result<Option<bool>> {
        let mut root = Vec::new();
        for part in parts {
            self.split_into(part, &mut root);
        }
        root.sort_unstable_by(order);
        if let Some(v) = self.settled(&root, left) {
            return Ok(Some(v));
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
                if run.abort.load(Ordering::Relaxed) {
                    return Ok(None);
                }
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
            self.remember(key, wins, run)?;
            finished = Some(wins);
        }
        // The root's frame was the last to finish.
        Ok(finished)
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
        if let Some(v) = self.known.get(regions, left) {
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
        &self,
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

    fn remember(
        &self,
        (regions, left): (Vec<G::Position>, bool),
        wins: bool,
        run: &mut Run<'_>,
    ) -> Result<()> {
        let answers = self.answers.fetch_add(1, Ordering::Relaxed) + 1;
        if answers > self.max_positions {
            self.answers.fetch_sub(1, Ordering::Relaxed);
            return Err(Error::LimitExceeded {
                resource: Resource::Positions,
                limit: self.max_positions,
            });
        }
        if let Some(report) = run.report.as_mut() {
            if answers >= run.reported + 4096 {
                run.reported = answers - answers % 4096;
                report(answers);
            }
        }
        let bytes = self.known.set(regions, left, wins);
        if bytes > 0 && self.bytes.fetch_add(bytes, Ordering::Relaxed) + bytes > self.max_bytes {
            return Err(Error::LimitExceeded {
                resource: Resource::Memory,
                limit: self.max_bytes,
            });
        }
        Ok(())
    }
}

/// The progress callback, borrowed for one question's run.
fn reporter<'a>(report: &'a mut Option<&mut dyn FnMut(u64)>) -> Option<&'a mut dyn FnMut(u64)> {
    match report.as_mut() {
        Some(report) => Some(&mut **report),
        None => None,
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
