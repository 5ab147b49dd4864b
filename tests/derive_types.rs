//! What `#[derive(ToolArgs)]` produces for each Rust type, serde attribute,
//! `#[tool_args]` key and enum representation: the exact nodes, and that
//! every derived schema lints without errors.

// The types exist for their schemas; most fields are never read back.
#![allow(dead_code)]

use std::borrow::Cow;
use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use pedelec_schema::{lint, Code, Severity, ToolArgs};
use serde::Deserialize;
use serde_json::{json, Value};

/// The node of property `name` in `T`'s schema.
fn property<T: ToolArgs>(name: &str) -> Value {
    let schema = T::schema().to_value();
    let node = schema["properties"][name].clone();
    assert!(!node.is_null(), "no property {name} in {schema:#}");
    node
}

fn required<T: ToolArgs>() -> Vec<String> {
    T::schema().root().required.clone()
}

fn property_names<T: ToolArgs>() -> Vec<String> {
    let mut names: Vec<String> = T::schema()
        .root()
        .properties
        .iter()
        .map(|p| p.name.clone())
        .collect();
    names.sort();
    names
}

// ---------------------------------------------------------------- scalars

#[derive(Deserialize, ToolArgs)]
struct Scalars {
    string: String,
    cow: Cow<'static, str>,
    boxed: Box<str>,
    path: PathBuf,
    letter: char,
    flag: bool,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    u128: u128,
    usize: usize,
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    i128: i128,
    isize: isize,
    nonzero: NonZeroU32,
    f32: f32,
    f64: f64,
}

#[test]
fn strings_booleans_and_floats() {
    for name in ["string", "cow", "boxed", "path"] {
        assert_eq!(
            property::<Scalars>(name),
            json!({"type": "string"}),
            "{name}"
        );
    }
    assert_eq!(
        property::<Scalars>("letter"),
        json!({"type": "string", "minLength": 1, "maxLength": 1})
    );
    assert_eq!(property::<Scalars>("flag"), json!({"type": "boolean"}));
    assert_eq!(property::<Scalars>("f32"), json!({"type": "number"}));
    assert_eq!(property::<Scalars>("f64"), json!({"type": "number"}));
}

#[test]
fn every_integer_type_carries_its_own_range() {
    let expected = [
        ("u8", json!(0), json!(255)),
        ("u16", json!(0), json!(65535)),
        ("u32", json!(0), json!(4_294_967_295_u32)),
        ("u64", json!(0), json!(18_446_744_073_709_551_615_u64)),
        ("u128", json!(0), json!(u64::MAX)),
        ("usize", json!(0), json!(usize::MAX)),
        ("i8", json!(-128), json!(127)),
        ("i16", json!(-32768), json!(32767)),
        ("i32", json!(i32::MIN), json!(i32::MAX)),
        ("i64", json!(i64::MIN), json!(i64::MAX)),
        ("i128", json!(i64::MIN), json!(u64::MAX)),
        ("isize", json!(isize::MIN), json!(isize::MAX)),
        ("nonzero", json!(1), json!(u32::MAX)),
    ];
    for (name, min, max) in expected {
        assert_eq!(
            property::<Scalars>(name),
            json!({"type": "integer", "minimum": min, "maximum": max}),
            "{name}"
        );
    }
}

#[test]
fn every_field_without_option_or_default_is_required() {
    assert_eq!(required::<Scalars>().len(), 21);
    assert_eq!(required::<Scalars>()[..3], ["string", "cow", "boxed"]);
}

/// Borrowed strings have a schema too; such a type is read with
/// `serde_json::from_str`, since `from_args` needs an owned type.
#[derive(Deserialize, ToolArgs)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    note: Cow<'a, str>,
}

#[test]
fn borrowed_strings_are_strings() {
    assert_eq!(property::<Borrowed>("name"), json!({"type": "string"}));
    assert_eq!(property::<Borrowed>("note"), json!({"type": "string"}));
    let text = r#"{"name": "a", "note": "b"}"#;
    assert!(Borrowed::schema().is_valid(&serde_json::from_str(text).unwrap()));
    let parsed: Borrowed = serde_json::from_str(text).unwrap();
    assert_eq!(parsed.name, "a");
}

// ------------------------------------------------------------ collections

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Deserialize, ToolArgs)]
struct Collections {
    vec: Vec<u8>,
    deque: VecDeque<String>,
    list: LinkedList<bool>,
    heap: BinaryHeap<u16>,
    fixed: [char; 3],
    set: HashSet<String>,
    sorted: BTreeSet<i8>,
    slice: Box<[f64]>,
    maybe: Option<Vec<String>>,
    boxed: Box<Point>,
    nested: Vec<Option<Vec<Point>>>,
}

/// serde reads `Arc`/`Rc` only with its `rc` feature; the schema needs no
/// `Deserialize` at all.
#[derive(ToolArgs)]
struct Pointers {
    arc: Arc<String>,
    rc: Rc<bool>,
}

#[test]
fn sequences_are_arrays_of_their_items() {
    let u8_node = json!({"type": "integer", "minimum": 0, "maximum": 255});
    assert_eq!(
        property::<Collections>("vec"),
        json!({"type": "array", "items": u8_node})
    );
    assert_eq!(
        property::<Collections>("deque"),
        json!({"type": "array", "items": {"type": "string"}})
    );
    assert_eq!(
        property::<Collections>("list"),
        json!({"type": "array", "items": {"type": "boolean"}})
    );
    assert_eq!(
        property::<Collections>("slice"),
        json!({"type": "array", "items": {"type": "number"}})
    );
    assert_eq!(property::<Collections>("heap")["type"], "array");
}

#[test]
fn a_fixed_array_has_exactly_its_length() {
    assert_eq!(
        property::<Collections>("fixed"),
        json!({"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 1},
               "minItems": 3, "maxItems": 3})
    );
}

#[test]
fn sets_have_unique_items() {
    assert_eq!(
        property::<Collections>("set"),
        json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true})
    );
    assert_eq!(property::<Collections>("sorted")["uniqueItems"], true);
}

#[test]
fn wrappers_take_their_content_node() {
    let point = Point::schema().to_value();
    assert_eq!(property::<Collections>("boxed"), point);
    assert_eq!(property::<Pointers>("arc"), json!({"type": "string"}));
    assert_eq!(property::<Pointers>("rc"), json!({"type": "boolean"}));
    assert_eq!(
        property::<Collections>("maybe"),
        json!({"type": "array", "items": {"type": "string"}})
    );
    assert_eq!(
        property::<Collections>("nested"),
        json!({"type": "array", "items": {"type": "array", "items": point}})
    );
    assert!(!required::<Collections>().contains(&"maybe".to_owned()));
    assert!(required::<Collections>().contains(&"boxed".to_owned()));
}

// ------------------------------------------------------- serde attributes

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

// ------------------------------------------------------------------ enums

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
/// How loud.
enum Level {
    Quiet,
    VeryLoud,
    #[serde(rename = "max")]
    Maximum,
    #[serde(skip)]
    Internal,
    #[serde(other)]
    Unknown,
}

#[test]
fn unit_variants_are_a_string_enum() {
    assert_eq!(
        Level::node_of(),
        json!({"type": "string", "enum": ["QUIET", "VERY_LOUD", "max"], "description": "How loud."})
    );
}

/// `T`'s node as the field of a struct shows it.
trait NodeOf {
    fn node_of() -> Value;
}

impl<T: pedelec_schema::__private::ToolArgsField> NodeOf for T {
    fn node_of() -> Value {
        T::node().to_value()
    }
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(rename_all = "snake_case", rename_all_fields = "camelCase")]
enum External {
    Stop,
    /// Go somewhere.
    GoTo(Point),
    Wait {
        how_long: u16,
    },
    Pause,
    #[serde(rename_all = "UPPERCASE")]
    Shout {
        the_text: String,
    },
}

#[test]
fn externally_tagged_variants_are_single_key_objects() {
    let point = Point::schema().to_value();
    assert_eq!(
        External::node_of(),
        json!({"oneOf": [
            {"type": "string", "enum": ["stop", "pause"]},
            {"type": "object", "properties": {"go_to": point}, "required": ["go_to"], "description": "Go somewhere."},
            {"type": "object", "properties": {"wait": {
                "type": "object",
                "properties": {"howLong": {"type": "integer", "minimum": 0, "maximum": 65535}},
                "required": ["howLong"]}}, "required": ["wait"]},
            {"type": "object", "properties": {"shout": {
                "type": "object", "properties": {"THE_TEXT": {"type": "string"}}, "required": ["THE_TEXT"]}},
             "required": ["shout"]}
        ]})
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Internal {
    Clear,
    Circle {
        radius: f64,
    },
    /// A point.
    Dot(Point),
}

#[test]
fn internally_tagged_variants_carry_a_one_value_tag() {
    assert_eq!(
        Internal::node_of(),
        json!({"oneOf": [
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["clear"]}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["circle"]}, "radius": {"type": "number"}},
             "required": ["kind", "radius"]},
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["dot"]}, "x": {"type": "number"}, "y": {"type": "number"}},
             "required": ["kind", "x", "y"], "description": "A point."}
        ]})
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Reset,
    Set(#[tool_args(max_length = 8)] String),
    Move { to: Point },
}

#[test]
fn adjacently_tagged_variants_put_the_content_under_its_key() {
    let point = Point::schema().to_value();
    assert_eq!(
        Adjacent::node_of(),
        json!({"oneOf": [
            {"type": "object", "properties": {"t": {"type": "string", "enum": ["Reset"]}}, "required": ["t"]},
            {"type": "object", "properties": {"t": {"type": "string", "enum": ["Set"]}, "c": {"type": "string", "maxLength": 8}},
             "required": ["t", "c"]},
            {"type": "object", "properties": {"t": {"type": "string", "enum": ["Move"]},
                                              "c": {"type": "object", "properties": {"to": point}, "required": ["to"]}},
             "required": ["t", "c"]}
        ]})
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(untagged)]
enum Untagged {
    Number(#[tool_args(minimum = 0)] f64),
    Word(String),
    Pair { a: bool, b: bool },
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(tag = "op")]
enum PartlyUntagged {
    Add {
        n: i32,
    },
    #[serde(untagged)]
    Raw(String),
}

#[test]
fn untagged_variants_are_their_content() {
    assert_eq!(
        Untagged::node_of(),
        json!({"oneOf": [
            {"type": "number", "minimum": 0},
            {"type": "string"},
            {"type": "object", "properties": {"a": {"type": "boolean"}, "b": {"type": "boolean"}}, "required": ["a", "b"]}
        ]})
    );
    assert_eq!(
        PartlyUntagged::node_of()["oneOf"][1],
        json!({"type": "string"})
    );
}

/// Tool arguments that use every enum form.
#[derive(Debug, Deserialize, ToolArgs)]
struct Enums {
    level: Level,
    external: External,
    internal: Internal,
    adjacent: Adjacent,
    untagged: Untagged,
    partly: PartlyUntagged,
}

#[test]
fn each_representation_reads_back_what_its_schema_accepts() {
    let args = json!({
        "level": "VERY_LOUD",
        "external": {"wait": {"howLong": 3}},
        "internal": {"kind": "dot", "x": 1, "y": 2},
        "adjacent": {"t": "Reset"},
        "untagged": {"a": true, "b": false},
        "partly": "raw"
    });
    let enums = Enums::from_args(args).unwrap();
    assert_eq!(enums.level, Level::VeryLoud);
    assert_eq!(enums.external, External::Wait { how_long: 3 });
    assert!(matches!(enums.internal, Internal::Dot(Point { x, y }) if x == 1.0 && y == 2.0));
    assert_eq!(enums.adjacent, Adjacent::Reset);
    assert_eq!(enums.untagged, Untagged::Pair { a: true, b: false });
    assert_eq!(enums.partly, PartlyUntagged::Raw("raw".into()));
}

// --------------------------------------------------------------- generics

#[derive(Deserialize, ToolArgs)]
struct Page<T> {
    #[tool_args(max_items = 100)]
    items: Vec<T>,
    next: Option<String>,
}

#[test]
fn each_instantiation_of_a_generic_type_has_its_own_schema() {
    assert_eq!(
        property::<Page<bool>>("items"),
        json!({"type": "array", "items": {"type": "boolean"}, "maxItems": 100})
    );
    assert_eq!(
        property::<Page<Point>>("items")["items"],
        Point::schema().to_value()
    );
    assert!(std::ptr::eq(Page::<bool>::schema(), Page::<bool>::schema()));
}

// ------------------------------------------------------------ call site

/// The generated code names everything by its full path: nothing needs to
/// be imported where the derive is used.
mod without_imports {
    #[derive(serde::Deserialize, pedelec_schema::ToolArgs)]
    pub struct Bare {
        #[tool_args(max_length = 3)]
        pub name: Option<String>,
        pub kind: Kind,
    }

    #[derive(serde::Deserialize, pedelec_schema::ToolArgs)]
    #[serde(tag = "t")]
    pub enum Kind {
        A { n: u8 },
    }
}

#[test]
fn the_derive_needs_no_imports() {
    let bare = without_imports::Bare::from_args(json!({"name": "abc", "kind": {"t": "A", "n": 1}}));
    assert_eq!(bare.unwrap().name.as_deref(), Some("abc"));
}

// ------------------------------------------------------------------- lint

/// Every derived root schema in this file.
fn schemas() -> Vec<(&'static str, Value)> {
    macro_rules! each {
        ($($ty:ty),* $(,)?) => {
            vec![$((stringify!($ty), <$ty as ToolArgs>::schema().to_value())),*]
        };
    }
    each![
        Scalars,
        Borrowed,
        Collections,
        Pointers,
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
        Enums,
        Page<bool>,
        Page<Point>,
    ]
}

#[test]
fn every_derived_schema_lints_without_errors() {
    for (name, schema) in schemas() {
        let errors: Vec<_> = lint(&schema)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:#?}");
    }
}

#[test]
fn only_externally_tagged_branches_are_said_to_overlap() {
    let findings = lint(&Enums::schema().to_value());
    let ambiguous: Vec<&str> = findings
        .iter()
        .filter(|d| d.code == Code::AmbiguousOneOf)
        .map(|d| d.pointer.as_str())
        .collect();
    // External: the three single-key object branches could be sent at once
    // (pairs 1-2, 1-3, 2-3). Internal and adjacent: the tag tells them
    // apart. Untagged here: the branches differ in type.
    assert_eq!(
        ambiguous,
        [
            "/properties/external/oneOf/2",
            "/properties/external/oneOf/3",
            "/properties/external/oneOf/3"
        ]
    );
}
