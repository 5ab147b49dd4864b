//! The export to local constrained-decoding engines, which compile a JSON
//! Schema into a grammar or a regex and mask the model's tokens with it:
//! one walk, shared, driven by each engine's [`Rules`] (one file each:
//! `llguidance.rs`, `xgrammar.rs`, `outlines.rs`, `llama_cpp.rs`).
//!
//! What every engine gets: `oneOf` as `anyOf` (none enforces "exactly
//! one"), no `uniqueItems` (none enforces it), and patterns respelled
//! (`pattern.rs`) so that the engine's regex dialect reads ECMA-262's
//! meaning. What differs is in [`Rules`]. Objects stay open and optional
//! properties optional: the engines read JSON Schema's own keywords, so
//! nothing is added that `normalize` would have to undo.

mod llama_cpp;
mod llguidance;
mod outlines;
mod pattern;
mod xgrammar;

pub(super) use llama_cpp::export as llama_cpp;
pub(super) use llguidance::export as llguidance;
pub(super) use outlines::export as outlines;
pub(super) use xgrammar::export as xgrammar;

use super::emit::{any_of, Examples, MetaRules, Walk, Written};
use super::Exported;
use crate::change::ChangeCode;
use crate::json::OrderedJson;
use crate::schema::{ArrayNode, NumberNode, ObjectNode, OneOfNode, SchemaNode, StringNode};
use pattern::Refusal;

/// What one engine does with the subset, as the walk needs it.
struct Rules {
    /// The engine, as change messages name it.
    name: &'static str,
    /// Whether the engine matches a `pattern` against the whole string
    /// rather than searching for it.
    full_match: bool,
    /// Whether the engine enforces `minLength` and `maxLength` beside a
    /// `pattern` (some let one of them win and ignore the other).
    lengths_beside_pattern: bool,
    /// Whether `minimum` and `maximum` are enforced on `integer` nodes...
    integer_bounds: bool,
    /// ...and on `number` nodes.
    number_bounds: bool,
    /// A count (`minLength`, `maxLength`, `minItems`, `maxItems`, a
    /// pattern's `{n,m}`) at or above which the engine's grammar fails.
    max_count: Option<u64>,
}

/// Engines ignore annotations, which JSON Schema allows anywhere: they stay.
fn meta(rules: &Rules) -> MetaRules {
    MetaRules {
        provider: rules.name,
        keep_default: true,
        examples: Examples::Keep,
    }
}

/// `root` written for the engine `rules` describes.
fn export(root: &ObjectNode, rules: &Rules) -> Exported {
    let mut walk = Walk::new();
    let schema = object(&mut walk, root, rules);
    // The engines document no size limits of their own; llama.cpp's count
    // limit is a rule of the walk.
    walk.finish(schema, |_| Vec::new())
}

fn node(walk: &mut Walk, node: &SchemaNode, rules: &Rules) -> OrderedJson {
    match node {
        SchemaNode::String(string) => string_node(walk, string, rules),
        SchemaNode::Number(number) => {
            number_node(walk, "number", number, rules.number_bounds, rules)
        }
        SchemaNode::Integer(number) => {
            number_node(walk, "integer", number, rules.integer_bounds, rules)
        }
        SchemaNode::Boolean(boolean) => {
            let mut written = Written::new();
            written.insert("type", "boolean");
            written.insert_some("enum", boolean.enum_values.clone());
            written.finish(walk, &boolean.meta, meta(rules))
        }
        SchemaNode::Array(array) => array_node(walk, array, rules),
        SchemaNode::Object(object_node) => object(walk, object_node, rules),
        SchemaNode::OneOf(one_of) => one_of_node(walk, one_of, rules),
    }
}

/// Whether `count` reaches the engine's count limit.
fn too_many(rules: &Rules, count: u64) -> bool {
    rules.max_count.is_some_and(|limit| count >= limit)
}

fn string_node(walk: &mut Walk, node: &StringNode, rules: &Rules) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "string");
    written.insert_some("enum", node.enum_values.clone());
    let pattern = node.pattern.as_ref().map(|p| p.as_str());
    let lengths_kept = pattern.is_none() || rules.lengths_beside_pattern;
    let lengths = [
        ("minLength", node.min_length, ChangeCode::MinLengthRemoved),
        ("maxLength", node.max_length, ChangeCode::MaxLengthRemoved),
    ];
    for (keyword, value, code) in lengths {
        let Some(value) = value else { continue };
        if lengths_kept && !too_many(rules, value) {
            written.insert(keyword, value);
        } else {
            let why = if lengths_kept {
                "its grammar refuses a count this large, which breaks every tool of the request"
            } else {
                "it ignores a length beside a `pattern`"
            };
            let name = format!("{} ({why})", rules.name);
            written.drop_constraint(walk, keyword, value, code, &name);
        }
    }
    if let Some(source) = pattern {
        self::pattern(walk, &mut written, source, rules);
    }
    written.finish(walk, &node.meta, meta(rules))
}

/// Writes `source` as the engine reads it, or removes it.
fn pattern(walk: &mut Walk, written: &mut Written, source: &str, rules: &Rules) {
    let engine = rules.name;
    match pattern::respell(source, rules.full_match, rules.max_count) {
        Ok(respelled) => {
            if respelled.respelled {
                walk.change_at(
                    "pattern",
                    ChangeCode::PatternRespelled,
                    format!(
                        "`pattern` respelled: `\\d`, `\\w`, `\\s`, `.` and `\\/` written as the \
                         characters ECMA-262 gives them, which {engine} reads with the same \
                         meaning"
                    ),
                );
            }
            if respelled.anchored {
                walk.change_at(
                    "pattern",
                    ChangeCode::PatternAnchored,
                    format!(
                        "`pattern` anchored, with any characters around it: {engine} matches \
                         a pattern against the whole string, JSON Schema searches for it"
                    ),
                );
            }
            written.insert("pattern", respelled.text);
        }
        Err(refusal) => {
            let why = match refusal {
                Refusal::InnerAnchor => {
                    "it matches whole strings and misreads a `^` or `$` inside the pattern"
                        .to_owned()
                }
                Refusal::WordBoundary => {
                    "its automaton has no ECMA-262 word boundary (`\\b`, `\\B`)".to_owned()
                }
                Refusal::LongRepetition(count) => format!(
                    "its grammar refuses the count {count}, which breaks every tool of the \
                     request"
                ),
            };
            let name = format!("{engine} ({why})");
            let code = ChangeCode::EnginePatternRemoved;
            written.drop_constraint(walk, "pattern", source, code, &name);
        }
    }
}

fn number_node(
    walk: &mut Walk,
    name: &str,
    node: &NumberNode,
    bounds: bool,
    rules: &Rules,
) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", name);
    written.insert_some("enum", node.enum_values.clone());
    let engine = format!("{} (on `{name}`)", rules.name);
    for (keyword, value, code) in [
        ("minimum", &node.minimum, ChangeCode::MinimumRemoved),
        ("maximum", &node.maximum, ChangeCode::MaximumRemoved),
    ] {
        let Some(value) = value else { continue };
        if bounds {
            written.insert(keyword, value.clone());
        } else {
            written.drop_constraint(walk, keyword, value.clone(), code, &engine);
        }
    }
    written.finish(walk, &node.meta, meta(rules))
}

fn array_node(walk: &mut Walk, node: &ArrayNode, rules: &Rules) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "array");
    if node.unique_items {
        let code = ChangeCode::UniqueItemsRemoved;
        written.drop_constraint(walk, "uniqueItems", true, code, rules.name);
    }
    let items = walk.within("items", |walk| self::node(walk, &node.items, rules));
    written.insert_json("items", items);
    let counts = [
        ("minItems", node.min_items, ChangeCode::MinItemsRemoved),
        ("maxItems", node.max_items, ChangeCode::MaxItemsRemoved),
    ];
    for (keyword, value, code) in counts {
        let Some(value) = value else { continue };
        if too_many(rules, value) {
            let name = format!(
                "{} (its grammar refuses a count this large, which breaks every tool of the \
                 request)",
                rules.name
            );
            written.drop_constraint(walk, keyword, value, code, &name);
        } else {
            written.insert(keyword, value);
        }
    }
    written.finish(walk, &node.meta, meta(rules))
}

/// An object as it is: open, with its own `required`.
fn object(walk: &mut Walk, node: &ObjectNode, rules: &Rules) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "object");
    let mut properties = Vec::with_capacity(node.properties.len());
    for property in &node.properties {
        let value = walk.within_property(&property.name, |walk| {
            self::node(walk, &property.node, rules)
        });
        properties.push((property.name.clone(), value));
    }
    written.insert_json("properties", OrderedJson::object(properties));
    written.insert("required", node.required.clone());
    written.finish(walk, &node.meta, meta(rules))
}

fn one_of_node(walk: &mut Walk, node: &OneOfNode, rules: &Rules) -> OrderedJson {
    let mut written = Written::new();
    let branches = any_of(walk, node, rules.name, |walk, branch| {
        self::node(walk, branch, rules)
    });
    written.insert_json("anyOf", OrderedJson::array(branches));
    written.finish(walk, &node.meta, meta(rules))
}
