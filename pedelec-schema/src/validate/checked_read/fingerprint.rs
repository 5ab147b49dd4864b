//! Fingerprints of values read from text, for `uniqueItems`.
//!
//! A streamed array's items are gone once serde has read them into `T`, so
//! each item leaves a 64-bit fingerprint instead, computed as it streams
//! by. Fingerprints agree with JSON equality (`equality.rs`): equal items
//! always have equal fingerprints, so items with pairwise different
//! fingerprints are surely unique. Two equal fingerprints may be a real
//! duplicate or a collision; either way the fast path refuses, and the full
//! walk decides. So a fingerprint needs to be deterministic and well mixed,
//! never collision-free.
//!
//! - Numbers count by value: `1`, `1.0` and `1e0` print alike, and `-0.0`
//!   as `0`.
//! - Objects combine their entries commutatively (key order does not
//!   matter), each entry by its property's place in the schema. Properties
//!   the schema does not name count only in the number of entries: two
//!   items that differ only there print alike and go to the full walk.

use serde_json::Number;

use crate::numeric::Num;

/// Where a value's fingerprint goes, if its array keeps fingerprints.
pub(super) struct Print<'p>(Option<&'p mut u64>);

impl<'p> Print<'p> {
    /// No fingerprint wanted.
    pub(super) const NONE: Print<'static> = Print(None);

    pub(super) fn into(slot: &'p mut u64) -> Self {
        Print(Some(slot))
    }

    /// Whether a fingerprint is wanted.
    pub(super) fn wanted(&self) -> bool {
        self.0.is_some()
    }

    /// Records the fingerprint `of` computes, if one is wanted.
    #[inline(always)]
    pub(super) fn record(self, of: impl FnOnce() -> u64) {
        if let Some(slot) = self.0 {
            *slot = of();
        }
    }
}

/// A kind's tag, so that values of different kinds print apart.
#[derive(Clone, Copy)]
#[repr(u64)]
enum Tag {
    Boolean = 1,
    Number,
    String,
    Array,
    Object,
    Entry,
}

/// The splitmix64 finalizer: every input bit reaches every output bit.
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn tagged(tag: Tag, x: u64) -> u64 {
    mix(x ^ mix(tag as u64))
}

pub(super) fn boolean(b: bool) -> u64 {
    tagged(Tag::Boolean, u64::from(b))
}

pub(super) fn number(number: &Number) -> u64 {
    // Floats with an integral value print as that integer, as `equality.rs`
    // hashes them; 1.7e38 keeps the conversion inside i128.
    let int = match Num::of(number) {
        Num::Int(int) => int,
        Num::Float(float) if float.fract() == 0.0 && float.abs() < 1.7e38 => float as i128,
        Num::Float(float) => return tagged(Tag::Number, mix(float.to_bits())),
    };
    let bits = int as u128;
    tagged(Tag::Number, mix(bits as u64) ^ (bits >> 64) as u64)
}

pub(super) fn string(text: &str) -> u64 {
    let mut print = text.len() as u64;
    for chunk in text.as_bytes().chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        print = mix(print ^ u64::from_le_bytes(word));
    }
    tagged(Tag::String, print)
}

/// An array's fingerprint so far, with `item` next.
pub(super) fn array_step(so_far: u64, item: u64) -> u64 {
    mix(so_far.rotate_left(5) ^ item)
}

pub(super) fn array(count: usize, items: u64) -> u64 {
    tagged(Tag::Array, mix(count as u64) ^ items)
}

/// One entry of an object: the property at `place` in the schema, whose
/// value printed `value`. Entries are summed, so their order is lost.
pub(super) fn entry(place: usize, value: u64) -> u64 {
    tagged(Tag::Entry, mix(place as u64) ^ value)
}

pub(super) fn object(count: usize, entries: u64) -> u64 {
    tagged(Tag::Object, mix(count as u64) ^ entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number_of(text: &str) -> u64 {
        number(&serde_json::from_str(text).unwrap())
    }

    #[test]
    fn equal_numbers_print_alike() {
        for same in [
            ["1", "1.0", "1e0"],
            ["0", "-0", "-0.0"],
            ["-7", "-7.0", "-0.7e1"],
            ["100", "1e2", "100.000"],
        ] {
            assert_eq!(number_of(same[0]), number_of(same[1]), "{same:?}");
            assert_eq!(number_of(same[0]), number_of(same[2]), "{same:?}");
        }
        assert_ne!(number_of("1"), number_of("1.5"));
        assert_ne!(number_of("18446744073709551615"), number_of("-1"));
    }

    #[test]
    fn kinds_and_orders_print_apart() {
        assert_ne!(string("1"), number_of("1"));
        assert_ne!(boolean(true), number_of("1"));
        assert_ne!(string("ab"), string("ba"));
        assert_ne!(string(""), string("\0"));
        assert_ne!(string("abcdefgh"), string("abcdefgh\0"));
        let (a, b) = (string("a"), string("b"));
        assert_ne!(
            array(2, array_step(array_step(0, a), b)),
            array(2, array_step(array_step(0, b), a))
        );
        // Objects: the same entries in any order print alike.
        let one = entry(0, a).wrapping_add(entry(1, b));
        let other = entry(1, b).wrapping_add(entry(0, a));
        assert_eq!(object(2, one), object(2, other));
        assert_ne!(
            object(2, one),
            object(2, entry(0, b).wrapping_add(entry(1, a)))
        );
    }
}
