//! tsc as the oracle of the TypeScript declarations
//! (`ToolArgsSchema::typescript`, `typescript_for_tools`): over generated
//! subset schemas and the repository's real-world schemas after `convert`,
//!
//! - every value the validator accepts, written as a TypeScript literal
//!   assigned to its schema's declared type, type-checks under `--strict`;
//! - every type-level mistake made in such a value (`mistakes.rs`: a
//!   required property missing, a value of the wrong JSON type, a literal
//!   outside its `enum`, a value of no `oneOf` branch's JSON type), which
//!   the validator refuses, fails to type-check, on its own line;
//! - the code-mode declaration of each real-world tool list, and of the
//!   examples' counter tool with its result type, type-checks, with a call
//!   of each tool on accepted arguments; so do the calls of a derived type
//!   (`derived.rs`), as serde writes them.
//!
//! tsc comes from npm, pinned in `package.json` here, and is installed with
//! `npm ci` when missing; the test skips only where Node is missing.

mod derived;
mod mistakes;
mod tsc;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

use pedelec_schema::{convert, typescript_for_tools, ToolArgs, ToolArgsSchema, ToolDefinition};
use pedelec_testdata::strategies::{object_value, root_with_values};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde_json::{json, Value};

use mistakes::{mistakes, Kind};

/// Generated schemas, each with 8 values aimed at it.
const GENERATED: usize = 320;
/// Values aimed at each real-world schema.
const REALWORLD_VALUES: usize = 6;

/// The files tsc checks: the declared types, the accepted values, the
/// mistakes, and the code-mode declarations with their calls.
#[derive(Default)]
struct Suite {
    types: String,
    schemas: usize,
    positive: Vec<String>,
    negative: Vec<(Kind, String)>,
    sources: Vec<String>,
    tool_files: Vec<(String, String)>,
}

impl Suite {
    /// Declares `schema` as the next `T<n>`, and adds each of `values` the
    /// validator accepts, and the mistakes made in it.
    fn add(&mut self, source: String, schema: &ToolArgsSchema, values: &[Value]) {
        let name = format!("T{}", self.schemas);
        self.types.push_str(&schema.typescript(&name));
        self.types.push('\n');
        self.schemas += 1;
        for (index, value) in values.iter().enumerate() {
            if !schema.is_valid(value) {
                continue;
            }
            let at = format!("{source}, value {index}");
            self.positive.push(format!(
                "const p{}: T.{name} = {value};",
                self.positive.len()
            ));
            self.sources.push(at.clone());
            for mistake in mistakes(schema.root(), value, index + self.schemas) {
                assert!(
                    !schema.is_valid(&mistake.value),
                    "{at}: {} at {:?} is accepted: {} by {}",
                    mistake.kind.name(),
                    mistake.path,
                    mistake.value,
                    schema.to_value()
                );
                let line = format!(
                    "const n{}: T.{name} = {}; // {at}: {} at {:?}",
                    self.negative.len(),
                    mistake.value,
                    mistake.kind.name(),
                    mistake.path
                );
                self.negative.push((mistake.kind, line));
            }
        }
    }

    /// The code-mode declaration of `tools`, with a call of each on
    /// `arguments` (accepted ones).
    fn add_tools(&mut self, file: String, tools: &[ToolDefinition], arguments: &[Value]) {
        let declaration = typescript_for_tools(tools);
        let methods: Vec<&str> = declaration
            .split_once("declare const tools: {\n")
            .expect("the code-mode declaration")
            .1
            .lines()
            .filter_map(|line| line.trim_start().split_once("(args: ").map(|(m, _)| m))
            .collect();
        assert_eq!(methods.len(), tools.len(), "{file}: a method per tool");
        let mut text = declaration.clone();
        text.push_str("\nexport {};\n");
        for ((method, tool), args) in methods.iter().zip(tools).zip(arguments) {
            assert!(tool.schema().is_valid(args));
            let _ = writeln!(text, "void tools.{method}({args});");
        }
        self.tool_files.push((file, text));
    }
}

#[test]
fn tsc_accepts_every_valid_value_and_refuses_every_type_level_mistake() {
    if let Some(missing) = tsc::missing_node() {
        eprintln!("skipped: {missing}");
        return;
    }
    let mut suite = Suite::default();

    let mut runner = TestRunner::deterministic();
    let strategy = root_with_values(8);
    for index in 0..GENERATED {
        let (root, values) = strategy.new_tree(&mut runner).expect("a tree").current();
        let schema = ToolArgsSchema::new(root).expect("generated roots are inside the subset");
        suite.add(format!("generated #{index}"), &schema, &values);
    }
    let generated_values = suite.positive.len();

    let mut realworld = 0;
    for (file, schemas) in pedelec_testdata::realworld()
        .into_iter()
        .chain(pedelec_testdata::realworld_more())
    {
        let mut tools = Vec::new();
        let mut arguments = Vec::new();
        for entry in schemas {
            let Ok(converted) = convert(&entry.schema) else {
                continue;
            };
            let schema = converted.schema;
            let strategy = object_value(schema.root());
            let values: Vec<Value> = (0..REALWORLD_VALUES)
                .map(|_| strategy.new_tree(&mut runner).expect("a tree").current())
                .collect();
            suite.add(
                format!("realworld/{file}: {}", entry.tool),
                &schema,
                &values,
            );
            realworld += 1;
            if let (Ok(tool), Some(args)) = (
                ToolDefinition::new(entry.tool.clone(), schema.clone()),
                values.iter().find(|v| schema.is_valid(v)),
            ) {
                let description = entry.schema.get("description").and_then(Value::as_str);
                tools.push(match description {
                    Some(description) => tool.with_description(description),
                    None => tool,
                });
                arguments.push(args.clone());
            }
        }
        if !tools.is_empty() {
            let name = file.replace(['/', '.'], "_");
            suite.add_tools(format!("tools_{name}.ts"), &tools, &arguments);
        }
    }
    suite.add(
        "the derived MoveShape".to_owned(),
        derived::MoveShape::schema(),
        &derived::values(),
    );
    let counter = counter_tool();
    suite.add_tools(
        "tools_counter.ts".to_owned(),
        &[counter],
        &[json!({"delta": 5, "reason": "a test"})],
    );

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("typescript-oracle");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the oracle's files");
    let header = "import type * as T from \"./types\";\n";
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("a file");
    write("types.ts", &suite.types);
    write(
        "positive.ts",
        &format!("{header}{}\n", suite.positive.join("\n")),
    );
    let negative: Vec<&str> = suite
        .negative
        .iter()
        .map(|(_, line)| line.as_str())
        .collect();
    write("negative.ts", &format!("{header}{}\n", negative.join("\n")));
    let mut files = vec!["types.ts", "positive.ts", "negative.ts"];
    for (name, text) in &suite.tool_files {
        write(name, text);
        files.push(name);
    }
    let errors = tsc::check(&dir, &files);

    // Every error must be on a line of negative.ts that holds a mistake.
    let unexpected: Vec<String> = errors
        .iter()
        .filter(|((file, line), _)| file != "negative.ts" || *line < 2)
        .map(|((file, line), messages)| {
            let source = match file.as_str() {
                "positive.ts" => suite.sources.get(line.wrapping_sub(2)).cloned(),
                _ => None,
            };
            format!("{file}:{line} ({source:?}): {}", messages.join("; "))
        })
        .collect();
    let missed: Vec<&str> = suite
        .negative
        .iter()
        .enumerate()
        .filter(|(index, _)| !errors.contains_key(&("negative.ts".to_owned(), index + 2)))
        .map(|(_, (_, line))| line.as_str())
        .collect();

    let mut by_kind: BTreeMap<Kind, usize> = BTreeMap::new();
    for (kind, _) in &suite.negative {
        *by_kind.entry(*kind).or_default() += 1;
    }
    eprintln!(
        "{} schemas ({GENERATED} generated, {realworld} real-world converted); {} accepted values ({generated_values} on generated schemas) type-check; {} mistakes refused by the validator:",
        suite.schemas,
        suite.positive.len(),
        suite.negative.len()
    );
    for (kind, count) in &by_kind {
        eprintln!("  {count} {}", kind.name());
    }
    eprintln!(
        "{} code-mode declarations with a call of each tool",
        suite.tool_files.len()
    );
    assert!(
        unexpected.is_empty(),
        "{} errors where none belongs (files in {}):\n{}",
        unexpected.len(),
        dir.display(),
        unexpected.join("\n")
    );
    assert!(
        missed.is_empty(),
        "{} mistakes type-check (files in {}):\n{}",
        missed.len(),
        dir.display(),
        missed.join("\n")
    );
    assert!(suite.schemas >= 400 && suite.positive.len() >= 1500);
    assert!(
        by_kind.len() == 4,
        "every kind of mistake is made: {by_kind:?}"
    );
}

/// The counter tool of the examples (`examples/interop/rmcp_server.rs`,
/// `pedelec-schema-js/examples/mcp_server.mjs`), with its output schema.
fn counter_tool() -> ToolDefinition {
    let input = ToolArgsSchema::from_json_str(
        r#"{"type": "object", "properties": {
            "delta": {"type": "integer", "minimum": -100, "maximum": 100, "description": "How much to add."},
            "reason": {"type": "string", "maxLength": 200}
        }, "required": ["delta"]}"#,
    )
    .expect("the counter's arguments");
    let output = ToolArgsSchema::from_json_str(
        r#"{"type": "object", "properties": {
            "counter": {"type": "integer", "minimum": -1000, "maximum": 1000},
            "added": {"type": "integer"}
        }, "required": ["counter", "added"]}"#,
    )
    .expect("the counter's result");
    ToolDefinition::new("add_to_counter", input)
        .expect("a tool name")
        .with_description("Adds to the counter and returns it.")
        .with_output_schema(output)
}
