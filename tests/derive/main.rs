//! `#[derive(ToolArgs)]`: the schema of every supported type and serde
//! attribute, the values it reads back, what an `output` type writes, and
//! every compile error it gives.

#[macro_use]
mod derive_support;

mod attributes;
mod dependencies;
mod docs_examples;
mod enums;
mod foreign;
mod from_args;
mod hatches;
mod output;
mod roundtrip;
mod roundtrip_addresses;
mod types;
