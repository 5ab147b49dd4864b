//! Arguments read straight from JSON text: `T::from_args_str(text)` returns
//! exactly what `T::from_args(serde_json::from_str(text)?)` returns, and
//! `ToolArgsSchema::validate_str(text)` exactly what `validate` returns on
//! the parsed text, valid or not, errors compared in their agent-facing
//! serialized form.
//!
//! The texts are made to reach every way the fast path can go wrong: values
//! mostly inside their schema (so the fast path answers), now and then
//! outside it; and the same value spelled many ways - whitespace, escaped
//! keys and strings, numbers as `1.0`, `1e2`, `-0` or beyond `u64`,
//! properties given twice (with the same or another value, first or last),
//! properties the schema does not name, nested arrays and objects, and
//! every kind of `oneOf` (decided by type, or read whole). Also the fixed
//! cases the design names, each on its own.

mod strategies;

use std::fmt::Debug;

use pedelec_schema::schema::{NumberNode, ObjectNode, SchemaNode};
use pedelec_schema::{ArgsError, ToolArgs, ToolArgsSchema};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Number, Value};

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

/// `from_args` on the parsed text: the meaning `from_args_str` must keep.
fn through_value<T: ToolArgs + DeserializeOwned>(text: &str) -> Result<T, ArgsError> {
    serde_json::from_str::<Value>(text)
        .map_err(ArgsError::Syntax)
        .and_then(T::from_args)
}

fn assert_same<T: ToolArgs + DeserializeOwned + Debug>(text: &str) -> Result<(), TestCaseError> {
    let direct = outcome(T::from_args_str(text));
    let plain = outcome(through_value::<T>(text));
    prop_assert_eq!(direct, plain, "text: {}", text);
    Ok(())
}

fn assert_same_validation(schema: &ToolArgsSchema, text: &str) -> Result<(), TestCaseError> {
    let direct = outcome(schema.validate_str(text));
    let plain = outcome(
        serde_json::from_str::<Value>(text)
            .map_err(ArgsError::Syntax)
            .and_then(|value| schema.validate(&value).map_err(ArgsError::from)),
    );
    prop_assert_eq!(direct, plain, "text: {}", text);
    Ok(())
}

// ------------------------------------------------- values and their texts

/// A small deterministic generator: proptest picks the seed, and the value
/// and its spelling follow from it. `noise` is how often a number or a
/// character is spelled another way, set per text: a clean text is read
/// on the fast path to the end, a noisy one leaves it early.
struct Rng {
    state: u64,
    noise: f64,
}

impl Rng {
    fn new(seed: u64) -> Self {
        let mut rng = Rng {
            state: seed,
            noise: 0.0,
        };
        rng.noise = *rng.pick(&[0.0, 0.0, 0.01, 0.05, 0.2]);
        rng
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let x = (self.state ^ (self.state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    fn chance(&mut self, probability: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= probability
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// A value aimed at `node`: inside it but now and then (`wrong`) not.
fn value_for(node: &SchemaNode, rng: &mut Rng, wrong: f64) -> Value {
    if rng.chance(wrong) {
        return rng
            .pick(&[
                Value::Null,
                Value::from(true),
                Value::from(7),
                Value::from(3.5),
                Value::from("x"),
                Value::from(Vec::<Value>::new()),
                Value::Object(Default::default()),
            ])
            .clone();
    }
    match node {
        SchemaNode::String(string) => {
            if let Some(values) = &string.enum_values {
                return Value::from(rng.pick(values).as_str());
            }
            let min = string.min_length.unwrap_or(0);
            let max = string.max_length.unwrap_or(min + 6).min(min + 6);
            let letters: &[char] = if string.pattern.is_some() {
                &['a', 'b', 'q', 'z']
            } else {
                &['a', 'Z', ' ', 'é', '🐲', '"', '\\', '\n', '/', '\u{1}']
            };
            let length = min + rng.below(max - min + 1);
            Value::from((0..length).map(|_| *rng.pick(letters)).collect::<String>())
        }
        SchemaNode::Integer(number) => integer_for(number, rng),
        SchemaNode::Number(number) => {
            if let Some(values) = &number.enum_values {
                return Value::Number(rng.pick(values).clone());
            }
            let low = number.minimum.as_ref().and_then(Number::as_f64);
            let high = number.maximum.as_ref().and_then(Number::as_f64);
            let low = low.unwrap_or(high.map_or(-1e3, |high| high - 1e3));
            let high = high.unwrap_or(low + 1e3).max(low);
            let float = low + (high - low) * (rng.below(1000) as f64 / 999.0);
            let float = if rng.chance(0.3) {
                float.round()
            } else {
                float
            };
            Number::from_f64(float.clamp(low, high)).map_or(Value::Null, Value::Number)
        }
        SchemaNode::Boolean(boolean) => match &boolean.enum_values {
            Some(values) => Value::from(*rng.pick(values)),
            None => Value::from(rng.chance(0.5)),
        },
        SchemaNode::Array(array) => {
            let min = array.min_items.unwrap_or(0);
            let max = array.max_items.unwrap_or(min + 3).min(min + 3);
            // Now and then one item too many or too few.
            let count = match (array.max_items, rng.below(40)) {
                (Some(max_items), 0) if max_items < 20 => max_items + 1,
                (_, 1) if min > 0 => min - 1,
                _ => min + rng.below(max - min + 1),
            };
            Value::Array(
                (0..count)
                    .map(|_| value_for(&array.items, rng, wrong))
                    .collect(),
            )
        }
        SchemaNode::Object(object) => object_for(object, rng, wrong),
        SchemaNode::OneOf(one_of) => value_for(rng.pick(&one_of.branches), rng, wrong),
    }
}

fn integer_for(number: &NumberNode, rng: &mut Rng) -> Value {
    if let Some(values) = &number.enum_values {
        return Value::Number(rng.pick(values).clone());
    }
    let bound = |n: &Option<Number>, default: i128| {
        n.as_ref()
            .and_then(|n| n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)))
            .unwrap_or(default)
    };
    let low = bound(&number.minimum, i128::MIN).max(i128::from(i64::MIN));
    let high = bound(&number.maximum, i128::MAX).min(i128::from(u64::MAX));
    let (low, high) = match (number.minimum.is_some(), number.maximum.is_some()) {
        (false, false) => (-1000, 1000),
        (true, false) => (low, low.saturating_add(1000).min(i128::from(u64::MAX))),
        (false, true) => (high.saturating_sub(1000).max(i128::from(i64::MIN)), high),
        (true, true) => (low, high.max(low)),
    };
    // Now and then one past a bound.
    let int = match rng.below(60) {
        0 => low,
        1 => high,
        2 => low - 1,
        3 => high + 1,
        _ => low + i128::from(rng.below((high - low).min(1 << 40) as u64 + 1)),
    };
    let int = int.clamp(i128::from(i64::MIN), i128::from(u64::MAX));
    match u64::try_from(int) {
        Ok(u) => Value::from(u),
        Err(_) => Value::from(int as i64),
    }
}

fn object_for(object: &ObjectNode, rng: &mut Rng, wrong: f64) -> Value {
    let mut map = serde_json::Map::new();
    for property in &object.properties {
        let required = object.required.contains(&property.name);
        if rng.chance(if required { 0.97 } else { 0.6 }) {
            map.insert(property.name.clone(), value_for(&property.node, rng, wrong));
        }
    }
    Value::Object(map)
}

/// `value` as JSON text, spelled as `rng` picks.
fn text_of(value: &Value, rng: &mut Rng) -> String {
    let mut out = String::new();
    write_value(value, rng, &mut out);
    out
}

fn space(rng: &mut Rng, out: &mut String) {
    if rng.chance(0.15) {
        let space: &&str = rng.pick(&[" ", "\n", "\t", "\r\n  "]);
        out.push_str(space);
    }
}

fn write_value(value: &Value, rng: &mut Rng, out: &mut String) {
    space(rng, out);
    match value {
        Value::Null | Value::Bool(_) => out.push_str(&value.to_string()),
        Value::Number(number) => write_number(number, rng, out),
        Value::String(text) => write_string(text, rng, out),
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                write_value(item, rng, out);
            }
            space(rng, out);
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> =
                map.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            if rng.chance(0.3) {
                entries.reverse();
            }
            if !entries.is_empty() && rng.chance(0.1) {
                // Given twice: the text's last one is the one a `Value` keeps.
                let at = rng.below(entries.len() as u64) as usize;
                let (key, kept) = entries[at].clone();
                let other = match rng.below(3) {
                    0 => kept,
                    1 => nudged(&kept),
                    _ => rng
                        .pick(&[Value::from(-1), Value::from("x"), Value::from(3.0)])
                        .clone(),
                };
                let place = if rng.chance(0.5) { at } else { entries.len() };
                entries.insert(place, (key, other));
            }
            if rng.chance(0.1) {
                entries.push(("zz unnamed".to_owned(), Value::from(vec![1, 2])));
            }
            out.push('{');
            for (index, (key, item)) in entries.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                space(rng, out);
                write_string(key, rng, out);
                space(rng, out);
                out.push(':');
                write_value(item, rng, out);
            }
            space(rng, out);
            out.push('}');
        }
    }
}

/// `value` changed a little, so that it likely still passes: which of two
/// passing values a reader keeps then shows.
fn nudged(value: &Value) -> Value {
    match value {
        Value::Number(n) if n.as_u64() == Some(0) => Value::from(1),
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Value::from(u - 1),
            (_, Some(i), _) => Value::from(i + 1),
            (_, _, Some(f)) => Value::from(f / 2.0),
            _ => value.clone(),
        },
        Value::String(text) => Value::from(text.chars().rev().collect::<String>()),
        Value::Bool(b) => Value::from(!b),
        Value::Array(items) => Value::Array(items.iter().rev().cloned().collect()),
        _ => value.clone(),
    }
}

/// A number as `1`, `1.0`, `1e0`, `10e-1`, `-0`, or now and then one
/// beyond `u64` (read as a float).
fn write_number(number: &Number, rng: &mut Rng, out: &mut String) {
    let plain = number.to_string();
    let noise = rng.noise;
    let spelled = if !rng.chance(noise) {
        plain
    } else if rng.chance(0.1) {
        rng.pick(&[
            "18446744073709551616",
            "-9223372036854775809",
            "1e20",
            "1e308",
        ])
        .to_string()
    } else if number.is_f64() {
        match rng.below(3) {
            0 => format!("{:e}", number.as_f64().unwrap_or(0.0)),
            _ => plain,
        }
    } else {
        match (rng.below(6), plain.as_str()) {
            (0, _) => format!("{plain}.0"),
            (1, _) => format!("{plain}e0"),
            (2, _) => format!("{plain}0e-1"),
            (3, "0") => "-0".to_owned(),
            (4, "0") => "-0.0".to_owned(),
            _ => plain,
        }
    };
    out.push_str(&spelled);
}

/// A string with some characters escaped as `\uXXXX` (astral ones as
/// surrogate pairs) or `\/`.
fn write_string(text: &str, rng: &mut Rng, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        if rng.chance(rng.noise) {
            if c == '/' {
                out.push_str("\\/");
                continue;
            }
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04X}"));
            }
            continue;
        }
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
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

#[test]
fn a_property_given_twice_counts_as_its_last_value() {
    // A `Value` keeps the last; validation checks that one, and so must the
    // result, whichever of the two is out of range.
    assert_eq!(
        Nudge::from_args_str(r#"{"delta": 99, "delta": 3}"#)
            .unwrap()
            .delta,
        3
    );
    let error = Nudge::from_args_str(r#"{"delta": 3, "delta": 99}"#).unwrap_err();
    assert_eq!(
        error.errors()[0].message(),
        "99 is greater than the maximum 10"
    );
    for text in [
        r#"{"delta": 99, "delta": 3}"#,
        r#"{"delta": 3, "delta": 99}"#,
    ] {
        assert_eq!(
            outcome(Nudge::from_args_str(text)),
            outcome(through_value::<Nudge>(text))
        );
    }
}

#[test]
fn integral_floats_and_escaped_keys_read_as_from_args_reads_them() {
    for text in [
        r#"{"delta": 3.0}"#,
        r#"{"delta": 3e0}"#,
        r#"{"delta": -0}"#,
        r#"{"delta": -0.0}"#,
        r#"{"\u0064elta": 4}"#,
        r#"{"delta": 1e400}"#,
        r#"{"delta": 18446744073709551616}"#,
    ] {
        assert_eq!(
            outcome(Nudge::from_args_str(text)),
            outcome(through_value::<Nudge>(text)),
            "{text}"
        );
    }
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
        assert!(
            document["message"]
                .as_str()
                .unwrap()
                .starts_with("The arguments are not valid JSON: "),
            "{document}"
        );
        assert_eq!(document["errors"], Value::Array(Vec::new()));
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

#[test]
fn a_reader_that_keeps_the_first_of_two_gets_the_last_as_from_args_gives_it() {
    let text = r#"{"v": 1, "v": 2}"#;
    assert_eq!(FirstWins::from_args_str(text).unwrap(), FirstWins(2));
    assert_eq!(
        outcome(FirstWins::from_args_str(text)),
        outcome(through_value::<FirstWins>(text))
    );
}
