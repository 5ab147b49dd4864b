//! Anthropic strict tool use: every object closed, no numeric or length
//! bounds, `minItems` only 0 or 1, no `maxItems` or `uniqueItems`, no word
//! boundaries in patterns, `oneOf` as `anyOf` and `examples` in the
//! description. Optional properties stay optional. The documented limits
//! on optional properties and unions are counted on the way.

use serde_json::Value;

use super::emit::{any_of, closed_object, Examples, MetaRules, Walk, Written};
use super::limits::Tally;
use super::Exported;
use crate::change::ChangeCode;
use crate::json::OrderedJson;
use crate::schema::{ArrayNode, NumberNode, ObjectNode, OneOfNode, SchemaNode, StringNode};

const PROVIDER: &str = "Anthropic strict mode";

const META: MetaRules = MetaRules {
    provider: "Anthropic",
    keep_default: true,
    examples: Examples::ToDescription,
};

/// `root` written for Anthropic strict tool use.
pub(super) fn export(root: &ObjectNode) -> Exported {
    let mut walk = Walk::new();
    let schema = object(&mut walk, root);
    walk.finish(schema, Tally::anthropic_findings)
}

fn node(walk: &mut Walk, node: &SchemaNode) -> OrderedJson {
    match node {
        SchemaNode::String(string) => string_node(walk, string),
        SchemaNode::Number(number) => number_node(walk, "number", number),
        SchemaNode::Integer(number) => number_node(walk, "integer", number),
        SchemaNode::Boolean(boolean) => {
            let mut written = Written::new();
            written.insert("type", "boolean");
            written.insert_some("enum", boolean.enum_values.clone());
            written.finish(walk, &boolean.meta, META)
        }
        SchemaNode::Array(array) => array_node(walk, array),
        SchemaNode::Object(object_node) => object(walk, object_node),
        SchemaNode::OneOf(one_of) => one_of_node(walk, one_of),
    }
}

fn string_node(walk: &mut Walk, node: &StringNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "string");
    written.insert_some("enum", node.enum_values.clone());
    written.drop_lengths(walk, node, PROVIDER.into());
    if let Some(pattern) = &node.pattern {
        if has_word_boundary(pattern.as_str()) {
            let code = ChangeCode::PatternRemoved;
            written.drop_constraint(walk, "pattern", pattern.as_str(), code, PROVIDER);
        } else {
            written.insert("pattern", pattern.as_str());
        }
    }
    written.finish(walk, &node.meta, META)
}

fn number_node(walk: &mut Walk, name: &str, node: &NumberNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", name);
    written.insert_some("enum", node.enum_values.clone());
    if let Some(min) = &node.minimum {
        let code = ChangeCode::MinimumRemoved;
        written.drop_constraint(walk, "minimum", min.clone(), code, PROVIDER);
    }
    if let Some(max) = &node.maximum {
        let code = ChangeCode::MaximumRemoved;
        written.drop_constraint(walk, "maximum", max.clone(), code, PROVIDER);
    }
    written.finish(walk, &node.meta, META)
}

fn array_node(walk: &mut Walk, node: &ArrayNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "array");
    let min_items = match node.min_items {
        Some(min) if min > 1 => {
            walk.change_at(
                "minItems",
                ChangeCode::MinItemsLowered,
                format!(
                    "`minItems` ({min}) lowered to 1: {PROVIDER} takes only 0 and 1; the bound \
                     is written into `description`, and the handler's `validate` still \
                     enforces it"
                ),
            );
            written.guide("minItems", &[Value::from(min)]);
            Some(1)
        }
        min => min,
    };
    if let Some(max) = node.max_items {
        written.drop_constraint(walk, "maxItems", max, ChangeCode::MaxItemsRemoved, PROVIDER);
    }
    if node.unique_items {
        written.drop_constraint(
            walk,
            "uniqueItems",
            true,
            ChangeCode::UniqueItemsRemoved,
            PROVIDER,
        );
    }
    let items = walk.within("items", |walk| self::node(walk, &node.items));
    written.insert_json("items", items);
    written.insert_some("minItems", min_items);
    written.finish(walk, &node.meta, META)
}

/// An object: closed; optional properties stay optional.
fn object(walk: &mut Walk, node: &ObjectNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "object");
    closed_object(walk, PROVIDER);
    let mut properties = Vec::with_capacity(node.properties.len());
    for property in &node.properties {
        let optional = !node.required.contains(&property.name);
        walk.tally.property(&property.name, optional);
        let value = walk.within_property(&property.name, |walk| self::node(walk, &property.node));
        properties.push((property.name.clone(), value));
    }
    written.insert_json("properties", OrderedJson::object(properties));
    written.insert("required", node.required.clone());
    written.insert("additionalProperties", false);
    written.finish(walk, &node.meta, META)
}

fn one_of_node(walk: &mut Walk, node: &OneOfNode) -> OrderedJson {
    let mut written = Written::new();
    walk.tally.union();
    let branches = any_of(walk, node, PROVIDER, |walk, branch| {
        self::node(walk, branch)
    });
    written.insert_json("anyOf", OrderedJson::array(branches));
    written.finish(walk, &node.meta, META)
}

/// Whether an ECMA-262 pattern asserts a word boundary (`\b` or `\B`
/// outside a character class; inside one, `[\b]` is a backspace).
/// Lookaround and backreferences, which Anthropic refuses too, cannot be
/// in a subset pattern at all.
fn has_word_boundary(source: &str) -> bool {
    let mut chars = source.chars();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('b' | 'B') if !in_class => return true,
                _ => {}
            },
            '[' => in_class = true,
            ']' => in_class = false,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::has_word_boundary;

    #[test]
    fn word_boundaries_are_found_outside_classes_only() {
        for pattern in [r"\bcat\b", r"^a\B", r"(x|\b)", r"[]\b]x"] {
            assert!(has_word_boundary(pattern), "{pattern}");
        }
        for pattern in [r"[\b]", r"\\b", r"^[a-z]+$", r"b"] {
            assert!(!has_word_boundary(pattern), "{pattern}");
        }
    }
}
