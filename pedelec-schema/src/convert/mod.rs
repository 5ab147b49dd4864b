//! Conversion into the subset: [`convert`] rewrites a JSON Schema that
//! zod, pydantic, schemars, an OpenAPI generator or a person wrote into a
//! [`ToolArgsSchema`], and reports every change it made as a [`Change`].
//!
//! The source is outside the subset, so it cannot be read into the subset's
//! model. Conversion reads it into a model of its own (`shape`), where a
//! node accepts values of one type, of every type, or of a union of nodes;
//! merges what composition says (`intersect`); writes the result as subset
//! JSON (`lower`), deciding there what each node's holder does with what
//! the subset cannot write; and hands that JSON to the gatekeeper,
//! [`ToolArgsSchema::from_value`], which never sees anything else.
//!
//! See the crate documentation for the meaning conversion gives the source
//! and the list of change codes.

mod arrays;
mod context;
mod dialect;
mod dropped;
mod error;
mod facets;
mod intersect;
mod join;
mod lower;
mod meta;
mod numbers;
mod object;
mod overlap;
mod probe;
mod read;
mod refs;
mod root;
mod shape;
mod union;

use serde_json::Value;

use crate::change::Change;
use crate::diagnostic::{Code, Diagnostic};
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

/// Converts a JSON Schema into the subset, recording every change.
///
/// Fails only where no object schema of the subset can stand for the
/// source: a root that accepts no object (`{"type": "string"}`, `false`),
/// a document that is not a JSON Schema, a dangling local `$ref`, a schema
/// too deep or too large once its references are written inline.
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
    let mut ctx = context::Context::new(source);
    let root = read::read(&mut ctx, source, "");
    let lowered = if ctx.errors.is_empty() {
        root::lower_root(&mut ctx, root)
    } else {
        None
    };
    if !ctx.errors.is_empty() {
        return Err(ConvertError::new(std::mem::take(&mut ctx.errors)));
    }
    let Some(lowered) = lowered else {
        return Err(ConvertError::new(vec![ConvertReason::new(
            ConvertErrorCode::Rejected,
            "",
            "the converter produced no root and gave no reason: a bug in the converter",
        )]));
    };
    match ToolArgsSchema::from_value(&lowered) {
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
