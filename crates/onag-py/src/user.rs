//! Games defined in Python (`onag.Solver(game)`, `onag.LoopySolver(game)`): an object with
//! `moves(position)`, valued by the library's own engines.
//!
//! Positions are any hashable Python objects. Each is given a number the first time a move
//! reaches it (a Python dict does the hashing, in C), and the engines work on the numbers:
//! their tables hold 4 bytes a position, and a position's `__hash__` and `__eq__` run once a
//! move, as a memoised Python function's would. The GIL is held throughout (each `moves` is a
//! Python call); Ctrl-C is looked for as the engine reports progress.

use std::sync::{Arc, Mutex, PoisonError};

use onag_core::{
    Budget, ImpartialGame, LoopySolver, MisereSolver, Nimber, NimberSearch, Resource, Solver,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::catalogue::PyValue;
use crate::{Watch, outcome_letter, to_python};

/// Every position a Python game has reached, numbered in the order first seen, at most
/// `most` of them: how the engines see a user's positions (the impartial `Solver`'s and the
/// `PartizanSolver`'s alike).
pub(crate) struct Numbered {
    table: Mutex<Table>,
    most: u64,
}

struct Table {
    numbers: Py<PyDict>,
    positions: Vec<Py<PyAny>>,
}

impl Numbered {
    pub(crate) fn new(py: Python<'_>, most: u64) -> Numbered {
        Numbered {
            table: Mutex::new(Table {
                numbers: PyDict::new(py).unbind(),
                positions: Vec::new(),
            }),
            most: most.min(u64::from(u32::MAX)),
        }
    }

    /// The most positions the table may hold.
    pub(crate) fn most(&self) -> u64 {
        self.most
    }

    /// How many positions are numbered.
    pub(crate) fn len(&self) -> u64 {
        self.table
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .positions
            .len() as u64
    }

    /// The number of `position`, given one if it is new.
    pub(crate) fn number(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        let numbers = table.numbers.bind(py).clone();
        if let Some(found) = numbers.get_item(position)? {
            return found.extract::<u32>();
        }
        let next = table.positions.len() as u64;
        if next >= self.most {
            return Err(to_python(
                py,
                onag_core::Error::LimitExceeded {
                    resource: Resource::Positions,
                    limit: self.most,
                }
                .into(),
            ));
        }
        numbers.set_item(position, next)?;
        table.positions.push(position.clone().unbind());
        Ok(next as u32)
    }

    /// The position numbered `number`.
    pub(crate) fn position(&self, py: Python<'_>, number: u32) -> Py<PyAny> {
        let table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        table
            .positions
            .get(number as usize)
            .map_or_else(|| py.None(), |position| position.clone_ref(py))
    }

    /// The numbers of what `method(argument)` returns (an iterable of positions); a Python
    /// exception stops the computation (`watch`) and is raised when it returns. Every engine
    /// reaches a Python game through here, so Ctrl-C and the progress callback are looked at
    /// here too (at most every 50 ms), whatever the engine's own reports: a search whose
    /// questions each call many slow methods reports seldom, and would hold a Ctrl-C as long.
    pub(crate) fn call(
        &self,
        watch: &Watch,
        method: &Py<PyAny>,
        argument: impl for<'py> FnOnce(Python<'py>) -> PyResult<Bound<'py, PyAny>>,
    ) -> Vec<u32> {
        if watch.stopped() {
            return Vec::new();
        }
        Python::attach(|py| {
            let listed = (|| -> PyResult<Vec<u32>> {
                let argument = argument(py)?;
                let returned = method.bind(py).call1((argument,))?;
                let mut numbers = Vec::new();
                for item in returned.try_iter()? {
                    numbers.push(self.number(py, &item?)?);
                }
                Ok(numbers)
            })();
            let listed = listed.unwrap_or_else(|error| {
                watch.fail(error);
                Vec::new()
            });
            watch.report("search", self.len(), None);
            listed
        })
    }
}

struct Shared {
    moves: Py<PyAny>,
    components: Option<Py<PyAny>>,
    join: Option<Py<PyAny>>,
    table: Numbered,
    watch: Arc<Watch>,
}

/// A Python game as the engines see it: positions are the numbers of the table.
#[derive(Clone)]
pub(crate) struct UserGame(Arc<Shared>);

impl UserGame {
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        budget: Budget,
        watch: Arc<Watch>,
    ) -> PyResult<UserGame> {
        let method = |name: &str| -> PyResult<Option<Py<PyAny>>> {
            match game.getattr_opt(name)? {
                Some(found) if found.is_callable() => Ok(Some(found.unbind())),
                Some(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "the game's {name} is not callable"
                ))),
                None => Ok(None),
            }
        };
        let moves = method("moves")?.ok_or_else(|| {
            pyo3::exceptions::PyTypeError::new_err(
                "a game is an object with a moves(position) method returning the positions one move away",
            )
        })?;
        Ok(UserGame(Arc::new(Shared {
            moves,
            components: method("components")?,
            join: method("join")?,
            table: Numbered::new(py, budget.positions),
            watch,
        })))
    }

    /// The number of `position`, given one if it is new.
    fn number(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        self.0.table.number(py, position)
    }

    /// The position numbered `number`.
    fn position(&self, py: Python<'_>, number: u32) -> Py<PyAny> {
        self.0.table.position(py, number)
    }

    /// The numbers of what `method(position)` returns.
    fn call(
        &self,
        method: &Py<PyAny>,
        arguments: impl for<'py> FnOnce(Python<'py>) -> PyResult<Bound<'py, PyAny>>,
    ) -> Vec<u32> {
        self.0.table.call(&self.0.watch, method, arguments)
    }
}

impl std::fmt::Debug for UserGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UserGame")
    }
}

impl ImpartialGame for UserGame {
    type Position = u32;

    fn moves(&self, &position: &u32) -> impl Iterator<Item = u32> {
        self.call(&self.0.moves, |py| {
            Ok(self.position(py, position).into_bound(py))
        })
        .into_iter()
    }

    fn components(&self, position: u32) -> impl Iterator<Item = u32> {
        match &self.0.components {
            None => vec![position],
            Some(components) => {
                let parts = self.call(components, |py| {
                    Ok(self.position(py, position).into_bound(py))
                });
                // An exception already stopped the work; the position stands for itself meanwhile.
                if parts.is_empty() && self.0.watch.stopped() {
                    vec![position]
                } else {
                    parts
                }
            }
        }
        .into_iter()
    }

    fn join(&self, components: Vec<u32>) -> Option<u32> {
        if components.len() == 1 {
            return components.first().copied();
        }
        let join = self.0.join.as_ref()?;
        if self.0.watch.stopped() {
            return None;
        }
        Python::attach(|py| {
            let joined = (|| -> PyResult<u32> {
                let parts: Vec<Py<PyAny>> = components
                    .iter()
                    .map(|&part| self.position(py, part))
                    .collect();
                let joined = join
                    .bind(py)
                    .call1((pyo3::types::PyList::new(py, parts)?,))?;
                self.number(py, &joined)
            })();
            joined.map_err(|error| self.0.watch.fail(error)).ok()
        })
    }
}

/// The engines' error as Python sees it, a cycle's position named as the user wrote it.
fn user_error(py: Python<'_>, game: &UserGame, error: onag_core::Error) -> onag_games::Error {
    match error {
        onag_core::Error::Cycle { position } => {
            let written = position
                .parse::<u32>()
                .ok()
                .and_then(|number| game.position(py, number).bind(py).repr().ok())
                .map_or(position, |repr| repr.to_string());
            onag_core::Error::Cycle { position: written }.into()
        }
        other => other.into(),
    }
}

/// A solver for a game defined in Python.
///
/// `game` is any object with a `moves(position)` method returning the positions one move away
/// (any iterable; positions hashable: int, tuple, str, bytes, frozenset). With a
/// `components(position)` method too, a position is a sum: each component is valued alone and
/// the values are nim-added; with `join(components)` as well, winning moves of a sum are found
/// component by component.
#[pyclass(module = "onag", name = "Solver")]
pub(crate) struct PySolver {
    game: UserGame,
    budget: Budget,
    watch: Arc<Watch>,
    normal: Mutex<Option<Solver<UserGame>>>,
    misere: Mutex<Option<MisereSolver<UserGame>>>,
    search: Mutex<Option<NimberSearch<UserGame>>>,
    /// One computation at a time, whichever thread asks; the engines are taken only by the
    /// thread whose turn it is.
    gate: crate::Gate,
}

impl PySolver {
    /// Runs `work` on `engine` (made by `make` if there is none), with Ctrl-C watched; on an
    /// error the engine is dropped, so that nothing a stopped computation left is kept.
    fn with<E, T>(
        py: Python<'_>,
        watch: &Watch,
        game: &UserGame,
        engine: &mut Option<E>,
        make: impl FnOnce() -> E,
        work: impl FnOnce(&mut E) -> onag_core::Result<T>,
    ) -> PyResult<T> {
        watch.reset();
        let engine_ref = engine.get_or_insert_with(make);
        let result = watch.run(|| work(engine_ref));
        // A stop (an exception in `moves`, a Ctrl-C) may come after the engine used an empty
        // list of moves in its place: nothing it found is kept.
        if result.is_err() || watch.stopped() {
            *engine = None;
        }
        watch.finish(py, result.map_err(|error| user_error(py, game, error)))
    }

    fn grundy_of(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        let number = self.game.number(py, position)?;
        let _turn = self.gate.enter(py, "Solver")?;
        let (game, budget, watch) = (self.game.clone(), self.budget, Arc::clone(&self.watch));
        let mut engine = self.normal.lock().unwrap_or_else(PoisonError::into_inner);
        PySolver::with(
            py,
            &self.watch,
            &self.game,
            &mut engine,
            || {
                Solver::new(game)
                    .with_budget(budget)
                    .with_progress(watch.counter("search"))
            },
            |solver| solver.grundy(&number),
        )
    }

    fn misere_engine<T>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut MisereSolver<UserGame>) -> onag_core::Result<T>,
    ) -> PyResult<T> {
        let _turn = self.gate.enter(py, "Solver")?;
        let (game, budget, watch) = (self.game.clone(), self.budget, Arc::clone(&self.watch));
        let mut engine = self.misere.lock().unwrap_or_else(PoisonError::into_inner);
        PySolver::with(
            py,
            &self.watch,
            &self.game,
            &mut engine,
            || {
                MisereSolver::new(game)
                    .with_budget(budget)
                    .with_progress(watch.counter("search"))
            },
            work,
        )
    }

    fn positions(&self, py: Python<'_>, numbers: Vec<u32>) -> Vec<Py<PyAny>> {
        numbers
            .into_iter()
            .map(|number| self.game.position(py, number))
            .collect()
    }
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (game, *, max_positions = None, max_options = None, max_memory = None, progress = None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        max_positions: Option<crate::Whole<u64>>,
        max_options: Option<crate::Whole<u64>>,
        max_memory: Option<crate::Whole<u64>>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<PySolver> {
        let budget = crate::budget(max_positions, max_options, max_memory);
        let watch = Watch::new(progress);
        let user = UserGame::new(py, game, budget, Arc::clone(&watch))?;
        Ok(PySolver {
            game: user,
            budget,
            watch,
            normal: Mutex::new(None),
            misere: Mutex::new(None),
            search: Mutex::new(None),
            gate: crate::Gate::default(),
        })
    }

    /// The Grundy value of `position`, an `int`.
    fn grundy(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(self.grundy_of(py, position)?.value())
    }

    /// `"P"` or `"N"`: whether the player to move loses or wins (in misère play with
    /// `misere=True`, where the last player to move loses).
    #[pyo3(signature = (position, misere = false))]
    fn outcome(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
    ) -> PyResult<&'static str> {
        if !misere {
            return Ok(outcome_letter(onag_core::Outcome::of(
                self.grundy_of(py, position)?,
            )));
        }
        let number = self.game.number(py, position)?;
        Ok(outcome_letter(
            self.misere_engine(py, |solver| solver.outcome(&number))?,
        ))
    }

    /// The positions one winning move away (P-positions), at most `limit` of them.
    #[pyo3(signature = (position, misere = false, limit = crate::Whole(10_000)))]
    fn winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        limit: crate::Whole<usize>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let limit = limit.0;
        let number = self.game.number(py, position)?;
        let found = if misere {
            self.misere_engine(py, |solver| solver.winning_moves(&number, limit))?
        } else {
            let _turn = self.gate.enter(py, "Solver")?;
            let (game, budget, watch) = (self.game.clone(), self.budget, Arc::clone(&self.watch));
            let mut engine = self.normal.lock().unwrap_or_else(PoisonError::into_inner);
            let mut moves = PySolver::with(
                py,
                &self.watch,
                &self.game,
                &mut engine,
                || {
                    Solver::new(game)
                        .with_budget(budget)
                        .with_progress(watch.counter("search"))
                },
                |solver| solver.winning_moves(&number),
            )?;
            moves.truncate(limit);
            moves
        };
        Ok(self.positions(py, found))
    }

    /// The nimber of `position` by the pruned search (`NimberSearch`): the same value as
    /// `grundy`, found by answering narrower questions ("is it *k?") and skipping options that
    /// cannot change the answer. It pays for large games whose options are many and whose
    /// positions recur; for a small game `grundy` is as fast.
    fn nimber(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        let number = self.game.number(py, position)?;
        let _turn = self.gate.enter(py, "Solver")?;
        let (game, budget, watch) = (self.game.clone(), self.budget, Arc::clone(&self.watch));
        let mut engine = self.search.lock().unwrap_or_else(PoisonError::into_inner);
        let value = PySolver::with(
            py,
            &self.watch,
            &self.game,
            &mut engine,
            // One thread: a second would wait for the GIL that every move needs.
            || {
                NimberSearch::new(game)
                    .with_budget(budget)
                    .with_threads(1)
                    .with_progress(watch.counter("search"))
            },
            |search| search.nimber(&number),
        )?;
        Ok(value.value())
    }

    /// The number of positions valued so far (normal play).
    #[getter]
    fn positions_evaluated(&self, py: Python<'_>) -> PyResult<u64> {
        let _turn = self.gate.enter(py, "Solver")?;
        let engine = self.normal.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(engine.as_ref().map_or(0, Solver::positions_evaluated))
    }

    /// Forgets every value found (the positions' numbering is kept).
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        let _turn = self.gate.enter(py, "Solver")?;
        *self.normal.lock().unwrap_or_else(PoisonError::into_inner) = None;
        *self.misere.lock().unwrap_or_else(PoisonError::into_inner) = None;
        *self.search.lock().unwrap_or_else(PoisonError::into_inner) = None;
        Ok(())
    }
}

/// A solver for a game defined in Python that may have cycles: generalised Sprague-Grundy
/// values (Smith; Fraenkel), written as the program writes them (`0`, `*3`, `∞{0,2}`), with
/// draws and remoteness.
#[pyclass(module = "onag", name = "LoopySolver")]
pub(crate) struct PyLoopySolver {
    game: UserGame,
    watch: Arc<Watch>,
    engine: Mutex<Option<LoopySolver<UserGame>>>,
    budget: Budget,
    gate: crate::Gate,
}

impl PyLoopySolver {
    fn with<T>(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        work: impl FnOnce(&mut LoopySolver<UserGame>, u32) -> onag_core::Result<T>,
    ) -> PyResult<T> {
        let number = self.game.number(py, position)?;
        let _turn = self.gate.enter(py, "LoopySolver")?;
        let (game, budget, watch) = (self.game.clone(), self.budget, Arc::clone(&self.watch));
        let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        PySolver::with(
            py,
            &self.watch,
            &self.game,
            &mut engine,
            || {
                LoopySolver::new(game)
                    .with_budget(budget)
                    .with_progress(watch.counter("explore"))
            },
            |solver| work(solver, number),
        )
    }
}

#[pymethods]
impl PyLoopySolver {
    #[new]
    #[pyo3(signature = (game, *, max_positions = None, max_options = None, max_memory = None, progress = None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        max_positions: Option<crate::Whole<u64>>,
        max_options: Option<crate::Whole<u64>>,
        max_memory: Option<crate::Whole<u64>>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<PyLoopySolver> {
        let budget = crate::budget(max_positions, max_options, max_memory);
        let watch = Watch::new(progress);
        Ok(PyLoopySolver {
            game: UserGame::new(py, game, budget, Arc::clone(&watch))?,
            watch,
            engine: Mutex::new(None),
            budget,
            gate: crate::Gate::default(),
        })
    }

    /// The value of `position`: `str()` writes it (`0`, `*3`, `∞{0,2}`).
    fn value(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        let (value, remoteness) = self.with(py, position, |solver, number| {
            Ok((solver.value(&number)?, solver.remoteness(&number)?))
        })?;
        Ok(PyValue::of_loopy(&value, remoteness))
    }

    /// `"P"`, `"N"` or `"D"` (a draw: neither player can force a win).
    fn outcome(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(outcome_letter(self.with(
            py,
            position,
            |solver, number| solver.outcome(&number),
        )?))
    }

    /// Moves to the end of the game with best play (the winner hurrying, the loser delaying);
    /// `None` for a draw.
    fn remoteness(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        self.with(py, position, |solver, number| solver.remoteness(&number))
    }

    /// The positions one winning move away.
    fn winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let found = self.with(py, position, |solver, number| solver.winning_moves(&number))?;
        Ok(found
            .into_iter()
            .map(|number| self.game.position(py, number))
            .collect())
    }

    /// The positions one move away that keep a drawn position drawn.
    fn drawing_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let found = self.with(py, position, |solver, number| solver.drawing_moves(&number))?;
        Ok(found
            .into_iter()
            .map(|number| self.game.position(py, number))
            .collect())
    }
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PySolver>()?;
    module.add_class::<PyLoopySolver>()?;
    Ok(())
}
