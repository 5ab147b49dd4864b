//! The number and integer rule: most values settle with two comparisons
//! against an interval of the bounds; failures, `enum`s and values beyond
//! `i64` take the exact comparison.

use std::cmp::Ordering;
use std::sync::Arc;

use serde_json::{Number, Value};

use super::{fail, type_mismatch, FailFast, Sink, Trail};
use crate::document::Span;
use crate::document::{Failure, Found};
use crate::numeric::{self, Interval, Num};
use crate::schema::NumberNode;

/// A `number` or `integer` node.
/// The JSON type a `number` node takes, as its type failure names it.
pub(super) const EXPECTED: &str = "a number";

#[derive(Debug, Clone)]
pub(crate) struct NumberRule {
    site: Span,
    integer: bool,
    allowed: Option<Arc<[Number]>>,
    minimum: Option<Bound>,
    maximum: Option<Bound>,
    /// The bounds as a shortcut for the common cases; `None` with an
    /// `enum`, which the shortcut does not cover.
    shortcut: Option<Interval>,
}

/// A `minimum` or `maximum`: ready to compare, and as the schema wrote it.
#[derive(Debug, Clone)]
struct Bound {
    exact: Num,
    written: Number,
}

impl Bound {
    fn of(number: &Number) -> Bound {
        Bound {
            exact: Num::of(number),
            written: number.clone(),
        }
    }
}

impl NumberRule {
    /// Where the node is in the schema.
    pub(super) fn site(&self) -> Span {
        self.site
    }

    pub(super) fn compile(node: &NumberNode, integer: bool, site: Span) -> Self {
        NumberRule {
            site,
            integer,
            allowed: node.enum_values.as_deref().map(Arc::from),
            minimum: node.minimum.as_ref().map(Bound::of),
            maximum: node.maximum.as_ref().map(Bound::of),
            shortcut: node.enum_values.is_none().then(|| {
                Interval::of(
                    node.minimum.as_ref().map(Num::of),
                    node.maximum.as_ref().map(Num::of),
                )
            }),
        }
    }

    pub(super) fn expected(&self) -> &'static str {
        if self.integer {
            "an integer"
        } else {
            EXPECTED
        }
    }

    /// Most numbers pass by the shortcut; the rest - failures, `enum`s,
    /// numbers beyond `i64` - are decided exactly.
    #[inline(always)]
    pub(super) fn check<S: Sink>(&self, value: &Value, at: &Trail<'_>, sink: &mut S) -> bool {
        if let (Value::Number(number), Some(shortcut)) = (value, &self.shortcut) {
            if shortcut.surely_contains(number, self.integer) {
                return true;
            }
        }
        self.check_exactly(value, at, sink)
    }

    #[inline(never)]
    fn check_exactly<S: Sink>(&self, value: &Value, at: &Trail<'_>, sink: &mut S) -> bool {
        let Value::Number(number) = value else {
            return type_mismatch(self.expected(), value, at, self.site, sink);
        };
        self.check_number(number, at, sink)
    }

    /// Whether `number` passes, for a walk that has the number but no
    /// `Value` (reading arguments straight from JSON text).
    #[inline(always)]
    pub(super) fn accepts_number(&self, number: &Number) -> bool {
        if let Some(shortcut) = &self.shortcut {
            if shortcut.surely_contains(number, self.integer) {
                return true;
            }
        }
        self.accepts_number_exactly(number)
    }

    #[inline(never)]
    fn accepts_number_exactly(&self, number: &Number) -> bool {
        self.check_number(number, &Trail::ROOT, &mut FailFast)
    }

    #[inline(always)]
    fn check_number<S: Sink>(&self, number: &Number, at: &Trail<'_>, sink: &mut S) -> bool {
        let num = Num::of(number);
        if self.integer && !num.is_integer() {
            sink.fail(at, self.site, |_| Failure::Type {
                expected: self.expected(),
                found: Found::Number(number.clone()),
            });
            return false;
        }
        let mut valid = true;
        if let Some(allowed) = &self.allowed {
            if !allowed
                .iter()
                .any(|candidate| numeric::equal(candidate, number))
            {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::NumberEnum {
                        number: number.clone(),
                        allowed: Arc::clone(allowed),
                    }
                );
            }
        }
        if let Some(minimum) = &self.minimum {
            if num.cmp(minimum.exact) == Ordering::Less {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Minimum {
                        number: number.clone(),
                        minimum: minimum.written.clone(),
                    }
                );
            }
        }
        if let Some(maximum) = &self.maximum {
            if num.cmp(maximum.exact) == Ordering::Greater {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Maximum {
                        number: number.clone(),
                        maximum: maximum.written.clone(),
                    }
                );
            }
        }
        valid
    }
}
