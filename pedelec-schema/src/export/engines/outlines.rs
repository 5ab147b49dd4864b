//! outlines-core (dottxt-ai), which compiles a schema into one regex over
//! the JSON text: it matches a `pattern` against the whole string (written
//! between the quotes as it is), ignores a `pattern` beside `minLength` or
//! `maxLength`, ignores `minimum`, `maximum` and `uniqueItems`, and reads a
//! `oneOf` as an alternation.

use super::{Exported, Rules};
use crate::schema::ObjectNode;

const RULES: Rules = Rules {
    name: "outlines-core",
    // `parse_string_type` (`src/json_schema/parsing.rs`) writes the pattern
    // between the quotes, stripping `^` and `$` only when both are there.
    full_match: true,
    // The same function answers a length with `STRING_INNER{min,max}` and
    // never reads the pattern then; the export keeps the pattern instead.
    lengths_beside_pattern: false,
    // `parse_integer_type` and `parse_number_type` read only outlines' own
    // digit-count keywords.
    integer_bounds: false,
    number_bounds: false,
    max_count: None,
};

/// `root` written for outlines-core.
pub(in crate::export) fn export(root: &ObjectNode) -> Exported {
    super::export(root, &RULES)
}
