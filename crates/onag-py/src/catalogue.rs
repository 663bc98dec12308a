//! `onag.game(name)`: a game of the catalogue, its positions written in the command line's
//! notation, answered by the same analysis the `onag` program runs.

use std::sync::Arc;

use onag_core::{Budget, GameGraph, LoopyValue};
use onag_games::{Analysis, Evaluation, Position};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::{Watch, outcome_letter, to_python, type_error};

/// The analysis of the last position asked about, kept for the next question about it (its
/// outcome, then its winning moves, say).
struct Kept {
    components: Vec<String>,
    analysis: Box<dyn Analysis>,
    position: Position,
}

/// A game of the catalogue (`onag.game("kayles")`), with the program's notation for positions.
#[pyclass(module = "onag", name = "Game")]
pub(crate) struct CatalogueGame {
    game: Box<dyn onag_games::Game>,
    budget: Budget,
    threads: usize,
    watch: Arc<Watch>,
    /// Taken only by the thread whose turn it is at `gate`, so never contended.
    kept: std::sync::Mutex<Option<Kept>>,
    /// One computation at a time, whichever thread asks.
    gate: crate::Gate,
}

/// The components of a position as the program reads them, from Python arguments: a string
/// (split at white space, as a shell splits a command line), an integer (a heap), or a tuple
/// or list of integers (one component such as a Wythoff position `3,5`).
pub(crate) fn read_components(arguments: &Bound<'_, PyTuple>) -> PyResult<Vec<String>> {
    let mut components = Vec::new();
    for argument in arguments.iter() {
        if let Ok(text) = argument.cast::<PyString>() {
            components.extend(text.to_str()?.split_whitespace().map(str::to_string));
        } else if argument.is_instance_of::<pyo3::types::PyBool>() {
            return Err(type_error(
                "a position's component (str, int or tuple of int)",
                &argument,
            ));
        } else if let Ok(number) = argument.extract::<num::Number>() {
            components.push(number.0);
        } else if argument.is_instance_of::<PyTuple>() || argument.is_instance_of::<PyList>() {
            let mut parts = Vec::new();
            for part in argument.try_iter()? {
                let part = part?;
                match part.extract::<num::Number>() {
                    Ok(number) if !part.is_instance_of::<pyo3::types::PyBool>() => {
                        parts.push(number.0)
                    }
                    _ => return Err(type_error("an integer inside a component", &part)),
                }
            }
            components.push(parts.join(","));
        } else {
            return Err(type_error(
                "a position's component (str, int or tuple of int)",
                &argument,
            ));
        }
    }
    Ok(components)
}

/// Integers of any size, written in decimal for the game's own parser to judge.
mod num {
    use pyo3::prelude::*;
    use pyo3::types::PyInt;

    pub(crate) struct Number(pub(crate) String);

    impl<'a, 'py> FromPyObject<'a, 'py> for Number {
        type Error = PyErr;

        fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<Number> {
            let int = object.cast::<PyInt>()?;
            Ok(Number(int.str()?.to_str()?.to_string()))
        }
    }
}

impl CatalogueGame {
    /// Opens `name` with these limits.
    pub(crate) fn open(
        py: Python<'_>,
        name: &str,
        budget: Budget,
        threads: usize,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<CatalogueGame> {
        let game = onag_games::open(name).map_err(|error| to_python(py, error))?;
        Ok(CatalogueGame {
            game,
            budget,
            threads,
            watch: Watch::new(progress),
            kept: std::sync::Mutex::new(None),
            gate: crate::Gate::default(),
        })
    }

    /// Runs `query` on the analysis of the position `components`, without the GIL.
    fn ask<T: Send>(
        &self,
        py: Python<'_>,
        components: Vec<String>,
        query: impl FnOnce(&mut dyn Analysis, &Position) -> onag_games::Result<T> + Send,
    ) -> PyResult<T> {
        let _turn = self.gate.enter(py, "Game")?;
        self.watch.reset();
        let (game, budget, threads, watch) = (&self.game, self.budget, self.threads, &self.watch);
        let mut guard = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let kept = &mut *guard;
        let result = watch.native(py, move || {
            let reuse = kept
                .as_ref()
                .is_some_and(|kept| kept.components == components);
            if !reuse {
                *kept = None;
                let (mut analysis, position) =
                    game.analyse(&components, budget, watch.reporter())?;
                if threads > 0 {
                    analysis.set_threads(threads);
                }
                *kept = Some(Kept {
                    components,
                    analysis,
                    position,
                });
            }
            match kept.as_mut() {
                Some(kept) => query(kept.analysis.as_mut(), &kept.position),
                None => unreachable!("kept just above"),
            }
        });
        if result.is_err() {
            // A computation stopped part-way is not kept.
            *guard = None;
        }
        result
    }
}

/// A position's value as the analysis found it.
#[pyclass(module = "onag", name = "Value", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyValue {
    text: String,
    grundy: Option<u64>,
    escapes: Option<Vec<u64>>,
    outcome: &'static str,
    remoteness: Option<u64>,
}

impl PyValue {
    pub(crate) fn of(evaluation: &Evaluation) -> PyValue {
        PyValue {
            text: evaluation.to_string(),
            grundy: evaluation.grundy().map(|value| value.value()),
            escapes: evaluation
                .value
                .as_ref()
                .and_then(LoopyValue::escapes)
                .map(|escapes| escapes.iter().map(|nimber| nimber.value()).collect()),
            outcome: outcome_letter(evaluation.outcome),
            remoteness: evaluation.remoteness,
        }
    }

    pub(crate) fn of_loopy(value: &LoopyValue, remoteness: Option<u64>) -> PyValue {
        PyValue::of(&Evaluation {
            value: Some(value.clone()),
            outcome: value.outcome(),
            remoteness,
        })
    }
}

#[pymethods]
impl PyValue {
    /// The Grundy value, or `None` for ∞ (a game with cycles) or a value not known.
    #[getter]
    fn grundy(&self) -> Option<u64> {
        self.grundy
    }

    /// The escape set of an ∞ value (the finite values one move reaches), else `None`.
    #[getter]
    fn escapes(&self) -> Option<Vec<u64>> {
        self.escapes.clone()
    }

    /// `"P"` (the player to move loses), `"N"` (wins) or `"D"` (a draw).
    #[getter]
    fn outcome(&self) -> &'static str {
        self.outcome
    }

    /// Moves to the end of the game with best play, where the engine knows it.
    #[getter]
    fn remoteness(&self) -> Option<u64> {
        self.remoteness
    }

    /// Whether the value is finite (a nimber).
    #[getter]
    fn finite(&self) -> bool {
        self.grundy.is_some()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Value({:?})", self.text)
    }

    /// Pickles as its fields, rebuilt by `Value._restore`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::Reduced<'py, ValueState> {
        let value = slf.get();
        Ok((
            slf.get_type().getattr("_restore")?,
            (
                value.text.clone(),
                value.grundy,
                value.escapes.clone(),
                value.outcome,
                value.remoteness,
            ),
        ))
    }

    /// The value `__reduce__` wrote.
    #[staticmethod]
    fn _restore(
        text: String,
        grundy: Option<u64>,
        escapes: Option<Vec<u64>>,
        outcome: &str,
        remoteness: Option<u64>,
    ) -> PyResult<PyValue> {
        Ok(PyValue {
            text,
            grundy,
            escapes,
            outcome: outcome_static(outcome)?,
            remoteness,
        })
    }
}

/// A value's fields, as it pickles: text, Grundy value, escapes, outcome, remoteness.
type ValueState = (
    String,
    Option<u64>,
    Option<Vec<u64>>,
    &'static str,
    Option<u64>,
);

/// A move's fields, as it pickles: description, component, position, value, outcome.
type MoveState = (
    String,
    usize,
    Vec<String>,
    Option<PyValue>,
    Option<&'static str>,
);

/// An outcome's letter as the package keeps it.
fn outcome_static(outcome: &str) -> PyResult<&'static str> {
    match outcome {
        "P" => Ok("P"),
        "N" => Ok("N"),
        "D" => Ok("D"),
        other => Err(crate::invalid(format!(
            "an outcome is \"P\", \"N\" or \"D\", not {other:?}"
        ))),
    }
}

/// A move of a catalogue game: its description, the component it plays in and the position it
/// leads to (with that position's value or outcome, where the question asked for one).
#[pyclass(module = "onag", name = "Move", frozen)]
pub(crate) struct PyMove {
    description: String,
    component: usize,
    position: Vec<String>,
    value: Option<PyValue>,
    outcome: Option<&'static str>,
}

impl PyMove {
    fn of(
        found: onag_games::Move,
        value: Option<&Evaluation>,
        outcome: Option<onag_core::Outcome>,
    ) -> PyMove {
        PyMove {
            description: found.description,
            component: found.component,
            position: found.position.components().to_vec(),
            value: value.map(PyValue::of),
            outcome: value
                .map(|value| outcome_letter(value.outcome))
                .or(outcome.map(outcome_letter)),
        }
    }
}

#[pymethods]
impl PyMove {
    /// What the move does, as the program writes it (`heap 1: 4 -> 2`).
    #[getter]
    fn description(&self) -> &str {
        &self.description
    }

    /// The index of the component the move is made in.
    #[getter]
    fn component(&self) -> usize {
        self.component
    }

    /// The position after the move, a tuple of components in the program's notation.
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.position)
    }

    /// The value of the position after the move, where the question valued it.
    #[getter]
    fn value(&self) -> Option<PyValue> {
        self.value.clone()
    }

    /// The outcome of the position after the move (`"P"`, `"N"`, `"D"`), where known.
    #[getter]
    fn outcome(&self) -> Option<&'static str> {
        self.outcome
    }

    fn __str__(&self) -> String {
        self.description.clone()
    }

    fn __repr__(&self) -> String {
        format!("Move({:?})", self.description)
    }

    /// Pickles as its fields, rebuilt by `Move._restore`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::Reduced<'py, MoveState> {
        let found = slf.get();
        Ok((
            slf.get_type().getattr("_restore")?,
            (
                found.description.clone(),
                found.component,
                found.position.clone(),
                found.value.clone(),
                found.outcome,
            ),
        ))
    }

    /// The move `__reduce__` wrote.
    #[staticmethod]
    fn _restore(
        description: String,
        component: usize,
        position: Vec<String>,
        value: Option<PyRef<'_, PyValue>>,
        outcome: Option<&str>,
    ) -> PyResult<PyMove> {
        Ok(PyMove {
            description,
            component,
            position,
            value: value.map(|value| value.clone()),
            outcome: outcome.map(outcome_static).transpose()?,
        })
    }
}

/// A game's graph of positions (`Game.graph`): nodes with their values, edges as index pairs.
#[pyclass(module = "onag", name = "Graph", frozen)]
pub(crate) struct PyGraph {
    graph: GameGraph<Position>,
    misere: bool,
}

#[pymethods]
impl PyGraph {
    /// The positions, in node order, each a tuple of components.
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let graph = self.graph.graph();
        graph
            .node_indices()
            .map(|node| PyTuple::new(py, graph[node].position.components()))
            .collect()
    }

    /// Each node's value, in node order (g⁻ in a misère graph).
    #[getter]
    fn values(&self) -> Vec<PyValue> {
        let graph = self.graph.graph();
        graph
            .node_indices()
            .map(|node| PyValue::of_loopy(&graph[node].value, None))
            .collect()
    }

    /// The moves, as `(from, to)` pairs of node indices: `networkx.DiGraph(graph.edges)` reads
    /// them as they are.
    #[getter]
    fn edges(&self) -> Vec<(usize, usize)> {
        self.graph
            .graph()
            .raw_edges()
            .iter()
            .map(|edge| (edge.source().index(), edge.target().index()))
            .collect()
    }

    /// The index of the start position.
    #[getter]
    fn root(&self) -> usize {
        self.graph.root().index()
    }

    /// The graph in Graphviz's DOT language.
    fn to_dot(&self) -> String {
        if self.misere {
            self.graph.to_dot_with(onag_games::draw::misere_label)
        } else {
            self.graph.to_dot()
        }
    }

    /// The drawing Jupyter shows.
    fn _repr_svg_(&self) -> String {
        onag_games::draw::graph_svg(&self.graph, self.misere)
    }

    fn __len__(&self) -> usize {
        self.graph.graph().node_count()
    }

    fn __repr__(&self) -> String {
        let graph = self.graph.graph();
        format!(
            "Graph({} positions, {} moves)",
            graph.node_count(),
            graph.edge_count()
        )
    }
}

#[pymethods]
impl CatalogueGame {
    /// The game's name as the catalogue writes it (`octal:0.6`, `moore:2`).
    #[getter]
    fn name(&self) -> String {
        self.game.to_string()
    }

    /// Whether the game has cycles (its values may be ∞ and its outcome a draw).
    #[getter]
    fn has_cycles(&self) -> bool {
        self.game.has_cycles()
    }

    /// Whether the game is a heap game, with Grundy sequences and misère quotients.
    #[getter]
    fn is_heap_game(&self) -> bool {
        self.game.as_ruleset().is_some()
    }

    /// The value of the position written by `components`.
    #[pyo3(signature = (*components))]
    fn value(&self, py: Python<'_>, components: &Bound<'_, PyTuple>) -> PyResult<PyValue> {
        let components = read_components(components)?;
        let evaluation = self.ask(py, components, |analysis, position| {
            analysis.evaluate(position)
        })?;
        Ok(PyValue::of(&evaluation))
    }

    /// The Grundy value of the position written by `components`, an `int`.
    #[pyo3(signature = (*components))]
    fn grundy(&self, py: Python<'_>, components: &Bound<'_, PyTuple>) -> PyResult<u64> {
        let value = self.value(py, components)?;
        value.grundy.ok_or_else(|| {
            crate::raise(
                py,
                "Error",
                format!(
                    "the position's value is {}, not a nimber: use value() or outcome()",
                    value.text
                ),
                &[],
            )
        })
    }

    /// `"P"`, `"N"` or `"D"`: who wins the position with best play (in misère play with
    /// `misere=True`, where the last player to move loses).
    #[pyo3(signature = (*components, misere = false))]
    fn outcome(
        &self,
        py: Python<'_>,
        components: &Bound<'_, PyTuple>,
        misere: bool,
    ) -> PyResult<&'static str> {
        let components = read_components(components)?;
        let outcome = self.ask(py, components, move |analysis, position| {
            if misere {
                analysis.misere_outcome(position)
            } else {
                Ok(analysis.evaluate(position)?.outcome)
            }
        })?;
        Ok(outcome_letter(outcome))
    }

    /// Every move with the value (or, in misère play, the outcome) of the position it leads
    /// to; at most `limit` of them.
    #[pyo3(signature = (*components, misere = false, limit = crate::Whole(10_000)))]
    fn moves(
        &self,
        py: Python<'_>,
        components: &Bound<'_, PyTuple>,
        misere: bool,
        limit: crate::Whole<usize>,
    ) -> PyResult<Vec<PyMove>> {
        let limit = limit.0;
        let components = read_components(components)?;
        self.ask(py, components, move |analysis, position| {
            Ok(if misere {
                let (moves, _) = analysis.misere_moves(position, limit)?;
                moves
                    .into_iter()
                    .map(|(found, outcome)| PyMove::of(found, None, Some(outcome)))
                    .collect()
            } else {
                let (moves, _) = analysis.moves(position, limit)?;
                moves
                    .into_iter()
                    .map(|(found, value)| PyMove::of(found, Some(&value), None))
                    .collect()
            })
        })
    }

    /// The moves that win (to a P-position); at most `limit` of them.
    #[pyo3(signature = (*components, misere = false, limit = crate::Whole(10_000)))]
    fn winning_moves(
        &self,
        py: Python<'_>,
        components: &Bound<'_, PyTuple>,
        misere: bool,
        limit: crate::Whole<usize>,
    ) -> PyResult<Vec<PyMove>> {
        let limit = limit.0;
        self.moves_to(py, components, misere, limit, onag_core::Outcome::Previous)
    }

    /// The moves that keep a drawn position drawn (games with cycles); at most `limit`.
    #[pyo3(signature = (*components, misere = false, limit = crate::Whole(10_000)))]
    fn drawing_moves(
        &self,
        py: Python<'_>,
        components: &Bound<'_, PyTuple>,
        misere: bool,
        limit: crate::Whole<usize>,
    ) -> PyResult<Vec<PyMove>> {
        let limit = limit.0;
        self.moves_to(py, components, misere, limit, onag_core::Outcome::Draw)
    }

    /// The graph of every position reachable from `components`, at most `max_positions` of
    /// them, each with its value (its misère value g⁻ with `misere=True`).
    #[pyo3(signature = (*components, max_positions = crate::Whole(10_000), misere = false))]
    fn graph(
        &self,
        py: Python<'_>,
        components: &Bound<'_, PyTuple>,
        max_positions: crate::Whole<usize>,
        misere: bool,
    ) -> PyResult<PyGraph> {
        let max_positions = max_positions.0;
        let components = read_components(components)?;
        let _turn = self.gate.enter(py, "Game")?;
        self.watch.reset();
        let (game, budget) = (&self.game, self.budget);
        let graph = self.watch.native(py, move || {
            let graph = game.graph(&components, max_positions, budget)?;
            Ok(if misere { graph.misere(budget)? } else { graph })
        })?;
        Ok(PyGraph { graph, misere })
    }

    /// The number of positions the last analysis valued.
    #[getter]
    fn positions_evaluated(&self, py: Python<'_>) -> PyResult<u64> {
        let _turn = self.gate.enter(py, "Game")?;
        Ok(self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .as_ref()
            .map_or(0, |kept| kept.analysis.positions_evaluated()))
    }

    fn __str__(&self) -> String {
        self.game.to_string()
    }

    fn __repr__(&self) -> String {
        format!("onag.game({:?})", self.game.to_string())
    }

    /// Pickles as its name, budget and threads: unpickled, it is opened again by name (the
    /// values found are not kept, nor a progress callback).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> crate::Reduced<'py, (String, u64, u64, u64, usize)> {
        Ok((
            py.import("onag._onag")?.getattr("_game_again")?,
            (
                self.game.to_string(),
                self.budget.positions,
                self.budget.options,
                self.budget.memory,
                self.threads,
            ),
        ))
    }
}

impl CatalogueGame {
    /// The moves to positions of `outcome`: winning moves (to P-positions) or drawing moves.
    fn moves_to(
        &self,
        py: Python<'_>,
        components: &Bound<'_, PyTuple>,
        misere: bool,
        limit: usize,
        outcome: onag_core::Outcome,
    ) -> PyResult<Vec<PyMove>> {
        let components = read_components(components)?;
        self.ask(py, components, move |analysis, position| {
            let (moves, _) = match (outcome, misere) {
                (onag_core::Outcome::Draw, true) => {
                    analysis.misere_drawing_moves(position, limit)?
                }
                (onag_core::Outcome::Draw, false) => analysis.drawing_moves(position, limit)?,
                (_, true) => analysis.misere_winning_moves(position, limit)?,
                (_, false) => analysis.winning_moves(position, limit)?,
            };
            Ok(moves
                .into_iter()
                .map(|found| PyMove::of(found, None, Some(outcome)))
                .collect())
        })
    }

    pub(crate) fn inner(&self) -> &dyn onag_games::Game {
        self.game.as_ref()
    }

    pub(crate) fn budget(&self) -> Budget {
        self.budget
    }
}

/// A game of the catalogue by its name, as the program writes it (`onag games` lists them):
/// `"kayles"`, `"octal:0.07"`, `"wythoff"`, `"chomp"`, `"windup:5:1,3"`.
///
/// Positions are given as the program's components: an int (a heap), a string (split at
/// spaces, as a shell would), or a tuple of ints (one component, such as a Wythoff position).
/// The keywords are the budget of every call on the game (the program's defaults), the threads
/// of a pruned search (0: every core) and a progress callback (`onag.ProgressBar()`).
///
/// A `Game` may be shared between threads: its calls take turns. It pickles by name.
///
/// >>> import onag
/// >>> kayles = onag.game("kayles")
/// >>> kayles.grundy(3, 4)
/// 2
/// >>> kayles.outcome(3, 4)
/// 'N'
/// >>> [move.description for move in kayles.winning_moves(3, 4)]
/// ['heap 1: 3 -> 1', 'heap 2: 4 -> 3', 'heap 2: 4 -> 1 2']
/// >>> onag.game("wythoff").outcome((3, 5))
/// 'P'
/// >>> str(onag.game("windup:5:1,3").value(2))
/// '∞{0}'
/// >>> onag.game("no-such-game")
/// Traceback (most recent call last):
///     ...
/// onag._errors.InvalidInput: ...
#[pyfunction]
#[pyo3(signature = (name, *, max_positions = None, max_options = None, max_memory = None, threads = crate::Whole(0), progress = None))]
fn game(
    py: Python<'_>,
    name: &str,
    max_positions: Option<crate::Whole<u64>>,
    max_options: Option<crate::Whole<u64>>,
    max_memory: Option<crate::Whole<u64>>,
    threads: crate::Whole<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Py<PyAny>> {
    let threads = threads.0;
    let budget = crate::budget(max_positions, max_options, max_memory);
    // A partizan game of the catalogue is a `PartizanGame`: its values are forms.
    let partizan = onag_games::catalogue().iter().any(|entry| {
        !entry.engine().is_impartial()
            && entry
                .name
                .eq_ignore_ascii_case(name.split(':').next().unwrap_or(name).trim())
    });
    if partizan {
        let game = crate::partizan::PyPartizanGame::open(py, name, budget, progress)?;
        return Ok(Bound::new(py, game)?.into_any().unbind());
    }
    let game = CatalogueGame::open(py, name, budget, threads, progress)?;
    Ok(Bound::new(py, game)?.into_any().unbind())
}

/// A game `Game.__reduce__` wrote: opened again by name.
#[pyfunction]
fn _game_again(
    py: Python<'_>,
    name: &str,
    positions: u64,
    options: u64,
    memory: u64,
    threads: usize,
) -> PyResult<CatalogueGame> {
    let budget = Budget {
        positions,
        options,
        memory,
    };
    CatalogueGame::open(py, name, budget, threads, None)
}

/// The catalogue: one dict a game, with the keys of `onag games --json`.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, pyo3::types::PyDict>>> {
    onag_games::catalogue()
        .iter()
        .map(|entry| {
            let row = pyo3::types::PyDict::new(py);
            row.set_item("name", entry.name)?;
            row.set_item("syntax", entry.syntax)?;
            row.set_item("component", entry.component)?;
            row.set_item("example", entry.example)?;
            row.set_item("rule", entry.rule)?;
            row.set_item("engine", entry.engine().to_string())?;
            Ok(row)
        })
        .collect()
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<CatalogueGame>()?;
    module.add_class::<PyValue>()?;
    module.add_class::<PyMove>()?;
    module.add_class::<PyGraph>()?;
    module.add_function(wrap_pyfunction!(game, module)?)?;
    module.add_function(wrap_pyfunction!(games, module)?)?;
    module.add_function(wrap_pyfunction!(_game_again, module)?)?;
    Ok(())
}
