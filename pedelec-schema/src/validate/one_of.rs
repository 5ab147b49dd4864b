//! The `oneOf` rule: a value passes when exactly one branch accepts it.
//! When none or several do, the failure explains each branch with its
//! first errors, located relative to the value.

use std::sync::Arc;

use serde_json::Value;

use super::failure::{BranchFailures, Failure, QUOTED_PER_BRANCH};
use super::site::{Pointers, Span};
use super::{Rule, Sink, Trail};
use crate::schema::OneOfNode;

#[derive(Debug, Clone)]
pub(crate) struct OneOfRule {
    site: Span,
    branches: Box<[Branch]>,
}

#[derive(Debug, Clone)]
struct Branch {
    site: Span,
    rule: Rule,
}

impl OneOfRule {
    pub(super) fn compile(node: &OneOfNode, site: Span, pointers: &mut Pointers) -> Self {
        let branches = node
            .branches
            .iter()
            .enumerate()
            .map(|(index, branch)| {
                let site = pointers.child(site, &["oneOf", &index.to_string()]);
                Branch {
                    site,
                    rule: Rule::compile(branch, site, pointers),
                }
            })
            .collect();
        OneOfRule { site, branches }
    }

    /// The branches' rules, in order.
    pub(super) fn branches(&self) -> impl Iterator<Item = &Rule> {
        self.branches.iter().map(|branch| &branch.rule)
    }

    pub(super) fn check<S: Sink>(&self, value: &Value, at: &Trail<'_>, sink: &mut S) -> bool {
        // Branches are first tried without collecting anything, so a value
        // that matches exactly one branch costs no allocation for the
        // others' failures.
        let mut matched = [usize::MAX; 2];
        let mut count = 0;
        for (index, branch) in self.branches.iter().enumerate() {
            if branch.rule.accepts(value) {
                if count < matched.len() {
                    matched[count] = index;
                }
                count += 1;
            }
        }
        match count {
            1 => true,
            0 => {
                sink.fail(at, self.site, |pointers| Failure::NoBranch {
                    branches: self.why_each_failed(value, pointers),
                });
                false
            }
            _ => {
                sink.fail(at, self.site, |_| Failure::SeveralBranches {
                    count,
                    branches: self.branches.len(),
                    first: matched[0],
                    second: matched[1],
                });
                false
            }
        }
    }

    /// Each branch's first failures, located relative to the value.
    fn why_each_failed(&self, value: &Value, pointers: &Arc<str>) -> Box<[BranchFailures]> {
        self.branches
            .iter()
            .map(|branch| {
                let (first, count) =
                    branch
                        .rule
                        .first_errors(value, pointers, branch.site.len(), QUOTED_PER_BRANCH);
                BranchFailures { first, count }
            })
            .collect()
    }
}
