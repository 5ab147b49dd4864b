//! `#[derive(ToolArgs)]` for `pedelec-schema`; see that crate for the docs.
