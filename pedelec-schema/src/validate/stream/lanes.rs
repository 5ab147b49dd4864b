//! The stream's listener, [`Checker`]: the lanes and levels of `mod.rs`'s
//! header, fed by the reader; the branches and forks are `branches.rs`'s.

use serde_json::{Map, Number, Value};

use super::branches::{Branches, Mark, Place, ROOT};
use super::rules::{own_keywords_pass, takes};
use super::string::{Death, StringProgress};
use crate::document::Span;
use crate::document::ValidationError;
use crate::document::{Failure, ValidationErrorKind};
use crate::message::Found;
use crate::small_string::SmallString;
use crate::text::{Begun, Halt, Listener, Open};
use crate::validate::texts::{on_edge, EdgeFloats};
use crate::validate::trail::Trail;
use crate::validate::{self, installed, Rule, Texts, Validator};

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
    branches: Branches<'v>,
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
    /// The lanes that refuse in the run of the string being read, with
    /// where (kept for its room).
    deaths: Vec<(Death, usize)>,
}

#[derive(Debug)]
struct Lane<'v> {
    rule: &'v Rule,
    branch: usize,
    /// For an object's lane, one past the place (in name order) of the
    /// property the last key named, 0 before any, which tells where the
    /// next key is looked for first; for an array's, how many items have
    /// begun.
    count: usize,
    /// For an object's lane, the properties seen: bit `i` for the property
    /// at place `i` in name order (a repeat is refused, so each is seen
    /// once). Objects of more than 64 properties look their required ones
    /// up in the value at its end instead.
    seen: u64,
}

impl<'v> Lane<'v> {
    fn new(rule: &'v Rule, branch: usize) -> Self {
        Lane {
            rule,
            branch,
            count: 0,
            seen: 0,
        }
    }
}

/// An open value with lanes.
#[derive(Debug)]
struct Level {
    /// Where its lanes start, and its forks and branches.
    lanes: usize,
    mark: Mark,
    /// Whether it pushed its own array index (it is an item).
    indexed: bool,
    /// Whether a `null` was let through inside it: its own checks and its
    /// `oneOf`s' verdicts wait for the whole value.
    loosened: bool,
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
            branches: Branches::new(),
            indices: Vec::with_capacity(ROOM),
            pending: Vec::with_capacity(ROOM),
            string: StringProgress::default(),
            float: None,
            found: None,
            deaths: Vec::new(),
        }
    }

    /// Whether a `null` for an optional property was let through: the
    /// value is checked whole once it is normalized.
    pub(crate) fn loosened(&self) -> bool {
        self.loosened
    }

    /// The root's failures, once it has failed.
    pub(crate) fn refusal(&self) -> Option<&[ValidationError]> {
        self.branches.refusal()
    }

    /// Whether the root has failed: the answer to the reader.
    fn verdict(&self) -> Result<(), Halt> {
        match self.branches.root_failed() {
            true => Err(Halt::Refused),
            false => Ok(()),
        }
    }

    /// Whether `branch` and every branch it lies in are alive.
    fn live(&self, branch: usize) -> bool {
        self.branches.live(branch)
    }

    /// Whether the lanes of `branch` check anything: it is alive, in a
    /// checker that checks.
    fn checks(&self, branch: usize) -> bool {
        self.checking && self.live(branch)
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
                                    [(
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
            mark: self.branches.mark(),
            indexed,
            loosened: false,
        };
        let pending = std::mem::take(&mut self.pending);
        let scalar = !matches!(begun, Begun::Object | Begun::Array);
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
            // A scalar's `oneOf`s of one shape share a fork (`branches.rs`).
            let shared = match rule {
                Rule::OneOf(one_of) if scalar && self.checks(branch) => {
                    one_of.shape().map(|shape| (shape, one_of))
                }
                _ => None,
            };
            if let Some((shape, one_of)) = shared {
                if self.branches.follow(shape, one_of, branch) {
                    continue;
                }
            }
            let fork = self.branches.forks();
            self.expand(rule, branch, begun);
            if let Some((shape, _)) = shared {
                self.branches.lead(shape, fork);
            }
        }
        self.pending = pending;
        self.pending.clear();
        let has_lanes = self.lanes.len() > level.lanes;
        if !has_lanes && matches!(begun, Begun::Object | Begun::Array) {
            // Nothing checks what is inside: only its end is looked for.
            if indexed {
                self.indices.pop();
            }
            self.branches.truncate(level.mark);
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
        match self.checks(branch) {
            true => self.expand_checked(rule, branch, begun),
            false => self.expand_names(rule, branch, begun),
        }
    }

    /// [`expand`](Self::expand) in a branch that checks: a fork's new
    /// branches check too (a branch's failure fails no sibling).
    fn expand_checked(&mut self, rule: &'v Rule, branch: usize, begun: Begun) {
        if let Rule::OneOf(one_of) = rule {
            let first = self.branches.fork(one_of, branch, self.indices.len());
            // Mostly one lane per branch: grown once.
            self.lanes.reserve(one_of.sited_branches().len());
            for (at, (_, rule)) in one_of.sited_branches().enumerate() {
                self.expand_checked(rule, first + at, begun);
            }
            return;
        }
        if takes(rule, begun) {
            self.lanes.push(Lane::new(rule, branch));
            return;
        }
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
        self.fail(branch, [(rule.site(), Failure::Type { expected, found })]);
    }

    /// The lanes of `rule` in a `branch` that checks nothing (it failed,
    /// or the checker reads names only): only a container's, whose lane
    /// finds the properties the schema names inside (`mod.rs`: every
    /// reading of the schema names keys), and no fork, since no verdict
    /// is asked of it. A failed branch's string, number or boolean opens
    /// no lane: under a `oneOf` of `n` branches each with a `oneOf` of `m`
    /// strings, a value that only one outer branch still takes is checked
    /// by `m` lanes, not `n * m`.
    fn expand_names(&mut self, rule: &'v Rule, branch: usize, begun: Begun) {
        if !matches!(begun, Begun::Object | Begun::Array) {
            return;
        }
        match rule {
            Rule::OneOf(one_of) => {
                for rule in one_of.branches() {
                    self.expand_names(rule, branch, begun);
                }
            }
            Rule::Array(_) | Rule::Object(_) if takes(rule, begun) => {
                self.lanes.push(Lane::new(rule, branch));
            }
            _ => {}
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
            if let Some((place, rule)) = object_rule.property(key, lane.count.checked_sub(1)) {
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

    /// More of the string being read, checked by each live lane in one
    /// reading (`string.rs`); the lanes that refuse in it are failed in
    /// the order of the characters that decide, each character's in lane
    /// order, as a reading one character at a time fails them. Returns
    /// where in `run` the stream was refused, if it was: the last byte of
    /// the character at which the root failed.
    fn string_read(&mut self, run: &str) -> Result<(), usize> {
        let Some(start) = self.levels.last().map(|level| level.lanes) else {
            return Ok(());
        };
        if self.unchecked > 0 || !self.checking || !self.string.checks_early() {
            return Ok(());
        }
        self.string.read(run);
        let mut deaths = std::mem::take(&mut self.deaths);
        deaths.reserve(self.lanes.len() - start);
        for at in start..self.lanes.len() {
            let (rule, branch) = (self.lanes[at].rule, self.lanes[at].branch);
            if !self.live(branch) {
                continue;
            }
            let Rule::String(string) = rule else {
                unreachable!("a string's lanes are strings'");
            };
            if let Some(death) = self.string.death(at - start, string, run) {
                deaths.push((death, at));
            }
        }
        // Stable: a character's refusals stay in lane order. Mostly they
        // are in order already (one character, or lanes that refuse at
        // the same one).
        if !deaths.is_sorted_by_key(|(death, _)| death.end) {
            deaths.sort_by_key(|(death, _)| death.end);
        }
        self.branches.expect_deferred(deaths.len());
        let mut refused = Ok(());
        for (index, &(death, at)) in deaths.iter().enumerate() {
            // As read one character at a time: a lane whose branch has
            // failed by then (with the root, at the same character) is
            // skipped.
            if self.live(self.lanes[at].branch) {
                self.string_refused(at, death, run);
            }
            let last_of_its_character = deaths
                .get(index + 1)
                .is_none_or(|(next, _)| next.end != death.end);
            if last_of_its_character && self.branches.root_failed() {
                refused = Err(death.end - 1);
                break;
            }
        }
        deaths.clear();
        self.deaths = deaths;
        refused
    }

    /// The lane at `at` refused the string at `death` in `run`: its
    /// branch fails, its failures written when read (`branches.rs`), but
    /// the root's, which are the refusal.
    fn string_refused(&mut self, at: usize, death: Death, run: &str) {
        let (rule, branch) = (self.lanes[at].rule, self.lanes[at].branch);
        let Rule::String(string) = rule else {
            unreachable!("a string's lanes are strings'");
        };
        let refusal = self.string.refusal(string, death, run);
        let place = Place {
            indices: &self.indices,
            pointers: &self.validator.pointers,
        };
        match branch {
            ROOT => {
                let failures = self.string.failures(&refusal);
                let failures = failures.into_iter().map(|failure| (string.site(), failure));
                self.branches.fail(ROOT, failures, &place, &self.string);
            }
            _ => self.branches.defer(branch, refusal, &place, &self.string),
        }
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
                if !self.live(branch) {
                    continue;
                }
                if !own_keywords_pass(rule, value, seen, text) {
                    self.fail_by_walk(branch, rule, value, text);
                } else if branch != ROOT {
                    self.branches.passed(branch, rule);
                }
            }
            let place = Place {
                indices: &self.indices,
                pointers: &self.validator.pointers,
            };
            self.branches
                .verdicts(level.mark, value, &place, &self.string);
        }
        if matches!(value, Value::String(_)) {
            let place = Place {
                indices: &self.indices,
                pointers: &self.validator.pointers,
            };
            self.branches.settle(level.mark, &place, &self.string);
        }
        self.lanes.truncate(level.lanes);
        self.branches.truncate(level.mark);
        if level.indexed {
            self.indices.pop();
        }
    }

    /// Records `failures`, each of the node at its site, of the value
    /// being read, in `branch`.
    fn fail(&mut self, branch: usize, failures: impl IntoIterator<Item = (Span, Failure)>) {
        if !self.checking {
            return;
        }
        let place = Place {
            indices: &self.indices,
            pointers: &self.validator.pointers,
        };
        self.branches.fail(branch, failures, &place, &self.string);
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

    /// Records the walk's failures of `value`, which `rule` refuses: a
    /// number's or a boolean's outside the root when read (`branches.rs`);
    /// a float's `text` is what it was read from.
    #[cold]
    fn fail_by_walk(&mut self, branch: usize, rule: &'v Rule, value: &Value, text: Option<&str>) {
        let place = Place {
            indices: &self.indices,
            pointers: &self.validator.pointers,
        };
        if branch != ROOT && matches!(value, Value::Number(_) | Value::Bool(_)) {
            self.branches
                .defer_walk(branch, rule, value, text, &place, &self.string);
            return;
        }
        let texts = match (value, text) {
            (Value::Number(number), Some(text)) => Some(Texts::one(number, text)),
            _ => None,
        };
        let mut sink = self.branches.sink(branch, &place);
        installed(texts, || rule.check(value, &Trail::ROOT, &mut sink));
        self.branches.failed(branch, &place, &self.string);
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
