//! Runtime validation: one walk over the schema tree, per node kind.
//!
//! The walk is written once, generic over a [`Sink`]. `is_valid` runs it
//! with a sink that stops at the first failure; `validate` with one that
//! collects every failure with its locations and message. Locations are
//! kept as linked lists of borrowed segments on the stack ([`Trail`]), and a
//! message is formatted only when a failure is recorded, so validating a
//! valid value allocates nothing.
//!
//! What can be prepared once per schema (object lookups, number bounds) is
//! kept in a [`Plan`] beside the model; see `plan.rs`.
//!
//! Recursion follows the schema, which is at most [`MAX_DEPTH`](crate::MAX_DEPTH)
//! deep, so no value - however deeply nested - can overflow the stack.

mod array;
mod boolean;
mod equality;
mod error;
mod number;
mod object;
mod one_of;
mod plan;
mod string;

use std::fmt::{self, Write};

use serde_json::Value;

use crate::message::Described;
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
        let mut pointer = String::with_capacity(self.len_hint());
        self.write(&mut pointer);
        pointer
    }

    /// The pointer to `keyword` of the node here.
    pub(crate) fn keyword_pointer(&self, keyword: &str) -> String {
        let mut pointer = String::with_capacity(self.len_hint() + 1 + keyword.len());
        self.write(&mut pointer);
        crate::pointer::push(&mut pointer, keyword);
        pointer
    }

    /// Appends the pointer, root first.
    fn write(&self, pointer: &mut String) {
        if let Some(parent) = self.parent {
            parent.write(pointer);
        }
        match self.segment {
            Some(Segment::Key(key)) => crate::pointer::push(pointer, key),
            Some(Segment::Index(index)) => crate::pointer::push_index(pointer, index),
            None => {}
        }
    }

    /// About how long the pointer is, so it is built in one allocation.
    fn len_hint(&self) -> usize {
        let own = match self.segment {
            Some(Segment::Key(key)) => key.len() + 1,
            Some(Segment::Index(_)) => 4,
            None => 0,
        };
        own + self.parent.map_or(0, Trail::len_hint)
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
    /// The message is only formatted by a sink that keeps it.
    fn fail(&mut self, here: Here<'_>, keyword: &'static str, message: fmt::Arguments<'_>);
}

/// The `is_valid` sink: remembers nothing, stops at once.
pub(crate) struct FailFast;

impl Sink for FailFast {
    const FAIL_FAST: bool = true;

    fn fail(&mut self, _: Here<'_>, _: &'static str, _: fmt::Arguments<'_>) {}
}

/// The `validate` sink: every failure, in walk order.
#[derive(Default)]
pub(crate) struct Collect {
    pub(crate) errors: Vec<ValidationError>,
}

impl Sink for Collect {
    const FAIL_FAST: bool = false;

    fn fail(&mut self, here: Here<'_>, keyword: &'static str, message: fmt::Arguments<'_>) {
        /// Most messages fit, so most are written without growing.
        const MESSAGE_CAPACITY: usize = 96;
        let mut text = String::with_capacity(MESSAGE_CAPACITY);
        text.write_fmt(message)
            .expect("writing to a String cannot fail");
        self.errors.push(ValidationError {
            path: here.instance.pointer(),
            schema_path: here.schema.keyword_pointer(keyword),
            keyword,
            message: text,
        });
    }
}

/// Records a failure; in fail-fast mode, returns `false` from the caller.
macro_rules! fail {
    ($sink:expr, $here:expr, $valid:ident, $keyword:expr, $($message:tt)+) => {{
        $sink.fail($here, $keyword, format_args!($($message)+));
        $valid = false;
        if S::FAIL_FAST {
            return false;
        }
    }};
}
pub(crate) use fail;

/// Checks a child value (a property or an array element): leaves are
/// checked right here, in the caller's loop, and only containers pay for a
/// call. Most values in tool arguments are leaves.
#[inline(always)]
pub(crate) fn child<S: Sink>(
    schema_node: &SchemaNode,
    plan: &Plan,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    match (schema_node, plan) {
        (SchemaNode::String(string), _) => string::check(string, value, here, sink),
        (SchemaNode::Number(number), Plan::Number(bounds)) => {
            number::check(number, bounds, false, value, here, sink)
        }
        (SchemaNode::Integer(number), Plan::Number(bounds)) => {
            number::check(number, bounds, true, value, here, sink)
        }
        (SchemaNode::Boolean(boolean), _) => boolean::check(boolean, value, here, sink),
        _ => node(schema_node, plan, value, here, sink),
    }
}

/// Checks `value` against `node`, whose prepared form is `plan`; returns
/// whether it passed.
pub(crate) fn node<S: Sink>(
    node: &SchemaNode,
    plan: &Plan,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    match node {
        SchemaNode::String(string) => string::check(string, value, here, sink),
        SchemaNode::Number(number) | SchemaNode::Integer(number) => {
            let integer = matches!(node, SchemaNode::Integer(_));
            match plan {
                Plan::Number(bounds) => number::check(number, bounds, integer, value, here, sink),
                _ => replan(node, value, here, sink),
            }
        }
        SchemaNode::Boolean(boolean) => boolean::check(boolean, value, here, sink),
        SchemaNode::Array(array) => match plan {
            Plan::Array(items) => array::check(array, items, value, here, sink),
            _ => replan(node, value, here, sink),
        },
        SchemaNode::Object(object) => match plan {
            Plan::Object(plan) => object::check(object, plan, value, here, sink),
            _ => replan(node, value, here, sink),
        },
        SchemaNode::OneOf(one_of) => match plan {
            Plan::OneOf(plans) => one_of::check(one_of, plans, value, here, sink),
            _ => replan(node, value, here, sink),
        },
    }
}

/// A plan always mirrors its node; should one not, plan afresh rather than
/// guess.
#[cold]
fn replan<S: Sink>(schema_node: &SchemaNode, value: &Value, here: Here<'_>, sink: &mut S) -> bool {
    node(schema_node, &Plan::of(schema_node), value, here, sink)
}

/// Reports a value of the wrong JSON type.
#[cold]
pub(crate) fn type_mismatch<S: Sink>(
    expected: &str,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    sink.fail(
        here,
        "type",
        format_args!("expected {expected}, found {}", Described(value)),
    );
    false
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
