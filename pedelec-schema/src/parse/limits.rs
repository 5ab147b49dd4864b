//! The bounds a schema must stay within, so that no schema - however
//! hostile - can make building it, validating with it or linting it
//! expensive. Each is far above any real tool's schema; the crate docs list
//! them all (section "Limits"), with their error codes.

use super::Parser;
use crate::diagnostic::Code;

/// What to do about a schema that lists too much.
pub(super) const SMALLER: &str = "tool arguments should be small enough to inspect and log: \
     split the tool, or check the rest in the handler";

/// How deep nodes may nest: the root is depth 1, its properties depth 2.
/// Tool arguments are small, flat structures; this is far above any real one.
pub const MAX_DEPTH: usize = 64;

/// The most properties one object node may define.
pub const MAX_PROPERTIES: usize = 1_000;

/// The most values one `enum` may list.
pub const MAX_ENUM_VALUES: usize = 1_000;

/// The most branches one `oneOf` may have.
pub const MAX_BRANCHES: usize = 256;

/// The most branch combinations a value may be checked under: the product
/// of the branch counts of the `oneOf` nodes on the way from the root to a
/// node. A `oneOf` checks the value against every branch, so a `oneOf`
/// inside a `oneOf`'s branch checks its part of the value once per outer
/// branch; without this bound, nesting would make validation time
/// exponential in the schema's depth.
pub const MAX_BRANCH_PRODUCT: usize = 65_536;

impl Parser {
    /// Reports `count` beyond `limit` at the parser's pointer, with `code`:
    /// "`what`: `count`, more than the limit of `limit`; `advice`". Returns
    /// whether it did.
    pub(super) fn beyond(
        &mut self,
        code: Code,
        (count, limit): (usize, usize),
        what: &str,
        advice: &str,
    ) -> bool {
        if count <= limit {
            return false;
        }
        self.report(
            code,
            format!("{what}: {count}, more than the limit of {limit}; {advice}"),
        );
        true
    }
}
