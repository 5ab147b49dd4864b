//! The keywords of the leaf kinds (string, number, integer, boolean):
//! `enum`, lengths, `pattern` and numeric bounds, each checked for its value
//! type and for consistency with its partner (`min` not above `max`).
//! Lengths are counts, read in `counts.rs`.

use serde_json::{Number, Value};

use super::fields::Fields;
use super::{Parser, MAX_ENUM_VALUES};
use crate::diagnostic::Code;
use crate::message::Described;
use crate::numeric;
use crate::pattern::Pattern;
use crate::schema::{Metadata, NumberNode, StringNode};

impl Parser {
    pub(super) fn string(&mut self, map: &Fields<'_>, meta: Metadata) -> Option<StringNode> {
        let enum_values = self.enum_values(map, "a string", |v| v.as_str().map(str::to_owned));
        let min_length = self.count(map, "minLength");
        let max_length = self.count(map, "maxLength");
        self.check_count_order(("minLength", min_length), ("maxLength", max_length));
        let pattern = match map.get("pattern") {
            Some(value) => Some(self.at("pattern", |p| p.pattern(value))?),
            None => None,
        };
        Some(StringNode {
            enum_values,
            min_length,
            max_length,
            pattern,
            meta,
        })
    }

    fn pattern(&mut self, value: &Value) -> Option<Pattern> {
        let Value::String(source) = value else {
            self.report(
                Code::InvalidValue,
                format!(
                    "`pattern` must be a string holding a regular expression, found {}",
                    Described(value)
                ),
            );
            return None;
        };
        if let Some(compiled) = self.patterns.get(source) {
            return Some(compiled.clone());
        }
        let compiled = Pattern::new(source)
            .map_err(|err| self.report(Code::InvalidPattern, err.to_string()))
            .ok()?;
        self.patterns.insert(source.clone(), compiled.clone());
        Some(compiled)
    }

    pub(super) fn number(
        &mut self,
        map: &Fields<'_>,
        meta: Metadata,
        integer: bool,
    ) -> Option<NumberNode> {
        let enum_values = if integer {
            self.enum_values(map, "an integer", |v| {
                v.as_number().filter(|n| numeric::is_integer(n)).cloned()
            })
        } else {
            self.enum_values(map, "a number", |v| v.as_number().cloned())
        };
        let minimum = self.bound(map, "minimum");
        let maximum = self.bound(map, "maximum");
        if let (Some(min), Some(max)) = (&minimum, &maximum) {
            if numeric::compare(min, max).is_gt() {
                self.report_at(
                    "minimum",
                    Code::MinGreaterThanMax,
                    format!("`minimum` {min} is greater than `maximum` {max}: no value can pass"),
                );
            }
        }
        Some(NumberNode {
            enum_values,
            minimum,
            maximum,
            meta,
        })
    }

    /// Reads `enum` with `convert` accepting the values of the node's type.
    pub(super) fn enum_values<T>(
        &mut self,
        map: &Fields<'_>,
        expected: &str,
        convert: impl Fn(&Value) -> Option<T>,
    ) -> Option<Vec<T>> {
        let value = map.get("enum")?;
        self.at("enum", |p| {
            let Value::Array(values) = value else {
                p.report(
                    Code::InvalidValue,
                    format!(
                        "`enum` must be an array of allowed values, found {}",
                        Described(value)
                    ),
                );
                return None;
            };
            if values.is_empty() {
                p.report(
                    Code::EmptyEnum,
                    "`enum` is empty, so no value can pass; list the allowed values".to_owned(),
                );
                return None;
            }
            let size = (values.len(), MAX_ENUM_VALUES);
            let advice = "for a large domain, describe the values with a `pattern`, or check them \
                          in the handler";
            if p.beyond(
                Code::TooManyEnumValues,
                size,
                "too many `enum` values",
                advice,
            ) {
                return None;
            }
            let mut converted = Vec::with_capacity(values.len());
            for (index, value) in values.iter().enumerate() {
                match convert(value) {
                    Some(value) => converted.push(value),
                    None => p.at_index(index, |p| {
                        p.report(
                            Code::EnumTypeMismatch,
                            format!(
                                "this `enum` value is {}, but the node's values are {expected}: \
                                 an `enum` lists values of its node's `type` only",
                                Described(value)
                            ),
                        )
                    }),
                }
            }
            Some(converted)
        })
    }

    /// Reads `minimum` or `maximum`.
    fn bound(&mut self, map: &Fields<'_>, key: &str) -> Option<Number> {
        match map.get(key)? {
            Value::Number(number) => Some(number.clone()),
            other => {
                self.report_at(
                    key,
                    Code::InvalidValue,
                    format!("`{key}` must be a number, found {}", Described(other)),
                );
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::pattern::Pattern;
    use crate::schema::SchemaNode;

    /// A pattern written in several nodes is compiled once, and the nodes
    /// share it (and so its stream automaton); another is its own.
    #[test]
    fn a_pattern_written_twice_is_compiled_once() {
        let schema = crate::ToolArgsSchema::from_value(&json!({
            "type": "object",
            "properties": {
                "a": {"type": "string", "pattern": "^a+$"},
                "b": {"oneOf": [{"type": "string", "pattern": "^a+$"}, {"type": "integer"}]},
                "c": {"type": "string", "pattern": "^a+$$"}
            }
        }))
        .unwrap();
        let pattern = |node: &SchemaNode| -> Pattern {
            match node {
                SchemaNode::String(string) => string.pattern.clone().unwrap(),
                SchemaNode::OneOf(one_of) => match &one_of.branches[0] {
                    SchemaNode::String(string) => string.pattern.clone().unwrap(),
                    other => panic!("{other:?}"),
                },
                other => panic!("{other:?}"),
            }
        };
        let [a, b, c] = [0, 1, 2].map(|at| pattern(&schema.root().properties[at].node));
        assert!(a.is(&b));
        assert!(!a.is(&c));
    }
}
