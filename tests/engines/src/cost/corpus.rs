//! The schemas and texts the cost benchmark measures: every schema of the
//! conformance suite's accepted groups whose first valid object our
//! grammar writes, with that object; every real-world schema that converts
//! into the subset, with a valid text walked out of its own grammar; and
//! tool lists of real tools.
//!
//! A real-world schema comes with no arguments, so its text is a walk
//! through our grammar over single bytes (`oracle.rs`), kept only when
//! `validate` accepts it, and of several such walks the one whose bytes
//! are most often letters, digits and spaces, so that the text reads like
//! a model's rather than like random bytes. Every text is written compact,
//! as serde_json writes it, when `validate` accepts that spelling too.

use std::sync::OnceLock;

use pedelec_schema::{convert, GrammarFormat, ToolArgsSchema, ToolDefinition};
use pedelec_testdata::{accepted, realworld, realworld_more};
use serde_json::Value;

use crate::oracle::{Oracle, Rng};

/// A schema, its Lark grammar and a valid text of its arguments.
pub struct Case {
    /// Where it comes from: the conformance group or the real tool.
    pub name: String,
    pub schema: ToolArgsSchema,
    pub lark: String,
    pub text: String,
}

/// Walks tried per real-world schema.
const WALKS: usize = 24;

/// Every case, conformance groups first, in a fixed order.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for group in accepted() {
        let Ok(schema) = ToolArgsSchema::from_value(&group.schema) else {
            continue;
        };
        let valid = group
            .tests
            .iter()
            .find(|test| test.valid && test.data.is_object());
        let Some(text) = valid.map(|test| test.data.to_string()) else {
            continue;
        };
        let lark = schema.grammar(GrammarFormat::Lark).text;
        // A value our grammar does not write (an integer in exponent
        // form, the grammar's documented narrowing) is no text to time.
        if Oracle::lark(&lark).is_ok_and(|oracle| oracle.accepts(&text)) {
            out.push(Case {
                name: format!("conformance: {}", group.description),
                schema,
                lark,
                text,
            });
        }
    }
    let mut rng = Rng::new(2026);
    for (schema, name) in real_tools() {
        let lark = schema.grammar(GrammarFormat::Lark).text;
        if let Some(text) = plain_text(schema, &lark, &mut rng) {
            out.push(Case {
                name: format!("real-world: {name}"),
                schema: schema.clone(),
                lark,
                text,
            });
        }
    }
    out
}

/// Every real-world schema that converts, with its file and tool name;
/// converted once.
pub fn real_tools() -> &'static [(ToolArgsSchema, String)] {
    static TOOLS: OnceLock<Vec<(ToolArgsSchema, String)>> = OnceLock::new();
    TOOLS.get_or_init(|| {
        realworld()
            .into_iter()
            .chain(realworld_more())
            .flat_map(|(file, schemas)| {
                schemas.into_iter().filter_map(move |source| {
                    let converted = convert(&source.schema).ok()?;
                    Some((converted.schema, format!("{file} {}", source.tool)))
                })
            })
            .collect()
    })
}

/// `count` real tools for one grammar: the converted real-world schemas
/// in turn, each later round with its property names and tool name given
/// a suffix, so that no two tools share a grammar (a repeated schema
/// would be one set of rules, and cost the engine nothing more).
pub fn tool_list(count: usize) -> Vec<ToolDefinition> {
    let tools = real_tools();
    (0..count)
        .map(|index| {
            let (schema, _) = &tools[index % tools.len()];
            let round = index / tools.len();
            let mut value = schema.to_value();
            if round > 0 {
                rename_properties(&mut value, &format!("_{round}"));
            }
            let schema = ToolArgsSchema::from_value(&value).expect("renamed properties parse");
            ToolDefinition::new(format!("tool_{index}"), schema).expect("a plain tool name")
        })
        .collect()
}

/// Appends `suffix` to every property name (and `required` entry) in the
/// schema, at any depth.
fn rename_properties(value: &mut Value, suffix: &str) {
    let Value::Object(map) = value else {
        if let Value::Array(items) = value {
            items
                .iter_mut()
                .for_each(|item| rename_properties(item, suffix));
        }
        return;
    };
    if let Some(Value::Object(properties)) = map.get_mut("properties") {
        let renamed = std::mem::take(properties)
            .into_iter()
            .map(|(name, node)| (format!("{name}{suffix}"), node))
            .collect();
        *properties = renamed;
    }
    if let Some(Value::Array(required)) = map.get_mut("required") {
        for name in required.iter_mut() {
            if let Value::String(name) = name {
                name.push_str(suffix);
            }
        }
    }
    for (key, child) in map.iter_mut() {
        if key != "required" && key != "enum" && key != "default" && key != "examples" {
            rename_properties(child, suffix);
        }
    }
}

/// A valid text of `schema` walked out of its Lark grammar `lark`, the
/// plainest of [`WALKS`] walks; `None` when no walk gave a valid text.
fn plain_text(schema: &ToolArgsSchema, lark: &str, rng: &mut Rng) -> Option<String> {
    let oracle = Oracle::lark(lark).ok()?;
    let plainness = |text: &str| {
        let plain = text
            .bytes()
            .filter(|b| b.is_ascii_alphanumeric() || *b == b' ')
            .count();
        plain as f64 / text.len().max(1) as f64
    };
    (0..WALKS)
        .filter_map(|_| oracle.sample(rng, 600))
        .filter_map(|bytes| String::from_utf8(bytes).ok())
        .filter(|text| schema.validate_str(text).is_ok())
        .map(|text| {
            let compact = serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|value| serde_json::to_string(&value).ok())
                .filter(|compact| schema.validate_str(compact).is_ok());
            compact.unwrap_or(text)
        })
        .max_by(|a, b| plainness(a).total_cmp(&plainness(b)))
}
