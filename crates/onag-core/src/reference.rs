//! The plain reference evaluation: the definition of the Grundy value, written as directly as
//! Rust allows.
//!
//! [`grundy`] is the mex of the values of the moves, computed by recursion with a memo, using
//! [`ImpartialGame::moves`] and nothing else: no components, no closed forms, no budget. It is
//! the oracle that the property tests hold [`Solver`](crate::Solver) to, and a reader's way into
//! the solver, which computes the same values on explicit stacks (its module docs say how).
//!
//! It recurses once per move of the deepest line of play, so it is for small games only: a
//! game a few hundred thousand moves deep overflows the thread's stack. Use the
//! [`Solver`](crate::Solver) for anything else.

use std::collections::HashMap;

use crate::{Error, ImpartialGame, Nimber, Result, mex};

/// The Grundy value of `position`, by the definition: the mex of the values of its moves.
///
/// # Errors
///
/// [`Error::Cycle`] when a position is met again on its own line of play.
///
/// # Examples
///
/// ```
/// use onag_core::{ImpartialGame, Nimber, Solver, reference};
///
/// /// Take 1, 3 or 4 from a heap.
/// struct Subtraction134;
/// impl ImpartialGame for Subtraction134 {
///     type Position = u32;
///     fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
///         [1, 3, 4].into_iter().filter_map(move |k| n.checked_sub(k))
///     }
/// }
///
/// for n in 0..30 {
///     assert_eq!(reference::grundy(&Subtraction134, &n)?, Solver::new(Subtraction134).grundy(&n)?);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grundy<G: ImpartialGame>(game: &G, position: &G::Position) -> Result<Nimber> {
    let mut known = HashMap::new();
    value(game, position, &mut known)
}

/// `None` in `known` marks a position on the current line of play.
fn value<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
    known: &mut HashMap<G::Position, Option<Nimber>>,
) -> Result<Nimber> {
    match known.get(position) {
        Some(Some(value)) => return Ok(*value),
        Some(None) => {
            return Err(Error::Cycle {
                position: format!("{position:?}"),
            });
        }
        None => {}
    }
    known.insert(position.clone(), None);
    let mut option_values = Vec::new();
    for next in game.moves(position) {
        option_values.push(value(game, &next, known)?);
    }
    let result = mex(option_values);
    known.insert(position.clone(), Some(result));
    Ok(result)
}
