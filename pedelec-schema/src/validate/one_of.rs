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
            sink.fail(here, "oneOf", || explain_no_match(one_of, plans, value));
            false
        }
        _ => {
            sink.fail(here, "oneOf", || {
                format!(
                    "the value matches {count} of the {} `oneOf` branches (the first two: {} \
                     and {}), but must match exactly one; send only the fields of one branch",
                    one_of.branches.len(),
                    matched[0],
                    matched[1]
                )
            });
            false
        }
    }
}

fn explain_no_match(one_of: &OneOfNode, plans: &[Plan], value: &Value) -> String {
    let reasons: Vec<String> = one_of
        .branches
        .iter()
        .enumerate()
        .map(|(index, branch)| {
            let errors = planned_node_errors(branch, plan::child(plans, index), value);
            let mut quoted: Vec<String> = errors
                .iter()
                .take(QUOTED_PER_BRANCH)
                .map(|error| {
                    if error.path.is_empty() {
                        error.message.clone()
                    } else {
                        format!("{}: {}", error.path, error.message)
                    }
                })
                .collect();
            if errors.len() > QUOTED_PER_BRANCH {
                quoted.push(format!("{} more", errors.len() - QUOTED_PER_BRANCH));
            }
            format!("branch {index}: {}", quoted.join("; "))
        })
        .collect();
    format!(
        "the value matches none of the {} `oneOf` branches ({})",
        one_of.branches.len(),
        reasons.join(" | ")
    )
}
