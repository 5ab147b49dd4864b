//! A streamed tool call, checked while the model is still writing it:
//! recorded `arguments` deltas replayed into `WriteFile::stream()`.
//!
//! The recordings are OpenAI Responses API events,
//! `{"type": "response.function_call_arguments.delta", "delta": "..."}`, as
//! a provider sends them: a few tokens each, cut anywhere (inside a key,
//! between a `\` and the letter it escapes). The same loop serves chat
//! completions' `choices[0].delta.tool_calls[0].function.arguments`.
//!
//! - A valid call: a progress line as each property completes or, in the
//!   long `content`, every 128 bytes (what is complete, the JSON Pointer
//!   being written, the bytes so far), then the arguments read into the type.
//! - A bad call, the same with `"mode": "replace"`, which no value of the
//!   enum starts with: the stream refuses in the delta that brings it, long
//!   before `content` arrives, and the handler answers with the
//!   agent-facing error object without waiting for the rest. The offset
//!   given is the `r`'s: the first byte no completion can pass.
//!
//! Run it with `cargo run --example stream_call`.

use pedelec_schema::{ArgsError, Partial, Progress, ToolArgs};
use serde::Deserialize;
use serde_json::Value;

/// Writes a text file in the workspace.
#[derive(Debug, Deserialize, ToolArgs)]
struct WriteFile {
    /// The file, relative to the workspace root.
    #[tool_args(min_length = 1, max_length = 256)]
    path: String,
    mode: Mode,
    /// The file's text.
    #[tool_args(max_length = 65536)]
    content: String,
}

/// What happens to a file that exists.
#[derive(Debug, Deserialize, ToolArgs)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Create,
    Overwrite,
    Append,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    valid_call()?;
    bad_call()?;
    Ok(())
}

fn valid_call() -> Result<(), Box<dyn std::error::Error>> {
    let deltas = deltas(VALID_CALL)?;
    println!(
        "== a valid call: {} deltas, {} bytes",
        deltas.len(),
        total(&deltas)
    );
    let mut stream = WriteFile::stream();
    let mut shown = (0, String::new());
    let mut next_line = 0;
    for delta in &deltas {
        stream.feed(delta)?;
        let progress = stream.progress();
        let now = (progress.properties().count(), progress.path());
        // A line when what is complete or being written changes, and every
        // 128 bytes inside a long value.
        if now != shown || progress.bytes() >= next_line {
            println!(
                "  {:>3} bytes  {}",
                progress.bytes(),
                progress_line(&progress)
            );
            next_line = progress.bytes() + 128;
            shown = now;
        }
    }
    let call = stream.finish()?;
    println!(
        "finished: WriteFile {{ path: {:?}, mode: {:?}, content: {} lines, {} chars }}",
        call.path,
        call.mode,
        call.content.lines().count(),
        call.content.chars().count()
    );
    Ok(())
}

fn bad_call() -> Result<(), Box<dyn std::error::Error>> {
    // The same recording, where the model chose a mode the tool does not
    // have: one delta differs.
    let bad_call = VALID_CALL.replace(r#""overwrite\",\"content""#, r#""replace\",\"content""#);
    assert_ne!(
        bad_call, VALID_CALL,
        "the recording has the delta to change"
    );
    let deltas = deltas(&bad_call)?;
    let total = total(&deltas);
    println!("\n== a bad call: {} deltas, {total} bytes", deltas.len());
    let mut stream = WriteFile::stream();
    for (index, delta) in deltas.iter().enumerate() {
        let Err(error) = stream.feed(delta) else {
            continue;
        };
        let at = stream.refused_at().expect("a refused stream says where");
        println!(
            "refused in delta {} of {} ({delta:?}), at byte {at}",
            index + 1,
            deltas.len()
        );
        println!(
            "{} bytes of the recording were never needed; the handler answers now:",
            total - (at + 1)
        );
        println!("{}", serde_json::to_string_pretty(&error.to_response())?);
        // The stream stays refused, and never gives arguments.
        assert!(matches!(stream.finish(), Err(ArgsError::Invalid(_))));
        return Ok(());
    }
    Err("the bad call was not refused".into())
}

/// The `arguments` deltas of a recording.
fn deltas(recording: &str) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let events: Vec<Value> = serde_json::from_str(recording)?;
    Ok(events
        .iter()
        .filter(|event| event["type"] == "response.function_call_arguments.delta")
        .filter_map(|event| event["delta"].as_str().map(String::from))
        .collect())
}

fn total(deltas: &[String]) -> usize {
    deltas.iter().map(String::len).sum()
}

/// What is complete at the top, and what is being written.
fn progress_line(progress: &Progress<'_>) -> String {
    let done: Vec<&str> = progress.properties().map(|(name, _)| name).collect();
    let writing = match (progress.value(), progress.open().last()) {
        (Some(_), _) => "the arguments are complete".to_owned(),
        (_, Some(Partial::String(text))) => {
            format!(
                "writing {} ({} chars so far)",
                progress.path(),
                text.chars().count()
            )
        }
        (_, Some(Partial::Object { key: None, .. })) => "between properties".to_owned(),
        _ => format!("writing {}", progress.path()),
    };
    format!("complete [{}], {writing}", done.join(", "))
}

/// A valid call of `write_file`, as the provider streamed it.
const VALID_CALL: &str = r##"[
{"type":"response.function_call_arguments.delta","delta":"{\"path"},
{"type":"response.function_call_arguments.delta","delta":"\":\""},
{"type":"response.function_call_arguments.delta","delta":"docs/RELEASING"},
{"type":"response.function_call_arguments.delta","delta":".md"},
{"type":"response.function_call_arguments.delta","delta":"\",\"mode"},
{"type":"response.function_call_arguments.delta","delta":"\":\""},
{"type":"response.function_call_arguments.delta","delta":"overwrite\",\"content"},
{"type":"response.function_call_arguments.delta","delta":"\":\"# Release"},
{"type":"response.function_call_arguments.delta","delta":" checklist"},
{"type":"response.function_call_arguments.delta","delta":"\\n\\"},
{"type":"response.function_call_arguments.delta","delta":"n-"},
{"type":"response.function_call_arguments.delta","delta":" ["},
{"type":"response.function_call_arguments.delta","delta":" "},
{"type":"response.function_call_arguments.delta","delta":"] Bump the"},
{"type":"response.function_call_arguments.delta","delta":" version in"},
{"type":"response.function_call_arguments.delta","delta":" Cargo"},
{"type":"response.function_call_arguments.delta","delta":".toml\\"},
{"type":"response.function_call_arguments.delta","delta":"n-"},
{"type":"response.function_call_arguments.delta","delta":" ["},
{"type":"response.function_call_arguments.delta","delta":" "},
{"type":"response.function_call_arguments.delta","delta":"] Run the"},
{"type":"response.function_call_arguments.delta","delta":" benchmarks and"},
{"type":"response.function_call_arguments.delta","delta":" update"},
{"type":"response.function_call_arguments.delta","delta":" benches/README"},
{"type":"response.function_call_arguments.delta","delta":".md"},
{"type":"response.function_call_arguments.delta","delta":"\\n"},
{"type":"response.function_call_arguments.delta","delta":"-"},
{"type":"response.function_call_arguments.delta","delta":" [ "},
{"type":"response.function_call_arguments.delta","delta":"] Tag"},
{"type":"response.function_call_arguments.delta","delta":" the"},
{"type":"response.function_call_arguments.delta","delta":" release: git"},
{"type":"response.function_call_arguments.delta","delta":" tag "},
{"type":"response.function_call_arguments.delta","delta":"-s"},
{"type":"response.function_call_arguments.delta","delta":" v"},
{"type":"response.function_call_arguments.delta","delta":"0.2"},
{"type":"response.function_call_arguments.delta","delta":".0"},
{"type":"response.function_call_arguments.delta","delta":"\\"},
{"type":"response.function_call_arguments.delta","delta":"n- "},
{"type":"response.function_call_arguments.delta","delta":"[ "},
{"type":"response.function_call_arguments.delta","delta":"] Publish"},
{"type":"response.function_call_arguments.delta","delta":" the"},
{"type":"response.function_call_arguments.delta","delta":" derive first,"},
{"type":"response.function_call_arguments.delta","delta":" then the"},
{"type":"response.function_call_arguments.delta","delta":" library"},
{"type":"response.function_call_arguments.delta","delta":"\\n\\"},
{"type":"response.function_call_arguments.delta","delta":"nNotes:"},
{"type":"response.function_call_arguments.delta","delta":" the stream"},
{"type":"response.function_call_arguments.delta","delta":" refuses"},
{"type":"response.function_call_arguments.delta","delta":" a bad call"},
{"type":"response.function_call_arguments.delta","delta":" at its"},
{"type":"response.function_call_arguments.delta","delta":" first"},
{"type":"response.function_call_arguments.delta","delta":" impossible byte.\\"},
{"type":"response.function_call_arguments.delta","delta":"n\"}"}
]"##;
