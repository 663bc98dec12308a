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
}

/// The canonical form of `position`: every position it reaches valued once, by an explicit
/// stack (no recursion on the game's depth), components as sums.
pub fn canonical_form<G: PartizanGame>(game: &G, position: &G::Position) -> Result<Form> {
    let mut known: HashMap<G::Position, Form> = HashMap::new();
    let mut open: hashbrown::HashSet<G::Position> = hashbrown::HashSet::new();
    let cycle = || crate::error::Error::Cycle {
        position: "a position of this partizan game".to_string(),
    };
    // (position, its parts or options once listed)
    enum Frame<P> {
        Enter(P),
        Options(P, Vec<P>, Vec<P>),
        Parts(P, Vec<P>),
    }
    let root = game.canonical(position);
    let mut stack = vec![Frame::Enter(root.clone())];
    let mut steps = 0u32;
    while let Some(frame) = stack.pop() {
        steps = steps.wrapping_add(1);
        if steps % 256 == 0 {
            crate::stop::check_stop()?;
        }
        match frame {
            Frame::Enter(p) => {
                if known.contains_key(&p) {
                    continue;
                }
                if !open.insert(p.clone()) {
                    return Err(cycle());
                }
                if let Some(parts) = game.components(&p).filter(|parts| parts.len() > 1) {
                    let parts: Vec<G::Position> = parts.iter().map(|q| game.canonical(q)).collect();
                    stack.push(Frame::Parts(p, parts.clone()));
                    stack.extend(parts.into_iter().map(Frame::Enter));
                } else {
                    let left: Vec<G::Position> =
                        game.left_moves(&p).map(|q| game.canonical(&q)).collect();
                    let right: Vec<G::Position> =
                        game.right_moves(&p).map(|q| game.canonical(&q)).collect();
                    stack.push(Frame::Options(p, left.clone(), right.clone()));
                    stack.extend(left.into_iter().chain(right).map(Frame::Enter));
                }
            }
            Frame::Options(p, left, right) => {
                let get = |q: &G::Position| known.get(q).copied().ok_or_else(cycle);
                let l = left.iter().map(get).collect::<Result<Vec<Form>>>()?;
                let r = right.iter().map(get).collect::<Result<Vec<Form>>>()?;
                let form = Form::from_options(&l, &r)?;
                open.remove(&p);
                known.insert(p, form);
            }
            Frame::Parts(p, parts) => {
                let mut sum = Form::zero();
                for q in &parts {
                    sum = sum.add(known.get(q).copied().ok_or_else(cycle)?)?;
                }
                open.remove(&p);
                known.insert(p, sum);
            }
        }
    }
    Ok(known[&root])
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
