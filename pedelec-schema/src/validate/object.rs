use std::cmp::Ordering;
use std::sync::LazyLock;

use serde_json::{Map, Value};

use super::plan::{self, ObjectPlan, PlannedProperty};
use super::{self as validate, fail, type_mismatch, Here, Sink};
use crate::schema::ObjectNode;

/// Checks an object: its properties in name order, a missing required
/// property at its name's place.
pub(super) fn check<S: Sink>(
    object: &ObjectNode,
    plan: &ObjectPlan,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    let Value::Object(map) = value else {
        return type_mismatch("an object", value, here, sink);
    };
    let mut valid = true;
    let mut keys = SortedKeys::new(map);
    for planned in &plan.by_name {
        let name = &object.properties[planned.index].name;
        match keys.find(name) {
            Some(present) if !property(object, plan, *planned, present, here, sink) => {
                valid = false;
                if S::FAIL_FAST {
                    return false;
                }
            }
            Some(_) => {}
            None if planned.required => {
                fail!(
                    sink,
                    here,
                    valid,
                    "required",
                    "the required property `{name}` is missing"
                );
            }
            None => {}
        }
    }
    valid
}

#[inline(always)]
fn property<S: Sink>(
    object: &ObjectNode,
    plan: &ObjectPlan,
    planned: PlannedProperty,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    let property = &object.properties[planned.index];
    let properties_schema = here.schema.key("properties");
    let property_here = Here {
        instance: &here.instance.key(&property.name),
        schema: &properties_schema.key(&property.name),
    };
    let child_plan = plan::child(&plan.children, planned.index);
    validate::child(&property.node, child_plan, value, property_here, sink)
}

/// Finds keys asked for in ascending order with one pass over the map.
///
/// `serde_json` maps iterate in key order unless its `preserve_order`
/// feature is on somewhere in the build; then they iterate in insertion
/// order, and the cursor uses lookups instead.
struct SortedKeys<'a> {
    map: &'a Map<String, Value>,
    entries: serde_json::map::Iter<'a>,
    current: Option<(&'a String, &'a Value)>,
    sorted: bool,
}

impl<'a> SortedKeys<'a> {
    fn new(map: &'a Map<String, Value>) -> Self {
        let mut entries = map.iter();
        let current = entries.next();
        SortedKeys {
            map,
            entries,
            current,
            sorted: *MAPS_ARE_SORTED,
        }
    }

    #[inline]
    fn find(&mut self, name: &str) -> Option<&'a Value> {
        if !self.sorted {
            return self.map.get(name);
        }
        while let Some((key, value)) = self.current {
            match compare_keys(key.as_bytes(), name.as_bytes()) {
                Ordering::Less => self.current = self.entries.next(),
                Ordering::Equal => return Some(value),
                Ordering::Greater => return None,
            }
        }
        None
    }
}

/// `str` ordering, inlined: property names are short, and a call to
/// `memcmp` per comparison would cost more than the comparison itself.
#[inline]
fn compare_keys(a: &[u8], b: &[u8]) -> Ordering {
    let (mut a_rest, mut b_rest) = (a, b);
    // Eight bytes at a time while both have them (big-endian words order
    // like their bytes), then byte by byte.
    while let (Some((a_word, a_tail)), Some((b_word, b_tail))) = (
        a_rest.split_first_chunk::<8>(),
        b_rest.split_first_chunk::<8>(),
    ) {
        if a_word != b_word {
            return u64::from_be_bytes(*a_word).cmp(&u64::from_be_bytes(*b_word));
        }
        (a_rest, b_rest) = (a_tail, b_tail);
    }
    for (x, y) in a_rest.iter().zip(b_rest) {
        if x != y {
            return x.cmp(y);
        }
    }
    a.len().cmp(&b.len())
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
    use super::compare_keys;

    #[test]
    fn key_order_is_str_order() {
        let keys = [
            "",
            "a",
            "ab",
            "abcdefgh",
            "abcdefghi",
            "abcdefgi",
            "b",
            "field_01",
            "field_10",
            "é",
            "🐲",
            "\u{0}",
        ];
        for a in keys {
            for b in keys {
                assert_eq!(
                    compare_keys(a.as_bytes(), b.as_bytes()),
                    a.cmp(b),
                    "{a:?} vs {b:?}"
                );
            }
        }
    }
}
