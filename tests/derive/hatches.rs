//! The escape hatches of `#[derive(ToolArgs)]`: `#[tool_args(as = Type)]`,
//! `#[tool_args(schema_with = function)]` (with and without serde's
//! `with`/`deserialize_with`, under `Option`, `Vec` and the other keys),
//! and a `ToolArgsNode` written by hand. Each publishes the node it says,
//! and what serde then refuses comes back located.

// The types exist for their schemas; not every field is read back.
#![allow(dead_code)]

use crate::derive_support;

use std::panic::{catch_unwind, AssertUnwindSafe};

use derive_support::{assert_no_lint_errors, property, required};
use pedelec_schema::{kind, ArgsError, SchemaNode, ToolArgs, ToolArgsNode};
use serde::{Deserialize, Deserializer};
use serde_json::json;

/// A tag: lowercase letters, checked by its own `Deserialize`, which the
/// derive cannot see into.
#[derive(Debug, PartialEq)]
struct Tag(String);

impl<'de> Deserialize<'de> for Tag {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        if text.bytes().all(|b| b.is_ascii_lowercase()) {
            Ok(Tag(text))
        } else {
            Err(serde::de::Error::custom(format!(
                "{text:?} is not lowercase"
            )))
        }
    }
}

// ------------------------------------------------------------------- as

#[derive(Debug, Deserialize, ToolArgs)]
struct Labels {
    /// The main tag.
    #[tool_args(as = String, min_length = 1, max_length = 20)]
    main: Tag,
    #[tool_args(as = Option<String>, pattern = "^[a-z]+$")]
    extra: Option<Tag>,
    #[tool_args(as = "Vec<String>", max_items = 3, examples(["a", "b"]))]
    all: Vec<Tag>,
    #[tool_args(as = Box<str>)]
    boxed: Box<Tag>,
}

#[test]
fn as_takes_the_node_of_the_type_it_names_with_the_other_keys() {
    assert_eq!(
        property::<Labels>("main"),
        json!({"type": "string", "minLength": 1, "maxLength": 20, "description": "The main tag."})
    );
    assert_eq!(
        property::<Labels>("extra"),
        json!({"type": "string", "pattern": "^[a-z]+$"})
    );
    assert_eq!(
        property::<Labels>("all"),
        json!({"type": "array", "items": {"type": "string"}, "maxItems": 3, "examples": [["a", "b"]]})
    );
    assert_eq!(property::<Labels>("boxed"), json!({"type": "string"}));
    // `Option<String>` is not required; the others are.
    assert_eq!(required::<Labels>(), ["main", "all", "boxed"]);
}

#[test]
fn what_the_type_behind_as_refuses_comes_back_with_its_path() {
    let labels = Labels::from_args(json!({"main": "rust", "all": ["a"], "boxed": "b"})).unwrap();
    assert_eq!((labels.main, labels.extra), (Tag("rust".into()), None));
    let error =
        Labels::from_args(json!({"main": "rust", "all": ["a", "Bad"], "boxed": "b"})).unwrap_err();
    let ArgsError::Deserialize(refusal) = &error else {
        panic!("{error}")
    };
    assert_eq!(refusal.path(), "/all/1");
    assert_eq!(refusal.schema_path(), "/properties/all/items");
    assert_eq!(refusal.message(), "\"Bad\" is not lowercase");
    assert_eq!(error.to_value()["errors"][0]["keyword"], "deserialize");
}

// --------------------------------------------------------- schema_with

/// An even count: an integer for the schema, more for serde.
#[derive(Debug, PartialEq)]
struct Even(u32);

impl<'de> Deserialize<'de> for Even {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let n = u32::deserialize(deserializer)?;
        if n % 2 == 0 {
            Ok(Even(n))
        } else {
            Err(serde::de::Error::custom(format!("{n} is odd")))
        }
    }
}

mod schemas {
    use pedelec_schema::SchemaNode;

    pub fn even() -> SchemaNode {
        SchemaNode::integer()
            .minimum(0)
            .maximum(1000)
            .description("An even number.")
            .into()
    }

    pub fn evens() -> SchemaNode {
        SchemaNode::array(even()).max_items(4).into()
    }
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Batch {
    #[tool_args(schema_with = schemas::even)]
    count: Even,
    /// Overrides the function's description.
    #[tool_args(schema_with = crate::hatches::schemas::even, default = 2, examples(4))]
    spare: Option<Even>,
    #[tool_args(schema_with = "schemas::evens")]
    more: Vec<Even>,
}

#[test]
fn schema_with_takes_the_node_the_function_returns() {
    let even =
        json!({"type": "integer", "minimum": 0, "maximum": 1000, "description": "An even number."});
    assert_eq!(property::<Batch>("count"), even);
    assert_eq!(
        property::<Batch>("spare"),
        json!({"type": "integer", "minimum": 0, "maximum": 1000,
               "description": "Overrides the function's description.", "default": 2, "examples": [4]})
    );
    assert_eq!(
        property::<Batch>("more"),
        json!({"type": "array", "items": even, "maxItems": 4})
    );
    // An `Option` field stays optional, as serde reads it.
    assert_eq!(required::<Batch>(), ["count", "more"]);
    let batch = Batch::from_args(json!({"count": 2, "more": [4, 6]})).unwrap();
    assert_eq!((batch.count, batch.spare), (Even(2), None));
    let error = Batch::from_args(json!({"count": 2, "more": [4, 7]})).unwrap_err();
    assert!(error.to_string().ends_with("/more/1: 7 is odd"), "{error}");
}

fn contradictory() -> SchemaNode {
    let mut object =
        SchemaNode::object().required_property("n", SchemaNode::integer().minimum(10).maximum(1));
    object.required.push("ghost".to_owned());
    object.into()
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Broken {
    #[tool_args(schema_with = contradictory)]
    inner: Even,
}

fn panic_message(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("should panic");
    payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn a_node_outside_the_subset_panics_naming_the_type_the_field_and_every_error() {
    let message = panic_message(|| {
        Broken::schema();
    });
    assert!(
        message.starts_with(
            "#[derive(ToolArgs)] on `derive::hatches::Broken`: the node that `contradictory` \
             returned for the field `inner` is outside the Pedelec argsSchema subset:"
        ),
        "{message}"
    );
    assert!(message.contains("\n  /required/1: "), "{message}");
    assert!(message.contains("\n  /properties/n/minimum: "), "{message}");
}

// ------------------------------------------ serde's `with`, described

fn comma_separated<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let text = String::deserialize(deserializer)?;
    Ok(text.split(',').map(str::to_owned).collect())
}

fn maybe_comma_separated<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Vec<String>>, D::Error> {
    comma_separated(deserializer).map(Some)
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Search {
    /// Words, separated by commas.
    #[serde(deserialize_with = "comma_separated")]
    #[tool_args(as = String, pattern = "^[a-z,]+$")]
    words: Vec<String>,
    #[serde(default, deserialize_with = "maybe_comma_separated")]
    #[tool_args(as = Option<String>)]
    skip: Option<Vec<String>>,
    // Without `default`, serde calls the function for a missing field too,
    // and it fails: the property is required, `Option` or not.
    #[serde(deserialize_with = "maybe_comma_separated")]
    #[tool_args(as = Option<String>)]
    must: Option<Vec<String>>,
}

#[test]
fn a_field_serde_reads_with_a_function_is_described_by_its_hatch() {
    assert_eq!(
        property::<Search>("words"),
        json!({"type": "string", "pattern": "^[a-z,]+$", "description": "Words, separated by commas."})
    );
    assert_eq!(required::<Search>(), ["words", "must"]);
    assert!(serde_json::from_value::<Search>(json!({"words": "a"})).is_err());
    let search = Search::from_args(json!({"words": "a,b", "must": "c"})).unwrap();
    assert_eq!(search.words, ["a", "b"]);
    assert_eq!(
        (search.skip, search.must),
        (None, Some(vec!["c".to_owned()]))
    );
}

/// A newtype whose one field serde reads with a function.
#[derive(Debug, Deserialize, ToolArgs)]
struct MaybeWords(
    #[serde(deserialize_with = "maybe_comma_separated")]
    #[tool_args(as = Option<String>)]
    Option<Vec<String>>,
);

#[derive(Debug, Deserialize, ToolArgs)]
struct Holder {
    words: MaybeWords,
}

#[test]
fn a_newtype_read_with_a_function_is_required_whatever_its_as_type_says() {
    assert_eq!(property::<Holder>("words")["type"], "string");
    assert_eq!(required::<Holder>(), ["words"]);
    assert!(serde_json::from_value::<Holder>(json!({})).is_err());
    let holder = Holder::from_args(json!({"words": "a,b"})).unwrap();
    assert_eq!(holder.words.0.unwrap(), ["a", "b"]);
}

// ------------------------------------------------- a node by hand

/// A colour, read from `#rrggbb` by hand.
#[derive(Debug, PartialEq)]
struct Colour([u8; 3]);

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let channel = |i: usize| u8::from_str_radix(&text[1 + 2 * i..3 + 2 * i], 16);
        match (channel(0), channel(1), channel(2)) {
            (Ok(r), Ok(g), Ok(b)) => Ok(Colour([r, g, b])),
            _ => Err(serde::de::Error::custom("not a colour")),
        }
    }
}

impl ToolArgsNode for Colour {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        let pattern = pedelec_schema::Pattern::new("^#[0-9a-fA-F]{6}$").unwrap();
        SchemaNode::string().pattern(pattern).into()
    }
}

/// Says it is a string, builds an integer.
struct Liar;

impl<'de> Deserialize<'de> for Liar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        u8::deserialize(deserializer).map(|_| Liar)
    }
}

impl ToolArgsNode for Liar {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        SchemaNode::integer().into()
    }
}

#[derive(Deserialize, ToolArgs)]
struct Paint {
    #[tool_args(description = "The fill.")]
    fill: Colour,
    strokes: Option<Vec<Colour>>,
}

#[derive(Deserialize, ToolArgs)]
struct Lying {
    #[tool_args(max_length = 2)]
    liar: Liar,
}

#[test]
fn a_hand_written_node_is_used_like_a_derived_one() {
    let colour = json!({"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"});
    assert_eq!(property::<Paint>("fill"), {
        let mut described = colour.clone();
        described["description"] = json!("The fill.");
        described
    });
    assert_eq!(
        property::<Paint>("strokes"),
        json!({"type": "array", "items": colour})
    );
    let paint = Paint::from_args(json!({"fill": "#ff8000", "strokes": ["#000000"]})).unwrap();
    assert_eq!(paint.fill, Colour([255, 128, 0]));
    assert!(Paint::from_args(json!({"fill": "orange"})).is_err());
}

/// At most three colours: a `schema_with` function built on a hand-written node.
fn palette() -> SchemaNode {
    SchemaNode::array(Colour::node()).max_items(3).into()
}

#[derive(Deserialize, ToolArgs)]
struct Palette {
    #[tool_args(max_length = 7)]
    base: Colour,
    #[tool_args(schema_with = palette)]
    accents: Vec<Colour>,
}

#[test]
fn a_hand_written_node_takes_keywords_and_builds_other_nodes() {
    assert_eq!(property::<Palette>("base")["maxLength"], 7);
    assert_eq!(property::<Palette>("accents")["maxItems"], 3);
    let call = Palette::from_args(json!({"base": "#000000", "accents": ["#ffffff"]})).unwrap();
    assert_eq!(call.accents, [Colour([255, 255, 255])]);
    let four = json!({"base": "#000000", "accents": ["#000000", "#000000", "#000000", "#000000"]});
    let error = Palette::from_args(four).err().unwrap();
    assert_eq!(error.errors()[0].path(), "/accents");
}

#[test]
fn a_hand_written_node_of_another_kind_than_it_says_panics_naming_the_type() {
    let message = panic_message(|| {
        Lying::schema();
    });
    assert!(
        message.contains(
            "`derive::hatches::Liar`'s `ToolArgsNode::node` returned a node of kind `integer`"
        ),
        "{message}"
    );
}

#[test]
fn these_schemas_lint_without_errors() {
    assert_no_lint_errors(schemas![Labels, Batch, Search, Paint]);
}
