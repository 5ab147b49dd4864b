//! The engine profiles (llguidance, XGrammar, outlines-core, llama.cpp):
//! each rule of each profile on a schema that needs it, with the schema it
//! writes and the change it reports; and every real-world schema, after
//! `convert`, exported for each engine: the export is JSON Schema to the
//! `jsonschema` crate, and each pattern rewritten with a lossless change
//! accepts exactly the strings the original accepts.

use crate::export_rules::is_engine;

use pedelec_schema::{convert, Effect, Exported, Profile, ToolArgsSchema, ToolDefinition};
use pedelec_testdata::{realworld, realworld_more};
use serde_json::{json, Value};

const ENGINES: [Profile; 4] = [
    Profile::Llguidance,
    Profile::Xgrammar,
    Profile::Outlines,
    Profile::LlamaCpp,
];

/// The engines that match a pattern against the whole string.
const FULL_MATCH: [Profile; 3] = [Profile::Xgrammar, Profile::Outlines, Profile::LlamaCpp];

/// Any character, as the full-match rewrite spells it.
const ANY: &str = r"(?:.|[\n\r\u2028\u2029])";

/// A root with one required property `p` of `node`, exported for `profile`.
fn export(node: Value, profile: Profile) -> Exported {
    let schema = json!({"type": "object", "properties": {"p": node}, "required": ["p"]});
    ToolArgsSchema::from_value(&schema).unwrap().export(profile)
}

/// The exported node of `p`.
fn p(exported: &Exported) -> Value {
    exported.schema.to_value()["properties"]["p"].clone()
}

/// The changes as (pointer, code, effect).
fn changes(exported: &Exported) -> Vec<(&str, &str, Effect)> {
    exported
        .changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.code.as_str(), c.effect))
        .collect()
}

#[test]
fn the_engine_profiles_read_back_from_their_names() {
    let names: Vec<&str> = ENGINES.iter().map(|p| p.as_str()).collect();
    assert_eq!(names, ["llguidance", "xgrammar", "outlines", "llama-cpp"]);
    for profile in ENGINES {
        assert_eq!(profile.as_str().parse::<Profile>(), Ok(profile));
        assert!(Profile::ALL.contains(&profile));
        assert!(is_engine(profile));
    }
}

#[test]
fn every_engine_drops_unique_items() {
    let node = json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true});
    for profile in ENGINES {
        let out = export(node.clone(), profile);
        assert_eq!(p(&out).get("uniqueItems"), None, "{profile}");
        assert_eq!(
            changes(&out),
            [(
                "/properties/p/uniqueItems",
                "unique_items_removed",
                Effect::Widens
            )],
            "{profile}"
        );
        assert_eq!(p(&out)["description"], "uniqueItems: true", "{profile}");
    }
}

#[test]
fn every_engine_gets_one_of_as_any_of_lossless_only_when_disjoint() {
    let disjoint = json!({"oneOf": [{"type": "string"}, {"type": "integer"}]});
    let overlapping = json!({"oneOf": [{"type": "number"}, {"type": "integer"}]});
    for profile in ENGINES {
        let out = export(disjoint.clone(), profile);
        assert_eq!(
            p(&out),
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]})
        );
        assert_eq!(
            changes(&out),
            [("/properties/p/oneOf", "one_of_to_any_of", Effect::Lossless)]
        );
        let out = export(overlapping.clone(), profile);
        assert_eq!(
            changes(&out),
            [(
                "/properties/p/oneOf",
                "overlapping_one_of_to_any_of",
                Effect::Widens
            )],
            "{profile}"
        );
        // Strings told apart only by their patterns: no string matches both.
        let by_pattern = json!({"oneOf": [
            {"type": "string", "pattern": "^user:[a-z]+$"},
            {"type": "string", "pattern": "^group:"}
        ]});
        let out = export(by_pattern, profile);
        assert_eq!(
            changes(&out)[0],
            ("/properties/p/oneOf", "one_of_to_any_of", Effect::Lossless),
            "{profile}"
        );
    }
}

#[test]
fn every_engine_gets_shorthands_spelled_out() {
    let out_of = |profile| {
        export(
            json!({"type": "string", "pattern": r"^\d{3}\/\w$"}),
            profile,
        )
    };
    for profile in ENGINES {
        let out = out_of(profile);
        assert_eq!(p(&out)["pattern"], "^[0-9]{3}/[0-9A-Za-z_]$", "{profile}");
        assert_eq!(
            changes(&out),
            [(
                "/properties/p/pattern",
                "pattern_respelled",
                Effect::Lossless
            )],
            "{profile}"
        );
    }
    let out = export(
        json!({"type": "string", "pattern": r"^a.\s$"}),
        Profile::Llguidance,
    );
    assert_eq!(
        p(&out)["pattern"],
        r"^a[^\n\r\u2028\u2029][\x09-\x0D\x20\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]$"
    );
}

#[test]
fn a_word_boundary_is_removed_for_every_engine() {
    for profile in ENGINES {
        let out = export(json!({"type": "string", "pattern": r"\bcat\b"}), profile);
        assert_eq!(p(&out).get("pattern"), None, "{profile}");
        assert_eq!(
            changes(&out),
            [(
                "/properties/p/pattern",
                "engine_pattern_removed",
                Effect::Widens
            )]
        );
    }
}

#[test]
fn llguidance_searches_for_patterns_and_keeps_every_bound() {
    let node = json!({"type": "string", "minLength": 2, "maxLength": 9, "pattern": "abc"});
    let out = export(node.clone(), Profile::Llguidance);
    assert_eq!(p(&out), node);
    assert!(out.changes.is_empty());
    for kind in ["integer", "number"] {
        let node = json!({"type": kind, "minimum": 1, "maximum": 5});
        let out = export(node.clone(), Profile::Llguidance);
        assert_eq!(p(&out), node);
        assert!(out.changes.is_empty());
    }
}

#[test]
fn full_match_engines_get_searches_anchored() {
    let cases = [
        ("abc", format!("^{ANY}*(?:abc){ANY}*$")),
        ("^abc", format!("^(?:abc){ANY}*$")),
        ("abc$", format!("^{ANY}*(?:abc)$")),
        ("a|b", format!("^{ANY}*(?:a|b){ANY}*$")),
    ];
    for profile in FULL_MATCH {
        for (source, written) in &cases {
            let out = export(json!({"type": "string", "pattern": source}), profile);
            assert_eq!(p(&out)["pattern"], json!(written), "{profile} {source}");
            let codes: Vec<&str> = out.changes.iter().map(|c| c.code.as_str()).collect();
            // `.` in the rewrite is ours, not the source's: no respelling.
            assert_eq!(codes, ["pattern_anchored"], "{profile} {source}");
        }
        // Already a full match: nothing to do.
        let out = export(json!({"type": "string", "pattern": "^abc$"}), profile);
        assert_eq!(p(&out)["pattern"], "^abc$");
        assert!(out.changes.is_empty());
        // An anchor inside cannot be written for a full match.
        for source in ["a^b", "^a|b$", "(^a)b"] {
            let out = export(json!({"type": "string", "pattern": source}), profile);
            assert_eq!(p(&out).get("pattern"), None, "{profile} {source}");
            assert_eq!(
                changes(&out),
                [(
                    "/properties/p/pattern",
                    "engine_pattern_removed",
                    Effect::Widens
                )]
            );
        }
    }
    let out = export(
        json!({"type": "string", "pattern": "abc"}),
        Profile::Llguidance,
    );
    assert_eq!(p(&out)["pattern"], "abc");
}

#[test]
fn full_match_engines_lose_lengths_beside_a_pattern() {
    let node = json!({"type": "string", "minLength": 2, "maxLength": 9, "pattern": "^[a-z]+$"});
    for profile in FULL_MATCH {
        let out = export(node.clone(), profile);
        assert_eq!(
            p(&out),
            json!({"type": "string", "pattern": "^[a-z]+$",
                   "description": "minLength: 2; maxLength: 9"}),
            "{profile}"
        );
        assert_eq!(
            changes(&out),
            [
                (
                    "/properties/p/minLength",
                    "min_length_removed",
                    Effect::Widens
                ),
                (
                    "/properties/p/maxLength",
                    "max_length_removed",
                    Effect::Widens
                ),
            ]
        );
        // Without a pattern, lengths stay.
        let out = export(json!({"type": "string", "maxLength": 9}), profile);
        assert_eq!(p(&out), json!({"type": "string", "maxLength": 9}));
    }
}

#[test]
fn number_bounds_follow_what_each_engine_enforces() {
    // (profile, integer bounds kept, number bounds kept)
    let expected = [
        (Profile::Llguidance, true, true),
        (Profile::Xgrammar, true, true),
        (Profile::Outlines, false, false),
        (Profile::LlamaCpp, true, false),
    ];
    for (profile, integer, number) in expected {
        for (kind, kept) in [("integer", integer), ("number", number)] {
            let node = json!({"type": kind, "minimum": 1, "maximum": 5});
            let out = export(node.clone(), profile);
            if kept {
                assert_eq!(p(&out), node, "{profile} {kind}");
                assert!(out.changes.is_empty());
            } else {
                assert_eq!(p(&out).get("minimum"), None, "{profile} {kind}");
                assert_eq!(
                    changes(&out),
                    [
                        ("/properties/p/minimum", "minimum_removed", Effect::Widens),
                        ("/properties/p/maximum", "maximum_removed", Effect::Widens),
                    ]
                );
            }
        }
    }
}

#[test]
fn llama_cpp_loses_counts_its_grammar_refuses() {
    let at_limit = |node: Value| export(node, Profile::LlamaCpp);
    let out = at_limit(json!({"type": "string", "maxLength": 1999}));
    assert!(out.changes.is_empty());
    let out = at_limit(json!({"type": "string", "maxLength": 2000}));
    assert_eq!(
        p(&out),
        json!({"type": "string", "description": "maxLength: 2000"})
    );
    assert_eq!(
        changes(&out),
        [(
            "/properties/p/maxLength",
            "max_length_removed",
            Effect::Widens
        )]
    );
    let array =
        json!({"type": "array", "items": {"type": "integer"}, "minItems": 2000, "maxItems": 3000});
    let out = at_limit(array);
    assert_eq!(
        changes(&out),
        [
            (
                "/properties/p/minItems",
                "min_items_removed",
                Effect::Widens
            ),
            (
                "/properties/p/maxItems",
                "max_items_removed",
                Effect::Widens
            ),
        ]
    );
    let out = at_limit(json!({"type": "string", "pattern": "^a{1,2000}$"}));
    assert_eq!(p(&out).get("pattern"), None);
    assert_eq!(out.changes[0].code.as_str(), "engine_pattern_removed");
    // The other engines take those counts.
    for profile in [Profile::Llguidance, Profile::Xgrammar, Profile::Outlines] {
        let out = export(json!({"type": "string", "maxLength": 5000}), profile);
        assert!(out.changes.is_empty(), "{profile}");
    }
}

#[test]
fn engines_keep_objects_open_and_annotations() {
    let node = json!({"type": "object", "properties": {"a": {"type": "string",
        "default": "x", "examples": ["x", "y"]}}, "required": []});
    for profile in ENGINES {
        let out = export(node.clone(), profile);
        assert_eq!(p(&out), node, "{profile}");
        assert!(out.changes.is_empty());
        let mut args = json!({"p": {"a": null}});
        let schema = ToolArgsSchema::from_value(&out.schema.to_value());
        assert!(schema.is_ok(), "{profile}: plain subset");
        schema.unwrap().normalize(profile, &mut args);
        assert_eq!(args, json!({"p": {"a": null}}), "normalize does nothing");
    }
}

/// An engine's tool is a Chat Completions function without `strict`, its
/// description written once (the root's is the tool's).
#[test]
fn an_engine_tool_is_a_chat_completions_function() {
    let schema = ToolArgsSchema::from_value(&json!({"type": "object",
        "properties": {"q": {"type": "string"}}, "required": ["q"], "description": "Searches."}))
    .unwrap();
    let tool = ToolDefinition::new("search", schema).unwrap();
    for profile in ENGINES {
        let definition = tool.export(profile).definition.to_value();
        assert_eq!(
            definition,
            json!({"type": "function", "function": {"name": "search", "description": "Searches.",
                "parameters": {"type": "object", "properties": {"q": {"type": "string"}},
                    "required": ["q"]}}}),
            "{profile}"
        );
    }
}

/// Strings to try a pattern on: the usual shapes, the characters the
/// respelling is about, and the pattern's own literal runs.
fn probes(pattern: &str, node: &Value) -> Vec<String> {
    let mut out: Vec<String> = [
        "",
        "a",
        "abc",
        "ABC",
        "0",
        "42",
        "9",
        "x y",
        "a\nb",
        "\r",
        "\u{2028}",
        "\t",
        "_",
        "/",
        "a/b",
        "-",
        "é",
        "٣",
        "\u{85}",
        "\u{feff}",
        "2024-01-01",
        "foo@bar.com",
        "http://x.y/z",
        "v1.2.3",
        "a-b_c",
        "Z9",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let literal: String = pattern
        .chars()
        .filter(|c| c.is_alphanumeric() || "-_/@.:".contains(*c))
        .collect();
    out.push(literal.clone());
    out.push(format!("x{literal}y"));
    for key in ["enum", "examples"] {
        if let Some(values) = node.get(key).and_then(Value::as_array) {
            out.extend(values.iter().filter_map(Value::as_str).map(str::to_owned));
        }
    }
    if let Some(default) = node.get("default").and_then(Value::as_str) {
        out.push(default.to_owned());
    }
    out
}

/// Whether `pattern` accepts `text`, as the `jsonschema` crate decides.
fn accepts(pattern: &str, text: &str) -> bool {
    jsonschema::draft202012::new(&json!({"type": "string", "pattern": pattern}))
        .unwrap_or_else(|err| panic!("{pattern:?} is no JSON Schema pattern: {err}"))
        .is_valid(&json!(text))
}

#[test]
fn every_realworld_schema_exports_for_every_engine_with_the_same_patterns() {
    let (mut exported, mut rewritten) = (0, 0);
    for (file, schemas) in realworld().into_iter().chain(realworld_more()) {
        for entry in schemas {
            let Ok(converted) = convert(&entry.schema) else {
                continue;
            };
            let ours = converted.schema.to_value();
            for profile in ENGINES {
                let out = converted.schema.export(profile);
                let theirs = out.schema.to_value();
                jsonschema::draft202012::new(&theirs).unwrap_or_else(|err| {
                    panic!("{file} {} {profile}: not JSON Schema: {err}", entry.tool)
                });
                for change in &out.changes {
                    assert!(
                        ours.pointer(&change.pointer).is_some(),
                        "{file} {} {profile}: {change}",
                        entry.tool
                    );
                    let code = change.code.as_str();
                    if code != "pattern_anchored" && code != "pattern_respelled" {
                        continue;
                    }
                    assert_eq!(change.effect, Effect::Lossless);
                    let node_at = &change.pointer[..change.pointer.len() - "/pattern".len()];
                    let node = ours.pointer(node_at).unwrap();
                    let source = node["pattern"].as_str().unwrap();
                    let written = theirs
                        .pointer(&node_at.replace("/oneOf/", "/anyOf/"))
                        .and_then(|n| n["pattern"].as_str())
                        .unwrap_or_else(|| panic!("{file} {profile}: no pattern at {node_at}"));
                    for text in probes(source, node) {
                        assert_eq!(
                            accepts(source, &text),
                            accepts(written, &text),
                            "{file} {} {profile}: {source:?} and {written:?} differ on {text:?}",
                            entry.tool
                        );
                    }
                    rewritten += 1;
                }
            }
            exported += 1;
        }
    }
    eprintln!(
        "{exported} real-world schemas exported for every engine, {rewritten} patterns rewritten"
    );
    // The corpus holds no `pattern` today, so `rewritten` may be 0; the
    // conformance suite below has the patterns.
    assert!(
        exported >= 100,
        "only {exported} real-world schemas convert"
    );
}

/// The JSON-Schema-Test-Suite schemas typed into the subset, exported for
/// each engine: where every change is lossless, the `jsonschema` crate
/// gives the export the suite's verdict on every test, valid or not; where
/// a change widens, it still accepts every valid test.
#[test]
fn every_conformance_schema_keeps_the_suites_verdicts_for_every_engine() {
    let (mut exact, mut patterns) = (0, 0);
    for group in pedelec_testdata::accepted() {
        let Ok(schema) = ToolArgsSchema::from_value(&group.schema) else {
            continue;
        };
        for profile in ENGINES {
            let out = schema.export(profile);
            let oracle = jsonschema::draft202012::new(&out.schema.to_value()).unwrap();
            let lossless = out.changes.iter().all(|c| c.effect != Effect::Widens);
            exact += usize::from(lossless);
            patterns += out
                .changes
                .iter()
                .filter(|c| matches!(c.code.as_str(), "pattern_anchored" | "pattern_respelled"))
                .count();
            for test in &group.tests {
                if test.valid || lossless {
                    assert_eq!(
                        oracle.is_valid(&test.data),
                        test.valid,
                        "{}: {profile} on {} ({}); export {}",
                        group.description,
                        test.data,
                        test.description,
                        out.schema
                    );
                }
            }
        }
    }
    eprintln!("{exact} lossless engine exports, {patterns} patterns rewritten");
    assert!(
        exact >= 100 && patterns >= 10,
        "{exact} exact, {patterns} patterns"
    );
}
