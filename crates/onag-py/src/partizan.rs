//! Partizan games from Python: the catalogue's (`onag.game("domineering")`, a
//! `PartizanGame`) and the user's own (`onag.PartizanSolver(obj)`, an object with
//! `left_moves(position)` and `right_moves(position)`). Every form is the library's
//! (`onag_games::Partizan`, `onag_core::partizan::PartizanSolver`).

use std::sync::{Arc, Mutex, PoisonError};

use hashbrown::HashMap;
use onag_core::Budget;
use onag_core::partizan::{Form, PartizanGame, PartizanSolver};
use onag_games::Partizan;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::catalogue::read_components;
use crate::form::PyForm;
use crate::user::Numbered;
use crate::{Watch, to_python};

/// A partizan game of the catalogue, as `onag.game(name)` opens it: Domineering, Hackenbush,
/// Toads and Frogs, Clobber, Konane, Cutcake, Col, Snort, Toppling Dominoes.
///
/// A position is given as the program's components (strings, split at spaces). The forms
/// found are kept for the game's life, so a game played values each position once.
///
/// >>> import onag
/// >>> domineering = onag.game("domineering")
/// >>> str(domineering.form("2x2"))
/// '+-1'
/// >>> domineering.outcome("2x3", "3x2")
/// 'P'
/// >>> [m.description for m in domineering.left_winning_moves("2x2")]
/// ['vertical domino on a1-a2', 'vertical domino on b1-b2']
/// >>> str(onag.game("hackenbush").form("lrr"))
/// '1/4'
#[pyclass(module = "onag", name = "PartizanGame", frozen)]
pub(crate) struct PyPartizanGame {
    game: Box<dyn Partizan>,
    name: String,
    budget: Budget,
    watch: Arc<Watch>,
    gate: crate::Gate,
}

impl PyPartizanGame {
    pub(crate) fn open(
        py: Python<'_>,
        name: &str,
        budget: Budget,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<PyPartizanGame> {
        let game = onag_games::open_partizan(name).map_err(|error| to_python(py, error))?;
        game.set_max_positions(budget.positions);
        let watch = Watch::new(progress);
        // A long search reports here: the progress callback, and a look for Ctrl-C.
        game.set_progress(watch.reporter());
        Ok(PyPartizanGame {
            name: game.to_string(),
            game,
            budget,
            watch,
            gate: crate::Gate::default(),
        })
    }

    /// Runs `query` on the position `arguments`, without the GIL.
    fn ask<T: Send>(
        &self,
        py: Python<'_>,
        arguments: &Bound<'_, PyTuple>,
        query: impl FnOnce(&dyn Partizan, &onag_games::Position) -> onag_games::Result<T> + Send,
    ) -> PyResult<T> {
        let components = read_components(arguments)?;
        let _turn = self.gate.enter(py, "PartizanGame")?;
        self.watch.reset();
        onag_core::partizan::set_max_memory(
            usize::try_from(self.budget.memory).unwrap_or(usize::MAX),
        );
        let game = self.game.as_ref();
        self.watch.native(py, move || {
            let position = game.read(&components)?;
            query(game, &position)
        })
    }

    fn listed(
        &self,
        py: Python<'_>,
        arguments: &Bound<'_, PyTuple>,
        left: bool,
        winning: bool,
    ) -> PyResult<Vec<PyPartizanMove>> {
        let moves = self.ask(py, arguments, move |game, position| {
            let moves = game.moves(position, left)?;
            let mut out = Vec::new();
            for (found, form) in moves {
                let wins = form.wins_moving_second(left)?;
                if wins || !winning {
                    out.push((found, form));
                }
            }
            Ok(out)
        })?;
        Ok(moves
            .into_iter()
            .map(|(found, form)| PyPartizanMove {
                description: found.description,
                component: found.component,
                position: found.position.components().to_vec(),
                form,
            })
            .collect())
    }
}

#[pymethods]
impl PyPartizanGame {
    /// The game's name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The canonical form of the position (the sum of its components').
    #[pyo3(signature = (*position))]
    fn form(&self, py: Python<'_>, position: &Bound<'_, PyTuple>) -> PyResult<PyForm> {
        Ok(PyForm::of(
            self.ask(py, position, |game, position| game.form(position))?,
        ))
    }

    /// The outcome: `"L"` (Left wins whoever starts), `"R"`, `"N"` (the player to move wins)
    /// or `"P"`.
    #[pyo3(signature = (*position))]
    fn outcome(&self, py: Python<'_>, position: &Bound<'_, PyTuple>) -> PyResult<&'static str> {
        let outcome = self.ask(py, position, |game, position| {
            Ok(game.form(position)?.outcome()?)
        })?;
        Ok(outcome.letter())
    }

    /// Left's moves, each with the form it leaves.
    #[pyo3(signature = (*position))]
    fn left_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyTuple>,
    ) -> PyResult<Vec<PyPartizanMove>> {
        self.listed(py, position, true, false)
    }

    /// Right's moves, each with the form it leaves.
    #[pyo3(signature = (*position))]
    fn right_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyTuple>,
    ) -> PyResult<Vec<PyPartizanMove>> {
        self.listed(py, position, false, false)
    }

    /// Left's winning moves: to positions `>= 0`, which Left wins moving second.
    #[pyo3(signature = (*position))]
    fn left_winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyTuple>,
    ) -> PyResult<Vec<PyPartizanMove>> {
        self.listed(py, position, true, true)
    }

    /// Right's winning moves: to positions `<= 0`, which Right wins moving second.
    #[pyo3(signature = (*position))]
    fn right_winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyTuple>,
    ) -> PyResult<Vec<PyPartizanMove>> {
        self.listed(py, position, false, true)
    }

    fn __repr__(&self) -> String {
        format!("onag.game({:?})", self.name)
    }
}

/// A move of a partizan game: what it does, the component it is made in, the position it
/// leaves and that position's form.
#[pyclass(module = "onag", name = "PartizanMove", frozen)]
pub(crate) struct PyPartizanMove {
    description: String,
    component: usize,
    position: Vec<String>,
    form: Form,
}

#[pymethods]
impl PyPartizanMove {
    /// What the move does (`vertical domino on a1-a2`).
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

    /// The form of the position after the move.
    #[getter]
    fn form(&self) -> PyForm {
        PyForm::of(self.form)
    }

    fn __str__(&self) -> String {
        self.description.clone()
    }

    fn __repr__(&self) -> String {
        format!("PartizanMove({:?})", self.description)
    }
}

/// A partizan game written in Python, as the library's engine sees it: positions are the
/// numbers of the table.
struct UserPartizan {
    left: Py<PyAny>,
    right: Py<PyAny>,
    components: Option<Py<PyAny>>,
    table: Numbered,
    watch: Arc<Watch>,
}

impl UserPartizan {
    fn call(&self, method: &Py<PyAny>, position: u32) -> Vec<u32> {
        self.table.call(&self.watch, method, |py| {
            Ok(self.table.position(py, position).into_bound(py))
        })
    }
}

impl PartizanGame for UserPartizan {
    type Position = u32;

    fn left_moves(&self, &position: &u32) -> impl Iterator<Item = u32> {
        self.call(&self.left, position).into_iter()
    }

    fn right_moves(&self, &position: &u32) -> impl Iterator<Item = u32> {
        self.call(&self.right, position).into_iter()
    }

    fn components(&self, &position: &u32) -> Option<Vec<u32>> {
        let components = self.components.as_ref()?;
        let parts = self.call(components, position);
        (parts.len() > 1).then_some(parts)
    }
}

/// A solver for a partizan game written in Python.
///
/// `game` is any object with `left_moves(position)` and `right_moves(position)` methods, each
/// returning the positions one move away for that player (any iterable; positions hashable).
/// With a `components(position)` method too, a position is a sum of the positions it returns,
/// each valued alone. The keywords bound the positions remembered and the algebra's memory
/// (`onag.LimitExceeded` past them); `progress` hears of a long search.
///
/// >>> import onag
/// >>> class Cutcake:
/// ...     "Left cuts a cake (rows, columns) along a vertical line, Right a horizontal one."
/// ...     def left_moves(self, cake):
/// ...         r, c = cake
/// ...         return [((r, k), (r, c - k)) for k in range(1, c)]
/// ...     def right_moves(self, cake):
/// ...         r, c = cake
/// ...         return [((k, c), (r - k, c)) for k in range(1, r)]
/// >>> class Pieces(Cutcake):
/// ...     "A position is a tuple of cakes."
/// ...     def left_moves(self, cakes):
/// ...         return [cakes[:i] + cut + cakes[i + 1:] for i, cake in enumerate(cakes) for cut in Cutcake.left_moves(self, cake)]
/// ...     def right_moves(self, cakes):
/// ...         return [cakes[:i] + cut + cakes[i + 1:] for i, cake in enumerate(cakes) for cut in Cutcake.right_moves(self, cake)]
/// ...     def components(self, cakes):
/// ...         return [(cake,) for cake in cakes]
/// >>> solver = onag.PartizanSolver(Pieces())
/// >>> str(solver.form(((1, 4),)))
/// '3'
/// >>> solver.outcome(((2, 2),))
/// 'P'
#[pyclass(module = "onag", name = "PartizanSolver", frozen)]
pub(crate) struct PyPartizanSolver {
    game: Arc<UserPartizan>,
    memory: u64,
    known: Mutex<HashMap<u32, Form>>,
    gate: crate::Gate,
}

impl PyPartizanSolver {
    fn solve(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Form> {
        let _turn = self.gate.enter(py, "PartizanSolver")?;
        self.game.watch.reset();
        onag_core::partizan::set_max_memory(usize::try_from(self.memory).unwrap_or(usize::MAX));
        let start = self.game.table.number(py, position)?;
        let mut known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        let game = self.game.as_ref();
        let mut solver =
            PartizanSolver::resume(game, std::mem::take(&mut *known), game.table.most());
        let result = self.game.watch.run(|| solver.form(&start));
        // A stop (an exception in a method, a Ctrl-C) may come after the engine took an empty
        // list of moves in its place: nothing it found is kept then.
        if result.is_ok() && !self.game.watch.stopped() {
            *known = solver.into_known();
        }
        self.game
            .watch
            .finish(py, result.map_err(onag_games::Error::Engine))
    }
}

#[pymethods]
impl PyPartizanSolver {
    #[new]
    #[pyo3(signature = (game, *, max_positions = None, max_memory = None, progress = None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        max_positions: Option<crate::Whole<u64>>,
        max_memory: Option<crate::Whole<u64>>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<PyPartizanSolver> {
        let method = |name: &str| -> PyResult<Option<Py<PyAny>>> {
            match game.getattr_opt(name)? {
                Some(found) if found.is_callable() => Ok(Some(found.unbind())),
                Some(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "the game's {name} is not callable"
                ))),
                None => Ok(None),
            }
        };
        let needed = |name: &str| {
            method(name)?.ok_or_else(|| {
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "a partizan game is an object with left_moves(position) and right_moves(position) methods; this one has no {name}"
                ))
            })
        };
        let budget = crate::budget(max_positions, None, max_memory);
        Ok(PyPartizanSolver {
            game: Arc::new(UserPartizan {
                left: needed("left_moves")?,
                right: needed("right_moves")?,
                components: method("components")?,
                table: Numbered::new(py, budget.positions),
                watch: Watch::new(progress),
            }),
            memory: budget.memory,
            known: Mutex::new(HashMap::new()),
            gate: crate::Gate::default(),
        })
    }

    /// The canonical form of `position`.
    fn form(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyForm> {
        Ok(PyForm::of(self.solve(py, position)?))
    }

    /// The outcome of `position`: `"L"`, `"R"`, `"N"` or `"P"`.
    fn outcome(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let form = self.solve(py, position)?;
        form.outcome()
            .map(|outcome| outcome.letter())
            .map_err(|error| to_python(py, error.into()))
    }

    /// Left's winning moves from `position`: the positions `>= 0` Left can move to.
    fn left_winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        self.winning(py, position, true)
    }

    /// Right's winning moves from `position`: the positions `<= 0` Right can move to.
    fn right_winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        self.winning(py, position, false)
    }

    /// How many positions the solver has seen.
    #[getter]
    fn positions(&self) -> u64 {
        self.game.table.len()
    }
}

impl PyPartizanSolver {
    fn winning(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        left: bool,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let method = if left {
            &self.game.left
        } else {
            &self.game.right
        };
        let options: Vec<Bound<'_, PyAny>> = method
            .bind(py)
            .call1((position,))?
            .try_iter()?
            .collect::<PyResult<_>>()?;
        let mut out = Vec::new();
        for option in options {
            let form = self.solve(py, &option)?;
            let wins = form
                .wins_moving_second(left)
                .map_err(|error| to_python(py, error.into()))?;
            if wins {
                out.push(option.unbind());
            }
        }
        Ok(out)
    }
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyPartizanGame>()?;
    module.add_class::<PyPartizanMove>()?;
    module.add_class::<PyPartizanSolver>()?;
    Ok(())
}
