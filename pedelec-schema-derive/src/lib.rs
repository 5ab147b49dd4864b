//! `#[derive(ToolArgs)]` for `pedelec-schema`; see `pedelec_schema::ToolArgs`
//! for the docs. Users depend on `pedelec-schema`, which re-exports it.
//!
//! Laid out like serde_derive: `ast` parses the input and its attributes
//! (`attr`), `valid` refuses at compile time what the Pedelec argsSchema
//! subset cannot express, `expand` generates the code.

mod ast;
mod attr;
mod case;
mod expand;
mod ty;
mod valid;

/// The ECMA-262 -> `regex` translation of `pedelec-schema` itself, so that a
/// `pattern` compiles here exactly when it compiles at run time.
#[path = "../../pedelec-schema/src/pattern/translate.rs"]
mod translate;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `pedelec_schema::ToolArgs`; see that trait for the type mapping,
/// the `serde` attributes honoured and the `#[tool_args(...)]` keys.
#[proc_macro_derive(ToolArgs, attributes(tool_args))]
pub fn derive_tool_args(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
