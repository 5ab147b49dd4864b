//! The `oneOf` rule: a value passes when one branch owns it - exactly one
//! branch accepts it, the rule of `choice.rs`. When none does, a call that
//! chose a branch by its discriminator (`discriminator.rs`) gets that
//! branch's failures, as if the union were not there; otherwise the
//! failure keeps each branch's first errors, located relative to the
//! value, and its message tells of the closest (`document/union.rs`).

use std::sync::Arc;

use super::choice::{self, Choice};
use super::discriminator::{Discriminator, Pick};
use super::site::Pointers;
use super::{Rule, Sink, Trail};
use crate::document::Span;
use crate::document::{BranchFailures, Failure, ValidationErrorKind, QUOTED_PER_BRANCH};
use crate::json_view::JsonView;
use crate::schema::OneOfNode;

#[derive(Debug, Clone)]
pub(crate) struct OneOfRule {
    site: Span,
    branches: Box<[Branch]>,
    /// Whether every branch takes a different JSON type (`choice.rs`).
    decided_by_type: bool,
    /// The same for every `oneOf` of the schema whose branches are written
    /// alike (`site.rs`), which check every value alike.
    shape: Option<u32>,
    /// The property that tells the branches apart, if one does.
    discriminator: Option<Discriminator>,
}

#[derive(Debug, Clone)]
struct Branch {
    site: Span,
    rule: Rule,
}

impl OneOfRule {
    pub(super) fn compile(node: &OneOfNode, site: Span, pointers: &mut Pointers) -> Self {
        let shape = pointers.shape(&node.branches);
        let branches = pointers.in_one_of(|pointers| {
            node.branches
                .iter()
                .enumerate()
                .map(|(index, branch)| {
                    let site = pointers.child(site, &["oneOf", &index.to_string()]);
                    Branch {
                        site,
                        rule: Rule::compile(branch, site, pointers),
                    }
                })
                .collect::<Box<[Branch]>>()
        });
        let rules = branches.iter().map(|branch| &branch.rule);
        let decided_by_type = choice::decided_by_type(rules.clone());
        let discriminator = Discriminator::find(node, rules);
        OneOfRule {
            site,
            branches,
            decided_by_type,
            shape,
            discriminator,
        }
    }

    /// The branches' rules, in order.
    pub(super) fn branches(&self) -> impl ExactSizeIterator<Item = &Rule> {
        self.branches.iter().map(|branch| &branch.rule)
    }

    /// Where the `oneOf` is in the schema.
    pub(super) fn site(&self) -> Span {
        self.site
    }

    /// The branches' schema pointers and rules, in order.
    pub(super) fn sited_branches(&self) -> impl ExactSizeIterator<Item = (Span, &Rule)> {
        self.branches
            .iter()
            .map(|branch| (branch.site, &branch.rule))
    }

    /// Its shape: two `oneOf`s of one shape give every value the same
    /// verdict, with failures alike but for where the `oneOf`s are.
    pub(crate) fn shape(&self) -> Option<u32> {
        self.shape
    }

    /// The rule of the branch at `index`.
    pub(super) fn branch(&self, index: usize) -> Option<&Rule> {
        self.branches.get(index).map(|branch| &branch.rule)
    }

    /// Whether every branch takes a different JSON type, so that the
    /// value's type picks the only branch that can own it (`choice.rs`).
    pub(super) fn decided_by_type(&self) -> bool {
        self.decided_by_type
    }

    /// The property that tells the branches apart, if one does.
    pub(crate) fn discriminator(&self) -> Option<&Discriminator> {
        self.discriminator.as_ref()
    }

    pub(super) fn check<'a, S: Sink, V: JsonView<'a>>(
        &self,
        value: V,
        at: &Trail<'_>,
        sink: &mut S,
    ) -> bool {
        // Branches are first tried without collecting anything, so a value
        // that matches exactly one branch costs no allocation for the
        // others' failures.
        match self.choice(value) {
            Choice::One(_) => true,
            Choice::None => {
                let decided = match &self.discriminator {
                    Some(discriminator) if !S::FAIL_FAST => {
                        Some((discriminator, discriminator.pick(self.branches(), value)))
                    }
                    _ => None,
                };
                match decided {
                    // The branch's own failures, where they are: it refuses
                    // the value, as no branch accepts it.
                    Some((_, Pick::Branch(index))) => {
                        self.branches[index].rule.check(value, at, sink)
                    }
                    Some((discriminator, pick @ (Pick::NoBranch | Pick::Missing))) => {
                        sink.fail(at, self.site, |_| Failure::NoTag {
                            tag: Arc::clone(discriminator.tag()),
                            missing: pick == Pick::Missing,
                        });
                        false
                    }
                    _ => {
                        sink.fail(at, self.site, |pointers| Failure::NoBranch {
                            branches: self.why_each_failed(value, pointers),
                        });
                        false
                    }
                }
            }
            Choice::Several {
                count,
                first,
                second,
            } => {
                sink.fail(at, self.site, |_| {
                    Failure::Counted(ValidationErrorKind::OneOfMany {
                        matched: count,
                        branches: self.branches.len(),
                        first,
                        second,
                    })
                });
                false
            }
        }
    }

    /// Each branch's first failures, located relative to the value.
    fn why_each_failed<'a, V: JsonView<'a>>(
        &self,
        value: V,
        pointers: &Arc<str>,
    ) -> Box<[BranchFailures]> {
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
