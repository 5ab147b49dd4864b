//! What the `derive_*` tests ask of a derived type: a property's node, the
//! required names, a type's node as a field shows it, and lint errors.

// Each test file uses the helpers it needs.
#![allow(dead_code)]

pub mod from_schema;

use pedelec_schema::{lint, Diagnostic, Severity, ToolArgs, ToolArgsNode};
use serde_json::Value;

/// The node of property `name` in `T`'s schema.
pub fn property<T: ToolArgs>(name: &str) -> Value {
    let schema = T::schema().to_value();
    let node = schema["properties"][name].clone();
    assert!(!node.is_null(), "no property {name} in {schema:#}");
    node
}

pub fn required<T: ToolArgs>() -> Vec<String> {
    T::schema().root().required.clone()
}

/// The property names, sorted.
pub fn property_names<T: ToolArgs>() -> Vec<String> {
    let mut names: Vec<String> = T::schema()
        .root()
        .properties
        .iter()
        .map(|p| p.name.clone())
        .collect();
    names.sort();
    names
}

/// `T`'s node as the field of a struct shows it.
pub fn node_of<T: ToolArgsNode + ?Sized>() -> Value {
    T::node().to_value()
}

/// The lint errors (not warnings) about each named schema, asserted to be
/// none.
pub fn assert_no_lint_errors(schemas: Vec<(&str, Value)>) {
    for (name, schema) in schemas {
        let errors: Vec<Diagnostic> = lint(&schema)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:#?}");
    }
}

/// Every root schema of the listed types, named, for
/// [`assert_no_lint_errors`].
#[macro_export]
macro_rules! schemas {
    ($($ty:ty),* $(,)?) => {
        vec![$((stringify!($ty), <$ty as pedelec_schema::ToolArgs>::schema().to_value())),*]
    };
}
