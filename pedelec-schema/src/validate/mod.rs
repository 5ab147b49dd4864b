//! Runtime validation: one walk over the schema tree, per node kind.
//!
//! The walk is written once, generic over a [`Sink`]. `is_valid` runs it
//! with a sink that stops at the first failure; `validate` with one that
//! collects every failure with its locations and message. Locations are
//! kept as linked lists of borrowed segments on the stack ([`Trail`]), and a
//! message is formatted only when a failure is recorded, so validating a
//! valid value allocates nothing.
//!
//! Recursion follows the schema, which is at most [`MAX_DEPTH`](crate::MAX_DEPTH)
//! deep, so no value - however deeply nested - can overflow the stack.

mod array;
mod equality;
mod error;
mod number;
mod object;
mod one_of;
mod plan;
mod string;

use serde_json::Value;

use crate::schema::SchemaNode;

pub use error::{ValidationError, ValidationErrors};
pub(crate) use plan::{ObjectPlan, Plan};

/// One step of a JSON Pointer.
#[derive(Clone, Copy)]
pub(crate) enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

/// A JSON Pointer as a linked list of segments that live on the stack.
#[derive(Clone, Copy)]
pub(crate) struct Trail<'a> {
    parent: Option<&'a Trail<'a>>,
    segment: Option<Segment<'a>>,
}

impl<'a> Trail<'a> {
    pub(crate) const ROOT: Trail<'static> = Trail {
        parent: None,
        segment: None,
    };

    pub(crate) fn key(&'a self, key: &'a str) -> Trail<'a> {
        Trail {
            parent: Some(self),
            segment: Some(Segment::Key(key)),
        }
    }

    pub(crate) fn index(&'a self, index: usize) -> Trail<'a> {
        Trail {
            parent: Some(self),
            segment: Some(Segment::Index(index)),
        }
    }

    /// The pointer as a string (only built when a failure is recorded).
    pub(crate) fn pointer(&self) -> String {
        let mut segments = Vec::new();
        let mut trail = Some(self);
        while let Some(current) = trail {
            segments.extend(current.segment);
            trail = current.parent;
        }
        let mut pointer = String::new();
        for segment in segments.iter().rev() {
            match segment {
                Segment::Key(key) => crate::pointer::push(&mut pointer, key),
                Segment::Index(index) => crate::pointer::push_index(&mut pointer, *index),
            }
        }
        pointer
    }
}

/// Where the walk is: in the value, and in the schema.
#[derive(Clone, Copy)]
pub(crate) struct Here<'a> {
    pub(crate) instance: &'a Trail<'a>,
    pub(crate) schema: &'a Trail<'a>,
}

/// Receives failures.
pub(crate) trait Sink {
    /// Whether the walk may stop at the first failure.
    const FAIL_FAST: bool;

    /// Records that `keyword` of the node at `here` rejected the value.
    fn fail(&mut self, here: Here<'_>, keyword: &'static str, message: impl FnOnce() -> String);
}

/// The `is_valid` sink: remembers nothing, stops at once.
pub(crate) struct FailFast;

impl Sink for FailFast {
    const FAIL_FAST: bool = true;

    fn fail(&mut self, _: Here<'_>, _: &'static str, _: impl FnOnce() -> String) {}
}

/// The `validate` sink: every failure, in walk order.
#[derive(Default)]
pub(crate) struct Collect {
    pub(crate) errors: Vec<ValidationError>,
}

impl Sink for Collect {
    const FAIL_FAST: bool = false;

    fn fail(&mut self, here: Here<'_>, keyword: &'static str, message: impl FnOnce() -> String) {
        let mut schema_path = here.schema.pointer();
        crate::pointer::push(&mut schema_path, keyword);
        self.errors.push(ValidationError {
            path: here.instance.pointer(),
            schema_path,
            keyword,
            message: message(),
        });
    }
}

/// Records a failure; in fail-fast mode, returns `false` from the caller.
macro_rules! fail {
    ($sink:expr, $here:expr, $valid:ident, $keyword:expr, $($message:tt)+) => {{
        $sink.fail($here, $keyword, || format!($($message)+));
        $valid = false;
        if S::FAIL_FAST {
            return false;
        }
    }};
}
pub(crate) use fail;

/// Checks `value` against `node`, whose prepared form is `plan`; returns
/// whether it passed.
pub(crate) fn node<S: Sink>(
    node: &SchemaNode,
    plan: &Plan,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    match (node, plan) {
        (SchemaNode::String(string), _) => string::check(string, value, here, sink),
        (SchemaNode::Number(number), _) => number::check(number, false, value, here, sink),
        (SchemaNode::Integer(number), _) => number::check(number, true, value, here, sink),
        (SchemaNode::Boolean(boolean), _) => check_boolean(boolean, value, here, sink),
        (SchemaNode::Array(array), Plan::Array(items)) => {
            array::check(array, items, value, here, sink)
        }
        (SchemaNode::Object(object), Plan::Object(plan)) => {
            object::check(object, plan, value, here, sink)
        }
        (SchemaNode::OneOf(one_of), Plan::OneOf(plans)) => {
            one_of::check(one_of, plans, value, here, sink)
        }
        // A plan always mirrors its node; should one not, plan afresh
        // rather than guess.
        (node, _) => self::node(node, &Plan::of(node), value, here, sink),
    }
}

fn check_boolean<S: Sink>(
    node: &crate::schema::BooleanNode,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    let Value::Bool(b) = value else {
        return type_mismatch("a boolean", value, here, sink);
    };
    let mut valid = true;
    if let Some(allowed) = &node.enum_values {
        if !allowed.contains(b) {
            fail!(
                sink,
                here,
                valid,
                "enum",
                "{b} is not allowed here; use {}",
                list(allowed)
            );
        }
    }
    valid
}

/// Reports a value of the wrong JSON type.
pub(crate) fn type_mismatch<S: Sink>(
    expected: &str,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    sink.fail(here, "type", || {
        format!("expected {expected}, found {}", describe(value))
    });
    false
}

/// A short description of a value for messages: never the whole of a large
/// value.
pub(crate) fn describe(value: &Value) -> String {
    const SHOWN: usize = 40;
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {}", quote(s, SHOWN)),
        Value::Array(items) => format!("an array of {} items", items.len()),
        Value::Object(map) => format!("an object with {} properties", map.len()),
    }
}

/// `s` as a JSON string literal, cut after `limit` characters.
pub(crate) fn quote(s: &str, limit: usize) -> String {
    match s.char_indices().nth(limit) {
        None => Value::String(s.to_owned()).to_string(),
        Some((cut, _)) => format!("{}…", Value::String(s[..cut].to_owned())),
    }
}

/// The allowed values, for an `enum` message.
pub(crate) fn list<T: serde::Serialize>(allowed: &[T]) -> String {
    const SHOWN: usize = 10;
    let shown: Vec<String> = allowed
        .iter()
        .take(SHOWN)
        .map(|value| serde_json::to_string(value).unwrap_or_default())
        .collect();
    let more = allowed.len().saturating_sub(SHOWN);
    let prefix = if allowed.len() == 1 { "" } else { "one of " };
    if more > 0 {
        format!("{prefix}{} (and {more} more)", shown.join(", "))
    } else {
        format!("{prefix}{}", shown.join(", "))
    }
}

/// Whether `node` accepts `value` (for lint).
pub(crate) fn node_accepts(schema_node: &SchemaNode, value: &Value) -> bool {
    let here = Here {
        instance: &Trail::ROOT,
        schema: &Trail::ROOT,
    };
    node(
        schema_node,
        &Plan::of(schema_node),
        value,
        here,
        &mut FailFast,
    )
}

/// Every failure of `value` against `node`, located relative to both.
pub(crate) fn node_errors(schema_node: &SchemaNode, value: &Value) -> Vec<ValidationError> {
    planned_node_errors(schema_node, &Plan::of(schema_node), value)
}

fn planned_node_errors(
    schema_node: &SchemaNode,
    plan: &Plan,
    value: &Value,
) -> Vec<ValidationError> {
    let here = Here {
        instance: &Trail::ROOT,
        schema: &Trail::ROOT,
    };
    let mut sink = Collect::default();
    node(schema_node, plan, value, here, &mut sink);
    sink.errors
}

/// Checks `value` against an object node (the root).
pub(crate) fn object_node<S: Sink>(
    root: &crate::schema::ObjectNode,
    plan: &ObjectPlan,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    object::check(root, plan, value, here, sink)
}
