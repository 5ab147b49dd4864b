//! Each profile's rules, re-stated from the pages the `export` module docs
//! cite: which keywords it may write, which it keeps, and what becomes of
//! `enum`, `required`, empty objects and the metadata. The walk in
//! `mod.rs` reads them.

use pedelec_schema::Profile;
use pedelec_testdata::SUBSET_KEYWORDS;

/// The profile whose schema rules `profile` follows: OpenAI documents one
/// strict mode for its Responses API and its Chat Completions, so
/// `OpenAiChat` writes the schemas `OpenAiStrict` writes (only the tool
/// around them differs); every other profile is its own.
pub fn schema_rules(profile: Profile) -> Profile {
    match profile {
        Profile::OpenAiChat => Profile::OpenAiStrict,
        profile => profile,
    }
}

/// The keywords each profile may write.
pub fn allowed(profile: Profile) -> Vec<&'static str> {
    if profile == Profile::Gemini {
        // The subset's keywords, with `anyOf` for `oneOf` and Gemini's
        // `propertyOrdering`: the listed ones, and those the pages are
        // silent on.
        return SUBSET_KEYWORDS
            .iter()
            .map(|&keyword| if keyword == "oneOf" { "anyOf" } else { keyword })
            .chain(["propertyOrdering"])
            .collect();
    }
    let listed: &[&str] = match profile {
        Profile::OpenAiStrict => &[
            "type",
            "enum",
            "pattern",
            "minimum",
            "maximum",
            "items",
            "minItems",
            "maxItems",
            "properties",
            "required",
            "additionalProperties",
            "anyOf",
            "description",
        ],
        Profile::AnthropicStrict => &[
            "type",
            "enum",
            "pattern",
            "items",
            "minItems",
            "properties",
            "required",
            "additionalProperties",
            "anyOf",
            "description",
            "default",
        ],
        Profile::GeminiOpenApi => &[
            "type",
            "description",
            "enum",
            "items",
            "minItems",
            "maxItems",
            "properties",
            "required",
            "minLength",
            "maxLength",
            "pattern",
            "minimum",
            "maximum",
            "anyOf",
            "default",
            "example",
            "nullable",
            "propertyOrdering",
        ],
        _ => SUBSET_KEYWORDS,
    };
    listed.to_vec()
}

/// Whether `profile` is one of the local constrained-decoding engines.
pub fn is_engine(profile: Profile) -> bool {
    matches!(
        profile,
        Profile::Llguidance | Profile::Xgrammar | Profile::Outlines | Profile::LlamaCpp
    )
}

/// Whether `profile` is one of Gemini's two fields.
pub fn is_gemini(profile: Profile) -> bool {
    matches!(profile, Profile::Gemini | Profile::GeminiOpenApi)
}

/// Whether `minLength` and `maxLength` stay (the strict modes remove them).
pub fn keeps_lengths(profile: Profile) -> bool {
    is_gemini(profile)
}

/// Whether `uniqueItems` stays: only where the pages are silent on it.
pub fn keeps_unique_items(profile: Profile) -> bool {
    profile == Profile::Gemini
}

/// Whether an `enum` on a node of `kind` (`string`, `number`, `integer`,
/// `boolean`) stays: Gemini's JSON Schema takes it "for strings and
/// numbers", its OpenAPI schema for strings only.
pub fn keeps_enum(profile: Profile, kind: &str) -> bool {
    match profile {
        Profile::Gemini => kind != "boolean",
        Profile::GeminiOpenApi => kind == "string",
        _ => true,
    }
}

/// Whether an object closes with `additionalProperties: false`.
pub fn closes_objects(profile: Profile) -> bool {
    matches!(profile, Profile::OpenAiStrict | Profile::AnthropicStrict)
}

/// Whether an empty `properties` and `required` are left out (OpenAPI).
pub fn omits_empty_keywords(profile: Profile) -> bool {
    profile == Profile::GeminiOpenApi
}

/// What becomes of `examples`.
pub enum ExamplesRule {
    /// Moved into `description`.
    ToDescription,
    /// OpenAPI's single `example`: the first one.
    FirstAsExample,
    /// Kept as they are.
    Keep,
}

/// What `profile` does with `examples`: OpenAPI has one `example`, the
/// strict modes do not list the keyword, and Gemini's JSON Schema pages
/// are silent on it.
pub fn examples_rule(profile: Profile) -> ExamplesRule {
    match profile {
        Profile::GeminiOpenApi => ExamplesRule::FirstAsExample,
        Profile::Gemini => ExamplesRule::Keep,
        _ => ExamplesRule::ToDescription,
    }
}
