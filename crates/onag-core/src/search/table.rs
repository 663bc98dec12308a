//! The transposition table a search's threads share: what is known of each component, in
//! shards behind mutexes, bounded by the budget.

use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;

use hashbrown::{DefaultHashBuilder, HashTable};

use crate::Budget;

/// The bytes of a table entry: the key, the entry and the map's control byte, with its spare
/// room.
pub(super) fn slot_bytes<P>() -> usize {
    (std::mem::size_of::<P>() + std::mem::size_of::<Entry>() + 1) * 8 / 7
}

/// What the table knows of a component.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    /// The nimber, or [`UNKNOWN`] (see [`Entry::nimber`]).
    pub(super) nimber: u32,
    /// Bit k set: the nimber is known not to be k (C + *k is not a P-position), for k < 64.
    pub(super) not_p: u64,
    /// Whether the game's closed forms have been asked about this component.
    pub(super) asked: bool,
    /// How many threads are asking this component's options now: another thread that meets
    /// it asks its other options first (see [`Frame::Component`]).
    pub(super) busy: u8,
}

/// No nimber known, in [`Entry::nimber`].
pub(super) const UNKNOWN: u32 = u32::MAX;

impl Entry {
    /// The nimber, if known.
    pub(super) fn nimber(&self) -> Option<u64> {
        (self.nimber != UNKNOWN).then_some(u64::from(self.nimber))
    }

    /// Whether the entry can hold `value` as the nimber: one of 2^32 - 1 or more (a closed
    /// form's value of a component far too large to search, such as a Nim heap of 2^40) is
    /// not kept, and is asked of the closed form again each time. Held in 32 bits, the table
    /// takes 16 bytes an entry instead of 24.
    pub(super) fn holds(value: u64) -> bool {
        value < u64::from(UNKNOWN)
    }

    /// Learns that the nimber is `value`, where it [holds](Self::holds) it (else the nimber
    /// stays unknown, which costs time, never an answer).
    pub(super) fn learn(&mut self, value: u64) {
        if Entry::holds(value) {
            self.nimber = value as u32;
        }
    }
}

/// The transposition table, shared by the threads of a search: shards behind mutexes (a
/// thread that finds a shard taken blocks on it), each bounded. A key is hashed once: the
/// hash picks the shard (by its middle bits) and the place in it.
pub(super) struct Table<P> {
    pub(super) shards: Vec<Padded<Mutex<Shard<P>>>>,
    /// The most entries a shard takes.
    pub(super) per_shard: usize,
    /// The most bytes a shard's entries take, with what their keys keep on the heap.
    pub(super) room: usize,
    pub(super) hasher: DefaultHashBuilder,
}

/// A shard of the table: its entries, and the bytes their keys keep on the heap
/// ([`ImpartialGame::position_bytes`]).
pub(super) struct Shard<P> {
    pub(super) entries: HashTable<(P, Entry)>,
    pub(super) outside: usize,
}

pub(crate) const SHARDS: usize = 64;

/// A shard on cache lines of its own: two threads that lock neighbouring shards do not take
/// one line from each other (128 bytes: the pair of lines the processor fetches together).
#[repr(align(128))]
pub(crate) struct Padded<T>(pub(crate) T);

/// The shard of the key of hash `hash`, locked (a thread that finds it taken blocks on it).
pub(crate) fn lock_shard<T>(
    shards: &[Padded<Mutex<T>>],
    hash: u64,
) -> std::sync::MutexGuard<'_, T> {
    // The middle bits: a table places an entry by the low ones and tags it with the top.
    let index = (hash >> 32) as usize % shards.len();
    // A poisoned shard (a panic elsewhere) still holds sound entries.
    shards[index]
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl<P: Eq + Hash + Clone> Table<P> {
    /// A table within `budget`: half its memory (the entries and what their keys keep on the
    /// heap), at most its positions.
    pub(super) fn new(budget: Budget) -> Table<P> {
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
    pub(super) fn shard(&self, key: &P) -> (u64, std::sync::MutexGuard<'_, Shard<P>>) {
        let hash = self.hasher.hash_one(key);
        (hash, lock_shard(&self.shards, hash))
    }

    pub(super) fn get(&self, key: &P) -> Option<Entry> {
        let (hash, shard) = self.shard(key);
        shard
            .entries
            .find(hash, |(k, _)| k == key)
            .map(|&(_, entry)| entry)
    }

    /// Updates the entry of `key`, made if there is room for it and what it keeps on the heap
    /// (`outside`, asked only then).
    pub(super) fn update(
        &self,
        key: &P,
        outside: impl FnOnce(&P) -> usize,
        update: impl FnOnce(&mut Entry),
    ) {
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
    pub(super) fn update_existing(&self, key: &P, update: impl FnOnce(&mut Entry)) {
        let (hash, mut shard) = self.shard(key);
        if let Some((_, entry)) = shard.entries.find_mut(hash, |(k, _)| k == key) {
            update(entry);
        }
    }

    pub(super) fn len(&self) -> usize {
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
