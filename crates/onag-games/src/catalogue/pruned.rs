//! The one wrapper that values a catalogue game by the pruned search of one position
//! ([`NimberSearch`](onag_core::NimberSearch)) instead of its own engine.

use std::fmt;

use onag_core::{Budget, GameGraph};

use super::{Analysis, Game, Position, Ruleset};
use crate::notation::Progress;
use crate::{GrundySequence, Result, SequenceOptions};

/// A game of the catalogue whose positions the pruned search can value: one without cycles.
pub trait Prunable: Game + Clone + 'static {
    /// An analysis of positions of this game from `start`, as [`Game::analyse`] gives, but with
    /// every value from the pruned search: for a heap game each heap searched alone, smaller
    /// heaps first; for any other game each component.
    ///
    /// # Errors
    ///
    /// As [`Game::analyse`].
    fn analyse_pruned(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Position)>;
}

/// A game valued by the pruned search of one position instead of its own engine: the
/// catalogue's Cram, Node Kayles and Arc Kayles, and any game without cycles under the
/// program's `--search` (for a heap game, a cross-check of its Grundy sequence). Everything
/// but the values (its name, sequences, state graphs) is the game's own.
///
/// # Examples
///
/// ```
/// use onag_core::{Budget, Nimber};
/// use onag_games::{Cram, Game, Pruned, Searched};
///
/// let cram = Pruned(Searched::new(Cram));
/// let (mut analysis, position) = cram.analyse(&["4x5".to_string()], Budget::DEFAULT, Box::new(|_| {}))?;
/// assert_eq!(analysis.evaluate(&position)?.grundy(), Some(Nimber::new(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pruned<G>(pub G);

impl<G: fmt::Display> fmt::Display for Pruned<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: Prunable> Game for Pruned<G> {
    fn analyse(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Position)> {
        self.0.analyse_pruned(start, budget, progress)
    }

    fn sequence(
        &self,
        last: u64,
        options: &SequenceOptions,
        progress: &mut dyn FnMut(u64),
    ) -> Result<GrundySequence> {
        self.0.sequence(last, options, progress)
    }

    fn graph(
        &self,
        start: &[String],
        max_positions: usize,
        budget: Budget,
    ) -> Result<GameGraph<Position>> {
        self.0.graph(start, max_positions, budget)
    }

    fn as_ruleset(&self) -> Option<&Ruleset> {
        self.0.as_ruleset()
    }

    fn pruned(&self) -> Option<Box<dyn Game>> {
        Some(Box::new(self.clone()))
    }
}
