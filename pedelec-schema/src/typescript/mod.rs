//! TypeScript declarations of arguments: the type a validator accepts,
//! with the rest of the contract in its JSDoc.
//!
//! [`ToolArgsSchema::typescript`] writes one schema as `export type Name =
//! {...};`; [`typescript_for_tools`] writes a tool list: a type for each
//! tool's arguments (`read_file` -> `ReadFileArgs`), one for its result
//! where it has an output schema (`ReadFileResult`), and the code-mode
//! declaration a model writes code against:
//!
//! ```ts
//! declare const tools: {
//!   read_file(args: ReadFileArgs): Promise<ReadFileResult>;
//! };
//! ```
//!
//! # What the types say
//!
//! The type of a node is the set of JSON values of its shape (`write.rs`
//! has the table): `string`, `number`, `boolean`, arrays, object types
//! with `?` on the properties that are not required, `oneOf` as the union
//! of its branches and `enum` as the union of its values as literal types.
//! Property names that are not identifiers are quoted; properties keep the
//! schema's order; the output depends on the schema alone.
//!
//! What TypeScript cannot hold is written as JSDoc on the property (or
//! before the type, for array items and `oneOf` branches): the
//! `description` as its text, then `@integer`, `@minimum`, `@maximum`,
//! `@minLength`, `@maxLength`, `@pattern`, `@minItems`, `@maxItems`,
//! `@uniqueItems`, `@default` and one `@example` per example, values as
//! JSON. So every value the validator accepts has the type, and a value of
//! the wrong shape - a required property missing, a value of another JSON
//! type, a string outside a string `enum`, a value of no `oneOf` branch's
//! type - does not; what only the JSDoc says (a bound, a pattern, that
//! exactly one branch must match) is the validator's to enforce.
//!
//! Properties the schema does not name: every object type ends in
//! `[key: string]: unknown`, because the validator lets such properties
//! through unchecked; TypeScript still checks each named property's type.
//! (A provider's strict mode closes the objects in the export instead:
//! [`Profile::OpenAiStrict`](crate::Profile::OpenAiStrict).)
//!
//! The tests type-check, with `tsc --strict`, every value the validator
//! accepts against its declared type, and refuse each mistake above, over
//! generated schemas and the repository's real-world ones
//! (`tests/typescript/`).

mod doc;
mod names;
mod write;

use crate::export::ToolDefinition;
use crate::tool_args_schema::ToolArgsSchema;
use names::Taken;

/// The declaration `export type {name} = {...};` for `schema`, with the
/// root's documentation above it. `name` is kept where TypeScript takes
/// it as a type name; otherwise each character an identifier cannot hold
/// becomes `_` (and `_` goes before a leading digit or a name TypeScript
/// keeps, such as `string`).
pub(crate) fn declaration(schema: &ToolArgsSchema, name: &str) -> String {
    let mut out = String::new();
    write_type(schema, &names::type_name(name), &mut out);
    out
}

/// `export type {name} = {...};` with its documentation.
fn write_type(schema: &ToolArgsSchema, name: &str, out: &mut String) {
    doc::block(&doc::object_lines(schema.root()), "", out);
    out.push_str(&format!("export type {name} = "));
    write::object_type(schema.root(), 0, out);
    out.push_str(";\n");
}

/// TypeScript declarations for a tool list: for each tool, `export type
/// <PascalCase name>Args` for its arguments and, where it has an output
/// schema, `<PascalCase name>Result`; then the code-mode declaration
/// `declare const tools: { <name>(args: ...Args): Promise<...Result>; }`,
/// whose methods resolve to `unknown` for a tool without an output schema.
///
/// Names are made valid: a type name is the tool's name in PascalCase
/// (`read_file`, `read-file` and `read.file` -> `ReadFile`), a method name
/// the tool's name with every character an identifier cannot hold as `_`
/// (`read.file` -> `read_file`), a leading digit after an `_`; a name two
/// tools would share is numbered (`ReadFileArgs2`). Where a method's name
/// is not the tool's, its JSDoc names the tool.
///
/// ```
/// use pedelec_schema::{typescript_for_tools, ToolArgsSchema, ToolDefinition};
///
/// // Read from text, the properties keep the author's order.
/// let schema = ToolArgsSchema::from_json_str(r#"{
///     "type": "object",
///     "properties": {
///         "path": {"type": "string", "description": "The file to read.", "minLength": 1},
///         "limit": {"type": "integer", "minimum": 1}
///     },
///     "required": ["path"]
/// }"#)?;
/// let read_file = ToolDefinition::new("read_file", schema)?.with_description("Reads a file.");
/// assert_eq!(typescript_for_tools(&[read_file]), r#"export type ReadFileArgs = {
///   /**
///    * The file to read.
///    * @minLength 1
///    */
///   path: string;
///   /**
///    * @integer
///    * @minimum 1
///    */
///   limit?: number;
///   [key: string]: unknown;
/// };
///
/// declare const tools: {
///   /** Reads a file. */
///   read_file(args: ReadFileArgs): Promise<unknown>;
/// };
/// "#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn typescript_for_tools(tools: &[ToolDefinition]) -> String {
    let mut out = String::new();
    let mut types = Taken::default();
    let mut methods = Taken::default();
    let mut signatures = String::new();
    for tool in tools {
        let base = names::pascal_case(tool.name());
        let args = types.claim(format!("{base}Args"));
        write_type(tool.schema(), &args, &mut out);
        out.push('\n');
        let result = match tool.output_schema() {
            Some(output) => {
                let result = types.claim(format!("{base}Result"));
                write_type(output, &result, &mut out);
                out.push('\n');
                result
            }
            None => "unknown".to_owned(),
        };
        let method = methods.claim(names::method_name(tool.name()));
        let mut lines: Vec<String> = tool
            .description()
            .map(|d| d.lines().map(str::to_owned).collect())
            .unwrap_or_default();
        if method != tool.name() {
            lines.push(format!("The tool {}.", doc::literal(&tool.name().into())));
        }
        doc::block(&lines, "  ", &mut signatures);
        signatures.push_str(&format!(
            "  {method}(args: {args}): Promise<{result}>;
"
        ));
    }
    out.push_str("declare const tools: {\n");
    out.push_str(&signatures);
    out.push_str("};\n");
    out
}

impl ToolArgsSchema {
    /// The TypeScript type of these arguments, declared as `export type
    /// {name} = {...};`: the type every value [`validate`](Self::validate)
    /// accepts has, with each keyword the type cannot hold (bounds,
    /// patterns, defaults, examples) in its JSDoc; see
    /// [the module](crate::typescript) for what the type says, and
    /// [`typescript_for_tools`] for a tool list. `name` is kept where
    /// TypeScript takes it as a type name, else made one (`_` for each
    /// character an identifier cannot hold). For a derived type:
    /// `T::schema().typescript("Name")`.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    ///
    /// let schema = ToolArgsSchema::from_json_str(r#"{
    ///     "type": "object",
    ///     "description": "Adds to the counter.",
    ///     "properties": {
    ///         "delta": {"type": "integer", "minimum": -100, "maximum": 100},
    ///         "mode": {"type": "string", "enum": ["add", "set"], "default": "add"},
    ///         "tags": {"type": "array", "items": {"type": "string", "minLength": 1}},
    ///         "my-note": {"type": "string"}
    ///     },
    ///     "required": ["delta"]
    /// }"#)?;
    /// assert_eq!(schema.typescript("UpdateCounterArgs"), r#"/** Adds to the counter. */
    /// export type UpdateCounterArgs = {
    ///   /**
    ///    * @integer
    ///    * @minimum -100
    ///    * @maximum 100
    ///    */
    ///   delta: number;
    ///   /** @default "add" */
    ///   mode?: "add" | "set";
    ///   tags?: Array</** @minLength 1 */ string>;
    ///   "my-note"?: string;
    ///   [key: string]: unknown;
    /// };
    /// "#);
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn typescript(&self, name: &str) -> String {
        declaration(self, name)
    }
}

#[cfg(test)]
mod tests;
