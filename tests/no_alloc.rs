//! Validating a valid payload allocates nothing on the heap: counted by a
//! global allocator in this test binary. (Each test binary has one global
//! allocator, so this file holds only allocation tests, run one at a time.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use pedelec_schema::ToolArgsSchema;
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

#[test]
fn the_counter_sees_allocations() {
    // Guards the test above: a failing validation must be seen to allocate.
    let schema = ToolArgsSchema::from_value(&json!({"type": "object", "required": [],
        "properties": {"n": {"type": "integer"}}}))
    .unwrap();
    let bad = json!({"n": "x"});
    assert!(allocations(|| assert!(schema.validate(&bad).is_err())) > 0);
}
