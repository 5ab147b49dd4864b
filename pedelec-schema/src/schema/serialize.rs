//! JSON output in one canonical key order (`order.rs`): `type` (or
//! `oneOf`), the kind's keywords in the order `docs/subset.md` section 1
//! lists them, then `description`, `default`, `examples`. Objects always
//! carry `properties` and `required`, as the Pedelec SDK writes them, so a
//! no-argument tool serializes as
//! `{"type":"object","properties":{},"required":[]}`.
//!
//! [`Lean`] writes the same but for the `required` of an object that
//! requires nothing: for a document rewritten from a source that did not
//! say it (`convert`'s output), where an added `"required": []` would be a
//! keyword its author never wrote.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::{
    ArrayNode, BooleanNode, Metadata, NumberNode, ObjectNode, OneOfNode, Property, SchemaNode,
    StringNode,
};

impl Serialize for SchemaNode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write_node(serializer, self, Style::Canonical)
    }
}

impl Serialize for ObjectNode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write_root(serializer, self, Style::Canonical)
    }
}

/// A node written in the canonical form, but with no `required` where an
/// object requires nothing.
pub(crate) struct Lean<'a>(pub(crate) &'a ObjectNode);

impl Serialize for Lean<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write_root(serializer, self.0, Style::Lean)
    }
}

/// Whether an object that requires nothing says so.
#[derive(Clone, Copy)]
enum Style {
    Canonical,
    Lean,
}

/// A child node, written in its parent's style.
struct Styled<'a>(&'a SchemaNode, Style);

impl Serialize for Styled<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        write_node(serializer, self.0, self.1)
    }
}

fn write_node<S: Serializer>(
    serializer: S,
    node: &SchemaNode,
    style: Style,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(None)?;
    match node {
        SchemaNode::String(node) => write_string(&mut map, node)?,
        SchemaNode::Number(node) => write_number(&mut map, "number", node)?,
        SchemaNode::Integer(node) => write_number(&mut map, "integer", node)?,
        SchemaNode::Boolean(node) => write_boolean(&mut map, node)?,
        SchemaNode::Array(node) => write_array(&mut map, node, style)?,
        SchemaNode::Object(node) => write_object(&mut map, node, style)?,
        SchemaNode::OneOf(node) => write_one_of(&mut map, node, style)?,
    }
    write_metadata(&mut map, node.meta())?;
    map.end()
}

fn write_root<S: Serializer>(
    serializer: S,
    node: &ObjectNode,
    style: Style,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(None)?;
    write_object(&mut map, node, style)?;
    write_metadata(&mut map, &node.meta)?;
    map.end()
}

fn write_string<M: SerializeMap>(map: &mut M, node: &StringNode) -> Result<(), M::Error> {
    map.serialize_entry("type", "string")?;
    write_some(map, "enum", &node.enum_values)?;
    write_some(map, "minLength", &node.min_length)?;
    write_some(map, "maxLength", &node.max_length)?;
    if let Some(pattern) = &node.pattern {
        map.serialize_entry("pattern", pattern.as_str())?;
    }
    Ok(())
}

fn write_number<M: SerializeMap>(
    map: &mut M,
    type_name: &str,
    node: &NumberNode,
) -> Result<(), M::Error> {
    map.serialize_entry("type", type_name)?;
    write_some(map, "enum", &node.enum_values)?;
    write_some(map, "minimum", &node.minimum)?;
    write_some(map, "maximum", &node.maximum)
}

fn write_boolean<M: SerializeMap>(map: &mut M, node: &BooleanNode) -> Result<(), M::Error> {
    map.serialize_entry("type", "boolean")?;
    write_some(map, "enum", &node.enum_values)
}

fn write_array<M: SerializeMap>(
    map: &mut M,
    node: &ArrayNode,
    style: Style,
) -> Result<(), M::Error> {
    map.serialize_entry("type", "array")?;
    map.serialize_entry("items", &Styled(&node.items, style))?;
    write_some(map, "minItems", &node.min_items)?;
    write_some(map, "maxItems", &node.max_items)?;
    if node.unique_items {
        map.serialize_entry("uniqueItems", &true)?;
    }
    Ok(())
}

fn write_object<M: SerializeMap>(
    map: &mut M,
    node: &ObjectNode,
    style: Style,
) -> Result<(), M::Error> {
    map.serialize_entry("type", "object")?;
    map.serialize_entry("properties", &PropertiesMap(&node.properties, style))?;
    match style {
        Style::Lean if node.required.is_empty() => Ok(()),
        _ => map.serialize_entry("required", &node.required),
    }
}

fn write_one_of<M: SerializeMap>(
    map: &mut M,
    node: &OneOfNode,
    style: Style,
) -> Result<(), M::Error> {
    let mut branches = Vec::with_capacity(node.branches.len());
    branches.extend(node.branches.iter().map(|branch| Styled(branch, style)));
    map.serialize_entry("oneOf", &branches)
}

fn write_metadata<M: SerializeMap>(map: &mut M, meta: &Metadata) -> Result<(), M::Error> {
    write_some(map, "description", &meta.description)?;
    write_some(map, "default", &meta.default)?;
    if !meta.examples.is_empty() {
        map.serialize_entry("examples", &meta.examples)?;
    }
    Ok(())
}

fn write_some<M: SerializeMap, T: Serialize>(
    map: &mut M,
    key: &str,
    value: &Option<T>,
) -> Result<(), M::Error> {
    match value {
        Some(value) => map.serialize_entry(key, value),
        None => Ok(()),
    }
}

/// `properties` as a JSON object in declaration order.
struct PropertiesMap<'a>(&'a [Property], Style);

impl Serialize for PropertiesMap<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for property in self.0 {
            map.serialize_entry(&property.name, &Styled(&property.node, self.1))?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::super::keyword_rank;
    use crate::schema::SchemaNode as N;

    /// The top-level keys of `node` in the order the serializer writes
    /// them (`serde_json`'s `Value` would sort them).
    fn written_keys(node: &N) -> Vec<String> {
        let text = serde_json::to_string(node).unwrap();
        let mut keys = Vec::new();
        let mut deserializer = serde_json::Deserializer::from_str(&text);
        let visitor = KeysInOrder(&mut keys);
        serde::Deserializer::deserialize_map(&mut deserializer, visitor).unwrap();
        keys
    }

    struct KeysInOrder<'a>(&'a mut Vec<String>);

    impl<'de> serde::de::Visitor<'de> for KeysInOrder<'_> {
        type Value = ();

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a map")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            while let Some((key, _)) = map.next_entry::<String, serde::de::IgnoredAny>()? {
                self.0.push(key);
            }
            Ok(())
        }
    }

    #[test]
    fn every_kind_writes_its_keywords_in_the_canonical_order() {
        let meta = |node: N| -> N {
            let mut node = node;
            let meta = node.meta_mut();
            meta.description = Some("d".to_owned());
            meta.default = Some(serde_json::json!(1));
            meta.examples = vec![serde_json::json!(1)];
            node
        };
        let pattern = crate::pattern::Pattern::new("^a").unwrap();
        let mut array = N::array(N::string()).min_items(1).max_items(2);
        array.unique_items = true;
        let nodes: Vec<N> = vec![
            N::string()
                .enum_values(["a"])
                .min_length(1)
                .max_length(2)
                .pattern(pattern)
                .into(),
            N::number().enum_values([1]).minimum(0).maximum(2).into(),
            N::integer().enum_values([1]).minimum(0).maximum(2).into(),
            N::boolean().enum_values([true]).into(),
            array.into(),
            N::object().required_property("a", N::string()).into(),
            N::one_of([N::from(N::string()), N::integer().into()]).into(),
        ];
        for node in nodes {
            let keys = written_keys(&meta(node));
            let ranks: Vec<usize> = keys.iter().map(|key| keyword_rank(key)).collect();
            assert!(ranks.windows(2).all(|pair| pair[0] < pair[1]), "{keys:?}");
        }
    }
}
