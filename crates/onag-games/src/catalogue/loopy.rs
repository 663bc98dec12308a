//! The loopy engine behind the catalogue's front: a game whose positions may repeat, valued by
//! the [`LoopySolver`] (generalized Sprague-Grundy values, draws, remoteness).

use std::fmt;
use std::sync::{Arc, Mutex};

use onag_core::{Budget, GameGraph, LoopySolver, MisereAsNormal, Outcome, Resource, SumOf};

use super::searched::{
    components_of, find_move, front_move, not_a_heap_game, read, search_reports, write, write_text,
};
use super::{Analysis, Evaluation, Game, Move, Position};
use crate::notation::{Notation, Progress, Reporter};
use crate::{GrundySequence, Result, SequenceOptions};

/// A game of the loopy engine: any [`Notation`] whose positions may repeat, as a catalogue
/// [`Game`]. A component is one position of the game; a position of several components is
/// their sum, valued by the generalized sum rule. In misère play a position is searched whole
/// (its components do not combine), with draws: see [`MisereAsNormal`].
///
/// # Examples
///
/// ```
/// use onag_core::{Budget, Outcome};
/// use onag_games::{Game, Loopy, SquareButOne};
///
/// let game = Loopy::new(SquareButOne);
/// let start = ["7".to_string()];
/// let (mut analysis, position) = game.analyse(&start, Budget::DEFAULT, Box::new(|_| {}))?;
/// let evaluation = analysis.evaluate(&position)?;
/// assert_eq!(evaluation.outcome, Outcome::Draw);
/// let (drawing, _) = analysis.drawing_moves(&position, 10)?;
/// assert!(!drawing.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Loopy<G>(G);

impl<G> Loopy<G> {
    /// `game` as a catalogue game of the loopy engine.
    pub fn new(game: G) -> Loopy<G> {
        Loopy(game)
    }
}

impl<G: Notation> fmt::Display for Loopy<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.name())
    }
}

impl<G: Notation + Clone + 'static> Game for Loopy<G> {
    fn analyse(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Position)> {
        let components = read(&self.0, start)?;
        // Both plays' solvers report to the one callback.
        let progress: Reporter = Arc::new(Mutex::new(progress));
        let mut solver = LoopySolver::new(self.0.clone())
            .with_budget(budget)
            .with_progress(search_reports(&progress));
        // The whole graph of the start is explored and solved now, once; the misère graph (of
        // whole positions, far larger for a sum) only when misère play is asked for.
        solver.sum_value(&components)?;
        let misere = LoopySolver::new(MisereAsNormal(SumOf(self.0.clone())))
            .with_budget(budget)
            .with_progress(search_reports(&progress));
        let written = write(&self.0, &components);
        Ok((Box::new(LoopyAnalysis { solver, misere }), written))
    }

    fn sequence(
        &self,
        _last: u64,
        _options: &SequenceOptions,
        _progress: &mut dyn FnMut(u64),
    ) -> Result<GrundySequence> {
        Err(not_a_heap_game(&self.to_string()))
    }

    fn graph(
        &self,
        start: &[String],
        max_positions: usize,
        budget: Budget,
    ) -> Result<GameGraph<Position>> {
        let components = read(&self.0, start)?;
        let mut solver = LoopySolver::new(SumOf(self.0.clone())).with_budget(budget);
        let graph = GameGraph::explore_loopy(&mut solver, &components, max_positions)?;
        Ok(graph.map_positions(|position| write_text(&self.0, position)))
    }

    fn has_cycles(&self) -> bool {
        true
    }
}

/// A move of a sum in misère play: the component moved, the position it becomes, the outcome
/// the move leaves and, when that is P, its remoteness.
struct MisereOption<G: Notation> {
    index: usize,
    next: G::Position,
    outcome: Outcome,
    remoteness: Option<u64>,
}

impl<G: Notation> MisereOption<G> {
    /// The move as (component, position it becomes).
    fn taken(self) -> (usize, G::Position) {
        (self.index, self.next)
    }
}

/// Positions of a loopy game: one solver holds the graph of every component met; in misère
/// play, another the graph of the whole positions met.
struct LoopyAnalysis<G: Notation> {
    solver: LoopySolver<G>,
    misere: LoopySolver<MisereAsNormal<SumOf<G>>>,
}

impl<G: Notation> LoopyAnalysis<G> {
    fn game(&self) -> &G {
        self.solver.game()
    }

    fn components(&self, position: &Position) -> Result<Vec<G::Position>> {
        components_of(self.game(), position)
    }

    fn evaluation(&mut self, components: &[G::Position]) -> Result<Evaluation> {
        let value = self.solver.sum_value(components)?;
        Ok(Evaluation {
            outcome: value.outcome(),
            value: Some(value),
            remoteness: self.solver.sum_remoteness(components)?,
        })
    }

    /// The moves `(component, position it becomes)` as the front writes them, at most `limit`.
    fn front_moves(
        &self,
        components: &[G::Position],
        moves: Vec<(usize, G::Position)>,
        limit: usize,
    ) -> (Vec<Move>, bool) {
        let more = moves.len() > limit;
        let listed = moves
            .into_iter()
            .take(limit)
            .map(|(index, next)| front_move(self.game(), components, index, next))
            .collect();
        (listed, more)
    }

    /// The misère outcome of the sum of `components`, searched whole.
    fn misere_outcome_of(&mut self, components: &[G::Position]) -> Result<Outcome> {
        Ok(self.misere.outcome(&Some(components.to_vec()))?)
    }

    /// Every move of the sum of `components` (within the budget's options), with the misère
    /// outcome it leaves and, for a P-position, its remoteness.
    fn misere_options(&mut self, components: &[G::Position]) -> Result<Vec<MisereOption<G>>> {
        let options = self.solver.budget().options;
        let mut listed = Vec::new();
        for index in 0..components.len() {
            let moves: Vec<G::Position> = self.game().moves(&components[index]).collect();
            for next in moves {
                if listed.len() as u64 >= options {
                    return Err(self.solver.budget().exceeded(Resource::Options).into());
                }
                let mut after = components.to_vec();
                after[index] = next.clone();
                let after = Some(after);
                let outcome = self.misere.outcome(&after)?;
                let remoteness = match outcome {
                    Outcome::Previous => self.misere.remoteness(&after)?,
                    _ => None,
                };
                listed.push(MisereOption {
                    index,
                    next,
                    outcome,
                    remoteness,
                });
            }
        }
        Ok(listed)
    }
}

impl<G: Notation> Analysis for LoopyAnalysis<G> {
    fn read(&self, components: &[String]) -> Result<Position> {
        Ok(write(self.game(), &read(self.game(), components)?))
    }

    fn evaluate(&mut self, position: &Position) -> Result<Evaluation> {
        let components = self.components(position)?;
        self.evaluation(&components)
    }

    fn moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<(Move, Evaluation)>, bool)> {
        let components = self.components(position)?;
        let moves = self.solver.sum_moves(&components)?;
        let more = moves.len() > limit;
        let mut listed = Vec::new();
        for (index, next, _) in moves.into_iter().take(limit) {
            let mut after = components.clone();
            after[index] = next.clone();
            let evaluation = self.evaluation(&after)?;
            listed.push((
                front_move(self.game(), &components, index, next),
                evaluation,
            ));
        }
        Ok((listed, more))
    }

    fn winning_moves(&mut self, position: &Position, limit: usize) -> Result<(Vec<Move>, bool)> {
        let components = self.components(position)?;
        let moves = self.solver.sum_winning_moves(&components)?;
        Ok(self.front_moves(&components, moves, limit))
    }

    fn drawing_moves(&mut self, position: &Position, limit: usize) -> Result<(Vec<Move>, bool)> {
        let components = self.components(position)?;
        let moves = self.solver.sum_drawing_moves(&components)?;
        Ok(self.front_moves(&components, moves, limit))
    }

    fn find_move(
        &mut self,
        position: &Position,
        component: usize,
        to: &[String],
    ) -> Result<Option<Move>> {
        let components = self.components(position)?;
        find_move(
            self.game(),
            self.solver.budget(),
            &components,
            component,
            to,
        )
    }

    fn positions_evaluated(&self) -> u64 {
        self.solver.graph().len() as u64
    }

    fn misere_outcome(&mut self, position: &Position) -> Result<Outcome> {
        let components = self.components(position)?;
        self.misere_outcome_of(&components)
    }

    fn misere_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<(Move, Outcome)>, bool)> {
        let components = self.components(position)?;
        let options = self.misere_options(&components)?;
        let more = options.len() > limit;
        let listed = options
            .into_iter()
            .take(limit)
            .map(|option| {
                let outcome = option.outcome;
                let (index, next) = option.taken();
                (front_move(self.game(), &components, index, next), outcome)
            })
            .collect();
        Ok((listed, more))
    }

    /// The moves to misère P-positions, the fastest win first: following the first winning
    /// move always ends the game (a P-position's remoteness falls by two each turn), where
    /// any move to a P-position might go round a cycle for ever.
    fn misere_winning_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<Move>, bool)> {
        let components = self.components(position)?;
        let mut winning: Vec<MisereOption<G>> = self
            .misere_options(&components)?
            .into_iter()
            .filter(|option| option.outcome == Outcome::Previous)
            .collect();
        // Stable: moves of equal remoteness stay in the order the game lists them.
        winning.sort_by_key(|option| option.remoteness.unwrap_or(u64::MAX));
        let moves = winning.into_iter().map(MisereOption::taken).collect();
        Ok(self.front_moves(&components, moves, limit))
    }

    fn misere_drawing_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<Move>, bool)> {
        let components = self.components(position)?;
        if self.misere_outcome_of(&components)? != Outcome::Draw {
            return Ok((Vec::new(), false));
        }
        let moves = self
            .misere_options(&components)?
            .into_iter()
            .filter(|option| option.outcome == Outcome::Draw)
            .map(MisereOption::taken)
            .collect();
        Ok(self.front_moves(&components, moves, limit))
    }
}
