//! `#[tool_args(output)]`: a type that is also serialized, as a tool's
//! result, must write only what its own schema accepts. The schema
//! describes what serde reads, and serde writes differently in ways the
//! subset cannot express: `None` as `null` (the subset has no `null`), a
//! required property left out, another name, another type, a value through
//! a function. Each is refused here, on its key or field, as far as the
//! attributes and the types' syntax show; what the syntax cannot show (an
//! `Option` under an alias, a generic parameter) is asked of the type
//! system by the assertions of [`assertions`].
//!
//! A property serde writes but does not read (`skip_deserializing` on a
//! named field) is allowed: the subset's objects accept properties they do
//! not name (docs/subset.md, 7.4), so it passes. Written as the whole value
//! of a newtype, or as a variant the schema has no branch for, it does not,
//! and is refused.
//!
//! Only the type's own fields and variants are checked: a nested type is
//! checked where it carries `#[tool_args(output)]` itself.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{Ident, Type};

use crate::ast::{Data, Field, Fields, Input, Repr, Style};
use crate::attr::{Hatch, Keywords, Serde};
use crate::case::RenameRule;
use crate::ctxt::Errors;
use crate::ty;

/// `output` on a field or a variant.
pub fn misplaced(keywords: &Keywords, place: &str, errors: &mut Errors) {
    if let Some(output) = &keywords.output {
        errors.error(
            output.key.span(),
            format!(
                "`output` goes on the type (`#[tool_args(output)]` on the struct or enum), not on \
                 {place}: it checks every field and variant of the type it is on"
            ),
        );
    }
}

/// A renaming rule as serde reads by it and as it writes by it, with its
/// key (that of the container, or of the variant).
#[derive(Clone, Copy)]
struct Rule<'a> {
    read: Option<RenameRule>,
    written: Option<RenameRule>,
    key: Option<&'a Ident>,
}

impl<'a> Rule<'a> {
    /// The container's `rename_all`, for its properties or variants.
    fn container(serde: &'a Serde) -> Self {
        Rule {
            read: serde.rename_all,
            written: serde.written.rename_all,
            key: serde.rename_all_key.as_ref(),
        }
    }
}

/// Where a newtype's one field is: what the messages call it.
#[derive(Clone, Copy)]
enum Newtype<'a> {
    Struct(&'a Ident),
    Variant(&'a Ident),
}

pub fn check(input: &Input, errors: &mut Errors) {
    if input.keywords.output.is_none() {
        return;
    }
    if let Some(into) = &input.serde.written.into {
        errors.error(
            into.span(),
            "`into` makes serde write another type, which the schema of this one does not \
             describe; describe the result with that type (derive `ToolArgs` on it, with \
             `#[tool_args(output)]`)",
        );
    }
    let serde = &input.serde;
    match &input.data {
        Data::Struct(fields) if input.is_transparent() => {
            if let Some(field) = fields.newtype_field() {
                newtype(field, Newtype::Struct(input.ident), errors);
            }
            written_unread(fields, errors);
        }
        Data::Struct(fields) if fields.style == Style::Named => {
            object(
                fields,
                serde.default,
                Rule::container(serde),
                &mut false,
                errors,
            );
        }
        Data::Enum(_) => variants(input, errors),
        // Refused by `valid` in every case.
        Data::Struct(_) | Data::Union(_) => {}
    }
}

fn variants(input: &Input, errors: &mut Errors) {
    let Data::Enum(variants) = &input.data else {
        return;
    };
    for variant in variants.iter().filter(|v| v.serde.written.skip.is_none()) {
        written_variant(&variant.serde, errors);
    }
    let serde = &input.serde;
    let rule = Rule::container(serde);
    // An untagged variant is written without its name.
    let names = input
        .read_variants()
        .filter(|v| v.repr(input.repr()) != Repr::Untagged)
        .map(|v| (v.name(rule.read), v.written_name(rule.written), &v.serde));
    renames(names, "variant", rule, &mut false, errors);
    // The container's `rename_all_fields` is reported once, whichever
    // variants it renames.
    let mut fields_rule_reported = false;
    for variant in input.read_variants() {
        if let Some(with) = &variant.serde.written.with {
            errors.error(
                with.span(),
                "`serialize_with` makes serde write this variant with a function whose JSON the \
                 derive cannot see; remove it",
            );
        }
        let own = &variant.serde;
        let (rule, reported) = match &own.rename_all_key {
            Some(key) => (
                Rule {
                    read: own.rename_all.or(serde.rename_all_fields),
                    written: own.written.rename_all.or(serde.written.rename_all_fields),
                    key: Some(key),
                },
                &mut false,
            ),
            None => (
                Rule {
                    read: serde.rename_all_fields,
                    written: serde.written.rename_all_fields,
                    key: serde.rename_all_fields_key.as_ref(),
                },
                &mut fields_rule_reported,
            ),
        };
        match variant.fields.style {
            Style::Named => object(&variant.fields, false, rule, reported, errors),
            Style::Tuple => {
                if let Some(field) = variant.fields.newtype_field() {
                    newtype(field, Newtype::Variant(variant.ident), errors);
                }
            }
            Style::Unit => {}
        }
    }
}

/// A variant serde writes but does not read: the schema has no branch
/// for it.
fn written_variant(serde: &Serde, errors: &mut Errors) {
    if let Some(key) = &serde.skip_deserializing {
        errors.error(
            key.span(),
            "`skip_deserializing` keeps this variant out of what serde reads, and so out of the \
             schema, but serde still writes it, and no branch of the schema accepts it; leave it \
             out of both with `#[serde(skip)]`",
        );
    } else if let Some(key) = &serde.other {
        errors.error(
            key.span(),
            "`other` reads every unknown variant as this one, which the schema leaves out, but \
             serde still writes it by its name, which no branch of the schema accepts; if \
             results never hold it, add `#[serde(skip_serializing)]` (serde then refuses to \
             write it)",
        );
    }
}

/// The fields of an object: named fields of a struct or of a variant.
fn object(
    fields: &Fields,
    all_default: bool,
    rule: Rule,
    rule_reported: &mut bool,
    errors: &mut Errors,
) {
    let names = fields
        .read()
        .filter(|f| f.serde.flatten.is_none())
        .map(|f| (f.name(rule.read), f.written_name(rule.written), &f.serde));
    renames(names, "property", rule, rule_reported, errors);
    for field in fields.read() {
        functions(field, errors);
        let written = &field.serde.written;
        if let Some(key) = written.skip.as_ref().or(written.skip_if.as_ref()) {
            if let Some((why, fix)) = required(field, all_default) {
                errors.error(
                    key.span(),
                    format!(
                        "`{key}` may leave `{}` out of the result, but the schema requires it \
                         ({why}); {fix}, so that the schema does not require it",
                        field.ident()
                    ),
                );
            }
        } else if ty::is_option(field.ty) && field.serde.flatten.is_none() {
            errors.error(
                field.ty.span(),
                format!(
                    "`{}` is an `Option`: serde writes `None` as `null`, which the schema does \
                     not accept; add `#[serde(skip_serializing_if = \"Option::is_none\")]`",
                    field.ident()
                ),
            );
        }
        inner_option(field, errors);
    }
}

/// Why the schema requires `field` (as the expansion decides it) and what
/// would make it optional, or `None` when it is.
fn required(field: &Field, all_default: bool) -> Option<(&'static str, &'static str)> {
    if all_default || field.serde.default {
        return None;
    }
    if field.serde.with.is_some() {
        return Some((
            "serde demands a field read through a function unless it has `#[serde(default)]`",
            "give it `#[serde(default)]`",
        ));
    }
    let ty = match field.keywords.hatch.as_ref().map(|k| &k.value) {
        Some(Hatch::As(ty)) => ty,
        _ => field.ty,
    };
    (!ty::is_option(ty)).then_some((
        "it is not an `Option` and has no `#[serde(default)]`",
        "make the field an `Option`, or give it `#[serde(default)]`",
    ))
}

/// The one field of a newtype struct, a `transparent` struct or a newtype
/// variant: serde writes it as the value itself, not as a property.
fn newtype(field: &Field, place: Newtype, errors: &mut Errors) {
    functions(field, errors);
    let written = &field.serde.written;
    if let Some(key) = written.skip.as_ref().or(written.skip_if.as_ref()) {
        errors.error(
            key.span(),
            format!(
                "`{key}` cannot leave out the one field of a newtype: serde writes it as the \
                 value itself (and a newtype variant whose field it skips as a unit variant, \
                 which the schema does not have); remove it"
            ),
        );
    }
    if ty::is_option(field.ty) {
        let (what, fix) = match place {
            Newtype::Struct(ident) => (
                format!("`{ident}` is written as its one field, an `Option`"),
                format!(
                    "give `{ident}` the inner type, and make the field that holds it an \
                     `Option` with `#[serde(skip_serializing_if = \"Option::is_none\")]`"
                ),
            ),
            Newtype::Variant(ident) => (
                format!("variant `{ident}` holds an `Option`"),
                "hold the inner type (and give the case without it a variant of its own), or \
                 make it a struct variant whose field has \
                 `#[serde(skip_serializing_if = \"Option::is_none\")]`"
                    .to_owned(),
            ),
        };
        errors.error(
            field.ty.span(),
            format!(
                "{what}: serde writes `None` as `null`, which the schema does not accept, and \
                 `skip_serializing_if` cannot leave out a value that is not a property; {fix}"
            ),
        );
    }
    inner_option(field, errors);
}

/// An `Option` inside a field's type (`Vec<Option<T>>`): its `None` is a
/// `null` no attribute can leave out.
fn inner_option(field: &Field, errors: &mut Errors) {
    // A module given with `with` writes the field, not its type.
    let written_by_module = field.serde.with.as_ref().is_some_and(|key| key == "with");
    if written_by_module || field.serde.flatten.is_some() {
        return;
    }
    if let Some(span) = ty::inner_option(field.ty) {
        errors.error(
            span,
            format!(
                "this `Option` is inside the type of `{}`, where serde writes its `None` as \
                 `null`, which the schema does not accept, and `skip_serializing_if` cannot \
                 leave it out; hold the values without `Option` (an `Option` may be the \
                 field's own type, with `#[serde(skip_serializing_if = \"Option::is_none\")]`)",
                field.ident()
            ),
        );
    }
}

/// A function on one side only: serde reads through it and writes the
/// type, or the other way round. `with` (or both functions) names what
/// reads and what writes the JSON that `as` or `schema_with` describes.
fn functions(field: &Field, errors: &mut Errors) {
    let read_with = field
        .serde
        .with
        .as_ref()
        .filter(|key| *key == "deserialize_with");
    match (read_with, &field.serde.written.with) {
        (Some(key), None) => errors.error(
            key.span(),
            "`deserialize_with` makes serde read this field with a function, which the schema \
             describes, but write it as its type, whose JSON may differ; give the function \
             that writes the same JSON too (`serialize_with`, or both in `with = \"module\"`)",
        ),
        (None, Some(key)) => errors.error(
            key.span(),
            "`serialize_with` makes serde write this field with a function whose JSON the \
             derive cannot see, but read it as its type, which is what the schema describes; \
             remove it, or give the function that reads the same JSON too (`deserialize_with`, \
             or both in `with = \"module\"`, described by `#[tool_args(as = Type)]`)",
        ),
        _ => {}
    }
}

/// Fields of a newtype or `transparent` struct that serde writes but does
/// not read: they change the value written, which is not an open object.
fn written_unread(fields: &Fields, errors: &mut Errors) {
    for field in &fields.fields {
        if let (Some(key), None) = (&field.serde.skip_deserializing, &field.serde.written.skip) {
            errors.error(
                key.span(),
                "`skip_deserializing` keeps this field out of what serde reads, and so out of \
                 the schema, but serde still writes it, as part of the value itself (not as a \
                 property that an object may carry besides the ones it names); leave it out of \
                 both with `#[serde(skip)]`",
            );
        }
    }
}

/// Reports each name that serde writes differently from the one it reads,
/// which is the schema's: on the item's `rename` when it has one, else
/// once on the rule's key.
fn renames<'a>(
    names: impl Iterator<Item = (String, String, &'a Serde)>,
    what: &str,
    rule: Rule,
    rule_reported: &mut bool,
    errors: &mut Errors,
) {
    for (read, written, serde) in names {
        if read == written {
            continue;
        }
        match (&serde.rename_key, rule.key) {
            (Some(key), _) => errors.error(
                key.span(),
                format!(
                    "serde writes this {what} as `{written}` but reads it as `{read}`, the name \
                     the schema gives it, so the result would not match its schema; give one \
                     name, `#[serde(rename = \"{read}\")]`"
                ),
            ),
            (None, Some(key)) if !*rule_reported => {
                *rule_reported = true;
                let fix = match rule.read {
                    Some(rule) => format!("`{key} = \"{}\"`", rule.name()),
                    None => format!("`{key} = \"...\"`, or remove it"),
                };
                errors.error(
                    key.span(),
                    format!(
                        "`{key}` gives serde one rule for writing and another for reading: it \
                         writes `{written}` where the schema names the {what} `{read}`, so the \
                         result would not match its schema; give one rule for both, {fix}"
                    ),
                );
            }
            _ => {}
        }
    }
}

/// Compile-time assertions, for the parts of the written fields' types
/// that the syntax cannot tell (a derived type, an alias, a generic
/// parameter), that they are not an `Option` under another name: serde
/// writes every value of a field that has no `skip_serializing_if`, and
/// every value inside a sequence, and `ToolArgsNode::REQUIRED` is `false`
/// for an `Option` and what wraps one. The first token stream holds items
/// for a type without generics, which `cargo check` evaluates; the second,
/// statements for `node`'s body otherwise, evaluated where a schema of the
/// type is built. Empty without `output`.
pub fn assertions(input: &Input) -> (TokenStream, TokenStream) {
    if input.keywords.output.is_none() {
        return (TokenStream::new(), TokenStream::new());
    }
    let p = quote!(::pedelec_schema::__private);
    let mut asserts = Vec::new();
    for field in written_fields(input) {
        // A field with `skip_serializing_if` may leave out its own value
        // (the `None` of an `Option` under another name); what it holds is
        // written.
        let parts = if field.serde.written.skip_if.is_some() {
            ty::unseen_inside(field.ty)
        } else {
            ty::unseen(field.ty)
        };
        for part in parts {
            let fix = if std::ptr::eq(part, field.ty) {
                "write the field's type as `Option<...>`, with \
                 `#[serde(skip_serializing_if = \"Option::is_none\")]`, or use a type without \
                 `None`"
            } else {
                "hold values without `None` (an `Option` may be the field's own type, with \
                 `#[serde(skip_serializing_if = \"Option::is_none\")]`)"
            };
            let message = format!(
                "`{}` in `{}.{}` is an `Option` or wraps one (its `ToolArgsNode::REQUIRED` is \
                 false): serde writes its `None` as `null`, which the schema does not accept, \
                 and `#[tool_args(output)]` refuses that; {fix}",
                written_type(part),
                input.ident,
                field.ident()
            );
            asserts.push(quote_spanned! {part.span()=>
                ::core::assert!(<#part as #p::ToolArgsNode>::REQUIRED, #message)
            });
        }
    }
    if input.generics.params.is_empty() {
        let items = quote!(#(const _: () = #asserts;)*);
        (items, TokenStream::new())
    } else {
        let statements = quote!(#(const { #asserts };)*);
        (TokenStream::new(), statements)
    }
}

/// The fields serde reads and writes whose written value their own type
/// gives (no `as`, `schema_with` or `flatten`: the derive did not take
/// their nodes from their types, or they are not one value).
fn written_fields<'a>(input: &'a Input) -> Vec<&'a Field<'a>> {
    let all: Vec<&Fields> = match &input.data {
        Data::Struct(fields) => vec![fields],
        Data::Enum(_) => input.read_variants().map(|v| &v.fields).collect(),
        Data::Union(_) => Vec::new(),
    };
    all.into_iter()
        .flat_map(Fields::read)
        .filter(|field| {
            field.keywords.hatch.is_none()
                && field.serde.flatten.is_none()
                && field.serde.written.skip.is_none()
                && field.serde.written.with.is_none()
        })
        .collect()
}

/// A type as a message writes it.
fn written_type(ty: &Type) -> String {
    ty.to_token_stream()
        .to_string()
        .replace(" < ", "<")
        .replace(" >", ">")
        .replace(" ,", ",")
}
