//! # pedelec-schema
//!
//! Describe, check and enforce the arguments an AI agent sends to a tool.
//! This crate implements the *Pedelec argsSchema* subset of JSON Schema: a
//! root object; string, number, integer, boolean, array and object nodes;
//! `oneOf`; and the metadata `description`, `default` and `examples`.
//!
//! - [`ToolArgsSchema`] is a checked root schema. Build it from JSON
//!   ([`ToolArgsSchema::from_value`], [`ToolArgsSchema::from_json_str`]) or
//!   from [`SchemaNode`]s built in code ([`ToolArgsSchema::new`]). Anything
//!   outside the subset (`$ref`, `additionalProperties`, `format`, custom
//!   keywords, ...) is refused with every problem at once, each with a JSON
//!   Pointer and what to do instead.
//! - [`ToolArgsSchema::validate`] checks the arguments a tool receives and
//!   reports every failure; [`ToolArgsSchema::is_valid`] only answers yes or
//!   no. Neither ever fills in a `default`.
//! - [`lint()`] reports every error and warning about a hand-written schema.
//! - [`convert()`] rewrites a JSON Schema from elsewhere into the subset and
//!   reports every change (see below).
//! - `#[derive(ToolArgs)]` derives the schema from a Rust type and its
//!   `serde` attributes, checking at compile time that it stays inside the
//!   subset; [`ToolArgs::from_args`] validates the arguments, then reads them
//!   into the type, and [`ToolArgs::from_args_str`] does the same from the
//!   JSON text a model sent, in one pass. See [`ToolArgs`] for the type
//!   mapping and the attributes.
//!   A type the derive cannot see into carries its own node
//!   ([`ToolArgsNode`]), or a field says where its node comes from
//!   (`#[tool_args(as = Type)]`, `#[tool_args(schema_with = function)]`).
//! - [`Checked<T>`] does the same inside any framework that deserializes a
//!   tool's arguments (rmcp's `Parameters<_>`, an HTTP extractor); with the
//!   `schemars` feature it also publishes `T::schema()` as its
//!   `JsonSchema`.
//! - Tolerant intake, opt-in and reported: [`ToolArgsSchema::coerce`] turns
//!   what agents commonly mis-encode (`"42"`, `"true"`, JSON text, a lone
//!   value for a list) into what the schema asks for, and
//!   [`ToolArgsSchema::unknown_properties`] reports the properties the
//!   schema does not name, with a "did you mean". [`CheckedWith<T, I>`]
//!   turns them on for a type.
//!
//! ```
//! use pedelec_schema::ToolArgsSchema;
//! use serde_json::json;
//!
//! let schema = ToolArgsSchema::from_value(&json!({
//!     "type": "object",
//!     "properties": {
//!         "query": {"type": "string", "minLength": 1, "description": "What to search for."},
//!         "limit": {"type": "integer", "minimum": 1, "maximum": 50}
//!     },
//!     "required": ["query"]
//! }))?;
//!
//! assert!(schema.is_valid(&json!({"query": "rust"})));
//! let errors = schema.validate(&json!({"query": "", "limit": 500})).unwrap_err();
//! let paths: Vec<String> = errors.errors().iter().map(|e| e.path()).collect();
//! assert_eq!(paths, ["/limit", "/query"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Decisions where the specification is silent
//!
//! - **Serialization is canonical.** Keys come out in one order (`type`, the
//!   kind's keywords, then `description`, `default`, `examples`); objects
//!   always carry `properties` and `required`, even empty, as the Pedelec
//!   SDK writes them; `uniqueItems: false` and empty `examples` are left out.
//!   `parse(serialize(s)) == s` always holds.
//! - **Size.** Every dimension of a schema is bounded; see [Limits](#limits).
//! - **Patterns** are ECMA-262 in Unicode mode (the grammar of
//!   `new RegExp(p, "u")`, which ajv uses), run on the linear-time `regex`
//!   crate; see [`Pattern`] for what is accepted, what is refused and why,
//!   and the Unicode version of the property names.
//! - **Error order** is deterministic: a node's own keywords in the order
//!   the specification lists them, then an object's properties by name (a
//!   missing required property at its name's place), and array items by
//!   index.
//! - **Paths and messages are written when read.** A [`ValidationError`]
//!   keeps what failed as data, and the array indices on the way to it; it
//!   writes its path, schema path and message in
//!   [`path`](ValidationError::path),
//!   [`schema_path`](ValidationError::schema_path),
//!   [`message`](ValidationError::message), `Display` or serialization, so
//!   collecting errors writes no string.
//! - **Property order.** Nodes built in code serialize their properties in
//!   the order they were built in; a schema parsed from a
//!   `serde_json::Value` has the map's order (sorted by name, unless
//!   serde_json's `preserve_order` feature is on). Two object nodes with the
//!   same properties in another order are equal.
//! - **Types of other crates** (`uuid`, `chrono`, `url`, `time`, each
//!   behind a feature of its name, off by default) and std's addresses are
//!   strings whose `pattern` accepts only what the type's serde reads.
//!   Where a pattern cannot hold a rule (February 29 of a common year), the
//!   agent gets serde's refusal with its path (`keyword: "deserialize"`),
//!   since the subset has no `format`.
//! - **Integer `enum` values** must be integers (`1.0` counts): a fractional
//!   value could never pass, so it is an `enum_type_mismatch` error.
//! - **[`Checked<T>`]'s error** is a deserializer's error, a message only,
//!   so it names every failure with its path (the agent-facing `message`
//!   stops at five, its `errors` list holding the rest). It reads the
//!   arguments into a `serde_json::Value` first: any self-describing format
//!   works. Its `JsonSchema` (feature `schemars`, schemars 1 as rmcp 3
//!   uses) is `T::schema()`, inline, nothing added; rmcp's own generator
//!   adds `"$schema"` at the root and drops the root `description`, so a
//!   tool that must publish `T::schema()` exactly sets rmcp's
//!   `#[tool(input_schema = T::schema().to_json_object())]` (see
//!   `examples/rmcp_server.rs`).
//! - **Intake is chosen by a type parameter**, of [`CheckedWith<T, I>`]
//!   rather than of `Checked`, so that `Checked(args)` stays a one-field
//!   pattern and `CheckedWith` keeps what intake did (`changes`, `unknown`)
//!   for the handler. Policies: [`Coerce`], [`RefuseUnknown`], a tuple of
//!   both, [`ReportOnly`], or an [`Intake`] impl of one's own.
//! - **Coercion fires only where a value lacks its node's type**, and makes
//!   it a value of that type, so a valid value is never touched; bounds,
//!   patterns and `enum`s stay validation's. Number text must be exactly a
//!   JSON number and reads as the same text unquoted would. Under a
//!   `oneOf`, a value is coerced only when exactly one branch's coercion
//!   gives a value the `oneOf` accepts. Every intake [`ChangeCode`] widens:
//!   the tool takes in what the schema alone refused. A change's pointer is
//!   where the value is after coercion.
//! - **Unknown properties** stay allowed, as the subset says;
//!   [`ToolArgsSchema::validate_refusing_unknown`] refuses them after the
//!   schema's own errors, with keyword `properties` and the object's
//!   `properties` as schema path. Under a `oneOf` only the accepting
//!   branch's names count; where no single branch accepts, validation
//!   already fails and the walk does not guess. "Did you mean" compares
//!   names without case by optimal string alignment distance (at most a
//!   third of the longer name, one edit for short names), for the first 32
//!   unknown properties of a call and names up to 64 characters, which
//!   bounds what an agent's keys can cost.
//! - **Arguments straight from text.** [`ToolArgs::from_args_str`] and
//!   [`ToolArgsSchema::validate_str`] take the JSON text a model sent. A
//!   valid call is read in one pass, each value checked by the compiled
//!   rule at its place as serde hands it over, without building a
//!   `serde_json::Value`, and allocates nothing beyond what the type does.
//!   At the first doubt - a failing value, a serde error, a property given
//!   twice, a `3.0` for an integer type - that pass gives up and the text
//!   takes the full path (`from_args` on the parsed value), so the result
//!   is always exactly what `from_args(serde_json::from_str(text)?)` gives,
//!   every error with its path. Text that is not one JSON value is
//!   [`ArgsError::Syntax`]: still the agent-facing object, with serde_json's
//!   message (line and column) and no `errors`. Left to the full path by
//!   design, valid or not: a `uniqueItems` array of more than 32 items, or
//!   whose items are `oneOf` values with two branches of one JSON type
//!   (those are read whole, and take no fingerprint), and an object node of
//!   more than 64 properties.
//!
//! ## Conversion into the subset
//!
//! [`convert()`] rewrites a schema that zod, pydantic, schemars, an OpenAPI
//! generator or a person wrote into a [`ToolArgsSchema`], and returns every
//! change it made as a [`Change`] with a JSON Pointer into the source
//! (`pedelec-lint --fix` applies it to files). Its result lints without
//! errors; when no change `narrows`, it accepts every value the source
//! accepts; when every change is `lossless`, it accepts exactly those;
//! converting it again changes nothing. It fails ([`ConvertError`]) only
//! where no object schema can stand for the source. What it takes the
//! source to mean, where JSON Schema leaves room:
//!
//! - **Drafts.** The root's `$schema` picks the draft (2020-12 when absent
//!   or unknown): drafts 4 to 7 ignore the keywords beside `$ref`, and
//!   draft 4's `integer` refuses `1.0` (which the subset's accepts:
//!   `draft4_integer_widened`). Both tuple forms and both forms of
//!   `exclusiveMinimum` are read whatever the draft says.
//! - **`format` means what its producer enforces.** schemars writes
//!   `format: "uint32"` because serde refuses a larger number, so the
//!   integer formats `int8` ... `uint64` are ranges and become
//!   `minimum`/`maximum` exactly; `double` holds for every JSON number;
//!   every other format is dropped and widens. (The differential test gives
//!   its `jsonschema` oracle the same meaning.)
//! - **Dialects are read keyword by keyword.** OpenAPI's `nullable: true`
//!   means "`null` too" wherever it stands, and `example` is an example;
//!   Gemini's upper-case type names are JSON Schema's, and a Gemini `type`
//!   beside `anyOf` is the placeholder the Google Gen AI SDK writes for a
//!   union. A `type` no dialect knows (BFCL's `"dict"`) makes the document
//!   no schema: an error that names what to write instead.
//! - **References** are local: a JSON Pointer (`#/$defs/X`, `#/properties/a`),
//!   an `$anchor`, or the root's `$id`. Each is written inline; a change
//!   inside a definition carries the definition's pointer, once however
//!   often it is used. A definition stands at most three times on one path
//!   (a recursive one is cut below: `recursive_ref_cut`); a remote one is
//!   never fetched (`remote_ref_dropped`); a dangling one is an error.
//! - **`null`**, which the subset cannot write, is dropped (narrows); a
//!   required property that accepted `null` - OpenAI strict mode's
//!   optional property - becomes optional. A change that both narrows and
//!   widens is `narrows`, the claim the guarantees depend on.
//! - **`anyOf` becomes `oneOf`**, exactly when no value can pass two
//!   branches; otherwise with `any_of_overlap_to_one_of` (narrows: a value
//!   that passes two branches is refused). That keeps every branch's shape,
//!   which an agent needs more than the rare value that fits two shapes;
//!   merging the branches into one node would widen instead, and keep no
//!   shape. A source `oneOf` stays one; because a branch that widens can
//!   then share a value with another, the `oneOf` gets
//!   `one_of_branch_widened` (narrows) unless the branches stay apart.
//! - **Nodes the subset cannot write** - one that accepts anything, an array
//!   of anything, one that accepts only `null` - are dropped with their
//!   property (lossless for an optional property that accepts anything,
//!   widening otherwise). A node without `type` gets the type its `enum`
//!   gives (exact) or its keywords describe (narrows).
//! - **The root** is an object node: the source's objects are kept (tool
//!   arguments are always an object), and a union of object shapes becomes
//!   the one object node with what every shape shares (widens).
//! - **`default`s and examples** the converted node refuses are dropped,
//!   so that an agent that copies one gets no error.
//! - **Order and bounds.** Changes come ordered by pointer. Reading stops
//!   96 nodes deep and after 20 000 nodes read (`too_deep`, `too_large`),
//!   whatever the input. `uniqueItems: false` is inside the subset: keeping
//!   it is no change.
//!
//! Every conversion change code, with its effect:
//!
//! | code | effect | what |
//! |---|---|---|
//! | `annotation_dropped` | lossless | an annotation (`$schema`, `$id`, `$comment`, `readOnly`, `deprecated`, `contentMediaType`, a `title` beside a `description`, `format: "double"`) |
//! | `unknown_keyword_dropped` | lossless | a key that is no JSON Schema keyword (`x-...`, `propertyOrdering`) |
//! | `title_to_description` | lossless | `title` became `description` |
//! | `example_to_examples` | lossless | OpenAPI's `example` joined `examples` |
//! | `default_dropped` | lossless | a `default` the converted node refuses |
//! | `example_dropped` | lossless | an example the converted node refuses |
//! | `definitions_dropped` | lossless | `$defs`/`definitions`, written inline where used |
//! | `no_op_constraint_dropped` | lossless | a keyword that constrains nothing (`additionalProperties: true`, `propertyNames: {"type": "string"}`) |
//! | `inapplicable_keyword_dropped` | lossless | a keyword for another type than the node's |
//! | `ref_inlined` | lossless | a local `$ref` written inline |
//! | `ref_siblings_ignored` | lossless | a keyword beside `$ref`, which drafts 4 to 7 ignore |
//! | `recursive_ref_cut` | widens | a recursive reference, dropped after three levels |
//! | `remote_ref_dropped` | widens | a reference to another document, never fetched |
//! | `null_dropped` | narrows | `null` no longer accepted |
//! | `nullable_required_made_optional` | narrows | a required property that accepted `null` made optional |
//! | `type_name_normalized` | lossless | Gemini's `"STRING"` written `"string"` |
//! | `union_type_placeholder_dropped` | lossless | Gemini's `type` beside `anyOf` |
//! | `type_array_split` | lossless | several types became a `oneOf` |
//! | `type_from_enum` | lossless | a node without `type` typed by its `enum`/`const` |
//! | `type_inferred` | narrows | a node without `type` typed by its keywords |
//! | `draft4_integer_widened` | widens | draft 4's `integer`, which refuses `1.0` |
//! | `const_to_enum` | lossless | `const: v` became `enum: [v]` |
//! | `enum_split_by_type` | lossless | an `enum` of several types became a `oneOf` of typed `enum`s |
//! | `unreachable_enum_value_dropped` | lossless | an `enum` value the node's type refuses |
//! | `structured_enum_dropped` | widens | an `enum` of arrays or objects |
//! | `unconstrained_property_dropped` | lossless | an optional property that accepts anything |
//! | `required_unconstrained_property_dropped` | widens | a required property that accepts anything |
//! | `unwritable_property_dropped` | widens | a property whose node the subset cannot write (an array of anything, only `null`) |
//! | `impossible_property_dropped` | widens | an optional property that accepts nothing |
//! | `required_without_property_dropped` | widens | a `required` name without a node |
//! | `duplicate_required_dropped` | lossless | a name listed twice in `required` |
//! | `exclusive_bound_on_integer` | lossless | an exclusive bound on an integer became the next integer |
//! | `exclusive_bound_made_inclusive` | widens | an exclusive bound on a number made inclusive |
//! | `integer_format_to_bounds` | lossless | `int8` ... `uint64` became `minimum`/`maximum` |
//! | `format_dropped` | widens | any other `format` |
//! | `pattern_dropped` | widens | a `pattern` the engine cannot run, or a second one from `allOf` |
//! | `constraint_dropped` | widens | a constraint the subset cannot hold (`additionalProperties`, `multipleOf`, `not`, `if`, ...) |
//! | `all_of_merged` | lossless | `allOf` merged into its node |
//! | `merged_into_branches` | lossless | keywords beside `oneOf`/`anyOf` moved into the branches |
//! | `any_of_to_one_of` | lossless | `anyOf` with branches that cannot overlap became `oneOf` |
//! | `any_of_overlap_to_one_of` | narrows | `anyOf` with overlapping branches became `oneOf` |
//! | `one_of_branch_widened` | narrows | a `oneOf` branch widened and may overlap another |
//! | `subsumed_branch_dropped` | lossless | a union branch another branch contains |
//! | `impossible_branch_dropped` | lossless | a union branch that accepts nothing |
//! | `tuple_to_items` | widens | a tuple became one `items` node |
//! | `root_made_object` | narrows | a root that also accepted non-objects |
//! | `root_union_merged` | widens | a root union of object shapes merged into one |
//!
//! ## Export to a provider
//!
//! One schema serves every model provider: [`ToolArgsSchema::export`]
//! writes it the way a [`Profile`] wants it and returns every [`Change`] it
//! took (pointers into *our* schema); [`ToolArgsSchema::normalize`] undoes,
//! in the arguments the model sends back, what the export introduced;
//! [`ToolDefinition`] writes a whole tool in the provider's tool shape.
//! Derived types have both in one call: [`ToolArgs::tool_definition`] (the
//! doc comment as the description) and [`ToolArgs::from_provider_args`]
//! (normalize, validate, deserialize). `pedelec-lint --export PROFILE FILE`
//! does it to files.
//!
//! ```
//! use pedelec_schema::{Profile, ToolArgsSchema};
//! use serde_json::json;
//!
//! let schema = ToolArgsSchema::from_value(&json!({
//!     "type": "object",
//!     "properties": {"query": {"type": "string"}, "offset": {"type": "integer", "minimum": 0}},
//!     "required": ["query"]
//! }))?;
//! let openai = schema.export(Profile::OpenAiStrict).schema;
//! assert_eq!(openai["properties"]["offset"]["type"], json!(["integer", "null"]));
//!
//! // The model fills in every property; `normalize` takes the nulls out again.
//! let mut args = json!({"query": "rust", "offset": null});
//! schema.normalize(Profile::OpenAiStrict, &mut args);
//! schema.validate(&args)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every change has an [`Effect`]: `lossless` (a change of form), `widens`
//! (a constraint the provider will not enforce: the handler's
//! [`validate`](ToolArgsSchema::validate) still does) or `narrows` (only
//! `additionalProperties: false`, which the strict modes demand). A
//! constraint a provider cannot take is written into the node's
//! `description` (`keyword: value`, after a blank line), so the model still
//! reads it. A documented size limit that the schema exceeds is an
//! error-severity change ([`Exported::has_errors`]): the export is still
//! written, but the provider will refuse it. Whatever the profile, the
//! handler validates the arguments with our schema: no provider enforces
//! everything, and none enforces authorization, state or existence.
//!
//! ### MCP
//!
//! [`Profile::Mcp`] is our schema as it is, for a tool's `inputSchema`: it
//! is already JSON Schema 2020-12 with an object root, as the
//! [MCP tools specification](https://modelcontextprotocol.io/specification/2025-06-18/server/tools)
//! asks. No changes; `normalize` does nothing. MCP clients validate
//! nothing for the server: the handler checks every call.
//!
//! ### OpenAI strict
//!
//! [`Profile::OpenAiStrict`] is for function calling with `"strict": true`,
//! whose schemas follow Structured Outputs
//! ([supported schemas](https://platform.openai.com/docs/guides/structured-outputs#supported-schemas),
//! [function calling, strict mode](https://platform.openai.com/docs/guides/function-calling#strict-mode)):
//!
//! - every object gets `additionalProperties: false` (`narrows`) and lists
//!   every property in `required`;
//! - an optional property becomes nullable: `"type": ["T", "null"]` (with
//!   `null` added to an `enum`, or `null` would fail it), or a
//!   `{"type": "null"}` branch for a `oneOf` node (`optional_to_nullable`,
//!   lossless once normalized);
//! - `oneOf` becomes `anyOf`: `lossless` when `lint` proves the branches
//!   disjoint (no `ambiguous_one_of`), `widens` otherwise;
//! - `default` and `examples` are refused, and move into `description`;
//!   `minLength`, `maxLength` and `uniqueItems` are not supported and are
//!   removed (`widens`). `pattern`, `minimum`, `maximum`, `minItems`,
//!   `maxItems`, `enum` and `description` stay;
//! - the documented limits are error-severity changes: more than 5,000
//!   object properties, nesting more than 10 levels below the root, more
//!   than 1,000 `enum` values, more than 120,000 characters of property
//!   names and `enum` values, and - from the page, beyond issue 11's list -
//!   a string `enum` of more than 250 values holding more than 15,000
//!   characters. Where the page leaves the counting open, it follows
//!   OpenAI's own checker in its Java SDK (`JsonSchemaValidator`): each
//!   property, `items` and `anyOf` branch is a level; a number or boolean
//!   `enum` value counts with its JSON text. Characters are Unicode scalar
//!   values.
//!
//! The handler must call [`normalize`](ToolArgsSchema::normalize) before
//! validating (the model sends `null` for a property it leaves out), and
//! its `validate` still enforces the removed lengths, `uniqueItems` and
//! overlapping `oneOf` branches. OpenAI writes properties in the schema's
//! key order; serde_json sorts a `Value`'s keys unless its `preserve_order`
//! feature is on (the export inserts them in our order).
//!
//! ### Anthropic strict
//!
//! [`Profile::AnthropicStrict`] is for tool use with `"strict": true`
//! ([JSON Schema limitations](https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations),
//! [strict tool use](https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use)):
//!
//! - every object gets `additionalProperties: false` (`narrows`); optional
//!   properties stay optional, so `normalize` does nothing;
//! - `minimum`, `maximum`, `minLength`, `maxLength`, `maxItems` and
//!   `uniqueItems` are removed, and a `minItems` above 1 becomes 1 (the
//!   page takes only 0 and 1; 1 keeps "not empty"), all `widens`;
//! - a `pattern` with a word boundary (`\b`, `\B`) is removed (`widens`);
//!   lookaround and backreferences, also refused, cannot be in a subset
//!   pattern. The page warns that complex `{n,m}` quantifiers with large
//!   ranges may be refused too; they are not detected;
//! - from the page, beyond issue 11's list: `oneOf` is not supported
//!   (`anyOf` is), so it becomes `anyOf` as for OpenAI (Anthropic's own SDK
//!   does the same); `examples` is not listed, so it moves into
//!   `description`; `default` and `enum` stay;
//! - the documented complexity limits, which hold for all strict schemas of
//!   a request together, are error-severity changes when one schema alone
//!   exceeds them: more than 24 optional properties (counted at every
//!   depth) and more than 16 `anyOf` nodes.
//!
//! The handler's `validate` still enforces every removed bound, the
//! pattern, `uniqueItems` and overlapping `oneOf` branches; the caller
//! keeps the request's strict tools within those limits together (and at
//! most 20).
//!
//! ### Gemini
//!
//! [`Profile::Gemini`] is for a `FunctionDeclaration`'s `parameters`, an
//! OpenAPI 3.0 subset ([`Schema`](https://ai.google.dev/api/caching#Schema),
//! [`FunctionDeclaration`](https://ai.google.dev/api/caching#FunctionDeclaration)).
//! It writes only `type`, `description`, `enum`, `items`, `minItems`,
//! `maxItems`, `properties`, `required`, `minLength`, `maxLength`,
//! `pattern`, `minimum`, `maximum`, `anyOf`, `default`, `example` and
//! `propertyOrdering`:
//!
//! - `oneOf` becomes `anyOf` (`lossless` or `widens`, as above);
//!   `uniqueItems` is removed (`widens`); `examples` becomes `example`, the
//!   first one;
//! - `enum` holds strings only: a number, integer or boolean `enum` is
//!   removed (`widens`), except a boolean `enum` of both values, which
//!   allowed everything (`lossless`);
//! - an object of two or more properties gets `propertyOrdering` in the
//!   schema's order (a derived type's field order; a parsed schema's is
//!   sorted by name);
//! - an empty `properties` or `required` is left out (`lossless`): Gemini
//!   has been reported to refuse an object with empty `properties`
//!   ("should be non-empty for OBJECT type"), and OpenAPI 3.0 asks
//!   `required` to name at least one property. A tool without arguments
//!   gets no `parameters` at all, as `FunctionDeclaration` documents.
//!
//! Types keep their lowercase OpenAPI spelling, which the API accepts.
//! Optional properties stay optional, so `normalize` does nothing. The
//! handler's `validate` still enforces `uniqueItems`, non-string `enum`s
//! and overlapping `oneOf` branches. Vertex AI also asks parameter names to
//! be letters, digits and `_`; the export does not rename properties.
//!
//! ### Tool definitions
//!
//! [`ToolDefinition::export`] writes `{"name", "description",
//! "inputSchema"}` for MCP, `{"type": "function", "name", "description",
//! "parameters", "strict": true}` for OpenAI (the Responses API's function
//! tool), `{"name", "description", "input_schema", "strict": true}` for
//! Anthropic and `{"name", "description", "parameters"}` for Gemini. A name
//! is 1 to 64 ASCII letters, digits, `_` and `-` (OpenAI's and Anthropic's
//! rule, as issue 11 has it) and, because Gemini's `FunctionDeclaration`
//! demands it, starts with a letter or `_`, so one definition serves every
//! provider.
//!
//! ## Limits
//!
//! A schema is usually written by the tool's author, but it may come from
//! anywhere (a file, a registry, another agent), so every dimension of one
//! is bounded: no schema can make building it, validating with it or
//! linting it expensive. Each bound is far above any real tool's schema; a
//! schema beyond one is refused with the code given, at the offending
//! keyword. `tests/limits.rs` checks each at its bound and one past it.
//!
//! | what | bound | code |
//! |---|---|---|
//! | node nesting (the root is depth 1) | [`MAX_DEPTH`] = 64 | `too_deep` |
//! | properties of one object, names in one `required` | [`MAX_PROPERTIES`] = 1 000 | `too_many_properties` |
//! | values of one `enum` | [`MAX_ENUM_VALUES`] = 1 000 | `too_many_enum_values` |
//! | branches of one `oneOf` | [`MAX_BRANCHES`] = 256 | `too_many_branches` |
//! | product of the branch counts of the `oneOf`s on the way to a node | [`MAX_BRANCH_PRODUCT`] = 65 536 | `too_many_branches` |
//! | a `pattern`'s source | [`MAX_PATTERN_LEN`] = 16 KiB | `invalid_pattern` |
//! | nested groups and classes in a `pattern` (after translation: `\d`, `\w`, `\s` and `.` are classes) | [`MAX_NESTING`] = 64 | `invalid_pattern` |
//! | a `pattern`'s compiled program | [`MAX_COMPILED_SIZE`] = 2 MiB | `invalid_pattern` |
//! | a repetition count in a `pattern` (`{n}`, `{n,m}`) | `u32::MAX` (the `regex` crate's) | `invalid_pattern` |
//!
//! Why the branch product: a `oneOf` checks the value against every branch,
//! so a `oneOf` inside a branch of another checks its part of the value
//! once per outer branch. Bounding the product bounds how often any part of
//! a value is looked at, which keeps validation linear in the value's size.
//!
//! There is no bound on the arguments themselves: validation is linear in
//! their size (times at most the branch product), never recurses deeper
//! than the schema, and allocates nothing on a valid payload. JSON *text*
//! (the schema in [`ToolArgsSchema::from_json_str`], arguments read by the
//! caller) keeps serde_json's own nesting limit of 128 levels, which a
//! schema of [`MAX_DEPTH`] nodes fits within. Linting compares the
//! branches of each `oneOf` pairwise, which the branch bound keeps small.
//!

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod change;
mod checked;
mod convert;
mod diagnostic;
mod error;
mod export;
mod intake;
mod lint;
mod message;
mod numeric;
mod parse;
mod pattern;
pub mod pointer;
pub mod schema;
mod small_string;
mod tool_args;
mod tool_args_schema;
mod validate;

pub use change::{Change, ChangeCode, ChangeSeverity, Effect};
pub use checked::{Checked, CheckedWith};
pub use convert::{convert, ConvertError, ConvertErrorCode, ConvertReason, Converted};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use error::SchemaError;
pub use export::{Exported, ExportedTool, Profile, ToolDefinition, ToolNameError, UnknownProfile};
pub use intake::{Coerce, Intake, RefuseUnknown, ReportOnly, UnknownProperty};
pub use lint::lint;
pub use parse::{MAX_BRANCHES, MAX_BRANCH_PRODUCT, MAX_DEPTH, MAX_ENUM_VALUES, MAX_PROPERTIES};
pub use pattern::{Pattern, PatternError, MAX_COMPILED_SIZE, MAX_NESTING, MAX_PATTERN_LEN};
pub use schema::{NodeKind, SchemaNode};
#[doc(hidden)]
pub use tool_args::__private;
/// Schemas for the `time` crate's serde forms (feature `time`).
#[cfg(feature = "time")]
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
pub use tool_args::time;
pub use tool_args::{kind, ArgsError, DeserializeError, ToolArgs, ToolArgsNode};
pub use tool_args_schema::ToolArgsSchema;
pub use validate::{ValidationError, ValidationErrors};

/// Derives [`ToolArgs`] (for a struct with named fields) and the field
/// schema that nests a type in another derived type. See [`ToolArgs`].
pub use pedelec_schema_derive::ToolArgs;

/// The examples of the README that crates.io and docs.rs show, run as doc
/// tests so that they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
