//! `url::Url` (feature `url`).

use url::Url;

use super::pattern_string;
use crate::schema::SchemaNode;
use crate::tool_args::node::{kind, ToolArgsNode};

/// An absolute URL starts with its scheme (RFC 3986: a letter, then
/// letters, digits, `+`, `-` or `.`) and a colon.
const SCHEME: &str = "^[A-Za-z][A-Za-z0-9+.-]*:";

/// A string, `minLength` 1, that starts with a scheme. The pattern cannot
/// hold every rule of a URL (`http://` without a host passes it and is
/// refused by `Url::parse`): serde's refusal then reaches the agent with
/// the field's path, as `keyword: "deserialize"`.
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
impl ToolArgsNode for Url {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        let SchemaNode::String(node) = pattern_string(SCHEME) else {
            unreachable!("pattern_string builds a string node")
        };
        node.min_length(1).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_pattern_accepts_starts_like_a_url() {
        let SchemaNode::String(node) = Url::node() else {
            panic!("not a string")
        };
        let pattern = node.pattern.unwrap();
        for good in [
            "https://example.com/a?b#c",
            "mailto:a@b.c",
            "urn:isbn:0451450523",
        ] {
            assert!(pattern.is_match(good) && Url::parse(good).is_ok(), "{good}");
        }
        for bad in ["example.com", "/relative", "1http://x", ""] {
            assert!(!pattern.is_match(bad), "{bad}");
            assert!(Url::parse(bad).is_err(), "{bad}");
        }
        // What the pattern cannot see.
        assert!(pattern.is_match("http://") && Url::parse("http://").is_err());
    }
}
