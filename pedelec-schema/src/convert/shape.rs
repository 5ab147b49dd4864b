//! What a source node accepts, in a form the subset's rewrites can work on.
//!
//! JSON Schema keywords mostly constrain one JSON type and let every other
//! type through (`minLength` says nothing about numbers), and a node may
//! accept several types. So a source node is read into a [`Node`]: values
//! of one type with that type's constraints ([`Kind::Typed`]), a node
//! without `type` whose constraints each apply to their own type
//! ([`Kind::Open`]), a union of nodes ([`Kind::Union`]), or nothing at all.
//! Every constraint keeps the JSON Pointer of the source keyword it came
//! from, so that a change made later names it.

use serde_json::{Number, Value};

/// A JSON Schema type family. `integer` is a [`Family::Number`] whose
/// [`Facets::integer`] is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Family {
    Null,
    Boolean,
    Number,
    String,
    Array,
    Object,
}

impl Family {
    /// The family of a JSON value.
    pub(super) fn of(value: &Value) -> Family {
        match value {
            Value::Null => Family::Null,
            Value::Bool(_) => Family::Boolean,
            Value::Number(_) => Family::Number,
            Value::String(_) => Family::String,
            Value::Array(_) => Family::Array,
            Value::Object(_) => Family::Object,
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Family::Null => "null",
            Family::Boolean => "boolean",
            Family::Number => "number",
            Family::String => "string",
            Family::Array => "array",
            Family::Object => "object",
        }
    }
}

/// A value with the pointer of the source keyword it was read from.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct At<T> {
    pub(super) value: T,
    pub(super) at: String,
}

impl<T> At<T> {
    pub(super) fn new(value: T, at: impl Into<String>) -> Self {
        At {
            value,
            at: at.into(),
        }
    }
}

/// `minimum` or `maximum`, maybe exclusive.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Bound {
    pub(super) value: Number,
    pub(super) exclusive: bool,
    /// The keyword that set it.
    pub(super) at: String,
}

/// A tuple: one node per position, then the node of the elements after
/// them (`None`: anything; `Some(Nothing)`: no more elements).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Tuple {
    pub(super) positions: Vec<Node>,
    pub(super) rest: Option<Box<Node>>,
    /// `prefixItems`, or the array-form `items`.
    pub(super) at: String,
}

/// A property as an object node lists it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PropertyEntry {
    pub(super) name: String,
    pub(super) node: Node,
    /// Where the property is listed: the object's pointer, then
    /// `/properties/NAME`.
    pub(super) at: String,
}

/// The constraints of a node, each applying to values of its own family.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Facets {
    /// `enum` (or `const`): values of every family.
    pub(super) enum_values: Option<At<Vec<Value>>>,
    /// Numbers must be integers: set by `type: integer` or an integer
    /// `format`.
    pub(super) integer: bool,
    pub(super) minimum: Option<Bound>,
    pub(super) maximum: Option<Bound>,
    pub(super) min_length: Option<u64>,
    pub(super) max_length: Option<u64>,
    pub(super) pattern: Option<At<String>>,
    /// `items` as one node; `None` when absent (elements may be anything).
    pub(super) items: Option<Box<Node>>,
    pub(super) tuple: Option<Tuple>,
    pub(super) min_items: Option<u64>,
    pub(super) max_items: Option<u64>,
    pub(super) unique_items: bool,
    pub(super) properties: Vec<PropertyEntry>,
    pub(super) required: Vec<At<String>>,
    /// The source allowed no property but those in `properties`
    /// (`additionalProperties: false`, no `patternProperties`). The subset
    /// cannot say it; a `oneOf` uses it to tell closed branches apart.
    pub(super) closed: bool,
}

impl Facets {
    /// The families whose values these facets constrain (`enum` aside).
    pub(super) fn constrained_families(&self) -> Vec<Family> {
        let mut families = Vec::new();
        if self.integer || self.minimum.is_some() || self.maximum.is_some() {
            families.push(Family::Number);
        }
        if self.min_length.is_some() || self.max_length.is_some() || self.pattern.is_some() {
            families.push(Family::String);
        }
        if self.items.is_some()
            || self.tuple.is_some()
            || self.min_items.is_some()
            || self.max_items.is_some()
            || self.unique_items
        {
            families.push(Family::Array);
        }
        if !self.properties.is_empty() || !self.required.is_empty() {
            families.push(Family::Object);
        }
        families
    }

    pub(super) fn property(&self, name: &str) -> Option<&PropertyEntry> {
        self.properties.iter().find(|p| p.name == name)
    }
}

/// The metadata the subset keeps: guidance for the agent, never a
/// constraint.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Meta {
    pub(super) description: Option<String>,
    pub(super) default: Option<At<Value>>,
    pub(super) examples: Vec<At<Value>>,
}

impl Meta {
    /// Fills what `self` lacks from `other`: a node's own metadata wins
    /// over that of what it references or merges.
    pub(super) fn fill_from(&mut self, other: Meta) {
        if self.description.is_none() {
            self.description = other.description;
        }
        if self.default.is_none() {
            self.default = other.default;
        }
        if self.examples.is_empty() {
            self.examples = other.examples;
        }
    }
}

/// Where a union came from, which decides how it is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Origin {
    /// A `oneOf` of the source: kept as it is.
    OneOf,
    /// An `anyOf`: a `oneOf` when its branches cannot overlap.
    AnyOf,
    /// Several types (`type` array, `nullable`): branches of different
    /// families, which never overlap.
    Types,
    /// Branches the converter split by family itself (an `enum` of values
    /// of several types, keywords of several types without `type`), which
    /// never overlap; the split has its own change.
    Split,
}

/// A union of nodes.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Union {
    pub(super) branches: Vec<Node>,
    pub(super) origin: Origin,
    /// The keyword that made it (`/oneOf`, `/anyOf`, `/type`, ...).
    pub(super) at: String,
}

/// What a node accepts.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Kind {
    /// No value.
    Nothing,
    /// Every value, except as the facets constrain their own family.
    Open(Facets),
    /// Values of one family that meet the facets.
    Typed(Family, Facets),
    /// Values the branches accept, as the origin says.
    Union(Union),
}

/// A source node read for conversion.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Node {
    pub(super) kind: Kind,
    pub(super) meta: Meta,
    /// Where the node is in the source.
    pub(super) at: String,
    /// Whether reading it dropped a constraint (a change that widens):
    /// where such a node is a `oneOf` branch, the `oneOf` may narrow.
    pub(super) widened: bool,
}

impl Node {
    pub(super) fn new(kind: Kind, at: impl Into<String>) -> Self {
        Node {
            kind,
            meta: Meta::default(),
            at: at.into(),
            widened: false,
        }
    }

    /// A node that accepts every value.
    pub(super) fn anything(at: impl Into<String>) -> Self {
        Node::new(Kind::Open(Facets::default()), at)
    }

    /// A node that accepts no value.
    pub(super) fn nothing(at: impl Into<String>) -> Self {
        Node::new(Kind::Nothing, at)
    }
}
