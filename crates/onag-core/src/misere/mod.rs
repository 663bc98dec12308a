//! Misère play: the player who makes the last move loses.
//!
//! Under misère play a terminal position is an N-position (the player to move cannot move, and
//! so wins), and any other position is an N-position exactly when some move leads to a
//! P-position. Unlike normal play, the outcome of a sum is not a function of its components'
//! values (Conway, *On Numbers and Games*, ch. 12; Winning Ways ch. 13), so the
//! [`MisereSolver`] searches whole positions: [`ImpartialGame::components`] is not used, and
//! positions are remembered in their [canonical](ImpartialGame::canonical) form.

// hashbrown's default hasher: the table is asked of every move the search meets, and SipHash was a
// tenth of the time of learning a quotient's split classes.
use hashbrown::HashMap;

mod genus;
mod normal;
mod quotient;

pub use genus::{Genus, GenusSolver, Tameness};
pub use normal::MisereAsNormal;
pub use quotient::{Element, MisereQuotient, Presentation};

use crate::{Budget, Error, ImpartialGame, Outcome, Resource, Result};

/// What the solver knows of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// On the stack now: meeting it again is a cycle.
    Visiting,
    Known(Outcome),
}

/// One position under evaluation: its moves, and how many have been found to be N-positions.
#[derive(Debug)]
struct Frame<P> {
    position: P,
    moves: Vec<P>,
    next: usize,
    /// The bytes its listed moves and its position take (see [`MisereSolver::listed`]).
    bytes: usize,
}

/// Outcomes and winning moves of any [`ImpartialGame`] under misère play.
///
/// The search runs depth first on an explicit stack (a game ten million moves deep needs no
/// call stack), stops at the first move to a P-position, remembers every outcome it finds, and
/// uses [`ImpartialGame::known_misere_outcome`] wherever the game has a closed form.
///
/// # Examples
///
/// ```
/// use onag_core::{ImpartialGame, MisereSolver, Outcome};
///
/// /// Take 1 or 2 from a pile.
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
///         (1..=2).filter_map(move |k| n.checked_sub(k))
///     }
/// }
///
/// let mut solver = MisereSolver::new(TakeOneOrTwo);
/// // Misère: the empty pile is won by the player to move; 1, 4, 7, ... are P-positions.
/// assert_eq!(solver.outcome(&0)?, Outcome::Next);
/// assert_eq!(solver.outcome(&1)?, Outcome::Previous);
/// assert_eq!(solver.outcome(&7)?, Outcome::Previous);
/// assert_eq!(solver.winning_moves(&9, 10)?, vec![7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::Cycle`] for a game with a cycle, [`Error::LimitExceeded`] past the [`Budget`]
/// (positions remembered, options examined by all the solver's queries together, so that a
/// scan of a position's moves cannot multiply the budget, and bytes of the table and stack).
pub struct MisereSolver<G: ImpartialGame> {
    game: G,
    known: HashMap<G::Position, Mark>,
    budget: Budget,
    stack: Vec<Frame<G::Position>>,
    /// Called with the positions remembered, at most ten times a second (the clock read as
    /// options are examined: positions can be few and expensive, a board with a million moves
    /// each).
    progress: Option<Box<dyn FnMut(u64) + Send>>,
    ticker: crate::ticker::Ticker,
    examined: u64,
    /// The bytes of the moves listed in the frames on the stack and of the frames' positions,
    /// kept as they are pushed and popped so that the memory check costs nothing on a deep
    /// line.
    listed: usize,
    /// The bytes the remembered positions keep outside the table's slots.
    outside: usize,
}

impl<G: ImpartialGame> std::fmt::Debug for MisereSolver<G>
where
    G: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MisereSolver")
            .field("game", &self.game)
            .field("remembered", &self.known.len())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl<G: ImpartialGame> MisereSolver<G> {
    /// A solver for `game` with the default [`Budget`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, MisereSolver};
    /// # struct Terminal;
    /// # impl ImpartialGame for Terminal {
    /// #     type Position = ();
    /// #     fn moves(&self, _: &()) -> impl Iterator<Item = ()> { std::iter::empty() }
    /// # }
    /// assert_eq!(MisereSolver::new(Terminal).budget(), onag_core::Budget::DEFAULT);
    /// ```
    pub fn new(game: G) -> MisereSolver<G> {
        MisereSolver {
            game,
            known: HashMap::new(),
            budget: Budget::DEFAULT,
            stack: Vec::new(),
            progress: None,
            ticker: crate::ticker::Ticker::new(),
            examined: 0,
            listed: 0,
            outside: 0,
        }
    }

    /// Calls `progress` with the number of positions remembered, at most every 100 ms (by the
    /// clock, read as options are examined), so that a long search can show that it is alive.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicU32, Ordering};
    /// use std::time::Duration;
    /// use onag_core::{ImpartialGame, MisereSolver};
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
    ///     MisereSolver::new(SlowChain).with_progress(move |_| {
    ///         counter.fetch_add(1, Ordering::Relaxed);
    ///     });
    /// solver.outcome(&300)?; // 300 ms at least
    /// assert!(calls.load(Ordering::Relaxed) >= 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_progress(mut self, progress: impl FnMut(u64) + Send + 'static) -> MisereSolver<G> {
        self.progress = Some(Box::new(progress));
        self
    }

    /// Sets the budget (see [`Solver::with_budget`](crate::Solver::with_budget)).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{Budget, ImpartialGame, MisereSolver};
    /// # struct Terminal;
    /// # impl ImpartialGame for Terminal {
    /// #     type Position = ();
    /// #     fn moves(&self, _: &()) -> impl Iterator<Item = ()> { std::iter::empty() }
    /// # }
    /// let budget = Budget { positions: 10, ..Budget::DEFAULT };
    /// assert_eq!(MisereSolver::new(Terminal).with_budget(budget).budget(), budget);
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> MisereSolver<G> {
        self.budget = budget;
        self
    }

    /// The budget in force.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, MisereSolver};
    /// # struct Terminal;
    /// # impl ImpartialGame for Terminal {
    /// #     type Position = ();
    /// #     fn moves(&self, _: &()) -> impl Iterator<Item = ()> { std::iter::empty() }
    /// # }
    /// assert_eq!(MisereSolver::new(Terminal).budget().positions, onag_core::Budget::DEFAULT.positions);
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The ruleset.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{ImpartialGame, MisereSolver};
    /// # #[derive(Debug, PartialEq)]
    /// # struct Terminal;
    /// # impl ImpartialGame for Terminal {
    /// #     type Position = ();
    /// #     fn moves(&self, _: &()) -> impl Iterator<Item = ()> { std::iter::empty() }
    /// # }
    /// assert_eq!(MisereSolver::new(Terminal).game(), &Terminal);
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The outcome of `position` under misère play.
    ///
    /// # Errors
    ///
    /// As described on [`MisereSolver`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{ImpartialGame, MisereSolver, Outcome};
    ///
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// // One Nim heap under misère play: only the heap of 1 is a P-position.
    /// let mut solver = MisereSolver::new(Heap);
    /// assert_eq!(solver.outcome(&1)?, Outcome::Previous);
    /// assert_eq!(solver.outcome(&5)?, Outcome::Next);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome> {
        let position = self.game.canonical(position.clone());
        let result = self.search(position);
        if result.is_err() {
            // Forget the marks of the positions left on the stack.
            self.listed = 0;
            for frame in std::mem::take(&mut self.stack) {
                if self.known.get(&frame.position) == Some(&Mark::Visiting) {
                    self.outside -= self.outside_of(&frame.position);
                    self.known.remove(&frame.position);
                }
            }
        }
        result
    }

    /// At most `count` moves from `position` to misère P-positions, in the game's order: the
    /// winning moves. Empty exactly when `position` is a misère P-position.
    ///
    /// # Errors
    ///
    /// As [`MisereSolver::outcome`].
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{ImpartialGame, MisereSolver};
    ///
    /// struct Heap;
    /// impl ImpartialGame for Heap {
    ///     type Position = u64;
    ///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
    ///         0..n
    ///     }
    /// }
    ///
    /// // From a single heap, the winning move leaves a heap of 1.
    /// assert_eq!(MisereSolver::new(Heap).winning_moves(&6, 5)?, vec![1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        if let Some(mut winning) = self.game.misere_winning_moves(position, count) {
            winning.truncate(count);
            return Ok(winning);
        }
        let moves: Vec<G::Position> = self.bounded_moves(position)?;
        let mut winning = Vec::new();
        for next in moves {
            if winning.len() == count {
                break;
            }
            if self.outcome(&next)? == Outcome::Previous {
                winning.push(next);
            }
        }
        Ok(winning)
    }

    /// The moves of `position`, failing past the budget's options.
    fn bounded_moves(&mut self, position: &G::Position) -> Result<Vec<G::Position>> {
        let mut moves = Vec::new();
        for next in self.game.moves(position) {
            self.examined += 1;
            if self.examined > self.budget.options {
                return Err(self.budget.exceeded(Resource::Options));
            }
            moves.push(next);
        }
        Ok(moves)
    }

    /// What is known of `position` without searching it.
    fn lookup(&self, position: &G::Position) -> Option<Mark> {
        if let Some(outcome) = self.game.known_misere_outcome(position) {
            return Some(Mark::Known(outcome));
        }
        self.known.get(position).copied()
    }

    /// The bytes the table and the stack will hold once a position whose frame (its listed
    /// moves and its own copy) takes `moves` bytes is added: the table's slots, with the old
    /// table beside the new while a growth it is about to make moves its entries; what the
    /// remembered positions keep outside them; every frame's moves and position; and the
    /// stack of frames after its next push (it grows by doubling).
    fn bytes_needed(&self, moves: usize) -> u64 {
        let slot = std::mem::size_of::<(G::Position, Mark)>() + 8;
        let slots = if self.known.len() + 1 > self.known.capacity() {
            self.known.capacity() + (self.known.capacity() * 2).max(4)
        } else {
            self.known.capacity()
        };
        let frames = if self.stack.len() == self.stack.capacity() {
            (self.stack.capacity() * 2).max(4)
        } else {
            self.stack.capacity()
        };
        (slots * slot
            + self.outside
            + self.listed
            + moves
            + frames * std::mem::size_of::<Frame<G::Position>>()) as u64
    }

    /// What `position` keeps outside its own bytes: the game's count
    /// ([`ImpartialGame::position_bytes`]), and no less than an allowance for games that do
    /// not count.
    fn outside_of(&self, position: &G::Position) -> usize {
        const ALLOWANCE: usize = 64;
        self.game.position_bytes(position).max(ALLOWANCE)
    }

    /// Remembers `mark` for `position`, counting what it keeps outside the table.
    fn remember(&mut self, position: G::Position, mark: Mark) {
        let outside = self.outside_of(&position);
        if self.known.insert(position, mark).is_none() {
            self.outside += outside;
        }
    }

    /// Pushes the frame of a position not known yet, or returns its outcome at once when one of
    /// its moves is already known to reach a P-position (by the game's closed form or the
    /// table): such a position is won without searching any of its moves.
    fn enter(&mut self, position: G::Position, examined: &mut u64) -> Result<Option<Outcome>> {
        if self.known.len() as u64 >= self.budget.positions {
            return Err(self.budget.exceeded(Resource::Positions));
        }
        let mut moves = Vec::new();
        // The frame's copy of the position (the table keeps another, counted in `outside`).
        let mut bytes = self.outside_of(&position);
        for next in self.game.moves(&position) {
            *examined += 1;
            self.examined += 1;
            if self.examined > self.budget.options {
                return Err(self.budget.exceeded(Resource::Options));
            }
            if self.ticker.due() {
                crate::check_stop()?;
                if let Some(progress) = self.progress.as_mut() {
                    progress(self.known.len() as u64);
                }
            }
            let next = self.game.canonical(next);
            bytes += std::mem::size_of::<G::Position>() + self.outside_of(&next);
            moves.push(next);
            // A position may have very many moves: their list is checked as it grows.
            if moves.len() % 4096 == 0 && self.bytes_needed(bytes) > self.budget.memory {
                return Err(self.budget.exceeded(Resource::Memory));
            }
        }
        if self.bytes_needed(bytes) > self.budget.memory {
            return Err(self.budget.exceeded(Resource::Memory));
        }
        if moves
            .iter()
            .any(|next| self.lookup(next) == Some(Mark::Known(Outcome::Previous)))
        {
            self.remember(position, Mark::Known(Outcome::Next));
            return Ok(Some(Outcome::Next));
        }
        self.remember(position.clone(), Mark::Visiting);
        self.listed += bytes;
        self.stack.push(Frame {
            position,
            moves,
            next: 0,
            bytes,
        });
        Ok(None)
    }

    fn search(&mut self, root: G::Position) -> Result<Outcome> {
        if let Some(Mark::Known(outcome)) = self.lookup(&root) {
            return Ok(outcome);
        }
        let mut examined = 0u64;
        if let Some(outcome) = self.enter(root, &mut examined)? {
            return Ok(outcome);
        }
        // The outcome of the frame just finished, to be taken by its parent.
        let mut finished: Option<Outcome> = None;
        while let Some(top) = self.stack.last_mut() {
            let resolved = match finished.take() {
                // A move to a P-position: this position is won.
                Some(Outcome::Previous) => Some(Outcome::Next),
                _ if top.next == top.moves.len() => Some(if top.moves.is_empty() {
                    // No move at all: under misère play the player to move wins.
                    Outcome::Next
                } else {
                    Outcome::Previous
                }),
                _ => None,
            };
            if let Some(outcome) = resolved {
                let frame = self.stack.pop().expect("a frame");
                self.listed -= frame.bytes;
                self.remember(frame.position, Mark::Known(outcome));
                finished = Some(outcome);
                continue;
            }
            let next = top.moves[top.next].clone();
            top.next += 1;
            match self.lookup(&next) {
                Some(Mark::Known(outcome)) => finished = Some(outcome),
                Some(Mark::Visiting) => {
                    return Err(Error::Cycle {
                        position: format!("{next:?}"),
                    });
                }
                None => finished = self.enter(next, &mut examined)?,
            }
        }
        finished.ok_or_else(|| Error::Cycle {
            position: "the root".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;

    /// Take 1 or 2 from a pile, each position carrying 10,000 words of padding on the heap
    /// (as a long row of coins or a sum of many parts does): 80 KB a position.
    struct Padded {
        counts: bool,
    }

    impl ImpartialGame for Padded {
        type Position = Vec<u64>;

        fn moves(&self, pile: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
            let n = pile[0];
            (1..=2.min(n)).map(move |take| {
                let mut next = pile.clone();
                next[0] = n - take;
                next
            })
        }

        fn position_bytes(&self, pile: &Vec<u64>) -> usize {
            if self.counts {
                crate::heap_bytes::<u64>(pile.capacity())
            } else {
                0
            }
        }
    }

    /// 2,000 positions of 80 KB are 160 MB: past a budget of 16 MB when the game counts what
    /// its positions hold (the allowance alone, 64 bytes a position, let the search take ten
    /// times its budget), and the outcome, by the closed form of misère take-1-or-2 (P exactly
    /// when n = 1 mod 3), once the budget allows it.
    /// A chain 100 positions deep whose positions keep 100 KB each: the table's copies, the
    /// moves listed and the frames' own copies make 300 of them (29 MiB) at the deepest; the
    /// first two alone, all that was counted, 19 MiB.
    #[test]
    fn the_frames_positions_count_against_the_memory_budget() {
        use crate::test_games::HeavyChain;
        let budget = Budget {
            memory: 24 << 20,
            ..Budget::DEFAULT
        };
        let mut solver = MisereSolver::new(HeavyChain).with_budget(budget);
        assert!(matches!(
            solver.outcome(&100),
            Err(Error::LimitExceeded {
                resource: Resource::Memory,
                ..
            })
        ));
        assert_eq!((solver.listed, solver.outside), (0, 0));
        let roomy = Budget {
            memory: 64 << 20,
            ..Budget::DEFAULT
        };
        // Misère, a chain of n: the player to move loses when n is odd.
        let mut solver = MisereSolver::new(HeavyChain).with_budget(roomy);
        assert_eq!(solver.outcome(&100).unwrap(), Outcome::Next);
        assert_eq!(solver.outcome(&99).unwrap(), Outcome::Previous);
    }

    #[test]
    fn what_positions_hold_on_the_heap_counts_against_the_memory_budget() {
        let mut pile = vec![0u64; 10_000];
        pile[0] = 2_000;
        let budget = Budget {
            memory: 16 << 20,
            ..Budget::DEFAULT
        };
        let mut counted = MisereSolver::new(Padded { counts: true }).with_budget(budget);
        assert!(matches!(
            counted.outcome(&pile),
            Err(Error::LimitExceeded {
                resource: Resource::Memory,
                ..
            })
        ));
        let mut uncounted = MisereSolver::new(Padded { counts: false }).with_budget(budget);
        // 2,000 = 2 mod 3: the player to move wins.
        assert_eq!(uncounted.outcome(&pile).unwrap(), Outcome::Next);
        let roomy = Budget {
            memory: 1 << 30,
            ..Budget::DEFAULT
        };
        let mut counted = MisereSolver::new(Padded { counts: true }).with_budget(roomy);
        for n in [1_999, 2_000, 2_001] {
            pile[0] = n;
            let expected = if n % 3 == 1 {
                Outcome::Previous
            } else {
                Outcome::Next
            };
            assert_eq!(counted.outcome(&pile).unwrap(), expected, "{n}");
        }
    }

    /// The genus search counts them too: the same 160 MB against 16 MB is the typed error
    /// (with the allowance alone it was taken), and with room the genus gives Bouton-like
    /// values of take-1-or-2: g+ = n mod 3, and P in misère play exactly when n = 1 mod 3.
    #[test]
    fn what_positions_hold_counts_against_the_genus_memory_budget() {
        let mut pile = vec![0u64; 10_000];
        pile[0] = 2_000;
        let budget = Budget {
            memory: 16 << 20,
            ..Budget::DEFAULT
        };
        let mut counted = GenusSolver::new(Padded { counts: true }).with_budget(budget);
        assert!(matches!(
            counted.genus(&pile),
            Err(Error::LimitExceeded {
                resource: Resource::Memory,
                ..
            })
        ));
        let roomy = Budget {
            memory: 1 << 30,
            ..Budget::DEFAULT
        };
        let mut counted = GenusSolver::new(Padded { counts: true }).with_budget(roomy);
        for n in [1_999, 2_000, 2_001] {
            pile[0] = n;
            let genus = counted.genus(&pile).unwrap();
            assert_eq!(genus.plus(), crate::Nimber::new(n % 3), "{n}");
            let expected = if n % 3 == 1 {
                Outcome::Previous
            } else {
                Outcome::Next
            };
            assert_eq!(genus.misere_outcome(), expected, "{n}");
        }
    }
}
