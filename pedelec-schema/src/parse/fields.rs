//! A schema node's keys, read once.
//!
//! The parser asks a node for its keywords many times over (`type`, then
//! the metadata, then the kind's own keywords). `serde_json` maps are
//! B-trees, where each lookup compares strings down the tree; [`Fields`]
//! walks the map once and files every subset keyword in a slot, so that
//! reading one afterwards is an array index.

use serde_json::{Map, Value};

use super::keywords::{KIND_KEYWORDS, METADATA};

/// One slot for each keyword of the subset: `type`, `oneOf`, the metadata
/// and the kind keywords.
const SLOTS: usize = 2 + METADATA.len() + KIND_KEYWORDS.len();

/// The slot of a subset keyword. A `match` on string literals compiles to
/// a switch on the length and a few fixed-size comparisons, with no call.
#[inline(always)]
fn slot(key: &str) -> Option<usize> {
    Some(match key {
        "type" => 0,
        "oneOf" => 1,
        "description" => 2,
        "default" => 3,
        "examples" => 4,
        "enum" => 5,
        "minLength" => 6,
        "maxLength" => 7,
        "pattern" => 8,
        "minimum" => 9,
        "maximum" => 10,
        "items" => 11,
        "minItems" => 12,
        "maxItems" => 13,
        "uniqueItems" => 14,
        "properties" => 15,
        "required" => 16,
        _ => return None,
    })
}

/// A node's map, with its subset keywords filed by slot.
pub(crate) struct Fields<'a> {
    map: &'a Map<String, Value>,
    slots: [Option<&'a Value>; SLOTS],
}

impl<'a> Fields<'a> {
    pub(crate) fn new(map: &'a Map<String, Value>) -> Self {
        let mut slots = [None; SLOTS];
        for (key, value) in map {
            if let Some(slot) = slot(key) {
                slots[slot] = Some(value);
            }
        }
        Fields { map, slots }
    }

    /// The value of `key`: from its slot for a subset keyword (a constant
    /// `key` resolves to the slot when this is inlined), from the map
    /// otherwise.
    #[inline(always)]
    pub(crate) fn get(&self, key: &str) -> Option<&'a Value> {
        match slot(key) {
            Some(slot) => self.slots[slot],
            None => self.map.get(key),
        }
    }

    #[inline(always)]
    pub(crate) fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub(crate) fn keys(&self) -> serde_json::map::Keys<'a> {
        self.map.keys()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every keyword of the subset, as the keyword tables list them.
    fn subset_keywords() -> Vec<&'static str> {
        ["type", "oneOf"]
            .into_iter()
            .chain(METADATA.iter().copied())
            .chain(KIND_KEYWORDS.iter().map(|(name, _)| *name))
            .collect()
    }

    #[test]
    fn every_subset_keyword_has_a_slot_of_its_own() {
        let mut slots: Vec<usize> = subset_keywords()
            .into_iter()
            .map(|keyword| slot(keyword).unwrap_or_else(|| panic!("{keyword} has no slot")))
            .collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots, (0..SLOTS).collect::<Vec<_>>());
    }

    #[test]
    fn lookups_agree_with_the_map() {
        let value = json!({"type": "string", "minLength": 1, "x-custom": true, "format": "uri"});
        let map = value.as_object().unwrap();
        let fields = Fields::new(map);
        for key in subset_keywords()
            .into_iter()
            .chain(["x-custom", "format", "absent", ""])
        {
            assert_eq!(fields.get(key), map.get(key), "{key}");
        }
    }
}
