//! What the profile walks share: where the walk is and what it changed
//! ([`Walk`]), one node's JSON as it is written ([`Written`]), and the
//! rewrites that several providers need (metadata, `oneOf`, closed objects).
//!
//! Each node is an [`OrderedJson`] object: its keys are put in our
//! canonical order (`schema/order.rs`: `type` or `anyOf`, the kind's
//! keywords, children, then metadata) when it is finished, and the walks
//! write `properties` in the model's order, so the output reads like our
//! own serialization.

use std::fmt;

use serde_json::Value;

use super::limits::Tally;
use super::Exported;
use crate::change::{Change, ChangeCode};
use crate::json::OrderedJson;
use crate::pointer;
use crate::schema::{keyword_rank, Metadata, OneOfNode, SchemaNode, StringNode};
use crate::validate::pairwise_disjoint;

/// Where a walk is in our schema, the changes it has made so far, and
/// what the providers' limits count.
pub(super) struct Walk {
    pointer: String,
    changes: Vec<Change>,
    pub(super) tally: Tally,
}

impl Walk {
    pub(super) fn new() -> Self {
        Walk {
            pointer: String::new(),
            changes: Vec::new(),
            tally: Tally::default(),
        }
    }

    /// The JSON Pointer of the node being written.
    pub(super) fn at(&self) -> &str {
        &self.pointer
    }

    /// Records a change at the node being written.
    pub(super) fn change(&mut self, code: ChangeCode, message: impl Into<String>) {
        self.changes
            .push(Change::new(code, self.pointer.clone(), message));
    }

    /// Records a change at `keyword` of the node being written.
    pub(super) fn change_at(
        &mut self,
        keyword: &str,
        code: ChangeCode,
        message: impl Into<String>,
    ) {
        self.changes.push(Change::new(
            code,
            pointer::join(&self.pointer, keyword),
            message,
        ));
    }

    /// Counts the node being written as `depth` levels below the root.
    pub(super) fn count_depth(&mut self, depth: usize) {
        self.tally.depth(depth, &self.pointer);
    }

    /// Records a change made elsewhere (a limit's finding).
    pub(super) fn push(&mut self, change: Change) {
        self.changes.push(change);
    }

    /// Runs `write` with the pointer moved to `/token`.
    pub(super) fn within<R>(&mut self, token: &str, write: impl FnOnce(&mut Self) -> R) -> R {
        let length = self.pointer.len();
        pointer::push(&mut self.pointer, token);
        let result = write(self);
        self.pointer.truncate(length);
        result
    }

    /// Runs `write` with the pointer moved to `/properties/name`.
    pub(super) fn within_property<R>(
        &mut self,
        name: &str,
        write: impl FnOnce(&mut Self) -> R,
    ) -> R {
        self.within("properties", |walk| walk.within(name, write))
    }

    /// Runs `write` with the pointer moved to `/keyword/index`.
    pub(super) fn within_index<R>(
        &mut self,
        keyword: &str,
        index: usize,
        write: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let length = self.pointer.len();
        pointer::push(&mut self.pointer, keyword);
        pointer::push_index(&mut self.pointer, index);
        let result = write(self);
        self.pointer.truncate(length);
        result
    }

    /// The export of `schema`, which this walk wrote: its changes in the
    /// order they were made, then what `limits` finds in the tally (the
    /// provider's size limits exceeded).
    pub(super) fn finish(self, schema: OrderedJson, limits: fn(&Tally) -> Vec<Change>) -> Exported {
        let mut changes = self.changes;
        changes.extend(limits(&self.tally));
        Exported { schema, changes }
    }
}

/// One node's JSON while it is written, with the guidance that its
/// `description` will carry for the keywords the provider cannot take.
pub(super) struct Written {
    entries: Vec<(String, OrderedJson)>,
    guidance: Vec<String>,
}

impl Written {
    pub(super) fn new() -> Self {
        Written {
            entries: Vec::new(),
            guidance: Vec::new(),
        }
    }

    /// Sets `key` to a value of data (a type, a bound, an `enum`).
    pub(super) fn insert(&mut self, key: &str, value: impl Into<Value>) {
        self.insert_json(key, OrderedJson::from(value.into()));
    }

    /// Sets `key` to JSON the walk wrote (children, `properties`).
    pub(super) fn insert_json(&mut self, key: &str, value: OrderedJson) {
        self.entries.push((key.to_owned(), value));
    }

    /// Sets `key` when there is a value.
    pub(super) fn insert_some<T: Into<Value>>(&mut self, key: &str, value: Option<T>) {
        if let Some(value) = value {
            self.insert(key, value);
        }
    }

    /// Adds `keyword: value` to the guidance written into `description`.
    pub(super) fn guide(&mut self, keyword: &str, values: &[Value]) {
        let values: Vec<String> = values.iter().map(Value::to_string).collect();
        self.guidance
            .push(format!("{keyword}: {}", values.join(", ")));
    }

    /// Leaves out a keyword the provider does not support (a `widens`
    /// change at the keyword): its value goes into `description`, so the
    /// model still reads it, and the handler's `validate` still enforces it.
    pub(super) fn drop_constraint<'a>(
        &mut self,
        walk: &mut Walk,
        keyword: &str,
        value: impl Into<Value>,
        code: ChangeCode,
        provider: impl Into<Lacks<'a>>,
    ) {
        let value = value.into();
        let lacks = provider.into();
        walk.change_at(
            keyword,
            code,
            format!(
                "`{keyword}` ({value}) removed: {lacks}; it is written into `description`, and \
                 the handler's `validate` still enforces it"
            ),
        );
        self.guide(keyword, &[value]);
    }

    /// Leaves out `minLength` and `maxLength`, as [`drop_constraint`](Self::drop_constraint) does.
    pub(super) fn drop_lengths(&mut self, walk: &mut Walk, node: &StringNode, lacks: Lacks<'_>) {
        if let Some(min) = node.min_length {
            let code = ChangeCode::MinLengthRemoved;
            self.drop_constraint(walk, "minLength", min, code, lacks);
        }
        if let Some(max) = node.max_length {
            let code = ChangeCode::MaxLengthRemoved;
            self.drop_constraint(walk, "maxLength", max, code, lacks);
        }
    }

    /// Writes the metadata as `rules` says, the guidance after the
    /// description, and returns the node's JSON, its keys in the canonical
    /// keyword order.
    pub(super) fn finish(
        mut self,
        walk: &mut Walk,
        meta: &Metadata,
        rules: MetaRules,
    ) -> OrderedJson {
        let mut tail = Vec::new();
        if let Some(default) = &meta.default {
            if rules.keep_default {
                tail.push(("default", default.clone()));
            } else {
                walk.change_at(
                    "default",
                    ChangeCode::DefaultToDescription,
                    format!(
                        "`default` removed: it is not in {}'s documented subset; its value is \
                         written into `description`",
                        rules.provider
                    ),
                );
                self.guide("default", std::slice::from_ref(default));
            }
        }
        self.write_examples(walk, &meta.examples, &rules, &mut tail);
        let description = match (&meta.description, self.guidance.is_empty()) {
            (description, true) => description.clone(),
            (Some(description), false) => {
                Some(format!("{description}\n\n{}", self.guidance.join("; ")))
            }
            (None, false) => Some(self.guidance.join("; ")),
        };
        self.insert_some("description", description);
        for (key, value) in tail {
            self.insert(key, value);
        }
        // A stable sort: each keyword is written once, so only the ranks
        // decide, and a key outside the list (none) keeps its place.
        self.entries.sort_by_key(|(key, _)| keyword_rank(key));
        OrderedJson::object(self.entries)
    }

    fn write_examples(
        &mut self,
        walk: &mut Walk,
        examples: &[Value],
        rules: &MetaRules,
        tail: &mut Vec<(&'static str, Value)>,
    ) {
        let Some(first) = examples.first() else {
            return;
        };
        match rules.examples {
            Examples::ToDescription => {
                walk.change_at(
                    "examples",
                    ChangeCode::ExamplesToDescription,
                    format!(
                        "`examples` removed: it is not in {}'s documented subset; the \
                         examples are written into `description`",
                        rules.provider
                    ),
                );
                self.guide("examples", examples);
            }
            Examples::FirstAsExample => {
                let dropped = examples.len() - 1;
                walk.change_at(
                    "examples",
                    ChangeCode::ExamplesToExample,
                    format!(
                        "`examples` became OpenAPI's single `example`, the first one \
                         ({dropped} more dropped)"
                    ),
                );
                tail.push(("example", first.clone()));
            }
            Examples::Keep => tail.push(("examples", Value::Array(examples.to_vec()))),
        }
    }
}

/// Why a provider goes without a keyword, as a change message says it:
/// the provider's documentation says it does not support it, or lists
/// what it supports and leaves the keyword out (OpenAI's "supported
/// schemas": a refusal that no one has seen is not claimed).
#[derive(Clone, Copy)]
pub(super) enum Lacks<'a> {
    /// "`provider` does not support it".
    Unsupported(&'a str),
    /// "it is not in `provider`'s documented subset".
    Undocumented(&'a str),
}

impl<'a> From<&'a str> for Lacks<'a> {
    fn from(provider: &'a str) -> Self {
        Lacks::Unsupported(provider)
    }
}

impl<'a> From<&'a String> for Lacks<'a> {
    fn from(provider: &'a String) -> Self {
        Lacks::Unsupported(provider)
    }
}

impl fmt::Display for Lacks<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lacks::Unsupported(provider) => write!(f, "{provider} does not support it"),
            Lacks::Undocumented(provider) => {
                write!(f, "it is not in {provider}'s documented subset")
            }
        }
    }
}

/// What a provider does with the metadata keywords.
#[derive(Clone, Copy)]
pub(super) struct MetaRules {
    /// The provider, as change messages name it.
    pub provider: &'static str,
    /// Whether `default` stays; if not, it goes into `description`.
    pub keep_default: bool,
    /// What becomes of `examples`.
    pub examples: Examples,
}

/// What becomes of `examples`.
#[derive(Clone, Copy)]
pub(super) enum Examples {
    /// Removed, and written into `description`.
    ToDescription,
    /// OpenAPI's single `example`: the first one.
    FirstAsExample,
    /// Kept as it is: JSON Schema's annotation, which engines ignore.
    Keep,
}

/// The branches of a `oneOf`, each written by `branch`, for an `anyOf`;
/// records the rewrite: lossless when the model's disjointness check
/// (`validate/disjoint.rs`) proves the branches disjoint, widening
/// otherwise.
pub(super) fn any_of(
    walk: &mut Walk,
    one_of: &OneOfNode,
    provider: &str,
    branch: impl FnMut(&mut Walk, &SchemaNode) -> OrderedJson,
) -> Vec<OrderedJson> {
    let why = format!("{provider} has no `oneOf`");
    any_of_because(walk, one_of, &why, branch)
}

/// [`any_of`] for a provider whose reason is not a missing `oneOf` (one
/// that reads `oneOf` as `anyOf`): `why` is the reason the messages give.
pub(super) fn any_of_because(
    walk: &mut Walk,
    one_of: &OneOfNode,
    why: &str,
    mut branch: impl FnMut(&mut Walk, &SchemaNode) -> OrderedJson,
) -> Vec<OrderedJson> {
    if pairwise_disjoint(&one_of.branches) {
        walk.change_at(
            "oneOf",
            ChangeCode::OneOfToAnyOf,
            format!(
                "`oneOf` became `anyOf` ({why}); no value can match two branches, so both \
                 accept the same values"
            ),
        );
    } else {
        walk.change_at(
            "oneOf",
            ChangeCode::OverlappingOneOfToAnyOf,
            format!(
                "`oneOf` became `anyOf` ({why}); a value that two branches accept now passes \
                 the provider, and the handler's `validate` still refuses it"
            ),
        );
    }
    one_of
        .branches
        .iter()
        .enumerate()
        .map(|(index, node)| walk.within_index("oneOf", index, |walk| branch(walk, node)))
        .collect()
}

/// Records `additionalProperties: false`, which a strict mode demands (the
/// caller writes it after the properties).
pub(super) fn closed_object(walk: &mut Walk, provider: &str) {
    walk.change(
        ChangeCode::AdditionalPropertiesFalse,
        format!(
            "`additionalProperties: false` added, as {provider} demands: properties the schema \
             does not name are refused by the provider"
        ),
    );
}
