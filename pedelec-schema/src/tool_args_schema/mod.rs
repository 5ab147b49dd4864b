//! [`ToolArgsSchema`]: a checked root schema, and every method it has.
//!
//! Building and validating are written here. The other methods are thin
//! calls into the module that does the work: `text/`,
//! `validate/checked_read/` and `stream/` for arguments still in JSON
//! text, `intake/` for coercion and unknown properties; the methods that
//! face a provider or an engine (`export/`, `grammar/`, `normalize`) are in
//! `provider.rs`.

mod provider;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::change::Change;
use crate::diagnostic::Diagnostic;
use crate::error::SchemaError;
use crate::export::Profile;
use crate::intake::{self, UnknownProperty};
use crate::parse;
use crate::parse::text_order;
use crate::repair::{self, Repaired};
use crate::schema::{ObjectNode, SchemaNode};
use crate::stream::ArgsStream;
use crate::text::{self, Stopped};
use crate::tool_args::ArgsError;
use crate::validate::{self, Checker, CompiledObject, ValidationErrors, Validator};

/// A root schema that is inside the subset: an object node whose every
/// keyword, bound, `required` name and `pattern` has been checked.
///
/// Build it once - from JSON, or from nodes built in code - and validate any
/// number of values with it. It is `Send + Sync`; share it behind an `Arc` or
/// a `static`.
///
/// ```
/// use pedelec_schema::ToolArgsSchema;
///
/// let schema = ToolArgsSchema::from_json_str(
///     r#"{"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}"#,
/// )?;
/// assert_eq!(schema.root().required, ["query"]);
///
/// let err = ToolArgsSchema::from_json_str(r#"{"type": "object", "additionalProperties": false}"#)
///     .unwrap_err();
/// assert_eq!(err.diagnostics()[0].pointer, "/additionalProperties");
/// # Ok::<(), pedelec_schema::SchemaError>(())
/// ```
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct ToolArgsSchema {
    /// Serialized as the schema: its root, in canonical key order.
    root: ObjectNode,
    /// The root compiled for validation.
    #[serde(skip)]
    validator: Validator,
}

impl PartialEq for ToolArgsSchema {
    fn eq(&self, other: &Self) -> bool {
        self.root == other.root
    }
}

impl ToolArgsSchema {
    /// Checks a JSON schema and builds it, or returns every error found.
    ///
    /// The properties keep the order `value` iterates them in: the
    /// document's own order with serde_json's `preserve_order` feature, by
    /// name without it. [`from_json_str`](Self::from_json_str) keeps the
    /// text's order either way.
    pub fn from_value(value: &Value) -> Result<Self, SchemaError> {
        Self::checked(value).map(Self::prepared)
    }

    /// Parses JSON text, then checks it as [`from_value`](Self::from_value)
    /// does. Text that is not JSON gives one `invalid_json` error.
    ///
    /// Every object's properties keep the order the text lists them in,
    /// whatever serde_json's features: a model writes a call's properties
    /// in the schema's order, so a `reasoning` listed before `answer` is
    /// written first. (A property written twice is the last one, where the
    /// last one stands, as serde_json keeps its value.)
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    ///
    /// let schema = ToolArgsSchema::from_json_str(
    ///     r#"{"type": "object", "properties": {"zeta": {"type": "string"}, "alpha": {"type": "string"}}}"#,
    /// )?;
    /// let names: Vec<&str> = schema.root().properties.iter().map(|p| p.name.as_str()).collect();
    /// assert_eq!(names, ["zeta", "alpha"]);
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn from_json_str(text: &str) -> Result<Self, SchemaError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|err| SchemaError::new(vec![Diagnostic::invalid_json(&err)]))?;
        let mut root = Self::checked(&value)?;
        // The same text, read again for its key order (the `Value` may have
        // sorted it); before compiling, whose rules keep each property's
        // declared place.
        if let Ok(order) = text_order::read(text) {
            text_order::reorder(&mut root, &order);
        }
        Ok(Self::prepared(root))
    }

    /// The gatekeeper's root for `value`, or every error found.
    fn checked(value: &Value) -> Result<ObjectNode, SchemaError> {
        match parse::parse_root(value, None) {
            (Some(root), _) => Ok(root),
            (None, diagnostics) => Err(SchemaError::new(diagnostics)),
        }
    }

    /// Checks a root built in code. It passes the very checks a parsed schema
    /// passes (it is serialized and parsed again), so `minimum > maximum`, a
    /// `required` name without a property or an empty `oneOf` are errors here
    /// too.
    ///
    /// ```
    /// use pedelec_schema::{SchemaNode, ToolArgsSchema};
    ///
    /// let root = SchemaNode::object()
    ///     .required_property("delta", SchemaNode::integer().minimum(-10).maximum(10));
    /// let schema = ToolArgsSchema::new(root)?;
    /// assert_eq!(
    ///     schema.to_value()["properties"]["delta"],
    ///     serde_json::json!({"type": "integer", "minimum": -10, "maximum": 10})
    /// );
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn new(root: ObjectNode) -> Result<Self, SchemaError> {
        let value = serde_json::to_value(&root).expect("a schema node always serializes");
        // Checked through JSON, but kept as built: the JSON map would have
        // sorted the properties by name.
        Self::checked(&value).map(|_| Self::prepared(root))
    }

    fn prepared(root: ObjectNode) -> Self {
        let validator = Validator::root(&root);
        ToolArgsSchema { root, validator }
    }

    /// The root compiled for validation.
    pub(crate) fn validator(&self) -> &Validator {
        &self.validator
    }

    /// The root and its compiled rule, for the walks that follow the
    /// schema down a value (`validate/compiled.rs`).
    pub(crate) fn compiled(&self) -> CompiledObject<'_> {
        CompiledObject::root(&self.root, &self.validator)
    }

    /// The root object node.
    pub fn root(&self) -> &ObjectNode {
        &self.root
    }

    /// The root as a [`SchemaNode`].
    pub fn to_node(&self) -> SchemaNode {
        SchemaNode::Object(self.root.clone())
    }

    /// The schema as a `serde_json::Value`, whose map sorts the keys unless
    /// serde_json's `preserve_order` feature is on. Serializing the schema
    /// itself writes the canonical key order and the properties in the
    /// author's order, as [`export`](Self::export) does.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(&self.root).expect("a schema node always serializes")
    }

    /// The schema as a JSON object map, the form in which MCP SDKs hold a
    /// tool's input schema (rmcp's `JsonObject`): for a framework that
    /// takes the schema itself rather than deriving it. Its keys are in the
    /// map's order: sorted, unless serde_json's `preserve_order` feature is
    /// on, as [`to_value`](Self::to_value)'s.
    ///
    /// ```
    /// use pedelec_schema::{SchemaNode, ToolArgsSchema};
    ///
    /// let schema = ToolArgsSchema::new(SchemaNode::object().required_property("q", SchemaNode::string()))?;
    /// let object = schema.to_json_object();
    /// assert_eq!(object["required"], serde_json::json!(["q"]));
    /// assert_eq!(serde_json::Value::Object(object), schema.to_value());
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn to_json_object(&self) -> Map<String, Value> {
        match self.to_value() {
            Value::Object(object) => object,
            // The root is an object node, which serializes as an object.
            _ => unreachable!("a ToolArgsSchema serializes as a JSON object"),
        }
    }
}

impl ToolArgsSchema {
    /// Checks `args` and reports every failure, or `Ok(())`. It never fills
    /// in a `default`, and never panics, whatever the value.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"role": {"type": "string", "enum": ["viewer", "editor"]}},
    ///     "required": ["role"]
    /// }))?;
    /// let errors = schema.validate(&json!({"role": "owner"})).unwrap_err();
    /// assert_eq!(errors.errors()[0].message(), r#""owner" is not allowed here; use one of "viewer", "editor""#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self, args: &Value) -> Result<(), ValidationErrors> {
        let errors = self.validator.errors(args);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ValidationErrors::new(errors))
        }
    }

    /// Whether `args` passes; stops at the first failure and allocates
    /// nothing.
    pub fn is_valid(&self, args: &Value) -> bool {
        self.validator.accepts(args)
    }

    /// Checks the JSON text of a call's arguments - what a model sends -
    /// without building a `serde_json::Value` when they pass, and reports
    /// every failure, as [`validate`](Self::validate) does, when they do
    /// not. Text that is not one JSON value is an [`ArgsError::Syntax`]
    /// with the byte, the JSON Pointer of the value being read and what was
    /// expected there ([`SyntaxError`](crate::SyntaxError)); so is a
    /// property the schema names given twice in one object, which a
    /// `Value` would silently keep the last of, and which an
    /// [`ArgsStream`] must refuse once it has checked the first.
    ///
    /// ```
    /// use pedelec_schema::{ArgsError, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}},
    ///     "required": ["tags"]
    /// }))?;
    /// assert!(schema.validate_str(r#"{"tags": ["a", "b"]}"#).is_ok());
    /// let error = schema.validate_str(r#"{"tags": ["a", "a"]}"#).unwrap_err();
    /// assert_eq!(error.errors()[0].keyword(), "uniqueItems");
    /// let Err(ArgsError::Syntax(error)) = schema.validate_str(r#"{"tags": ["a" "b"]}"#) else {
    ///     panic!("not JSON");
    /// };
    /// assert_eq!((error.offset(), error.path()), (14, "/tags"));
    /// assert_eq!(error.message(), "expected `,` or `]` after an item, found `\"`");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate_str(&self, text: &str) -> Result<(), ArgsError> {
        if self.read_checked::<IgnoredAny>(text).is_some() {
            return Ok(());
        }
        let args = self.read_text(text)?;
        Ok(self.validate(&args)?)
    }

    /// Whether the JSON text of a call's arguments is valid: exactly
    /// `validate_str(text).is_ok()`, without the cost of a refusal's
    /// document (it stops at the first failure, as
    /// [`is_valid`](Self::is_valid) does).
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}
    /// }))?;
    /// assert!(schema.is_valid_str(r#"{"n": 3}"#));
    /// assert!(!schema.is_valid_str(r#"{"n": 4}"#));
    /// assert!(!schema.is_valid_str(r#"{"n": 3"#)); // not JSON
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn is_valid_str(&self, text: &str) -> bool {
        match validate::verdict(self.validator(), text) {
            Some(valid) => valid,
            None => self.read_text(text).is_ok_and(|args| self.is_valid(&args)),
        }
    }

    /// Checks the arguments as their text arrives, piece by piece, and
    /// refuses at the first byte after which no completion can be valid;
    /// see [`ArgsStream`].
    pub fn stream(&self) -> ArgsStream<'_> {
        ArgsStream::new(self, Profile::Mcp)
    }

    /// [`stream`](Self::stream) for a call the model wrote against the
    /// export for `profile`: where that export made every optional property
    /// required and nullable (OpenAI strict mode), a `null` for an optional
    /// property is a property left out, never refused, and
    /// [`finish`](ArgsStream::finish) gives the arguments as
    /// [`normalize`](Self::normalize) makes them, refusing what
    /// [`validate`](Self::validate) refuses there. Every other refusal
    /// comes as early as `stream`'s. The profile is given when the stream
    /// begins, not later, because the first `null` may arrive with the
    /// first piece.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"roomId": {"type": "string"}, "note": {"type": "string"}},
    ///     "required": ["roomId"]
    /// }))?;
    /// let mut stream = schema.stream_for(Profile::OpenAiStrict);
    /// for delta in [r#"{"roomId": "r1", "no"#, r#"te": nu"#, "ll}"] {
    ///     stream.feed(delta)?;
    /// }
    /// assert_eq!(stream.finish()?, json!({"roomId": "r1"}));
    ///
    /// // A required property is never left out: its `null` is refused at once.
    /// let mut stream = schema.stream_for(Profile::OpenAiStrict);
    /// assert!(stream.feed(r#"{"roomId": n"#).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stream_for(&self, profile: Profile) -> ArgsStream<'_> {
        ArgsStream::new(self, profile)
    }

    /// `text` read into a `Value` by the crate's one reader of JSON text,
    /// for the methods whose fast path gave up: its syntax errors located,
    /// and a property the schema names given twice refused, as the stream
    /// refuses it (`validate/stream/`). A text that is JSON with no name
    /// repeated is read by serde_json instead, into the same value at a
    /// fraction of the cost (`validate::read_whole`).
    pub(crate) fn read_text(&self, text: &str) -> Result<Value, ArgsError> {
        if let Some(value) = validate::read_whole(text) {
            return Ok(value);
        }
        let mut names = Checker::names_only(self.validator());
        match text::read(text, &mut names) {
            Ok(value) => Ok(value),
            Err(Stopped::Syntax(error)) => Err(ArgsError::Syntax(error)),
            Err(Stopped::Refused) => unreachable!("a names-only checker refuses nothing"),
        }
    }

    /// `T` read from `text` on the fast path of
    /// [`validate_str`](Self::validate_str), or `None` where it gives up.
    pub(crate) fn read_checked<T: DeserializeOwned>(&self, text: &str) -> Option<T> {
        validate::read_checked(self.validator(), text)
    }
}

/// Tolerant intake (`intake/`): opt-in steps taken before or beside
/// validation.
impl ToolArgsSchema {
    /// Turns what agents commonly mis-encode into what the schema asks for,
    /// and reports each change. Opt-in: call it before
    /// [`validate`](Self::validate), which then runs as always.
    ///
    /// Guided by the schema, and only where a value does not have its
    /// node's type:
    ///
    /// - under an `integer` or `number` node, a string whose whole text is
    ///   a JSON number becomes that number (`"42"` -> `42`, `"-1.5e3"` ->
    ///   `-1500.0`), read exactly as the same text unquoted would be. Text
    ///   that is not exactly a JSON number (`" 42"`, `"+1"`, `"0x10"`,
    ///   `"NaN"`, `"1e400"`) stays a string, and so does a fraction under an
    ///   `integer` node;
    /// - under a `boolean` node, `"true"` and `"false"` become booleans;
    /// - under an `array` or `object` node (the root included), a string
    ///   that holds a JSON array or object becomes it, and is then coerced
    ///   in turn;
    /// - under an `array` node, a lone value that is (or coerces to) a
    ///   value of the items' type becomes a one-item array (once: `1` under
    ///   an array of arrays stays `1`);
    /// - under a `oneOf`, a value is coerced only when exactly one branch's
    ///   coercion yields a value the `oneOf` accepts.
    ///
    /// Nothing else changes: no default is filled in, no property is added
    /// or removed. Each [`Change`] points at the value it made (a JSON
    /// Pointer into `args` as they are after the call; inside JSON text
    /// that was read, the places exist only there) and has one of the
    /// "Tolerant intake" codes of [`ChangeCode`](crate::ChangeCode), all of which widen what
    /// the tool takes in.
    ///
    /// ```
    /// use pedelec_schema::{ChangeCode, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "limit": {"type": "integer", "minimum": 1},
    ///         "tags": {"type": "array", "items": {"type": "string"}}
    ///     }
    /// }))?;
    /// let mut args = json!({"limit": "20", "tags": "rust"});
    /// let changes = schema.coerce(&mut args);
    /// assert_eq!(args, json!({"limit": 20, "tags": ["rust"]}));
    /// let codes: Vec<_> = changes.iter().map(|c| (c.pointer.as_str(), c.code)).collect();
    /// assert_eq!(codes, [("/limit", ChangeCode::NumberFromString), ("/tags", ChangeCode::WrappedInArray)]);
    /// assert!(schema.validate(&args).is_ok());
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn coerce(&self, args: &mut Value) -> Vec<Change> {
        intake::coerce(self, args)
    }

    /// Reads the text of a call's arguments that is not quite JSON, as
    /// models often send it, repairing only what the schema leaves one
    /// reading of, then validates the value as [`validate`](Self::validate)
    /// does. Opt-in: [`validate_str`](Self::validate_str) and
    /// [`ToolArgs::from_args_str`](crate::ToolArgs::from_args_str) stay
    /// strict; the typed path is
    /// [`CheckedWith<T, Repair>::from_args_str`](crate::CheckedWith::from_args_str).
    ///
    /// A text that is JSON is read as `validate_str` reads it, with no
    /// change. Otherwise, each repair is a [`Change`] (its code, a JSON
    /// Pointer into the value, and a message that tells the model what
    /// JSON wanted), one per code and place (a name and its value in
    /// single quotes are one change, at the property), and
    /// [`Repaired::note`] groups them by code for the model; these are all
    /// the repairs there are:
    ///
    /// - a markdown code fence, or prose, around exactly one object
    ///   (`Here are the arguments: {...}`), and stray `}` or `]` after it;
    ///   not where the text around could be part of the call (a `,` or a
    ///   `{` after the object, a `":` on either side);
    /// - strings and property names in single quotes (`'a.txt'`; inside,
    ///   `\'` is `'` and `"` needs no escape);
    /// - property names without quotes, where the schema names that
    ///   property of that object (`{path: "a"}`);
    /// - Python's `True` and `False` where the node takes a boolean;
    ///   `None` and JavaScript's `undefined` for an optional property,
    ///   which is left out;
    /// - a trailing comma before `}` or `]`;
    /// - a raw control character (a newline, a tab) inside a string;
    /// - a `"` inside a string where it cannot be the end: a quote ends a
    ///   string only where what follows can follow a value there (the
    ///   container's close, the end, or a `,` and then a property or item),
    ///   so `"say "hi" now"` is `say "hi" now`; `\'` inside a string is `'`;
    /// - an empty text, `""` or `null`, for a schema that requires no
    ///   property: `{}`;
    /// - the object written in brackets, `["path": "a"]`, at the top.
    ///
    /// Everything else is refused with the reader's [`SyntaxError`](crate::SyntaxError)
    /// at the first byte that is not JSON: an unquoted property name the
    /// schema does not name, `True` under a string node, `None` for a
    /// required property, an escape that Python and JavaScript read
    /// differently (`\d`), a missing comma, a comment, two objects. And a
    /// text that ends inside a string, an object, an array or a number is
    /// refused always, whatever repairs would make it parse
    /// ([`SyntaxError::is_truncated`](crate::SyntaxError::is_truncated)): a
    /// call cut short is never completed.
    ///
    /// ```
    /// use pedelec_schema::{ArgsError, ChangeCode, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "path": {"type": "string"},
    ///         "overwrite": {"type": "boolean"}
    ///     },
    ///     "required": ["path"]
    /// }))?;
    /// let repaired = schema.repair("{'path': 'notes.txt', 'overwrite': True,}")?;
    /// assert_eq!(repaired.value, json!({"path": "notes.txt", "overwrite": true}));
    /// let codes: Vec<_> = repaired.changes.iter().map(|c| c.code).collect();
    /// assert_eq!(codes, [
    ///     ChangeCode::SingleQuotes, ChangeCode::SingleQuotes,
    ///     ChangeCode::PythonLiteral, ChangeCode::TrailingComma,
    /// ]);
    ///
    /// // A call cut short is refused, whatever the repairs.
    /// let Err(ArgsError::Syntax(error)) = schema.repair("{'path': 'notes.txt', 'overwr") else {
    ///     panic!("a truncated call is never completed");
    /// };
    /// assert!(error.is_truncated());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn repair(&self, text: &str) -> Result<Repaired, ArgsError> {
        repair::repair(self, text)
    }

    /// The properties of `args` that the schema does not name, in document
    /// order, each with its path and a "did you mean" among the names of
    /// its object's properties (compared without case, within a few edits;
    /// for the first 32 unknown properties of a call, and names up to 64
    /// characters).
    ///
    /// The subset allows such properties, so this is a report: validation
    /// is unchanged. Under a `oneOf`, the names of the one branch that
    /// accepts the value count; where none or several do, validation fails
    /// there anyway, and its properties are not reported.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}},
    ///     "required": ["query"]
    /// }))?;
    /// let args = json!({"query": "rust", "limt": 5});
    /// assert!(schema.validate(&args).is_ok(), "the subset allows it");
    /// let unknown = schema.unknown_properties(&args);
    /// assert_eq!(unknown[0].path(), "/limt");
    /// assert_eq!(unknown[0].suggestion(), Some("limit"));
    /// assert_eq!(unknown[0].message(), r#"the schema names no property "limt"; did you mean "limit"?"#);
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn unknown_properties(&self, args: &Value) -> Vec<UnknownProperty> {
        intake::unknown_properties(self.compiled(), args)
    }

    /// [`validate`](Self::validate), and unknown properties refused too:
    /// an opt-in, closed reading of the schema. The errors are the
    /// schema's, then one per [unknown property](Self::unknown_properties),
    /// at the property's path, with keyword `properties` and its "did you
    /// mean" as the message.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}},
    ///     "required": ["query"]
    /// }))?;
    /// let errors = schema
    ///     .validate_refusing_unknown(&json!({"query": "rust", "limt": 5}))
    ///     .unwrap_err();
    /// let error = &errors.errors()[0];
    /// assert_eq!((error.path().as_str(), error.keyword()), ("/limt", "properties"));
    /// assert_eq!(error.schema_path(), "/properties");
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn validate_refusing_unknown(&self, args: &Value) -> Result<(), ValidationErrors> {
        intake::validate_refusing_unknown(self, args)
    }
}
