//! [`ValidationErrors`]: every failure of a call, serializing as the
//! agent-facing error object, and the one-line summary of any list of
//! entries.

use std::fmt::{self, Write};

use serde::ser::{Serialize, Serializer};

use super::budget::{self, Lead, Within};
use super::entry::{ValidationError, MESSAGE_CAPACITY};
use super::Response;
use crate::json::OrderedJson;

/// Every way a value failed its schema, in a deterministic order: a node's
/// own keywords, then an object's properties by name (a missing required
/// property at its name's place), array items by index.
///
/// It serializes as the agent-facing error object that a tool handler
/// returns under `"error"`:
///
/// ```
/// use pedelec_schema::ToolArgsSchema;
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"delta": {"type": "integer", "minimum": -10, "maximum": 10}},
///     "required": ["delta"]
/// }))?;
/// let errors = schema.validate(&json!({"delta": 15})).unwrap_err();
/// assert_eq!(serde_json::to_value(&errors)?, json!({
///     "code": "INVALID_ARGS",
///     "message": "The arguments do not match the tool's argsSchema: /delta: 15 is greater than the maximum 10",
///     "errors": [{
///         "path": "/delta",
///         "schema_path": "/properties/delta/maximum",
///         "keyword": "maximum",
///         "message": "15 is greater than the maximum 10"
///     }]
/// }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationErrors {
    errors: Vec<ValidationError>,
}

impl ValidationErrors {
    /// The agent-facing error code.
    pub const CODE: &'static str = "INVALID_ARGS";

    /// The most bytes of compact JSON the agent-facing object takes unless
    /// a caller gives another bound ([`within`](Self::within)): 16 KiB.
    pub const BUDGET: usize = budget::BUDGET;

    /// The least bound [`within`](Self::within) takes: 6 KiB, room for the
    /// envelope and one entry at its cap.
    pub const MIN_BUDGET: usize = budget::MIN_BUDGET;

    /// The most bytes of one entry's message (and of the object's
    /// `message`): 2 KiB. A longer one is cut there and ends with `[...]`.
    pub const MESSAGE_LIMIT: usize = super::entry::MESSAGE_LIMIT;

    /// The words the object's `message` begins with.
    pub(super) const LEAD: &'static str = "The arguments do not match the tool's argsSchema: ";

    pub(crate) fn new(errors: Vec<ValidationError>) -> Self {
        debug_assert!(!errors.is_empty());
        ValidationErrors { errors }
    }

    /// The failures, never empty.
    pub fn errors(&self) -> &[ValidationError] {
        &self.errors
    }

    /// The failures, owned.
    pub fn into_errors(self) -> Vec<ValidationError> {
        self.errors
    }

    /// The failures, one by one: `errors().iter()`.
    pub fn iter(&self) -> std::slice::Iter<'_, ValidationError> {
        self.errors.iter()
    }

    /// How many errors there are, at least one.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Whether there are none: never, since it holds at least one.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// One sentence naming the failures: the agent-facing `message`, as
    /// the document within [`BUDGET`](Self::BUDGET) writes it (its first
    /// entries, `path: message` each, with repeats folded and what is left
    /// out counted).
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"ids": {"type": "array", "items": {"type": "integer"}}}
    /// }))?;
    /// let errors = schema.validate(&json!({"ids": ["a", "b", "c"]})).unwrap_err();
    /// assert_eq!(
    ///     errors.message(),
    ///     "The arguments do not match the tool's argsSchema: /ids/0: expected an integer, \
    ///      found the string \"a\"; the same at 2 more places: /ids/1, /ids/2"
    /// );
    /// assert_eq!(errors.message(), errors.to_value()["message"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn message(&self) -> String {
        self.within_listing(Self::BUDGET).message_alone()
    }

    /// The agent-facing object, written within `bytes` of compact JSON
    /// (at least [`MIN_BUDGET`](Self::MIN_BUDGET)), for a caller that
    /// wants another bound than [`BUDGET`](Self::BUDGET), the one its
    /// `Serialize` keeps to.
    ///
    /// The same problem at many places (the same keyword of the same
    /// schema node, at many array items) is one entry, whose message says
    /// how many more places have it and names the first few; the first
    /// entries are kept while they fit, and the failures left out are
    /// counted in `omitted` (written only when some are) and in the
    /// `message`. [`errors`](Self::errors) stays complete.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"ids": {"type": "array", "items": {"type": "integer"}}}
    /// }))?;
    /// let ids: Vec<String> = (0..10_000).map(|i| i.to_string()).collect();
    /// let errors = schema.validate(&json!({ "ids": ids })).unwrap_err();
    /// assert_eq!(errors.len(), 10_000);
    /// let document = serde_json::to_value(errors.within(8 * 1024))?;
    /// // One entry: the first place, and how many more have it.
    /// assert_eq!(document["errors"].as_array().unwrap().len(), 1);
    /// assert_eq!(
    ///     document["errors"][0]["message"],
    ///     "expected an integer, found the string \"0\"; the same at 9999 more places: \
    ///      /ids/1, /ids/2, /ids/3, ..."
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn within(&self, bytes: usize) -> impl Serialize + '_ {
        self.within_listing(bytes)
    }

    /// The document within `bytes`, its `message` listing the entries.
    fn within_listing(&self, bytes: usize) -> Within<'_> {
        Within {
            errors: &self.errors,
            budget: bytes,
            lead: Lead::Listing(Self::LEAD),
        }
    }

    /// [`to_response`](Self::to_response) within `bytes` of compact JSON
    /// ([`within`](Self::within)).
    pub fn to_response_within(&self, bytes: usize) -> OrderedJson {
        OrderedJson::from_serialize(&Response {
            error: &self.within(bytes),
        })
        .expect("validation errors always serialize")
    }

    /// Every failure on one line, `path: message` each (`(root)` for the
    /// whole value), `; ` between them: the list a refusal's message gives
    /// where no `errors` travel beside it (a deserializer's error, an MCP
    /// SDK's `errorMessage`, a result's refusal), where
    /// [`message`](Self::message) names the first few.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"n": {"type": "integer", "maximum": 3}, "q": {"type": "string"}},
    ///     "required": ["q"]
    /// }))?;
    /// let errors = schema.validate(&json!({"n": 4})).unwrap_err();
    /// assert_eq!(
    ///     errors.summary(),
    ///     "/n: 4 is greater than the maximum 3; (root): the required property `q` is missing"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn summary(&self) -> String {
        summary(&self.errors)
    }

    /// The agent-facing error object,
    /// `{"code": "INVALID_ARGS", "message": ..., "errors": [...]}`.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("validation errors always serialize")
    }

    /// What a tool handler returns, `{"error": {"code": "INVALID_ARGS",
    /// "message": ..., "errors": [...]}}`, in that order: the same document
    /// as [`ArgsError::to_response`](crate::ArgsError::to_response).
    pub fn to_response(&self) -> OrderedJson {
        OrderedJson::from_serialize(&Response { error: self })
            .expect("validation errors always serialize")
    }
}

/// [`ValidationErrors::summary`] of any list of entries: an
/// [`ArgsError`](crate::ArgsError)'s too.
pub(crate) fn summary(errors: &[ValidationError]) -> String {
    let mut out = String::with_capacity(MESSAGE_CAPACITY * errors.len().min(8));
    for (index, error) in errors.iter().enumerate() {
        // A host passes the line on to a model: it keeps to the budget.
        if out.len() + ValidationErrors::MESSAGE_LIMIT > ValidationErrors::BUDGET {
            let _ = write!(out, "; and {} more", errors.len() - index);
            break;
        }
        if index > 0 {
            out.push_str("; ");
        }
        error.write_display(&mut out);
    }
    out
}

impl<'a> IntoIterator for &'a ValidationErrors {
    type Item = &'a ValidationError;
    type IntoIter = std::slice::Iter<'a, ValidationError>;

    fn into_iter(self) -> Self::IntoIter {
        self.errors.iter()
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ValidationErrors {}

impl Serialize for ValidationErrors {
    /// The agent-facing object within [`BUDGET`](Self::BUDGET) bytes.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.within(Self::BUDGET).serialize(serializer)
    }
}
