//! The nimber of one large position by pruned search, without valuing every position it can
//! reach.
//!
//! The [`Solver`](crate::Solver) values every position a game can reach from the one asked
//! about. For one large position (a Cram board, a Chomp bar, a graph for Node Kayles) that is
//! far too many, and [`NimberSearch`] asks narrower questions instead:
//!
//! - **Is the nimber of C one of the values W?** (Beling & Rogalski, *On pruning search trees of
//!   impartial games*, Artificial Intelligence 283, 2020.) A component with n options has a
//!   nimber of at most n, so the values it may still take start as 0..=n. Each option is asked
//!   whether it is worth one of those values but the largest (and no more than the largest of
//!   W): a value found is taken out; an option worth none of them takes the largest out instead,
//!   which keeps one value more than there are options left. Once no value left is in W, the
//!   answer is no, whatever the options not yet asked; when every option has been asked, the
//!   least value left is the nimber (when it is no larger than the largest of W). An answer may
//!   carry the nimber even when it is not in W.
//! - **The nimber of C** is asked for as "is it 0?", "is it 1?", ... in turn (after Lemoine &
//!   Viennot, *Nimbers are inevitable*, Theoretical Computer Science 462, 2012, whose question
//!   "is C + \*k a P-position?" is this one for W = {k}); the first question that finds the
//!   nimber on its way ends it.
//! - **A sum** D₁ + ... + Dₘ is worth one of W exactly when the largest part is worth one of
//!   W moved by the xor of the others: the smaller parts are valued, each by one search for its
//!   nimber (they are cheap and shared), and the largest is only asked. Two equal parts of an
//!   option cancel (G + G = 0: the second player copies every move).
//! - **Easiest options first**: options are asked in the order of the sum of their parts'
//!   difficulty ([`ImpartialGame::difficulty`]: for Cram, the square of a region's number of
//!   free cells), so that small parts, which the table soon knows, settle questions
//!   before large ones are searched (Beling orders Cram's moves by a measure of this kind).
//! - **Likeliest options first near the root**: in games that count their moves, a question
//!   within five frames of the root makes each option's own options and asks first the option
//!   whose options the table values most often at anything but the largest value wanted (to
//!   show a component is not worth w, an option worth w is needed, and an option with an
//!   option known to be worth w is not one); the easiest break ties.
//!
//! A transposition table remembers, for each component, its nimber once known and the values
//! below 64 it is known not to take (those a question ruled out, and the value of every option
//! met on the way: a nimber is never an option's value); a question the table's values of its
//! first two options settle makes no entry of its own, as asking it again costs about what
//! looking it up would. The table is bounded by the budget's memory and positions: once full it
//! stops taking new entries, which costs time, never correctness. The search runs on an explicit
//! stack of frames (no recursion on the call stack), so a game any number of moves deep fits.
//!
//! The search lives in rooms of its own: `table.rs` (what is known of each component, shared
//! by the threads), `wanted.rs` (the values a question asks for and those a component may
//! still take), `order.rs` (the order options are asked in) and `worker.rs` (one thread's
//! stack of frames, each kind stepped by a method of its own); this file holds the API and how
//! the threads are started and met. Rules measured and not kept are in
//! `docs/notes/search.md`.
//!
//! A game whose positions can repeat breaks the finiteness law; such a search ends with
//! [`Error::LimitExceeded`](crate::Error::LimitExceeded) when its stack outgrows the positions
//! budget.

mod order;
pub(crate) mod table;
mod wanted;
mod worker;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use smallvec::SmallVec;

use crate::{Budget, ImpartialGame, Nimber, Resource, Result};
use table::Table;
use wanted::{Answer, Wanted};
use worker::{Frame, Worker};

/// What a search did: the work, and how often the table answered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Questions "is the nimber of C one of W?" that were searched (not answered by the
    /// table).
    pub questions: u64,
    /// Questions the table answered.
    pub table_hits: u64,
    /// Components in the table now.
    pub table_entries: u64,
    /// Options generated.
    pub options: u64,
}

/// The canonical components of a position: mostly one or two, held inline.
type Parts<P> = SmallVec<[P; 2]>;

/// The nimber, the outcome and a winning move of one position, by pruned search (see the
/// module docs).
///
/// # Examples
///
/// ```
/// use onag_core::{ImpartialGame, Nimber, NimberSearch};
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
/// # Ok::<(), onag_core::Error>(())
/// ```
pub struct NimberSearch<G: ImpartialGame> {
    game: G,
    budget: Budget,
    table: Table<G::Position>,
    stats: SearchStats,
    progress: Option<Box<dyn FnMut(u64) + Send>>,
    threads: usize,
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
            table: Table::new(Budget::DEFAULT),
            stats: SearchStats::default(),
            progress: None,
            threads: 1,
        }
    }

    /// The same search with `budget`: its memory (and positions) bound the table, its options
    /// bound the work. The table starts empty.
    pub fn with_budget(mut self, budget: Budget) -> NimberSearch<G> {
        self.budget = budget;
        self.table = Table::new(budget);
        self
    }

    /// The same search on `threads` threads (at least 1): each searches the same question,
    /// all sharing the table, so that what one settles the others reuse. A thread that meets a
    /// component another thread is asking the options of asks its other options first and
    /// that one last (Weill's ABDADA, 1996), so the threads settle different options and
    /// mostly find each other's answers in the table: on 5 × 7 Cram two threads ask as many
    /// questions in all as one. The first to answer ends the search. Threads meet only on the
    /// table's locks and on a channel, both blocking: none spins. More threads than the cores
    /// this process may use are taken as that many: past them, the threads only take turns
    /// (1024 threads on 2 cores ran 5 times slower than 2).
    pub fn with_threads(mut self, threads: usize) -> NimberSearch<G> {
        self.set_threads(threads);
        self
    }

    /// Runs later questions on `threads` threads (at least 1, at most the cores), as
    /// [`with_threads`](Self::with_threads) does for a new search; the table is kept.
    pub fn set_threads(&mut self, threads: usize) {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        self.threads = threads.clamp(1, cores);
    }

    /// The same search, calling `progress` with the questions searched so far, at most every
    /// 100 ms (by the clock, however long a question takes).
    pub fn with_progress(mut self, progress: impl FnMut(u64) + Send + 'static) -> NimberSearch<G> {
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
    fn split(&self, position: &G::Position) -> Parts<G::Position> {
        split(&self.game, position)
    }

    /// The nimber of `position` when the game's closed forms (a value, or the outcome P) or
    /// the table (a search asked before) know that of every component, without a search.
    pub(crate) fn known_nimber(&self, position: &G::Position) -> Option<Nimber> {
        let mut total = 0;
        for part in self.split(position) {
            total ^= match self.game.known_grundy(&part) {
                Some(value) => value.value(),
                None if self.game.known_outcome(&part) == Some(crate::Outcome::Previous) => 0,
                None => self.table.get(&part)?.nimber()?,
            };
        }
        Some(Nimber::new(total))
    }

    /// Answers the question `root` makes, on the search's threads (see
    /// [`with_threads`](Self::with_threads)), its position `below` moves below the position
    /// asked about.
    fn run(
        &mut self,
        root: impl Fn() -> Frame<G::Position> + Sync,
        below: usize,
    ) -> Result<Answer> {
        let stop = AtomicBool::new(false);
        let (mut result, helpers) = self.on_threads(&stop, below, |worker, main| {
            let result = worker.run(root());
            // The first to answer ends the search; the calling thread's end ends it too.
            if main || matches!(result, Ok(Some(_))) {
                stop.store(true, Ordering::Relaxed);
            }
            result
        });
        for answer in helpers {
            if !matches!(result, Ok(Some(_))) && matches!(answer, Ok(Some(_))) {
                result = answer;
            }
        }
        match result? {
            Some(answer) => Ok(answer),
            // Only a thread that answered stops the others, so this is not reached.
            None => Err(self.budget.exceeded(Resource::Options)),
        }
    }

    /// Runs `work` on each of the search's threads, with a worker of its own (told whether it
    /// is the calling thread's, which alone reports progress) sharing the table and `stop`,
    /// its questions about positions `below` moves below the position asked about: the
    /// calling thread's result, then the helpers', once every helper has ended (the wait
    /// blocks on a channel); their work is added to the search's.
    fn on_threads<T: Send>(
        &mut self,
        stop: &AtomicBool,
        below: usize,
        work: impl Fn(&mut Worker<'_, G>, bool) -> T + Sync,
    ) -> (T, Vec<T>) {
        let (game, table, budget, threads) = (&self.game, &self.table, self.budget, self.threads);
        let progress: Option<&mut dyn FnMut(u64)> = match self.progress.as_mut() {
            Some(progress) => Some(progress.as_mut()),
            None => None,
        };
        let worker = |progress| Worker {
            game,
            budget,
            table,
            stats: SearchStats::default(),
            progress,
            ticker: crate::ticker::Ticker::new(),
            stop,
            killers: Vec::new(),
            below,
        };
        let in_force = crate::Stop::in_force();
        let (main, helpers, stats) = std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for _ in 1..threads {
                let (sender, work, worker, in_force) = (sender.clone(), &work, &worker, &in_force);
                scope.spawn(move || {
                    crate::Stop::run_all(in_force, || {
                        let mut helper = worker(None);
                        let result = work(&mut helper, false);
                        let _ = sender.send((result, helper.stats));
                    })
                });
            }
            drop(sender);
            let mut main = worker(progress);
            let result = work(&mut main, true);
            let mut stats = main.stats;
            let mut helpers = Vec::new();
            for (result, helper) in receiver {
                stats.questions += helper.questions;
                stats.table_hits += helper.table_hits;
                stats.options += helper.options;
                helpers.push(result);
            }
            (result, helpers, stats)
        });
        self.stats.questions += stats.questions;
        self.stats.table_hits += stats.table_hits;
        self.stats.options += stats.options;
        (main, helpers)
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
            match self.run(
                || Frame::Nimber {
                    component: component.clone(),
                    k: 0,
                },
                0,
            )? {
                Answer::Value(value) => total ^= value,
                // A nimber frame asks until a value is found.
                Answer::NotIn | Answer::Busy => {
                    unreachable!("a nimber frame answers with a value")
                }
            }
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
        self.sum_is_p(parts, 0, 0)
    }

    /// Whether the sum of `parts`, a position `below` moves below the one asked about, is
    /// worth `k`.
    fn sum_is_p(&mut self, parts: Parts<G::Position>, k: u64, below: usize) -> Result<bool> {
        let answer = self.run(
            || Frame::Sum {
                parts: parts.clone(),
                wanted: Wanted::one(k),
                largest: usize::MAX,
                next: 0,
                folded: 0,
            },
            below,
        )?;
        Ok(answer == Answer::Value(k))
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
        if self.threads > 1 && count > 1 && options.len() > 1 {
            return self.options_of_value(options, target, count);
        }
        let mut found = Vec::new();
        for option in options {
            if found.len() >= count {
                break;
            }
            let parts = self.split(&option);
            if self.sum_is_p(parts, target, 1)? {
                found.push(option);
            }
        }
        Ok(found)
    }

    /// The first `count` of `options` (in their order) whose value is `target`, the options
    /// dealt to the threads one at a time: each thread asks its own option alone, all sharing
    /// the table. Proving an option worth `target` takes a search of every reply, small and
    /// many: split among threads that way they keep each other's work in the table, where
    /// two threads on one small question mostly wait on each other (Cram 5 × 8's winning
    /// moves: figures in PERFORMANCE.md). A thread takes the next option only while fewer
    /// than `count` of those before it are known to be worth `target`; threads meet only on
    /// a lock and a channel, both blocking.
    fn options_of_value(
        &mut self,
        options: Vec<G::Position>,
        target: u64,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        use std::sync::Mutex;
        use std::sync::atomic::AtomicUsize;
        let decided: Mutex<Vec<Option<bool>>> = Mutex::new(vec![None; options.len()]);
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        // One thread's share: options taken in turn until none is left, or `count` before the
        // next are known; an error stops every thread.
        let share = |worker: &mut Worker<'_, G>, _: bool| -> Result<()> {
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= options.len() {
                    return Ok(());
                }
                let known = decided
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)[..index]
                    .iter()
                    .filter(|&&worth| worth == Some(true))
                    .count();
                if known >= count {
                    return Ok(());
                }
                // Each question is held to the budget's options on its own, as when the options
                // are asked one after another (each a search of its own).
                let spent = std::mem::take(&mut worker.stats.options);
                let answer = worker.run(Frame::Sum {
                    parts: split(worker.game, &options[index]),
                    wanted: Wanted::one(target),
                    largest: usize::MAX,
                    next: 0,
                    folded: 0,
                });
                worker.stats.options += spent;
                match answer {
                    Ok(Some(answer)) => {
                        decided
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)[index] =
                            Some(answer == Answer::Value(target));
                    }
                    // Stopped by another thread's error.
                    Ok(None) => return Ok(()),
                    Err(error) => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(error);
                    }
                }
            }
        };
        let (main, helpers) = self.on_threads(&stop, 1, share);
        let failure = std::iter::once(main).chain(helpers).find_map(Result::err);
        // The options in order, up to the first not asked: an error only matters when it left
        // one undecided before `count` were found.
        let decided = decided
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut found = Vec::new();
        for (option, worth) in options.into_iter().zip(decided) {
            if found.len() >= count {
                break;
            }
            match worth {
                Some(true) => found.push(option),
                Some(false) => {}
                None => match failure {
                    Some(error) => return Err(error),
                    None => break,
                },
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
            for (index, target) in crate::winning_targets(&values) {
                let found = self.moves_to_value(&parts[index], target, 1)?;
                if let Some(next) = found.into_iter().next() {
                    let mut after = parts.clone();
                    after[index] = next;
                    if let Some(joined) = self.game.join(after.into_vec()) {
                        return Ok(Some(joined));
                    }
                }
            }
        }
        let options: Vec<G::Position> = self.game.moves(position).collect();
        for option in options {
            let parts = self.split(&option);
            if self.sum_is_p(parts, 0, 1)? {
                return Ok(Some(option));
            }
        }
        Ok(None)
    }
}

/// The canonical components of `position`.
fn split<G: ImpartialGame>(game: &G, position: &G::Position) -> Parts<G::Position> {
    game.components(position.clone())
        .map(|component| game.canonical(component))
        .collect()
}

/// `parts` less each two equal parts: a game added to itself is worth 0 (the second player
/// copies every move), so a pair changes no sum's nimber.
fn without_pairs<P: Eq>(mut parts: Parts<P>) -> Parts<P> {
    let mut i = 0;
    while i < parts.len() {
        if let Some(j) = (i + 1..parts.len()).find(|&j| parts[j] == parts[i]) {
            parts.swap_remove(j);
            parts.swap_remove(i);
        } else {
            i += 1;
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::table::{SHARDS, slot_bytes};
    use super::*;

    /// Kayles on one row: knock down one pin or two adjacent ones (octal 0.77); a row splits.
    #[derive(Clone, Copy)]
    struct Kayles;

    impl ImpartialGame for Kayles {
        type Position = Vec<u32>;

        fn moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
            let rows = rows.clone();
            (0..rows.len()).flat_map(move |i| {
                let rows = rows.clone();
                let n = rows[i];
                (1..=2u32.min(n)).flat_map(move |take| {
                    let rows = rows.clone();
                    (0..=n - take).map(move |left| {
                        let mut next = rows.clone();
                        next.swap_remove(i);
                        next.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
                        next.sort_unstable();
                        next
                    })
                })
            })
        }

        fn components(&self, rows: Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
            rows.into_iter().map(|row| vec![row])
        }

        fn difficulty(&self, rows: &Vec<u32>) -> u64 {
            rows.iter().map(|&row| u64::from(row)).sum()
        }
    }

    /// A user's game against the trait's law: n moves to (n + 1) mod 5 and to n - 1, a cycle.
    struct Cyclic;

    impl ImpartialGame for Cyclic {
        type Position = u32;

        fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
            [(n + 1) % 5].into_iter().chain(n.checked_sub(1))
        }
    }

    /// A game that never ends: n moves to n + 1.
    struct Endless;

    impl ImpartialGame for Endless {
        type Position = u64;

        fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
            n.checked_add(1).into_iter()
        }
    }

    #[test]
    fn a_cycle_or_a_game_without_end_is_an_error_within_the_memory_budget() {
        let small = Budget {
            memory: 64 << 20,
            ..Budget::DEFAULT
        };
        let mut search = NimberSearch::new(Cyclic).with_budget(small);
        assert!(
            matches!(search.nimber(&3), Err(crate::Error::Cycle { .. })),
            "a cycle is reported as one"
        );
        // No position repeats: the stack grows until its frames pass the memory budget.
        let mut search = NimberSearch::new(Endless).with_budget(small);
        assert_eq!(search.nimber(&0), Err(small.exceeded(Resource::Memory)));
    }

    #[test]
    fn no_component_is_left_marked_busy_after_a_search_on_threads() {
        // Kayles rows of 1 to 12 (OEIS A002186): the helpers stop wherever they are when the
        // first thread answers, and their frames must not stay marked.
        let kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4];
        for threads in [2, 3] {
            let mut search = NimberSearch::new(Kayles).with_threads(threads);
            for (row, &value) in kayles.iter().enumerate().skip(1) {
                let row = u32::try_from(row).expect("a small row");
                assert_eq!(search.nimber(&vec![row]).unwrap(), Nimber::new(value));
                for shard in &search.table.shards {
                    let shard = shard.0.lock().unwrap();
                    assert!(shard.entries.iter().all(|(_, entry)| entry.busy == 0));
                }
            }
        }
    }

    #[test]
    fn moves_to_a_value_are_the_first_options_worth_it_on_any_number_of_threads() {
        // Kayles rows of 0 to 30 (OEIS A002186): an option's nimber is the xor of its rows'.
        let kayles: [u64; 31] = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5,
            4, 7,
        ];
        let worth = |rows: &Vec<u32>| rows.iter().fold(0, |x, &row| x ^ kayles[row as usize]);
        for position in [vec![13], vec![17, 4], vec![9, 9, 2], vec![22], vec![30]] {
            let options: Vec<Vec<u32>> = Kayles.moves(&position).collect();
            for threads in [1, 2] {
                let mut search = NimberSearch::new(Kayles).with_threads(threads);
                for target in 0..6 {
                    for count in [1, 2, 3, usize::MAX] {
                        let expected: Vec<Vec<u32>> = options
                            .iter()
                            .filter(|option| worth(option) == target)
                            .take(count)
                            .cloned()
                            .collect();
                        let found = search
                            .moves_to_value(&position, Nimber::new(target), count)
                            .unwrap();
                        assert_eq!(found, expected, "{position:?} to *{target}, {count}");
                    }
                }
                // Past the budget, an error on any number of threads, never a shorter list.
                let small = Budget {
                    options: 20,
                    ..Budget::DEFAULT
                };
                let mut search = NimberSearch::new(Kayles)
                    .with_budget(small)
                    .with_threads(threads);
                assert_eq!(
                    search.moves_to_value(&position, Nimber::ZERO, usize::MAX),
                    Err(small.exceeded(Resource::Options)),
                    "{position:?} on {threads} threads"
                );
            }
        }
    }

    /// Kayles whose positions each say they keep 100 KB on the heap.
    #[derive(Clone, Copy)]
    struct Heavy;

    const HEAVY: usize = 100_000;

    impl ImpartialGame for Heavy {
        type Position = Vec<u32>;

        fn moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
            Kayles.moves(rows)
        }

        fn components(&self, rows: Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
            Kayles.components(rows)
        }

        fn difficulty(&self, rows: &Vec<u32>) -> u64 {
            Kayles.difficulty(rows)
        }

        fn position_bytes(&self, _: &Vec<u32>) -> usize {
            HEAVY
        }
    }

    /// The bytes the table holds: its entries' slots and what their keys keep on the heap.
    fn held(table: &Table<Vec<u32>>) -> usize {
        table
            .shards
            .iter()
            .map(|shard| {
                let shard = shard.0.lock().unwrap();
                shard.entries.len() * slot_bytes::<Vec<u32>>() + shard.outside
            })
            .sum()
    }

    #[test]
    fn what_keys_keep_on_the_heap_counts_against_the_table_memory() {
        // Ten thousand keys of 10 KB each against an 8 MB budget: counting their slots alone,
        // the table took all of them (100 MB).
        let budget = Budget {
            memory: 8 << 20,
            ..Budget::DEFAULT
        };
        let table: Table<Vec<u32>> = Table::new(budget);
        for key in 0..10_000u32 {
            table.update(&vec![key], |_| 10_000, |entry| entry.learn(0));
        }
        let stored = table.len();
        assert!(stored > 0 && stored < 10_000, "{stored} keys stored");
        assert!(held(&table) as u64 <= budget.memory / 2);
    }

    #[test]
    fn a_table_bounded_by_what_keys_keep_still_gives_right_values() {
        // Kayles rows of 1 to 14 (OEIS A002186), each component said to keep 100 KB: a 16 MB
        // budget leaves each shard room for one entry.
        let kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2];
        let budget = Budget {
            memory: 16 << 20,
            ..Budget::DEFAULT
        };
        let mut search = NimberSearch::new(Heavy).with_budget(budget);
        for (row, &value) in kayles.iter().enumerate().skip(1) {
            let row = u32::try_from(row).expect("a small row");
            assert_eq!(search.nimber(&vec![row]).unwrap(), Nimber::new(value));
        }
        assert!(held(&search.table) as u64 <= budget.memory / 2);
        assert!(search.table.len() <= SHARDS);
    }

    /// Progress comes by the clock: a search whose questions take a millisecond each is
    /// reported (counted by questions, every 65,536, it never was), on one thread and on two.
    #[test]
    fn slow_questions_are_reported_as_they_go() {
        for threads in [1, 2] {
            let (callback, calls) = crate::test_games::counted();
            let mut search = NimberSearch::new(crate::test_games::SlowChain)
                .with_threads(threads)
                .with_progress(callback);
            // A chain of 400 is worth 400 mod 2.
            assert_eq!(search.nimber(&400).unwrap(), Nimber::ZERO);
            assert!(calls.load(std::sync::atomic::Ordering::Relaxed) >= 1);
        }
    }
}
