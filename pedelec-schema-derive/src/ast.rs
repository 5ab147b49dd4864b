//! The derive input, parsed: the type, its fields or variants, and the
//! attributes of each.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{DeriveInput, Generics, Ident, Member, Type};

use crate::attr::{self, Errors, Keywords, Serde};
use crate::case::RenameRule;

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
            docs: attr::docs(&input.attrs),
            data,
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
                docs: attr::docs(&field.attrs),
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
}

impl<'a> Variant<'a> {
    fn from_syn(variant: &'a syn::Variant, errors: &mut Errors) -> Variant<'a> {
        Variant {
            ident: &variant.ident,
            fields: Fields::from_syn(&variant.fields, &variant.ident, errors),
            serde: attr::serde(&variant.attrs),
            keywords: attr::keywords(&variant.attrs, errors),
            docs: attr::docs(&variant.attrs),
        }
    }

    /// The name serde reads for this variant.
    pub fn name(&self, rule: Option<RenameRule>) -> String {
        if let Some(rename) = &self.serde.rename {
            return rename.clone();
        }
        let ident = self.ident.unraw().to_string();
        rule.map_or_else(|| ident.clone(), |rule| rule.apply_to_variant(&ident))
    }
}

impl Field<'_> {
    /// The property name serde reads for this field (named fields only).
    pub fn name(&self, rule: Option<RenameRule>) -> String {
        if let Some(rename) = &self.serde.rename {
            return rename.clone();
        }
        let ident = match &self.member {
            Member::Named(ident) => ident.unraw().to_string(),
            Member::Unnamed(index) => index.index.to_string(),
        };
        rule.map_or_else(|| ident.clone(), |rule| rule.apply_to_field(&ident))
    }
}
