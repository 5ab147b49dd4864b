use std::fmt;

use serde_json::Value;

use super::plan::{self, Plan};
use super::{node, planned_node_errors, FailFast, Here, Sink};
use crate::schema::OneOfNode;

/// How many failures of each branch a "matches none" message quotes.
const QUOTED_PER_BRANCH: usize = 2;

pub(super) fn check<S: Sink>(
    one_of: &OneOfNode,
    plans: &[Plan],
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    // Branches are first tried without collecting anything, so a value that
    // matches exactly one branch costs no allocation for the others' failures.
    let mut matched = [usize::MAX; 2];
    let mut count = 0;
    for (index, branch) in one_of.branches.iter().enumerate() {
        if node(
            branch,
            plan::child(plans, index),
            value,
            here,
            &mut FailFast,
        ) {
            if count < matched.len() {
                matched[count] = index;
            }
            count += 1;
        }
    }
    match count {
        1 => true,
        0 => {
            let no_match = NoMatch {
                one_of,
                plans,
                value,
            };
            sink.fail(here, "oneOf", format_args!("{no_match}"));
            false
        }
        _ => {
            sink.fail(
                here,
                "oneOf",
                format_args!(
                    "the value matches {count} of the {} `oneOf` branches (the first two: {} \
                     and {}), but must match exactly one; send only the fields of one branch",
                    one_of.branches.len(),
                    matched[0],
                    matched[1]
                ),
            );
            false
        }
    }
}

/// Why no branch accepted the value: each branch's first failures.
struct NoMatch<'a> {
    one_of: &'a OneOfNode,
    plans: &'a [Plan],
    value: &'a Value,
}

impl fmt::Display for NoMatch<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let branches = &self.one_of.branches;
        write!(
            f,
            "the value matches none of the {} `oneOf` branches (",
            branches.len()
        )?;
        for (index, branch) in branches.iter().enumerate() {
            if index > 0 {
                f.write_str(" | ")?;
            }
            write!(f, "branch {index}: ")?;
            let errors = planned_node_errors(branch, plan::child(self.plans, index), self.value);
            for (shown, error) in errors.iter().take(QUOTED_PER_BRANCH).enumerate() {
                if shown > 0 {
                    f.write_str("; ")?;
                }
                if !error.path.is_empty() {
                    write!(f, "{}: ", error.path)?;
                }
                f.write_str(&error.message)?;
            }
            if errors.len() > QUOTED_PER_BRANCH {
                write!(f, "; {} more", errors.len() - QUOTED_PER_BRANCH)?;
            }
        }
        f.write_str(")")
    }
}
