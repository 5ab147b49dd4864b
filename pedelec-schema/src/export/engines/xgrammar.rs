//! XGrammar (mlc-ai), the default structured-output backend of vLLM and
//! SGLang: it matches a `pattern` against the whole string, ignores
//! `minLength` and `maxLength` beside one, ignores `uniqueItems`, falls
//! back to `anyOf` for a `oneOf` it cannot prove disjoint, and reads `.`,
//! `\s` and `\S` otherwise than ECMA-262.

use super::{Exported, Rules};
use crate::schema::ObjectNode;

const RULES: Rules = Rules {
    name: "XGrammar",
    // `RegexConverter::Convert` (`cpp/regex_converter.cc`) drops `^` and
    // `$` and matches the whole string.
    full_match: true,
    // `JSONSchemaConverter::GenerateString` returns the pattern's rule
    // before it looks at the lengths.
    lengths_beside_pattern: false,
    integer_bounds: true,
    number_bounds: true,
    max_count: None,
};

/// `root` written for XGrammar.
pub(in crate::export) fn export(root: &ObjectNode) -> Exported {
    super::export(root, &RULES)
}
