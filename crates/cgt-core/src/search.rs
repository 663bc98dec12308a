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
//!   carry the nimber even when it is not in W. Asking each option for the values of W alone first
//!   (Lemoine & Viennot's narrower question: to show an option is not worth 1, one of its options
//!   worth 1 is enough, where asking for 0 and 1 needs one worth 0 as well), and asking those found
//!   worth none of them again as above only when W is still possible at the end, asked more
//!   questions on Cram, one thread: 5 × 7's outcome alone 0.09 to 0.12 million, 5 × 8's nimber
//!   0.93 to 1.25 million (4 × 9 0.176 to 0.162 million). Asking so only where W is one value
//!   above 0 asked fewer on the smaller boards (nimbers: 5 × 7 0.203 to 0.185 million, 4 × 9
//!   0.176 to 0.155, 5 × 8 0.932 to 0.922, 2.7 s instead of 3.2-3.4 s) but more on 4 × 11 (3.73
//!   to 4.22 million), and on two threads was no faster (5 × 8 2.3-2.5 s against 2.2-2.8 s;
//!   4 × 11 8.6-9.8 s against 7.6-8.2 s and 13.1 s, in turn).
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
//!   option known to be worth w is not one); the easiest break ties. On Cram this cut the
//!   questions 4 × 11 asks from 3.73 to 2.13 million (one thread).
//!
//! A transposition table remembers, for each component, its nimber once known and the values
//! below 64 it is known not to take (those a question ruled out, and the value of every option
//! met on the way: a nimber is never an option's value); a question the table's values of its
//! first two options settle makes no entry of its own, as asking it again costs about what
//! looking it up would. The table is bounded by the budget's memory and positions: once full it
//! stops taking new entries, which costs time, never correctness. The search runs on an explicit
//! stack of frames (no recursion on the call stack), so a game any number of moves deep fits.
//!
//! A game whose positions can repeat breaks the finiteness law; such a search ends with
//! [`Error::LimitExceeded`](crate::Error::LimitExceeded) when its stack outgrows the positions
//! budget.

use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

use hashbrown::{DefaultHashBuilder, HashTable};
use smallvec::{SmallVec, smallvec};

use crate::{Budget, ImpartialGame, MOVE_KINDS, Nimber, Resource, Result};

/// The bytes of a table entry: the key, the entry and the map's control byte, with its spare
/// room.
fn slot_bytes<P>() -> usize {
    (std::mem::size_of::<P>() + std::mem::size_of::<Entry>() + 1) * 8 / 7
}

/// What a search did: the work, and how often the table answered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Questions "is the nimber of C one of W?" that were searched (not answered by the
    /// table).
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
    /// The nimber, or [`UNKNOWN`] (see [`Entry::nimber`]).
    nimber: u32,
    /// Bit k set: the nimber is known not to be k (C + *k is not a P-position), for k < 64.
    not_p: u64,
    /// Whether the game's closed forms have been asked about this component.
    asked: bool,
    /// How many threads are asking this component's options now: another thread that meets
    /// it asks its other options first (see [`Frame::Component`]).
    busy: u8,
}

/// No nimber known, in [`Entry::nimber`].
const UNKNOWN: u32 = u32::MAX;

impl Entry {
    /// The nimber, if known.
    fn nimber(&self) -> Option<u64> {
        (self.nimber != UNKNOWN).then_some(u64::from(self.nimber))
    }

    /// Whether the entry can hold `value` as the nimber: one of 2^32 - 1 or more (a closed
    /// form's value of a component far too large to search, such as a Nim heap of 2^40) is
    /// not kept, and is asked of the closed form again each time. Held in 32 bits, the table
    /// takes 16 bytes an entry instead of 24.
    fn holds(value: u64) -> bool {
        value < u64::from(UNKNOWN)
    }

    /// Learns that the nimber is `value`, where it [holds](Self::holds) it (else the nimber
    /// stays unknown, which costs time, never an answer).
    fn learn(&mut self, value: u64) {
        if Entry::holds(value) {
            self.nimber = value as u32;
        }
    }
}

/// What a frame answers the frame below it: the nimber of its position, or that the nimber is
/// not among those asked for (it may give the nimber even then).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    Value(u64),
    NotIn,
    /// Another thread is asking this component's options: ask it again after the others.
    Busy,
}

/// The nimbers a question asks for, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Wanted(SmallVec<[u64; 4]>);

impl Wanted {
    fn one(k: u64) -> Wanted {
        Wanted(smallvec![k])
    }

    /// Every value: the nimber itself is asked for. Held as `u64::MAX` alone, which no nimber
    /// reaches (a nimber is at most the number of options), until the options are counted.
    fn every() -> Wanted {
        Wanted(smallvec![u64::MAX])
    }

    fn is_every(&self) -> bool {
        self.0.as_slice() == [u64::MAX]
    }

    /// The largest value asked for.
    fn largest(&self) -> u64 {
        self.0.last().copied().unwrap_or(0)
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The values `v ^ f`: what a part must be worth for a sum with the other parts worth `f`.
    fn xor(&self, f: u64) -> Wanted {
        let mut moved: SmallVec<[u64; 4]> = self.0.iter().map(|&v| v ^ f).collect();
        moved.sort_unstable();
        Wanted(moved)
    }

    /// Without the values below 64 whose bits are set in `not`.
    fn without(mut self, not: u64) -> Wanted {
        self.0.retain(|v| *v >= 64 || not >> *v & 1 == 0);
        self
    }

    /// The bits of the values below 64.
    fn low_bits(&self) -> u64 {
        self.0
            .iter()
            .filter(|&&v| v < 64)
            .fold(0, |bits, &v| bits | 1 << v)
    }
}

/// The values a component's nimber may still take while its options are asked in turn: at the
/// start 0 to the number of options (a mex of n values is at most n), less each option's value
/// found; an option found not to be worth any of those below the largest takes the largest out
/// instead (Beling & Rogalski, *On pruning search trees of impartial games*, Artificial
/// Intelligence 283, 2020). As bits.
///
/// Beside them, `found` keeps the values below 64 of the options found so far: the nimber is
/// none of them, whatever the question, and the table learns so when the question ends.
#[derive(Debug, Clone)]
struct Potential {
    values: SmallVec<[u64; 2]>,
    found: u64,
}

impl Potential {
    fn upto(n: u64) -> Potential {
        let count = n as usize + 1;
        let mut words: SmallVec<[u64; 2]> = smallvec![u64::MAX; count.div_ceil(64)];
        if count % 64 != 0 {
            *words.last_mut().expect("at least one word") = (1 << (count % 64)) - 1;
        }
        Potential {
            values: words,
            found: 0,
        }
    }

    /// Takes out `v`, an option's value: the nimber is not `v`.
    fn found(&mut self, v: u64) {
        if v < 64 {
            self.found |= 1 << v;
        }
        self.remove(v);
    }

    /// Takes out `v` by counting (an option worth none of the values below it).
    fn remove(&mut self, v: u64) {
        if let Some(word) = usize::try_from(v / 64)
            .ok()
            .and_then(|i| self.values.get_mut(i))
        {
            *word &= !(1 << (v % 64));
        }
    }

    fn largest(&self) -> Option<u64> {
        self.values
            .iter()
            .enumerate()
            .rev()
            .find(|&(_, &word)| word != 0)
            .map(|(i, &word)| i as u64 * 64 + 63 - u64::from(word.leading_zeros()))
    }

    fn least(&self) -> Option<u64> {
        self.values
            .iter()
            .enumerate()
            .find(|&(_, &word)| word != 0)
            .map(|(i, &word)| i as u64 * 64 + u64::from(word.trailing_zeros()))
    }

    fn values(&self) -> impl Iterator<Item = u64> + '_ {
        self.values.iter().enumerate().flat_map(|(i, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros();
                    bits &= bits - 1;
                    i as u64 * 64 + u64::from(bit)
                })
            })
        })
    }

    /// Whether some value is also wanted.
    fn meets(&self, wanted: &Wanted) -> bool {
        wanted.0.iter().any(|&v| {
            usize::try_from(v / 64)
                .ok()
                .and_then(|i| self.values.get(i))
                .is_some_and(|word| word >> (v % 64) & 1 == 1)
        })
    }

    /// What an option must be asked: the values but the largest, up to `bound`.
    fn ask(&self, bound: u64) -> Wanted {
        let largest = self.largest();
        Wanted(
            self.values()
                .take_while(|&v| v <= bound)
                .filter(|&v| Some(v) != largest)
                .collect(),
        )
    }
}

/// The canonical components of a position: mostly one or two, held inline.
type Parts<P> = SmallVec<[P; 2]>;

/// A frame of the explicit stack; each gives an [`Answer`] to the frame below it.
enum Frame<P> {
    /// The nimber of `component`: asked whether it is 0, 1, ... in turn, each question
    /// answered with the nimber itself when the search finds it on the way (Beling's
    /// aspiration sets, after Lemoine & Viennot's questions "is C + *k a P-position?").
    Nimber { component: P, k: u64 },
    /// The nimber of `component` if it is `wanted`. With `defer`, a component another thread
    /// is asking the options of answers [`Answer::Busy`] instead, and the option that asked it
    /// is asked again after the others (the threads then settle different options, and the
    /// second usually finds the first's answer in the table: Weill's ABDADA, 1996, for
    /// alpha-beta search). Deferring only below the root's options (from their options, or
    /// from those options' options, down), so that both threads take each of the root's
    /// options together, Cram 4 × 11 asked 5.0-5.2 million questions in 11.3-12.1 s on two
    /// threads, against 3.3-4.8 million in 7.3-12.9 s deferring at every depth.
    ///
    /// Two threads ask 7-26% more questions than one (4 × 11: 2.3-2.7 million against 2.13),
    /// most of them at the end, where both ask the options of the root's last option, and each
    /// question costs a fifth more (4.3-4.4 µs of processor time against 3.6): with a table of
    /// its own each thread asks as fast as one alone (3.58 µs), so that fifth is the sharing,
    /// the locks' and the entries' cache lines passing between the cores. Measured in turn
    /// against this rule (4 × 11 on two threads, 4.4-5.7 s and 2.3-2.7 million questions in
    /// all) and not kept: the main thread never deferring, only the helper (6.2-7.5 s, 2.8-3.4
    /// million); deferring at every other depth, either parity (4.8-6.5 s, 2.3-3.0 million);
    /// the helper, in a component the main thread is asking, taking its options in the order
    /// of difficulty, or its best options rotated half way round (4.4-6.1 s, 2.1-2.9 million;
    /// 5 × 8 as fast); marking components busy only within 8, 12 or 16 frames of the root
    /// (5.6-6.6 s, against 5.6-6.0 s in the same runs); and each thread keeping components of
    /// fewer than 16 or 20 free cells in a table of its own (5.0-5.9 s and 2.6-3.2 million,
    /// against 5.1-5.5 s).
    Component {
        component: P,
        wanted: Wanted,
        defer: bool,
        state: State<P>,
    },
    /// The nimber of the sum of `parts` if it is `wanted`: the nimbers of all parts but the
    /// largest, then the largest asked for the wanted values moved by their xor.
    Sum {
        parts: Parts<P>,
        wanted: Wanted,
        largest: usize,
        next: usize,
        folded: u64,
    },
}

/// Where a component's frame is.
enum State<P> {
    /// Not yet looked at.
    Start,
    /// Asking its options in turn (each as its parts, the easiest first): `next` is the next
    /// to ask, `potential` the values the nimber may still take, and `exact` whether every
    /// option asked so far answered with its value.
    Options {
        options: Vec<Parts<P>>,
        next: usize,
        potential: Potential,
        exact: bool,
        /// The options listed at the start; those after them were deferred once already.
        listed: usize,
    },
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
/// thread that finds a shard taken blocks on it), each bounded. A key is hashed once: the
/// hash picks the shard (by its middle bits) and the place in it.
struct Table<P> {
    shards: Vec<Padded<Mutex<Shard<P>>>>,
    /// The most entries a shard takes.
    per_shard: usize,
    /// The most bytes a shard's entries take, with what their keys keep on the heap.
    room: usize,
    hasher: DefaultHashBuilder,
}

/// A shard of the table: its entries, and the bytes their keys keep on the heap
/// ([`ImpartialGame::position_bytes`]).
struct Shard<P> {
    entries: HashTable<(P, Entry)>,
    outside: usize,
}

const SHARDS: usize = 64;

/// The most options a question may make before the table settles it and still make no entry
/// of its own (see [`Worker::options`]). Cram 4 × 11 by `cgt value`, old and new in turn: one
/// thread 16.4-16.9 s remembering every question, 15.6-15.8 s with 2; two threads 9.6-9.8 s and
/// 9.3-9.7 s. In a first trial 1 and 3 were as fast as 2, 4 and 8 slower, and 5 × 8 changed
/// by less than its noise.
const CHEAP: u32 = 2;

/// Questions at most this many frames deep in the stack (the nimber's frame and a sum's count
/// as one each: for one board, the root and three levels of options below it) order their
/// options by support: for each option, how many of its own options the table (or the game's
/// closed forms) values at anything but the largest value wanted. To show that a component is
/// not worth w, the search looks for an option worth w; an option is worth w only if none of
/// its options is, so the option whose known options all avoid w is the likeliest, and one with
/// an option known to be worth w cannot be it. Making every option's options costs a few
/// thousand look-ups a question, paid only this near the root, where a question is worth many
/// thousands, and only in games that count their moves beforehand
/// ([`ImpartialGame::move_count`]), whose options are cheap to make: Node Kayles on a 7 × 7
/// grid, each of whose options costs a graph's canonical form, asked 10,844 questions instead
/// of 11,655 but took 2.6 s instead of 1.7 s. Cram on one thread, against the order by
/// difficulty alone: 5 × 7 0.203 to 0.100 million questions, 4 × 9 0.176 to 0.145, 5 × 8 0.932
/// to 0.675 (3.2-3.4 s to 2.4-2.5 s), 4 × 11 3.73 to 2.13 million (15.8-21.4 s to 8.3-8.7 s, on
/// a machine whose speed varied through the day). Three frames asked 2.10 million questions of
/// 4 × 11 but 1.11 million of 5 × 8; four, 2.49 and 1.00; seven, 3.48 and 0.64 (22 s); nine,
/// 4.10 and 0.87.
///
/// On two threads, the helper ordering by support to three frames instead of five (so that it
/// starts elsewhere than the main thread) took Cram 4 × 11 in 5.03-5.17 s (2.12-2.17 million
/// questions in all) instead of 5.84-6.20 s (2.41-2.51 million), 3 × 14 and 3 × 15 a little
/// faster too, but 5 × 8 in 2.14-2.88 s instead of 1.99-2.30 s beside igsolve's 3.88-4.00 s
/// (`cgt value`, in turn): not kept, as 5 × 8 fell below twice igsolve's speed. Also measured
/// for the helper alone: two frames (4 × 11 2.92-3.15 million), four (2.98 million), five with
/// difficulty first below three (2.14-2.64 million), and none at the root or its options
/// (2.52-2.67 million); six frames on the main thread and three on the helper, 4 × 11 1.99-2.16
/// million but 5 × 8 0.72-0.89 million and 1.8-2.5 s.
const LOOKAHEAD: usize = 5;

/// A shard on cache lines of its own: two threads that lock neighbouring shards do not take
/// one line from each other (128 bytes: the pair of lines the processor fetches together).
#[repr(align(128))]
struct Padded<T>(T);

impl<P: Eq + Hash + Clone> Table<P> {
    /// A table within `budget`: half its memory (the entries and what their keys keep on the
    /// heap), at most its positions.
    fn new(budget: Budget) -> Table<P> {
        let half = usize::try_from(budget.memory / 2).unwrap_or(usize::MAX);
        let positions = usize::try_from(budget.positions).unwrap_or(usize::MAX);
        let capacity = (half / slot_bytes::<P>()).min(positions);
        Table {
            shards: (0..SHARDS)
                .map(|_| {
                    Padded(Mutex::new(Shard {
                        entries: HashTable::new(),
                        outside: 0,
                    }))
                })
                .collect(),
            per_shard: capacity.div_ceil(SHARDS),
            room: half.div_ceil(SHARDS),
            hasher: DefaultHashBuilder::default(),
        }
    }

    /// The hash of `key` and its shard, locked.
    fn shard(&self, key: &P) -> (u64, std::sync::MutexGuard<'_, Shard<P>>) {
        let hash = self.hasher.hash_one(key);
        // The middle bits: the table places an entry by the low ones and tags it with the top.
        let index = (hash >> 32) as usize % SHARDS;
        // A poisoned shard (a panic elsewhere) still holds sound entries.
        let shard = self.shards[index]
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        (hash, shard)
    }

    fn get(&self, key: &P) -> Option<Entry> {
        let (hash, shard) = self.shard(key);
        shard
            .entries
            .find(hash, |(k, _)| k == key)
            .map(|&(_, entry)| entry)
    }

    /// Updates the entry of `key`, made if there is room for it and what it keeps on the heap
    /// (`outside`, asked only then).
    fn update(&self, key: &P, outside: impl FnOnce(&P) -> usize, update: impl FnOnce(&mut Entry)) {
        let (hash, mut shard) = self.shard(key);
        let shard = &mut *shard;
        if let Some((_, entry)) = shard.entries.find_mut(hash, |(k, _)| k == key) {
            update(entry);
            return;
        }
        if shard.entries.len() >= self.per_shard {
            return;
        }
        let outside = outside(key);
        let bytes = (shard.entries.len() + 1) * slot_bytes::<P>() + shard.outside + outside;
        if bytes > self.room {
            return;
        }
        let mut entry = Entry {
            nimber: UNKNOWN,
            not_p: 0,
            asked: false,
            busy: 0,
        };
        update(&mut entry);
        shard.outside += outside;
        shard
            .entries
            .insert_unique(hash, (key.clone(), entry), |(k, _)| self.hasher.hash_one(k));
    }

    /// Updates the entry of `key` if the table holds one.
    fn update_existing(&self, key: &P, update: impl FnOnce(&mut Entry)) {
        let (hash, mut shard) = self.shard(key);
        if let Some((_, entry)) = shard.entries.find_mut(hash, |(k, _)| k == key) {
            update(entry);
        }
    }

    fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|shard| {
                shard
                    .0
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .entries
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
    /// table's locks and on a channel, both blocking: none spins.
    pub fn with_threads(mut self, threads: usize) -> NimberSearch<G> {
        self.threads = threads.max(1);
        self
    }

    /// The same search, calling `progress` with the questions searched so far, at most every
    /// 100 ms (by the clock, however long a question takes).
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
    fn split(&self, position: &G::Position) -> Parts<G::Position> {
        split(&self.game, position)
    }

    /// Answers the question `root` makes, on the search's threads (see
    /// [`with_threads`](Self::with_threads)).
    fn run(&mut self, root: impl Fn() -> Frame<G::Position> + Sync) -> Result<Answer> {
        let stop = AtomicBool::new(false);
        let (game, table, budget, threads) = (&self.game, &self.table, self.budget, self.threads);
        let progress: Option<&mut dyn FnMut(u64)> = match self.progress.as_mut() {
            Some(progress) => Some(progress.as_mut()),
            None => None,
        };
        let (result, stats) = std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for _ in 1..threads {
                let (sender, root, stop) = (sender.clone(), &root, &stop);
                scope.spawn(move || {
                    let mut helper = Worker {
                        game,
                        budget,
                        table,
                        stats: SearchStats::default(),
                        progress: None,
                        ticker: crate::ticker::Ticker::new(),
                        stop,
                        killers: Vec::new(),
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
                ticker: crate::ticker::Ticker::new(),
                stop: &stop,
                killers: Vec::new(),
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
            match self.run(|| Frame::Nimber {
                component: component.clone(),
                k: 0,
            })? {
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
        self.sum_is_p(parts, 0)
    }

    fn sum_is_p(&mut self, parts: Parts<G::Position>, k: u64) -> Result<bool> {
        let answer = self.run(|| Frame::Sum {
            parts: parts.clone(),
            wanted: Wanted::one(k),
            largest: usize::MAX,
            next: 0,
            folded: 0,
        })?;
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
            if self.is_p_position(&option)? {
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

/// One thread's search: its own stack and counters, the game and the table shared.
struct Worker<'a, G: ImpartialGame> {
    game: &'a G,
    budget: Budget,
    table: &'a Table<G::Position>,
    stats: SearchStats,
    progress: Option<&'a mut dyn FnMut(u64)>,
    /// When the next progress report is due (the main thread's alone reports).
    ticker: crate::ticker::Ticker,
    /// Set when some thread has answered: the others stop.
    stop: &'a AtomicBool,
    /// For each kind of position ([`ImpartialGame::move_kind`]), the labels of the last two
    /// moves whose value the table knew and which settled a question ([`NO_MOVE`] for none),
    /// made first; empty until a game names a kind.
    killers: Vec<[u64; 2]>,
}

/// No move, in [`Worker::killers`].
const NO_MOVE: u64 = u64::MAX;

impl<G: ImpartialGame> Worker<'_, G> {
    /// The canonical components of `position`.
    fn split(&self, position: &G::Position) -> Parts<G::Position> {
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
        let game = self.game;
        self.table
            .update(component, |key| game.position_bytes(key), update);
    }

    /// Counts an option made against the budget.
    fn count_option(&mut self) -> Result<()> {
        self.stats.options += 1;
        if self.stats.options > self.budget.options {
            return Err(self.budget.exceeded(Resource::Options));
        }
        Ok(())
    }

    /// Splits `option` into parts: when the game's closed forms or the table value them all,
    /// their xor is taken out of `potential`; otherwise the parts join `options`, to be asked.
    ///
    /// Options made four at a time, their parts looked up together so that the table's cache
    /// misses overlap, cost more than they saved (Cram 5 × 8, one thread: 19% more options
    /// made, 4.7-4.9 s against 4.1-4.3 s; in a trial without the table's locks, which keep a
    /// look-up's loads from starting before the one before ends, 4.3 s against 3.6-3.8 s, and
    /// 4 × 11 20.7 s against 20.4 s).
    fn consider(
        &mut self,
        option: G::Position,
        potential: &mut Potential,
        options: &mut Vec<Parts<G::Position>>,
    ) {
        let parts = without_pairs(self.split(&option));
        match self.known_value(&parts) {
            Some(total) => {
                self.stats.table_hits += 1;
                potential.found(total);
            }
            None => options.push(parts),
        }
    }

    /// The nimber of the sum of `parts` when the game's closed forms or the table value every
    /// part.
    fn known_value(&self, parts: &[G::Position]) -> Option<u64> {
        let mut total = 0u64;
        for part in parts {
            // The game's closed forms first: a part they value (for Cram, every small region)
            // never costs a look-up in the table, which is most of an option's cost once the
            // table outgrows the caches.
            total ^= match self.game.known_grundy(part) {
                Some(value) => value.value(),
                None => self.table.get(part)?.nimber()?,
            };
        }
        Some(total)
    }

    /// How many options of `option` (one component) the table or the closed forms value, none
    /// of them at `w`; `None` when one of them is worth `w` (so `option` is not). A question
    /// near the root asks first the options with the most such support (see [`LOOKAHEAD`]).
    fn support(&mut self, option: &Parts<G::Position>, w: u64) -> Result<Option<u64>> {
        let [component] = option.as_slice() else {
            return Ok(Some(0));
        };
        let game = self.game;
        let mut support = 0;
        for next in game.moves(component) {
            self.count_option()?;
            match self.known_value(&without_pairs(self.split(&next))) {
                Some(value) if value == w => return Ok(None),
                Some(_) => support += 1,
                None => {}
            }
        }
        Ok(Some(support))
    }

    /// Looks at a component asked for `wanted`: answered at once by the table, the game's
    /// closed forms (asked once a component; what they say goes into the table) or the number
    /// of its options, or else its options listed, those whose parts the table values taken
    /// out of the potential values at once.
    fn start(
        &mut self,
        component: &G::Position,
        wanted: Wanted,
        defer: bool,
        depth: usize,
    ) -> Result<Started<G::Position>> {
        let entry = self.entry(component);
        if let Some(nimber) = entry.and_then(|entry| entry.nimber()) {
            return Ok(Started::Answer(Answer::Value(nimber)));
        }
        let mut not = entry.map_or(0, |entry| entry.not_p);
        let fresh = !entry.is_some_and(|entry| entry.asked);
        if fresh {
            // The closed forms, asked once a component; what they say goes into the table.
            let value = match self.game.known_grundy(component) {
                Some(value) => Some(value.value()),
                None => match self.game.known_outcome(component) {
                    Some(crate::Outcome::Previous) => Some(0),
                    Some(crate::Outcome::Next) => {
                        not |= 1;
                        None
                    }
                    _ => None,
                },
            };
            if let Some(value) = value {
                // A value the entry cannot hold leaves the closed forms to be asked again.
                if Entry::holds(value) {
                    self.remember(component, |entry| {
                        entry.asked = true;
                        entry.learn(value);
                    });
                }
                return Ok(Started::Answer(Answer::Value(value)));
            }
        }
        let wanted = wanted.without(not);
        let busy = defer && entry.is_some_and(|entry| entry.busy > 0);
        if wanted.is_empty() || busy {
            if fresh {
                self.remember(component, |entry| {
                    entry.asked = true;
                    entry.not_p |= not;
                });
            }
            return Ok(Started::Answer(if busy {
                Answer::Busy
            } else {
                Answer::NotIn
            }));
        }
        let started = self.options(component, wanted, not, depth)?;
        if let Started::Options { .. } = started {
            // From here until it answers, a thread that meets this component asks its other
            // options first. Marked only once there are options to ask, so a question the
            // table settles leaves no entry behind; another thread may then make the same
            // options meanwhile (marking first, 4 x 11 on two threads asked 7% fewer questions
            // and was no faster).
            self.remember(component, |entry| {
                entry.asked = true;
                entry.not_p |= not;
                entry.busy = entry.busy.saturating_add(1);
            });
        }
        Ok(started)
    }

    /// The options of `component`, asked for `wanted` (less the values `not`, which the table
    /// learns with what the question finds), made and split: an answer when those the table
    /// values settle the question.
    ///
    /// A question settled by its first [`CHEAP`] options makes no new entry (it updates one
    /// that is there): asking it again costs about what looking it up would, and such
    /// questions made a fifth of the table (on Cram 4 × 11, 0.6 of its 3.3 million entries),
    /// whose size is what the search's look-ups wait for.
    fn options(
        &mut self,
        component: &G::Position,
        wanted: Wanted,
        not: u64,
        depth: usize,
    ) -> Result<Started<G::Position>> {
        self.stats.positions += 1;
        if let Some(progress) = self.progress.as_mut() {
            if self.ticker.due() {
                progress(self.stats.positions);
            }
        }
        // Options are made one at a time where the game counts them beforehand (most
        // questions are settled by the first few the table knows); otherwise all at once.
        let counted = self.game.move_count(component);
        let mut listed: Vec<G::Position> = Vec::new();
        if counted.is_none() {
            for option in self.game.moves(component) {
                self.count_option()?;
                listed.push(option);
            }
        }
        let count = counted.unwrap_or(listed.len() as u64);
        let mut potential = Potential::upto(count);
        let wanted = if wanted.is_every() {
            Wanted((0..=count).collect()).without(not)
        } else {
            wanted
        };
        let game = self.game;
        // Where the game labels its moves, those that last settled a question about a
        // position of this kind are made first (the killer heuristic: see
        // [`ImpartialGame::move_kind`]); on Cram 4 x 11, one thread, the search then asks 3.7
        // million questions instead of 4.3 million, in a fifth less time. One pair of killers
        // for every question about a kind does better than pairs kept apart by the values
        // asked (by the least value, by whether 0 or 1 is wanted, or by one value or more:
        // 4 x 11 then asked 4.8 to 4.9 million questions, 5 x 8 1.00 to 1.24 million) or by
        // the depth of the question, as chess programs keep them (by depth, by pairs of
        // depths, by odd and even depths: 4 x 11 4.3 to 5.0 million, 5 x 8 0.95 to 1.33; kept
        // apart for the first three or four depths alone, 4.9 million and 0.97 million). Two
        // killers do better than one (4.49 and 0.97 million) or four (4.61 and 1.08), and than
        // three on 5 x 8 (1.03 million; on 4 x 11 three asked as many, 3.73 million). A
        // countermove made first as well (the reply that last settled a question about the
        // position a move led to, kept by the kind and that move's label) did worse: 4 x 11 4.65
        // million, 5 x 8 1.04 million; learnt from the questions search settled alone, 4 x 11
        // 4.89 million (5 x 8 0.92 million).
        let kind = counted
            .and(game.move_kind(component))
            .filter(|&kind| kind < MOVE_KINDS);
        let killers = match kind {
            Some(kind) => {
                if self.killers.is_empty() {
                    self.killers = vec![[NO_MOVE; 2]; MOVE_KINDS];
                }
                self.killers[kind]
            }
            None => [NO_MOVE; 2],
        };
        let mut first = killers
            .into_iter()
            .filter(|&label| label != NO_MOVE)
            .filter_map(|label| Some((label, game.labelled_move(component, label)?)));
        // A killer is made once: a label that is not one of this position's moves is not
        // among its labelled moves either.
        let mut lazy = counted.map(|_| {
            game.labelled_moves(component)
                .filter(move |(label, _)| !killers.contains(label))
        });
        let mut listed = listed.into_iter();
        let mut options = Vec::new();
        let mut made = 0;
        let mut last = NO_MOVE;
        while potential.meets(&wanted) {
            made += 1;
            let option = match lazy.as_mut() {
                Some(moves) => first
                    .next()
                    .or_else(|| moves.next())
                    .map(|(label, option)| {
                        last = label;
                        option
                    }),
                None => listed.next(),
            };
            let Some(option) = option else {
                break;
            };
            if lazy.is_some() {
                self.count_option()?;
            }
            self.consider(option, &mut potential, &mut options);
        }
        if !potential.meets(&wanted) {
            if let Some(kind) = kind {
                let killers = &mut self.killers[kind];
                if killers[0] != last {
                    *killers = [last, killers[0]];
                }
            }
            let learned = |entry: &mut Entry| {
                entry.asked = true;
                entry.not_p |= not | wanted.low_bits() | potential.found;
            };
            if made > CHEAP {
                self.remember(component, learned);
            } else {
                self.table.update_existing(component, learned);
            }
            return Ok(Started::Answer(Answer::NotIn));
        }
        // The easiest options first, by the game's measure of difficulty (see the module docs).
        // Measured on Cram, one thread, and not kept: options the table knows not to be worth
        // a value below those asked put first (5 x 8 0.93 to 1.06 million questions, 4 x 11
        // 3.73 to 4.54 million) or last (1.09 and 4.00 million), and the parity of half the
        // free cells matched to the values asked, either way (0.98 to 1.16 million on 5 x 8).
        // For Cram, options of as many free cells put in order of the places for a domino they
        // leave, fewest or most first, before the order of the moves: 5 x 8 1.44 or 4.25
        // million, 4 x 11 5.84 or 6.20 million.
        let difficulty = |parts: &Parts<G::Position>| {
            parts
                .iter()
                .map(|part| game.difficulty(part))
                .fold(0u64, u64::saturating_add)
        };
        if depth <= LOOKAHEAD && counted.is_some() {
            // Those with the most support first (see [`LOOKAHEAD`]), those that cannot be
            // worth the largest value wanted last, then the easiest.
            let w = wanted.largest();
            let mut keyed = Vec::with_capacity(options.len());
            for parts in options {
                // `None` (worth no `w`) is the least support, so it comes last reversed.
                let key = (
                    std::cmp::Reverse(self.support(&parts, w)?),
                    difficulty(&parts),
                );
                keyed.push((key, parts));
            }
            keyed.sort_by_key(|(key, _)| *key);
            options = keyed.into_iter().map(|(_, parts)| parts).collect();
        } else {
            options.sort_by_cached_key(difficulty);
        }
        Ok(Started::Options {
            options,
            potential,
            wanted,
        })
    }

    /// Runs frames from `root` until it answers (see [`Frame`]), or `None` when another thread
    /// answered first.
    fn run(&mut self, root: Frame<G::Position>) -> Result<Option<Answer>> {
        let mut stack = vec![root];
        let result = self.run_frames(&mut stack);
        // Frames left by a stop or an error no longer ask their options.
        for frame in &stack {
            if let Frame::Component {
                component,
                state: State::Options { .. },
                ..
            } = frame
            {
                self.remember(component, |entry| entry.busy = entry.busy.saturating_sub(1));
            }
        }
        result
    }

    /// [`run`](Self::run) on `stack`, which holds what is left when it returns early.
    fn run_frames(&mut self, stack: &mut Vec<Frame<G::Position>>) -> Result<Option<Answer>> {
        let mut answer: Option<Answer> = None;
        let depth_limit = usize::try_from(self.budget.positions).unwrap_or(usize::MAX);
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            if stack.len() > depth_limit {
                return Err(self.budget.exceeded(Resource::Positions));
            }
            let depth = stack.len();
            let Some(frame) = stack.last_mut() else {
                break;
            };
            let received = answer.take();
            let question: Frame<G::Position> = match frame {
                Frame::Nimber { component, k } => {
                    match received {
                        Some(found @ Answer::Value(_)) => {
                            answer = Some(found);
                            stack.pop();
                            continue;
                        }
                        Some(Answer::NotIn) => *k += 1,
                        Some(Answer::Busy) | None => {}
                    }
                    // Values the table knows the nimber is not are skipped.
                    let not = self.table.get(component).map_or(0, |entry| entry.not_p);
                    while *k < 64 && not >> *k & 1 == 1 {
                        *k += 1;
                    }
                    Frame::Component {
                        component: component.clone(),
                        wanted: Wanted::one(*k),
                        defer: false,
                        state: State::Start,
                    }
                }
                Frame::Component {
                    component,
                    wanted,
                    defer,
                    state: state @ State::Start,
                } => {
                    let component = component.clone();
                    let asked = std::mem::replace(wanted, Wanted(SmallVec::new()));
                    match self.start(&component, asked, *defer, depth)? {
                        Started::Answer(found) => {
                            answer = Some(found);
                            stack.pop();
                        }
                        Started::Options {
                            options,
                            potential,
                            wanted: narrowed,
                        } => {
                            *wanted = narrowed;
                            *state = State::Options {
                                listed: options.len(),
                                options,
                                next: 0,
                                potential,
                                exact: true,
                            };
                        }
                    }
                    continue;
                }
                Frame::Component {
                    component,
                    wanted,
                    state:
                        State::Options {
                            options,
                            next,
                            potential,
                            exact,
                            listed,
                        },
                    ..
                } => {
                    match received {
                        Some(Answer::Value(value)) => potential.found(value),
                        Some(Answer::NotIn) => {
                            // Not worth any value below the largest: take the largest out.
                            if let Some(largest) = potential.largest() {
                                potential.remove(largest);
                            }
                            *exact = false;
                        }
                        Some(Answer::Busy) => {
                            // Asked again after the others (once: it is past `listed` then).
                            let deferred = std::mem::take(&mut options[*next - 1]);
                            options.push(deferred);
                        }
                        None => {}
                    }
                    let mut question = None;
                    let mut settled = None;
                    while question.is_none() && settled.is_none() {
                        if !potential.meets(wanted) {
                            settled = Some(Answer::NotIn);
                        } else if *next == options.len() {
                            // Every option asked: the least value left is the nimber when every
                            // option was valued, or when it is no larger than the largest wanted.
                            let least = potential.least().unwrap_or(0);
                            settled = Some(if *exact || least <= wanted.largest() {
                                Answer::Value(least)
                            } else {
                                Answer::NotIn
                            });
                        } else {
                            let ask = potential.ask(wanted.largest());
                            let defer = *next < *listed;
                            *next += 1;
                            if ask.is_empty() {
                                if let Some(largest) = potential.largest() {
                                    potential.remove(largest);
                                }
                                *exact = false;
                            } else if options[*next - 1].len() == 1 {
                                // Left in the list, to be deferred if another thread has it.
                                question = Some(Frame::Component {
                                    component: options[*next - 1][0].clone(),
                                    wanted: ask,
                                    defer,
                                    state: State::Start,
                                });
                            } else {
                                let parts = std::mem::take(&mut options[*next - 1]);
                                question = Some(Frame::Sum {
                                    parts,
                                    wanted: ask,
                                    largest: usize::MAX,
                                    next: 0,
                                    folded: 0,
                                });
                            }
                        }
                    }
                    if let Some(found) = settled {
                        let component = component.clone();
                        let bits = wanted.low_bits() | potential.found;
                        self.remember(&component, |entry| {
                            entry.busy = entry.busy.saturating_sub(1);
                            match found {
                                Answer::Value(value) => entry.learn(value),
                                _ => entry.not_p |= bits,
                            }
                        });
                        answer = Some(found);
                        stack.pop();
                        continue;
                    }
                    match question {
                        Some(question) => question,
                        None => continue,
                    }
                }
                Frame::Sum {
                    parts,
                    wanted,
                    largest,
                    next,
                    folded,
                } => {
                    if parts.is_empty() {
                        answer = Some(Answer::Value(0));
                        stack.pop();
                        continue;
                    }
                    if *largest == usize::MAX {
                        // The hardest part is asked last; the others are valued. A part with a
                        // closed form is never the hardest.
                        *largest = if parts.len() == 1 {
                            0
                        } else {
                            let game = &self.game;
                            let size = |part: &G::Position| {
                                if game.known_grundy(part).is_some() {
                                    return 0;
                                }
                                // The game's measure when it has one, else its moves, counted
                                // up to a cap.
                                match game.difficulty(part) {
                                    0 => 1 + game.moves(part).take(64).count() as u64,
                                    difficulty => difficulty,
                                }
                            };
                            (0..parts.len())
                                .max_by_key(|&i| size(&parts[i]))
                                .unwrap_or(0)
                        };
                    }
                    if *next > parts.len() {
                        // The largest part has answered for the whole sum.
                        answer = received.map(|found| match found {
                            Answer::Value(value) => Answer::Value(value ^ *folded),
                            other => other,
                        });
                        stack.pop();
                        continue;
                    }
                    // A smaller part was asked for every value its nimber may take, so it
                    // answers with the nimber (the soundness argument in the module docs).
                    debug_assert!(received != Some(Answer::NotIn));
                    if let Some(Answer::Value(value)) = received {
                        *folded ^= value;
                    }
                    if *next == *largest {
                        *next += 1;
                    }
                    if *next < parts.len() {
                        let component = parts[*next].clone();
                        *next += 1;
                        // One search for the whole nimber (Beling & Rogalski ask a part of a
                        // sum so): cheaper than a question for each value in turn.
                        Frame::Component {
                            component,
                            wanted: Wanted::every(),
                            defer: false,
                            state: State::Start,
                        }
                    } else {
                        *next = parts.len() + 1;
                        Frame::Component {
                            component: parts[*largest].clone(),
                            wanted: wanted.xor(*folded),
                            defer: false,
                            state: State::Start,
                        }
                    }
                }
            };
            stack.push(question);
        }
        Ok(answer)
    }
}

/// What looking at a component found.
enum Started<P> {
    Answer(Answer),
    Options {
        options: Vec<Parts<P>>,
        potential: Potential,
        wanted: Wanted,
    },
}

#[cfg(test)]
mod tests {
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
