//! Disjunctive sums of games: [`Sum`] of two different games, and [`SumOf`] any number of
//! positions of one game.
//!
//! In a disjunctive sum the player to move picks one component and moves there; the sum ends
//! when no component has a move. By the Sprague-Grundy theorem its value is the nim-sum of the
//! values of its components, and a winning move changes one component `i` of value `g_i` into
//! one of value `g_i ^ t`, where `t` is the value of the whole. Both types here split their
//! positions into components through [`ImpartialGame::components`], so the
//! [`Solver`](crate::Solver) values each component once, under its own game's rules, and
//! never searches the product of the components. Wrapped in [`Unhinted`](crate::Unhinted),
//! they are searched whole: the brute force that tests compare them with.

use crate::{ImpartialGame, Nimber, Outcome};

/// The Sprague-Grundy rule for the winning moves of a sum, written once for every engine: given
/// the values of a sum's components, for each component in turn (its index) the value a move
/// inside it must reach for the whole sum to become a P-position, `g ^ total` for a component
/// worth `g`. Nothing when the total is 0 (a P-position has no winning move).
///
/// A component whose target is smaller than its own value always has such a move (its value is
/// the mex of its options'); one whose target is larger may have one too, so every component is
/// offered, in order.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, winning_targets};
///
/// // Nim 3 4 5: the nim-sum is 2; heap 3 must become 1, heap 4 must become 6, heap 5 7.
/// let values = [3, 4, 5].map(Nimber::new);
/// let targets: Vec<(usize, Nimber)> = winning_targets(&values).collect();
/// assert_eq!(targets, [(0, Nimber::new(1)), (1, Nimber::new(6)), (2, Nimber::new(7))]);
/// // A P-position: no target.
/// assert_eq!(winning_targets(&[Nimber::new(2), Nimber::new(2)]).count(), 0);
/// ```
pub fn winning_targets(values: &[Nimber]) -> impl Iterator<Item = (usize, Nimber)> + '_ {
    let total: Nimber = values.iter().copied().collect();
    values
        .iter()
        .enumerate()
        .take_while(move |_| !total.is_zero())
        .map(move |(index, &value)| (index, value ^ total))
}

/// The disjunctive sum of two games with rules of their own, `A` on the left and `B` on the
/// right. Nest it for more: `Sum<A, Sum<B, C>>`.
///
/// A position is a [`SumPosition`]: usually [`SumPosition::Both`], one position of each game.
/// The components of a sum are those of each side, tagged [`SumPosition::Left`] or
/// [`SumPosition::Right`], so that the solver remembers each side's components apart and finds
/// a winning move inside the one component that needs it, with that game's closed forms.
///
/// # Examples
///
/// A heap of subtract-a-square (values searched) beside a Nim heap (a closed form).
///
/// ```
/// use onag_core::{ImpartialGame, Nimber, Solver, Sum, SumPosition};
///
/// struct Squares;
/// impl ImpartialGame for Squares {
///     type Position = u64;
///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
///         (1..).map(|k| k * k).take_while(move |&s| s <= n).map(move |s| n - s)
///     }
/// }
///
/// struct NimHeap;
/// impl ImpartialGame for NimHeap {
///     type Position = u64;
///     fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
///         0..n
///     }
///     fn known_grundy(&self, &n: &u64) -> Option<Nimber> {
///         Some(Nimber::new(n))
///     }
/// }
///
/// let mut solver = Solver::new(Sum(Squares, NimHeap));
/// // Subtract-a-square from 0 to 7 is worth 0, 1, 0, 1, 2, 0, 1, 0 (by hand): 7 is a P-position.
/// let position = SumPosition::Both(7, 3);
/// assert_eq!(solver.grundy(&position)?, Nimber::new(3));
/// // The winning move empties the Nim heap.
/// assert_eq!(solver.winning_moves(&position)?, vec![SumPosition::Both(7, 0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sum<A, B>(pub A, pub B);

/// A position of a [`Sum`]: one position of each game, or (as a component, or once one side
/// has no components left) one side alone, which stands for that side beside an empty game.
///
/// # Examples
///
/// ```
/// use onag_core::SumPosition;
///
/// let position: SumPosition<u64, u64> = SumPosition::Both(3, 4);
/// assert_eq!(position.left(), Some(&3));
/// assert_eq!(position.right(), Some(&4));
/// assert_eq!(SumPosition::<u64, u64>::Left(3).right(), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SumPosition<P, Q> {
    /// A position of each game.
    Both(P, Q),
    /// A position of the left game alone.
    Left(P),
    /// A position of the right game alone.
    Right(Q),
}

impl<P, Q> SumPosition<P, Q> {
    /// The left game's position, if there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::SumPosition;
    /// assert_eq!(SumPosition::<u8, u8>::Both(1, 2).left(), Some(&1));
    /// ```
    pub fn left(&self) -> Option<&P> {
        match self {
            SumPosition::Both(left, _) | SumPosition::Left(left) => Some(left),
            SumPosition::Right(_) => None,
        }
    }

    /// The right game's position, if there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::SumPosition;
    /// assert_eq!(SumPosition::<u8, u8>::Right(2).right(), Some(&2));
    /// ```
    pub fn right(&self) -> Option<&Q> {
        match self {
            SumPosition::Both(_, right) | SumPosition::Right(right) => Some(right),
            SumPosition::Left(_) => None,
        }
    }

    /// The position with the given sides; `None` when both are missing.
    fn from_sides(left: Option<P>, right: Option<Q>) -> Option<SumPosition<P, Q>> {
        match (left, right) {
            (Some(left), Some(right)) => Some(SumPosition::Both(left, right)),
            (Some(left), None) => Some(SumPosition::Left(left)),
            (None, Some(right)) => Some(SumPosition::Right(right)),
            (None, None) => None,
        }
    }
}

impl<A: ImpartialGame, B: ImpartialGame> ImpartialGame for Sum<A, B> {
    type Position = SumPosition<A::Position, B::Position>;

    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position> {
        let (left, right) = (position.left(), position.right());
        let in_left = left.into_iter().flat_map(move |left| {
            self.0
                .moves(left)
                .filter_map(move |next| SumPosition::from_sides(Some(next), right.cloned()))
        });
        let in_right = right.into_iter().flat_map(move |right| {
            self.1
                .moves(right)
                .filter_map(move |next| SumPosition::from_sides(left.cloned(), Some(next)))
        });
        in_left.chain(in_right)
    }

    fn components(&self, position: Self::Position) -> impl Iterator<Item = Self::Position> {
        let (left, right) = match position {
            SumPosition::Both(left, right) => (Some(left), Some(right)),
            SumPosition::Left(left) => (Some(left), None),
            SumPosition::Right(right) => (None, Some(right)),
        };
        let lefts = left
            .into_iter()
            .flat_map(|left| self.0.components(left).map(SumPosition::Left));
        let rights = right
            .into_iter()
            .flat_map(|right| self.1.components(right).map(SumPosition::Right));
        lefts.chain(rights)
    }

    /// The left components joined by `A`, the right ones by `B`.
    fn join(&self, components: Vec<Self::Position>) -> Option<Self::Position> {
        let (mut lefts, mut rights) = (Vec::new(), Vec::new());
        for component in components {
            match component {
                SumPosition::Both(left, right) => {
                    lefts.push(left);
                    rights.push(right);
                }
                SumPosition::Left(left) => lefts.push(left),
                SumPosition::Right(right) => rights.push(right),
            }
        }
        // A side left with no components (a terminal one, dropped by `components`) is kept
        // where its game can write an empty position, so that the sum keeps its shape.
        let left = if lefts.is_empty() {
            self.0.join(lefts)
        } else {
            Some(self.0.join(lefts)?)
        };
        let right = if rights.is_empty() {
            self.1.join(rights)
        } else {
            Some(self.1.join(rights)?)
        };
        SumPosition::from_sides(left, right)
    }

    fn known_grundy(&self, position: &Self::Position) -> Option<Nimber> {
        let left = match position.left() {
            Some(left) => self.0.known_grundy(left)?,
            None => Nimber::ZERO,
        };
        let right = match position.right() {
            Some(right) => self.1.known_grundy(right)?,
            None => Nimber::ZERO,
        };
        Some(left ^ right)
    }

    fn known_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        match position {
            SumPosition::Left(left) => self.0.known_outcome(left),
            SumPosition::Right(right) => self.1.known_outcome(right),
            SumPosition::Both(..) => None,
        }
    }

    fn moves_to_value(
        &self,
        position: &Self::Position,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<Self::Position>> {
        match position {
            SumPosition::Left(left) => Some(
                self.0
                    .moves_to_value(left, target, count)?
                    .into_iter()
                    .map(SumPosition::Left)
                    .collect(),
            ),
            SumPosition::Right(right) => Some(
                self.1
                    .moves_to_value(right, target, count)?
                    .into_iter()
                    .map(SumPosition::Right)
                    .collect(),
            ),
            SumPosition::Both(..) => None,
        }
    }

    fn canonical(&self, position: Self::Position) -> Self::Position {
        match position {
            SumPosition::Both(left, right) => {
                SumPosition::Both(self.0.canonical(left), self.1.canonical(right))
            }
            SumPosition::Left(left) => SumPosition::Left(self.0.canonical(left)),
            SumPosition::Right(right) => SumPosition::Right(self.1.canonical(right)),
        }
    }

    fn position_bytes(&self, position: &Self::Position) -> usize {
        match position {
            SumPosition::Both(left, right) => {
                self.0.position_bytes(left) + self.1.position_bytes(right)
            }
            SumPosition::Left(left) => self.0.position_bytes(left),
            SumPosition::Right(right) => self.1.position_bytes(right),
        }
    }
}

/// Any number of positions of one game `G` played side by side: a position is a
/// `Vec<G::Position>`, each entry a component.
///
/// This is how a sum of games whose positions are not themselves sums is written: three
/// Wythoff games, two boards of a board game. The order of the entries is kept (a winning move
/// changes one entry in place), so that a position reads as it was written.
///
/// # Examples
///
/// ```
/// use onag_core::{ImpartialGame, Nimber, Solver, SumOf};
///
/// /// Take 1 or 2 from a heap.
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
///         (1..=2).filter_map(move |k| n.checked_sub(k))
///     }
/// }
///
/// let mut solver = Solver::new(SumOf(TakeOneOrTwo));
/// // G(n) = n mod 3: 1 ^ 2 ^ 0 = 3.
/// assert_eq!(solver.grundy(&vec![4, 5, 6])?, Nimber::new(3));
/// // Values 1 and 2: the 4 must become a 2 (value 2), or the 5 a 4 (value 1).
/// assert_eq!(solver.winning_moves(&vec![4, 5])?, vec![vec![2, 5], vec![4, 4]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SumOf<G>(pub G);

impl<G: ImpartialGame> ImpartialGame for SumOf<G> {
    type Position = Vec<G::Position>;

    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position> {
        position.iter().enumerate().flat_map(move |(index, part)| {
            self.0.moves(part).map(move |next| {
                let mut after = position.clone();
                after[index] = next;
                after
            })
        })
    }

    fn components(&self, position: Self::Position) -> impl Iterator<Item = Self::Position> {
        position
            .into_iter()
            .flat_map(|part| self.0.components(part).map(|component| vec![component]))
    }

    fn join(&self, components: Vec<Self::Position>) -> Option<Self::Position> {
        Some(components.into_iter().flatten().collect())
    }

    fn known_grundy(&self, position: &Self::Position) -> Option<Nimber> {
        position.iter().try_fold(Nimber::ZERO, |sum, part| {
            Some(sum ^ self.0.known_grundy(part)?)
        })
    }

    /// Misère play does not split into components: the game's closed form for sums answers
    /// (by default one component alone; see
    /// [`ImpartialGame::known_misere_outcome_of_sum`]).
    fn known_misere_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        self.0.known_misere_outcome_of_sum(position)
    }

    fn misere_winning_moves(
        &self,
        position: &Self::Position,
        count: usize,
    ) -> Option<Vec<Self::Position>> {
        match position.as_slice() {
            [part] => Some(
                self.0
                    .misere_winning_moves(part, count)?
                    .into_iter()
                    .map(|next| vec![next])
                    .collect(),
            ),
            _ => None,
        }
    }

    fn moves_to_value(
        &self,
        position: &Self::Position,
        target: Nimber,
        count: usize,
    ) -> Option<Vec<Self::Position>> {
        match position.as_slice() {
            [part] => Some(
                self.0
                    .moves_to_value(part, target, count)?
                    .into_iter()
                    .map(|next| vec![next])
                    .collect(),
            ),
            _ => None,
        }
    }

    fn canonical(&self, position: Self::Position) -> Self::Position {
        position
            .into_iter()
            .map(|part| self.0.canonical(part))
            .collect()
    }

    /// The parts' buffer and what each part keeps outside it.
    fn position_bytes(&self, position: &Self::Position) -> usize {
        crate::heap_bytes::<G::Position>(position.capacity())
            + position
                .iter()
                .map(|part| self.0.position_bytes(part))
                .sum::<usize>()
    }
}
