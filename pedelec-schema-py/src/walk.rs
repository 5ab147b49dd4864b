//! A serde `Deserializer` over a Python value, for the library's
//! `ToolArgsSchema::is_valid_deserialized`: the verdict on a `dict` is
//! taken while it is walked, with no JSON text and no `serde_json::Value`
//! built, so that it costs little more than the walk.
//!
//! It hands every value over as serde_json's text deserializer hands over
//! the same value's JSON text (`args_text.rs` writes that text): a `str`
//! as a string, an `int` as `u64` when it is not negative and `i64` when
//! it is, a `float` as `f64`, `None` as unit, a `dict` as a map, a `list`
//! or `tuple` as a sequence. So where the library answers, it answers
//! what it answers on that text.
//!
//! Whatever it cannot hand over so - a `str` with lone surrogates, an
//! `int` past 64 bits, NaN or an infinity, a key that is not a `str`, a
//! value of another type, nesting past the library's limit (which also
//! stops a cycle), a value whose text may pass the library's
//! `MAX_TEXT_LEN` (each value is counted at the most its text can take:
//! six bytes a byte of a string, 25 a number, so only values of more than
//! some 2.7 MB of strings are left to the text path, which is exact) -
//! stops the walk with an error, and the caller takes
//! the text path, which gives the library's own refusal or raises the
//! Python error that says what is no JSON. The walk never recurses
//! deeper than [`MAX_DEPTH`], whatever the value.
//!
//! It reads containers through borrowed references (`PyDict_Next`,
//! `PyList_GetItem`), not the owned ones PyO3's iterators take: on a small
//! call, counting references and checking each `dict`'s size at every step
//! cost a fifth of the verdict. That is sound only while no Python code
//! runs, which could change a container under the walk; the walk calls
//! none (exact types, type flags, `PyLong_AsLongLong` on an `int`,
//! `PyUnicode_AsUTF8AndSize` on a `str`, none of which call back), and the
//! one way left, a collection started by an allocation running a
//! finalizer, is shut while a [`Walk`] lives (`PyGC_Disable`, restored
//! when it ends).

use std::cell::Cell;
use std::fmt;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::{ffi, Borrowed};
use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};

/// The library's nesting limit for a text: 127 containers open at once
/// (its reader refuses the 128th). A container below that many is
/// refused on the text path, with the library's document: the walk stops
/// there (stopping sooner would only cost time, never change an answer).
const MAX_DEPTH: usize = 127;

/// Why the walk stopped: the text path decides instead, and says why
/// (the library's refusal, or the Python error for a value that is no
/// JSON), so the walk's own words are never shown.
#[derive(Debug)]
pub(crate) struct Stopped(&'static str);

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for Stopped {}

impl de::Error for Stopped {
    /// Serde's and the library's errors, whose words are not kept: the
    /// library gives up on every refusal with one, and formatting it
    /// would cost every invalid call's verdict an allocation.
    fn custom<T: fmt::Display>(_message: T) -> Self {
        Stopped("stopped by the reader")
    }
}

fn stopped(why: &'static str) -> Stopped {
    Stopped(why)
}

/// The most bytes of text a number takes (`-1.2345678901234567e-308`).
const NUMBER_TEXT: usize = 25;

/// One walk over a value: the room its text may take, and the collector
/// shut while it lasts (the module's comment says why).
pub(crate) struct Walk {
    /// Bytes of text the values not yet walked may still take.
    room: Cell<usize>,
    /// Whether the collector was on when the walk began.
    collecting: bool,
}

impl Walk {
    pub(crate) fn new(_py: Python<'_>) -> Self {
        // SAFETY: the GIL is held (`_py`).
        let collecting = unsafe { ffi::PyGC_Disable() } == 1;
        Walk {
            room: Cell::new(pedelec_schema::MAX_TEXT_LEN),
            collecting,
        }
    }

    /// The slot of the value at the top of the arguments, whose
    /// [`Slot::value`] hands it over as JSON.
    pub(crate) fn of<'a, 'py>(&'a self, value: &'a Bound<'py, PyAny>) -> Slot<'a, 'py> {
        Slot {
            value: Cell::new(value.as_borrowed()),
            depth: 0,
            room: &self.room,
        }
    }
}

impl Drop for Walk {
    fn drop(&mut self) {
        if self.collecting {
            // SAFETY: a `Walk` lives inside one call, under the GIL.
            unsafe { ffi::PyGC_Enable() };
        }
    }
}

/// Where the walk holds the value it hands over next: one slot for all the
/// values of a container (or the one at the top), set before each is
/// handed over, with what they share.
///
/// So a [`PyValue`] is one pointer. Serde passes a deserializer down by
/// value through the library's wrappers, which copy it whole; one of
/// several words, written word by word, would stall the processor at every
/// value (a load that spans two stores cannot take its bytes from them):
/// a quarter of a small call's time.
pub(crate) struct Slot<'a, 'py> {
    value: Cell<Borrowed<'a, 'py, PyAny>>,
    /// How many containers are open around the slot's values.
    depth: usize,
    /// Bytes of text the values not yet walked may still take.
    room: &'a Cell<usize>,
}

impl<'a, 'py> Slot<'a, 'py> {
    /// The slot's value, handed over as JSON.
    pub(crate) fn value(&self) -> PyValue<'_, 'a, 'py> {
        PyValue(self)
    }

    /// The slot of the values of a container whose slot is `self`, first
    /// holding the container itself.
    fn inner(&self, container: Borrowed<'a, 'py, PyAny>) -> Slot<'a, 'py> {
        Slot {
            value: Cell::new(container),
            depth: self.depth + 1,
            room: self.room,
        }
    }
}

/// A Python value, handed over as JSON: the one its slot holds.
pub(crate) struct PyValue<'s, 'a, 'py>(&'s Slot<'a, 'py>);

/// `value` as any Python object.
fn any<'a, 'py, T>(value: Borrowed<'a, 'py, T>) -> Borrowed<'a, 'py, PyAny> {
    // SAFETY: every Python object is one.
    unsafe { value.cast_unchecked() }
}

/// Takes `bytes` of text, and a separator, from `room`.
fn take(room: &Cell<usize>, bytes: usize) -> Result<(), Stopped> {
    match room.get().checked_sub(bytes.saturating_add(1)) {
        Some(left) => {
            room.set(left);
            Ok(())
        }
        None => Err(stopped("a text that may be too long")),
    }
}

/// The most bytes a string's text takes: every byte escaped as `\u00XX`.
fn string_text(text: &str) -> usize {
    text.len().saturating_mul(6).saturating_add(2)
}

impl<'a, 'py> PyValue<'_, 'a, 'py> {
    fn string<'de, V: Visitor<'de>>(
        &self,
        string: Borrowed<'a, 'py, PyString>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        let text = string.to_str().map_err(|_| stopped("a lone surrogate"))?;
        take(self.0.room, string_text(text))?;
        visitor.visit_str(text)
    }

    fn dict<'de, V: Visitor<'de>>(
        &self,
        dict: Borrowed<'a, 'py, PyDict>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        if self.0.depth >= MAX_DEPTH {
            return Err(stopped("too deep"));
        }
        take(self.0.room, 2)?;
        let mut entries = Entries {
            items: DictEntries { dict, position: 0 },
            value: None,
            slot: self.0.inner(any(dict)),
        };
        visitor.visit_map(&mut entries)
    }

    fn items<'de, V: Visitor<'de>>(
        &self,
        container: Borrowed<'a, 'py, PyAny>,
        items: impl Iterator<Item = Borrowed<'a, 'py, PyAny>>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        if self.0.depth >= MAX_DEPTH {
            return Err(stopped("too deep"));
        }
        take(self.0.room, 2)?;
        visitor.visit_seq(Items {
            items,
            slot: self.0.inner(container),
        })
    }

    fn list<'de, V: Visitor<'de>>(
        &self,
        list: Borrowed<'a, 'py, PyList>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        let items = ListItems { list, index: 0 };
        self.items(any(list), items, visitor)
    }

    fn tuple<'de, V: Visitor<'de>>(
        &self,
        tuple: Borrowed<'a, 'py, PyTuple>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        let items = TupleItems { tuple, index: 0 };
        self.items(any(tuple), items, visitor)
    }

    fn int<'de, V: Visitor<'de>>(
        &self,
        int: Borrowed<'a, 'py, PyAny>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        take(self.0.room, NUMBER_TEXT)?;
        // serde_json hands a number that is not negative over as `u64`.
        if let Ok(int) = int.extract::<i64>() {
            return match u64::try_from(int) {
                Ok(int) => visitor.visit_u64(int),
                Err(_) => visitor.visit_i64(int),
            };
        }
        if let Ok(int) = int.extract::<u64>() {
            return visitor.visit_u64(int);
        }
        Err(stopped("an int past 64 bits"))
    }

    fn float<'de, V: Visitor<'de>>(
        &self,
        float: Borrowed<'a, 'py, PyFloat>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        take(self.0.room, NUMBER_TEXT)?;
        let float = float.value();
        if !float.is_finite() {
            return Err(stopped("NaN or an infinity"));
        }
        visitor.visit_f64(float)
    }
}

impl<'de, 'a, 'py> Deserializer<'de> for PyValue<'_, 'a, 'py> {
    type Error = Stopped;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stopped> {
        let value = self.0.value.get();
        // The exact types first, in the order a call's values come most
        // often, each a comparison of the type pointer: PyO3's `cast_exact`
        // builds an error holding a new reference to the type for each
        // type it is not, and the stable ABI counts references by calls.
        // A JSON value is almost always of these types.
        // SAFETY: the GIL is held; each cast follows its exact type.
        unsafe {
            let kind = ffi::Py_TYPE(value.as_ptr());
            if kind == &raw mut ffi::PyUnicode_Type {
                return self.string(value.cast_unchecked(), visitor);
            }
            if kind == &raw mut ffi::PyDict_Type {
                return self.dict(value.cast_unchecked(), visitor);
            }
            if kind == &raw mut ffi::PyLong_Type {
                return self.int(value, visitor);
            }
            if kind == &raw mut ffi::PyList_Type {
                return self.list(value.cast_unchecked(), visitor);
            }
            if kind == &raw mut ffi::PyFloat_Type {
                return self.float(value.cast_unchecked(), visitor);
            }
            if kind == &raw mut ffi::PyBool_Type {
                take(self.0.room, 5)?;
                return visitor.visit_bool(value.as_ptr() == ffi::Py_True());
            }
            if value.as_ptr() == ffi::Py_None() {
                take(self.0.room, 4)?;
                return visitor.visit_unit();
            }
        }
        // Subclasses (`bool` has none), and tuples.
        if let Ok(string) = value.cast::<PyString>() {
            return self.string(string, visitor);
        }
        if let Ok(dict) = value.cast::<PyDict>() {
            return self.dict(dict, visitor);
        }
        if let Ok(list) = value.cast::<PyList>() {
            return self.list(list, visitor);
        }
        if let Ok(tuple) = value.cast::<PyTuple>() {
            return self.tuple(tuple, visitor);
        }
        if value.is_instance_of::<PyInt>() {
            return self.int(value, visitor);
        }
        if let Ok(float) = value.cast::<PyFloat>() {
            return self.float(float, visitor);
        }
        Err(stopped("a value of another type"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// A `dict`'s entries, borrowed (`PyDict_Next`).
struct DictEntries<'b, 'py> {
    dict: Borrowed<'b, 'py, PyDict>,
    position: ffi::Py_ssize_t,
}

impl<'b, 'py> Iterator for DictEntries<'b, 'py> {
    type Item = (Borrowed<'b, 'py, PyAny>, Borrowed<'b, 'py, PyAny>);

    fn next(&mut self) -> Option<Self::Item> {
        let mut key = std::ptr::null_mut();
        let mut value = std::ptr::null_mut();
        // SAFETY: the GIL is held, and nothing changes the dict while the
        // walk borrows its entries (the module's comment).
        unsafe {
            if ffi::PyDict_Next(self.dict.as_ptr(), &mut self.position, &mut key, &mut value) == 0 {
                return None;
            }
            let py = self.dict.py();
            Some((Borrowed::from_ptr(py, key), Borrowed::from_ptr(py, value)))
        }
    }
}

/// A `list`'s items, borrowed (`PyList_GetItem`).
struct ListItems<'b, 'py> {
    list: Borrowed<'b, 'py, PyList>,
    index: ffi::Py_ssize_t,
}

impl<'b, 'py> Iterator for ListItems<'b, 'py> {
    type Item = Borrowed<'b, 'py, PyAny>;

    fn next(&mut self) -> Option<Self::Item> {
        // SAFETY: as for `DictEntries`; the size is read at each step, so
        // the index is always in range.
        unsafe {
            if self.index >= ffi::PyList_Size(self.list.as_ptr()) {
                return None;
            }
            let item = ffi::PyList_GetItem(self.list.as_ptr(), self.index);
            self.index += 1;
            Borrowed::from_ptr_or_opt(self.list.py(), item)
        }
    }
}

/// A `tuple`'s items, borrowed (`PyTuple_GetItem`).
struct TupleItems<'b, 'py> {
    tuple: Borrowed<'b, 'py, PyTuple>,
    index: ffi::Py_ssize_t,
}

impl<'b, 'py> Iterator for TupleItems<'b, 'py> {
    type Item = Borrowed<'b, 'py, PyAny>;

    fn next(&mut self) -> Option<Self::Item> {
        // SAFETY: as for `ListItems`; a tuple never changes.
        unsafe {
            if self.index >= ffi::PyTuple_Size(self.tuple.as_ptr()) {
                return None;
            }
            let item = ffi::PyTuple_GetItem(self.tuple.as_ptr(), self.index);
            self.index += 1;
            Borrowed::from_ptr_or_opt(self.tuple.py(), item)
        }
    }
}

/// A `dict`'s entries, each key a `str`.
struct Entries<'a, 'py> {
    items: DictEntries<'a, 'py>,
    /// The value of the key last handed over.
    value: Option<Borrowed<'a, 'py, PyAny>>,
    /// Where each value is held while it is handed over.
    slot: Slot<'a, 'py>,
}

impl<'de, 'a, 'py> MapAccess<'de> for &mut Entries<'a, 'py> {
    type Error = Stopped;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Stopped> {
        let Some((key, value)) = self.items.next() else {
            return Ok(None);
        };
        // An exact `str` is a comparison of the type pointer; a subclass
        // check is a call through the stable ABI.
        // SAFETY: the GIL is held; the cast follows the exact type.
        let key: Borrowed<'a, 'py, PyString> =
            match unsafe { ffi::Py_TYPE(key.as_ptr()) } == &raw mut ffi::PyUnicode_Type {
                true => unsafe { key.cast_unchecked() },
                false => key
                    .cast::<PyString>()
                    .map_err(|_| stopped("a key that is not a str"))?,
            };
        let text = key.to_str().map_err(|_| stopped("a lone surrogate"))?;
        take(self.slot.room, string_text(text))?;
        let read = seed.deserialize(IntoDeserializer::<Stopped>::into_deserializer(text))?;
        self.value = Some(value);
        Ok(Some(read))
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Stopped> {
        let value = self
            .value
            .take()
            .ok_or_else(|| stopped("a value before its key"))?;
        self.slot.value.set(value);
        seed.deserialize(self.slot.value())
    }

    fn size_hint(&self) -> Option<usize> {
        None
    }
}

/// A `list`'s or `tuple`'s items.
struct Items<'a, 'py, I> {
    items: I,
    /// Where each item is held while it is handed over.
    slot: Slot<'a, 'py>,
}

impl<'de, 'a, 'py, I> SeqAccess<'de> for Items<'a, 'py, I>
where
    I: Iterator<Item = Borrowed<'a, 'py, PyAny>>,
{
    type Error = Stopped;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Stopped> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        self.slot.value.set(item);
        seed.deserialize(self.slot.value()).map(Some)
    }
}
