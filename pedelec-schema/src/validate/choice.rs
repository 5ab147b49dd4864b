//! Which branch of a `oneOf` owns a value: the one answer to that question
//! for the whole crate.
//!
//! **The rule.** A value under a `oneOf` is owned by the branch whose
//! compiled rule accepts it, if exactly one branch's does. If none does,
//! or several do, no branch owns it - and that is exactly when the `oneOf`
//! refuses the value. [`OneOfRule::choice`] answers with a [`Choice`],
//! which also tells "none" from "several" for validation's errors.
//!
//! The question is asked of the branch [`Rule`]s a
//! [`Validator`](super::Validator) already holds - a schema's own, compiled
//! once when it was built - so asking compiles nothing and allocates
//! nothing. The walks that follow the schema down a value reach those
//! rules through `compiled.rs`. What each does where no branch owns the
//! value:
//!
//! - validation (`one_of.rs`) reports it: no branch accepts the value, or
//!   several do;
//! - `from_args` conforming a value for serde (`tool_args/conform.rs`)
//!   leaves it as it is, and locating what serde refused
//!   (`tool_args/refusal.rs`) stops at the `oneOf`: neither happens to a
//!   value that validated, which has an owner under every `oneOf`;
//! - the way back from OpenAI strict mode (`export/normalize.rs`) asks the
//!   question of each branch's normalization of the value, and takes the
//!   first that the branch which made it owns; with none, the value stays
//!   as it came, for validation to report;
//! - coercion (`intake/coerce.rs`) asks only whether the value has an
//!   owner (whether the `oneOf` accepts it), of the value and of each
//!   branch's coercion of it;
//! - the unknown-properties walk (`intake/unknown.rs`) does not go in: it
//!   does not guess whose names count.
//!
//! **The fast path by JSON type.** When every branch takes a different
//! JSON type (`integer` and `number` are one type here; a nested `oneOf`
//! may take any), every branch but the one of the value's type refuses the
//! value by its type, so that branch owns the value exactly when it
//! accepts it (`OneOfRule::typed_branch`, for the tests). `checked_read/`
//! relies on this to check such a `oneOf` as serde hands the value over;
//! whether a `oneOf` is one is decided once, when it is compiled. A property test below ties the
//! fast path to the rule.

use serde_json::Value;

use super::one_of::OneOfRule;
use super::Rule;
use crate::json_view::JsonView;

/// Which branches of a `oneOf` accept a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Choice {
    /// Exactly one: the owner, by its index.
    One(usize),
    /// None.
    None,
    /// `count` branches, the first two at `first` and `second`.
    Several {
        count: usize,
        first: usize,
        second: usize,
    },
}

impl Choice {
    /// The owner's index, if one branch owns the value.
    pub(crate) fn owner(self) -> Option<usize> {
        match self {
            Choice::One(index) => Some(index),
            Choice::None | Choice::Several { .. } => None,
        }
    }
}

impl OneOfRule {
    /// Which branches accept `value`: [the rule](self). Allocates nothing.
    pub(super) fn choice<'a, V: JsonView<'a>>(&self, value: V) -> Choice {
        let mut matched = [usize::MAX; 2];
        let mut count = 0;
        for (index, branch) in self.branches().enumerate() {
            if branch.accepts(value) {
                if let Some(slot) = matched.get_mut(count) {
                    *slot = index;
                }
                count += 1;
            }
        }
        match count {
            0 => Choice::None,
            1 => Choice::One(matched[0]),
            _ => Choice::Several {
                count,
                first: matched[0],
                second: matched[1],
            },
        }
    }

    /// The branch that owns `value`, if one does.
    pub(crate) fn owner(&self, value: &Value) -> Option<usize> {
        self.choice(value).owner()
    }

    /// For a `oneOf` [decided by type](Self::decided_by_type), the branch
    /// that takes `value`'s JSON type, if one does: the only branch that
    /// can own it. `checked_read/` picks it so, by the type of the value
    /// serde hands it (`checked_read/one_of.rs`); this is the same pick on
    /// a whole value, for the tests that tie the fast path to the rule.
    #[cfg(test)]
    pub(crate) fn typed_branch(&self, value: &Value) -> Option<usize> {
        let bit = type_bit_of_value(value)?;
        self.branches()
            .position(|branch| type_bit(branch) == Some(bit))
    }
}

/// Whether every one of `branches` takes a different JSON type.
pub(super) fn decided_by_type<'r>(branches: impl Iterator<Item = &'r Rule>) -> bool {
    let mut taken = 0u8;
    for branch in branches {
        let Some(bit) = type_bit(branch) else {
            return false;
        };
        if taken & bit != 0 {
            return false;
        }
        taken |= bit;
    }
    true
}

/// The JSON type a rule takes, as a bit; none for a `oneOf`, which may
/// take any.
fn type_bit(rule: &Rule) -> Option<u8> {
    Some(match rule {
        Rule::String(_) => 1,
        Rule::Number(_) => 2,
        Rule::Boolean(_) => 4,
        Rule::Array(_) => 8,
        Rule::Object(_) => 16,
        Rule::OneOf(_) => return None,
    })
}

/// The JSON type of a value, as [`type_bit`] writes it; none for `null`,
/// which no rule takes.
#[cfg(test)]
fn type_bit_of_value(value: &Value) -> Option<u8> {
    Some(match value {
        Value::String(_) => 1,
        Value::Number(_) => 2,
        Value::Bool(_) => 4,
        Value::Array(_) => 8,
        Value::Object(_) => 16,
        Value::Null => return None,
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde::de::IgnoredAny;
    use serde_json::{json, Value};

    use super::Choice;
    use crate::tool_args_schema::ToolArgsSchema;
    use crate::validate::{Rule, Validator};

    /// A branch of each JSON type, constrained so that values of its type
    /// pass or fail; `integer` and `number` share one type.
    fn branch_of(kind: usize) -> Value {
        [
            json!({"type": "string", "maxLength": 2}),
            json!({"type": "integer", "maximum": 5}),
            json!({"type": "number", "minimum": 0}),
            json!({"type": "boolean", "enum": [true]}),
            json!({"type": "array", "items": {"type": "integer"}, "maxItems": 2}),
            json!({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}),
            json!({"oneOf": [{"type": "string"}, {"type": "boolean"}]}),
        ][kind]
            .clone()
    }

    /// `oneOf`s of one to four branches: mostly of different JSON types,
    /// now and then sharing one or nesting a `oneOf`.
    fn one_ofs() -> impl Strategy<Value = Value> {
        prop::collection::vec(0..7usize, 1..=4).prop_map(
            |kinds| json!({"oneOf": kinds.into_iter().map(branch_of).collect::<Vec<_>>()}),
        )
    }

    fn values() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            (-3i64..9).prop_map(Value::from),
            (-2.0f64..7.0).prop_map(Value::from),
            "[a-c]{0,3}".prop_map(Value::String),
        ];
        leaf.prop_recursive(2, 8, 3, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map("[ab]", inner, 0..3)
                    .prop_map(|map| Value::Object(map.into_iter().collect())),
            ]
        })
    }

    /// The `oneOf` rule compiled from `one_of`, with its validator.
    fn compiled(one_of: &Value) -> Validator {
        let schema =
            ToolArgsSchema::from_value(&json!({"type": "object", "properties": {"v": one_of}}))
                .unwrap();
        Validator::of(schema.root().property_node("v").unwrap())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Where the branches take different JSON types, the branch of the
        /// value's type owns the value exactly when it accepts it: the fast
        /// path gives the rule's answer.
        #[test]
        fn the_fast_path_by_type_gives_the_rule_s_answer(one_of in one_ofs(), value in values()) {
            let validator = compiled(&one_of);
            let Rule::OneOf(rule) = &validator.rule else { unreachable!() };
            let kinds: Vec<_> = one_of["oneOf"].as_array().unwrap().iter()
                .map(|branch| branch.get("type").map(|t| if t == "integer" { "number" } else { t.as_str().unwrap() }))
                .collect();
            let distinct = kinds.iter().all(Option::is_some)
                && kinds.iter().enumerate().all(|(i, k)| !kinds[..i].contains(k));
            prop_assert_eq!(rule.decided_by_type(), distinct);
            if distinct {
                let fast = rule
                    .typed_branch(&value)
                    .filter(|&index| rule.branch(index).unwrap().accepts(&value));
                prop_assert_eq!(rule.owner(&value), fast);
            }
            prop_assert_eq!(rule.owner(&value).is_some(), validator.accepts(&value));
        }

        /// The stream - by type, or reading the value whole - answers
        /// exactly where the rule accepts (these schemas leave it nothing
        /// to give up on).
        #[test]
        fn the_stream_accepts_what_the_rule_accepts(one_of in one_ofs(), value in values()) {
            let schema = ToolArgsSchema::from_value(
                &json!({"type": "object", "properties": {"v": one_of}, "required": ["v"]}),
            )
            .unwrap();
            let args = json!({ "v": value });
            let text = serde_json::to_string(&args).unwrap();
            prop_assert_eq!(
                schema.read_checked::<IgnoredAny>(&text).is_some(),
                schema.is_valid(&args),
                "{}", text
            );
        }
    }

    #[test]
    fn none_and_several_are_told_apart() {
        let validator = compiled(&json!({"oneOf": [
            {"type": "number"}, {"type": "integer"}, {"type": "string"}, {"type": "integer", "minimum": 0}
        ]}));
        let Rule::OneOf(rule) = &validator.rule else {
            unreachable!()
        };
        assert_eq!(rule.choice(&json!("x")), Choice::One(2));
        assert_eq!(rule.choice(&json!(true)), Choice::None);
        assert_eq!(
            rule.choice(&json!(1)),
            Choice::Several {
                count: 3,
                first: 0,
                second: 1
            }
        );
        assert_eq!(rule.choice(&json!(-1.5)), Choice::One(0));
        assert_eq!(rule.owner(&json!(1)), None);
    }
}
