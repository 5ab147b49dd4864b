//! The test data, loaded for tests and benchmarks.
//!
//! The data lives in `tests/data/` (each folder's README says where it
//! comes from and under which licence): the JSON-Schema-Test-Suite cases
//! typed into the subset, and real tool schemas that agents publish.

pub mod cargo;
pub mod fuzz;
// The library's own JSON Pointer writer (private there), through a link
// as the `pedelec-lint` package compiles it too.
pub mod pointer;
pub mod sloppy;
pub mod strategies;
pub mod typed;

use std::path::PathBuf;

use serde::Deserialize;
use serde_json::{json, Value};

/// The keywords of the subset, as `docs/subset.md` section 1 lists them. Tests use
/// this list rather than the library's own, so that they check the library
/// against the specification and not against itself.
pub const SUBSET_KEYWORDS: &[&str] = &[
    "type",
    "oneOf",
    "description",
    "default",
    "examples",
    "enum",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "properties",
    "required",
];

/// The folder that holds `conformance/`, `realworld/` and `repair/`.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn read_json<T: for<'de> Deserialize<'de>>(relative: &str) -> T {
    let path = data_dir().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|err| panic!("{} is not JSON: {err}", path.display()))
}

/// One group of `conformance/accepted.json`.
#[derive(Debug, Deserialize)]
pub struct AcceptedGroup {
    /// The suite file it came from.
    pub file: String,
    /// The suite's description of the group.
    pub description: String,
    /// A schema inside the subset.
    pub schema: Value,
    /// Values with their expected validity.
    pub tests: Vec<ConformanceTest>,
}

/// One value of a conformance group.
#[derive(Debug, Deserialize)]
pub struct ConformanceTest {
    /// The suite's description.
    pub description: String,
    /// The value to validate.
    pub data: Value,
    /// Whether the suite says it is valid.
    pub valid: bool,
}

/// One group of `conformance/rejected.json`.
#[derive(Debug, Deserialize)]
pub struct RejectedGroup {
    /// The suite file it came from.
    pub file: String,
    /// The suite's description of the group.
    pub description: String,
    /// A schema outside the subset.
    pub schema: Value,
    /// Which rule of the subset it breaks.
    pub why: String,
}

/// One entry of a `realworld/*.json` file.
#[derive(Debug, Deserialize)]
pub struct RealWorldSchema {
    /// Where it was published.
    pub source: String,
    /// The file it was read from.
    pub path: String,
    /// The tool it belongs to.
    pub tool: String,
    /// The tool's input schema.
    pub schema: Value,
}

/// The schemas of one `realworld/*.json` file as an MCP tool list
/// (`[{"name", "inputSchema"}...]`), the way `pedelec-lint` reads a
/// server's tools.
pub fn tool_list(schemas: &[RealWorldSchema]) -> Value {
    schemas
        .iter()
        .map(|s| json!({"name": s.tool, "inputSchema": s.schema}))
        .collect()
}

/// `conformance/accepted.json`.
pub fn accepted() -> Vec<AcceptedGroup> {
    read_json("conformance/accepted.json")
}

/// `conformance/rejected.json`.
pub fn rejected() -> Vec<RejectedGroup> {
    read_json("conformance/rejected.json")
}

/// `repair/corpus.json`: malformed calls, each labelled with the value
/// its writer meant or "refuse".
#[derive(Debug, Deserialize)]
pub struct RepairCorpus {
    /// The tools' input schemas, by name.
    pub schemas: std::collections::BTreeMap<String, Value>,
    pub cases: Vec<RepairCase>,
}

/// One labelled call of [`RepairCorpus`].
#[derive(Debug, Deserialize)]
pub struct RepairCase {
    pub name: String,
    /// The public report it is quoted from, or `"own"`.
    pub source: String,
    /// The name of its schema in [`RepairCorpus::schemas`].
    pub schema: String,
    /// The argument text as the model sent it.
    pub text: String,
    /// The value meant, or the string `"refuse"`.
    pub expect: Value,
    /// The codes of the repairs, in text order.
    #[serde(default)]
    pub changes: Vec<String>,
    /// What is wrong, and why the label.
    pub why: String,
}

/// `repair/corpus.json`.
pub fn repair_corpus() -> RepairCorpus {
    read_json("repair/corpus.json")
}

/// Every `realworld/*.json` file, as (file name, its schemas), sorted by name.
pub fn realworld() -> Vec<(String, Vec<RealWorldSchema>)> {
    realworld_in("realworld")
}

/// Every `realworld/more/*.json` file, as (`more/` and the file name, its
/// schemas), sorted by name.
pub fn realworld_more() -> Vec<(String, Vec<RealWorldSchema>)> {
    realworld_in("realworld/more")
        .into_iter()
        .map(|(name, schemas)| (format!("more/{name}"), schemas))
        .collect()
}

/// The `*.json` files of one folder of `realworld/`, sorted by name.
fn realworld_in(folder: &str) -> Vec<(String, Vec<RealWorldSchema>)> {
    let dir = data_dir().join(folder);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot list {}: {err}", dir.display()))
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".json"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let schemas = read_json(&format!("{folder}/{name}"));
            (name, schemas)
        })
        .collect()
}

/// The schema of one tool in a `realworld/` file.
pub fn realworld_schema(file: &str, tool: &str) -> Value {
    realworld()
        .into_iter()
        .find(|(name, _)| name == file)
        .and_then(|(_, schemas)| schemas.into_iter().find(|s| s.tool == tool))
        .unwrap_or_else(|| panic!("no tool {tool} in realworld/{file}"))
        .schema
}

/// Schemas and payloads for the benchmarks and the allocation test: the same
/// inputs go to this library and to the `jsonschema` crate.
pub mod payloads {
    use serde_json::{json, Map, Value};

    /// A ring of `n` integer points around (cx, cy).
    fn ring(n: usize, cx: i64, cy: i64, r: f64) -> Value {
        let points: Vec<Value> = (0..n)
            .map(|i| {
                let angle = i as f64 / n as f64 * std::f64::consts::TAU;
                json!({"x": cx + (r * angle.cos()).round() as i64, "y": cy + (r * angle.sin()).round() as i64})
            })
            .collect();
        Value::Array(points)
    }

    /// A realistic valid call of the demo's `spawn_closed_polygons`: a
    /// preset, and two hand-drawn polygons, one with a hole.
    pub fn spawn_closed_polygons() -> Value {
        json!({"items": [
            {"preset": "heart", "color": "red", "size": 18, "count": 2, "xHint": 0.25},
            {"name": "crystal_shard", "outer": ring(12, 0, 0, 80.0), "color": "#44AAFF", "size": "large"},
            {"name": "ring", "outer": ring(24, 0, 0, 90.0), "holes": [ring(8, 0, 0, 40.0)],
             "color": "gold", "size": 22, "count": 1, "xHint": 0.75}
        ]})
    }

    /// The same call with five mistakes in it.
    pub fn spawn_closed_polygons_with_errors() -> Value {
        let mut args = spawn_closed_polygons();
        args["items"][0]["preset"] = json!("star");
        args["items"][0]["count"] = json!(0);
        args["items"][1]["outer"][3]["x"] = json!(250);
        args["items"][2]["size"] = json!(100);
        args["items"][2]["holes"][0] = json!([{"x": 1, "y": 1}]);
        args
    }

    /// A schema with 20 properties of every kind, 10 of them required.
    /// The three valid calls that the stream and repair benchmarks read,
    /// as (name, schema, call): the `spawn_closed_polygons` demo, 20
    /// properties of every kind, 5 000 records.
    pub fn valid_calls() -> [(&'static str, Value, Value); 3] {
        [
            (
                "spawn_closed_polygons",
                crate::realworld_schema("pedelec_demos.json", "spawn_closed_polygons"),
                spawn_closed_polygons(),
            ),
            (
                "twenty_properties",
                twenty_properties_schema(),
                twenty_properties_valid(),
            ),
            ("large_array", large_array_schema(), large_array_valid()),
        ]
    }

    pub fn twenty_properties_schema() -> Value {
        let mut properties = Map::new();
        for i in 0..20 {
            let node = match i % 5 {
                0 => {
                    json!({"type": "string", "minLength": 1, "maxLength": 64, "description": "A name."})
                }
                1 => json!({"type": "integer", "minimum": 0, "maximum": 1000}),
                2 => json!({"type": "string", "enum": ["low", "medium", "high"]}),
                3 => json!({"type": "boolean"}),
                _ => {
                    json!({"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9_-]+$"}, "maxItems": 10, "uniqueItems": true})
                }
            };
            properties.insert(format!("field_{i:02}"), node);
        }
        let required: Vec<String> = (0..20)
            .step_by(2)
            .map(|i| format!("field_{i:02}"))
            .collect();
        json!({"type": "object", "properties": properties, "required": required})
    }

    /// A valid call of [`twenty_properties_schema`].
    pub fn twenty_properties_valid() -> Value {
        let mut args = Map::new();
        for i in 0..20 {
            let value = match i % 5 {
                0 => json!(format!("name number {i}")),
                1 => json!(i * 37),
                2 => json!("medium"),
                3 => json!(i % 2 == 0),
                _ => json!(["alpha", "beta-2", "gamma_3"]),
            };
            args.insert(format!("field_{i:02}"), value);
        }
        Value::Object(args)
    }

    /// A call of [`twenty_properties_schema`] with several errors.
    pub fn twenty_properties_invalid() -> Value {
        let mut args = twenty_properties_valid();
        args["field_00"] = json!("");
        args["field_01"] = json!(-5);
        args["field_02"] = json!("urgent");
        args["field_04"] = json!(["ok", "NOT OK", "ok"]);
        args.as_object_mut().unwrap().remove("field_10");
        args
    }

    /// A hasty call of [`twenty_properties_schema`]: 10 errors of every
    /// kind in about 300 bytes.
    pub fn twenty_properties_ten_errors() -> Value {
        json!({
            "field_00": "", "field_01": -5, "field_02": "urgent", "field_03": "yes",
            "field_04": ["ok", "NOT OK", "ok"], "field_05": "", "field_06": 2000,
            "field_07": "none", "field_08": true, "field_09": ["a-1", "a-1"], "field_10": "report",
            "field_12": "high", "field_14": [], "field_16": 12, "field_18": false
        })
    }

    /// A call of `spawn_closed_polygons` gone badly wrong: 30 errors in
    /// about 500 bytes, most of them points out of range.
    pub fn spawn_closed_polygons_thirty_errors() -> Value {
        json!({"items": [
            {"preset": "star", "name": 5, "color": "red", "size": 100, "count": 0, "xHint": 1.5,
             "outer": [{"x": 0, "y": 0}, {"x": 0, "y": 120}, {"x": -101, "y": 0}]},
            {"name": "shard", "color": "blue", "size": "huge", "count": 9, "outer": [
                {"x": 150, "y": -150}, {"x": 120, "y": "0"}, {"x": 0},
                {"x": 101, "y": -101}, {"x": 200, "y": 200}, {"x": -300, "y": 300},
                {"x": 1.5, "y": 2}, {"x": 110, "y": 0}
            ]},
            {"name": "ring", "color": 7, "size": 22, "count": "one",
             "outer": [{"x": 0, "y": 0}, {"x": 500, "y": 500}],
             "holes": [[{"x": 1, "y": 1}], [{"x": 999, "y": 1}, {"x": 1, "y": 1}, {"x": 1}]]}
        ]})
    }

    /// A schema for a bulk call: up to 10 000 records.
    pub fn large_array_schema() -> Value {
        json!({"type": "object", "properties": {"records": {
            "type": "array", "maxItems": 10000,
            "items": {"type": "object", "properties": {
                "id": {"type": "integer", "minimum": 0},
                "label": {"type": "string", "maxLength": 32},
                "score": {"type": "number", "minimum": 0, "maximum": 1}
            }, "required": ["id", "label"]}
        }}, "required": ["records"]})
    }

    /// 5 000 valid records.
    pub fn large_array_valid() -> Value {
        let records: Vec<Value> = (0..5000)
            .map(|i| json!({"id": i, "label": format!("record {i}"), "score": (i % 100) as f64 / 100.0}))
            .collect();
        json!({ "records": records })
    }

    /// Nested unions (the stream's cost under them, `benches/stream.rs`):
    /// a `oneOf` of `n` objects told apart by a number (`k`, between `i`
    /// and `i` in branch `i`), each with an `s` that is a `oneOf` of `m`
    /// strings with disjoint patterns (`^a{j}x$`).
    pub fn nested_unions_schema(n: usize, m: usize) -> Value {
        let strings: Vec<Value> = (0..m)
            .map(|j| json!({"type": "string", "pattern": format!("^a{{{j}}}x$")}))
            .collect();
        let objects: Vec<Value> = (0..n)
            .map(|i| {
                json!({"type": "object", "properties": {
                    "k": {"type": "integer", "minimum": i, "maximum": i},
                    "s": {"oneOf": strings}
                }, "required": ["k", "s"]})
            })
            .collect();
        json!({"type": "object", "properties": {"a": {"oneOf": objects}}, "required": ["a"]})
    }

    /// A valid call of [`nested_unions_schema`] with `n` objects, 24 bytes
    /// for `n` of 64 to 299: `k` (`n / 3`) before `s`, as a model writes
    /// the properties in the schema's order, or after it.
    pub fn nested_unions_call(n: usize, k_first: bool) -> String {
        let k = n / 3;
        match k_first {
            true => format!(r#"{{"a":{{"k":{k},"s":"aax"}}}}"#),
            false => format!(r#"{{"a":{{"s":"aax","k":{k}}}}}"#),
        }
    }
}
