use std::sync::Arc;

use serde_json::Value;

use super::failure::Failure;
use super::site::Span;
use super::{fail, type_mismatch, Sink, Trail};
use crate::message::Excerpt;
use crate::pattern::Pattern;
use crate::schema::StringNode;

#[derive(Debug, Clone)]
pub(crate) struct StringRule {
    site: Span,
    allowed: Option<Arc<[String]>>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    pattern: Option<Pattern>,
}

impl StringRule {
    pub(super) fn compile(node: &StringNode, site: Span) -> Self {
        StringRule {
            site,
            allowed: node.enum_values.as_deref().map(Arc::from),
            min_length: node.min_length,
            max_length: node.max_length,
            pattern: node.pattern.clone(),
        }
    }

    #[inline]
    pub(super) fn check<S: Sink>(&self, value: &Value, at: &Trail<'_>, sink: &mut S) -> bool {
        let Value::String(text) = value else {
            return type_mismatch("a string", value, at, self.site, sink);
        };
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
                    Failure::MinLength {
                        count: code_points(text),
                        min,
                    }
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
                    Failure::MaxLength {
                        count: code_points(text),
                        max,
                    }
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
