//! Every export keeps the model's property order: models write a call's
//! properties in the order the schema lists them, so a derived type's
//! field order must reach every provider. The order is read from the
//! serialized text (a `serde_json::Value` would sort it), by a small
//! order-keeping reader ([`Tree`]).

use crate::export_rules::{is_engine, is_gemini, schema_rules};
use crate::strategies;

use std::path::PathBuf;

use pedelec_schema::schema::{ObjectNode, KEYWORD_ORDER};
use pedelec_schema::{Profile, SchemaNode, ToolArgs, ToolArgsSchema, ToolDefinition};
use proptest::prelude::*;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize as DeriveDeserialize;

// The field order is the point: the model should write its reasoning
// before the answer it leads to.
/// Answers the question, reasoning first.
#[derive(DeriveDeserialize, ToolArgs)]
#[allow(dead_code)]
struct Answer {
    /// The steps that lead to the answer, written before it.
    reasoning: String,
    /// The answer itself.
    answer: String,
    /// How sure the model is, from 0 to 1.
    #[tool_args(minimum = 0, maximum = 1)]
    confidence: f64,
}

/// JSON as its text has it: objects keep their keys in order.
#[derive(Debug, Clone)]
enum Tree {
    Object(Vec<(String, Tree)>),
    Array(Vec<Tree>),
    Leaf,
}

impl Tree {
    fn read(text: &str) -> Tree {
        serde_json::from_str(text).expect("an export serializes as JSON")
    }

    fn keys(&self) -> Vec<&str> {
        match self {
            Tree::Object(entries) => entries.iter().map(|(key, _)| key.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    fn get(&self, key: &str) -> Option<&Tree> {
        match self {
            Tree::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// The strings of an array, in order (`required`, `propertyOrdering`;
/// arrays keep their order in a `Value`).
fn names(value: &serde_json::Value) -> Vec<&str> {
    let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
    items.iter().filter_map(serde_json::Value::as_str).collect()
}

impl<'de> Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tree, D::Error> {
        deserializer.deserialize_any(TreeVisitor)
    }
}

struct TreeVisitor;

impl<'de> Visitor<'de> for TreeVisitor {
    type Value = Tree;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JSON")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tree, A::Error> {
        let mut entries = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Tree>()? {
            entries.push((key, value));
        }
        Ok(Tree::Object(entries))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tree, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Tree>()? {
            items.push(item);
        }
        Ok(Tree::Array(items))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Tree, E> {
        Ok(Tree::Leaf)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Tree, E> {
        Ok(Tree::Leaf)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Tree, E> {
        Ok(Tree::Leaf)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Tree, E> {
        Ok(Tree::Leaf)
    }
    fn visit_str<E>(self, _: &str) -> Result<Tree, E> {
        Ok(Tree::Leaf)
    }
    fn visit_unit<E>(self) -> Result<Tree, E> {
        Ok(Tree::Leaf)
    }
}

/// Where the schema sits in `profile`'s tool shape, as `ToolDefinition`
/// writes it.
fn schema_key(profile: Profile) -> &'static str {
    match profile {
        Profile::Mcp => "inputSchema",
        Profile::AnthropicStrict => "input_schema",
        Profile::Gemini => "parametersJsonSchema",
        Profile::OpenAiStrict | Profile::OpenAiChat | Profile::GeminiOpenApi => "parameters",
        profile if is_engine(profile) => "parameters",
        _ => unreachable!("a new profile needs its tool shape here"),
    }
}

/// Checks that `tree`, the export of `node` for `profile` read from its
/// text (and `value`, the same JSON as a `Value`), lists every object's
/// properties in the model's order in `properties` and Gemini's
/// `propertyOrdering`, `required` as the model holds it (OpenAI's, every
/// property, in the properties' order), and every node's keywords in the
/// canonical order.
fn check_node(
    profile: Profile,
    node: &SchemaNode,
    tree: &Tree,
    value: &serde_json::Value,
    at: &str,
) {
    check_keywords(tree, at);
    match node {
        SchemaNode::Object(object) => check_object(profile, object, tree, value, at),
        SchemaNode::Array(array) => check_node(
            profile,
            &array.items,
            tree.get("items").expect("items"),
            &value["items"],
            &format!("{at}/items"),
        ),
        SchemaNode::OneOf(one_of) => {
            let key = if tree.get("oneOf").is_some() {
                "oneOf"
            } else {
                "anyOf"
            };
            let Some(Tree::Array(branches)) = tree.get(key) else {
                panic!("{at}: no branches in {tree:?}");
            };
            for (index, (branch, written)) in one_of.branches.iter().zip(branches).enumerate() {
                let at = format!("{at}/oneOf/{index}");
                check_node(profile, branch, written, &value[key][index], &at);
            }
        }
        _ => {}
    }
}

fn check_object(
    profile: Profile,
    object: &ObjectNode,
    tree: &Tree,
    value: &serde_json::Value,
    at: &str,
) {
    check_keywords(tree, at);
    let model: Vec<&str> = object.properties.iter().map(|p| p.name.as_str()).collect();
    let written = tree.get("properties").map(Tree::keys).unwrap_or_default();
    assert_eq!(written, model, "{at}: properties");
    let required: Vec<&str> = match schema_rules(profile) {
        Profile::OpenAiStrict => model.clone(),
        _ => object.required.iter().map(String::as_str).collect(),
    };
    assert_eq!(names(&value["required"]), required, "{at}: required");
    if is_gemini(profile) && model.len() > 1 {
        assert_eq!(names(&value["propertyOrdering"]), model, "{at}: ordering");
    }
    for property in &object.properties {
        let at = format!("{at}/properties/{}", property.name);
        let properties = tree.get("properties").expect("properties");
        let written = properties.get(&property.name).expect("the property");
        check_node(
            profile,
            &property.node,
            written,
            &value["properties"][&property.name],
            &at,
        );
    }
}

/// A node's keys come in [`KEYWORD_ORDER`].
fn check_keywords(tree: &Tree, at: &str) {
    let keys = tree.keys();
    let ranks: Vec<Option<usize>> = keys
        .iter()
        .map(|key| KEYWORD_ORDER.iter().position(|known| known == key))
        .collect();
    assert!(
        ranks.iter().all(Option::is_some) && ranks.windows(2).all(|pair| pair[0] < pair[1]),
        "{at}: keywords {keys:?} are not in the canonical order"
    );
}

/// Checks every profile's export of `schema`, and of its tool definition.
fn check_every_export(schema: &ToolArgsSchema) {
    let root = schema.root();
    for &profile in Profile::ALL {
        let exported = schema.export(profile);
        let text = serde_json::to_string(&exported.schema).unwrap();
        let value = exported.schema.to_value();
        let tree = Tree::read(&text);
        check_object(profile, root, &tree, &value, &format!("{profile}:"));

        let tool = ToolDefinition::new("tool", schema.clone()).unwrap();
        let mut definition = tool.export(profile).definition.to_value();
        let text = serde_json::to_string(&tool.export(profile).definition).unwrap();
        let mut tree = Tree::read(&text);
        // An engine's tool and OpenAI's Chat Completions tool are
        // functions: the shape is under `function`.
        if is_engine(profile) || profile == Profile::OpenAiChat {
            tree = tree.get("function").expect("a function").clone();
            definition = definition["function"].clone();
        }
        let key = schema_key(profile);
        let keys = tree.keys();
        let name = keys.iter().position(|k| *k == "name").unwrap();
        match tree.get(key) {
            Some(written) => {
                let at = keys.iter().position(|k| *k == key).unwrap();
                assert!(name < at, "{profile}: tool keys {keys:?}");
                let value = definition.clone();
                let at = format!("{profile} tool:");
                check_object(profile, root, written, &value[key], &at);
            }
            // A tool without arguments has no OpenAPI `parameters`.
            None => assert!(profile == Profile::GeminiOpenApi && root.properties.is_empty()),
        }
    }
}

/// The reviewed text of `Answer`'s export in every profile.
fn answer_text() -> String {
    let schema = Answer::schema();
    let mut text = String::new();
    for &profile in Profile::ALL {
        text.push_str(&format!(
            "== {profile}\n{:#}\n",
            schema.export(profile).schema
        ));
    }
    text
}

#[test]
fn a_reasoning_first_type_reaches_every_provider_in_its_order() {
    let text = answer_text();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("expected/export/answer.txt");
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if text != expected {
        // Never written over the reviewed file: written beside it, to review.
        let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("answer.txt");
        std::fs::write(&out, &text).unwrap();
        panic!(
            "the export of Answer changed: review {} and copy it over {}",
            out.display(),
            path.display()
        );
    }
    let order = r#"["reasoning","answer","confidence"]"#;
    for &profile in Profile::ALL {
        let exported = Answer::schema().export(profile).schema;
        let written = exported.to_string();
        assert!(
            written.contains(r#""properties":{"reasoning":"#),
            "{profile}: {written}"
        );
        let names: Vec<&str> = exported["properties"].keys().collect();
        assert_eq!(names, ["reasoning", "answer", "confidence"], "{profile}");
        assert!(
            written.contains(&format!(r#""required":{order}"#)),
            "{profile}: {written}"
        );
        if is_gemini(profile) {
            assert!(
                written.contains(&format!(r#""propertyOrdering":{order}"#)),
                "{written}"
            );
        }
    }
    check_every_export(Answer::schema());
}

/// `root` with every object's properties in an order drawn from `seed`
/// (the generators write them sorted by name).
fn shuffled(mut root: ObjectNode, seed: u64) -> ObjectNode {
    let mut state = seed;
    shuffle_object(&mut root, &mut state);
    root
}

fn shuffle_object(object: &mut ObjectNode, state: &mut u64) {
    // Fisher-Yates with a linear congruential generator: reproducible from
    // the seed proptest draws.
    for last in (1..object.properties.len()).rev() {
        *state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pick = (*state >> 33) as usize % (last + 1);
        object.properties.swap(last, pick);
    }
    let turn = *state as usize % object.required.len().max(1);
    object.required.rotate_left(turn);
    for property in &mut object.properties {
        shuffle_node(&mut property.node, state);
    }
}

fn shuffle_node(node: &mut SchemaNode, state: &mut u64) {
    match node {
        SchemaNode::Object(object) => shuffle_object(object, state),
        SchemaNode::Array(array) => shuffle_node(&mut array.items, state),
        SchemaNode::OneOf(one_of) => {
            for branch in &mut one_of.branches {
                shuffle_node(branch, state);
            }
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_export_lists_properties_in_the_models_order(
        root in strategies::root(),
        seed in any::<u64>(),
    ) {
        let Ok(schema) = ToolArgsSchema::new(shuffled(root, seed)) else {
            return Ok(());
        };
        check_every_export(&schema);
    }
}
