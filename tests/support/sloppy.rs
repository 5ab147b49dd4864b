//! A value written as a model might write it when it slips into Python or
//! JavaScript habits - single quotes, `\'` in double quotes, Python's
//! booleans, trailing commas, raw control characters, bare property names
//! the schema names, a code fence, prose or a stray `}` around it - with
//! each liberty the repair must report, by code and pointer (one per code
//! and place, as the repair reports them). For
//! `repair`'s property tests (a random tape of choices) and its benchmark
//! (every liberty, `Tape::always`).

use pedelec_schema::schema::ObjectNode;
use pedelec_schema::{ChangeCode, SchemaNode};
use serde_json::Value;

use crate::pointer;

/// The bytes that decide each liberty the sloppy writer takes, read in a
/// cycle (each lap scrambled, so that a short tape does not repeat
/// itself): proptest shrinks a failure to a tape of few choices.
pub struct Tape<'t> {
    bytes: &'t [u8],
    read: usize,
}

impl<'t> Tape<'t> {
    pub fn new(bytes: &'t [u8]) -> Self {
        Tape { bytes, read: 0 }
    }

    /// A tape of zeros: every liberty that `one_in` decides is taken, and
    /// every other choice is the first (no fence, names in double quotes).
    pub fn always() -> Tape<'static> {
        Tape::new(&[])
    }

    pub fn draw(&mut self) -> u8 {
        let Some(len) = std::num::NonZeroUsize::new(self.bytes.len()) else {
            return 0;
        };
        let lap = (self.read / len) as u8;
        let byte = self.bytes[self.read % len.get()] ^ lap.wrapping_mul(0x9d);
        self.read += 1;
        byte
    }

    pub fn one_in(&mut self, n: u8) -> bool {
        self.draw().is_multiple_of(n)
    }
}

/// Whether `name` can stand unquoted as a property name: a bare word
/// (`words.rs` ends one at JSON's whitespace, punctuation and quotes),
/// without control characters.
pub fn is_bare_word(name: &str) -> bool {
    !name.is_empty()
        && !name.contains([
            ' ', '\t', '\n', '\r', ':', ',', '{', '}', '[', ']', '"', '\'',
        ])
        && !name.chars().any(|c| c.is_control())
}

/// A text written as a model might write a value: the liberties drawn
/// from a tape, and each one the repair must report, by code and pointer.
pub struct Sloppy<'w, 't> {
    tape: &'w mut Tape<'t>,
    pretty: bool,
    text: String,
    expected: Vec<(ChangeCode, String)>,
}

/// A sloppy text: the text, the changes the repair must report, and the
/// byte offset of the root object's closing brace.
pub struct Written {
    pub text: String,
    pub expected: Vec<(ChangeCode, String)>,
    pub root_close: usize,
}

impl<'w, 't> Sloppy<'w, 't> {
    /// `value`, valid for `root`, written sloppily.
    pub fn write(root: &ObjectNode, value: &Value, tape: &'w mut Tape<'t>) -> Written {
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
        let (before, after, codes): (&str, &str, &[ChangeCode]) = match sloppy.tape.draw() % 5 {
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

    /// A liberty the repair must report: once per code and place, as the
    /// repair folds what repeats there (a name and its value in single
    /// quotes, two raw newlines in one string).
    fn expect(&mut self, code: ChangeCode, at: &str) {
        let known = self.expected.iter().any(|(c, a)| *c == code && a == at);
        if !known {
            self.expected.push((code, at.to_owned()));
        }
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
        match self.tape.draw() % 3 {
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
