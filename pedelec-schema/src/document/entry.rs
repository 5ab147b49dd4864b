//! [`ValidationError`]: one entry of the agent-facing `errors` - one
//! failure, with its path, schema path, keyword and message, all written
//! when read.
//!
//! An entry and its `Failure` (`failure.rs`) refer to each other: an
//! entry holds the failure it reports, and a `oneOf` failure holds, for
//! each branch, the first entries that branch produced, so that its
//! message can explain why no branch (or more than one) accepted the
//! value. The recursion is bounded by the schema's depth.

use std::fmt::{self, Display, Formatter};
use std::sync::{Arc, OnceLock};

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::deserialize::Refused;
use super::kind::ValidationErrorKind;
use super::place::{write_instance_pointer, Indices, Span};
use super::syntax::Syntax;
use crate::document::Failure;
use crate::message::Capped;

/// One way a value failed its schema - or, as an entry of an
/// [`ArgsError`](crate::ArgsError)'s [`errors`](crate::ArgsError::errors),
/// one way its text could not be read
/// ([`Syntax`](ValidationErrorKind::Syntax)) or its value could not be
/// deserialized ([`Deserialize`](ValidationErrorKind::Deserialize)).
///
/// Serializes as `{"path","schema_path","keyword","message"}`; a syntax
/// error as `{"path","offset","keyword","message"}`, with no place in the
/// schema. The paths and the message are written when they are read, not
/// when the error is found: collecting errors stays cheap, and reading one
/// costs what formatting it costs.
///
/// ```
/// use pedelec_schema::ToolArgsSchema;
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"tags": {"type": "array", "items": {"type": "string"}}}
/// }))?;
/// let errors = schema.validate(&json!({"tags": ["a", 7]})).unwrap_err();
/// let error = &errors.errors()[0];
/// assert_eq!(error.path(), "/tags/1");
/// assert_eq!(error.schema_path(), "/properties/tags/items/type");
/// assert_eq!(error.keyword(), "type");
/// assert_eq!(error.message(), "expected a string, found the number 7");
/// assert_eq!(error.to_string(), "/tags/1: expected a string, found the number 7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct ValidationError {
    /// The array indices on the way to the value that failed.
    indices: Indices,
    /// The compiled schema's pointers, which `site` refers to.
    pointers: Arc<str>,
    /// The schema pointer of the node that failed.
    site: Span,
    /// How much of that pointer leads to the node the walk started at;
    /// the path is relative to that node's value. It is 0 but for the
    /// errors that explain a `oneOf` branch, which are located relative to
    /// the branch's value.
    start: usize,
    pub(super) failure: Failure,
}

impl ValidationError {
    pub(crate) fn new(
        indices: Indices,
        pointers: Arc<str>,
        site: Span,
        start: usize,
        failure: Failure,
    ) -> Self {
        ValidationError {
            indices,
            pointers,
            site,
            start,
            failure,
        }
    }

    /// An unknown property `name` of the object that the node at
    /// `object_pointer` checked, reached through the array `indices`; its
    /// path is the property's own. Built by the unknown-property walk
    /// (`intake/`), outside the compiled walk, so it carries its own
    /// pointer.
    pub(crate) fn unknown_property(
        object_pointer: &str,
        indices: &[usize],
        name: &str,
        suggestion: Option<&str>,
    ) -> Self {
        ValidationError::new(
            Indices::Heap(indices.into()),
            Arc::from(object_pointer),
            Span::whole(object_pointer),
            0,
            Failure::UnknownProperty {
                name: name.into(),
                suggestion: suggestion.map(Box::from),
            },
        )
    }

    /// The same failure, located relative to a value further out: `outer`
    /// are the array indices from that value to this one's, and `start`
    /// the length of that value's node's schema pointer. The stream
    /// reports a `oneOf` branch's failures, found relative to the branch's
    /// value, as the failures of the value the `oneOf` is checked in.
    pub(crate) fn relocated(&self, outer: &[usize], start: usize) -> Self {
        ValidationError::new(
            Indices::joined(outer, &self.indices),
            Arc::clone(&self.pointers),
            self.site,
            start,
            self.failure.clone(),
        )
    }

    /// Whether the node at `site` failed.
    pub(crate) fn is_at(&self, site: Span) -> bool {
        self.site.range() == site.range()
    }

    /// A syntax error's entry: it carries its own path and offset.
    pub(crate) fn syntax(syntax: Arc<Syntax>) -> Self {
        ValidationError::own(Failure::Syntax(syntax))
    }

    /// A serde refusal's entry: it carries its own path and schema path.
    pub(crate) fn deserialize(refused: Arc<Refused>) -> Self {
        ValidationError::own(Failure::Deserialize(refused))
    }

    /// An entry whose failure carries its own paths, outside any compiled
    /// schema: no indices, and the one empty pointer string every such
    /// entry shares, so that building one allocates nothing more.
    fn own(failure: Failure) -> Self {
        static NO_POINTERS: OnceLock<Arc<str>> = OnceLock::new();
        let pointers = NO_POINTERS.get_or_init(|| Arc::from(""));
        ValidationError::new(Indices::NONE, Arc::clone(pointers), Span::ROOT, 0, failure)
    }

    /// Where in the value: a JSON Pointer (RFC 6901); `""` is the whole value.
    pub fn path(&self) -> String {
        // The value's pointer is at most as long as the schema's, but for
        // long array indices.
        let mut path = String::with_capacity(self.schema_pointer().len() + 8);
        self.write_path(&mut path);
        path
    }

    /// Where in the schema: a JSON Pointer to the keyword that failed; for
    /// a [`Deserialize`](ValidationErrorKind::Deserialize) entry, the node
    /// that accepted the value serde refused. Empty for a
    /// [`Syntax`](ValidationErrorKind::Syntax) entry, which has no place in
    /// the schema (and no `schema_path` in the agent-facing object).
    pub fn schema_path(&self) -> String {
        let mut path = String::with_capacity(self.site.len() + 1 + self.keyword().len());
        self.write_schema_path(&mut path);
        path
    }

    /// The byte offset in the arguments' text, for a
    /// [`Syntax`](ValidationErrorKind::Syntax) entry (its `offset` in the
    /// agent-facing object); `None` for every other error, which is about
    /// a value, not a text.
    pub fn offset(&self) -> Option<usize> {
        match &self.failure {
            Failure::Syntax(syntax) => Some(syntax.offset()),
            _ => None,
        }
    }

    /// The keyword that failed: `type`, `required`, `maximum`, `oneOf`, ...
    /// [`kind`](Self::kind) says the same as data to match on.
    pub fn keyword(&self) -> &'static str {
        self.failure.keyword()
    }

    /// What failed, with the values the check compared, to match on
    /// instead of comparing [`keyword`](Self::keyword) strings. Built from
    /// the stored failure when called: it borrows from the error and
    /// allocates nothing.
    ///
    /// ```
    /// use pedelec_schema::{ToolArgsSchema, ValidationErrorKind};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"limit": {"type": "integer", "maximum": 50}},
    ///     "required": ["limit"]
    /// }))?;
    /// let errors = schema.validate(&json!({"limit": 500})).unwrap_err();
    /// match errors.errors()[0].kind() {
    ///     ValidationErrorKind::Maximum { maximum, .. } => {
    ///         assert_eq!(maximum.as_u64(), Some(50));
    ///     }
    ///     ValidationErrorKind::Required { property } => panic!("{property} is missing"),
    ///     other => panic!("unexpected {other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> ValidationErrorKind<'_> {
        self.failure.kind()
    }

    /// What is wrong, in words an agent can act on.
    pub fn message(&self) -> String {
        let mut message = String::with_capacity(MESSAGE_CAPACITY);
        self.write_message(&mut message);
        message
    }

    /// The pointer of the node that failed, relative to the node the walk
    /// started at.
    fn schema_pointer(&self) -> &str {
        self.site
            .of(&self.pointers)
            .get(self.start..)
            .unwrap_or_default()
    }

    /// Appends [`path`](Self::path) to `out`: the value's pointer, and for
    /// an unknown property, the property's name below its object.
    pub(crate) fn write_path(&self, out: &mut String) {
        match &self.failure {
            Failure::Syntax(syntax) => return out.push_str(syntax.path()),
            Failure::Deserialize(refused) => return out.push_str(refused.path()),
            _ => {}
        }
        write_instance_pointer(self.schema_pointer(), &self.indices, out);
        if let Some(property) = self.failure.property() {
            crate::pointer::push(out, property);
        }
    }

    /// Appends [`schema_path`](Self::schema_path) to `out`.
    fn write_schema_path(&self, out: &mut String) {
        match &self.failure {
            Failure::Syntax(_) => return,
            Failure::Deserialize(refused) => return out.push_str(refused.schema_path()),
            _ => {}
        }
        // Keywords hold neither `~` nor `/`: nothing to escape.
        out.push_str(self.site.of(&self.pointers));
        out.push('/');
        out.push_str(self.keyword());
    }

    /// Appends [`message`](Self::message) to `out`: at most
    /// [`MESSAGE_LIMIT`] bytes of it.
    fn write_message(&self, out: &mut String) {
        // Only the cap stops the writing.
        let _ = self.failure.write_to(&mut Capped::new(out, MESSAGE_LIMIT));
    }

    /// What tells this entry's problem from another's, wherever each is
    /// (`budget.rs` folds the entries that share it): the keyword of one
    /// schema node, and for a missing, unknown or discriminating property
    /// its name; a syntax error or a serde refusal is a problem of its own.
    /// Borrowed, so that folding a long list allocates nothing per entry.
    pub(super) fn problem(&self) -> Problem<'_> {
        match &self.failure {
            Failure::Syntax(_) | Failure::Deserialize(_) => {
                Problem::Alone(std::ptr::from_ref(self) as usize)
            }
            failure => Problem::At {
                node: self.site.of(&self.pointers),
                keyword: failure.keyword(),
                name: failure.named(),
            },
        }
    }

    /// Appends the `Display` form, `path: message`, to `out`; a syntax
    /// error's as the [`SyntaxError`](crate::SyntaxError) writes itself,
    /// with its byte.
    pub(super) fn write_display(&self, out: &mut String) {
        if let Failure::Syntax(syntax) = &self.failure {
            // Writing into a `String` cannot fail.
            let _ = syntax.write_display(out);
            return;
        }
        let start = out.len();
        self.write_path(out);
        if out.len() == start {
            out.push_str(crate::pointer::ROOT_SHOWN);
        }
        out.push_str(": ");
        self.write_message(out);
    }

    /// The entry as the document writes it, its message capped at
    /// [`MESSAGE_LIMIT`] together with what `more` adds to it (`budget.rs`
    /// adds the other places that have the same problem).
    pub(super) fn written(&self, more: impl FnOnce(&mut Capped<'_>) -> fmt::Result) -> Written {
        // One allocation for the three strings, the message last, so that
        // its cap counts from where it begins.
        let mut text = String::with_capacity(2 * self.site.len() + MESSAGE_CAPACITY);
        self.write_path(&mut text);
        let path = text.len();
        let offset = self.offset();
        if offset.is_none() {
            self.write_schema_path(&mut text);
        }
        let schema_path = text.len();
        let mut capped = Capped::new(&mut text, MESSAGE_LIMIT);
        // Only the cap stops the writing.
        let _ = self
            .failure
            .write_to(&mut capped)
            .and_then(|()| more(&mut capped));
        Written {
            text,
            path,
            schema_path,
            offset,
            keyword: self.keyword(),
        }
    }
}

/// What [`ValidationError::problem`] tells entries apart by.
#[derive(Clone, Copy)]
pub(super) enum Problem<'a> {
    At {
        node: &'a str,
        keyword: &'static str,
        name: Option<&'a str>,
    },
    /// An entry that is a problem of its own, told by its address.
    Alone(usize),
}

impl PartialEq for Problem<'_> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Problem::At { .. }, Problem::At { .. }) => self.parts() == other.parts(),
            (Problem::Alone(a), Problem::Alone(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Problem<'_> {}

impl std::hash::Hash for Problem<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            Problem::At { .. } => self.parts().hash(state),
            Problem::Alone(address) => address.hash(state),
        }
    }
}

impl Problem<'_> {
    fn parts(&self) -> Option<(&str, &'static str, Option<&str>)> {
        match *self {
            Problem::At {
                node,
                keyword,
                name,
            } => Some((node, keyword, name)),
            Problem::Alone(_) => None,
        }
    }
}

/// An entry as the document writes it: `{"path", "schema_path" (or a
/// syntax error's "offset"), "keyword", "message"}`, each string written
/// once, so that the document can be measured before it is sent.
pub(super) struct Written {
    /// The path, the schema path (empty for a syntax error) and the
    /// message, one after another.
    text: String,
    /// Where the path ends and the schema path.
    path: usize,
    schema_path: usize,
    pub(super) offset: Option<usize>,
    keyword: &'static str,
}

impl Written {
    pub(super) fn path(&self) -> &str {
        &self.text[..self.path]
    }

    fn schema_path(&self) -> &str {
        &self.text[self.path..self.schema_path]
    }

    pub(super) fn message(&self) -> &str {
        &self.text[self.schema_path..]
    }

    /// At least the bytes [`json_len`](Self::json_len) counts, without
    /// looking at the text: an escape takes at most six bytes for one.
    pub(super) fn json_len_bound(&self) -> usize {
        const KEYS: usize = r#"{"path":,"schema_path":,"keyword":,"message":}"#.len();
        // Four strings of at most six bytes a byte and their quotes, and
        // an offset's digits.
        KEYS + 6 * (self.text.len() + self.keyword.len()) + 4 * 2 + 20
    }

    /// The bytes the entry takes as compact JSON, as serde_json writes it:
    /// counted, not written, so that a document is measured cheaply.
    pub(super) fn json_len(&self) -> usize {
        // `{"path":,"keyword":,"message":}` and the key of the place.
        const FIXED: usize = r#"{"path":,"keyword":,"message":}"#.len();
        let place = match self.offset {
            Some(offset) => r#","offset":"#.len() + digits(offset),
            None => r#","schema_path":"#.len() + string_len(self.schema_path()),
        };
        FIXED
            + string_len(self.path())
            + place
            + string_len(self.keyword)
            + string_len(self.message())
    }
}

/// The bytes `text` takes as a JSON string, its quotes included, escaped
/// as serde_json escapes it. Eight bytes are looked at together, and only
/// a word that holds a byte to escape is counted byte by byte: most text
/// of a document has none, and this count runs over all of it.
pub(super) fn string_len(text: &str) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    /// Whether a byte of `word` is zero.
    fn has_zero(word: u64) -> bool {
        word.wrapping_sub(ONES) & !word & HIGHS != 0
    }
    /// Whether a byte of `word` is below 0x20, a `"` or a `\`.
    fn needs_escape(word: u64) -> bool {
        word.wrapping_sub(ONES * 0x20) & !word & HIGHS != 0
            || has_zero(word ^ (ONES * u64::from(b'"')))
            || has_zero(word ^ (ONES * u64::from(b'\\')))
    }
    fn escapes(bytes: &[u8]) -> usize {
        bytes
            .iter()
            .map(|&byte| match byte {
                b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 1,
                0..=0x1f => 5,
                _ => 0,
            })
            .sum()
    }
    let bytes = text.as_bytes();
    let mut words = bytes.chunks_exact(8);
    let mut extra = 0;
    for word in &mut words {
        let chunk: [u8; 8] = word.try_into().unwrap_or_default();
        if needs_escape(u64::from_ne_bytes(chunk)) {
            extra += escapes(word);
        }
    }
    2 + bytes.len() + extra + escapes(words.remainder())
}

/// How many digits `n` has in decimal.
pub(super) fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

impl Serialize for Written {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("ValidationError", 4)?;
        s.serialize_field("path", self.path())?;
        match self.offset {
            Some(offset) => s.serialize_field("offset", &offset)?,
            None => s.serialize_field("schema_path", self.schema_path())?,
        }
        s.serialize_field("keyword", self.keyword)?;
        s.serialize_field("message", self.message())?;
        s.end()
    }
}

/// The most bytes of one message, and of the document's `message`: a
/// longer one is cut there (`budget.rs` keeps the document to its size).
pub(crate) const MESSAGE_LIMIT: usize = 2 * 1024;

/// Room for most messages at once; longer ones (long `enum` lists, `oneOf`
/// explanations) grow once or twice.
pub(super) const MESSAGE_CAPACITY: usize = 128;

/// `path: message`, with `(root)` for the whole value.
impl Display for ValidationError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(MESSAGE_CAPACITY);
        self.write_display(&mut text);
        f.write_str(&text)
    }
}

impl fmt::Debug for ValidationError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("ValidationError");
        debug.field("path", &self.path());
        match self.offset() {
            Some(offset) => debug.field("offset", &offset),
            None => debug.field("schema_path", &self.schema_path()),
        };
        debug
            .field("keyword", &self.keyword())
            .field("message", &self.message())
            .finish()
    }
}

/// Two errors are equal when they say the same thing about the same place
/// (for a syntax error, the same byte).
impl PartialEq for ValidationError {
    fn eq(&self, other: &Self) -> bool {
        self.path() == other.path()
            && self.schema_path() == other.schema_path()
            && self.offset() == other.offset()
            && self.keyword() == other.keyword()
            && self.message() == other.message()
    }
}

impl Eq for ValidationError {}

/// As the document writes the entry: `{"path", "schema_path" (or a syntax
/// error's "offset"), "keyword", "message"}`.
impl Serialize for ValidationError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.written(|_| Ok(())).serialize(serializer)
    }
}
