//! Arrays while streaming: each item checked against `items` as it is
//! read, the count against `minItems` and `maxItems` at the end, and for
//! `uniqueItems`, each item's fingerprint against those before it.
//!
//! The fingerprints of a `uniqueItems` array live on the stack, up to
//! [`DISTINCT_ITEMS`] of them: tool arguments send short unique lists (tags,
//! ids). A longer one, like any two items that print alike, is left to the
//! full walk, which keeps its hash table for such arrays.

use serde::de::{DeserializeSeed, IgnoredAny, SeqAccess, Visitor};

use super::deserializer::CheckedSeed;
use super::fingerprint::{self, Print};
use super::one_of::select;
use super::{refused, undecided};
use crate::validate::{ArrayRule, Rule};

/// How many items of a `uniqueItems` array the fast path tells apart.
const DISTINCT_ITEMS: usize = 32;

/// The array rule that checks an array at the node compiled to `rule`.
pub(super) fn rule_at(rule: &Rule) -> Option<&ArrayRule> {
    select(rule, |rule| match rule {
        Rule::Array(array) => Some(&**array),
        _ => None,
    })
}

/// Gives `visitor` the items of `seq`, checked against `rule`.
pub(super) fn visit<'de, V: Visitor<'de>, A: SeqAccess<'de>>(
    visitor: V,
    seq: A,
    rule: &ArrayRule,
    print: Print<'_>,
) -> Result<V::Value, A::Error> {
    // The fingerprints stay here, made only for `uniqueItems`, and the
    // sequence borrows them: held in it, their room would be copied
    // wherever it moves, at every array.
    let mut room;
    let distinct = match rule.unique_items() {
        true => {
            room = Distinct::default();
            Some(&mut room)
        }
        false => None,
    };
    let mut checked = CheckedSeq {
        inner: seq,
        rule,
        count: 0,
        ended: false,
        distinct,
        printing: print.wanted(),
        items: 0,
    };
    let value = visitor.visit_seq(&mut checked)?;
    checked.finish(print)?;
    Ok(value)
}

/// A sequence whose items are checked as they are read.
struct CheckedSeq<'r, 'd, A> {
    inner: A,
    rule: &'r ArrayRule,
    count: usize,
    /// Whether the wrapped sequence said it has no more items.
    ended: bool,
    /// The fingerprints so far, for `uniqueItems`.
    distinct: Option<&'d mut Distinct>,
    /// Whether a fingerprint of the whole array is wanted, and its items'
    /// part so far.
    printing: bool,
    items: u64,
}

impl<'de, A: SeqAccess<'de>> CheckedSeq<'_, '_, A> {
    /// Once the caller's visitor is done: the array must have ended there
    /// (a fixed-size array's visitor stops after its items; what follows
    /// would go unchecked) and have an allowed count.
    fn finish(&mut self, print: Print<'_>) -> Result<(), A::Error> {
        if !self.ended && self.inner.next_element::<IgnoredAny>()?.is_some() {
            return Err(undecided());
        }
        if !self.rule.accepts_count(self.count) {
            return Err(refused());
        }
        print.record(|| fingerprint::array(self.count, self.items));
        Ok(())
    }

    #[inline(always)]
    fn counted<T>(&mut self, element: Option<T>) -> Option<T> {
        match element {
            Some(_) => self.count += 1,
            None => self.ended = true,
        }
        element
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for CheckedSeq<'_, '_, A> {
    type Error = A::Error;

    #[inline(always)]
    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        let rule = self.rule.items();
        if self.distinct.is_none() && !self.printing {
            let element = self.inner.next_element_seed(CheckedSeed {
                seed,
                rule,
                print: Print::NONE,
            })?;
            return Ok(self.counted(element));
        }
        let mut item_print = 0;
        let element = self.inner.next_element_seed(CheckedSeed {
            seed,
            rule,
            print: Print::into(&mut item_print),
        })?;
        let element = self.counted(element);
        if element.is_some() {
            if let Some(distinct) = self.distinct.as_deref_mut() {
                if !distinct.insert(item_print) {
                    return Err(undecided());
                }
            }
            self.items = fingerprint::array_step(self.items, item_print);
        }
        Ok(element)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

/// Fingerprints of the items of a `uniqueItems` array so far.
struct Distinct {
    prints: [u64; DISTINCT_ITEMS],
    len: usize,
}

impl Default for Distinct {
    fn default() -> Self {
        Distinct {
            prints: [0; DISTINCT_ITEMS],
            len: 0,
        }
    }
}

impl Distinct {
    /// Adds `print`; `false` if an earlier item printed alike, or there is
    /// no room left (either way, the full walk decides).
    fn insert(&mut self, print: u64) -> bool {
        let (earlier, room) = self.prints.split_at_mut(self.len);
        let Some(slot) = room.first_mut() else {
            return false;
        };
        if earlier.contains(&print) {
            return false;
        }
        *slot = print;
        self.len += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{Distinct, DISTINCT_ITEMS};

    #[test]
    fn distinct_refuses_a_repeat_and_an_item_past_its_room() {
        let mut distinct = Distinct::default();
        assert!(distinct.insert(7));
        assert!(!distinct.insert(7));
        for print in 1..DISTINCT_ITEMS as u64 {
            assert!(distinct.insert(100 + print), "{print}");
        }
        assert!(!distinct.insert(1), "full");
    }
}
