//! The agent's error document, `serde_json::to_string(&errors)`, is written
//! through one reused buffer straight into the serializer; it must say
//! exactly what the errors' own accessors say - `path()`, `schema_path()`,
//! `keyword()`, `message()` and the summary `ValidationErrors::message()` -
//! for every failing value of the conformance suite and of the benchmark
//! payloads (`oneOf` explanations, paths through arrays, escaped names,
//! more than five errors).

use pedelec_schema::{ToolArgsSchema, ValidationErrors};
use pedelec_testdata::payloads;
use serde_json::{json, Value};

/// The document as the accessors say it.
fn expected(errors: &ValidationErrors) -> Value {
    json!({
        "code": ValidationErrors::CODE,
        "message": errors.message(),
        "errors": errors.errors().iter().map(|error| json!({
            "path": error.path(),
            "schema_path": error.schema_path(),
            "keyword": error.keyword(),
            "message": error.message(),
        })).collect::<Vec<_>>(),
    })
}

fn assert_document(schema: &ToolArgsSchema, value: &Value) -> usize {
    let Err(errors) = schema.validate(value) else {
        return 0;
    };
    let text = serde_json::to_string(&errors).unwrap();
    let written: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(written, expected(&errors), "{value}");
    // One error alone serializes as its entry in the list.
    for (error, entry) in errors
        .errors()
        .iter()
        .zip(written["errors"].as_array().unwrap())
    {
        assert_eq!(&serde_json::to_value(error).unwrap(), entry);
        let path = error.path();
        let shown = if path.is_empty() { "(root)" } else { &path };
        assert_eq!(error.to_string(), format!("{shown}: {}", error.message()));
    }
    errors.errors().len()
}

#[test]
fn the_document_says_what_the_accessors_say() {
    let mut errors = 0;
    for group in pedelec_testdata::accepted() {
        let schema = ToolArgsSchema::from_value(&group.schema).unwrap();
        for test in &group.tests {
            errors += assert_document(&schema, &test.data);
        }
    }
    let polygons = ToolArgsSchema::from_value(&pedelec_testdata::realworld_schema(
        "pedelec_demos.json",
        "spawn_closed_polygons",
    ))
    .unwrap();
    let twenty = ToolArgsSchema::from_value(&payloads::twenty_properties_schema()).unwrap();
    for (schema, value) in [
        (&polygons, payloads::spawn_closed_polygons_with_errors()),
        (&polygons, payloads::spawn_closed_polygons_thirty_errors()),
        (&twenty, payloads::twenty_properties_invalid()),
        (&twenty, payloads::twenty_properties_ten_errors()),
    ] {
        errors += assert_document(schema, &value);
    }
    let escaped = ToolArgsSchema::from_value(&json!({"type": "object", "properties": {
        "a/b~c": {"type": "array", "items": {"oneOf": [
            {"type": "string", "pattern": "^\"q\"$"},
            {"type": "object", "properties": {"items": {"type": "integer"}}, "required": ["items"]}
        ]}}
    }, "required": ["a/b~c"]}))
    .unwrap();
    errors += assert_document(
        &escaped,
        &json!({"a/b~c": ["x\n\"", {"items": "\\"}, 3, {}]}),
    );
    errors += assert_document(&escaped, &json!({}));
    // Measured: 160 errors.
    assert!(errors > 100, "only {errors} errors were compared");
}

#[test]
fn the_payloads_have_the_error_counts_the_benchmarks_name() {
    let polygons = ToolArgsSchema::from_value(&pedelec_testdata::realworld_schema(
        "pedelec_demos.json",
        "spawn_closed_polygons",
    ))
    .unwrap();
    let twenty = ToolArgsSchema::from_value(&payloads::twenty_properties_schema()).unwrap();
    for (schema, value, count, bytes) in [
        (
            &twenty,
            payloads::twenty_properties_ten_errors(),
            10,
            270..=300,
        ),
        (
            &polygons,
            payloads::spawn_closed_polygons_thirty_errors(),
            30,
            470..=520,
        ),
    ] {
        let size = serde_json::to_string(&value).unwrap().len();
        assert!(bytes.contains(&size), "{size} bytes");
        assert_eq!(schema.validate(&value).unwrap_err().errors().len(), count);
    }
}
