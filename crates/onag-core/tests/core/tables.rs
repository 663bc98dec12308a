//! Games given by explicit tables, shared by the tests of the solver, the search and the loopy
//! solver.

use onag_core::{ImpartialGame, Nimber};
use proptest::prelude::*;

/// A game given by an explicit table: position i moves to the positions listed at i.
#[derive(Debug, Clone)]
pub struct Table(pub Vec<Vec<usize>>);

impl ImpartialGame for Table {
    type Position = usize;
    fn moves(&self, &position: &usize) -> impl Iterator<Item = usize> {
        self.0[position].iter().copied()
    }
}

/// A random acyclic game: every move goes to a smaller index.
pub fn acyclic_table() -> impl Strategy<Value = Table> {
    (1usize..40).prop_flat_map(|size| {
        (0..size)
            .map(|position| {
                prop::collection::vec(0..position.max(1), 0..=position.min(6))
                    .prop_map(move |moves| if position == 0 { Vec::new() } else { moves })
            })
            .collect::<Vec<_>>()
            .prop_map(Table)
    })
}

/// Nim with its closed forms: heaps far too large to search.
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        let heaps = heaps.clone();
        (0..heaps.len()).flat_map(move |i| {
            let heaps = heaps.clone();
            (0..heaps[i]).map(move |smaller| {
                let mut next = heaps.clone();
                next[i] = smaller;
                next
            })
        })
    }
    fn components(&self, heaps: Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        heaps.into_iter().filter(|&h| h > 0).map(|h| vec![h])
    }
    fn join(&self, components: Vec<Vec<u64>>) -> Option<Vec<u64>> {
        Some(components.into_iter().flatten().collect())
    }
    fn known_grundy(&self, heaps: &Vec<u64>) -> Option<Nimber> {
        Some(heaps.iter().map(|&h| Nimber::new(h)).collect())
    }
    fn moves_to_value(
        &self,
        heaps: &Vec<u64>,
        target: Nimber,
        _count: usize,
    ) -> Option<Vec<Vec<u64>>> {
        match heaps.as_slice() {
            [heap] if target.value() < *heap => Some(vec![vec![target.value()]]),
            [_] => Some(Vec::new()),
            _ => None,
        }
    }
}
