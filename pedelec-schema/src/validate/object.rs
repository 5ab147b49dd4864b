use std::cmp::Ordering;
use std::sync::LazyLock;

use serde_json::{Map, Value};

use super::failure::Failure;
use super::site::{Span, Text};
use super::{fail, type_mismatch, Rule, Sink, Trail};
use crate::schema::ObjectNode;

/// An object node: its properties sorted by name, each with whether it is
/// required.
///
/// `serde_json` keeps an object's keys sorted, so with the schema's
/// properties in the same order one merged pass over both finds every
/// property and every missing required one: no lookups, and one string
/// comparison per key.
#[derive(Debug, Clone)]
pub(crate) struct ObjectRule {
    site: Span,
    properties: Box<[PropertyRule]>,
    /// Whether `serde_json` maps iterate in key order in this build.
    keys_sorted: bool,
}

#[derive(Debug, Clone)]
struct PropertyRule {
    name: Box<str>,
    /// The name again, in the schema's text, for a `required` message.
    name_in_text: Span,
    /// The name's [`Key::prefix`].
    prefix: u64,
    required: bool,
    rule: Rule,
}

impl PropertyRule {
    #[inline(always)]
    fn key(&self) -> Key<'_> {
        Key {
            text: &self.name,
            prefix: self.prefix,
        }
    }
}

impl ObjectRule {
    pub(super) fn compile(node: &ObjectNode, site: Span, text: &mut Text) -> Self {
        let mut properties: Vec<PropertyRule> = node
            .properties
            .iter()
            .map(|property| {
                let property_site = text.child(site, &["properties", &property.name]);
                PropertyRule {
                    name: Box::from(property.name.as_str()),
                    name_in_text: text.verbatim(&property.name),
                    prefix: Key::new(&property.name).prefix,
                    required: node.required.contains(&property.name),
                    rule: Rule::compile(&property.node, property_site, text),
                }
            })
            .collect();
        properties.sort_by(|a, b| a.name.cmp(&b.name));
        ObjectRule {
            site,
            properties: properties.into_boxed_slice(),
            keys_sorted: *MAPS_ARE_SORTED,
        }
    }

    /// Checks an object: its properties in name order, a missing required
    /// property at its name's place.
    pub(super) fn check<S: Sink>(&self, value: &Value, at: &Trail<'_>, sink: &mut S) -> bool {
        let Value::Object(map) = value else {
            return type_mismatch("an object", value, at, self.site, sink);
        };
        let mut valid = true;
        let mut keys = SortedKeys::new(map, self.keys_sorted);
        for property in &self.properties {
            match keys.find(&property.key()) {
                Some(present) if !property.rule.check(present, &at.key(&property.name), sink) => {
                    valid = false;
                    if S::FAIL_FAST {
                        return false;
                    }
                }
                Some(_) => {}
                None if property.required => {
                    fail!(
                        sink,
                        at,
                        self.site,
                        valid,
                        Failure::Required {
                            name: property.name_in_text,
                        }
                    );
                }
                None => {}
            }
        }
        valid
    }
}

/// Finds keys asked for in ascending order with one pass over the map.
///
/// `serde_json` maps iterate in key order unless its `preserve_order`
/// feature is on somewhere in the build; then they iterate in insertion
/// order, and the cursor uses lookups instead.
struct SortedKeys<'a> {
    map: &'a Map<String, Value>,
    entries: serde_json::map::Iter<'a>,
    current: Option<(Key<'a>, &'a Value)>,
    sorted: bool,
}

impl<'a> SortedKeys<'a> {
    #[inline(always)]
    fn new(map: &'a Map<String, Value>, sorted: bool) -> Self {
        let mut entries = map.iter();
        let current = entries.next().map(|(key, value)| (Key::new(key), value));
        SortedKeys {
            map,
            entries,
            current,
            sorted,
        }
    }

    /// The value of `name`, which must come after every name asked for
    /// before.
    #[inline(always)]
    fn find(&mut self, name: &Key<'_>) -> Option<&'a Value> {
        if !self.sorted {
            return self.map.get(name.text);
        }
        while let Some((key, value)) = &self.current {
            match key.cmp(name) {
                Ordering::Less => {
                    self.current = self
                        .entries
                        .next()
                        .map(|(key, value)| (Key::new(key), value));
                }
                Ordering::Equal => return Some(value),
                Ordering::Greater => return None,
            }
        }
        None
    }
}

/// A property name or an object key, with its first eight bytes as a
/// number that orders like them.
///
/// Names in tool schemas are short and mostly differ early, so comparing
/// two keys is nearly always one integer comparison, where `str` ordering
/// would call `memcmp`.
#[derive(Debug, Clone, Copy)]
struct Key<'a> {
    text: &'a str,
    /// The first eight bytes, big-endian, zero-padded.
    prefix: u64,
}

impl<'a> Key<'a> {
    #[inline(always)]
    fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let prefix = match bytes.first_chunk::<8>() {
            Some(first) => u64::from_be_bytes(*first),
            None => bytes.iter().enumerate().fold(0, |word, (at, &byte)| {
                word | u64::from(byte) << (56 - 8 * at)
            }),
        };
        Key { text, prefix }
    }

    /// The order of `str`. Where the prefixes differ, they differ at a byte
    /// both keys have, or where the shorter one is padded with a zero that
    /// sorts it first, as `str` does.
    #[inline(always)]
    fn cmp(&self, other: &Key<'_>) -> Ordering {
        match self.prefix.cmp(&other.prefix) {
            // Equal prefixes, and neither key is longer: what the shorter
            // lacks are zero bytes, so it sorts first.
            Ordering::Equal if self.text.len() <= 8 && other.text.len() <= 8 => {
                self.text.len().cmp(&other.text.len())
            }
            Ordering::Equal => self.rest().cmp(other.rest()),
            unequal => unequal,
        }
    }

    /// What follows the prefix.
    fn rest(&self) -> &'a [u8] {
        self.text.as_bytes().get(8..).unwrap_or_default()
    }
}

/// Whether `serde_json::Map` iterates in key order in this build.
static MAPS_ARE_SORTED: LazyLock<bool> = LazyLock::new(|| {
    let mut map = Map::new();
    map.insert("b".to_owned(), Value::Null);
    map.insert("a".to_owned(), Value::Null);
    map.keys().next().is_some_and(|first| first == "a")
});

#[cfg(test)]
mod tests {
    use super::Key;

    /// Every string of up to three characters from a few that matter (a
    /// zero byte sorts like padding; `é` is two bytes), alone and behind
    /// seven bytes, so that each straddles the eight-byte prefix.
    fn keys() -> Vec<String> {
        let alphabet = ["\u{0}", "a", "\u{7f}", "é"];
        let mut short = vec![String::new()];
        for length in 1..=3 {
            let longer: Vec<String> = short
                .iter()
                .filter(|s| s.chars().count() == length - 1)
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            short.extend(longer);
        }
        let straddling: Vec<String> = short.iter().map(|s| format!("abcdefg{s}")).collect();
        short.into_iter().chain(straddling).collect()
    }

    #[test]
    fn key_order_is_str_order() {
        let keys = keys();
        assert_eq!(keys.len(), 170);
        for a in &keys {
            for b in &keys {
                assert_eq!(Key::new(a).cmp(&Key::new(b)), a.cmp(b), "{a:?} vs {b:?}");
            }
        }
    }
}
