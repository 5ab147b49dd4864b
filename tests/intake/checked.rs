//! `Checked<T>` and `CheckedWith<T, I>` as a framework meets them: through
//! serde alone, inside other serde types, and through `schemars`.

use pedelec_schema::{
    ChangeCode, Checked, CheckedWith, Coerce, Intake, RefuseUnknown, ReportOnly, ToolArgs,
};
use rmcp::schemars::generate::SchemaSettings;
use rmcp::schemars::{self, JsonSchema};
use serde::Deserialize;
use serde_json::{json, Value};

/// A handler's existing argument struct: it derived `Deserialize` before;
/// adding `ToolArgs` is the whole move to `Checked<Search>`.
#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
struct Search {
    /// What to look for.
    #[tool_args(min_length = 1)]
    query: String,
    #[tool_args(minimum = 1, maximum = 50)]
    max_results: Option<u8>,
    #[serde(default)]
    include_archived: bool,
}

#[test]
fn an_existing_serde_struct_checks_by_adding_the_derive() {
    let Checked(search) =
        serde_json::from_str::<Checked<Search>>(r#"{"query": "rust", "maxResults": 5}"#).unwrap();
    assert_eq!(
        search,
        Search {
            query: "rust".to_owned(),
            max_results: Some(5),
            include_archived: false
        }
    );
    // Where serde alone would have read it, the schema refuses it.
    let text = r#"{"query": "", "maxResults": 0, "includeArchived": "yes"}"#;
    let error = serde_json::from_str::<Checked<Search>>(text).unwrap_err();
    assert_eq!(
        error.to_string(),
        "The arguments do not match the tool's argsSchema: \
         /includeArchived: expected a boolean, found the string \"yes\"; \
         /maxResults: 0 is less than the minimum 1; \
         /query: the string has 0 characters, fewer than the minimum length 1"
    );
}

#[test]
fn it_is_transparent() {
    let mut checked = Checked::<Search>::from_args(json!({"query": "x"})).unwrap();
    assert_eq!(checked.query, "x", "Deref");
    checked.query.push('y');
    assert_eq!(checked.into_inner().query, "xy");
    let round_trip = Checked(json!({"any": "value"}));
    assert_eq!(
        serde_json::to_value(&round_trip).unwrap(),
        json!({"any": "value"}),
        "Serialize"
    );
    let error = Checked::<Search>::from_args(json!({})).unwrap_err();
    assert_eq!(error.errors()[0].keyword(), "required");
}

/// A framework's request, with the arguments inside it.
#[derive(Debug, Deserialize)]
struct Call {
    name: String,
    arguments: Checked<Search>,
}

#[test]
fn inside_another_serde_type_the_error_still_names_every_failure() {
    let call: Call =
        serde_json::from_value(json!({"name": "search", "arguments": {"query": "a"}})).unwrap();
    assert_eq!(
        (call.name.as_str(), call.arguments.query.as_str()),
        ("search", "a")
    );
    let error =
        serde_json::from_value::<Call>(json!({"name": "search", "arguments": {"maxResults": 99}}))
            .unwrap_err()
            .to_string();
    assert!(
        error.contains("(root): the required property `query` is missing"),
        "{error}"
    );
    assert!(
        error.contains("/maxResults: 99 is greater than the maximum 50"),
        "{error}"
    );
}

#[test]
fn intake_policies_take_their_steps_and_keep_what_they_did() {
    let sent = json!({"query": "x", "maxResults": "7", "includeArchived": "true", "sort": "asc"});

    // No step: "7" is refused, as by Checked.
    let error =
        serde_json::from_value::<CheckedWith<Search, ReportOnly>>(sent.clone()).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("/maxResults: expected an integer"),
        "{error}"
    );
    let reported: CheckedWith<Search, ReportOnly> =
        serde_json::from_value(json!({"query": "x", "sort": "asc"})).unwrap();
    assert!(reported.changes.is_empty());
    assert_eq!(reported.unknown[0].path(), "/sort");

    let coerced: CheckedWith<Search, Coerce> = serde_json::from_value(sent.clone()).unwrap();
    assert_eq!(
        (coerced.max_results, coerced.include_archived),
        (Some(7), true)
    );
    let codes: Vec<_> = coerced
        .changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.code))
        .collect();
    assert_eq!(
        codes,
        [
            ("/includeArchived", ChangeCode::BooleanFromString),
            ("/maxResults", ChangeCode::NumberFromString)
        ]
    );
    assert_eq!(coerced.unknown.len(), 1, "let through and reported");

    // Refusing: the schema's errors first, then the unknown property.
    let error = serde_json::from_value::<CheckedWith<Search, RefuseUnknown>>(sent.clone())
        .unwrap_err()
        .to_string();
    let at = |needle: &str| {
        error
            .find(needle)
            .unwrap_or_else(|| panic!("{needle} in {error}"))
    };
    assert!(at("/maxResults: expected an integer") < at("/sort: the schema names no property"));

    // Both: coerced, then only the unknown property is wrong.
    let error = serde_json::from_value::<CheckedWith<Search, (Coerce, RefuseUnknown)>>(sent)
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "The arguments do not match the tool's argsSchema: /sort: the schema names no property \"sort\""
    );
    let clean: CheckedWith<Search, (Coerce, RefuseUnknown)> =
        serde_json::from_value(json!({"query": "x", "maxResults": "7"})).unwrap();
    assert!(clean.unknown.is_empty());
    assert_eq!(clean.into_inner().max_results, Some(7));
}

#[test]
fn a_policy_of_one_s_own() {
    enum CoerceOnly {}
    impl Intake for CoerceOnly {
        const COERCE: bool = true;
    }
    let search: CheckedWith<Search, CoerceOnly> =
        serde_json::from_value(json!(r#"{"query": "x"}"#)).unwrap();
    assert_eq!(search.changes[0].code, ChangeCode::ObjectFromJsonText);
}

#[test]
fn json_schema_is_the_derived_schema_inline() {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    for subschema in [
        generator.subschema_for::<Checked<Search>>(),
        generator.subschema_for::<CheckedWith<Search, Coerce>>(),
    ] {
        assert_eq!(
            serde_json::to_value(subschema).unwrap(),
            Search::schema().to_value()
        );
    }
    assert!(generator.definitions().is_empty(), "no $defs");

    // As a field of a schemars-derived type: inline, no $ref.
    #[derive(JsonSchema)]
    #[schemars(crate = "rmcp::schemars")]
    #[allow(dead_code)]
    struct Envelope {
        arguments: Checked<Search>,
    }
    let root = schemars::schema_for!(Envelope);
    let root = serde_json::to_value(root).unwrap();
    assert_eq!(root["properties"]["arguments"], Search::schema().to_value());
    assert_eq!(root.get("$defs"), None::<&Value>);
    assert_eq!(<Checked<Search>>::schema_name(), "Search");
}
