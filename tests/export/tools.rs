//! Tool definitions in each provider's shape, and the typed path of
//! derived types: `T::tool_definition` and `T::from_provider_args`.

// The types exist for their schemas; not every field is read back.
#![allow(dead_code)]

use pedelec_schema::{
    ArgsError, Effect, GrammarFormat, Profile, ToolAnnotations, ToolArgs, ToolArgsSchema,
    ToolDefinition,
};
use serde::Deserialize;
use serde_json::{json, Value};

/// Moves a shape on the canvas.
#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
#[serde(rename_all = "camelCase")]
struct MoveShape {
    #[tool_args(min_length = 1)]
    shape_id: String,
    /// Where the shape's origin goes.
    destination: Point,
    /// How far to rotate, in degrees.
    #[tool_args(minimum = -180, maximum = 180)]
    rotate: Option<i16>,
}

#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
struct Point {
    x: f64,
    y: f64,
    label: Option<String>,
}

/// The keys of a JSON object (serde_json sorts them).
fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

fn tool(profile: Profile) -> Value {
    MoveShape::tool_definition("move_shape")
        .unwrap()
        .export(profile)
        .definition
        .into_value()
}

/// `value` without its `description`: a tool's arguments' schema, whose
/// root description is the tool's.
fn without_description(mut value: Value) -> Value {
    value.as_object_mut().unwrap().remove("description");
    value
}

#[test]
fn each_provider_gets_its_tool_shape() {
    let description = "Moves a shape on the canvas.";
    let mcp = tool(Profile::Mcp);
    assert_eq!(
        mcp,
        json!({"name": "move_shape", "description": description,
               "inputSchema": without_description(MoveShape::schema().to_value())})
    );
    let openai = tool(Profile::OpenAiStrict);
    assert_eq!(
        keys(&openai),
        ["description", "name", "parameters", "strict", "type"]
    );
    assert_eq!(
        (&openai["type"], &openai["strict"]),
        (&json!("function"), &json!(true))
    );
    let strict_schema = MoveShape::schema().export(Profile::OpenAiStrict).schema;
    assert_eq!(
        openai["parameters"],
        without_description(strict_schema.to_value())
    );
    // Chat Completions: the same function, its fields under `function`.
    let chat = tool(Profile::OpenAiChat);
    assert_eq!(keys(&chat), ["function", "type"]);
    assert_eq!(chat["type"], "function");
    let mut responses = openai.clone();
    responses.as_object_mut().unwrap().remove("type");
    assert_eq!(chat["function"], responses);
    let anthropic = tool(Profile::AnthropicStrict);
    assert_eq!(
        keys(&anthropic),
        ["description", "input_schema", "name", "strict"]
    );
    assert_eq!(anthropic["strict"], true);
    let gemini = tool(Profile::GeminiOpenApi);
    assert_eq!(keys(&gemini), ["description", "name", "parameters"]);
    assert_eq!(
        gemini["parameters"]["propertyOrdering"],
        json!(["shapeId", "destination", "rotate"])
    );
}

#[test]
fn a_tool_keeps_the_schema_changes_and_its_own() {
    let exported = MoveShape::tool_definition("move_shape")
        .unwrap()
        .export(Profile::OpenAiStrict);
    // The schema's changes, after the one of the tool: the root
    // description written once, as the tool's.
    let (first, rest) = exported.changes.split_first().unwrap();
    assert_eq!(
        (first.pointer.as_str(), first.code.as_str()),
        ("/description", "root_description_omitted")
    );
    assert_eq!(
        rest,
        MoveShape::schema().export(Profile::OpenAiStrict).changes
    );
    // A tool without arguments: Gemini's OpenAPI field is left unset, as
    // `FunctionDeclaration` allows.
    let schema =
        ToolArgsSchema::from_value(&json!({"type": "object", "properties": {}, "required": []}))
            .unwrap();
    let bare = ToolDefinition::new("ping", schema).unwrap();
    assert_eq!(bare.description(), None);
    let gemini = bare.export(Profile::GeminiOpenApi);
    assert_eq!(gemini.definition, json!({"name": "ping"}));
    let codes: Vec<&str> = gemini.changes.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(codes, ["empty_keywords_omitted", "parameters_omitted"]);
    let openai = bare
        .with_description("Checks the server.")
        .export(Profile::OpenAiStrict);
    assert_eq!(
        openai.definition,
        json!({"type": "function", "name": "ping", "description": "Checks the server.",
               "parameters": {"type": "object", "properties": {}, "required": [],
                              "additionalProperties": false},
               "strict": true})
    );
}

#[test]
fn names_no_provider_takes_are_refused() {
    let error = MoveShape::tool_definition("move shape").unwrap_err();
    assert_eq!(error.name(), "move shape");
    assert_eq!(
        error.to_string(),
        "tool name \"move shape\" has a character no provider takes; a name is 1 to 128 ASCII \
         letters, digits, `_`, `-` and `.` (MCP's rule; OpenAI and Anthropic take no `.` and at \
         most 64)"
    );
    assert!(MoveShape::tool_definition(&"m".repeat(129)).is_err());
    assert!(MoveShape::tool_definition(&"m".repeat(128)).is_ok());
    assert!(MoveShape::tool_definition("canvas:move").is_err());
}

/// A caller's string that a message echoes - a tool name, a profile's or a
/// grammar format's name - is quoted only so far, however long it is: a
/// million characters give a message of a few hundred bytes (the npm
/// package throws these messages as its `TypeError`s).
#[test]
fn a_message_quotes_a_bounded_part_of_a_long_name() {
    let long = "é".repeat(1_000_000);
    let name = ToolDefinition::new(long.as_str(), MoveShape::schema().clone()).unwrap_err();
    assert_eq!(name.name(), long);
    let profile = long.parse::<Profile>().unwrap_err();
    let format = long.parse::<GrammarFormat>().unwrap_err();
    for (message, quoted) in [
        (name.to_string(), 128),
        (profile.to_string(), 40),
        (format.to_string(), 40),
    ] {
        assert!(message.len() < 600, "{} bytes", message.len());
        let shown = format!("\"{}\"…", "é".repeat(quoted));
        assert!(message.contains(&shown), "{message}");
    }
}

/// A name MCP takes and some provider refuses: every export is written,
/// and those of the providers that refuse it carry the error.
#[test]
fn a_name_a_provider_refuses_is_an_error_in_that_export_only() {
    let refusing = |name: &str| -> Vec<Profile> {
        let tool = MoveShape::tool_definition(name).unwrap();
        Profile::ALL
            .iter()
            .copied()
            .filter(|&profile| {
                let exported = tool.export(profile);
                assert_eq!(
                    exported
                        .definition
                        .to_value()
                        .pointer(name_at(profile))
                        .unwrap(),
                    name
                );
                exported
                    .changes
                    .iter()
                    .any(|change| change.code.as_str() == "tool_name_refused")
                    && exported.has_errors()
            })
            .collect()
    };
    assert_eq!(
        refusing("canvas.move_shape"),
        [
            Profile::OpenAiStrict,
            Profile::OpenAiChat,
            Profile::AnthropicStrict
        ]
    );
    assert_eq!(
        refusing("2d_move"),
        [Profile::Gemini, Profile::GeminiOpenApi]
    );
    let long = "m".repeat(100);
    assert_eq!(
        refusing(&long),
        [
            Profile::OpenAiStrict,
            Profile::OpenAiChat,
            Profile::AnthropicStrict,
            Profile::Gemini,
            Profile::GeminiOpenApi
        ]
    );
    assert_eq!(refusing("move_shape"), []);
}

/// Where each shape writes the tool's name.
fn name_at(profile: Profile) -> &'static str {
    match profile {
        Profile::OpenAiChat
        | Profile::Llguidance
        | Profile::Xgrammar
        | Profile::Outlines
        | Profile::LlamaCpp => "/function/name",
        _ => "/name",
    }
}

/// The result of `move_shape`.
#[derive(Debug, serde::Serialize, ToolArgs)]
#[tool_args(output)]
struct Moved {
    /// Where the shape is now.
    at: Point2,
}

#[derive(Debug, serde::Serialize, ToolArgs)]
#[tool_args(output)]
struct Point2 {
    x: f64,
    y: f64,
}

#[test]
fn mcp_writes_title_output_schema_and_annotations_in_the_tools_order() {
    let tool = MoveShape::tool_definition("move_shape")
        .unwrap()
        .with_title("Move a shape")
        .with_output_schema(Moved::schema().clone())
        .with_annotations(ToolAnnotations {
            idempotent_hint: Some(true),
            open_world_hint: Some(false),
            ..Default::default()
        });
    let mcp = tool.export(Profile::Mcp);
    let codes: Vec<&str> = mcp.changes.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(codes, ["root_description_omitted"]);
    assert!(mcp.output_changes.is_empty());
    let keys: Vec<&str> = mcp.definition.keys().collect();
    assert_eq!(
        keys,
        [
            "name",
            "title",
            "description",
            "inputSchema",
            "outputSchema",
            "annotations"
        ]
    );
    assert_eq!(mcp.definition["outputSchema"], Moved::schema().to_value());
    assert_eq!(
        mcp.definition["annotations"],
        json!({"idempotentHint": true, "openWorldHint": false})
    );
    // The other shapes have no title or hints; those without a place for
    // an output schema say that they left it out.
    for profile in [
        Profile::OpenAiStrict,
        Profile::OpenAiChat,
        Profile::AnthropicStrict,
        Profile::Llguidance,
    ] {
        let exported = tool.export(profile);
        let text = exported.definition.to_string();
        for absent in ["Move a shape", "Hint", "Where the shape is now"] {
            assert!(!text.contains(absent), "{profile}: {text}");
        }
        let codes: Vec<&str> = exported
            .output_changes
            .iter()
            .map(|c| c.code.as_str())
            .collect();
        assert_eq!(codes, ["output_schema_omitted"], "{profile}");
        assert!(!exported.has_errors());
    }
}

#[test]
fn mcp_closes_the_schema_of_a_tool_without_arguments() {
    let schema =
        ToolArgsSchema::from_value(&json!({"type": "object", "description": "Checks the server."}))
            .unwrap();
    let exported = schema.export(Profile::Mcp);
    assert_eq!(
        exported.schema.to_string(),
        r#"{"type":"object","additionalProperties":false,"description":"Checks the server."}"#
    );
    let found: Vec<(&str, &str, Effect)> = exported
        .changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.code.as_str(), c.effect))
        .collect();
    assert_eq!(found, [("", "closed_without_arguments", Effect::Narrows)]);
    // What the closed schema means, read by the `jsonschema` crate: `{}`
    // only, where our own schema takes any object.
    let oracle = jsonschema::validator_for(&exported.schema.to_value()).unwrap();
    assert!(oracle.is_valid(&json!({})));
    assert!(!oracle.is_valid(&json!({"verbose": true})));
    assert!(schema.validate(&json!({"verbose": true})).is_ok());
    // An output schema without properties stays open: a client checks
    // results against it, and must take what the server's check takes.
    let tool = ToolDefinition::new("ping", schema.clone())
        .unwrap()
        .with_output_schema(schema);
    let mcp = tool.export(Profile::Mcp).definition;
    assert_eq!(mcp["inputSchema"]["additionalProperties"], false);
    assert_eq!(mcp["outputSchema"].get("additionalProperties"), None);
}

/// Both OpenAI profiles make optional properties required and nullable,
/// so both take the `null`s out again: the Chat Completions profile is no
/// different from the Responses one on the way back.
#[test]
fn openai_nulls_are_read_as_absent_properties() {
    let sent = json!({
        "shapeId": "s1",
        "destination": {"x": 1, "y": 2.5, "label": null},
        "rotate": null
    });
    for profile in [Profile::OpenAiStrict, Profile::OpenAiChat] {
        let call = MoveShape::from_provider_args(profile, sent.clone()).unwrap();
        assert_eq!(
            call,
            MoveShape {
                shape_id: "s1".into(),
                destination: Point {
                    x: 1.0,
                    y: 2.5,
                    label: None
                },
                rotate: None
            },
            "{profile}"
        );
        let mut args = sent.clone();
        MoveShape::schema().normalize(profile, &mut args);
        assert_eq!(
            args,
            json!({"shapeId": "s1", "destination": {"x": 1, "y": 2.5}}),
            "{profile}"
        );
    }
    // Without normalizing, `null` is refused, as the MCP schema says.
    let error = MoveShape::from_provider_args(Profile::Mcp, sent).unwrap_err();
    let paths: Vec<String> = error.errors().iter().map(|e| e.path()).collect();
    assert_eq!(paths, ["/destination/label", "/rotate"]);
}

#[test]
fn normalizing_never_hides_a_bad_call() {
    // A required property sent as `null` stays `null`, and is refused.
    let sent = json!({"shapeId": null, "destination": {"x": 1, "y": 2}, "rotate": 500});
    let error = MoveShape::from_provider_args(Profile::OpenAiStrict, sent).unwrap_err();
    let ArgsError::Invalid(errors) = error else {
        panic!("expected validation errors");
    };
    let found: Vec<(String, &str)> = errors
        .errors()
        .iter()
        .map(|e| (e.path(), e.keyword()))
        .collect();
    assert_eq!(
        found,
        [
            ("/rotate".to_owned(), "maximum"),
            ("/shapeId".to_owned(), "type")
        ]
    );
}

/// `openai-chat` is OpenAI strict mode in the Chat Completions tool:
/// `{"type": "function", "function": {"name", "description", "parameters",
/// "strict": true}}`, in that order, with the schema `openai-strict`
/// writes and the same changes.
#[test]
fn openai_chat_writes_the_chat_completions_function() {
    let tool = MoveShape::tool_definition("move_shape").unwrap();
    let chat = tool.export(Profile::OpenAiChat);
    let responses = tool.export(Profile::OpenAiStrict);
    let outer: Vec<&str> = chat.definition.keys().collect();
    assert_eq!(outer, ["type", "function"]);
    let function = &chat.definition["function"];
    let inner: Vec<&str> = function.keys().collect();
    assert_eq!(inner, ["name", "description", "parameters", "strict"]);
    assert_eq!(function["strict"], true);
    assert_eq!(function["parameters"], responses.definition["parameters"]);
    assert_eq!(chat.changes, responses.changes);
    assert_eq!(
        MoveShape::schema().export(Profile::OpenAiChat),
        MoveShape::schema().export(Profile::OpenAiStrict)
    );
}

/// A derived tool's doc comment is its description, and the model reads
/// it once: in every profile's tool the text appears once, and a
/// `root_description_omitted` change at `/description` says the schema
/// left it out. The bare schema's export, with no tool around it, keeps
/// it.
#[test]
fn a_derived_tools_description_is_sent_once_in_every_profile() {
    let doc = "Moves a shape on the canvas.";
    let tool = MoveShape::tool_definition("move_shape").unwrap();
    assert_eq!(tool.description(), Some(doc));
    for &profile in Profile::ALL {
        let exported = tool.export(profile);
        let text = exported.definition.to_string();
        assert_eq!(text.matches(doc).count(), 1, "{profile}: {text}");
        let omitted: Vec<(&str, Effect)> = exported
            .changes
            .iter()
            .filter(|c| c.code.as_str() == "root_description_omitted")
            .map(|c| (c.pointer.as_str(), c.effect))
            .collect();
        assert_eq!(omitted, [("/description", Effect::Lossless)], "{profile}");
        let bare = MoveShape::schema().export(profile).schema.to_string();
        assert!(bare.contains(doc), "{profile}: {bare}");
    }
}

/// A root `description` that is not the tool's says something of its own:
/// it stays in the arguments' schema, beside the tool's description, and
/// no change is reported. So does one the tool has no description beside.
#[test]
fn a_root_description_that_differs_from_the_tools_stays() {
    let doc = "Moves a shape on the canvas.";
    let tool = MoveShape::tool_definition("move_shape")
        .unwrap()
        .with_description("Moves one shape; see the canvas docs.");
    let schema = ToolArgsSchema::from_value(&json!({"type": "object",
        "properties": {"q": {"type": "string"}}, "description": "The search's terms."}))
    .unwrap();
    let hand_written = ToolDefinition::new("search", schema)
        .unwrap()
        .with_description("Searches the notes.");
    for &profile in Profile::ALL {
        for (tool, tool_text, root_text) in [
            (&tool, "Moves one shape; see the canvas docs.", doc),
            (&hand_written, "Searches the notes.", "The search's terms."),
        ] {
            let exported = tool.export(profile);
            let text = exported.definition.to_string();
            assert_eq!(text.matches(tool_text).count(), 1, "{profile}: {text}");
            assert_eq!(text.matches(root_text).count(), 1, "{profile}: {text}");
            assert!(
                exported
                    .changes
                    .iter()
                    .all(|c| c.code.as_str() != "root_description_omitted"),
                "{profile}"
            );
        }
    }
}

/// A request's `tools` field: every tool as `export` writes it, in order,
/// in an array, but for Gemini's two profiles, whose request holds one
/// `Tool` declaring every function.
#[test]
fn the_tools_of_a_request_are_each_export_in_the_fields_shape() {
    let schema = ToolArgsSchema::from_value(&json!({"type": "object"})).unwrap();
    let ping = ToolDefinition::new("ping", schema)
        .unwrap()
        .with_description("Checks the server.");
    let tools = [MoveShape::tool_definition("move_shape").unwrap(), ping];
    for &profile in Profile::ALL {
        let exported = ToolDefinition::export_all(&tools, profile);
        let each: Vec<_> = tools.iter().map(|tool| tool.export(profile)).collect();
        assert_eq!(exported.each, each, "{profile}");
        let definitions: Vec<Value> = each.iter().map(|tool| tool.definition.to_value()).collect();
        let expected = match profile {
            Profile::Gemini | Profile::GeminiOpenApi => {
                json!([{"functionDeclarations": definitions}])
            }
            _ => Value::Array(definitions),
        };
        assert_eq!(exported.tools, expected, "{profile}");
        // In the order given, each definition in its own key order.
        let text = exported.tools.to_string();
        let at = |name: &str| text.find(&format!("\"name\":\"{name}\"")).unwrap();
        assert!(at("move_shape") < at("ping"), "{profile}: {text}");
        for tool in &each {
            assert!(text.contains(&tool.definition.to_string()), "{profile}");
        }
        assert!(!exported.has_errors(), "{profile}");
        // No tools: an empty field, with no empty Gemini `Tool` in it.
        let none = ToolDefinition::export_all(&[], profile);
        assert_eq!((none.tools, none.each), (json!([]).into(), Vec::new()));
    }
    // A refused name is the request's error too.
    let dotted = ToolDefinition::new(
        "notes.search",
        ToolArgsSchema::from_value(&json!({"type": "object"})).unwrap(),
    )
    .unwrap();
    assert!(
        ToolDefinition::export_all(std::slice::from_ref(&dotted), Profile::OpenAiChat).has_errors()
    );
    assert!(!ToolDefinition::export_all(&[dotted], Profile::Mcp).has_errors());
}
