//! [`Checked`]: a deserializer that hands serde every value of the one it
//! wraps, checked against the rule compiled for that place.
//!
//! Each method forwards to the wrapped deserializer with the caller's
//! visitor wrapped in turn (`visitor.rs`), so the value is checked when the
//! wrapped deserializer hands it over, in whatever form the caller asked
//! for. Two methods change what they ask for: `deserialize_enum` asks for
//! any value, so that the variant's name is seen and checked as the string
//! or key it is in the JSON text; and `deserialize_ignored_any` asks for
//! any value too, because a value that the caller skips must still pass its
//! schema (validation checks every property the schema names, whether or
//! not `T` reads it).

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use serde_json::Value;

use super::fingerprint::Print;
use super::one_of::{plan, Plan};
use super::visitor::{Checking, CheckingEnum};
use super::{forward_plain_methods, refused, strict, undecided};
use crate::validate::Rule;

/// `inner`, whose value must pass `rule`.
pub(super) struct Checked<'r, 'p, D> {
    inner: D,
    rule: &'r Rule,
    print: Print<'p>,
}

impl<'r, 'p, D> Checked<'r, 'p, D> {
    #[inline(always)]
    pub(super) fn new(inner: D, rule: &'r Rule, print: Print<'p>) -> Self {
        Checked { inner, rule, print }
    }
}

/// A seed whose value must pass `rule`: how the values of arrays and
/// objects are checked.
pub(super) struct CheckedSeed<'r, 'p, S> {
    pub(super) seed: S,
    pub(super) rule: &'r Rule,
    pub(super) print: Print<'p>,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for CheckedSeed<'_, '_, S> {
    type Value = S::Value;

    #[inline(always)]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.seed
            .deserialize(Checked::new(deserializer, self.rule, self.print))
    }
}

/// The value read whole into a `Value`, checked by `rule`, then read by
/// `read` (the caller's method on the `Value`).
#[inline(never)]
fn buffered<'de, D: Deserializer<'de>, T>(
    inner: D,
    rule: &Rule,
    print: Print<'_>,
    read: impl FnOnce(Value) -> Result<T, serde_json::Error>,
) -> Result<T, D::Error> {
    // Fingerprints are taken as values stream by; a `uniqueItems` array of
    // such values is left to the full walk.
    if print.wanted() {
        return Err(undecided());
    }
    let value = strict::whole(inner)?;
    if !rule.accepts(&value) {
        return Err(refused());
    }
    read(value).map_err(de::Error::custom)
}

/// The methods that forward as they are: `$method($args)` of the wrapped
/// deserializer with a [`Checking`] visitor, or of the buffered `Value`.
macro_rules! forwarded {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[inline(always)]
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
            match plan(self.rule) {
                Plan::Stream => self
                    .inner
                    .$method($($arg,)* Checking::new(visitor, self.rule, self.print)),
                Plan::Buffer(rule) => {
                    buffered(self.inner, rule, self.print, |value| value.$method($($arg,)* visitor))
                }
            }
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Checked<'_, '_, D> {
    type Error = D::Error;

    forward_plain_methods!(forwarded);

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        match plan(self.rule) {
            Plan::Stream => self
                .inner
                .deserialize_any(CheckingEnum::new(visitor, self.rule, self.print)),
            Plan::Buffer(rule) => buffered(self.inner, rule, self.print, |value| {
                value.deserialize_enum(name, variants, visitor)
            }),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        match plan(self.rule) {
            Plan::Stream => self
                .inner
                .deserialize_any(Checking::new(visitor, self.rule, self.print)),
            Plan::Buffer(rule) => buffered(self.inner, rule, self.print, |value| {
                value.deserialize_ignored_any(visitor)
            }),
        }
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}
