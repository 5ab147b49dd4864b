//! `oneOf` warnings: a single branch, and branches that can accept the same
//! value (then `oneOf` rejects that value, which surprises the agent).
//!
//! Overlap is decided by [`disjoint`] (`validate/disjoint.rs`),
//! conservatively: two branches are called disjoint only when the subset's
//! keywords prove it. Two string branches told apart by their patterns are
//! disjoint when no string matches both, which the patterns' automata
//! decide within a bound; past it, they are reported.

use crate::diagnostic::{Code, Diagnostic};
use crate::pointer;
use crate::schema::OneOfNode;
use crate::validate::disjoint;

pub(super) fn check(one_of: &OneOfNode, at: &str, out: &mut Vec<Diagnostic>) {
    let here = pointer::join(at, "oneOf");
    if one_of.branches.len() == 1 {
        out.push(Diagnostic::new(
            Code::SingleBranchOneOf,
            here,
            "this `oneOf` has a single branch; use the branch itself as the node",
        ));
        return;
    }
    for (second, b) in one_of.branches.iter().enumerate() {
        for (first, a) in one_of.branches[..second].iter().enumerate() {
            if !disjoint(a, b) {
                let mut pointer = here.clone();
                pointer::push_index(&mut pointer, second);
                out.push(Diagnostic::new(
                    Code::AmbiguousOneOf,
                    pointer,
                    format!(
                        "branches {first} and {second} of this `oneOf` can accept the same \
                         value, which `oneOf` then rejects; make them easy to tell apart, e.g. \
                         a property required in every branch with a different `enum` value in each"
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::diagnostic::Code;
    use crate::lint::lint;
    use serde_json::{json, Value};

    fn ambiguous(one_of: Value) -> bool {
        let schema = json!({"type": "object", "properties": {"v": one_of}});
        lint(&schema).iter().any(|d| d.code == Code::AmbiguousOneOf)
    }

    #[test]
    fn overlapping_branches_are_reported() {
        assert!(ambiguous(
            json!({"oneOf": [{"type": "string"}, {"type": "string", "pattern": "^a"}]})
        ));
        assert!(ambiguous(
            json!({"oneOf": [{"type": "number"}, {"type": "integer"}]})
        ));
        assert!(ambiguous(json!({"oneOf": [
            {"type": "string", "enum": ["a", "b"]}, {"type": "string", "enum": ["b", "c"]}
        ]})));
        assert!(ambiguous(json!({"oneOf": [
            {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
            {"type": "object", "properties": {"index": {"type": "integer"}}, "required": ["index"]}
        ]})));
        assert!(ambiguous(json!({"oneOf": [
            {"type": "string", "pattern": "^\\d"}, {"type": "string", "pattern": "[a-z]$"}
        ]})));
        assert!(ambiguous(json!({"oneOf": [
            {"type": "array", "items": {"type": "string"}},
            {"type": "array", "items": {"type": "integer"}}
        ]})));
    }

    #[test]
    fn distinguishable_branches_are_not() {
        assert!(!ambiguous(
            json!({"oneOf": [{"type": "string"}, {"type": "integer"}]})
        ));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "string", "enum": ["a"]}, {"type": "string", "enum": ["b"]}
        ]})));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "integer", "maximum": 0}, {"type": "number", "minimum": 0.5}
        ]})));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["circle"]}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["square"]}}, "required": ["kind"]}
        ]})));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "array", "items": {"type": "string"}, "minItems": 1},
            {"type": "array", "items": {"type": "integer"}, "minItems": 1}
        ]})));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "string", "maxLength": 2}, {"type": "string", "minLength": 3}
        ]})));
        // Told apart by their patterns: no string matches both.
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "string", "pattern": "^\\d+$"}, {"type": "string", "pattern": "^[a-z]"}
        ]})));
    }

    #[test]
    fn a_single_branch_is_reported() {
        let schema =
            json!({"type": "object", "properties": {"v": {"oneOf": [{"type": "string"}]}}});
        let findings = lint(&schema);
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert_eq!(findings[0].code, Code::SingleBranchOneOf);
        assert_eq!(findings[0].pointer, "/properties/v/oneOf");
    }
}
