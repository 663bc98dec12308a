//! Partizan rulesets: the trait, and the canonical form of a position.

use std::hash::Hash;

use hashbrown::HashMap;

use super::Form;
use crate::error::Result;

/// A partizan ruleset: from each position, Left's moves and Right's moves.
///
/// The two hooks are optional, as on [`ImpartialGame`](crate::ImpartialGame):
/// [`components`](PartizanGame::components) splits a position into independent parts (its
/// value is their sum), and [`canonical`](PartizanGame::canonical) names one representative
/// of positions known to be equal (a board and its mirror image), so that they are valued
/// once. Positions must be short: no position may be reached from itself.
pub trait PartizanGame {
    /// A position.
    type Position: Clone + Eq + Hash;

    /// The positions Left can move to.
    fn left_moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position>;

    /// The positions Right can move to.
    fn right_moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position>;

    /// The independent parts of `position`, when it splits into more than one.
    fn components(&self, _position: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// The representative of the positions equal to `position` by a symmetry of the rules.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// The representative of the positions equal to `position` or to its negative, and
    /// whether `position` is the negative of it: for rules with a symmetry that swaps the
    /// players (a Domineering board turned a quarter turn is its negative), so that a position
    /// and its mirror are valued once. By default [`canonical`](PartizanGame::canonical)'s
    /// representative, not negated.
    fn signed_canonical(&self, position: &Self::Position) -> (Self::Position, bool) {
        (self.canonical(position), false)
    }

    /// The form of `position` where the rules know it without listing moves (a closed form,
    /// such as an integer where only one player can ever move), else `None`.
    fn closed_form(&self, _position: &Self::Position) -> Option<Form> {
        None
    }
}

/// The canonical form of `position`: every position it reaches valued once, by an explicit
/// stack (no recursion on the game's depth), components as sums.
///
/// # Errors
///
/// [`Error::Cycle`](crate::Error::Cycle) when a position is reached from itself; the
/// algebra's errors past its memory bound.
pub fn canonical_form<G: PartizanGame>(game: &G, position: &G::Position) -> Result<Form> {
    PartizanSolver::new(game, u64::MAX).form(position)
}

/// The forms of a partizan game's positions, remembered between questions: the transposition
/// table of a session (a game played, a position's moves listed), keyed by each position's
/// representative ([`PartizanGame::canonical`]), so a region met again anywhere in a search,
/// or in a later search, is valued once.
///
/// # Examples
///
/// ```
/// use onag_core::partizan::{Form, PartizanGame, PartizanSolver};
///
/// // A heap from which only Left may take one or two counters: n counters are worth n,
/// // Left's n free moves at most.
/// struct Take;
/// impl PartizanGame for Take {
///     type Position = u32;
///     fn left_moves(&self, n: &u32) -> impl Iterator<Item = u32> {
///         (1..=2).filter(move |k| k <= n).map(move |k| n - k)
///     }
///     fn right_moves(&self, _n: &u32) -> impl Iterator<Item = u32> {
///         std::iter::empty()
///     }
/// }
/// let mut solver = PartizanSolver::new(&Take, 1_000);
/// assert_eq!(solver.form(&5)?, Form::integer(5));
/// assert_eq!(solver.positions(), 6);
/// # Ok::<(), onag_core::Error>(())
/// ```
pub struct PartizanSolver<'g, G: PartizanGame> {
    game: &'g G,
    known: HashMap<G::Position, Form>,
    max_positions: u64,
}

impl<'g, G: PartizanGame> PartizanSolver<'g, G> {
    /// A solver of `game` that remembers at most `max_positions` positions.
    pub fn new(game: &'g G, max_positions: u64) -> Self {
        PartizanSolver {
            game,
            known: HashMap::new(),
            max_positions,
        }
    }

    /// A solver of `game` that starts from the forms `known` (what
    /// [`into_known`](PartizanSolver::into_known) gave back from an earlier one).
    pub fn resume(game: &'g G, known: HashMap<G::Position, Form>, max_positions: u64) -> Self {
        PartizanSolver {
            game,
            known,
            max_positions,
        }
    }

    /// The forms remembered, to resume from later.
    pub fn into_known(self) -> HashMap<G::Position, Form> {
        self.known
    }

    /// How many positions are remembered.
    pub fn positions(&self) -> u64 {
        self.known.len() as u64
    }

    /// The canonical form of `position`.
    ///
    /// # Errors
    ///
    /// [`Error::Cycle`](crate::Error::Cycle) when a position is reached from itself;
    /// [`Error::LimitExceeded`](crate::Error::LimitExceeded) for
    /// [`Positions`](crate::Resource::Positions) past the solver's bound, and for memory past
    /// the algebra's; [`Error::Stopped`](crate::Error::Stopped) on a stop request.
    pub fn form(&mut self, position: &G::Position) -> Result<Form> {
        self.form_reporting(position, &mut |_| {})
    }

    /// [`form`](PartizanSolver::form), telling `report` the count of positions remembered as
    /// it grows (every 4096 positions): the progress of a long search.
    ///
    /// # Errors
    ///
    /// As [`form`](PartizanSolver::form).
    pub fn form_reporting(
        &mut self,
        position: &G::Position,
        report: &mut dyn FnMut(u64),
    ) -> Result<Form> {
        let game = self.game;
        let (root, root_negated) = game.signed_canonical(position);
        if let Some(form) = self.known.get(&root) {
            return signed(*form, root_negated);
        }
        let mut open: hashbrown::HashSet<G::Position> = hashbrown::HashSet::new();
        let cycle = || crate::error::Error::Cycle {
            position: "a position of this partizan game".to_string(),
        };
        /// A position's representative, whether the position is its negative, and its form
        /// when it was known already as the frame was made (so not looked up again).
        type Signed<P> = (P, bool, Option<Form>);
        enum Frame<P> {
            Enter(P),
            Options(P, Vec<Signed<P>>, Vec<Signed<P>>),
            Parts(P, Vec<Signed<P>>),
        }
        let mut stack = vec![Frame::Enter(root.clone())];
        let mut steps = 0u32;
        while let Some(frame) = stack.pop() {
            steps = steps.wrapping_add(1);
            if steps % 256 == 0 {
                crate::stop::check_stop()?;
            }
            match frame {
                Frame::Enter(p) => {
                    if self.known.contains_key(&p) {
                        continue;
                    }
                    if let Some(form) = game.closed_form(&p) {
                        self.remember(&mut open, p, form, report)?;
                        continue;
                    }
                    if !open.insert(p.clone()) {
                        return Err(cycle());
                    }
                    let at = stack.len();
                    let known = &self.known;
                    // A position's entry, its form read now if known, else a frame to value
                    // it (above its position's, so valued first).
                    let entry = |q: &G::Position, stack: &mut Vec<Frame<G::Position>>| {
                        let (q, negated) = game.signed_canonical(q);
                        let form = known.get(&q).copied();
                        if form.is_none() {
                            stack.push(Frame::Enter(q.clone()));
                        }
                        (q, negated, form)
                    };
                    if let Some(parts) = game.components(&p).filter(|parts| parts.len() > 1) {
                        let parts: Vec<Signed<G::Position>> =
                            parts.iter().map(|q| entry(q, &mut stack)).collect();
                        stack.insert(at, Frame::Parts(p, parts));
                    } else {
                        // Extended, not collected: a collect would try to reuse the moves'
                        // own buffer in place, and reallocate it (an entry is larger).
                        let mut left: Vec<Signed<G::Position>> = Vec::new();
                        left.extend(game.left_moves(&p).map(|q| entry(&q, &mut stack)));
                        let mut right: Vec<Signed<G::Position>> = Vec::new();
                        right.extend(game.right_moves(&p).map(|q| entry(&q, &mut stack)));
                        stack.insert(at, Frame::Options(p, left, right));
                    }
                }
                Frame::Options(p, left, right) => {
                    let known = &self.known;
                    let get = |(q, negated, form): &Signed<G::Position>| {
                        let form = match form {
                            Some(form) => *form,
                            None => known.get(q).copied().ok_or_else(cycle)?,
                        };
                        signed(form, *negated)
                    };
                    // Sized at once (a collect into a `Result` would grow step by step).
                    let mut l = Vec::with_capacity(left.len());
                    for q in &left {
                        l.push(get(q)?);
                    }
                    let mut r = Vec::with_capacity(right.len());
                    for q in &right {
                        r.push(get(q)?);
                    }
                    let form = Form::from_options(&l, &r)?;
                    self.remember(&mut open, p, form, report)?;
                }
                Frame::Parts(p, parts) => {
                    let mut sum: Option<Form> = None;
                    for (q, negated, form) in &parts {
                        let form = match form {
                            Some(form) => *form,
                            None => self.known.get(q).copied().ok_or_else(cycle)?,
                        };
                        let form = signed(form, *negated)?;
                        sum = Some(match sum {
                            Some(sum) => sum.add(form)?,
                            None => form,
                        });
                    }
                    let sum = sum.unwrap_or_else(Form::zero);
                    self.remember(&mut open, p, sum, report)?;
                }
            }
        }
        signed(self.known[&root], root_negated)
    }

    fn remember(
        &mut self,
        open: &mut hashbrown::HashSet<G::Position>,
        position: G::Position,
        form: Form,
        report: &mut dyn FnMut(u64),
    ) -> Result<()> {
        if self.known.len() % 4096 == 4095 {
            report(self.known.len() as u64 + 1);
        }
        if self.known.len() as u64 >= self.max_positions {
            return Err(crate::error::Error::LimitExceeded {
                resource: crate::Resource::Positions,
                limit: self.max_positions,
            });
        }
        open.remove(&position);
        self.known.insert(position, form);
        Ok(())
    }
}

/// `form`, or its negative when `negated`.
fn signed(form: Form, negated: bool) -> Result<Form> {
    if negated { form.neg() } else { Ok(form) }
}

/// An impartial game seen as a partizan one: both players have the same moves. Its
/// canonical forms are the nimbers `*G` (Sprague-Grundy), so this is the bridge by which the
/// impartial engines' values are the special case of the algebra, never a second copy.
#[derive(Clone, Debug)]
pub struct Impartial<G>(pub G);

impl<G: crate::ImpartialGame> PartizanGame for Impartial<G> {
    type Position = G::Position;

    fn left_moves(&self, position: &G::Position) -> impl Iterator<Item = G::Position> {
        self.0.moves(position)
    }

    fn right_moves(&self, position: &G::Position) -> impl Iterator<Item = G::Position> {
        self.0.moves(position)
    }

    fn components(&self, position: &G::Position) -> Option<Vec<G::Position>> {
        let parts: Vec<G::Position> = self.0.components(position.clone()).collect();
        (parts.len() > 1).then_some(parts)
    }

    fn canonical(&self, position: &G::Position) -> G::Position {
        self.0.canonical(position.clone())
    }
}
