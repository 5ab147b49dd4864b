//! Validating a valid payload allocates nothing on the heap, and reading
//! valid arguments into a type allocates nothing beyond what the type does:
//! counted by a global allocator in this test binary. (Each test binary has
//! one global allocator, so this file holds only allocation tests, run one
//! at a time.)

// The types exist for their schemas; their fields are never read back.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use pedelec_schema::{ToolArgs, ToolArgsSchema};
use pedelec_testdata::payloads;
use pedelec_testdata::typed::{LargeArray, SpawnClosedPolygons, TwentyProperties};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every method forwards to `System` with the caller's arguments
// unchanged, so `Counting` upholds `GlobalAlloc`'s contract exactly as
// `System` does. Counting touches only a `const`-initialized thread-local
// `Cell`, which never allocates, so it cannot recurse into the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: the caller upholds `alloc`'s contract (a non-zero-sized
        // `layout`), which is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator, that is by
        // `System`, with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: `ptr` and `layout` came from `System` through this
        // allocator, and the caller guarantees a valid `new_size`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

fn polygons() -> (ToolArgsSchema, Value) {
    let schema = pedelec_testdata::realworld_schema("pedelec_demos.json", "spawn_closed_polygons");
    let schema = ToolArgsSchema::from_value(&schema).unwrap();
    (schema, pedelec_testdata::payloads::spawn_closed_polygons())
}

#[test]
fn validating_valid_payloads_allocates_nothing() {
    let every_keyword = ToolArgsSchema::from_value(&json!({"type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 40, "pattern": "^[a-z🐲 ]+$", "enum": ["a b", "🐲"]},
            "count": {"type": "integer", "minimum": 0, "maximum": u64::MAX, "enum": [1, 2, 3]},
            "ratio": {"type": "number", "minimum": -1e308, "maximum": 1.5},
            "flag": {"type": "boolean", "enum": [true]},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 100, "uniqueItems": true},
            "many": {"type": "array", "items": {"type": "integer"}, "uniqueItems": true},
            "points": {"type": "array", "items": {"type": "object"}, "maxItems": 256, "uniqueItems": true},
            "target": {"oneOf": [
                {"type": "object", "properties": {"kind": {"type": "string", "enum": ["id"]}}, "required": ["kind"]},
                {"type": "object", "properties": {"kind": {"type": "string", "enum": ["index"]}}, "required": ["kind"]}
            ]}
        },
        "required": ["name", "count", "target"]}))
    .unwrap();
    let args = json!({
        "name": "🐲", "count": 2.0, "ratio": -0.0, "flag": true,
        "tags": ["a", "b", "c"], "many": (0..12).collect::<Vec<i32>>(),
        "points": (0..256).map(|i| json!({"x": i, "y": [i, "a"]})).collect::<Vec<_>>(),
        "target": {"kind": "index"}, "unnamed": {"x": [1, 2]}
    });
    let (polygons, polygon_args) = polygons();
    for (schema, args) in [(&every_keyword, &args), (&polygons, &polygon_args)] {
        assert!(schema.is_valid(args));
        assert_eq!(
            allocations(|| assert!(schema.is_valid(args))),
            0,
            "is_valid"
        );
        assert_eq!(
            allocations(|| assert!(schema.validate(args).is_ok())),
            0,
            "validate"
        );
    }
}

/// Every keyword of the subset on a type, with a `oneOf` that the fast path
/// decides by the value's type (one of objects is read whole into a `Value`,
/// which allocates).
#[derive(Debug, Deserialize, ToolArgs)]
struct EveryKeyword {
    #[tool_args(min_length = 1, max_length = 40, pattern = "^[a-z🐲 ]+$")]
    name: String,
    #[tool_args(minimum = 0, maximum = 3)]
    count: u64,
    #[tool_args(minimum = -1e308, maximum = 1.5)]
    ratio: f64,
    flag: Option<bool>,
    #[tool_args(min_items = 1, max_items = 100, unique_items)]
    tags: Vec<String>,
    #[tool_args(unique_items)]
    many: Vec<i32>,
    #[tool_args(max_items = 30, unique_items)]
    points: Vec<Point>,
    target: Target,
    level: Level,
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Point {
    x: i64,
    y: Vec<Target>,
}

#[derive(Debug, Deserialize, ToolArgs)]
#[serde(untagged)]
enum Target {
    Index(u32),
    Name(String),
}

#[derive(Debug, Deserialize, ToolArgs)]
#[serde(rename_all = "lowercase")]
enum Level {
    Low,
    High,
}

/// What `T` costs in allocations read by serde alone from `text` and from
/// its value by reference, and what `from_args_str` and `from_args` cost.
/// (`from_args` reads its value by reference, so that a value serde refuses
/// is still there to be read again for its path.)
fn typed_allocations<T: ToolArgs + DeserializeOwned>(text: &str) -> [usize; 4] {
    let value: Value = serde_json::from_str(text).unwrap();
    assert!(T::from_args_str(text).is_ok());
    [
        allocations(|| drop(serde_json::from_str::<T>(text).unwrap())),
        allocations(|| drop(T::from_args_str(text).unwrap())),
        allocations(|| drop(T::deserialize(&value).unwrap())),
        // `from_args` consumes its value: the clone is counted apart.
        allocations(|| drop(T::from_args(value.clone()).unwrap()))
            - allocations(|| drop(value.clone())),
    ]
}

#[test]
fn reading_valid_arguments_allocates_only_what_the_type_does() {
    let every_keyword = json!({
        "name": "a🐲 b", "count": 2, "ratio": -0.0, "flag": true,
        "tags": ["a", "b", "c"], "many": (0..12).collect::<Vec<i32>>(),
        "points": (0..30).map(|i| json!({"x": i, "y": [i, "a"]})).collect::<Vec<_>>(),
        "target": "index", "level": "high"
    });
    let cases = [
        (
            "every keyword",
            typed_allocations::<EveryKeyword>(&every_keyword.to_string()),
        ),
        (
            "polygons",
            typed_allocations::<SpawnClosedPolygons>(
                &payloads::spawn_closed_polygons().to_string(),
            ),
        ),
        (
            "twenty",
            typed_allocations::<TwentyProperties>(&payloads::twenty_properties_valid().to_string()),
        ),
        (
            "large",
            typed_allocations::<LargeArray>(&payloads::large_array_valid().to_string()),
        ),
    ];
    for (name, [from_str, from_args_str, by_reference, from_args]) in cases {
        assert!(from_str > 0, "{name}: the type allocates");
        assert_eq!(from_args_str, from_str, "{name}: from_args_str");
        assert_eq!(from_args, by_reference, "{name}: from_args");
    }
    // A property the schema does not name is read into nothing on the fast
    // path (still as JSON: `checked_read/strict.rs`), allocating nothing,
    // where serde_json's own skipping allocates its stack of open
    // containers: no more than serde alone.
    let mut unnamed = every_keyword;
    unnamed["unnamed"] = json!({"x": [1, 2]});
    let [from_str, from_args_str, ..] = typed_allocations::<EveryKeyword>(&unnamed.to_string());
    assert!(
        from_args_str <= from_str,
        "with an unnamed property: {from_args_str} allocations, serde alone {from_str}"
    );
}

/// The three valid calls of the benchmarks, with their schemas.
fn valid_calls() -> [(&'static ToolArgsSchema, String); 3] {
    [
        (
            SpawnClosedPolygons::schema(),
            payloads::spawn_closed_polygons().to_string(),
        ),
        (
            TwentyProperties::schema(),
            payloads::twenty_properties_valid().to_string(),
        ),
        (
            LargeArray::schema(),
            payloads::large_array_valid().to_string(),
        ),
    ]
}

#[test]
fn checking_valid_text_allocates_nothing() {
    for (schema, text) in valid_calls() {
        assert_eq!(
            allocations(|| assert!(schema.validate_str(&text).is_ok())),
            0
        );
        // The bare verdict reads the same way, through the same fast path.
        assert_eq!(allocations(|| assert!(schema.is_valid_str(&text))), 0);
    }
}

/// The stream's allocations beyond the value's, for `text` fed in pieces
/// of `piece` characters: what `serde_json::from_str::<Value>` allocates
/// for the same value is subtracted.
fn stream_overhead(schema: &ToolArgsSchema, text: &str, piece: usize) -> isize {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let pieces: Vec<&str> = chars
        .chunks(piece)
        .map(|chunk| {
            let start = chunk[0].0;
            let (last, c) = chunk[chunk.len() - 1];
            &text[start..last + c.len_utf8()]
        })
        .collect();
    let streamed = allocations(|| {
        let mut stream = schema.stream();
        for piece in &pieces {
            stream.feed(piece).unwrap();
        }
        drop(stream.finish().unwrap());
    });
    let read = allocations(|| drop(serde_json::from_str::<Value>(text).unwrap()));
    streamed as isize - read as isize
}

/// A valid call streamed in pieces allocates what its value does, and a
/// few buffers of the stream's own once: no allocation per piece. The
/// buffers are the same for a call of 230 KB as for one of 500 bytes, and
/// for one character per piece as for the whole text at once; a pattern's
/// automaton is built once, and its caches are pooled.
#[test]
fn streaming_a_valid_call_allocates_only_its_value_and_the_stream_s_buffers() {
    /// The stream's buffers: its stacks, the string being read, the first
    /// bytes of a string for messages; each may grow a few times.
    const BUFFERS: isize = 32;
    for (schema, text) in valid_calls() {
        // The first stream builds each pattern's automaton, once.
        stream_overhead(schema, &text, text.len());
        for piece in [1, 64, usize::MAX] {
            let overhead = stream_overhead(schema, &text, piece.min(text.len()));
            assert!(
                (0..=BUFFERS).contains(&overhead),
                "{} bytes in pieces of {piece}: {overhead} allocations beyond the value's",
                text.len()
            );
        }
    }
}

#[test]
fn the_counter_sees_allocations() {
    // Guards the test above: a failing validation must be seen to allocate.
    let schema = ToolArgsSchema::from_value(&json!({"type": "object", "required": [],
        "properties": {"n": {"type": "integer"}}}))
    .unwrap();
    let bad = json!({"n": "x"});
    assert!(allocations(|| assert!(schema.validate(&bad).is_err())) > 0);
}
