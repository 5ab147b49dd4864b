//! [`ToolArgsSchema`]: a checked root schema - building it, validating
//! arguments against it, and reading the text of a call.
//!
//! Its other methods live in the room that does their work, each in an
//! `impl ToolArgsSchema` block there (rustdoc shows them all on one page):
//! `stream()` and `stream_for` in `stream/`, `coerce`,
//! `unknown_properties` and `validate_refusing_unknown` in `intake/`,
//! `repair` in `repair/`, `export`, `normalize` and
//! `validate_provider_str` in `export/`, `grammar` in `grammar/`,
//! `typescript` in `typescript/`. So this room imports none of them.

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::diagnostic::Diagnostic;
use crate::document::{ArgsError, SyntaxError, ValidationErrors};
use crate::error::SchemaError;
use crate::parse;
use crate::parse::text_order;
use crate::schema::{ObjectNode, SchemaNode};
use crate::text::{self, Stopped};
use crate::validate::{self, Checker, CompiledObject, Texts, Validator};

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
    /// A number is the number `args` holds: a float read from text is the
    /// float nearest the text, which may lie on the other side of a bound
    /// than the number written (`1e-400` is read as `0.0`, which a
    /// `maximum` of `0` accepts). Only the text tells, so the methods that
    /// take the text ([`validate_str`](Self::validate_str) and the others
    /// that read arguments from text) compare such a number as written
    /// too.
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
    /// [`ArgsStream`](crate::ArgsStream) must refuse once it has checked the first.
    ///
    /// A number passes `minimum` and `maximum` only if both the float
    /// serde_json reads and the number the text writes do, where the float
    /// is on a bound and may have been rounded onto it: `1e-400` is above a
    /// `maximum` of `0`, though `validate` on the `Value` of the same text,
    /// which holds `0.0`, accepts it (`docs/subset.md`, section 8.1). Every
    /// reader of text does the same: [`is_valid_str`](Self::is_valid_str),
    /// streams, `from_args_str`,
    /// [`validate_provider_str`](Self::validate_provider_str), and
    /// [`repair`](Self::repair) on text that is JSON.
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
        let texts = self.texts_of(&args, text);
        Ok(validate::installed(texts, || self.validate(&args))?)
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
        if text.len() > crate::MAX_TEXT_LEN {
            return false;
        }
        match validate::verdict(self.validator(), text) {
            Some(valid) => valid,
            None => self.read_text(text).is_ok_and(|args| {
                let texts = self.texts_of(&args, text);
                validate::installed(texts, || self.is_valid(&args))
            }),
        }
    }

    /// Whether the value a serde [`Deserializer`](serde::Deserializer)
    /// hands over is valid, checked as it is handed over, without building
    /// a `Value`: for a binding whose arguments are neither text nor a
    /// `Value` (a Python `dict`, a JavaScript object), which would
    /// otherwise build one per call. It runs the walk
    /// [`validate_str`](Self::validate_str) runs on text first, over any
    /// deserializer, and stops at the first failure.
    ///
    /// - `Ok(Some(valid))`: exactly [`is_valid`](Self::is_valid) on the
    ///   `Value` that the same deserializer would build.
    /// - `Ok(None)`: it cannot tell here (the cases `validate_str`'s fast
    ///   path leaves to the full walk: a `oneOf` of objects, a `uniqueItems`
    ///   array of more than 32 items or of equal ones, an object node of
    ///   more than 64 properties, a `null`) or a float passed only on the
    ///   edge of a `minimum` or `maximum`, where a caller that holds the
    ///   number's text may compare it as written. Build the `Value` and call
    ///   [`is_valid`](Self::is_valid) or [`validate`](Self::validate).
    /// - `Err(error)`: the deserializer's own error, where it stopped by
    ///   itself (the input is no JSON value, say), or serde's, where it
    ///   handed over a value of a type JSON has not (bytes, an enum).
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}, "required": ["n"]
    /// }))?;
    /// // Any deserializer: here a `Value`'s own, and serde_json's over text.
    /// assert_eq!(schema.is_valid_deserialized(&json!({"n": 3})).ok(), Some(Some(true)));
    /// assert_eq!(schema.is_valid_deserialized(&json!({"n": 4})).ok(), Some(Some(false)));
    /// let mut text = serde_json::Deserializer::from_str(r#"{"n": 2}"#);
    /// assert_eq!(schema.is_valid_deserialized(&mut text).ok(), Some(Some(true)));
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn is_valid_deserialized<'de, D: serde::Deserializer<'de>>(
        &self,
        deserializer: D,
    ) -> Result<Option<bool>, D::Error> {
        validate::verdict_from(self.validator(), deserializer)
    }

    /// [`validate`](Self::validate)'s answer on the value a binding holds,
    /// read where it is through a [`JsonView`](crate::JsonView), with no
    /// `Value` built: a Python `dict`'s refusal costs a walk of the `dict`.
    /// `None` where the value holds a float on the edge of a `minimum` or
    /// `maximum`, whose text may be on the other side of the bound than
    /// its double: build the `Value` and call
    /// [`validate_read`](Self::validate_read) with the text.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object", "properties": {"n": {"type": "number", "maximum": 1}}
    /// }))?;
    /// // A `&Value` is a view too.
    /// let error = schema.validate_view(&json!({"n": 2})).unwrap().unwrap_err();
    /// assert_eq!(error.errors()[0].message(), "2 is greater than the maximum 1");
    /// assert!(schema.validate_view(&json!({"n": 1.0})).is_none());
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn validate_view<'a, V: crate::JsonView<'a>>(
        &self,
        args: V,
    ) -> Option<Result<(), ValidationErrors>> {
        let errors = self.validator.errors_by_doubles(args)?;
        Some(match errors.is_empty() {
            true => Ok(()),
            false => Err(ValidationErrors::new(errors)),
        })
    }

    /// [`validate_str`](Self::validate_str)'s answer on the JSON text that
    /// `args` is read from, for a caller that builds the `Value` itself
    /// instead of writing the text (a binding over a Python `dict`): the
    /// same failures, a float on a bound's edge compared as the text writes
    /// it. `text` must write the text `args` is read from (its numbers as
    /// the caller writes them; spacing and offsets do not matter); it is
    /// called only where a float on an edge was decided by its double,
    /// which most arguments never need. Text that is not JSON is the
    /// caller's to refuse: `args` is one JSON value already.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object", "properties": {"n": {"type": "number", "maximum": 0}}
    /// }))?;
    /// // `1e-400` is read as `0.0`, which the double alone would accept.
    /// let args = json!({"n": 0.0});
    /// let error = schema.validate_read(&args, || r#"{"n": 1e-400}"#.to_owned()).unwrap_err();
    /// assert_eq!(error.errors()[0].message(), "1e-400 is greater than the maximum 0");
    /// assert!(schema.validate_read(&args, || r#"{"n": 0.0}"#.to_owned()).is_ok());
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn validate_read(
        &self,
        args: &Value,
        text: impl FnOnce() -> String,
    ) -> Result<(), ArgsError> {
        let texts = self.validator.texts_written(args, text);
        Ok(validate::installed(texts, || self.validate(args))?)
    }

    /// The texts of the floats of `args` that stand on a bound's edge,
    /// read from `text`, which `args` was read from: where the double does
    /// not tell which side of the bound the number written is on (`1e-400`
    /// is read as `0.0`). The walks of `args` that the text's readers run
    /// run under them ([`validate::installed`]), so that those numbers are
    /// compared as written; `None` where `args` holds no such float, as
    /// most arguments.
    pub(crate) fn texts_of(&self, args: &Value, text: &str) -> Option<Texts> {
        self.validator.texts(args, text)
    }

    /// `text` read into a `Value` by the crate's one reader of JSON text,
    /// for the methods whose fast path gave up: its syntax errors located,
    /// and a property the schema names given twice refused, as the stream
    /// refuses it (`validate/stream/`). A text that is JSON with no name
    /// repeated is read by serde_json instead, into the same value at a
    /// fraction of the cost (`validate::read_whole`).
    pub(crate) fn read_text(&self, text: &str) -> Result<Value, ArgsError> {
        if text.len() > crate::MAX_TEXT_LEN {
            return Err(ArgsError::Syntax(SyntaxError::too_long()));
        }
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
        if text.len() > crate::MAX_TEXT_LEN {
            // `read_text` refuses it.
            return None;
        }
        validate::read_checked(self.validator(), text)
    }
}
