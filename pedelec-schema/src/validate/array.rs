use serde_json::Value;

use super::failure::Failure;
use super::{equality, fail, type_mismatch, Rule, Sink, Site, Trail};
use crate::schema::ArrayNode;

#[derive(Debug, Clone)]
pub(crate) struct ArrayRule {
    site: Site,
    items: Rule,
    min_items: Option<u64>,
    max_items: Option<u64>,
    unique_items: bool,
}

impl ArrayRule {
    pub(super) fn compile(node: &ArrayNode, site: Site) -> Self {
        ArrayRule {
            items: Rule::compile(&node.items, site.child(&["items"])),
            site,
            min_items: node.min_items,
            max_items: node.max_items,
            unique_items: node.unique_items,
        }
    }

    pub(super) fn check<S: Sink>(&self, value: &Value, at: &Trail<'_>, sink: &mut S) -> bool {
        let Value::Array(elements) = value else {
            return type_mismatch("an array", value, at, &self.site, sink);
        };
        let mut valid = true;
        let count = elements.len();
        if let Some(min) = self.min_items {
            if (count as u64) < min {
                fail!(
                    sink,
                    at,
                    &self.site,
                    valid,
                    Failure::MinItems { count, min }
                );
            }
        }
        if let Some(max) = self.max_items {
            if (count as u64) > max {
                fail!(
                    sink,
                    at,
                    &self.site,
                    valid,
                    Failure::MaxItems { count, max }
                );
            }
        }
        for (index, element) in elements.iter().enumerate() {
            if !self.items.check(element, &at.index(index), sink) {
                valid = false;
                if S::FAIL_FAST {
                    return false;
                }
            }
        }
        if self.unique_items {
            if let Some((first, second)) = equality::find_duplicate(elements) {
                fail!(
                    sink,
                    at,
                    &self.site,
                    valid,
                    Failure::UniqueItems { first, second }
                );
            }
        }
        valid
    }
}
