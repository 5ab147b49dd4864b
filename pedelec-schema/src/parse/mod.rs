//! JSON -> model, reporting every problem at once.
//!
//! The parser is the one gatekeeper of the subset: a schema parsed from JSON
//! and a schema built in Rust (serialized, then parsed) pass the same checks.
//! It never stops at the first problem. A node with a problem is not built,
//! but its keywords and children are still checked, so one run reports
//! everything; where a node lacks a usable `type`, the kind its keywords
//! imply is assumed for the rest of its checks.
//!
//! Nodes may nest at most [`MAX_DEPTH`] deep, which bounds the recursion of
//! every walk over a schema (parsing, validation, lint) whatever the input.
//!
//! This file is the driver: the walk over nodes, the pointer it keeps and
//! the diagnostics it collects. A node's kind is settled in `kind.rs`, its
//! keys are checked in `keys.rs`, and its keywords are read in `leaves.rs`
//! (string, number, integer, boolean), `containers.rs` (array, object,
//! `oneOf`) and `counts.rs` (lengths and item counts). `fields.rs` reads a node's keys once; `keywords.rs` knows what
//! every key may be; `text_order.rs` keeps the key order of a JSON text,
//! which a `Value` may have sorted.

mod containers;
mod counts;
mod fields;
mod keys;
pub(crate) mod keywords;
mod kind;
mod leaves;
mod limits;
pub(crate) mod text_order;

use std::collections::HashMap;

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic};
use crate::message::Described;
use crate::pattern::Pattern;
use crate::pointer;
use crate::schema::{BooleanNode, Metadata, NodeKind, ObjectNode, SchemaNode};
use fields::Fields;
pub use limits::{MAX_BRANCHES, MAX_BRANCH_PRODUCT, MAX_DEPTH, MAX_ENUM_VALUES, MAX_PROPERTIES};

/// Called for every node that was built without errors, children first,
/// with the node's pointer. Lint uses it to add its warnings.
pub(crate) type NodeHook = fn(&SchemaNode, &str, &mut Vec<Diagnostic>);

/// Parses a root schema. Returns the root when there were no errors, and
/// every diagnostic (the hook's warnings included) either way.
pub(crate) fn parse_root(
    value: &Value,
    hook: Option<NodeHook>,
) -> (Option<ObjectNode>, Vec<Diagnostic>) {
    let mut parser = Parser {
        diagnostics: Vec::new(),
        // Room for the pointers of most schemas, so that descending into
        // them does not grow it step by step.
        pointer: String::with_capacity(128),
        errors: 0,
        branch_product: 1,
        hook,
        patterns: HashMap::new(),
    };
    let root = parser.node(value, 1, true);
    let root = match root {
        Some(SchemaNode::Object(object)) if parser.errors == 0 => Some(object),
        _ => None,
    };
    (root, parser.diagnostics)
}

struct Parser {
    diagnostics: Vec<Diagnostic>,
    /// Where the parser is: a JSON Pointer into the schema.
    pointer: String,
    errors: usize,
    /// The product of the branch counts of the `oneOf`s the parser is in
    /// (see [`MAX_BRANCH_PRODUCT`]).
    branch_product: usize,
    hook: Option<NodeHook>,
    /// The patterns compiled so far, by source: a pattern written in many
    /// nodes (every branch of a `oneOf` repeating a union of patterns, say)
    /// is compiled once and shared, and so is its stream automaton
    /// (`pattern/prefix.rs`), built once and scanned once per string.
    patterns: HashMap<String, Pattern>,
}

impl Parser {
    pub(super) fn report(&mut self, code: Code, message: String) {
        if code.severity() == crate::diagnostic::Severity::Error {
            self.errors += 1;
        }
        self.diagnostics
            .push(Diagnostic::new(code, self.pointer.clone(), message));
    }

    /// Runs `f` with the pointer moved to `key` (one reference token).
    pub(super) fn at<R>(&mut self, key: &str, f: impl FnOnce(&mut Self) -> R) -> R {
        let len = self.pointer.len();
        pointer::push(&mut self.pointer, key);
        let result = f(self);
        self.pointer.truncate(len);
        result
    }

    pub(super) fn at_index<R>(&mut self, index: usize, f: impl FnOnce(&mut Self) -> R) -> R {
        let len = self.pointer.len();
        pointer::push_index(&mut self.pointer, index);
        let result = f(self);
        self.pointer.truncate(len);
        result
    }

    pub(super) fn report_at(&mut self, key: &str, code: Code, message: String) {
        self.at(key, |p| p.report(code, message));
    }

    pub(super) fn node(
        &mut self,
        value: &Value,
        depth: usize,
        is_root: bool,
    ) -> Option<SchemaNode> {
        if depth > MAX_DEPTH {
            self.report(
                Code::TooDeep,
                format!(
                    "nodes nest more than {MAX_DEPTH} deep here; flatten the arguments \
                     (tool arguments should be small enough to inspect and log)"
                ),
            );
            return None;
        }
        let map = &match value {
            Value::Object(map) => Fields::new(map),
            Value::Bool(b) => {
                self.report(
                    Code::BooleanSchema,
                    format!(
                        "`{b}` is a boolean schema; the subset needs a node object here, \
                         such as {{\"type\": \"string\"}}"
                    ),
                );
                return None;
            }
            other => {
                self.report(
                    Code::NotANode,
                    format!(
                        "expected a node (a JSON object such as {{\"type\": \"string\"}}), \
                         found {}",
                        Described(other)
                    ),
                );
                return None;
            }
        };
        let errors_before = self.errors;
        let kind = self.kind(map, is_root);
        if kind.is_none() {
            self.check_untyped_enum(map);
        }
        self.check_keys(map, kind);
        let meta = self.metadata(map);
        let node = kind.and_then(|kind| self.body(kind, map, meta, depth));
        if self.errors > errors_before {
            return None;
        }
        let node = node?;
        if let Some(hook) = self.hook {
            hook(&node, &self.pointer, &mut self.diagnostics);
        }
        Some(node)
    }

    fn metadata(&mut self, map: &Fields<'_>) -> Metadata {
        let description = map.get("description").and_then(|value| match value {
            Value::String(text) => Some(text.clone()),
            other => {
                self.report_at(
                    "description",
                    Code::InvalidValue,
                    format!("`description` must be a string, found {}", Described(other)),
                );
                None
            }
        });
        let examples = match map.get("examples") {
            None => Vec::new(),
            Some(Value::Array(values)) => values.clone(),
            Some(other) => {
                self.report_at(
                    "examples",
                    Code::InvalidValue,
                    format!(
                        "`examples` must be an array of sample values, found {}; wrap a single \
                         example in [ ]",
                        Described(other)
                    ),
                );
                Vec::new()
            }
        };
        Metadata {
            description,
            default: map.get("default").cloned(),
            examples,
        }
    }

    fn body(
        &mut self,
        kind: NodeKind,
        map: &Fields<'_>,
        meta: Metadata,
        depth: usize,
    ) -> Option<SchemaNode> {
        Some(match kind {
            NodeKind::String => SchemaNode::String(self.string(map, meta)?),
            NodeKind::Number => SchemaNode::Number(self.number(map, meta, false)?),
            NodeKind::Integer => SchemaNode::Integer(self.number(map, meta, true)?),
            NodeKind::Boolean => SchemaNode::Boolean(BooleanNode {
                enum_values: self.enum_values(map, "a boolean", Value::as_bool),
                meta,
            }),
            NodeKind::Array => SchemaNode::Array(self.array(map, meta, depth)?),
            NodeKind::Object => SchemaNode::Object(self.object(map, meta, depth)),
            NodeKind::OneOf => SchemaNode::OneOf(self.one_of(map, meta, depth)),
        })
    }
}
