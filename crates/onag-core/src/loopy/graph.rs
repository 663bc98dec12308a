//! The explored graph of a game that may repeat positions, valued by Smith's labelling.
//!
//! Positions are numbered as they are found (breadth first) and their moves kept in one array
//! (compressed rows: 4 bytes a move), deduplicated. Solving builds the reverse arrays and
//! computes three things, each by work lists, never recursion:
//!
//! 1. **The acyclic part** (positions from which no cycle can be reached) by Kahn's order from
//!    the terminal positions: each gets its ordinary Grundy value, the mex of its options.
//! 2. **The rest, level by level** (C. A. B. Smith 1966, §9; the labelling of Fraenkel & Yesha
//!    1986). At level `i` the positions not yet labelled are the candidates; a candidate
//!    becomes `i` when none of its options is `i` and every option that is unlabelled or ∞
//!    has an option labelled `i` (a reply that restores `i`). It is a retrograde count: a
//!    candidate counts its unlabelled options that have no option `i` yet; labelling a position
//!    `i` marks its predecessors, which lowers their predecessors' counts, and a count that
//!    reaches zero labels that position. A candidate left with no option `i` at the end of the
//!    level is ∞ for good; one with an option `i` goes on to the next level. Each level costs
//!    the moves of the candidates left, so the whole costs about (values + 1) × moves.
//!    The order in which positions are labelled is Smith's counter function: for a position
//!    `u` of value `a`, every option of value above `a` (or ∞) has an option of value `a`
//!    labelled before `u`. It is what makes a winning strategy in a sum terminate.
//! 3. **Remoteness** (Winning Ways ch. 12; the Gamesman solvers' retrograde analysis): terminal
//!    positions are P at remoteness 0; a position with an option P at remoteness r is N at
//!    r + 1 (the least such r, as the queue meets them in order); a position all of whose
//!    options are N is P at one more than the greatest. Positions the queue never reaches are
//!    draws.

use std::hash::{BuildHasher, Hash};

use hashbrown::{DefaultHashBuilder, HashTable};

use crate::{Budget, Error, ImpartialGame, LoopyValue, MexSet, Nimber, Outcome, Resource, Result};

/// In the array of values: ∞ (every other entry is a finite value, or [`UNLABELLED`]).
const VALUE_INFINITE: u32 = u32::MAX;
/// In the array of values: not yet labelled, while solving.
const UNLABELLED: u32 = u32::MAX - 1;
/// In the array of remoteness: a draw (every other entry is a number of moves).
const REMOTENESS_DRAW: u32 = u32::MAX;
/// The most moves a graph holds: move indices are 32-bit.
const MAX_MOVES: u64 = u32::MAX as u64 - 2;
/// Bytes a position costs while the graph is solved, besides the position itself: its first
/// move and first predecessor, value, counter and remoteness (with the previous solution's
/// three while the new one is built), a work count and four work-list slots (4 bytes each),
/// and a flag byte.
const BYTES_PER_POSITION: u64 = 13 * 4 + 1;
/// Bytes a move costs: its target, and the same move reversed.
const BYTES_PER_MOVE: u64 = 8;

/// A position's place in a [`LoopyGraph`], as the graph numbers its positions (from 0, in the
/// order they were found): what the graph's accessors take.
///
/// # Examples
///
/// ```
/// use onag_core::{ImpartialGame, LoopySolver, Outcome};
///
/// /// Wind back one hour until hour 0.
/// struct Clock;
/// impl ImpartialGame for Clock {
///     type Position = u8;
///     fn moves(&self, &hour: &u8) -> impl Iterator<Item = u8> {
///         hour.checked_sub(1).into_iter()
///     }
/// }
///
/// let mut solver = LoopySolver::new(Clock);
/// let node = solver.node(&2)?;
/// assert_eq!(solver.graph().position(node), &2);
/// assert_eq!(solver.graph().outcome(node), Outcome::Previous);
/// assert_eq!(solver.graph().options(node).count(), 1);
/// # Ok::<(), onag_core::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node(pub(crate) u32);

impl Node {
    /// The node's number, from 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Every position reachable from some start positions, with its moves, its generalized
/// Sprague-Grundy value, its counter and its remoteness. Built and solved by
/// [`LoopySolver`](crate::LoopySolver), which answers queries from it.
#[derive(Debug, Clone)]
pub struct LoopyGraph<P> {
    positions: Vec<P>,
    index: HashTable<u32>,
    hasher: DefaultHashBuilder,
    /// Node `u`'s options are `targets[first[u]..first[u + 1]]`, for every expanded node.
    first: Vec<u32>,
    targets: Vec<u32>,
    value: Vec<u32>,
    counter: Vec<u32>,
    remoteness: Vec<u32>,
    /// Options generated while exploring, duplicates included (the options budget).
    examined: u64,
    /// The bytes the positions keep on the heap ([`ImpartialGame::position_bytes`]).
    outside: u64,
    /// When the next progress report is due.
    ticker: crate::ticker::Ticker,
}

impl<P> Default for LoopyGraph<P> {
    fn default() -> LoopyGraph<P> {
        LoopyGraph {
            positions: Vec::new(),
            index: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            first: vec![0],
            targets: Vec::new(),
            value: Vec::new(),
            counter: Vec::new(),
            remoteness: Vec::new(),
            examined: 0,
            outside: 0,
            ticker: crate::ticker::Ticker::new(),
        }
    }
}

impl<P: Clone + Eq + Hash> LoopyGraph<P> {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the graph holds no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The number of moves (distinct options of each position, summed).
    pub fn moves(&self) -> usize {
        self.targets.len()
    }

    /// Every node, in the order the positions were found.
    pub fn nodes(&self) -> impl Iterator<Item = Node> + use<P> {
        (0..self.positions.len() as u32).map(Node)
    }

    /// The node of `position` (canonical), if the graph holds it.
    pub fn node(&self, position: &P) -> Option<Node> {
        self.node_index(position).map(Node)
    }

    /// The number of `position`'s node, if the graph holds it.
    pub(crate) fn node_index(&self, position: &P) -> Option<u32> {
        let hash = self.hasher.hash_one(position);
        self.index
            .find(hash, |&node| self.positions[node as usize] == *position)
            .copied()
    }

    /// The position of `node`.
    pub fn position(&self, node: Node) -> &P {
        self.position_at(node.0)
    }

    pub(crate) fn position_at(&self, node: u32) -> &P {
        &self.positions[node as usize]
    }

    /// The options of `node`, distinct, in no particular order.
    pub fn options(&self, node: Node) -> impl Iterator<Item = Node> + '_ {
        self.option_indices(node.0)
            .iter()
            .map(|&option| Node(option))
    }

    /// The numbers of the options of node `node`.
    pub(crate) fn option_indices(&self, node: u32) -> &[u32] {
        let node = node as usize;
        &self.targets[self.first[node] as usize..self.first[node + 1] as usize]
    }

    /// The generalized Sprague-Grundy value of `node`.
    pub fn value(&self, node: Node) -> LoopyValue {
        self.value_at(node.0)
    }

    pub(crate) fn value_at(&self, node: u32) -> LoopyValue {
        match self.value[node as usize] {
            VALUE_INFINITE => LoopyValue::infinite(
                self.option_indices(node)
                    .iter()
                    .filter_map(|&option| self.finite(option)),
            ),
            finite => LoopyValue::Finite(Nimber::new(u64::from(finite))),
        }
    }

    /// The value of `node` when finite.
    pub(crate) fn finite(&self, node: u32) -> Option<Nimber> {
        match self.value[node as usize] {
            VALUE_INFINITE => None,
            finite => Some(Nimber::new(u64::from(finite))),
        }
    }

    /// The outcome of `node`.
    pub fn outcome(&self, node: Node) -> Outcome {
        self.outcome_at(node.0)
    }

    pub(crate) fn outcome_at(&self, node: u32) -> Outcome {
        match self.remoteness[node as usize] {
            REMOTENESS_DRAW => Outcome::Draw,
            even if even % 2 == 0 => Outcome::Previous,
            _ => Outcome::Next,
        }
    }

    /// The remoteness of `node`: how many moves the winner needs to win and the loser can
    /// delay it, with best play; `None` for a draw.
    pub fn remoteness(&self, node: Node) -> Option<u64> {
        self.remoteness_at(node.0)
    }

    pub(crate) fn remoteness_at(&self, node: u32) -> Option<u64> {
        match self.remoteness[node as usize] {
            REMOTENESS_DRAW => None,
            moves => Some(u64::from(moves)),
        }
    }

    /// Smith's counter of a node of finite value: the order in which values were settled. For
    /// a node `u` of value `a`, every option of larger value (or ∞) has an option of value `a`
    /// with a smaller counter.
    pub fn counter(&self, node: Node) -> u32 {
        self.counter_at(node.0)
    }

    pub(crate) fn counter_at(&self, node: u32) -> u32 {
        self.counter[node as usize]
    }

    /// The bytes the graph will hold once solved, with `positions` positions, `moves` moves and
    /// an index of `slots` slots, and `outside` bytes its positions keep on the heap.
    fn bytes(positions: usize, moves: usize, slots: usize, outside: u64) -> u64 {
        positions as u64 * (std::mem::size_of::<P>() as u64 + BYTES_PER_POSITION)
            + moves as u64 * BYTES_PER_MOVE
            + slots as u64 * 5 * 8 / 7
            + outside
    }

    /// The node of `position` (canonical), added if new; the game counts what a new position
    /// keeps on the heap ([`ImpartialGame::position_bytes`]).
    fn intern<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: P,
        budget: &Budget,
    ) -> Result<u32> {
        let hash = self.hasher.hash_one(&position);
        let positions = &self.positions;
        if let Some(&node) = self
            .index
            .find(hash, |&node| positions[node as usize] == position)
        {
            return Ok(node);
        }
        let count = self.positions.len();
        if count as u64 >= budget.positions || count >= UNLABELLED as usize {
            return Err(budget.exceeded(Resource::Positions));
        }
        let slots = if self.index.len() == self.index.capacity() {
            (self.index.capacity() * 2).max(16)
        } else {
            self.index.capacity()
        };
        let grown = if self.positions.len() == self.positions.capacity() {
            (self.positions.capacity() * 2).max(1024)
        } else {
            self.positions.capacity()
        };
        let outside = game.position_bytes(&position) as u64;
        let bytes = Self::bytes(
            grown,
            self.targets.capacity(),
            slots,
            self.outside + outside,
        );
        if bytes > budget.memory {
            return Err(budget.exceeded(Resource::Memory));
        }
        self.positions.reserve_exact(grown - self.positions.len());
        self.positions.push(position);
        self.outside += outside;
        let node = count as u32;
        let (positions, hasher) = (&self.positions, &self.hasher);
        self.index.insert_unique(hash, node, |&node| {
            hasher.hash_one(&positions[node as usize])
        });
        Ok(node)
    }

    /// Adds `positions` (canonical) and every position reachable from them, then solves the
    /// graph once if it grew; returns their nodes. On an error the graph is left as it was.
    pub(crate) fn reach<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        positions: impl IntoIterator<Item = P>,
        budget: &Budget,
        progress: &mut Option<Box<dyn FnMut(u64) + Send>>,
    ) -> Result<Vec<u32>> {
        let before = self.positions.len();
        let explored = self.explore(game, positions, budget, progress);
        if explored.is_err() {
            self.roll_back(game, before);
        } else if self.positions.len() > before {
            self.solve();
        }
        explored
    }

    /// Forgets every node from `count` on: what an exploration that failed had added.
    fn roll_back<G: ImpartialGame<Position = P>>(&mut self, game: &G, count: usize) {
        let forgotten: u64 = self.positions[count..]
            .iter()
            .map(|position| game.position_bytes(position) as u64)
            .sum();
        self.outside -= forgotten;
        self.positions.truncate(count);
        self.targets
            .truncate(self.first[count.min(self.first.len() - 1)] as usize);
        self.first.truncate(count + 1);
        self.index.retain(|&mut node| (node as usize) < count);
    }

    fn explore<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        positions: impl IntoIterator<Item = P>,
        budget: &Budget,
        progress: &mut Option<Box<dyn FnMut(u64) + Send>>,
    ) -> Result<Vec<u32>> {
        let starts = positions
            .into_iter()
            .map(|position| self.intern(game, position, budget))
            .collect::<Result<Vec<u32>>>()?;
        let mut next = self.first.len() - 1;
        // Breadth first: nodes are expanded in the order they were numbered, so each node's
        // options are appended as one run.
        while next < self.positions.len() {
            let position = self.positions[next].clone();
            let run = self.targets.len();
            for option in game.moves(&position) {
                self.examined += 1;
                if self.examined > budget.options {
                    return Err(budget.exceeded(Resource::Options));
                }
                let target = self.intern(game, game.canonical(option), budget)?;
                if self.targets.len() == self.targets.capacity() {
                    if self.targets.len() as u64 >= MAX_MOVES {
                        return Err(Error::LimitExceeded {
                            resource: Resource::Options,
                            limit: MAX_MOVES,
                        });
                    }
                    let grown = (self.targets.capacity() * 2).max(4096);
                    let bytes = Self::bytes(
                        self.positions.capacity(),
                        grown,
                        self.index.capacity(),
                        self.outside,
                    );
                    if bytes > budget.memory {
                        return Err(budget.exceeded(Resource::Memory));
                    }
                    self.targets.reserve_exact(grown - self.targets.len());
                }
                self.targets.push(target);
            }
            // A position reached twice from one parent is one move.
            let options = &mut self.targets[run..];
            options.sort_unstable();
            let distinct = partition_dedup(options);
            self.targets.truncate(run + distinct);
            self.first.push(self.targets.len() as u32);
            next += 1;
            if self.ticker.due() {
                crate::check_stop()?;
                if let Some(progress) = progress.as_mut() {
                    progress(next as u64);
                }
            }
        }
        Ok(starts)
    }

    /// Values, counters and remoteness of every node, from scratch (see the module docs).
    fn solve(&mut self) {
        let n = self.positions.len();
        // The reverse arrays: node v's predecessors are `sources[before[v]..before[v + 1]]`.
        let mut before = vec![0u32; n + 1];
        for &target in &self.targets {
            before[target as usize] += 1;
        }
        let mut total = 0u32;
        for slot in before.iter_mut() {
            total += *slot;
            *slot = total;
        }
        let mut sources = vec![0u32; self.targets.len()];
        for node in 0..n {
            for &target in self.option_indices(node as u32) {
                before[target as usize] -= 1;
                sources[before[target as usize] as usize] = node as u32;
            }
        }
        let predecessors = |node: u32| -> &[u32] {
            &sources[before[node as usize] as usize..before[node as usize + 1] as usize]
        };

        let mut value = vec![UNLABELLED; n];
        let mut counter = vec![u32::MAX; n];
        let mut count: Vec<u32> = (0..n)
            .map(|node| self.first[node + 1] - self.first[node])
            .collect();
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&node| count[node as usize] == 0)
            .collect();
        let mut settled = 0u32;

        // 1. The acyclic part, in Kahn's order from the terminal positions.
        let mut mex = MexSet::new();
        let mut head = 0;
        while head < queue.len() {
            let node = queue[head];
            head += 1;
            mex.clear();
            for &option in self.option_indices(node) {
                mex.insert(Nimber::new(u64::from(value[option as usize])));
            }
            value[node as usize] = mex.mex().value() as u32;
            counter[node as usize] = settled;
            settled += 1;
            for &parent in predecessors(node) {
                count[parent as usize] -= 1;
                if count[parent as usize] == 0 {
                    queue.push(parent);
                }
            }
        }
        let mut acyclic = std::mem::take(&mut queue);
        acyclic.sort_by_key(|&node| value[node as usize]);

        // 2. The rest, level by level.
        let open = |value: u32| value >= UNLABELLED;
        let mut candidates: Vec<u32> = (0..n as u32)
            .filter(|&node| value[node as usize] == UNLABELLED)
            .collect();
        let mut marked = vec![false; n];
        let mut touched: Vec<u32> = Vec::new();
        let mut level = 0u32;
        let mut next_acyclic = 0;
        while !candidates.is_empty() {
            // Options of value `level` in the acyclic part mark their predecessors.
            while next_acyclic < acyclic.len() && value[acyclic[next_acyclic] as usize] < level {
                next_acyclic += 1;
            }
            while next_acyclic < acyclic.len() && value[acyclic[next_acyclic] as usize] == level {
                for &parent in predecessors(acyclic[next_acyclic]) {
                    if open(value[parent as usize]) && !marked[parent as usize] {
                        marked[parent as usize] = true;
                        touched.push(parent);
                    }
                }
                next_acyclic += 1;
            }
            // Each candidate counts its open options with no option `level` yet.
            for &node in &candidates {
                count[node as usize] = self
                    .option_indices(node)
                    .iter()
                    .filter(|&&option| open(value[option as usize]) && !marked[option as usize])
                    .count() as u32;
            }
            queue.clear();
            for &node in &candidates {
                if count[node as usize] == 0 && !marked[node as usize] {
                    value[node as usize] = level;
                    counter[node as usize] = settled;
                    settled += 1;
                    queue.push(node);
                }
            }
            let mut head = 0;
            while head < queue.len() {
                let labelled = queue[head];
                head += 1;
                for &parent in predecessors(labelled) {
                    if !open(value[parent as usize]) || marked[parent as usize] {
                        continue;
                    }
                    marked[parent as usize] = true;
                    touched.push(parent);
                    for &grandparent in predecessors(parent) {
                        let index = grandparent as usize;
                        if value[index] != UNLABELLED || marked[index] {
                            continue;
                        }
                        count[index] -= 1;
                        if count[index] == 0 {
                            value[index] = level;
                            counter[index] = settled;
                            settled += 1;
                            queue.push(grandparent);
                        }
                    }
                }
            }
            candidates.retain(|&node| {
                let index = node as usize;
                if value[index] != UNLABELLED {
                    return false;
                }
                if !marked[index] {
                    value[index] = VALUE_INFINITE;
                    return false;
                }
                true
            });
            for node in touched.drain(..) {
                marked[node as usize] = false;
            }
            level += 1;
        }

        // 3. Remoteness, by retrograde analysis from the terminal positions.
        let mut remoteness = vec![REMOTENESS_DRAW; n];
        for (node, count) in count.iter_mut().enumerate() {
            *count = self.first[node + 1] - self.first[node];
        }
        queue.clear();
        queue.extend((0..n as u32).filter(|&node| count[node as usize] == 0));
        for &node in &queue {
            remoteness[node as usize] = 0;
        }
        let mut head = 0;
        while head < queue.len() {
            let node = queue[head];
            head += 1;
            let distance = remoteness[node as usize];
            for &parent in predecessors(node) {
                let index = parent as usize;
                if remoteness[index] != REMOTENESS_DRAW {
                    continue;
                }
                if distance % 2 == 0 {
                    // An option that is a P-position: the parent wins, first by the nearest.
                    remoteness[index] = distance + 1;
                    queue.push(parent);
                } else {
                    count[index] -= 1;
                    if count[index] == 0 {
                        remoteness[index] = distance + 1;
                        queue.push(parent);
                    }
                }
            }
        }
        self.value = value;
        self.counter = counter;
        self.remoteness = remoteness;
    }
}

/// Moves the distinct values of a sorted slice to its front; returns how many there are.
fn partition_dedup(sorted: &mut [u32]) -> usize {
    if sorted.is_empty() {
        return 0;
    }
    let mut kept = 1;
    for index in 1..sorted.len() {
        if sorted[index] != sorted[kept - 1] {
            sorted[kept] = sorted[index];
            kept += 1;
        }
    }
    kept
}
