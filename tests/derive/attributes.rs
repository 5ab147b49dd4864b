//! What `#[derive(ToolArgs)]` produces for serde's attributes (rename,
//! default, skip, alias, flatten, transparent), doc comments and the
//! `#[tool_args]` keywords: the exact nodes, and that they lint clean.

// The types exist for their schemas; most fields are never read back.
#![allow(dead_code)]

use crate::derive_support;

use std::collections::HashSet;

use derive_support::{assert_no_lint_errors, property, property_names, required};
use pedelec_schema::{lint, Code, ToolArgs};
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
struct Point {
    x: f64,
    y: f64,
}

macro_rules! renamed_structs {
    ($($name:ident => $case:literal;)*) => {$(
        #[derive(Deserialize, ToolArgs)]
        #[serde(rename_all = $case)]
        struct $name {
            very_tasty: bool,
            r#type: bool,
        }
    )*};
}

renamed_structs! {
    Lower => "lowercase";
    Upper => "UPPERCASE";
    Pascal => "PascalCase";
    Camel => "camelCase";
    Snake => "snake_case";
    ScreamingSnake => "SCREAMING_SNAKE_CASE";
    Kebab => "kebab-case";
    ScreamingKebab => "SCREAMING-KEBAB-CASE";
}

#[test]
fn rename_all_follows_every_serde_case() {
    let cases: [(Vec<String>, [&str; 2]); 8] = [
        (property_names::<Lower>(), ["type", "very_tasty"]),
        (property_names::<Upper>(), ["TYPE", "VERY_TASTY"]),
        (property_names::<Pascal>(), ["Type", "VeryTasty"]),
        (property_names::<Camel>(), ["type", "veryTasty"]),
        (property_names::<Snake>(), ["type", "very_tasty"]),
        (property_names::<ScreamingSnake>(), ["TYPE", "VERY_TASTY"]),
        (property_names::<Kebab>(), ["type", "very-tasty"]),
        (property_names::<ScreamingKebab>(), ["TYPE", "VERY-TASTY"]),
    ];
    for (names, expected) in cases {
        assert_eq!(names, expected);
    }
    // And serde reads what the schema says.
    let kebab = json!({"very-tasty": true, "type": false});
    assert!(Kebab::schema().is_valid(&kebab));
    assert!(Kebab::from_args(kebab).unwrap().very_tasty);
}

#[derive(Deserialize, ToolArgs, Default)]
#[serde(default)]
struct AllDefault {
    a: u8,
    b: String,
}

#[derive(Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
struct FieldAttributes {
    #[serde(rename = "ID")]
    id: String,
    #[serde(rename(serialize = "out", deserialize = "in"))]
    read_as_in: String,
    #[serde(default)]
    page_size: u32,
    #[serde(default = "ten")]
    limit: u32,
    #[serde(skip)]
    cache: Vec<u8>,
    #[serde(skip_deserializing)]
    computed: bool,
    #[serde(skip_serializing)]
    still_read: bool,
    #[serde(alias = "other_name")]
    aliased: bool,
}

fn ten() -> u32 {
    10
}

#[test]
fn rename_default_and_skip_are_honoured() {
    assert_eq!(
        property_names::<FieldAttributes>(),
        ["ID", "aliased", "in", "limit", "pageSize", "stillRead"]
    );
    assert_eq!(
        required::<FieldAttributes>(),
        ["ID", "in", "stillRead", "aliased"]
    );
    assert_eq!(required::<AllDefault>(), Vec::<String>::new());
    assert_eq!(property_names::<AllDefault>(), ["a", "b"]);
}

#[derive(Deserialize, ToolArgs)]
struct Paging {
    /// Page number, from 1.
    #[tool_args(minimum = 1)]
    page: u32,
    per_page: Option<u8>,
}

#[derive(Deserialize, ToolArgs)]
struct Listing {
    query: String,
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    filter: Option<Filter>,
}

#[derive(Deserialize, ToolArgs)]
struct Filter {
    owner: String,
}

#[test]
fn flattened_properties_are_merged_in_place() {
    let schema = Listing::schema().to_value();
    assert_eq!(
        schema,
        json!({"type": "object", "properties": {
            "query": {"type": "string"},
            "page": {"type": "integer", "minimum": 1, "maximum": u32::MAX, "description": "Page number, from 1."},
            "per_page": {"type": "integer", "minimum": 0, "maximum": 255},
            "owner": {"type": "string"}
        }, "required": ["query", "page"]})
    );
    let listing = Listing::from_args(json!({"query": "q", "page": 2, "owner": "me"})).unwrap();
    assert_eq!(
        (listing.paging.page, listing.filter.unwrap().owner.as_str()),
        (2, "me")
    );
}

/// A user id.
#[derive(Debug, Deserialize, ToolArgs)]
#[serde(transparent)]
#[tool_args(min_length = 3, pattern = "^u-")]
struct UserId {
    inner: String,
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Percent(#[tool_args(maximum = 100)] u8);

#[derive(Deserialize, ToolArgs)]
struct Newtypes {
    user: UserId,
    /// The user to notify, if any.
    notify: Option<UserId>,
    share: Percent,
}

#[test]
fn transparent_and_newtype_structs_are_their_field() {
    assert_eq!(
        property::<Newtypes>("user"),
        json!({"type": "string", "minLength": 3, "pattern": "^u-", "description": "A user id."})
    );
    assert_eq!(
        property::<Newtypes>("notify")["description"],
        "The user to notify, if any."
    );
    assert_eq!(
        property::<Newtypes>("share"),
        json!({"type": "integer", "minimum": 0, "maximum": 100})
    );
    assert_eq!(required::<Newtypes>(), ["user", "share"]);
}

// ------------------------------------------------- doc comments and keys

/// Searches the catalogue.
///
/// Results are ranked by
/// relevance.
#[derive(Deserialize, ToolArgs)]
struct Documented {
    /// The text to look for:
    /// - a word,
    /// - or a phrase.
    text: String,
    #[tool_args(description = "Overrides the doc comment.")]
    /// This doc comment is not used.
    overridden: bool,
    /// The field's doc wins over the type's.
    near: UserId,
    /** A block
    comment. */
    block: bool,
}

#[test]
fn doc_comments_become_descriptions() {
    let schema = Documented::schema().to_value();
    assert_eq!(
        schema["description"],
        "Searches the catalogue.\n\nResults are ranked by relevance."
    );
    assert_eq!(
        property::<Documented>("text")["description"],
        "The text to look for:\n- a word,\n- or a phrase."
    );
    assert_eq!(
        property::<Documented>("overridden")["description"],
        "Overrides the doc comment."
    );
    assert_eq!(
        property::<Documented>("near")["description"],
        "The field's doc wins over the type's."
    );
    assert_eq!(
        property::<Documented>("block")["description"],
        "A block comment."
    );
}

const DEFAULT_TAGS: [&str; 2] = ["a", "b"];

#[derive(Deserialize, ToolArgs)]
#[tool_args(examples({"name": "x"}), description = "Every key.")]
struct Keys {
    #[tool_args(min_length = 1, max_length = 64, pattern = r"^\w+$")]
    name: String,
    #[tool_args(min_length = 2)]
    nickname: Option<String>,
    #[tool_args(minimum = -0.5, maximum = 1e3)]
    weight: f64,
    #[tool_args(minimum = 1, maximum = 10)]
    count: Option<u64>,
    #[tool_args(min_items = 1, max_items = 5, unique_items = true)]
    tags: Vec<String>,
    #[tool_args(unique_items = false, max_items = 3)]
    set: HashSet<u8>,
    #[tool_args(default = {"x": 0, "y": [1.5, null]}, examples({"x": 1, "y": 2}))]
    origin: Option<Point>,
    #[tool_args(default = DEFAULT_TAGS, examples(["x"], []))]
    defaults: Option<Vec<String>>,
    #[tool_args(default = -1)]
    offset: Option<i8>,
}

#[test]
fn tool_args_keys_go_where_they_mean_something() {
    assert_eq!(
        property::<Keys>("name"),
        json!({"type": "string", "minLength": 1, "maxLength": 64, "pattern": "^\\w+$"})
    );
    assert_eq!(
        property::<Keys>("nickname"),
        json!({"type": "string", "minLength": 2})
    );
    assert_eq!(
        property::<Keys>("weight"),
        json!({"type": "number", "minimum": -0.5, "maximum": 1000.0})
    );
    assert_eq!(
        property::<Keys>("count"),
        json!({"type": "integer", "minimum": 1, "maximum": 10})
    );
    assert_eq!(
        property::<Keys>("tags"),
        json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 5, "uniqueItems": true})
    );
    // A set is unique whatever the attribute says.
    assert_eq!(property::<Keys>("set")["uniqueItems"], true);
    assert_eq!(
        property::<Keys>("origin")["default"],
        json!({"x": 0, "y": [1.5, null]})
    );
    assert_eq!(
        property::<Keys>("origin")["examples"],
        json!([{"x": 1, "y": 2}])
    );
    assert_eq!(property::<Keys>("defaults")["default"], json!(["a", "b"]));
    assert_eq!(property::<Keys>("defaults")["examples"], json!([["x"], []]));
    assert_eq!(property::<Keys>("offset")["default"], json!(-1));
    let schema = Keys::schema().to_value();
    assert_eq!(schema["description"], "Every key.");
    assert_eq!(schema["examples"], json!([{"name": "x"}]));
}

#[test]
fn lint_checks_defaults_and_examples_against_their_node() {
    // `origin`'s default has `"y": [..]`, which a number node rejects: the
    // derive writes what it is given, and lint tells.
    let findings = lint(&Keys::schema().to_value());
    let invalid: Vec<&str> = findings
        .iter()
        .filter(|d| d.code == Code::InvalidDefault)
        .map(|d| d.pointer.as_str())
        .collect();
    assert_eq!(invalid, ["/properties/origin/default"]);
}

#[test]
fn every_derived_schema_lints_without_errors() {
    assert_no_lint_errors(schemas![
        Point,
        Lower,
        Upper,
        Pascal,
        Camel,
        Snake,
        ScreamingSnake,
        Kebab,
        ScreamingKebab,
        AllDefault,
        FieldAttributes,
        Paging,
        Listing,
        Filter,
        Newtypes,
        Documented,
        Keys,
    ]);
}
