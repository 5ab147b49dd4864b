//! The typed model of the Pedelec argsSchema subset.
//!
//! A [`SchemaNode`] is exactly one of the subset's node kinds. The types make
//! the structural rules of the subset unrepresentable to break: an array
//! always has `items`, a `oneOf` node has no `type`, an `enum` holds values of
//! its node's own type, length bounds are never negative and a `pattern` is
//! always a regex that compiles. The remaining rules, which relate one keyword
//! to another (`minimum <= maximum`, `required` names a defined property, ...),
//! are checked when a tree becomes a [`ToolArgsSchema`](crate::ToolArgsSchema).
//!
//! # Serialization
//!
//! A schema serializes in one canonical form: keys in one order (`type`,
//! the kind's keywords, then `description`, `default`, `examples`);
//! objects always carry `properties` and `required`, even empty, as the
//! Pedelec SDK writes them; `uniqueItems: false` and empty `examples` are
//! left out. Parsing what was serialized gives the same schema back.
//!
//! Properties keep the author's order: nodes built in code (and derived
//! types) the order they were built in, a schema read from JSON text
//! (`ToolArgsSchema::from_json_str`) the text's, and one parsed from a
//! `serde_json::Value` the order the map iterates (sorted by name, unless
//! serde_json's `preserve_order` feature is on). Serialization and every
//! export write them in that order, since a model writes a call's
//! properties in the order the schema lists them. Two object nodes with
//! the same properties in another order are equal.

mod array;
mod boolean;
mod metadata;
mod number;
mod object;
mod one_of;
mod order;
mod serialize;
pub(crate) use serialize::Lean;
mod string;

pub use array::ArrayNode;
pub use boolean::BooleanNode;
pub use metadata::Metadata;
pub use number::NumberNode;
pub use object::{ObjectNode, Property};
pub use one_of::OneOfNode;
pub use string::StringNode;

pub use crate::pattern::Pattern;

pub(crate) use order::keyword_rank;
pub use order::KEYWORD_ORDER;

/// One node of a schema: exactly one of the subset's node kinds.
///
/// Build nodes in code with the constructors, then refine them with the
/// builder methods of each kind:
///
/// ```
/// use pedelec_schema::SchemaNode;
///
/// // Reuse is done in code: one `point` node, placed wherever it is needed.
/// fn point() -> SchemaNode {
///     SchemaNode::object()
///         .required_property("x", SchemaNode::number())
///         .required_property("y", SchemaNode::number())
///         .into()
/// }
///
/// let line = SchemaNode::object()
///     .required_property("from", point())
///     .required_property("to", point());
/// assert_eq!(line.properties.len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum SchemaNode {
    /// `"type": "string"`.
    String(StringNode),
    /// `"type": "number"`: any JSON number.
    Number(NumberNode),
    /// `"type": "integer"`: a JSON number with a zero fractional part.
    Integer(NumberNode),
    /// `"type": "boolean"`.
    Boolean(BooleanNode),
    /// `"type": "array"` with its `items` node.
    Array(ArrayNode),
    /// `"type": "object"`.
    Object(ObjectNode),
    /// `oneOf`: exactly one branch must accept the value.
    OneOf(OneOfNode),
}

/// The name of a node kind as the `type` keyword spells it (`oneOf` for a
/// `oneOf` node).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// `string`
    String,
    /// `number`
    Number,
    /// `integer`
    Integer,
    /// `boolean`
    Boolean,
    /// `array`
    Array,
    /// `object`
    Object,
    /// `oneOf`
    OneOf,
}

impl NodeKind {
    /// The JSON spelling: the value of `type`, or `oneOf`.
    pub fn as_str(self) -> &'static str {
        match self {
            NodeKind::String => "string",
            NodeKind::Number => "number",
            NodeKind::Integer => "integer",
            NodeKind::Boolean => "boolean",
            NodeKind::Array => "array",
            NodeKind::Object => "object",
            NodeKind::OneOf => "oneOf",
        }
    }

    /// The kind that a `type` value names, if the subset has it.
    pub fn from_type_name(name: &str) -> Option<NodeKind> {
        Some(match name {
            "string" => NodeKind::String,
            "number" => NodeKind::Number,
            "integer" => NodeKind::Integer,
            "boolean" => NodeKind::Boolean,
            "array" => NodeKind::Array,
            "object" => NodeKind::Object,
            _ => return None,
        })
    }
}

impl std::fmt::Display for NodeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl SchemaNode {
    /// A string node without constraints.
    pub fn string() -> StringNode {
        StringNode::default()
    }

    /// A number node without bounds.
    pub fn number() -> NumberNode {
        NumberNode::default()
    }

    /// An integer node without bounds. Integer and number nodes take the same
    /// keywords (a [`NumberNode`]); the builder only remembers which it is.
    pub fn integer() -> IntegerBuilder {
        IntegerBuilder(NumberNode::default())
    }

    /// A boolean node.
    pub fn boolean() -> BooleanNode {
        BooleanNode::default()
    }

    /// An array node whose elements must match `items`.
    pub fn array(items: impl Into<SchemaNode>) -> ArrayNode {
        ArrayNode::new(items)
    }

    /// An object node without properties.
    pub fn object() -> ObjectNode {
        ObjectNode::default()
    }

    /// A `oneOf` node over `branches`.
    pub fn one_of<I>(branches: I) -> OneOfNode
    where
        I: IntoIterator,
        I::Item: Into<SchemaNode>,
    {
        OneOfNode::new(branches)
    }

    /// Which kind of node this is.
    pub fn kind(&self) -> NodeKind {
        match self {
            SchemaNode::String(_) => NodeKind::String,
            SchemaNode::Number(_) => NodeKind::Number,
            SchemaNode::Integer(_) => NodeKind::Integer,
            SchemaNode::Boolean(_) => NodeKind::Boolean,
            SchemaNode::Array(_) => NodeKind::Array,
            SchemaNode::Object(_) => NodeKind::Object,
            SchemaNode::OneOf(_) => NodeKind::OneOf,
        }
    }

    /// The shared metadata (`description`, `default`, `examples`).
    pub fn meta(&self) -> &Metadata {
        match self {
            SchemaNode::String(n) => &n.meta,
            SchemaNode::Number(n) | SchemaNode::Integer(n) => &n.meta,
            SchemaNode::Boolean(n) => &n.meta,
            SchemaNode::Array(n) => &n.meta,
            SchemaNode::Object(n) => &n.meta,
            SchemaNode::OneOf(n) => &n.meta,
        }
    }

    /// The shared metadata, mutably.
    pub fn meta_mut(&mut self) -> &mut Metadata {
        match self {
            SchemaNode::String(n) => &mut n.meta,
            SchemaNode::Number(n) | SchemaNode::Integer(n) => &mut n.meta,
            SchemaNode::Boolean(n) => &mut n.meta,
            SchemaNode::Array(n) => &mut n.meta,
            SchemaNode::Object(n) => &mut n.meta,
            SchemaNode::OneOf(n) => &mut n.meta,
        }
    }

    /// This node as a `serde_json::Value`, whose map sorts the keys unless
    /// serde_json's `preserve_order` feature is on. Serializing the node
    /// itself (`serde_json::to_string(&node)`) writes the canonical key
    /// order and the properties in the author's order.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a schema node always serializes")
    }
}

/// Builds an `integer` node: the same keywords as a `number` node, but it
/// turns into [`SchemaNode::Integer`].
///
/// ```
/// use pedelec_schema::{SchemaNode, NodeKind};
/// let delta: SchemaNode = SchemaNode::integer().minimum(-10).maximum(10).into();
/// assert_eq!(delta.kind(), NodeKind::Integer);
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IntegerBuilder(pub NumberNode);

impl IntegerBuilder {
    /// See [`NumberNode::minimum`].
    pub fn minimum(self, minimum: impl Into<serde_json::Number>) -> Self {
        IntegerBuilder(self.0.minimum(minimum))
    }

    /// See [`NumberNode::maximum`].
    pub fn maximum(self, maximum: impl Into<serde_json::Number>) -> Self {
        IntegerBuilder(self.0.maximum(maximum))
    }

    /// See [`NumberNode::enum_values`].
    pub fn enum_values<I>(self, values: I) -> Self
    where
        I: IntoIterator,
        I::Item: Into<serde_json::Number>,
    {
        IntegerBuilder(self.0.enum_values(values))
    }
}

impl From<IntegerBuilder> for SchemaNode {
    fn from(builder: IntegerBuilder) -> Self {
        SchemaNode::Integer(builder.0)
    }
}

/// Adds the metadata builder methods to a node type.
macro_rules! metadata_builders {
    ($($node:ty => |$n:ident| $meta:expr;)*) => {$(
        impl $node {
            /// Sets `description`: what the value means, for the agent.
            pub fn description(mut self, description: impl Into<String>) -> Self {
                let $n = &mut self;
                $meta.description = Some(description.into());
                self
            }

            /// Sets `default`: guidance for the agent only, never filled in.
            pub fn default_value(mut self, default: impl Into<serde_json::Value>) -> Self {
                let $n = &mut self;
                $meta.default = Some(default.into());
                self
            }

            /// Adds one entry to `examples`.
            pub fn example(mut self, example: impl Into<serde_json::Value>) -> Self {
                let $n = &mut self;
                $meta.examples.push(example.into());
                self
            }
        }
    )*};
}

metadata_builders! {
    StringNode => |n| n.meta;
    NumberNode => |n| n.meta;
    IntegerBuilder => |n| n.0.meta;
    BooleanNode => |n| n.meta;
    ArrayNode => |n| n.meta;
    ObjectNode => |n| n.meta;
    OneOfNode => |n| n.meta;
}

macro_rules! into_schema_node {
    ($($node:ty => $variant:ident,)*) => {$(
        impl From<$node> for SchemaNode {
            fn from(node: $node) -> Self {
                SchemaNode::$variant(node)
            }
        }
    )*};
}

into_schema_node! {
    StringNode => String,
    NumberNode => Number,
    BooleanNode => Boolean,
    ArrayNode => Array,
    ObjectNode => Object,
    OneOfNode => OneOf,
}
