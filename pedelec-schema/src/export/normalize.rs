//! The way back from OpenAI strict mode: the export made every optional
//! property required and nullable, so the model sends `null` where it
//! leaves a property out. Here each such `null` is removed again, following
//! the schema, and nothing else is touched; each removal is an
//! `optional_null_removed` change at its place in the arguments. Every
//! path that takes such a call comes here: `from_provider_args` and
//! `from_provider_args_str`, the stream of `stream_for` (at its end), and
//! `CheckedWith` under a policy that names the profile.
//!
//! The walk follows the schema through the rules it compiled
//! (`validate/compiled.rs`). Which branch of a `oneOf` a value belongs to
//! is the branch that owns it (`validate/choice.rs`) once normalized:
//! each branch normalizes the value in turn, and the first whose result it
//! owns - it accepts the result, and no other branch does - takes it. A
//! value that the source `oneOf` accepts is owned by exactly one branch,
//! and normalizing by any other branch cannot make that branch accept it
//! (it would then accept the value itself, since the `null`s left over
//! are of properties that branch does not name), so the rule finds the
//! branch the value came from. Where no branch owns its own result, the
//! value stays as it came, for `validate` to report.

use serde_json::Value;

use super::Profile;
use crate::change::{Change, ChangeCode};
use crate::document::ArgsError;
use crate::message::Quoted;
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::{self, CompiledNode, CompiledObject, Kind};

/// The way back: arguments a model wrote against an export, made what
/// the schema's own reading expects.
impl ToolArgsSchema {
    /// Undoes, in the arguments a model sent under `profile`, what the
    /// export introduced, and nothing else. Call it before
    /// [`validate`](Self::validate).
    ///
    /// For [`Profile::OpenAiStrict`] and [`Profile::OpenAiChat`], whose
    /// export makes every optional property required and nullable, an
    /// optional property whose value is `null` is removed: at every depth,
    /// following the schema through objects, arrays and `oneOf` branches. Under a `oneOf`, each branch
    /// normalizes the value in turn, and the value belongs to the first
    /// branch that owns what it made: that branch accepts it, and no other
    /// does. When no branch does, the value is left as it came, and
    /// `validate` reports it. Nothing else is touched: a `null` for a
    /// required property, or for a property the schema does not name, stays
    /// (and `validate` refuses the first), and no `default` is ever filled
    /// in. The other profiles introduce nothing into the arguments, so for
    /// them this does nothing.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"query": {"type": "string"}, "offset": {"type": "integer"}},
    ///     "required": ["query"]
    /// }))?;
    /// let mut args = json!({"query": "rust", "offset": null});
    /// schema.normalize(Profile::OpenAiStrict, &mut args);
    /// assert_eq!(args, json!({"query": "rust"}));
    /// assert!(schema.is_valid(&args));
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn normalize(&self, profile: Profile, args: &mut Value) {
        super::normalize(self.compiled(), profile, args);
    }

    /// The JSON text of arguments a model sent under `profile`, read as
    /// [`validate_str`](Self::validate_str) reads it (its syntax errors
    /// located the same way), [`normalize`](Self::normalize)d and
    /// [`validate`](Self::validate)d: the arguments as normalized, or every
    /// failure. What [`ToolArgs::from_provider_args_str`](crate::ToolArgs::from_provider_args_str)
    /// does for a type, for a schema without one.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"roomId": {"type": "string"}, "note": {"type": "string"}},
    ///     "required": ["roomId"]
    /// }))?;
    /// let text = r#"{"roomId": "r1", "note": null}"#;
    /// assert!(schema.validate_str(text).is_err(), "the schema has no null");
    /// let args = schema.validate_provider_str(Profile::OpenAiStrict, text)?;
    /// assert_eq!(args, json!({"roomId": "r1"}));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate_provider_str(&self, profile: Profile, text: &str) -> Result<Value, ArgsError> {
        // The fast path takes only calls the schema accepts as they are,
        // which hold no `null` that `normalize` would take out.
        if let Some(args) = self.read_checked::<Value>(text) {
            return Ok(args);
        }
        let mut args = self.read_text(text)?;
        self.normalize(profile, &mut args);
        let texts = self.texts_of(&args, text);
        validate::installed(texts, || self.validate(&args))?;
        Ok(args)
    }
}

/// Removes the `null` of every optional property under `root`, and says
/// where each was.
pub(super) fn nulls_of_optional_properties(
    root: CompiledObject<'_>,
    args: &mut Value,
) -> Vec<Change> {
    let mut walk = Walk::default();
    // The common case, a call that leaves nothing out, costs one scan.
    if contains_null(args) {
        walk.object(root, args);
    }
    walk.changes
}

#[derive(Default)]
struct Walk {
    /// The pointer of the value being looked at.
    at: String,
    /// The `null`s taken out so far.
    changes: Vec<Change>,
}

impl Walk {
    fn node(&mut self, node: CompiledNode<'_>, value: &mut Value) {
        match node.kind() {
            Kind::Object(object_node) => self.object(object_node, value),
            Kind::Array(array) => {
                if let Value::Array(elements) = value {
                    for (index, element) in elements.iter_mut().enumerate() {
                        let parent = self.at.len();
                        crate::pointer::push_index(&mut self.at, index);
                        self.node(array.items(), element);
                        self.at.truncate(parent);
                    }
                }
            }
            Kind::OneOf(one_of) => {
                if !contains_null(value) {
                    return;
                }
                let mark = self.changes.len();
                for (index, branch) in one_of.branches().enumerate() {
                    let mut candidate = value.clone();
                    self.node(branch, &mut candidate);
                    if one_of.owner(&candidate) == Some(index) {
                        *value = candidate;
                        return;
                    }
                    // Not this branch's value: nor are the `null`s it took.
                    self.changes.truncate(mark);
                }
            }
            Kind::String | Kind::Number | Kind::Integer | Kind::Boolean => {}
        }
    }

    fn object(&mut self, node: CompiledObject<'_>, value: &mut Value) {
        let Value::Object(map) = value else {
            return;
        };
        for property in node.properties() {
            let parent = self.at.len();
            match map.get_mut(property.name) {
                Some(Value::Null) if !property.required => {
                    map.remove(property.name);
                    crate::pointer::push(&mut self.at, property.name);
                    let message = format!(
                        "read `null` as the optional property {} left out",
                        Quoted::new(property.name)
                    );
                    self.changes.push(Change::new(
                        ChangeCode::OptionalNullRemoved,
                        &self.at,
                        message,
                    ));
                }
                Some(inner) => {
                    crate::pointer::push(&mut self.at, property.name);
                    self.node(property.node, inner);
                }
                None => {}
            }
            self.at.truncate(parent);
        }
    }
}

/// Whether `null` occurs anywhere in `value`. Iterative, so no nesting
/// depth can overflow the stack.
fn contains_null(value: &Value) -> bool {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Null => return true,
            Value::Array(elements) => pending.extend(elements),
            Value::Object(map) => pending.extend(map.values()),
            Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use crate::change::ChangeCode;
    use crate::export::Profile;
    use crate::tool_args_schema::ToolArgsSchema;

    fn normalized(schema: Value, mut args: Value) -> Value {
        let schema = ToolArgsSchema::from_value(&schema).unwrap();
        schema.normalize(Profile::OpenAiStrict, &mut args);
        args
    }

    #[test]
    fn nulls_of_optional_properties_go_at_every_depth() {
        let schema = json!({"type": "object", "properties": {
            "a": {"type": "string"},
            "list": {"type": "array", "items": {"type": "object", "properties": {
                "x": {"type": "integer"}, "y": {"type": "integer"}}, "required": ["x"]}}
        }});
        let args = json!({"a": null, "list": [{"x": 1, "y": null}, {"x": 2}, "odd"]});
        assert_eq!(
            normalized(schema, args),
            json!({"list": [{"x": 1}, {"x": 2}, "odd"]})
        );
    }

    #[test]
    fn other_nulls_stay() {
        let schema = json!({"type": "object", "properties": {
            "needed": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}
        }, "required": ["needed"]});
        let args = json!({"needed": null, "tags": [null], "unnamed": null});
        assert_eq!(normalized(schema, args.clone()), args);
    }

    #[test]
    fn a_one_of_value_follows_the_branch_that_accepts_it() {
        let schema = json!({"type": "object", "properties": {"shape": {"oneOf": [
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["circle"]},
                "r": {"type": "number"}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["square"]},
                "side": {"type": "number"}, "r": {"type": "string"}}, "required": ["kind", "r"]}
        ]}}, "required": ["shape"]});
        let square = json!({"shape": {"kind": "square", "side": null, "r": "x"}});
        assert_eq!(
            normalized(schema.clone(), square),
            json!({"shape": {"kind": "square", "r": "x"}})
        );
        let circle = json!({"shape": {"kind": "circle", "r": null, "side": null}});
        // `side` is not a property of the circle branch: its `null` stays.
        assert_eq!(
            normalized(schema.clone(), circle),
            json!({"shape": {"kind": "circle", "side": null}})
        );
        // No branch accepts it: left as it came, for `validate` to report.
        let neither = json!({"shape": {"kind": "hexagon", "r": null}});
        assert_eq!(normalized(schema, neither.clone()), neither);
    }

    /// A branch takes the value only if it owns the value as it normalized
    /// it: not where another branch accepts that value too. (The first
    /// branch that accepted its normalized value took it before the choice
    /// was made in one place, `validate/choice.rs`: here `{}`, which the
    /// `oneOf` refuses.)
    #[test]
    fn a_branch_takes_the_value_only_if_it_owns_its_normalized_value() {
        let schema = json!({"type": "object", "properties": {"v": {"oneOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}},
            {"type": "object", "properties": {"b": {"type": "integer"}}}
        ]}}});
        // Branch 0 makes `{}`, which branch 1 accepts too; branch 1 leaves
        // the value as it is, and owns it (`a` is not its property).
        assert_eq!(
            normalized(schema.clone(), json!({"v": {"a": null}})),
            json!({"v": {"a": null}})
        );
        // Branch 0 makes `{"b": "x"}`, which it alone accepts.
        assert_eq!(
            normalized(schema, json!({"v": {"a": null, "b": "x"}})),
            json!({"v": {"b": "x"}})
        );
    }

    /// Each `null` taken out is one `optional_null_removed` change at its
    /// place in the arguments, escaped as a JSON Pointer; the `null`s a
    /// `oneOf` branch took out of a value it does not own are not reported.
    #[test]
    fn each_null_taken_out_is_reported_where_it_was() {
        let schema = ToolArgsSchema::from_value(&json!({"type": "object", "properties": {
            "a/b": {"type": "string"},
            "list": {"type": "array", "items": {"type": "object", "properties": {
                "x": {"type": "integer"}, "y": {"type": "integer"}}, "required": ["x"]}},
            "v": {"oneOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}},
                {"type": "object", "properties": {"b": {"type": "integer"}}}
            ]},
            "w": {"oneOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}},
                {"type": "object", "properties": {"b": {"type": "integer"}}}
            ]}
        }}))
        .unwrap();
        let mut args = json!({"a/b": null, "list": [{"x": 1}, {"x": 2, "y": null}],
            "v": {"a": null}, "w": {"a": null, "b": "x"}});
        let changes = crate::export::normalize(schema.compiled(), Profile::OpenAiStrict, &mut args);
        let places: Vec<_> = changes
            .iter()
            .map(|c| (c.pointer.as_str(), c.code))
            .collect();
        assert_eq!(
            places,
            [
                ("/a~1b", ChangeCode::OptionalNullRemoved),
                ("/list/1/y", ChangeCode::OptionalNullRemoved),
                ("/w/a", ChangeCode::OptionalNullRemoved)
            ]
        );
        assert_eq!(
            changes[0].message,
            r#"read `null` as the optional property "a/b" left out"#
        );
        assert_eq!(
            args,
            json!({"list": [{"x": 1}, {"x": 2}], "v": {"a": null}, "w": {"b": "x"}})
        );
    }

    #[test]
    fn other_profiles_leave_arguments_alone() {
        let schema = ToolArgsSchema::from_value(
            &json!({"type": "object", "properties": {"a": {"type": "string"}}}),
        )
        .unwrap();
        for profile in [
            Profile::Mcp,
            Profile::AnthropicStrict,
            Profile::Gemini,
            Profile::GeminiOpenApi,
        ] {
            let mut args = json!({"a": null});
            schema.normalize(profile, &mut args);
            assert_eq!(args, json!({"a": null}), "{profile}");
        }
    }

    #[test]
    fn deeply_nested_values_do_not_overflow_the_stack() {
        let schema = ToolArgsSchema::from_value(
            &json!({"type": "object", "properties": {"a": {"type": "string"}}}),
        )
        .unwrap();
        let mut deep = Value::Null;
        for _ in 0..100_000 {
            deep = Value::Array(vec![deep]);
        }
        // Built by hand: `json!` would serialize `deep`, recursively.
        let mut args = Value::Object([("b".to_owned(), deep)].into_iter().collect());
        schema.normalize(Profile::OpenAiStrict, &mut args);
        assert!(args["b"].is_array());
        // Dropping a deep value recurses in serde_json; take it apart here.
        let mut rest = args["b"].take();
        while let Value::Array(mut inner) = rest {
            rest = inner.pop().unwrap_or(Value::Null);
        }
    }
}
