//! Code generation. Every type, function and macro is named by its full path
//! (`::pedelec_schema::...`), so the derive needs no `use` at the call site.
//!
//! For every input it implements `ToolArgsNode` (the node, used when the
//! type is nested in another); for a struct with named fields also
//! `ToolArgs` (the checked root schema, built once). A type marked
//! `#[tool_args(output)]` gets compile-time assertions about the parts of
//! its fields' types that `output`'s checks cannot see (`output.rs`), and
//! nothing else.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::{parse_quote, Generics};

use crate::ast::{Data, Field, Fields, Input, Repr, Style, Variant};
use crate::attr::{Hatch, Keywords, Num};
use crate::case::RenameRule;
use crate::output;
use crate::ty;

/// The path of the generated code's helpers.
fn private() -> TokenStream {
    quote!(::pedelec_schema::__private)
}

/// `<ty as ToolArgsNode>`.
fn field_trait(ty: &syn::Type) -> TokenStream {
    let p = private();
    quote!(<#ty as #p::ToolArgsNode>)
}

/// Where a field's node comes from: a type's impl (the field's own, or the
/// one `as` names), or a `schema_with` function.
enum Source<'a> {
    Type(&'a syn::Type),
    SchemaWith {
        path: &'a syn::ExprPath,
        field: &'a Field<'a>,
    },
}

impl<'a> Source<'a> {
    fn of(field: &'a Field<'a>) -> Self {
        match field.keywords.hatch.as_ref().map(|k| &k.value) {
            None => Source::Type(field.ty),
            Some(Hatch::As(ty)) => Source::Type(ty),
            Some(Hatch::SchemaWith(path)) => Source::SchemaWith { path, field },
        }
    }

    /// The `ToolArgsNode::Kind` of the node.
    fn kind(&self) -> TokenStream {
        match self {
            Source::Type(ty) => {
                let field_trait = field_trait(ty);
                quote!(#field_trait::Kind)
            }
            Source::SchemaWith { .. } => kind("Any"),
        }
    }

    /// Whether the property must be present, as far as the type tells.
    fn required(&self) -> TokenStream {
        match self {
            Source::Type(ty) => {
                let field_trait = field_trait(ty);
                quote!(#field_trait::REQUIRED)
            }
            // The field's own type is an `Option` to serde even where it has
            // no node.
            Source::SchemaWith { field, .. } => {
                let required = !ty::is_option(field.ty);
                quote!(#required)
            }
        }
    }

    /// An expression of type `SchemaNode`.
    fn node(&self) -> TokenStream {
        let p = private();
        match self {
            Source::Type(ty) => quote!(#p::node_of::<#ty>()),
            Source::SchemaWith { path, field } => {
                let name = match &field.member {
                    syn::Member::Named(ident) => ident.to_string(),
                    syn::Member::Unnamed(index) => index.index.to_string(),
                };
                let text = quote!(#path).to_string().replace(' ', "");
                // Spanned at the path: a function of the wrong signature is
                // reported there.
                let span = syn::spanned::Spanned::span(path);
                quote_spanned!(span=> #p::schema_with::<Self>(#name, #text, #path()))
            }
        }
    }
}

/// What the node of a type is made of.
struct Node {
    /// The `ToolArgsNode::Kind` type.
    kind: TokenStream,
    /// `const REQUIRED` when it is not the default `true`.
    required: Option<TokenStream>,
    /// An expression of type `SchemaNode`.
    body: TokenStream,
    /// Whether the type also implements `ToolArgs` (an object root).
    is_root: bool,
}

/// The impls for an input that `valid` has checked.
pub fn expand(input: &Input) -> TokenStream {
    let node = match &input.data {
        Data::Struct(fields) if input.is_transparent() => transparent(fields),
        Data::Struct(fields) => Node {
            kind: kind("Object"),
            required: None,
            body: object(fields, input.serde.rename_all, input.serde.default, None),
            is_root: true,
        },
        Data::Enum(_) if input.is_string_enum() => string_enum(input),
        Data::Enum(_) => Node {
            kind: kind("OneOf"),
            required: None,
            body: one_of(input),
            is_root: false,
        },
        Data::Union(_) => unreachable!("valid refuses unions"),
    };
    let p = private();
    let body = keywords(
        node.body,
        &input.keywords,
        input.docs.as_deref(),
        &quote!(<Self as #p::ToolArgsNode>::Kind),
    );
    let (assertions, node_assertions) = output::assertions(input);
    let field_impl = field_impl(input, node.kind, node.required, node_assertions, body);
    let root_impl = node.is_root.then(|| root_impl(input));
    quote! {
        const _: () = {
            #field_impl
            #root_impl
            #assertions
        };
    }
}

fn kind(name: &str) -> TokenStream {
    let p = private();
    let name = syn::Ident::new(name, Span::call_site());
    quote!(#p::kind::#name)
}

/// The impl generics, with every type parameter required to have a node.
fn bounded_generics(input: &Input, extra: Option<syn::WherePredicate>) -> Generics {
    let p = private();
    let mut generics = input.generics.clone();
    let params: Vec<syn::Ident> = generics.type_params().map(|t| t.ident.clone()).collect();
    let where_clause = generics.make_where_clause();
    for param in params {
        where_clause
            .predicates
            .push(parse_quote!(#param: #p::ToolArgsNode));
    }
    where_clause.predicates.extend(extra);
    generics
}

/// The `ToolArgsNode` impl; `assertions` are statements that open `node`.
fn field_impl(
    input: &Input,
    kind: TokenStream,
    required: Option<TokenStream>,
    assertions: TokenStream,
    body: TokenStream,
) -> TokenStream {
    let p = private();
    let ident = input.ident;
    let generics = bounded_generics(input, None);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let required = required.map(|required| quote!(const REQUIRED: bool = #required;));
    quote! {
        #[automatically_derived]
        impl #impl_generics #p::ToolArgsNode for #ident #ty_generics #where_clause {
            type Kind = #kind;
            #required
            fn node() -> ::pedelec_schema::SchemaNode {
                #assertions
                #p::guard::<Self>(|| #body)
            }
        }
    }
}

fn root_impl(input: &Input) -> TokenStream {
    let p = private();
    let ident = input.ident;
    let generic = input.generics.type_params().next().is_some();
    // A `static` in a generic function is shared by every instantiation, so
    // generic types keep one schema per type in a map instead.
    let (extra, schema) = if generic {
        (
            Some(parse_quote!(Self: 'static)),
            quote!(#p::generic_schema::<Self>()),
        )
    } else {
        (
            None,
            quote! {
                static SCHEMA: ::std::sync::OnceLock<::pedelec_schema::ToolArgsSchema> =
                    ::std::sync::OnceLock::new();
                SCHEMA.get_or_init(#p::root_schema::<Self>)
            },
        )
    };
    let generics = bounded_generics(input, extra);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics ::pedelec_schema::ToolArgs for #ident #ty_generics #where_clause {
            fn schema() -> &'static ::pedelec_schema::ToolArgsSchema {
                #schema
            }
        }
    }
}

/// A newtype or `transparent` struct: its one field's node.
fn transparent(fields: &Fields) -> Node {
    let field = fields
        .newtype_field()
        .expect("valid checked the newtype field");
    let source = Source::of(field);
    // `default` on the one field does not make the outer property optional:
    // serde reads a missing property through the struct, not the field.
    let required = if field.serde.with.is_some() {
        quote!(true)
    } else {
        source.required()
    };
    Node {
        kind: source.kind(),
        required: Some(required),
        body: field_node(field),
        is_root: false,
    }
}

/// Whether serde demands the field: not with `default`; always with
/// `with`/`deserialize_with`, which serde calls for a missing field too
/// (serde-rs/serde#2878); else as its type says.
fn required(field: &Field, source: &Source) -> TokenStream {
    if field.serde.default {
        quote!(false)
    } else if field.serde.with.is_some() {
        quote!(true)
    } else {
        source.required()
    }
}

/// A field's own node with its keywords (not for flattened fields).
fn field_node(field: &Field) -> TokenStream {
    let source = Source::of(field);
    keywords(
        source.node(),
        &field.keywords,
        field.docs.as_deref(),
        &source.kind(),
    )
}

/// The statements that add `fields` to the `ObjectBuilder` called `object`.
fn properties(fields: &Fields, rule: Option<RenameRule>, all_default: bool) -> Vec<TokenStream> {
    fields
        .read()
        .map(|field| {
            let source = Source::of(field);
            let required = if all_default {
                quote!(false)
            } else {
                required(field, &source)
            };
            if field.serde.flatten.is_some() {
                let (kind, node) = (source.kind(), source.node());
                quote!(object.flatten::<#kind>(#node, #required);)
            } else {
                let name = field.name(rule);
                let node = field_node(field);
                quote!(object.property(#name, #node, #required);)
            }
        })
        .collect()
}

/// A block that runs `statements` on an `ObjectBuilder` called `object` and
/// evaluates to the object node.
fn builder(statements: TokenStream) -> TokenStream {
    let p = private();
    quote! {{
        #[allow(unused_mut)]
        let mut object = #p::ObjectBuilder::new(::core::any::type_name::<Self>());
        #statements
        object.finish()
    }}
}

/// An object node: `prefix` statements (a tag), then the fields.
fn object(
    fields: &Fields,
    rule: Option<RenameRule>,
    all_default: bool,
    prefix: Option<TokenStream>,
) -> TokenStream {
    let properties = properties(fields, rule, all_default);
    builder(quote!(#prefix #(#properties)*))
}

/// An enum of unit variants only: a string `enum` of their names.
fn string_enum(input: &Input) -> Node {
    let p = private();
    let names = input
        .read_variants()
        .map(|v| v.name(input.serde.rename_all));
    Node {
        kind: kind("String"),
        required: None,
        body: quote!(#p::string_enum(&[#(#names),*])),
        is_root: false,
    }
}

/// A `oneOf` with a branch per variant (unit variants of an externally
/// tagged enum share one string `enum` branch, where the first one is).
fn one_of(input: &Input) -> TokenStream {
    let p = private();
    let repr = input.repr();
    let mut branches = Vec::new();
    let mut units: Option<(usize, Vec<String>)> = None;
    for variant in input.read_variants() {
        let variant_repr = variant.repr(repr);
        let name = variant.name(input.serde.rename_all);
        if variant_repr == Repr::External && variant.fields.style == Style::Unit {
            units
                .get_or_insert_with(|| (branches.len(), Vec::new()))
                .1
                .push(name);
            continue;
        }
        let rule = variant.serde.rename_all.or(input.serde.rename_all_fields);
        let branch = branch(variant, variant_repr, &name, rule);
        branches.push(keywords(
            branch,
            &variant.keywords,
            variant.docs.as_deref(),
            &kind("OneOf"),
        ));
    }
    if let Some((index, names)) = units {
        branches.insert(index, quote!(#p::string_enum(&[#(#names),*])));
    }
    quote!(#p::one_of(::std::vec![#(#branches),*]))
}

/// One variant's branch in its representation.
fn branch(variant: &Variant, repr: Repr, name: &str, rule: Option<RenameRule>) -> TokenStream {
    let p = private();
    let fields = &variant.fields;
    let content = || match fields.style {
        Style::Named => object(fields, rule, false, None),
        _ => field_node(
            fields
                .newtype_field()
                .expect("valid checked the tuple variant"),
        ),
    };
    let tag_property = |tag: &str| quote!(object.property(#tag, #p::string_enum(&[#name]), true););
    match repr {
        Repr::External => {
            let content = content();
            quote!(#p::single_key(::core::any::type_name::<Self>(), #name, #content))
        }
        Repr::Untagged => content(),
        Repr::Internal { tag } => {
            let tag = tag_property(tag);
            match fields.style {
                Style::Unit | Style::Named => object(fields, rule, false, Some(tag)),
                Style::Tuple => {
                    // serde merges the newtype's fields beside the tag.
                    let field = fields.newtype_field().expect("valid checked the newtype");
                    let source = Source::of(field);
                    let (kind, node) = (source.kind(), source.node());
                    builder(quote! {
                        #tag
                        object.flatten::<#kind>(#node, true);
                    })
                }
            }
        }
        Repr::Adjacent {
            tag,
            content: content_name,
        } => {
            let tag = tag_property(tag);
            let content = (fields.style != Style::Unit).then(|| {
                let content = content();
                quote!(object.property(#content_name, #content, true);)
            });
            builder(quote!(#tag #content))
        }
    }
}

/// `node` wrapped in the calls that add `keywords` (checked against `kind`,
/// so a keyword that does not apply fails to compile at its key) and the
/// description (the `description` key, else the doc comment).
fn keywords(
    node: TokenStream,
    keywords: &Keywords,
    docs: Option<&str>,
    kind: &TokenStream,
) -> TokenStream {
    let p = private();
    let mut node = node;
    let mut call = |key: &syn::Ident, function: &str, value: TokenStream| {
        let function = syn::Ident::new(function, Span::call_site());
        // The whole path, `Kind` included, carries the key's span, so that a
        // keyword the type system refuses is reported at the key.
        let kind = respan(kind.clone(), key.span());
        let path = quote_spanned!(key.span()=> #p::#function::<#kind>);
        node = quote!(#path(#node, #value));
    };
    if let Some(k) = &keywords.min_length {
        call(&k.key, "min_length", count(k.value));
    }
    if let Some(k) = &keywords.max_length {
        call(&k.key, "max_length", count(k.value));
    }
    if let Some(k) = &keywords.pattern {
        let source = &k.value;
        call(&k.key, "pattern", quote!(#source));
    }
    if let Some(k) = &keywords.minimum {
        call(&k.key, "minimum", number(k.value));
    }
    if let Some(k) = &keywords.maximum {
        call(&k.key, "maximum", number(k.value));
    }
    if let Some(k) = &keywords.min_items {
        call(&k.key, "min_items", count(k.value));
    }
    if let Some(k) = &keywords.max_items {
        call(&k.key, "max_items", count(k.value));
    }
    if let Some(k) = &keywords.unique_items {
        let unique = k.value;
        call(&k.key, "unique_items", quote!(#unique));
    }
    metadata(node, keywords, docs)
}

/// `description`, `default` and `examples`.
fn metadata(mut node: TokenStream, keywords: &Keywords, docs: Option<&str>) -> TokenStream {
    let p = private();
    let json = quote!(#p::serde_json::json);
    let description = keywords
        .description
        .as_ref()
        .map(|k| k.value.as_str())
        .or(docs);
    if let Some(text) = description {
        node = quote!(#p::description(#node, #text));
    }
    if let Some(k) = &keywords.default {
        let value = &k.value;
        node = quote!(#p::default_value(#node, #json!(#value)));
    }
    if let Some(k) = &keywords.examples {
        let values = &k.value;
        node = quote!(#p::examples(#node, ::std::vec![#(#json!(#values)),*]));
    }
    node
}

/// `tokens` with every span set to `span`.
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tree| {
            if let TokenTree::Group(group) = &tree {
                let mut respanned = Group::new(group.delimiter(), respan(group.stream(), span));
                respanned.set_span(span);
                tree = TokenTree::Group(respanned);
            } else {
                tree.set_span(span);
            }
            tree
        })
        .collect()
}

fn count(value: u64) -> TokenStream {
    quote!(#value)
}

fn number(value: Num) -> TokenStream {
    let p = private();
    match value {
        Num::Int(int) => quote!(#p::int(#int)),
        Num::Float(float) => quote!(#p::float(#float)),
    }
}
