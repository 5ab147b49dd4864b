//! A discriminated `oneOf` in the stream: when its every branch has failed,
//! the failure is the one `validate_str` gives the whole value
//! (`validate/one_of.rs`, `validate/discriminator.rs`), found from what the
//! stream knows by then.
//!
//! - A branch whose node for the tag accepted the value's tag is the
//!   branch the call chose: its failures, found relative to the branch's
//!   value, are reported as its owner's, where they are.
//! - Every branch refused the tag: one failure that lists the tags.
//! - A value that is not an object: the union's own failure, as the walk
//!   gives it (every branch refused its type).
//! - Otherwise the value has not said yet (every branch failed before its
//!   tag was read, or the tag is left out): the verdict waits for the
//!   value's end, where the walk of the whole value gives it. The stream
//!   refuses there, not at the byte where no branch was left.

use std::sync::Arc;

use serde_json::Value;

use super::{Branches, Place, StringProgress};
use crate::document::Failure;
use crate::validate::trail::Trail;
use crate::validate::{Rule, Sink};

impl Branches<'_> {
    /// `rule`, checked in `branch`, accepted the value that just ended:
    /// if it is the branch's node for its fork's discriminator, the value's
    /// tag chose the branch.
    #[inline]
    pub(in crate::validate::stream) fn passed(&mut self, branch: usize, rule: &Rule) {
        let Some(state) = self.branches.get(branch) else {
            return;
        };
        let Some(fork) = self.forks.get(state.fork) else {
            return;
        };
        let Some(discriminator) = fork.rule.discriminator() else {
            return;
        };
        let site = rule.site();
        if discriminator
            .site(branch - fork.first)
            .is_some_and(|tag| tag.range() == site.range())
        {
            self.branches[branch].tag_passed = true;
        }
    }

    /// Gives the verdict of `fork`, whose every branch has failed and whose
    /// failures are written, if its discriminator decides it now; whether
    /// it did (or deferred it to the value's end).
    pub(super) fn settled_by_tag(
        &mut self,
        fork: usize,
        place: &Place<'_>,
        string: &StringProgress,
    ) -> bool {
        let Some(discriminator) = self.forks[fork].rule.discriminator() else {
            return false;
        };
        // A shared fork is a scalar's (`branches.rs`): not an object.
        if self.followers.iter().any(|follower| follower.fork == fork) {
            return false;
        }
        let rule = self.forks[fork].rule;
        let range = self.forks[fork].branches();
        let first = range.start;
        let by_type = range
            .clone()
            .zip(rule.sited_branches())
            .all(|(branch, (site, _))| {
                matches!(&self.branches[branch].errors[..], [only]
                if only.keyword() == "type" && only.is_at(site))
            });
        if by_type {
            return false;
        }
        if let Some(chosen) = range
            .clone()
            .find(|&branch| self.branches[branch].tag_passed)
        {
            self.report_chosen(fork, chosen, place, string);
            return true;
        }
        let refused_tag = range.clone().all(|branch| {
            let tag = discriminator.site(branch - first);
            self.branches[branch]
                .errors
                .iter()
                .any(|error| tag.is_some_and(|tag| error.is_at(tag)))
        });
        if refused_tag {
            let failure = Failure::NoTag {
                tag: Arc::clone(discriminator.tag()),
                missing: false,
            };
            let owner = self.forks[fork].owner;
            if self.live(owner) {
                self.fail(owner, [(rule.site(), failure)], place, string);
            }
            return true;
        }
        self.forks[fork].pending = true;
        true
    }

    /// Reports the failures of `chosen`, the branch the value's tag chose,
    /// as its fork's owner's.
    fn report_chosen(
        &mut self,
        fork: usize,
        chosen: usize,
        place: &Place<'_>,
        string: &StringProgress,
    ) {
        let owner = self.forks[fork].owner;
        if !self.live(owner) {
            return;
        }
        let (outer_base, start) = (self.branches[owner].base, self.branches[owner].start);
        let inner_base = self.branches[chosen].base;
        let outer = &place.indices[outer_base..inner_base];
        let relocated: Vec<_> = self.branches[chosen]
            .errors
            .iter()
            .map(|error| error.relocated(outer, start))
            .collect();
        self.branches[owner].errors.extend(relocated);
        self.failed(owner, place, string);
    }

    /// The verdict of a `fork` that waited for its value, which has ended
    /// as `value`: the walk's failures of the whole value, as
    /// `validate_str` gives them. Should the walk find none (a float on a
    /// bound's edge that the stream read as written and the walk of the
    /// value cannot), the branches' own failures are the `oneOf`'s.
    pub(super) fn pending_verdict(
        &mut self,
        fork: usize,
        value: &Value,
        place: &Place<'_>,
        string: &StringProgress,
    ) {
        let (rule, owner) = (self.forks[fork].rule, self.forks[fork].owner);
        if !self.live(owner) {
            return;
        }
        let found = {
            let mut sink = self.sink(owner, place);
            let before = sink.errors.len();
            rule.check(value, &Trail::ROOT, &mut sink);
            sink.errors.len() > before
        };
        if !found {
            let no_branch = self.no_branch(fork);
            let mut sink = self.sink(owner, place);
            sink.fail(&Trail::ROOT, rule.site(), |_| no_branch);
        }
        self.failed(owner, place, string);
    }
}
