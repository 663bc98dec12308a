//! The loopy engine behind the catalogue's front: a game whose positions may repeat, valued by
//! the [`LoopySolver`] (generalized Sprague-Grundy values, draws, remoteness).

use std::fmt;

use cgt_core::{Budget, GameGraph, LoopySolver, Outcome, SumOf};

use super::search_engine::{find_move, front_move, not_a_heap_game, read, write};
use super::{Analysis, Evaluation, Game, Move, Notation, Progress, Written};
use crate::{Error, GrundySequence, Result, SequenceOptions};

/// A game of the loopy engine: any [`Notation`] whose positions may repeat, as a catalogue
/// [`Game`]. A component is one position of the game; a position of several components is
/// their sum, valued by the generalized sum rule.
///
/// # Examples
///
/// ```
/// use cgt_core::{Budget, Outcome};
/// use cgt_games::{Game, Loopy, SquareButOne};
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
        mut progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Written)> {
        let components = read(&self.0, start)?;
        let mut solver = LoopySolver::new(self.0.clone())
            .with_budget(budget)
            .with_progress(move |positions| progress(Progress::Search { positions }));
        // The whole graph of the start is explored and solved now, once.
        solver.sum_value(&components)?;
        let written = write(&self.0, &components);
        Ok((Box::new(LoopyAnalysis { solver }), written))
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
    ) -> Result<GameGraph<Written>> {
        let components = read(&self.0, start)?;
        let mut solver = LoopySolver::new(SumOf(self.0.clone())).with_budget(budget);
        let graph = GameGraph::explore_loopy(&mut solver, &components, max_positions)?;
        Ok(graph.map_positions(|position| write(&self.0, position)))
    }

    fn has_cycles(&self) -> bool {
        true
    }
}

/// Positions of a loopy game: one solver holds the graph of every component met.
struct LoopyAnalysis<G: Notation> {
    solver: LoopySolver<G>,
}

impl<G: Notation> LoopyAnalysis<G> {
    fn game(&self) -> &G {
        self.solver.game()
    }

    fn components(&self, position: &Written) -> Result<Vec<G::Position>> {
        read(self.game(), position.components())
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

    fn no_misere(&self) -> Error {
        Error::Unsupported {
            game: self.game().name(),
            reason: "misère play of games with cycles is not supported (its theory is not the \
                     generalized Sprague-Grundy function's)"
                .to_string(),
        }
    }
}

impl<G: Notation> Analysis for LoopyAnalysis<G> {
    fn read(&self, components: &[String]) -> Result<Written> {
        Ok(write(self.game(), &read(self.game(), components)?))
    }

    fn evaluate(&mut self, position: &Written) -> Result<Evaluation> {
        let components = self.components(position)?;
        self.evaluation(&components)
    }

    fn moves(
        &mut self,
        position: &Written,
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

    fn winning_moves(&mut self, position: &Written, limit: usize) -> Result<(Vec<Move>, bool)> {
        let components = self.components(position)?;
        let moves = self.solver.sum_winning_moves(&components)?;
        Ok(self.front_moves(&components, moves, limit))
    }

    fn drawing_moves(&mut self, position: &Written, limit: usize) -> Result<(Vec<Move>, bool)> {
        let components = self.components(position)?;
        let moves = self.solver.sum_drawing_moves(&components)?;
        Ok(self.front_moves(&components, moves, limit))
    }

    fn find_move(
        &mut self,
        position: &Written,
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

    fn misere_outcome(&mut self, _position: &Written) -> Result<Outcome> {
        Err(self.no_misere())
    }

    fn misere_moves(
        &mut self,
        _position: &Written,
        _limit: usize,
    ) -> Result<(Vec<(Move, Outcome)>, bool)> {
        Err(self.no_misere())
    }
}
