//! Lint: every error and warning about a hand-written schema.
//!
//! Errors are what [`ToolArgsSchema::from_value`](crate::ToolArgsSchema::from_value)
//! refuses. Warnings come from the Pedelec design advice: bound what an
//! agent may send, keep `enum`s clean, make `default` and `examples` values
//! the node accepts, and make `oneOf` branches easy to tell apart.

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic};
use crate::parse;
use crate::pointer;
use crate::schema::SchemaNode;

mod one_of;

/// Every error and warning about `schema`, without stopping at the first.
///
/// ```
/// use pedelec_schema::{lint, Severity};
/// use serde_json::json;
///
/// let findings = lint(&json!({
///     "type": "object",
///     "properties": {
///         "ids": {"type": "array", "items": {"type": "string", "format": "uuid"}}
///     },
///     "additionalProperties": false
/// }));
/// let codes: Vec<_> = findings.iter().map(|d| (d.code.as_str(), d.pointer.as_str())).collect();
/// assert_eq!(codes, [
///     ("unsupported_keyword", "/additionalProperties"),
///     ("unsupported_keyword", "/properties/ids/items/format"),
/// ]);
/// assert!(findings.iter().all(|d| d.severity == Severity::Error));
/// ```
pub fn lint(schema: &Value) -> Vec<Diagnostic> {
    let (_, diagnostics) = parse::parse_root(schema, Some(node_warnings));
    diagnostics
}

/// The warnings about one node whose own checks passed.
fn node_warnings(node: &SchemaNode, at: &str, out: &mut Vec<Diagnostic>) {
    check_metadata(node, at, out);
    match node {
        SchemaNode::Array(array) if array.max_items.is_none() => out.push(Diagnostic::new(
            Code::UnboundedArray,
            at,
            "this array has no `maxItems`: bound it so an agent cannot ask for an unbounded \
             bulk operation",
        )),
        SchemaNode::String(string) => {
            check_duplicates(string.enum_values.as_deref(), at, |a, b| a == b, out)
        }
        SchemaNode::Number(number) | SchemaNode::Integer(number) => check_duplicates(
            number.enum_values.as_deref(),
            at,
            crate::numeric::equal,
            out,
        ),
        SchemaNode::Boolean(boolean) => {
            check_duplicates(boolean.enum_values.as_deref(), at, |a, b| a == b, out)
        }
        SchemaNode::OneOf(one_of) => one_of::check(one_of, at, out),
        _ => {}
    }
}

fn check_duplicates<T: std::fmt::Debug>(
    values: Option<&[T]>,
    at: &str,
    equal: impl Fn(&T, &T) -> bool,
    out: &mut Vec<Diagnostic>,
) {
    let Some(values) = values else { return };
    for (index, value) in values.iter().enumerate() {
        if let Some(first) = values[..index].iter().position(|seen| equal(seen, value)) {
            let mut here = pointer::join(at, "enum");
            pointer::push_index(&mut here, index);
            out.push(Diagnostic::new(
                Code::DuplicateEnumValue,
                here,
                format!("this `enum` value repeats entry {first}; list each value once"),
            ));
        }
    }
}

fn check_metadata(node: &SchemaNode, at: &str, out: &mut Vec<Diagnostic>) {
    let meta = node.meta();
    if let Some(default) = &meta.default {
        if let Some(reason) = rejection(node, default) {
            out.push(Diagnostic::new(
                Code::InvalidDefault,
                pointer::join(at, "default"),
                format!(
                    "this node rejects its own `default` ({reason}); an agent that copies it \
                     gets an error. Fix the value or drop `default`"
                ),
            ));
        }
    }
    for (index, example) in meta.examples.iter().enumerate() {
        if let Some(reason) = rejection(node, example) {
            let mut here = pointer::join(at, "examples");
            pointer::push_index(&mut here, index);
            out.push(Diagnostic::new(
                Code::InvalidExample,
                here,
                format!(
                    "this node rejects this example ({reason}); an agent learns from examples, \
                     so give only values it accepts"
                ),
            ));
        }
    }
}

/// Why `node` rejects `value`, or `None` if it accepts it.
fn rejection(node: &SchemaNode, value: &Value) -> Option<String> {
    let errors = crate::validate::node_errors(node, value);
    let first = errors.first()?;
    let path = first.path();
    let at = if path.is_empty() {
        String::new()
    } else {
        format!("at {path}: ")
    };
    Some(format!("{at}{}", first.message()))
}
