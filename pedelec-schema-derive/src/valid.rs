//! Compile-time checks: everything that would put the derived schema outside
//! the Pedelec argsSchema subset, or let it accept a value serde cannot
//! read, is an error on the offending token with a message that says what to
//! do. Expansion only runs on input that passed.

use proc_macro2::Span;
use quote::ToTokens;
use syn::Ident;

use crate::ast::{Data, Field, Fields, Input, Repr, Style, Variant};
use crate::attr::{Hatch, Keyed, Keywords, Num, Serde};
use crate::ctxt::Errors;
use crate::output;
use crate::ty::{self, Shape};

/// What keywords are put on: a node of a known shape, or an object or a
/// `oneOf` (which take none of the constraint keywords).
#[derive(Clone, Copy)]
enum Target {
    Shape(Shape),
    Object,
    OneOf,
    /// A node that a `schema_with` function builds.
    Built,
}

pub fn check(input: &Input, errors: &mut Errors) {
    refused_serde_keys(&input.serde, errors);
    hatch_off_field(&input.keywords, "a type", errors);
    match &input.data {
        Data::Union(span) => errors.error(
            *span,
            "#[derive(ToolArgs)] cannot describe a union (serde cannot read one either); \
             use a struct, or an enum with one variant per case",
        ),
        Data::Struct(fields) => check_struct(input, fields, errors),
        Data::Enum(_) => check_enum(input, errors),
    }
    output::check(input, errors);
}

fn refused_serde_keys(serde: &Serde, errors: &mut Errors) {
    for key in &serde.refused {
        let message = match key.to_string().as_str() {
            "deny_unknown_fields" => {
                "`deny_unknown_fields` cannot be expressed in the Pedelec argsSchema subset (it \
                 has no `additionalProperties`): the agent would see a schema that allows other \
                 properties, which serde then refuses. Remove it; serde ignores unknown \
                 properties without it"
            }
            "from" | "try_from" => {
                "the schema is derived from the fields of this type, but `from`/`try_from` \
                 makes serde read another type; derive `ToolArgs` on that type, call its \
                 `from_args`, and convert (or, for a type used inside tool arguments, \
                 implement `pedelec_schema::ToolArgsNode` by hand with the node of what serde \
                 reads)"
            }
            _ => "#[derive(ToolArgs)] does not support `#[serde(remote)]`",
        };
        errors.error(key.span(), message);
    }
}

/// `as` and `schema_with` say where a field's node comes from.
fn hatch_off_field(keywords: &Keywords, place: &str, errors: &mut Errors) {
    if let Some(hatch) = &keywords.hatch {
        errors.error(
            hatch.key.span(),
            format!(
                "`{}` goes on a field, not on {place}; for a type whose JSON the derive cannot \
                 see, implement `pedelec_schema::ToolArgsNode` by hand",
                hatch.key
            ),
        );
    }
}

/// serde's `with`/`deserialize_with` reads the field with a function the
/// derive cannot see into: `as` or `schema_with` must say what it reads.
fn check_with(field: &Field, errors: &mut Errors) {
    if let (Some(with), None) = (&field.serde.with, &field.keywords.hatch) {
        errors.error(
            with.span(),
            format!(
                "`{with}` makes serde read this field with a function whose JSON the derive \
                 cannot see; say what it reads with `#[tool_args(as = Type)]` (a type that \
                 reads the same JSON) or `#[tool_args(schema_with = function)]` (a function \
                 that returns its `SchemaNode`)"
            ),
        );
    }
}

fn check_struct(input: &Input, fields: &Fields, errors: &mut Errors) {
    if let Some(tag) = &input.serde.tag_key {
        errors.error(
            tag.span(),
            "#[derive(ToolArgs)] does not support `#[serde(tag = ...)]` on a struct; \
             add the tag as a field of a one-variant enum, or drop it",
        );
    }
    let target = match fields.style {
        Style::Unit => {
            errors.error(
                fields.span,
                "a unit struct reads only `null`, and the root of a Pedelec argsSchema is an \
                 object; for a tool without arguments write `struct Name {}`",
            );
            return;
        }
        Style::Tuple if fields.newtype_field().is_none() => {
            errors.error(
                fields.span,
                "a tuple struct is a JSON array of mixed items, which the Pedelec argsSchema \
                 subset cannot describe; use named fields (a newtype `struct Name(T);` or a \
                 `#[serde(transparent)]` struct is fine: it is described as its field)",
            );
            return;
        }
        _ if input.is_transparent() => match fields.newtype_field() {
            Some(field) => field_target(field),
            // serde reports a transparent struct without exactly one field.
            None => return,
        },
        _ => Target::Object,
    };
    check_keywords(
        &input.keywords,
        target,
        &format!("`{}`", input.ident),
        errors,
    );
    for field in fields.read() {
        check_field(field, input.ident, errors);
    }
}

fn check_enum(input: &Input, errors: &mut Errors) {
    if input.read_variants().next().is_none() {
        errors.error(
            input.ident.span(),
            "an enum without variants serde can read has no values, and a `oneOf` needs at \
             least one branch; add a variant",
        );
        return;
    }
    let target = if input.is_string_enum() {
        Target::Shape(Shape::String { is_char: false })
    } else {
        Target::OneOf
    };
    check_keywords(
        &input.keywords,
        target,
        &format!("`{}`", input.ident),
        errors,
    );
    let repr = input.repr();
    let string_enum = input.is_string_enum();
    for variant in input.read_variants() {
        check_variant(input, variant, variant.repr(repr), string_enum, errors);
    }
}

fn check_variant(
    input: &Input,
    variant: &Variant,
    repr: Repr,
    string_enum: bool,
    errors: &mut Errors,
) {
    refused_serde_keys(&variant.serde, errors);
    hatch_off_field(&variant.keywords, "a variant", errors);
    output::misplaced(&variant.keywords, "a variant", errors);
    if let Some(with) = &variant.serde.with {
        errors.error(
            with.span(),
            format!(
                "`{with}` on a variant makes serde read it with a function whose JSON the \
                 derive cannot see; give the variant a field of a type of its own whose \
                 `Deserialize` reads that JSON, and describe it with `ToolArgsNode` or \
                 `#[tool_args(as = Type)]`"
            ),
        );
    }
    let unit = variant.fields.style == Style::Unit;
    if unit && repr == Repr::External {
        if let Some(key) = variant.keywords.all_keys().first() {
            let place = if string_enum {
                "the enum is a string `enum`"
            } else {
                "unit variants share one string `enum` branch"
            };
            errors.error(
                key.span(),
                format!(
                    "`{key}` has no node to go on: {place}; put it on the enum or on the field"
                ),
            );
        }
    } else {
        for key in variant.keywords.constraints() {
            errors.error(
                key.span(),
                format!(
                    "`{key}` does not apply to a variant (only `description`, `default` and \
                     `examples` do); put it on the variant's fields"
                ),
            );
        }
    }
    if unit && repr == Repr::Untagged {
        errors.error(
            variant.ident.span(),
            "an untagged unit variant reads only `null`, which the Pedelec argsSchema subset \
             has no node for; give the variant a field, or tag the enum \
             (`#[serde(tag = \"...\")]`)",
        );
    }
    if variant.fields.style == Style::Tuple && variant.fields.fields.len() != 1 {
        errors.error(
            variant.fields.span,
            "a tuple variant with several fields is a JSON array of mixed items, which the \
             Pedelec argsSchema subset cannot describe; use a struct variant `V { a: A, b: B }`",
        );
    }
    let internal_newtype =
        matches!(repr, Repr::Internal { .. }) && variant.fields.style == Style::Tuple;
    for field in variant.fields.read() {
        if internal_newtype {
            if let Some(key) = field.keywords.all_keys().first() {
                errors.error(
                    key.span(),
                    "the fields of this type are merged beside the tag, so this field has no \
                     node of its own; put keywords on the fields of its type, or on the variant",
                );
            }
        }
        check_field(field, input.ident, errors);
    }
}

/// What a field's keywords go on: its node's shape as far as the type it
/// takes the node from tells, or a node a function builds.
fn field_target(field: &Field) -> Target {
    match field.keywords.hatch.as_ref().map(|k| &k.value) {
        None => Target::Shape(ty::shape(field.ty)),
        Some(Hatch::As(ty)) => Target::Shape(ty::shape(ty)),
        Some(Hatch::SchemaWith(_)) => Target::Built,
    }
}

fn check_field(field: &Field, owner: &Ident, errors: &mut Errors) {
    refused_serde_keys(&field.serde, errors);
    check_with(field, errors);
    output::misplaced(&field.keywords, "a field", errors);
    let ty = match field.keywords.hatch.as_ref().map(|k| &k.value) {
        None => field.ty,
        Some(Hatch::As(ty)) => ty,
        Some(Hatch::SchemaWith(_)) => {
            if let Some(flatten) = &field.serde.flatten {
                errors.error(
                    flatten.span(),
                    "`flatten` merges the properties of a type the derive can see, but \
                     `schema_with` builds the node at run time; use `as = Type` with a struct \
                     that derives `ToolArgs`",
                );
            }
            check_keywords(&field.keywords, Target::Built, "this field", errors);
            return;
        }
    };
    if let Some((span, reason)) = ty::unsupported(ty) {
        errors.error(span, reason);
        return;
    }
    if let Some(span) = ty::self_reference(ty, owner) {
        errors.error(
            span,
            format!(
                "`{owner}` contains itself, and the Pedelec argsSchema subset has no `$ref`, so \
                 its schema would be infinitely deep; break the cycle (e.g. refer to the other \
                 value by an id), or skip the field with `#[serde(skip)]`"
            ),
        );
        return;
    }
    let shape = ty::shape(ty);
    if let Some(flatten) = &field.serde.flatten {
        check_flatten(field, flatten, shape, errors);
        return;
    }
    let what = format!("`{}`", ty.to_token_stream())
        .replace(" < ", "<")
        .replace(" >", ">");
    check_keywords(&field.keywords, Target::Shape(shape), &what, errors);
}

fn check_flatten(field: &Field, flatten: &Ident, shape: Shape, errors: &mut Errors) {
    for key in field.keywords.all_keys() {
        errors.error(
            key.span(),
            format!(
                "a flattened field has no node of its own (its properties are merged into this \
                 object); put `{key}` on the fields of its type"
            ),
        );
    }
    if shape != Shape::Unknown {
        errors.error(
            flatten.span(),
            format!(
                "`flatten` merges the properties of a struct, but this field is {}; remove \
                 `flatten`",
                shape.describe()
            ),
        );
    }
}

/// Whether each constraint applies to the target, then the bounds.
fn check_keywords(keywords: &Keywords, target: Target, what: &str, errors: &mut Errors) {
    let mut applicable = true;
    for key in keywords.constraints() {
        if let Some(message) = refusal(&key.to_string(), target, what) {
            errors.error(key.span(), message);
            applicable = false;
        }
    }
    if !applicable {
        return;
    }
    check_order(&keywords.min_length, &keywords.max_length, errors);
    check_order(&keywords.min_items, &keywords.max_items, errors);
    check_number_order(&keywords.minimum, &keywords.maximum, errors);
    if let Target::Shape(Shape::Integer { name, min, max }) = target {
        for bound in [&keywords.minimum, &keywords.maximum].into_iter().flatten() {
            check_integer_range(bound, name, min, max, errors);
        }
    }
    if let Some(pattern) = &keywords.pattern {
        if let Err(reason) = compile_pattern(&pattern.value) {
            errors.error(
                pattern.span,
                format!("this `pattern` cannot be used: {reason}"),
            );
        }
    }
}

/// Why `key` cannot go on `target`, or `None` when it can.
fn refusal(key: &str, target: Target, what: &str) -> Option<String> {
    let family = match key {
        "min_length" | "max_length" | "pattern" => "string",
        "minimum" | "maximum" => "number",
        _ => "array",
    };
    let shape = match target {
        Target::Shape(Shape::Unknown) => return None,
        Target::Shape(shape) => Some(shape),
        Target::Object | Target::OneOf => None,
        Target::Built => {
            return Some(format!(
                "`{key}` does not apply to {what}, whose node a `schema_with` function builds \
                 (its kind is known only then); add the bound to the node in that function"
            ))
        }
    };
    let fits = matches!(
        (family, shape),
        ("string", Some(Shape::String { .. }))
            | ("number", Some(Shape::Integer { .. } | Shape::Number))
            | ("array", Some(Shape::Array { .. }))
    );
    match (key, shape) {
        ("min_length" | "max_length", Some(Shape::String { is_char: true })) => Some(format!(
            "`{key}` cannot change the length of a `char`, which is always one character; \
             remove it (use `pattern` to restrict which character)"
        )),
        ("min_items" | "max_items", Some(Shape::Array { fixed: true })) => Some(format!(
            "`{key}` cannot change the length of {what}, which always has exactly its \
             length; remove it"
        )),
        _ if fits => None,
        _ => {
            let kind = match target {
                Target::Shape(shape) => shape.describe(),
                Target::Object => "an object",
                Target::OneOf => "a `oneOf` of its variants",
                Target::Built => unreachable!("returned above"),
            };
            let (bounds, fix) = match family {
                "string" => (
                    "bounds a string",
                    "`min_length`, `max_length` and `pattern`",
                ),
                "number" => ("bounds a number", "`minimum` and `maximum`"),
                _ => (
                    "bounds an array",
                    "`min_items`, `max_items` and `unique_items`",
                ),
            };
            let own = match shape {
                Some(Shape::String { .. }) => {
                    "; a string takes `min_length`, `max_length` and `pattern`"
                }
                Some(Shape::Integer { .. } | Shape::Number) => {
                    "; a number takes `minimum` and `maximum`"
                }
                Some(Shape::Array { .. }) => {
                    "; an array takes `min_items`, `max_items` and `unique_items`"
                }
                Some(Shape::Boolean) => "; a boolean takes no bounds",
                _ => "; put bounds on its fields",
            };
            Some(format!(
                "`{key}` does not apply to {what}, which is {kind}: it {bounds} ({fix}){own}"
            ))
        }
    }
}

fn check_order(min: &Option<Keyed<u64>>, max: &Option<Keyed<u64>>, errors: &mut Errors) {
    check_bounds(min, max, |low, high| low > high, errors);
}

fn check_number_order(min: &Option<Keyed<Num>>, max: &Option<Keyed<Num>>, errors: &mut Errors) {
    check_bounds(min, max, |low, high| low.greater_than(*high), errors);
}

/// Reports a lower bound above its upper bound; `above` says which is which
/// for the bound's type.
fn check_bounds<T: std::fmt::Display>(
    min: &Option<Keyed<T>>,
    max: &Option<Keyed<T>>,
    above: impl Fn(&T, &T) -> bool,
    errors: &mut Errors,
) {
    if let (Some(min), Some(max)) = (min, max) {
        if above(&min.value, &max.value) {
            min_above_max(
                &min.key,
                &min.value.to_string(),
                &max.key,
                &max.value.to_string(),
                min.span,
                errors,
            );
        }
    }
}

fn min_above_max(min: &Ident, low: &str, max: &Ident, high: &str, span: Span, errors: &mut Errors) {
    errors.error(
        span,
        format!(
            "`{min} = {low}` is greater than `{max} = {high}`, so no value could pass; lower \
             `{min}` or raise `{max}`"
        ),
    );
}

/// A bound outside the integer type's range would let the schema accept a
/// value that serde cannot read into the field.
fn check_integer_range(bound: &Keyed<Num>, name: &str, min: i128, max: i128, errors: &mut Errors) {
    let below = Num::Int(min).greater_than(bound.value);
    let above = bound.value.greater_than(Num::Int(max));
    if below || above {
        errors.error(
            bound.span,
            format!(
                "`{} = {}` is outside the range of `{name}` ({min}..={max}), so the schema \
                 would accept values the field cannot hold; keep it within the range, or use \
                 a wider integer type",
                bound.key, bound.value
            ),
        );
    }
}

/// Refuses a pattern exactly when `pedelec_schema::Pattern::new` does: the
/// library leaves out the translation and the compiling for a simple shape,
/// which a test there shows always pass them.
fn compile_pattern(source: &str) -> Result<(), String> {
    crate::pattern_check::Parsed::new(source)
        .and_then(|parsed| parsed.translate())
        .and_then(|checked| checked.compile())
        .map(drop)
        .map_err(|err| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern_check::MAX_PATTERN_LEN;

    #[test]
    fn patterns_are_checked_like_the_library_checks_them() {
        assert!(compile_pattern(r"^\d{4}-\d{2}$").is_ok());
        assert!(compile_pattern("(?=a)").unwrap_err().contains("lookahead"));
        assert!(compile_pattern("(").unwrap_err().contains("never closed"));
        assert!(compile_pattern(&"a".repeat(MAX_PATTERN_LEN + 1))
            .unwrap_err()
            .contains("limit"));
        assert!(compile_pattern(r"(\w{1000}){1000}")
            .unwrap_err()
            .contains("more than"));
        // The grammar is ECMA-262's Unicode mode, whatever the pattern's shape.
        assert!(compile_pattern("^a**$")
            .unwrap_err()
            .contains("cannot follow another quantifier"));
        assert!(compile_pattern(r"^[a-z\_]+$")
            .unwrap_err()
            .contains("not an ECMA-262 escape"));
        assert!(compile_pattern(r"\p{L_u}")
            .unwrap_err()
            .contains(r"`\p{Lu}`"));
    }

    #[test]
    fn keywords_fit_their_kind() {
        let string = Target::Shape(Shape::String { is_char: false });
        assert!(refusal("min_length", string, "`String`").is_none());
        let message = refusal(
            "min_length",
            Target::Shape(Shape::Integer {
                name: "u32",
                min: 0,
                max: 1,
            }),
            "`u32`",
        )
        .unwrap();
        assert!(
            message.contains("`min_length` does not apply to `u32`"),
            "{message}"
        );
        assert!(refusal("maximum", Target::Shape(Shape::Unknown), "`T`").is_none());
        assert!(refusal("min_items", Target::Object, "`Args`").is_some());
    }
}
