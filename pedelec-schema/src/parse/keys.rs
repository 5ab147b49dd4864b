//! Every key of a node against the keywords its kind may carry: misplaced
//! subset keywords, JSON Schema keywords the subset leaves out (with what
//! to do instead), and unknown keys (with the keyword they most likely
//! meant).

use super::fields::Fields;
use super::keywords::{self, KeywordClass};
use super::Parser;
use crate::diagnostic::Code;
use crate::schema::NodeKind;

impl Parser {
    /// Reports every key that is not a keyword this node may carry.
    pub(super) fn check_keys(&mut self, map: &Fields<'_>, kind: Option<NodeKind>) {
        for key in map.keys() {
            match keywords::classify(key) {
                KeywordClass::Discriminator | KeywordClass::Metadata => {}
                KeywordClass::Kind(kinds) => self.check_placement(key, kinds, kind),
                KeywordClass::Unsupported(advice) => self.report_at(
                    key,
                    Code::UnsupportedKeyword,
                    format!("`{key}` is not supported by the Pedelec argsSchema subset; {advice}"),
                ),
                KeywordClass::Unknown => {
                    let hint = match keywords::suggestion(key) {
                        Some(keyword) => format!("did you mean `{keyword}`?"),
                        None => "custom keywords are not allowed; remove it, or put the \
                                 information in `description`"
                            .to_owned(),
                    };
                    self.report_at(
                        key,
                        Code::UnknownKeyword,
                        format!("`{key}` is not a keyword of the subset or of JSON Schema: {hint}"),
                    );
                }
            }
        }
    }

    fn check_placement(&mut self, key: &str, kinds: &[NodeKind], kind: Option<NodeKind>) {
        let Some(kind) = kind else { return };
        if kinds.contains(&kind) {
            return;
        }
        if kind == NodeKind::OneOf {
            self.report_at(
                key,
                Code::OneOfSiblings,
                format!(
                    "`{key}` cannot stand beside `oneOf`: only `description`, `default` and \
                     `examples` may; move it into the branches it applies to"
                ),
            );
            return;
        }
        let owners: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
        self.report_at(
            key,
            Code::MisplacedKeyword,
            format!(
                "`{key}` applies to {} nodes, but this node is {} {kind}{}",
                owners.join("/"),
                article(kind),
                placement_hint(key, kind)
            ),
        );
    }
}

fn placement_hint(key: &str, kind: NodeKind) -> &'static str {
    match (key, kind) {
        ("minLength" | "maxLength", NodeKind::Number | NodeKind::Integer) => {
            "; to bound a number, use `minimum`/`maximum`"
        }
        ("minimum" | "maximum", NodeKind::String) => {
            "; to bound a string's length, use `minLength`/`maxLength`"
        }
        ("minLength" | "maxLength", NodeKind::Array) => {
            "; to bound an array's length, use `minItems`/`maxItems`"
        }
        ("minItems" | "maxItems", NodeKind::String) => {
            "; to bound a string's length, use `minLength`/`maxLength`"
        }
        ("enum", NodeKind::Array | NodeKind::Object) => {
            "; put the `enum` on the `items` node or on a property"
        }
        _ => "; remove it, or change the node's `type`",
    }
}

fn article(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Integer | NodeKind::Array | NodeKind::Object => "an",
        _ => "a",
    }
}
