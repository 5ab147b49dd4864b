//! Unknown properties: the properties of the arguments that the schema does
//! not name, reported with a "did you mean", or refused on request.
//!
//! The subset allows them, as JSON Schema does, and that stays the default:
//! validation never looks. An agent that misspells an optional property
//! (`"limt": 5`) gets no error, and its value is silently ignored; these
//! reports say so. The walk follows the schema, through the rules it
//! compiled (`validate/compiled.rs`): an object's properties that the node
//! names are walked into, array items by index, and a `oneOf` by the
//! branch that owns the value (`validate/choice.rs`). Where no branch owns
//! it, validation already fails there, with why each branch refused, so
//! the walk does not guess which branch's names count.

use std::fmt;

use serde::ser::{Serialize, SerializeStruct, Serializer};
use serde_json::Value;

use super::suggest::Suggester;
use crate::document::{ValidationError, ValidationErrors};
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::{CompiledNode, CompiledObject, Kind};

/// A property of the arguments that the schema does not name: its path, its
/// name, and the name it most likely misspells.
///
/// Serializes as `{"path","name","suggestion","message"}` (`suggestion`
/// only when there is one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProperty {
    path: String,
    name: String,
    suggestion: Option<String>,
    /// The same, as the error that refuses it.
    error: ValidationError,
}

impl UnknownProperty {
    /// Where it is in the arguments: a JSON Pointer.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The property's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The property of the same object that the name most likely
    /// misspells, if one is close (see
    /// [`unknown_properties`](ToolArgsSchema::unknown_properties)).
    pub fn suggestion(&self) -> Option<&str> {
        self.suggestion.as_deref()
    }

    /// `the schema names no property "limt"; did you mean "limit"?`
    pub fn message(&self) -> String {
        self.error.message()
    }

    /// The validation error that refuses it, as
    /// [`validate_refusing_unknown`](ToolArgsSchema::validate_refusing_unknown)
    /// reports it: keyword `properties`, at the object's `properties`.
    pub fn into_error(self) -> ValidationError {
        self.error
    }
}

/// `path: message`.
impl fmt::Display for UnknownProperty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message())
    }
}

/// Hand-written: `message` is not a field but the error's, written when
/// read.
impl Serialize for UnknownProperty {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = 3 + usize::from(self.suggestion.is_some());
        let mut s = serializer.serialize_struct("UnknownProperty", fields)?;
        s.serialize_field("path", &self.path)?;
        s.serialize_field("name", &self.name)?;
        if let Some(suggestion) = &self.suggestion {
            s.serialize_field("suggestion", suggestion)?;
        }
        s.serialize_field("message", &self.message())?;
        s.end()
    }
}

/// The properties of `args` that `root` does not name:
/// [`ToolArgsSchema::unknown_properties`].
pub(crate) fn unknown_properties(root: CompiledObject<'_>, args: &Value) -> Vec<UnknownProperty> {
    let mut walk = Walk::default();
    walk.object(root, args);
    walk.found
}

/// [`ToolArgsSchema::validate_refusing_unknown`]: the schema's errors, then
/// one per unknown property.
pub(crate) fn validate_refusing_unknown(
    schema: &ToolArgsSchema,
    args: &Value,
) -> Result<(), ValidationErrors> {
    let unknown = unknown_properties(schema.compiled(), args);
    let validated = schema.validate(args);
    if unknown.is_empty() {
        validated
    } else {
        Err(refused(validated, unknown))
    }
}

/// The errors of `validated`, then those refusing `unknown` (which is not
/// empty).
pub(crate) fn refused(
    validated: Result<(), ValidationErrors>,
    unknown: Vec<UnknownProperty>,
) -> ValidationErrors {
    let mut errors = validated
        .err()
        .map_or_else(Vec::new, ValidationErrors::into_errors);
    errors.extend(unknown.into_iter().map(UnknownProperty::into_error));
    ValidationErrors::new(errors)
}

/// Where the walk is: in the value, in the schema, and the array indices on
/// the way (which an error's path is written from).
#[derive(Default)]
struct Walk {
    path: String,
    schema: String,
    indices: Vec<usize>,
    found: Vec<UnknownProperty>,
    suggester: Suggester,
}

impl Walk {
    fn node(&mut self, node: CompiledNode<'_>, value: &Value) {
        match node.kind() {
            Kind::Object(object) => self.object(object, value),
            Kind::Array(array) => {
                let Value::Array(items) = value else { return };
                let schema = self.schema.len();
                self.schema.push_str("/items");
                for (index, item) in items.iter().enumerate() {
                    let path = self.path.len();
                    crate::pointer::push_index(&mut self.path, index);
                    self.indices.push(index);
                    self.node(array.items(), item);
                    self.indices.pop();
                    self.path.truncate(path);
                }
                self.schema.truncate(schema);
            }
            Kind::OneOf(one_of) => {
                let Some(index) = one_of.owner(value) else {
                    return;
                };
                let schema = self.schema.len();
                self.schema.push_str("/oneOf");
                crate::pointer::push_index(&mut self.schema, index);
                self.node(one_of.branch(index), value);
                self.schema.truncate(schema);
            }
            Kind::String | Kind::Number | Kind::Integer | Kind::Boolean => {}
        }
    }

    fn object(&mut self, object: CompiledObject<'_>, value: &Value) {
        let Value::Object(map) = value else { return };
        // Each key is looked up in the compiled rule's properties, sorted
        // by name, however many keys the agent sent.
        for (name, member) in map {
            match object.property(name) {
                Some(property) => self.property(name, property.node, member),
                None => self.unknown(object, name),
            }
        }
    }

    fn property(&mut self, name: &str, node: CompiledNode<'_>, member: &Value) {
        let (path, schema) = (self.path.len(), self.schema.len());
        crate::pointer::push(&mut self.path, name);
        self.schema.push_str("/properties");
        crate::pointer::push(&mut self.schema, name);
        self.node(node, member);
        self.path.truncate(path);
        self.schema.truncate(schema);
    }

    fn unknown(&mut self, object: CompiledObject<'_>, name: &str) {
        let names = object.node().properties.iter().map(|p| p.name.as_str());
        let suggestion = self.suggester.suggest(name, names);
        let error =
            ValidationError::unknown_property(&self.schema, &self.indices, name, suggestion);
        self.found.push(UnknownProperty {
            path: crate::pointer::join(&self.path, name),
            name: name.to_owned(),
            suggestion: suggestion.map(str::to_owned),
            error,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::SchemaNode;
    use serde_json::json;

    fn schema(value: Value) -> ToolArgsSchema {
        ToolArgsSchema::from_value(&value).unwrap()
    }

    #[test]
    fn keys_are_looked_up_by_name_whatever_the_schema_order() {
        let root = SchemaNode::object()
            .property("zeta", SchemaNode::string())
            .property("alpha", SchemaNode::string());
        let schema = ToolArgsSchema::new(root).unwrap();
        let args = json!({"alpha": "", "beta": "", "zeta": "", "omega": ""});
        let paths: Vec<_> = schema
            .unknown_properties(&args)
            .iter()
            .map(|found| found.path().to_owned())
            .collect();
        assert_eq!(paths, ["/beta", "/omega"]);
    }

    #[test]
    fn the_error_of_an_unknown_property_deep_in_arrays_has_its_own_path() {
        let schema = schema(json!({"type": "object", "properties": {
            "rows": {"type": "array", "items": {"type": "array", "items": {
                "type": "object", "properties": {"a~b": {"type": "object", "properties": {"id": {"type": "integer"}}}}
            }}}
        }}));
        let args = json!({"rows": [[], [{}, {"a~b": {"idd": 1}}]]});
        let unknown = schema.unknown_properties(&args);
        assert_eq!(unknown.len(), 1);
        assert_eq!(unknown[0].path(), "/rows/1/1/a~0b/idd");
        let error = unknown[0].clone().into_error();
        assert_eq!(error.path(), "/rows/1/1/a~0b/idd");
        assert_eq!(
            error.schema_path(),
            "/properties/rows/items/items/properties/a~0b/properties"
        );
        assert_eq!(error.keyword(), "properties");
    }

    /// Two branches accept the value: the `oneOf` refuses it, and the walk
    /// does not guess which branch's names count.
    #[test]
    fn a_value_two_branches_accept_has_no_unknown_properties() {
        let schema = schema(json!({"type": "object", "properties": {"v": {"oneOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}},
            {"type": "object", "properties": {"b": {"type": "string"}}}
        ]}}}));
        assert!(schema
            .unknown_properties(&json!({"v": {"c": 1}}))
            .is_empty());
        let one = schema.unknown_properties(&json!({"v": {"a": 1, "c": 1}}));
        let paths: Vec<_> = one.iter().map(UnknownProperty::path).collect();
        assert_eq!(paths, ["/v/a", "/v/c"], "branch 1 alone accepts it");
    }
}
