//! `onag.Nimber`: the field of nimbers (Conway, *On Numbers and Games*, ch. 6), any width up to
//! `2^4096`, with the arithmetic of `onag_core::field`.

use onag_core::field::{BigNimber, WIDEST_FIELD_BITS};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyZeroDivisionError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};

/// A nimber: `+` is the nim-sum (XOR), `*` the nim product; every nonzero nimber has an inverse
/// and a unique square root.
#[pyclass(module = "onag", name = "Nimber", frozen)]
#[derive(Clone)]
pub(crate) struct PyNimber(BigNimber);

/// A non-negative Python int below `2^4096` as a nimber.
fn from_int(number: &Bound<'_, PyInt>) -> PyResult<BigNimber> {
    if number.lt(0)? {
        return Err(crate::invalid("a nimber is a non-negative integer"));
    }
    let bits: u64 = number.call_method0("bit_length")?.extract()?;
    if bits > u64::from(WIDEST_FIELD_BITS) {
        return Err(crate::invalid(format!(
            "nimbers are limited to numbers below 2^{WIDEST_FIELD_BITS}"
        )));
    }
    let length = bits.div_ceil(64).max(1) * 8;
    let bytes = number.call_method1("to_bytes", (length, "little"))?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    let limbs = bytes
        .chunks_exact(8)
        .map(|chunk| {
            let mut limb = [0u8; 8];
            limb.copy_from_slice(chunk);
            u64::from_le_bytes(limb)
        })
        .collect();
    Ok(BigNimber::from_limbs(limbs))
}

/// A nimber as a Python int.
fn to_int<'py>(py: Python<'py>, value: &BigNimber) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = value
        .limbs()
        .iter()
        .flat_map(|limb| limb.to_le_bytes())
        .collect();
    py.get_type::<PyInt>()
        .call_method1("from_bytes", (PyBytes::new(py, &bytes), "little"))
}

/// A nimber, or an int taken as one; `None` (so that Python tries the other operand) for
/// anything else.
fn operand(other: &Bound<'_, PyAny>) -> PyResult<Option<BigNimber>> {
    if let Ok(nimber) = other.cast::<PyNimber>() {
        return Ok(Some(nimber.get().0.clone()));
    }
    if other.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(None);
    }
    match other.cast::<PyInt>() {
        Ok(number) => from_int(number).map(Some),
        Err(_) => Ok(None),
    }
}

/// Refuses a result wider than the widest field.
fn checked(value: BigNimber) -> PyResult<PyNimber> {
    if value.field_bits() > WIDEST_FIELD_BITS {
        return Err(crate::invalid(format!(
            "the result is past the field of numbers below 2^{WIDEST_FIELD_BITS}"
        )));
    }
    Ok(PyNimber(value))
}

/// A binary operation's answer: `NotImplemented` for an operand it does not take, so that
/// Python tries the other operand and then raises `TypeError`.
fn answer(py: Python<'_>, result: PyResult<Option<PyNimber>>) -> PyResult<Py<PyAny>> {
    match result? {
        Some(nimber) => Ok(Bound::new(py, nimber)?.into_any().unbind()),
        None => Ok(py.NotImplemented()),
    }
}

/// The operations, each `None` for an operand that is not a nimber or an int.
impl PyNimber {
    fn add_of(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<PyNimber>> {
        Ok(operand(other)?.map(|other| PyNimber(&self.0 ^ &other)))
    }

    fn radd_of(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<PyNimber>> {
        self.add_of(other)
    }

    fn sub_of(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<PyNimber>> {
        self.add_of(other)
    }

    fn rsub_of(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<PyNimber>> {
        self.add_of(other)
    }

    fn mul_of(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<PyNimber>> {
        operand(other)?
            .map(|other| checked(&self.0 * &other))
            .transpose()
    }

    fn rmul_of(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<PyNimber>> {
        self.mul_of(other)
    }

    fn truediv_of(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<PyNimber>> {
        let Some(other) = operand(other)? else {
            return Ok(None);
        };
        self.0
            .checked_div(&other)
            .map(|quotient| Some(PyNimber(quotient)))
            .ok_or_else(|| PyZeroDivisionError::new_err("division by the nimber 0"))
    }

    fn rtruediv_of(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<PyNimber>> {
        let Some(other) = operand(other)? else {
            return Ok(None);
        };
        other
            .checked_div(&self.0)
            .map(|quotient| Some(PyNimber(quotient)))
            .ok_or_else(|| PyZeroDivisionError::new_err("division by the nimber 0"))
    }
}

#[pymethods]
impl PyNimber {
    #[new]
    #[pyo3(signature = (value = None))]
    fn new(value: Option<&Bound<'_, PyAny>>) -> PyResult<PyNimber> {
        let Some(value) = value else {
            return Ok(PyNimber(BigNimber::default()));
        };
        match operand(value)? {
            Some(nimber) => Ok(PyNimber(nimber)),
            None => Err(crate::type_error("an int or a Nimber", value)),
        }
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(py, self.add_of(other))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(py, self.radd_of(other))
    }

    /// Subtraction is addition: every nimber is its own negative.
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(py, self.sub_of(other))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(py, self.rsub_of(other))
    }

    fn __neg__(&self) -> PyNimber {
        self.clone()
    }

    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(py, self.mul_of(other))
    }

    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(py, self.rmul_of(other))
    }

    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(py, self.truediv_of(other))
    }

    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        answer(py, self.rtruediv_of(other))
    }

    /// `self ** exponent` by nim multiplication; a negative exponent is a power of the inverse.
    fn __pow__(
        &self,
        exponent: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyNimber> {
        if modulo.is_some_and(|modulo| !modulo.is_none()) {
            return Err(crate::invalid("a nimber power takes no modulus"));
        }
        let exponent: i128 = exponent
            .extract()
            .map_err(|_| crate::invalid("a nimber's exponent is an int of at most 127 bits"))?;
        let base = if exponent < 0 {
            self.0
                .inverse()
                .ok_or_else(|| PyZeroDivisionError::new_err("a negative power of the nimber 0"))?
        } else {
            self.0.clone()
        };
        Ok(PyNimber(base.pow(exponent.unsigned_abs())))
    }

    /// The multiplicative inverse.
    fn inv(&self) -> PyResult<PyNimber> {
        self.0
            .inverse()
            .map(PyNimber)
            .ok_or_else(|| PyZeroDivisionError::new_err("the nimber 0 has no inverse"))
    }

    /// The square root (every nimber has exactly one).
    fn sqrt(&self) -> PyNimber {
        PyNimber(self.0.sqrt())
    }

    /// A root `x` of `x*x + x = self`, or `None` where there is none in the field of `self`
    /// (the other root is `x + 1`).
    fn artin_schreier(&self) -> Option<PyNimber> {
        self.0.solve_artin_schreier().map(PyNimber)
    }

    /// The width in bits of the smallest field (of size 2^(2^k)) holding this nimber.
    #[getter]
    fn field_bits(&self) -> u32 {
        self.0.field_bits()
    }

    fn __int__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_int(py, &self.0)
    }

    fn __index__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_int(py, &self.0)
    }

    fn __bool__(&self) -> bool {
        !self.0.is_zero()
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        to_int(py, &self.0)?.hash()
    }

    /// Compared as the integers they are written with (nimbers have no order of their own).
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(other) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        let (left, right) = (to_int(py, &self.0)?, to_int(py, &other)?);
        Ok(left.rich_compare(right, op)?.unbind())
    }

    fn __str__(&self) -> String {
        if self.0.is_zero() {
            "0".to_string()
        } else if self.0 == BigNimber::from(1u64) {
            "*".to_string()
        } else {
            format!("*{}", self.0.to_decimal())
        }
    }

    /// Pickles as the int it is.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::Reduced<'py, (Bound<'py, PyAny>,)> {
        let py = slf.py();
        Ok((slf.get_type().into_any(), (slf.get().__int__(py)?,)))
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0.to_decimal())
    }
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyNimber>()?;
    Ok(())
}
