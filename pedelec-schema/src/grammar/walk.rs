//! The structure of a JSON value, from the model: objects with their
//! properties in order, arrays with their counts, `oneOf` as alternation,
//! booleans, and the bounded whitespace between tokens. The leaves that
//! need more than that - strings and patterns (`string.rs`), numbers
//! (`number.rs`) - have their own files.

use super::build::Build;
use super::expr::{CharSet, Expr};
use super::{number, string, GrammarFormat, MAX_WHITESPACE};
use crate::change::ChangeCode;
use crate::schema::{ArrayNode, BooleanNode, ObjectNode, OneOfNode, SchemaNode};
use crate::validate::pairwise_disjoint;

/// The whitespace the grammar allows between two tokens: a rule that may be
/// empty, around a lexeme that may not (an empty lexeme is no token).
pub(crate) fn ws(cx: &mut Build) -> Expr {
    let run = cx.lexeme(
        "space",
        Expr::repeat(json_whitespace(), 1, Some(MAX_WHITESPACE)),
    );
    let ws = cx.rule("ws", Expr::optional(run));
    if let Expr::Ref(id) = ws {
        cx.rules.set_whitespace(id);
    }
    ws
}

/// The whitespace after the last token: none in Lark, whose whitespace
/// is the engine's skip, which comes only before a token (as in
/// llguidance's own JSON grammar; a run the model could end on costs a
/// mask over every whitespace token at the end); GBNF has the same rule as
/// between tokens.
pub(crate) fn trailing_ws(ws: &Expr, cx: &Build) -> Expr {
    match cx.format {
        GrammarFormat::Lark => Expr::empty(),
        GrammarFormat::Gbnf => ws.clone(),
    }
}

/// One of JSON's four whitespace characters.
pub(crate) fn json_whitespace() -> Expr {
    Expr::class(CharSet::from_ranges([
        (' ', ' '),
        ('\t', '\t'),
        ('\n', '\n'),
        ('\r', '\r'),
    ]))
}

/// The JSON text of a value `node` accepts.
pub(crate) fn value(node: &SchemaNode, cx: &mut Build) -> Expr {
    match node {
        SchemaNode::String(string) => string::string(string, cx),
        SchemaNode::Integer(integer) => number::integer(integer, cx),
        SchemaNode::Number(number) => number::number(number, cx),
        SchemaNode::Boolean(boolean) => boolean_value(boolean, cx),
        SchemaNode::Array(array) => array_value(array, cx),
        SchemaNode::Object(object) => object_value(object, cx),
        SchemaNode::OneOf(one_of) => one_of_value(one_of, cx),
    }
}

fn boolean_value(node: &BooleanNode, cx: &mut Build) -> Expr {
    let body = match &node.enum_values {
        Some(values) => Expr::alt(
            values
                .iter()
                .map(|&b| Expr::text(if b { "true" } else { "false" })),
        ),
        None => Expr::alt([Expr::text("true"), Expr::text("false")]),
    };
    cx.lexeme("boolean", body)
}

/// `{`, the properties in the schema's order - each optional one may be
/// left out, a required one may not - then `}`.
///
/// Linear in the number of properties: `first[i]` is the rest of an object
/// in which nothing is written yet and property `i` comes next, `then[i]`
/// the rest once something is, so each present property after the first
/// brings its comma. Every text has one derivation, which keeps an Earley
/// engine's work small.
pub(crate) fn object_value(node: &ObjectNode, cx: &mut Build) -> Expr {
    let ws = ws(cx);
    // `validate` takes properties the schema does not name; a model under
    // the grammar writes none, so every object narrows, empty ones too.
    let names: Vec<String> = node
        .properties
        .iter()
        .map(|p| format!("`{}`", p.name))
        .collect();
    let message = match names.len() {
        0 => "the grammar writes this object empty: no property the schema does not name".to_owned(),
        1 => format!("the grammar writes only the property {}, at most once", names[0]),
        _ => format!(
            "the grammar writes the properties in the schema's order ({}), each at most once, and no others",
            names.join(", ")
        ),
    };
    cx.change(ChangeCode::GrammarObjectShape, None, message);
    let members: Vec<(Expr, bool)> = node
        .properties
        .iter()
        .map(|property| {
            let value = cx.at(&["properties", &property.name], |cx| {
                value(&property.node, cx)
            });
            let key = serde_json::to_string(&property.name).expect("a string serializes");
            let member = Expr::seq([
                Expr::text(key),
                ws.clone(),
                Expr::text(":"),
                ws.clone(),
                value,
                ws.clone(),
            ]);
            (member, node.required.contains(&property.name))
        })
        .collect();
    let mut first = Expr::empty();
    let mut then = Expr::empty();
    for (member, required) in members.into_iter().rev() {
        let with_comma = Expr::seq([Expr::text(","), ws.clone(), member.clone()]);
        let (next_first, next_then) = if required {
            (
                Expr::seq([member, then.clone()]),
                Expr::seq([with_comma, then]),
            )
        } else {
            (
                Expr::alt([Expr::seq([member, then.clone()]), first]),
                Expr::alt([Expr::seq([with_comma, then.clone()]), then]),
            )
        };
        first = name_if_large(cx, "object-rest", next_first);
        then = name_if_large(cx, "object-more", next_then);
    }
    cx.rule(
        "object",
        Expr::seq([Expr::text("{"), ws, first, Expr::text("}")]),
    )
}

/// An expression worth a rule of its own: one that would otherwise be
/// copied into every alternative that continues with it.
fn name_if_large(cx: &mut Build, hint: &str, expr: Expr) -> Expr {
    match expr {
        Expr::Text(_) | Expr::Ref(_) => expr,
        other => cx.rule(hint, other),
    }
}

/// `[`, `minItems` to `maxItems` items separated by commas, then `]`.
pub(crate) fn array_value(node: &ArrayNode, cx: &mut Build) -> Expr {
    let ws = ws(cx);
    if node.unique_items {
        cx.change(
            ChangeCode::GrammarUniqueItemsUnenforced,
            Some("uniqueItems"),
            "no context-free grammar can hold `uniqueItems`; the grammar lets an item repeat, and `validate` refuses it",
        );
    }
    let item = cx.at(&["items"], |cx| value(&node.items, cx));
    // A count beyond u32::MAX is none a model can write; `minItems` that
    // large accepts nothing, `maxItems` that large limits nothing.
    let min = u32::try_from(node.min_items.unwrap_or(0)).ok();
    let max = node.max_items.and_then(|max| u32::try_from(max).ok());
    let body = match min {
        None => Expr::nothing(),
        Some(_) if max == Some(0) => Expr::empty(),
        Some(min) => {
            let more = Expr::seq([Expr::text(","), ws.clone(), item.clone(), ws.clone()]);
            let items = Expr::seq([
                item,
                ws.clone(),
                Expr::repeat(more, min.saturating_sub(1), max.map(|max| max - 1)),
            ]);
            if min == 0 {
                Expr::optional(items)
            } else {
                items
            }
        }
    };
    cx.rule(
        "array",
        Expr::seq([Expr::text("["), ws, body, Expr::text("]")]),
    )
}

/// One branch's text. Exact when no value passes two branches (then one
/// branch passing is exactly `oneOf` passing); otherwise wider, and said.
fn one_of_value(node: &OneOfNode, cx: &mut Build) -> Expr {
    if !pairwise_disjoint(&node.branches) {
        cx.change(
            ChangeCode::GrammarOneOfOverlap,
            Some("oneOf"),
            "the branches are not provably disjoint: the grammar takes a value any branch accepts, and `validate` refuses one that two accept",
        );
    }
    let branches: Vec<Expr> = node
        .branches
        .iter()
        .enumerate()
        .map(|(i, branch)| cx.at(&["oneOf", &i.to_string()], |cx| value(branch, cx)))
        .collect();
    cx.rule("one-of", Expr::alt(branches))
}
