//! Values the fast path does not check against a node, read strictly all
//! the same: a value under a property the schema does not name (at any
//! depth, however the caller reads it), and a value read whole into a
//! `Value` (a `oneOf` that its JSON type does not decide).
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

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};
use serde_json::{Map, Value};

use super::{forward_plain_methods, undecided};

/// A seed whose value, if the caller skips it, is still read strictly.
pub(super) struct Unnamed<S>(pub(super) S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Unnamed<S> {
    type Value = S::Value;

    #[inline(always)]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict(deserializer))
    }
}

/// A deserializer that reads a skipped value instead of skipping it, at
/// any depth: what the caller reads, it reads through [`Within`], so a
/// value skipped inside it is read too.
struct Strict<D>(D);

/// The methods that forward with the caller's visitor wrapped.
macro_rules! forwarded {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[inline(always)]
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method($($arg,)* Within(visitor))
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

/// The caller's visitor, handed what it reads inside through [`Strict`]:
/// the elements of a sequence, the keys and values of a map, the content
/// of an option, a newtype or a variant.
struct Within<V>(V);

/// The visits that forward as they are.
macro_rules! visits {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[inline(always)]
        fn $method<E: de::Error>(self, $($arg: $ty),*) -> Result<V::Value, E> {
            self.0.$method($($arg),*)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Within<V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.expecting(formatter)
    }

    visits! {
        visit_bool(v: bool);
        visit_i8(v: i8);
        visit_i16(v: i16);
        visit_i32(v: i32);
        visit_i64(v: i64);
        visit_i128(v: i128);
        visit_u8(v: u8);
        visit_u16(v: u16);
        visit_u32(v: u32);
        visit_u64(v: u64);
        visit_u128(v: u128);
        visit_f32(v: f32);
        visit_f64(v: f64);
        visit_char(v: char);
        visit_str(v: &str);
        visit_borrowed_str(v: &'de str);
        visit_string(v: String);
        visit_bytes(v: &[u8]);
        visit_borrowed_bytes(v: &'de [u8]);
        visit_byte_buf(v: Vec<u8>);
        visit_none();
        visit_unit();
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(Strict(deserializer))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(Strict(deserializer))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(Within(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(Within(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(Within(data))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Within<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Unnamed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Within<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Unnamed(seed))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(Unnamed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Within<A> {
    type Error = A::Error;
    type Variant = Within<A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Self::Variant), A::Error> {
        let (value, variant) = self.0.variant_seed(Unnamed(seed))?;
        Ok((value, Within(variant)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Within<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(Unnamed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Within(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Within(visitor))
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
        if let Read::Nothing = self {
            // Keys read into nothing too: a skipped value allocates nothing.
            while map.next_key_seed(Read::Nothing)?.is_some() {
                map.next_value_seed(Read::Nothing)?;
            }
            return Ok(None);
        }
        let mut entries = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self)?;
            if let Some(value) = value {
                if entries.insert(key, value).is_some() {
                    return Err(undecided());
                }
            }
        }
        Ok(Some(Value::Object(entries)))
    }
}
