//! `onag.quotient(game)`: the misère quotient of a heap game (Plambeck and Siegel), as
//! `onag quotient` computes it.

use std::path::PathBuf;
use std::time::Duration;

use onag_core::Element;
use onag_games::HeapQuotient;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::catalogue::CatalogueGame;
use crate::sequence::PyPeriod;
use crate::{Watch, outcome_letter, to_python, type_error};

/// A misère quotient: a commutative monoid of order `order`, its P-portion, the presentation
/// and the pretending function Φ that sends each heap to its element.
#[pyclass(module = "onag", name = "Quotient", frozen)]
pub(crate) struct PyQuotient {
    name: String,
    found: HeapQuotient,
}

impl PyQuotient {
    fn word(&self, element: Element) -> String {
        self.found.quotient.presentation().word(element)
    }
}

#[pymethods]
impl PyQuotient {
    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        &self.name
    }

    /// The number of elements.
    #[getter]
    fn order(&self) -> usize {
        self.found.quotient.order()
    }

    /// The elements of the P-portion (where the player to move loses), written as words in the
    /// generators: a `frozenset` of strings, whose `len()` is their number.
    #[getter]
    fn p_portion<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyFrozenSet>> {
        pyo3::types::PyFrozenSet::new(py, self.found.p_portion_words())
    }

    /// The presentation, as `onag quotient` writes it.
    #[getter]
    fn presentation(&self) -> String {
        self.found.quotient.presentation().to_string()
    }

    /// The generators: `(name, heap)` pairs.
    #[getter]
    fn generators(&self) -> Vec<(String, u64)> {
        self.found.generators()
    }

    /// The relations, each `"left = right"`.
    #[getter]
    fn relations(&self) -> Vec<String> {
        self.found.relations()
    }

    /// Φ(n), the element of a heap of `n`, as a word: for any heap when the quotient is
    /// certified, else for the heaps computed.
    fn phi(&self, n: crate::Whole<u64>) -> PyResult<String> {
        let n = n.0;
        self.found
            .phi(n)
            .map(|element| self.word(element))
            .ok_or_else(|| {
                crate::invalid(format!(
                    "heap {n} is past the quotient, which reaches heap {}",
                    self.found.quotient.heap_reached()
                ))
            })
    }

    /// Φ(0), Φ(1), ... up to the end of the first period (or the last heap computed).
    #[getter]
    fn pretending(&self) -> Vec<String> {
        self.found.phi_words()
    }

    /// `None`, or the period of Φ (`proven` when the quotient is certified for every heap).
    #[getter]
    fn period(&self) -> Option<PyPeriod> {
        self.found.period.map(PyPeriod::of)
    }

    /// Whether the quotient is the whole game's (Φ proven periodic), not only of the heaps
    /// computed.
    #[getter]
    fn certified(&self) -> bool {
        self.found.certified()
    }

    /// The largest heap the quotient was computed for.
    #[getter]
    fn heap_reached(&self) -> u64 {
        self.found.quotient.heap_reached()
    }

    /// Why the computation stopped before the last heap asked for, if it did.
    #[getter]
    fn stopped(&self) -> Option<String> {
        self.found.stopped.clone()
    }

    /// `"P"` or `"N"`: the misère outcome of the sum of `heaps` (an iterable of ints), read off
    /// the quotient.
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<&'static str> {
        let element = self.found.product(heaps.iter().copied()).ok_or_else(|| {
            crate::invalid(format!(
                "a heap is past the quotient, which reaches heap {}",
                self.found.quotient.heap_reached()
            ))
        })?;
        Ok(outcome_letter(if self.found.quotient.is_p(element) {
            onag_core::Outcome::Previous
        } else {
            onag_core::Outcome::Next
        }))
    }

    /// The table Jupyter shows: presentation, P-portion and Φ.
    fn _repr_html_(&self) -> String {
        let escape = onag_games::draw::escape;
        let mut html = String::from("<table class=\"onag-quotient\">");
        let mut row = |key: &str, value: String| {
            html.push_str(&format!("<tr><th style=\"text-align:left\">{key}</th><td style=\"text-align:left\">{}</td></tr>", escape(&value)));
        };
        row("game", self.name.clone());
        row("quotient", self.presentation());
        row("order", self.order().to_string());
        row(
            "P-portion",
            format!("{{{}}}", self.found.p_portion_words().join(", ")),
        );
        row(
            "status",
            if self.certified() {
                "certified for every heap".to_string()
            } else {
                format!("partial: heaps 0 to {}", self.heap_reached())
            },
        );
        let phi = self.pretending();
        for (start, chunk) in phi.chunks(12).enumerate() {
            row(&format!("Φ({}..)", start * 12), chunk.join(" "));
        }
        html.push_str("</table>");
        html
    }

    /// Pickles as its game's name and the heaps it covers: unpickled, it is computed again.
    fn __reduce__<'py>(&self, py: Python<'py>) -> crate::Reduced<'py, (String, u64)> {
        crate::reduce_by_name(
            py,
            "quotient",
            &self.name,
            self.found.quotient.heap_reached(),
            "quotient_again",
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Quotient({}, order {}, {})",
            self.name,
            self.order(),
            self.presentation()
        )
    }
}

/// The misère quotient of a heap game (Plambeck and Siegel): the commutative monoid of its
/// positions up to misère indistinguishability, found heap by heap up to `to`, and certified
/// for every heap once its pretending function Φ is proven periodic.
///
/// `game` is a catalogue name or an `onag.Game` of a heap game. The result gives the `order`,
/// the `presentation`, the `p_portion`, `phi(n)` for any heap, and `outcome(*heaps)` of any sum
/// of heaps under misère play. It pickles by name and is computed again when unpickled.
///
/// >>> import onag
/// >>> q = onag.quotient("0.75")
/// >>> q.order
/// 8
/// >>> q.certified
/// True
/// >>> q.presentation
/// '⟨a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩'
/// >>> onag.quotient("wythoff")
/// Traceback (most recent call last):
///     ...
/// onag._errors.InvalidInput: ...
#[pyfunction]
#[pyo3(signature = (game, to = crate::Whole(300), *, checkpoint = None, checkpoint_every = 60.0, max_positions = None, max_options = None, max_memory = None, progress = None))]
#[allow(clippy::too_many_arguments)]
fn quotient(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    to: crate::Whole<u64>,
    checkpoint: Option<PathBuf>,
    checkpoint_every: f64,
    max_positions: Option<crate::Whole<u64>>,
    max_options: Option<crate::Whole<u64>>,
    max_memory: Option<crate::Whole<u64>>,
    progress: Option<Py<PyAny>>,
) -> PyResult<PyQuotient> {
    let to = to.0;
    let mut budget = crate::budget(max_positions, max_options, max_memory);
    let (opened, borrowed);
    let inner: &dyn onag_games::Game = if let Ok(name) = game.cast::<PyString>() {
        opened = onag_games::open(name.to_str()?).map_err(|error| to_python(py, error))?;
        opened.as_ref()
    } else if let Ok(found) = game.cast::<CatalogueGame>() {
        borrowed = found.borrow();
        budget = borrowed.budget();
        borrowed.inner()
    } else {
        return Err(type_error("a heap game's name or an onag.Game", game));
    };
    let Some(ruleset) = inner.as_ruleset() else {
        return Err(crate::invalid(format!(
            "{inner} is not a heap game: misère quotients are computed for heap games"
        )));
    };
    if !(checkpoint_every.is_finite() && checkpoint_every > 0.0) {
        return Err(crate::invalid(
            "checkpoint_every is a positive number of seconds",
        ));
    }
    let checkpoint = checkpoint.map(|path| onag_games::QuotientCheckpoint {
        path,
        game: inner.to_string(),
        every: Duration::from_secs_f64(checkpoint_every),
    });
    let watch = Watch::new(progress);
    let found = watch.native(py, || {
        ruleset.misere_quotient_checkpointed(to, budget, checkpoint.as_ref(), &mut |heap| {
            watch.report("quotient", heap, Some(to))
        })
    })?;
    Ok(PyQuotient {
        name: inner.to_string(),
        found,
    })
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyQuotient>()?;
    module.add_function(wrap_pyfunction!(quotient, module)?)?;
    Ok(())
}
