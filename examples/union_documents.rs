//! What a model is told when a call fails a union: six calls against
//! tagged and untagged `oneOf`s, each printed with its document's size in
//! bytes and the document itself (long ones cut for the screen).
//!
//! ```sh
//! cargo run --example union_documents
//! ```

use pedelec_schema::ToolArgsSchema;
use serde_json::{json, Value};

/// How much of a long document is printed.
const SHOWN: usize = 1_200;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let tagged = tagged_union();
    show(
        "a tagged union, only `f0` missing",
        &tagged,
        &json!({"action": {"kind": "move"}}),
    )?;
    show(
        "a tagged union, a `kind` no branch takes",
        &tagged,
        &json!({"action": {"kind": "fly", "f0": 1}}),
    )?;
    show(
        "a tagged union, a number for the object",
        &tagged,
        &json!({"action": 3}),
    )?;
    let shapes = nested_shapes();
    let items: Vec<Value> = (0..50)
        .map(|i| json!({"shape": {"x": "left", "y": i}}))
        .collect();
    show(
        "50 wrong items of a small nested union",
        &shapes,
        &json!({"items": items}),
    )?;
    let wide = number_told_union(64, 8);
    show(
        "a 64 x 8 nested union, one 40-byte call",
        &wide,
        &json!({"a": {"k": 21, "s": "aaaaaaaaaaaaaaaaaaaay"}}),
    )?;
    for (n, m) in [(256, 16), (256, 256)] {
        let wide = untagged_union(n, m);
        show(
            &format!("an untagged {n} x {m} nested union, a hostile call"),
            &wide,
            &json!({"a": {"s": "b", "t": true}}),
        )?;
    }
    Ok(())
}

/// `action`: one of six shapes told apart by `kind`, each with a required
/// integer `f0`.
fn tagged_union() -> ToolArgsSchema {
    let branches: Vec<Value> = ["move", "resize", "rotate", "scale", "delete", "copy"]
        .iter()
        .map(|kind| {
            json!({
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "enum": [kind]},
                    "f0": {"type": "integer"}
                },
                "required": ["kind", "f0"]
            })
        })
        .collect();
    schema(json!({"action": {"oneOf": branches}}))
}

/// `items`: shapes, each a point, a circle or a label, with no tag; a
/// circle's centre is a point or a name.
fn nested_shapes() -> ToolArgsSchema {
    let point = json!({
        "type": "object",
        "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
        "required": ["x", "y"]
    });
    let circle = json!({
        "type": "object",
        "properties": {
            "r": {"type": "number"},
            "centre": {"oneOf": [point.clone(), {"type": "string"}]}
        },
        "required": ["r", "centre"]
    });
    let label = json!({
        "type": "object",
        "properties": {"text": {"type": "string"}},
        "required": ["text"]
    });
    let item = json!({
        "type": "object",
        "properties": {"shape": {"oneOf": [point, circle, label]}},
        "required": ["shape"]
    });
    schema(json!({"items": {"type": "array", "items": item}}))
}

/// `a`: one of `n` objects told apart by a number `k` fixed to the
/// branch's index, each with an `s` that is one of `m` strings with
/// patterns no two share.
fn number_told_union(n: usize, m: usize) -> ToolArgsSchema {
    let branches: Vec<Value> = (0..n)
        .map(|i| {
            json!({
                "type": "object",
                "properties": {"k": {"type": "integer", "minimum": i, "maximum": i}, "s": strings(m)},
                "required": ["k", "s"]
            })
        })
        .collect();
    schema(json!({"a": {"oneOf": branches}}))
}

/// `a`: one of `n` objects with nothing to tell them apart but an `s`
/// that is one of `m` strings (each branch's patterns its own).
fn untagged_union(n: usize, m: usize) -> ToolArgsSchema {
    let branches: Vec<Value> = (0..n)
        .map(|i| {
            let s: Vec<Value> = (0..m)
                .map(|j| json!({"type": "string", "pattern": format!("^{i}-{j}$")}))
                .collect();
            json!({
                "type": "object",
                "properties": {"s": {"oneOf": s}, "t": {"type": "string"}},
                "required": ["s"]
            })
        })
        .collect();
    schema(json!({"a": {"oneOf": branches}}))
}

/// `m` strings with patterns no two share: `^a{j}x$`.
fn strings(m: usize) -> Value {
    let branches: Vec<Value> = (0..m)
        .map(|j| json!({"type": "string", "pattern": format!("^a{{{j}}}x$")}))
        .collect();
    json!({"oneOf": branches})
}

fn schema(properties: Value) -> ToolArgsSchema {
    let names: Vec<&String> = properties
        .as_object()
        .map(|p| p.keys().collect())
        .unwrap_or_default();
    ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": properties,
        "required": names
    }))
    .expect("a schema of the subset")
}

fn show(
    title: &str,
    schema: &ToolArgsSchema,
    call: &Value,
) -> Result<(), Box<dyn std::error::Error>> {
    let call_text = serde_json::to_string(call)?;
    let Err(errors) = schema.validate(call) else {
        return Err(format!("{title}: the call passed").into());
    };
    let document = errors.to_response().to_string();
    println!("## {title}");
    println!("call ({} bytes): {}", call_text.len(), cut(&call_text));
    let failures = match errors.len() {
        1 => "1 failure".to_owned(),
        n => format!("{n} failures"),
    };
    println!(
        "document ({} bytes, {failures}): {}\n",
        document.len(),
        cut(&document)
    );
    Ok(())
}

/// The first [`SHOWN`] bytes of `text`, at a character's boundary.
fn cut(text: &str) -> String {
    if text.len() <= SHOWN {
        return text.to_owned();
    }
    let end = (0..=SHOWN)
        .rev()
        .find(|&at| text.is_char_boundary(at))
        .unwrap_or(0);
    format!("{} [... {} bytes more]", &text[..end], text.len() - end)
}
