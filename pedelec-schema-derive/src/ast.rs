//! The derive input, parsed: the type, its fields or variants, and the
//! attributes of each; and what its shape means to serde (the enum
//! representation, the variants and fields serde reads, whether a struct is
//! read as its one field), which both `valid` and `expand` ask.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{DeriveInput, Generics, Ident, Member, Type};

use crate::attr::{self, Keywords, Serde};
use crate::case::RenameRule;
use crate::ctxt::Errors;
use crate::doc;

pub struct Input<'a> {
    pub ident: &'a Ident,
    pub generics: &'a Generics,
    pub serde: Serde,
    pub keywords: Keywords,
    pub docs: Option<String>,
    pub data: Data<'a>,
}

pub enum Data<'a> {
    Struct(Fields<'a>),
    Enum(Vec<Variant<'a>>),
    /// The `union` keyword, for the error.
    Union(Span),
}

/// serde's enum representations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repr<'a> {
    External,
    Internal { tag: &'a str },
    Adjacent { tag: &'a str, content: &'a str },
    Untagged,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `{ a: A }`
    Named,
    /// `(A, B)`
    Tuple,
    /// no fields
    Unit,
}

pub struct Fields<'a> {
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    /// Where the fields are written (the type's name for a unit struct).
    pub span: Span,
}

pub struct Field<'a> {
    pub member: Member,
    pub ty: &'a Type,
    pub serde: Serde,
    pub keywords: Keywords,
    pub docs: Option<String>,
}

pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub fields: Fields<'a>,
    pub serde: Serde,
    pub keywords: Keywords,
    pub docs: Option<String>,
}

impl<'a> Input<'a> {
    pub fn from_syn(input: &'a DeriveInput, errors: &mut Errors) -> Input<'a> {
        let data = match &input.data {
            syn::Data::Struct(data) => {
                Data::Struct(Fields::from_syn(&data.fields, &input.ident, errors))
            }
            syn::Data::Enum(data) => Data::Enum(
                data.variants
                    .iter()
                    .map(|variant| Variant::from_syn(variant, errors))
                    .collect(),
            ),
            syn::Data::Union(data) => Data::Union(data.union_token.span),
        };
        Input {
            ident: &input.ident,
            generics: &input.generics,
            serde: attr::serde(&input.attrs),
            keywords: attr::keywords(&input.attrs, errors),
            docs: doc::docs(&input.attrs),
            data,
        }
    }

    /// The container's enum representation (serde itself reports the
    /// invalid combinations, such as `content` without `tag`).
    pub fn repr(&self) -> Repr<'_> {
        let serde = &self.serde;
        match (&serde.tag, &serde.content, serde.untagged) {
            (_, _, true) => Repr::Untagged,
            (Some(tag), Some(content), false) => Repr::Adjacent { tag, content },
            (Some(tag), None, false) => Repr::Internal { tag },
            (None, _, false) => Repr::External,
        }
    }

    /// The variants serde reads into (not `skip`, `skip_deserializing` or
    /// the catch-all `other`); none for a struct.
    pub fn read_variants(&self) -> impl Iterator<Item = &Variant<'a>> {
        let variants = match &self.data {
            Data::Enum(variants) => variants.as_slice(),
            Data::Struct(_) | Data::Union(_) => &[],
        };
        variants
            .iter()
            .filter(|v| !v.serde.skip && v.serde.other.is_none())
    }

    /// Whether every variant of an externally tagged enum is a unit
    /// variant: the enum is then a string `enum`.
    pub fn is_string_enum(&self) -> bool {
        matches!(self.data, Data::Enum(_))
            && self.repr() == Repr::External
            && self
                .read_variants()
                .all(|v| v.fields.style == Style::Unit && !v.serde.untagged)
    }

    /// Whether a struct is read as its one field (`transparent`, or a
    /// newtype).
    pub fn is_transparent(&self) -> bool {
        match &self.data {
            Data::Struct(fields) => self.serde.transparent || fields.style == Style::Tuple,
            Data::Enum(_) | Data::Union(_) => false,
        }
    }
}

impl<'a> Fields<'a> {
    fn from_syn(fields: &'a syn::Fields, owner: &Ident, errors: &mut Errors) -> Fields<'a> {
        let style = match fields {
            syn::Fields::Named(_) => Style::Named,
            syn::Fields::Unnamed(_) => Style::Tuple,
            syn::Fields::Unit => Style::Unit,
        };
        let span = match fields {
            syn::Fields::Unit => owner.span(),
            other => other.span(),
        };
        let fields = fields
            .iter()
            .enumerate()
            .map(|(index, field)| Field {
                member: match &field.ident {
                    Some(ident) => Member::Named(ident.clone()),
                    None => Member::Unnamed(index.into()),
                },
                ty: &field.ty,
                serde: attr::serde(&field.attrs),
                keywords: attr::keywords(&field.attrs, errors),
                docs: doc::docs(&field.attrs),
            })
            .collect();
        Fields {
            style,
            fields,
            span,
        }
    }

    /// The fields serde reads (not `skip`/`skip_deserializing`).
    pub fn read(&self) -> impl Iterator<Item = &Field<'a>> {
        self.fields.iter().filter(|field| !field.serde.skip)
    }

    /// The one field a newtype struct, a `transparent` struct or a newtype
    /// variant is read as.
    pub fn newtype_field(&self) -> Option<&Field<'a>> {
        let mut read = self.read();
        match (read.next(), read.next()) {
            (Some(field), None) => Some(field),
            _ => None,
        }
    }
}

impl<'a> Variant<'a> {
    fn from_syn(variant: &'a syn::Variant, errors: &mut Errors) -> Variant<'a> {
        Variant {
            ident: &variant.ident,
            fields: Fields::from_syn(&variant.fields, &variant.ident, errors),
            serde: attr::serde(&variant.attrs),
            keywords: attr::keywords(&variant.attrs, errors),
            docs: doc::docs(&variant.attrs),
        }
    }

    /// This variant's representation in an enum of `container`'s:
    /// `#[serde(untagged)]` on a variant wins.
    pub fn repr<'r>(&self, container: Repr<'r>) -> Repr<'r> {
        if self.serde.untagged {
            Repr::Untagged
        } else {
            container
        }
    }

    /// The name serde reads for this variant.
    pub fn name(&self, rule: Option<RenameRule>) -> String {
        let ident = self.ident.unraw().to_string();
        renamed(
            &self.serde.rename,
            ident,
            rule,
            RenameRule::apply_to_variant,
        )
    }

    /// The name serde writes for this variant, under the rule it writes by.
    pub fn written_name(&self, rule: Option<RenameRule>) -> String {
        let ident = self.ident.unraw().to_string();
        renamed(
            &self.serde.written.rename,
            ident,
            rule,
            RenameRule::apply_to_variant,
        )
    }
}

impl Field<'_> {
    /// The property name serde reads for this field (named fields only).
    pub fn name(&self, rule: Option<RenameRule>) -> String {
        renamed(
            &self.serde.rename,
            self.ident(),
            rule,
            RenameRule::apply_to_field,
        )
    }

    /// The property name serde writes, under the rule it writes by.
    pub fn written_name(&self, rule: Option<RenameRule>) -> String {
        renamed(
            &self.serde.written.rename,
            self.ident(),
            rule,
            RenameRule::apply_to_field,
        )
    }

    /// The field's name in Rust (its index for a tuple field).
    pub fn ident(&self) -> String {
        match &self.member {
            Member::Named(ident) => ident.unraw().to_string(),
            Member::Unnamed(index) => index.index.to_string(),
        }
    }
}

/// `rename` if given, else `ident` under `rule`, as serde names a field or
/// a variant.
fn renamed(
    rename: &Option<String>,
    ident: String,
    rule: Option<RenameRule>,
    apply: fn(RenameRule, &str) -> String,
) -> String {
    match (rename, rule) {
        (Some(rename), _) => rename.clone(),
        (None, Some(rule)) => apply(rule, &ident),
        (None, None) => ident,
    }
}
