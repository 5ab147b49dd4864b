//! The kinds that hold other nodes: arrays (`items`), objects
//! (`properties`, `required`) and `oneOf`. Children are parsed one level
//! deeper, so [`MAX_DEPTH`](super::MAX_DEPTH) bounds every walk.

use serde_json::Value;

use super::fields::Fields;
use super::limits::SMALLER;
use super::{Parser, MAX_BRANCHES, MAX_BRANCH_PRODUCT, MAX_PROPERTIES};
use crate::diagnostic::Code;
use crate::message::Described;
use crate::schema::{ArrayNode, Metadata, ObjectNode, OneOfNode, Property};

impl Parser {
    pub(super) fn array(
        &mut self,
        map: &Fields<'_>,
        meta: Metadata,
        depth: usize,
    ) -> Option<ArrayNode> {
        let items = match map.get("items") {
            Some(items) => self.at("items", |p| p.node(items, depth + 1, false)),
            None => {
                self.report(
                    Code::MissingItems,
                    "an array node needs `items`, the node every element must match, \
                     such as \"items\": {\"type\": \"string\"}"
                        .to_owned(),
                );
                None
            }
        };
        let min_items = self.count(map, "minItems");
        let max_items = self.count(map, "maxItems");
        self.check_count_order(("minItems", min_items), ("maxItems", max_items));
        let unique_items = match map.get("uniqueItems") {
            None => false,
            Some(Value::Bool(unique)) => *unique,
            Some(other) => {
                self.report_at(
                    "uniqueItems",
                    Code::InvalidValue,
                    format!(
                        "`uniqueItems` must be true or false, found {}",
                        Described(other)
                    ),
                );
                false
            }
        };
        Some(ArrayNode {
            items: Box::new(items?),
            min_items,
            max_items,
            unique_items,
            meta,
        })
    }

    pub(super) fn object(&mut self, map: &Fields<'_>, meta: Metadata, depth: usize) -> ObjectNode {
        let mut properties = Vec::new();
        // The names `required` may list; `None` when there are too many to
        // check each `required` name against (that would cost their product).
        let mut declared: Option<Vec<&str>> = Some(Vec::new());
        match map.get("properties") {
            None => {}
            Some(Value::Object(entries)) => self.at("properties", |p| {
                let size = (entries.len(), MAX_PROPERTIES);
                if p.beyond(
                    Code::TooManyProperties,
                    size,
                    "too many properties",
                    SMALLER,
                ) {
                    declared = None;
                }
                properties.reserve_exact(entries.len());
                if let Some(declared) = &mut declared {
                    declared.extend(entries.keys().map(String::as_str));
                }
                for (name, value) in entries {
                    if let Some(node) = p.at(name, |p| p.node(value, depth + 1, false)) {
                        properties.push(Property {
                            name: name.clone(),
                            node,
                        });
                    }
                }
            }),
            Some(other) => self.report_at(
                "properties",
                Code::InvalidValue,
                format!(
                    "`properties` must be an object from property name to node, found {}",
                    Described(other)
                ),
            ),
        }
        let required = match map.get("required") {
            Some(value) => self.at("required", |p| p.required(value, declared.as_deref())),
            None => Vec::new(),
        };
        ObjectNode {
            properties,
            required,
            meta,
        }
    }

    /// Reads `required`; the pointer is at `/required`.
    fn required(&mut self, value: &Value, declared: Option<&[&str]>) -> Vec<String> {
        let Value::Array(names) = value else {
            self.report(
                Code::InvalidValue,
                format!(
                    "`required` must be an array of property names, found {}",
                    Described(value)
                ),
            );
            return Vec::new();
        };
        // More names than an object may have properties is an error anyway;
        // checking each against the others would cost their square.
        let size = (names.len(), MAX_PROPERTIES);
        if self.beyond(
            Code::TooManyProperties,
            size,
            "too many `required` names",
            SMALLER,
        ) {
            return Vec::new();
        }
        let mut required: Vec<String> = Vec::with_capacity(names.len());
        for (index, name) in names.iter().enumerate() {
            self.at_index(index, |p| {
                let Value::String(name) = name else {
                    p.report(
                        Code::InvalidValue,
                        format!(
                            "a `required` entry must be a property name, found {}",
                            Described(name)
                        ),
                    );
                    return;
                };
                if required.contains(name) {
                    p.report(
                        Code::DuplicateRequired,
                        format!("`{name}` is listed in `required` twice; list it once"),
                    );
                } else if declared.is_some_and(|declared| !declared.contains(&name.as_str())) {
                    p.report(
                        Code::UnknownRequired,
                        format!(
                            "`{name}` is required but `properties` does not define it; add \
                             \"{name}\" to `properties` with its node, or remove it from `required`"
                        ),
                    );
                }
                required.push(name.clone());
            });
        }
        required
    }

    pub(super) fn one_of(&mut self, map: &Fields<'_>, meta: Metadata, depth: usize) -> OneOfNode {
        let mut branches = Vec::new();
        self.at("oneOf", |p| match map.get("oneOf") {
            Some(Value::Array(values)) if values.is_empty() => p.report(
                Code::EmptyOneOf,
                "`oneOf` needs at least one branch; an empty `oneOf` accepts nothing".to_owned(),
            ),
            Some(Value::Array(values)) => {
                let size = (values.len(), MAX_BRANCHES);
                p.beyond(
                    Code::TooManyBranches,
                    size,
                    "too many `oneOf` branches",
                    SMALLER,
                );
                let outer = p.branch_product;
                p.branch_product = outer.saturating_mul(values.len());
                // Reported once, at the `oneOf` that crosses the limit.
                if outer <= MAX_BRANCH_PRODUCT {
                    p.beyond(
                        Code::TooManyBranches,
                        (p.branch_product, MAX_BRANCH_PRODUCT),
                        "with the `oneOf`s around it, a value here is checked against too many \
                         branch combinations",
                        "each `oneOf` checks the value against every branch, so nested `oneOf`s \
                         multiply; flatten them into one `oneOf`",
                    );
                }
                for (index, value) in values.iter().enumerate() {
                    if let Some(node) = p.at_index(index, |p| p.node(value, depth + 1, false)) {
                        branches.push(node);
                    }
                }
                p.branch_product = outer;
            }
            Some(other) => p.report(
                Code::InvalidValue,
                format!(
                    "`oneOf` must be an array of nodes, found {}",
                    Described(other)
                ),
            ),
            None => {}
        });
        OneOfNode { branches, meta }
    }
}
