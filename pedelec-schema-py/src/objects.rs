//! A serde `Serializer` that writes a value straight into Python objects:
//! the library's documents (`Serialize`) as the `dict`s, `list`s and
//! scalars `json.loads` would read from their JSON text, without the text.
//!
//! Writing a refusal's document as text and reading it back cost as much
//! as finding its failures; building the objects as serde walks the
//! document costs one Python object a value. The objects are the ones
//! serde_json's text would read as, so the identity test holds them to
//! the library's JSON: a map or struct is a `dict` in serialization order,
//! a sequence or tuple a `list`, `None` and unit `None`, an integer an
//! `int`, a finite float a `float` (a non-finite one `None`, as serde_json
//! writes `null`), bytes a `list` of `int`s, an enum variant as serde_json
//! tags it (`"Unit"`, `{"Variant": ...}`).

use std::fmt;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::IntoPyObjectExt;
use serde::ser::{self, Serialize};

/// Why a value could not be built: a Python error (memory, mostly), or a
/// map key that is not a string, which JSON has not.
#[derive(Debug)]
pub(crate) struct Failed(PyErr);

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for Failed {}

impl ser::Error for Failed {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Failed(pyo3::exceptions::PyValueError::new_err(message.to_string()))
    }
}

impl From<PyErr> for Failed {
    fn from(error: PyErr) -> Self {
        Failed(error)
    }
}

/// `value` as Python objects.
pub(crate) fn to_python<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    value.serialize(Objects(py)).map_err(|Failed(error)| error)
}

/// The serializer: one Python object per value.
#[derive(Clone, Copy)]
struct Objects<'py>(Python<'py>);

type Built<'py> = Result<Bound<'py, PyAny>, Failed>;

impl<'py> Objects<'py> {
    fn any<T: IntoPyObjectExt<'py>>(self, value: T) -> Built<'py> {
        Ok(value.into_bound_py_any(self.0)?)
    }

    fn dict(self) -> Dict<'py> {
        Dict {
            dict: PyDict::new(self.0),
            key: None,
        }
    }

    /// `{variant: value}`, serde_json's tag of a variant with data.
    fn tagged(self, variant: &'static str, value: Bound<'py, PyAny>) -> Built<'py> {
        let dict = PyDict::new(self.0);
        dict.set_item(PyString::new(self.0, variant), value)?;
        Ok(dict.into_any())
    }
}

impl<'py> ser::Serializer for Objects<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    type SerializeSeq = List<'py>;
    type SerializeTuple = List<'py>;
    type SerializeTupleStruct = List<'py>;
    type SerializeTupleVariant = Variant<List<'py>>;
    type SerializeMap = Dict<'py>;
    type SerializeStruct = Dict<'py>;
    type SerializeStructVariant = Variant<Dict<'py>>;

    fn serialize_bool(self, v: bool) -> Built<'py> {
        self.any(v)
    }
    fn serialize_i8(self, v: i8) -> Built<'py> {
        self.any(v)
    }
    fn serialize_i16(self, v: i16) -> Built<'py> {
        self.any(v)
    }
    fn serialize_i32(self, v: i32) -> Built<'py> {
        self.any(v)
    }
    fn serialize_i64(self, v: i64) -> Built<'py> {
        self.any(v)
    }
    fn serialize_i128(self, v: i128) -> Built<'py> {
        self.any(v)
    }
    fn serialize_u8(self, v: u8) -> Built<'py> {
        self.any(v)
    }
    fn serialize_u16(self, v: u16) -> Built<'py> {
        self.any(v)
    }
    fn serialize_u32(self, v: u32) -> Built<'py> {
        self.any(v)
    }
    fn serialize_u64(self, v: u64) -> Built<'py> {
        self.any(v)
    }
    fn serialize_u128(self, v: u128) -> Built<'py> {
        self.any(v)
    }
    fn serialize_f32(self, v: f32) -> Built<'py> {
        // serde_json writes an `f32` as its own shortest decimal, which
        // `json.loads` reads as the double nearest that decimal.
        match v.is_finite() {
            true => self.any(v.to_string().parse::<f64>().unwrap_or(f64::from(v))),
            false => self.serialize_unit(),
        }
    }
    fn serialize_f64(self, v: f64) -> Built<'py> {
        match v.is_finite() {
            true => self.any(v),
            false => self.serialize_unit(),
        }
    }
    fn serialize_char(self, v: char) -> Built<'py> {
        self.any(v)
    }
    fn serialize_str(self, v: &str) -> Built<'py> {
        Ok(PyString::new(self.0, v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Built<'py> {
        Ok(PyList::new(self.0, v)?.into_any())
    }
    fn serialize_none(self) -> Built<'py> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Built<'py> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Built<'py> {
        Ok(self.0.None().into_bound(self.0))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Built<'py> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Built<'py> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Built<'py> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Built<'py> {
        let value = value.serialize(self)?;
        self.tagged(variant, value)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<List<'py>, Failed> {
        Ok(List {
            objects: self,
            items: Vec::with_capacity(len.unwrap_or(0)),
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<List<'py>, Failed> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<List<'py>, Failed> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<List<'py>>, Failed> {
        Ok(Variant {
            variant,
            inner: self.serialize_seq(Some(len))?,
        })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Dict<'py>, Failed> {
        Ok(self.dict())
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Dict<'py>, Failed> {
        Ok(self.dict())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Variant<Dict<'py>>, Failed> {
        Ok(Variant {
            variant,
            inner: self.dict(),
        })
    }
}

/// A sequence's items, built into a `list` at its end (its length is
/// not always told first).
struct List<'py> {
    objects: Objects<'py>,
    items: Vec<Bound<'py, PyAny>>,
}

impl<'py> List<'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        self.items.push(value.serialize(self.objects)?);
        Ok(())
    }

    fn list(self) -> Built<'py> {
        Ok(PyList::new(self.objects.0, self.items)?.into_any())
    }
}

/// serde's three sequence traits, each a [`List`]: `$method` adds an item.
macro_rules! list_of {
    ($($trait:ident::$method:ident;)*) => {$(
        impl<'py> ser::$trait for List<'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Failed;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
                self.push(value)
            }
            fn end(self) -> Built<'py> {
                self.list()
            }
        }
    )*};
}

list_of! {
    SerializeSeq::serialize_element;
    SerializeTuple::serialize_element;
    SerializeTupleStruct::serialize_field;
}

/// A map's or struct's entries, set on the `dict` as they come.
struct Dict<'py> {
    dict: Bound<'py, PyDict>,
    /// The key of a map entry whose value is still to come.
    key: Option<Bound<'py, PyAny>>,
}

impl<'py> Dict<'py> {
    fn objects(&self) -> Objects<'py> {
        Objects(self.dict.py())
    }

    fn set(&mut self, key: &'static str, value: Bound<'py, PyAny>) -> Result<(), Failed> {
        let key = field_name(self.dict.py(), key);
        Ok(self.dict.set_item(key, value)?)
    }
}

impl<'py> ser::SerializeMap for Dict<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Failed> {
        let key = key.serialize(self.objects())?;
        // serde_json writes a key that is a number or a boolean as its
        // text; no other key is JSON.
        let key = if key.is_instance_of::<PyString>() {
            key
        } else if let Ok(boolean) = key.cast::<pyo3::types::PyBool>() {
            let text = if boolean.is_true() { "true" } else { "false" };
            PyString::new(key.py(), text).into_any()
        } else if key.is_instance_of::<pyo3::types::PyInt>() {
            key.str()?.into_any()
        } else {
            return Err(ser::Error::custom("a map key that is not a string"));
        };
        self.key = Some(key);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        let key = self
            .key
            .take()
            .ok_or_else(|| <Failed as ser::Error>::custom("a map value before its key"))?;
        let value = value.serialize(self.objects())?;
        Ok(self.dict.set_item(key, value)?)
    }
    fn end(self) -> Built<'py> {
        Ok(self.dict.into_any())
    }
}

impl<'py> ser::SerializeStruct for Dict<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Failed> {
        let value = value.serialize(self.objects())?;
        self.set(key, value)
    }
    fn end(self) -> Built<'py> {
        Ok(self.dict.into_any())
    }
}

/// A variant's data, tagged with its name at its end.
struct Variant<S> {
    variant: &'static str,
    inner: S,
}

impl<'py> ser::SerializeTupleVariant for Variant<List<'py>> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        self.inner.push(value)
    }
    fn end(self) -> Built<'py> {
        let objects = self.inner.objects;
        objects.tagged(self.variant, self.inner.list()?)
    }
}

impl<'py> ser::SerializeStructVariant for Variant<Dict<'py>> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Failed> {
        let value = value.serialize(self.inner.objects())?;
        self.inner.set(key, value)
    }
    fn end(self) -> Built<'py> {
        let objects = self.inner.objects();
        objects.tagged(self.variant, self.inner.dict.into_any())
    }
}

thread_local! {
    /// The field names met so far, each made once: they recur in every
    /// document (`path`, `message`, ...), and making or interning a
    /// `str` each time (hashing it to look it up) cost a tenth of a
    /// small document. Found by the name's address and length: a
    /// `&'static str` never moves, so these are its bytes.
    static FIELD_NAMES: std::cell::RefCell<Vec<(NameAt, Py<PyString>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A `&'static str`'s address and length.
type NameAt = (usize, usize);

/// The Python `str` of a field name.
fn field_name<'py>(py: Python<'py>, name: &'static str) -> Bound<'py, PyString> {
    let at = (name.as_ptr() as usize, name.len());
    FIELD_NAMES.with(|names| {
        let mut names = names.borrow_mut();
        if let Some((_, made)) = names.iter().find(|(known, _)| *known == at) {
            return made.bind(py).clone();
        }
        let made = PyString::intern(py, name);
        // A bounded list: a document has a few dozen field names.
        if names.len() < 256 {
            names.push((at, made.clone().unbind()));
        }
        made
    })
}
