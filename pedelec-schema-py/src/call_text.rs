//! A call's text as the library reads it: a Python `str` or `bytes` made
//! into UTF-8, with what UTF-8 cannot hold written as JSON would write it.
//!
//! A Python `str` may hold lone surrogates (`"\ud800"`), which UTF-8 has
//! no bytes for. Dropping or replacing them would change the call
//! silently, so each is written as its `\uXXXX` escape: inside a JSON
//! string that is the escape the library reads and refuses as JSON
//! refuses it (or, for a high surrogate followed by a low one, the pair
//! they make, as a JSON reader takes the two escapes); anywhere else the
//! text is no JSON either way. A surrogate right after a backslash becomes
//! that backslash's escape (`\` + `uXXXX`), never text read after an
//! escaped backslash. The npm package writes JavaScript's lone surrogates
//! the same way.
//!
//! `bytes` must be UTF-8: bytes that are not are no text at all, and are
//! refused with a `ValueError` that says where, rather than guessed at.

use std::borrow::Cow;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// `text` (a `str` or `bytes`, named `what` in errors) as UTF-8.
pub(crate) fn call_text<'a>(text: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    if let Ok(string) = text.cast::<PyString>() {
        return Ok(match string.to_str() {
            Ok(utf8) => Cow::Borrowed(utf8),
            Err(_) => Cow::Owned(escape_surrogates(string, false)?),
        });
    }
    if let Ok(bytes) = text.cast::<PyBytes>() {
        return std::str::from_utf8(bytes.as_bytes())
            .map(Cow::Borrowed)
            .map_err(|error| {
                PyValueError::new_err(format!(
                    "the {what} is not UTF-8: the byte at {} starts no character",
                    error.valid_up_to()
                ))
            });
    }
    Err(PyTypeError::new_err(format!(
        "the {what} must be a str or bytes, not {}",
        type_name(text)
    )))
}

/// A stream's piece: a `str` only (a `bytes` piece may cut a character
/// in two), its lone surrogates escaped as [`call_text`] escapes them;
/// `escaped` says whether the text fed before ends in an odd run of
/// backslashes.
pub(crate) fn piece_text<'a>(piece: &'a Bound<'_, PyAny>, escaped: bool) -> PyResult<Cow<'a, str>> {
    let string = piece.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!("the piece must be a str, not {}", type_name(piece)))
    })?;
    Ok(match string.to_str() {
        Ok(utf8) => Cow::Borrowed(utf8),
        Err(_) => Cow::Owned(escape_surrogates(string, escaped)?),
    })
}

/// Whether `text`, after text that ended escaping if `escaped`, ends in
/// an odd run of backslashes: whether what follows it is escaped.
pub(crate) fn ends_escaping(text: &str, escaped: bool) -> bool {
    let run = text.bytes().rev().take_while(|&b| b == b'\\').count();
    if run == text.len() {
        (run % 2 == 1) != escaped
    } else {
        run % 2 == 1
    }
}

/// A `str` holding lone surrogates, with each written as its escape.
fn escape_surrogates(string: &Bound<'_, PyString>, escaped: bool) -> PyResult<String> {
    // "surrogatepass" writes each surrogate as the three bytes UTF-8 would
    // give its code point (ED A0..BF xx), which no valid UTF-8 holds.
    let bytes = string.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    let mut out = String::with_capacity(bytes.len() + 8);
    let mut rest = bytes;
    while !rest.is_empty() {
        let error = match std::str::from_utf8(rest) {
            Ok(valid) => {
                out.push_str(valid);
                break;
            }
            Err(error) => error,
        };
        let (valid, after) = rest.split_at(error.valid_up_to());
        out.push_str(std::str::from_utf8(valid).expect("valid up to here"));
        let unit = (u32::from(after[0] & 0x0f) << 12)
            | (u32::from(after[1] & 0x3f) << 6)
            | u32::from(after[2] & 0x3f);
        if !ends_escaping(&out, escaped) {
            out.push('\\');
        }
        out.push_str(&format!("u{unit:04X}"));
        rest = &after[3..];
    }
    Ok(out)
}

/// The name of `value`'s type, for messages.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_owned(), |name| name.to_string())
}
