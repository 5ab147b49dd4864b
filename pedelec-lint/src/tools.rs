//! `pedelec-lint --export PROFILE --tools FILE`: the `tools` field of a
//! request to the provider, built from the file's tool definitions - one,
//! an array, an MCP `tools/list` result or JSON-RPC response - and what
//! changed as notes.
//!
//! The shapes are the library's: each definition is read into a
//! `ToolDefinition` (its `name`, `title`, `description`, its arguments'
//! schema read from its own text as every export reads it, its MCP
//! `outputSchema` and the four hints of its `annotations`), and
//! `ToolDefinition::export_all` writes the request's `tools`. What a
//! `ToolDefinition` does not hold (`_meta`, `icons`, another annotation)
//! is left out, with a note at its key. A file that holds anything but
//! tool definitions is refused before it is linted ([`refusal`]): there is
//! no tool to write for a bare schema.

use pedelec_schema::{ChangeCode, Effect, Profile, Severity, ToolAnnotations, ToolDefinition};
use serde_json::{Map, Value};

use crate::check::Checked;
use crate::definitions::{output_schema, tool_of};
use crate::notes::{self, Note, Unplaced};
use crate::pointer;
use crate::schemas::read_schemas;
use crate::shapes::{self, SCHEMA_KEYS};
use crate::words::printable;

/// What `--tools` reads, for the message that refuses anything else.
const ACCEPTED: &str = "--tools reads tool definitions: one (an object with a string `name` and \
                        `inputSchema`, `input_schema`, `argsSchema` or `parameters`), an array \
                        of them, or an MCP tools/list result ({\"tools\": [...]})";

/// The keys of a definition that a `ToolDefinition` holds, besides its
/// arguments' schema, or that a tool shape writes itself (`type`,
/// `strict`): no note when they go.
const HELD: [&str; 7] = [
    "name",
    "title",
    "description",
    "outputSchema",
    "annotations",
    "type",
    "strict",
];

/// Why `document` (the file `name`) cannot be read with `--tools`: a
/// schema in it is in no tool definition, or a definition has two
/// arguments' schemas. `None` when every schema is a tool's.
pub fn refusal(document: &Value, name: &str) -> Option<String> {
    let mut definitions: Vec<String> = Vec::new();
    for site in shapes::schemas(document) {
        let Some((definition, _)) = tool_of(document, &site.pointer) else {
            let what = match site.pointer.as_str() {
                "" => format!("{} is a schema", printable(name)),
                at => format!("the element at {at} of {} is not one", printable(name)),
            };
            return Some(format!(
                "{ACCEPTED}; {what}: export a bare schema without --tools"
            ));
        };
        if definitions.contains(&definition) {
            return Some(format!(
                "{ACCEPTED}; the tool definition at {} of {} has more than one arguments' schema: \
                 keep one of `inputSchema`, `input_schema`, `argsSchema`, `parameters`",
                pointer::shown(&definition),
                printable(name)
            ));
        }
        definitions.push(definition);
    }
    None
}

/// The request's `tools` for `profile` (pretty-printed), and the changes
/// placed in the file.
pub fn export_tools(checked: &Checked, profile: Profile) -> Result<(String, Vec<Note>), String> {
    let (document, read) = read_schemas(checked)?;
    let mut tools = Vec::with_capacity(read.len());
    // Where each tool's definition and arguments' schema are in the file.
    let mut places = Vec::with_capacity(read.len());
    let mut unplaced = Vec::new();
    for site in read {
        let (definition, name) = tool_of(&document, &site.pointer)
            .ok_or_else(|| format!("the schema at {:?} is in no tool definition", site.pointer))?;
        let fields = document
            .pointer(&definition)
            .and_then(Value::as_object)
            .ok_or_else(|| format!("the tool definition at {definition:?} is not an object"))?;
        let mut tool = ToolDefinition::new(name, site.schema)
            .map_err(|err| format!("the tool at {definition:?}: {err}"))?;
        let text = |key: &str| fields.get(key).and_then(Value::as_str);
        if let Some(description) = text("description") {
            tool = tool.with_description(description);
        }
        if let Some(title) = text("title") {
            tool = tool.with_title(title);
        }
        match output_schema(checked, &document, &definition) {
            Some(Ok(output)) => tool = tool.with_output_schema(output),
            Some(Err(why)) => unplaced.push(left_out(
                format!("{definition}/outputSchema"),
                "output_schema_left_out",
                format!("{why}: the tool is written without it"),
            )),
            None => {}
        }
        if let Some(annotations) = annotations(fields, &definition, &mut unplaced) {
            tool = tool.with_annotations(annotations);
        }
        unplaced.extend(keys_left_out(fields, &definition));
        tools.push(tool);
        places.push((definition, site.pointer));
    }
    let exported = ToolDefinition::export_all(&tools, profile);
    for ((definition, site), tool) in places.iter().zip(&exported.each) {
        for change in &tool.changes {
            let mut note = Unplaced::change(site, change);
            if change.code == ChangeCode::ToolNameRefused {
                note.pointer = format!("{definition}/name");
            }
            unplaced.push(note);
        }
        let output = format!("{definition}/outputSchema");
        unplaced.extend(
            tool.output_changes
                .iter()
                .map(|change| Unplaced::change(&output, change)),
        );
    }
    Ok((
        format!("{:#}\n", exported.tools),
        notes::place(checked, unplaced),
    ))
}

/// MCP's four hints in the definition's `annotations`; every other
/// annotation, or a hint that is not a boolean, is left out with a note.
fn annotations(
    fields: &Map<String, Value>,
    definition: &str,
    unplaced: &mut Vec<Unplaced>,
) -> Option<ToolAnnotations> {
    let value = fields.get("annotations")?;
    let at = pointer::join(definition, "annotations");
    let Some(map) = value.as_object() else {
        unplaced.push(left_out(
            at,
            "tool_key_left_out",
            "`annotations` is left out: it is not an object of MCP's hints".to_owned(),
        ));
        return None;
    };
    let mut hints = ToolAnnotations::default();
    for (key, value) in map {
        let hint = match key.as_str() {
            "readOnlyHint" => &mut hints.read_only_hint,
            "destructiveHint" => &mut hints.destructive_hint,
            "idempotentHint" => &mut hints.idempotent_hint,
            "openWorldHint" => &mut hints.open_world_hint,
            _ => {
                unplaced.push(left_out(
                    pointer::join(&at, key),
                    "tool_key_left_out",
                    format!(
                        "the annotation `{}` is left out: a tool definition holds MCP's four \
                         hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint), \
                         and no other annotation",
                        printable(key)
                    ),
                ));
                continue;
            }
        };
        match value.as_bool() {
            Some(flag) => *hint = Some(flag),
            None => unplaced.push(left_out(
                pointer::join(&at, key),
                "tool_key_left_out",
                format!("the hint `{key}` is left out: it is not a boolean"),
            )),
        }
    }
    Some(hints)
}

/// A note for each key of the definition that no tool definition holds
/// (`_meta`, `icons`, ...), and for a `title` or `description` that is not
/// a string.
fn keys_left_out(fields: &Map<String, Value>, definition: &str) -> Vec<Unplaced> {
    let mut unplaced = Vec::new();
    for (key, value) in fields {
        let held = SCHEMA_KEYS.contains(&key.as_str()) || HELD.contains(&key.as_str());
        let text = matches!(key.as_str(), "title" | "description");
        let message = if !held {
            format!(
                "`{}` is left out: a tool definition holds a name, a title, a description, the \
                 schemas of the arguments and of the result, and MCP's annotation hints",
                printable(key)
            )
        } else if text && !value.is_string() {
            format!("`{key}` is left out: it is not a string")
        } else {
            continue;
        };
        unplaced.push(left_out(
            pointer::join(definition, key),
            "tool_key_left_out",
            message,
        ));
    }
    unplaced
}

/// A note that something of the file is not in the request's tools:
/// `lossless`, as the library's `output_schema_omitted` is, since no
/// argument the tool takes changes.
fn left_out(pointer: String, code: &'static str, message: String) -> Unplaced {
    Unplaced {
        pointer,
        severity: Severity::Note,
        effect: Some(Effect::Lossless),
        code,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_tool_definitions_are_read() {
        let tool = json!({"name": "a", "inputSchema": {"type": "object"}});
        for accepted in [
            tool.clone(),
            json!([tool.clone(), {"type": "function", "function": {"name": "b", "parameters": {}}}]),
            json!({"tools": [tool.clone()], "nextCursor": null}),
            json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [tool.clone()]}}),
            json!([]),
        ] {
            assert_eq!(refusal(&accepted, "f"), None, "{accepted}");
        }
        let schema = refusal(&json!({"type": "object"}), "f").unwrap();
        assert!(schema.starts_with(ACCEPTED), "{schema}");
        assert!(schema.ends_with("; f is a schema: export a bare schema without --tools"));
        let element = refusal(&json!({"tools": [tool, {"type": "object"}]}), "f").unwrap();
        assert!(element.contains("the element at /tools/1 of f is not one"));
        let lost = refusal(&json!([{"name": "a", "inputSchem": {}}]), "f").unwrap();
        assert!(lost.contains("the element at /0 of f is not one"));
        let two = json!({"name": "a", "inputSchema": {}, "parameters": {}});
        assert!(refusal(&two, "f")
            .unwrap()
            .contains("the tool definition at (root) of f has more than one"));
    }
}
