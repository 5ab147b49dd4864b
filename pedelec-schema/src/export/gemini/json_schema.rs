//! The rules of Gemini's `FunctionDeclaration.parametersJsonSchema`, JSON
//! Schema: our schema with `oneOf` written as `anyOf` (Gemini reads it
//! so), no boolean `enum` (Gemini's `enum` is for strings and numbers) and
//! `propertyOrdering` in the schema's order. Every other keyword of the
//! subset stays: those Gemini documents, and those its pages do not name
//! (the module docs, "Gemini", list which).

use super::Rules;
use crate::export::emit::{Examples, MetaRules};

pub(super) const RULES: Rules = Rules {
    meta: MetaRules {
        provider: "Gemini",
        // Neither is on Google's lists, and neither is said to be refused:
        // the docs are silent, so they stay (JSON Schema annotations).
        keep_default: true,
        examples: Examples::Keep,
    },
    // "`enum` (for strings and numbers)".
    enum_holds: "Gemini's `enum` holds strings and numbers only",
    enum_lacked_by: "Gemini (whose `enum` holds strings and numbers only)",
    number_enum: true,
    // Not on the lists, not said to be refused: kept.
    unique_items: true,
    // JSON Schema takes them empty, and Google's gemini-cli declares its
    // tools without arguments with `"properties": {}`.
    empty_keywords: true,
    // "`oneOf` (interpreted the same as `anyOf`)": `anyOf` says what it
    // enforces, and the change says whether that is all `oneOf` said.
    one_of: "Gemini reads `oneOf` as `anyOf`",
};
