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
//! It reads the value with `pyjson.rs`, containers through borrowed
//! references; so the collector, which could run Python code that changes
//! a container under the walk, is shut while a [`Walk`] lives
//! (`PyGC_Disable`, restored when it ends).

use std::cell::Cell;
use std::fmt;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyString};
use pyo3::{ffi, Borrowed};
use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};

use crate::pyjson::{any, integer, kind_of, utf8, DictEntries, Integer, Kind, SeqItems};

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

/// Each kind of value is handed over out of line: inlined into the
/// library's checks, which the walk enters again for every value, they
/// made one frame of hundreds of bytes at every level, a fifth of a large
/// call's time.
impl<'a, 'py> PyValue<'_, 'a, 'py> {
    #[inline(never)]
    fn string<'de, V: Visitor<'de>>(
        &self,
        string: Borrowed<'a, 'py, PyString>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        let text = utf8(string).ok_or_else(|| stopped("a lone surrogate"))?;
        take(self.0.room, string_text(text))?;
        visitor.visit_str(text)
    }

    #[inline(never)]
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
            items: DictEntries::of(dict),
            value: None,
            slot: self.0.inner(any(dict)),
        };
        visitor.visit_map(&mut entries)
    }

    #[inline(never)]
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

    #[inline(never)]
    fn int<'de, V: Visitor<'de>>(
        &self,
        int: Borrowed<'a, 'py, PyAny>,
        visitor: V,
    ) -> Result<V::Value, Stopped> {
        take(self.0.room, NUMBER_TEXT)?;
        match integer(int) {
            Some(Integer::Unsigned(int)) => visitor.visit_u64(int),
            Some(Integer::Negative(int)) => visitor.visit_i64(int),
            None => Err(stopped("an int past 64 bits")),
        }
    }

    #[inline(never)]
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
        match kind_of(value) {
            Kind::Str(string) => self.string(string, visitor),
            Kind::Dict(dict) => self.dict(dict, visitor),
            Kind::Int => self.int(value, visitor),
            Kind::List(list) => self.items(any(list), SeqItems::of_list(list), visitor),
            Kind::Float(float) => self.float(float, visitor),
            Kind::Bool(b) => {
                take(self.0.room, 5)?;
                visitor.visit_bool(b)
            }
            Kind::None => {
                take(self.0.room, 4)?;
                visitor.visit_unit()
            }
            Kind::Tuple(tuple) => self.items(any(tuple), SeqItems::of_tuple(tuple), visitor),
            Kind::Other => Err(stopped("a value of another type")),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
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
        let Kind::Str(key) = kind_of(key) else {
            return Err(stopped("a key that is not a str"));
        };
        let text = utf8(key).ok_or_else(|| stopped("a lone surrogate"))?;
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
