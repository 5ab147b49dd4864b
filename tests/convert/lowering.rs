//! `convert`: each rewrite of a single node - annotations, references,
//! null, enums, types, numbers and formats - with the schema it writes and
//! the change (code, effect, pointer into the source) it records. The differential test
//! (`convert_differential.rs`) checks the effects against the `jsonschema`
//! crate on generated schemas; these tests pin down the rewrites one by one.

use crate::convert_support;

use convert_support::{changes, converted, effects, property, with_x};
use pedelec_schema::{ChangeCode, Effect};
use serde_json::{json, Value};

#[test]
fn every_code_has_the_effect_its_documentation_states() {
    let conversion = conversion_codes_in_the_module_docs();
    for code in ChangeCode::ALL
        .iter()
        .filter(|code| conversion.iter().any(|(name, _)| *name == code.as_str()))
    {
        let effect = code.effect();
        let name = code.as_str();
        let expected = match name {
            "recursive_ref_cut"
            | "remote_ref_dropped"
            | "draft4_integer_widened"
            | "structured_enum_dropped"
            | "required_unconstrained_property_dropped"
            | "unwritable_property_dropped"
            | "impossible_property_dropped"
            | "required_without_property_dropped"
            | "exclusive_bound_made_inclusive"
            | "format_dropped"
            | "pattern_dropped"
            | "constraint_dropped"
            | "tuple_to_items"
            | "root_union_merged"
            | "enum_moved_to_items"
            | "enum_strings_retyped" => Effect::Widens,
            "null_dropped"
            | "nullable_required_made_optional"
            | "type_inferred"
            | "any_of_overlap_to_one_of"
            | "one_of_branch_widened"
            | "root_made_object" => Effect::Narrows,
            _ => Effect::Lossless,
        };
        assert_eq!(effect, expected, "{name}");
    }
}

#[test]
fn a_schema_inside_the_subset_converts_to_itself_without_changes() {
    let source = json!({"type": "object", "description": "d", "properties": {
        "q": {"type": "string", "minLength": 1, "pattern": "^a", "enum": ["ab"]},
        "n": {"type": "integer", "minimum": -1.5, "maximum": 9_007_199_254_740_993_u64},
        "list": {"type": "array", "items": {"type": "boolean"}, "maxItems": 3, "uniqueItems": false},
        "pick": {"oneOf": [{"type": "string"}], "default": "x", "examples": ["y"]}
    }, "required": ["q"]});
    let result = converted(source.clone());
    assert!(result.changes.is_empty(), "{:#?}", result.changes);
    assert_eq!(
        result.schema,
        pedelec_schema::ToolArgsSchema::from_value(&source).unwrap()
    );
}

#[test]
fn annotations_are_dropped_and_title_becomes_description() {
    let result = converted(json!({
        "$schema": "http://json-schema.org/draft-07/schema#", "$id": "urn:tool", "$comment": "c",
        "title": "Tool", "type": "object", "x-vendor": {"a": 1},
        "properties": {
            "a": {"type": "string", "title": "A", "description": "The a.", "readOnly": true,
                  "writeOnly": false, "deprecated": true, "contentMediaType": "text/plain",
                  "example": "x", "examples": ["y"]},
            "b": {"type": "string", "description": 5}
        }
    }));
    assert_eq!(
        changes(&result),
        [
            ("/$comment", "annotation_dropped"),
            ("/$id", "annotation_dropped"),
            ("/$schema", "annotation_dropped"),
            ("/properties/a/contentMediaType", "annotation_dropped"),
            ("/properties/a/deprecated", "annotation_dropped"),
            ("/properties/a/example", "example_to_examples"),
            ("/properties/a/readOnly", "annotation_dropped"),
            ("/properties/a/title", "annotation_dropped"),
            ("/properties/a/writeOnly", "annotation_dropped"),
            ("/properties/b/description", "annotation_dropped"),
            ("/title", "title_to_description"),
            ("/x-vendor", "unknown_keyword_dropped"),
        ]
    );
    assert!(result.changes.iter().all(|c| c.effect == Effect::Lossless));
    let schema = result.schema.to_value();
    assert_eq!(schema["description"], "Tool");
    assert_eq!(
        schema["properties"]["a"],
        json!({"type": "string", "description": "The a.", "examples": ["y", "x"]})
    );
}

#[test]
fn references_are_written_inline_with_pointers_to_the_definition() {
    let result = converted(json!({
        "type": "object",
        "properties": {"from": {"$ref": "#/$defs/Point"}, "to": {"$ref": "#/$defs/Point"},
                       "again": {"$ref": "#/properties/from"}, "named": {"$ref": "#here"}},
        "$defs": {
            "Point": {"type": "object", "title": "Point",
                      "properties": {"x": {"type": "integer", "exclusiveMinimum": 0}}},
            "Anchored": {"$anchor": "here", "type": "boolean"}
        }
    }));
    let point = json!({"type": "object", "description": "Point",
                       "properties": {"x": {"type": "integer", "minimum": 1}}, "required": []});
    for name in ["from", "to", "again"] {
        assert_eq!(property(&result, name), point, "{name}");
    }
    assert_eq!(property(&result, "named"), json!({"type": "boolean"}));
    assert_eq!(
        changes(&result),
        [
            ("/$defs", "definitions_dropped"),
            ("/$defs/Anchored/$anchor", "annotation_dropped"),
            // Once, although the definition is written inline three times.
            (
                "/$defs/Point/properties/x/exclusiveMinimum",
                "exclusive_bound_on_integer"
            ),
            ("/$defs/Point/title", "title_to_description"),
            ("/properties/again/$ref", "ref_inlined"),
            ("/properties/from/$ref", "ref_inlined"),
            ("/properties/named/$ref", "ref_inlined"),
            ("/properties/to/$ref", "ref_inlined"),
        ]
    );
}

#[test]
fn keywords_beside_ref_count_from_2019_09_and_are_ignored_before() {
    let node = json!({"$ref": "#/$defs/s", "maxLength": 3, "description": "kept"});
    let defs = json!({"s": {"type": "string", "minLength": 1}});
    let current = converted(json!({"type": "object", "properties": {"x": node}, "$defs": defs}));
    assert_eq!(
        property(&current, "x"),
        json!({"type": "string", "minLength": 1, "maxLength": 3, "description": "kept"})
    );
    let draft7 = converted(json!({"$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object", "properties": {"x": node}, "$defs": defs}));
    assert_eq!(
        property(&draft7, "x"),
        json!({"type": "string", "minLength": 1, "description": "kept"})
    );
    assert!(changes(&draft7).contains(&("/properties/x/maxLength", "ref_siblings_ignored")));
}

#[test]
fn recursive_references_are_unrolled_three_levels_then_dropped() {
    let result = converted(json!({
        "type": "object",
        "properties": {"tree": {"$ref": "#/$defs/Node"}},
        "$defs": {"Node": {"type": "object", "properties": {
            "label": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}
        }}}
    }));
    let mut node = &result.schema.to_value()["properties"]["tree"];
    let mut levels = 0;
    while let Some(children) = node["properties"].get("children") {
        levels += 1;
        node = &children["items"];
    }
    assert_eq!(levels, 2, "three `Node`s deep: two of them with children");
    let cut = result
        .changes
        .iter()
        .find(|c| c.code == ChangeCode::RecursiveRefCut)
        .expect("the recursion is cut");
    assert_eq!(cut.pointer, "/$defs/Node/properties/children/items/$ref");
    assert_eq!(cut.effect, Effect::Widens);
    // The recursion through the root itself is bounded the same way.
    let rooted = converted(json!({"type": "object", "properties": {"self": {"$ref": "#"}}}));
    let depth = |mut v: &Value| {
        let mut depth = 0;
        while let Some(next) = v["properties"].get("self") {
            depth += 1;
            v = next;
        }
        depth
    };
    assert_eq!(depth(&rooted.schema.to_value()), 2);
}

#[test]
fn remote_references_are_never_fetched() {
    let result = converted(with_x(
        json!({"$ref": "https://example.com/schemas/thing.json", "description": "d"}),
        true,
    ));
    assert_eq!(
        changes(&result),
        [
            ("/properties/x", "required_unconstrained_property_dropped"),
            ("/properties/x/$ref", "remote_ref_dropped"),
        ]
    );
}

#[test]
fn null_is_dropped_and_required_nullables_become_optional() {
    let result = converted(json!({
        "type": "object",
        "properties": {
            "a": {"type": ["string", "null"], "default": null},
            "b": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            "c": {"type": "string", "nullable": true},
            "d": {"enum": ["x", null]},
            "e": {"type": "null"}
        },
        "required": ["b", "c", "e"]
    }));
    let schema = result.schema.to_value();
    assert_eq!(
        schema["properties"],
        json!({"a": {"type": "string"}, "b": {"type": "integer"}, "c": {"type": "string"},
               "d": {"type": "string", "enum": ["x"]}})
    );
    assert_eq!(schema["required"], json!([]));
    assert_eq!(
        effects(&result),
        [
            ("/properties/a/default", "default_dropped", Effect::Lossless),
            ("/properties/a/type", "null_dropped", Effect::Narrows),
            (
                "/properties/b",
                "nullable_required_made_optional",
                Effect::Narrows
            ),
            ("/properties/b/anyOf", "any_of_to_one_of", Effect::Lossless),
            (
                "/properties/c",
                "nullable_required_made_optional",
                Effect::Narrows
            ),
            ("/properties/d/enum", "type_from_enum", Effect::Lossless),
            ("/properties/d/enum/1", "null_dropped", Effect::Narrows),
            (
                "/properties/e",
                "unwritable_property_dropped",
                Effect::Widens
            ),
        ]
    );
}

#[test]
fn const_and_mixed_enums_become_typed_enums() {
    let result = converted(json!({"type": "object", "properties": {
        "tag": {"const": "circle"},
        "mixed": {"enum": ["a", 1, 2.5, true, "b"]},
        "typed": {"type": "integer", "enum": [1, 1.5, "x", 2.0]}
    }}));
    assert_eq!(
        property(&result, "tag"),
        json!({"type": "string", "enum": ["circle"]})
    );
    assert_eq!(
        property(&result, "mixed"),
        json!({"oneOf": [{"type": "string", "enum": ["a", "b"]},
                         {"type": "number", "enum": [1, 2.5]},
                         {"type": "boolean", "enum": [true]}]})
    );
    assert_eq!(
        property(&result, "typed"),
        json!({"type": "integer", "enum": [1, 2.0]})
    );
    assert_eq!(
        changes(&result),
        [
            ("/properties/mixed/enum", "enum_split_by_type"),
            ("/properties/tag/const", "const_to_enum"),
            ("/properties/tag/const", "type_from_enum"),
            ("/properties/typed/enum/1", "unreachable_enum_value_dropped"),
            ("/properties/typed/enum/2", "unreachable_enum_value_dropped"),
        ]
    );
    assert!(result.changes.iter().all(|c| c.effect == Effect::Lossless));
}

#[test]
fn several_types_become_one_branch_per_type() {
    let result = converted(json!({"type": "object", "properties": {
        "a": {"type": ["string", "number"], "minLength": 2, "maximum": 5},
        "b": {"type": ["integer", "number"], "minimum": 0},
        "c": {"type": ["string", "boolean"], "enum": ["x"]}
    }}));
    assert_eq!(
        property(&result, "a"),
        json!({"oneOf": [{"type": "string", "minLength": 2}, {"type": "number", "maximum": 5}]})
    );
    assert_eq!(
        property(&result, "b"),
        json!({"type": "number", "minimum": 0})
    );
    assert_eq!(
        property(&result, "c"),
        json!({"type": "string", "enum": ["x"]})
    );
    assert_eq!(
        changes(&result),
        [
            ("/properties/a/type", "type_array_split"),
            ("/properties/b", "subsumed_branch_dropped"),
            ("/properties/b/type", "type_array_split"),
            ("/properties/c/type", "type_array_split"),
        ]
    );
    assert!(result.changes.iter().all(|c| c.effect == Effect::Lossless));
}

#[test]
fn nodes_without_type_are_typed_by_their_keywords_or_dropped() {
    let result = converted(json!({"type": "object", "properties": {
        "inferred": {"minLength": 1},
        "anything": {"description": "whatever"},
        "required_anything": {},
        "never": false
    }, "required": ["required_anything"]}));
    assert_eq!(
        result.schema.to_value()["properties"],
        json!({"inferred": {"type": "string", "minLength": 1}})
    );
    let effects: Vec<(&str, Effect)> = result
        .changes
        .iter()
        .map(|c| (c.code.as_str(), c.effect))
        .collect();
    assert_eq!(
        effects,
        [
            ("unconstrained_property_dropped", Effect::Lossless),
            ("type_inferred", Effect::Narrows),
            ("impossible_property_dropped", Effect::Widens),
            ("required_unconstrained_property_dropped", Effect::Widens),
        ]
    );
}

#[test]
fn exclusive_bounds_step_on_integers_and_widen_on_numbers() {
    let result = converted(json!({"type": "object", "properties": {
        "i": {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10.5},
        "n": {"type": "number", "exclusiveMinimum": 0},
        "big": {"type": "integer", "exclusiveMaximum": 18_446_744_073_709_551_615_u64},
        "huge": {"type": "integer", "exclusiveMinimum": 1e300}
    }}));
    assert_eq!(
        property(&result, "i"),
        json!({"type": "integer", "minimum": 1, "maximum": 10})
    );
    assert_eq!(
        property(&result, "n"),
        json!({"type": "number", "minimum": 0})
    );
    assert_eq!(
        property(&result, "big"),
        json!({"type": "integer", "maximum": 18_446_744_073_709_551_614_u64})
    );
    assert_eq!(
        property(&result, "huge"),
        json!({"type": "integer", "minimum": 1e300})
    );
    let effects: Vec<(&str, Effect)> = result
        .changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.effect))
        .collect();
    assert_eq!(
        effects,
        [
            ("/properties/big/exclusiveMaximum", Effect::Lossless),
            ("/properties/huge/exclusiveMinimum", Effect::Widens),
            ("/properties/i/exclusiveMaximum", Effect::Lossless),
            ("/properties/i/exclusiveMinimum", Effect::Lossless),
            ("/properties/n/exclusiveMinimum", Effect::Widens),
        ]
    );
    // Draft 4's boolean form.
    let draft4 = converted(json!({"$schema": "http://json-schema.org/draft-04/schema#",
        "type": "object", "properties": {
        "i": {"type": "integer", "minimum": 0, "exclusiveMinimum": true, "maximum": 5,
              "exclusiveMaximum": false}}}));
    assert_eq!(
        property(&draft4, "i"),
        json!({"type": "integer", "minimum": 1, "maximum": 5})
    );
    assert!(changes(&draft4).contains(&("/properties/i/type", "draft4_integer_widened")));
    assert!(
        changes(&draft4).contains(&("/properties/i/exclusiveMaximum", "no_op_constraint_dropped"))
    );
}

#[test]
fn integer_formats_become_bounds_and_other_formats_are_dropped() {
    let result = converted(json!({"type": "object", "properties": {
        "u32": {"type": "integer", "format": "uint32", "minimum": 0},
        "i8": {"type": "number", "format": "int8", "maximum": 100},
        "u64": {"type": "integer", "format": "uint64"},
        "d": {"type": "number", "format": "double"},
        "when": {"type": "string", "format": "date-time"},
        "wrong": {"type": "string", "format": "int32"}
    }}));
    assert_eq!(
        property(&result, "u32"),
        json!({"type": "integer", "minimum": 0, "maximum": 4_294_967_295_u32})
    );
    assert_eq!(
        property(&result, "i8"),
        json!({"type": "integer", "minimum": -128, "maximum": 100})
    );
    assert_eq!(
        property(&result, "u64"),
        json!({"type": "integer", "minimum": 0, "maximum": u64::MAX})
    );
    assert_eq!(property(&result, "d"), json!({"type": "number"}));
    assert_eq!(property(&result, "when"), json!({"type": "string"}));
    assert_eq!(
        effects(&result),
        [
            (
                "/properties/d/format",
                "annotation_dropped",
                Effect::Lossless
            ),
            (
                "/properties/i8/format",
                "integer_format_to_bounds",
                Effect::Lossless
            ),
            (
                "/properties/u32/format",
                "integer_format_to_bounds",
                Effect::Lossless
            ),
            (
                "/properties/u64/format",
                "integer_format_to_bounds",
                Effect::Lossless
            ),
            ("/properties/when/format", "format_dropped", Effect::Widens),
            (
                "/properties/wrong/format",
                "inapplicable_keyword_dropped",
                Effect::Lossless
            ),
        ]
    );
}

/// The `convert` module's documentation lists every conversion code with
/// its effect, in the order `change/codes.rs` declares them (conversion comes
/// first).
#[test]
fn the_module_docs_list_every_conversion_code_with_its_effect() {
    let listed = conversion_codes_in_the_module_docs();
    assert_eq!(listed.len(), 49);
    for ((code, effect), declared) in listed.iter().zip(ChangeCode::ALL) {
        assert_eq!(*code, declared.as_str());
        assert_eq!(*effect, declared.effect().as_str(), "{code}");
    }
}

/// The rows `| `code` | effect |` of the `convert` module docs' table of
/// conversion codes, in order.
fn conversion_codes_in_the_module_docs() -> Vec<(String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../pedelec-schema/src/convert/mod.rs");
    let docs = std::fs::read_to_string(path).unwrap();
    docs.lines()
        .filter_map(|line| line.strip_prefix("//! | `"))
        .filter_map(|row| {
            let (code, rest) = row.split_once("` | ")?;
            let (effect, _) = rest.split_once(" |")?;
            Some((code.to_owned(), effect.to_owned()))
        })
        .collect()
}
