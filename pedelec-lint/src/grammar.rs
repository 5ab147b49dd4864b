//! `pedelec-lint --export gbnf|lark FILE`: the grammar a local engine
//! constrains decoding with, for the file's schema or its tool list, and
//! what the grammar does not hold exactly as notes.
//!
//! A bare schema or one tool definition gives the grammar of its arguments
//! (`ToolArgsSchema::grammar`); a list of tool definitions or a `tools/list`
//! result gives one grammar for a call to any of them
//! (`grammar_for_tools`), so that one tool cannot break the others'
//! grammar. A list of schemas without names has no tool names to write, and
//! is refused with a message that says so.

use pedelec_schema::{grammar_for_tools, GrammarFormat, ToolDefinition};
use serde_json::Value;

use crate::check::Checked;
use crate::definitions::tool_of;
use crate::notes::{self, Note, Unplaced};
use crate::schemas::read_schemas;

/// Where a change's pointer (into the grammar's schemas) is in the file.
type Place = Box<dyn Fn(&str) -> String>;

/// The grammar of the file's arguments, and its changes placed in the file.
pub fn export_grammar(
    checked: &Checked,
    format: GrammarFormat,
) -> Result<(String, Vec<Note>), String> {
    let (document, read) = read_schemas(checked)?;
    if read.is_empty() {
        return Err("the file holds no schema to write a grammar for".to_owned());
    }
    let single = read.len() == 1
        && !matches!(document, Value::Array(_))
        && crate::shapes::tools_list(&document).is_none();
    let (grammar, at): (_, Place) = if single {
        let site = read[0].pointer.clone();
        (
            read[0].schema.grammar(format),
            Box::new(move |pointer| format!("{site}{pointer}")),
        )
    } else {
        let mut tools = Vec::with_capacity(read.len());
        let pointers: Vec<String> = read.iter().map(|r| r.pointer.clone()).collect();
        for site in read {
            let (_, name) = tool_of(&document, &site.pointer).ok_or_else(|| {
                format!(
                    "the schema at {:?} has no tool name: a grammar for a list writes each call's name; give each schema a `name`, or export them one by one",
                    site.pointer
                )
            })?;
            let tool = ToolDefinition::new(name, site.schema)
                .map_err(|err| format!("the tool at {:?}: {err}", site.pointer))?;
            tools.push(tool);
        }
        // A change's pointer starts with its tool's index in the list.
        let at = move |pointer: &str| {
            let rest = pointer.strip_prefix('/').unwrap_or(pointer);
            let (index, rest) = rest.split_once('/').map_or((rest, ""), |(i, r)| (i, r));
            match index.parse::<usize>().ok().and_then(|i| pointers.get(i)) {
                Some(site) if rest.is_empty() => site.clone(),
                Some(site) => format!("{site}/{rest}"),
                None => String::new(),
            }
        };
        (grammar_for_tools(&tools, format), Box::new(at))
    };
    let changes = grammar
        .changes
        .iter()
        .map(|change| {
            let mut placed = Unplaced::change("", change);
            placed.pointer = at(&change.pointer);
            placed
        })
        .collect();
    Ok((grammar.text, notes::place(checked, changes)))
}
