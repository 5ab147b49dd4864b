//! llguidance (guidance-ai), as mistral.rs's strict tools, llama-cpp-2's
//! JSON-schema sampler and vLLM or SGLang with the llguidance backend run
//! it: it searches for a `pattern` as JSON Schema does and enforces every
//! bound, but refuses `uniqueItems` and every `oneOf` it cannot prove
//! disjoint itself, and reads `.` and `\s` with the Rust `regex` meaning.

use super::{Exported, Rules};
use crate::schema::ObjectNode;

const RULES: Rules = Rules {
    name: "llguidance",
    // `compile_string` in `parser/src/json/schema.rs` compiles a pattern as
    // a `SearchRegex`.
    full_match: false,
    // `gen_json_string` intersects the pattern with the length regex.
    lengths_beside_pattern: true,
    integer_bounds: true,
    number_bounds: true,
    max_count: None,
};

/// `root` written for llguidance.
pub(in crate::export) fn export(root: &ObjectNode) -> Exported {
    super::export(root, &RULES)
}
