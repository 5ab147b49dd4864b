//! The tool definitions around a file's schemas: which definition a schema
//! belongs to and its tool's name, and the definition's MCP `outputSchema`
//! read from its own text. `--export typescript` names its types with
//! them, `--export gbnf|lark` its calls, and `--export PROFILE --tools`
//! builds the library's `ToolDefinition`s from them.

use pedelec_schema::ToolArgsSchema;
use serde_json::Value;

use crate::check::Checked;
use crate::locate::locate_all;
use crate::words::plural;

/// The pointer of the tool definition whose schema is at `site`, and the
/// tool's name (the site's last token is the schema key, which needs no
/// escaping); `None` for a schema in no tool definition.
pub fn tool_of(document: &Value, site: &str) -> Option<(String, String)> {
    let (definition, _key) = site.rsplit_once('/')?;
    let name = document.pointer(definition)?.get("name")?.as_str()?;
    Some((definition.to_owned(), name.to_owned()))
}

/// The definition's MCP `outputSchema`, read from its own text so that its
/// properties keep the file's order: `None` where there is none, or why it
/// is left out.
pub fn output_schema(
    checked: &Checked,
    document: &Value,
    definition: &str,
) -> Option<Result<ToolArgsSchema, String>> {
    let pointer = format!("{definition}/outputSchema");
    document.pointer(&pointer)?;
    let Some(location) = locate_all(&checked.text, &[pointer.as_str()])
        .pop()
        .flatten()
        .filter(|location| location.exact)
    else {
        return Some(Err(
            "the outputSchema cannot be found in the text".to_owned()
        ));
    };
    Some(
        ToolArgsSchema::from_json_str(&checked.text[location.value]).map_err(|err| {
            let first = err.diagnostics().first();
            let more = err.diagnostics().len().saturating_sub(1);
            let more = match more {
                0 => String::new(),
                more => format!(", and {}", plural(more, "more error")),
            };
            format!(
                "the outputSchema is outside the subset ({}: {}{more})",
                first.map_or("", |d| d.pointer.as_str()),
                first.map_or("", |d| d.message.as_str()),
            )
        }),
    )
}
