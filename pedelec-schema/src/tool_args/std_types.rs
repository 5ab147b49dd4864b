//! [`ToolArgsNode`] for the std types serde deserializes from JSON: strings,
//! numbers, booleans, sequences and the wrappers that are their content.
//!
//! The mapping lives in the library (where `usize::MAX` is the target's),
//! and the derive asks every field type for its node through the trait.

use std::borrow::Cow;
use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
use std::num::{NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use serde_json::Number;

use super::node::{kind, ToolArgsNode};
use crate::schema::SchemaNode;

macro_rules! leaf {
    ($($ty:ty => $kind:ident, $node:expr;)*) => {$(
        impl ToolArgsNode for $ty {
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
    // serde reads a path from any string (and from bytes, which JSON has
    // not).
    PathBuf => String, SchemaNode::string();
    Path => String, SchemaNode::string();
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
        impl ToolArgsNode for $ty {
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
impl<T: ToolArgsNode> ToolArgsNode for Option<T> {
    type Kind = T::Kind;
    const REQUIRED: bool = false;
    fn node() -> SchemaNode {
        T::node()
    }
}

macro_rules! pointers {
    ($($ty:ident),*) => {$(
        impl<T: ToolArgsNode + ?Sized> ToolArgsNode for $ty<T> {
            type Kind = T::Kind;
            const REQUIRED: bool = T::REQUIRED;
            fn node() -> SchemaNode {
                T::node()
            }
        }
    )*};
}

pointers!(Box, Rc, Arc);

impl<T: ToolArgsNode + ?Sized> ToolArgsNode for &T {
    type Kind = T::Kind;
    const REQUIRED: bool = T::REQUIRED;
    fn node() -> SchemaNode {
        T::node()
    }
}

impl<T: ToolArgsNode + ToOwned + ?Sized> ToolArgsNode for Cow<'_, T> {
    type Kind = T::Kind;
    const REQUIRED: bool = T::REQUIRED;
    fn node() -> SchemaNode {
        T::node()
    }
}

macro_rules! sequences {
    ($($ty:ident $(<$extra:ident>)? => $unique:expr;)*) => {$(
        impl<T: ToolArgsNode $(, $extra)?> ToolArgsNode for $ty<T $(, $extra)?> {
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

impl<T: ToolArgsNode> ToolArgsNode for [T] {
    type Kind = kind::Array;
    fn node() -> SchemaNode {
        SchemaNode::array(T::node()).into()
    }
}

/// `[T; N]`: serde demands exactly `N` items.
impl<T: ToolArgsNode, const N: usize> ToolArgsNode for [T; N] {
    type Kind = kind::Array;
    fn node() -> SchemaNode {
        SchemaNode::array(T::node())
            .min_items(N as u64)
            .max_items(N as u64)
            .into()
    }
}
