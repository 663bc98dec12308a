//! Games given by explicit tables, shared by the tests of the solver, the search and the loopy
//! solver.

use cgt_core::ImpartialGame;
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
