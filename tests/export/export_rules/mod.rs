//! A checker of exported schemas, written from the profiles' rules (the
//! providers' pages, as the `export` module docs list them), not from the
//! export's code: it walks our schema and the export side by side, checks
//! every keyword of the export against what its profile allows and what
//! our node says, and derives every change the export must report. The
//! export's changes must be exactly those.

#![allow(dead_code)] // each test binary uses a part of the checker

mod profiles;

pub use profiles::{allowed, is_engine, is_gemini, schema_rules};

use std::collections::BTreeSet;

use profiles::{
    closes_objects, examples_rule, keeps_enum, keeps_lengths, keeps_unique_items,
    omits_empty_keywords, ExamplesRule,
};

use pedelec_schema::schema::{ObjectNode, SchemaNode};
use pedelec_schema::{lint, Code, Exported, Profile};
use serde_json::{json, Map, Value};

/// MCP's rule: our schema unchanged, except that a root without
/// properties is the specification's recommended `{"type": "object",
/// "additionalProperties": false}` with the root's metadata, one change at
/// the root saying so.
fn mcp(root: &ObjectNode, source: Value, exported: &Exported) -> Result<(), String> {
    let changes: Vec<(&str, &str)> = exported
        .changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.code.as_str()))
        .collect();
    if !root.properties.is_empty() {
        return if exported.schema == source && changes.is_empty() {
            Ok(())
        } else {
            Err("the MCP export must be our schema, unchanged".into())
        };
    }
    let mut expected = source;
    let object = expected.as_object_mut().expect("an object");
    object.remove("properties");
    object.remove("required");
    object.insert("additionalProperties".into(), Value::Bool(false));
    if exported.schema == expected && changes == [("", "closed_without_arguments")] {
        Ok(())
    } else {
        Err(format!(
            "a tool without arguments must be MCP's closed object {expected}, with one change; \
             found {} with {changes:?}",
            exported.schema
        ))
    }
}

/// Checks `exported` against `root`'s export rules for `profile`.
pub fn check(root: &ObjectNode, profile: Profile, exported: &Exported) -> Result<(), String> {
    let profile = schema_rules(profile);
    let source = SchemaNode::Object(root.clone()).to_value();
    if is_engine(profile) {
        // The engine profiles' rules depend on their pattern rewriting,
        // which `engines.rs` checks against the `jsonschema` crate.
        return Ok(());
    }
    if profile == Profile::Mcp {
        return mcp(root, source, exported);
    }
    let mut checker = Checker {
        profile,
        ambiguous: ambiguous_one_ofs(&source),
        expected: Vec::new(),
        first_too_deep: None,
        counts: Counts::default(),
    };
    let root_node = SchemaNode::Object(root.clone());
    checker.node(&root_node, &exported.schema.to_value(), "", 0, false)?;
    checker.limits();
    let mut actual: Vec<(String, String)> = exported
        .changes
        .iter()
        .map(|c| (c.pointer.clone(), c.code.as_str().to_owned()))
        .collect();
    let mut expected = checker.expected;
    actual.sort();
    expected.sort();
    if actual != expected {
        return Err(format!(
            "changes differ from the rules:\n  reported only: {:?}\n  expected only: {:?}",
            difference(&actual, &expected),
            difference(&expected, &actual)
        ));
    }
    for change in &exported.changes {
        if source.pointer(&change.pointer).is_none() {
            return Err(format!(
                "change pointer {} is not in our schema",
                change.pointer
            ));
        }
    }
    Ok(())
}

fn difference(a: &[(String, String)], b: &[(String, String)]) -> Vec<(String, String)> {
    let mut b = b.to_vec();
    a.iter()
        .filter(|item| match b.iter().position(|x| x == *item) {
            Some(at) => {
                b.remove(at);
                false
            }
            None => true,
        })
        .cloned()
        .collect()
}

/// The pointers of the `oneOf`s that lint says may overlap.
fn ambiguous_one_ofs(source: &Value) -> BTreeSet<String> {
    lint(source)
        .into_iter()
        .filter(|d| d.code == Code::AmbiguousOneOf)
        .map(|d| d.pointer[..d.pointer.rfind('/').unwrap()].to_owned())
        .collect()
}

#[derive(Default)]
struct Counts {
    properties: usize,
    optional: usize,
    any_ofs: usize,
    enum_values: usize,
    chars: usize,
}

struct Checker {
    profile: Profile,
    ambiguous: BTreeSet<String>,
    expected: Vec<(String, String)>,
    first_too_deep: Option<String>,
    counts: Counts,
}

fn join(at: &str, token: &str) -> String {
    let mut out = at.to_owned();
    pedelec_testdata::pointer::push(&mut out, token);
    out
}

impl Checker {
    fn expect(&mut self, at: &str, code: &str) {
        self.expected.push((at.to_owned(), code.to_owned()));
    }

    fn node(
        &mut self,
        node: &SchemaNode,
        out: &Value,
        at: &str,
        depth: usize,
        nullable: bool,
    ) -> Result<(), String> {
        // Errors found deeper already say where they are.
        let fail = |what: String| {
            if what.starts_with("at \"") {
                Err(what)
            } else {
                Err(format!("at {at:?}: {what}; export: {out}"))
            }
        };
        let Some(map) = out.as_object() else {
            return fail("not an object".into());
        };
        let allowed = allowed(self.profile);
        if let Some(key) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
            return fail(format!("`{key}` is not allowed"));
        }
        if depth > 10 && self.first_too_deep.is_none() {
            self.first_too_deep = Some(at.to_owned());
        }
        if let Err(what) = self.kind(node, map, at, depth, nullable) {
            return fail(what);
        }
        if let Err(what) = self.metadata(node, map, at) {
            return fail(what);
        }
        Ok(())
    }

    fn kind(
        &mut self,
        node: &SchemaNode,
        map: &Map<String, Value>,
        at: &str,
        depth: usize,
        nullable: bool,
    ) -> Result<(), String> {
        if let SchemaNode::OneOf(one_of) = node {
            return self.one_of(&one_of.branches, map, at, depth, nullable);
        }
        let kind = node.kind().as_str();
        let want_type = if nullable {
            json!([kind, "null"])
        } else {
            json!(kind)
        };
        check_eq("type", map.get("type"), Some(&want_type))?;
        let source = node.to_value();
        match node {
            SchemaNode::String(s) => {
                self.enum_values(map, &source, at, nullable, kind)?;
                let lengths = keeps_lengths(self.profile);
                self.constraint(map, &source, at, "minLength", lengths)?;
                self.constraint(map, &source, at, "maxLength", lengths)?;
                let keep = match &s.pattern {
                    Some(p) => {
                        self.profile != Profile::AnthropicStrict
                            || !(p.as_str().contains("\\b") || p.as_str().contains("\\B"))
                    }
                    None => true,
                };
                self.constraint(map, &source, at, "pattern", keep)
            }
            SchemaNode::Number(_) | SchemaNode::Integer(_) | SchemaNode::Boolean(_) => {
                self.enum_values(map, &source, at, nullable, kind)?;
                let keep = self.profile != Profile::AnthropicStrict;
                self.constraint(map, &source, at, "minimum", keep)?;
                self.constraint(map, &source, at, "maximum", keep)
            }
            SchemaNode::Array(array) => {
                self.array_bounds(map, &source, at, array.min_items)?;
                let unique = keeps_unique_items(self.profile);
                self.constraint(map, &source, at, "uniqueItems", unique)?;
                let items = map.get("items").ok_or("no `items`")?;
                self.node(&array.items, items, &join(at, "items"), depth + 1, false)
            }
            SchemaNode::Object(object) => self.object(object, map, at, depth),
            SchemaNode::OneOf(_) => unreachable!(),
        }
    }

    /// A keyword kept as it is, or removed with a `<keyword>_removed`
    /// change (`widens`).
    fn constraint(
        &mut self,
        map: &Map<String, Value>,
        source: &Value,
        at: &str,
        keyword: &str,
        keep: bool,
    ) -> Result<(), String> {
        let Some(value) = source.get(keyword) else {
            return check_eq(keyword, map.get(keyword), None);
        };
        if keep {
            return check_eq(keyword, map.get(keyword), Some(value));
        }
        check_eq(keyword, map.get(keyword), None)?;
        let code = match keyword {
            "minLength" => "min_length_removed",
            "maxLength" => "max_length_removed",
            "pattern" => "pattern_removed",
            "minimum" => "minimum_removed",
            "maximum" => "maximum_removed",
            "maxItems" => "max_items_removed",
            "uniqueItems" => "unique_items_removed",
            other => return Err(format!("no rule removes `{other}`")),
        };
        self.expect(&join(at, keyword), code);
        Ok(())
    }

    fn array_bounds(
        &mut self,
        map: &Map<String, Value>,
        source: &Value,
        at: &str,
        min_items: Option<u64>,
    ) -> Result<(), String> {
        if self.profile != Profile::AnthropicStrict {
            self.constraint(map, source, at, "minItems", true)?;
            return self.constraint(map, source, at, "maxItems", true);
        }
        // Anthropic: minItems only 0 or 1 (a larger one lowered to 1).
        match min_items {
            Some(min) if min > 1 => {
                check_eq("minItems", map.get("minItems"), Some(&json!(1)))?;
                self.expect(&join(at, "minItems"), "min_items_lowered");
            }
            _ => self.constraint(map, source, at, "minItems", true)?,
        }
        self.constraint(map, source, at, "maxItems", false)
    }

    fn enum_values(
        &mut self,
        map: &Map<String, Value>,
        source: &Value,
        at: &str,
        nullable: bool,
        kind: &str,
    ) -> Result<(), String> {
        let Some(values) = source.get("enum").and_then(Value::as_array) else {
            return check_eq("enum", map.get("enum"), None);
        };
        if !keeps_enum(self.profile, kind) {
            check_eq("enum", map.get("enum"), None)?;
            let both = values.contains(&json!(true)) && values.contains(&json!(false));
            let code = if both {
                "full_boolean_enum_removed"
            } else {
                "enum_removed"
            };
            self.expect(&join(at, "enum"), code);
            return Ok(());
        }
        let strings: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
        let chars: usize = strings.iter().map(|s| s.chars().count()).sum();
        if self.profile == Profile::OpenAiStrict && strings.len() > 250 && chars > 15_000 {
            self.expect(&join(at, "enum"), "openai_enum_too_long");
        }
        let mut want = values.clone();
        if nullable {
            want.push(Value::Null);
        }
        self.counts.enum_values += want.len();
        self.counts.chars += want
            .iter()
            .map(|v| {
                v.as_str()
                    .map_or(v.to_string().chars().count(), |s| s.chars().count())
            })
            .sum::<usize>();
        check_eq("enum", map.get("enum"), Some(&Value::Array(want)))
    }

    fn object(
        &mut self,
        object: &ObjectNode,
        map: &Map<String, Value>,
        at: &str,
        depth: usize,
    ) -> Result<(), String> {
        let names: Vec<&str> = object.properties.iter().map(|p| p.name.as_str()).collect();
        let empty = Map::new();
        let properties = match (self.profile, map.get("properties")) {
            (profile, None) if omits_empty_keywords(profile) && names.is_empty() => &empty,
            (_, Some(Value::Object(properties))) => properties,
            _ => return Err("`properties` missing".into()),
        };
        let exported_names: BTreeSet<&str> = properties.keys().map(String::as_str).collect();
        if exported_names != names.iter().copied().collect() {
            return Err("other property names".into());
        }
        let required: BTreeSet<&str> = object.required.iter().map(String::as_str).collect();
        self.closed_and_required(map, at, &names, &required)?;
        for property in &object.properties {
            let optional = !required.contains(property.name.as_str());
            self.counts.properties += 1;
            self.counts.optional += usize::from(optional);
            self.counts.chars += property.name.chars().count();
            let here = join(&join(at, "properties"), &property.name);
            let nullable = optional && self.profile == Profile::OpenAiStrict;
            if nullable {
                self.expect(&here, "optional_to_nullable");
            }
            let out = &properties[&property.name];
            self.node(&property.node, out, &here, depth + 1, nullable)?;
        }
        Ok(())
    }

    /// `additionalProperties`, `required` and Gemini's `propertyOrdering`.
    fn closed_and_required(
        &mut self,
        map: &Map<String, Value>,
        at: &str,
        names: &[&str],
        required: &BTreeSet<&str>,
    ) -> Result<(), String> {
        let listed: Option<BTreeSet<&str>> = map
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect());
        let closed = closes_objects(self.profile);
        let want_closed = closed.then_some(Value::Bool(false));
        check_eq(
            "additionalProperties",
            map.get("additionalProperties"),
            want_closed.as_ref(),
        )?;
        if closed {
            self.expect(at, "additional_properties_false");
        }
        let want: Option<BTreeSet<&str>> = match self.profile {
            Profile::OpenAiStrict => Some(names.iter().copied().collect()),
            profile if omits_empty_keywords(profile) => {
                if names.is_empty() || required.is_empty() {
                    self.expect(at, "empty_keywords_omitted");
                }
                (!required.is_empty()).then(|| required.clone())
            }
            _ => Some(required.clone()),
        };
        if listed != want {
            return Err("`required` differs".into());
        }
        let ordering = (is_gemini(self.profile) && names.len() > 1).then(|| json!(names));
        if ordering.is_some() {
            self.expect(at, "property_ordering_added");
        }
        check_eq(
            "propertyOrdering",
            map.get("propertyOrdering"),
            ordering.as_ref(),
        )
    }

    fn one_of(
        &mut self,
        branches: &[SchemaNode],
        map: &Map<String, Value>,
        at: &str,
        depth: usize,
        nullable: bool,
    ) -> Result<(), String> {
        check_eq("type", map.get("type"), None)?;
        let here = join(at, "oneOf");
        let code = if self.ambiguous.contains(&here) {
            "overlapping_one_of_to_any_of"
        } else {
            "one_of_to_any_of"
        };
        self.expect(&here, code);
        self.counts.any_ofs += 1;
        let out = map
            .get("anyOf")
            .and_then(Value::as_array)
            .ok_or("no `anyOf`")?;
        let extra = usize::from(nullable);
        if out.len() != branches.len() + extra {
            return Err("another number of branches".into());
        }
        if nullable && out.last() != Some(&json!({"type": "null"})) {
            return Err("no `null` branch".into());
        }
        for (index, branch) in branches.iter().enumerate() {
            let branch_at = format!("{here}/{index}");
            self.node(branch, &out[index], &branch_at, depth + 1, false)?;
        }
        Ok(())
    }

    fn metadata(
        &mut self,
        node: &SchemaNode,
        map: &Map<String, Value>,
        at: &str,
    ) -> Result<(), String> {
        let meta = node.meta();
        let description = map.get("description").and_then(Value::as_str);
        if let Some(ours) = &meta.description {
            if !description.is_some_and(|d| d.starts_with(ours.as_str())) {
                return Err("the description is lost".into());
            }
        }
        match (&meta.default, self.profile) {
            (Some(_), Profile::OpenAiStrict) => {
                check_eq("default", map.get("default"), None)?;
                self.expect(&join(at, "default"), "default_to_description");
            }
            (default, _) => check_eq("default", map.get("default"), default.as_ref())?,
        }
        let ours = (!meta.examples.is_empty()).then(|| Value::Array(meta.examples.clone()));
        match (meta.examples.first(), examples_rule(self.profile)) {
            (_, ExamplesRule::Keep) => {
                check_eq("example", map.get("example"), None)?;
                check_eq("examples", map.get("examples"), ours.as_ref())
            }
            (None, _) => {
                check_eq("examples", map.get("examples"), None)?;
                check_eq("example", map.get("example"), None)
            }
            (Some(first), ExamplesRule::FirstAsExample) => {
                self.expect(&join(at, "examples"), "examples_to_example");
                check_eq("examples", map.get("examples"), None)?;
                check_eq("example", map.get("example"), Some(first))
            }
            (Some(_), ExamplesRule::ToDescription) => {
                self.expect(&join(at, "examples"), "examples_to_description");
                check_eq("examples", map.get("examples"), None)?;
                check_eq("example", map.get("example"), None)
            }
        }
    }

    /// The documented limits, counted here independently.
    fn limits(&mut self) {
        let c = &self.counts;
        let findings: Vec<(&str, bool)> = match self.profile {
            Profile::OpenAiStrict => vec![
                ("openai_too_many_properties", c.properties > 5000),
                ("openai_too_many_enum_values", c.enum_values > 1000),
                ("openai_strings_too_long", c.chars > 120_000),
            ],
            Profile::AnthropicStrict => vec![
                ("anthropic_too_many_optional", c.optional > 24),
                ("anthropic_too_many_unions", c.any_ofs > 16),
            ],
            _ => Vec::new(),
        };
        for (code, exceeded) in findings {
            if exceeded {
                self.expect("", code);
            }
        }
        if let (Profile::OpenAiStrict, Some(at)) = (self.profile, self.first_too_deep.clone()) {
            self.expect(&at, "openai_too_deep");
        }
    }
}

fn check_eq(keyword: &str, got: Option<&Value>, want: Option<&Value>) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("`{keyword}` is {got:?}, the rules say {want:?}"))
    }
}
