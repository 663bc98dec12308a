//! The heap engine behind the catalogue's front: a [`Ruleset`] as a [`Game`], its positions
//! written one heap per component and answered by a [`HeapSolver`] (`solver.rs`); the
//! rulesets themselves as one enum in `ruleset.rs`.

pub(crate) mod ruleset;
mod solver;

pub use ruleset::{Ruleset, Tabulated};
pub use solver::{HeapMove, HeapSolver};

use crate::SequenceOptions;
use std::sync::{Arc, Mutex, PoisonError};

use onag_core::{Budget, GameGraph, MisereSolver, Outcome, Solver};

use super::{Analysis, Evaluation, Game, Move, Position, Prunable, Pruned};
use crate::notation::{Progress, component_error};

/// Positions of at most this many heaps and counters are searched for their misère outcome;
/// larger ones are answered by the misère quotient where it can be had.
const SEARCHED_HEAPS: usize = 8;
/// See [`SEARCHED_HEAPS`].
const SEARCHED_COUNTERS: u64 = 40;
/// How far the misère quotient is computed, at most, for a position too large to search.
const QUOTIENT_HEAPS: u64 = 300;
/// The most memory the misère quotient is given when tried for a position (`onag quotient`
/// takes the whole budget): the quotient of a game whose quotient keeps growing spends what
/// it is given failing (Dawson's chess past heap 32: 2.9 s with 256 MiB, 9.7 s with 2 GiB, 104 s
/// with 12 GiB), while the quotients that close are small (Kayles', order 40, in a megabyte).
const QUOTIENT_MEMORY: u64 = 256 << 20;
/// The short misère search tried before the quotient is computed (at most a quarter of a
/// second): a position that looks too large to search may not be (Dawson's chess at 41 is
/// searched in milliseconds, while its quotient fails at heap 33).
const PROBE: Budget = Budget {
    positions: 1 << 16,
    options: 1 << 24,
    memory: 128 << 20,
};
use crate::{GrundySequence, HeapGame, HeapQuotient, HeapRuleset, Heaps, Result};

/// Reads heaps, one per component.
fn read_heaps(game: &Ruleset, components: &[String]) -> Result<Heaps> {
    components
        .iter()
        .map(|text| {
            text.trim().parse::<u64>().map_err(|_| {
                component_error(
                    &game.to_string(),
                    text,
                    format!("a heap is a whole number from 0 to {}", u64::MAX),
                )
            })
        })
        .collect()
}

/// Heaps written one per component.
fn heap_text(heaps: &Heaps) -> Vec<String> {
    heaps.iter().map(|heap| heap.to_string()).collect()
}

impl Game for Ruleset {
    fn analyse(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Position)> {
        analyse_heaps(self, start, budget, progress, false)
    }

    fn sequence(
        &self,
        last: u64,
        options: &SequenceOptions,
        progress: &mut dyn FnMut(u64),
    ) -> Result<GrundySequence> {
        self.sequence_in(last, options, progress)
    }

    fn graph(
        &self,
        start: &[String],
        max_positions: usize,
        budget: Budget,
    ) -> Result<GameGraph<Position>> {
        let heaps = read_heaps(self, start)?;
        // A graph of at most `max_positions` positions needs no sequence past that many heaps:
        // larger heaps, if any, are searched. The shape is found, and refused when too large,
        // before anything is valued.
        let largest = heaps.iter().max().unwrap_or(0);
        let last = if self.is_tabulable() {
            largest.min(max_positions as u64)
        } else {
            0
        };
        let sequence = self.sequence_with(last, budget, |_| {})?;
        let mut solver =
            Solver::new(HeapGame(Tabulated::new(self.clone(), sequence))).with_budget(budget);
        let graph = GameGraph::explore(&mut solver, &heaps, max_positions)?;
        Ok(graph.map_positions(|heaps| Position::new(heap_text(heaps))))
    }

    fn as_ruleset(&self) -> Option<&Ruleset> {
        Some(self)
    }

    fn pruned(&self) -> Option<Box<dyn Game>> {
        Some(Box::new(Pruned(self.clone())))
    }
}

/// An analysis of positions of `ruleset` from `start`: values from its Grundy sequence, or
/// with `pruned` from the pruned search of each heap ([`HeapSolver::searched`]).
fn analyse_heaps(
    ruleset: &Ruleset,
    start: &[String],
    budget: Budget,
    progress: Box<dyn FnMut(Progress) + Send>,
    pruned: bool,
) -> Result<(Box<dyn Analysis>, Position)> {
    let heaps = read_heaps(ruleset, start)?.canonical();
    let largest = heaps.iter().max().unwrap_or(0);
    let progress: SharedProgress = Arc::new(Mutex::new(progress));
    let shared = Arc::clone(&progress);
    let report = move |report| (shared.lock().unwrap_or_else(PoisonError::into_inner))(report);
    let solver = if pruned {
        // One thread unless asked for more: the heaps are searched smallest first, each a
        // shallow search that a second thread only duplicates (Grundy's game at 3,000: 1.3 s
        // on one thread, 1.8 s on two).
        HeapSolver::searched(ruleset.clone(), budget, 1, report)?
    } else {
        HeapSolver::new(ruleset.clone(), largest, budget, report)?
    };
    let analysis = HeapAnalysis {
        name: ruleset.to_string(),
        solver,
        misere: None,
        quotient: None,
        progress,
    };
    let position = analysis.write(&heaps);
    Ok((Box::new(analysis), position))
}

impl Prunable for Ruleset {
    /// Values from the pruned search of each heap instead of the Grundy sequence
    /// (`onag value grundy 100 --search`).
    fn analyse_pruned(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Position)> {
        analyse_heaps(self, start, budget, progress, true)
    }
}

/// Positions of a heap game, answered by a [`HeapSolver`].
struct HeapAnalysis {
    /// The game's name, which tags the positions this analysis makes.
    name: String,
    solver: HeapSolver,
    /// The misère search, made on first use.
    misere: Option<MisereSolver<HeapGame<Ruleset>>>,
    /// The misère quotient, tried on the first position too large to search (`Some(None)`
    /// when it could not be had).
    quotient: Option<Option<HeapQuotient>>,
    /// Where both searches report their progress.
    progress: SharedProgress,
}

/// A progress callback that two searches share.
type SharedProgress = Arc<Mutex<Box<dyn FnMut(Progress) + Send>>>;

impl HeapAnalysis {
    /// Writes heaps, kept as heaps beside the text (see [`Position`]).
    fn write(&self, heaps: &Heaps) -> Position {
        Position::typed(heap_text(heaps), self.name.clone(), heaps.clone())
    }

    /// A heap move as the catalogue's front describes moves.
    fn front_move(&self, heap_move: HeapMove) -> Move {
        Move {
            component: heap_move.heap,
            description: heap_move.to_string(),
            position: self.write(&heap_move.position),
        }
    }

    fn heaps(&self, position: &Position) -> Result<Heaps> {
        match position.typed_as::<Heaps>(&self.name) {
            Some(heaps) => Ok(heaps.clone()),
            None => read_heaps(self.solver.ruleset(), position.components()),
        }
    }

    /// The misère quotient, for a position with no closed form that is too large to search
    /// (more than [`SEARCHED_HEAPS`] heaps or [`SEARCHED_COUNTERS`] counters) and that a short
    /// search does not answer (see [`PROBE`]), when it covers every heap of it: certified, or
    /// partial but reaching the largest heap.
    fn quotient_for(&mut self, heaps: &Heaps) -> Option<&HeapQuotient> {
        if self.solver.ruleset().misere_outcome(heaps).is_some() {
            return None;
        }
        let counters = heaps.iter().fold(0u64, u64::saturating_add);
        if heaps.len() <= SEARCHED_HEAPS && counters <= SEARCHED_COUNTERS {
            return None;
        }
        if self.quotient.is_none() {
            if self.searched_quickly(heaps) {
                return None;
            }
            let (ruleset, mut budget) = (self.solver.ruleset(), self.solver.budget());
            budget.memory = budget.memory.min(QUOTIENT_MEMORY);
            let progress = Arc::clone(&self.progress);
            // The heaps of this position and those its play leads to, which are no larger,
            // need the quotient no further than its largest heap; a larger heap needs its period
            // proven, looked for up to QUOTIENT_HEAPS. (A game whose quotient keeps growing,
            // Dawson's chess past heap 32, would otherwise spend a minute on heaps no position
            // here holds.)
            let last = heaps.iter().max().unwrap_or(0).min(QUOTIENT_HEAPS);
            let quotient = ruleset
                .misere_quotient(last, budget, &mut |heap| {
                    (progress.lock().unwrap_or_else(PoisonError::into_inner))(Progress::Quotient {
                        heap,
                        last,
                    })
                })
                .ok();
            self.quotient = Some(quotient);
        }
        self.quotient
            .as_ref()
            .and_then(Option::as_ref)
            .filter(|q| heaps.iter().all(|n| q.phi(n).is_some()))
    }

    /// The misère outcome of `heaps`: by the closed form (the search's hooks) or the quotient
    /// where they answer, else by search. Every position asked, a move's included, goes this
    /// way: `moves --misere kayles 1000000000` searched each option and ran out of memory while
    /// `value --misere` answered at once.
    fn misere_outcome_of(&mut self, heaps: &Heaps) -> Result<Outcome> {
        if let Some(outcome) = self
            .quotient_for(heaps)
            .and_then(|q| q.outcome(&heaps.to_vec()))
        {
            return Ok(outcome);
        }
        Ok(self.misere_solver().outcome(heaps)?)
    }

    /// Whether the misère search answers `heaps` within [`PROBE`] (the user's budget where it
    /// is smaller): the answer is then remembered for the search to give at once. A search
    /// that stops on the short budget keeps what it learnt for the search with the whole one.
    fn searched_quickly(&mut self, heaps: &Heaps) -> bool {
        let whole = self.solver.budget();
        let probe = Budget {
            positions: whole.positions.min(PROBE.positions),
            options: whole.options.min(PROBE.options),
            memory: whole.memory.min(PROBE.memory),
        };
        self.misere_solver();
        let solver = self
            .misere
            .take()
            .expect("the misère search, made just above");
        let mut solver = solver.with_budget(probe);
        let answered = solver.outcome(heaps).is_ok();
        self.misere = Some(solver.with_budget(whole));
        answered
    }

    fn misere_solver(&mut self) -> &mut MisereSolver<HeapGame<Ruleset>> {
        let (ruleset, budget) = (self.solver.ruleset().clone(), self.solver.budget());
        let progress = Arc::clone(&self.progress);
        self.misere.get_or_insert_with(|| {
            MisereSolver::new(HeapGame(ruleset))
                .with_budget(budget)
                .with_progress(move |positions| {
                    (progress.lock().unwrap_or_else(PoisonError::into_inner))(Progress::Search {
                        positions,
                    })
                })
        })
    }
}

impl Analysis for HeapAnalysis {
    fn read(&self, components: &[String]) -> Result<Position> {
        let heaps = read_heaps(self.solver.ruleset(), components)?;
        Ok(self.write(&heaps.canonical()))
    }

    fn evaluate(&mut self, position: &Position) -> Result<Evaluation> {
        let heaps = self.heaps(position)?;
        Ok(Evaluation::of(self.solver.grundy(&heaps)?))
    }

    fn moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<(Move, Evaluation)>, bool)> {
        let heaps = self.heaps(position)?;
        let (moves, more) = self.solver.moves(&heaps, limit)?;
        let moves = moves
            .into_iter()
            .map(|(heap_move, value)| (self.front_move(heap_move), Evaluation::of(value)))
            .collect();
        Ok((moves, more))
    }

    fn winning_moves(&mut self, position: &Position, limit: usize) -> Result<(Vec<Move>, bool)> {
        let heaps = self.heaps(position)?;
        let (moves, more) = self.solver.winning_moves(&heaps, limit)?;
        Ok((
            moves
                .into_iter()
                .map(|found| self.front_move(found))
                .collect(),
            more,
        ))
    }

    fn find_move(
        &mut self,
        position: &Position,
        component: usize,
        to: &[String],
    ) -> Result<Option<Move>> {
        let heaps = self.heaps(position)?;
        let parts = read_heaps(self.solver.ruleset(), to)?.to_vec();
        Ok(self
            .solver
            .find_move(&heaps, component, &parts)
            .map(|found| self.front_move(found)))
    }

    fn positions_evaluated(&self) -> u64 {
        self.solver.positions_evaluated()
    }

    fn set_threads(&mut self, threads: usize) {
        self.solver.set_threads(threads);
    }

    fn misere_outcome(&mut self, position: &Position) -> Result<Outcome> {
        let heaps = self.heaps(position)?;
        self.misere_outcome_of(&heaps)
    }

    fn misere_winning_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<Move>, bool)> {
        let heaps = self.heaps(position)?;
        let ruleset = self.solver.ruleset().clone();
        let max_options = self.solver.budget().options;
        // Whether a heap's options were cut to a window that holds every class.
        let mut windowed = false;
        // A closed form first (misère Nim), then the quotient of a large sum.
        let closed = ruleset.misere_winning_moves(&heaps, limit.saturating_add(1));
        let listed = closed.or_else(|| {
            let q = self.quotient_for(&heaps)?;
            // Past Φ's preperiod, a take-and-break game's splits repeat their classes: those
            // with a smaller part within preperiod + period hold every class (a heap of 10^12
            // is not scanned whole).
            let window = q
                .period
                .filter(|period| period.proven)
                .map(|period| period.preperiod + period.period);
            let options = |n: u64| -> Box<dyn Iterator<Item = Heaps> + '_> {
                if let (Some(window), Ruleset::TakeAndBreak { game, .. }) = (window, &ruleset)
                    && let Some((moves, complete)) = game.window_moves(n, window)
                {
                    windowed |= !complete;
                    return Box::new(moves);
                }
                Box::new(ruleset.heap_moves(n))
            };
            q.winning_moves(
                options,
                &heaps.to_vec(),
                limit.saturating_add(1),
                max_options,
            )
        });
        let Some(found) = listed else {
            return super::scan_misere_moves_to(self, position, limit, Outcome::Previous);
        };
        let all = heaps.to_vec();
        let mut moves: Vec<Move> = found
            .into_iter()
            .map(|(heap, to)| {
                let mut after: Vec<u64> = all.clone();
                after.remove(heap);
                after.extend(to.iter());
                self.front_move(HeapMove {
                    heap,
                    from: all[heap],
                    to,
                    position: Heaps::from(after).canonical(),
                })
            })
            .collect();
        let more = windowed || moves.len() > limit;
        moves.truncate(limit);
        Ok((moves, more))
    }

    fn misere_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<(Move, Outcome)>, bool)> {
        let heaps = self.heaps(position)?;
        let (moves, more) = self.solver.moves(&heaps, limit)?;
        let mut listed = Vec::with_capacity(moves.len());
        for (heap_move, _) in moves {
            let outcome = self.misere_outcome_of(&heap_move.position)?;
            listed.push((self.front_move(heap_move), outcome));
        }
        Ok((listed, more))
    }
}
