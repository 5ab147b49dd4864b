use std::fmt::Write;

use serde_json::Value;

use super::failure::Failure;
use super::{Rule, Sink, Site, Trail};
use crate::schema::OneOfNode;

/// How many failures of each branch a "matches none" message quotes.
const QUOTED_PER_BRANCH: usize = 2;

#[derive(Debug, Clone)]
pub(crate) struct OneOfRule {
    site: Site,
    branches: Box<[Rule]>,
}

impl OneOfRule {
    pub(super) fn compile(node: &OneOfNode, site: Site) -> Self {
        let branches = node
            .branches
            .iter()
            .enumerate()
            .map(|(index, branch)| {
                Rule::compile(branch, site.child(&["oneOf", &index.to_string()]))
            })
            .collect();
        OneOfRule { site, branches }
    }

    pub(super) fn check<S: Sink>(&self, value: &Value, at: &Trail<'_>, sink: &mut S) -> bool {
        // Branches are first tried without collecting anything, so a value
        // that matches exactly one branch costs no allocation for the
        // others' failures.
        let mut matched = [usize::MAX; 2];
        let mut count = 0;
        for (index, branch) in self.branches.iter().enumerate() {
            if branch.accepts(value) {
                if count < matched.len() {
                    matched[count] = index;
                }
                count += 1;
            }
        }
        match count {
            1 => true,
            0 => {
                sink.fail(at, &self.site, || Failure::NoBranch {
                    explanation: self.explain_no_match(value),
                });
                false
            }
            _ => {
                sink.fail(at, &self.site, || Failure::SeveralBranches {
                    count,
                    branches: self.branches.len(),
                    first: matched[0],
                    second: matched[1],
                });
                false
            }
        }
    }

    /// Why no branch accepted the value: each branch's first failures.
    /// (`write!` into a `String` cannot fail.)
    fn explain_no_match(&self, value: &Value) -> String {
        let mut text = format!(
            "the value matches none of the {} `oneOf` branches (",
            self.branches.len()
        );
        for (index, branch) in self.branches.iter().enumerate() {
            if index > 0 {
                text.push_str(" | ");
            }
            let _ = write!(text, "branch {index}: ");
            let errors = branch.errors(value);
            for (shown, error) in errors.iter().take(QUOTED_PER_BRANCH).enumerate() {
                if shown > 0 {
                    text.push_str("; ");
                }
                if !error.path().is_empty() {
                    let _ = write!(text, "{}: ", error.path());
                }
                let _ = write!(text, "{}", error.failure());
            }
            if errors.len() > QUOTED_PER_BRANCH {
                let _ = write!(text, "; {} more", errors.len() - QUOTED_PER_BRANCH);
            }
        }
        text.push(')');
        text
    }
}
