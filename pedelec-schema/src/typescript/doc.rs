//! The JSDoc of a node: its `description` as the text, then a tag for each
//! keyword the type cannot hold (`@minimum`, `@pattern`, `@default`, ...),
//! so that an editor's hover and a model reading the declaration see the
//! whole contract.

use serde_json::Value;

use crate::schema::{Metadata, NumberNode, ObjectNode, SchemaNode};

/// `value` as a TypeScript literal: its compact JSON, whose strings,
/// numbers, arrays and objects are TypeScript's syntax too.
pub(super) fn literal(value: &Value) -> String {
    value.to_string()
}

/// Adds a tag: its name, and its value if it has one.
type Tag<'a> = dyn FnMut(&str, Option<String>) + 'a;

/// The lines of `node`'s documentation: its description, line by line,
/// then its tags in the canonical keyword order.
pub(super) fn lines(node: &SchemaNode) -> Vec<String> {
    documented(node.meta(), &|tag| match node {
        SchemaNode::String(string) => {
            if let Some(min) = string.min_length {
                tag("minLength", Some(min.to_string()));
            }
            if let Some(max) = string.max_length {
                tag("maxLength", Some(max.to_string()));
            }
            if let Some(pattern) = &string.pattern {
                tag("pattern", Some(pattern.as_str().to_owned()));
            }
        }
        SchemaNode::Integer(number) => {
            tag("integer", None);
            bounds(number, tag);
        }
        SchemaNode::Number(number) => bounds(number, tag),
        SchemaNode::Array(array) => {
            if let Some(min) = array.min_items {
                tag("minItems", Some(min.to_string()));
            }
            if let Some(max) = array.max_items {
                tag("maxItems", Some(max.to_string()));
            }
            if array.unique_items {
                tag("uniqueItems", None);
            }
        }
        SchemaNode::Boolean(_) | SchemaNode::Object(_) | SchemaNode::OneOf(_) => {}
    })
}

/// The lines of an object's documentation (the root's): its description
/// and its metadata's tags.
pub(super) fn object_lines(object: &ObjectNode) -> Vec<String> {
    documented(&object.meta, &|_| {})
}

/// The description's lines, the tags `kind` adds, then `@default` and
/// `@example`.
fn documented(meta: &Metadata, kind: &dyn Fn(&mut Tag)) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(description) = &meta.description {
        lines.extend(description.lines().map(str::to_owned));
    }
    let mut tag = |name: &str, value: Option<String>| {
        lines.push(match value {
            Some(value) => format!("@{name} {value}"),
            None => format!("@{name}"),
        });
    };
    kind(&mut tag);
    if let Some(default) = &meta.default {
        tag("default", Some(literal(default)));
    }
    for example in &meta.examples {
        tag("example", Some(literal(example)));
    }
    lines
}

fn bounds(number: &NumberNode, tag: &mut Tag) {
    if let Some(min) = &number.minimum {
        tag("minimum", Some(min.to_string()));
    }
    if let Some(max) = &number.maximum {
        tag("maximum", Some(max.to_string()));
    }
}

/// A line made safe inside a block comment: `*/` would end it.
fn safe(line: &str) -> String {
    line.replace("*/", "*\\/")
}

/// `lines` as a JSDoc block on lines of their own, at `indent`: one line
/// `/** ... */` for one line, else a line per line.
pub(super) fn block(lines: &[String], indent: &str, out: &mut String) {
    match lines {
        [] => {}
        [line] => {
            out.push_str(&format!("{indent}/** {} */\n", safe(line)));
        }
        lines => {
            out.push_str(&format!("{indent}/**\n"));
            for line in lines {
                let line = safe(line);
                if line.is_empty() {
                    out.push_str(&format!("{indent} *\n"));
                } else {
                    out.push_str(&format!("{indent} * {line}\n"));
                }
            }
            out.push_str(&format!("{indent} */\n"));
        }
    }
}

/// `lines` as one JSDoc comment before a type written inline (array items,
/// a `oneOf` branch), with a space after it.
pub(super) fn inline(lines: &[String], out: &mut String) {
    if lines.is_empty() {
        return;
    }
    let joined: Vec<String> = lines.iter().map(|line| safe(line)).collect();
    out.push_str(&format!("/** {} */ ", joined.join(" ")));
}
