//! `onag.sequence(game, to=N)`: the Grundy values of single heaps, with the period report, from
//! the same engine as `onag sequence` (a catalogue game) or from a heap ruleset written in Python
//! (an object with `options(n)`).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use onag_core::{Budget, Resource};
use onag_games::{GrundySequence, HeapRuleset, Heaps, Period, SequenceOptions};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyDict, PyString};

use crate::catalogue::CatalogueGame;
use crate::{Watch, to_python, type_error};

/// A period of a sequence: `G(n + period) = G(n) + saltus` for every `n >= preperiod`.
#[pyclass(module = "onag", name = "Period", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyPeriod {
    /// The first heap from which the sequence repeats.
    #[pyo3(get)]
    preperiod: u64,
    /// The length of the repeating part.
    #[pyo3(get)]
    period: u64,
    /// What the values grow by each period (0 for a periodic sequence).
    #[pyo3(get)]
    saltus: u64,
    /// Whether the period is proven for every heap (Guy and Smith's test for octal games), not
    /// only observed among the values computed.
    #[pyo3(get)]
    proven: bool,
}

impl PyPeriod {
    pub(crate) fn of(period: Period) -> PyPeriod {
        PyPeriod {
            preperiod: period.preperiod,
            period: period.period,
            saltus: period.saltus,
            proven: period.proven,
        }
    }
}

#[pymethods]
impl PyPeriod {
    /// Pickles as its fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::Reduced<'py, (u64, u64, u64, bool)> {
        let period = slf.get();
        Ok((
            slf.get_type().getattr("_restore")?,
            (
                period.preperiod,
                period.period,
                period.saltus,
                period.proven,
            ),
        ))
    }

    /// The period `__reduce__` wrote.
    #[staticmethod]
    fn _restore(preperiod: u64, period: u64, saltus: u64, proven: bool) -> PyPeriod {
        PyPeriod {
            preperiod,
            period,
            saltus,
            proven,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Period(preperiod={}, period={}, saltus={}, proven={})",
            self.preperiod,
            self.period,
            self.saltus,
            if self.proven { "True" } else { "False" }
        )
    }
}

/// A Grundy sequence `G(0), ..., G(to)`.
#[pyclass(module = "onag", name = "Sequence", frozen)]
pub(crate) struct PySequence {
    name: String,
    sequence: GrundySequence,
    array: PyOnceLock<Py<PyAny>>,
}

/// The narrowest unsigned width that holds `largest`, in bytes.
fn width(largest: u64) -> usize {
    match largest {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        _ => 8,
    }
}

impl PySequence {
    /// The values as little-endian unsigned integers of `width` bytes, in a `bytearray` (the
    /// one copy: a numpy array is made over it without another).
    fn bytes<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyByteArray>, usize)> {
        let largest = self.sequence.iter().max().unwrap_or(0);
        let width = width(largest);
        let count = usize::try_from(self.sequence.last().saturating_add(1))
            .ok()
            .and_then(|count| count.checked_mul(width))
            .ok_or_else(|| {
                pyo3::exceptions::PyMemoryError::new_err("the values do not fit in memory")
            })?;
        let bytes = PyByteArray::new_with(py, count, |buffer| {
            for (slot, value) in buffer.chunks_exact_mut(width).zip(self.sequence.iter()) {
                slot.copy_from_slice(&value.to_le_bytes()[..width]);
            }
            Ok(())
        })?;
        Ok((bytes, width))
    }
}

#[pymethods]
impl PySequence {
    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        &self.name
    }

    /// The last heap: the values are `G(0..=to)`.
    #[getter]
    fn to(&self) -> u64 {
        self.sequence.last()
    }

    /// The values, a numpy array of the narrowest unsigned dtype that holds them (uint8 for
    /// Kayles), or an `array.array` where numpy is not installed.
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(array) = self.array.get(py) {
            return Ok(array.clone_ref(py));
        }
        let (bytes, width) = self.bytes(py)?;
        let array = match py.import("numpy") {
            Ok(numpy) => {
                let dtype = format!("<u{width}");
                numpy.call_method1("frombuffer", (bytes, dtype))?
            }
            Err(_) => {
                let code = match width {
                    1 => "B",
                    2 => "H",
                    4 => "I",
                    _ => "Q",
                };
                let array = py.import("array")?.call_method1("array", (code,))?;
                array.call_method1("frombytes", (bytes,))?;
                if !cfg!(target_endian = "little") {
                    array.call_method0("byteswap")?;
                }
                array
            }
        };
        let array = array.unbind();
        let _ = self.array.set(py, array.clone_ref(py));
        Ok(array)
    }

    /// The values as a list of ints.
    fn tolist(&self) -> Vec<u64> {
        self.sequence.iter().collect()
    }

    /// `None`, or the period found (`preperiod`, `period`, `saltus`, `proven`).
    #[getter]
    fn period(&self) -> Option<PyPeriod> {
        self.sequence.period().map(PyPeriod::of)
    }

    /// The heaps actually computed (a proven period answers the rest).
    #[getter]
    fn computed(&self) -> u64 {
        self.sequence.computed()
    }

    /// Whether the sparse-space method (rare and common values) computed the sequence.
    #[getter]
    fn used_sparse_method(&self) -> bool {
        self.sequence.used_sparse_method()
    }

    /// The sparse-space report of the values computed (keys as `onag sequence --json` writes
    /// them: `largest`, `largest_at`, `rare_mask`, `rare_by` (`"value"` or `"position"`),
    /// `rare_count`, `last_rare`), or `None` where the sequence has no values past heap 0.
    #[getter]
    fn sparse<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(report) = self.sequence.sparse_report() else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("largest", report.largest)?;
        dict.set_item("largest_at", report.largest_at)?;
        dict.set_item("rare_mask", report.rare_mask)?;
        dict.set_item("rare_by", report.rare_by.name())?;
        dict.set_item("rare_count", report.rare_count)?;
        dict.set_item("last_rare", report.last_rare)?;
        Ok(Some(dict))
    }

    /// The run's model of scaling (keys as `onag sequence --json` writes them): `work`, the
    /// options examined, and `critical_path`, those no other thread could have examined
    /// ahead; the speed-up more threads allow is at most `work / critical_path`.
    #[getter]
    fn scaling<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let scaling = self.sequence.scaling();
        let dict = PyDict::new(py);
        dict.set_item("work", scaling.work)?;
        dict.set_item("critical_path", scaling.critical_path)?;
        Ok(dict)
    }

    fn __len__(&self) -> usize {
        usize::try_from(self.sequence.last().saturating_add(1)).unwrap_or(usize::MAX)
    }

    fn __getitem__(&self, n: i64) -> PyResult<u64> {
        let last = self.sequence.last();
        let index = if n < 0 {
            last.checked_add(1)
                .and_then(|count| count.checked_sub(n.unsigned_abs()))
        } else {
            Some(n as u64)
        };
        index
            .filter(|&index| index <= last)
            .and_then(|index| self.sequence.value(index))
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("heap past the sequence"))
    }

    /// The plot Jupyter shows: G(n) against n, the period marked.
    fn _repr_svg_(&self) -> String {
        onag_games::draw::sequence_svg(&self.name, &self.sequence)
    }

    /// Pickles as its game's name and last heap: unpickled, it is computed again (the same
    /// values, by the same engine). A sequence of a ruleset written in Python has no name to
    /// be opened by, and cannot be pickled.
    fn __reduce__<'py>(&self, py: Python<'py>) -> crate::Reduced<'py, (String, u64)> {
        crate::reduce_by_name(
            py,
            "sequence",
            &self.name,
            self.sequence.last(),
            "sequence_again",
        )
    }

    fn __repr__(&self) -> String {
        let period = self.sequence.period().map_or_else(
            || "None".to_string(),
            |period| PyPeriod::of(period).__repr__(),
        );
        format!(
            "Sequence({}, G(0..={}), period={period})",
            self.name,
            self.sequence.last()
        )
    }
}

/// A heap ruleset written in Python: `options(n)` yields each option of a heap of `n`, an int
/// (one heap) or an iterable of ints (the heaps it leaves; empty for none).
struct UserRules {
    options: Py<PyAny>,
    watch: Arc<Watch>,
}

impl UserRules {
    fn listed(&self, py: Python<'_>, n: u64) -> PyResult<Vec<Heaps>> {
        let mut listed = Vec::new();
        for option in self.options.bind(py).call1((n,))?.try_iter()? {
            let option = option?;
            if let Ok(heap) = option.extract::<u64>() {
                listed.push(Heaps::one(heap));
            } else {
                let mut heaps = Vec::new();
                for heap in option
                    .try_iter()
                    .map_err(|_| type_error("an option: an int or an iterable of ints", &option))?
                {
                    heaps.push(heap?.extract::<u64>()?);
                }
                listed.push(Heaps::from(heaps));
            }
        }
        Ok(listed)
    }
}

impl HeapRuleset for UserRules {
    fn heap_moves(&self, n: u64) -> impl Iterator<Item = Heaps> {
        if self.watch.stopped() {
            return Vec::new().into_iter();
        }
        Python::attach(|py| {
            self.listed(py, n).unwrap_or_else(|error| {
                self.watch.fail(error);
                Vec::new()
            })
        })
        .into_iter()
    }
}

/// The Grundy values `G(0), ..., G(to)` of single heaps of a heap game, with their period found
/// and, where a theorem allows (Guy and Smith's test for octal games), proven.
///
/// `game` is a catalogue name (`"kayles"`, `"octal:0.6"`, `"subtraction:1,3,4"`), an
/// `onag.Game`, or a heap ruleset of your own: an object with `options(n)` returning what a move
/// may leave of a heap of `n`, each a tuple of heaps. `threads` (0: every core), `checkpoint` (a
/// file to resume from and save to) and the budget keywords are the program's.
///
/// A `Sequence` indexes like a list, `.values` is a numpy array (an `array.array` without numpy)
/// of the narrowest unsigned type, `.period` the `Period` found or `None`. It pickles by name and
/// is computed again when unpickled.
///
/// >>> import onag
/// >>> kayles = onag.sequence("kayles", to=300)
/// >>> kayles.values.tolist()[:12]
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
/// >>> kayles.period
/// Period(preperiod=71, period=12, saltus=0, proven=True)
/// >>> class TakeOneOrTwo:
/// ...     def options(self, n):
/// ...         return [(n - k,) for k in (1, 2) if k <= n]
/// >>> onag.sequence(TakeOneOrTwo(), to=7).values.tolist()
/// [0, 1, 2, 0, 1, 2, 0, 1]
/// >>> onag.sequence("kayles", to=-1)
/// Traceback (most recent call last):
///     ...
/// onag._errors.InvalidInput: expected a whole number from 0 to 18446744073709551615, got -1...
#[pyfunction]
#[pyo3(signature = (game, to, *, threads = crate::Whole(0), checkpoint = None, checkpoint_every = 60.0, max_positions = None, max_options = None, max_memory = None, progress = None))]
#[allow(clippy::too_many_arguments)]
fn sequence(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    to: crate::Whole<u64>,
    threads: crate::Whole<usize>,
    checkpoint: Option<PathBuf>,
    checkpoint_every: f64,
    max_positions: Option<crate::Whole<u64>>,
    max_options: Option<crate::Whole<u64>>,
    max_memory: Option<crate::Whole<u64>>,
    progress: Option<Py<PyAny>>,
) -> PyResult<PySequence> {
    let to = to.0;
    let threads = threads.0;
    // As the program: no count of values unless one is given, only the memory.
    let budget = crate::budget(
        Some(max_positions.unwrap_or(crate::Whole(onag_games::DEFAULT_SEQUENCE_POSITIONS))),
        max_options,
        max_memory,
    );
    if to >= budget.options {
        // As the program: every value handed back is read once.
        return Err(to_python(py, budget.exceeded(Resource::Options).into()));
    }
    if !(checkpoint_every.is_finite() && checkpoint_every > 0.0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "checkpoint_every is a positive number of seconds",
        ));
    }
    let watch = Watch::new(progress);
    if let Ok(user) = game.cast::<CatalogueGame>() {
        let user = user.borrow();
        let options = sequence_options(user.budget(), threads, checkpoint, checkpoint_every);
        return catalogue_sequence(py, user.inner(), to, &options, &watch);
    }
    if let Ok(name) = game.cast::<PyString>() {
        let opened = onag_games::open(name.to_str()?).map_err(|error| to_python(py, error))?;
        let options = sequence_options(budget, threads, checkpoint, checkpoint_every);
        return catalogue_sequence(py, opened.as_ref(), to, &options, &watch);
    }
    let Some(options) = game
        .getattr_opt("options")?
        .filter(|found| found.is_callable())
    else {
        return Err(type_error(
            "a game's name, an onag.Game, or a heap ruleset (an object with options(n))",
            game,
        ));
    };
    if checkpoint.is_some() {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "checkpoints are kept for the catalogue's games, not for a ruleset written in Python",
        ));
    }
    let rules = UserRules {
        options: options.unbind(),
        watch: Arc::clone(&watch),
    };
    let name = game.get_type().name()?.to_string();
    let report = watch.counter("sequence");
    let computed = watch.run(|| GrundySequence::compute_any_within(&rules, to, budget, report));
    let sequence = watch.finish(py, computed)?;
    Ok(PySequence {
        name,
        sequence,
        array: PyOnceLock::new(),
    })
}

fn sequence_options(
    budget: Budget,
    threads: usize,
    checkpoint: Option<PathBuf>,
    every: f64,
) -> SequenceOptions {
    SequenceOptions {
        budget,
        threads,
        checkpoint,
        checkpoint_every: Duration::from_secs_f64(every),
        side_by_side: None,
    }
}

fn catalogue_sequence(
    py: Python<'_>,
    game: &dyn onag_games::Game,
    to: u64,
    options: &SequenceOptions,
    watch: &Arc<Watch>,
) -> PyResult<PySequence> {
    let sequence = watch.native(py, || {
        game.sequence(to, options, &mut |heap| {
            watch.report("sequence", heap, Some(to))
        })
    })?;
    // The values are right whatever became of the checkpoint's last write: they are returned,
    // and its failure is a warning.
    if let Some(failure) = sequence.checkpoint_failure() {
        let message =
            std::ffi::CString::new(format!("the values are right, but at the end {failure}"))
                .unwrap_or_default();
        PyErr::warn(
            py,
            &py.get_type::<pyo3::exceptions::PyRuntimeWarning>(),
            &message,
            1,
        )?;
    }
    Ok(PySequence {
        name: game.to_string(),
        sequence,
        array: PyOnceLock::new(),
    })
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PySequence>()?;
    module.add_class::<PyPeriod>()?;
    module.add_function(wrap_pyfunction!(sequence, module)?)?;
    Ok(())
}
