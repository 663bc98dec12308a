//! Games whose positions may repeat: generalized Sprague-Grundy values, draws and remoteness.
//!
//! The [`Solver`](crate::Solver) needs a finite game, where every line of play ends, and
//! reports [`Error::Cycle`](crate::Error::Cycle) otherwise. A game that can return to a position
//! (moves that add counters, wrap around, or undo each other) has a third outcome, the draw,
//! and its positions take the *generalized* Sprague-Grundy values [`LoopyValue`]: a finite
//! nimber, or ∞ with an escape set. [`LoopySolver`] computes them for any [`ImpartialGame`]
//! with finitely many positions reachable from the ones asked about: it explores that graph,
//! values it (see [`LoopyGraph`] for the algorithm), and answers values, outcomes, remoteness,
//! winning and drawing moves, for single positions and for sums.
//!
//! # Sums and winning without looping
//!
//! A position that splits into components (through [`ImpartialGame::components`]) is valued
//! from its components' values by the generalized sum rule, so the graph holds components,
//! never their combinations. In a game with cycles, moving to a P-position is not enough to
//! win: a player who keeps choosing P-positions aimlessly may go round for ever. The first of
//! the winning moves this solver lists always makes progress: in a position of one component
//! it wins fastest (least remoteness); in a sum it leaves the smallest multiset of the
//! components' (value, counter) pairs, Smith's counter being the order in which values were
//! settled. Each such move leaves a smaller multiset than the P-position before the opponent's
//! move (a lowered component, or the opponent's raise undone with a smaller counter), and that
//! order has no infinite descent, so following the first winning move always ends in a win.
//!
//! # References
//!
//! - C. A. B. Smith, *Graphs and composite games*, J. Combin. Theory 1 (1966) 51-81.
//! - A. S. Fraenkel and Y. Yesha, *The generalized Sprague-Grundy function and its
//!   invariance under certain mappings*, J. Combin. Theory A 43 (1986) 165-177.
//! - E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 12 (remoteness; loopy
//!   impartial games).

mod graph;
mod value;

pub use graph::{LoopyGraph, Node};
pub use value::LoopyValue;

use crate::{Budget, ImpartialGame, Outcome, Result};

/// Values, outcomes, remoteness, winning and drawing moves of a game whose positions may
/// repeat.
///
/// Every query explores what it needs of the game's graph (within the [`Budget`]: positions
/// remembered, options generated, bytes of the graph's tables) and solves it; later queries
/// reuse it. Nothing recurses: a cycle 10<sup>7</sup> positions long is one loop.
///
/// # Examples
///
/// A counter on a clock of 5 hours, moved back 1 or 3 hours; 0 ends the game:
///
/// ```
/// use onag_core::{ImpartialGame, LoopySolver, LoopyValue, Nimber, Outcome};
///
/// struct Clock;
/// impl ImpartialGame for Clock {
///     type Position = u32;
///     fn moves(&self, &hour: &u32) -> impl Iterator<Item = u32> {
///         let moves = if hour == 0 { vec![] } else { vec![(hour + 4) % 5, (hour + 2) % 5] };
///         moves.into_iter()
///     }
/// }
///
/// let mut solver = LoopySolver::new(Clock);
/// // 4 moves to 3 or to 1, both of which can only go round or reach 0: 4 is a P-position.
/// assert_eq!(solver.value(&4)?, LoopyValue::Finite(Nimber::ZERO));
/// assert_eq!(solver.value(&1)?, LoopyValue::infinite([Nimber::ZERO]));
/// assert_eq!(solver.outcome(&2)?, Outcome::Next);
/// assert_eq!(solver.remoteness(&1)?, Some(1));
/// assert_eq!(solver.winning_moves(&1)?, vec![0]);
/// # Ok::<(), onag_core::Error>(())
/// ```
pub struct LoopySolver<G: ImpartialGame> {
    game: G,
    budget: Budget,
    graph: LoopyGraph<G::Position>,
    progress: Option<Box<dyn FnMut(u64) + Send>>,
}

impl<G: ImpartialGame> LoopySolver<G> {
    /// A solver for `game`, with the default [`Budget`].
    pub fn new(game: G) -> LoopySolver<G> {
        LoopySolver {
            game,
            budget: Budget::DEFAULT,
            graph: LoopyGraph::default(),
            progress: None,
        }
    }

    /// The same solver with `budget`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, ImpartialGame, LoopySolver, Resource};
    ///
    /// /// A counter that only grows: infinitely many positions.
    /// struct Up;
    /// impl ImpartialGame for Up {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> { std::iter::once(n + 1) }
    /// }
    ///
    /// let budget = Budget { positions: 1000, ..Budget::DEFAULT };
    /// let mut solver = LoopySolver::new(Up).with_budget(budget);
    /// assert_eq!(solver.value(&0), Err(budget.exceeded(Resource::Positions)));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> LoopySolver<G> {
        self.budget = budget;
        self
    }

    /// The same solver, calling `progress` with the number of positions explored, at most every
    /// 100 ms (by the clock, however long a position takes).
    pub fn with_progress(mut self, progress: impl FnMut(u64) + Send + 'static) -> LoopySolver<G> {
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

    /// The graph explored so far, solved.
    pub fn graph(&self) -> &LoopyGraph<G::Position> {
        &self.graph
    }

    /// The node of the graph that holds `component` (a position that does not split), explored
    /// and solved first if new.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`](crate::Error::LimitExceeded) when the positions reachable from
    /// it exceed the budget.
    pub fn node(&mut self, component: &G::Position) -> Result<Node> {
        Ok(Node(self.nodes(std::slice::from_ref(component))?[0]))
    }

    /// The nodes of `components` (positions that do not split), every position reachable from
    /// them explored and the graph solved once: the way to value many positions at once (every
    /// vertex of a graph), since each exploration that finds new positions solves the graph
    /// again.
    ///
    /// # Errors
    ///
    /// As [`node`](Self::node); the graph is then left as it was.
    pub fn explore(&mut self, components: &[G::Position]) -> Result<Vec<Node>> {
        Ok(self.nodes(components)?.into_iter().map(Node).collect())
    }

    /// The numbers of the nodes of `components`, as [`explore`](Self::explore) finds them.
    fn node_numbers(&mut self, components: &[G::Position]) -> Result<Vec<u32>> {
        let canonical: Vec<G::Position> = components
            .iter()
            .map(|component| self.game.canonical(component.clone()))
            .collect();
        let known: Option<Vec<u32>> = canonical
            .iter()
            .map(|component| self.graph.node_index(component))
            .collect();
        if let Some(nodes) = known {
            return Ok(nodes);
        }
        self.graph
            .reach(&self.game, canonical, &self.budget, &mut self.progress)
    }

    /// The components of `position`, canonical.
    fn split(&self, position: &G::Position) -> Vec<G::Position> {
        let whole = self.game.canonical(position.clone());
        self.game
            .components(whole)
            .map(|component| self.game.canonical(component))
            .collect()
    }

    fn nodes(&mut self, components: &[G::Position]) -> Result<Vec<u32>> {
        self.node_numbers(components)
    }

    /// Explores and values every component of every one of `positions` together, in one
    /// exploration and one labelling: asking them one at a time would label again for each
    /// position not yet met (quadratic in a graph of many starts).
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub(crate) fn explore_all(&mut self, positions: &[G::Position]) -> Result<()> {
        let components: Vec<G::Position> = positions
            .iter()
            .flat_map(|position| self.split(position))
            .collect();
        self.node_numbers(&components).map(drop)
    }

    /// The generalized Sprague-Grundy value of `position`.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`](crate::Error::LimitExceeded) past the budget.
    pub fn value(&mut self, position: &G::Position) -> Result<LoopyValue> {
        let components = self.split(position);
        self.sum_value(&components)
    }

    /// The outcome of `position`: P, N or D.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome> {
        Ok(self.value(position)?.outcome())
    }

    /// The remoteness of `position`: how many moves the winner needs to win, the loser
    /// delaying as long as possible. `None` for a draw, and for a sum of several components
    /// (their values do not determine it: value the sum as one game, wrapped in
    /// [`Unhinted`](crate::Unhinted), to get it).
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn remoteness(&mut self, position: &G::Position) -> Result<Option<u64>> {
        let components = self.split(position);
        self.sum_remoteness(&components)
    }

    /// The moves of `position` to P-positions, the one that makes progress first (see the
    /// module docs): following the first winning move in every N-position wins.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn winning_moves(&mut self, position: &G::Position) -> Result<Vec<G::Position>> {
        let single = self.split(position).len() == 1;
        let moves: Vec<G::Position> = self.game.moves(position).collect();
        let mut winning = Vec::new();
        for next in moves {
            let components = self.split(&next);
            let nodes = self.nodes(&components)?;
            if self.sum_of(&nodes).outcome() == Outcome::Previous {
                winning.push((self.progress_key(&nodes, single), next));
            }
        }
        winning.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(winning.into_iter().map(|(_, next)| next).collect())
    }

    /// The moves of a D-position to D-positions, which keep the draw; none from a P- or
    /// N-position.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn drawing_moves(&mut self, position: &G::Position) -> Result<Vec<G::Position>> {
        if self.outcome(position)? != Outcome::Draw {
            return Ok(Vec::new());
        }
        let moves: Vec<G::Position> = self.game.moves(position).collect();
        let mut drawing = Vec::new();
        for next in moves {
            if self.outcome(&next)? == Outcome::Draw {
                drawing.push(next);
            }
        }
        Ok(drawing)
    }

    /// The value of the sum of `components` (each a position that does not split).
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn sum_value(&mut self, components: &[G::Position]) -> Result<LoopyValue> {
        let nodes = self.nodes(components)?;
        Ok(self.sum_of(&nodes))
    }

    /// The remoteness of the sum of `components`: that of the one component (`Some(0)` for
    /// none), `None` for a draw or for several components (see
    /// [`remoteness`](Self::remoteness)).
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn sum_remoteness(&mut self, components: &[G::Position]) -> Result<Option<u64>> {
        let nodes = self.nodes(components)?;
        Ok(match nodes.as_slice() {
            [] => Some(0),
            [node] => self.graph.remoteness_at(*node),
            _ => None,
        })
    }

    /// Every move of the sum of `components`: the component moved (its index), the position
    /// it becomes, and the value of the whole sum after the move; component by component.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn sum_moves(
        &mut self,
        components: &[G::Position],
    ) -> Result<Vec<(usize, G::Position, LoopyValue)>> {
        let nodes = self.nodes(components)?;
        let others = self.others(&nodes);
        let mut moves = Vec::new();
        for ((index, &node), rest) in nodes.iter().enumerate().zip(others) {
            for &option in self.graph.option_indices(node) {
                let value = rest.clone() + self.graph.value_at(option);
                moves.push((index, self.graph.position_at(option).clone(), value));
            }
        }
        Ok(moves)
    }

    /// The moves of the sum of `components` to P-positions, as (component, position it
    /// becomes), the one that makes progress first (see the module docs).
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn sum_winning_moves(
        &mut self,
        components: &[G::Position],
    ) -> Result<Vec<(usize, G::Position)>> {
        let nodes = self.nodes(components)?;
        let others = self.others(&nodes);
        // (component, option, the node it replaces)
        let mut winning = Vec::new();
        for ((index, &node), rest) in nodes.iter().enumerate().zip(others) {
            for &option in self.graph.option_indices(node) {
                if (rest.clone() + self.graph.value_at(option)).outcome() == Outcome::Previous {
                    winning.push((index, option, node));
                }
            }
        }
        if let [_] = nodes.as_slice() {
            winning.sort_by_key(|&(_, option, _)| {
                self.graph.remoteness_at(option).unwrap_or(u64::MAX)
            });
        } else {
            winning.sort_by(|&(_, option_a, node_a), &(_, option_b, node_b)| {
                progress_order(
                    (self.pair(node_a), self.pair(option_a)),
                    (self.pair(node_b), self.pair(option_b)),
                )
            });
        }
        Ok(winning
            .into_iter()
            .map(|(index, option, _)| (index, self.graph.position_at(option).clone()))
            .collect())
    }

    /// The moves of the sum of `components`, when it is a D-position, to D-positions; none
    /// otherwise.
    ///
    /// # Errors
    ///
    /// As [`value`](Self::value).
    pub fn sum_drawing_moves(
        &mut self,
        components: &[G::Position],
    ) -> Result<Vec<(usize, G::Position)>> {
        if self.sum_value(components)?.outcome() != Outcome::Draw {
            return Ok(Vec::new());
        }
        Ok(self
            .sum_moves(components)?
            .into_iter()
            .filter(|(_, _, value)| value.outcome() == Outcome::Draw)
            .map(|(index, position, _)| (index, position))
            .collect())
    }

    /// The value of the sum of these nodes.
    fn sum_of(&self, nodes: &[u32]) -> LoopyValue {
        nodes.iter().map(|&node| self.graph.value_at(node)).sum()
    }

    /// For each of `nodes`, the value of the sum of all the others: a move in one component
    /// changes one term, so each move's value is this plus the option's, and valuing every
    /// move of a sum of n components takes time linear in n, not quadratic.
    fn others(&self, nodes: &[u32]) -> Vec<LoopyValue> {
        let mut after = vec![LoopyValue::default(); nodes.len() + 1];
        for (index, &node) in nodes.iter().enumerate().rev() {
            after[index] = after[index + 1].clone() + self.graph.value_at(node);
        }
        let mut before = LoopyValue::default();
        let mut others = Vec::with_capacity(nodes.len());
        for (index, &node) in nodes.iter().enumerate() {
            others.push(before.clone() + after[index + 1].clone());
            before = before + self.graph.value_at(node);
        }
        others
    }

    /// How far a P-position made of `nodes` is from the end, for ordering winning moves: its
    /// remoteness when it is one component, else the multiset of (value, counter) pairs,
    /// largest first (see [`progress_order`] for the same order between moves of one sum).
    fn progress_key(&self, nodes: &[u32], single: bool) -> Vec<u64> {
        if single && nodes.len() == 1 {
            return vec![self.graph.remoteness_at(nodes[0]).unwrap_or(u64::MAX)];
        }
        let mut pairs: Vec<(u64, u32)> = nodes.iter().map(|&node| self.pair(node)).collect();
        pairs.sort_unstable_by(|a, b| b.cmp(a));
        pairs
            .into_iter()
            .flat_map(|(value, counter)| [value, u64::from(counter)])
            .collect()
    }

    /// A component's part of the order of progress: its value (∞ as the largest) and its
    /// counter in Smith's labelling.
    fn pair(&self, node: u32) -> (u64, u32) {
        let value = self.graph.finite(node).map_or(u64::MAX, |v| v.value());
        (value, self.graph.counter_at(node))
    }
}

/// The order of two moves of one sum of several components by the P-positions they leave:
/// each leaves the multiset of its components' (value, counter) pairs, and the one whose
/// multiset, sorted largest first, is smaller (lexicographically) makes progress first. A move
/// changes one pair, `(removed, added)`; two such multisets differ only in those four pairs, so
/// the largest pair whose count differs decides (the multiset with more copies of it is the
/// larger), in constant time rather than by sorting the whole position per move.
fn progress_order(a: ((u64, u32), (u64, u32)), b: ((u64, u32), (u64, u32))) -> std::cmp::Ordering {
    // The count of each pair in a's multiset less its count in b's.
    let terms = [(a.1, 1i32), (a.0, -1), (b.1, -1), (b.0, 1)];
    let mut decisive: Option<((u64, u32), i32)> = None;
    for &(pair, _) in &terms {
        let net: i32 = terms
            .iter()
            .filter(|(other, _)| *other == pair)
            .map(|(_, count)| count)
            .sum();
        if net != 0 && decisive.is_none_or(|(largest, _)| pair > largest) {
            decisive = Some((pair, net));
        }
    }
    match decisive {
        None => std::cmp::Ordering::Equal,
        Some((_, net)) if net > 0 => std::cmp::Ordering::Greater,
        Some(_) => std::cmp::Ordering::Less,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::HeavyChain;
    use crate::{Nimber, Resource};

    /// `progress_order` between two moves agrees with sorting the whole positions they leave,
    /// on every pair of moves of small sums.
    #[test]
    fn the_order_of_two_moves_is_the_order_of_the_positions_they_leave() {
        let key = |mut pairs: Vec<(u64, u32)>| {
            pairs.sort_unstable_by(|a, b| b.cmp(a));
            pairs
        };
        let domain: Vec<(u64, u32)> = (0..3u64)
            .flat_map(|value| (0..2u32).map(move |counter| (value, counter)))
            .chain([(u64::MAX, 0)])
            .collect();
        let mut state = 12345u64;
        let mut next = |bound: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % bound
        };
        for _ in 0..2000 {
            let size = 2 + next(4);
            let sum: Vec<(u64, u32)> = (0..size).map(|_| domain[next(domain.len())]).collect();
            let (i, j) = (next(size), next(size));
            let (added_i, added_j) = (domain[next(domain.len())], domain[next(domain.len())]);
            let mut after_i = sum.clone();
            after_i[i] = added_i;
            let mut after_j = sum.clone();
            after_j[j] = added_j;
            assert_eq!(
                progress_order((sum[i], added_i), (sum[j], added_j)),
                key(after_i).cmp(&key(after_j)),
                "{sum:?} {i} {added_i:?} {j} {added_j:?}"
            );
        }
    }

    /// A thousand positions of 100 KB are 100 MB: past a 16 MB budget (counting their own bytes
    /// alone, the graph took them), and valued once the budget allows (n mod 2).
    #[test]
    fn what_positions_keep_on_the_heap_counts_against_the_graph_memory() {
        let budget = Budget {
            memory: 16 << 20,
            ..Budget::DEFAULT
        };
        let mut solver = LoopySolver::new(HeavyChain).with_budget(budget);
        assert_eq!(solver.value(&999), Err(budget.exceeded(Resource::Memory)));
        // The failed exploration is forgotten, with what it counted: a short chain fits.
        assert_eq!(solver.value(&20), Ok(LoopyValue::Finite(Nimber::ZERO)));
        let roomy = Budget {
            memory: 1 << 30,
            ..Budget::DEFAULT
        };
        let mut solver = LoopySolver::new(HeavyChain).with_budget(roomy);
        assert_eq!(solver.value(&999), Ok(LoopyValue::Finite(Nimber::new(1))));
    }
}
