//! The agent's error document, `serde_json::to_string(&errors)`, must say
//! exactly what the errors' own accessors say - `path()`,
//! `schema_path()`, `keyword()`, `message()` - folded as the document
//! folds the same problem at many places (written again here from the
//! public API), for every failing value of the conformance suite and of
//! the benchmark payloads (`oneOf` explanations, paths through arrays,
//! escaped names, more than five errors).

use pedelec_schema::{ToolArgsSchema, ValidationError, ValidationErrorKind, ValidationErrors};
use pedelec_testdata::payloads;
use serde_json::{json, Value};

/// What tells one problem from another, wherever each is: the failing
/// keyword's schema path, and for a missing or unknown property (or a
/// union's tag) its name.
fn problem(error: &ValidationError) -> String {
    let message = error.message();
    let name = match error.kind() {
        ValidationErrorKind::Required { property } => property.to_owned(),
        ValidationErrorKind::UnknownProperty { property, .. } => property.to_owned(),
        ValidationErrorKind::OneOfNone { .. } => match message.split('`').nth(1) {
            Some("oneOf") if message.starts_with("no `oneOf` branch") => {
                message.split('`').nth(3).unwrap_or_default().to_owned()
            }
            Some(name) if message.starts_with("the required property `") => name.to_owned(),
            _ => String::new(),
        },
        _ => String::new(),
    };
    format!("{}\0{name}", error.schema_path())
}

fn shown(path: &str) -> &str {
    if path.is_empty() {
        "(root)"
    } else {
        path
    }
}

/// The document as the accessors say it: each problem at its first place,
/// its message naming the other places.
fn expected(errors: &ValidationErrors) -> Value {
    let mut groups: Vec<(&ValidationError, Vec<&ValidationError>)> = Vec::new();
    for error in errors.errors() {
        match groups
            .iter_mut()
            .find(|(first, _)| problem(first) == problem(error))
        {
            Some((_, repeats)) => repeats.push(error),
            None => groups.push((error, Vec::new())),
        }
    }
    let entries: Vec<(String, String)> = groups
        .iter()
        .map(|(first, repeats)| {
            let mut message = first.message();
            if !repeats.is_empty() {
                let places: Vec<String> = repeats
                    .iter()
                    .take(3)
                    .map(|e| shown(&e.path()).to_owned())
                    .collect();
                message += &format!(
                    "; the same at {} more place{}: {}{}",
                    repeats.len(),
                    if repeats.len() == 1 { "" } else { "s" },
                    places.join(", "),
                    if repeats.len() > 3 { ", ..." } else { "" }
                );
            }
            (first.path(), message)
        })
        .collect();
    let mut message = "The arguments do not match the tool's argsSchema: ".to_owned();
    let listed: Vec<String> = entries
        .iter()
        .take(5)
        .map(|(path, message)| format!("{}: {message}", shown(path)))
        .collect();
    message += &listed.join("; ");
    if entries.len() > 5 {
        message += &format!("; and {} more (see errors)", entries.len() - 5);
    }
    json!({
        "code": ValidationErrors::CODE,
        "message": message,
        "errors": groups.iter().zip(&entries).map(|((error, _), (path, message))| json!({
            "path": path,
            "schema_path": error.schema_path(),
            "keyword": error.keyword(),
            "message": message,
        })).collect::<Vec<_>>(),
    })
}

fn assert_document(schema: &ToolArgsSchema, value: &Value) -> usize {
    let Err(errors) = schema.validate(value) else {
        return 0;
    };
    let text = serde_json::to_string(&errors).unwrap();
    assert!(text.len() <= ValidationErrors::BUDGET);
    let written: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(written, expected(&errors), "{value}");
    for error in errors.errors() {
        let path = error.path();
        assert_eq!(
            error.to_string(),
            format!("{}: {}", shown(&path), error.message())
        );
    }
    // One error alone serializes as its entry in a list of one.
    let first = &errors.errors()[0];
    let alone = json!({
        "path": first.path(),
        "schema_path": first.schema_path(),
        "keyword": first.keyword(),
        "message": first.message(),
    });
    assert_eq!(serde_json::to_value(first).unwrap(), alone);
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
