//! JSON equality, as `enum` and `uniqueItems` use it: numbers by value
//! (`1 == 1.0`), objects without regard to key order. The crate's only
//! one: convert merges and compares `enum` values with it too.
//!
//! `serde_json`'s own `==` compares `1` and `1.0` as different, so it cannot
//! be used. Equality and hashing each recurse (allocation-free) up to a
//! fixed depth and go on with an explicit stack below it, so values of any
//! depth are safe, and items that differ however deep hash apart:
//! `uniqueItems` compares only items whose hashes are equal, so a check of
//! n items costs their size, not n² comparisons.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use serde_json::Value;

use crate::numeric::{self, Num};

/// How deep hashing recurses before it switches to an explicit stack.
const HASH_DEPTH: usize = 32;

/// How deep equality recurses before it switches to an explicit stack.
const RECURSION_DEPTH: usize = 64;
/// Arrays up to this long are checked pair by pair: for the short arrays of
/// tool arguments that beats hashing.
const PAIRWISE_ITEMS: usize = 16;

/// Whether two values are equal as JSON.
#[inline]
pub(crate) fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        // Strings, the usual items of a `uniqueItems` array in tool
        // arguments, are compared right here.
        (Value::String(x), Value::String(y)) => x == y,
        _ => equal_within(a, b, RECURSION_DEPTH),
    }
}

fn equal_within(a: &Value, b: &Value, depth: usize) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len()
                && match depth {
                    0 => equal_with_stack(a, b),
                    _ => x.iter().zip(y).all(|(p, q)| equal_within(p, q, depth - 1)),
                }
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && match depth {
                    0 => equal_with_stack(a, b),
                    _ => x
                        .iter()
                        .all(|(key, p)| y.get(key).is_some_and(|q| equal_within(p, q, depth - 1))),
                }
        }
        _ => scalars_equal(a, b),
    }
}

fn scalars_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => numeric::equal(x, y),
        (Value::String(x), Value::String(y)) => x == y,
        _ => false,
    }
}

/// Equality for values nested deeper than [`RECURSION_DEPTH`].
fn equal_with_stack(a: &Value, b: &Value) -> bool {
    let mut pending = vec![(a, b)];
    while let Some((a, b)) = pending.pop() {
        let same = match (a, b) {
            (Value::Array(x), Value::Array(y)) => {
                x.len() == y.len() && {
                    pending.extend(x.iter().zip(y));
                    true
                }
            }
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len()
                    && x.iter().all(|(key, value)| match y.get(key) {
                        Some(other) => {
                            pending.push((value, other));
                            true
                        }
                        None => false,
                    })
            }
            _ => scalars_equal(a, b),
        };
        if !same {
            return false;
        }
    }
    true
}

/// The indices of the first two equal elements, if any.
///
/// Short arrays are compared pair by pair. Longer ones take expected O(n):
/// elements are hashed, and only equal hashes are compared in full. Up to
/// [`STACK_TABLE_ITEMS`] elements the hash table lives on the stack, so a
/// valid array allocates nothing; beyond, a `HashSet` is used.
pub(crate) fn find_duplicate(elements: &[Value]) -> Option<(usize, usize)> {
    if elements.len() <= PAIRWISE_ITEMS {
        return (1..elements.len()).find_map(|second| {
            (0..second)
                .find(|&first| json_equal(&elements[first], &elements[second]))
                .map(|first| (first, second))
        });
    }
    if elements.len() <= STACK_TABLE_ITEMS {
        return find_duplicate_on_stack(elements);
    }
    let mut seen: HashSet<Key<'_>> = HashSet::with_capacity(elements.len());
    for (index, element) in elements.iter().enumerate() {
        // Hashed once: the set asks for a key's hash at each lookup and
        // insert, and an item's hash costs its whole size.
        let key = Key {
            value: element,
            index,
            hash: hash_of(element),
        };
        if let Some(earlier) = seen.get(&key) {
            return Some((earlier.index, index));
        }
        seen.insert(key);
    }
    None
}

/// How many elements the stack table takes; it has twice as many slots, so
/// probes stay short.
const STACK_TABLE_ITEMS: usize = 256;

fn find_duplicate_on_stack(elements: &[Value]) -> Option<(usize, usize)> {
    const SLOTS: usize = STACK_TABLE_ITEMS * 2;
    // (hash, index + 1); index 0 marks an empty slot.
    let mut table = [(0u64, 0usize); SLOTS];
    for (index, element) in elements.iter().enumerate() {
        let hash = hash_of(element);
        let mut slot = (hash as usize) % SLOTS;
        loop {
            match table[slot] {
                (_, 0) => {
                    table[slot] = (hash, index + 1);
                    break;
                }
                (seen, earlier) if seen == hash && json_equal(&elements[earlier - 1], element) => {
                    return Some((earlier - 1, index));
                }
                _ => slot = (slot + 1) % SLOTS,
            }
        }
    }
    None
}

fn hash_of(value: &Value) -> u64 {
    let mut hasher = DefaultHasher::new();
    hash_value(value, HASH_DEPTH, &mut hasher);
    hasher.finish()
}

/// A value in a hash set under JSON equality, with its [`hash_of`].
struct Key<'a> {
    value: &'a Value,
    index: usize,
    hash: u64,
}

impl PartialEq for Key<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && json_equal(self.value, other.value)
    }
}

impl Eq for Key<'_> {}

impl Hash for Key<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Hashes consistently with [`json_equal`]: equal values hash equally. It
/// recurses `depth` levels more, then hashes what is below with an
/// explicit stack ([`hash_with_stack`]); equal values reach that depth at
/// the same places, so they still hash equally.
fn hash_value<H: Hasher>(value: &Value, depth: usize, state: &mut H) {
    if depth == 0 {
        state.write_u64(hash_with_stack(value));
        return;
    }
    std::mem::discriminant(value).hash(state);
    match value {
        Value::Array(items) => {
            items.len().hash(state);
            for item in items {
                hash_value(item, depth - 1, state);
            }
        }
        Value::Object(map) => {
            // Key order must not matter, whatever order the map iterates in:
            // combine the entries' hashes commutatively.
            map.len().hash(state);
            let combined = map.iter().fold(0u64, |sum, (key, item)| {
                let mut entry = DefaultHasher::new();
                key.hash(&mut entry);
                hash_value(item, depth - 1, &mut entry);
                sum.wrapping_add(entry.finish())
            });
            combined.hash(state);
        }
        scalar => hash_scalar(scalar, state),
    }
}

/// A scalar's own part of its hash (its kind is hashed by the caller).
fn hash_scalar<H: Hasher>(value: &Value, state: &mut H) {
    match value {
        Value::Bool(b) => b.hash(state),
        Value::Number(n) => match Num::of(n) {
            Num::Int(i) => i.hash(state),
            // An integral float equal to an integer hashes as that integer.
            Num::Float(f) if f.fract() == 0.0 && f.abs() < 1.7e38 => (f as i128).hash(state),
            Num::Float(f) => f.to_bits().hash(state),
        },
        Value::String(s) => s.hash(state),
        Value::Null | Value::Array(_) | Value::Object(_) => {}
    }
}

/// The hash of a value nested deeper than [`HASH_DEPTH`], consistent with
/// [`json_equal`] as [`hash_value`] is: each container's hash is made from
/// its children's, children first, with the containers still open on a
/// stack instead of the call stack. Every part of the value counts, however
/// deep: hashing that stopped at a depth made items that differ only below
/// it collide, and `uniqueItems` compared every pair of them in full.
fn hash_with_stack(root: &Value) -> u64 {
    let mut open: Vec<Open<'_>> = Vec::new();
    let mut next = root;
    loop {
        // A leaf's hash is known at once; a container's once its
        // children's are.
        let mut closed = match next {
            Value::Array(items) => {
                open.push(Open::array(next, items));
                None
            }
            Value::Object(map) => {
                open.push(Open::object(next, map));
                None
            }
            leaf => {
                let mut state = DefaultHasher::new();
                std::mem::discriminant(leaf).hash(&mut state);
                hash_scalar(leaf, &mut state);
                Some(state.finish())
            }
        };
        // Give each closed value's hash to its container, and close the
        // containers that have no child left, until one has.
        loop {
            let Some(container) = open.last_mut() else {
                // Only the root closes with no container open.
                return closed.unwrap_or_default();
            };
            if let Some(hash) = closed.take() {
                container.add(hash);
            }
            if let Some(child) = container.next_child() {
                next = child;
                break;
            }
            closed = open.pop().map(Open::finish);
        }
    }
}

/// A container being hashed by [`hash_with_stack`]: its children not yet
/// hashed, and what it has of the others.
enum Open<'a> {
    Array {
        items: std::slice::Iter<'a, Value>,
        state: DefaultHasher,
    },
    /// Entries combine commutatively, as in [`hash_value`]: the map's
    /// order does not count.
    Object {
        entries: serde_json::map::Iter<'a>,
        /// The key of the entry whose value is being hashed.
        key: &'a str,
        sum: u64,
        state: DefaultHasher,
    },
}

impl<'a> Open<'a> {
    /// Its kind and length hashed first, as [`hash_value`] hashes them.
    fn started(value: &Value, len: usize) -> DefaultHasher {
        let mut state = DefaultHasher::new();
        std::mem::discriminant(value).hash(&mut state);
        len.hash(&mut state);
        state
    }

    fn array(value: &Value, items: &'a [Value]) -> Self {
        Open::Array {
            items: items.iter(),
            state: Self::started(value, items.len()),
        }
    }

    fn object(value: &Value, map: &'a serde_json::Map<String, Value>) -> Self {
        Open::Object {
            entries: map.iter(),
            key: "",
            sum: 0,
            state: Self::started(value, map.len()),
        }
    }

    /// The next child to hash, if one is left.
    fn next_child(&mut self) -> Option<&'a Value> {
        match self {
            Open::Array { items, .. } => items.next(),
            Open::Object { entries, key, .. } => entries.next().map(|(name, value)| {
                *key = name;
                value
            }),
        }
    }

    /// The hash of the child [`next_child`](Self::next_child) gave.
    fn add(&mut self, hash: u64) {
        match self {
            Open::Array { state, .. } => state.write_u64(hash),
            Open::Object { key, sum, .. } => {
                let mut entry = DefaultHasher::new();
                key.hash(&mut entry);
                entry.write_u64(hash);
                *sum = sum.wrapping_add(entry.finish());
            }
        }
    }

    fn finish(self) -> u64 {
        match self {
            Open::Array { state, .. } => state.finish(),
            Open::Object { sum, mut state, .. } => {
                state.write_u64(sum);
                state.finish()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_compare_by_value() {
        assert!(json_equal(&json!(1), &json!(1.0)));
        assert!(json_equal(&json!([1, {"a": 2.0}]), &json!([1.0, {"a": 2}])));
        assert!(!json_equal(&json!(1), &json!(true)));
        assert!(!json_equal(&json!(0), &json!(false)));
    }

    /// The crate's one JSON equality (convert merges and compares `enum`
    /// values with it too): exact at every depth - no depth past which
    /// values count as different - with numbers compared by value.
    #[test]
    fn equality_is_exact_at_any_depth_with_numbers_by_value() {
        let deep = |depth: usize, leaf: Value| {
            let mut value = leaf;
            for index in 0..depth {
                value = match index % 2 {
                    0 => Value::Array(vec![value]),
                    _ => json!({"k": value}),
                };
            }
            value
        };
        for depth in [0, 63, 64, 65, 159, 160, 161, 200, 1_000] {
            assert!(
                json_equal(&deep(depth, json!(1)), &deep(depth, json!(1.0))),
                "{depth}"
            );
            assert!(
                !json_equal(&deep(depth, json!(1)), &deep(depth, json!(2))),
                "{depth}"
            );
            assert!(
                !json_equal(&deep(depth, json!(1)), &deep(depth + 1, json!(1))),
                "{depth}"
            );
        }
    }

    #[test]
    fn objects_ignore_key_order() {
        let a: Value = serde_json::from_str(r#"{"a": 1, "b": 2}"#).unwrap();
        let b: Value = serde_json::from_str(r#"{"b": 2, "a": 1}"#).unwrap();
        assert!(json_equal(&a, &b));
        assert!(!json_equal(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
    }

    #[test]
    fn duplicates_are_found_small_and_large() {
        assert_eq!(
            find_duplicate(&[json!(1), json!("1"), json!(1.0)]),
            Some((0, 2))
        );
        for len in [2, 16, 17, 255, 256, 10_000] {
            let mut many: Vec<Value> = (0..len)
                .map(|i| json!({"id": i, "tags": [i % 3]}))
                .collect();
            assert_eq!(find_duplicate(&many), None, "{len}");
            many.push(json!({"tags": [1.0], "id": 1.0}));
            assert_eq!(find_duplicate(&many), Some((1, len)), "{len}");
        }
    }

    /// `depth` containers around `leaf`, arrays and objects in turn; the
    /// objects hold a second entry, inserted first when `reversed` and
    /// with its number spelled as a float. (Built by hand: `json!` would
    /// serialize the value inside at each level, recursively.)
    fn nested(depth: usize, leaf: Value, reversed: bool) -> Value {
        let mut value = leaf;
        for level in 0..depth {
            value = match level % 2 {
                0 => Value::Array(vec![json!(level), value]),
                _ => {
                    let mut map = serde_json::Map::new();
                    match reversed {
                        true => {
                            map.insert("n".into(), json!(level as f64));
                            map.insert("k".into(), value);
                        }
                        false => {
                            map.insert("k".into(), value);
                            map.insert("n".into(), json!(level));
                        }
                    }
                    Value::Object(map)
                }
            };
        }
        value
    }

    /// Equal values hash equally at every depth, on either side of the
    /// depth where hashing takes an explicit stack, whatever their key
    /// order and spelling of numbers; values that differ only at the
    /// bottom hash apart (they collided, below depth 32, before).
    #[test]
    fn hashes_agree_with_equality_at_any_depth() {
        for depth in [0, 1, 31, 32, 33, 40, 64, 65, 200, 5_000] {
            let one = nested(depth, json!(1), false);
            let same = nested(depth, json!(1.0), true);
            assert!(json_equal(&one, &same), "{depth}");
            assert_eq!(hash_of(&one), hash_of(&same), "{depth}");
            let other = nested(depth, json!(2), false);
            assert_ne!(hash_of(&one), hash_of(&other), "{depth}");
            std::mem::forget([one, same, other]);
        }
        assert_eq!(
            hash_with_stack(&json!({"a": [1, -0.0]})),
            hash_with_stack(&json!({"a": [1.0, 0]}))
        );
        assert_ne!(hash_with_stack(&json!([[]])), hash_with_stack(&json!([{}])));
        assert_ne!(
            hash_with_stack(&json!([1, 2])),
            hash_with_stack(&json!([2, 1]))
        );
    }

    /// Items that differ only below the depth where hashing used to stop
    /// each hash differently, so `find_duplicate` compares none of them in
    /// full (the quadratic case of `benches/unique_items.rs`).
    #[test]
    fn items_that_differ_only_deep_hash_apart() {
        let items: Vec<Value> = (0..2_000).map(|i| nested(40, json!(i), false)).collect();
        let hashes: HashSet<u64> = items.iter().map(hash_of).collect();
        assert_eq!(hashes.len(), items.len());
        assert_eq!(find_duplicate(&items), None);
    }

    /// The plain meaning of [`find_duplicate`]: the first item equal to an
    /// earlier one, and the first such earlier one, found by comparing
    /// every pair.
    fn every_pair(elements: &[Value]) -> Option<(usize, usize)> {
        (1..elements.len()).find_map(|second| {
            (0..second)
                .find(|&first| json_equal(&elements[first], &elements[second]))
                .map(|first| (first, second))
        })
    }

    /// Hashing is a fast path: wherever it finds a pair (or none), every
    /// pair compared finds the same, through each of the three ways
    /// (pairwise, the table on the stack, the `HashSet`), with items equal
    /// only by value or key order, and items that differ only deep.
    #[test]
    fn find_duplicate_is_every_pair_compared() {
        // Items from a pool whose members differ at the bottom; equal
        // members are spelled differently.
        let pool = |i: usize, spelled: bool| nested(33, json!(i as f64 / 2.0), spelled);
        for len in [2, 16, 17, 100, 256, 257, 300] {
            for step in [1, 7, 13] {
                let distinct: Vec<Value> = (0..len).map(|i| pool(i, false)).collect();
                assert_eq!(find_duplicate(&distinct), every_pair(&distinct), "{len}");
                // Each item equal to one `step` earlier, from the middle on.
                let repeated: Vec<Value> = (0..len)
                    .map(|i| match i >= len / 2 && i >= step {
                        true => pool(i - step, true),
                        false => pool(i, false),
                    })
                    .collect();
                let found = find_duplicate(&repeated);
                assert_eq!(found, every_pair(&repeated), "{len} {step}");
                assert!(found.is_some() || len < 2 * step, "{len} {step}");
            }
        }
    }

    #[test]
    fn deep_values_do_not_overflow() {
        let deep = |depth: usize| {
            let mut value = json!(0);
            for _ in 0..depth {
                value = Value::Array(vec![value]);
            }
            value
        };
        // Built one by one: serde_json's own clone and drop recurse, and would
        // overflow on values this deep; the values are leaked for that reason.
        let elements: Vec<Value> = (0..20).map(|_| deep(100_000)).collect();
        assert_eq!(find_duplicate(&elements), Some((0, 1)));
        assert!(json_equal(&elements[2], &elements[3]));
        std::mem::forget(elements);
    }
}
