//! [`Change`]: one thing a bridge did to a schema or to arguments.
//!
//! Every bridge across the subset's edge - conversion into the subset,
//! export to a provider, tolerant intake of arguments - reports each change
//! it makes as a [`Change`], and changes nothing else. A change says where
//! it happened (a JSON Pointer into the document the bridge read), what it
//! was (a stable [`ChangeCode`]), and what it did to the set of accepted
//! values (its [`Effect`]).
//!
//! The effect belongs to the code, as a [`Diagnostic`](crate::Diagnostic)'s
//! severity belongs to its code: where one rewrite can keep or lose meaning
//! depending on the case (an exclusive bound on an integer or on a number),
//! it has one code per case. So a caller that matches on codes knows the
//! effect, and the documentation of each code can state it.

use std::fmt;

use serde::ser::{Serialize, SerializeStruct, Serializer};

/// What a change did to the set of values a schema accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Effect {
    /// The result accepts exactly the values the source accepted: a change
    /// of form only.
    Lossless,
    /// The result accepts values the source refused: a constraint was
    /// dropped, and the handler must check it itself.
    Widens,
    /// The result refuses values the source accepted.
    Narrows,
}

impl Effect {
    /// `"lossless"`, `"widens"` or `"narrows"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Effect::Lossless => "lossless",
            Effect::Widens => "widens",
            Effect::Narrows => "narrows",
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Effect {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// How serious a change is. Almost every change is a `Note`: the bridge did
/// it and says so. An `Error` says the result will not work where it is
/// going (a provider's documented limit is exceeded), although the bridge
/// still produced it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChangeSeverity {
    /// The change was made; the result is usable.
    Note,
    /// The result breaks a rule of its destination.
    Error,
}

impl ChangeSeverity {
    /// `"note"` or `"error"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeSeverity::Note => "note",
            ChangeSeverity::Error => "error",
        }
    }
}

impl fmt::Display for ChangeSeverity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! change_codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $effect:ident, $severity:ident;)*) => {
        /// What a change was. Each code has a stable snake_case name (see
        /// [`ChangeCode::as_str`]) that tools may match on, one [`Effect`]
        /// and one [`ChangeSeverity`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum ChangeCode {
            $($(#[$doc])* $variant,)*
        }

        impl ChangeCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ChangeCode] = &[$(ChangeCode::$variant,)*];

            /// The stable snake_case name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ChangeCode::$variant => $name,)*
                }
            }

            /// What every change with this code does to the accepted values.
            pub fn effect(self) -> Effect {
                match self {
                    $(ChangeCode::$variant => Effect::$effect,)*
                }
            }

            /// How serious every change with this code is.
            pub fn severity(self) -> ChangeSeverity {
                match self {
                    $(ChangeCode::$variant => ChangeSeverity::$severity,)*
                }
            }
        }
    };
}

// One section per bridge, so that each keeps its codes together.
change_codes! {
    // Conversion into the subset (`convert`).

    // Export to a provider (`ToolArgsSchema::export`). The pointer is into
    // our schema: at the keyword that was removed or rewritten, or at the
    // node that gained one. See the crate docs, "Export to a provider".

    /// A `oneOf` whose branches no value can match twice became `anyOf`
    /// (OpenAI strict, Anthropic strict and Gemini have no `oneOf`). The
    /// branches are disjoint as `lint` decides it (no `ambiguous_one_of`),
    /// so "exactly one" and "at least one" accept the same values. Nothing
    /// is left for the handler.
    OneOfToAnyOf = "one_of_to_any_of", Lossless, Note;
    /// A `oneOf` whose branches may overlap became `anyOf`: a value that two
    /// branches accept, which `oneOf` refuses, now passes the provider. The
    /// handler's `validate` still refuses it.
    OverlappingOneOfToAnyOf = "overlapping_one_of_to_any_of", Widens, Note;
    /// OpenAI strict: an optional property became required and nullable
    /// (`"type": ["T", "null"]` with `null` added to an `enum`, or a
    /// `{"type": "null"}` branch for a `oneOf` node). The model sends
    /// `null` where it would leave the property out. Lossless once
    /// [`normalize`](crate::ToolArgsSchema::normalize) has turned each such
    /// `null` back into an absent property, which the handler must call
    /// before validating.
    OptionalToNullable = "optional_to_nullable", Lossless, Note;
    /// A strict mode demands `additionalProperties: false`, which the subset
    /// cannot say: properties the schema does not name, which our schema
    /// allows, are refused by the provider. The handler sees none.
    AdditionalPropertiesFalse = "additional_properties_false", Narrows, Note;
    /// `default` was removed (OpenAI strict refuses it) and written into
    /// `description`. Guidance only: the accepted values are the same.
    DefaultToDescription = "default_to_description", Lossless, Note;
    /// `examples` was removed (OpenAI and Anthropic strict modes do not list
    /// it) and written into `description`. Guidance only.
    ExamplesToDescription = "examples_to_description", Lossless, Note;
    /// Gemini: `examples` became OpenAPI's single `example`, the first one;
    /// the others are dropped. Guidance only.
    ExamplesToExample = "examples_to_example", Lossless, Note;
    /// `minLength` was removed and written into `description`; the provider
    /// may send shorter strings. The handler's `validate` still refuses them.
    MinLengthRemoved = "min_length_removed", Widens, Note;
    /// `maxLength` was removed and written into `description`; the provider
    /// may send longer strings. The handler's `validate` still refuses them.
    MaxLengthRemoved = "max_length_removed", Widens, Note;
    /// Anthropic strict: `pattern` uses a word boundary (`\b`, `\B`), which
    /// the provider refuses; it was removed and written into `description`.
    /// The handler's `validate` still checks it.
    PatternRemoved = "pattern_removed", Widens, Note;
    /// Anthropic strict: `minimum` was removed and written into
    /// `description`. The handler's `validate` still enforces it.
    MinimumRemoved = "minimum_removed", Widens, Note;
    /// Anthropic strict: `maximum` was removed and written into
    /// `description`. The handler's `validate` still enforces it.
    MaximumRemoved = "maximum_removed", Widens, Note;
    /// Anthropic strict: `minItems` above 1 became 1 (the provider takes
    /// only 0 and 1); the value is written into `description`. The handler's
    /// `validate` still enforces the original bound.
    MinItemsLowered = "min_items_lowered", Widens, Note;
    /// Anthropic strict: `maxItems` was removed and written into
    /// `description`. The handler's `validate` still enforces it.
    MaxItemsRemoved = "max_items_removed", Widens, Note;
    /// `uniqueItems` was removed and written into `description`: no
    /// provider profile supports it. The handler's `validate` still refuses
    /// arrays with equal elements.
    UniqueItemsRemoved = "unique_items_removed", Widens, Note;
    /// Gemini: a number, integer or boolean `enum` was removed (Gemini's
    /// `enum` holds strings only) and written into `description`. The
    /// handler's `validate` still refuses other values.
    EnumRemoved = "enum_removed", Widens, Note;
    /// Gemini: a boolean `enum` listing both `true` and `false` was removed;
    /// it allowed every boolean, so nothing is lost.
    FullBooleanEnumRemoved = "full_boolean_enum_removed", Lossless, Note;
    /// Gemini: `propertyOrdering` was added, listing the properties in the
    /// schema's order, so that the model writes them in that order.
    PropertyOrderingAdded = "property_ordering_added", Lossless, Note;
    /// Gemini: an empty `properties` or `required` is left out. Gemini has
    /// been seen to refuse an object with empty `properties` ("should be
    /// non-empty for OBJECT type"), and OpenAPI 3.0 asks `required` to list
    /// at least one name; both are optional, so the same values pass.
    EmptyKeywordsOmitted = "empty_keywords_omitted", Lossless, Note;
    /// OpenAI strict: the schema has more than 5,000 object properties in
    /// all, OpenAI's documented limit; the provider will refuse it. Split
    /// the tool.
    OpenAiTooManyProperties = "openai_too_many_properties", Lossless, Error;
    /// OpenAI strict: nodes nest more than 10 levels below the root (each
    /// property, `items` and `anyOf` branch is a level), OpenAI's documented
    /// limit; the provider will refuse it. Flatten the arguments.
    OpenAiTooDeep = "openai_too_deep", Lossless, Error;
    /// OpenAI strict: more than 1,000 `enum` values in all, OpenAI's
    /// documented limit; the provider will refuse the schema.
    OpenAiTooManyEnumValues = "openai_too_many_enum_values", Lossless, Error;
    /// OpenAI strict: property names and `enum` values are longer than
    /// 120,000 characters in all, OpenAI's documented limit; the provider
    /// will refuse the schema.
    OpenAiStringsTooLong = "openai_strings_too_long", Lossless, Error;
    /// OpenAI strict: one string `enum` with more than 250 values whose
    /// values are longer than 15,000 characters in all, OpenAI's documented
    /// limit; the provider will refuse the schema.
    OpenAiEnumTooLong = "openai_enum_too_long", Lossless, Error;
    /// Anthropic strict: more than 24 optional properties, counted at every
    /// depth, Anthropic's documented limit for all strict schemas of a
    /// request together; the provider will refuse the request. The handler
    /// must also keep the sum over all strict tools of a request within it.
    AnthropicTooManyOptional = "anthropic_too_many_optional", Lossless, Error;
    /// Anthropic strict: more than 16 `anyOf` nodes (our `oneOf`s), the
    /// documented limit on union parameters for all strict schemas of a
    /// request together; the provider will refuse the request.
    AnthropicTooManyUnions = "anthropic_too_many_unions", Lossless, Error;
    /// Gemini tool definition: a tool without arguments is written without
    /// `parameters`, as Gemini's `FunctionDeclaration` documents, rather than
    /// with an object of no properties, which Gemini has been seen to refuse.
    ParametersOmitted = "parameters_omitted", Lossless, Note;

    // Tolerant intake of arguments (`ToolArgsSchema::coerce`).
}

impl fmt::Display for ChangeCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ChangeCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One thing a bridge did.
///
/// Serializes as `{"pointer","code","effect","message"}`, plus
/// `"severity": "error"` for the rare change whose code is an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Where: a JSON Pointer (RFC 6901) into the document the bridge read -
    /// the source schema for a conversion, our schema for an export, the
    /// arguments for tolerant intake.
    pub pointer: String,
    /// What was done.
    pub code: ChangeCode,
    /// What it did to the accepted values; always `code.effect()`.
    pub effect: Effect,
    /// What was done and, where something was lost, what the handler must
    /// now check itself.
    pub message: String,
}

impl Change {
    /// A change with `code`'s effect.
    pub fn new(code: ChangeCode, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Change {
            pointer: pointer.into(),
            code,
            effect: code.effect(),
            message: message.into(),
        }
    }

    /// How serious the change is: `code.severity()`.
    pub fn severity(&self) -> ChangeSeverity {
        self.code.severity()
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pointer = if self.pointer.is_empty() {
            "(root)"
        } else {
            &self.pointer
        };
        write!(
            f,
            "{}[{}] {} at {}: {}",
            self.severity(),
            self.code,
            self.effect,
            pointer,
            self.message
        )
    }
}

impl Serialize for Change {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let is_error = self.severity() == ChangeSeverity::Error;
        let mut s = serializer.serialize_struct("Change", 4 + usize::from(is_error))?;
        s.serialize_field("pointer", &self.pointer)?;
        s.serialize_field("code", &self.code)?;
        s.serialize_field("effect", &self.effect)?;
        s.serialize_field("message", &self.message)?;
        if is_error {
            s.serialize_field("severity", &self.severity().as_str())?;
        }
        s.end()
    }
}
