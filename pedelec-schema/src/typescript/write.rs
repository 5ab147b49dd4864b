//! A node as a TypeScript type, walking the model.
//!
//! | node | type |
//! |---|---|
//! | `string`, `number`, `integer`, `boolean` | `string`, `number` (`@integer` in its doc), `boolean` |
//! | with an `enum` | the union of its values as literal types (`"a" \| "b"`, `1 \| 2.5`, `true`) |
//! | `array` | `T[]`, or `Array<T>` where `T` is more than a word |
//! | `object` | `{ name: T; optional?: T; [key: string]: unknown }` |
//! | `oneOf` | the union of its branches |
//!
//! Every object type ends in `[key: string]: unknown`: the validator lets
//! properties the schema does not name through, unchecked, and the type
//! says exactly what the validator accepts. TypeScript still checks each
//! named property against its type.

use std::fmt::Write;

use serde_json::Value;

use super::{doc, names};
use crate::schema::{ObjectNode, SchemaNode};

/// The step of indentation, per level of nesting.
const INDENT: &str = "  ";

/// The type of `node`, its lines after the first indented for `depth`.
pub(super) fn node_type(node: &SchemaNode, depth: usize, out: &mut String) {
    match node {
        SchemaNode::String(string) => match &string.enum_values {
            Some(values) => literals(values.iter().map(|v| Value::from(v.as_str())), out),
            None => out.push_str("string"),
        },
        SchemaNode::Number(number) | SchemaNode::Integer(number) => match &number.enum_values {
            Some(values) => literals(values.iter().cloned().map(Value::Number), out),
            None => out.push_str("number"),
        },
        SchemaNode::Boolean(boolean) => match boolean.enum_values.as_deref() {
            Some([]) => out.push_str("never"),
            Some(values) if !(values.contains(&true) && values.contains(&false)) => {
                out.push_str(if values[0] { "true" } else { "false" });
            }
            _ => out.push_str("boolean"),
        },
        SchemaNode::Array(array) => {
            let mut items = String::new();
            doc::inline(&doc::lines(&array.items), &mut items);
            node_type(&array.items, depth, &mut items);
            if is_word(&items) {
                let _ = write!(out, "{items}[]");
            } else {
                let _ = write!(out, "Array<{items}>");
            }
        }
        SchemaNode::Object(object) => object_type(object, depth, out),
        SchemaNode::OneOf(one_of) => {
            if one_of.branches.is_empty() {
                out.push_str("never");
            }
            for (index, branch) in one_of.branches.iter().enumerate() {
                if index > 0 {
                    out.push_str(" | ");
                }
                // A branch that is a union itself is parenthesized, so that
                // its documentation reads as the whole branch's.
                let grouped = one_of.branches.len() > 1 && is_union(branch);
                if grouped {
                    out.push('(');
                }
                doc::inline(&doc::lines(branch), out);
                node_type(branch, depth, out);
                if grouped {
                    out.push(')');
                }
            }
        }
    }
}

/// The object type of `object`, its properties in order, each with its
/// documentation; its closing brace indented for `depth`.
pub(super) fn object_type(object: &ObjectNode, depth: usize, out: &mut String) {
    if object.properties.is_empty() {
        out.push_str("{ [key: string]: unknown }");
        return;
    }
    let inner = INDENT.repeat(depth + 1);
    out.push_str("{\n");
    for property in &object.properties {
        doc::block(&doc::lines(&property.node), &inner, out);
        let optional = if object.required.contains(&property.name) {
            ""
        } else {
            "?"
        };
        let _ = write!(out, "{inner}{}{optional}: ", names::key(&property.name));
        node_type(&property.node, depth + 1, out);
        out.push_str(";\n");
    }
    let _ = writeln!(out, "{inner}[key: string]: unknown;");
    out.push_str(&INDENT.repeat(depth));
    out.push('}');
}

/// The union of `values` as literal types; `never` for none.
fn literals(values: impl Iterator<Item = Value>, out: &mut String) {
    let mut any = false;
    for value in values {
        if any {
            out.push_str(" | ");
        }
        any = true;
        out.push_str(&doc::literal(&value));
    }
    if !any {
        out.push_str("never");
    }
}

/// Whether `node`'s type is written as a union of more than one member.
fn is_union(node: &SchemaNode) -> bool {
    match node {
        SchemaNode::String(string) => string.enum_values.as_ref().is_some_and(|v| v.len() > 1),
        SchemaNode::Number(number) | SchemaNode::Integer(number) => {
            number.enum_values.as_ref().is_some_and(|v| v.len() > 1)
        }
        SchemaNode::OneOf(one_of) => one_of.branches.len() > 1,
        _ => false,
    }
}

/// Whether a type is one word (`string`, `number[]`), which `[]` may
/// follow without changing what it binds to.
fn is_word(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '[' || c == ']')
}
