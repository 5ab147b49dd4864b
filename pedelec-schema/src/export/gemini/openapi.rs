//! The rules of Gemini's `FunctionDeclaration.parameters`, an OpenAPI 3.0
//! subset (for Vertex AI and clients older than `parametersJsonSchema`):
//! `oneOf` as `anyOf`, `examples` as the single `example`, no
//! `uniqueItems`, `enum` on strings only, `propertyOrdering` in the
//! schema's order, and no empty `properties` or `required`.

use super::Rules;
use crate::export::emit::{Examples, MetaRules};

pub(super) const RULES: Rules = Rules {
    meta: MetaRules {
        provider: "Gemini's OpenAPI schema",
        keep_default: true,
        // OpenAPI 3.0 has one `example`.
        examples: Examples::FirstAsExample,
    },
    // `Schema.enum`: "Possible values of the element of Type.STRING with
    // enum format".
    enum_holds: "Gemini's OpenAPI `enum` holds strings only",
    enum_lacked_by: "Gemini's OpenAPI schema (whose `enum` holds strings only)",
    // No page says what a call's arguments hold for a number written as a
    // string `enum` value (see the module docs, "Gemini (OpenAPI)"), so it
    // could not be read back: removed.
    number_enum: false,
    // Not in OpenAPI 3.0's `Schema` as Gemini lists it.
    unique_items: false,
    // Gemini has been seen to refuse an object with empty `properties`,
    // and OpenAPI 3.0 asks `required` to name at least one property.
    empty_keywords: false,
    one_of: "Gemini's OpenAPI schema has no `oneOf`",
};
