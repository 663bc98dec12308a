//! Verification of a candidate quotient: the three conditions of the quotient's module docs
//! checked for every heap added, over the finitely many kinds of heaps, and the search for a
//! position that breaks condition 3.

use std::hash::BuildHasher;

use hashbrown::HashMap;

use super::{Check, Class, MAX_STATES, MisereQuotient, union};

impl MisereQuotient {
    /// The three conditions of the module docs, for every heap added: `Ok` when they hold,
    /// else positions of which the candidate gets at least one wrong.
    pub(super) fn check(&self) -> std::result::Result<(), Check> {
        self.check_focused(false)
    }

    /// As [`check`](Self::check), knowing that the quotient was verified before the last heap
    /// was given its class: only what involves the last heap's kind is checked.
    pub(super) fn check_last(&self) -> std::result::Result<(), Check> {
        // A heap of a kind an earlier heap has adds nothing to check.
        let last = self.phi.len() - 1;
        let (x, options) = (self.phi[last], &self.options[last]);
        if (1..last).any(|m| self.phi[m] == x && self.options[m] == *options) {
            return Ok(());
        }
        self.check_focused(true)
    }

    pub(super) fn check_focused(&self, last_only: bool) -> std::result::Result<(), Check> {
        if self.p[self.identity as usize] {
            return Err(Check::Wrong(vec![Vec::new()]));
        }
        // One entry per kind of heap: its class and its options' classes, with the least heap
        // of that kind.
        let mut kinds: Vec<(Class, &[Class], u64)> = Vec::new();
        let mut index: HashMap<(Class, &[Class]), usize> = HashMap::new();
        let mut last_kind = None;
        for (n, (&x, options)) in self.phi.iter().zip(&self.options).enumerate() {
            if options.is_empty() {
                continue;
            }
            let k = *index.entry((x, options.as_slice())).or_insert_with(|| {
                kinds.push((x, options.as_slice(), n as u64));
                kinds.len() - 1
            });
            last_kind = Some(k);
        }
        let focus = if last_only {
            match last_kind {
                // The last heap is of a kind an earlier heap has: nothing new to check.
                Some(k) if kinds[k].2 == self.heap_reached() => Some(k),
                _ => return Ok(()),
            }
        } else {
            None
        };
        let order = self.order as Class;
        // wins[k][x]: a move in a heap of kind k wins beside x. Only the last kind's row is
        // needed unless that kind can lose beside some class, so the others are made when first
        // needed (most heaps of a periodic game are checked with one row).
        let row = |k: usize| -> Vec<bool> {
            (0..order)
                .map(|x| {
                    kinds[k]
                        .1
                        .iter()
                        .any(|&o| self.is_p_class(self.multiply_class(x, o)))
                })
                .collect()
        };
        let mut wins: Vec<Vec<bool>> = vec![Vec::new(); kinds.len()];
        match focus {
            Some(f) => wins[f] = row(f),
            None => wins = (0..kinds.len()).map(row).collect(),
        }
        // 2: no move from P to P.
        for (k, &(image, options, heap)) in kinds.iter().enumerate() {
            if focus.is_some_and(|f| f != k) {
                continue;
            }
            for x in 0..order {
                if self.is_p_class(self.multiply_class(x, image)) && wins[k][x as usize] {
                    let rest = &self.reps[x as usize];
                    let with_heap = union(rest, &[heap]);
                    let option = self.raw[heap as usize]
                        .iter()
                        .find(|o| {
                            let class = self.product_of_heaps_class(o).unwrap_or(self.identity);
                            options.contains(&class)
                                && self.is_p_class(self.multiply_class(x, class))
                        })
                        .cloned()
                        .unwrap_or_default();
                    return Err(Check::Wrong(vec![with_heap, union(rest, &option)]));
                }
            }
        }
        // 3: every position outside P with a move has a move into P.
        // unsafe_at[k][y]: a heap of kind k has no winning move beside some x with x·Φ = y.
        let unsafe_row = |wins: &[bool], k: usize| -> Vec<bool> {
            let mut row = vec![false; self.order];
            for x in 0..order {
                if !wins[x as usize] {
                    row[self.multiply_class(x, kinds[k].0) as usize] = true;
                }
            }
            row
        };
        let mut unsafe_at: Vec<Vec<bool>> = vec![Vec::new(); kinds.len()];
        if let Some(f) = focus {
            unsafe_at[f] = unsafe_row(&wins[f], f);
        }
        for y in 0..order {
            if self.is_p_class(y) {
                continue;
            }
            if focus.is_some_and(|f| !unsafe_at[f][y as usize]) {
                continue;
            }
            for (k, entry) in wins.iter_mut().enumerate() {
                if entry.is_empty() {
                    *entry = row(k);
                }
                if unsafe_at[k].is_empty() {
                    unsafe_at[k] = unsafe_row(entry, k);
                }
            }
            let unsafe_kinds: Vec<usize> = (0..kinds.len())
                .filter(|&k| unsafe_at[k][y as usize])
                .collect();
            if unsafe_kinds.is_empty() {
                continue;
            }
            // Heaps of one class leave the same rest beside them, so a losing sum needs only
            // one kind per class: a slot per class, whose heap loses at a rest where some kind
            // of that class loses (with the last heap's kind alone in its class's slot when
            // only sums holding it are checked).
            let mut slots: Vec<(Class, Vec<usize>)> = Vec::new();
            for &k in &unsafe_kinds {
                let image = kinds[k].0;
                if focus.is_some_and(|f| kinds[f].0 == image && f != k) {
                    continue;
                }
                match slots.iter_mut().find(|(i, _)| *i == image) {
                    Some((_, group)) => group.push(k),
                    None => slots.push((image, vec![k])),
                }
            }
            let images: Vec<Class> = slots.iter().map(|(i, _)| *i).collect();
            let rows: Vec<Vec<bool>> = slots
                .iter()
                .map(|(_, group)| {
                    (0..self.order)
                        .map(|x| group.iter().all(|&k| wins[k][x]))
                        .collect()
                })
                .collect();
            // Products of unsafe heaps, the empty sum included.
            let reached = self.span(&images);
            if !images
                .iter()
                .any(|&i| (0..order).any(|z| reached[z as usize] && self.multiply_class(i, z) == y))
            {
                continue;
            }
            let focus_slot = focus.map(|f| {
                slots
                    .iter()
                    .position(|(i, _)| *i == kinds[f].0)
                    .expect("the last kind is unsafe here")
            });
            let row_refs: Vec<&[bool]> = rows.iter().map(Vec::as_slice).collect();
            match self.losing_sum(y, &images, &row_refs, &reached, focus_slot) {
                Search::None => {}
                Search::Undecided => return Err(Check::Undecided),
                Search::Found(counts, rests) => {
                    let mut position: Vec<u64> = Vec::new();
                    for (slot, &count) in counts.iter().enumerate() {
                        if count == 0 {
                            continue;
                        }
                        // A kind of this class that has no winning move beside the rest.
                        let group = &slots[slot].1;
                        let k = group
                            .iter()
                            .copied()
                            .find(|&k| !wins[k][rests[slot] as usize])
                            .unwrap_or(group[0]);
                        position.extend(std::iter::repeat_n(kinds[k].2, count));
                    }
                    position.sort_unstable_by(|a, b| b.cmp(a));
                    let mut wrong = vec![position.clone()];
                    wrong.extend(self.options_of(&position));
                    return Err(Check::Wrong(wrong));
                }
            }
        }
        Ok(())
    }

    /// Every option of a position, as positions (heaps largest first).
    pub(super) fn options_of(&self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut found = Vec::new();
        for (i, &heap) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == heap {
                continue;
            }
            let mut rest = position.to_vec();
            rest.remove(i);
            for option in &self.raw[heap as usize] {
                found.push(union(&rest, option));
            }
        }
        found
    }

    /// A sum of heaps of the given slots (their classes `images`, and `wins[s][x]`: a move in a
    /// heap of slot `s` wins beside `x`) of class `y` in which no heap has a winning move, with
    /// at least one heap of slot `focus` if given. Sums are searched as states: the class of the
    /// sum, and for each slot present the class of the sum without one of its heaps, of which
    /// there are finitely many. A state is dropped when no product `z` of further heaps
    /// (`reachable`) could bring it to `y` with every heap still losing.
    pub(super) fn losing_sum(
        &self,
        y: Class,
        images: &[Class],
        wins: &[&[bool]],
        reachable: &[bool],
        focus: Option<usize>,
    ) -> Search {
        let future: Vec<Class> = (0..self.order as Class)
            .filter(|&z| reachable[z as usize])
            .collect();
        // A state is `[sum, has_focus, rest of slot 0, rest of slot 1, ...]`, `ABSENT` for a
        // slot with no heap in the sum; states lie one after another in `arena` (no allocation
        // per state), and `seen` holds their indices, hashed by their words.
        const ABSENT: Class = Class::MAX;
        let stride = images.len() + 2;
        let present = |state: &[Class]| {
            state[2..]
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v != ABSENT)
                .map(|(r, &v)| (r, v))
                .collect::<Vec<_>>()
        };
        let viable = |state: &[Class]| {
            future.iter().any(|&z| {
                self.multiply_class(state[0], z) == y
                    && state[2..]
                        .iter()
                        .enumerate()
                        .all(|(r, &v)| v == ABSENT || !wins[r][self.multiply_class(v, z) as usize])
            })
        };
        let hasher = hashbrown::DefaultHashBuilder::default();
        let hash = |state: &[Class]| hasher.hash_one(state);
        let mut arena: Vec<Class> = vec![ABSENT; stride];
        arena[0] = self.identity;
        arena[1] = Class::from(focus.is_none());
        // For each state, the state it came from and the slot of the heap added.
        let mut parents: Vec<(usize, usize)> = vec![(0, usize::MAX)];
        let mut seen: hashbrown::HashTable<usize> = hashbrown::HashTable::new();
        seen.insert_unique(hash(&arena[..stride]), 0, |&i| {
            hash(&arena[i * stride..(i + 1) * stride])
        });
        let mut next = vec![ABSENT; stride];
        let mut at = 0;
        while at < parents.len() {
            let state = &arena[at * stride..(at + 1) * stride];
            let (sum, has_focus) = (state[0], state[1] == 1);
            if sum == y
                && has_focus
                && state[2..].iter().any(|&v| v != ABSENT)
                && state[2..]
                    .iter()
                    .enumerate()
                    .all(|(r, &v)| v == ABSENT || !wins[r][v as usize])
            {
                let mut counts = vec![0; images.len()];
                let mut back = at;
                while back != 0 {
                    counts[parents[back].1] += 1;
                    back = parents[back].0;
                }
                let mut rests = vec![self.identity; images.len()];
                for (slot, v) in present(state) {
                    rests[slot] = v;
                }
                return Search::Found(counts, rests);
            }
            for (slot, &image) in images.iter().enumerate() {
                let state = &arena[at * stride..(at + 1) * stride];
                next[0] = self.multiply_class(sum, image);
                next[1] = Class::from(has_focus || focus == Some(slot));
                for (r, &v) in state[2..].iter().enumerate() {
                    next[2 + r] = if v == ABSENT {
                        ABSENT
                    } else {
                        self.multiply_class(v, image)
                    };
                }
                // The sum without one heap of this slot: the sum before it was added.
                next[2 + slot] = sum;
                let h = hash(&next);
                let stored = |&i: &usize| arena[i * stride..(i + 1) * stride] == next[..];
                if seen.find(h, stored).is_some() || !viable(&next) {
                    continue;
                }
                if parents.len() >= MAX_STATES {
                    return Search::Undecided;
                }
                let index = parents.len();
                arena.extend_from_slice(&next);
                parents.push((at, slot));
                seen.insert_unique(h, index, |&i| hash(&arena[i * stride..(i + 1) * stride]));
            }
            at += 1;
        }
        Search::None
    }
}

/// What the search for a position breaking condition 3 found.
pub(super) enum Search {
    None,
    /// The number of heaps in each slot searched, and the class of the sum without one of them.
    Found(Vec<usize>, Vec<Class>),
    Undecided,
}
