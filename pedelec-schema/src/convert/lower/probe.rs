//! Asking a converted node whether it accepts a value, through the
//! gatekeeper and the validator themselves (never a second implementation
//! of their rules).

use serde_json::{json, Value};

use crate::parse;
use crate::validate::node_accepts;

/// Whether the subset node `node` (JSON) accepts `value`; `None` when
/// `node` is not a node of the subset.
pub(super) fn accepts(node: &Value, value: &Value) -> Option<bool> {
    // Parsed as a property of a root, as the gatekeeper parses any node.
    let root = json!({"type": "object", "properties": {"v": node}, "required": ["v"]});
    let (root, _) = parse::parse_root(&root, None);
    Some(node_accepts(root?.property_node("v")?, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_with_the_validator() {
        let node = json!({"type": "integer", "minimum": 1});
        assert_eq!(accepts(&node, &json!(1.0)), Some(true));
        assert_eq!(accepts(&node, &json!(0)), Some(false));
        assert_eq!(accepts(&node, &Value::Null), Some(false));
        assert_eq!(accepts(&json!({"type": "null"}), &Value::Null), None);
    }
}
