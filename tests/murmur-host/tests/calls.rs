//! The notes tool component run by wasmtime: every call of
//! `examples/murmur-tool/tests/calls.json` in order on one instance - notes
//! appended and read back across calls, a note that does not exist, a
//! call the schema refuses, a cut-short call (never run: the note is
//! unchanged after it), text that is not JSON, 1 MB of text, 100,000 nested
//! brackets, a lone surrogate escape, `null`, no data, and a read cut at
//! the tool's limit - each answered with its result and no trap.
//!
//! `MURMUR_BLESS=1` writes the results into the file instead (review the
//! diff); the Node host (`examples/murmur-tool/node/host.test.mjs`) must
//! give the same records.

use pedelec_murmur_host::{calls_path, component_path, data_of, Host};
use serde_json::Value;

#[test]
fn every_call_gives_the_result_it_should_on_one_instance() {
    let path = calls_path();
    let mut calls: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("calls.json")).expect("JSON");
    let mut host = Host::new(&component_path()).expect("the component loads");
    let bless = std::env::var("MURMUR_BLESS").is_ok_and(|v| v == "1");
    let mut wrong = Vec::new();
    for call in &mut calls {
        let name = call["name"].as_str().unwrap_or_default().to_owned();
        let result = host
            .run(data_of(call).as_deref())
            .unwrap_or_else(|trap| panic!("{name}: trapped: {trap:?}"));
        if bless {
            call["result"] = result;
        } else if call["result"] != result {
            wrong.push(format!(
                "{name}:\n  expected {}\n  got      {result}",
                call["result"]
            ));
        }
    }
    if bless {
        let text = serde_json::to_string_pretty(&calls).expect("JSON") + "\n";
        std::fs::write(&path, text).expect("calls.json written");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What the results say, beyond equality with the file: the refusals are
/// `error` with the agent-facing document as `data`, the good calls carry
/// the metadata the WIT reserves, and a long read is cut on a character
/// boundary.
#[test]
fn refusals_carry_the_error_document_and_good_calls_their_effect() {
    let mut host = Host::new(&component_path()).expect("the component loads");
    let refused = host
        .run(Some(r#"{"path": "../x", "append": ""}"#))
        .expect("no trap");
    assert_eq!(refused["status"], "error");
    let document: Value = serde_json::from_str(refused["data"].as_str().unwrap()).unwrap();
    assert_eq!(document["error"]["code"], "INVALID_ARGS");
    assert_eq!(document["error"]["errors"].as_array().unwrap().len(), 2);
    assert_eq!(refused["summary"], document["error"]["message"]);

    let appended = host
        .run(Some(&format!(
            r#"{{"path": "a.md", "append": "{}"}}"#,
            "€".repeat(700)
        )))
        .expect("no trap");
    assert_eq!(appended["status"], "passed");
    assert_eq!(
        appended["metadata"],
        serde_json::json!([["state_effect", "mutate"], ["resource_id", "note:a.md"]])
    );
    let read = host.run(Some(r#"{"path": "a.md"}"#)).expect("no trap");
    assert_eq!(read["truncated"], true);
    // 2,101 bytes (700 three-byte characters and a newline), cut at the
    // last character boundary within 1,024 bytes.
    assert_eq!(read["data"].as_str().unwrap().len(), 1023);
    assert_eq!(
        read["metadata"][0],
        serde_json::json!(["state_effect", "read"])
    );
}
