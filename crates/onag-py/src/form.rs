//! `onag.Form`: the canonical form of a partizan game, with the Conway algebra of
//! `onag_core::partizan` (sums, comparison, stops, temperature, cooling, ...). The package
//! computes nothing itself: every answer is the library's.

use onag_core::partizan::{self, Dyadic, Form, FormError, Value};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::Watch;

/// The canonical form of a short partizan game. Made from CGSuite's notation
/// (`Form("{1|0}")`, `Form("^*")`), an int or a `Fraction` with a power-of-2 denominator.
/// `+`, `-`, `<`, `<=`, `==`, `>=`, `>` are those of games (which are partially ordered:
/// `a.confused_with(b)` when neither `a <= b` nor `b <= a`); `str()` prints as CGSuite does.
#[pyclass(module = "onag", name = "Form", frozen)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyForm(Form);

impl PyForm {
    /// The Python object of a form the library found.
    pub(crate) fn of(form: Form) -> PyForm {
        PyForm(form)
    }
}

/// Runs algebra with the GIL released, Ctrl-C stopping it; errors as the package's
/// exceptions.
fn native<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> onag_core::Result<T> + Send,
) -> PyResult<T> {
    Watch::new(None).native(py, || work().map_err(onag_games::Error::Engine))
}

fn parse(py: Python<'_>, text: &str) -> PyResult<Value> {
    let text = text.to_string();
    let result = Watch::new(None).native(py, move || {
        Ok(partizan::evaluate(&text).map_err(|e| (e, text.clone())))
    })?;
    result.map_err(|(error, text)| match error {
        FormError::Algebra(engine) => crate::to_python(py, onag_games::Error::Engine(engine)),
        other => crate::invalid(format!("cannot read the game {text:?}: {other}")),
    })
}

/// A number as a `fractions.Fraction`.
fn fraction<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((x.to_string(),))
}

/// A Python value as a form: a `Form`, an int, a `Fraction` (dyadic) or a string of
/// CGSuite's notation; `None` for anything else (so that Python tries the other operand).
fn operand(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<Form>> {
    if let Ok(form) = other.cast::<PyForm>() {
        return Ok(Some(form.get().0));
    }
    if other.is_instance_of::<PyBool>() {
        return Ok(None);
    }
    if let Ok(number) = other.cast::<PyInt>() {
        let text = number.str()?.to_string();
        let x: Dyadic = text
            .parse()
            .map_err(|_| crate::invalid(format!("{text} is not an integer")))?;
        return Ok(Some(Form::number(x)));
    }
    let fractions = py.import("fractions")?.getattr("Fraction")?;
    if other.is_instance(&fractions)? {
        let text = other.str()?.to_string();
        let x: Dyadic = text.parse().map_err(|e: partizan::DyadicError| {
            crate::invalid(format!("{text} is not a game: {e}"))
        })?;
        return Ok(Some(Form::number(x)));
    }
    if let Ok(text) = other.cast::<PyString>() {
        return match parse(py, &text.to_string())? {
            Value::Form(form) => Ok(Some(form)),
            Value::Number(x) => Ok(Some(Form::number(x))),
            other => Err(crate::invalid(format!(
                "{text} is {}, not a game",
                other.kind()
            ))),
        };
    }
    Ok(None)
}

fn wrap(py: Python<'_>, form: Option<Form>) -> PyResult<Py<PyAny>> {
    match form {
        Some(form) => Ok(Bound::new(py, PyForm(form))?.into_any().unbind()),
        None => Ok(py.NotImplemented()),
    }
}

#[pymethods]
impl PyForm {
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<PyForm> {
        match operand(py, value)? {
            Some(form) => Ok(PyForm(form)),
            None => Err(crate::type_error("a str, int, Fraction or Form", value)),
        }
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let this = self.0;
        let result = match operand(py, other)? {
            Some(h) => Some(native(py, move || this.add(h))?),
            None => None,
        };
        wrap(py, result)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let this = self.0;
        let result = match operand(py, other)? {
            Some(h) => Some(native(py, move || this.sub(h))?),
            None => None,
        };
        wrap(py, result)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let this = self.0;
        let result = match operand(py, other)? {
            Some(h) => Some(native(py, move || h.sub(this))?),
            None => None,
        };
        wrap(py, result)
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<PyForm> {
        let this = self.0;
        Ok(PyForm(native(py, move || this.neg())?))
    }

    fn __pos__(&self) -> PyForm {
        self.clone()
    }

    /// Games are partially ordered: `<`, `<=`, `>`, `>=` are all false between confused games.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(h) = operand(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let this = self.0;
        let comparison = native(py, move || this.compare(h))?;
        use onag_core::partizan::Comparison as C;
        let answer = match op {
            CompareOp::Lt => comparison == C::Less,
            CompareOp::Le => matches!(comparison, C::Less | C::Equal),
            CompareOp::Eq => comparison == C::Equal,
            CompareOp::Ne => comparison != C::Equal,
            CompareOp::Gt => comparison == C::Greater,
            CompareOp::Ge => matches!(comparison, C::Greater | C::Equal),
        };
        Ok(PyBool::new(py, answer).to_owned().into_any().unbind())
    }

    /// Whether neither `self <= other` nor `other <= self` (written `||`).
    fn confused_with(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let h = operand(py, other)?.ok_or_else(|| crate::type_error("a game", other))?;
        let this = self.0;
        Ok(native(py, move || this.compare(h))? == onag_core::partizan::Comparison::Confused)
    }

    /// Equal games hash alike: each canonical form is stored once.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut hasher);
        hasher.finish()
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let this = self.0;
        native(py, move || this.render())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &self.__str__(py)?).repr()?.to_string();
        Ok(format!("Form({text})"))
    }

    /// `"L"`, `"R"`, `"N"` or `"P"`: who wins (Left, Right, the player to move, the other).
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        let this = self.0;
        Ok(native(py, move || this.outcome())?.letter())
    }

    /// Whether this game is a number.
    #[getter]
    fn is_number(&self) -> bool {
        self.0.is_number()
    }

    /// The temperature, as a `Fraction` (-1 for an integer).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let this = self.0;
        fraction(py, &native(py, move || this.temperature())?)
    }

    /// The mean, as a `Fraction`.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let this = self.0;
        fraction(py, &native(py, move || this.mean())?)
    }

    /// Left's stop, as a `Fraction`.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let this = self.0;
        fraction(py, &native(py, move || this.left_stop())?)
    }

    /// Right's stop, as a `Fraction`.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let this = self.0;
        fraction(py, &native(py, move || this.right_stop())?)
    }

    /// The day this game is born on.
    #[getter]
    fn birthday<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let this = self.0;
        let day = native(py, move || this.birthday())?;
        py.get_type::<PyInt>().call1((day.to_string(),))
    }

    /// The atomic weight (of an all-small game).
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<PyForm> {
        let this = self.0;
        Ok(PyForm(native(py, move || this.atomic_weight())?))
    }

    /// Left's options of the canonical form.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<PyForm>> {
        let this = self.0;
        Ok(native(py, move || this.left_options())?
            .into_iter()
            .map(PyForm)
            .collect())
    }

    /// Right's options of the canonical form.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<PyForm>> {
        let this = self.0;
        Ok(native(py, move || this.right_options())?
            .into_iter()
            .map(PyForm)
            .collect())
    }

    /// This game cooled by the number `t` (`t > -1`).
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<PyForm> {
        let t = operand(py, t)?
            .and_then(Form::as_number)
            .ok_or_else(|| crate::invalid("a game is cooled by a number"))?;
        let this = self.0;
        Ok(PyForm(native(py, move || this.cool(&t))?))
    }

    /// This game heated by `t` (a number or any game).
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<PyForm> {
        let t = operand(py, t)?.ok_or_else(|| crate::type_error("a game", t))?;
        let this = self.0;
        Ok(PyForm(native(py, move || this.heat(t))?))
    }

    /// This game overheated from `s` to `t`.
    fn overheat(
        &self,
        py: Python<'_>,
        s: &Bound<'_, PyAny>,
        t: &Bound<'_, PyAny>,
    ) -> PyResult<PyForm> {
        let s = operand(py, s)?.ok_or_else(|| crate::type_error("a game", s))?;
        let t = operand(py, t)?.ok_or_else(|| crate::type_error("a game", t))?;
        let this = self.0;
        Ok(PyForm(native(py, move || this.overheat(s, t))?))
    }

    /// The reduced canonical form (this game up to infinitesimals).
    fn reduced(&self, py: Python<'_>) -> PyResult<PyForm> {
        let this = self.0;
        Ok(PyForm(native(py, move || this.reduced())?))
    }

    /// Left's incentives `G^L - G` and Right's `G - G^R`.
    fn incentives(&self, py: Python<'_>) -> PyResult<Vec<PyForm>> {
        let this = self.0;
        Ok(native(py, move || this.incentives())?
            .into_iter()
            .map(PyForm)
            .collect())
    }

    /// Norton's product `G.U` by a positive game `U`.
    fn norton(&self, py: Python<'_>, unit: &Bound<'_, PyAny>) -> PyResult<PyForm> {
        let u = operand(py, unit)?.ok_or_else(|| crate::type_error("a game", unit))?;
        let this = self.0;
        Ok(PyForm(native(py, move || this.norton(u))?))
    }

    /// The thermograph: `{"temperature", "mean", "left_wall", "right_wall"}`, each wall a
    /// list of `(t, value)` corners (Fractions) from t = -1, the mast above the last.
    fn thermograph<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let this = self.0;
        let thermograph = native(py, move || this.thermograph())?;
        let dict = pyo3::types::PyDict::new(py);
        dict.set_item("temperature", fraction(py, &thermograph.temperature)?)?;
        dict.set_item("mean", fraction(py, &thermograph.mast)?)?;
        for (key, wall) in [
            ("left_wall", &thermograph.left),
            ("right_wall", &thermograph.right),
        ] {
            let corners = wall
                .points()
                .iter()
                .map(|(t, v)| Ok((fraction(py, t)?, fraction(py, v)?)))
                .collect::<PyResult<Vec<_>>>()?;
            dict.set_item(key, corners)?;
        }
        Ok(dict)
    }

    /// The number this game is, as a `Fraction`; `onag.InvalidInput` if it is not a number.
    fn as_fraction<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.0.as_number() {
            Some(x) => fraction(py, &x),
            None => Err(crate::invalid(format!(
                "{} is not a number",
                self.__str__(py)?
            ))),
        }
    }

    /// `(numerator, denominator)` of a number, so that `fractions.Fraction(form)` reads it.
    fn as_integer_ratio<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.as_fraction(py)?.call_method0("as_integer_ratio")
    }

    /// The thermograph drawn, for Jupyter.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let this = self.0;
        let (name, thermograph) = native(py, move || Ok((this.render()?, this.thermograph()?)))?;
        Ok(onag_games::draw::thermograph_svg(&name, &thermograph))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((py.import("onag")?.getattr("Form")?, (self.__str__(py)?,)))
    }
}

/// `onag.form(text)`: the same as `onag.Form(text)`.
#[pyfunction]
fn form(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<PyForm> {
    PyForm::new(py, value)
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyForm>()?;
    module.add_function(wrap_pyfunction!(form, module)?)?;
    Ok(())
}
