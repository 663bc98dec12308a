//! The nimber of one large position by pruned search, without valuing every position it can
//! reach.
//!
//! The [`Solver`](crate::Solver) values every position a game can reach from the one asked
//! about. For one large position (a Cram board, a Chomp bar, a graph for Node Kayles) that is
//! far too many, and [`NimberSearch`] asks yes-or-no questions instead, after Lemoine & Viennot
//! (*Nimbers are inevitable*, Theoretical Computer Science 462, 2012):
//!
//! - **Is C + \*k a P-position?** For one component C, it is exactly when no option C' + \*k is
//!   a P-position and no C + \*j (j < k) is: the first option found that *is* one refutes it,
//!   so most options are never valued.
//! - **The nimber of C** is the first k for which the answer is yes.
//! - **A sum** D₁ + ... + Dₘ + \*k is a P-position exactly when the nimbers xor to k: the smaller
//!   components are valued (they are cheap and shared), and the largest is only asked the
//!   question with the others' nimbers folded into k.
//!
//! A transposition table remembers, for each component, its nimber once known and the k for
//! which C + \*k is known not to be a P-position. It is bounded by the budget's memory and
//! positions: once full it stops taking new entries, which costs time, never correctness. The
//! search runs on an explicit stack of frames (no recursion on the call stack), so a game any
//! number of moves deep fits.
//!
//! A game whose positions can repeat breaks the finiteness law; such a search ends with
//! [`Error::LimitExceeded`](crate::Error::LimitExceeded) when its stack outgrows the positions
//! budget.

use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

use hashbrown::{DefaultHashBuilder, HashMap};

use crate::{Budget, ImpartialGame, Nimber, Resource, Result};

/// The most entries a table takes within `budget`: half its memory, at most its positions.
fn capacity_for<P>(budget: Budget) -> usize {
    // A table entry: the key, the entry and the map's control byte, with its spare room.
    let bytes = (std::mem::size_of::<P>() + std::mem::size_of::<Entry>() + 1) * 8 / 7;
    let by_memory = budget.memory / (bytes as u64).max(1) / 2;
    usize::try_from(by_memory.min(budget.positions)).unwrap_or(usize::MAX)
}

/// What a search did: the work, and how often the table answered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Questions "is C + \*k a P-position?" that were searched (not answered by the table).
    pub positions: u64,
    /// Questions the table answered.
    pub table_hits: u64,
    /// Components in the table now.
    pub table_entries: u64,
    /// Options generated.
    pub options: u64,
}

/// What the table knows of a component.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The nimber, or `u64::MAX` while unknown.
    nimber: u64,
    /// Bit k set: C + *k is known not to be a P-position (for k < 64).
    not_p: u64,
    /// Whether the game's closed forms have been asked about this component.
    asked: bool,
}

/// A frame of the explicit stack. Each answers one number to the frame below it: a nimber,
/// or 1 for yes and 0 for no.
enum Frame<P> {
    /// The nimber of a component: asking "C + *k P?" for k = 0, 1, ...
    Nimber { component: P, k: u64 },
    /// "Is C + *k a P-position?"
    IsP {
        component: P,
        k: u64,
        state: IsPState<P>,
    },
    /// "Is the sum of `parts` + *k a P-position?": the nimbers of all parts but the largest,
    /// then the question, with them folded into k, to the largest.
    Sum {
        parts: Vec<P>,
        k: u64,
        largest: usize,
        next: usize,
        folded: u64,
    },
}

/// Where an "is C + *k P?" frame is.
enum IsPState<P> {
    /// Not yet looked at.
    Start,
    /// Asking whether option `next - 1` (as its parts) + *k is a P-position.
    Options { options: Vec<Vec<P>>, next: usize },
    /// Asking whether C + *(j - 1) is a P-position.
    Smaller { j: u64 },
}

/// The nimber, the outcome and a winning move of one position, by pruned search (see the
/// module docs).
///
/// # Examples
///
/// ```
/// use cgt_core::{ImpartialGame, Nimber, NimberSearch};
///
/// /// Take one or two from a heap.
/// struct Take;
/// impl ImpartialGame for Take {
///     type Position = u32;
///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
///         (1..=2).filter(move |&t| t <= n).map(move |t| n - t)
///     }
/// }
///
/// let mut search = NimberSearch::new(Take);
/// assert_eq!(search.nimber(&10)?, Nimber::new(1));
/// assert!(search.is_p_position(&9)?);
/// assert_eq!(search.winning_move(&10)?, Some(9));
/// # Ok::<(), cgt_core::Error>(())
/// ```
pub struct NimberSearch<G: ImpartialGame> {
    game: G,
    budget: Budget,
    table: Table<G::Position>,
    stats: SearchStats,
    progress: Option<Box<dyn FnMut(u64)>>,
    threads: usize,
}

/// The transposition table, shared by the threads of a search: shards behind mutexes (a
/// thread that finds a shard taken blocks on it), each bounded.
struct Table<P> {
    shards: Vec<Mutex<HashMap<P, Entry>>>,
    per_shard: usize,
    hasher: DefaultHashBuilder,
}

const SHARDS: usize = 64;

impl<P: Eq + Hash + Clone> Table<P> {
    fn new(capacity: usize) -> Table<P> {
        Table {
            shards: (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect(),
            per_shard: capacity.div_ceil(SHARDS),
            hasher: DefaultHashBuilder::default(),
        }
    }

    fn shard(&self, key: &P) -> std::sync::MutexGuard<'_, HashMap<P, Entry>> {
        let index = self.hasher.hash_one(key) as usize % SHARDS;
        // A poisoned shard (a panic elsewhere) still holds sound entries.
        self.shards[index]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn get(&self, key: &P) -> Option<Entry> {
        self.shard(key).get(key).copied()
    }

    fn update(&self, key: &P, update: impl FnOnce(&mut Entry)) {
        let mut shard = self.shard(key);
        if let Some(entry) = shard.get_mut(key) {
            update(entry);
        } else if shard.len() < self.per_shard {
            let mut entry = Entry {
                nimber: u64::MAX,
                not_p: 0,
                asked: false,
            };
            update(&mut entry);
            shard.insert(key.clone(), entry);
        }
    }

    fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|shard| {
                shard
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .len()
            })
            .sum()
    }
}

impl<G> NimberSearch<G>
where
    G: ImpartialGame + Sync,
    G::Position: Send + Sync,
{
    /// A search of `game` with the default [`Budget`], on one thread.
    pub fn new(game: G) -> NimberSearch<G> {
        NimberSearch {
            game,
            budget: Budget::DEFAULT,
            table: Table::new(capacity_for::<G::Position>(Budget::DEFAULT)),
            stats: SearchStats::default(),
            progress: None,
            threads: 1,
        }
    }

    /// The same search with `budget`: its memory (and positions) bound the table, its options
    /// bound the work. The table starts empty.
    pub fn with_budget(mut self, budget: Budget) -> NimberSearch<G> {
        self.budget = budget;
        self.table = Table::new(capacity_for::<G::Position>(budget));
        self
    }

    /// The same search on `threads` threads (at least 1): each searches the same question,
    /// the others with their options in another order, all sharing the table, so that what one
    /// settles the others reuse; the first to answer ends the search. Threads meet only on the
    /// table's locks and on a channel, both blocking: none spins.
    pub fn with_threads(mut self, threads: usize) -> NimberSearch<G> {
        self.threads = threads.max(1);
        self
    }

    /// The same search, calling `progress` with the questions searched so far every 2^16.
    pub fn with_progress(mut self, progress: impl FnMut(u64) + 'static) -> NimberSearch<G> {
        self.progress = Some(Box::new(progress));
        self
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The budget.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// What the searches so far did (all threads).
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            table_entries: self.table.len() as u64,
            ..self.stats
        }
    }

    /// The canonical components of `position`.
    fn split(&self, position: &G::Position) -> Vec<G::Position> {
        split(&self.game, position)
    }

    /// Answers the question `root` makes, on the search's threads (see
    /// [`with_threads`](Self::with_threads)).
    fn run(&mut self, root: impl Fn() -> Frame<G::Position> + Sync) -> Result<u64> {
        let stop = AtomicBool::new(false);
        let (game, table, budget, threads) = (&self.game, &self.table, self.budget, self.threads);
        let progress: Option<&mut dyn FnMut(u64)> = match self.progress.as_mut() {
            Some(progress) => Some(progress.as_mut()),
            None => None,
        };
        let (result, stats) = std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for index in 1..threads {
                let (sender, root, stop) = (sender.clone(), &root, &stop);
                scope.spawn(move || {
                    let mut helper = Worker {
                        game,
                        budget,
                        table,
                        stats: SearchStats::default(),
                        progress: None,
                        stop,
                        reverse: index % 2 == 1,
                    };
                    let result = helper.run(root());
                    if matches!(result, Ok(Some(_))) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    let _ = sender.send((result, helper.stats));
                });
            }
            drop(sender);
            let mut main = Worker {
                game,
                budget,
                table,
                stats: SearchStats::default(),
                progress,
                stop: &stop,
                reverse: false,
            };
            let mut result = main.run(root());
            stop.store(true, Ordering::Relaxed);
            let mut stats = main.stats;
            // Blocks until every helper has stopped and reported.
            for (answer, helper) in receiver {
                stats.positions += helper.positions;
                stats.table_hits += helper.table_hits;
                stats.options += helper.options;
                if !matches!(result, Ok(Some(_))) && matches!(answer, Ok(Some(_))) {
                    result = answer;
                }
            }
            (result, stats)
        });
        self.stats.positions += stats.positions;
        self.stats.table_hits += stats.table_hits;
        self.stats.options += stats.options;
        match result? {
            Some(answer) => Ok(answer),
            // Only a thread that answered stops the others, so this is not reached.
            None => Err(self.budget.exceeded(Resource::Options)),
        }
    }

    /// The nimber of `position`.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`](crate::Error::LimitExceeded) past the budget's options, or when the search's stack outgrows
    /// its positions (a game that does not end).
    pub fn nimber(&mut self, position: &G::Position) -> Result<Nimber> {
        let mut total = 0;
        for component in self.split(position) {
            total ^= self.run(|| Frame::Nimber {
                component: component.clone(),
                k: 0,
            })?;
        }
        Ok(Nimber::new(total))
    }

    /// Whether `position` is a P-position: the question alone, which needs less than the
    /// nimber.
    ///
    /// # Errors
    ///
    /// As [`nimber`](Self::nimber).
    pub fn is_p_position(&mut self, position: &G::Position) -> Result<bool> {
        let parts = self.split(position);
        self.sum_is_p(parts, 0)
    }

    fn sum_is_p(&mut self, parts: Vec<G::Position>, k: u64) -> Result<bool> {
        let answer = self.run(|| Frame::Sum {
            parts: parts.clone(),
            k,
            largest: usize::MAX,
            next: 0,
            folded: 0,
        })?;
        Ok(answer == 1)
    }

    /// The options of `component` whose value is `target`: each is a move to a position of
    /// that nimber. At most `count` of them.
    ///
    /// # Errors
    ///
    /// As [`nimber`](Self::nimber).
    pub fn moves_to_value(
        &mut self,
        component: &G::Position,
        target: Nimber,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        if let Some(moves) = self.game.moves_to_value(component, target, count) {
            return Ok(moves);
        }
        let target = target.value();
        let options: Vec<G::Position> = self.game.moves(component).collect();
        let mut found = Vec::new();
        for option in options {
            if found.len() >= count {
                break;
            }
            let parts = self.split(&option);
            if self.sum_is_p(parts, target)? {
                found.push(option);
            }
        }
        Ok(found)
    }

    /// A move of `position` to a P-position, if there is one: in a sum, found inside the one
    /// component whose value the nim-sum rule names.
    ///
    /// # Errors
    ///
    /// As [`nimber`](Self::nimber).
    pub fn winning_move(&mut self, position: &G::Position) -> Result<Option<G::Position>> {
        let parts = self.split(position);
        if parts.len() > 1 {
            let values = parts
                .iter()
                .map(|part| self.nimber(part))
                .collect::<Result<Vec<Nimber>>>()?;
            let total: Nimber = values.iter().copied().collect();
            if total.is_zero() {
                return Ok(None);
            }
            for (index, &value) in values.iter().enumerate() {
                let found = self.moves_to_value(&parts[index], value ^ total, 1)?;
                if let Some(next) = found.into_iter().next() {
                    let mut after = parts.clone();
                    after[index] = next;
                    if let Some(joined) = self.game.join(after) {
                        return Ok(Some(joined));
                    }
                }
            }
        }
        let options: Vec<G::Position> = self.game.moves(position).collect();
        for option in options {
            if self.is_p_position(&option)? {
                return Ok(Some(option));
            }
        }
        Ok(None)
    }
}

/// The canonical components of `position`.
fn split<G: ImpartialGame>(game: &G, position: &G::Position) -> Vec<G::Position> {
    game.components(position.clone())
        .map(|component| game.canonical(component))
        .collect()
}

/// One thread's search: its own stack and counters, the game and the table shared.
struct Worker<'a, G: ImpartialGame> {
    game: &'a G,
    budget: Budget,
    table: &'a Table<G::Position>,
    stats: SearchStats,
    progress: Option<&'a mut dyn FnMut(u64)>,
    /// Set when some thread has answered: the others stop.
    stop: &'a AtomicBool,
    /// Whether this thread takes options in reverse order.
    reverse: bool,
}

impl<G: ImpartialGame> Worker<'_, G> {
    /// The canonical components of `position`.
    fn split(&self, position: &G::Position) -> Vec<G::Position> {
        split(self.game, position)
    }

    fn entry(&mut self, component: &G::Position) -> Option<Entry> {
        let found = self.table.get(component);
        if found.is_some() {
            self.stats.table_hits += 1;
        }
        found
    }

    fn remember(&mut self, component: &G::Position, update: impl FnOnce(&mut Entry)) {
        self.table.update(component, update);
    }

    /// What the table or the game's closed forms already say of "C + *k P?". The closed forms
    /// are asked once a component: what they say goes into the table.
    fn known(&mut self, component: &G::Position, k: u64) -> Option<bool> {
        if let Some(entry) = self.entry(component) {
            if entry.nimber != u64::MAX {
                return Some(entry.nimber == k);
            }
            if k < 64 && entry.not_p >> k & 1 == 1 {
                return Some(false);
            }
            if entry.asked {
                return None;
            }
        }
        self.remember(component, |entry| entry.asked = true);
        if let Some(value) = self.game.known_grundy(component) {
            let value = value.value();
            self.remember(component, |entry| entry.nimber = value);
            return Some(value == k);
        }
        if let Some(outcome) = self.game.known_outcome(component) {
            let previous = outcome == crate::Outcome::Previous;
            if previous {
                self.remember(component, |entry| entry.nimber = 0);
            } else {
                self.remember(component, |entry| entry.not_p |= 1);
            }
            if k == 0 {
                return Some(previous);
            }
        }
        None
    }

    /// Runs frames from `root` until it answers (see [`Frame`]), or `None` when another thread
    /// answered first.
    fn run(&mut self, root: Frame<G::Position>) -> Result<Option<u64>> {
        let mut stack = vec![root];
        let mut answer: Option<u64> = None;
        let depth_limit = usize::try_from(self.budget.positions).unwrap_or(usize::MAX);
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            if stack.len() > depth_limit {
                return Err(self.budget.exceeded(Resource::Positions));
            }
            let Some(frame) = stack.last_mut() else {
                break;
            };
            let received = answer.take();
            let question: Frame<G::Position> = match frame {
                Frame::Nimber { component, k } => {
                    match received {
                        Some(1) => {
                            answer = Some(*k);
                            stack.pop();
                            continue;
                        }
                        Some(_) => *k += 1,
                        None => {}
                    }
                    let component = component.clone();
                    let known = self.game.known_grundy(&component).map(|v| v.value());
                    let entry = self.entry(&component);
                    if let Some(value) = known.or(entry
                        .filter(|entry| entry.nimber != u64::MAX)
                        .map(|entry| entry.nimber))
                    {
                        answer = Some(value);
                        stack.pop();
                        continue;
                    }
                    let not_p = entry.map_or(0, |entry| entry.not_p);
                    let Some(Frame::Nimber { k, .. }) = stack.last_mut() else {
                        continue;
                    };
                    while *k < 64 && not_p >> *k & 1 == 1 {
                        *k += 1;
                    }
                    Frame::IsP {
                        component,
                        k: *k,
                        state: IsPState::Start,
                    }
                }
                Frame::IsP {
                    component,
                    k,
                    state,
                } => {
                    let k = *k;
                    match state {
                        IsPState::Start => {
                            let component = component.clone();
                            if let Some(known) = self.known(&component, k) {
                                answer = Some(u64::from(known));
                                stack.pop();
                                continue;
                            }
                            self.stats.positions += 1;
                            if self.stats.positions % (1 << 16) == 0 {
                                if let Some(progress) = self.progress.as_mut() {
                                    progress(self.stats.positions);
                                }
                            }
                            let mut listed: Vec<G::Position> = Vec::new();
                            for option in self.game.moves(&component) {
                                self.stats.options += 1;
                                if self.stats.options > self.budget.options {
                                    return Err(self.budget.exceeded(Resource::Options));
                                }
                                listed.push(option);
                            }
                            if self.reverse {
                                listed.reverse();
                            }
                            // Options whose parts the table values settle at once: one of
                            // value k refutes; the others of known value are no answer and are
                            // dropped; the rest are asked in turn.
                            let mut options = Vec::new();
                            let mut refuted = false;
                            for option in listed {
                                let parts = self.split(&option);
                                let mut total = 0u64;
                                let mut unknown = false;
                                for part in &parts {
                                    match self.table.get(part) {
                                        Some(entry) if entry.nimber != u64::MAX => {
                                            total ^= entry.nimber;
                                        }
                                        _ => {
                                            unknown = true;
                                            break;
                                        }
                                    }
                                }
                                if !unknown {
                                    self.stats.table_hits += 1;
                                    if total == k {
                                        refuted = true;
                                        break;
                                    }
                                    continue;
                                }
                                options.push(parts);
                            }
                            if refuted {
                                stack.pop();
                                self.remember(&component, |entry| {
                                    if k < 64 {
                                        entry.not_p |= 1 << k;
                                    }
                                });
                                answer = Some(0);
                                continue;
                            }
                            *state = IsPState::Options { options, next: 0 };
                            continue;
                        }
                        IsPState::Options { options, next } => {
                            if received == Some(1) {
                                // An option + *k is a P-position: C + *k is not.
                                let component = component.clone();
                                stack.pop();
                                self.remember(&component, |entry| {
                                    if k < 64 {
                                        entry.not_p |= 1 << k;
                                    }
                                });
                                answer = Some(0);
                                continue;
                            }
                            if *next < options.len() {
                                let parts = std::mem::take(&mut options[*next]);
                                *next += 1;
                                Frame::Sum {
                                    parts,
                                    k,
                                    largest: usize::MAX,
                                    next: 0,
                                    folded: 0,
                                }
                            } else {
                                *state = IsPState::Smaller { j: 0 };
                                continue;
                            }
                        }
                        IsPState::Smaller { j } => {
                            if received == Some(1) {
                                // C + *(j - 1) is a P-position: that is C's nimber, not k.
                                let value = *j - 1;
                                let component = component.clone();
                                stack.pop();
                                self.remember(&component, |entry| entry.nimber = value);
                                answer = Some(0);
                                continue;
                            }
                            if *j < k {
                                let smaller = Frame::IsP {
                                    component: component.clone(),
                                    k: *j,
                                    state: IsPState::Start,
                                };
                                *j += 1;
                                smaller
                            } else {
                                let component = component.clone();
                                stack.pop();
                                self.remember(&component, |entry| entry.nimber = k);
                                answer = Some(1);
                                continue;
                            }
                        }
                    }
                }
                Frame::Sum {
                    parts,
                    k,
                    largest,
                    next,
                    folded,
                } => {
                    if parts.is_empty() {
                        answer = Some(u64::from(*k == 0));
                        stack.pop();
                        continue;
                    }
                    if *largest == usize::MAX {
                        // The part with the most options is asked last; the others are valued.
                        // A part with a closed form is never the largest; the others are sized
                        // by their options, counted up to a cap.
                        *largest = if parts.len() == 1 {
                            0
                        } else {
                            let game = &self.game;
                            let size = |part: &G::Position| {
                                if game.known_grundy(part).is_some() {
                                    0
                                } else {
                                    1 + game.moves(part).take(64).count()
                                }
                            };
                            (0..parts.len())
                                .max_by_key(|&i| size(&parts[i]))
                                .unwrap_or(0)
                        };
                    }
                    if *next > parts.len() {
                        // The largest part has answered for the whole sum.
                        answer = received;
                        stack.pop();
                        continue;
                    }
                    if let Some(value) = received {
                        *folded ^= value;
                    }
                    if *next == *largest {
                        *next += 1;
                    }
                    if *next < parts.len() {
                        let component = parts[*next].clone();
                        *next += 1;
                        Frame::Nimber { component, k: 0 }
                    } else {
                        *next = parts.len() + 1;
                        Frame::IsP {
                            component: parts[*largest].clone(),
                            k: *folded ^ *k,
                            state: IsPState::Start,
                        }
                    }
                }
            };
            stack.push(question);
        }
        Ok(Some(answer.unwrap_or(0)))
    }
}
