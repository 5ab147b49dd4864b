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
//! A failing case prints the schema and the text.

use crate::strategies;

use pedelec_schema::schema::{ObjectNode, Property};
use pedelec_schema::{ArgsError, ChangeCode, SchemaNode, ToolArgsSchema};
use pedelec_testdata::pointer;
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

/// The bytes that decide each liberty the sloppy writer takes, read in a
/// cycle (each lap scrambled, so that a short tape does not repeat
/// itself): proptest shrinks a failure to a tape of few choices.
struct Tape<'t> {
    bytes: &'t [u8],
    read: usize,
}

impl<'t> Tape<'t> {
    fn new(bytes: &'t [u8]) -> Self {
        Tape { bytes, read: 0 }
    }

    fn next(&mut self) -> u8 {
        let Some(len) = std::num::NonZeroUsize::new(self.bytes.len()) else {
            return 0;
        };
        let lap = (self.read / len) as u8;
        let byte = self.bytes[self.read % len.get()] ^ lap.wrapping_mul(0x9d);
        self.read += 1;
        byte
    }

    fn one_in(&mut self, n: u8) -> bool {
        self.next().is_multiple_of(n)
    }
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
        let spicy = SPICY[usize::from(tape.next()) % SPICY.len()];
        let mut candidate = spiced.clone();
        *candidate.pointer_mut(&at).expect("a leaf of the value") = Value::String(spicy.into());
        if schema.is_valid(&candidate) {
            spiced = candidate;
        }
    }
    spiced
}

/// Whether `name` can stand unquoted as a property name: a bare word
/// (`words.rs` ends one at JSON's whitespace, punctuation and quotes),
/// without control characters.
fn is_bare_word(name: &str) -> bool {
    !name.is_empty()
        && !name.contains([
            ' ', '\t', '\n', '\r', ':', ',', '{', '}', '[', ']', '"', '\'',
        ])
        && !name.chars().any(|c| c.is_control())
}

/// A text written as a model might write a value: the liberties drawn
/// from a tape, and each one the repair must report, by code and pointer.
struct Sloppy<'w, 't> {
    tape: &'w mut Tape<'t>,
    pretty: bool,
    text: String,
    expected: Vec<(ChangeCode, String)>,
}

/// A sloppy text: the text, the changes the repair must report, and the
/// byte offset of the root object's closing brace.
struct Written {
    text: String,
    expected: Vec<(ChangeCode, String)>,
    root_close: usize,
}

impl<'w, 't> Sloppy<'w, 't> {
    /// `value`, valid for `root`, written sloppily.
    fn write(root: &ObjectNode, value: &Value, tape: &'w mut Tape<'t>) -> Written {
        let mut sloppy = Sloppy {
            tape,
            pretty: false,
            text: String::new(),
            expected: Vec::new(),
        };
        sloppy.pretty = sloppy.tape.one_in(2);
        let root = SchemaNode::Object(root.clone());
        sloppy.value(Some(&root), value, "", 0);
        let body_close = sloppy.text.len() - 1;
        if sloppy.tape.one_in(6) {
            sloppy.text.push('}');
            sloppy.expect(ChangeCode::StrayBracket, "");
        }
        let (before, after, codes): (&str, &str, &[ChangeCode]) = match sloppy.tape.next() % 5 {
            0 => ("", "", &[]),
            1 => ("```json\n", "\n```", &[ChangeCode::CodeFence]),
            2 => ("Here are the arguments: ", "", &[ChangeCode::TextAround]),
            3 => (
                "Here are the arguments:\n```json\n",
                "\n```\n",
                &[ChangeCode::TextAround, ChangeCode::CodeFence],
            ),
            _ => (
                "",
                "\nLet me know if you need anything else.",
                &[ChangeCode::TextAround],
            ),
        };
        for &code in codes {
            sloppy.expect(code, "");
        }
        Written {
            text: format!("{before}{}{after}", sloppy.text),
            expected: sloppy.expected,
            root_close: before.len() + body_close,
        }
    }

    fn expect(&mut self, code: ChangeCode, at: &str) {
        self.expected.push((code, at.to_owned()));
    }

    fn newline(&mut self, depth: usize) {
        if self.pretty {
            self.text.push('\n');
            self.text.push_str(&"  ".repeat(depth));
        }
    }

    /// `value` at `at`, whose node is `node` where the writer knows it for
    /// sure (not inside a `oneOf`, whose branch the text does not say).
    fn value(&mut self, node: Option<&SchemaNode>, value: &Value, at: &str, depth: usize) {
        match value {
            Value::Null => self.text.push_str("null"),
            Value::Bool(boolean) => {
                if matches!(node, Some(SchemaNode::Boolean(_))) && self.tape.one_in(2) {
                    self.text.push_str(if *boolean { "True" } else { "False" });
                    self.expect(ChangeCode::PythonLiteral, at);
                } else {
                    self.text.push_str(if *boolean { "true" } else { "false" });
                }
            }
            Value::Number(number) => self.text.push_str(&number.to_string()),
            Value::String(string) => self.string(string, at),
            Value::Array(items) => {
                let items_node = match node {
                    Some(SchemaNode::Array(array)) => Some(&*array.items),
                    _ => None,
                };
                self.text.push('[');
                for (index, item) in items.iter().enumerate() {
                    if index > 0 {
                        self.text.push(',');
                    }
                    self.newline(depth + 1);
                    self.value(items_node, item, &format!("{at}/{index}"), depth + 1);
                }
                self.close(']', items.is_empty(), at, depth);
            }
            Value::Object(map) => {
                self.text.push('{');
                for (index, (name, member)) in map.iter().enumerate() {
                    if index > 0 {
                        self.text.push(',');
                    }
                    self.newline(depth + 1);
                    let mut inner = at.to_owned();
                    pointer::push(&mut inner, name);
                    let property = match node {
                        Some(SchemaNode::Object(object)) => object.property_node(name),
                        _ => None,
                    };
                    self.key(name, property.is_some(), &inner);
                    self.text.push_str(if self.pretty { ": " } else { ":" });
                    self.value(property, member, &inner, depth + 1);
                }
                self.close('}', map.is_empty(), at, depth);
            }
        }
    }

    /// The close of a container at `at`: after a trailing comma, sometimes,
    /// where it has a member for the comma to follow.
    fn close(&mut self, bracket: char, empty: bool, at: &str, depth: usize) {
        if !empty {
            if self.tape.one_in(3) {
                self.text.push(',');
                self.expect(ChangeCode::TrailingComma, at);
            }
            self.newline(depth);
        }
        self.text.push(bracket);
    }

    /// A property name at `at`: in double quotes, single quotes (not one
    /// that holds a `'` or a control character, which a writer would
    /// escape), or none where the schema names it.
    fn key(&mut self, name: &str, named: bool, at: &str) {
        let single = !name.contains('\'') && !name.chars().any(|c| c < ' ');
        match self.tape.next() % 3 {
            1 if single => {
                self.text.push('\'');
                for c in name.chars() {
                    match c {
                        '\\' => self.text.push_str("\\\\"),
                        c => self.text.push(c),
                    }
                }
                self.text.push('\'');
                self.expect(ChangeCode::SingleQuotes, at);
            }
            2 if named && is_bare_word(name) => {
                self.text.push_str(name);
                self.expect(ChangeCode::UnquotedKey, at);
            }
            _ => self
                .text
                .push_str(&serde_json::to_string(name).expect("a name serializes")),
        }
    }

    /// A string value at `at`, in single quotes as Python writes them (a
    /// `'` and a `\` escaped, a `"` not) or in double quotes; a control
    /// character left raw or escaped, an apostrophe in double quotes
    /// escaped as Python would.
    fn string(&mut self, string: &str, at: &str) {
        let single = self.tape.one_in(3);
        let quote = if single { '\'' } else { '"' };
        self.text.push(quote);
        if single {
            self.expect(ChangeCode::SingleQuotes, at);
        }
        for c in string.chars() {
            match c {
                '\\' => self.text.push_str("\\\\"),
                '\'' if single => self.text.push_str("\\'"),
                '\'' if self.tape.one_in(4) => {
                    self.text.push_str("\\'");
                    self.expect(ChangeCode::EscapedApostrophe, at);
                }
                '"' if !single || self.tape.one_in(2) => self.text.push_str("\\\""),
                c if c < ' ' && self.tape.one_in(2) => {
                    self.text.push(c);
                    self.expect(ChangeCode::ControlCharacter, at);
                }
                c if c < ' ' => {
                    let escaped = serde_json::to_string(&c.to_string()).expect("serializes");
                    self.text.push_str(&escaped[1..escaped.len() - 1]);
                }
                c => self.text.push(c),
            }
        }
        self.text.push(quote);
    }
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// A valid value written sloppily (see `Sloppy`: strings and property
    /// names in single quotes, `True`/`False` where the node is a boolean,
    /// trailing commas, raw control characters, `\'` in double quotes,
    /// property names the schema names left bare, a code fence, prose or
    /// a stray `}` around the object) is read back as that very value,
    /// down to how its numbers are held, and the repair reports exactly the
    /// liberties the writer took: the same multiset of (code, pointer).
    #[test]
    fn a_sloppy_text_is_read_back_with_one_change_per_liberty((root, values, tape) in sloppy_cases()) {
        let schema = ToolArgsSchema::new(root.clone()).unwrap();
        let mut tape = Tape::new(&tape);
        for value in values.iter().filter(|value| schema.is_valid(value)) {
            let value = spiced(&schema, value, &mut tape);
            let written = Sloppy::write(&root, &value, &mut tape);
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
        let schema = ToolArgsSchema::new(root.clone()).unwrap();
        let mut tape = Tape::new(&tape);
        for value in values.iter().filter(|value| schema.is_valid(value)) {
            let value = spiced(&schema, value, &mut tape);
            let written = Sloppy::write(&root, &value, &mut tape);
            for prefix in prefixes(&written.text, written.root_close + 1) {
                let shown = shown(&schema, prefix);
                let repaired = schema.repair(prefix);
                prop_assert!(matches!(repaired, Err(ArgsError::Syntax(_))), "{:?}{}", repaired, shown);
            }
        }
    }
}
