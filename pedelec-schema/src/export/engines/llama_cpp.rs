//! llama.cpp's server (`json_schema`, and tools through its
//! json-schema-to-grammar converter): it refuses a `pattern` that is not
//! `^...$`, copies escapes such as `\d` and `\/` into a grammar that then
//! fails to parse, ignores `minimum` and `maximum` on `number` nodes and
//! `uniqueItems`, and its grammar refuses a repetition of 2000 or more,
//! which fails the grammar of every tool of the request.

use super::{Exported, Rules};
use crate::schema::ObjectNode;

/// `MAX_REPETITION_THRESHOLD` in `src/llama-grammar.cpp`: a repetition
/// whose count reaches it fails the grammar.
const MAX_REPETITION: u64 = 2000;

const RULES: Rules = Rules {
    name: "llama.cpp",
    // `_visit_pattern` (`common/json-schema-to-grammar.cpp`) refuses a
    // pattern without `^` first and `$` last, and matches the whole string.
    full_match: true,
    // The converter's string rule reads the pattern first.
    lengths_beside_pattern: false,
    // Integer bounds become digit rules (`build_min_max_int`); a number's
    // bounds are not read.
    integer_bounds: true,
    number_bounds: false,
    max_count: Some(MAX_REPETITION),
};

/// `root` written for llama.cpp's server.
pub(in crate::export) fn export(root: &ObjectNode) -> Exported {
    super::export(root, &RULES)
}
