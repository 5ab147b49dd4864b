//! The branches of the stream's checker and the forks that hold them
//! (`mod.rs`'s header): whether each branch has failed, its failures, and
//! the `oneOf` failure that a fork whose every branch has failed gives its
//! own branch.
//!
//! A fork counts its branches still alive, so that a branch's failure
//! tells at once whether it was the fork's last: under a `oneOf` of `n`
//! branches that fail one by one, asking each time whether all have failed
//! would cost `n` per failure, `n²` for the fork.
//!
//! A branch (not the root, whose failures are the refusal) that a lane
//! fails inside a string, or at the end of a number or a boolean, keeps
//! what refused and writes its failures only when they are read: by its
//! fork's `oneOf` failure, once every branch has failed. Most are never
//! read: under a `oneOf` of `m` patterns, `m - 1` lanes fail in a valid
//! string, and under a `oneOf` of `n` objects told apart by a number, `n -
//! 1` fail at the number; their fork's value is taken by the last. What a
//! string's lane refused is written from the string's state, so a branch
//! that outlives the string has its failures written when the string ends.
//! Under a discriminated `oneOf`, which failure its fork gives is decided
//! in `chosen.rs`.
//!
//! # Shared forks
//!
//! Under a `oneOf` of `n` objects with an `s` that is a `oneOf` of `m`
//! strings, a text that writes `s` before what tells the objects apart has
//! every outer branch alive at the string: each would fork its own `m`
//! branches, `n * m` lanes for one string. But the `n` inner `oneOf`s are
//! written alike (one *shape*, `validate/site.rs`), so they give the string
//! one verdict, with failures alike but for where each `oneOf` is: the
//! first forks, and each other *follows* it, opening nothing, and is given
//! the same `oneOf` failure, at its own site, when the fork gives its own.
//! The stream costs `n + m` there, as `validate_str` does.
//!
//! Only a string, number, boolean or `null` is shared: nothing inside it
//! names keys, and its fork's owner, whose only lane on it is the `oneOf`,
//! can fail only by the fork's verdict while it is read (the branches above
//! fail only once a branch on the way down has; a failed owner is not
//! followed), so the followers' owners fail when the first's does, at the
//! same character, each with a failure of its own. And at most
//! [`SHAPES_SHARED`] shapes are shared per value, so that finding a shape's
//! fork stays a short search.

use std::sync::Arc;

use serde_json::Value;

use crate::document::Indices;
use crate::document::Span;
use crate::document::ValidationError;
use crate::document::{BranchFailures, Failure, ValidationErrorKind, QUOTED_PER_BRANCH};
use crate::small_string::SmallString;
use crate::validate::one_of::OneOfRule;
use crate::validate::trail::Trail;
use crate::validate::{installed, Rule, Sink, Texts};

use super::string::{Refusal, StringProgress};

mod chosen;

/// The root's branch.
pub(super) const ROOT: usize = 0;

#[derive(Debug)]
pub(super) struct Branches<'v> {
    branches: Vec<Branch<'v>>,
    forks: Vec<Fork<'v>>,
    /// The branches failed in the string being read whose failures are
    /// still to be written.
    deferred: Vec<usize>,
    /// The forks of the value being read that others follow, by shape.
    leaders: Vec<(u32, usize)>,
    /// The `oneOf`s that follow them.
    followers: Vec<Follower<'v>>,
}

/// A `oneOf` in `owner` that gives the value what `fork`, of its shape,
/// gives.
#[derive(Debug)]
struct Follower<'v> {
    fork: usize,
    rule: &'v OneOfRule,
    owner: usize,
}

/// How many shapes of `oneOf` a value shares forks of.
const SHAPES_SHARED: usize = 8;

#[derive(Debug)]
struct Branch<'v> {
    /// The fork it is an alternative of; none for the root.
    fork: usize,
    /// How many array indices lead to its value, and the length of its
    /// node's schema pointer: its failures are located relative to both.
    base: usize,
    start: usize,
    failed: bool,
    /// Its failures, every one found (a failed branch checks no more).
    errors: Vec<ValidationError>,
    /// Or what failed it, its failures not yet written.
    deferred: Option<Deferred<'v>>,
    /// Whether its node for its fork's discriminator accepted the value's
    /// tag (`chosen.rs`).
    tag_passed: bool,
}

/// What failed a branch, for its failures to be written when read.
#[derive(Debug)]
enum Deferred<'v> {
    /// What its lane refused in the string being read.
    String(Refusal<'v>),
    /// A number or a boolean (a copy costs nothing) that `rule` refuses,
    /// inside the array items `outer`: the walk's failures of it. A float
    /// on a bound's edge keeps its `text`, which the walk compares as
    /// written (`validate/texts.rs`).
    Walk {
        rule: &'v Rule,
        value: Value,
        text: Option<SmallString>,
        outer: Box<[usize]>,
    },
}

#[derive(Debug)]
struct Fork<'v> {
    rule: &'v OneOfRule,
    /// The branch the `oneOf` is checked in.
    owner: usize,
    /// Its branches, `first..first + count` of `branches`.
    first: usize,
    count: usize,
    /// How many of them have not failed.
    alive: usize,
    /// Whether its every branch has failed before the value said which it
    /// chose: its verdict waits for the value's end (`chosen.rs`).
    pending: bool,
}

/// How many branches and forks there were, to go back to when a value
/// ends.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mark {
    branches: usize,
    forks: usize,
    followers: usize,
}

/// Where the value being read is, for its failures: the array indices on
/// the way to it, and the compiled schema's pointers.
pub(super) struct Place<'a> {
    pub(super) indices: &'a [usize],
    pub(super) pointers: &'a Arc<str>,
}

impl<'v> Branches<'v> {
    /// The root's branch alone.
    pub(super) fn new() -> Self {
        Branches {
            branches: vec![Branch {
                fork: usize::MAX,
                base: 0,
                start: 0,
                failed: false,
                errors: Vec::new(),
                deferred: None,
                tag_passed: false,
            }],
            forks: Vec::new(),
            deferred: Vec::new(),
            leaders: Vec::new(),
            followers: Vec::new(),
        }
    }

    /// The root's failures, once it has failed.
    pub(super) fn refusal(&self) -> Option<&[ValidationError]> {
        let root = &self.branches[ROOT];
        root.failed.then_some(&root.errors[..])
    }

    /// Whether the root has failed.
    pub(super) fn root_failed(&self) -> bool {
        self.branches[ROOT].failed
    }

    /// Whether `branch` and every branch it lies in are alive.
    #[inline]
    pub(super) fn live(&self, mut branch: usize) -> bool {
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

    /// A fork of `rule`'s branches in `owner`, for a value inside `base`
    /// array indices; its first branch.
    pub(super) fn fork(&mut self, rule: &'v OneOfRule, owner: usize, base: usize) -> usize {
        let fork = self.forks.len();
        let first = self.branches.len();
        let count = rule.sited_branches().len();
        self.forks.push(Fork {
            rule,
            owner,
            first,
            count,
            alive: count,
            pending: false,
        });
        self.branches
            .extend(rule.sited_branches().map(|(site, _)| Branch {
                fork,
                base,
                start: site.len(),
                failed: false,
                errors: Vec::new(),
                deferred: None,
                tag_passed: false,
            }));
        first
    }

    /// Where a value begins: its forks share nothing with an earlier
    /// value's.
    pub(super) fn mark(&mut self) -> Mark {
        self.leaders.clear();
        Mark {
            branches: self.branches.len(),
            forks: self.forks.len(),
            followers: self.followers.len(),
        }
    }

    /// Drops the forks, branches and followers made since `mark`: their
    /// value ended.
    pub(super) fn truncate(&mut self, mark: Mark) {
        self.forks.truncate(mark.forks);
        self.branches.truncate(mark.branches);
        self.followers.truncate(mark.followers);
    }

    /// How many forks there are: the index of the next.
    pub(super) fn forks(&self) -> usize {
        self.forks.len()
    }

    /// Whether `rule`, in the live `owner`, follows a fork of its shape
    /// made for the scalar being read (see the header); if not, the caller
    /// forks it, then offers its fork with [`lead`](Self::lead).
    pub(super) fn follow(&mut self, shape: u32, rule: &'v OneOfRule, owner: usize) -> bool {
        let Some(&(_, fork)) = self.leaders.iter().find(|&&(led, _)| led == shape) else {
            return false;
        };
        // A fork whose branches all failed at the first byte has given its
        // verdict already.
        if self.forks[fork].alive == 0 {
            return false;
        }
        self.followers.push(Follower { fork, rule, owner });
        true
    }

    /// `fork`, of `shape`, made for the scalar being read, is followed by
    /// the `oneOf`s of that shape after it.
    pub(super) fn lead(&mut self, shape: u32, fork: usize) {
        let known = self.leaders.iter().any(|&(led, _)| led == shape);
        if !known && self.leaders.len() < SHAPES_SHARED && fork < self.forks.len() {
            self.leaders.push((shape, fork));
        }
    }

    /// Whether `fork`'s owner or the owner of one of its followers is
    /// alive: whether its verdict is asked.
    fn asked(&self, fork: usize) -> bool {
        self.live(self.forks[fork].owner)
            || self
                .followers
                .iter()
                .any(|follower| follower.fork == fork && self.live(follower.owner))
    }

    /// `fork`'s `oneOf` fails its owner with `failure`, and the `oneOf` of
    /// each of its followers fails its owner with the same, in the order
    /// in which their own forks would have failed them; an owner failed by
    /// then is skipped, as it would have been.
    fn fail_with_followers(
        &mut self,
        fork: usize,
        failure: Failure,
        place: &Place<'_>,
        string: &StringProgress,
    ) {
        let Fork { rule, owner, .. } = self.forks[fork];
        if !self.followers.iter().any(|follower| follower.fork == fork) {
            if self.live(owner) {
                self.fail(owner, [(rule.site(), failure)], place, string);
            }
            return;
        }
        let followers: Vec<_> = (self.followers.iter())
            .filter(|follower| follower.fork == fork)
            .map(|follower| (follower.rule, follower.owner))
            .collect();
        for (rule, owner) in std::iter::once((rule, owner)).chain(followers) {
            if self.live(owner) {
                self.fail(owner, [(rule.site(), failure.clone())], place, string);
            }
        }
    }

    /// The verdicts of the forks made since `mark`, whose value ended:
    /// one whose owner is alive with several branches alive fails it, as
    /// the walk fails a value that several branches own. Inner forks
    /// first: their verdict may fail an outer branch.
    /// A fork whose verdict waited for the value (`chosen.rs`) gives it
    /// now, from the whole `value`.
    #[inline]
    pub(super) fn verdicts(
        &mut self,
        mark: Mark,
        value: &Value,
        place: &Place<'_>,
        string: &StringProgress,
    ) {
        // Most values fork nothing.
        if mark.forks == self.forks.len() {
            return;
        }
        self.fork_verdicts(mark, value, place, string);
    }

    /// [`verdicts`](Self::verdicts), of at least one fork.
    fn fork_verdicts(
        &mut self,
        mark: Mark,
        value: &Value,
        place: &Place<'_>,
        string: &StringProgress,
    ) {
        for fork in (mark.forks..self.forks.len()).rev() {
            if self.forks[fork].pending {
                self.pending_verdict(fork, value, place, string);
                continue;
            }
            let Fork {
                first,
                count,
                alive,
                ..
            } = self.forks[fork];
            if alive < 2 || !self.asked(fork) {
                continue;
            }
            let mut living = (first..first + count).filter(|&b| !self.branches[b].failed);
            let (Some(one), Some(two)) = (living.next(), living.next()) else {
                unreachable!("the fork counts two branches alive");
            };
            let failure = Failure::Counted(ValidationErrorKind::OneOfMany {
                matched: alive,
                branches: count,
                first: one - first,
                second: two - first,
            });
            self.fail_with_followers(fork, failure, place, string);
        }
    }

    /// Records `failures`, each of the node at its site, of the value at
    /// `place`, in `branch`.
    pub(super) fn fail(
        &mut self,
        branch: usize,
        failures: impl IntoIterator<Item = (Span, Failure)>,
        place: &Place<'_>,
        string: &StringProgress,
    ) {
        let mut sink = self.sink(branch, place);
        for (site, failure) in failures {
            sink.fail(&Trail::ROOT, site, |_| failure);
        }
        self.failed(branch, place, string);
    }

    /// Room for `count` more branches failed in the string being read.
    pub(super) fn expect_deferred(&mut self, count: usize) {
        self.deferred.reserve(count);
    }

    /// `branch` (not the root, whose failures are the refusal) failed in
    /// the string being read, as `refusal` says: its failures are written
    /// when read.
    pub(super) fn defer(
        &mut self,
        branch: usize,
        refusal: Refusal<'v>,
        place: &Place<'_>,
        string: &StringProgress,
    ) {
        debug_assert_ne!(branch, ROOT, "the root's failures are the refusal");
        self.branches[branch].deferred = Some(Deferred::String(refusal));
        self.deferred.push(branch);
        self.failed(branch, place, string);
    }

    /// `branch` (not the root) failed `rule`'s check of `value`, a number
    /// or a boolean read from `text` where a float on an edge, at `place`:
    /// the walk's failures are written when read.
    pub(super) fn defer_walk(
        &mut self,
        branch: usize,
        rule: &'v Rule,
        value: &Value,
        text: Option<&str>,
        place: &Place<'_>,
        string: &StringProgress,
    ) {
        debug_assert_ne!(branch, ROOT, "the root's failures are the refusal");
        debug_assert!(matches!(value, Value::Number(_) | Value::Bool(_)));
        let outer = place.indices[self.branches[branch].base..].into();
        self.branches[branch].deferred = Some(Deferred::Walk {
            rule,
            value: value.clone(),
            text: text.map(SmallString::from),
            outer,
        });
        self.failed(branch, place, string);
    }

    /// Writes the failures deferred in the string being read, which ends
    /// at `place`, of the branches made before `mark` (the others end with
    /// it), and forgets the rest.
    #[inline]
    pub(super) fn settle(&mut self, mark: Mark, place: &Place<'_>, string: &StringProgress) {
        if self.deferred.is_empty() {
            return;
        }
        let mut deferred = std::mem::take(&mut self.deferred);
        for branch in deferred.drain(..) {
            if branch < mark.branches {
                self.write(branch, place, string);
            }
        }
        self.deferred = deferred;
    }

    /// Writes `branch`'s deferred failures, if it has any.
    fn write(&mut self, branch: usize, place: &Place<'_>, string: &StringProgress) {
        match self.branches[branch].deferred.take() {
            None => {}
            Some(Deferred::String(refusal)) => {
                let site = refusal.site();
                let mut sink = self.sink(branch, place);
                for failure in string.failures(&refusal) {
                    sink.fail(&Trail::ROOT, site, |_| failure);
                }
            }
            Some(Deferred::Walk {
                rule,
                value,
                text,
                outer,
            }) => {
                let at = Place {
                    indices: &outer,
                    pointers: place.pointers,
                };
                // The texts are found by the number's address: this copy's.
                let texts = match (&value, &text) {
                    (Value::Number(number), Some(text)) => Some(Texts::one(number, text.as_str())),
                    _ => None,
                };
                let mut sink = self.sink_at(branch, &at, 0);
                installed(texts, || rule.check(&value, &Trail::ROOT, &mut sink));
            }
        }
    }

    /// A sink that records the failures of the value at `place` in
    /// `branch`; then [`failed`](Self::failed).
    pub(super) fn sink<'a>(&'a mut self, branch: usize, place: &Place<'a>) -> Record<'a> {
        let base = self.branches[branch].base;
        self.sink_at(branch, place, base)
    }

    /// A sink for `branch`'s failures of a value inside the array items
    /// `place.indices[base..]`.
    fn sink_at<'a>(&'a mut self, branch: usize, place: &Place<'a>, base: usize) -> Record<'a> {
        let Branch {
            start,
            ref mut errors,
            ..
        } = self.branches[branch];
        Record {
            outer: &place.indices[base..],
            pointers: place.pointers,
            start,
            errors,
        }
    }

    /// `branch` has failed (its failures recorded); a fork whose every
    /// branch has failed fails its own branch.
    pub(super) fn failed(&mut self, branch: usize, place: &Place<'_>, string: &StringProgress) {
        let failed = &mut self.branches[branch];
        let first_time = !failed.failed;
        failed.failed = true;
        if branch == ROOT {
            return;
        }
        let index = failed.fork;
        let fork = &mut self.forks[index];
        if first_time {
            fork.alive -= 1;
        }
        if fork.alive == 0 {
            self.exhausted(index, place, string);
        }
    }

    /// `fork` has no branch left: its `oneOf` fails its owner, and its
    /// followers theirs, where asked. Apart from [`failed`](Self::failed),
    /// which most branches' failures leave at the count (kept inline, it
    /// measured 2-4% more instructions under nested unions).
    #[inline(never)]
    fn exhausted(&mut self, fork_index: usize, place: &Place<'_>, string: &StringProgress) {
        if !self.asked(fork_index) {
            return;
        }
        let branches = self.forks[fork_index].branches();
        for sibling in branches.clone() {
            self.write(sibling, place, string);
        }
        if self.settled_by_tag(fork_index, place, string) {
            return;
        }
        let no_branch = self.no_branch(fork_index);
        self.fail_with_followers(fork_index, no_branch, place, string);
    }

    /// The failure of a `oneOf` no branch accepts, with each branch's first
    /// failures.
    fn no_branch(&self, fork: usize) -> Failure {
        Failure::NoBranch {
            branches: self.branches[self.forks[fork].branches()]
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
        }
    }
}

impl Fork<'_> {
    /// Its branches' places in `branches`.
    fn branches(&self) -> std::ops::Range<usize> {
        self.first..self.first + self.count
    }
}

/// Collects the walk's failures of a value the stream checks, located
/// through the arrays open around it, into its branch's list.
pub(super) struct Record<'a> {
    outer: &'a [usize],
    pointers: &'a Arc<str>,
    start: usize,
    errors: &'a mut Vec<ValidationError>,
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
