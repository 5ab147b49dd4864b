//! Runtime validation.
//!
//! A schema is compiled once into a tree of [`Rule`]s, one per node, each
//! holding what its checks need ready to use: bounds as exact numbers, an
//! object's properties sorted by name with their `required` flag, and where
//! the node is in the schema for the errors reported there (`site.rs`). The
//! model stays the source of truth; rules are a derived, read-only form of
//! it (one file per node kind below), held by a [`Validator`] with the
//! schema pointers of every node, written once into one string.
//!
//! The walk is written once, generic over a [`Sink`] and over the value
//! it reads, a [`JsonView`] (`json_view.rs`): a `&Value`, or a binding's own
//! value read where it is. `is_valid` runs it with a sink that stops at
//! the first failure and records nothing; `validate` with one that
//! collects every failure. A failure is recorded as
//! a [`Failure`] (what went wrong, with the values needed to say so), the
//! node's schema span and the array indices on the way (`trail.rs`): an
//! entry of the agent-facing error document, whose types and words live in
//! `document/`, below this room. Its path and message are written only
//! when someone reads them. So collecting errors writes no string, and
//! validating a valid value allocates nothing.
//!
//! Leaves settle their common case inline in the loops of objects and
//! arrays - a number inside its bounds' interval, a string by its byte
//! length - and leave everything else to an exact, out-of-line check.
//!
//! Recursion follows the schema, which is at most [`MAX_DEPTH`](crate::MAX_DEPTH)
//! deep, so no value - however deeply nested - can overflow the stack.
//!
//! `checked_read/` checks arguments that are still JSON text, as serde reads
//! them into a type, with the same rules; its header says how, and why its
//! answers are the walk's.
//!
//! Three questions about nodes and values are answered here for the whole
//! crate: JSON equality (`equality.rs`, for `enum`, `uniqueItems` and
//! convert), whether two nodes can accept one value (`disjoint.rs`, for
//! lint and the export), and which branch of a `oneOf` owns a value
//! (`choice.rs`, for validation and every walk that follows the schema
//! down a value, which reach the compiled rules through `compiled.rs`).

mod array;
mod boolean;
mod checked_read;
mod choice;
mod compiled;
mod discriminator;
mod disjoint;
mod equality;
mod number;
mod object;
mod one_of;
mod site;
mod stream;
mod string;
mod texts;
mod trail;

use std::sync::Arc;

use serde_json::Value;

use crate::schema::{ObjectNode, SchemaNode};

use crate::document::{Failure, Found, Span, ValidationError};
use crate::json_view::{Json, JsonView};
use array::ArrayRule;
use boolean::BooleanRule;
use number::NumberRule;
use object::ObjectRule;
use one_of::OneOfRule;
use site::Pointers;
use string::StringRule;
use trail::Trail;

pub(crate) use checked_read::{read_checked, read_whole, verdict, verdict_from};
pub(crate) use compiled::{CompiledArray, CompiledNode, CompiledObject, CompiledOneOf, Kind};
pub(crate) use disjoint::{disjoint, pairwise_disjoint};
pub(crate) use equality::json_equal;
pub(crate) use stream::Checker;
pub(crate) use texts::{installed, Texts};

/// A schema node compiled for validation, with the schema pointers its
/// errors quote.
#[derive(Debug, Clone)]
pub(crate) struct Validator {
    rule: Rule,
    /// The schema pointer of every node, one after another; rules and
    /// errors refer to theirs by [`Span`].
    pointers: Arc<str>,
    /// The edges of every `minimum` and `maximum` (`texts.rs`): a value
    /// read from text with a float on one may be walked with the texts of
    /// its numbers.
    edges: texts::Edges,
}

impl Validator {
    /// Compiles a root object node.
    pub(crate) fn root(root: &ObjectNode) -> Self {
        Self::compiled(|pointers| Rule::Object(ObjectRule::compile(root, Span::ROOT, pointers)))
    }

    /// Compiles any node; its errors are located relative to it.
    pub(crate) fn of(node: &SchemaNode) -> Self {
        Self::compiled(|pointers| Rule::compile(node, Span::ROOT, pointers))
    }

    fn compiled(compile: impl FnOnce(&mut Pointers) -> Rule) -> Self {
        let mut pointers = Pointers::default();
        let rule = compile(&mut pointers);
        Validator {
            edges: texts::edges(&rule),
            rule,
            pointers: pointers.finish(),
        }
    }

    /// The texts of `value`'s floats on a bound's edge, read from `text`,
    /// which `value` was read from: for the walks of `value` to run
    /// [`installed`]. `None` where its walk needs none: it has no float on
    /// an edge (most values), or the walk decided each by the double alike
    /// whatever the text (`0.0` for a `minimum` of `0`).
    pub(crate) fn texts(&self, value: &Value, text: &str) -> Option<Texts> {
        self.texts_written(value, || text)
    }

    /// [`texts`](Self::texts), with the text written by `text` only where
    /// they are needed: for a caller that holds the value, not the text.
    pub(crate) fn texts_written<T: AsRef<str>>(
        &self,
        value: &Value,
        text: impl FnOnce() -> T,
    ) -> Option<Texts> {
        let needed = texts::has_float_on(value, &self.edges)
            && texts::watched(|| self.rule.errors(value, &self.pointers)).1;
        needed.then(|| Texts::read(text().as_ref(), value, self))
    }

    /// Whether `value` passes.
    pub(crate) fn accepts<'a, V: JsonView<'a>>(&self, value: V) -> bool {
        self.rule.accepts(value)
    }

    /// Every failure of `value`, in document order; empty if it passes.
    pub(crate) fn errors<'a, V: JsonView<'a>>(&self, value: V) -> Vec<ValidationError> {
        self.rule.errors(value, &self.pointers)
    }

    /// Every failure of `value`, as [`errors`](Self::errors) finds them,
    /// where its doubles decide: `None` where a float on the edge of a
    /// `minimum` or `maximum` was decided by its double, and its text may
    /// be on the other side of the bound.
    pub(crate) fn errors_by_doubles<'a, V: JsonView<'a>>(
        &self,
        value: V,
    ) -> Option<Vec<ValidationError>> {
        let (errors, doubted) = texts::watched(|| self.errors(value));
        (!doubted).then_some(errors)
    }
}

/// A node compiled for validation.
// An explicit tag: dispatching on it in the loops of objects and arrays is
// a jump through a table, where the niche layout needs arithmetic first.
#[derive(Debug, Clone)]
#[repr(u8)]
pub(crate) enum Rule {
    String(StringRule),
    Number(NumberRule),
    Boolean(BooleanRule),
    Array(Box<ArrayRule>),
    Object(ObjectRule),
    OneOf(OneOfRule),
}

impl Rule {
    /// Compiles `node`, whose schema pointer is `site`.
    fn compile(node: &SchemaNode, site: Span, pointers: &mut Pointers) -> Rule {
        match node {
            SchemaNode::String(string) => Rule::String(StringRule::compile(string, site)),
            SchemaNode::Number(number) => Rule::Number(NumberRule::compile(number, false, site)),
            SchemaNode::Integer(number) => Rule::Number(NumberRule::compile(number, true, site)),
            SchemaNode::Boolean(boolean) => Rule::Boolean(BooleanRule::compile(boolean, site)),
            SchemaNode::Array(array) => {
                Rule::Array(Box::new(ArrayRule::compile(array, site, pointers)))
            }
            SchemaNode::Object(object) => Rule::Object(ObjectRule::compile(object, site, pointers)),
            SchemaNode::OneOf(one_of) => Rule::OneOf(OneOfRule::compile(one_of, site, pointers)),
        }
    }

    /// Checks `value`, found at `at`; returns whether it passed.
    ///
    /// Inlined into the loops of arrays and objects, so that leaves - most
    /// values in tool arguments - are checked right there, and only
    /// containers pay for a call.
    ///
    /// The value is read here, once, and a rule is handed the part it
    /// checks; a value of another JSON type than the rule takes is its
    /// type failure, reported in one place (a `oneOf`'s branches each say
    /// theirs). A `Value` is matched as it is: read through [`Json`], the
    /// number borrowed in a `Cow` and the read's tag matched again, the
    /// walk of a `Value` took a fifth longer.
    #[inline(always)]
    fn check<'a, S: Sink, V: JsonView<'a>>(&self, value: V, at: &Trail<'_>, sink: &mut S) -> bool {
        if let Some(value) = value.as_value() {
            return match (self, value) {
                (Rule::String(rule), Value::String(text)) => rule.check(text, at, sink),
                (Rule::Number(rule), Value::Number(number)) => rule.check(number, at, sink),
                (Rule::Boolean(rule), Value::Bool(b)) => rule.check(*b, at, sink),
                (Rule::Array(rule), Value::Array(_)) => rule.check(value, at, sink),
                (Rule::Object(rule), Value::Object(_)) => rule.check(value, at, sink),
                (Rule::OneOf(rule), _) => rule.check(value, at, sink),
                _ => self.mismatch(value, at, sink),
            };
        }
        if let Rule::OneOf(rule) = self {
            return rule.check(value, at, sink);
        }
        match (self, value.read()) {
            (Rule::String(rule), Json::String(text)) => rule.check(text, at, sink),
            (Rule::Number(rule), Json::Number(number)) => rule.check(&number, at, sink),
            (Rule::Boolean(rule), Json::Bool(b)) => rule.check(b, at, sink),
            (Rule::Array(rule), Json::Array) => rule.check(value, at, sink),
            (Rule::Object(rule), Json::Object) => rule.check(value, at, sink),
            _ => self.mismatch(value, at, sink),
        }
    }

    /// Reports `value`, of another JSON type than the rule takes.
    #[cold]
    #[inline(never)]
    fn mismatch<'a, S: Sink, V: JsonView<'a>>(
        &self,
        value: V,
        at: &Trail<'_>,
        sink: &mut S,
    ) -> bool {
        self.expected()
            .is_some_and(|expected| type_mismatch(expected, value, at, self.site(), sink))
    }

    fn accepts<'a, V: JsonView<'a>>(&self, value: V) -> bool {
        self.check(value, &Trail::ROOT, &mut FailFast)
    }

    /// Where the node is in the schema.
    fn site(&self) -> Span {
        match self {
            Rule::String(rule) => rule.site(),
            Rule::Number(rule) => rule.site(),
            Rule::Boolean(rule) => rule.site(),
            Rule::Array(rule) => rule.site(),
            Rule::Object(rule) => rule.site(),
            Rule::OneOf(rule) => rule.site(),
        }
    }

    /// The JSON type the rule takes, as its type failure names it; `None`
    /// for a `oneOf`, whose branches say.
    fn expected(&self) -> Option<&'static str> {
        match self {
            Rule::String(_) => Some(string::EXPECTED),
            Rule::Number(rule) => Some(rule.expected()),
            Rule::Boolean(_) => Some(boolean::EXPECTED),
            Rule::Array(_) => Some(array::EXPECTED),
            Rule::Object(_) => Some(object::EXPECTED),
            Rule::OneOf(_) => None,
        }
    }

    fn errors<'a, V: JsonView<'a>>(&self, value: V, pointers: &Arc<str>) -> Vec<ValidationError> {
        self.first_errors(value, pointers, 0, usize::MAX).0
    }

    /// The first `kept` failures of `value`, and how many there are,
    /// located relative to `value`. `start` is the length of this node's
    /// own schema pointer, which the pointers of the nodes below it extend.
    fn first_errors<'a, V: JsonView<'a>>(
        &self,
        value: V,
        pointers: &Arc<str>,
        start: usize,
        kept: usize,
    ) -> (Vec<ValidationError>, usize) {
        let mut sink = Collect {
            pointers,
            start,
            errors: Vec::new(),
            kept,
            count: 0,
        };
        self.check(value, &Trail::ROOT, &mut sink);
        (sink.errors, sink.count)
    }
}

/// Receives failures.
trait Sink {
    /// Whether the walk may stop at the first failure.
    const FAIL_FAST: bool;

    /// Records that the node at `site` rejected the value at `at`. The
    /// failure is only built by a sink that keeps it, and is given the
    /// schema pointers (a `oneOf` failure locates its branches' errors in
    /// them).
    fn fail(&mut self, at: &Trail<'_>, site: Span, failure: impl FnOnce(&Arc<str>) -> Failure);
}

/// The `is_valid` sink: remembers nothing, stops at once.
struct FailFast;

impl Sink for FailFast {
    const FAIL_FAST: bool = true;

    #[inline(always)]
    fn fail(&mut self, _: &Trail<'_>, _: Span, _: impl FnOnce(&Arc<str>) -> Failure) {}
}

/// The `validate` sink: every failure, in walk order; past the first
/// `kept`, only counted.
struct Collect<'a> {
    pointers: &'a Arc<str>,
    /// The length of the schema pointer of the node the walk started at.
    start: usize,
    errors: Vec<ValidationError>,
    kept: usize,
    count: usize,
}

impl Sink for Collect<'_> {
    const FAIL_FAST: bool = false;

    fn fail(&mut self, at: &Trail<'_>, site: Span, failure: impl FnOnce(&Arc<str>) -> Failure) {
        /// Room for the errors of most invalid calls at the first one, so
        /// the list does not grow one doubling at a time (and a valid call
        /// still allocates nothing).
        const FIRST_CAPACITY: usize = 8;
        self.count += 1;
        if self.errors.len() >= self.kept {
            return;
        }
        if self.errors.capacity() == 0 {
            self.errors.reserve_exact(FIRST_CAPACITY.min(self.kept));
        }
        let failure = failure(self.pointers);
        self.errors.push(ValidationError::new(
            at.indices(),
            Arc::clone(self.pointers),
            site,
            self.start,
            failure,
        ));
    }
}

/// Marks the node being checked invalid (`$valid = false`); in fail-fast
/// mode, returns `false` from the caller at once. Every check ends a
/// failure this way, so that `is_valid` stops at the first one.
macro_rules! invalid {
    ($valid:ident) => {{
        $valid = false;
        if S::FAIL_FAST {
            return false;
        }
    }};
}
pub(crate) use invalid;

/// Records a failure, then [`invalid!`].
macro_rules! fail {
    ($sink:expr, $at:expr, $site:expr, $valid:ident, $failure:expr) => {{
        $sink.fail($at, $site, |_| $failure);
        $crate::validate::invalid!($valid)
    }};
}
use fail;

/// Reports a value of the wrong JSON type.
#[cold]
#[inline(never)]
fn type_mismatch<'a, S: Sink, V: JsonView<'a>>(
    expected: &'static str,
    value: V,
    at: &Trail<'_>,
    site: Span,
    sink: &mut S,
) -> bool {
    sink.fail(at, site, |_| Failure::Type {
        expected,
        found: Found::of_view(value),
    });
    false
}

/// Whether `node` accepts `value`, compiling `node` for the one question:
/// for nodes that no [`Validator`] holds (convert's probe, whose nodes are
/// being built). Walks of a built schema ask its own compiled rules
/// (`compiled.rs`).
pub(crate) fn node_accepts(node: &SchemaNode, value: &Value) -> bool {
    Validator::of(node).accepts(value)
}

/// Every failure of `value` against `node`, located relative to both.
pub(crate) fn node_errors(node: &SchemaNode, value: &Value) -> Vec<ValidationError> {
    Validator::of(node).errors(value)
}
