//! A string value's checks while it is still arriving: how many characters
//! it has (for `maxLength`), whether an `enum` value still starts with it,
//! and whether its `pattern` can still match (`pattern/prefix.rs`).
//!
//! A run of the string's text is checked whole; only a run in which some
//! lane fails is read again character by character from the state saved
//! before it, to find the character that decided the failure.

use std::sync::Arc;

use crate::document::{Failure, ValidationErrorKind};
use crate::message::Excerpt;
use crate::pattern::{Pattern, Scan, Verdict};
use crate::validate::string::StringRule;
use crate::validate::Rule;

/// Bytes of the string kept for the messages of its failures: more than
/// an excerpt quotes, however wide its characters.
const HEAD: usize = 256;

/// The string being read, and each of its lanes' state.
#[derive(Debug, Default)]
pub(super) struct StringProgress {
    /// Whether some lane can refuse the string before it ends.
    early: bool,
    now: Counts,
    saved: Counts,
    /// Its first [`HEAD`] bytes (and the rest of the run that reached
    /// them).
    head: String,
    lanes: Vec<LaneString>,
    saved_lanes: Vec<LaneString>,
    /// Pattern scans, kept from string to string so that each cache is
    /// built once: by pattern and lane place.
    scans: Vec<(Pattern, usize, Scan)>,
}

#[derive(Debug, Default, Clone, Copy)]
struct Counts {
    chars: u64,
    bytes: usize,
}

#[derive(Debug, Clone, Copy)]
struct LaneString {
    /// An `enum` value that starts with the string so far.
    witness: usize,
    /// The lane's pattern scan in `scans`, if its pattern is scanned.
    scan: Option<usize>,
}

impl Drop for StringProgress {
    fn drop(&mut self) {
        for (pattern, _, scan) in self.scans.drain(..) {
            if let Some(automaton) = pattern.prefix_automaton() {
                automaton.give_back(scan);
            }
        }
    }
}

impl StringProgress {
    /// A string begins, checked by `rules` (each a string's).
    pub(super) fn begin<'r>(&mut self, rules: impl Iterator<Item = &'r Rule>) {
        self.now = Counts::default();
        self.head.clear();
        self.lanes.clear();
        self.early = false;
        for (at, rule) in rules.enumerate() {
            let Rule::String(rule) = rule else {
                unreachable!("a string's lanes are strings'");
            };
            self.early |= rule.max_length().is_some() || rule.allowed().is_some();
            let scan = rule
                .pattern()
                .and_then(|pattern| self.scan_for(pattern, at));
            self.early |= scan.is_some();
            self.lanes.push(LaneString { witness: 0, scan });
        }
    }

    /// Whether a lane can refuse before the string ends.
    pub(super) fn checks_early(&self) -> bool {
        self.early
    }

    /// The scan of `pattern` for the lane at `at`, begun.
    fn scan_for(&mut self, pattern: &Pattern, at: usize) -> Option<usize> {
        let automaton = pattern.prefix_automaton()?;
        let found = self
            .scans
            .iter()
            .position(|(scanned, place, _)| *place == at && scanned.is(pattern));
        let index = found.unwrap_or_else(|| {
            self.scans.push((pattern.clone(), at, automaton.scan()));
            self.scans.len() - 1
        });
        automaton.begin(&mut self.scans[index].2);
        Some(index)
    }

    /// Keeps the state before a run, for [`restore`](Self::restore).
    pub(super) fn save(&mut self) {
        self.saved = self.now;
        self.saved_lanes.clear();
        self.saved_lanes.extend_from_slice(&self.lanes);
        for (_, _, scan) in &mut self.scans {
            scan.save();
        }
    }

    /// Goes back to the state [`save`](Self::save) kept.
    pub(super) fn restore(&mut self) {
        self.now = self.saved;
        self.head.truncate(self.now.bytes.min(self.head.len()));
        self.lanes.clear();
        self.lanes.extend_from_slice(&self.saved_lanes);
        for (_, _, scan) in &mut self.scans {
            scan.restore();
        }
    }

    /// More of the string, decoded.
    pub(super) fn read(&mut self, part: &str) {
        self.now.chars += part.chars().count() as u64;
        self.now.bytes += part.len();
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
                let mut text = String::from(&witness[..self.now.bytes - part.len()]);
                text.push_str(part);
                failures.push(Failure::StringEnumPrefix {
                    text: Excerpt::of(&text),
                    allowed: Arc::clone(allowed),
                });
            }
        }
        if let Some(max) = rule.max_length() {
            if self.now.chars > max {
                failures.push(Failure::Counted(ValidationErrorKind::MaxLength {
                    length: self.now.chars as usize,
                    max,
                }));
            }
        }
        if let (Some(pattern), Some(scan)) = (rule.pattern(), self.lanes[at].scan) {
            let automaton = pattern
                .prefix_automaton()
                .expect("scanned patterns have one");
            if automaton.read(&mut self.scans[scan].2, part.as_bytes()) == Verdict::Dead {
                failures.push(Failure::PatternPrefix {
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
        let before = self.now.bytes - part.len();
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
