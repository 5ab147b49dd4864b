//! A Python value as the library's validation walk reads it
//! (`pedelec_schema::JsonView`), for a refusal's document: the walk finds
//! every failure in the `dict` where it is, and no `serde_json::Value` is
//! built, whose maps and strings are most of what a refusal of a large
//! `dict` would cost.
//!
//! Only a value that `walk.rs` has read through as JSON becomes a view,
//! under the same [`Walk`] (the collector shut, so nothing changes it):
//! then every read finds a kind JSON has, a `str` that is UTF-8, a finite
//! `float`, an `int` within 64 bits, as the walk found them.

use std::borrow::Cow;

use pedelec_schema::{Json, JsonView};
use pyo3::prelude::*;
use pyo3::Borrowed;
use serde::de::{Deserialize, IgnoredAny};
use serde_json::Number;

use crate::pyjson::{integer, kind_of, utf8, DictEntries, Integer, Kind, SeqItems};
use crate::walk::Walk;

/// A Python value read as JSON where it is.
#[derive(Clone, Copy)]
pub(crate) struct PyView<'a, 'py>(Borrowed<'a, 'py, PyAny>);

impl<'a, 'py> PyView<'a, 'py> {
    /// `value` as a view, once `walk` has read it through as JSON; `None`
    /// where the walk stopped (the text path then says why).
    pub(crate) fn of(walk: &'a Walk, value: &'a Bound<'py, PyAny>) -> Option<Self> {
        IgnoredAny::deserialize(walk.of(value).value()).ok()?;
        Some(PyView(value.as_borrowed()))
    }
}

/// A `list`'s or a `tuple`'s items; none for another value.
pub(crate) struct PyItems<'a, 'py>(Option<SeqItems<'a, 'py>>);

impl<'a, 'py> Iterator for PyItems<'a, 'py> {
    type Item = PyView<'a, 'py>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.as_mut()?.next().map(PyView)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.as_ref().map_or((0, Some(0)), Iterator::size_hint)
    }
}

impl ExactSizeIterator for PyItems<'_, '_> {}

/// A `dict`'s entries, each key a `str` (the walk saw to it); none for
/// another value.
pub(crate) struct PyEntries<'a, 'py> {
    entries: Option<DictEntries<'a, 'py>>,
    /// Entries not yet given.
    left: usize,
}

impl<'a, 'py> Iterator for PyEntries<'a, 'py> {
    type Item = (&'a str, PyView<'a, 'py>);

    fn next(&mut self) -> Option<Self::Item> {
        let (key, value) = self.entries.as_mut()?.next()?;
        self.left = self.left.saturating_sub(1);
        let key = match kind_of(key) {
            Kind::Str(key) => utf8(key).unwrap_or_default(),
            _ => "",
        };
        Some((key, PyView(value)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for PyEntries<'_, '_> {}

impl<'a, 'py> JsonView<'a> for PyView<'a, 'py> {
    type Items = PyItems<'a, 'py>;
    type Entries = PyEntries<'a, 'py>;

    /// What the walk found, read again. The fallbacks (`null`, an empty
    /// string) are for what the walk refused, which never becomes a view.
    fn read(self) -> Json<'a> {
        match kind_of(self.0) {
            Kind::Str(string) => Json::String(utf8(string).unwrap_or_default()),
            Kind::Dict(_) => Json::Object,
            Kind::Int => match integer(self.0) {
                Some(Integer::Unsigned(int)) => Json::Number(Cow::Owned(Number::from(int))),
                Some(Integer::Negative(int)) => Json::Number(Cow::Owned(Number::from(int))),
                None => Json::Null,
            },
            Kind::List(_) | Kind::Tuple(_) => Json::Array,
            Kind::Float(float) => match Number::from_f64(float.value()) {
                Some(number) => Json::Number(Cow::Owned(number)),
                None => Json::Null,
            },
            Kind::Bool(b) => Json::Bool(b),
            Kind::None | Kind::Other => Json::Null,
        }
    }

    fn items(self) -> Self::Items {
        PyItems(match kind_of(self.0) {
            Kind::List(list) => Some(SeqItems::of_list(list)),
            Kind::Tuple(tuple) => Some(SeqItems::of_tuple(tuple)),
            _ => None,
        })
    }

    fn entries(self) -> Self::Entries {
        let entries = match kind_of(self.0) {
            Kind::Dict(dict) => Some(DictEntries::of(dict)),
            _ => None,
        };
        let left = entries.as_ref().map_or(0, DictEntries::len);
        PyEntries { entries, left }
    }
}
