//! A string value's checks while it is still arriving: how many characters
//! it has (for `maxLength`), whether an `enum` value still starts with it,
//! and whether its `pattern` can still match (`pattern/prefix.rs`, through
//! the shared scans of `scans.rs`).
//!
//! A run of the string's text is read once by each lane, which says at
//! which character of the run it first refuses, if it does: the character
//! at which reading the run one character at a time would have refused,
//! with the same checks refusing there (`maxLength` by counting, `enum` by
//! the longest start of the run that a value continues with, `pattern` by
//! the byte at which its automaton died). The checker then takes the
//! refusals in the order of their characters (`lanes.rs`), as a reading
//! one character at a time would.

use std::sync::Arc;

use super::scans::Scans;
use crate::document::{Failure, Span, ValidationErrorKind};
use crate::message::Excerpt;
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
    /// The string so far, and before the run being read.
    now: Counts,
    before: Counts,
    /// Its first [`HEAD`] bytes (and the rest of the run that reached
    /// them).
    head: String,
    lanes: Vec<LaneString>,
    scans: Scans,
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

/// Which of a lane's checks refuse the string: a bit for each of `enum`,
/// `maxLength` and `pattern`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Refused(u8);

impl Refused {
    const ENUM: u8 = 1;
    const MAX_LENGTH: u8 = 2;
    const PATTERN: u8 = 4;

    fn has(self, check: u8) -> bool {
        self.0 & check != 0
    }
}

/// Where in a run a lane first refuses, and what refuses there.
#[derive(Debug, Clone, Copy)]
pub(super) struct Death {
    /// The end of the character that decides, in bytes of the run.
    pub(super) end: usize,
    refused: Refused,
}

impl Death {
    /// `check` refuses at the character ending at `end`: the earliest
    /// character decides, with every check that refuses at it.
    fn note(death: &mut Option<Death>, end: usize, check: u8) {
        match death {
            Some(known) if known.end < end => {}
            Some(known) if known.end == end => known.refused.0 |= check,
            _ => {
                *death = Some(Death {
                    end,
                    refused: Refused(check),
                })
            }
        }
    }
}

/// What a lane refused in the string being read, and where: enough to
/// write its failures while the string is still open
/// ([`StringProgress::failures`]), which is only done if they are read.
#[derive(Debug, Clone, Copy)]
pub(super) struct Refusal<'v> {
    rule: &'v StringRule,
    refused: Refused,
    /// The string's characters and bytes up to the deciding character.
    chars: u64,
    bytes: usize,
}

impl Refusal<'_> {
    /// The schema pointer of the lane's node.
    pub(super) fn site(&self) -> Span {
        self.rule.site()
    }
}

/// What a lane refuses in a string: at most one failure of each of
/// `enum`, `maxLength` and `pattern`, in the walk's order; kept inline.
pub(super) struct Failures([Option<Failure>; 3]);

impl IntoIterator for Failures {
    type Item = Failure;
    type IntoIter = std::iter::Flatten<std::array::IntoIter<Option<Failure>, 3>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter().flatten()
    }
}

impl StringProgress {
    /// A string begins, checked by `rules` (each a string's).
    pub(super) fn begin<'r>(&mut self, rules: impl ExactSizeIterator<Item = &'r Rule>) {
        self.now = Counts::default();
        self.head.clear();
        self.lanes.clear();
        self.lanes.reserve(rules.len());
        self.scans.begin_string(rules.len());
        self.early = false;
        for rule in rules {
            let Rule::String(rule) = rule else {
                unreachable!("a string's lanes are strings'");
            };
            self.early |= rule.max_length().is_some() || rule.allowed().is_some();
            let scan = rule
                .pattern()
                .and_then(|pattern| self.scans.scan_for(pattern));
            self.early |= scan.is_some();
            self.lanes.push(LaneString { witness: 0, scan });
        }
    }

    /// Whether a lane can refuse before the string ends.
    pub(super) fn checks_early(&self) -> bool {
        self.early
    }

    /// The next run of the string, decoded.
    pub(super) fn read(&mut self, run: &str) {
        self.scans.next_run();
        self.before = self.now;
        self.now.chars += run.chars().count() as u64;
        self.now.bytes += run.len();
        if self.head.len() < HEAD {
            self.head.push_str(run);
        }
    }

    /// Where in `run` (just [`read`](Self::read)) lane `at`, checking
    /// `rule`, first refuses the string, if it does. Most lanes refuse
    /// nothing, and learn it without a failure being built.
    pub(super) fn death(&mut self, at: usize, rule: &StringRule, run: &str) -> Option<Death> {
        let mut death = None;
        if let Some(allowed) = rule.allowed() {
            if let Some(end) = self.enum_dies(at, allowed, run) {
                Death::note(&mut death, end, Refused::ENUM);
            }
        }
        if let Some(max) = rule.max_length() {
            if self.now.chars > max {
                // The character that makes it one more than `max`; the
                // lane refused before this run if that was earlier.
                let past = max.saturating_sub(self.before.chars) as usize;
                let (start, c) = run.char_indices().nth(past).expect("the run has it");
                Death::note(&mut death, start + c.len_utf8(), Refused::MAX_LENGTH);
            }
        }
        if let Some(scan) = self.lanes[at].scan {
            if let Some(read) = self.scans.dead_at(scan, run.as_bytes()) {
                Death::note(
                    &mut death,
                    char_end(run, read.saturating_sub(1)),
                    Refused::PATTERN,
                );
            }
        }
        death
    }

    /// What `rule`'s lane refused at `death` in `run`, the run being read,
    /// kept for its failures to be written if they are read.
    pub(super) fn refusal<'v>(&self, rule: &'v StringRule, death: Death, run: &str) -> Refusal<'v> {
        Refusal {
            rule,
            refused: death.refused,
            chars: self.before.chars + run[..death.end].chars().count() as u64,
            bytes: self.before.bytes + death.end,
        }
    }

    /// The failures of `refusal`, made in the string being read, in the
    /// walk's order. Each quotes the string up to the deciding character:
    /// the head holds it (the head only grows while the string is read),
    /// or holds more characters than an excerpt quotes.
    pub(super) fn failures(&self, refusal: &Refusal<'_>) -> Failures {
        let Refusal {
            rule,
            refused,
            chars,
            bytes,
        } = *refusal;
        let text = || Excerpt::of(&self.head[..bytes.min(self.head.len())]);
        let mut failures = Failures([None, None, None]);
        if let (true, Some(allowed)) = (refused.has(Refused::ENUM), rule.allowed()) {
            failures.0[0] = Some(Failure::StringEnumPrefix {
                text: text(),
                allowed: Arc::clone(allowed),
            });
        }
        if let (true, Some(max)) = (refused.has(Refused::MAX_LENGTH), rule.max_length()) {
            failures.0[1] = Some(Failure::Counted(ValidationErrorKind::MaxLength {
                length: chars as usize,
                max,
            }));
        }
        if let (true, Some(pattern)) = (refused.has(Refused::PATTERN), rule.pattern()) {
            failures.0[2] = Some(Failure::PatternPrefix {
                text: text(),
                pattern: pattern.clone(),
            });
        }
        failures
    }

    /// Where in `run` no value of `allowed` starts with the string any
    /// more, if it is there: the end of the character past the longest
    /// start of `run` that a value continues the string with. The lane
    /// keeps one value that starts with the string, its witness: every
    /// value that shares the witness's start up to `run` is a candidate,
    /// so nothing of the string needs keeping.
    fn enum_dies(&mut self, at: usize, allowed: &[String], run: &str) -> Option<usize> {
        let before = self.before.bytes;
        // How much of `run` a candidate continues the string with.
        let continued = |value: &str| {
            let rest = &value.as_bytes()[before..];
            let common = rest.iter().zip(run.as_bytes());
            common.take_while(|(a, b)| a == b).count()
        };
        let witness = &allowed[self.lanes[at].witness];
        if continued(witness) == run.len() {
            return None;
        }
        let start = &witness.as_bytes()[..before];
        let candidates = allowed
            .iter()
            .enumerate()
            .filter(|(_, value)| value.as_bytes().starts_with(start));
        let mut longest = 0;
        for (index, value) in candidates {
            let continues = continued(value);
            if continues == run.len() {
                self.lanes[at].witness = index;
                return None;
            }
            longest = longest.max(continues);
        }
        Some(char_end(run, longest))
    }
}

/// The end of the character of `run` that holds the byte at `at`.
fn char_end(run: &str, at: usize) -> usize {
    (at + 1..=run.len())
        .find(|&end| run.is_char_boundary(end))
        .expect("the run ends at a character's end")
}
