//! Arguments read straight from JSON text: `T::from_args_str(text)` returns
//! exactly what `T::from_args(serde_json::from_str(text)?)` returns, and
//! `ToolArgsSchema::validate_str(text)` exactly what `validate` returns on
//! the parsed text, valid or not, errors compared in their agent-facing
//! serialized form. (The one place where they differ - a number whose
//! float is on a bound and whose text is on the other side of it, which
//! the text's readers compare as written - is `number_text.rs`'s; the
//! texts here write a number on a bound only as the bound's own number.)
//!
//! The texts are made to reach every way the fast path can go wrong: values
//! mostly inside their schema (so the fast path answers), now and then
//! outside it; and the same value spelled many ways - whitespace, escaped
//! keys and strings, numbers as `1.0`, `1e2`, `-0` or beyond `u64`,
//! properties given twice (with the same or another value, first or last),
//! properties the schema does not name, nested arrays and objects, and
//! every kind of `oneOf` (decided by type, or read whole); `texts/` makes
//! them. Also the fixed cases the design names, each on its own.

use crate::strategies;
use crate::texts;

use std::fmt::Debug;

use pedelec_schema::{ArgsError, ToolArgs, ToolArgsSchema};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use texts::{object_for, text_of, Rng};

// ------------------------------------------------------------ the types

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
struct Call {
    #[tool_args(min_length = 1, max_length = 8)]
    name: String,
    #[tool_args(minimum = -5, maximum = 300)]
    count: i16,
    ratio: Option<f64>,
    flag: Option<bool>,
    letter: Option<char>,
    #[tool_args(max_items = 4, unique_items)]
    tags: Vec<Tag>,
    #[tool_args(max_items = 3, unique_items)]
    spots: Option<Vec<Spot>>,
    pair: Option<[u8; 2]>,
    grid: Option<Vec<Vec<u8>>>,
    level: Option<Level>,
    shape: Option<Shape>,
    size: Option<Size>,
    command: Option<Command>,
    big: Option<u64>,
    small: Option<i64>,
    #[serde(rename = "drache🐲/x")]
    dragon: Option<String>,
    #[serde(flatten)]
    paging: Paging,
}

/// A lower-case tag.
#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(transparent)]
#[tool_args(pattern = "^[a-z]+$")]
struct Tag(String);

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
struct Spot {
    #[tool_args(minimum = 0, maximum = 9)]
    x: u8,
    y: Option<f32>,
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(rename_all = "lowercase")]
enum Level {
    Low,
    High,
}

/// Internally tagged: a `oneOf` of objects, read whole.
#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Shape {
    Circle {
        #[tool_args(minimum = 0)]
        radius: f64,
    },
    Rect {
        width: u32,
        height: u32,
    },
}

/// Untagged, a string or a number: a `oneOf` decided by type.
#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(untagged)]
enum Size {
    Named(Level),
    Points(#[tool_args(minimum = 1, maximum = 99)] u16),
}

/// Externally tagged, unit and data variants.
#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
enum Command {
    Stop,
    Go(#[tool_args(maximum = 10)] u8),
    Turn { degrees: i16 },
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
struct Paging {
    #[tool_args(minimum = 1, maximum = 99)]
    page: u32,
    per_page: Option<u8>,
}

// ------------------------------------------------------ the two outcomes

/// What an agent would be told: the value, or the serialized error.
fn outcome<T: Debug>(result: Result<T, ArgsError>) -> String {
    match result {
        Ok(value) => format!("Ok({value:?})"),
        Err(error) => format!("Err({})", serde_json::to_string(&error).unwrap()),
    }
}

/// `from_args` on the text as serde_json reads it: the meaning
/// `from_args_str` must keep. Where serde_json reads no value, the text
/// must be a syntax error (located by the crate's reader, not serde_json's
/// words).
/// `from_args` on a JSON text as serde_json reads it.
fn through_value<T: ToolArgs + DeserializeOwned>(text: &str) -> Result<T, ArgsError> {
    T::from_args(serde_json::from_str(text).expect("a JSON text"))
}

fn assert_same<T: ToolArgs + DeserializeOwned + Debug>(text: &str) -> Result<(), TestCaseError> {
    let direct = T::from_args_str(text);
    // The bare verdict, which stops at the first failure, is the full one.
    let verdict = T::schema().validate_str(text).is_ok();
    prop_assert_eq!(T::schema().is_valid_str(text), verdict, "text: {}", text);
    if let Err(ArgsError::Syntax(error)) = &direct {
        if error.is_repeated_property() {
            prop_assert!(repeats_before(text, error.offset()), "text: {}", text);
            return Ok(());
        }
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value) => prop_assert_eq!(
            outcome(direct),
            outcome(T::from_args(value)),
            "text: {}",
            text
        ),
        Err(_) => prop_assert!(
            matches!(direct, Err(ArgsError::Syntax(_))),
            "text: {}",
            text
        ),
    }
    Ok(())
}

fn assert_same_validation(schema: &ToolArgsSchema, text: &str) -> Result<(), TestCaseError> {
    let direct = schema.validate_str(text);
    prop_assert_eq!(schema.is_valid_str(text), direct.is_ok(), "text: {}", text);
    if let Err(ArgsError::Syntax(error)) = &direct {
        if error.is_repeated_property() {
            prop_assert!(repeats_before(text, error.offset()), "text: {}", text);
            return Ok(());
        }
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value) => {
            let plain = schema.validate(&value).map_err(ArgsError::from);
            prop_assert_eq!(outcome(direct), outcome(plain), "text: {}", text);
        }
        Err(_) => prop_assert!(
            matches!(direct, Err(ArgsError::Syntax(_))),
            "text: {}",
            text
        ),
    }
    Ok(())
}

/// Whether the text up to `offset` (a repeated key's closing quote) gives
/// some name twice in one object: the text before the repeat, closed with
/// what keeps it JSON, read by a reader that sees every key.
fn repeats_before(text: &str, offset: usize) -> bool {
    use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
    struct Repeats(bool);
    impl<'de> Visitor<'de> for &mut Repeats {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            let mut seen = std::collections::HashSet::new();
            while let Some(key) = map.next_key::<String>()? {
                self.0 |= !seen.insert(key);
                map.next_value_seed(&mut *self)?;
            }
            Ok(())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            while seq.next_element_seed(&mut *self)?.is_some() {}
            Ok(())
        }
        fn visit_bool<E>(self, _: bool) -> Result<(), E> {
            Ok(())
        }
        fn visit_i64<E>(self, _: i64) -> Result<(), E> {
            Ok(())
        }
        fn visit_u64<E>(self, _: u64) -> Result<(), E> {
            Ok(())
        }
        fn visit_f64<E>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_str<E>(self, _: &str) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E>(self) -> Result<(), E> {
            Ok(())
        }
    }
    impl<'de> serde::de::DeserializeSeed<'de> for &mut Repeats {
        type Value = ();
        fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
            deserializer.deserialize_any(self)
        }
    }
    // serde_json reads keys before it finds the text's end: a repeat in
    // the prefix is seen before the error that ends it.
    let mut repeats = Repeats(false);
    let mut deserializer = serde_json::Deserializer::from_str(&text[..=offset]);
    let _ = serde::de::DeserializeSeed::deserialize(&mut repeats, &mut deserializer);
    repeats.0
}

// ------------------------------------------------------------ properties

/// Texts for `T`: mostly valid, spelled every which way.
fn texts_for<T: ToolArgs>() -> impl Strategy<Value = String> {
    (any::<u64>(), prop::bool::weighted(0.7)).prop_map(|(seed, mostly_valid)| {
        let mut rng = Rng::new(seed);
        let wrong = if mostly_valid { 0.0 } else { 0.05 };
        let value = object_for(T::schema().root(), &mut rng, wrong);
        text_of(&value, &mut rng)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn typed_texts_read_as_from_args_reads_them(text in texts_for::<Call>()) {
        assert_same::<Call>(&text)?;
    }

    /// Broken texts: cut short anywhere, a byte flipped.
    #[test]
    fn broken_texts_read_as_from_args_reads_them(text in texts_for::<Call>(), cut in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let end = cut.index(text.len() + 1);
        let mut broken = text.as_bytes()[..end].to_vec();
        if let Some(last) = broken.last_mut() {
            *last = byte;
        }
        let broken = String::from_utf8_lossy(&broken).into_owned();
        assert_same::<Call>(&broken)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any schema of the subset, and texts aimed at it.
    #[test]
    fn texts_validate_as_their_values_do(root in strategies::root(), seed in any::<u64>()) {
        let schema = ToolArgsSchema::new(root).unwrap();
        let mut rng = Rng::new(seed);
        for wrong in [0.0, 0.0, 0.1] {
            let value = object_for(schema.root(), &mut rng, wrong);
            assert_same_validation(&schema, &text_of(&value, &mut rng))?;
        }
    }
}

/// The texts above must often be valid, or the fast path goes untested.
#[test]
fn the_generated_texts_are_often_valid() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = texts_for::<Call>();
    let total = 400;
    let valid = (0..total)
        .filter(|_| {
            let text = strategy.new_tree(&mut runner).unwrap().current();
            Call::from_args_str(&text).is_ok()
        })
        .count();
    // Measured: about half.
    assert!(valid * 5 > total, "only {valid} of {total} texts are valid");
    assert!(
        valid * 10 < total * 9,
        "{valid} of {total}: the invalid side is untested"
    );
}

// ------------------------------------------------------- the fixed cases

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
struct Nudge {
    #[tool_args(minimum = -10, maximum = 10)]
    delta: i32,
}

/// A property the schema names, given twice, is refused from text with
/// its place, whichever of the two values is out of range: the stream takes
/// a checked value as final, and every text entry point agrees with it.
#[test]
fn a_named_property_given_twice_is_refused_at_the_repeat() {
    for text in [
        r#"{"delta": 99, "delta": 3}"#,
        r#"{"delta": 3, "delta": 99}"#,
    ] {
        let Err(ArgsError::Syntax(error)) = Nudge::from_args_str(text) else {
            panic!("{text}");
        };
        // At the closing quote of the second key.
        assert_eq!(
            error.offset(),
            text.rfind("\"delta\"").unwrap() + 6,
            "{text}"
        );
        assert!(matches!(
            Nudge::schema().validate_str(text),
            Err(ArgsError::Syntax(_))
        ));
    }
    // One the schema does not name counts as its last value, as in a `Value`.
    let text = r#"{"delta": 1, "x": 1, "x": [2]}"#;
    assert_eq!(
        outcome(Nudge::from_args_str(text)),
        outcome(through_value::<Nudge>(text))
    );
}

#[test]
fn integral_floats_and_escaped_keys_read_as_from_args_reads_them() {
    for text in [
        r#"{"delta": 3.0}"#,
        r#"{"delta": 3e0}"#,
        r#"{"delta": -0}"#,
        r#"{"delta": -0.0}"#,
        r#"{"\u0064elta": 4}"#,
        r#"{"delta": 18446744073709551616}"#,
    ] {
        assert_eq!(
            outcome(Nudge::from_args_str(text)),
            outcome(through_value::<Nudge>(text)),
            "{text}"
        );
    }
    // Beyond a 64-bit float: not a JSON number serde_json reads.
    assert!(matches!(
        Nudge::from_args_str(r#"{"delta": 1e400}"#),
        Err(ArgsError::Syntax(_))
    ));
    assert_eq!(Nudge::from_args_str(r#"{"delta": 3.0}"#).unwrap().delta, 3);
    assert_eq!(
        Nudge::from_args_str(r#"{"\u0064elta": 4}"#).unwrap().delta,
        4
    );
}

#[test]
fn a_property_beside_an_externally_tagged_variant_is_dropped_as_from_args_drops_it() {
    #[derive(Debug, PartialEq, Deserialize, ToolArgs)]
    struct Wrapper {
        command: Command,
    }
    let text = r#"{"command": {"Go": 3, "note": "soon"}}"#;
    assert_eq!(
        Wrapper::from_args_str(text).unwrap(),
        Wrapper {
            command: Command::Go(3)
        }
    );
    assert_eq!(
        outcome(Wrapper::from_args_str(text)),
        outcome(through_value::<Wrapper>(text))
    );
}

#[test]
fn text_that_is_not_json_gets_a_well_formed_agent_document() {
    for text in [
        "",
        "{",
        r#"{"delta": 1} trailing"#,
        "{'delta': 1}",
        "nul",
        "[1,]",
    ] {
        let error = Nudge::from_args_str(text).unwrap_err();
        assert!(matches!(error, ArgsError::Syntax(_)), "{text}");
        let document: Value =
            serde_json::from_str(&serde_json::to_string(&error).unwrap()).unwrap();
        assert_eq!(document["code"], "INVALID_ARGS");
        let message = document["message"].as_str().unwrap();
        assert!(
            message.starts_with("The arguments are not valid JSON: at byte ")
                || message.starts_with("The arguments are cut short: at byte "),
            "{document}"
        );
        let errors = document["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{document}");
        assert_eq!(errors[0]["keyword"], "syntax");
        assert!(errors[0]["offset"].as_u64().unwrap() <= text.len() as u64);
        let schema = Nudge::schema();
        assert!(
            matches!(schema.validate_str(text), Err(ArgsError::Syntax(_))),
            "{text}"
        );
    }
}

#[test]
fn deep_and_large_texts_are_refused_or_read_without_overflow() {
    // Deeper than serde_json's 128 levels: a syntax error, from either path.
    let deep = format!(
        "{{\"delta\": {}1{}}}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    assert!(matches!(
        Nudge::from_args_str(&deep),
        Err(ArgsError::Syntax(_))
    ));
    let deep_unnamed = format!(
        "{{\"delta\": 1, \"x\": {}1{}}}",
        "[".repeat(120),
        "]".repeat(120)
    );
    assert_eq!(
        outcome(Nudge::from_args_str(&deep_unnamed)),
        outcome(through_value::<Nudge>(&deep_unnamed))
    );
    // A long array of points.
    let points: Vec<String> = (0..50_000)
        .map(|i| format!("{{\"x\": {}}}", i % 10))
        .collect();
    let text = format!(
        "{{\"name\": \"n\", \"count\": 1, \"tags\": [], \"page\": 1, \"spots\": [{}]}}",
        points.join(",")
    );
    assert_eq!(
        outcome(Call::from_args_str(&text)),
        outcome(through_value::<Call>(&text))
    );
}

/// `from_args` reads a value that needs no conforming as it is, moved:
/// the same as reading it by reference, which it did before.
#[test]
fn from_args_reads_plain_values_as_serde_reads_them() {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    while checked < 300 {
        let value = object_for(Call::schema().root(), &mut rng, 0.0);
        let Ok(call) = Call::from_args(value.clone()) else {
            continue;
        };
        if let Ok(by_reference) = Call::deserialize(&value) {
            assert_eq!(call, by_reference, "{value}");
            checked += 1;
        }
    }
}

/// A type that keeps the first of a property given twice, as a hand-written
/// `Deserialize` may: `from_args` reads it from a `Value`, which keeps the
/// last, so the fast path must not answer for such a text.
#[derive(Debug, PartialEq)]
struct FirstWins(u8);

impl<'de> Deserialize<'de> for FirstWins {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = FirstWins;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object with `v`")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<FirstWins, A::Error> {
                let mut first = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == "v" && first.is_none() {
                        first = Some(map.next_value()?);
                    } else {
                        map.next_value::<serde::de::IgnoredAny>()?;
                    }
                }
                first
                    .map(FirstWins)
                    .ok_or_else(|| serde::de::Error::missing_field("v"))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

impl ToolArgs for FirstWins {
    fn schema() -> &'static ToolArgsSchema {
        static SCHEMA: std::sync::OnceLock<ToolArgsSchema> = std::sync::OnceLock::new();
        SCHEMA.get_or_init(|| {
            ToolArgsSchema::from_value(&serde_json::json!({"type": "object",
                "properties": {"v": {"type": "integer", "maximum": 9}}, "required": ["v"]}))
            .unwrap()
        })
    }
}

/// A property the schema names, given twice, is refused from text
/// whichever of the two a hand-written reader would keep: the stream takes
/// each checked value as final, and the text entry points agree with it.
#[test]
fn a_named_property_given_twice_is_refused_whichever_a_reader_keeps() {
    let text = r#"{"v": 1, "v": 2}"#;
    let Err(ArgsError::Syntax(error)) = FirstWins::from_args_str(text) else {
        panic!("a repeated property the schema names is refused");
    };
    assert_eq!(
        (error.offset(), error.path(), error.message()),
        (
            11,
            "",
            r#"the property "v" is given twice in this object; give each property once"#
        )
    );
    // As a `Value`, the last one counts, as in serde_json.
    assert_eq!(through_value::<FirstWins>(text).unwrap(), FirstWins(2));
}

/// A type that reads a property its schema does not name, into a type
/// that skips what it does not know.
#[derive(Debug, PartialEq, Deserialize)]
struct ReadsMore {
    v: i64,
    extra: Option<Inner>,
}

#[derive(Debug, PartialEq, Deserialize)]
struct Inner {
    a: i64,
}

impl ToolArgs for ReadsMore {
    fn schema() -> &'static ToolArgsSchema {
        static SCHEMA: std::sync::OnceLock<ToolArgsSchema> = std::sync::OnceLock::new();
        SCHEMA.get_or_init(|| {
            ToolArgsSchema::from_value(&serde_json::json!({"type": "object",
                "properties": {"v": {"type": "integer"}}, "required": ["v"]}))
            .unwrap()
        })
    }
}

/// Text that is not JSON is refused however deep under a property the
/// schema does not name, also where the type reads that property and skips
/// a value inside it: the fast path reads what it skips (serde_json's own
/// skipping does not decode it).
#[test]
fn a_value_skipped_inside_an_unnamed_property_is_still_read_as_json() {
    let deep = format!(
        r#"{{"v": 1, "extra": {{"a": 1, "junk": {}{}}}}}"#,
        "[".repeat(127),
        "]".repeat(127)
    );
    for text in [
        r#"{"v": 1, "extra": {"a": 1, "junk": "\ud800"}}"#,
        r#"{"v": 1, "extra": {"a": 1, "junk": [1e400]}}"#,
        r#"{"v": 1, "extra": {"a": 1, "junk": {"x": "\udc00"}}}"#,
        deep.as_str(),
    ] {
        assert!(serde_json::from_str::<Value>(text).is_err(), "{text:.60}");
        assert!(
            matches!(ReadsMore::from_args_str(text), Err(ArgsError::Syntax(_))),
            "{text:.60}"
        );
        assert!(matches!(
            ReadsMore::schema().validate_str(text),
            Err(ArgsError::Syntax(_))
        ));
    }
    let text = r#"{"v": 1, "extra": {"a": 2, "junk": ["ok", {"\u00e9": 1.5}]}}"#;
    assert_eq!(
        ReadsMore::from_args_str(text).unwrap(),
        ReadsMore {
            v: 1,
            extra: Some(Inner { a: 2 })
        }
    );
    assert_eq!(
        outcome(ReadsMore::from_args_str(text)),
        outcome(through_value::<ReadsMore>(text))
    );
}
