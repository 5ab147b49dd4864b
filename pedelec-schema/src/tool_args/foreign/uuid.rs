//! `uuid::Uuid` (feature `uuid`).

use uuid::Uuid;

use super::pattern_string;
use crate::schema::SchemaNode;
use crate::tool_args::node::{kind, ToolArgsNode};

/// The canonical hyphenated form, in either case, as uuid writes it
/// (lowercase). uuid's serde also reads the simple, braced and URN forms;
/// the schema asks the agent for the one form everybody writes.
pub(crate) const HYPHENATED: &str =
    "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$";

/// A string with the canonical hyphenated pattern; every string it accepts
/// is a UUID.
#[cfg_attr(docsrs, doc(cfg(feature = "uuid")))]
impl ToolArgsNode for Uuid {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        pattern_string(HYPHENATED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hyphenated_form_is_what_the_pattern_takes() {
        let SchemaNode::String(node) = Uuid::node() else {
            panic!("not a string")
        };
        let pattern = node.pattern.unwrap();
        let uuid = Uuid::from_u128(0x1234_5678_9abc_def0_0fed_cba9_8765_4321);
        assert!(pattern.is_match(&uuid.to_string()));
        assert!(pattern.is_match(&uuid.to_string().to_uppercase()));
        for other in [
            uuid.simple().to_string(),
            uuid.braced().to_string(),
            uuid.urn().to_string(),
            format!("{uuid} "),
            uuid.to_string().replacen('1', "g", 1),
        ] {
            assert!(!pattern.is_match(&other), "{other}");
        }
    }
}
