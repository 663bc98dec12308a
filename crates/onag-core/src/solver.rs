//! The [`Solver`]: Grundy values, outcomes and winning moves of any [`ImpartialGame`].
//!
//! # How the search works
//!
//! The Grundy value of a position is the mex (least missing value) of the values of its
//! options; a position that splits into components is worth the nim-sum of theirs. The plain
//! way to compute that is a recursive function (see [`crate::reference`], which is exactly
//! that and nothing more). This solver computes the same values with the recursion turned into
//! three explicit stacks, so that the depth of a game is bounded by memory, not by the thread's
//! stack:
//!
//! - **frames**: one per position being evaluated, deepest on top. A frame remembers where its
//!   position sits in the memo (marked *visiting*, so that meeting it again below is a cycle),
//!   and where its entries on the two other stacks start ([`PendingStart`], [`ValuesStart`]).
//! - **pending**: the components of the frame's options not valued yet. When a frame is
//!   entered, every option is generated once: an option with a closed form is valued at once,
//!   the others are split into components and pushed here, each tagged with its [`Role`] in
//!   its move (the whole move, the first component of it, or a later one).
//! - **option values**: the values of the frame's options found so far. The value of an option
//!   made of several components is built in place on top of this stack: the first component
//!   pushes its value, each later one is added to it by nim-sum.
//!
//! The loop looks at the top frame. If it has pending components, it pops one: a component
//! already in the memo (or with a closed form) contributes its value at once; a new one is
//! entered as a frame of its own above. When a frame has nothing pending, its value is the mex
//! of its option values; it is written to the memo, the frame is popped, and its value goes to
//! its parent's current option by its role. The root's value ends the loop.
//!
//! Winning moves of a sum follow the Sprague-Grundy theorem: with component values `g_i` and
//! total `t = g_1 ^ ... ^ g_k`, a move wins exactly when it changes one component `i` into a
//! position of value `t ^ g_i`. So each component is searched alone for moves to that one value
//! ([`ImpartialGame::moves_to_value`] where the game has a closed form), and the result is put
//! back into the whole position with [`ImpartialGame::join`]; the product of the components is
//! never searched.
//!
//! The memo (`memo.rs`) is an open-addressing table tuned for this access pattern; its layout
//! is documented there.

use std::hash::Hash;

use crate::memo::{Memo, Place, Probe};

use crate::{Budget, Error, ImpartialGame, MexSet, Nimber, Outcome, Resource, Result};

/// Marks a position that is being evaluated, so that meeting it again is a cycle. No mex of a
/// position held in memory can reach this value, and closed-form values are never stored.
const VISITING: Nimber = Nimber::new(u64::MAX);

/// How often (in positions evaluated) the solver checks its memory.
const CHECK_EVERY: u64 = 1 << 14;

/// How often (in components pushed by one position's moves) the solver checks the memory of its
/// pending stack.
const PENDING_CHECK: usize = 1 << 12;

/// Evaluates positions of a game and remembers what it learns.
///
/// The solver explores the game's state graph depth first with explicit stacks, never with
/// recursion on the call stack, so a game ten million moves deep evaluates as well as a shallow
/// one. It remembers the Grundy value of every component it evaluated (in a hash table of its own)
/// and reuses them across queries. Positions that [`ImpartialGame::components`] splits are
/// valued as the nim-sum of their components (Sprague 1935, Grundy 1939); closed forms from
/// [`ImpartialGame::known_grundy`] are used wherever they exist and never stored.
///
/// # Examples
///
/// ```
/// use onag_core::{ImpartialGame, Nimber, Solver};
///
/// /// Take 1 or 2 from a single heap.
/// struct TakeOneOrTwo;
///
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u64;
///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
///         (1..=2).filter_map(move |k| n.checked_sub(k))
///     }
/// }
///
/// let mut solver = Solver::new(TakeOneOrTwo);
/// assert_eq!(solver.grundy(&10)?, Nimber::new(10 % 3));
/// assert_eq!(solver.winning_moves(&10)?, vec![9]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// Every query returns [`Error::Cycle`] when the game turns out to have a cycle, and
/// [`Error::LimitExceeded`] when it would need more positions, options or memory than its
/// [`Budget`] allows ([`Solver::with_budget`]). After an error the solver stays usable:
/// everything it had finished evaluating is kept.
///
/// # Complexity
///
/// Each component position is evaluated once: time proportional to the number of moves among
/// the positions reached, memory proportional to their number, plus the depth of the deepest
/// line of play for the explicit stacks.
#[derive(Debug)]
pub struct Solver<G: ImpartialGame> {
    game: G,
    table: Table<G::Position>,
}

/// A progress callback, called with the number of positions evaluated so far.
struct Progress(Option<Box<dyn FnMut(u64) + Send>>);

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Progress(set)"
        } else {
            "Progress(none)"
        })
    }
}

/// The solver's memory, kept apart from the game so that a query may iterate the game's moves
/// lazily while valuing them.
#[derive(Debug)]
struct Table<P> {
    values: Memo<P>,
    budget: Budget,
    progress: Progress,
    evaluated: u64,
    /// Options generated by the current query, bounded by the budget's options so that a game
    /// with astronomically many moves fails instead of running for hours.
    visited: u64,
    frames: Vec<Frame<P>>,
    /// What remains to value of the moves of every frame on the stack, each frame's above its
    /// parent's: the components of each move not valued at once.
    pending: Vec<Pending<P>>,
    /// The values of the moves each frame has valued so far, each frame's above its parent's.
    /// The value of a move whose components are being valued is the nim-sum of those valued
    /// so far, and stays on top while a component's own frame works above it.
    option_values: Vec<Nimber>,
    mex: MexSet,
    /// The bytes the memo's positions keep on the heap ([`ImpartialGame::position_bytes`]).
    outside: usize,
    /// The bytes the positions on the stacks (frames and pending components) keep on the heap.
    stacked: usize,
    /// When the next progress report is due.
    ticker: crate::ticker::Ticker,
}

/// A component of a move, with its hash, not yet valued.
#[derive(Debug)]
struct Pending<P> {
    component: P,
    hash: u64,
    role: Role,
}

/// How a pending component takes part in its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The move's only component: its value is the move's.
    Whole,
    /// The first popped of several: it starts the move's value, at 0.
    Opens,
    /// Any other: its value is added (nim-sum) to the move's.
    Joins,
}

/// One position under evaluation on the explicit stack.
#[derive(Debug)]
struct Frame<P> {
    position: P,
    /// Where the position waits in the memo, marked as visiting, for its value.
    place: Place,
    /// Where this frame's part of the pending stack starts.
    pending_start: PendingStart,
    /// Where its option values start, and how its value takes part in its parent's move.
    values: ValuesStart,
}

/// Where a frame's part of the pending stack starts, in 32 bits rather than a `usize`, so that
/// a frame of a `u32` position takes 16 bytes: a line ten million moves deep keeps ten million
/// frames.
#[derive(Debug, Clone, Copy)]
struct PendingStart(u32);

impl PendingStart {
    /// The offset, or an error when it does not fit 32 bits (more than 4 billion pending
    /// components on the stack at once).
    fn new(offset: usize) -> Result<PendingStart> {
        u32::try_from(offset)
            .map(PendingStart)
            .map_err(|_| Error::LimitExceeded {
                resource: Resource::Options,
                limit: u64::from(u32::MAX),
            })
    }

    fn get(self) -> usize {
        self.0 as usize
    }
}

/// Where a frame's option values start on the values stack, and the [`Role`] of its position in
/// its parent's move, packed in 32 bits for the same reason as [`PendingStart`].
///
/// | bits | field |
/// |---|---|
/// | 31 | [`ValuesStart::WHOLE_MOVE`]: set when the position is on its own a move of its parent (role [`Role::Whole`]), clear when it is a component of one (role [`Role::Joins`]) |
/// | 0..=30 | the offset on the values stack |
#[derive(Debug, Clone, Copy)]
struct ValuesStart(u32);

impl ValuesStart {
    /// The flag bit: the frame's value is its parent's move's value, pushed rather than added.
    const WHOLE_MOVE: u32 = 1 << 31;

    /// The packed form, or an error when the offset needs the flag's bit (more than 2 billion
    /// option values on the stack at once).
    fn new(offset: usize, whole_move: bool) -> Result<ValuesStart> {
        let offset = u32::try_from(offset)
            .ok()
            .filter(|&offset| offset < Self::WHOLE_MOVE)
            .ok_or(Error::LimitExceeded {
                resource: Resource::Options,
                limit: u64::from(Self::WHOLE_MOVE),
            })?;
        Ok(ValuesStart(
            offset | if whole_move { Self::WHOLE_MOVE } else { 0 },
        ))
    }

    fn offset(self) -> usize {
        (self.0 & !Self::WHOLE_MOVE) as usize
    }

    /// How the position's value takes part in its parent's move: as all of it, or added in.
    fn role(self) -> Role {
        if self.0 & Self::WHOLE_MOVE != 0 {
            Role::Whole
        } else {
            Role::Joins
        }
    }
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver for `game` with the default [`Budget`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, Solver};
    /// # struct Terminal;
    /// # impl ImpartialGame for Terminal {
    /// #     type Position = ();
    /// #     fn moves(&self, _: &()) -> impl Iterator<Item = ()> { std::iter::empty() }
    /// # }
    /// let solver = Solver::new(Terminal);
    /// assert_eq!(solver.budget(), onag_core::Budget::DEFAULT);
    /// ```
    pub fn new(game: G) -> Solver<G> {
        Solver {
            game,
            table: Table {
                values: Memo::new(),
                budget: Budget::DEFAULT,
                progress: Progress(None),
                evaluated: 0,
                visited: 0,
                frames: Vec::new(),
                pending: Vec::new(),
                option_values: Vec::new(),
                mex: MexSet::new(),
                outside: 0,
                stacked: 0,
                ticker: crate::ticker::Ticker::new(),
            },
        }
    }

    /// Sets how many positions the solver may remember, leaving the rest of its budget as it
    /// is: a shorthand for [`Solver::with_budget`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Error, ImpartialGame, Resource, Solver};
    ///
    /// struct Chain;
    /// impl ImpartialGame for Chain {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
    ///         n.checked_sub(1).into_iter()
    ///     }
    /// }
    ///
    /// let mut solver = Solver::new(Chain).with_limit(100);
    /// assert_eq!(solver.grundy(&50)?.value(), 0);
    /// let refused = Error::LimitExceeded { resource: Resource::Positions, limit: 100 };
    /// assert_eq!(solver.grundy(&500), Err(refused));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_limit(mut self, positions: u64) -> Solver<G> {
        self.table.budget.positions = positions;
        self
    }

    /// Sets the solver's budget: how many positions it may remember, how many options one
    /// query may examine, and how many bytes its tables may hold, before a query fails with
    /// [`Error::LimitExceeded`] naming the resource. The options bound keeps a game with very
    /// many moves per position (split Nim on a heap of 10<sup>8</sup>) from running for hours;
    /// the memory bound is checked as the tables grow, never after the fact.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, Error, ImpartialGame, Resource, Solver};
    ///
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// let budget = Budget { options: 1000, ..Budget::DEFAULT };
    /// let mut solver = Solver::new(Heap).with_budget(budget);
    /// assert_eq!(solver.grundy(&40)?.value(), 40);
    /// assert_eq!(solver.grundy(&u64::MAX), Err(budget.exceeded(Resource::Options)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Solver<G> {
        self.table.budget = budget;
        self
    }

    /// Calls `progress` with the number of positions evaluated so far, at most every 100 ms (by
    /// the clock, however long a position takes), so that a long query can show that it is
    /// alive.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicU32, Ordering};
    /// use std::time::Duration;
    /// use onag_core::{ImpartialGame, Solver};
    ///
    /// /// A chain whose every position takes a millisecond to list its move.
    /// struct SlowChain;
    /// impl ImpartialGame for SlowChain {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
    ///         std::thread::sleep(Duration::from_millis(1));
    ///         n.checked_sub(1).into_iter()
    ///     }
    /// }
    ///
    /// let calls = Arc::new(AtomicU32::new(0));
    /// let counter = Arc::clone(&calls);
    /// let mut solver =
    ///     Solver::new(SlowChain).with_progress(move |_| {
    ///         counter.fetch_add(1, Ordering::Relaxed);
    ///     });
    /// solver.grundy(&300)?; // 300 ms at least
    /// assert!(calls.load(Ordering::Relaxed) >= 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_progress(mut self, progress: impl FnMut(u64) + Send + 'static) -> Solver<G> {
        self.table.progress = Progress(Some(Box::new(progress)));
        self
    }

    /// The budget in force.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, Solver};
    /// # struct Terminal;
    /// # impl ImpartialGame for Terminal {
    /// #     type Position = ();
    /// #     fn moves(&self, _: &()) -> impl Iterator<Item = ()> { std::iter::empty() }
    /// # }
    /// assert_eq!(Solver::new(Terminal).with_limit(7).budget().positions, 7);
    /// ```
    pub fn budget(&self) -> Budget {
        self.table.budget
    }

    /// The ruleset this solver evaluates.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, Solver};
    /// # #[derive(Debug, PartialEq)]
    /// # struct Terminal;
    /// # impl ImpartialGame for Terminal {
    /// #     type Position = ();
    /// #     fn moves(&self, _: &()) -> impl Iterator<Item = ()> { std::iter::empty() }
    /// # }
    /// assert_eq!(Solver::new(Terminal).game(), &Terminal);
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions the solver has evaluated by mex since it was made: each counts once,
    /// however often it is queried again.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, Solver};
    /// # struct Chain;
    /// # impl ImpartialGame for Chain {
    /// #     type Position = u32;
    /// #     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> { n.checked_sub(1).into_iter() }
    /// # }
    /// let mut solver = Solver::new(Chain);
    /// solver.grundy(&9)?;
    /// solver.grundy(&9)?;
    /// assert_eq!(solver.positions_evaluated(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions_evaluated(&self) -> u64 {
        self.table.evaluated
    }

    /// How many positions the solver remembers now.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, Solver};
    /// # struct Chain;
    /// # impl ImpartialGame for Chain {
    /// #     type Position = u32;
    /// #     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> { n.checked_sub(1).into_iter() }
    /// # }
    /// let mut solver = Solver::new(Chain);
    /// solver.grundy(&4)?;
    /// assert_eq!(solver.remembered(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remembered(&self) -> usize {
        self.table.values.len()
    }

    /// Forgets every remembered value, keeping the game and the limit.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, Solver};
    /// # struct Chain;
    /// # impl ImpartialGame for Chain {
    /// #     type Position = u32;
    /// #     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> { n.checked_sub(1).into_iter() }
    /// # }
    /// let mut solver = Solver::new(Chain);
    /// solver.grundy(&4)?;
    /// solver.clear();
    /// assert_eq!(solver.remembered(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.table.values.clear();
        self.table.outside = 0;
    }

    /// The Grundy value of `position`: the nim-sum of the values of its components, each the
    /// mex of the values of its moves.
    ///
    /// # Errors
    ///
    /// [`Error::Cycle`] if the game has a cycle, [`Error::LimitExceeded`] past the limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{ImpartialGame, Nimber, Solver};
    ///
    /// /// Nim on a single heap.
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// assert_eq!(Solver::new(Heap).grundy(&12)?, Nimber::new(12));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy(&mut self, position: &G::Position) -> Result<Nimber> {
        self.table.grundy(&self.game, position)
    }

    /// Whether `position` is a P-position or an N-position: from
    /// [`ImpartialGame::known_outcome`] where the game has a closed form, else from its Grundy
    /// value.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{ImpartialGame, Outcome, Solver};
    ///
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// assert_eq!(Solver::new(Heap).outcome(&0)?, Outcome::Previous);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome> {
        if let Some(outcome) = self.game.known_outcome(position) {
            return Ok(outcome);
        }
        self.grundy(position).map(Outcome::of)
    }

    /// Every move from `position` to a P-position (value `0`): the winning moves. Empty exactly
    /// when `position` is a P-position.
    ///
    /// For a position made of components with values `g` and nim-sum `total`, a move in one
    /// component wins exactly when it leads to a position of value `g ^ total` there (the
    /// Sprague-Grundy theorem; Bouton 1901 for Nim). So each component is searched alone for
    /// moves to that one value, through [`ImpartialGame::moves_to_value`] where the game has a
    /// closed form, and the product of the components is never searched. Moves that raise a
    /// component's value can win too (in a general game, unlike Nim), so no component is skipped.
    /// A game that splits positions but does not override [`ImpartialGame::join`] has its whole
    /// moves valued instead. Where the game knows the outcome of the whole position
    /// ([`ImpartialGame::known_outcome`]), no value is computed: a P-position has no winning
    /// move, and an N-position's are its moves to value 0 from the closed form, or else its
    /// moves whose outcome is P.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{ImpartialGame, Solver};
    ///
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// assert_eq!(Solver::new(Heap).winning_moves(&6)?, vec![0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(&mut self, position: &G::Position) -> Result<Vec<G::Position>> {
        self.first_winning_moves(position, usize::MAX)
    }

    /// At most `count` of the winning moves of `position`, found as by
    /// [`Solver::winning_moves`] but stopping as soon as `count` are known. Use it where a
    /// position may have more winning moves than are worth listing (a heap of 10<sup>12</sup>
    /// in Dawson's Kayles has billions).
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{ImpartialGame, Solver};
    ///
    /// /// Nim on one heap: the one winning move takes the whole heap.
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         (0..n).rev()
    ///     }
    /// }
    ///
    /// assert_eq!(Solver::new(Heap).first_winning_moves(&9, 1)?, vec![0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first_winning_moves(
        &mut self,
        position: &G::Position,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        if let Some(outcome) = self.game.known_outcome(position) {
            return self.winning_moves_by_outcome(position, outcome, count);
        }
        let game = &self.game;
        let table = &mut self.table;
        let components: Vec<G::Position> = game.components(position.clone()).collect();
        let mut values = Vec::with_capacity(components.len());
        for component in &components {
            values.push(table.component_value(game, component)?);
        }
        let total: Nimber = values.iter().copied().collect();
        let mut winning = Vec::new();
        if total.is_zero() || count == 0 {
            return Ok(winning);
        }
        if game.join(components.clone()).is_none() {
            return table.moves_with_value(game, position, Nimber::ZERO, count);
        }
        for (index, target) in crate::winning_targets(&values) {
            let component = &components[index];
            let wanted = count - winning.len();
            let found = match game.moves_to_value(component, target, wanted) {
                Some(mut moves) => {
                    moves.truncate(wanted);
                    moves
                }
                None => table.moves_with_value(game, component, target, wanted)?,
            };
            for next in found {
                let mut parts = components.clone();
                parts[index] = next;
                if let Some(joined) = game.join(parts) {
                    winning.push(joined);
                }
            }
            if winning.len() == count {
                break;
            }
        }
        Ok(winning)
    }

    /// At most `count` winning moves of a position whose outcome the game knows.
    fn winning_moves_by_outcome(
        &mut self,
        position: &G::Position,
        outcome: Outcome,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        if outcome == Outcome::Previous || count == 0 {
            return Ok(Vec::new());
        }
        if let Some(mut moves) = self.game.moves_to_value(position, Nimber::ZERO, count) {
            moves.truncate(count);
            return Ok(moves);
        }
        let (game, table) = (&self.game, &mut self.table);
        let mut winning = Vec::new();
        for next in bounded(game.moves(position), table.budget) {
            let next = next?;
            let outcome = match game.known_outcome(&next) {
                Some(outcome) => outcome,
                None => Outcome::of(table.grundy(game, &next)?),
            };
            if outcome == Outcome::Previous {
                winning.push(next);
                if winning.len() == count {
                    break;
                }
            }
        }
        Ok(winning)
    }

    /// At most `count` moves from `position` to positions of Grundy value `target`: from
    /// [`ImpartialGame::moves_to_value`] where the game has a closed form, else by valuing its
    /// moves in the game's order.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{ImpartialGame, Nimber, Solver};
    ///
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// assert_eq!(Solver::new(Heap).moves_to_value(&9, Nimber::new(4), 5)?, vec![4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves_to_value(
        &mut self,
        position: &G::Position,
        target: Nimber,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        if let Some(mut moves) = self.game.moves_to_value(position, target, count) {
            moves.truncate(count);
            return Ok(moves);
        }
        self.table
            .moves_with_value(&self.game, position, target, count)
    }

    /// Every move from `position` with the Grundy value of the position it leads to, in the
    /// order the game lists its moves.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{ImpartialGame, Nimber, Solver};
    ///
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// let moves = Solver::new(Heap).valued_moves(&2)?;
    /// assert_eq!(moves, vec![(0, Nimber::ZERO), (1, Nimber::new(1))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn valued_moves(&mut self, position: &G::Position) -> Result<Vec<(G::Position, Nimber)>> {
        let mut valued = Vec::new();
        for next in bounded(self.game.moves(position), self.table.budget) {
            let next = next?;
            let value = self.table.grundy(&self.game, &next)?;
            valued.push((next, value));
        }
        Ok(valued)
    }
}

/// The moves, failing with [`Error::LimitExceeded`] instead of yielding more than the budget's
/// options: a position with astronomically many moves (a huge heap) must end in an error, not
/// a hang.
fn bounded<P>(moves: impl Iterator<Item = P>, budget: Budget) -> impl Iterator<Item = Result<P>> {
    moves.zip(0u64..).map(move |(next, examined)| {
        if examined >= budget.options {
            Err(budget.exceeded(Resource::Options))
        } else {
            Ok(next)
        }
    })
}

impl<P: Clone + Eq + Hash + std::fmt::Debug> Table<P> {
    /// At most `wanted` moves of `position` to positions of value `target`, in the game's order.
    fn moves_with_value<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: &P,
        target: Nimber,
        wanted: usize,
    ) -> Result<Vec<P>> {
        let mut found = Vec::new();
        if wanted == 0 {
            return Ok(found);
        }
        for next in bounded(game.moves(position), self.budget) {
            let next = next?;
            if self.grundy(game, &next)? == target {
                found.push(next);
                if found.len() == wanted {
                    break;
                }
            }
        }
        Ok(found)
    }

    fn grundy<G: ImpartialGame<Position = P>>(&mut self, game: &G, position: &P) -> Result<Nimber> {
        if let Some(value) = game.known_grundy(position) {
            return Ok(value);
        }
        let mut total = Nimber::ZERO;
        for component in game.components(position.clone()) {
            total ^= self.component_value(game, &component)?;
        }
        Ok(total)
    }

    fn component_value<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        component: &P,
    ) -> Result<Nimber> {
        if let Some(value) = game.known_grundy(component) {
            return Ok(value);
        }
        let hash = self.values.hash(component);
        let vacant = match self.values.probe(hash, component) {
            Probe::Vacant(vacant) => vacant,
            // A found slot always holds a value.
            Probe::Found(index) => return Ok(self.values.value_at(index).unwrap_or_default()),
        };
        let result = self.explore(game, component.clone(), hash, vacant);
        if result.is_err() {
            self.abandon(game);
        }
        result
    }

    /// Forgets the positions left half-evaluated by an error, so that the table holds only
    /// finished values.
    fn abandon<G: ImpartialGame<Position = P>>(&mut self, game: &G) {
        for frame in self.frames.drain(..) {
            let hash = self.values.hash(&frame.position);
            if self.values.get(hash, &frame.position) == Some(VISITING) {
                self.values.remove(hash, &frame.position);
                self.outside = self
                    .outside
                    .saturating_sub(game.position_bytes(&frame.position));
            }
        }
        self.stacked = 0;
        self.pending.clear();
        self.option_values.clear();
    }

    /// Marks `position` as visiting, in the empty slot `vacant` where its probe just ended, and
    /// pushes its frame, with the components of all its moves on the pending stack. The memo
    /// slots of those components are then touched together, so that their cache misses overlap.
    fn enter<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        position: P,
        hash: u64,
        vacant: usize,
        whole_move: bool,
    ) -> Result<()> {
        if self.values.len() as u64 >= self.budget.positions {
            return Err(self.budget.exceeded(Resource::Positions));
        }
        // The memo keeps a copy of the position, and its frame another; the memo and the stack
        // of frames are counted as they will be after this insertion and push, growth included.
        let outside = game.position_bytes(&position);
        if (self.bytes_held() + 2 * outside) as u64 > self.budget.memory {
            return Err(self.budget.exceeded(Resource::Memory));
        }
        let pending_start = PendingStart::new(self.pending.len())?;
        let values_start = ValuesStart::new(self.option_values.len(), whole_move)?;
        // Marked only once nothing can fail before its frame is pushed, so that an error
        // leaves no mark that `abandon` cannot find.
        let place = self
            .values
            .insert_vacant(hash, position.clone(), VISITING, vacant);
        self.outside += outside;
        self.stacked += outside;
        self.frames.push(Frame {
            pending_start,
            values: values_start,
            place,
            position,
        });
        let frame = &self.frames[self.frames.len() - 1];
        let budget = self.budget;
        let (values, pending, option_values, visited) = (
            &self.values,
            &mut self.pending,
            &mut self.option_values,
            &mut self.visited,
        );
        // Internal iteration (`try_for_each`) lets a game's nested iterators (a `flat_map` over
        // heaps, say) run as plain nested loops.
        let memo_bytes = values.bytes() + self.outside + self.stacked;
        // What the components pushed keep on the heap, counted with the frames' positions.
        let mut pushed = 0usize;
        let result = game.moves(&frame.position).try_for_each(|next| {
            *visited += 1;
            if *visited > budget.options {
                return Err(budget.exceeded(Resource::Options));
            }
            // A position with a great many moves fills the pending stack before the next
            // regular check: its growth is checked as it happens.
            if pending.len() % PENDING_CHECK == PENDING_CHECK - 1
                && (memo_bytes + pushed + pending.capacity() * std::mem::size_of::<Pending<P>>())
                    as u64
                    > budget.memory
            {
                return Err(budget.exceeded(Resource::Memory));
            }
            match game.known_grundy(&next) {
                // A move with a closed-form value is complete as it is.
                Some(value) => option_values.push(value),
                None => {
                    let before = pending.len();
                    for component in game.components(next) {
                        let hash = values.hash(&component);
                        pushed += game.position_bytes(&component);
                        pending.push(Pending {
                            component,
                            hash,
                            role: Role::Joins,
                        });
                    }
                    let count = pending.len() - before;
                    match pending.last_mut() {
                        // The last component pushed is the first popped.
                        Some(last) if count == 1 => last.role = Role::Whole,
                        Some(last) if count > 1 => last.role = Role::Opens,
                        // A move with no components at all is worth 0.
                        _ => option_values.push(Nimber::ZERO),
                    }
                }
            }
            Ok(())
        });
        self.stacked += pushed;
        result?;
        // A separate pass with nothing between the reads lets the processor overlap them all.
        let mut touched = false;
        for item in &self.pending[pending_start.get()..] {
            touched ^= self.values.touch(item.hash);
        }
        std::hint::black_box(touched);
        Ok(())
    }

    /// The bytes the tables and stacks hold, with the memo as it will be after one more
    /// insertion and the stack of frames after one more push (each grows by doubling: a growth
    /// checked only after it happened could pass the budget by the whole size it had).
    fn bytes_held(&self) -> usize {
        let frames = if self.frames.len() == self.frames.capacity() {
            (2 * self.frames.capacity()).max(4)
        } else {
            self.frames.capacity()
        };
        self.values.bytes_after_insert()
            + self.outside
            + self.stacked
            + frames * std::mem::size_of::<Frame<P>>()
            + self.pending.capacity() * std::mem::size_of::<Pending<P>>()
            + self.option_values.capacity() * std::mem::size_of::<Nimber>()
    }

    /// Fails once the tables hold more bytes than the budget allows.
    fn check_memory(&self) -> Result<()> {
        if self.bytes_held() as u64 > self.budget.memory {
            return Err(self.budget.exceeded(Resource::Memory));
        }
        Ok(())
    }

    /// Adds the value of a component (or a whole move) to the move being valued: pushed as the
    /// move's value if it is the whole move, else added to the move's value on top.
    fn add_to_move(&mut self, role: Role, value: Nimber) {
        match (role, self.option_values.last_mut()) {
            (Role::Whole, _) | (_, None) => self.option_values.push(value),
            (_, Some(move_value)) => *move_value ^= value,
        }
    }

    /// Evaluates `root`, not yet remembered (its probe ended at the empty slot `vacant`), and
    /// every position below it not yet remembered, depth first on explicit stacks.
    fn explore<G: ImpartialGame<Position = P>>(
        &mut self,
        game: &G,
        root: P,
        hash: u64,
        vacant: usize,
    ) -> Result<Nimber> {
        self.visited = 0;
        self.enter(game, root, hash, vacant, false)?;
        let mut value = Nimber::ZERO;
        while let Some(top) = self.frames.last_mut() {
            if self.pending.len() == top.pending_start.get() {
                let values_start = top.values.offset();
                self.mex.clear();
                for &value in &self.option_values[values_start..] {
                    self.mex.insert(value);
                }
                value = self.mex.mex();
                self.option_values.truncate(values_start);
                self.evaluated += 1;
                self.values.set_placed(top.place, &top.position, value);
                let role = top.values.role();
                self.stacked = self
                    .stacked
                    .saturating_sub(game.position_bytes(&top.position));
                self.frames.pop();
                // The finished position was a move of its parent's, or a component of its
                // parent's current move.
                if !self.frames.is_empty() {
                    self.add_to_move(role, value);
                }
                if self.evaluated % CHECK_EVERY == 0 {
                    self.check_memory()?;
                }
                if self.ticker.due() {
                    crate::check_stop()?;
                    if let Some(progress) = self.progress.0.as_mut() {
                        progress(self.evaluated);
                    }
                }
                continue;
            }
            if let Some(Pending {
                component,
                hash,
                role,
            }) = self.pending.pop()
            {
                self.stacked = self.stacked.saturating_sub(game.position_bytes(&component));
                if role == Role::Opens {
                    self.option_values.push(Nimber::ZERO);
                }
                let known = match game.known_grundy(&component) {
                    Some(known) => known,
                    None => match self.values.probe(hash, &component) {
                        Probe::Found(index) => match self.values.value_at(index) {
                            Some(VISITING) => {
                                let position = format!("{component:?}");
                                return Err(Error::Cycle { position });
                            }
                            Some(known) => known,
                            None => Nimber::ZERO,
                        },
                        Probe::Vacant(vacant) => {
                            // Its frame adds its value when it finishes.
                            self.enter(game, component, hash, vacant, role == Role::Whole)?;
                            continue;
                        }
                    },
                };
                self.add_to_move(role, known);
            }
        }
        // The loop ends when the root's frame is popped, and `value` is then the root's.
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::{HEAVY, HeavyChain};

    struct Chain;
    impl ImpartialGame for Chain {
        type Position = u32;
        fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
            n.checked_sub(1).into_iter()
        }
    }

    struct Loop;
    impl ImpartialGame for Loop {
        type Position = u8;
        fn moves(&self, &n: &u8) -> impl Iterator<Item = u8> {
            std::iter::once((n + 1) % 3)
        }
    }

    #[test]
    fn an_error_leaves_no_half_evaluated_position() {
        let mut solver = Solver::new(Loop);
        assert!(matches!(solver.grundy(&0), Err(Error::Cycle { .. })));
        assert_eq!(solver.remembered(), 0);
        let mut solver = Solver::new(Chain).with_limit(10);
        assert!(solver.grundy(&20).is_err());
        assert!(
            solver
                .table
                .values
                .entries()
                .all(|(_, value)| value != VISITING)
        );
        assert!(solver.table.frames.is_empty() && solver.table.pending.is_empty());
        assert_eq!(solver.grundy(&5), Ok(Nimber::new(1)));
    }

    /// Subtraction {1, 2, 3} (a value of n mod 4) whose positions each keep [`HEAVY`] bytes.
    struct HeavySteps;
    impl ImpartialGame for HeavySteps {
        type Position = u32;
        fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
            (1..=3).filter_map(move |k| n.checked_sub(k))
        }
        fn position_bytes(&self, _: &u32) -> usize {
            HEAVY
        }
    }

    #[test]
    fn what_pending_components_keep_counts_against_the_memory_budget() {
        // From 300, the search goes down by 3 first: 100 frames deep, with 100 positions
        // remembered and two moves of each frame pending, 400 copies of 100 KB (38 MiB) at
        // once; the memo alone never holds more than 301 (29 MiB). Without the pending
        // components counted, a 34 MiB budget held it all.
        let budget = Budget {
            memory: 34 << 20,
            ..Budget::DEFAULT
        };
        let mut solver = Solver::new(HeavySteps).with_budget(budget);
        assert!(matches!(
            solver.grundy(&300),
            Err(Error::LimitExceeded {
                resource: Resource::Memory,
                ..
            })
        ));
        assert_eq!(solver.table.stacked, 0);
        let roomy = Budget {
            memory: 64 << 20,
            ..Budget::DEFAULT
        };
        let mut solver = Solver::new(HeavySteps).with_budget(roomy);
        assert_eq!(solver.grundy(&300), Ok(Nimber::new(0)));
        assert_eq!(solver.grundy(&299), Ok(Nimber::new(3)));
        assert_eq!(solver.table.stacked, 0);
    }

    #[test]
    fn what_positions_keep_on_the_heap_counts_against_the_memory_budget() {
        // A chain of 1000 positions keeping 100 KB each (about 200 MB with the frames' copies)
        // against a 16 MB budget: counting the memo's slots alone, it fitted.
        let budget = Budget {
            memory: 16 << 20,
            ..Budget::DEFAULT
        };
        let mut solver = Solver::new(HeavyChain).with_budget(budget);
        assert!(matches!(
            solver.grundy(&1000),
            Err(Error::LimitExceeded {
                resource: Resource::Memory,
                ..
            })
        ));
        // What the error left is counted no more, and a chain that fits is valued: n % 2.
        assert_eq!(solver.table.stacked, 0);
        assert_eq!(solver.grundy(&50), Ok(Nimber::new(0)));
        assert_eq!(solver.table.outside, solver.remembered() * HEAVY);
        assert_eq!(solver.table.stacked, 0);
    }

    /// Progress comes by the clock: 400 positions of a millisecond each are reported (counted
    /// by positions, every 16,384, they never were), and the value is right (n mod 2).
    #[test]
    fn slow_positions_are_reported_as_they_go() {
        let (callback, calls) = crate::test_games::counted();
        let mut solver = Solver::new(crate::test_games::SlowChain).with_progress(callback);
        assert_eq!(solver.grundy(&400), Ok(Nimber::new(0)));
        assert!(calls.load(std::sync::atomic::Ordering::Relaxed) >= 1);
    }

    #[test]
    fn a_frame_of_a_u32_position_takes_16_bytes() {
        // Ten million frames of a deep line then take 160 MB.
        assert_eq!(std::mem::size_of::<Frame<u32>>(), 16);
    }

    #[test]
    fn chain_alternates() {
        let mut solver = Solver::new(Chain);
        for n in 0..100u32 {
            assert_eq!(solver.grundy(&n), Ok(Nimber::new(u64::from(n % 2))));
        }
    }
}
