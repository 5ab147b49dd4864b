//! JSON equality, as `enum` and `uniqueItems` use it: numbers by value
//! (`1 == 1.0`), objects without regard to key order. The crate's only
//! one: convert merges and compares `enum` values with it too.
//!
//! `serde_json`'s own `==` compares `1` and `1.0` as different, so it cannot
//! be used. Equality recurses (allocation-free) up to a fixed depth and
//! continues with an explicit stack below it; hashing stops at a fixed
//! depth. Values of any depth are safe.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use serde_json::Value;

use crate::numeric::{self, Num};

/// Hashing looks no deeper than this; deeper parts only count by kind.
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
        let key = Key {
            value: element,
            index,
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

/// A value in a hash set under JSON equality.
struct Key<'a> {
    value: &'a Value,
    index: usize,
}

impl PartialEq for Key<'_> {
    fn eq(&self, other: &Self) -> bool {
        json_equal(self.value, other.value)
    }
}

impl Eq for Key<'_> {}

impl Hash for Key<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(self.value, HASH_DEPTH, state);
    }
}

/// Hashes consistently with [`json_equal`]: equal values hash equally.
fn hash_value<H: Hasher>(value: &Value, depth: usize, state: &mut H) {
    std::mem::discriminant(value).hash(state);
    if depth == 0 {
        return;
    }
    match value {
        Value::Null => {}
        Value::Bool(b) => b.hash(state),
        Value::Number(n) => match Num::of(n) {
            Num::Int(i) => i.hash(state),
            // An integral float equal to an integer hashes as that integer.
            Num::Float(f) if f.fract() == 0.0 && f.abs() < 1.7e38 => (f as i128).hash(state),
            Num::Float(f) => f.to_bits().hash(state),
        },
        Value::String(s) => s.hash(state),
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
