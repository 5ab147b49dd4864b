//! Tool definitions in each provider's shape, and the typed path of
//! derived types: `T::tool_definition` and `T::from_provider_args`.

// The types exist for their schemas; not every field is read back.
#![allow(dead_code)]

use pedelec_schema::{ArgsError, Profile, ToolArgs, ToolArgsSchema, ToolDefinition};
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

#[test]
fn each_provider_gets_its_tool_shape() {
    let description = "Moves a shape on the canvas.";
    let mcp = tool(Profile::Mcp);
    assert_eq!(
        mcp,
        json!({"name": "move_shape", "description": description,
               "inputSchema": MoveShape::schema().to_value()})
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
    assert_eq!(
        openai["parameters"],
        MoveShape::schema().export(Profile::OpenAiStrict).schema
    );
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
    assert_eq!(
        exported.changes,
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
fn names_every_provider_refuses_are_errors() {
    let error = MoveShape::tool_definition("move shape").unwrap_err();
    assert_eq!(error.name(), "move shape");
    assert_eq!(
        error.to_string(),
        "tool name \"move shape\" has a character no provider takes; a name is 1 to 64 ASCII \
         letters, digits, `_` and `-`, starting with a letter or `_`"
    );
    assert!(MoveShape::tool_definition(&"m".repeat(65)).is_err());
    assert!(MoveShape::tool_definition(&"m".repeat(64)).is_ok());
}

#[test]
fn openai_nulls_are_read_as_absent_properties() {
    let sent = json!({
        "shapeId": "s1",
        "destination": {"x": 1, "y": 2.5, "label": null},
        "rotate": null
    });
    let call = MoveShape::from_provider_args(Profile::OpenAiStrict, sent.clone()).unwrap();
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
        }
    );
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
