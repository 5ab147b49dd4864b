//! Conversion into the subset: [`convert()`] rewrites a JSON Schema that
//! zod, pydantic, schemars, an OpenAPI generator or a person wrote into a
//! [`ToolArgsSchema`], and returns every change it made as a [`Change`]
//! with a JSON Pointer into the source; [`convert_str`] does the same from
//! the source's text, keeping the order the text lists properties in.
//! `pedelec-lint --fix` applies it to files.
//!
//! ```
//! use pedelec_schema::{convert, Effect};
//! use serde_json::json;
//!
//! let converted = convert(&json!({
//!     "type": "object",
//!     "properties": {"tags": {"type": "array", "items": {"type": "string"}, "maxItems": 8}},
//!     "additionalProperties": false
//! }))?;
//! let change = &converted.changes[0];
//! assert_eq!(change.pointer, "/additionalProperties");
//! assert_eq!(change.code.as_str(), "constraint_dropped");
//! assert_eq!(change.effect, Effect::Widens); // the handler must refuse unknown properties itself
//! # Ok::<(), pedelec_schema::ConvertError>(())
//! ```
//!
//! ## Guarantees
//!
//! - The result lints without errors.
//! - When no change `narrows`, the result accepts every value the source
//!   accepts; when every change is `lossless`, it accepts exactly those.
//!   A change that both narrows and widens is reported as `narrows`, the
//!   claim these guarantees depend on.
//! - Converting the result again changes nothing, and the same source
//!   always gives the same result and the same changes, ordered by
//!   pointer.
//! - It fails ([`ConvertError`]) only where no object schema can stand for
//!   the source: a root that accepts no object, a document that is not a
//!   JSON Schema, a dangling local `$ref`, a schema too deep or too large
//!   once its references are written inline.
//!
//! ## What conversion takes the source to mean
//!
//! Where JSON Schema leaves room, conversion reads the source this way:
//!
//! - **Drafts.** The root's `$schema` picks the draft (2020-12 when absent
//!   or unknown): drafts 4 to 7 ignore the keywords beside `$ref`, and
//!   draft 4's `integer` refuses `1.0` (which the subset's accepts:
//!   `draft4_integer_widened`). Both tuple forms and both forms of
//!   `exclusiveMinimum` are read whatever the draft says.
//! - **`format` means what its producer enforces.** schemars writes
//!   `format: "uint32"` because serde refuses a larger number, so the
//!   integer formats `int8` ... `uint64` are ranges and become
//!   `minimum`/`maximum` exactly; `double` holds for every JSON number;
//!   every other format is dropped and widens.
//! - **Dialects are read keyword by keyword.** OpenAPI's `nullable: true`
//!   means "`null` too" wherever it stands, and `example` is an example;
//!   Gemini's upper-case type names are JSON Schema's, and a Gemini `type`
//!   beside `anyOf` is the placeholder the Google Gen AI SDK writes for a
//!   union. A `type` no dialect knows (BFCL's `"dict"`) makes the document
//!   no schema: an error that names what to write instead.
//! - **References** are local: a JSON Pointer (`#/$defs/X`, `#/properties/a`),
//!   an `$anchor`, or the root's `$id`. Each is written inline; a change
//!   inside a definition carries the definition's pointer, once however
//!   often it is used. A definition stands at most three times on one path
//!   (a recursive one is cut below: `recursive_ref_cut`); a remote one is
//!   never fetched (`remote_ref_dropped`); a dangling one is an error.
//! - **`null`**, which the subset cannot write, is dropped (narrows); a
//!   required property that accepted `null` - OpenAI strict mode's
//!   optional property - becomes optional.
//! - **`anyOf` becomes `oneOf`**, exactly when no value can pass two
//!   branches; otherwise with `any_of_overlap_to_one_of` (narrows: a value
//!   that passes two branches is refused). That keeps every branch's shape,
//!   which an agent needs more than the rare value that fits two shapes;
//!   merging the branches into one node would widen instead, and keep no
//!   shape. A source `oneOf` stays one; because a branch that widens can
//!   then share a value with another, the `oneOf` gets
//!   `one_of_branch_widened` (narrows) unless the branches stay apart.
//! - **Nodes the subset cannot write** - one that accepts anything, an array
//!   of anything, one that accepts only `null` - are dropped with their
//!   property (lossless for an optional property that accepts anything,
//!   widening otherwise). A node without `type` gets the type its `enum`
//!   gives (exact) or its keywords describe (narrows).
//! - **An `enum` that contradicts `type`**, where no value of it has the
//!   node's one type, is read as its author evidently meant, not as a node
//!   that accepts nothing: on an array node it lists the elements' values
//!   and moves to `items` (`enum_moved_to_items`); written as strings on an
//!   integer, number or boolean node, each string stands for the value it
//!   spells (`"2"` the integer 2, `"True"` the boolean), and one that
//!   spells none stays a string, the two kinds in a `oneOf`
//!   (`enum_strings_retyped`). That keeps both the declared type and every
//!   listed value, where reading the node as strings would lose the type
//!   and reading it as the type would lose the values it cannot spell.
//!   Both widen: the source accepted nothing there. A node with no evident
//!   intent (`minimum` above `maximum`) still accepts nothing: an optional
//!   property is dropped, and a required one makes the root accept no
//!   object; either way the change or the refusal names the keyword.
//! - **The root** is an object node: the source's objects are kept (tool
//!   arguments are always an object), and a union of object shapes becomes
//!   the one object node with what every shape shares (widens).
//! - **What is written** in place of the source ([`Converted::document`],
//!   what `pedelec-lint --fix` writes) is the canonical form without the
//!   `"required": []` of an object that requires nothing: the canonical
//!   form always writes it, and the source's author need never have.
//! - **`default`s and examples** the converted node refuses are dropped,
//!   so that an agent that copies one gets no error.
//! - **Property order.** The properties come in the order the source
//!   lists them, as far as the source tells it: [`convert`] has the order
//!   the `Value` iterates (by name, without serde_json's `preserve_order`
//!   feature), [`convert_str`] the text's. A merged object lists its
//!   properties in the order they first appear in its sources, read in
//!   text order - its own `properties` where that key stands among its
//!   `$ref` and `allOf`, each branch in turn - and then any other in the
//!   order before.
//! - **Order and bounds.** Changes come ordered by pointer. Reading stops
//!   96 nodes deep and after 20 000 nodes read (`too_deep`, `too_large`),
//!   whatever the input. `uniqueItems: false` is inside the subset: keeping
//!   it is no change.
//!
//! ## Change codes
//!
//! Every conversion [`ChangeCode`](crate::ChangeCode), with its
//! [`Effect`](crate::Effect):
//!
//! | code | effect | what |
//! |---|---|---|
//! | `annotation_dropped` | lossless | an annotation (`$schema`, `$id`, `$comment`, `readOnly`, `deprecated`, `contentMediaType`, a `title` beside a `description`, `format: "double"`) |
//! | `unknown_keyword_dropped` | lossless | a key that is no JSON Schema keyword (`x-...`, `propertyOrdering`) |
//! | `title_to_description` | lossless | `title` became `description` |
//! | `example_to_examples` | lossless | OpenAPI's `example` joined `examples` |
//! | `default_dropped` | lossless | a `default` the converted node refuses |
//! | `example_dropped` | lossless | an example the converted node refuses |
//! | `definitions_dropped` | lossless | `$defs`/`definitions`, written inline where used |
//! | `no_op_constraint_dropped` | lossless | a keyword that constrains nothing (`additionalProperties: true`, `propertyNames: {"type": "string"}`) |
//! | `inapplicable_keyword_dropped` | lossless | a keyword for another type than the node's |
//! | `ref_inlined` | lossless | a local `$ref` written inline |
//! | `ref_siblings_ignored` | lossless | a keyword beside `$ref`, which drafts 4 to 7 ignore |
//! | `recursive_ref_cut` | widens | a recursive reference, dropped after three levels |
//! | `remote_ref_dropped` | widens | a reference to another document, never fetched |
//! | `null_dropped` | narrows | `null` no longer accepted |
//! | `nullable_required_made_optional` | narrows | a required property that accepted `null` made optional |
//! | `type_name_normalized` | lossless | Gemini's `"STRING"` written `"string"` |
//! | `union_type_placeholder_dropped` | lossless | Gemini's `type` beside `anyOf` |
//! | `type_array_split` | lossless | several types became a `oneOf` |
//! | `type_from_enum` | lossless | a node without `type` typed by its `enum`/`const` |
//! | `type_inferred` | narrows | a node without `type` typed by its keywords |
//! | `draft4_integer_widened` | widens | draft 4's `integer`, which refuses `1.0` |
//! | `const_to_enum` | lossless | `const: v` became `enum: [v]` |
//! | `enum_split_by_type` | lossless | an `enum` of several types became a `oneOf` of typed `enum`s |
//! | `unreachable_enum_value_dropped` | lossless | an `enum` value the node's type refuses |
//! | `enum_moved_to_items` | widens | an `enum` of element values on an array node, moved to `items` |
//! | `enum_strings_retyped` | widens | an `enum` of strings on an integer, number or boolean node, read as the values they spell |
//! | `structured_enum_dropped` | widens | an `enum` of arrays or objects |
//! | `unconstrained_property_dropped` | lossless | an optional property that accepts anything |
//! | `required_unconstrained_property_dropped` | widens | a required property that accepts anything |
//! | `unwritable_property_dropped` | widens | a property whose node the subset cannot write (an array of anything, only `null`) |
//! | `impossible_property_dropped` | widens | an optional property that accepts nothing |
//! | `required_without_property_dropped` | widens | a `required` name without a node |
//! | `duplicate_required_dropped` | lossless | a name listed twice in `required` |
//! | `exclusive_bound_on_integer` | lossless | an exclusive bound on an integer became the next integer |
//! | `exclusive_bound_made_inclusive` | widens | an exclusive bound on a number made inclusive |
//! | `integer_format_to_bounds` | lossless | `int8` ... `uint64` became `minimum`/`maximum` |
//! | `format_dropped` | widens | any other `format` |
//! | `pattern_dropped` | widens | a `pattern` the engine cannot run, or a second one from `allOf` |
//! | `constraint_dropped` | widens | a constraint the subset cannot hold (`additionalProperties`, `multipleOf`, `not`, `if`, ...) |
//! | `all_of_merged` | lossless | `allOf` merged into its node |
//! | `merged_into_branches` | lossless | keywords beside `oneOf`/`anyOf` moved into the branches |
//! | `any_of_to_one_of` | lossless | `anyOf` with branches that cannot overlap became `oneOf` |
//! | `any_of_overlap_to_one_of` | narrows | `anyOf` with overlapping branches became `oneOf` |
//! | `one_of_branch_widened` | narrows | a `oneOf` branch widened and may overlap another |
//! | `subsumed_branch_dropped` | lossless | a union branch another branch contains |
//! | `impossible_branch_dropped` | lossless | a union branch that accepts nothing |
//! | `tuple_to_items` | widens | a tuple became one `items` node |
//! | `root_made_object` | narrows | a root that also accepted non-objects |
//! | `root_union_merged` | widens | a root union of object shapes merged into one |
//!
//! ## How it works
//!
//! The source is outside the subset, so it cannot be read into the subset's
//! model. Conversion reads it into a model of its own (`shape.rs`), where a
//! node accepts values of one type, of every type, or of a union of nodes,
//! in three stages, each a folder that imports only the shared leaves
//! (`shape.rs`, `dialect.rs`, `context.rs`, `error.rs`) and the stages
//! before it:
//!
//! 1. **read** (`read/`): one node's own keywords - `type`, metadata,
//!    every other keyword - into the model;
//! 2. **merge** (`merge/`): the whole node with its composition: `$ref`
//!    written inline, `allOf` and the keywords beside a union intersected,
//!    `anyOf`/`oneOf` kept as unions; it reads child nodes for `read/`;
//! 3. **lower** (`lower/`): the merged node written as a node of the
//!    subset's own model ([`SchemaNode`](crate::SchemaNode), the root an
//!    [`ObjectNode`](crate::schema::ObjectNode)), deciding there what each
//!    node's holder does with what the subset cannot write.
//!
//! That root goes to the gatekeeper as any schema built in code does,
//! [`ToolArgsSchema::new`], which checks it as it checks a parsed schema:
//! what conversion writes is never trusted without it.

// Shared leaves, which every stage may import: the model of the source,
// the dialect, the state of one conversion, the errors.
mod context;
mod dialect;
mod error;
mod shape;

// The stages, each importing only the leaves and the stages before it.
mod lower;
mod merge;
mod read;

use serde_json::Value;

use crate::change::Change;
use crate::diagnostic::{Code, Diagnostic};
use crate::json::OrderedJson;
use crate::parse::text_order;
use crate::tool_args_schema::ToolArgsSchema;

pub use error::{ConvertError, ConvertErrorCode, ConvertReason};

/// A source schema converted into the subset.
#[derive(Debug, Clone, PartialEq)]
pub struct Converted {
    /// The converted schema: inside the subset, and it lints without
    /// errors.
    pub schema: ToolArgsSchema,
    /// Every change made, with pointers into the source document, ordered
    /// by pointer. Empty when the source was already inside
    /// the subset (and its `default`s and examples pass their nodes).
    pub changes: Vec<Change>,
}

impl Converted {
    /// The converted schema as a document to write in place of the source,
    /// as `pedelec-lint --fix` writes it: the canonical form (keys in
    /// canonical order, properties in the author's), but with no
    /// `"required": []` on an object that requires nothing, a keyword the
    /// source's author need never have written. It reads back as the same
    /// schema.
    ///
    /// ```
    /// use pedelec_schema::{convert, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let converted = convert(&json!({
    ///     "type": "object",
    ///     "properties": {"q": {"type": "string", "format": "email"}}
    /// }))?;
    /// assert_eq!(
    ///     converted.document().to_string(),
    ///     r#"{"type":"object","properties":{"q":{"type":"string"}}}"#
    /// );
    /// let reread = ToolArgsSchema::from_value(&converted.document().to_value()).unwrap();
    /// assert_eq!(reread, converted.schema);
    /// # Ok::<(), pedelec_schema::ConvertError>(())
    /// ```
    pub fn document(&self) -> OrderedJson {
        let text = serde_json::to_string(&crate::schema::Lean(self.schema.root()))
            .expect("a schema node always serializes");
        serde_json::from_str(&text).expect("a serialized schema reads back")
    }

    /// The clause a host appends to the [`summary`](crate::ArgsError::summary)
    /// of a refusal by [`schema`](Self::schema) when it checks values
    /// against the converted schema in place of the source: empty when no
    /// change widens, so that every refusal is the source's own; otherwise
    /// `" (the schema is outside the Pedelec argsSchema subset and was
    /// checked as converted into it, without the constraints at ...)"`,
    /// naming the pointers of the changes that widen (`(root)` for the
    /// whole schema), five at most and how many more. A conversion that
    /// narrows refuses values the source accepts, and is not one to check
    /// with: the clause does not speak of it.
    ///
    /// ```
    /// use pedelec_schema::convert;
    /// use serde_json::json;
    ///
    /// let converted = convert(&json!({
    ///     "type": "object",
    ///     "properties": {"email": {"type": "string", "format": "email"}, "n": {"type": "integer", "maximum": 3}},
    ///     "additionalProperties": false
    /// }))?;
    /// let error = converted.schema.validate_str(r#"{"n": 4}"#).unwrap_err();
    /// assert_eq!(
    ///     format!("{}{}", error.summary(), converted.refusal_note()),
    ///     "/n: 4 is greater than the maximum 3 (the schema is outside the Pedelec argsSchema \
    ///      subset and was checked as converted into it, without the constraints at \
    ///      /additionalProperties, /properties/email/format)"
    /// );
    ///
    /// let lossless = convert(&json!({"type": "object", "title": "T"}))?;
    /// assert_eq!(lossless.refusal_note(), "");
    /// # Ok::<(), pedelec_schema::ConvertError>(())
    /// ```
    pub fn refusal_note(&self) -> String {
        /// A one-line message stays readable; the changes list them all.
        const LISTED: usize = 5;
        let widening: Vec<&str> = self
            .changes
            .iter()
            .filter(|change| change.effect == crate::change::Effect::Widens)
            .map(|change| crate::pointer::shown(&change.pointer))
            .collect();
        if widening.is_empty() {
            return String::new();
        }
        let listed = widening[..widening.len().min(LISTED)].join(", ");
        let more = match widening.len().saturating_sub(LISTED) {
            0 => String::new(),
            more => format!(" and {more} more"),
        };
        format!(
            " (the schema is outside the Pedelec argsSchema subset and was checked as \
             converted into it, without the constraints at {listed}{more})"
        )
    }
}

/// Converts a JSON Schema into the subset, recording every change.
///
/// Fails only where no object schema of the subset can stand for the
/// source: a root that accepts no object (`{"type": "string"}`, `false`),
/// a document that is not a JSON Schema, a dangling local `$ref`, a schema
/// too deep or too large once its references are written inline.
///
/// The properties keep the order `source` iterates them in, which without
/// serde_json's `preserve_order` feature is by name; [`convert_str`] keeps
/// a text's order whatever the features.
///
/// ```
/// use pedelec_schema::{convert, ChangeCode, Effect};
/// use serde_json::json;
///
/// let converted = convert(&json!({
///     "$schema": "https://json-schema.org/draft/2020-12/schema",
///     "title": "Resize",
///     "type": "object",
///     "properties": {
///         "width": {"type": "integer", "format": "uint32", "minimum": 0},
///         "unit": {"const": "px"},
///         "note": {"type": ["string", "null"]}
///     },
///     "required": ["width", "unit"]
/// }))?;
/// assert_eq!(
///     converted.schema.to_value()["properties"]["width"],
///     json!({"type": "integer", "minimum": 0, "maximum": 4294967295_u32})
/// );
/// let codes: Vec<(&str, Effect)> = converted
///     .changes
///     .iter()
///     .map(|change| (change.code.as_str(), change.effect))
///     .collect();
/// assert_eq!(codes, [
///     ("annotation_dropped", Effect::Lossless),       // /$schema
///     ("null_dropped", Effect::Narrows),              // /properties/note/type
///     ("const_to_enum", Effect::Lossless),            // /properties/unit/const
///     ("type_from_enum", Effect::Lossless),           // /properties/unit/const
///     ("integer_format_to_bounds", Effect::Lossless), // /properties/width/format
///     ("title_to_description", Effect::Lossless),     // /title
/// ]);
/// assert_eq!(converted.changes[1].pointer, "/properties/note/type");
/// # Ok::<(), pedelec_schema::ConvertError>(())
/// ```
pub fn convert(source: &Value) -> Result<Converted, ConvertError> {
    converted(source, None)
}

/// Converts the JSON Schema in `text` as [`convert`] does, with every
/// object's properties in the order the text lists them (see "Property
/// order" in the [module docs](mod@crate::convert) for merged objects).
/// Text that is not JSON fails with one
/// [`InvalidJson`](ConvertErrorCode::InvalidJson) reason.
///
/// ```
/// use pedelec_schema::{convert_str, ConvertErrorCode};
///
/// let converted = convert_str(
///     r#"{"type": "object", "title": "Answer", "properties": {
///         "reasoning": {"type": "string"},
///         "answer": {"type": "string"}}}"#,
/// )?;
/// let names: Vec<&str> = converted.schema.root().properties.iter().map(|p| p.name.as_str()).collect();
/// assert_eq!(names, ["reasoning", "answer"]);
/// assert_eq!(converted.changes[0].pointer, "/title");
///
/// let error = convert_str("{\"type\": ").unwrap_err();
/// assert_eq!(error.reasons()[0].code, ConvertErrorCode::InvalidJson);
/// # Ok::<(), pedelec_schema::ConvertError>(())
/// ```
pub fn convert_str(text: &str) -> Result<Converted, ConvertError> {
    let not_json = |err: serde_json::Error| {
        ConvertError::new(vec![ConvertReason::new(
            ConvertErrorCode::InvalidJson,
            "",
            format!("the schema is not valid JSON: {err}"),
        )])
    };
    let source: Value = serde_json::from_str(text).map_err(not_json)?;
    let order = text_order::read(text).map_err(not_json)?;
    converted(&source, Some(&order))
}

/// Converts `source`; with `order`, its text's key order, puts the
/// properties in that order before the gatekeeper compiles them.
fn converted(source: &Value, order: Option<&OrderedJson>) -> Result<Converted, ConvertError> {
    let mut ctx = context::Context::new(source);
    let root = merge::read_node(&mut ctx, source, "");
    let lowered = if ctx.errors.is_empty() {
        lower::lower_root(&mut ctx, root)
    } else {
        None
    };
    if !ctx.errors.is_empty() {
        return Err(ConvertError::new(std::mem::take(&mut ctx.errors)));
    }
    let Some(mut lowered) = lowered else {
        return Err(ConvertError::new(vec![ConvertReason::new(
            ConvertErrorCode::Rejected,
            "",
            "the converter produced no root and gave no reason: a bug in the converter",
        )]));
    };
    if let Some(order) = order {
        text_order::reorder(&mut lowered, order);
    }
    // Through the gatekeeper as every schema built in code goes: the very
    // checks a parsed schema passes.
    match ToolArgsSchema::new(lowered) {
        Ok(schema) => Ok(Converted {
            schema,
            changes: ctx.into_changes(),
        }),
        Err(error) => Err(refused(error.into_diagnostics())),
    }
}

/// The error for a converted schema that the gatekeeper refused: too deep
/// once references are inline, beyond one of the subset's size limits, or
/// a bug.
fn refused(diagnostics: Vec<Diagnostic>) -> ConvertError {
    let reasons = diagnostics
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| match d.code {
            Code::TooDeep => ConvertReason::new(
                ConvertErrorCode::TooDeep,
                "",
                format!(
                    "once its references are written inline, the converted schema nests \
                     more than {} deep (at {}); flatten the arguments",
                    crate::parse::MAX_DEPTH,
                    d.pointer
                ),
            ),
            Code::TooManyProperties | Code::TooManyEnumValues | Code::TooManyBranches => {
                ConvertReason::new(
                    ConvertErrorCode::TooLarge,
                    "",
                    format!(
                        "the converted schema is beyond a limit of the subset at {}: {}",
                        d.pointer, d.message
                    ),
                )
            }
            _ => ConvertReason::new(
                ConvertErrorCode::Rejected,
                "",
                format!(
                    "the converted schema was refused at {} ({}: {}): a bug in the \
                         converter; please report it with the source schema",
                    d.pointer,
                    d.code.as_str(),
                    d.message
                ),
            ),
        })
        .collect();
    ConvertError::new(reasons)
}
