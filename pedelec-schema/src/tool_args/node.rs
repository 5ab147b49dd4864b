//! [`ToolArgsNode`]: the schema node of a type that can appear inside tool
//! arguments, and [`kind`], its node kind as a type.
//!
//! `#[derive(ToolArgs)]` implements it for every type it derives, the crate
//! for the std types (and, behind features, for common crates' types), and
//! a user by hand for a type the derive cannot see into.

use std::any::type_name;

use crate::schema::SchemaNode;

/// The node kind a type's schema has, as a type, so that a keyword that
/// does not apply (`min_length` on an integer) fails to compile even where
/// the derive cannot see the type (an alias, a generic, a derived type).
pub mod kind {
    use crate::schema::{NodeKind, SchemaNode};

    /// A node kind as a type: the [`ToolArgsNode::Kind`](super::ToolArgsNode::Kind)
    /// of a type. Sealed: the kinds are the ones below.
    pub trait Kind: sealed::Sealed {
        /// Whether `node` is of this kind.
        fn admits(node: &SchemaNode) -> bool;
    }

    mod sealed {
        pub trait Sealed {}
    }

    macro_rules! kinds {
        ($($(#[$doc:meta])* $name:ident;)*) => {$(
            $(#[$doc])*
            pub enum $name {}
            impl sealed::Sealed for $name {}
            impl Kind for $name {
                fn admits(node: &SchemaNode) -> bool {
                    node.kind() == NodeKind::$name
                }
            }
        )*};
    }

    kinds! {
        /// A `"type": "string"` node.
        String;
        /// A `"type": "integer"` node.
        Integer;
        /// A `"type": "number"` node.
        Number;
        /// A `"type": "boolean"` node.
        Boolean;
        /// A `"type": "array"` node.
        Array;
        /// A `"type": "object"` node.
        Object;
        /// A `oneOf` node.
        OneOf;
    }

    /// A node whose kind is known only when it is built: the node of a
    /// `#[tool_args(schema_with = ...)]` field. No keyword that bounds one
    /// kind (`min_length`, `minimum`, ...) applies to it; the function that
    /// builds the node adds its own bounds.
    pub enum Any {}
    impl sealed::Sealed for Any {}
    impl Kind for Any {
        fn admits(_: &SchemaNode) -> bool {
            true
        }
    }
}

/// The schema node of a type that appears inside tool arguments: a field,
/// an array's items, a variant's content.
///
/// `#[derive(ToolArgs)]` implements it for every struct and enum it
/// derives, and this crate for the std types listed in [`ToolArgs`]
/// (and, behind features, for `uuid`, `chrono`, `url` and `time`). It is to
/// this crate what [`JsonSchema`] is to schemars: implement it by hand for a
/// type whose JSON form the derive cannot see, such as a newtype with a
/// hand-written `Deserialize`, and the type can be used in any derived
/// type, with `Option`, `Vec` and the other wrappers, like any other.
///
/// The node must accept only JSON that the type's `Deserialize` reads:
/// [`ToolArgs::from_args`] validates with it, then deserializes.
///
/// ```
/// use pedelec_schema::{kind, Pattern, SchemaNode, ToolArgs, ToolArgsNode};
/// use serde::{Deserialize, Deserializer};
/// use serde_json::json;
///
/// /// A lowercase slug, checked when it is read.
/// struct Slug(String);
///
/// impl<'de> Deserialize<'de> for Slug {
///     fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
///         let text = String::deserialize(deserializer)?;
///         if !text.is_empty() && text.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
///             Ok(Slug(text))
///         } else {
///             Err(serde::de::Error::custom("a slug is lowercase letters and `-`"))
///         }
///     }
/// }
///
/// impl ToolArgsNode for Slug {
///     type Kind = kind::String;
///     fn node() -> SchemaNode {
///         let pattern = Pattern::new("^[a-z-]+$").expect("the pattern compiles");
///         SchemaNode::string().pattern(pattern).into()
///     }
/// }
///
/// #[derive(Deserialize, ToolArgs)]
/// struct Publish {
///     #[tool_args(max_length = 40)]
///     slug: Slug,
///     tags: Option<Vec<Slug>>,
/// }
///
/// assert_eq!(
///     Publish::schema().to_value()["properties"]["slug"],
///     json!({"type": "string", "maxLength": 40, "pattern": "^[a-z-]+$"})
/// );
/// assert!(Publish::from_args(json!({"slug": "Hello"})).is_err());
/// assert_eq!(Publish::from_args(json!({"slug": "hello"}))?.slug.0, "hello");
/// # Ok::<(), pedelec_schema::ArgsError>(())
/// ```
///
/// [`Kind`](Self::Kind) must be the kind of the node [`node`](Self::node)
/// returns: it is how a keyword that does not apply is refused at compile
/// time. A mismatch panics when the schema is first built, naming the
/// type. For a type of your own that is read like another type, the derive
/// also has `#[tool_args(as = OtherType)]` and
/// `#[tool_args(schema_with = path::to::function)]`, on the field.
///
/// [`JsonSchema`]: https://docs.rs/schemars/latest/schemars/trait.JsonSchema.html
/// [`ToolArgs`]: crate::ToolArgs
/// [`ToolArgs::from_args`]: crate::ToolArgs::from_args
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no Pedelec argsSchema",
    label = "this type cannot be described by the argsSchema subset",
    note = "derive `ToolArgs` for your own structs and enums, implement `ToolArgsNode` by hand, \
            or give the field `#[tool_args(as = Type)]` or `#[tool_args(schema_with = function)]`; \
            maps (`HashMap`, `BTreeMap`), `serde_json::Value`, tuples and `()` have no schema in \
            the subset, and the types of `uuid`, `chrono`, `url` and `time` need the \
            pedelec-schema feature of the crate's name"
)]
pub trait ToolArgsNode {
    /// Which kind of node [`node`](Self::node) returns: one of [`kind`].
    type Kind: kind::Kind;
    /// Whether a property of this type must be present. `false` for
    /// `Option<T>`, which serde fills with `None` when it is missing.
    const REQUIRED: bool = true;
    /// The node, built afresh (the caller adds its keywords to it).
    fn node() -> SchemaNode;
}

/// `T`'s node, checked against `T::Kind` (a hand-written impl may get it
/// wrong; the keywords the derive adds rely on it).
pub fn node_of<T: ToolArgsNode + ?Sized>() -> SchemaNode {
    let node = T::node();
    if !<T::Kind as kind::Kind>::admits(&node) {
        panic!(
            "`{}`'s `ToolArgsNode::node` returned a node of kind `{}`, but its `Kind` is \
             `{}`; make them agree",
            type_name::<T>(),
            node.kind(),
            kind_name::<T::Kind>()
        );
    }
    node
}

/// `kind::String` -> `kind::String` (without the crate's path).
fn kind_name<K: ?Sized>() -> &'static str {
    let full = type_name::<K>();
    full.rfind("::")
        .and_then(|end| full[..end].rfind("::").map(|start| &full[start + 2..]))
        .unwrap_or(full)
}

// The test catches the panic it checks, which needs unwinding: where panics
// abort (wasm32, whose tests `scripts/wasm/test-wasip1.sh` runs), catching
// it would abort the whole test binary instead.
#[cfg(all(test, panic = "unwind"))]
mod tests {
    use super::*;
    use crate::schema::NodeKind;

    struct Liar;

    impl ToolArgsNode for Liar {
        type Kind = kind::String;
        fn node() -> SchemaNode {
            SchemaNode::boolean().into()
        }
    }

    #[test]
    fn a_node_that_is_not_its_kind_panics_naming_the_type() {
        let payload = std::panic::catch_unwind(node_of::<Liar>).unwrap_err();
        let message = payload.downcast_ref::<String>().unwrap();
        assert!(message.contains("Liar`'s `ToolArgsNode::node` returned a node of kind `boolean`"));
        assert!(
            message.contains("its `Kind` is `kind::String`"),
            "{message}"
        );
        assert_eq!(node_of::<u8>().kind(), NodeKind::Integer);
    }
}
