//! Parsing and validating: the subset's semantics, the JSON-Schema-Test-Suite
//! cases, the `jsonschema` crate as oracle on generated schemas and values,
//! hostile inputs, limits, typed arguments read straight from text, and
//! arguments streamed in pieces.

use pedelec_testdata::strategies;
mod texts;

mod args_error_entries;
mod budget;
mod conformance;
mod deserialized;
mod differential;
mod ecma_oracle;
mod error_document;
mod from_text;
mod hostile;
mod kinds;
mod limits;
mod number_text;
mod properties;
mod read_order;
mod semantics;
mod spec_examples;
mod stream;
mod text_limit;
mod unions;
mod view;
