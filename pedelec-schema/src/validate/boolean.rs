//! The boolean rule: the type, then `enum`.

use std::sync::Arc;

use super::{fail, FailFast, Sink, Trail};
use crate::document::Failure;
use crate::document::Span;
use crate::schema::BooleanNode;

/// The JSON type the rule takes, as its type failure names it.
pub(super) const EXPECTED: &str = "a boolean";

#[derive(Debug, Clone)]
pub(crate) struct BooleanRule {
    site: Span,
    allowed: Option<Arc<[bool]>>,
}

impl BooleanRule {
    /// Where the node is in the schema.
    pub(super) fn site(&self) -> Span {
        self.site
    }

    pub(super) fn compile(node: &BooleanNode, site: Span) -> Self {
        BooleanRule {
            site,
            allowed: node.enum_values.as_deref().map(Arc::from),
        }
    }

    /// Whether `b` passes, for a walk that has the boolean but no `Value`.
    pub(super) fn accepts_bool(&self, b: bool) -> bool {
        self.check(b, &Trail::ROOT, &mut FailFast)
    }

    #[inline(always)]
    pub(super) fn check<S: Sink>(&self, b: bool, at: &Trail<'_>, sink: &mut S) -> bool {
        let mut valid = true;
        if let Some(allowed) = &self.allowed {
            if !allowed.contains(&b) {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::BooleanEnum {
                        value: b,
                        allowed: Arc::clone(allowed),
                    }
                );
            }
        }
        valid
    }
}
