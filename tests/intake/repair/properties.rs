//! Properties of `repair` over generated schemas and texts.
//!
//! - a text that is JSON is read as `validate_str` reads it: a valid one
//!   comes back as serde_json reads it, with no change; an invalid one is
//!   refused with `validate_str`'s very error;
//! - every proper prefix of a JSON text is refused as cut short;
//! - a valid value written the way models write it (single quotes, `\'`
//!   in double quotes, Python's booleans, trailing commas, raw control
//!   characters, bare property names the schema names, a code fence,
//!   prose or a stray `}` around it) is read back as that very value,
//!   with one change for each liberty the writer took, at the place it
//!   took it;
//! - every prefix of such a text that stops before its root object closes
//!   is refused: no repair completes a call cut short.
//!
//! The sloppy writer is `pedelec_testdata::sloppy`. A failing case prints
//! the schema and the text.

use crate::strategies;

use pedelec_schema::schema::{ObjectNode, Property};
use pedelec_schema::{ArgsError, ChangeCode, SchemaNode, ToolArgsSchema};
use pedelec_testdata::pointer;
use pedelec_testdata::sloppy::{Sloppy, Tape, Written};
use proptest::prelude::*;
use serde_json::Value;

/// What a failing case prints: the schema and the text.
fn shown(schema: &ToolArgsSchema, text: &str) -> String {
    format!("\nschema: {}\ntext: {text:?}", schema.to_value())
}

/// `value` as serde_json writes it, compact and pretty.
fn json_texts(value: &Value) -> [String; 2] {
    [
        serde_json::to_string(value).expect("a value serializes"),
        serde_json::to_string_pretty(value).expect("a value serializes"),
    ]
}

/// Every proper prefix of `text` that holds more than whitespace, cut at
/// each character boundary up to `end` (excluded): a blank one is the
/// empty call, which a schema requiring nothing takes as `{}`.
fn prefixes(text: &str, end: usize) -> impl Iterator<Item = &str> {
    (1..end)
        .filter(|&at| text.is_char_boundary(at))
        .map(|at| &text[..at])
        .filter(|prefix| !prefix.trim_matches([' ', '\t', '\n', '\r']).is_empty())
}

/// Strings that stress the quoting rules: apostrophes, backslashes, double
/// quotes, text that would end a string early if an escape were lost, raw
/// control characters.
const SPICY: &[&str] = &[
    "it's",
    "'",
    "''",
    "\\",
    "a\\'b",
    "C:\\path\\to",
    "\\u0041",
    "say \"hi\"",
    "\"",
    "', 'b': 1",
    "\", \"a\": 1}",
    "}]",
    "True",
    "{'a': 1}",
    "a\tb",
    "line\nnext\r\n",
    "\u{1}\u{1f}",
    "🐲'🐲",
];

/// The pointers of every string in `value` (not property names).
fn string_leaves(value: &Value, at: &str, out: &mut Vec<String>) {
    match value {
        Value::String(_) => out.push(at.to_owned()),
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                string_leaves(item, &format!("{at}/{index}"), out);
            }
        }
        Value::Object(map) => {
            for (key, member) in map {
                let mut inner = at.to_owned();
                pointer::push(&mut inner, key);
                string_leaves(member, &inner, out);
            }
        }
        _ => {}
    }
}

/// `value` with some of its strings made spicy, each only where the schema
/// still accepts the value: the generated strings hold no quote or
/// backslash, which the sloppy writer must escape.
fn spiced(schema: &ToolArgsSchema, value: &Value, tape: &mut Tape) -> Value {
    let mut leaves = Vec::new();
    string_leaves(value, "", &mut leaves);
    let mut spiced = value.clone();
    for at in leaves {
        if !tape.one_in(3) {
            continue;
        }
        let spicy = SPICY[usize::from(tape.draw()) % SPICY.len()];
        let mut candidate = spiced.clone();
        *candidate.pointer_mut(&at).expect("a leaf of the value") = Value::String(spicy.into());
        if schema.is_valid(&candidate) {
            spiced = candidate;
        }
    }
    spiced
}

/// Two properties the sloppy cases add to the generated root (whose
/// names are `strategies::NAMES` and `unnamed`), so that every case has
/// booleans under a boolean node and strings no enum or pattern bounds:
/// the generated ones are few, and most of their strings plain.
const FLAGS: &str = "flags";
const NOTES: &str = "notes";

/// A schema, values aimed at it (with `FLAGS` and `NOTES` added), and the
/// tape of a sloppy writer's choices.
fn sloppy_cases() -> impl Strategy<Value = (ObjectNode, Vec<Value>, Vec<u8>)> {
    const VALUES: usize = 4;
    let extras = (
        prop::collection::vec(any::<bool>(), 0..4),
        prop::collection::vec(prop::sample::select(SPICY), 0..3),
    );
    (
        strategies::root_with_values(VALUES),
        prop::collection::vec(extras, VALUES),
        prop::collection::vec(any::<u8>(), 1..64),
    )
        .prop_map(|((mut root, mut values), extras, tape)| {
            root.properties.push(Property {
                name: FLAGS.to_owned(),
                node: SchemaNode::array(SchemaNode::boolean()).into(),
            });
            root.properties.push(Property {
                name: NOTES.to_owned(),
                node: SchemaNode::array(SchemaNode::string()).into(),
            });
            for (value, (flags, notes)) in values.iter_mut().zip(extras) {
                let Value::Object(map) = value else { continue };
                if !flags.is_empty() {
                    map.insert(FLAGS.to_owned(), flags.into());
                }
                if !notes.is_empty() {
                    map.insert(NOTES.to_owned(), notes.into());
                }
            }
            (root, values, tape)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// A text that is JSON and that the schema accepts, as serde_json
    /// writes it compact and pretty, comes back as serde_json reads it,
    /// with no change, and `validate_str` accepts it too.
    #[test]
    fn a_valid_json_text_is_returned_unchanged((root, values) in strategies::root_with_values(6)) {
        let schema = ToolArgsSchema::new(root).unwrap();
        for value in values.iter().filter(|value| schema.is_valid(value)) {
            for text in json_texts(value) {
                let shown = shown(&schema, &text);
                let repaired = schema.repair(&text);
                prop_assert!(repaired.is_ok(), "{:?}{}", repaired, shown);
                let repaired = repaired.unwrap();
                let parsed: Value = serde_json::from_str(&text).unwrap();
                prop_assert!(repaired.changes.is_empty(), "{:?}{}", repaired.changes, shown);
                prop_assert_eq!(&repaired.value, &parsed, "{}", shown);
                prop_assert_eq!(repaired.value.to_string(), parsed.to_string(), "{}", shown);
                prop_assert!(schema.validate_str(&text).is_ok(), "{}", shown);
            }
        }
    }

    /// A text that is JSON and that the schema refuses is refused with
    /// exactly `validate_str`'s error: the same agent-facing document.
    #[test]
    fn an_invalid_json_text_gets_validate_str_s_error((root, values) in strategies::root_with_values(6)) {
        let schema = ToolArgsSchema::new(root).unwrap();
        for value in values.iter().filter(|value| !schema.is_valid(value)) {
            for text in json_texts(value) {
                let shown = shown(&schema, &text);
                let checked = schema.validate_str(&text);
                prop_assert!(matches!(checked, Err(ArgsError::Invalid(_))), "{:?}{}", checked, shown);
                match schema.repair(&text) {
                    Ok(repaired) => prop_assert!(false, "repaired to {:?}{}", repaired, shown),
                    Err(error) => prop_assert_eq!(
                        error.to_value(), checked.unwrap_err().to_value(), "{}", shown
                    ),
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every proper prefix of a JSON text (valid or not, compact and
    /// pretty), cut at every character boundary before the root object's
    /// closing brace, is refused with a syntax error that says the text is
    /// cut short.
    #[test]
    fn every_prefix_of_a_json_text_is_refused_as_cut_short((root, values) in strategies::root_with_values(4)) {
        let schema = ToolArgsSchema::new(root).unwrap();
        for value in &values {
            for text in json_texts(value) {
                for prefix in prefixes(&text, text.len()) {
                    let shown = shown(&schema, prefix);
                    match schema.repair(prefix) {
                        Err(ArgsError::Syntax(error)) => {
                            prop_assert!(error.is_truncated(), "{}{}", error, shown);
                        }
                        other => prop_assert!(false, "{:?}{}", other, shown),
                    }
                }
            }
        }
    }
}

/// Each of `values` the schema accepts, made spicy and written sloppily,
/// with the choices read from `tape` in turn.
fn sloppy_texts(schema: &ToolArgsSchema, values: &[Value], tape: &[u8]) -> Vec<(Value, Written)> {
    let mut tape = Tape::new(tape);
    values
        .iter()
        .filter(|value| schema.is_valid(value))
        .map(|value| {
            let value = spiced(schema, value, &mut tape);
            let written = Sloppy::write(schema.root(), &value, &mut tape);
            (value, written)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// A valid value written sloppily (see `Sloppy`: strings and property
    /// names in single quotes, `True`/`False` where the node is a boolean,
    /// trailing commas, raw control characters, `\'` in double quotes,
    /// property names the schema names left bare, a code fence, prose or
    /// a stray `}` around the object) is read back as that very value,
    /// down to how its numbers are held, and the repair reports exactly the
    /// liberties the writer took, one change per code and place: the same
    /// set of (code, pointer), none twice.
    #[test]
    fn a_sloppy_text_is_read_back_with_one_change_per_liberty((root, values, tape) in sloppy_cases()) {
        let schema = ToolArgsSchema::new(root).unwrap();
        for (value, written) in sloppy_texts(&schema, &values, &tape) {
            let shown = shown(&schema, &written.text);
            let repaired = schema.repair(&written.text);
            prop_assert!(repaired.is_ok(), "{:?}{}", repaired, shown);
            let repaired = repaired.unwrap();
            prop_assert_eq!(&repaired.value, &value, "{}", shown);
            prop_assert_eq!(repaired.value.to_string(), value.to_string(), "{}", shown);
            let mut reported: Vec<(ChangeCode, String)> = repaired
                .changes
                .iter()
                .map(|change| (change.code, change.pointer.clone()))
                .collect();
            let mut expected = written.expected.clone();
            reported.sort();
            expected.sort();
            prop_assert_eq!(reported, expected, "{}", shown);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every proper prefix of a sloppy text (as above) that stops before
    /// the root object's closing brace, at any character boundary, is
    /// refused with a syntax error, whatever repairs the rest of it took:
    /// the text it would take to complete the call is not there.
    #[test]
    fn every_prefix_of_a_sloppy_text_is_refused((root, values, tape) in sloppy_cases()) {
        let schema = ToolArgsSchema::new(root).unwrap();
        for (_, written) in sloppy_texts(&schema, &values, &tape) {
            for prefix in prefixes(&written.text, written.root_close + 1) {
                let shown = shown(&schema, prefix);
                let repaired = schema.repair(prefix);
                prop_assert!(matches!(repaired, Err(ArgsError::Syntax(_))), "{:?}{}", repaired, shown);
            }
        }
    }
}
