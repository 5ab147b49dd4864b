//! The array rule: item counts, each element against `items` (with its
//! index on the trail), then `uniqueItems` under JSON equality.

use serde_json::Value;

use super::site::Pointers;
use super::{equality, fail, invalid, Rule, Sink, Trail};
use crate::document::Span;
use crate::document::{Failure, ValidationErrorKind};
use crate::json_view::{self, JsonView};
use crate::schema::ArrayNode;

/// The JSON type the rule takes, as its type failure names it.
pub(super) const EXPECTED: &str = "an array";

#[derive(Debug, Clone)]
pub(crate) struct ArrayRule {
    site: Span,
    items: Rule,
    min_items: Option<u64>,
    max_items: Option<u64>,
    unique_items: bool,
}

impl ArrayRule {
    /// Where the node is in the schema.
    pub(super) fn site(&self) -> Span {
        self.site
    }

    pub(super) fn compile(node: &ArrayNode, site: Span, pointers: &mut Pointers) -> Self {
        let items_site = pointers.child(site, &["items"]);
        ArrayRule {
            items: Rule::compile(&node.items, items_site, pointers),
            site,
            min_items: node.min_items,
            max_items: node.max_items,
            unique_items: node.unique_items,
        }
    }

    /// The rule every item must pass.
    pub(super) fn items(&self) -> &Rule {
        &self.items
    }

    /// Whether the items must be unique.
    pub(super) fn unique_items(&self) -> bool {
        self.unique_items
    }

    /// Whether `count` items pass `minItems` and `maxItems`.
    pub(super) fn accepts_count(&self, count: usize) -> bool {
        let count = count as u64;
        self.min_items.is_none_or(|min| count >= min)
            && self.max_items.is_none_or(|max| count <= max)
    }

    /// Whether `items`, each of which passed the items' rule, pass the
    /// array's own keywords: its counts and `uniqueItems`.
    pub(super) fn accepts_own(&self, items: &[Value]) -> bool {
        self.accepts_count(items.len())
            && !(self.unique_items && equality::find_duplicate(items).is_some())
    }

    /// How many items the array may hold.
    pub(super) fn max_items(&self) -> Option<u64> {
        self.max_items
    }

    /// Checks the array `value`.
    pub(super) fn check<'a, S: Sink, V: JsonView<'a>>(
        &self,
        value: V,
        at: &Trail<'_>,
        sink: &mut S,
    ) -> bool {
        let elements = value.items();
        let mut valid = true;
        let count = elements.len();
        if let Some(min) = self.min_items {
            if (count as u64) < min {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Counted(ValidationErrorKind::MinItems { count, min })
                );
            }
        }
        if let Some(max) = self.max_items {
            if (count as u64) > max {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Counted(ValidationErrorKind::MaxItems { count, max })
                );
            }
        }
        for (index, element) in elements.enumerate() {
            if !at.with_index::<S, _>(index, |at| self.items.check(element, at, sink)) {
                invalid!(valid);
            }
        }
        if self.unique_items {
            if let Some((first, second)) = duplicate(value) {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Counted(ValidationErrorKind::UniqueItems { first, second })
                );
            }
        }
        valid
    }
}

/// The first two equal items of the array `value`, compared as `Value`s:
/// a view's own, or the `Value`s it reads as.
fn duplicate<'a, V: JsonView<'a>>(value: V) -> Option<(usize, usize)> {
    if let Some(Value::Array(elements)) = value.as_value() {
        return equality::find_duplicate(elements);
    }
    let elements: Vec<Value> = value.items().map(json_view::owned).collect();
    equality::find_duplicate(&elements)
}
