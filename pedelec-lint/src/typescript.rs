//! `pedelec-lint --export typescript FILE`: TypeScript declarations of the
//! file's arguments, so that `pedelec-lint --export typescript tools.json >
//! tools.d.ts` gives a TypeScript project its argument types.
//!
//! A bare schema is `export type Args = {...}` (`ToolArgsSchema::typescript`).
//! Tool definitions - one, a list, a `tools/list` result - are written by
//! `typescript_for_tools`: a `<PascalCase name>Args` type per tool, a
//! `<PascalCase name>Result` type where the definition has an MCP
//! `outputSchema` inside the subset, and the code-mode `declare const
//! tools`. An output schema outside the subset leaves its tool without a
//! result type, with a note at the schema on standard error. A list whose
//! elements are not all tool definitions has no names to give the types,
//! and is refused with a message that says so, as a grammar for a list is.

use pedelec_schema::{typescript_for_tools, Severity, ToolDefinition};
use serde_json::Value;

use crate::check::Checked;
use crate::definitions::{output_schema, tool_of};
use crate::notes::{self, Note, Unplaced};
use crate::schemas::read_schemas;

/// The declarations of the file's arguments, and a note for each output
/// schema left out.
pub fn export_typescript(checked: &Checked) -> Result<(String, Vec<Note>), String> {
    let (document, read) = read_schemas(checked)?;
    if read.is_empty() {
        return Err("the file holds no schema to declare a type for".to_owned());
    }
    let names: Vec<Option<(String, String)>> = read
        .iter()
        .map(|site| tool_of(&document, &site.pointer))
        .collect();
    if names.iter().all(Option::is_none) && read.len() == 1 {
        return Ok((read[0].schema.typescript("Args"), Vec::new()));
    }
    let mut tools = Vec::with_capacity(read.len());
    let mut left_out = Vec::new();
    for (site, name) in read.into_iter().zip(names) {
        let Some((definition, name)) = name else {
            return Err(format!(
                "the schema at {:?} has no tool name: declarations for a list name each type after its tool; give each schema a `name`, or export them one by one",
                site.pointer
            ));
        };
        let mut tool = ToolDefinition::new(name, site.schema)
            .map_err(|err| format!("the tool at {definition:?}: {err}"))?;
        if let Some(description) = document
            .pointer(&definition)
            .and_then(|d| d.get("description"))
            .and_then(Value::as_str)
        {
            tool = tool.with_description(description);
        }
        match output_schema(checked, &document, &definition) {
            Some(Ok(output)) => tool = tool.with_output_schema(output),
            Some(Err(why)) => left_out.push(Unplaced {
                pointer: format!("{definition}/outputSchema"),
                severity: Severity::Note,
                effect: None,
                code: "output_schema_left_out",
                message: format!("{why}: the tool is declared without a result type"),
            }),
            None => {}
        }
        tools.push(tool);
    }
    Ok((
        typescript_for_tools(&tools),
        notes::place(checked, left_out),
    ))
}
