//! `#[derive(ToolArgs)]` for `pedelec-schema`; see `pedelec_schema::ToolArgs`
//! for the docs. Users depend on `pedelec-schema`, which re-exports it.
//!
//! Laid out like serde_derive: `ast` parses the input, its attributes
//! (`attr`) and doc comments (`doc`), and answers questions about its shape (serde's representation,
//! the variants and fields serde reads), `valid` refuses at compile time
//! what the Pedelec argsSchema subset cannot express (`ty` tells what it
//! can of a type from its syntax), and `output` what a type marked
//! `#[tool_args(output)]` would write that its schema refuses, `expand`
//! generates the code; `ctxt` collects the errors of them all.
//!
//! serde's attributes are read here (`attr::serde`, `case`), not with
//! `serde_derive_internals`, which schemars' derive uses. Adopting it would
//! delete about 300 lines (`case.rs`, 195 with its tests; the ~95 lines
//! that read `#[serde]`; the name rules in `ast.rs`) and add an adapter
//! from its AST to this one, a scan for the spans it does not keep, and the
//! handling of its `Ctxt`, which reports serde's own mistakes a second time
//! unless discarded. What decided it: it keeps no span for the flag keys
//! (`deny_unknown_fields`, `flatten`, `tag`), so the errors that point at
//! them today would point at the type or the field instead, and it would
//! add a crate of about 4 000 lines to every user's build of the derive.

#![forbid(unsafe_code)]

mod ast;
mod attr;
mod case;
mod ctxt;
mod doc;
mod expand;
mod output;
mod ty;
mod valid;

/// `pedelec-schema`'s own pattern check (a symlink to its
/// `src/pattern/ecma`, copied into the package by `cargo package`), so that
/// a `pattern` is refused here exactly when, and in the words in which, it
/// is refused at run time.
mod pattern_check;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

use ast::Input;
use ctxt::Errors;

/// Derives `pedelec_schema::ToolArgs`; see that trait for the type mapping,
/// the `serde` attributes honoured and the `#[tool_args(...)]` keys.
///
/// `#[tool_args(output)]`, on a struct or an enum, marks a type that is also
/// serialized as a tool's result and checked against its own schema, which
/// describes what serde reads. It refuses, in that type's own fields and
/// variants, what serde would write that the schema refuses: an `Option`
/// written as `null` (a field without `skip_serializing_if`, an `Option`
/// inside a field's type, the one field of a newtype), a required property
/// that `skip_serializing` or `skip_serializing_if` may leave out, a name
/// written unlike the one read (`rename`, `rename_all`,
/// `rename_all_fields` with `serialize` and `deserialize` apart), a
/// function on one side only (`serialize_with`, `deserialize_with`),
/// `into`, and a variant or a newtype's field written but not read. A named
/// field written but not read (`skip_deserializing`) is allowed: objects
/// accept properties they do not name. What the syntax cannot tell (an
/// `Option` under an alias or in a generic parameter) is asserted at
/// compile time on `ToolArgsNode::REQUIRED`. Nested types are checked where
/// they carry `#[tool_args(output)]` themselves; without it nothing changes.
#[proc_macro_derive(ToolArgs, attributes(tool_args))]
pub fn derive_tool_args(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    derive(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Parses, checks (reporting every error at once), then expands.
fn derive(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let mut errors = Errors::default();
    let input = Input::from_syn(input, &mut errors);
    valid::check(&input, &mut errors);
    errors.finish()?;
    Ok(expand::expand(&input))
}
