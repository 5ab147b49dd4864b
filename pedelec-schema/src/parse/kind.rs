//! A node's kind: read from `type` or `oneOf`, or, where those are missing
//! or wrong, inferred from the keywords, so that the rest of the node is
//! still checked and the error can say which `type` to add.

use serde_json::Value;

use super::fields::Fields;
use super::keywords;
use super::Parser;
use crate::diagnostic::Code;
use crate::message::Described;
use crate::schema::NodeKind;

impl Parser {
    /// The node's kind, from `type` or `oneOf`, reporting what is wrong with
    /// them; when the kind is missing or invalid, the kind the keywords
    /// imply (the node is in error then, but its keywords are still checked).
    pub(super) fn kind(&mut self, map: &Fields<'_>, is_root: bool) -> Option<NodeKind> {
        let declared = match (map.get("type"), map.contains_key("oneOf")) {
            (Some(_), true) => {
                self.report_at(
                    "type",
                    Code::OneOfSiblings,
                    "`type` cannot stand beside `oneOf`: give each branch its own `type`"
                        .to_owned(),
                );
                Some(NodeKind::OneOf)
            }
            (None, true) => Some(NodeKind::OneOf),
            (Some(type_value), false) => self.at("type", |p| p.type_name(type_value)),
            (None, false) => None,
        };
        let kind = declared.or_else(|| infer_kind(map));
        // A reference's node takes its type from where it points: its one
        // finding is the unsupported reference, whose advice says what to
        // write instead, not a `type` to add beside it.
        let reference = !is_root && REFERENCES.iter().any(|key| map.contains_key(key));
        if declared.is_none() && !map.contains_key("type") && !reference {
            self.report_missing_type(map, kind, is_root);
        } else if is_root && declared.is_some_and(|kind| kind != NodeKind::Object) {
            self.report(
                Code::RootNotObject,
                format!(
                    "the root of an argsSchema must be an object node, {{\"type\": \"object\", \
                     \"properties\": {{...}}}}, not {}; put the value in a property",
                    kind.map_or("this", NodeKind::as_str)
                ),
            );
        }
        kind
    }

    fn report_missing_type(&mut self, map: &Fields<'_>, inferred: Option<NodeKind>, is_root: bool) {
        if is_root {
            self.report(
                Code::RootNotObject,
                "the root has no `type`: an argsSchema is always \
                 {\"type\": \"object\", \"properties\": {...}, \"required\": [...]}"
                    .to_owned(),
            );
            return;
        }
        let advice = match (inferred, map.get("enum")) {
            (Some(kind), _) => format!("add \"type\": \"{kind}\""),
            (None, Some(Value::Array(values))) if !values.is_empty() => {
                "an `enum` must hold values of one type (string, number or boolean), \
                 so that the node can say it with `type`; split mixed values into `oneOf` branches"
                    .to_owned()
            }
            _ => "add a `type` (string, number, integer, boolean, array or object), \
                  or make the node a `oneOf`"
                .to_owned(),
        };
        self.report(
            Code::MissingType,
            format!("this node has neither `type` nor `oneOf`: {advice}"),
        );
    }

    /// An `enum` on a node whose kind is unknown: values no node kind of the
    /// subset can list are errors of their own.
    pub(super) fn check_untyped_enum(&mut self, map: &Fields<'_>) {
        let Some(Value::Array(values)) = map.get("enum") else {
            return;
        };
        self.at("enum", |p| {
            for (index, value) in values.iter().enumerate() {
                if matches!(value, Value::Null | Value::Array(_) | Value::Object(_)) {
                    p.at_index(index, |p| {
                        p.report(
                            Code::EnumTypeMismatch,
                            format!(
                                "`enum` values must be strings, numbers or booleans, found {}: \
                                 the subset has no null, and no enum of arrays or objects",
                                Described(value)
                            ),
                        )
                    });
                }
            }
        });
    }

    /// Reads a `type` value; the pointer is at `/type`.
    fn type_name(&mut self, value: &Value) -> Option<NodeKind> {
        let message = match value {
            Value::String(name) => match NodeKind::from_type_name(name) {
                Some(kind) => return Some(kind),
                None if name == "null" => "the subset has no null type: to make a value optional, \
                     leave its property out of `required`"
                    .to_owned(),
                None => format!(
                    "`{name}` is not a type of the subset; use string, number, integer, \
                     boolean, array or object"
                ),
            },
            Value::Array(_) => "`type` must be a single type name: for a value of one of \
                 several types use `oneOf` with one branch per type; for an optional value, \
                 leave its property out of `required` instead of adding \"null\""
                .to_owned(),
            other => format!(
                "`type` must be a type name such as \"string\", found {}",
                Described(other)
            ),
        };
        self.report(Code::InvalidType, message);
        match value {
            Value::Array(names) => single_non_null_type(names),
            _ => None,
        }
    }
}

/// The keywords that make a node a reference to another schema.
const REFERENCES: [&str; 3] = ["$ref", "$dynamicRef", "$recursiveRef"];

/// The kind a node without a usable `type` most likely meant.
fn infer_kind(map: &Fields<'_>) -> Option<NodeKind> {
    if let Some(kind) = map.keys().find_map(|key| keywords::implied_kind(key)) {
        return Some(kind);
    }
    if let Some(Value::Array(branches)) = map.get("anyOf") {
        return nullable_kind(branches);
    }
    let Some(Value::Array(values)) = map.get("enum") else {
        return None;
    };
    let first = values.first()?;
    let kind = match first {
        Value::String(_) => NodeKind::String,
        Value::Number(_) => NodeKind::Number,
        Value::Bool(_) => NodeKind::Boolean,
        _ => return None,
    };
    let same = values
        .iter()
        .all(|value| std::mem::discriminant(value) == std::mem::discriminant(first));
    same.then_some(kind)
}

/// `anyOf: [{"type": "string"}, {"type": "null"}]`, the optional value of
/// pydantic and zod output, most likely meant `"string"`.
fn nullable_kind(branches: &[Value]) -> Option<NodeKind> {
    let types: Vec<Value> = branches
        .iter()
        .map(|branch| branch.get("type").cloned())
        .collect::<Option<_>>()?;
    single_non_null_type(&types)
}

/// `["string", "null"]` most likely meant `"string"`.
fn single_non_null_type(names: &[Value]) -> Option<NodeKind> {
    let mut kinds = names
        .iter()
        .filter_map(Value::as_str)
        .filter_map(NodeKind::from_type_name);
    let kind = kinds.next()?;
    kinds.next().is_none().then_some(kind)
}
