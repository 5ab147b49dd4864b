//! The order of the keys in the file, which `serde_json::Value` forgets
//! (without its `preserve_order` feature, which this package does not turn
//! on: it would change every map of the library's users). The converted
//! schema lists its properties in the order the file listed them.

use std::fmt;

use pedelec_schema::schema::{ObjectNode, SchemaNode};
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// A JSON document's shape, keys in the order they were written.
#[derive(Debug, Clone, PartialEq)]
pub enum Ordered {
    /// An object, its members in file order (a repeated key: the last one,
    /// as serde_json keeps).
    Object(Vec<(String, Ordered)>),
    /// An array.
    Array(Vec<Ordered>),
    /// A string, a number, a boolean or null.
    Scalar(Option<String>),
}

impl Ordered {
    /// The member `key` of an object, or element `key` of an array.
    fn get(&self, key: &str) -> Option<&Ordered> {
        match self {
            Ordered::Object(members) => {
                members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
            }
            Ordered::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
            Ordered::Scalar(_) => None,
        }
    }

    /// The value at a JSON Pointer.
    pub fn at(&self, pointer: &str) -> Option<&Ordered> {
        let tokens = crate::pointer::tokens(pointer)?;
        tokens.iter().try_fold(self, |node, token| node.get(token))
    }

    fn keys(&self) -> Vec<&str> {
        match self {
            Ordered::Object(members) => members.iter().map(|(k, _)| k.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    fn text(&self) -> Option<&str> {
        match self {
            Ordered::Scalar(text) => text.as_deref(),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(OrderedVisitor)
    }
}

struct OrderedVisitor;

impl<'de> Visitor<'de> for OrderedVisitor {
    type Value = Ordered;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JSON")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(None))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(None))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(None))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(None))
    }
    fn visit_unit<E>(self) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(None))
    }
    fn visit_str<E>(self, text: &str) -> Result<Ordered, E> {
        Ok(Ordered::Scalar(Some(text.to_owned())))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Ordered, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Ordered::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered, A::Error> {
        let mut members: Vec<(String, Ordered)> = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Ordered>()? {
            members.retain(|(k, _)| *k != key);
            members.push((key, value));
        }
        Ok(Ordered::Object(members))
    }
}

/// Puts the properties of `root` (converted from `source`, the schema as
/// the file wrote it) in the file's order, at every level the source
/// describes the same way: nested properties, `items`, and local `$ref`s
/// followed. Properties the file does not order keep their place after
/// the others.
pub fn reorder(root: &mut ObjectNode, source: &Ordered) {
    reorder_object(root, Some(source), source, 0);
}

/// How many `$ref`s one path follows: a recursive definition is written
/// a few levels deep only.
const MAX_REFS: usize = 8;

fn reorder_object(
    object: &mut ObjectNode,
    source: Option<&Ordered>,
    document: &Ordered,
    refs: usize,
) {
    let Some((source, refs)) = resolve(source, document, refs) else {
        return;
    };
    let properties = source.get("properties");
    if let Some(properties) = properties {
        let order = properties.keys();
        object.properties.sort_by_key(|p| {
            order
                .iter()
                .position(|k| *k == p.name)
                .unwrap_or(usize::MAX)
        });
    }
    for property in &mut object.properties {
        let child = properties.and_then(|p| p.get(&property.name));
        reorder_node(&mut property.node, child, document, refs);
    }
}

fn reorder_node(node: &mut SchemaNode, source: Option<&Ordered>, document: &Ordered, refs: usize) {
    match node {
        SchemaNode::Object(object) => reorder_object(object, source, document, refs),
        SchemaNode::Array(array) => {
            let Some((source, refs)) = resolve(source, document, refs) else {
                return;
            };
            reorder_node(&mut array.items, source.get("items"), document, refs);
        }
        SchemaNode::OneOf(one_of) => {
            let Some((source, refs)) = resolve(source, document, refs) else {
                return;
            };
            let branches = source.get("oneOf").or_else(|| source.get("anyOf"));
            if let Some(Ordered::Array(sources)) = branches {
                if sources.len() == one_of.branches.len() {
                    for (branch, source) in one_of.branches.iter_mut().zip(sources) {
                        reorder_node(branch, Some(source), document, refs);
                    }
                }
            }
        }
        _ => {}
    }
}

/// The node `source` stands for: itself, or the target of its local
/// `$ref` when it has no `properties` of its own.
fn resolve<'o>(
    source: Option<&'o Ordered>,
    document: &'o Ordered,
    refs: usize,
) -> Option<(&'o Ordered, usize)> {
    let source = source?;
    if source.get("properties").is_some() || refs >= MAX_REFS {
        return Some((source, refs));
    }
    let target = source
        .get("$ref")
        .and_then(Ordered::text)
        .and_then(|r| r.strip_prefix('#'))
        .and_then(|pointer| document.at(pointer));
    match target {
        Some(target) => resolve(Some(target), document, refs + 1),
        None => Some((source, refs)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pedelec_schema::ToolArgsSchema;

    fn names(object: &ObjectNode) -> Vec<&str> {
        object.properties.iter().map(|p| p.name.as_str()).collect()
    }

    #[test]
    fn keys_keep_the_file_order() {
        let text = r#"{"b": 1, "a": {"z": [], "y": "s"}, "b": 2}"#;
        let ordered: Ordered = serde_json::from_str(text).unwrap();
        assert_eq!(ordered.keys(), ["a", "b"]);
        assert_eq!(ordered.at("/a").unwrap().keys(), ["z", "y"]);
        assert_eq!(ordered.at("/a/y").unwrap().text(), Some("s"));
        assert!(ordered.at("/nothing").is_none());
    }

    #[test]
    fn properties_follow_the_file_through_items_and_references() {
        let text = r##"{"type": "object", "properties": {
            "zeta": {"type": "string"},
            "alpha": {"type": "array", "items": {"$ref": "#/$defs/P"}}},
            "$defs": {"P": {"type": "object", "properties": {"y": {"type": "number"}, "x": {"type": "number"}}}}}"##;
        let ordered: Ordered = serde_json::from_str(text).unwrap();
        let converted = pedelec_schema::convert(&serde_json::from_str(text).unwrap()).unwrap();
        let mut root = converted.schema.root().clone();
        assert_eq!(names(&root), ["alpha", "zeta"]);
        reorder(&mut root, &ordered);
        assert_eq!(names(&root), ["zeta", "alpha"]);
        let SchemaNode::Array(array) = &root.properties[1].node else {
            panic!("an array")
        };
        let SchemaNode::Object(point) = array.items.as_ref() else {
            panic!("an object")
        };
        assert_eq!(names(point), ["y", "x"]);
        assert_eq!(ToolArgsSchema::new(root).unwrap(), converted.schema);
    }
}
