//! Whole-number arguments as Python gives them: an `int`, a numpy integer or
//! anything else with `__index__` (never a `bool`), checked against a range
//! with a `ValueError` that names the argument, whatever the number's size.

use crate::value_error;
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyBool;
use std::fmt;

/// A whole number given from Python (see the module): its value, saturated
/// to `i64` (a number beyond that is out of every range here), and its text
/// for messages.
#[derive(Clone, Debug)]
pub struct Whole {
    /// The value, `i64::MIN` or `i64::MAX` for a number beyond `i64`.
    pub value: i64,
    /// Python's text of a number beyond `i64`.
    big: Option<String>,
}

impl fmt::Display for Whole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.big {
            Some(text) => f.write_str(text),
            None => write!(f, "{}", self.value),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        let type_error = || {
            let name = obj
                .get_type()
                .name()
                .map_or_else(|_| "this".into(), |n| n.to_string());
            PyTypeError::new_err(format!(
                "expected a whole number (an int or a numpy integer), not {name}"
            ))
        };
        if obj.is_instance_of::<PyBool>() {
            return Err(type_error());
        }
        // `PyLong_AsLongLong` takes anything with `__index__` (numpy's
        // integers too; a numpy bool has none).
        match obj.extract::<i64>() {
            Ok(value) => Ok(Whole { value, big: None }),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let i = obj.call_method0("__index__")?;
                Ok(Whole {
                    value: if i.lt(0)? { i64::MIN } else { i64::MAX },
                    big: Some(i.str()?.to_string()),
                })
            }
            Err(_) => Err(type_error()),
        }
    }
}

impl From<i64> for Whole {
    fn from(value: i64) -> Whole {
        Whole { value, big: None }
    }
}

impl Whole {
    /// The number if it is in `lo..=hi`, else a `ValueError`: `{name}={n}:
    /// {why}` (`why` says what is accepted).
    pub fn within<T: TryFrom<i64>>(&self, name: &str, lo: i64, hi: i64, why: &str) -> PyResult<T> {
        if (lo..=hi).contains(&self.value) {
            if let Ok(v) = T::try_from(self.value) {
                return Ok(v);
            }
        }
        Err(value_error(format!("{name}={self}: {why}")))
    }
}
