//! Which schemas a file holds.
//!
//! Schemas rarely live alone: an MCP server lists its tools with their
//! `inputSchema`, Anthropic's API calls it `input_schema`, OpenAI's
//! `parameters`, Pedelec's `argsSchema`. The command accepts each of these
//! shapes and lints every schema it finds, with pointers relative to the
//! file:
//!
//! - a **tool definition**: an object with a string `name` and at least one
//!   of `inputSchema`, `input_schema`, `argsSchema`, `parameters`; each of
//!   those keys present is linted. OpenAI's chat-completions wrapper
//!   `{"type": "function", "function": {tool definition}}` counts too;
//! - a **list**: an array, the `tools` array of an MCP `tools/list` result
//!   (`{"tools": [...]}`), or of a whole JSON-RPC response
//!   (`{"result": {"tools": [...]}}`). Each element that is a tool
//!   definition has its schema linted; any other element is linted as a
//!   schema itself, so a list of bare schemas works and a tool definition
//!   that lost its schema key is reported, not skipped;
//! - anything else is linted as **one schema**. A file that is not a schema
//!   at all (a number, a config file) then gets the schema's root errors,
//!   which say what was expected.

use crate::pointer;
use serde_json::{Map, Value};

/// The keys under which a tool definition holds its arguments' schema.
pub const SCHEMA_KEYS: [&str; 4] = ["inputSchema", "input_schema", "argsSchema", "parameters"];

/// A schema found in a file.
#[derive(Debug, PartialEq)]
pub struct Site<'v> {
    /// Where the schema is in the file (a JSON Pointer; `""` for the whole
    /// file).
    pub pointer: String,
    /// The schema.
    pub schema: &'v Value,
}

/// Every schema in `document`, in document order.
pub fn schemas(document: &Value) -> Vec<Site<'_>> {
    let mut sites = Vec::new();
    if let Value::Array(items) = document {
        list(items, "", &mut sites);
    } else if let Some((at, items)) = tools_list(document) {
        list(items, at, &mut sites);
    } else if !tool(document, "", &mut sites) {
        sites.push(Site {
            pointer: String::new(),
            schema: document,
        });
    }
    sites
}

/// The `tools` array of a `tools/list` result or response, with its
/// pointer. An object that looks like a schema (`type` or `properties`)
/// is a schema with an odd keyword, not a result.
pub fn tools_list(document: &Value) -> Option<(&'static str, &Vec<Value>)> {
    let map = document.as_object()?;
    if map.contains_key("type") || map.contains_key("properties") {
        return None;
    }
    if let Some(Value::Array(tools)) = map.get("tools") {
        return Some(("/tools", tools));
    }
    match map.get("result")?.get("tools")? {
        Value::Array(tools) => Some(("/result/tools", tools)),
        _ => None,
    }
}

/// Lints each element of a list: tool definitions by their schemas, any
/// other element as a schema.
fn list<'v>(items: &'v [Value], at: &str, sites: &mut Vec<Site<'v>>) {
    for (index, item) in items.iter().enumerate() {
        let mut here = at.to_owned();
        pointer::push_index(&mut here, index);
        if !tool(item, &here, sites) {
            sites.push(Site {
                pointer: here,
                schema: item,
            });
        }
    }
}

/// Adds the schemas of `value` if it is a tool definition (at `at`), and
/// says whether it was one.
fn tool<'v>(value: &'v Value, at: &str, sites: &mut Vec<Site<'v>>) -> bool {
    let Some(map) = value.as_object() else {
        return false;
    };
    if let Some(function) = openai_function(map) {
        return tool(function, &pointer::join(at, "function"), sites);
    }
    if !map.get("name").is_some_and(Value::is_string) {
        return false;
    }
    let before = sites.len();
    for key in SCHEMA_KEYS {
        if let Some(schema) = map.get(key) {
            sites.push(Site {
                pointer: pointer::join(at, key),
                schema,
            });
        }
    }
    sites.len() > before
}

/// The inner definition of `{"type": "function", "function": {...}}`.
fn openai_function(map: &Map<String, Value>) -> Option<&Value> {
    if map.get("type")?.as_str()? != "function" {
        return None;
    }
    map.get("function").filter(|function| function.is_object())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pointers(document: &Value) -> Vec<String> {
        schemas(document).into_iter().map(|s| s.pointer).collect()
    }

    #[test]
    fn a_schema_is_linted_whole() {
        assert_eq!(pointers(&json!({"type": "object"})), [""]);
        assert_eq!(pointers(&json!(42)), [""]);
        assert_eq!(pointers(&json!({"name": "not a tool"})), [""]);
    }

    #[test]
    fn a_tool_definition_is_linted_by_its_schema() {
        for key in SCHEMA_KEYS {
            let document = json!({"name": "search", "description": "d", key: {"type": "object"}});
            let sites = schemas(&document);
            assert_eq!(sites.len(), 1);
            assert_eq!(sites[0].pointer, format!("/{key}"));
            assert_eq!(sites[0].schema, &json!({"type": "object"}));
        }
    }

    #[test]
    fn openai_function_tools_are_unwrapped() {
        let document = json!([{"type": "function", "function": {"name": "f", "parameters": {}}}]);
        assert_eq!(pointers(&document), ["/0/function/parameters"]);
    }

    #[test]
    fn lists_of_tools_are_linted_element_by_element() {
        let tools = json!([
            {"name": "a", "inputSchema": {}},
            {"name": "b", "inputSchem": {}},
            {"type": "object"}
        ]);
        assert_eq!(pointers(&tools), ["/0/inputSchema", "/1", "/2"]);
        let result = json!({"tools": tools.clone(), "nextCursor": "x"});
        assert_eq!(
            pointers(&result),
            ["/tools/0/inputSchema", "/tools/1", "/tools/2"]
        );
        let response = json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": tools}});
        assert_eq!(pointers(&response)[0], "/result/tools/0/inputSchema");
        assert!(pointers(&json!([])).is_empty());
    }

    #[test]
    fn a_schema_with_a_tools_keyword_stays_a_schema() {
        assert_eq!(pointers(&json!({"type": "object", "tools": []})), [""]);
    }
}
