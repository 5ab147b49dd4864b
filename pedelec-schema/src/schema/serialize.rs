//! JSON output in one canonical key order: `type` (or `oneOf`), the kind's
//! keywords in the order `docs/subset.md` section 1 lists them, then
//! `description`, `default`, `examples`. Objects always carry `properties`
//! and `required`, as the Pedelec SDK writes them, so a no-argument tool
//! serializes as `{"type":"object","properties":{},"required":[]}`.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::{
    ArrayNode, BooleanNode, Metadata, NumberNode, ObjectNode, OneOfNode, Property, SchemaNode,
    StringNode,
};

impl Serialize for SchemaNode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match self {
            SchemaNode::String(node) => write_string(&mut map, node)?,
            SchemaNode::Number(node) => write_number(&mut map, "number", node)?,
            SchemaNode::Integer(node) => write_number(&mut map, "integer", node)?,
            SchemaNode::Boolean(node) => write_boolean(&mut map, node)?,
            SchemaNode::Array(node) => write_array(&mut map, node)?,
            SchemaNode::Object(node) => write_object(&mut map, node)?,
            SchemaNode::OneOf(node) => write_one_of(&mut map, node)?,
        }
        write_metadata(&mut map, self.meta())?;
        map.end()
    }
}

impl Serialize for ObjectNode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        write_object(&mut map, self)?;
        write_metadata(&mut map, &self.meta)?;
        map.end()
    }
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

fn write_array<M: SerializeMap>(map: &mut M, node: &ArrayNode) -> Result<(), M::Error> {
    map.serialize_entry("type", "array")?;
    map.serialize_entry("items", &*node.items)?;
    write_some(map, "minItems", &node.min_items)?;
    write_some(map, "maxItems", &node.max_items)?;
    if node.unique_items {
        map.serialize_entry("uniqueItems", &true)?;
    }
    Ok(())
}

fn write_object<M: SerializeMap>(map: &mut M, node: &ObjectNode) -> Result<(), M::Error> {
    map.serialize_entry("type", "object")?;
    map.serialize_entry("properties", &PropertiesMap(&node.properties))?;
    map.serialize_entry("required", &node.required)
}

fn write_one_of<M: SerializeMap>(map: &mut M, node: &OneOfNode) -> Result<(), M::Error> {
    map.serialize_entry("oneOf", &node.branches)
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
struct PropertiesMap<'a>(&'a [Property]);

impl Serialize for PropertiesMap<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for property in self.0 {
            map.serialize_entry(&property.name, &property.node)?;
        }
        map.end()
    }
}
