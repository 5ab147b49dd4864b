//! Whether two patterns can both match one string: the question a `oneOf`
//! of strings told apart only by their patterns asks (`validate/disjoint.rs`).
//!
//! Each pattern's translation is built as regex-automata's lazy DFA for an
//! unanchored search, as the stream's prefix check builds it (`prefix.rs`),
//! and the two are walked together, byte by byte, beside a third automaton
//! that accepts exactly the UTF-8 encodings of strings. A string matched
//! by both is a path to a triple where all three accept; when every
//! reachable triple is visited and none does, no string is matched by both.
//! The walk is bounded: past [`BUDGET`] triples, or where a lazy DFA would
//! have to clear its cache (which renumbers its states), it answers that
//! the patterns may overlap, which is always safe to say.

use std::collections::{HashSet, VecDeque};

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::hybrid::LazyStateID;
use regex_automata::util::start;
use regex_automata::Anchored;

/// Triples of states visited at most.
const BUDGET: usize = 4096;

/// Whether no string is matched (somewhere, as JSON Schema's `pattern`
/// searches) by both regexes, in the `regex` crate's dialect; `false` when
/// that was not proven within the budget.
pub(crate) fn disjoint(a: &str, b: &str) -> bool {
    let (Some(a), Some(b)) = (Side::new(a), Side::new(b)) else {
        return false;
    };
    walk(a, b).unwrap_or(false)
}

/// Where one pattern's search stands: reading on, or matched already.
/// The lazy DFA stops at the end of a leftmost match (its next states are
/// dead), while the search language goes on: every continuation of a text
/// that holds a match holds it too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum At {
    Live(LazyStateID),
    Matched,
}

/// One pattern's automaton and its cache.
struct Side {
    dfa: DFA,
    cache: Cache,
}

impl Side {
    fn new(regex_source: &str) -> Option<Side> {
        let dfa = DFA::builder()
            .configure(
                DFA::config()
                    .cache_capacity(1 << 20)
                    // A cleared cache renumbers the states the walk holds:
                    // fail instead, and the walk answers "may overlap".
                    .minimum_cache_clear_count(Some(0)),
            )
            .build(regex_source)
            .ok()?;
        let cache = dfa.create_cache();
        Some(Side { dfa, cache })
    }

    fn start(&mut self) -> Option<LazyStateID> {
        let config = start::Config::new().anchored(Anchored::No);
        self.dfa.start_state(&mut self.cache, &config).ok()
    }

    fn next(&mut self, state: LazyStateID, byte: u8) -> Option<LazyStateID> {
        self.dfa.next_state(&mut self.cache, state, byte).ok()
    }

    /// Whether the string read so far, ended here, holds a match: the
    /// lazy DFA reports a match one step late, once it sees what follows.
    fn accepts(&mut self, state: LazyStateID) -> Option<bool> {
        let end = self.dfa.next_eoi_state(&mut self.cache, state).ok()?;
        Some(end.is_match())
    }

    /// `Some(None)` when no continuation can match.
    fn step(&mut self, at: At, byte: u8) -> Option<Option<At>> {
        let At::Live(state) = at else {
            return Some(Some(At::Matched));
        };
        let next = self.next(state, byte)?;
        Some(if next.is_match() {
            Some(At::Matched)
        } else if next.is_dead() {
            None
        } else {
            Some(At::Live(next))
        })
    }

    fn ends_matched(&mut self, at: At) -> Option<bool> {
        match at {
            At::Matched => Some(true),
            At::Live(state) => self.accepts(state),
        }
    }
}

/// `Some(true)` when the walk proved the patterns disjoint, `Some(false)`
/// when it found a string both match, `None` when it gave up.
fn walk(mut a: Side, mut b: Side) -> Option<bool> {
    let start = (At::Live(a.start()?), At::Live(b.start()?), Utf8::START);
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((x, y, utf8)) = queue.pop_front() {
        if utf8 == Utf8::START && a.ends_matched(x)? && b.ends_matched(y)? {
            return Some(false);
        }
        for byte in 0..=255u8 {
            let Some(utf8) = utf8.next(byte) else {
                continue;
            };
            let (Some(x), Some(y)) = (a.step(x, byte)?, b.step(y, byte)?) else {
                continue;
            };
            if seen.len() >= BUDGET && !seen.contains(&(x, y, utf8)) {
                return None;
            }
            if seen.insert((x, y, utf8)) {
                queue.push_back((x, y, utf8));
            }
        }
    }
    Some(true)
}

/// A UTF-8 decoder's state: how many continuation bytes are still due,
/// and the range the next one must fall in (which rules out overlong
/// forms, surrogates and values past U+10FFFF). `START` is between
/// characters, the only place a string may end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Utf8 {
    due: u8,
    lo: u8,
    hi: u8,
}

impl Utf8 {
    const START: Utf8 = Utf8 {
        due: 0,
        lo: 0,
        hi: 0,
    };

    fn expect(due: u8, lo: u8, hi: u8) -> Option<Utf8> {
        Some(Utf8 { due, lo, hi })
    }

    /// The state after `byte`, or `None` where no UTF-8 text has it.
    fn next(self, byte: u8) -> Option<Utf8> {
        if self.due > 0 {
            if !(self.lo..=self.hi).contains(&byte) {
                return None;
            }
            return match self.due {
                1 => Some(Utf8::START),
                due => Utf8::expect(due - 1, 0x80, 0xBF),
            };
        }
        match byte {
            0x00..=0x7F => Some(Utf8::START),
            0xC2..=0xDF => Utf8::expect(1, 0x80, 0xBF),
            0xE0 => Utf8::expect(2, 0xA0, 0xBF),
            0xE1..=0xEC | 0xEE..=0xEF => Utf8::expect(2, 0x80, 0xBF),
            0xED => Utf8::expect(2, 0x80, 0x9F),
            0xF0 => Utf8::expect(3, 0x90, 0xBF),
            0xF1..=0xF3 => Utf8::expect(3, 0x80, 0xBF),
            0xF4 => Utf8::expect(3, 0x80, 0x8F),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::Pattern;

    fn apart(a: &str, b: &str) -> bool {
        let source = |p: &str| Pattern::new(p).unwrap().regex_source();
        disjoint(&source(a), &source(b))
    }

    #[test]
    fn patterns_apart_and_patterns_that_meet() {
        for (a, b) in [
            ("^[a-z]+$", "^[0-9]+$"),
            ("^a", "^b"),
            ("^\\d{3}$", "^\\d{4}$"),
            ("^user:", "^group:"),
            ("^[^@]+$", "@"),
            ("^\\bcat\\b$", "^\\Bcat"),
            ("^é$", "^e$"),
        ] {
            assert!(apart(a, b), "{a} and {b} are disjoint");
            assert!(apart(b, a), "{b} and {a} are disjoint");
        }
        for (a, b) in [
            ("^a", "b$"),
            ("a", "b"),
            ("^[a-z]+$", "^[a-c]"),
            ("\\bcat", "cat\\b"),
            ("^.$", "^😀$"),
            ("^\\d{3}$", "^[0-4]{2,3}$"),
        ] {
            assert!(!apart(a, b), "{a} and {b} share a string");
        }
    }

    #[test]
    fn a_walk_past_the_budget_is_no_proof() {
        // Disjoint, but only a walk through 5,000 pairs of states shows it.
        assert!(!apart("^a{5000}$", "^a{5001}$"));
        // The same pair within reach is proven.
        assert!(apart("^a{50}$", "^a{51}$"));
    }

    #[test]
    fn only_utf8_texts_count() {
        let mut state = Utf8::START;
        for byte in "é😀a".bytes() {
            state = state.next(byte).unwrap();
        }
        assert_eq!(state, Utf8::START);
        // A surrogate's encoding, an overlong `/`, and a lone continuation.
        for bytes in [&[0xED, 0xA0][..], &[0xC0], &[0x80], &[0xF4, 0x90]] {
            let mut state = Some(Utf8::START);
            for &byte in bytes {
                state = state.and_then(|s| s.next(byte));
            }
            assert_eq!(state, None, "{bytes:x?}");
        }
    }
}
