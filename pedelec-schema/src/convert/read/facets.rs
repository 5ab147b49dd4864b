//! Reading a source node's keywords other than its type, metadata and
//! composition into [`Facets`]: one arm per keyword, so that every key of
//! the source is either kept or recorded as a change. A child node
//! (`properties`) is read by the [`ReadNode`] the caller passes.

use serde_json::{Map, Value};

use super::{arrays, dropped, numbers, ReadNode};
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::dialect::TypeName;
use crate::convert::error::ConvertErrorCode;
use crate::convert::shape::{At, Facets, Family, PropertyEntry};
use crate::message::{Described, Listed};
use crate::numeric;
use crate::pattern::Pattern;
use crate::pointer;
use crate::validate::json_equal;

/// Keys another part of the reader handles.
fn read_elsewhere(key: &str) -> bool {
    matches!(key, "type" | "$ref" | "allOf" | "anyOf" | "oneOf") || super::meta::is_metadata(key)
}

/// Reads the facets of the node `map` at `at`, whose `type` is `types`;
/// `read_node` reads the child nodes.
pub(in crate::convert) fn read(
    ctx: &mut Context<'_>,
    map: &Map<String, Value>,
    at: &str,
    types: Option<&[TypeName]>,
    read_node: ReadNode,
) -> Facets {
    let mut facets = Facets::default();
    for (key, value) in map {
        if read_elsewhere(key) {
            continue;
        }
        let here = pointer::join(at, key);
        if let (Some(types), Some(family)) = (types, keyword_family(key, value)) {
            if !types.iter().any(|t| t.family == family) {
                ctx.note(
                    ChangeCode::InapplicableKeywordDropped,
                    &here,
                    format!(
                        "`{key}` applies to {} values, which this node's `type` refuses; \
                         it never applied",
                        family.name()
                    ),
                );
                continue;
            }
        }
        read_keyword(ctx, &mut facets, map, key, value, &here, read_node);
    }
    facets.closed = map.get("additionalProperties") == Some(&Value::Bool(false))
        && !map.contains_key("patternProperties");
    numbers::apply_boolean_exclusives(ctx, &mut facets, map, at);
    let arrays_apply = types.is_none_or(|types| types.iter().any(|t| t.family == Family::Array));
    arrays::read_items(ctx, &mut facets, map, at, arrays_apply, read_node);
    facets
}

fn read_keyword(
    ctx: &mut Context<'_>,
    facets: &mut Facets,
    map: &Map<String, Value>,
    key: &str,
    value: &Value,
    here: &str,
    read_node: ReadNode,
) {
    match key {
        // Read with the type: it adds `null` to the node.
        "nullable" if value == &Value::Bool(true) => {}
        "enum" => read_enum(ctx, facets, value, here),
        "const" => {
            ctx.note(
                ChangeCode::ConstToEnum,
                here,
                "`const` became an `enum` of its one value",
            );
            restrict_enum(facets, At::new(vec![value.clone()], here));
        }
        "minLength" => facets.min_length = count(ctx, key, value, here),
        "maxLength" => facets.max_length = count(ctx, key, value, here),
        "minItems" => facets.min_items = count(ctx, key, value, here),
        "maxItems" => facets.max_items = count(ctx, key, value, here),
        "pattern" => read_pattern(ctx, facets, value, here),
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => {
            numbers::read_bound(ctx, facets, key, value, here)
        }
        "format" => numbers::read_format(ctx, facets, value, here),
        "uniqueItems" => match value {
            Value::Bool(unique) => facets.unique_items = *unique,
            other => not_a_schema(
                ctx,
                here,
                format!(
                    "`uniqueItems` must be true or false, found {}",
                    Described(other)
                ),
            ),
        },
        "properties" => read_properties(ctx, facets, value, here, read_node),
        "required" => read_required(ctx, facets, value, here),
        // Read together, once every key is known.
        "items" | "prefixItems" | "additionalItems" => {}
        "$defs" | "definitions" => ctx.note(
            ChangeCode::DefinitionsDropped,
            here,
            format!(
                "`{key}` was dropped: each definition is written inline where it is referenced"
            ),
        ),
        _ => dropped::drop_keyword(ctx, map, key, value, here),
    }
}

/// The family whose values a keyword constrains, if it constrains one.
fn keyword_family(key: &str, value: &Value) -> Option<Family> {
    Some(match key {
        "minLength" | "maxLength" | "pattern" => Family::String,
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => {
            Family::Number
        }
        "format" => numbers::format_family(value.as_str()?),
        "items" | "prefixItems" | "additionalItems" | "minItems" | "maxItems" | "uniqueItems"
        | "contains" | "minContains" | "maxContains" | "unevaluatedItems" => Family::Array,
        "properties"
        | "required"
        | "additionalProperties"
        | "unevaluatedProperties"
        | "patternProperties"
        | "propertyNames"
        | "minProperties"
        | "maxProperties"
        | "dependentRequired"
        | "dependentSchemas"
        | "dependencies" => Family::Object,
        _ => return None,
    })
}

pub(super) fn not_a_schema(ctx: &mut Context<'_>, at: &str, message: String) {
    ctx.fail(ConvertErrorCode::NotASchema, at, message);
}

fn read_enum(ctx: &mut Context<'_>, facets: &mut Facets, value: &Value, here: &str) {
    match value {
        Value::Array(values) => restrict_enum(facets, At::new(values.clone(), here)),
        other => not_a_schema(
            ctx,
            here,
            format!(
                "`enum` must be an array of values, found {}",
                Described(other)
            ),
        ),
    }
}

/// Keeps only the allowed values both lists allow.
pub(in crate::convert) fn restrict_enum(facets: &mut Facets, values: At<Vec<Value>>) {
    facets.enum_values = Some(match facets.enum_values.take() {
        None => values,
        Some(mut existing) => {
            existing
                .value
                .retain(|v| values.value.iter().any(|w| json_equal(v, w)));
            existing
        }
    });
}

/// Reports the `enum` values this node's `type` refuses.
pub(super) fn report_unreachable_enum_values(
    ctx: &mut Context<'_>,
    facets: &Facets,
    types: &[TypeName],
) {
    let Some(values) = &facets.enum_values else {
        return;
    };
    let listed_at = values.at.clone();
    for (index, value) in values.value.iter().enumerate() {
        let family = Family::of(value);
        let reachable = types.iter().any(|t| {
            t.family == family && (!t.integer || value.as_number().is_some_and(numeric::is_integer))
        });
        if !reachable {
            let mut here = listed_at.clone();
            if listed_at.ends_with("/enum") {
                pointer::push_index(&mut here, index);
            }
            ctx.note(
                ChangeCode::UnreachableEnumValueDropped,
                &here,
                format!(
                    "the `enum` value {} was dropped: the node's `type` refuses it anyway",
                    Listed(std::slice::from_ref(value))
                ),
            );
        }
    }
}

/// Reads `minLength`, `maxLength`, `minItems` or `maxItems`: a
/// non-negative integer (`2.0` counts).
fn count(ctx: &mut Context<'_>, key: &str, value: &Value, here: &str) -> Option<u64> {
    let number = value.as_number();
    if let Some(count) = number.and_then(|n| n.as_u64()) {
        return Some(count);
    }
    if let Some(float) = number.and_then(|n| n.as_f64()) {
        if float >= 0.0 && float.fract() == 0.0 && float < 18_446_744_073_709_551_616.0 {
            return Some(float as u64);
        }
    }
    not_a_schema(
        ctx,
        here,
        format!(
            "`{key}` must be a non-negative integer, found {}",
            Described(value)
        ),
    );
    None
}

fn read_pattern(ctx: &mut Context<'_>, facets: &mut Facets, value: &Value, here: &str) {
    let Value::String(source) = value else {
        not_a_schema(
            ctx,
            here,
            format!(
                "`pattern` must be a regular expression in a string, found {}",
                Described(value)
            ),
        );
        return;
    };
    match Pattern::new(source) {
        Ok(_) => facets.pattern = Some(At::new(source.clone(), here)),
        Err(error) => ctx.note(
            ChangeCode::PatternDropped,
            here,
            format!("`pattern` was dropped ({error}); the handler must check it"),
        ),
    }
}

fn read_properties(
    ctx: &mut Context<'_>,
    facets: &mut Facets,
    value: &Value,
    here: &str,
    read_node: ReadNode,
) {
    let Value::Object(entries) = value else {
        not_a_schema(
            ctx,
            here,
            format!(
                "`properties` must be an object from property name to schema, found {}",
                Described(value)
            ),
        );
        return;
    };
    for (name, node) in entries {
        let at = pointer::join(here, name);
        let node = read_node(ctx, node, &at);
        facets.properties.push(PropertyEntry {
            name: name.clone(),
            node,
            at,
        });
    }
}

fn read_required(ctx: &mut Context<'_>, facets: &mut Facets, value: &Value, here: &str) {
    let Value::Array(names) = value else {
        not_a_schema(
            ctx,
            here,
            format!(
                "`required` must be an array of property names, found {}",
                Described(value)
            ),
        );
        return;
    };
    for (index, name) in names.iter().enumerate() {
        let mut at = here.to_owned();
        pointer::push_index(&mut at, index);
        let Value::String(name) = name else {
            not_a_schema(
                ctx,
                &at,
                format!(
                    "a `required` entry must be a property name, found {}",
                    Described(name)
                ),
            );
            continue;
        };
        if facets.required.iter().any(|r| &r.value == name) {
            ctx.note(
                ChangeCode::DuplicateRequiredDropped,
                &at,
                format!("`{name}` was listed in `required` twice; it is listed once"),
            );
            continue;
        }
        facets.required.push(At::new(name.clone(), at));
    }
}
