//! Asking a converted node whether it accepts a value, through the
//! gatekeeper and the validator themselves (never a second implementation
//! of their rules).

use serde_json::{json, Value};

use crate::parse;
use crate::schema::SchemaNode;
use crate::validate::node_accepts;

/// Whether the lowered node `node` accepts `value`; `None` when the
/// gatekeeper would refuse `node` (beyond a limit of the subset), which
/// is then reported once the whole schema reaches it.
pub(super) fn accepts(node: &SchemaNode, value: &Value) -> Option<bool> {
    // Checked as a property of a root, as the gatekeeper checks any node.
    let root = json!({"type": "object", "properties": {"v": node}, "required": ["v"]});
    let (root, _) = parse::parse_root(&root, None);
    Some(node_accepts(root?.property_node("v")?, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_with_the_validator() {
        let node = SchemaNode::integer().minimum(1).into();
        assert_eq!(accepts(&node, &json!(1.0)), Some(true));
        assert_eq!(accepts(&node, &json!(0)), Some(false));
        assert_eq!(accepts(&node, &Value::Null), Some(false));
        // Beyond a limit of the subset: the gatekeeper refuses it.
        let many = (0..=crate::MAX_ENUM_VALUES).map(|i| i.to_string());
        let too_many = SchemaNode::string().enum_values(many).into();
        assert_eq!(accepts(&too_many, &json!("0")), None);
    }
}
