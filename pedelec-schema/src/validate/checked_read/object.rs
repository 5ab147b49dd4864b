//! Objects while streaming: each key looked up among the schema's
//! properties as it comes, its value checked against that property's rule,
//! and at the end, every required property seen.
//!
//! The text has its keys in any order, so the walk's merged pass over
//! sorted keys does not apply; a key is found by binary search over the
//! sorted properties instead, with the same eight-byte prefix comparison.
//! Properties are remembered in a bit set by their place, which also
//! catches a named property given twice: `serde_json` would keep only the
//! last one in a `Value`, so the fast path refuses rather than check a
//! value that validation would never see. The set is one word: an object
//! node of more than 64 properties (tool schemas seldom have one) is left
//! to the full walk.

use serde::de::value::{BorrowedStrDeserializer, MapAccessDeserializer, StrDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};

use super::deserializer::CheckedSeed;
use super::fingerprint::{self, Print};
use super::one_of::select;
use super::strict::Unnamed;
use super::{refused, undecided};
use crate::validate::{ObjectRule, Rule};

/// The object rule that checks an object at the node compiled to `rule`.
pub(super) fn rule_at(rule: &Rule) -> Option<&ObjectRule> {
    select(rule, |rule| match rule {
        Rule::Object(object) => Some(object),
        _ => None,
    })
}

/// Gives `visitor` the entries of `map`, checked against `rule`.
pub(super) fn visit<'de, V: Visitor<'de>, A: MapAccess<'de>>(
    visitor: V,
    map: A,
    rule: &ObjectRule,
    print: Print<'_>,
) -> Result<V::Value, A::Error> {
    read_checked(map, rule, print, |checked| visitor.visit_map(checked))
}

/// Gives the enum `visitor` the variant that `map`, an object of one
/// property, holds, checked against `rule`. A second property is left
/// unread by the visitor: `finish` refuses it, as serde refuses it in the
/// text (validation would accept it).
pub(super) fn visit_enum<'de, V: Visitor<'de>, A: MapAccess<'de>>(
    visitor: V,
    map: A,
    rule: &ObjectRule,
    print: Print<'_>,
) -> Result<V::Value, A::Error> {
    read_checked(map, rule, print, |checked| {
        visitor.visit_enum(MapAccessDeserializer::new(checked))
    })
}

/// What `read` reads from `map` with every entry checked against `rule`,
/// once the object has been seen whole.
#[inline(always)]
fn read_checked<'de, A: MapAccess<'de>, T>(
    map: A,
    rule: &ObjectRule,
    print: Print<'_>,
    read: impl FnOnce(&mut CheckedMap<'_, A>) -> Result<T, A::Error>,
) -> Result<T, A::Error> {
    if rule.property_count() > SEEN_PROPERTIES {
        return Err(undecided());
    }
    let mut checked = CheckedMap::new(map, rule, print.wanted());
    // The caller's result is returned as it is, which spares copying a
    // large `T` into a new one.
    let result = read(&mut checked);
    if result.is_ok() {
        checked.finish(print)?;
    }
    result
}

/// A map whose values are checked as they are read.
struct CheckedMap<'r, A> {
    inner: A,
    rule: &'r ObjectRule,
    /// The places of the properties seen so far, as bits.
    seen: u64,
    /// The place and rule of the property whose key was just read; `None`
    /// for a key that the schema does not name.
    current: Option<(usize, &'r Rule)>,
    /// The place of the property the last key found named: the next key
    /// is looked for after it first.
    last_place: Option<usize>,
    /// Whether the wrapped map said it has no more entries.
    ended: bool,
    /// Whether a fingerprint is wanted, and its parts so far.
    printing: bool,
    entries: u64,
    count: usize,
}

impl<'de, 'r, A: MapAccess<'de>> CheckedMap<'r, A> {
    fn new(inner: A, rule: &'r ObjectRule, printing: bool) -> Self {
        CheckedMap {
            inner,
            rule,
            seen: 0,
            current: None,
            last_place: None,
            ended: false,
            printing,
            entries: 0,
            count: 0,
        }
    }

    /// Once the caller's visitor is done: the object must have ended there
    /// (a visitor that stopped early leaves the rest unchecked) and hold
    /// every required property.
    #[inline(always)]
    fn finish(&mut self, print: Print<'_>) -> Result<(), A::Error> {
        if !self.ended && self.inner.next_key::<IgnoredAny>()?.is_some() {
            return Err(undecided());
        }
        if !self.rule.has_required_bits(self.seen) {
            return Err(refused());
        }
        print.record(|| fingerprint::object(self.count, self.entries));
        Ok(())
    }
}

impl<'de, 'r, A: MapAccess<'de>> MapAccess<'de> for CheckedMap<'r, A> {
    type Error = A::Error;

    #[inline(always)]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let key = KeySeed {
            seed,
            rule: self.rule,
            last: self.last_place,
        };
        let Some((key, property)) = self.inner.next_key_seed(key)? else {
            self.ended = true;
            return Ok(None);
        };
        self.count += 1;
        if let Some((place, _)) = property {
            let bit = 1 << place;
            if self.seen & bit != 0 {
                return Err(refused());
            }
            self.seen |= bit;
            self.last_place = Some(place);
        }
        self.current = property;
        Ok(Some(key))
    }

    #[inline(always)]
    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        let Some((place, rule)) = self.current.take() else {
            // Validation does not look at a property the schema does not
            // name, so neither does the fast path: `T` reads it as it likes,
            // but a value it skips is still read as JSON (`strict.rs`).
            return self.inner.next_value_seed(Unnamed(seed));
        };
        if !self.printing {
            return self.inner.next_value_seed(CheckedSeed {
                seed,
                rule,
                print: Print::NONE,
            });
        }
        let mut value_print = 0;
        let value = self.inner.next_value_seed(CheckedSeed {
            seed,
            rule,
            print: Print::into(&mut value_print),
        })?;
        self.entries = self
            .entries
            .wrapping_add(fingerprint::entry(place, value_print));
        Ok(value)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

/// The caller's key seed, and the property its key names: the key is read
/// as a string, looked up, then given to the seed as that string.
struct KeySeed<'r, K> {
    seed: K,
    rule: &'r ObjectRule,
    /// The place of the property the key before named, after which this
    /// key is looked for first ([`ObjectRule::property`]).
    last: Option<usize>,
}

type Property<'r> = Option<(usize, &'r Rule)>;

impl<'de, 'r, K: DeserializeSeed<'de>> DeserializeSeed<'de> for KeySeed<'r, K> {
    type Value = (K::Value, Property<'r>);

    #[inline(always)]
    fn deserialize<D: Deserializer<'de>>(self, key: D) -> Result<Self::Value, D::Error> {
        key.deserialize_str(self)
    }
}

impl<'de, 'r, K: DeserializeSeed<'de>> Visitor<'de> for KeySeed<'r, K> {
    type Value = (K::Value, Property<'r>);

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("a property name")
    }

    #[inline(always)]
    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Self::Value, E> {
        let property = self.rule.property(key, self.last);
        let key = self.seed.deserialize(BorrowedStrDeserializer::new(key))?;
        Ok((key, property))
    }

    #[inline(always)]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        let property = self.rule.property(key, self.last);
        let key = self.seed.deserialize(StrDeserializer::new(key))?;
        Ok((key, property))
    }
}

/// How many properties an object node may have for the fast path: the
/// bits of [`CheckedMap::seen`].
const SEEN_PROPERTIES: usize = 64;
