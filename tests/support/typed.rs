//! The benchmark workloads as derived Rust types, for the typed calls
//! (`from_args`, `from_args_str`), the checked results
//! (`ToolResult::structured`: each type is also an output type) and their
//! plain serde baselines. Each
//! type's schema is its workload's schema in [`payloads`](crate::payloads),
//! without the descriptions and defaults (a unit test holds them equal), so
//! the typed rows measure the same checks as the untyped ones.

use serde::{Deserialize, Serialize};

use pedelec_schema::ToolArgs;

/// `spawn_closed_polygons` of the Pedelec demos.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
pub struct SpawnClosedPolygons {
    #[tool_args(min_items = 1, max_items = 6)]
    pub items: Vec<PolygonItem>,
}

/// One polygon: a preset, or an outer contour with optional holes.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(rename_all = "camelCase")]
pub struct PolygonItem {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<Preset>,
    #[tool_args(min_items = 3, max_items = 64)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outer: Option<Vec<Point>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holes: Option<Vec<Contour>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<Size>,
    #[tool_args(minimum = 1, maximum = 8)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
    #[tool_args(minimum = 0, maximum = 1)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x_hint: Option<f64>,
}

/// A built-in polygon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    Heart,
    Shield,
    Droplet,
}

/// A closed contour: 3 to 64 points.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(transparent)]
#[tool_args(min_items = 3, max_items = 64)]
pub struct Contour(pub Vec<Point>);

/// A point in normalized polygon space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
pub struct Point {
    #[tool_args(minimum = -100, maximum = 100)]
    pub x: i32,
    #[tool_args(minimum = -100, maximum = 100)]
    pub y: i32,
}

/// A named size, or a number.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(untagged)]
pub enum Size {
    Named(SizeName),
    Number(#[tool_args(minimum = 8, maximum = 40)] f64),
}

/// The named sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(rename_all = "lowercase")]
pub enum SizeName {
    Small,
    Medium,
    Large,
}

/// Twenty properties of every kind, every other one required.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
pub struct TwentyProperties {
    pub field_00: Name,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_01: Option<Count>,
    pub field_02: Level,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_03: Option<bool>,
    #[tool_args(max_items = 10, unique_items)]
    pub field_04: Vec<Tag>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_05: Option<Name>,
    pub field_06: Count,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_07: Option<Level>,
    pub field_08: bool,
    #[tool_args(max_items = 10, unique_items)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_09: Option<Vec<Tag>>,
    pub field_10: Name,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_11: Option<Count>,
    pub field_12: Level,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_13: Option<bool>,
    #[tool_args(max_items = 10, unique_items)]
    pub field_14: Vec<Tag>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_15: Option<Name>,
    pub field_16: Count,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_17: Option<Level>,
    pub field_18: bool,
    #[tool_args(max_items = 10, unique_items)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_19: Option<Vec<Tag>>,
}

/// A name.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(transparent)]
#[tool_args(min_length = 1, max_length = 64)]
pub struct Name(pub String);

/// 0 to 1000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(transparent)]
#[tool_args(minimum = 0, maximum = 1000)]
pub struct Count(pub u16);

/// How urgent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Low,
    Medium,
    High,
}

/// A lower-case tag.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
#[serde(transparent)]
#[tool_args(pattern = "^[a-z0-9_-]+$")]
pub struct Tag(pub String);

/// A bulk call: up to 10 000 records.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
pub struct LargeArray {
    #[tool_args(max_items = 10000)]
    pub records: Vec<Record>,
}

/// One record of [`LargeArray`].
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
pub struct Record {
    #[tool_args(minimum = 0)]
    pub id: u64,
    #[tool_args(max_length = 32)]
    pub label: String,
    #[tool_args(minimum = 0, maximum = 1)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::payloads;

    /// `schema` without `description` and `default`, at any depth.
    fn without_metadata(schema: &Value) -> Value {
        match schema {
            Value::Object(map) => Value::Object(
                map.iter()
                    .filter(|(key, _)| !matches!(key.as_str(), "description" | "default"))
                    .map(|(key, value)| (key.clone(), without_metadata(value)))
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.iter().map(without_metadata).collect()),
            other => other.clone(),
        }
    }

    fn canonical(schema: &Value) -> Value {
        let parsed = pedelec_schema::ToolArgsSchema::from_value(schema).unwrap();
        without_metadata(&parsed.to_value())
    }

    /// The workload's ids have no `maximum`; a `u64` brings its own.
    fn large_array_with_u64_ids() -> Value {
        let mut schema = payloads::large_array_schema();
        schema["properties"]["records"]["items"]["properties"]["id"]["maximum"] =
            Value::from(u64::MAX);
        schema
    }

    #[test]
    fn each_type_has_its_workloads_schema() {
        let polygons = crate::realworld_schema("pedelec_demos.json", "spawn_closed_polygons");
        let cases = [
            (SpawnClosedPolygons::schema().to_value(), polygons),
            (
                TwentyProperties::schema().to_value(),
                payloads::twenty_properties_schema(),
            ),
            (LargeArray::schema().to_value(), large_array_with_u64_ids()),
        ];
        for (derived, workload) in cases {
            assert_eq!(without_metadata(&derived), canonical(&workload));
        }
    }
}
