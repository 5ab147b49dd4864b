//! The stream's listener, [`Checker`]: the lanes, levels, branches and
//! forks of `mod.rs`'s header, and the failures they record.

use std::sync::Arc;

use serde_json::{Map, Number, Value};

use super::string::StringProgress;
use crate::document::Indices;
use crate::document::Span;
use crate::document::ValidationError;
use crate::document::{BranchFailures, Failure, ValidationErrorKind, QUOTED_PER_BRANCH};
use crate::message::Found;
use crate::small_string::SmallString;
use crate::text::{Begun, Halt, Listener, Open};
use crate::validate::one_of::OneOfRule;
use crate::validate::texts::{on_edge, EdgeFloats};
use crate::validate::trail::Trail;
use crate::validate::{self, installed, Rule, Sink, Texts, Validator};

/// The root's branch.
const ROOT: usize = 0;

#[derive(Debug)]
pub(crate) struct Checker<'v> {
    validator: &'v Validator,
    /// Whether failures are checked at all (not for
    /// [`names_only`](Self::names_only)).
    checking: bool,
    /// Whether a `null` for an optional property is let through, for the
    /// profile's `normalize` to take out at the end (`mod.rs`, "Nulls for
    /// optional properties").
    nulls_for_optional: bool,
    /// Whether one was let through: then the checks it could change wait
    /// for the whole value.
    loosened: bool,
    /// The lanes of every open level, level after level.
    lanes: Vec<Lane<'v>>,
    levels: Vec<Level>,
    /// Containers open below a value no lane checks.
    unchecked: usize,
    branches: Vec<Branch>,
    forks: Vec<Fork<'v>>,
    /// The array indices on the way to the value being read.
    indices: Vec<usize>,
    /// The nodes of the next value of the innermost object, found at its
    /// key, with their branches, and whether a `null` there is let
    /// through.
    pending: Vec<(&'v Rule, usize, bool)>,
    /// The string being read, for the lanes of strings.
    string: StringProgress,
    /// The text of the float that ends next, where a lane needs it: on a
    /// bound's edge, where it is compared as written (`validate/texts.rs`).
    float: Option<SmallString>,
    /// The floats on an edge read so far, for [`finding`](Self::finding).
    found: Option<EdgeFloats>,
}

#[derive(Debug)]
struct Lane<'v> {
    rule: &'v Rule,
    branch: usize,
    /// For an object's lane, where its next property is likely to be in
    /// name order; for an array's, how many items have begun.
    count: usize,
    /// For an object's lane, the properties seen: bit `i` for the property
    /// at place `i` in name order (a repeat is refused, so each is seen
    /// once). Objects of more than 64 properties look their required ones
    /// up in the value at its end instead.
    seen: u64,
}

/// An open value with lanes.
#[derive(Debug)]
struct Level {
    /// Where its lanes, forks and branches start.
    lanes: usize,
    forks: usize,
    branches: usize,
    /// Whether it pushed its own array index (it is an item).
    indexed: bool,
    /// Whether a `null` was let through inside it: its own checks and its
    /// `oneOf`s' verdicts wait for the whole value.
    loosened: bool,
}

#[derive(Debug)]
struct Branch {
    /// The fork it is an alternative of; none for the root.
    fork: usize,
    /// How many array indices lead to its value, and the length of its
    /// node's schema pointer: its failures are located relative to both.
    base: usize,
    start: usize,
    failed: bool,
    /// Its failures, every one found (a failed branch checks no more).
    errors: Vec<ValidationError>,
}

#[derive(Debug)]
struct Fork<'v> {
    rule: &'v OneOfRule,
    /// The branch the `oneOf` is checked in.
    owner: usize,
    /// Its branches, `first..first + count` of `branches`.
    first: usize,
    count: usize,
}

impl Fork<'_> {
    /// Its branches' places in `branches`.
    fn branches(&self) -> std::ops::Range<usize> {
        self.first..self.first + self.count
    }
}

impl<'v> Checker<'v> {
    /// A checker that refuses at the first impossible byte; with
    /// `nulls_for_optional`, a `null` for an optional property is not
    /// impossible (the export made the property nullable).
    pub(crate) fn new(validator: &'v Validator, nulls_for_optional: bool) -> Self {
        Checker {
            nulls_for_optional,
            ..Checker::with(validator, true)
        }
    }

    /// A checker that checks nothing but which repeated keys the schema
    /// names: for a text whose every failure the walk will find.
    pub(crate) fn names_only(validator: &'v Validator) -> Self {
        Checker::with(validator, false)
    }

    /// A names-only checker that also notes the text of every float on
    /// the edge of a bound (`validate/texts.rs`): it reads with the code
    /// that reads every text, where a listener of its own would be another
    /// copy of the reader.
    pub(crate) fn finding(validator: &'v Validator) -> Self {
        Checker {
            found: Some(EdgeFloats::default()),
            ..Checker::with(validator, false)
        }
    }

    /// The floats on an edge noted, for a checker made by
    /// [`finding`](Self::finding).
    pub(crate) fn found(self) -> Option<EdgeFloats> {
        self.found
    }

    fn with(validator: &'v Validator, checking: bool) -> Self {
        // Room for the depth and the `oneOf`s of most calls, so that the
        // stacks do not grow one doubling at a time.
        const ROOM: usize = 8;
        Checker {
            validator,
            checking,
            nulls_for_optional: false,
            loosened: false,
            lanes: Vec::with_capacity(ROOM),
            levels: Vec::with_capacity(ROOM),
            unchecked: 0,
            branches: vec![Branch {
                fork: usize::MAX,
                base: 0,
                start: 0,
                failed: false,
                errors: Vec::new(),
            }],
            forks: Vec::new(),
            indices: Vec::with_capacity(ROOM),
            pending: Vec::with_capacity(ROOM),
            string: StringProgress::default(),
            float: None,
            found: None,
        }
    }

    /// Whether a `null` for an optional property was let through: the
    /// value is checked whole once it is normalized.
    pub(crate) fn loosened(&self) -> bool {
        self.loosened
    }

    /// The root's failures, once it has failed.
    pub(crate) fn refusal(&self) -> Option<&[ValidationError]> {
        let root = &self.branches[ROOT];
        root.failed.then_some(&root.errors[..])
    }

    /// Whether the root has failed: the answer to the reader.
    fn verdict(&self) -> Result<(), Halt> {
        match self.branches[ROOT].failed {
            true => Err(Halt::Refused),
            false => Ok(()),
        }
    }

    /// Whether `branch` and every branch it lies in are alive.
    fn live(&self, mut branch: usize) -> bool {
        loop {
            if self.branches[branch].failed {
                return false;
            }
            if branch == ROOT {
                return true;
            }
            branch = self.forks[self.branches[branch].fork].owner;
        }
    }

    fn begun(&mut self, begun: Begun) {
        if self.unchecked > 0 {
            self.unchecked += usize::from(matches!(begun, Begun::Object | Begun::Array));
            return;
        }
        let mut indexed = false;
        match self.levels.last() {
            None => self.pending.push((&self.validator.rule, ROOT, false)),
            Some(level) => {
                let start = level.lanes;
                if self
                    .lanes
                    .get(start)
                    .is_some_and(|lane| matches!(lane.rule, Rule::Array(_)))
                {
                    // An item: each array's items node, past `maxItems` a
                    // failure of the array; then the item's index.
                    let index = self.lanes[start].count;
                    for at in start..self.lanes.len() {
                        let Rule::Array(array) = self.lanes[at].rule else {
                            unreachable!("an array's lanes are arrays'");
                        };
                        self.lanes[at].count += 1;
                        let branch = self.lanes[at].branch;
                        if let Some(max) = array.max_items() {
                            let count = index + 1;
                            if count as u64 > max && self.live(branch) {
                                self.fail(
                                    branch,
                                    vec![(
                                        array.site(),
                                        Failure::Counted(ValidationErrorKind::MaxItems {
                                            count,
                                            max,
                                        }),
                                    )],
                                );
                            }
                        }
                        self.pending.push((array.items(), branch, false));
                    }
                    self.indices.push(index);
                    indexed = true;
                }
            }
        }
        let level = Level {
            lanes: self.lanes.len(),
            forks: self.forks.len(),
            branches: self.branches.len(),
            indexed,
            loosened: false,
        };
        let pending = std::mem::take(&mut self.pending);
        for &(rule, branch, nullable) in &pending {
            if nullable && begun == Begun::Null {
                // A property left out, as the export lets the model write
                // it: no lane checks the `null`, and the object's checks
                // wait for the end, where `normalize` takes it out.
                self.loosened = true;
                if let Some(object) = self.levels.last_mut() {
                    object.loosened = true;
                }
                continue;
            }
            self.expand(rule, branch, begun);
        }
        self.pending = pending;
        self.pending.clear();
        let has_lanes = self.lanes.len() > level.lanes;
        if !has_lanes && matches!(begun, Begun::Object | Begun::Array) {
            // Nothing checks what is inside: only its end is looked for.
            if indexed {
                self.indices.pop();
            }
            self.forks.truncate(level.forks);
            self.branches.truncate(level.branches);
            self.unchecked = 1;
            return;
        }
        if begun == Begun::String && has_lanes {
            let lanes = &self.lanes[level.lanes..];
            self.string.begin(lanes.iter().map(|lane| lane.rule));
        }
        self.levels.push(level);
    }

    /// The lanes of `rule` for a value begun as `begun`, in `branch`: one,
    /// or at a `oneOf` a fork of branches and theirs. A node that does not
    /// take the value's type fails there.
    fn expand(&mut self, rule: &'v Rule, branch: usize, begun: Begun) {
        if let Rule::OneOf(one_of) = rule {
            let fork = self.forks.len();
            let first = self.branches.len();
            let base = self.indices.len();
            self.forks.push(Fork {
                rule: one_of,
                owner: branch,
                first,
                count: one_of.sited_branches().len(),
            });
            for (site, _) in one_of.sited_branches() {
                self.branches.push(Branch {
                    fork,
                    base,
                    start: site.len(),
                    failed: false,
                    errors: Vec::new(),
                });
            }
            for (at, (_, rule)) in one_of.sited_branches().enumerate() {
                self.expand(rule, first + at, begun);
            }
            return;
        }
        let takes = matches!(
            (rule, begun),
            (Rule::String(_), Begun::String)
                | (Rule::Number(_), Begun::Number)
                | (Rule::Boolean(_), Begun::Boolean)
                | (Rule::Array(_), Begun::Array)
                | (Rule::Object(_), Begun::Object)
        );
        if takes {
            self.lanes.push(Lane {
                rule,
                branch,
                count: 0,
                seen: 0,
            });
        } else if self.live(branch) {
            let expected = rule.expected().expect("a oneOf is expanded above");
            // The words the rules' own type failures use for each type.
            let found = Found::Begun(match begun {
                Begun::Object => validate::object::EXPECTED,
                Begun::Array => validate::array::EXPECTED,
                Begun::String => validate::string::EXPECTED,
                Begun::Number => validate::number::EXPECTED,
                Begun::Boolean => validate::boolean::EXPECTED,
                Begun::Null => "null",
            });
            self.fail(
                branch,
                vec![(rule.site(), Failure::Type { expected, found })],
            );
        }
    }

    /// A key of the innermost object, whose properties so far are
    /// `object`. A repeat of a property a lane names is refused: found by
    /// the lane's bits of properties seen, or for a larger object by a
    /// look into `object`.
    fn keyed(&mut self, key: &str, object: &Map<String, Value>) -> Result<(), Halt> {
        if self.unchecked > 0 {
            return Ok(());
        }
        let start = self.levels.last().map_or(0, |level| level.lanes);
        self.pending.clear();
        for lane in &mut self.lanes[start..] {
            let Rule::Object(object_rule) = lane.rule else {
                unreachable!("an object's lanes are objects'");
            };
            if let Some((place, rule)) = object_rule.property(key, lane.count) {
                let nullable = self.nulls_for_optional && !object_rule.is_required(place);
                let bit = 1u64.checked_shl(place as u32).unwrap_or(0);
                let repeated = match object_rule.property_count() <= 64 {
                    true => lane.seen & bit != 0,
                    false => object.contains_key(key),
                };
                if repeated {
                    return Err(Halt::Repeated);
                }
                lane.count = place + 1;
                lane.seen |= bit;
                self.pending.push((rule, lane.branch, nullable));
            }
        }
        Ok(())
    }

    /// More of the string being read. The run is checked whole; if some
    /// lane fails in it, it is read again character by character, so that
    /// the failure is the one at the character that decided it. Returns
    /// where in `part` the stream was refused, if it was.
    fn string_read(&mut self, part: &str) -> Result<(), usize> {
        let Some(start) = self.levels.last().map(|level| level.lanes) else {
            return Ok(());
        };
        if self.unchecked > 0 || !self.checking || !self.string.checks_early() {
            return Ok(());
        }
        // One character (a model's token, or text fed a character at a
        // time) needs no second reading to find the one that decided.
        if part.chars().nth(1).is_none() {
            self.string_fails(start, part, true);
            return match self.branches[ROOT].failed {
                true => Err(part.len() - 1),
                false => Ok(()),
            };
        }
        self.string.save();
        if !self.string_fails(start, part, false) {
            return Ok(());
        }
        self.string.restore();
        for (at, c) in part.char_indices() {
            let c = &part[at..at + c.len_utf8()];
            self.string_fails(start, c, true);
            if self.branches[ROOT].failed {
                return Err(at + c.len() - 1);
            }
        }
        Ok(())
    }

    /// Reads `part` into the string's state; whether a live lane fails
    /// there, recording its failures when `record`.
    fn string_fails(&mut self, start: usize, part: &str, record: bool) -> bool {
        self.string.read(part);
        let mut failed = false;
        for at in start..self.lanes.len() {
            let (rule, branch) = (self.lanes[at].rule, self.lanes[at].branch);
            if !self.live(branch) {
                continue;
            }
            let Rule::String(string) = rule else {
                unreachable!("a string's lanes are strings'");
            };
            let failures = self.string.failures(at - start, string, part);
            if failures.is_empty() {
                continue;
            }
            failed = true;
            if record {
                let site = string.site();
                self.fail(
                    branch,
                    failures
                        .into_iter()
                        .map(|failure| (site, failure))
                        .collect(),
                );
            }
        }
        failed
    }

    fn ended(&mut self, value: &Value) {
        if self.unchecked > 0 {
            self.unchecked -= usize::from(matches!(value, Value::Object(_) | Value::Array(_)));
            return;
        }
        let level = self.levels.pop().expect("a value ends after it begins");
        if level.loosened {
            if let Some(outer) = self.levels.last_mut() {
                outer.loosened = true;
            }
        }
        if self.checking && !level.loosened {
            let float = match value {
                Value::Number(_) => self.float.take(),
                _ => None,
            };
            for at in level.lanes..self.lanes.len() {
                let Lane {
                    rule, branch, seen, ..
                } = self.lanes[at];
                let text = float.as_ref().map(SmallString::as_str);
                if self.live(branch) && !own_keywords_pass(rule, value, seen, text) {
                    self.fail_by_walk(branch, rule, value, text);
                }
            }
            // Inner forks first: their verdict may fail an outer branch.
            for fork in (level.forks..self.forks.len()).rev() {
                let Fork { rule, owner, .. } = self.forks[fork];
                if !self.live(owner) {
                    continue;
                }
                let branches = self.forks[fork].branches();
                let first = branches.start;
                let mut alive = branches.clone().filter(|&b| !self.branches[b].failed);
                if let (Some(one), Some(two)) = (alive.next(), alive.next()) {
                    let failure = Failure::Counted(ValidationErrorKind::OneOfMany {
                        matched: 2 + alive.count(),
                        branches: branches.len(),
                        first: one - first,
                        second: two - first,
                    });
                    self.fail(owner, vec![(rule.site(), failure)]);
                }
            }
        }
        self.lanes.truncate(level.lanes);
        self.forks.truncate(level.forks);
        self.branches.truncate(level.branches);
        if level.indexed {
            self.indices.pop();
        }
    }

    /// Records `failures`, each of the node at its site, of the value
    /// being read, in `branch`.
    fn fail(&mut self, branch: usize, failures: Vec<(Span, Failure)>) {
        if !self.checking {
            return;
        }
        let mut sink = self.record_in(branch);
        for (site, failure) in failures {
            sink.fail(&Trail::ROOT, site, |_| failure);
        }
        self.record(branch, sink.errors);
    }

    /// A sink for the failures of the value being read, in `branch`.
    fn record_in(&self, branch: usize) -> Record<'_> {
        let Branch { base, start, .. } = self.branches[branch];
        Record {
            outer: &self.indices[base..],
            pointers: &self.validator.pointers,
            start,
            errors: Vec::new(),
        }
    }

    /// The float being read, read as `text` inside the containers `open`,
    /// is on the edge of a bound of the schema: its text is kept where a
    /// lane needs it (`NumberRule::needs_text`), for its end to take (a
    /// copy of every float's text cost the stream a few percent), and noted
    /// by a checker made [`finding`](Self::finding).
    #[cold]
    fn float_on_edge(&mut self, text: &str, number: &Number, open: &[Open]) {
        let start = self.levels.last().map_or(0, |level| level.lanes);
        let needed = self.lanes[start..]
            .iter()
            .any(|lane| matches!(lane.rule, Rule::Number(rule) if rule.needs_text(number)));
        if self.checking && needed {
            self.float = Some(SmallString::from(text));
        }
        if let Some(found) = &mut self.found {
            found.note(text, number, open, &self.validator.edges);
        }
    }

    /// Records the walk's failures of `value`, which `rule` refuses; a
    /// float's `text` is what it was read from.
    #[cold]
    fn fail_by_walk(&mut self, branch: usize, rule: &Rule, value: &Value, text: Option<&str>) {
        let texts = match (value, text) {
            (Value::Number(number), Some(text)) => Some(Texts::one(number, text)),
            _ => None,
        };
        let mut sink = self.record_in(branch);
        installed(texts, || rule.check(value, &Trail::ROOT, &mut sink));
        self.record(branch, sink.errors);
    }

    /// `branch` failed with `errors`; a fork whose every branch has failed
    /// fails its own branch.
    fn record(&mut self, branch: usize, errors: Vec<ValidationError>) {
        let failed = &mut self.branches[branch];
        failed.failed = true;
        failed.errors.extend(errors);
        if branch == ROOT {
            return;
        }
        let fork = &self.forks[failed.fork];
        let (rule, owner) = (fork.rule, fork.owner);
        let branches = &self.branches[fork.branches()];
        if branches.iter().all(|branch| branch.failed) && self.live(owner) {
            let no_branch = Failure::NoBranch {
                branches: branches
                    .iter()
                    .map(|branch| BranchFailures {
                        first: branch
                            .errors
                            .iter()
                            .take(QUOTED_PER_BRANCH)
                            .cloned()
                            .collect(),
                        count: branch.errors.len(),
                    })
                    .collect(),
            };
            self.fail(owner, vec![(rule.site(), no_branch)]);
        }
    }
}

impl Listener for Checker<'_> {
    fn begin(&mut self, begun: Begun) -> Result<(), Halt> {
        self.begun(begun);
        self.verdict()
    }

    fn key(&mut self, key: &str, object: &Map<String, Value>) -> Result<(), Halt> {
        self.keyed(key, object)
    }

    fn string_part(&mut self, part: &str) -> Result<(), usize> {
        self.string_read(part)
    }

    #[inline]
    fn number(&mut self, text: &str, number: &Number, open: &[Open]) {
        // Only a float on an edge is looked at again.
        if number.is_f64() && on_edge(number, &self.validator.edges) {
            self.float_on_edge(text, number, open);
        }
    }

    fn end(&mut self, value: &Value) -> Result<(), Halt> {
        self.ended(value);
        self.verdict()
    }
}

/// Whether `value`, whose children each passed their nodes, passes what
/// `rule` itself checks: all of a leaf, a container's own keywords. `seen`
/// holds an object's properties seen, as [`Lane::seen`] does; `float` is
/// the text a float was read from.
fn own_keywords_pass(rule: &Rule, value: &Value, seen: u64, float: Option<&str>) -> bool {
    match (rule, value) {
        (Rule::Object(rule), Value::Object(_)) if rule.property_count() <= 64 => {
            rule.has_required_bits(seen)
        }
        (Rule::String(rule), Value::String(text)) => rule.accepts_text(text),
        (Rule::Number(rule), Value::Number(number)) => match float {
            Some(float) => rule.accepts_text(number, float),
            None => rule.accepts_number(number),
        },
        (Rule::Boolean(rule), Value::Bool(b)) => rule.accepts_bool(*b),
        (Rule::Object(rule), Value::Object(map)) => rule.has_required(map),
        (Rule::Array(rule), Value::Array(items)) => rule.accepts_own(items),
        _ => rule.accepts(value),
    }
}

/// Collects the walk's failures of a value the stream checks, located
/// through the arrays open around it.
struct Record<'a> {
    outer: &'a [usize],
    pointers: &'a Arc<str>,
    start: usize,
    errors: Vec<ValidationError>,
}

impl Sink for Record<'_> {
    const FAIL_FAST: bool = false;

    fn fail(&mut self, at: &Trail<'_>, site: Span, failure: impl FnOnce(&Arc<str>) -> Failure) {
        self.errors.push(ValidationError::new(
            Indices::joined(self.outer, &at.indices()),
            Arc::clone(self.pointers),
            site,
            self.start,
            failure(self.pointers),
        ));
    }
}
