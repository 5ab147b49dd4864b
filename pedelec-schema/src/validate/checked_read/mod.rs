//! Arguments read straight from JSON text, checked as serde reads them:
//! [`ToolArgs::from_args_str`](crate::ToolArgs::from_args_str) and
//! [`ToolArgsSchema::validate_str`](crate::ToolArgsSchema::validate_str).
//!
//! # Design
//!
//! The happy path builds no `Value`. `T` is deserialized from serde_json's
//! text deserializer through [`Checked`], which wraps
//! it and checks each value against the compiled rule at its place as
//! serde hands it over (`deserializer.rs`, `visitor.rs`):
//!
//! - leaves by the rules' own `accepts_*` checks, the code the walk runs;
//! - objects key by key, each key looked up among the properties, and at
//!   the end every required property seen (`object.rs`);
//! - arrays item by item, then their count, and for `uniqueItems` a
//!   fingerprint of each item (`array.rs`, `fingerprint.rs`);
//! - a `oneOf` by the value's JSON type when its branches each take a
//!   different one, or else by reading the value into a `Value` and checking
//!   that whole (`one_of.rs`), where serde buffers untagged and internally
//!   tagged enums for the same reason.
//!
//! Properties that the schema does not name go to `T` unchecked, as
//! validation leaves them, but a value `T` skips there is still read as
//! JSON (`strict.rs`); values that `T` skips are checked all the same.
//!
//! # Why the answer is the one `from_args` gives
//!
//! The fast path answers only with a value; at the first doubt it gives up,
//! and the caller reads the text into a `Value` with the crate's reader
//! (`text/`) and runs the full path (`from_args`: validation that collects
//! every error with its path, then serde). So every error an agent sees
//! comes from the full path. It gives up on:
//!
//! - any value that fails its rule, a missing required property, an array
//!   count out of bounds, two items of a `uniqueItems` array that print
//!   alike (a duplicate, or a collision);
//! - any serde error, which includes an integral float such as `3.0` under
//!   an `integer` node that `T`'s integer refuses (`from_args` turns it into
//!   `3` and reads it) and a property beside an externally tagged variant;
//! - a property the schema names given twice, which the crate's reader
//!   refuses (the stream cannot take back a value it checked), and any name
//!   given twice inside a value read whole (`strict.rs`);
//! - a visitor that stops while items or entries follow, which would go
//!   unchecked;
//! - what it leaves by design: an object node of more than 64 properties
//!   (the properties seen are one word of bits), a `uniqueItems` array of
//!   more than 32 items or of items read whole (their fingerprints live on
//!   the stack, and are taken as values stream by);
//! - text that is not one JSON value, wherever the fault is (the full path
//!   says why and where).
//!
//! Of these, a value that fails its rule, a count out of bounds, a missing
//! required property, a named property given twice and text that is not
//! JSON are refusals validation makes too ([`refused`]): a bare verdict
//! ([`verdict`]) answers `false` there without the full path. The rest are
//! undecided.
//!
//! A float that stands on the edge of a `minimum` or `maximum` (equal to
//! the double nearest it) is checked by its double, as every other value,
//! but the text may write a number beyond the bound (`1e-400` is read as
//! `0.0`), which the full path refuses, and serde gives the double only.
//! Where a check passed such a float, a value read stands only if the text
//! writes every float on an edge as its bound (`1.0` for a `maximum` of
//! `1`), which a look at the text's numbers alone tells
//! (`validate/texts.rs`); else the fast path gives up, and the full path
//! compares the texts.
//!
//! When it does answer, `from_args` would have answered the same: every
//! value its validation checks was checked here by the same rule, on the
//! same numbers and strings (serde_json reads a number in the text as it
//! reads it into a `Value`: `u64`, `i64` or `f64` alike), so validation
//! passes; and serde read `T` from the same tokens that `from_args` reads
//! it from, through a `Value` (serde_json's two deserializers read a type
//! alike). The property test in `tests/validation/from_text.rs` holds the two paths
//! equal over texts made to reach each of these cases.

mod array;
mod deserializer;
mod fingerprint;
mod object;
mod one_of;
mod strict;
mod visitor;

use serde::de::{self, Deserialize, IgnoredAny};
use serde_json::Value;

use super::{texts, Rule, Validator};
use deserializer::Checked;
use fingerprint::Print;

/// Calls `$forward!` with every `deserialize_*` method of serde's
/// `Deserializer` that a wrapper forwards as it is (all but
/// `deserialize_enum` and `deserialize_ignored_any`), with the arguments
/// each takes before its visitor: the one list that `deserializer.rs` and
/// `strict.rs` forward.
macro_rules! forward_plain_methods {
    ($forward:ident) => {
        $forward! {
            deserialize_any();
            deserialize_bool();
            deserialize_i8();
            deserialize_i16();
            deserialize_i32();
            deserialize_i64();
            deserialize_i128();
            deserialize_u8();
            deserialize_u16();
            deserialize_u32();
            deserialize_u64();
            deserialize_u128();
            deserialize_f32();
            deserialize_f64();
            deserialize_char();
            deserialize_str();
            deserialize_string();
            deserialize_bytes();
            deserialize_byte_buf();
            deserialize_option();
            deserialize_unit();
            deserialize_unit_struct(name: &'static str);
            deserialize_newtype_struct(name: &'static str);
            deserialize_seq();
            deserialize_tuple(len: usize);
            deserialize_tuple_struct(name: &'static str, len: usize);
            deserialize_map();
            deserialize_struct(name: &'static str, fields: &'static [&'static str]);
            deserialize_identifier();
        }
    };
}
use forward_plain_methods;

/// The text of [`refused`]'s error.
const REFUSED: &str = "refused on the fast path";

/// Why the fast path last gave up on this thread, for [`verdict_from`],
/// whose deserializer's errors may not show the text they were made with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GaveUp {
    Refused,
    Undecided,
}

thread_local! {
    static GAVE_UP: std::cell::Cell<Option<GaveUp>> = const { std::cell::Cell::new(None) };
}

/// The error by which the fast path gives up on a value that validation
/// refuses too: one that fails its rule or its node's JSON type, a count
/// out of bounds, a missing required property, a property the schema names
/// given twice (which the crate's reader refuses). Its text is never shown:
/// the full path runs instead, or for a bare verdict, nothing more
/// ([`verdict`]).
fn refused<E: de::Error>() -> E {
    GAVE_UP.with(|gave_up| gave_up.set(Some(GaveUp::Refused)));
    E::custom(REFUSED)
}

/// The error by which the fast path gives up on a value it cannot decide
/// (the other cases in [the module's list](self)).
fn undecided<E: de::Error>() -> E {
    GAVE_UP.with(|gave_up| gave_up.set(Some(GaveUp::Undecided)));
    E::custom("undecided on the fast path")
}

/// `T` read from `text` with every value checked against `validator`, or
/// `None` where [the fast path](self) gives up.
pub(crate) fn read_checked<'de, T: Deserialize<'de>>(
    validator: &Validator,
    text: &'de str,
) -> Option<T> {
    read(validator, text)?.ok()
}

/// `read`'s answer where it stands. A refusal always does: a text's number
/// is refused where its double is, and where its text is. A value read
/// whose checks passed a float on a bound's edge by the double (which
/// serde gives, not the text) stands only if the text writes every such
/// float as its bound (`validate/texts.rs`).
fn read<'de, T: Deserialize<'de>>(
    validator: &Validator,
    text: &'de str,
) -> Option<Result<T, serde_json::Error>> {
    let (read, doubted) = texts::watched(|| read_through(validator, text));
    let stands = read.is_err() || !doubted || texts::consistent(text, &validator.edges);
    stands.then_some(read)
}

/// Whether `text` is valid, where the fast path can tell: `Some(true)`
/// where it reads the text through, `Some(false)` where it gives up on a
/// value validation refuses ([`refused`]) or on text that is not JSON
/// (serde_json's syntax errors are the crate's reader's), and `None` where
/// it cannot decide. It stops at the first failure, so an invalid call
/// costs no more than the text read up to its first fault.
pub(crate) fn verdict(validator: &Validator, text: &str) -> Option<bool> {
    match read::<IgnoredAny>(validator, text)? {
        Ok(_) => Some(true),
        Err(error) if error.is_syntax() || error.is_eof() => Some(false),
        Err(error) if error.is_data() && error.to_string().starts_with(REFUSED) => Some(false),
        Err(_) => None,
    }
}

/// Whether the value `deserializer` hands over passes `validator`, where
/// the fast path can tell, read as it is handed over (no `Value` is
/// built): `Ok(Some(true))` where it reads the value through and no float
/// passed on a bound's edge, `Ok(Some(false))` where it gives up on a value
/// validation refuses ([`refused`]), `Ok(None)` where it cannot decide (or
/// a float passed on an edge, whose text a caller may have), and the
/// deserializer's own error where it stopped by itself.
pub(crate) fn verdict_from<'de, D: de::Deserializer<'de>>(
    validator: &Validator,
    deserializer: D,
) -> Result<Option<bool>, D::Error> {
    GAVE_UP.with(|gave_up| gave_up.set(None));
    let rule: &Rule = &validator.rule;
    let (read, doubted) =
        texts::watched(|| IgnoredAny::deserialize(Checked::new(deserializer, rule, Print::NONE)));
    let gave_up = GAVE_UP.with(std::cell::Cell::take);
    match (read, gave_up) {
        (Ok(_), _) => Ok((!doubted).then_some(true)),
        (Err(_), Some(GaveUp::Refused)) => Ok(Some(false)),
        (Err(_), Some(GaveUp::Undecided)) => Ok(None),
        (Err(error), None) => Err(error),
    }
}

/// `text` read whole into a `Value` as serde_json reads it, or `None`
/// where it is not JSON or an object in it gives a name twice: there the
/// crate's reader (`text/`) builds the same value and has nothing to say
/// (`text/tests.rs` holds the two equal), at a fraction of its cost.
pub(crate) fn read_whole(text: &str) -> Option<Value> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = strict::whole(&mut deserializer).ok()?;
    deserializer.end().ok()?;
    Some(value)
}

/// `T` read through [`Checked`], with serde_json's error where it gives up.
fn read_through<'de, T: Deserialize<'de>>(
    validator: &Validator,
    text: &'de str,
) -> Result<T, serde_json::Error> {
    let rule: &Rule = &validator.rule;
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(Checked::new(&mut deserializer, rule, Print::NONE))?;
    deserializer.end()?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use serde::de::IgnoredAny;
    use serde_json::{json, Map, Value};

    use super::*;
    use crate::tool_args_schema::ToolArgsSchema;

    /// Whether the fast path answers for `text` (`IgnoredAny` reads
    /// everything, so only the checks decide).
    fn answers(schema: &Value, text: &str) -> bool {
        let schema = ToolArgsSchema::from_value(schema).unwrap();
        read_checked::<IgnoredAny>(schema.validator(), text).is_some()
    }

    #[test]
    fn valid_text_is_answered_on_the_fast_path() {
        let schema = json!({"type": "object", "properties": {
            "n": {"type": "integer", "maximum": 5},
            "s": {"oneOf": [{"type": "string"}, {"type": "number"}]},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
            "o": {"type": "object", "properties": {"x": {"type": "boolean"}}, "required": ["x"]}
        }, "required": ["n"]});
        for text in [
            r#"{"n": 5}"#,
            r#"{"n": 1.0, "s": "x", "tags": ["a", "b"], "o": {"x": true}, "other": [null]}"#,
            r#"{"n": -0, "s": 2, "tags": ["a", "\u0062"]}"#,
        ] {
            assert!(answers(&schema, text), "{text}");
        }
    }

    /// The bare verdict is sure of the refusals listed at [`refused`] and
    /// of text that is not JSON, and leaves the undecided to the full
    /// path; `tests/validation/from_text.rs` holds it to `validate_str`.
    #[test]
    fn the_bare_verdict_is_sure_only_where_validation_refuses() {
        let schema = ToolArgsSchema::from_value(&json!({"type": "object", "properties": {
            "n": {"type": "integer", "maximum": 5},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2, "uniqueItems": true}
        }, "required": ["n"]}))
        .unwrap();
        let verdict = |text: &str| verdict(schema.validator(), text);
        assert_eq!(verdict(r#"{"n": 5, "tags": ["a"]}"#), Some(true));
        for refused in [
            r#"{"n": 6}"#,
            r#"{"n": "5"}"#,
            r#"{"tags": []}"#,
            r#"{"n": 1, "tags": ["a", "b", "c"]}"#,
            r#"{"n": 1, "n": 1}"#,
            r#"{"n": 1"#,
            r#"{"n": 1} x"#,
        ] {
            assert_eq!(verdict(refused), Some(false), "{refused}");
        }
        // Equal items (the fingerprints might collide), and a `null`
        // (serde's own type error): the full path decides.
        for undecided in [r#"{"n": 1, "tags": ["a", "a"]}"#, r#"{"n": null}"#] {
            assert_eq!(verdict(undecided), None, "{undecided}");
        }
    }

    /// Where the fast path gives up although the text may be valid: the
    /// full walk then decides, as `tests/validation/from_text.rs` checks.
    #[test]
    fn the_fast_path_gives_up_where_it_cannot_decide() {
        let unique = |items: Value| json!({"type": "object", "properties": {"a": {"type": "array", "items": items, "uniqueItems": true}}});
        let many: Map<String, Value> = (0..65)
            .map(|i| (format!("p{i}"), json!({"type": "integer"})))
            .collect();
        let many = json!({"type": "object", "properties": many});
        let one_of = json!({"type": "object", "properties": {"o": {"oneOf": [
            {"type": "object", "properties": {"k": {"type": "integer"}}, "required": ["k"]},
            {"type": "object", "properties": {"j": {"type": "integer"}}, "required": ["j"]}
        ]}}});
        let items: Vec<u32> = (0..33).collect();
        let cases = [
            // A property given twice: a `Value` would keep only the last.
            (
                json!({"type": "object", "properties": {"a": {"type": "integer"}}}),
                r#"{"a": 1, "a": 1}"#.to_owned(),
            ),
            // Equal items, and items beyond the fingerprints' room.
            (
                unique(json!({"type": "integer"})),
                r#"{"a": [1, 1.0]}"#.to_owned(),
            ),
            (
                unique(json!({"type": "integer"})),
                format!(r#"{{"a": {}}}"#, json!(items)),
            ),
            // Items read whole into a `Value` take no fingerprint.
            (
                unique(one_of["properties"]["o"].clone()),
                r#"{"a": [{"k": 1}]}"#.to_owned(),
            ),
            // An object node of more than 64 properties.
            (many, r#"{"p1": 1}"#.to_owned()),
            // Not one JSON value.
            (json!({"type": "object"}), "{} {}".to_owned()),
        ];
        for (schema, text) in cases {
            assert!(!answers(&schema, &text), "{text}");
        }
        // A `oneOf` of two objects is read whole, and answered.
        assert!(answers(&one_of, r#"{"o": {"j": 2}}"#));
        assert!(!answers(&one_of, r#"{"o": {"j": 2, "k": 1}}"#));
    }
}
