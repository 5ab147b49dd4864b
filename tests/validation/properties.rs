//! Property tests: serialization round-trips, and validation is total.

use crate::strategies;

use pedelec_schema::{lint, SchemaNode, ToolArgsSchema};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// parse(serialize(s)) == s, through a Value and through text.
    #[test]
    fn generated_schemas_round_trip(root in strategies::root()) {
        let schema = ToolArgsSchema::new(root.clone()).unwrap();
        prop_assert_eq!(schema.root(), &root);
        let again = ToolArgsSchema::from_value(&schema.to_value()).unwrap();
        prop_assert_eq!(&again, &schema);
        let text = serde_json::to_string(&schema).unwrap();
        prop_assert_eq!(ToolArgsSchema::from_json_str(&text).unwrap(), schema);
        prop_assert_eq!(serde_json::to_string(&again).unwrap(), text, "key order is stable");
    }

    /// Generated schemas are inside the subset: lint finds no errors.
    #[test]
    fn generated_schemas_lint_without_errors(root in strategies::root()) {
        let value = SchemaNode::Object(root).to_value();
        let errors: Vec<_> = lint(&value).into_iter().filter(|d| d.is_error()).collect();
        prop_assert!(errors.is_empty(), "{:?}", errors);
    }

    /// Validation never panics, and `validate` fails exactly when
    /// `is_valid` is false, on aimed and on arbitrary values.
    #[test]
    fn validation_is_total_and_consistent(
        (root, values) in strategies::root_with_values(4),
        arbitrary in strategies::any_value(),
    ) {
        let schema = ToolArgsSchema::new(root).unwrap();
        for value in values.iter().chain(std::iter::once(&arbitrary)) {
            let result = schema.validate(value);
            prop_assert_eq!(result.is_ok(), schema.is_valid(value));
            if let Err(errors) = result {
                prop_assert!(!errors.errors().is_empty());
                for error in errors.errors() {
                    prop_assert!(is_json_pointer(&error.path()), "{}", error.path());
                    prop_assert!(error.schema_path().ends_with(error.keyword()));
                }
            }
        }
    }

    /// Lint is total on any JSON: it never panics.
    #[test]
    fn lint_never_panics(value in strategies::any_value()) {
        let _ = lint(&value);
        let _ = ToolArgsSchema::from_value(&value);
    }
}

/// Whether `text` is a JSON Pointer (RFC 6901): empty, or `/`-separated
/// tokens in which every `~` starts `~0` or `~1`.
fn is_json_pointer(text: &str) -> bool {
    (text.is_empty() || text.starts_with('/'))
        && text
            .split('~')
            .skip(1)
            .all(|after| after.starts_with(['0', '1']))
}
