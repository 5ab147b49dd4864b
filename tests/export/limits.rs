//! The providers' documented limits: each is reported as an error-severity
//! change just past it, and not at it; and every real-world schema inside
//! the subset exports within its profile's rules.

use crate::export_rules;

use pedelec_schema::schema::{ObjectNode, SchemaNode};
use pedelec_schema::{Exported, Profile, Severity, ToolArgsSchema};
use pedelec_testdata::realworld;
use serde_json::{json, Value};

fn export(schema: Value, profile: Profile) -> Exported {
    let schema = ToolArgsSchema::from_value(&schema).unwrap();
    let exported = schema.export(profile);
    export_rules::check(schema.root(), profile, &exported).unwrap();
    exported
}

/// The codes of the error-severity changes.
fn error_codes(exported: &Exported) -> Vec<&str> {
    errors(exported).into_iter().map(|(code, _)| code).collect()
}

/// The codes and pointers of the error-severity changes.
fn errors(exported: &Exported) -> Vec<(&str, &str)> {
    exported
        .changes
        .iter()
        .filter(|c| c.severity == Severity::Error)
        .map(|c| (c.code.as_str(), c.pointer.as_str()))
        .collect()
}

/// A root with `count` properties `p0`, `p1`, ..., each `node`, the first
/// `required` of them required.
fn root_with(count: usize, required: usize, node: Value) -> Value {
    let properties: serde_json::Map<String, Value> = (0..count)
        .map(|i| (format!("p{i}"), node.clone()))
        .collect();
    let names: Vec<String> = (0..required).map(|i| format!("p{i}")).collect();
    json!({"type": "object", "properties": properties, "required": names})
}

/// A root of five objects `o0`..`o4` holding `total` properties in all,
/// the five themselves included: OpenAI counts every object property of
/// the schema, and one object may hold at most `MAX_PROPERTIES` (1 000).
fn five_objects_with(total: usize) -> Value {
    let inner = total - 5;
    let objects: serde_json::Map<String, Value> = (0..5)
        .map(|i| {
            let count = inner / 5 + usize::from(i < inner % 5);
            (
                format!("o{i}"),
                root_with(count, count, json!({"type": "boolean"})),
            )
        })
        .collect();
    json!({"type": "object", "properties": objects, "required": ["o0", "o1", "o2", "o3", "o4"]})
}

#[test]
fn openai_allows_5000_properties() {
    let at_limit = export(five_objects_with(5000), Profile::OpenAiStrict);
    assert!(!at_limit.has_errors());
    let over = export(five_objects_with(5001), Profile::OpenAiStrict);
    assert_eq!(errors(&over), [("openai_too_many_properties", "")]);
}

/// A chain of objects `depth` levels below the root.
fn nested(depth: usize) -> Value {
    let mut node = json!({"type": "string"});
    for _ in 0..depth {
        node = json!({"type": "object", "properties": {"n": node}, "required": ["n"]});
    }
    node
}

#[test]
fn openai_allows_10_levels_of_nesting() {
    assert!(!export(nested(10), Profile::OpenAiStrict).has_errors());
    let over = export(nested(11), Profile::OpenAiStrict);
    let deepest = "/properties/n".repeat(11);
    assert_eq!(errors(&over), [("openai_too_deep", deepest.as_str())]);
    // Items and oneOf branches are levels too.
    let mut node = json!({"type": "string"});
    for level in 0..11 {
        node = if level % 2 == 0 {
            json!({"type": "array", "items": node})
        } else {
            json!({"oneOf": [node, {"type": "boolean"}]})
        };
    }
    let root = json!({"type": "object", "properties": {"deep": node}});
    let over = export(root, Profile::OpenAiStrict);
    assert_eq!(error_codes(&over), ["openai_too_deep"]);
}

#[test]
fn openai_allows_1000_enum_values() {
    let values = |n: usize| json!({"type": "integer", "enum": (0..n).collect::<Vec<_>>()});
    // 999 values and the `null` of an optional property: 1000.
    assert!(!export(root_with(1, 0, values(999)), Profile::OpenAiStrict).has_errors());
    let over = export(root_with(1, 0, values(1000)), Profile::OpenAiStrict);
    assert_eq!(errors(&over), [("openai_too_many_enum_values", "")]);
}

#[test]
fn openai_allows_120000_characters_of_names_and_enum_strings() {
    // 24 properties named p0..p23 (62 characters) and 24 enums of one
    // value each.
    let names = 10 * 2 + 14 * 3;
    let per_value = (120_000 - names) / 24;
    let long = |chars: usize| json!({"type": "string", "enum": ["é".repeat(chars)]});
    let at_limit = root_with(24, 24, long(per_value));
    let spare = 120_000 - names - 24 * per_value;
    assert!(spare < 24);
    assert!(!export(at_limit, Profile::OpenAiStrict).has_errors());
    let over = export(
        root_with(24, 24, long(per_value + 1)),
        Profile::OpenAiStrict,
    );
    assert_eq!(errors(&over), [("openai_strings_too_long", "")]);
}

#[test]
fn openai_limits_one_long_string_enum() {
    let enum_of = |count: usize, chars: usize| {
        let values: Vec<String> = (0..count)
            .map(|i| format!("{i:0>width$}", width = chars))
            .collect();
        json!({"type": "string", "enum": values})
    };
    // 251 values of 60 characters: 15,060 characters, over 15,000.
    let over = export(root_with(1, 1, enum_of(251, 60)), Profile::OpenAiStrict);
    assert_eq!(
        errors(&over),
        [("openai_enum_too_long", "/properties/p0/enum")]
    );
    // 250 values may be longer; 251 values of 59 characters are 14,809.
    assert!(!export(root_with(1, 1, enum_of(250, 70)), Profile::OpenAiStrict).has_errors());
    assert!(!export(root_with(1, 1, enum_of(251, 59)), Profile::OpenAiStrict).has_errors());
}

#[test]
fn anthropic_allows_24_optional_properties_and_16_unions() {
    let optional = |n| root_with(n, 0, json!({"type": "string"}));
    assert!(!export(optional(24), Profile::AnthropicStrict).has_errors());
    let over = export(optional(25), Profile::AnthropicStrict);
    assert_eq!(errors(&over), [("anthropic_too_many_optional", "")]);
    let union = json!({"oneOf": [{"type": "string"}, {"type": "integer"}]});
    assert!(!export(root_with(16, 16, union.clone()), Profile::AnthropicStrict).has_errors());
    let over = export(root_with(17, 17, union), Profile::AnthropicStrict);
    assert_eq!(errors(&over), [("anthropic_too_many_unions", "")]);
    // Optional properties count at every depth.
    let inner = root_with(13, 0, json!({"type": "string"}));
    let two_levels = root_with(2, 0, inner);
    let over = export(two_levels, Profile::AnthropicStrict);
    assert_eq!(error_codes(&over), ["anthropic_too_many_optional"]);
}

#[test]
fn gemini_and_mcp_have_no_limit_findings() {
    for profile in [Profile::Gemini, Profile::GeminiOpenApi, Profile::Mcp] {
        assert!(!export(five_objects_with(5001), profile).has_errors());
    }
}

#[test]
fn every_realworld_schema_in_the_subset_exports_within_the_rules() {
    let mut exported = 0;
    for (file, schemas) in realworld() {
        for entry in schemas {
            let Ok(schema) = ToolArgsSchema::from_value(&entry.schema) else {
                continue;
            };
            for &profile in Profile::ALL {
                let out = schema.export(profile);
                export_rules::check(schema.root(), profile, &out)
                    .unwrap_or_else(|problem| panic!("{file} {} {profile}: {problem}", entry.tool));
                jsonschema::draft202012::new(&out.schema.to_value()).unwrap_or_else(|err| {
                    panic!("{file} {} {profile}: not JSON Schema: {err}", entry.tool)
                });
            }
            exported += 1;
        }
    }
    eprintln!("{exported} real-world schemas exported for every profile");
    assert!(
        exported >= 19,
        "only {exported} real-world schemas are in the subset"
    );
}

/// The JSON-Schema-Test-Suite schemas typed into the subset: every export
/// follows its rules, and the MCP and both Gemini exports (which close no
/// object) accept every value the suite calls valid.
#[test]
fn every_conformance_schema_exports_within_the_rules() {
    let mut exported = 0;
    for group in pedelec_testdata::accepted() {
        let Ok(schema) = ToolArgsSchema::from_value(&group.schema) else {
            continue;
        };
        for &profile in Profile::ALL {
            let out = schema.export(profile);
            export_rules::check(schema.root(), profile, &out)
                .unwrap_or_else(|problem| panic!("{}: {profile}: {problem}", group.description));
            let oracle = jsonschema::draft202012::new(&out.schema.to_value()).unwrap();
            if matches!(
                profile,
                Profile::Mcp | Profile::Gemini | Profile::GeminiOpenApi
            ) {
                for test in group.tests.iter().filter(|test| test.valid) {
                    assert!(
                        oracle.is_valid(&test.data),
                        "{}: {profile} refuses {}",
                        group.description,
                        test.data
                    );
                }
            }
        }
        exported += 1;
    }
    eprintln!("{exported} conformance schemas exported for every profile");
    assert!(
        exported >= 50,
        "only {exported} conformance schemas have an object root"
    );
}

#[test]
fn a_root_node_built_in_code_exports_its_properties_in_order() {
    let root: ObjectNode = SchemaNode::object()
        .required_property("zeta", SchemaNode::string())
        .property("alpha", SchemaNode::boolean());
    let schema = ToolArgsSchema::new(root).unwrap();
    for profile in [Profile::Gemini, Profile::GeminiOpenApi] {
        let gemini = schema.export(profile).schema;
        assert_eq!(
            gemini["propertyOrdering"],
            json!(["zeta", "alpha"]),
            "{profile}"
        );
    }
}
