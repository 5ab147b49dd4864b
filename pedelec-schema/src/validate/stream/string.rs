//! A string value's checks while it is still arriving: how many characters
//! it has (for `maxLength`), whether an `enum` value still starts with it,
//! and whether its `pattern` can still match (`pattern/prefix.rs`).

use std::sync::Arc;

use crate::message::Excerpt;
use crate::pattern::{Pattern, Scan, Verdict};
use crate::validate::failure::Failure;
use crate::validate::string::StringRule;
use crate::validate::Rule;

/// Bytes of the string kept for the messages of its failures: more than
/// an excerpt quotes, however wide its characters.
const HEAD: usize = 256;

/// The string being read, and each of its lanes' state.
#[derive(Debug, Default)]
pub(super) struct StringProgress {
    chars: u64,
    bytes: usize,
    /// Its first [`HEAD`] bytes (and the rest of the piece that reached
    /// them).
    head: String,
    lanes: Vec<LaneString>,
    /// A pattern scan per lane, kept from string to string so that its
    /// cache is built once.
    scans: Vec<Option<(Pattern, Scan)>>,
}

#[derive(Debug, Clone, Copy)]
struct LaneString {
    /// An `enum` value that starts with the string so far.
    witness: usize,
    /// Whether the lane's pattern is scanned.
    scanned: bool,
}

impl StringProgress {
    /// A string begins, checked by `rules` (each a string's).
    pub(super) fn begin<'r>(&mut self, rules: impl Iterator<Item = &'r Rule>) {
        self.chars = 0;
        self.bytes = 0;
        self.head.clear();
        self.lanes.clear();
        for (at, rule) in rules.enumerate() {
            let Rule::String(rule) = rule else {
                unreachable!("a string's lanes are strings'");
            };
            let pattern = rule.pattern();
            let automaton = pattern.and_then(Pattern::prefix_automaton);
            if let (Some(pattern), Some(automaton)) = (pattern, automaton) {
                if self.scans.len() <= at {
                    self.scans.resize_with(at + 1, || None);
                }
                let slot = &mut self.scans[at];
                if !slot.as_ref().is_some_and(|(built, _)| built.is(pattern)) {
                    *slot = Some((pattern.clone(), automaton.scan()));
                }
                let (_, scan) = slot.as_mut().expect("just filled");
                automaton.begin(scan);
            }
            self.lanes.push(LaneString {
                witness: 0,
                scanned: automaton.is_some(),
            });
        }
    }

    /// More of the string, decoded.
    pub(super) fn read(&mut self, part: &str) {
        self.chars += part.chars().count() as u64;
        self.bytes += part.len();
        if self.head.len() < HEAD {
            self.head.push_str(part);
        }
    }

    /// What lane `at`, checking `rule`, can already refuse after `part`
    /// (just [`read`](Self::read)), in the walk's order.
    pub(super) fn failures(&mut self, at: usize, rule: &StringRule, part: &str) -> Vec<Failure> {
        let mut failures = Vec::new();
        if let Some(allowed) = rule.allowed() {
            if !self.starts_an_allowed(at, allowed, part) {
                let witness = &allowed[self.lanes[at].witness];
                let mut text = String::from(&witness[..self.bytes - part.len()]);
                text.push_str(part);
                failures.push(Failure::StringEnum {
                    text: Excerpt::of(&text),
                    allowed: Arc::clone(allowed),
                });
            }
        }
        if let Some(max) = rule.max_length() {
            if self.chars > max {
                failures.push(Failure::MaxLength {
                    count: self.chars as usize,
                    max,
                });
            }
        }
        if let (Some(pattern), true) = (rule.pattern(), self.lanes[at].scanned) {
            let automaton = pattern.prefix_automaton().expect("scanned lanes have one");
            let (_, scan) = self.scans[at].as_mut().expect("begun");
            if automaton.read(scan, part.as_bytes()) == Verdict::Dead {
                failures.push(Failure::Pattern {
                    text: Excerpt::of(&self.head),
                    pattern: pattern.clone(),
                });
            }
        }
        failures
    }

    /// Whether some value of `allowed` starts with the string so far, of
    /// which `part` is the end. The lane keeps one such value, its witness:
    /// every value that shares the witness's start up to `part` is a
    /// candidate, so nothing of the string needs keeping.
    fn starts_an_allowed(&mut self, at: usize, allowed: &[String], part: &str) -> bool {
        let before = self.bytes - part.len();
        let continues = |value: &str| {
            value
                .as_bytes()
                .get(before..)
                .is_some_and(|rest| rest.starts_with(part.as_bytes()))
        };
        let witness = &allowed[self.lanes[at].witness];
        if continues(witness) {
            return true;
        }
        let start = &witness.as_bytes()[..before];
        match allowed
            .iter()
            .position(|value| value.as_bytes().starts_with(start) && continues(value))
        {
            Some(found) => {
                self.lanes[at].witness = found;
                true
            }
            None => false,
        }
    }
}
