//! `#[derive(ToolArgs)]` for `pedelec-schema`; see `pedelec_schema::ToolArgs`
//! for the docs. Users depend on `pedelec-schema`, which re-exports it.
//!
//! Laid out like serde_derive: `ast` parses the input, its attributes
//! (`attr`) and doc comments (`doc`), and answers questions about its shape (serde's representation,
//! the variants and fields serde reads), `valid` refuses at compile time
//! what the Pedelec argsSchema subset cannot express (`ty` tells what it
//! can of a type from its syntax), `expand` generates the code; `ctxt`
//! collects the errors of them all.
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
