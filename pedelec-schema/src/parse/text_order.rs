//! The key order of a JSON text, which `serde_json::Value` forgets
//! without its `preserve_order` feature (a feature of the library's users'
//! build, not the library's to choose).
//!
//! A model writes a call's properties in the order the schema lists them,
//! so the order an author wrote is part of the schema: `from_json_str` and
//! `convert_str` read the text once more into an [`OrderedJson`] and put the
//! model's properties in its order with [`reorder`].

use crate::json::OrderedJson;
use crate::schema::{ObjectNode, SchemaNode};

/// `text`'s key order: the text read into [`OrderedJson`], which keeps
/// each object's keys as written.
pub(crate) fn read(text: &str) -> Result<OrderedJson, serde_json::Error> {
    serde_json::from_str(text)
}

/// Puts the properties of `root` - read or converted from `source`, the
/// schema as its text wrote it - in the text's order, at every level:
/// nested `properties`, `items` and `oneOf` branches.
///
/// The rule for a node conversion merged: its properties come in the order
/// they first appear in its sources, read in text order - the node's own
/// `properties` where that key stands among its `$ref` (a local JSON
/// Pointer, followed) and `allOf` (each branch in turn), and, for an
/// object, the branches of an `anyOf`/`oneOf` it was merged from.
/// Properties no source lists (there are none in a schema of the subset)
/// keep their order, after the others. A `oneOf` whose branches are not
/// the source's one for one (branches dropped or split) keeps its
/// branches' order.
pub(crate) fn reorder(root: &mut ObjectNode, source: &OrderedJson) {
    let mut walk = Walk {
        document: source,
        budget: BUDGET,
    };
    walk.object(root, &[source]);
}

/// How many `$ref`s one path follows: a recursive definition is written
/// a few levels deep only.
const MAX_REFS: usize = 8;

/// How many source nodes one reordering visits at most, whatever the
/// references fan out to; beyond it, properties keep the order they have.
const BUDGET: usize = 1 << 16;

struct Walk<'o> {
    /// The whole text, which local `$ref`s point into.
    document: &'o OrderedJson,
    budget: usize,
}

impl<'o> Walk<'o> {
    fn object(&mut self, object: &mut ObjectNode, sources: &[&'o OrderedJson]) {
        let sources = self.expand(sources, true);
        let mut order: Vec<&str> = Vec::new();
        for properties in sources.iter().filter_map(|s| s.get("properties")) {
            for key in properties.keys() {
                if !order.contains(&key) {
                    order.push(key);
                }
            }
        }
        if order.len() > 1 {
            object.properties.sort_by_key(|p| {
                order
                    .iter()
                    .position(|k| *k == p.name)
                    .unwrap_or(usize::MAX)
            });
        }
        for property in &mut object.properties {
            let children: Vec<&OrderedJson> = sources
                .iter()
                .filter_map(|s| s.get("properties")?.get(&property.name))
                .collect();
            self.node(&mut property.node, &children);
        }
    }

    fn node(&mut self, node: &mut SchemaNode, sources: &[&'o OrderedJson]) {
        match node {
            SchemaNode::Object(object) => self.object(object, sources),
            SchemaNode::Array(array) => {
                let sources = self.expand(sources, false);
                let items: Vec<&OrderedJson> =
                    sources.iter().filter_map(|s| s.get("items")).collect();
                self.node(&mut array.items, &items);
            }
            SchemaNode::OneOf(one_of) => {
                let sources = self.expand(sources, false);
                let branches = sources.iter().find_map(|s| {
                    let branches = s.get("oneOf").or_else(|| s.get("anyOf"));
                    branches?
                        .as_array()
                        .filter(|branches| branches.len() == one_of.branches.len())
                });
                if let Some(branches) = branches {
                    for (branch, source) in one_of.branches.iter_mut().zip(branches) {
                        self.node(branch, &[source]);
                    }
                }
            }
            _ => {}
        }
    }

    /// Every source node `sources` stand for, in text order, each once.
    fn expand(&mut self, sources: &[&'o OrderedJson], unions: bool) -> Vec<&'o OrderedJson> {
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for source in sources {
            self.push(source, 0, unions, &mut seen, &mut out);
        }
        out
    }

    /// Adds `source` to `out` where its `properties` stand among the nodes
    /// its `$ref` and `allOf` (and, with `unions`, `anyOf`/`oneOf`) bring
    /// in.
    fn push(
        &mut self,
        source: &'o OrderedJson,
        refs: usize,
        unions: bool,
        seen: &mut Vec<*const OrderedJson>,
        out: &mut Vec<&'o OrderedJson>,
    ) {
        let Some(members) = source.entries() else {
            return;
        };
        if self.budget == 0 || seen.contains(&std::ptr::from_ref(source)) {
            return;
        }
        self.budget -= 1;
        seen.push(source);
        if source.get("properties").is_none() {
            out.push(source);
        }
        for (key, value) in members {
            match (key.as_str(), value) {
                ("properties", _) => out.push(source),
                ("$ref", _) if refs < MAX_REFS => {
                    let target = value
                        .as_str()
                        .and_then(|r| r.strip_prefix('#'))
                        .and_then(|pointer| self.document.at(pointer));
                    if let Some(target) = target {
                        self.push(target, refs + 1, unions, seen, out);
                    }
                }
                ("allOf", branches) => {
                    for branch in branches.as_array().unwrap_or_default() {
                        self.push(branch, refs, unions, seen, out);
                    }
                }
                ("anyOf" | "oneOf", branches) if unions => {
                    for branch in branches.as_array().unwrap_or_default() {
                        self.push(branch, refs, unions, seen, out);
                    }
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolArgsSchema;
    use serde_json::json;

    fn names(object: &ObjectNode) -> Vec<&str> {
        object.properties.iter().map(|p| p.name.as_str()).collect()
    }

    fn keys(order: &OrderedJson) -> Vec<&str> {
        order.keys().collect()
    }

    #[test]
    fn keys_keep_the_text_order_and_a_repeated_key_is_the_last() {
        let text = r#"{"b": 1, "a": {"z": [], "y": "s"}, "b": {"q": 2, "p": 3}}"#;
        let order = read(text).unwrap();
        assert_eq!(keys(&order), ["a", "b"]);
        assert_eq!(keys(order.at("/a").unwrap()), ["z", "y"]);
        assert_eq!(keys(order.at("/b").unwrap()), ["q", "p"]);
        assert_eq!(order.at("/a/y").unwrap().as_str(), Some("s"));
        assert!(order.at("/nothing").is_none());
        assert!(read("{\"a\": ").is_err());
    }

    #[test]
    fn arrays_hold_their_elements_in_order() {
        let order = read(r#"[{"d": 1, "c": 2}, [true, null, 1.5], "x"]"#).unwrap();
        assert_eq!(keys(order.at("/0").unwrap()), ["d", "c"]);
        assert_eq!(*order.at("/1").unwrap(), json!([true, null, 1.5]));
        assert_eq!(order.at("/2").unwrap().as_str(), Some("x"));
        assert!(order.at("/3").is_none());
        assert!(order.at("/x").is_none());
    }

    #[test]
    fn nested_one_of_branches_and_items_follow_the_text() {
        let text = r#"{"type": "object", "properties": {
            "z": {"oneOf": [
                {"type": "object", "properties": {"n": {"type": "string"}, "m": {"type": "string"}}},
                {"type": "array", "items": {"type": "object", "properties": {
                    "k": {"type": "object", "properties": {"j": {"type": "number"}, "i": {"type": "number"}}},
                    "h": {"type": "number"}}}}
            ]},
            "a": {"type": "string"}}}"#;
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        let (root, _) = crate::parse::parse_root(&value, None);
        let mut root = root.unwrap();
        reorder(&mut root, &read(text).unwrap());
        assert_eq!(names(&root), ["z", "a"]);
        let SchemaNode::OneOf(one_of) = &root.properties[0].node else {
            panic!("a oneOf")
        };
        let SchemaNode::Object(first) = &one_of.branches[0] else {
            panic!("an object")
        };
        assert_eq!(names(first), ["n", "m"]);
        let SchemaNode::Array(array) = &one_of.branches[1] else {
            panic!("an array")
        };
        let SchemaNode::Object(item) = array.items.as_ref() else {
            panic!("an object")
        };
        assert_eq!(names(item), ["k", "h"]);
        let SchemaNode::Object(k) = &item.properties[0].node else {
            panic!("an object")
        };
        assert_eq!(names(k), ["j", "i"]);
    }

    #[test]
    fn converted_properties_follow_references_and_merges() {
        let text = r##"{"type": "object", "properties": {
            "zeta": {"type": "string"},
            "alpha": {"type": "array", "items": {"$ref": "#/$defs/P"}},
            "mid": {"allOf": [
                {"type": "object", "properties": {"y": {"type": "number"}}},
                {"$ref": "#/$defs/P"},
                {"properties": {"b": {"type": "number"}}}]}},
            "$defs": {"P": {"type": "object", "properties": {"y": {"type": "number"}, "x": {"type": "number"}}}}}"##;
        let converted = crate::convert(&serde_json::from_str(text).unwrap()).unwrap();
        let mut root = converted.schema.root().clone();
        reorder(&mut root, &read(text).unwrap());
        assert_eq!(names(&root), ["zeta", "alpha", "mid"]);
        let SchemaNode::Array(array) = &root.properties[1].node else {
            panic!("an array")
        };
        let SchemaNode::Object(point) = array.items.as_ref() else {
            panic!("an object")
        };
        assert_eq!(names(point), ["y", "x"]);
        let SchemaNode::Object(mid) = &root.properties[2].node else {
            panic!("an object")
        };
        assert_eq!(names(mid), ["y", "x", "b"]);
        assert_eq!(ToolArgsSchema::new(root).unwrap(), converted.schema);
    }

    #[test]
    fn a_reference_cycle_ends() {
        let text = r##"{"type": "object", "properties": {"t": {"$ref": "#/$defs/T"}},
            "$defs": {"T": {"type": "object", "allOf": [{"$ref": "#/$defs/T"}, {"$ref": "#/$defs/T"}],
                "properties": {"s": {"type": "string"}, "next": {"$ref": "#/$defs/T"}}}}}"##;
        let converted = crate::convert(&serde_json::from_str(text).unwrap()).unwrap();
        let mut root = converted.schema.root().clone();
        reorder(&mut root, &read(text).unwrap());
        let SchemaNode::Object(t) = &root.properties[0].node else {
            panic!("an object")
        };
        assert_eq!(names(t), ["s", "next"]);
    }
}
