//! One derived type, exported to every hosted provider: the tool
//! definition each one takes, what each export changed, and a call from
//! OpenAI strict mode read back into the type; then the grammar a local
//! engine (llama.cpp) constrains decoding with.
//!
//! Run it with `cargo run --example export`.

use pedelec_schema::{GrammarFormat, Profile, ToolArgs};
use serde::Deserialize;
use serde_json::json;

/// Moves a shape on the canvas.
#[derive(Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
struct MoveShape {
    #[tool_args(min_length = 1)]
    shape_id: String,
    /// How far to rotate, in degrees.
    #[tool_args(minimum = -180, maximum = 180)]
    rotate: Option<i16>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let tool = MoveShape::tool_definition("move_shape")?;
    let hosted = [
        Profile::Mcp,
        Profile::OpenAiStrict,
        Profile::OpenAiChat,
        Profile::AnthropicStrict,
        Profile::Gemini,
        Profile::GeminiOpenApi,
    ];
    for profile in hosted {
        let exported = tool.export(profile);
        println!("== {profile}");
        println!("{}", serde_json::to_string(&exported.definition)?);
        for change in &exported.changes {
            println!("  {change}");
        }
    }

    // OpenAI strict mode makes `rotate` required and nullable; the model
    // sends `null` to leave it out, and `from_provider_args` reads that as
    // "left out".
    let args = json!({"shapeId": "s1", "rotate": null});
    let call = MoveShape::from_provider_args(Profile::OpenAiStrict, args)?;
    println!(
        "\nfrom OpenAI: shape_id {:?}, rotate {:?}",
        call.shape_id, call.rotate
    );

    // A local engine masks tokens with a grammar instead: every text it
    // lets the model write is a valid call.
    let grammar = MoveShape::schema().grammar(GrammarFormat::Gbnf);
    println!("\n== gbnf (llama.cpp)\n{}", grammar.text);
    for change in &grammar.changes {
        println!("  {change}");
    }
    Ok(())
}
