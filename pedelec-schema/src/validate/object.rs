//! The object rule: one merged pass over an object's keys and the schema's
//! properties, both in name order, checking each present property and
//! reporting each missing required one at its name's place.

use std::cmp::Ordering;
use std::sync::LazyLock;

use serde_json::{Map, Value};

use super::site::Pointers;
use super::{invalid, Rule, Sink, Trail};
use crate::document::Failure;
use crate::document::Span;
use crate::json_view::JsonView;
use crate::schema::ObjectNode;
use crate::small_string::SmallString;

/// An object node: its properties sorted by name, each with whether it is
/// required.
///
/// `serde_json` keeps an object's keys sorted, so with the schema's
/// properties in the same order one merged pass over both finds every
/// property and every missing required one: no lookups, and one string
/// comparison per key.
/// The JSON type the rule takes, as its type failure names it.
pub(super) const EXPECTED: &str = "an object";

#[derive(Debug, Clone)]
pub(crate) struct ObjectRule {
    site: Span,
    properties: Box<[PropertyRule]>,
    /// The properties' names, one after another (one allocation for all).
    names: Box<str>,
    /// Whether `serde_json` maps iterate in key order in this build.
    keys_sorted: bool,
    /// The places of the required properties as bits (bit `i` for
    /// `properties[i]`), for objects of up to 64 properties.
    required_bits: u64,
    /// The place (in name order) of the property declared first.
    declared_first: usize,
}

#[derive(Debug, Clone)]
struct PropertyRule {
    /// Where the name is in [`ObjectRule::names`].
    name: Span,
    /// The name's [`prefix`].
    prefix: u64,
    required: bool,
    /// Where the property is in its node's `properties`, for a walk that
    /// follows the node and the rule together (`compiled.rs`).
    declared: usize,
    /// The place (in name order) of the property declared after this one;
    /// past the last place for the last one.
    declared_next: usize,
    rule: Rule,
}

/// A property as [`ObjectRule::entries`] gives it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry<'r> {
    pub(super) name: &'r str,
    pub(super) required: bool,
    /// Where it is in its node's `properties`.
    pub(super) declared: usize,
    pub(super) rule: &'r Rule,
}

impl PropertyRule {
    /// How the name orders against an object's `key`, whose [`prefix`] is
    /// `key_prefix`, as `str` orders them; `names` is the object's
    /// [`ObjectRule::names`].
    ///
    /// Where the prefixes differ, they differ at a byte both strings have,
    /// or where the shorter one is padded with a zero that sorts it first,
    /// as `str` does. Equal prefixes of strings no longer than eight bytes
    /// leave only the lengths to compare. Nothing else about the key is
    /// looked at on the way, so the merged loop keeps nothing else alive.
    #[inline(always)]
    fn cmp_key(&self, names: &str, key: &str, key_prefix: u64) -> Ordering {
        if self.prefix < key_prefix {
            return Ordering::Less;
        }
        if self.prefix > key_prefix {
            return Ordering::Greater;
        }
        let len = self.name.len();
        if len == key.len() && len <= 8 {
            Ordering::Equal
        } else if len <= 8 && key.len() <= 8 {
            len.cmp(&key.len())
        } else {
            self.cmp_whole(names, key)
        }
    }

    /// Whether the property is named `key`: the lengths, then the prefixes
    /// decide, and for a longer name the rest of it.
    #[inline(always)]
    fn is_named(&self, names: &str, key: &str) -> bool {
        self.name.len() == key.len()
            && self.prefix == prefix(key.as_bytes())
            && (key.len() <= 8 || self.name_in(names) == key)
    }

    /// The rare case of equal prefixes and a longer string: the whole
    /// strings decide.
    #[inline(never)]
    fn cmp_whole(&self, names: &str, key: &str) -> Ordering {
        self.name_in(names).cmp(key)
    }

    fn name_in<'a>(&self, names: &'a str) -> &'a str {
        self.name.of(names)
    }
}

impl ObjectRule {
    /// Where the node is in the schema.
    pub(super) fn site(&self) -> Span {
        self.site
    }

    pub(super) fn compile(node: &ObjectNode, site: Span, pointers: &mut Pointers) -> Self {
        let mut required: Vec<&str> = node.required.iter().map(String::as_str).collect();
        required.sort_unstable();
        let mut by_name: Vec<_> = node.properties.iter().enumerate().collect();
        by_name.sort_by(|(_, a), (_, b)| a.name.cmp(&b.name));
        let mut names = String::with_capacity(by_name.iter().map(|(_, p)| p.name.len()).sum());
        let mut properties = by_name
            .into_iter()
            .map(|(declared, property)| {
                let property_site = pointers.child(site, &["properties", &property.name]);
                PropertyRule {
                    name: Span::appended(&mut names, |names| names.push_str(&property.name)),
                    prefix: prefix(property.name.as_bytes()),
                    required: required.binary_search(&property.name.as_str()).is_ok(),
                    declared,
                    declared_next: usize::MAX,
                    rule: Rule::compile(&property.node, property_site, pointers),
                }
            })
            .collect::<Box<[PropertyRule]>>();
        // `place_of[declared]` is the place of the property declared there.
        let mut place_of = vec![0; properties.len()];
        for (place, property) in properties.iter().enumerate() {
            place_of[property.declared] = place;
        }
        for property in properties.iter_mut() {
            property.declared_next = place_of
                .get(property.declared + 1)
                .copied()
                .unwrap_or(usize::MAX);
        }
        let required_bits = properties
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, property)| property.required)
            .fold(0, |bits, (place, _)| bits | 1 << place);
        ObjectRule {
            site,
            properties,
            required_bits,
            names: names.into_boxed_str(),
            keys_sorted: *MAPS_ARE_SORTED,
            declared_first: place_of.first().copied().unwrap_or(usize::MAX),
        }
    }

    /// The properties, in name order.
    pub(super) fn entries(&self) -> impl Iterator<Item = Entry<'_>> {
        self.properties
            .iter()
            .map(|property| self.entry_of(property))
    }

    /// The property named `key`, if the schema names it.
    pub(super) fn entry(&self, key: &str) -> Option<Entry<'_>> {
        let (place, _) = self.search_property(key)?;
        Some(self.entry_of(&self.properties[place]))
    }

    fn entry_of<'r>(&'r self, property: &'r PropertyRule) -> Entry<'r> {
        Entry {
            name: property.name_in(&self.names),
            required: property.required,
            declared: property.declared,
            rule: &property.rule,
        }
    }

    /// How many properties the schema names.
    pub(super) fn property_count(&self) -> usize {
        self.properties.len()
    }

    /// The place (in name order) and the rule of the property named `key`,
    /// if the schema names it: for a walk that meets the keys in the order
    /// the value has them, not sorted, where `last` is the place of the
    /// property the key before named.
    ///
    /// Two places are tried first, inline: the property declared next
    /// (a model writes the keys in the order it was shown them, and a
    /// Python `dict` or a JavaScript object keeps its author's order), then
    /// the next in name order (serde_json writes a `Value`'s keys sorted).
    /// The search, out of line, only when both miss.
    #[inline(always)]
    pub(super) fn property(&self, key: &str, last: Option<usize>) -> Option<(usize, &Rule)> {
        let (declared, sorted) = match last {
            None => (self.declared_first, 0),
            Some(last) => (self.properties[last].declared_next, last + 1),
        };
        for hint in [declared, sorted] {
            match self.properties.get(hint) {
                Some(property) if property.is_named(&self.names, key) => {
                    return Some((hint, &property.rule))
                }
                _ => {}
            }
        }
        self.search_property(key)
    }

    /// [`property`](Self::property) without a hint: a few properties are
    /// scanned in order, comparing prefixes and lengths; beyond
    /// `SCANNED_PROPERTIES`, binary search saves more than its branches
    /// cost.
    #[inline(never)]
    fn search_property(&self, key: &str) -> Option<(usize, &Rule)> {
        /// Objects of tool arguments mostly have fewer.
        const SCANNED_PROPERTIES: usize = 12;
        let place = if self.properties.len() <= SCANNED_PROPERTIES {
            self.properties
                .iter()
                .position(|property| property.is_named(&self.names, key))
        } else {
            let key_prefix = prefix(key.as_bytes());
            self.properties
                .binary_search_by(|property| property.cmp_key(&self.names, key, key_prefix))
                .ok()
        }?;
        Some((place, &self.properties[place].rule))
    }

    /// Whether the property at `place` in name order is required.
    pub(super) fn is_required(&self, place: usize) -> bool {
        self.properties[place].required
    }

    /// Whether every required property is among those seen, for an object
    /// of up to 64 properties: bit `i` of `seen` for the property at place
    /// `i` in name order.
    #[inline(always)]
    pub(super) fn has_required_bits(&self, seen: u64) -> bool {
        debug_assert!(self.properties.len() <= 64);
        seen & self.required_bits == self.required_bits
    }

    /// Whether `map` has every required property: an object's own check,
    /// once each of its properties passed theirs.
    pub(super) fn has_required(&self, map: &Map<String, Value>) -> bool {
        self.properties
            .iter()
            .all(|property| !property.required || map.contains_key(property.name_in(&self.names)))
    }

    /// Reports `property` missing. Out of line, so that the loops that
    /// find a missing property keep nothing alive for it.
    #[cold]
    #[inline(never)]
    fn missing<S: Sink>(&self, property: &PropertyRule, at: &Trail<'_>, sink: &mut S) {
        let name = property.name_in(&self.names);
        sink.fail(at, self.site, |_| Failure::Required {
            name: SmallString::from(name),
        });
    }

    /// Checks the object `value`: its properties in name order, a missing
    /// required property at its name's place.
    pub(super) fn check<'a, S: Sink, V: JsonView<'a>>(
        &self,
        value: V,
        at: &Trail<'_>,
        sink: &mut S,
    ) -> bool {
        match value.as_value() {
            Some(Value::Object(map)) if self.keys_sorted => {
                let entries = map.iter().map(|(key, value)| (key.as_str(), value));
                self.check_sorted(entries, at, sink)
            }
            Some(Value::Object(map)) => self.check_by_lookup(map, at, sink),
            // A binding's entries, in its own order, are sorted first: the
            // walk finds the properties and reports the failures in name
            // order, as it does for a `Value`'s.
            _ => self.check_unsorted::<S, V>(value.entries(), at, sink),
        }
    }

    /// [`check`](Self::check) for a binding's entries, sorted first (on
    /// the stack up to `ON_STACK`; only a larger object takes an
    /// allocation). Out of line: its room would enlarge the frame of every
    /// object's check, a `Value`'s too.
    #[inline(never)]
    fn check_unsorted<'a, S: Sink, V: JsonView<'a>>(
        &self,
        entries: V::Entries,
        at: &Trail<'_>,
        sink: &mut S,
    ) -> bool {
        /// Entries sorted on the stack, up to this many.
        const ON_STACK: usize = 16;
        let count = entries.len();
        if count <= ON_STACK {
            let mut held: [Option<(&str, V)>; ON_STACK] = [None; ON_STACK];
            for (slot, entry) in held.iter_mut().zip(entries) {
                *slot = Some(entry);
            }
            let held = &mut held[..count];
            held.sort_unstable_by_key(|entry| entry.map(|(key, _)| key));
            return self.check_sorted(held.iter().flatten().copied(), at, sink);
        }
        let mut sorted: Vec<(&str, V)> = entries.collect();
        sorted.sort_unstable_by_key(|&(key, _)| key);
        self.check_sorted(sorted.into_iter(), at, sink)
    }

    /// [`check`](Self::check) for a `Value`'s map that does not iterate in
    /// key order (serde_json's `preserve_order` feature).
    #[cold]
    fn check_by_lookup<S: Sink>(
        &self,
        map: &Map<String, Value>,
        at: &Trail<'_>,
        sink: &mut S,
    ) -> bool {
        let mut valid = true;
        for property in &self.properties {
            let name = property.name_in(&self.names);
            match map.get(name) {
                Some(value) if !property.rule.check(value, at, sink) => invalid!(valid),
                Some(_) => {}
                None if property.required => {
                    self.missing(property, at, sink);
                    invalid!(valid);
                }
                None => {}
            }
        }
        valid
    }

    /// One merged pass over an object's entries and the properties, both
    /// in name order.
    #[inline(always)]
    fn check_sorted<'a, S: Sink, V: JsonView<'a>>(
        &self,
        entries: impl Iterator<Item = (&'a str, V)>,
        at: &Trail<'_>,
        sink: &mut S,
    ) -> bool {
        let mut valid = true;
        let properties = &self.properties[..];
        // Properties before `next` have been matched or reported.
        let mut next = 0;
        'keys: for (key, value) in entries {
            let key_prefix = prefix(key.as_bytes());
            while let Some(current) = properties.get(next) {
                match current.cmp_key(&self.names, key, key_prefix) {
                    Ordering::Greater => continue 'keys,
                    Ordering::Equal => {
                        next += 1;
                        // A property's place in the value follows from its
                        // schema pointer: the trail stays as it is.
                        if !current.rule.check(value, at, sink) {
                            invalid!(valid);
                        }
                        continue 'keys;
                    }
                    Ordering::Less => {
                        next += 1;
                        if current.required {
                            self.missing(current, at, sink);
                            invalid!(valid);
                        }
                    }
                }
            }
            break;
        }
        for current in properties.get(next..).unwrap_or_default() {
            if current.required {
                self.missing(current, at, sink);
                invalid!(valid);
            }
        }
        valid
    }
}

/// The first eight bytes of `bytes` as a big-endian number, zero-padded: a
/// number that orders like them.
///
/// Names in tool schemas are short and mostly differ early, so comparing a
/// key with a property name is nearly always one integer comparison, where
/// `str` ordering would call `memcmp`. Short keys are read with two overlapping loads rather than byte by byte:
/// where the loads overlap they hold the same bytes, so or-ing them is
/// exact.
#[inline(always)]
fn prefix(bytes: &[u8]) -> u64 {
    let len = bytes.len();
    if let Some(first) = bytes.first_chunk::<8>() {
        u64::from_be_bytes(*first)
    } else if let (Some(head), Some(tail)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        // 4 to 7 bytes: the tail's last byte belongs at position len - 1.
        u64::from(u32::from_be_bytes(*head)) << 32
            | u64::from(u32::from_be_bytes(*tail)) << (8 * (8 - len))
    } else if let (Some(head), Some(&last)) = (bytes.first_chunk::<2>(), bytes.last()) {
        // 2 or 3 bytes, likewise.
        u64::from(u16::from_be_bytes(*head)) << 48 | u64::from(last) << (8 * (8 - len))
    } else if let Some(&only) = bytes.first() {
        u64::from(only) << 56
    } else {
        0
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
    use serde_json::json;

    use super::super::site::Pointers;
    use super::super::{Rule, Validator};
    use super::{prefix, ObjectRule, PropertyRule};
    use crate::document::Span;
    use crate::schema::SchemaNode;
    use crate::tool_args_schema::ToolArgsSchema;

    /// With `serde_json`'s `preserve_order` feature, maps iterate in
    /// insertion order and an object's entries are sorted first, as a
    /// binding's view's are; both ways must report the same.
    #[test]
    fn lookups_report_what_the_merged_pass_reports() {
        let schema = ToolArgsSchema::from_value(&json!({
            "type": "object",
            "properties": {
                "b": {"type": "integer", "maximum": 1},
                "a": {"type": "string"},
                "c": {"type": "boolean"},
                "d": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}
            },
            "required": ["a", "c"]
        }))
        .unwrap();
        let object = schema.root();
        let node = SchemaNode::Object(object.clone());
        let mut pointers = Pointers::default();
        let mut unsorted = ObjectRule::compile(object, Span::ROOT, &mut pointers);
        unsorted.keys_sorted = false;
        let by_lookup = Validator {
            rule: Rule::Object(unsorted),
            pointers: pointers.finish(),
            edges: Default::default(),
        };
        let merged = Validator::of(&node);
        for value in [
            json!({}),
            json!({"a": "x", "c": true}),
            json!({"a": 1, "b": 2, "d": {}, "z": null}),
            json!({"b": 0, "c": "no", "d": {"x": 1}}),
            json!([]),
        ] {
            assert_eq!(merged.errors(&value), by_lookup.errors(&value), "{value}");
            assert_eq!(merged.accepts(&value), by_lookup.accepts(&value), "{value}");
        }
    }

    /// A key is found, at its place in name order, whichever key came
    /// before it; the place declared next, then the next place in name
    /// order, are the ones tried before the search.
    #[test]
    fn a_key_is_found_whatever_came_before_it() {
        // From text, which keeps the properties' order (a `Value`'s map is
        // sorted).
        let schema = ToolArgsSchema::from_json_str(
            r#"{"type": "object", "properties": {
                "path": {"type": "string"},
                "edits": {"type": "array", "items": {"type": "string"}},
                "dryRun": {"type": "boolean"},
                "a_name_longer_than_eight_bytes": {"type": "integer"}
            }}"#,
        )
        .unwrap();
        let rule = ObjectRule::compile(schema.root(), Span::ROOT, &mut Pointers::default());
        let declared = ["path", "edits", "dryRun", "a_name_longer_than_eight_bytes"];
        let sorted = ["a_name_longer_than_eight_bytes", "dryRun", "edits", "path"];
        let place = |key: &str| sorted.iter().position(|name| *name == key);
        // The declared order, through the places.
        assert_eq!(rule.declared_first, place("path").unwrap());
        for pair in declared.windows(2) {
            let before = rule.properties[place(pair[0]).unwrap()].declared_next;
            assert_eq!(Some(before), place(pair[1]), "after {}", pair[0]);
        }
        let last = rule.properties[place(declared[3]).unwrap()].declared_next;
        assert!(rule.properties.get(last).is_none());
        // Found from every place before it, and from none; an unknown key,
        // or one a byte off, never.
        let lasts = (0..sorted.len()).map(Some).chain([None]);
        for last in lasts {
            for key in declared {
                let found = rule.property(key, last).map(|(place, _)| place);
                assert_eq!(found, place(key), "{key} after {last:?}");
            }
            for key in [
                "",
                "pat",
                "paths",
                "dryrun",
                "a_name_longer_than_eight_bytez",
            ] {
                assert!(rule.property(key, last).is_none(), "{key} after {last:?}");
            }
        }
    }

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
    fn prefixes_are_the_first_eight_bytes_zero_padded() {
        for text in keys() {
            let mut padded = [0u8; 8];
            let bytes = text.as_bytes();
            let shown = bytes.len().min(8);
            padded[..shown].copy_from_slice(&bytes[..shown]);
            assert_eq!(
                prefix(text.as_bytes()),
                u64::from_be_bytes(padded),
                "{text:?}"
            );
        }
    }

    /// A property's name lives in its object's names buffer; against any
    /// key it must order as the name itself does, wherever the name sits
    /// in the buffer.
    #[test]
    fn property_keys_order_as_their_names() {
        let keys = keys();
        let leaf = Rule::Object(ObjectRule::compile(
            &Default::default(),
            Span::ROOT,
            &mut Pointers::default(),
        ));
        assert_eq!(keys.len(), 170);
        for a in &keys {
            for b in &keys {
                let mut names = b.to_string();
                let property = PropertyRule {
                    name: Span::appended(&mut names, |names| names.push_str(a)),
                    prefix: prefix(a.as_bytes()),
                    required: false,
                    declared: 0,
                    declared_next: usize::MAX,
                    rule: leaf.clone(),
                };
                assert_eq!(
                    property.cmp_key(&names, b, prefix(b.as_bytes())),
                    a.cmp(b),
                    "{a:?} vs {b:?}"
                );
            }
        }
    }
}
