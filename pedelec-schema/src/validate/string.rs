//! The string rule: `enum`, lengths in code points (settled by byte length
//! where that is enough) and `pattern`.

use std::sync::Arc;

use super::{fail, FailFast, Sink, Trail};
use crate::document::Span;
use crate::document::{Failure, ValidationErrorKind};
use crate::message::Excerpt;
use crate::pattern::Pattern;
use crate::schema::StringNode;

/// The JSON type the rule takes, as its type failure names it.
pub(super) const EXPECTED: &str = "a string";

#[derive(Debug, Clone)]
pub(crate) struct StringRule {
    site: Span,
    allowed: Option<Arc<[String]>>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    pattern: Option<Pattern>,
    /// Byte lengths that surely pass the length bounds, for a string node
    /// with neither `enum` nor `pattern`: a code point is one to four
    /// bytes, so `4 * minLength <= bytes <= maxLength` settles it without
    /// counting. `None` when the node has more to check.
    surely_passing_bytes: Option<(u64, u64)>,
}

impl StringRule {
    /// Where the node is in the schema.
    pub(super) fn site(&self) -> Span {
        self.site
    }

    pub(super) fn compile(node: &StringNode, site: Span) -> Self {
        StringRule {
            site,
            allowed: node.enum_values.as_deref().map(Arc::from),
            min_length: node.min_length,
            max_length: node.max_length,
            pattern: node.pattern.clone(),
            surely_passing_bytes: (node.enum_values.is_none() && node.pattern.is_none()).then(
                || {
                    (
                        node.min_length.map_or(0, |min| min.saturating_mul(4)),
                        node.max_length.unwrap_or(u64::MAX),
                    )
                },
            ),
        }
    }

    /// What a string begun can already break: its `maxLength`, its `enum`
    /// and its `pattern`.
    pub(super) fn max_length(&self) -> Option<u64> {
        self.max_length
    }

    pub(super) fn allowed(&self) -> Option<&Arc<[String]>> {
        self.allowed.as_ref()
    }

    pub(super) fn pattern(&self) -> Option<&Pattern> {
        self.pattern.as_ref()
    }

    /// Most strings pass by their byte length alone; the rest are checked
    /// keyword by keyword.
    #[inline(always)]
    pub(super) fn check<S: Sink>(&self, text: &str, at: &Trail<'_>, sink: &mut S) -> bool {
        if let Some((low, high)) = self.surely_passing_bytes {
            let bytes = text.len() as u64;
            if low <= bytes && bytes <= high {
                return true;
            }
        }
        self.check_exactly(text, at, sink)
    }

    #[inline(never)]
    fn check_exactly<S: Sink>(&self, text: &str, at: &Trail<'_>, sink: &mut S) -> bool {
        self.check_text(text, at, sink)
    }

    /// Whether `text` passes, for a walk that has the string but no
    /// `Value` (reading arguments straight from JSON text).
    #[inline(always)]
    pub(super) fn accepts_text(&self, text: &str) -> bool {
        if let Some((low, high)) = self.surely_passing_bytes {
            let bytes = text.len() as u64;
            if low <= bytes && bytes <= high {
                return true;
            }
        }
        self.accepts_text_exactly(text)
    }

    #[inline(never)]
    fn accepts_text_exactly(&self, text: &str) -> bool {
        self.check_text(text, &Trail::ROOT, &mut FailFast)
    }

    #[inline(always)]
    fn check_text<S: Sink>(&self, text: &str, at: &Trail<'_>, sink: &mut S) -> bool {
        let mut valid = true;
        if let Some(allowed) = &self.allowed {
            if !allowed.iter().any(|candidate| candidate == text) {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::StringEnum {
                        text: Excerpt::of(text),
                        allowed: Arc::clone(allowed),
                    }
                );
            }
        }
        if let Some(min) = self.min_length {
            // A code point is one to four bytes, so most strings are
            // settled by their byte length without counting.
            let bytes = text.len() as u64;
            if bytes < min || (bytes / 4 < min && (code_points(text) as u64) < min) {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Counted(ValidationErrorKind::MinLength {
                        length: code_points(text),
                        min,
                    })
                );
            }
        }
        if let Some(max) = self.max_length {
            let bytes = text.len() as u64;
            if bytes > max && (bytes / 4 > max || (code_points(text) as u64) > max) {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Counted(ValidationErrorKind::MaxLength {
                        length: code_points(text),
                        max,
                    })
                );
            }
        }
        if let Some(pattern) = &self.pattern {
            if !pattern.is_match(text) {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Pattern {
                        text: Excerpt::of(text),
                        pattern: pattern.clone(),
                    }
                );
            }
        }
        valid
    }
}

/// String lengths in JSON Schema count Unicode code points.
fn code_points(text: &str) -> usize {
    text.chars().count()
}
