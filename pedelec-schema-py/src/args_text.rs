//! A Python value written as the JSON text the library reads: the text
//! `json.dumps(obj, ensure_ascii=False, separators=(",", ":"))` writes
//! (the text `JSON.stringify` writes in JavaScript), so that
//! `validate(obj)` answers exactly as `validate_text` does on that text,
//! down to the byte offsets of a refusal.
//!
//! What is no JSON is refused here, with an error that says which: a
//! `TypeError` for a value of a type JSON has not (a set, a `bytes`, an
//! object key that is not a `str`), a `ValueError` for NaN and the
//! infinities and for a container inside itself. Unlike `json.dumps`, an
//! `int` key is no key (JSON's keys are strings, and writing `1` as `"1"`
//! would check arguments the caller did not give).
//!
//! What the library refuses is left to it, so that the refusal is its
//! own, word for word:
//! - a value nested deeper than [`DEEPEST_WRITTEN`] is written with the
//!   containers below that depth empty: the library refuses a text nested
//!   past its limit (128) where it first passes it, which is above them,
//!   so it gives the document it gives the whole value; and the walk here
//!   never recurses deeper than that, whatever the value (no
//!   `RecursionError`, no overflowed stack);
//! - a container met again on its own path is a cycle, looked for only
//!   where a path passes [`DEEPEST_WRITTEN`], which every cycle of fewer
//!   containers reaches: a value that is a tree costs nothing for it;
//! - a text longer than the library's `MAX_TEXT_LEN` is written only as
//!   far as one byte past it, which the library refuses unread, so that a
//!   huge string costs no more than one at the bound;
//! - a lone surrogate in a `str` is written as its `\uXXXX` escape, which
//!   the library refuses as JSON refuses it (`call_text.rs`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::call_text::type_name;

/// Deeper than this, a value's text is past the library's nesting limit,
/// and is written with its containers empty (the npm package writes deep
/// values the same way).
pub(crate) const DEEPEST_WRITTEN: usize = 256;

/// `value`'s JSON text, for arguments or a schema (`what`, in errors).
pub(crate) fn json_text(value: &Bound<'_, PyAny>, what: &'static str) -> PyResult<String> {
    let mut writer = Writer {
        out: Vec::with_capacity(128),
        path: Vec::new(),
        what,
    };
    match writer.value(value, 0) {
        Ok(()) | Err(Stop::Full) => {}
        Err(Stop::Python(error)) => return Err(error),
    }
    Ok(String::from_utf8(writer.out).expect("the writer writes UTF-8 only"))
}

/// Why the writer stopped before the end.
enum Stop {
    /// The text is past the library's bound, which refuses it for that.
    Full,
    /// The value is no JSON.
    Python(PyErr),
}

impl From<PyErr> for Stop {
    fn from(error: PyErr) -> Self {
        Stop::Python(error)
    }
}

struct Writer {
    out: Vec<u8>,
    /// The containers on the path to the value being written, for cycles.
    path: Vec<usize>,
    what: &'static str,
}

impl Writer {
    fn value(&mut self, value: &Bound<'_, PyAny>, depth: usize) -> Result<(), Stop> {
        if self.out.len() > pedelec_schema::MAX_TEXT_LEN {
            return Err(Stop::Full);
        }
        if let Ok(string) = value.cast::<PyString>() {
            return self.string(string);
        }
        if value.is_none() {
            self.out.extend_from_slice(b"null");
        } else if let Ok(boolean) = value.cast::<PyBool>() {
            let text: &[u8] = if boolean.is_true() { b"true" } else { b"false" };
            self.out.extend_from_slice(text);
        } else if value.is_instance_of::<PyInt>() {
            self.int(value)?;
        } else if let Ok(float) = value.cast::<PyFloat>() {
            self.float(float.value())?;
        } else if let Ok(dict) = value.cast::<PyDict>() {
            self.object(dict, depth + 1)?;
        } else if let Ok(list) = value.cast::<PyList>() {
            self.array(value, list.iter(), depth + 1)?;
        } else if let Ok(tuple) = value.cast::<PyTuple>() {
            self.array(value, tuple.iter(), depth + 1)?;
        } else {
            return Err(self.no_json(format!("value of type {}", type_name(value))));
        }
        Ok(())
    }

    fn int(&mut self, value: &Bound<'_, PyAny>) -> Result<(), Stop> {
        if let Ok(int) = value.extract::<i64>() {
            self.out.extend_from_slice(int.to_string().as_bytes());
        } else if let Ok(int) = value.extract::<u64>() {
            self.out.extend_from_slice(int.to_string().as_bytes());
        } else {
            // Past 64 bits: its digits, which the library reads as the
            // nearest float, as it reads the same digits in a text.
            let digits = value.call_method0("__index__")?.str()?;
            self.out.extend_from_slice(digits.to_str()?.as_bytes());
        }
        Ok(())
    }

    fn float(&mut self, float: f64) -> Result<(), Stop> {
        let Some(number) = serde_json::Number::from_f64(float) else {
            let name = if float.is_nan() { "NaN" } else { "infinities" };
            return Err(Stop::Python(PyValueError::new_err(format!(
                "the {} must be JSON, which has no {name} ({float})",
                self.what
            ))));
        };
        python_repr(&number.to_string(), &mut self.out);
        Ok(())
    }

    fn object(&mut self, dict: &Bound<'_, PyDict>, depth: usize) -> Result<(), Stop> {
        if depth > DEEPEST_WRITTEN {
            return self.too_deep(dict.as_any(), b"{}");
        }
        self.path.push(dict.as_ptr() as usize);
        self.out.push(b'{');
        for (index, (key, value)) in dict.iter().enumerate() {
            if index > 0 {
                self.out.push(b',');
            }
            let Ok(key) = key.cast::<PyString>() else {
                return Err(self.no_json(format!(
                    "object key of type {} (its keys are str)",
                    type_name(&key)
                )));
            };
            self.string(key)?;
            self.out.push(b':');
            self.value(&value, depth)?;
        }
        self.out.push(b'}');
        self.path.pop();
        Ok(())
    }

    fn array<'py>(
        &mut self,
        array: &Bound<'py, PyAny>,
        items: impl Iterator<Item = Bound<'py, PyAny>>,
        depth: usize,
    ) -> Result<(), Stop> {
        if depth > DEEPEST_WRITTEN {
            return self.too_deep(array, b"[]");
        }
        self.path.push(array.as_ptr() as usize);
        self.out.push(b'[');
        for (index, item) in items.enumerate() {
            if index > 0 {
                self.out.push(b',');
            }
            self.value(&item, depth)?;
        }
        self.out.push(b']');
        self.path.pop();
        Ok(())
    }

    /// A container below [`DEEPEST_WRITTEN`]: a cycle if it is on its own
    /// path, else written `empty`.
    fn too_deep(&mut self, container: &Bound<'_, PyAny>, empty: &[u8]) -> Result<(), Stop> {
        let address = container.as_ptr() as usize;
        if self.path.contains(&address) {
            return Err(Stop::Python(PyValueError::new_err(format!(
                "the {} must be JSON, which has no cycles: a {} holds itself",
                self.what,
                type_name(container)
            ))));
        }
        self.out.extend_from_slice(empty);
        Ok(())
    }

    fn string(&mut self, string: &Bound<'_, PyString>) -> Result<(), Stop> {
        match string.to_str() {
            Ok(text) => {
                let room = pedelec_schema::MAX_TEXT_LEN + 1
                    - self.out.len().min(pedelec_schema::MAX_TEXT_LEN);
                if text.len() >= room {
                    // Past the bound: the text is refused for its length.
                    let mut end = room;
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    self.out.extend_from_slice(&text.as_bytes()[..end]);
                    return Err(Stop::Full);
                }
                serde_json::to_writer(&mut self.out, text).expect("a Vec takes every write");
            }
            Err(_) => self.surrogates(string)?,
        }
        Ok(())
    }

    /// A `str` holding lone surrogates: each written as its escape.
    fn surrogates(&mut self, string: &Bound<'_, PyString>) -> Result<(), Stop> {
        let bytes = string.call_method1("encode", ("utf-8", "surrogatepass"))?;
        let bytes = bytes.cast::<PyBytes>().map_err(PyErr::from)?.as_bytes();
        self.out.push(b'"');
        let mut rest = bytes;
        while !rest.is_empty() {
            let valid_up_to = match std::str::from_utf8(rest) {
                Ok(_) => rest.len(),
                Err(error) => error.valid_up_to(),
            };
            let (valid, after) = rest.split_at(valid_up_to);
            let valid = std::str::from_utf8(valid).expect("valid up to here");
            // The piece's escapes, without its quotes.
            let quoted = serde_json::to_string(valid).expect("a str always writes");
            self.out
                .extend_from_slice(&quoted.as_bytes()[1..quoted.len() - 1]);
            if after.is_empty() {
                break;
            }
            let unit = (u32::from(after[0] & 0x0f) << 12)
                | (u32::from(after[1] & 0x3f) << 6)
                | u32::from(after[2] & 0x3f);
            self.out
                .extend_from_slice(format!("\\u{unit:04X}").as_bytes());
            rest = &after[3..];
        }
        self.out.push(b'"');
        Ok(())
    }

    fn no_json(&self, what: String) -> Stop {
        Stop::Python(PyTypeError::new_err(format!(
            "the {} must be JSON, which has no {what}",
            self.what
        )))
    }
}

/// A float as Python's `repr` writes it (and so `json.dumps`), from the
/// shortest digits that read back as it, which `ryu` (through serde_json)
/// and Python both find: positional from 1e-4 to below 1e16 with at least
/// one decimal (`100.0`), else in exponent form with a signed exponent of
/// at least two digits (`1e+16`, `1.5e-07`).
fn python_repr(shortest: &str, out: &mut Vec<u8>) {
    let (negative, unsigned) = match shortest.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, shortest),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i32>().unwrap_or(0)),
        None => (unsigned, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // Every significant digit, and where the decimal point sits in them.
    let mut digits: String = format!("{whole}{fraction}");
    let mut point = i32::try_from(whole.len()).unwrap_or(0) + exponent;
    let leading = digits.len() - digits.trim_start_matches('0').len();
    digits.drain(..leading);
    point -= i32::try_from(leading).unwrap_or(0);
    let kept = digits.trim_end_matches('0').len();
    digits.truncate(kept);
    if negative {
        out.push(b'-');
    }
    if digits.is_empty() {
        out.extend_from_slice(b"0.0");
        return;
    }
    let count = i32::try_from(digits.len()).unwrap_or(0);
    if (-3..=16).contains(&point) {
        if point <= 0 {
            out.extend_from_slice(b"0.");
            out.extend(std::iter::repeat_n(b'0', point.unsigned_abs() as usize));
            out.extend_from_slice(digits.as_bytes());
        } else if point >= count {
            out.extend_from_slice(digits.as_bytes());
            out.extend(std::iter::repeat_n(b'0', (point - count) as usize));
            out.extend_from_slice(b".0");
        } else {
            let (int, frac) = digits.split_at(point as usize);
            out.extend_from_slice(int.as_bytes());
            out.push(b'.');
            out.extend_from_slice(frac.as_bytes());
        }
    } else {
        let (first, rest) = digits.split_at(1);
        out.extend_from_slice(first.as_bytes());
        if !rest.is_empty() {
            out.push(b'.');
            out.extend_from_slice(rest.as_bytes());
        }
        let exponent = point - 1;
        let sign = if exponent < 0 { '-' } else { '+' };
        out.extend_from_slice(format!("e{sign}{:02}", exponent.unsigned_abs()).as_bytes());
    }
}
