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
///
/// # Codes
///
/// Every finding has a [`Code`] with a stable snake_case name and one
/// severity. Errors mean the schema is outside the subset, and
/// [`ToolArgsSchema::from_value`](crate::ToolArgsSchema::from_value)
/// refuses it with the same findings; warnings come from the Pedelec design
/// advice. Warnings are computed only for nodes without errors, so fixing an
/// error can bring a warning to light.
///
/// | code | severity | finding |
/// |---|---|---|
/// | `invalid_json` | error | the text is not JSON (only from [`ToolArgsSchema::from_json_str`](crate::ToolArgsSchema::from_json_str)) |
/// | `root_not_object` | error | the root is not an object node |
/// | `unsupported_keyword` | error | a JSON Schema keyword outside the subset (`$ref`, `additionalProperties`, `format`, `title`, ...) |
/// | `unknown_keyword` | error | a key that is neither a subset keyword nor a JSON Schema keyword |
/// | `misplaced_keyword` | error | a subset keyword on a node kind that does not take it |
/// | `boolean_schema` | error | `true` or `false` where a node belongs |
/// | `not_a_node` | error | something other than an object where a node belongs |
/// | `missing_type` | error | a node with neither `type` nor `oneOf` (a `$ref` node is reported once, as its `unsupported_keyword`) |
/// | `invalid_type` | error | `type` is an array, `"null"`, or not a subset type name |
/// | `missing_items` | error | an array node without `items` |
/// | `invalid_value` | error | a keyword whose value has the wrong JSON type |
/// | `invalid_bound` | error | a length or item-count bound that is negative, fractional or too large |
/// | `min_greater_than_max` | error | a lower bound above its upper bound |
/// | `unknown_required` | error | `required` names a property that `properties` does not define |
/// | `duplicate_required` | error | `required` lists a name twice |
/// | `empty_enum` | error | `enum` with no values |
/// | `enum_type_mismatch` | error | an `enum` value of another type than its node (a fractional value under `integer` too) |
/// | `one_of_siblings` | error | keywords other than metadata beside `oneOf` |
/// | `empty_one_of` | error | `oneOf` with no branches |
/// | `invalid_pattern` | error | a `pattern` that ECMA-262 refuses in Unicode mode, or that cannot run in linear time (see [`Pattern`](crate::Pattern)) |
/// | `too_deep` | error | nodes nested deeper than [`MAX_DEPTH`](crate::MAX_DEPTH) |
/// | `too_many_properties` | error | an object with more than [`MAX_PROPERTIES`](crate::MAX_PROPERTIES) properties, or a `required` with more names |
/// | `too_many_enum_values` | error | an `enum` with more than [`MAX_ENUM_VALUES`](crate::MAX_ENUM_VALUES) values |
/// | `too_many_branches` | error | a `oneOf` with more than [`MAX_BRANCHES`](crate::MAX_BRANCHES) branches, or nested `oneOf`s whose branch counts multiply beyond [`MAX_BRANCH_PRODUCT`](crate::MAX_BRANCH_PRODUCT) |
/// | `unbounded_array` | warning | an array node without `maxItems` |
/// | `duplicate_enum_value` | warning | an `enum` that lists a value twice |
/// | `invalid_default` | warning | a `default` that its own node rejects |
/// | `invalid_example` | warning | an `examples` entry that its own node rejects |
/// | `ambiguous_one_of` | warning | a `oneOf` whose branches can accept the same value |
/// | `single_branch_one_of` | warning | a `oneOf` with a single branch |
///
/// The size bounds behind the `too_*` codes and `invalid_pattern` are
/// listed in the crate's [Limits](crate#limits).
pub fn lint(schema: &Value) -> Vec<Diagnostic> {
    let (_, diagnostics) = parse::parse_root(schema, Some(node_warnings));
    diagnostics
}

/// [`lint`] for a schema's JSON text, as a file or a request holds it: a
/// text that is not JSON is the one `invalid_json` error that
/// [`ToolArgsSchema::from_json_str`](crate::ToolArgsSchema::from_json_str)
/// gives.
///
/// ```
/// use pedelec_schema::{lint_str, Code};
///
/// let found = lint_str(r#"{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}"#);
/// assert_eq!(found[0].code, Code::UnboundedArray);
/// assert_eq!(lint_str("{\"type\": ")[0].code, Code::InvalidJson);
/// ```
pub fn lint_str(text: &str) -> Vec<Diagnostic> {
    match serde_json::from_str::<Value>(text) {
        Ok(schema) => lint(&schema),
        Err(err) => vec![Diagnostic::invalid_json(&err)],
    }
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
