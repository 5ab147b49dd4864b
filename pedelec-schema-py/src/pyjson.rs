//! A Python value read as JSON where it is, for the two readers of one
//! (`walk.rs`, which hands it to serde, and `view.rs`, which the library's
//! validation walk reads): which JSON kind it is, a `str`'s UTF-8, an
//! `int`'s 64 bits, and a container's items.
//!
//! Containers are read through borrowed references (`PyDict_Next`,
//! `PyList_GetItem`), not the owned ones PyO3's iterators take: on a small
//! call, counting references and checking each `dict`'s size at every step
//! cost a fifth of the verdict. That is sound only while no Python code
//! runs, which could change a container under the reader; none of these
//! calls runs any (exact types, type flags, `PyLong_AsLongLong` on an
//! `int`, `PyUnicode_AsUTF8AndSize` on a `str`, none of which call back),
//! and the one way left, a collection started by an allocation running a
//! finalizer, is shut while a reader reads (`walk.rs`'s `Walk`).

use std::os::raw::c_char;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::{ffi, Borrowed};

/// What JSON a Python value is, if any: the types `json.dumps` writes as
/// JSON, and their subclasses.
pub(crate) enum Kind<'a, 'py> {
    Str(Borrowed<'a, 'py, PyString>),
    Dict(Borrowed<'a, 'py, PyDict>),
    /// An `int` (not a `bool`): [`integer`] reads it.
    Int,
    List(Borrowed<'a, 'py, PyList>),
    Float(Borrowed<'a, 'py, PyFloat>),
    Bool(bool),
    None,
    Tuple(Borrowed<'a, 'py, PyTuple>),
    /// No JSON: a `set`, `bytes`, a model, ...
    Other,
}

/// What JSON `value` is.
#[inline(always)]
pub(crate) fn kind_of<'a, 'py>(value: Borrowed<'a, 'py, PyAny>) -> Kind<'a, 'py> {
    // The exact types first, in the order a call's values come most often,
    // each a comparison of the type pointer: PyO3's `cast_exact` builds an
    // error holding a new reference to the type for each type it is not,
    // and the stable ABI counts references by calls. A JSON value is
    // almost always of these types.
    // SAFETY: the GIL is held; each cast follows its exact type.
    unsafe {
        let kind = ffi::Py_TYPE(value.as_ptr());
        if kind == &raw mut ffi::PyUnicode_Type {
            return Kind::Str(value.cast_unchecked());
        }
        if kind == &raw mut ffi::PyDict_Type {
            return Kind::Dict(value.cast_unchecked());
        }
        if kind == &raw mut ffi::PyLong_Type {
            return Kind::Int;
        }
        if kind == &raw mut ffi::PyList_Type {
            return Kind::List(value.cast_unchecked());
        }
        if kind == &raw mut ffi::PyFloat_Type {
            return Kind::Float(value.cast_unchecked());
        }
        if kind == &raw mut ffi::PyBool_Type {
            return Kind::Bool(value.as_ptr() == ffi::Py_True());
        }
        if value.as_ptr() == ffi::Py_None() {
            return Kind::None;
        }
    }
    subclass_kind(value)
}

/// [`kind_of`] for the rest: subclasses (`bool` has none), and tuples.
#[inline(never)]
fn subclass_kind<'a, 'py>(value: Borrowed<'a, 'py, PyAny>) -> Kind<'a, 'py> {
    if let Ok(string) = value.cast::<PyString>() {
        return Kind::Str(string);
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        return Kind::Dict(dict);
    }
    if let Ok(list) = value.cast::<PyList>() {
        return Kind::List(list);
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        return Kind::Tuple(tuple);
    }
    if value.is_instance_of::<PyInt>() {
        return Kind::Int;
    }
    if let Ok(float) = value.cast::<PyFloat>() {
        return Kind::Float(float);
    }
    Kind::Other
}

/// `value` as any Python object.
pub(crate) fn any<'a, 'py, T>(value: Borrowed<'a, 'py, T>) -> Borrowed<'a, 'py, PyAny> {
    // SAFETY: every Python object is one.
    unsafe { value.cast_unchecked() }
}

/// A `str`'s text as UTF-8, borrowed from the `str` (which keeps it);
/// `None` for one with a lone surrogate, which UTF-8 cannot hold.
#[inline(always)]
pub(crate) fn utf8<'a>(string: Borrowed<'a, '_, PyString>) -> Option<&'a str> {
    let mut len: ffi::Py_ssize_t = 0;
    // SAFETY: the GIL is held; on success the bytes are the `str`'s own
    // UTF-8, kept as long as the `str` lives, which is for `'a` at least.
    unsafe {
        let data: *const c_char = ffi::PyUnicode_AsUTF8AndSize(string.as_ptr(), &mut len);
        if data.is_null() {
            // The `UnicodeEncodeError` raised is this answer: cleared, so
            // that no later call finds it pending.
            ffi::PyErr_Clear();
            return None;
        }
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), usize::try_from(len).ok()?);
        Some(std::str::from_utf8_unchecked(bytes))
    }
}

/// An `int` as serde_json reads the number its text writes.
pub(crate) enum Integer {
    /// Not negative: serde_json reads it as `u64`.
    Unsigned(u64),
    Negative(i64),
}

/// The `int` `value` within 64 bits; `None` past them.
#[inline(always)]
pub(crate) fn integer(value: Borrowed<'_, '_, PyAny>) -> Option<Integer> {
    if let Ok(int) = value.extract::<i64>() {
        return Some(match u64::try_from(int) {
            Ok(int) => Integer::Unsigned(int),
            Err(_) => Integer::Negative(int),
        });
    }
    value.extract::<u64>().ok().map(Integer::Unsigned)
}

/// A `dict`'s entries, borrowed (`PyDict_Next`).
pub(crate) struct DictEntries<'a, 'py> {
    dict: Borrowed<'a, 'py, PyDict>,
    position: ffi::Py_ssize_t,
}

impl<'a, 'py> DictEntries<'a, 'py> {
    pub(crate) fn of(dict: Borrowed<'a, 'py, PyDict>) -> Self {
        DictEntries { dict, position: 0 }
    }

    /// How many entries the `dict` has.
    pub(crate) fn len(&self) -> usize {
        // SAFETY: the GIL is held.
        usize::try_from(unsafe { ffi::PyDict_Size(self.dict.as_ptr()) }).unwrap_or(0)
    }
}

impl<'a, 'py> Iterator for DictEntries<'a, 'py> {
    type Item = (Borrowed<'a, 'py, PyAny>, Borrowed<'a, 'py, PyAny>);

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        let mut key = std::ptr::null_mut();
        let mut value = std::ptr::null_mut();
        // SAFETY: the GIL is held, and nothing changes the dict while its
        // entries are borrowed (the module's comment).
        unsafe {
            if ffi::PyDict_Next(self.dict.as_ptr(), &mut self.position, &mut key, &mut value) == 0 {
                return None;
            }
            let py = self.dict.py();
            Some((Borrowed::from_ptr(py, key), Borrowed::from_ptr(py, value)))
        }
    }
}

/// A `list`'s or a `tuple`'s items, borrowed (`PyList_GetItem`,
/// `PyTuple_GetItem`).
pub(crate) struct SeqItems<'a, 'py> {
    sequence: Borrowed<'a, 'py, PyAny>,
    index: ffi::Py_ssize_t,
    size: unsafe extern "C" fn(*mut ffi::PyObject) -> ffi::Py_ssize_t,
    item: unsafe extern "C" fn(*mut ffi::PyObject, ffi::Py_ssize_t) -> *mut ffi::PyObject,
}

impl<'a, 'py> SeqItems<'a, 'py> {
    pub(crate) fn of_list(list: Borrowed<'a, 'py, PyList>) -> Self {
        SeqItems {
            sequence: any(list),
            index: 0,
            size: ffi::PyList_Size,
            item: ffi::PyList_GetItem,
        }
    }

    pub(crate) fn of_tuple(tuple: Borrowed<'a, 'py, PyTuple>) -> Self {
        SeqItems {
            sequence: any(tuple),
            index: 0,
            size: ffi::PyTuple_Size,
            item: ffi::PyTuple_GetItem,
        }
    }

    fn size_now(&self) -> ffi::Py_ssize_t {
        // SAFETY: the GIL is held, and `size` is the sequence type's own.
        unsafe { (self.size)(self.sequence.as_ptr()) }
    }
}

impl<'a, 'py> Iterator for SeqItems<'a, 'py> {
    type Item = Borrowed<'a, 'py, PyAny>;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        // SAFETY: as for `DictEntries` (a tuple never changes); the size
        // is read at each step, so the index is always in range.
        unsafe {
            if self.index >= self.size_now() {
                return None;
            }
            let item = (self.item)(self.sequence.as_ptr(), self.index);
            self.index += 1;
            Borrowed::from_ptr_or_opt(self.sequence.py(), item)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.size_now() - self.index).unwrap_or(0);
        (left, Some(left))
    }
}

impl ExactSizeIterator for SeqItems<'_, '_> {}
