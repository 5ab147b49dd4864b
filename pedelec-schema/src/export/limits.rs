//! The providers' documented size limits, counted while a walk writes the
//! schema, and the error-severity changes that report them exceeded.
//!
//! What is counted follows OpenAI's own schema checker in its Java SDK
//! (`JsonSchemaValidator`), where the documentation leaves it open: every
//! property, `items` and `anyOf` branch is one level of nesting below the
//! root; `enum` values that are not strings count with the length of their
//! JSON text. Lengths are in characters (Unicode scalar values).

use crate::change::{Change, ChangeCode};

/// OpenAI: object properties in the whole schema.
pub(super) const OPENAI_MAX_PROPERTIES: usize = 5_000;
/// OpenAI: levels of nesting below the root.
pub(super) const OPENAI_MAX_DEPTH: usize = 10;
/// OpenAI: `enum` values in the whole schema.
pub(super) const OPENAI_MAX_ENUM_VALUES: usize = 1_000;
/// OpenAI: characters of property names and `enum` values in all.
pub(super) const OPENAI_MAX_STRING_CHARS: usize = 120_000;
/// OpenAI: a string `enum` with more values than this...
pub(super) const OPENAI_LONG_ENUM_VALUES: usize = 250;
/// ...may hold at most this many characters.
pub(super) const OPENAI_LONG_ENUM_CHARS: usize = 15_000;
/// Anthropic: optional properties in all strict schemas of a request.
pub(super) const ANTHROPIC_MAX_OPTIONAL: usize = 24;
/// Anthropic: union (`anyOf`) parameters in all strict schemas of a request.
pub(super) const ANTHROPIC_MAX_UNIONS: usize = 16;

/// What the limits count, gathered during one walk.
#[derive(Debug, Default)]
pub(super) struct Tally {
    properties: usize,
    optional: usize,
    unions: usize,
    enum_values: usize,
    string_chars: usize,
    /// The first node nested deeper than OpenAI allows, with its depth.
    too_deep: Option<(String, usize)>,
}

impl Tally {
    /// A property named `name`, optional or not.
    pub(super) fn property(&mut self, name: &str, optional: bool) {
        self.properties += 1;
        self.optional += usize::from(optional);
        self.string_chars += name.chars().count();
    }

    /// An `anyOf` node.
    pub(super) fn union(&mut self) {
        self.unions += 1;
    }

    /// The values of one `enum`, given by their characters (a string's own,
    /// any other value's JSON text).
    pub(super) fn enum_values(&mut self, lengths: impl IntoIterator<Item = usize>) {
        for length in lengths {
            self.enum_values += 1;
            self.string_chars += length;
        }
    }

    /// A node `depth` levels below the root, at `pointer`.
    pub(super) fn depth(&mut self, depth: usize, pointer: &str) {
        if depth > OPENAI_MAX_DEPTH && self.too_deep.is_none() {
            self.too_deep = Some((pointer.to_owned(), depth));
        }
    }

    /// The OpenAI limits this schema exceeds.
    pub(super) fn openai_findings(&self) -> Vec<Change> {
        let mut out = Vec::new();
        if let Some((pointer, depth)) = &self.too_deep {
            out.push(Change::new(
                ChangeCode::OpenAiTooDeep,
                pointer.clone(),
                format!(
                    "this node is {depth} levels below the root; OpenAI strict mode allows \
                     {OPENAI_MAX_DEPTH}: flatten the arguments"
                ),
            ));
        }
        let totals = [
            (
                self.properties,
                OPENAI_MAX_PROPERTIES,
                ChangeCode::OpenAiTooManyProperties,
                "object properties",
            ),
            (
                self.enum_values,
                OPENAI_MAX_ENUM_VALUES,
                ChangeCode::OpenAiTooManyEnumValues,
                "`enum` values",
            ),
            (
                self.string_chars,
                OPENAI_MAX_STRING_CHARS,
                ChangeCode::OpenAiStringsTooLong,
                "characters of property names and `enum` values",
            ),
        ];
        for (count, limit, code, what) in totals {
            if count > limit {
                out.push(over_limit(code, count, limit, what, "OpenAI strict mode"));
            }
        }
        out
    }

    /// The Anthropic limits this schema exceeds on its own.
    pub(super) fn anthropic_findings(&self) -> Vec<Change> {
        let totals = [
            (
                self.optional,
                ANTHROPIC_MAX_OPTIONAL,
                ChangeCode::AnthropicTooManyOptional,
                "optional properties",
            ),
            (
                self.unions,
                ANTHROPIC_MAX_UNIONS,
                ChangeCode::AnthropicTooManyUnions,
                "`anyOf` nodes",
            ),
        ];
        totals
            .into_iter()
            .filter(|(count, limit, ..)| count > limit)
            .map(|(count, limit, code, what)| {
                over_limit(
                    code,
                    count,
                    limit,
                    what,
                    "Anthropic strict mode (for all strict tools of a request together)",
                )
            })
            .collect()
    }
}

fn over_limit(code: ChangeCode, count: usize, limit: usize, what: &str, provider: &str) -> Change {
    Change::new(
        code,
        "",
        format!(
            "the schema has {count} {what}; {provider} allows {limit}, so the provider will \
             refuse it"
        ),
    )
}

/// The change for one string `enum` beyond OpenAI's per-enum limit, if it
/// is: more than 250 values holding more than 15,000 characters.
pub(super) fn openai_long_enum(values: &[String], pointer: &str) -> Option<Change> {
    let chars: usize = values.iter().map(|value| value.chars().count()).sum();
    (values.len() > OPENAI_LONG_ENUM_VALUES && chars > OPENAI_LONG_ENUM_CHARS).then(|| {
        Change::new(
            ChangeCode::OpenAiEnumTooLong,
            pointer,
            format!(
                "this `enum` has {} values of {chars} characters in all; OpenAI strict mode \
                 allows {OPENAI_LONG_ENUM_CHARS} characters for an `enum` of more than \
                 {OPENAI_LONG_ENUM_VALUES} values",
                values.len()
            ),
        )
    })
}
