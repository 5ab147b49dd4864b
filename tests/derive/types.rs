//! What `#[derive(ToolArgs)]` produces for each Rust type (scalars,
//! collections, wrappers, generics): the exact nodes, and that every
//! derived schema lints without errors. Enums, attributes and escape
//! hatches have their own files.

// The types exist for their schemas; most fields are never read back.
#![allow(dead_code)]

use crate::derive_support;

use std::borrow::Cow;
use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use derive_support::{assert_no_lint_errors, property, required};
use pedelec_schema::ToolArgs;
use serde::Deserialize;
use serde_json::json;

// ---------------------------------------------------------------- scalars

#[derive(Deserialize, ToolArgs)]
struct Scalars {
    string: String,
    cow: Cow<'static, str>,
    boxed: Box<str>,
    path: PathBuf,
    letter: char,
    flag: bool,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    u128: u128,
    usize: usize,
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    i128: i128,
    isize: isize,
    nonzero: NonZeroU32,
    f32: f32,
    f64: f64,
}

#[test]
fn strings_booleans_and_floats() {
    for name in ["string", "cow", "boxed", "path"] {
        assert_eq!(
            property::<Scalars>(name),
            json!({"type": "string"}),
            "{name}"
        );
    }
    assert_eq!(
        property::<Scalars>("letter"),
        json!({"type": "string", "minLength": 1, "maxLength": 1})
    );
    assert_eq!(property::<Scalars>("flag"), json!({"type": "boolean"}));
    assert_eq!(property::<Scalars>("f32"), json!({"type": "number"}));
    assert_eq!(property::<Scalars>("f64"), json!({"type": "number"}));
}

#[test]
fn every_integer_type_carries_its_own_range() {
    let expected = [
        ("u8", json!(0), json!(255)),
        ("u16", json!(0), json!(65535)),
        ("u32", json!(0), json!(4_294_967_295_u32)),
        ("u64", json!(0), json!(18_446_744_073_709_551_615_u64)),
        ("u128", json!(0), json!(u64::MAX)),
        ("usize", json!(0), json!(usize::MAX)),
        ("i8", json!(-128), json!(127)),
        ("i16", json!(-32768), json!(32767)),
        ("i32", json!(i32::MIN), json!(i32::MAX)),
        ("i64", json!(i64::MIN), json!(i64::MAX)),
        ("i128", json!(i64::MIN), json!(u64::MAX)),
        ("isize", json!(isize::MIN), json!(isize::MAX)),
        ("nonzero", json!(1), json!(u32::MAX)),
    ];
    for (name, min, max) in expected {
        assert_eq!(
            property::<Scalars>(name),
            json!({"type": "integer", "minimum": min, "maximum": max}),
            "{name}"
        );
    }
}

#[test]
fn every_field_without_option_or_default_is_required() {
    assert_eq!(required::<Scalars>().len(), 21);
    assert_eq!(required::<Scalars>()[..3], ["string", "cow", "boxed"]);
}

/// Borrowed strings have a schema too; such a type is read with
/// `serde_json::from_str`, since `from_args` needs an owned type.
#[derive(Deserialize, ToolArgs)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    note: Cow<'a, str>,
}

#[test]
fn borrowed_strings_are_strings() {
    assert_eq!(property::<Borrowed>("name"), json!({"type": "string"}));
    assert_eq!(property::<Borrowed>("note"), json!({"type": "string"}));
    let text = r#"{"name": "a", "note": "b"}"#;
    assert!(Borrowed::schema().is_valid(&serde_json::from_str(text).unwrap()));
    let parsed: Borrowed = serde_json::from_str(text).unwrap();
    assert_eq!(parsed.name, "a");
}

// ------------------------------------------------------------ collections

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Deserialize, ToolArgs)]
struct Collections {
    vec: Vec<u8>,
    deque: VecDeque<String>,
    list: LinkedList<bool>,
    heap: BinaryHeap<u16>,
    fixed: [char; 3],
    set: HashSet<String>,
    sorted: BTreeSet<i8>,
    slice: Box<[f64]>,
    maybe: Option<Vec<String>>,
    boxed: Box<Point>,
    nested: Vec<Option<Vec<Point>>>,
}

/// serde reads `Arc`/`Rc` only with its `rc` feature; the schema needs no
/// `Deserialize` at all.
#[derive(ToolArgs)]
struct Pointers {
    arc: Arc<String>,
    rc: Rc<bool>,
}

#[test]
fn sequences_are_arrays_of_their_items() {
    let u8_node = json!({"type": "integer", "minimum": 0, "maximum": 255});
    assert_eq!(
        property::<Collections>("vec"),
        json!({"type": "array", "items": u8_node})
    );
    assert_eq!(
        property::<Collections>("deque"),
        json!({"type": "array", "items": {"type": "string"}})
    );
    assert_eq!(
        property::<Collections>("list"),
        json!({"type": "array", "items": {"type": "boolean"}})
    );
    assert_eq!(
        property::<Collections>("slice"),
        json!({"type": "array", "items": {"type": "number"}})
    );
    assert_eq!(property::<Collections>("heap")["type"], "array");
}

#[test]
fn a_fixed_array_has_exactly_its_length() {
    assert_eq!(
        property::<Collections>("fixed"),
        json!({"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 1},
               "minItems": 3, "maxItems": 3})
    );
}

#[test]
fn sets_have_unique_items() {
    assert_eq!(
        property::<Collections>("set"),
        json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true})
    );
    assert_eq!(property::<Collections>("sorted")["uniqueItems"], true);
}

#[test]
fn wrappers_take_their_content_node() {
    let point = Point::schema().to_value();
    assert_eq!(property::<Collections>("boxed"), point);
    assert_eq!(property::<Pointers>("arc"), json!({"type": "string"}));
    assert_eq!(property::<Pointers>("rc"), json!({"type": "boolean"}));
    assert_eq!(
        property::<Collections>("maybe"),
        json!({"type": "array", "items": {"type": "string"}})
    );
    assert_eq!(
        property::<Collections>("nested"),
        json!({"type": "array", "items": {"type": "array", "items": point}})
    );
    assert!(!required::<Collections>().contains(&"maybe".to_owned()));
    assert!(required::<Collections>().contains(&"boxed".to_owned()));
}

// --------------------------------------------------------------- generics

#[derive(Deserialize, ToolArgs)]
struct Page<T> {
    #[tool_args(max_items = 100)]
    items: Vec<T>,
    next: Option<String>,
}

#[test]
fn each_instantiation_of_a_generic_type_has_its_own_schema() {
    assert_eq!(
        property::<Page<bool>>("items"),
        json!({"type": "array", "items": {"type": "boolean"}, "maxItems": 100})
    );
    assert_eq!(
        property::<Page<Point>>("items")["items"],
        Point::schema().to_value()
    );
    assert!(std::ptr::eq(Page::<bool>::schema(), Page::<bool>::schema()));
}

// ------------------------------------------------------------ call site

/// The generated code names everything by its full path: nothing needs to
/// be imported where the derive is used.
mod without_imports {
    #[derive(serde::Deserialize, pedelec_schema::ToolArgs)]
    pub struct Bare {
        #[tool_args(max_length = 3)]
        pub name: Option<String>,
        pub kind: Kind,
    }

    #[derive(serde::Deserialize, pedelec_schema::ToolArgs)]
    #[serde(tag = "t")]
    pub enum Kind {
        A { n: u8 },
    }
}

#[test]
fn the_derive_needs_no_imports() {
    let bare = without_imports::Bare::from_args(json!({"name": "abc", "kind": {"t": "A", "n": 1}}));
    assert_eq!(bare.unwrap().name.as_deref(), Some("abc"));
}

// ------------------------------------------------------------------- lint

#[test]
fn every_derived_schema_lints_without_errors() {
    assert_no_lint_errors(schemas![
        Scalars,
        Borrowed,
        Collections,
        Pointers,
        Point,
        Page<bool>,
        Page<Point>,
    ]);
}
