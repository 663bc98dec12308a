//! Games whose positions are collections of independent parts, written as the rules of one
//! part.
//!
//! Many games break into pieces that are then played side by side: a sheet cut in two, a
//! board split into regions, a graph into its components. Each piece is a game of its own and
//! the position is their disjunctive sum, so its value is the nim-sum of the pieces' values.
//! Written through [`ImpartialGame`] directly, such a position is a collection rebuilt by
//! every move; written as [`PartRules`], it is the rules of one part (its moves, each the parts
//! it leaves), and [`PartSolver`] values each part once, in a table that a dense index makes a
//! plain array. [`Parts`] makes the same rules an [`ImpartialGame`] (positions are sorted
//! vectors of parts), so that every engine and front can take them.
//!
//! # A move that wins at once
//!
//! A rule such as "the player who cuts off a 1 x 1 piece wins" is not a disjunctive sum: that
//! move ends the whole game, whatever the other pieces. Under normal play it can be written
//! away. A player never makes a move after which the opponent wins at once (it loses), so the
//! rules of one part leave such moves out; a player who has only those left loses, as a
//! player with no move does. Then normal play on the moves that remain is the game, and a part
//! from which the player to move wins at once (a 1 x k strip, k >= 2, in the Cutting Game)
//! never arises from a start without one. The example `examples/cutting_game.rs` writes the
//! Cutting Game so, and its test checks it against a brute force of the rule as stated.
//!
//! # Examples
//!
//! Kayles as the rules of one row: a move knocks down one pin or two adjacent ones, leaving
//! the pins on either side as rows of their own.
//!
//! ```
//! use onag_core::{Nimber, PartRules, PartSolver};
//!
//! struct Kayles;
//!
//! impl PartRules for Kayles {
//!     type Part = u32;
//!
//!     fn part_moves(&self, &row: &u32, each: &mut dyn FnMut(&[u32])) {
//!         for take in 1..=2.min(row) {
//!             for left in 0..=row - take {
//!                 let right = row - take - left;
//!                 match (left, right) {
//!                     (0, 0) => each(&[]),
//!                     (0, part) | (part, 0) => each(&[part]),
//!                     _ => each(&[left, right]),
//!                 }
//!             }
//!         }
//!     }
//!
//!     fn index(&self, &row: &u32) -> Option<usize> {
//!         Some(row as usize)
//!     }
//!
//!     fn index_bound(&self) -> usize {
//!         1 << 16
//!     }
//! }
//!
//! let mut solver = PartSolver::new(Kayles);
//! // OEIS A002186: G(7) = 2, and G(83) = G(71) = 7 (period 12 from heap 71).
//! assert_eq!(solver.grundy(&7)?, Nimber::new(2));
//! assert_eq!(solver.grundy(&83)?, Nimber::new(7));
//! // Three rows: the nim-sum of their values.
//! assert_eq!(solver.grundy_of(&[7, 7, 83])?, Nimber::new(7));
//! # Ok::<(), onag_core::Error>(())
//! ```

use std::fmt::Debug;
use std::hash::Hash;

use hashbrown::HashMap;

use crate::{Budget, Error, ImpartialGame, MexSet, Nimber, Resource, Result};

/// The rules of one part of a game whose positions are collections of independent parts (see
/// the module docs).
pub trait PartRules {
    /// One part: a sheet, a region, a row.
    type Part: Clone + Eq + Hash + Ord + Debug;

    /// Calls `each` once for every move of `part`, with the parts the move leaves (none when
    /// the part is used up). A move leaves only parts of its own; the others stay as they are.
    fn part_moves(&self, part: &Self::Part, each: &mut dyn FnMut(&[Self::Part]));

    /// The part in one standard form (a rectangle with its shorter side first), so that equal
    /// parts are valued once. By default the part itself.
    fn canonical(&self, part: Self::Part) -> Self::Part {
        part
    }

    /// A closed form of the part's value, where the rules know one.
    fn known_grundy(&self, part: &Self::Part) -> Option<Nimber> {
        let _ = part;
        None
    }

    /// The part's place in a dense table (below [`index_bound`](Self::index_bound)), for rules
    /// whose parts are numbered: the table is then an array rather than a hash map, several
    /// times faster. `None` (the default) for a part without one.
    fn index(&self, part: &Self::Part) -> Option<usize> {
        let _ = part;
        None
    }

    /// The size of the dense table: every index is below it. Checked against the budget's
    /// memory before the table is made.
    fn index_bound(&self) -> usize {
        0
    }
}

/// The place of `part` in the dense table, if the rules number it within their bound.
fn dense_index<R: PartRules>(rules: &R, part: &R::Part) -> Option<usize> {
    let bound = rules.index_bound();
    rules.index(part).filter(|&index| index < bound)
}

/// A value not known yet, and a part being valued (a part met again while it is valued is on
/// a cycle).
const UNKNOWN: u64 = u64::MAX;
const VALUING: u64 = u64::MAX - 1;

/// Bytes a part takes in the hash map beside its own size (the map's control byte and spare
/// capacity, about).
const MAP_OVERHEAD: u64 = 16;

/// The values of parts: an array where the rules number their parts, a hash map for the rest.
struct Table<P> {
    dense: Vec<u64>,
    sparse: HashMap<P, u64>,
}

impl<P: Clone + Eq + Hash> Table<P> {
    fn get(&self, index: Option<usize>, part: &P) -> u64 {
        match index {
            Some(index) => self.dense[index],
            None => self.sparse.get(part).copied().unwrap_or(UNKNOWN),
        }
    }

    fn set(&mut self, index: Option<usize>, part: &P, value: u64) {
        match index {
            Some(index) => self.dense[index] = value,
            None => {
                self.sparse.insert(part.clone(), value);
            }
        }
    }
}

/// Values parts of a [`PartRules`] game, each once, without recursion on the call stack: a
/// part's moves are listed once, the nim-sum of each taken where its parts are valued already,
/// and the parts not valued yet are valued first (on an explicit stack), the part's moves then
/// listed once more.
pub struct PartSolver<R: PartRules> {
    rules: R,
    budget: Budget,
    table: Option<Table<R::Part>>,
    /// Parts valued, and options examined.
    valued: u64,
    options: u64,
}

/// One part on the stack, and whether its moves have been listed once (its options counted).
struct Frame<P> {
    part: P,
    index: Option<usize>,
    expanded: bool,
}

impl<R: PartRules> PartSolver<R> {
    /// A solver of `rules` with the default [`Budget`].
    pub fn new(rules: R) -> PartSolver<R> {
        PartSolver::with_budget(rules, Budget::DEFAULT)
    }

    /// A solver of `rules` within `budget`: parts remembered (positions), options examined and
    /// the memory of its table and stack.
    pub fn with_budget(rules: R, budget: Budget) -> PartSolver<R> {
        PartSolver {
            rules,
            budget,
            table: None,
            valued: 0,
            options: 0,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Parts valued so far.
    pub fn parts_valued(&self) -> u64 {
        self.valued
    }

    /// The table, made on first use: the dense array only when the budget holds it.
    fn table(&mut self) -> Result<&mut Table<R::Part>> {
        if self.table.is_none() {
            let bound = self.rules.index_bound();
            let bytes = (bound as u64).saturating_mul(8);
            if bytes > self.budget.memory || bound as u64 > self.budget.positions {
                return Err(self.budget.exceeded(if bytes > self.budget.memory {
                    Resource::Memory
                } else {
                    Resource::Positions
                }));
            }
            self.table = Some(Table {
                dense: vec![UNKNOWN; bound],
                sparse: HashMap::new(),
            });
        }
        Ok(self.table.as_mut().expect("made above"))
    }

    /// The nim-sum of the values of `parts`: the value of the position they make together.
    ///
    /// # Errors
    ///
    /// As [`grundy`](Self::grundy).
    pub fn grundy_of(&mut self, parts: &[R::Part]) -> Result<Nimber> {
        let mut total = 0;
        for part in parts {
            total ^= self.grundy(part)?.value();
        }
        Ok(Nimber::new(total))
    }

    /// The value of one part.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`] past the budget's positions, options or memory;
    /// [`Error::Cycle`] when a part can be reached again from itself (the rules do not end).
    pub fn grundy(&mut self, part: &R::Part) -> Result<Nimber> {
        let part = self.rules.canonical(part.clone());
        if let Some(value) = self.rules.known_grundy(&part) {
            return Ok(value);
        }
        let index = dense_index(&self.rules, &part);
        let known = self.table()?.get(index, &part);
        if known < VALUING {
            return Ok(Nimber::new(known));
        }
        let mut stack = vec![Frame {
            part: part.clone(),
            index,
            expanded: false,
        }];
        if let Err(error) = self.value_stack(&mut stack) {
            // The parts left half-valued are not on a cycle: a later question values them.
            let table = self.table.as_mut().expect("made above");
            for frame in stack.iter().filter(|frame| frame.expanded) {
                if table.get(frame.index, &frame.part) == VALUING {
                    table.set(frame.index, &frame.part, UNKNOWN);
                }
            }
            return Err(error);
        }
        let value = self.table()?.get(index, &part);
        Ok(Nimber::new(value))
    }

    /// Values the parts on `stack`, the last first (see the type's docs).
    fn value_stack(&mut self, stack: &mut Vec<Frame<R::Part>>) -> Result<()> {
        let mut missing: Vec<(R::Part, Option<usize>)> = Vec::new();
        let mut seen = MexSet::new();
        let part_bytes = std::mem::size_of::<R::Part>() as u64;
        let mut reported = 0u64;
        while let Some(frame) = stack.last_mut() {
            if self.options >= reported + (1 << 20) {
                reported = self.options;
                crate::check_stop()?;
            }
            let (rules, table) = (&self.rules, self.table.as_mut().expect("made above"));
            // Pushed twice (two moves asked for it), and valued since.
            if table.get(frame.index, &frame.part) < VALUING {
                stack.pop();
                continue;
            }
            let first = !frame.expanded;
            frame.expanded = true;
            table.set(frame.index, &frame.part, VALUING);
            // One pass over the moves: the nim-sum of each whose parts are all valued, and the
            // parts not valued yet (valued first, and the part again after them).
            missing.clear();
            seen.clear();
            let mut cycle = None;
            let mut options = 0u64;
            rules.part_moves(&frame.part, &mut |after| {
                options += 1;
                let mut total = 0;
                let mut complete = true;
                for next in after {
                    let next = rules.canonical(next.clone());
                    if let Some(value) = rules.known_grundy(&next) {
                        total ^= value.value();
                        continue;
                    }
                    match table.get(dense_index(rules, &next), &next) {
                        VALUING => {
                            cycle = Some(next);
                            complete = false;
                        }
                        UNKNOWN => {
                            let index = dense_index(rules, &next);
                            missing.push((next, index));
                            complete = false;
                        }
                        value => total ^= value,
                    }
                }
                if complete {
                    seen.insert(Nimber::new(total));
                }
            });
            if first {
                self.options += options;
            }
            if let Some(part) = cycle {
                return Err(Error::Cycle {
                    position: format!("{part:?}"),
                });
            }
            if self.options > self.budget.options {
                return Err(self.budget.exceeded(Resource::Options));
            }
            if !missing.is_empty() {
                for (next, index) in missing.drain(..) {
                    // A part two moves ask for is pushed twice; the second finds it valued.
                    stack.push(Frame {
                        part: next,
                        index,
                        expanded: false,
                    });
                }
                let held = (stack.len() as u64).saturating_mul(part_bytes + 16);
                if held > self.budget.memory {
                    return Err(self.budget.exceeded(Resource::Memory));
                }
                continue;
            }
            let frame = stack.pop().expect("the frame above");
            let value = seen.mex().value();
            table.set(frame.index, &frame.part, value);
            self.valued += 1;
            if frame.index.is_none() {
                let held = (table.sparse.len() as u64)
                    .saturating_mul(part_bytes + 8 + MAP_OVERHEAD)
                    .saturating_add((table.dense.len() as u64).saturating_mul(8));
                if held > self.budget.memory {
                    return Err(self.budget.exceeded(Resource::Memory));
                }
                if table.sparse.len() as u64 > self.budget.positions {
                    return Err(self.budget.exceeded(Resource::Positions));
                }
            }
        }
        Ok(())
    }
}

/// A collection of independent parts as an [`ImpartialGame`]: a position is the sorted
/// vector of its parts (in canonical form), its components are the parts one by one, and a
/// move replaces one part by the parts it leaves. Every engine takes it; [`PartSolver`] is
/// the faster way to value parts alone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Parts<R>(pub R);

impl<R> ImpartialGame for Parts<R>
where
    R: PartRules,
    R::Part: Send + Sync,
{
    type Position = Vec<R::Part>;

    fn moves(&self, position: &Vec<R::Part>) -> impl Iterator<Item = Vec<R::Part>> {
        let mut options = Vec::new();
        for (at, part) in position.iter().enumerate() {
            self.0.part_moves(part, &mut |after| {
                let mut next: Vec<R::Part> = position[..at]
                    .iter()
                    .chain(&position[at + 1..])
                    .cloned()
                    .chain(after.iter().map(|part| self.0.canonical(part.clone())))
                    .collect();
                next.sort();
                options.push(next);
            });
        }
        options.into_iter()
    }

    fn components(&self, position: Vec<R::Part>) -> impl Iterator<Item = Vec<R::Part>> {
        position.into_iter().map(|part| vec![part])
    }

    fn join(&self, components: Vec<Vec<R::Part>>) -> Option<Vec<R::Part>> {
        let mut parts: Vec<R::Part> = components.into_iter().flatten().collect();
        parts.sort();
        Some(parts)
    }

    fn canonical(&self, position: Vec<R::Part>) -> Vec<R::Part> {
        let mut parts: Vec<R::Part> = position
            .into_iter()
            .map(|part| self.0.canonical(part))
            .collect();
        parts.sort();
        parts
    }

    fn known_grundy(&self, position: &Vec<R::Part>) -> Option<Nimber> {
        match position.as_slice() {
            [] => Some(Nimber::ZERO),
            [part] => self.0.known_grundy(part),
            _ => None,
        }
    }

    fn position_bytes(&self, position: &Vec<R::Part>) -> usize {
        position.capacity() * std::mem::size_of::<R::Part>()
    }
}
