//! Feature `schemars`: [`Checked<T>`], [`CheckedWith<T, I>`] and
//! [`CheckedOutput<T>`] are `schemars::JsonSchema`, with `T::schema()`
//! inline, so that frameworks that publish a tool's schemas from
//! `JsonSchema` (rmcp's `Parameters<_>` for the input, `Json<_>` for the
//! output) publish the subset schema the arguments or the result are
//! checked against.
//!
//! The schema is inline (`inline_schema` is true), so it never becomes a
//! `$ref` into `$defs`, and it carries nothing of its own beyond
//! `T::schema()`. What a generator adds at the root of a document is the
//! generator's: schemars' `into_root_schema_for` adds a `title` (the name
//! below) and the `$schema` of its settings.

use std::any::type_name;
use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator};

use super::{Checked, CheckedWith};
use crate::intake::Intake;
use crate::tool_args::ToolArgs;
use crate::tool_result::CheckedOutput;

#[cfg_attr(docsrs, doc(cfg(feature = "schemars")))]
impl<T: ToolArgs> JsonSchema for Checked<T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        short_name::<T>().into()
    }

    fn schema_id() -> Cow<'static, str> {
        format!("pedelec_schema::Checked<{}>", type_name::<T>()).into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schema_of::<T>()
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "schemars")))]
impl<T: ToolArgs, I: Intake> JsonSchema for CheckedWith<T, I> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        short_name::<T>().into()
    }

    // The policy does not change the published schema, so it is not in
    // the id: both wrappers of one `T` are one schema.
    fn schema_id() -> Cow<'static, str> {
        <Checked<T>>::schema_id()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schema_of::<T>()
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "schemars")))]
impl<T: ToolArgs> JsonSchema for CheckedOutput<T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        short_name::<T>().into()
    }

    // One `T`, one schema, whichever way it is checked.
    fn schema_id() -> Cow<'static, str> {
        <Checked<T>>::schema_id()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schema_of::<T>()
    }
}

/// `T::schema()`, as schemars holds a schema.
fn schema_of<T: ToolArgs>() -> Schema {
    Schema::from(T::schema().to_json_object())
}

/// `Search` for `my_crate::tools::Search`, and `Page<my_crate::Row>` for a
/// generic type: the name schemars shows as a root's `title`.
fn short_name<T>() -> &'static str {
    let full = type_name::<T>();
    let path_end = full.find('<').unwrap_or(full.len());
    let start = full[..path_end].rfind("::").map_or(0, |at| at + 2);
    &full[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    mod deep {
        pub struct Row;
        pub struct Page<T>(#[allow(dead_code)] T);
    }

    #[test]
    fn names_drop_the_module_path_of_the_outer_type() {
        assert_eq!(short_name::<deep::Row>(), "Row");
        assert!(short_name::<deep::Page<deep::Row>>().starts_with("Page<"));
        assert_eq!(short_name::<u8>(), "u8");
    }
}
