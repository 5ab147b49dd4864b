//! [`ToolArgsSchema::coerce`]: what an agent commonly mis-encodes, turned
//! into what the schema asks for, each change reported.
//!
//! Every rule fires only where the value does not have the type its node
//! asks for, and turns it into a value of that type, so a value that
//! validates is never touched (a property test checks this of the walk
//! itself, below the shortcut that skips valid values). Bounds, patterns
//! and `enum`s are validation's business: `"500"` under an integer node
//! with `maximum: 100` becomes `500`, and validation then says why 500 is
//! refused, which tells the agent more than "expected an integer".

use serde_json::Value;

use crate::change::{Change, ChangeCode};
use crate::message::{Described, Quoted};
use crate::numeric::is_integer;
use crate::schema::SchemaNode;
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::{CompiledArray, CompiledNode, CompiledObject, CompiledOneOf, Kind};

/// [`ToolArgsSchema::coerce`]: the walk, after a shortcut for valid
/// values.
pub(crate) fn coerce(schema: &ToolArgsSchema, args: &mut Value) -> Vec<Change> {
    // A value that validates has nothing to coerce; checking that first
    // costs no allocation, where the walk clones values under `oneOf`s.
    if schema.is_valid(args) {
        return Vec::new();
    }
    coerce_root(schema.compiled(), args)
}

/// The walk behind [`ToolArgsSchema::coerce`], without its shortcut for
/// valid values (the property tests call it directly).
pub(crate) fn coerce_root(root: CompiledObject<'_>, args: &mut Value) -> Vec<Change> {
    let mut coercion = Coercion::default();
    coercion.object(root, args);
    coercion.changes
}

#[derive(Default)]
struct Coercion {
    /// The pointer of the value being looked at.
    at: String,
    changes: Vec<Change>,
}

impl Coercion {
    fn node(&mut self, node: CompiledNode<'_>, value: &mut Value) {
        match node.kind() {
            Kind::Integer => self.number(value, true),
            Kind::Number => self.number(value, false),
            Kind::Boolean => self.boolean(value),
            Kind::Array(array) => self.array(array, value),
            Kind::Object(object) => self.object(object, value),
            Kind::OneOf(one_of) => self.one_of(one_of, value),
            Kind::String => {}
        }
    }

    fn number(&mut self, value: &mut Value, integer: bool) {
        let Value::String(text) = value else { return };
        let Some(number) = exact_number(text) else {
            return;
        };
        if integer && !is_integer(&number) {
            return;
        }
        let message = format!(
            "read the string {} as the number {number}",
            Quoted::new(text)
        );
        self.record(ChangeCode::NumberFromString, message);
        *value = Value::Number(number);
    }

    fn boolean(&mut self, value: &mut Value) {
        let Value::String(text) = value else { return };
        let boolean = match text.as_str() {
            "true" => true,
            "false" => false,
            _ => return,
        };
        let message = format!("read the string \"{boolean}\" as the boolean {boolean}");
        self.record(ChangeCode::BooleanFromString, message);
        *value = Value::Bool(boolean);
    }

    fn array(&mut self, array: CompiledArray<'_>, value: &mut Value) {
        if let Some(Value::Array(items)) = json_text(value, Value::is_array) {
            let message = format!(
                "read the string as the JSON array it holds ({} items)",
                items.len()
            );
            self.record(ChangeCode::ArrayFromJsonText, message);
            *value = Value::Array(items);
        }
        let Value::Array(items) = value else {
            return self.wrap(array, value);
        };
        for (index, item) in items.iter_mut().enumerate() {
            let parent = self.at.len();
            crate::pointer::push_index(&mut self.at, index);
            self.node(array.items(), item);
            self.at.truncate(parent);
        }
    }

    /// A lone value under an array node: wrapped in a one-item array if it
    /// is, or coerces to, a value of the items' type.
    fn wrap(&mut self, array: CompiledArray<'_>, value: &mut Value) {
        let mut item = value.clone();
        let mark = self.changes.len();
        let parent = self.at.len();
        crate::pointer::push_index(&mut self.at, 0);
        self.node(array.items(), &mut item);
        // A value is wrapped once: `1` under an array of arrays stays `1`.
        let wrapped_twice = self.changes[mark..]
            .iter()
            .any(|change| change.code == ChangeCode::WrappedInArray && change.pointer == self.at);
        self.at.truncate(parent);
        if wrapped_twice || !has_type_of(&array.node().items, &item) {
            self.changes.truncate(mark);
            return;
        }
        let inside = self.changes.split_off(mark);
        let message = format!("wrapped {} in a one-item array", Described(value));
        self.record(ChangeCode::WrappedInArray, message);
        self.changes.extend(inside);
        *value = Value::Array(vec![item]);
    }

    fn object(&mut self, object: CompiledObject<'_>, value: &mut Value) {
        if let Some(Value::Object(map)) = json_text(value, Value::is_object) {
            let message = format!(
                "read the string as the JSON object it holds ({} properties)",
                map.len()
            );
            self.record(ChangeCode::ObjectFromJsonText, message);
            *value = Value::Object(map);
        }
        let Value::Object(map) = value else { return };
        // By name, the order of validation's errors.
        for property in object.properties() {
            if let Some(present) = map.get_mut(property.name) {
                let parent = self.at.len();
                crate::pointer::push(&mut self.at, property.name);
                self.node(property.node, present);
                self.at.truncate(parent);
            }
        }
    }

    /// Coerces `value` only if exactly one value, among what each branch's
    /// coercion makes of it, is one the `oneOf` accepts: one that some
    /// branch owns (`validate/choice.rs`).
    fn one_of(&mut self, one_of: CompiledOneOf<'_>, value: &mut Value) {
        if one_of.accepts(value) {
            return;
        }
        let mut found: Option<(Value, Vec<Change>)> = None;
        for branch in one_of.branches() {
            let mut candidate = value.clone();
            let mark = self.changes.len();
            self.node(branch, &mut candidate);
            let changes = self.changes.split_off(mark);
            if changes.is_empty() || !one_of.accepts(&candidate) {
                continue;
            }
            match &found {
                Some((other, _)) if *other == candidate => {}
                Some(_) => return,
                None => found = Some((candidate, changes)),
            }
        }
        if let Some((candidate, changes)) = found {
            *value = candidate;
            self.changes.extend(changes);
        }
    }

    fn record(&mut self, code: ChangeCode, message: String) {
        self.changes
            .push(Change::new(code, self.at.clone(), message));
    }
}

/// The number `text` spells, if the whole of it is a JSON number, read as
/// serde_json reads that number in a document.
fn exact_number(text: &str) -> Option<serde_json::Number> {
    // A JSON number starts with `-` or a digit and ends with a digit; this
    // also rules out the whitespace that JSON text may have around a value.
    let starts = text.starts_with(|c: char| c == '-' || c.is_ascii_digit());
    let ends = text.ends_with(|c: char| c.is_ascii_digit());
    if !(starts && ends) {
        return None;
    }
    match serde_json::from_str(text) {
        Ok(Value::Number(number)) => Some(number),
        _ => None,
    }
}

/// The JSON value that the string `value` holds, if it is JSON text of a
/// value of the kind `wanted` asks for.
fn json_text(value: &Value, wanted: fn(&Value) -> bool) -> Option<Value> {
    let Value::String(text) = value else {
        return None;
    };
    serde_json::from_str(text).ok().filter(wanted)
}

/// Whether `value` has the JSON type `node` asks for (bounds aside); for a
/// `oneOf`, the type of one of its branches.
fn has_type_of(node: &SchemaNode, value: &Value) -> bool {
    match node {
        SchemaNode::String(_) => value.is_string(),
        SchemaNode::Number(_) => value.is_number(),
        SchemaNode::Integer(_) => matches!(value, Value::Number(number) if is_integer(number)),
        SchemaNode::Boolean(_) => value.is_boolean(),
        SchemaNode::Array(_) => value.is_array(),
        SchemaNode::Object(_) => value.is_object(),
        SchemaNode::OneOf(one_of) => one_of
            .branches
            .iter()
            .any(|branch| has_type_of(branch, value)),
    }
}
