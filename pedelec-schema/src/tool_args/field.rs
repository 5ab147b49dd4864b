//! [`ToolArgsField`]: the schema node of a type that can appear in tool
//! arguments, with impls for the std types serde deserializes from JSON.
//!
//! The derive asks every field type for its node through this trait, so the
//! mapping lives in the library (where `usize::MAX` is the target's) and
//! nested derived types are inlined by calling their own impl.

use std::borrow::Cow;
use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
use std::num::{NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use serde_json::Number;

use crate::schema::SchemaNode;

/// The node kind a type's schema has, as a type, so that a keyword that
/// does not apply (`min_length` on an integer) fails to compile even where
/// the derive cannot see the type (an alias, a generic, a derived type).
pub mod kind {
    /// A `"type": "string"` node.
    pub enum String {}
    /// A `"type": "integer"` node.
    pub enum Integer {}
    /// A `"type": "number"` node.
    pub enum Number {}
    /// A `"type": "boolean"` node.
    pub enum Boolean {}
    /// A `"type": "array"` node.
    pub enum Array {}
    /// A `"type": "object"` node.
    pub enum Object {}
    /// A `oneOf` node.
    pub enum OneOf {}
}

/// The schema node of a type used in tool arguments. Implemented by
/// `#[derive(ToolArgs)]` and for the std types; not meant to be implemented
/// by hand (its items may change).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no Pedelec argsSchema",
    label = "this type cannot be described by the argsSchema subset",
    note = "derive `ToolArgs` for your own structs and enums; maps (`HashMap`, `BTreeMap`), \
            `serde_json::Value`, tuples and `()` have no schema in the subset"
)]
pub trait ToolArgsField {
    /// Which kind of node [`node`](Self::node) returns.
    type Kind;
    /// Whether a property of this type must be present. `false` for
    /// `Option<T>`, which serde fills with `None` when it is missing.
    const REQUIRED: bool = true;
    /// The node, built afresh (the caller adds its keywords to it).
    fn node() -> SchemaNode;
}

macro_rules! leaf {
    ($($ty:ty => $kind:ident, $node:expr;)*) => {$(
        impl ToolArgsField for $ty {
            type Kind = kind::$kind;
            fn node() -> SchemaNode {
                $node.into()
            }
        }
    )*};
}

leaf! {
    String => String, SchemaNode::string();
    str => String, SchemaNode::string();
    PathBuf => String, SchemaNode::string();
    // serde reads a `char` from a string of exactly one code point, which is
    // what JSON Schema lengths count.
    char => String, SchemaNode::string().min_length(1).max_length(1);
    bool => Boolean, SchemaNode::boolean();
    // An `f32` out of range becomes infinite rather than failing, so it needs
    // no bounds to keep "the schema accepts => serde deserializes".
    f32 => Number, SchemaNode::number();
    f64 => Number, SchemaNode::number();
}

/// An integer node bounded by `min..=max`.
fn integer(min: impl Into<Number>, max: impl Into<Number>) -> SchemaNode {
    SchemaNode::integer().minimum(min).maximum(max).into()
}

macro_rules! integers {
    ($($ty:ty => $min:expr, $max:expr;)*) => {$(
        impl ToolArgsField for $ty {
            type Kind = kind::Integer;
            fn node() -> SchemaNode {
                integer($min, $max)
            }
        }
    )*};
}

// Each integer type carries its own range, so that a validated value always
// fits. `i128`/`u128` are bounded by what a JSON number holds exactly here
// (`i64::MIN..=u64::MAX`): serde_json reads a larger integer as a float,
// which these types refuse.
integers! {
    u8 => u8::MIN, u8::MAX;
    u16 => u16::MIN, u16::MAX;
    u32 => u32::MIN, u32::MAX;
    u64 => u64::MIN, u64::MAX;
    u128 => u64::MIN, u64::MAX;
    usize => usize::MIN, usize::MAX;
    i8 => i8::MIN, i8::MAX;
    i16 => i16::MIN, i16::MAX;
    i32 => i32::MIN, i32::MAX;
    i64 => i64::MIN, i64::MAX;
    i128 => i64::MIN, u64::MAX;
    isize => isize::MIN, isize::MAX;
    NonZeroU8 => 1u8, u8::MAX;
    NonZeroU16 => 1u16, u16::MAX;
    NonZeroU32 => 1u32, u32::MAX;
    NonZeroU64 => 1u64, u64::MAX;
    NonZeroUsize => 1usize, usize::MAX;
}

/// `Option<T>`: T's node, not required. The subset has no `null`, so an
/// explicit `null` fails validation with T's type error.
impl<T: ToolArgsField> ToolArgsField for Option<T> {
    type Kind = T::Kind;
    const REQUIRED: bool = false;
    fn node() -> SchemaNode {
        T::node()
    }
}

macro_rules! pointers {
    ($($ty:ident),*) => {$(
        impl<T: ToolArgsField + ?Sized> ToolArgsField for $ty<T> {
            type Kind = T::Kind;
            const REQUIRED: bool = T::REQUIRED;
            fn node() -> SchemaNode {
                T::node()
            }
        }
    )*};
}

pointers!(Box, Rc, Arc);

impl<T: ToolArgsField + ?Sized> ToolArgsField for &T {
    type Kind = T::Kind;
    const REQUIRED: bool = T::REQUIRED;
    fn node() -> SchemaNode {
        T::node()
    }
}

impl<T: ToolArgsField + ToOwned + ?Sized> ToolArgsField for Cow<'_, T> {
    type Kind = T::Kind;
    const REQUIRED: bool = T::REQUIRED;
    fn node() -> SchemaNode {
        T::node()
    }
}

macro_rules! sequences {
    ($($ty:ident $(<$extra:ident>)? => $unique:expr;)*) => {$(
        impl<T: ToolArgsField $(, $extra)?> ToolArgsField for $ty<T $(, $extra)?> {
            type Kind = kind::Array;
            fn node() -> SchemaNode {
                SchemaNode::array(T::node()).unique_items($unique).into()
            }
        }
    )*};
}

sequences! {
    Vec => false;
    VecDeque => false;
    LinkedList => false;
    BinaryHeap => false;
    // A set keeps one of equal items; `uniqueItems` tells the agent so.
    HashSet<S> => true;
    BTreeSet => true;
}

impl<T: ToolArgsField> ToolArgsField for [T] {
    type Kind = kind::Array;
    fn node() -> SchemaNode {
        SchemaNode::array(T::node()).into()
    }
}

/// `[T; N]`: serde demands exactly `N` items.
impl<T: ToolArgsField, const N: usize> ToolArgsField for [T; N] {
    type Kind = kind::Array;
    fn node() -> SchemaNode {
        SchemaNode::array(T::node())
            .min_items(N as u64)
            .max_items(N as u64)
            .into()
    }
}
