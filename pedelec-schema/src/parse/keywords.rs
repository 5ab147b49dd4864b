//! What every key of a schema node may be: a subset keyword (and for which
//! node kinds), a JSON Schema keyword the subset leaves out (and what to do
//! instead), or neither.

use crate::schema::NodeKind;

/// Keywords every node may carry, `oneOf` nodes included.
pub(crate) const METADATA: &[&str] = &["description", "default", "examples"];

const ENUM_KINDS: &[NodeKind] = &[
    NodeKind::String,
    NodeKind::Number,
    NodeKind::Integer,
    NodeKind::Boolean,
];
const STRING: &[NodeKind] = &[NodeKind::String];
const NUMBERS: &[NodeKind] = &[NodeKind::Number, NodeKind::Integer];
const ARRAY: &[NodeKind] = &[NodeKind::Array];
const OBJECT: &[NodeKind] = &[NodeKind::Object];

/// The subset keywords that belong to one node kind (or a few).
pub(crate) const KIND_KEYWORDS: &[(&str, &[NodeKind])] = &[
    ("enum", ENUM_KINDS),
    ("minLength", STRING),
    ("maxLength", STRING),
    ("pattern", STRING),
    ("minimum", NUMBERS),
    ("maximum", NUMBERS),
    ("items", ARRAY),
    ("minItems", ARRAY),
    ("maxItems", ARRAY),
    ("uniqueItems", ARRAY),
    ("properties", OBJECT),
    ("required", OBJECT),
];

/// What a key of a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeywordClass {
    /// `type` or `oneOf`: decides the node kind.
    Discriminator,
    /// `description`, `default`, `examples`.
    Metadata,
    /// A subset keyword for the listed node kinds.
    Kind(&'static [NodeKind]),
    /// A JSON Schema keyword outside the subset, with what to do instead.
    Unsupported(&'static str),
    /// Anything else.
    Unknown,
}

/// Classifies a key. Keys are matched against literals, which compiles to
/// a switch on the length and fixed-size comparisons; a test holds the
/// match to [`METADATA`] and [`KIND_KEYWORDS`].
pub(crate) fn classify(key: &str) -> KeywordClass {
    match key {
        "type" | "oneOf" => KeywordClass::Discriminator,
        "description" | "default" | "examples" => KeywordClass::Metadata,
        "enum" => KeywordClass::Kind(ENUM_KINDS),
        "minLength" | "maxLength" | "pattern" => KeywordClass::Kind(STRING),
        "minimum" | "maximum" => KeywordClass::Kind(NUMBERS),
        "items" | "minItems" | "maxItems" | "uniqueItems" => KeywordClass::Kind(ARRAY),
        "properties" | "required" => KeywordClass::Kind(OBJECT),
        _ => match unsupported_advice(key) {
            Some(advice) => KeywordClass::Unsupported(advice),
            None => KeywordClass::Unknown,
        },
    }
}

/// The node kind a keyword implies, for a node that lacks `type`.
pub(crate) fn implied_kind(key: &str) -> Option<NodeKind> {
    match classify(key) {
        KeywordClass::Kind([kind]) => Some(*kind),
        KeywordClass::Kind([NodeKind::Number, NodeKind::Integer]) => Some(NodeKind::Number),
        _ => None,
    }
}

/// A subset keyword that a near-miss spelling (`minlength`, `max_items`)
/// most likely meant.
pub(crate) fn suggestion(key: &str) -> Option<&'static str> {
    let folded = fold(key);
    std::iter::once("type")
        .chain(std::iter::once("oneOf"))
        .chain(METADATA.iter().copied())
        .chain(KIND_KEYWORDS.iter().map(|(name, _)| *name))
        .find(|candidate| fold(candidate) == folded)
}

fn fold(key: &str) -> String {
    key.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

const NO_REFERENCES: &str = "the subset has no references: write the node inline where it is \
     used (`convert`, and `pedelec-lint --fix`, inline local references for you), and reuse it \
     in code (a Rust `const` or function returning a `SchemaNode`, or a derived type)";
const OPEN_OBJECTS: &str = "drop it: list every property the tool takes in `properties`; \
     properties a schema does not name are allowed, and the handler decides what to do with them";
const ONE_NODE_FOR_ITEMS: &str = "give the array one `items` node that every element matches; \
     for a fixed shape, use an object with named properties";
const BRANCHES: &str = "use `oneOf` with one branch per case, each with a property that tells \
     the branches apart and its own `required`";
const HANDLER_CHECK: &str = "describe the rule in `description` and check it in the tool handler";
const DOCUMENTATION: &str = "drop it, and say it in `description` if the agent needs to know";

/// What to do instead of a JSON Schema keyword outside the subset, or `None`
/// if `key` is not a JSON Schema keyword.
pub(crate) fn unsupported_advice(key: &str) -> Option<&'static str> {
    Some(match key {
        "$ref" | "$defs" | "definitions" | "$anchor" | "$dynamicRef" | "$dynamicAnchor"
        | "$recursiveRef" | "$recursiveAnchor" => NO_REFERENCES,
        "$schema" => "drop it: an argsSchema is always the Pedelec subset, whatever it declares",
        "$id" | "$vocabulary" => "drop it: an argsSchema is identified by its tool",
        "$comment" => "drop it, or put the note in `description`",
        "title" => "use `description` instead",
        "additionalProperties" | "unevaluatedProperties" => OPEN_OBJECTS,
        "patternProperties" | "propertyNames" => {
            "name every property in `properties`; an agent needs to know the names it may send"
        }
        "minProperties" | "maxProperties" => {
            "list the properties in `properties` and mark the needed ones `required`"
        }
        "dependentRequired" | "dependentSchemas" | "dependencies" => BRANCHES,
        "if" | "then" | "else" => BRANCHES,
        "allOf" => "merge the constraints into one node",
        "anyOf" => {
            "use `oneOf` with branches that cannot both match; to make a value optional \
             (an `anyOf` with `{\"type\": \"null\"}`), leave its property out of `required`"
        }
        "not" => {
            "say what is allowed instead (`enum`, bounds, `pattern`), or check it in the handler"
        }
        "const" => "use `enum` with the single value",
        "nullable" => {
            "the subset has no null: leave the property out of `required` to make it optional"
        }
        "format" => {
            "use `pattern` for the shape the string must have, or describe the format in \
             `description` and check it in the handler"
        }
        "exclusiveMinimum" => {
            "use the inclusive `minimum` (for an integer, `exclusiveMinimum: 0` is `minimum: 1`)"
        }
        "exclusiveMaximum" => {
            "use the inclusive `maximum` (for an integer, `exclusiveMaximum: 10` is `maximum: 9`)"
        }
        "multipleOf" => "use `enum` for a small set of values, or check it in the handler",
        "prefixItems" | "additionalItems" | "unevaluatedItems" | "contains" | "minContains"
        | "maxContains" => ONE_NODE_FOR_ITEMS,
        "contentEncoding" | "contentMediaType" | "contentSchema" => HANDLER_CHECK,
        "readOnly" | "writeOnly" | "deprecated" => DOCUMENTATION,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classify_agrees_with_the_keyword_tables() {
        for key in ["type", "oneOf"] {
            assert_eq!(classify(key), KeywordClass::Discriminator);
        }
        for key in METADATA {
            assert_eq!(classify(key), KeywordClass::Metadata, "{key}");
        }
        for (key, kinds) in KIND_KEYWORDS {
            assert_eq!(classify(key), KeywordClass::Kind(kinds), "{key}");
        }
        assert_eq!(classify("Type"), KeywordClass::Unknown);
    }

    #[test]
    fn every_spec_listed_unsupported_keyword_is_known() {
        for key in [
            "$ref",
            "$defs",
            "definitions",
            "additionalProperties",
            "format",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "allOf",
            "anyOf",
            "not",
            "if",
            "then",
            "else",
            "dependentSchemas",
            "const",
            "patternProperties",
            "$schema",
            "$id",
            "title",
            "nullable",
        ] {
            assert!(
                matches!(classify(key), KeywordClass::Unsupported(_)),
                "{key} should be an unsupported keyword"
            );
        }
    }

    #[test]
    fn near_misses_suggest_the_subset_keyword() {
        assert_eq!(suggestion("minlength"), Some("minLength"));
        assert_eq!(suggestion("max_items"), Some("maxItems"));
        assert_eq!(suggestion("ONEOF"), Some("oneOf"));
        assert_eq!(suggestion("x-internal"), None);
    }

    #[test]
    fn keywords_of_one_kind_imply_it() {
        assert_eq!(implied_kind("maxItems"), Some(NodeKind::Array));
        assert_eq!(implied_kind("minimum"), Some(NodeKind::Number));
        assert_eq!(implied_kind("enum"), None);
        assert_eq!(implied_kind("description"), None);
    }
}
