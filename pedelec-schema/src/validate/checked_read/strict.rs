//! Values the fast path does not check against a node, read strictly all
//! the same: a value under a property the schema does not name, and a
//! value read whole into a `Value` (a `oneOf` that its JSON type does not
//! decide).
//!
//! serde_json skips an ignored value without decoding it: a lone surrogate,
//! a number beyond `f64` or nesting past its limit go unseen, where its
//! `Value` reader and the crate's own reader (`text/`) refuse the text. And
//! its `Value` keeps the last of a repeated name, where the stream refuses
//! a repeat of a property the schema names. So here a skipped value is read
//! with `deserialize_any` into nothing (every string decoded, every number
//! read, every container counted against the nesting limit), and a value
//! read whole gives up on any repeated name: the full path, which reads the
//! text with the crate's reader, then decides.

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::{forward_plain_methods, refused};

/// A seed whose value, if the caller skips it, is still read strictly.
pub(super) struct Unnamed<S>(pub(super) S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Unnamed<S> {
    type Value = S::Value;

    #[inline(always)]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict(deserializer))
    }
}

/// A deserializer that reads a skipped value instead of skipping it.
struct Strict<D>(D);

/// The methods that forward as they are.
macro_rules! forwarded {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[inline(always)]
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method($($arg,)* visitor)
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<D> {
    type Error = D::Error;

    forward_plain_methods!(forwarded);
    forwarded! {
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(Read::Nothing)?;
        visitor.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// A value read whole, as serde_json's `Value` reader reads it, but given
/// up on at a repeated name.
pub(super) fn whole<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
    deserializer
        .deserialize_any(Read::Whole)
        .map(|read| read.unwrap_or(Value::Null))
}

/// How a value is read: into nothing, or whole into a `Value`.
#[derive(Clone, Copy)]
enum Read {
    Nothing,
    Whole,
}

impl Read {
    fn keep(self, value: impl FnOnce() -> Value) -> Option<Value> {
        match self {
            Read::Nothing => None,
            Read::Whole => Some(value()),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Read {
    type Value = Option<Value>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Read {
    type Value = Option<Value>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Self::Value, E> {
        Ok(self.keep(|| Value::Bool(b)))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
        Ok(self.keep(|| Value::from(n)))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
        Ok(self.keep(|| Value::from(n)))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Self::Value, E> {
        Ok(self.keep(|| Value::from(n)))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(self.keep(|| Value::String(text.to_owned())))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<Self::Value, E> {
        Ok(self.keep(|| Value::String(text)))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(self.keep(|| Value::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self)? {
            items.extend(item);
        }
        Ok(self.keep(|| Value::Array(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self)?;
            if let Some(value) = value {
                if entries.insert(key, value).is_some() {
                    return Err(refused());
                }
            }
        }
        Ok(self.keep(|| Value::Object(entries)))
    }
}
