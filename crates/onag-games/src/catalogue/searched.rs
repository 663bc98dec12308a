//! The search engine behind the catalogue's front: any [`ImpartialGame`] with a [`Notation`],
//! its positions written one game position per component and valued by the [`Solver`].

use crate::SequenceOptions;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use onag_core::{
    Budget, GameGraph, ImpartialGame, MisereSolver, Nimber, NimberSearch, Outcome, Resource,
    Solver, SumOf, Valuer,
};

use super::{Analysis, Evaluation, Game, Move, Position, Prunable, Pruned};
use crate::notation::{Notation, Progress, Reporter};
use crate::{Error, GrundySequence, Result};

/// A solver's progress callback (positions so far) that reports to `progress` as a search.
pub(super) fn search_reports(progress: &Reporter) -> impl FnMut(u64) + Send + 'static {
    let progress = Arc::clone(progress);
    move |positions| {
        let mut report = progress.lock().unwrap_or_else(PoisonError::into_inner);
        report(Progress::Search { positions });
    }
}

/// A game of the search engine: any [`Notation`] as a catalogue [`Game`].
///
/// # Examples
///
/// ```
/// use onag_core::Budget;
/// use onag_games::{Game, Searched, Staircase};
///
/// let staircase = Searched::new(Staircase);
/// let start = ["2,1,3".to_string()];
/// let (mut analysis, position) = staircase.analyse(&start, Budget::DEFAULT, Box::new(|_| {}))?;
/// let (winning, _) = analysis.winning_moves(&position, 10)?;
/// assert_eq!(winning[1].description, "move 1 coin from stair 3 to stair 2: 2,1,3 -> 2,2,2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searched<G>(G);

impl<G> Searched<G> {
    /// `game` as a catalogue game.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = onag_games::Searched::new(onag_games::Wythoff);
    /// assert_eq!(game.to_string(), "wythoff");
    /// ```
    pub fn new(game: G) -> Searched<G> {
        Searched(game)
    }
}

impl<G: Notation> fmt::Display for Searched<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.name())
    }
}

/// Reads components, each in the form the game shows it ([`Notation::shown`]).
pub(super) fn read<G: Notation>(game: &G, components: &[String]) -> Result<Vec<G::Position>> {
    components
        .iter()
        .map(|text| Ok(game.shown(game.read_component(text.trim())?)))
        .collect()
}

/// The components as the game writes them.
fn text<G: Notation>(game: &G, components: &[G::Position]) -> Vec<String> {
    components
        .iter()
        .map(|component| game.write_component(component))
        .collect()
}

/// Writes components as the game writes them, keeping them in their own type beside the text
/// (see [`Position`]): the analysis that made the position never reads it again.
pub(super) fn write<G: Notation>(game: &G, components: &[G::Position]) -> Position {
    Position::typed(text(game, components), game.name(), components.to_vec())
}

/// Writes components as text alone, for the many positions of a state graph.
pub(super) fn write_text<G: Notation>(game: &G, components: &[G::Position]) -> Position {
    Position::new(text(game, components))
}

/// The components of `position`: as an analysis of `game` kept them, else read from its text.
pub(super) fn components_of<G: Notation>(
    game: &G,
    position: &Position,
) -> Result<Vec<G::Position>> {
    match position.typed_as::<Vec<G::Position>>(&game.name()) {
        Some(components) => Ok(components.clone()),
        None => read(game, position.components()),
    }
}

impl<G: Notation + Clone + Sync + 'static> Searched<G>
where
    G::Position: Send + Sync,
{
    /// An analysis from `start`, valued by the pruned search when `pruned`, else by the solver.
    fn analysis(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
        pruned: bool,
    ) -> Result<(Box<dyn Analysis>, Position)> {
        let components = read(&self.0, start)?;
        let progress: Reporter = Arc::new(Mutex::new(progress));
        // Every report goes to the one callback: the engine's searches and the game's own.
        let report = search_reports;
        let game = self
            .0
            .prepared(Arc::clone(&progress), budget)
            .unwrap_or_else(|| self.0.clone());
        let written = write(&self.0, &components);
        let valuer: Box<dyn Valuer<Game = G> + Send> = if pruned {
            // As many threads as the process may use (its affinity and quota respected).
            let threads = std::thread::available_parallelism().map_or(1, usize::from);
            Box::new(
                NimberSearch::new(game.clone())
                    .with_budget(budget)
                    .with_threads(threads)
                    .with_progress(report(&progress)),
            )
        } else {
            Box::new(
                Solver::new(game.clone())
                    .with_budget(budget)
                    .with_progress(report(&progress)),
            )
        };
        let misere = MisereSolver::new(SumOf(game))
            .with_budget(budget)
            .with_progress(report(&progress));
        Ok((Box::new(SearchAnalysis { valuer, misere }), written))
    }
}

impl<G: Notation + Clone + Sync + 'static> Prunable for Searched<G>
where
    G::Position: Send + Sync,
{
    fn analyse_pruned(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Position)> {
        self.analysis(start, budget, progress, true)
    }
}

impl<G: Notation + Clone + Sync + 'static> Game for Searched<G>
where
    G::Position: Send + Sync,
{
    fn analyse(
        &self,
        start: &[String],
        budget: Budget,
        progress: Box<dyn FnMut(Progress) + Send>,
    ) -> Result<(Box<dyn Analysis>, Position)> {
        self.analysis(start, budget, progress, false)
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
        let mut solver = Solver::new(SumOf(self.0.clone())).with_budget(budget);
        let graph = GameGraph::explore(&mut solver, &components, max_positions)?;
        Ok(graph.map_positions(|position| write_text(&self.0, position)))
    }

    fn pruned(&self) -> Option<Box<dyn Game>> {
        Some(Box::new(Pruned(self.clone())))
    }
}

/// Positions of a searched game: one valuer (the solver, or the pruned search for games that
/// value one large position at a time) remembers every component it values.
struct SearchAnalysis<G: ImpartialGame> {
    valuer: Box<dyn Valuer<Game = G> + Send>,
    /// Misère play searches whole positions: the sum of the components, not each alone.
    misere: MisereSolver<SumOf<G>>,
}

impl<G: Notation + Sync> SearchAnalysis<G>
where
    G::Position: Send + Sync,
{
    fn game(&self) -> &G {
        self.valuer.game()
    }

    fn budget(&self) -> Budget {
        self.valuer.budget()
    }

    /// Whether the game says a search of `component` would exceed the budget's options.
    fn beyond_budget(&self, component: &G::Position) -> bool {
        let options = self.budget().options;
        self.game()
            .search_size(component)
            .is_some_and(|size| size > options)
    }

    fn components(&self, position: &Position) -> Result<Vec<G::Position>> {
        components_of(self.game(), position)
    }

    /// The value of one component, or `None` when the game says its search would exceed the
    /// budget.
    fn component_value(&mut self, component: &G::Position) -> Result<Option<Nimber>> {
        if let Some(value) = self.game().known_grundy(component) {
            return Ok(Some(value));
        }
        if self.beyond_budget(component) {
            return Ok(None);
        }
        Ok(Some(self.valuer.grundy(component)?))
    }

    /// At most `count` moves of `component` to positions of value `target`.
    fn moves_to_value(
        &mut self,
        component: &G::Position,
        target: Nimber,
        count: usize,
    ) -> Result<Vec<G::Position>> {
        Ok(self.valuer.moves_to_value(component, target, count)?)
    }

    /// The values of all the components, or the first that cannot be found.
    fn values(&mut self, components: &[G::Position]) -> Result<Vec<Option<Nimber>>> {
        components
            .iter()
            .map(|component| self.component_value(component))
            .collect()
    }

    /// The outcome of a position of one component from the game's closed form, for when its
    /// value is beyond the budget (and its value when that outcome is P: 0).
    fn closed_form_evaluation(&self, components: &[G::Position]) -> Option<Evaluation> {
        let [component] = components else {
            return None;
        };
        Some(match self.game().known_outcome(component)? {
            // A P-position's value is 0 (Sprague-Grundy: its nimber is 0 exactly then).
            Outcome::Previous => Evaluation::of(Nimber::ZERO),
            outcome => Evaluation {
                value: None,
                outcome,
                remoteness: None,
            },
        })
    }

    /// At most `limit` winning moves of a position of one component, for when its search is
    /// beyond the budget: none from a P-position, and from an N-position the moves to positions
    /// a closed form says are P, each move looked at within the budget's options (the others
    /// may win too: the list says there may be more).
    fn closed_form_winning_moves(
        &self,
        components: &[G::Position],
        limit: usize,
    ) -> Option<Result<(Vec<Move>, bool)>> {
        let [component] = components else {
            return None;
        };
        let game = self.game();
        match game.known_outcome(component)? {
            Outcome::Previous => return Some(Ok((Vec::new(), false))),
            Outcome::Next => {}
            Outcome::Draw => return None,
        }
        // The moves a closed form names are early in the game's order where there is one (the
        // central domino, the bite at row 2, column 2): a scan of the first `CLOSED_FORM_SCAN_ALL`
        // finds them without walking the whole of a board of 10^8 squares.
        Some(
            self.moves_to_known_p(component, limit, CLOSED_FORM_SCAN_ALL)
                .map(|found| {
                    let listed = found
                        .into_iter()
                        .map(|next| self.front_move(components, 0, next))
                        .collect();
                    (listed, true)
                }),
        )
    }

    /// At most `limit` of the first `scan` moves of `component`, in the game's order, that the
    /// closed form of the outcome says leave a P-position: winning moves found without a search.
    ///
    /// # Errors
    ///
    /// Past the budget's options.
    fn moves_to_known_p(
        &self,
        component: &G::Position,
        limit: usize,
        scan: usize,
    ) -> Result<Vec<G::Position>> {
        let game = self.game();
        let mut found = Vec::new();
        for (examined, next) in game.moves(component).take(scan).enumerate() {
            if examined as u64 >= self.budget().options {
                return Err(self.budget().exceeded(Resource::Options).into());
            }
            if found.len() == limit {
                break;
            }
            if game.known_outcome(&next) == Some(Outcome::Previous) {
                found.push(next);
            }
        }
        Ok(found)
    }

    /// At most `limit` winning moves, searched: the valuer's for one component (closed forms of
    /// outcomes first), else the Sprague-Grundy rule on the components' values. A component
    /// whose search the game says is beyond the budget, and whose outcome it does not know, is
    /// refused before it is searched.
    fn searched_winning_moves(
        &mut self,
        components: &[G::Position],
        limit: usize,
    ) -> Result<(Vec<Move>, bool)> {
        let mut winning = Vec::new();
        if let [component] = components
            && (self.game().known_outcome(component).is_some() || !self.beyond_budget(component))
        {
            // One component: the valuer uses the game's closed-form outcome where it has one.
            let found = self.valuer.first_winning_moves(component, limit + 1)?;
            let more = found.len() > limit;
            for next in found.into_iter().take(limit) {
                winning.push(self.front_move(components, 0, next));
            }
            return Ok((winning, more));
        }
        let values = self.values(components)?;
        let Some(values) = values.into_iter().collect::<Option<Vec<Nimber>>>() else {
            return Err(onag_core::Error::SearchTooLarge {
                limit: self.budget().options,
            }
            .into());
        };
        let total: Nimber = values.iter().copied().collect();
        if total.is_zero() {
            return Ok((winning, false));
        }
        // The Sprague-Grundy rule: a winning move changes one component of value g into one of
        // value g ^ total.
        for (index, target) in onag_core::winning_targets(&values) {
            let wanted = limit + 1 - winning.len();
            let found = self.moves_to_value(&components[index], target, wanted)?;
            for next in found {
                winning.push(self.front_move(components, index, next));
            }
            if winning.len() > limit {
                winning.truncate(limit);
                return Ok((winning, true));
            }
        }
        Ok((winning, false))
    }

    fn evaluation(&mut self, components: &[G::Position]) -> Result<Evaluation> {
        // A search past the budget still leaves the outcome a closed form knows.
        let values = match self.values(components) {
            Err(error) if past_limit(&error) => {
                return self.closed_form_evaluation(components).ok_or(error);
            }
            values => values?,
        };
        if let Some(values) = values.iter().copied().collect::<Option<Vec<Nimber>>>() {
            return Ok(Evaluation::of(values.into_iter().collect()));
        }
        if let Some(evaluation) = self.closed_form_evaluation(components) {
            return Ok(evaluation);
        }
        // A sum needs the value of every component: one is beyond the budget, by the game's
        // estimate of its search.
        Err(onag_core::Error::SearchTooLarge {
            limit: self.budget().options,
        }
        .into())
    }

    /// At most `limit` moves of `position`, component by component, each judged by `judge` on
    /// the whole position it leaves; and whether there are more.
    fn list_moves<T>(
        &mut self,
        position: &Position,
        limit: usize,
        mut judge: impl FnMut(&mut Self, &[G::Position]) -> Result<T>,
    ) -> Result<(Vec<(Move, T)>, bool)> {
        let components = self.components(position)?;
        let budget = self.budget();
        let mut listed = Vec::new();
        let mut examined = 0u64;
        for index in 0..components.len() {
            let options: Vec<G::Position> = self
                .game()
                .moves(&components[index])
                .take(limit + 1 - listed.len().min(limit))
                .collect();
            for next in options {
                if listed.len() == limit {
                    return Ok((listed, true));
                }
                examined += 1;
                if examined > budget.options {
                    return Err(budget.exceeded(Resource::Options).into());
                }
                let front = self.front_move(&components, index, next.clone());
                let mut after = components.clone();
                after[index] = self.game().shown(next);
                let judged = judge(self, &after)?;
                listed.push((front, judged));
            }
        }
        Ok((listed, false))
    }

    fn front_move(&self, components: &[G::Position], index: usize, next: G::Position) -> Move {
        front_move(self.game(), components, index, next)
    }
}

impl<G: Notation + Sync> Analysis for SearchAnalysis<G>
where
    G::Position: Send + Sync,
{
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
        self.list_moves(position, limit, |analysis, after| {
            analysis.evaluation(after)
        })
    }

    /// Listed without valuing it: on a large board the value of the position a move leaves
    /// is a search of its own (`play cram 8x8` searched before its first prompt).
    fn any_move(&mut self, position: &Position) -> Result<Option<Move>> {
        let (listed, _) = self.list_moves(position, 1, |_, _| Ok(()))?;
        Ok(listed.into_iter().next().map(|(next, ())| next))
    }

    fn winning_moves(&mut self, position: &Position, limit: usize) -> Result<(Vec<Move>, bool)> {
        let components = self.components(position)?;
        // None wanted (`--max-moves 0`): whether there are any is whether the value is not
        // 0, where the values are known without a search of the moves.
        if limit == 0
            && let Ok(values) = self.values(&components)
            && let Some(values) = values.into_iter().collect::<Option<Vec<Nimber>>>()
        {
            let total: Nimber = values.into_iter().collect();
            return Ok((Vec::new(), !total.is_zero()));
        }
        // One winning move wanted, of one component: a move the closed form of the outcome
        // says leaves a P-position is one, found without a search (the mirror's reply on a
        // Cram board the player has just broken the symmetry of).
        if limit == 1
            && let [component] = components.as_slice()
            && self.game().known_grundy(component).is_none()
            && let Ok(found) = self.moves_to_known_p(component, 1, CLOSED_FORM_SCAN)
            && let Some(next) = found.into_iter().next()
        {
            return Ok((vec![self.front_move(&components, 0, next)], true));
        }
        // A component whose search the game says is beyond the budget, and whose value and
        // winning moves no closed form gives (those the valuer finds at once), is not searched
        // for its winning moves either: the closed form of its outcome names them, where it has
        // one (Cram's central domino on an even by odd board).
        if let [component] = components.as_slice()
            && self.game().known_grundy(component).is_none()
            && self.beyond_budget(component)
            && self
                .game()
                .moves_to_value(component, Nimber::ZERO, 1)
                .is_none()
            && let Some(found) = self.closed_form_winning_moves(&components, limit)
        {
            return found;
        }
        match self.searched_winning_moves(&components, limit) {
            Err(error) if past_limit(&error) => self
                .closed_form_winning_moves(&components, limit)
                .unwrap_or(Err(error)),
            found => found,
        }
    }

    fn find_move(
        &mut self,
        position: &Position,
        component: usize,
        to: &[String],
    ) -> Result<Option<Move>> {
        let components = self.components(position)?;
        find_move(self.game(), self.budget(), &components, component, to)
    }

    fn set_threads(&mut self, threads: usize) {
        self.valuer.set_threads(threads);
    }

    fn positions_evaluated(&self) -> u64 {
        self.valuer.work()
    }

    fn misere_outcome(&mut self, position: &Position) -> Result<Outcome> {
        let components = self.components(position)?;
        Ok(self.misere.outcome(&components)?)
    }

    fn misere_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<(Move, Outcome)>, bool)> {
        self.list_moves(position, limit, |analysis, after| {
            Ok(analysis.misere.outcome(&after.to_vec())?)
        })
    }

    /// A game's closed form where it has one for a position of one component (misère
    /// Wythoff), else the moves scanned.
    fn misere_winning_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Result<(Vec<Move>, bool)> {
        let components = self.components(position)?;
        let closed = match components.as_slice() {
            [only] => self
                .game()
                .misere_winning_moves(only, limit.saturating_add(1)),
            _ => None,
        };
        let Some(found) = closed else {
            return super::scan_misere_moves_to(self, position, limit, Outcome::Previous);
        };
        let more = found.len() > limit;
        let moves = found
            .into_iter()
            .take(limit)
            .map(|next| self.front_move(&components, 0, next))
            .collect();
        Ok((moves, more))
    }
}

/// The move that changes component `index` of `components` into `next`, described in the
/// game's words, with the position it leaves.
pub(super) fn front_move<G: Notation>(
    game: &G,
    components: &[G::Position],
    index: usize,
    next: G::Position,
) -> Move {
    let description = game.describe_move(&components[index], &next);
    let mut after = components.to_vec();
    after[index] = game.shown(next);
    Move {
        component: index,
        description,
        position: write(game, &after),
    }
}

/// The move that changes component `component` of `components` into the one written `to`, if
/// the rules allow it: judged by the game's rule where it has one, else looked for among the
/// moves, within the budget's options.
pub(super) fn find_move<G: Notation>(
    game: &G,
    budget: Budget,
    components: &[G::Position],
    component: usize,
    to: &[String],
) -> Result<Option<Move>> {
    let Some(from) = components.get(component) else {
        return Ok(None);
    };
    if let Some(next) = game.read_move(from, to.join(" ").trim()) {
        return Ok(Some(front_move(game, components, component, next?)));
    }
    let [to] = to else {
        return Err(Error::InvalidPosition {
            game: game.name(),
            value: to.join(" "),
            reason: "a move changes one component into one component: write it as one word"
                .to_string(),
        });
    };
    let typed = game.read_component(to.trim())?;
    let to = game.canonical(typed.clone());
    let reached = match game.is_move(from, &to) {
        Some(legal) => legal.then_some(typed),
        None => {
            // The option as the player wrote it; failing that, one the same up to the game's
            // canonical form (a Cram board turned over, say), shown as it is played.
            let mut reached = None;
            for (examined, next) in game.moves(from).enumerate() {
                if examined as u64 >= budget.options {
                    return Err(budget.exceeded(Resource::Options).into());
                }
                if next == typed {
                    reached = Some(next);
                    break;
                }
                if reached.is_none() && game.canonical(next.clone()) == to {
                    reached = Some(next);
                }
            }
            reached
        }
    };
    Ok(reached.map(|next| front_move(game, components, component, next)))
}

/// Whether `error` is the budget's limit met, not a fault of the position.
/// The most moves scanned for one whose closed-form outcome is P before the search is asked.
const CLOSED_FORM_SCAN: usize = 4096;

/// The most moves scanned for those whose closed-form outcome is P, of a position past any
/// search.
const CLOSED_FORM_SCAN_ALL: usize = 1 << 16;

fn past_limit(error: &Error) -> bool {
    matches!(
        error,
        Error::Engine(
            onag_core::Error::LimitExceeded { .. } | onag_core::Error::SearchTooLarge { .. }
        )
    )
}

/// The error for asking a sequence of a game whose positions are not single heaps.
pub(super) fn not_a_heap_game(name: &str) -> Error {
    Error::InvalidParameter {
        game: "sequence",
        value: name.to_string(),
        reason: format!(
            "{name} is not a heap game: its positions are not single heaps, so it has no \
             sequence G(0), G(1), ..."
        ),
    }
}
