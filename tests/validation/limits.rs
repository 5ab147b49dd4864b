//! Every limit of the crate docs' "Limits" section, at its bound (accepted)
//! and one past it (refused with the documented code, at the documented
//! place, with a message that names the limit).

use pedelec_schema::{
    Code, Pattern, SchemaError, ToolArgsSchema, MAX_BRANCHES, MAX_BRANCH_PRODUCT,
    MAX_COMPILED_SIZE, MAX_DEPTH, MAX_ENUM_VALUES, MAX_NESTING, MAX_PATTERN_LEN, MAX_PROPERTIES,
};
use serde_json::{json, Map, Value};

/// The errors of a schema that must be refused.
fn refused(schema: &Value) -> SchemaError {
    ToolArgsSchema::from_value(schema).expect_err("the schema is beyond a limit")
}

/// Asserts that `schema` is refused with exactly one error: `code` at
/// `pointer`, naming `limit`.
fn assert_refused(schema: &Value, code: Code, pointer: &str, limit: usize) {
    let error = refused(schema);
    let diagnostics = error.diagnostics();
    assert_eq!(diagnostics.len(), 1, "{error}");
    assert_eq!(diagnostics[0].code, code, "{error}");
    assert_eq!(diagnostics[0].pointer, pointer, "{error}");
    assert!(
        diagnostics[0].message.contains(&limit.to_string()),
        "{error}"
    );
}

fn accepted(schema: &Value) -> ToolArgsSchema {
    ToolArgsSchema::from_value(schema).unwrap_or_else(|error| panic!("{error}"))
}

/// A chain of `nodes` nodes: objects, each the only property `a` of the
/// one above, ending in a string.
fn chain(nodes: usize) -> Value {
    let mut node = json!({"type": "string"});
    for _ in 1..nodes {
        node = json!({"type": "object", "properties": {"a": node}});
    }
    node
}

#[test]
fn depth_is_bounded_by_max_depth() {
    let schema = accepted(&chain(MAX_DEPTH));
    let mut value = json!(7);
    for _ in 1..MAX_DEPTH - 1 {
        value = json!({ "a": value });
    }
    let value = json!({ "a": value });
    assert_eq!(
        schema.validate(&value).unwrap_err().errors()[0].path(),
        "/a".repeat(MAX_DEPTH - 1)
    );
    assert_refused(
        &chain(MAX_DEPTH + 1),
        Code::TooDeep,
        &"/properties/a".repeat(MAX_DEPTH),
        MAX_DEPTH,
    );
}

fn with_pattern(pattern: &str) -> Value {
    json!({"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}})
}

#[test]
fn a_pattern_is_at_most_max_pattern_len_bytes() {
    // A pattern with a regex shape, so that the regex engine compiles it.
    let at_bound = format!("^(a|b){}$", "c".repeat(MAX_PATTERN_LEN - 7));
    assert_eq!(at_bound.len(), MAX_PATTERN_LEN);
    accepted(&with_pattern(&at_bound));
    let past = format!("{at_bound}d");
    assert_refused(
        &with_pattern(&past),
        Code::InvalidPattern,
        "/properties/s/pattern",
        MAX_PATTERN_LEN,
    );
}

#[test]
fn groups_nest_at_most_max_nesting_deep() {
    let nested = |depth: usize| format!("{}a{}", "(".repeat(depth), ")".repeat(depth));
    let depth = MAX_NESTING as usize;
    assert!(Pattern::new(&nested(depth)).is_ok());
    accepted(&with_pattern(&nested(depth)));
    assert_refused(
        &with_pattern(&nested(depth + 1)),
        Code::InvalidPattern,
        "/properties/s/pattern",
        depth,
    );
}

#[test]
fn a_pattern_compiles_to_at_most_max_compiled_size_bytes() {
    // The compiled size grows with the repetition count; find the largest
    // count that fits, then check that one more is refused for its size.
    let pattern = |count: usize| format!("x[a-z]{{{count}}}");
    let fits = |count: usize| Pattern::new(&pattern(count)).is_ok();
    let (mut fitting, mut too_big) = (1, 1_000_000);
    assert!(fits(fitting) && !fits(too_big));
    while fitting + 1 < too_big {
        let middle = (fitting + too_big) / 2;
        if fits(middle) {
            fitting = middle;
        } else {
            too_big = middle;
        }
    }
    accepted(&with_pattern(&pattern(fitting)));
    assert_refused(
        &with_pattern(&pattern(too_big)),
        Code::InvalidPattern,
        "/properties/s/pattern",
        MAX_COMPILED_SIZE,
    );
}

#[test]
fn a_repetition_count_is_at_most_u32_max() {
    // An empty group repeated compiles to nothing, so only the count's
    // own bound applies.
    let at_bound = format!("(?:){{{}}}", u32::MAX);
    accepted(&with_pattern(&at_bound));
    let past = format!("(?:){{{}}}", u64::from(u32::MAX) + 1);
    assert_refused(
        &with_pattern(&past),
        Code::InvalidPattern,
        "/properties/s/pattern",
        u32::MAX as usize,
    );
}

fn object_with_properties(count: usize, all_required: bool) -> Value {
    let mut properties = Map::new();
    for index in 0..count {
        properties.insert(format!("p{index}"), json!({"type": "integer"}));
    }
    let required: Vec<&String> = if all_required {
        properties.keys().collect()
    } else {
        Vec::new()
    };
    json!({"type": "object", "properties": properties, "required": required})
}

#[test]
fn an_object_has_at_most_max_properties() {
    let schema = accepted(&object_with_properties(MAX_PROPERTIES, true));
    assert_eq!(schema.root().required.len(), MAX_PROPERTIES);
    assert_refused(
        &object_with_properties(MAX_PROPERTIES + 1, false),
        Code::TooManyProperties,
        "/properties",
        MAX_PROPERTIES,
    );
}

#[test]
fn required_lists_at_most_max_properties_names() {
    let names: Vec<String> = (0..=MAX_PROPERTIES).map(|i| format!("p{i}")).collect();
    let schema = json!({"type": "object", "properties": {}, "required": names});
    assert_refused(
        &schema,
        Code::TooManyProperties,
        "/required",
        MAX_PROPERTIES,
    );
}

#[test]
fn too_many_properties_still_reports_the_other_errors_but_not_their_required_names() {
    let mut schema = object_with_properties(MAX_PROPERTIES + 1, true);
    schema["properties"]["p7"] = json!({"type": "integer", "format": "int32"});
    let error = refused(&schema);
    let codes: Vec<(Code, &str)> = error
        .diagnostics()
        .iter()
        .map(|d| (d.code, d.pointer.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            (Code::TooManyProperties, "/properties"),
            (Code::UnsupportedKeyword, "/properties/p7/format"),
            (Code::TooManyProperties, "/required"),
        ]
    );
}

fn with_enum(count: usize) -> Value {
    let values: Vec<String> = (0..count).map(|i| format!("v{i}")).collect();
    json!({"type": "object", "properties": {"e": {"type": "string", "enum": values}}})
}

#[test]
fn an_enum_lists_at_most_max_enum_values() {
    let schema = accepted(&with_enum(MAX_ENUM_VALUES));
    let last = format!("v{}", MAX_ENUM_VALUES - 1);
    assert!(schema.is_valid(&json!({ "e": last })));
    assert_refused(
        &with_enum(MAX_ENUM_VALUES + 1),
        Code::TooManyEnumValues,
        "/properties/e/enum",
        MAX_ENUM_VALUES,
    );
}

/// A `oneOf` of `count` branches, each an integer `enum` of one value.
fn one_of(count: usize) -> Value {
    let branches: Vec<Value> = (0..count)
        .map(|i| json!({"type": "integer", "enum": [i]}))
        .collect();
    json!({ "oneOf": branches })
}

#[test]
fn a_one_of_has_at_most_max_branches() {
    let schema = accepted(&json!({"type": "object", "properties": {"o": one_of(MAX_BRANCHES)}}));
    assert!(schema.is_valid(&json!({"o": MAX_BRANCHES - 1})));
    assert_refused(
        &json!({"type": "object", "properties": {"o": one_of(MAX_BRANCHES + 1)}}),
        Code::TooManyBranches,
        "/properties/o/oneOf",
        MAX_BRANCHES,
    );
}

/// `oneOf`s nested `levels` deep, each with `branches` branches: an object
/// whose property `a` holds the next level, and integer leaves.
fn nested_one_ofs(levels: usize, branches: usize) -> Value {
    let mut node = json!({"type": "string"});
    for _ in 0..levels {
        let mut alternatives = vec![json!({"type": "object", "properties": {"a": node}})];
        alternatives.extend((1..branches).map(|i| json!({"type": "integer", "enum": [i]})));
        node = json!({ "oneOf": alternatives });
    }
    json!({"type": "object", "properties": {"o": node}})
}

#[test]
fn nested_one_ofs_multiply_to_at_most_max_branch_product() {
    // 16^4 = 65 536 combinations: at the bound.
    assert_eq!(16usize.pow(4), MAX_BRANCH_PRODUCT);
    let schema = accepted(&nested_one_ofs(4, 16));
    assert!(schema.is_valid(&json!({"o": {"a": {"a": {"a": {"a": "x"}}}}})));
    assert!(schema.is_valid(&json!({"o": {"a": 15}})));
    // One more level multiplies it past the bound; it is reported once,
    // at the `oneOf` that crosses it.
    let crossing = format!("/properties/o{}/oneOf", "/oneOf/0/properties/a".repeat(4));
    assert_refused(
        &nested_one_ofs(5, 16),
        Code::TooManyBranches,
        &crossing,
        MAX_BRANCH_PRODUCT,
    );
}
