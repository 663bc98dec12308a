//! The solver's memory of finished values: an open-addressing hash table built for the access
//! pattern of depth-first evaluation.
//!
//! Evaluation of a large game is bound by memory latency: nearly every move of every position
//! costs one lookup in a table far larger than the processor's cache. This table keeps key and
//! value in one slot (one cache miss per lookup, where a general-purpose table with separate
//! control bytes takes two), probes linearly at a load of at most one half, and lets the solver
//! [`touch`](Memo::touch) the slots of all of a position's options at once, with no branches in
//! between, so that their cache misses overlap instead of queueing.

use std::hash::{BuildHasher, Hash};

use hashbrown::DefaultHashBuilder;

use crate::Nimber;

/// A slot: empty, or a position with its value.
type Slot<P> = Option<(P, Nimber)>;

#[derive(Debug)]
pub(crate) struct Memo<P> {
    slots: Vec<Slot<P>>,
    len: usize,
    /// `64 - log2(slots.len())`: the slot of a hash is its top bits.
    shift: u32,
    hasher: DefaultHashBuilder,
}

/// Where a lookup ended: at the key's slot, or at the empty slot where it would go.
pub(crate) enum Probe {
    Found(usize),
    Vacant(usize),
}

impl<P: Eq + Hash + Clone> Memo<P> {
    pub(crate) fn new() -> Memo<P> {
        Memo {
            slots: Vec::new(),
            len: 0,
            shift: 64,
            hasher: DefaultHashBuilder::default(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn hash(&self, position: &P) -> u64 {
        self.hasher.hash_one(position)
    }

    fn home(&self, hash: u64) -> usize {
        // With no slots the shift is 64, which `checked_shr` turns into slot 0 of nothing.
        hash.checked_shr(self.shift).unwrap_or(0) as usize
    }

    /// Reads the home slot of `hash` without acting on it, so that the processor fetches it
    /// while other work goes on. Returns a value only to keep the read from being optimised out.
    #[inline]
    pub(crate) fn touch(&self, hash: u64) -> bool {
        self.slots
            .get(self.home(hash))
            .is_some_and(|slot| slot.is_some())
    }

    pub(crate) fn probe(&self, hash: u64, position: &P) -> Probe {
        let mask = self.slots.len().wrapping_sub(1);
        let mut index = self.home(hash);
        loop {
            match self.slots.get(index) {
                Some(Some((key, _))) if key == position => return Probe::Found(index),
                Some(Some(_)) => index = (index + 1) & mask,
                _ => return Probe::Vacant(index),
            }
        }
    }

    pub(crate) fn get(&self, hash: u64, position: &P) -> Option<Nimber> {
        match self.probe(hash, position) {
            Probe::Found(index) => self.slots[index].as_ref().map(|&(_, value)| value),
            Probe::Vacant(_) => None,
        }
    }

    pub(crate) fn value_at(&self, index: usize) -> Option<Nimber> {
        self.slots[index].as_ref().map(|&(_, value)| value)
    }

    pub(crate) fn set_at(&mut self, index: usize, value: Nimber) {
        if let Some((_, slot_value)) = &mut self.slots[index] {
            *slot_value = value;
        }
    }

    /// Inserts a position known to be absent; returns its slot.
    pub(crate) fn insert(&mut self, hash: u64, position: P, value: Nimber) -> usize {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let index = match self.probe(hash, &position) {
            Probe::Found(index) | Probe::Vacant(index) => index,
        };
        self.slots[index] = Some((position, value));
        self.len += 1;
        index
    }

    /// Sets the value of a present position, found again by its hash.
    pub(crate) fn set(&mut self, hash: u64, position: &P, value: Nimber) {
        if let Probe::Found(index) = self.probe(hash, position) {
            self.set_at(index, value);
        }
    }

    /// Removes a position, shifting later entries of its probe run back so none is lost.
    pub(crate) fn remove(&mut self, hash: u64, position: &P) {
        let Probe::Found(mut hole) = self.probe(hash, position) else {
            return;
        };
        let mask = self.slots.len() - 1;
        self.slots[hole] = None;
        self.len -= 1;
        let mut index = hole;
        loop {
            index = (index + 1) & mask;
            let Some((key, _)) = &self.slots[index] else {
                return;
            };
            let home = self.home(self.hash(key));
            // The entry may move into the hole if the hole lies on its probe path, that is,
            // cyclically within [home, index).
            if (index.wrapping_sub(home) & mask) >= (index.wrapping_sub(hole) & mask) {
                self.slots[hole] = self.slots[index].take();
                hole = index;
            }
        }
    }

    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(16);
        let old = std::mem::take(&mut self.slots);
        self.slots.resize_with(capacity, || None);
        self.shift = 64 - capacity.trailing_zeros();
        for (position, value) in old.into_iter().flatten() {
            let hash = self.hash(&position);
            if let Probe::Vacant(index) = self.probe(hash, &position) {
                self.slots[index] = Some((position, value));
            }
        }
    }

    pub(crate) fn clear(&mut self) {
        *self = Memo::new();
    }

    /// Every stored entry (for tests).
    #[cfg(test)]
    pub(crate) fn entries(&self) -> impl Iterator<Item = &(P, Nimber)> {
        self.slots.iter().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_find_remove_and_grow() {
        let mut memo = Memo::new();
        for key in 0..5000u32 {
            let hash = memo.hash(&key);
            memo.insert(hash, key, Nimber::new(u64::from(key) * 3));
        }
        assert_eq!(memo.len(), 5000);
        for key in (0..5000u32).step_by(3) {
            memo.remove(memo.hash(&key), &key);
        }
        for key in 0..5000u32 {
            let expected = (key % 3 != 0).then(|| Nimber::new(u64::from(key) * 3));
            assert_eq!(memo.get(memo.hash(&key), &key), expected, "{key}");
        }
    }
}
