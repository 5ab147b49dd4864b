//! `convert`: the rewrites that combine nodes - dropped constraints,
//! `allOf`, `anyOf`, `oneOf`, tuples, the root - and the dialects, the
//! serialization of changes, and schemars' default output.

use crate::convert_support;

use convert_support::{changes, converted, effects, property, with_x};
use pedelec_schema::{ChangeCode, Effect};
use serde_json::{json, Value};

#[test]
fn constraints_without_room_are_dropped_with_what_to_check() {
    let result = converted(json!({
        "type": "object",
        // By name, so that the message's list is the same whether or not
        // serde_json's `preserve_order` keeps the order written here.
        "properties": {
            "list": {"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}},
            "map": {"type": "object", "additionalProperties": {"type": "string"},
                    "propertyNames": {"type": "string"}, "minProperties": 0},
            "n": {"type": "number", "multipleOf": 0.5, "not": {"const": 1}},
            "open": {"type": "object", "additionalProperties": true},
            "s": {"type": "string", "if": {"minLength": 3}, "then": {"pattern": "^a"}},
            "t": {"type": "string", "then": {"pattern": "^a"}}
        },
        "additionalProperties": false,
        "dependentRequired": {"map": ["open"]},
        "patternProperties": {"^x-": {"type": "string"}},
        "maxProperties": 9
    }));
    assert_eq!(
        effects(&result),
        [
            (
                "/additionalProperties",
                "constraint_dropped",
                Effect::Widens
            ),
            ("/dependentRequired", "constraint_dropped", Effect::Widens),
            ("/maxProperties", "constraint_dropped", Effect::Widens),
            ("/patternProperties", "constraint_dropped", Effect::Widens),
            (
                "/properties/list/contains",
                "constraint_dropped",
                Effect::Widens
            ),
            (
                "/properties/map/additionalProperties",
                "constraint_dropped",
                Effect::Widens
            ),
            (
                "/properties/map/minProperties",
                "no_op_constraint_dropped",
                Effect::Lossless
            ),
            (
                "/properties/map/propertyNames",
                "no_op_constraint_dropped",
                Effect::Lossless
            ),
            (
                "/properties/n/multipleOf",
                "constraint_dropped",
                Effect::Widens
            ),
            ("/properties/n/not", "constraint_dropped", Effect::Widens),
            (
                "/properties/open/additionalProperties",
                "no_op_constraint_dropped",
                Effect::Lossless
            ),
            ("/properties/s/if", "constraint_dropped", Effect::Widens),
            ("/properties/s/then", "constraint_dropped", Effect::Widens),
            (
                "/properties/t/then",
                "no_op_constraint_dropped",
                Effect::Lossless
            ),
        ]
    );
    let closed = &result.changes[0].message;
    assert!(
        closed.contains("refuse properties other than `list`, `map`, `n`, `open`, `s`, `t`"),
        "{closed}"
    );
}

#[test]
fn all_of_merges_every_constraint_it_can_hold() {
    let result = converted(with_x(
        json!({"allOf": [
            {"type": "string", "minLength": 2, "pattern": "^a"},
            {"maxLength": 5, "pattern": "b$"},
            {"description": "merged"}
        ]}),
        true,
    ));
    assert_eq!(
        property(&result, "x"),
        json!({"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^a",
               "description": "merged"})
    );
    assert_eq!(
        changes(&result),
        [
            ("/properties/x/allOf", "all_of_merged"),
            ("/properties/x/allOf/1/pattern", "pattern_dropped"),
        ]
    );
    // Object shapes merge property by property; contradictions accept nothing.
    let objects = converted(with_x(
        json!({"allOf": [
            {"type": "object", "properties": {"a": {"type": "integer", "minimum": 0}}, "required": ["a"]},
            {"properties": {"a": {"maximum": 9}, "b": {"type": "string"}}, "required": ["b"]}
        ]}),
        false,
    ));
    assert_eq!(
        property(&objects, "x"),
        json!({"type": "object", "properties": {"a": {"type": "integer", "minimum": 0, "maximum": 9},
               "b": {"type": "string"}}, "required": ["a", "b"]})
    );
    let impossible = converted(with_x(
        json!({"allOf": [{"type": "string"}, {"type": "integer"}]}),
        false,
    ));
    assert!(changes(&impossible).contains(&("/properties/x", "impossible_property_dropped")));
}

#[test]
fn any_of_becomes_one_of_exactly_when_branches_cannot_overlap() {
    let tagged = |tag: &str, extra: &str| {
        json!({"type": "object", "properties": {"kind": {"const": tag}, extra: {"type": "number"}},
               "required": ["kind", extra]})
    };
    let disjoint = converted(with_x(
        json!({"anyOf": [tagged("a", "width"), tagged("b", "radius"), {"type": "string"}]}),
        true,
    ));
    let codes = changes(&disjoint);
    assert!(
        codes.contains(&("/properties/x/anyOf", "any_of_to_one_of")),
        "{codes:?}"
    );
    assert!(disjoint
        .changes
        .iter()
        .all(|c| c.effect == Effect::Lossless));
    assert_eq!(
        property(&disjoint, "x")["oneOf"].as_array().unwrap().len(),
        3
    );

    let overlapping = converted(with_x(
        json!({"anyOf": [{"type": "string", "minLength": 1}, {"type": "string", "pattern": "a"}]}),
        true,
    ));
    let change = &overlapping.changes[0];
    assert_eq!(change.code, ChangeCode::AnyOfOverlapToOneOf);
    assert_eq!(change.effect, Effect::Narrows);
    assert!(change
        .message
        .contains("`/properties/x/anyOf/0` and `/properties/x/anyOf/1`"));
}

/// Convert asks the model's disjointness (`validate/disjoint.rs`), the
/// one lint and the export ask too. Where convert's own check on JSON
/// answered otherwise, the model's answer holds: a tag that only one
/// branch requires, with a value the other's tag cannot take, tells them
/// apart (it was `any_of_overlap_to_one_of`); an `enum` that decides
/// nothing leaves the branches overlapping, whatever their lengths say.
#[test]
fn branches_are_told_apart_by_the_models_disjointness() {
    let kind = |tag: &str| json!({"type": "string", "enum": [tag]});
    let required =
        json!({"type": "object", "properties": {"kind": kind("a")}, "required": ["kind"]});
    let optional = json!({"type": "object", "properties": {"kind": kind("b")}});
    let told_apart = converted(with_x(json!({"anyOf": [required, optional]}), true));
    assert_eq!(
        changes(&told_apart),
        [("/properties/x/anyOf", "any_of_to_one_of")],
        "{:?}",
        told_apart.changes
    );

    let same_words =
        |length: &str, bound: u64| json!({"type": "string", "enum": ["x", "yy"], length: bound});
    let overlapping = converted(with_x(
        json!({"anyOf": [same_words("maxLength", 1), same_words("minLength", 2)]}),
        true,
    ));
    assert_eq!(
        changes(&overlapping),
        [("/properties/x/anyOf", "any_of_overlap_to_one_of")],
        "{:?}",
        overlapping.changes
    );
}

#[test]
fn a_one_of_branch_that_widens_may_narrow_the_one_of() {
    let result = converted(with_x(
        json!({"oneOf": [
            {"type": "string", "format": "email"},
            {"type": "string", "maxLength": 3}
        ]}),
        true,
    ));
    assert_eq!(
        effects(&result),
        [
            (
                "/properties/x/oneOf",
                "one_of_branch_widened",
                Effect::Narrows
            ),
            (
                "/properties/x/oneOf/0/format",
                "format_dropped",
                Effect::Widens
            ),
        ]
    );
    // Branches that stay apart keep the `oneOf` exact.
    let apart = converted(with_x(
        json!({"oneOf": [{"type": "string", "format": "email"}, {"type": "integer"}]}),
        true,
    ));
    assert_eq!(
        changes(&apart),
        [("/properties/x/oneOf/0/format", "format_dropped")]
    );
}

#[test]
fn tuples_become_one_items_node() {
    let result = converted(json!({"type": "object", "properties": {
        "closed": {"type": "array", "prefixItems": [{"type": "integer", "minimum": 0},
                   {"type": "integer", "maximum": 9}, {"type": "string"}], "items": false},
        "open": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "string", "minLength": 1}},
        "old": {"type": "array", "items": [{"type": "boolean"}], "additionalItems": {"type": "boolean"}},
        "loose": {"type": "array", "prefixItems": [{"type": "string"}]}
    }}));
    assert_eq!(
        property(&result, "closed"),
        json!({"type": "array", "maxItems": 3, "items": {"oneOf": [{"type": "integer"}, {"type": "string"}]}})
    );
    assert_eq!(
        property(&result, "open"),
        json!({"type": "array", "items": {"type": "string"}})
    );
    assert_eq!(
        property(&result, "old"),
        json!({"type": "array", "items": {"type": "boolean"}})
    );
    assert_eq!(
        changes(&result),
        [
            ("/properties/closed/prefixItems", "tuple_to_items"),
            ("/properties/loose", "unwritable_property_dropped"),
            ("/properties/loose/prefixItems", "tuple_to_items"),
            ("/properties/old/items", "tuple_to_items"),
            ("/properties/open/prefixItems", "tuple_to_items"),
        ]
    );
}

#[test]
fn roots_become_object_nodes() {
    let union = converted(json!({"anyOf": [
        {"type": "object", "properties": {"id": {"type": "string"}, "v": {"type": "integer"}},
         "required": ["id", "v"]},
        {"type": "object", "properties": {"id": {"type": "string", "minLength": 1}}, "required": ["id"]},
        {"type": "string"}
    ]}));
    assert_eq!(
        union.schema.to_value(),
        json!({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]})
    );
    assert_eq!(
        changes(&union),
        [("", "root_made_object"), ("/anyOf", "root_union_merged")]
    );
    let untyped = converted(json!({"properties": {"a": {"type": "string"}}}));
    assert_eq!(changes(&untyped), [("", "root_made_object")]);
    let anything = converted(json!(true));
    assert_eq!(
        anything.schema.to_value(),
        json!({"type": "object", "properties": {}, "required": []})
    );
}

#[test]
fn gemini_schemas_are_read_in_their_dialect() {
    let result = converted(json!({
        "type": "OBJECT",
        "properties": {
            "n": {"type": "INTEGER", "nullable": true},
            "u": {"anyOf": [{"type": "INTEGER"}, {"type": "STRING"}], "type": "OBJECT"}
        },
        "required": ["u"],
        "propertyOrdering": ["u", "n"]
    }));
    assert_eq!(
        result.schema.to_value(),
        json!({"type": "object", "properties": {"n": {"type": "integer"},
               "u": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}, "required": ["u"]})
    );
    let codes = changes(&result);
    assert!(codes.contains(&("/properties/u/type", "union_type_placeholder_dropped")));
    assert!(codes.contains(&("/properties/n/nullable", "null_dropped")));
    assert!(codes.contains(&("/propertyOrdering", "unknown_keyword_dropped")));
}

#[test]
fn changes_serialize_as_the_specification_says() {
    let result = converted(with_x(json!({"type": ["string", "null"]}), false));
    assert_eq!(
        serde_json::to_value(&result.changes).unwrap(),
        json!([{"pointer": "/properties/x/type", "code": "null_dropped", "effect": "narrows",
                "message": "`x` no longer accepts `null`: an agent leaves it out instead"}])
    );
}

fn fixture(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/convert")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// schemars 1.x's default output (draft 2020-12) for a struct with a
/// `u32`, a struct used twice and an internally tagged enum, as in its own
/// snapshots: `$schema`, `title`, `format` with `minimum`, `$defs`/`$ref`,
/// `const` tags, `oneOf`.
#[test]
fn default_schemars_output_converts_with_only_lossless_changes() {
    let result = converted(fixture("schemars_request.json"));
    assert!(
        result.changes.iter().all(|c| c.effect == Effect::Lossless),
        "{:#?}",
        result.changes
    );
    let point = json!({"type": "object", "properties": {
        "x": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
        "y": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX}}, "required": ["x", "y"]});
    let shape = |tag: &str, field: &str| {
        json!({"type": "object", "properties": {"kind": {"type": "string", "enum": [tag]},
               field: {"type": "number"}}, "required": ["kind", field]})
    };
    assert_eq!(
        result.schema.to_value(),
        json!({"type": "object", "description": "Draw a shape between two points.",
               "properties": {
                   "count": {"type": "integer", "minimum": 0, "maximum": 4_294_967_295_u32,
                             "description": "How many copies to draw."},
                   "from": point, "to": point,
                   "shape": {"oneOf": [shape("Circle", "radius"), shape("Square", "side")]}},
               "required": ["count", "from", "to", "shape"]})
    );
}

/// With an `Option<String>` field, schemars writes `type: ["string",
/// "null"]`, and the subset has no null: that one change narrows (`null`
/// is refused, an agent leaves the field out), everything else stays
/// lossless.
#[test]
fn an_option_field_is_the_one_narrowing_change() {
    let result = converted(fixture("schemars_request_option.json"));
    let lossy: Vec<(&str, &str)> = result
        .changes
        .iter()
        .filter(|c| c.effect != Effect::Lossless)
        .map(|c| (c.pointer.as_str(), c.code.as_str()))
        .collect();
    assert_eq!(lossy, [("/properties/label/type", "null_dropped")]);
    assert_eq!(
        property(&result, "label"),
        json!({"type": "string", "description": "What to write beside it."})
    );
}
