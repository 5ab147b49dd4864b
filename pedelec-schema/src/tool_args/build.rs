//! What the code that `#[derive(ToolArgs)]` generates calls: keyword
//! setters that only compile for a node kind that takes the keyword, an
//! object builder, the enum representations, the check of a `schema_with`
//! node, the recursion guard and the once-built root schema.
//!
//! The derive has checked every keyword value at compile time (bounds in
//! order, patterns that compile), so the `expect`s here are for bugs only.

use std::any::{type_name, TypeId};
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use serde_json::{Number, Value};

pub use super::node::node_of;
use super::node::{kind, ToolArgsNode};
use crate::diagnostic::Diagnostic;
use crate::numeric::compare;
use crate::pattern::Pattern;
use crate::schema::{ObjectNode, Property, SchemaNode};
use crate::tool_args_schema::ToolArgsSchema;

/// Node kinds that take `min_length`, `max_length` and `pattern`.
#[diagnostic::on_unimplemented(
    message = "`min_length`, `max_length` and `pattern` apply to string fields only",
    label = "this field's schema is not a string",
    note = "the field's schema kind is `{Self}`"
)]
pub trait StringKeywords {}
impl StringKeywords for kind::String {}

/// Node kinds that take `minimum` and `maximum`.
#[diagnostic::on_unimplemented(
    message = "`minimum` and `maximum` apply to number and integer fields only",
    label = "this field's schema is not a number",
    note = "the field's schema kind is `{Self}`"
)]
pub trait NumberKeywords {}
impl NumberKeywords for kind::Integer {}
impl NumberKeywords for kind::Number {}

/// Node kinds that take `min_items`, `max_items` and `unique_items`.
#[diagnostic::on_unimplemented(
    message = "`min_items`, `max_items` and `unique_items` apply to array fields only",
    label = "this field's schema is not an array",
    note = "the field's schema kind is `{Self}`"
)]
pub trait ArrayKeywords {}
impl ArrayKeywords for kind::Array {}

/// Node kinds whose properties can be merged into an object: the targets of
/// `#[serde(flatten)]` and the newtype variants of an internally tagged enum.
#[diagnostic::on_unimplemented(
    message = "only a type whose schema is an object can be flattened or be the newtype of an \
               internally tagged variant",
    label = "this type's schema is not an object",
    note = "the type's schema kind is `{Self}`; serde merges its fields into the \
            surrounding object, so it must be a struct with named fields"
)]
pub trait ObjectKeywords {}
impl ObjectKeywords for kind::Object {}

fn bug(what: &str) -> ! {
    panic!("{what}: this is a bug in pedelec-schema-derive, please report it")
}

/// `minLength`, keeping the type's own bound where it is tighter.
pub fn min_length<K: StringKeywords>(mut node: SchemaNode, min: u64) -> SchemaNode {
    let SchemaNode::String(string) = &mut node else {
        bug("min_length on a node that is not a string")
    };
    string.min_length = Some(string.min_length.map_or(min, |own| own.max(min)));
    node
}

/// `maxLength`, keeping the type's own bound where it is tighter.
pub fn max_length<K: StringKeywords>(mut node: SchemaNode, max: u64) -> SchemaNode {
    let SchemaNode::String(string) = &mut node else {
        bug("max_length on a node that is not a string")
    };
    string.max_length = Some(string.max_length.map_or(max, |own| own.min(max)));
    node
}

/// `pattern` (the derive compiled it already, with the same translation).
pub fn pattern<K: StringKeywords>(mut node: SchemaNode, source: &str) -> SchemaNode {
    let SchemaNode::String(string) = &mut node else {
        bug("pattern on a node that is not a string")
    };
    let pattern = Pattern::new(source)
        .unwrap_or_else(|err| bug(&format!("the pattern {source:?} does not compile: {err}")));
    string.pattern = Some(pattern);
    node
}

fn number_node<'a>(node: &'a mut SchemaNode, keyword: &str) -> &'a mut crate::schema::NumberNode {
    match node {
        SchemaNode::Number(number) | SchemaNode::Integer(number) => number,
        _ => bug(&format!("{keyword} on a node that is not a number")),
    }
}

/// `minimum`, keeping the type's own bound where it is tighter (an alias of
/// `u8` given `minimum = -5` still refuses negative values).
pub fn minimum<K: NumberKeywords>(mut node: SchemaNode, min: Number) -> SchemaNode {
    let number = number_node(&mut node, "minimum");
    number.minimum = Some(match number.minimum.take() {
        Some(own) if compare(&own, &min) == Ordering::Greater => own,
        _ => min,
    });
    node
}

/// `maximum`, keeping the type's own bound where it is tighter.
pub fn maximum<K: NumberKeywords>(mut node: SchemaNode, max: Number) -> SchemaNode {
    let number = number_node(&mut node, "maximum");
    number.maximum = Some(match number.maximum.take() {
        Some(own) if compare(&own, &max) == Ordering::Less => own,
        _ => max,
    });
    node
}

fn array_node<'a>(node: &'a mut SchemaNode, keyword: &str) -> &'a mut crate::schema::ArrayNode {
    match node {
        SchemaNode::Array(array) => array,
        _ => bug(&format!("{keyword} on a node that is not an array")),
    }
}

/// `minItems`, keeping the type's own bound where it is tighter.
pub fn min_items<K: ArrayKeywords>(mut node: SchemaNode, min: u64) -> SchemaNode {
    let array = array_node(&mut node, "min_items");
    array.min_items = Some(array.min_items.map_or(min, |own| own.max(min)));
    node
}

/// `maxItems`, keeping the type's own bound where it is tighter.
pub fn max_items<K: ArrayKeywords>(mut node: SchemaNode, max: u64) -> SchemaNode {
    let array = array_node(&mut node, "max_items");
    array.max_items = Some(array.max_items.map_or(max, |own| own.min(max)));
    node
}

/// `uniqueItems` (a set type is unique whatever the attribute says).
pub fn unique_items<K: ArrayKeywords>(mut node: SchemaNode, unique: bool) -> SchemaNode {
    let array = array_node(&mut node, "unique_items");
    array.unique_items |= unique;
    node
}

/// `description`: the nearest one wins (a field's over its type's).
pub fn description(mut node: SchemaNode, text: &str) -> SchemaNode {
    node.meta_mut().description = Some(text.to_owned());
    node
}

/// `default`: guidance for the agent only.
pub fn default_value(mut node: SchemaNode, value: Value) -> SchemaNode {
    node.meta_mut().default = Some(value);
    node
}

/// `examples`, replacing the type's own.
pub fn examples(mut node: SchemaNode, values: Vec<Value>) -> SchemaNode {
    node.meta_mut().examples = values;
    node
}

/// An integer bound the derive wrote; it checked that it is a JSON number.
pub fn int(value: i128) -> Number {
    if let Ok(unsigned) = u64::try_from(value) {
        Number::from(unsigned)
    } else if let Ok(signed) = i64::try_from(value) {
        Number::from(signed)
    } else {
        bug(&format!("the bound {value} is not a JSON integer"))
    }
}

/// A float bound the derive wrote; it checked that it is finite.
pub fn float(value: f64) -> Number {
    Number::from_f64(value).unwrap_or_else(|| bug(&format!("the bound {value} is not finite")))
}

/// Builds an object node property by property, refusing a name twice (two
/// fields renamed alike, a flattened field that repeats one, a field named
/// like the tag), which serde could not read either.
pub struct ObjectBuilder {
    owner: &'static str,
    object: ObjectNode,
}

impl ObjectBuilder {
    /// An empty object for the type `owner` (named in panic messages).
    pub fn new(owner: &'static str) -> Self {
        ObjectBuilder {
            owner,
            object: ObjectNode::default(),
        }
    }

    /// Adds a property.
    pub fn property(&mut self, name: &str, node: SchemaNode, required: bool) {
        if self.object.property_node(name).is_some() {
            panic!(
                "#[derive(ToolArgs)] on `{}`: the property `{name}` is defined twice \
                 (check `rename`, `rename_all`, `flatten` and the enum's `tag`)",
                self.owner
            );
        }
        self.object.properties.push(Property {
            name: name.to_owned(),
            node,
        });
        if required {
            self.object.required.push(name.to_owned());
        }
    }

    /// Merges the properties of an object node (`#[serde(flatten)]`, or the
    /// newtype of an internally tagged variant). When the field itself is
    /// optional, none of its properties is required.
    pub fn flatten<K: ObjectKeywords>(&mut self, node: SchemaNode, required: bool) {
        let SchemaNode::Object(inner) = node else {
            bug("flatten of a node that is not an object")
        };
        for Property { name, node } in inner.properties {
            let is_required = required && inner.required.contains(&name);
            self.property(&name, node, is_required);
        }
    }

    /// The object node.
    pub fn finish(self) -> SchemaNode {
        SchemaNode::Object(self.object)
    }
}

/// A string node that allows exactly `values` (unit variants, tags).
pub fn string_enum(values: &[&str]) -> SchemaNode {
    SchemaNode::string()
        .enum_values(values.iter().copied())
        .into()
}

/// An object with exactly one required property: an externally tagged
/// variant `{"Variant": content}`.
pub fn single_key(owner: &'static str, name: &str, content: SchemaNode) -> SchemaNode {
    let mut object = ObjectBuilder::new(owner);
    object.property(name, content, true);
    object.finish()
}

/// A `oneOf` over the variants' nodes.
pub fn one_of(branches: Vec<SchemaNode>) -> SchemaNode {
    SchemaNode::one_of(branches).into()
}

/// The node a `#[tool_args(schema_with = function)]` field's function
/// returned, checked alone: outside the subset, it panics with the type
/// `Owner`, the field, the function and every error, each at its place in
/// the node.
pub fn schema_with<Owner: ?Sized>(field: &str, function: &str, node: SchemaNode) -> SchemaNode {
    const NAME: &str = "node";
    let mut holder = ObjectNode::default();
    holder.properties.push(Property {
        name: NAME.to_owned(),
        node,
    });
    match ToolArgsSchema::new(holder) {
        Ok(checked) => checked
            .root()
            .property_node(NAME)
            .cloned()
            .unwrap_or_else(|| bug("the checked node is gone")),
        Err(err) => {
            let errors: Vec<String> = err
                .diagnostics()
                .iter()
                .map(|diagnostic| relative(diagnostic, NAME))
                .collect();
            panic!(
                "#[derive(ToolArgs)] on `{}`: the node that `{function}` returned for the field \
                 `{field}` is outside the Pedelec argsSchema subset:\n  {}",
                type_name::<Owner>(),
                errors.join("\n  ")
            )
        }
    }
}

/// A diagnostic about the property `name` of a holder object, with its
/// pointer made relative to that property's node.
fn relative(diagnostic: &Diagnostic, name: &str) -> String {
    let prefix = format!("/properties/{name}");
    let pointer = diagnostic
        .pointer
        .strip_prefix(&prefix)
        .unwrap_or(&diagnostic.pointer);
    let pointer = if pointer.is_empty() {
        "(the node)"
    } else {
        pointer
    };
    format!("{pointer}: {}", diagnostic.message)
}

thread_local! {
    /// The types whose node is being built on this thread, outermost first.
    static BUILDING: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// Pops the type off [`BUILDING`] even when building it panics.
struct Building;

impl Drop for Building {
    fn drop(&mut self) {
        BUILDING.with(|stack| stack.borrow_mut().pop());
    }
}

/// Builds `T`'s node, or panics with the chain of types when `T` contains
/// itself through other types (`A -> B -> A`), which the derive cannot see
/// and which would otherwise recurse until the stack overflows: the subset
/// has no `$ref`, so a recursive type has no schema.
pub fn guard<T: ?Sized>(build: impl FnOnce() -> SchemaNode) -> SchemaNode {
    let name = type_name::<T>();
    BUILDING.with(|stack| {
        let mut stack = stack.borrow_mut();
        if let Some(start) = stack.iter().position(|seen| *seen == name) {
            let mut chain: Vec<&str> = stack[start..].to_vec();
            chain.push(name);
            panic!(
                "#[derive(ToolArgs)]: `{name}` contains itself ({}); the Pedelec argsSchema \
                 subset has no `$ref`, so a recursive type has no schema. Break the cycle, \
                 e.g. with an id that refers to the other value",
                chain.join(" -> ")
            );
        }
        stack.push(name);
    });
    let _pop = Building;
    build()
}

/// The checked root schema of a struct with named fields.
pub fn root_schema<T: ToolArgsNode<Kind = kind::Object> + ?Sized>() -> ToolArgsSchema {
    let SchemaNode::Object(root) = node_of::<T>() else {
        bug("a struct's node is not an object")
    };
    ToolArgsSchema::new(root).unwrap_or_else(|err| {
        panic!(
            "#[derive(ToolArgs)] on `{}` built a schema outside the subset. This is a bug in \
             pedelec-schema-derive, unless bounds contradict the field's type (e.g. \
             `min_items` above the length of an array type): {err}",
            type_name::<T>()
        )
    })
}

/// The schema of a generic type, built once per instantiation (a `static`
/// in a generic function is shared by all of them).
pub fn generic_schema<T: ToolArgsNode<Kind = kind::Object> + ?Sized + 'static>(
) -> &'static ToolArgsSchema {
    static SCHEMAS: OnceLock<Mutex<HashMap<TypeId, &'static ToolArgsSchema>>> = OnceLock::new();
    let schemas = SCHEMAS.get_or_init(Default::default);
    let id = TypeId::of::<T>();
    if let Some(schema) = schemas.lock().unwrap_or_else(|e| e.into_inner()).get(&id) {
        return schema;
    }
    // Built outside the lock, so that a panic while building (a recursive
    // type) leaves the map usable for other types.
    let built: &'static ToolArgsSchema = Box::leak(Box::new(root_schema::<T>()));
    let mut schemas = schemas.lock().unwrap_or_else(|e| e.into_inner());
    schemas.entry(id).or_insert(built)
}
