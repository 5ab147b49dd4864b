//! [`ObjectNode`]: `"type": "object"`, its properties in order and the
//! names it requires.

use super::{Metadata, SchemaNode};

/// A `"type": "object"` node.
///
/// Properties keep their order (as built in code, or as the parsed JSON map
/// iterates), which is the order they serialize in. Properties the schema
/// does not name are allowed, as in JSON Schema.
#[derive(Debug, Clone, Default)]
pub struct ObjectNode {
    /// `properties`, in declaration order.
    pub properties: Vec<Property>,
    /// `required`: names of properties that must be present.
    pub required: Vec<String>,
    /// Shared metadata.
    pub meta: Metadata,
}

/// One entry of `properties`.
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    /// The property name: always a name, never a keyword, whatever it spells.
    pub name: String,
    /// The node its value must match.
    pub node: SchemaNode,
}

/// `properties` is a JSON object, so two object nodes are equal when they
/// define the same properties, in whatever order; `required` is compared as
/// written.
impl PartialEq for ObjectNode {
    fn eq(&self, other: &Self) -> bool {
        self.properties.len() == other.properties.len()
            && self
                .properties
                .iter()
                .all(|p| other.property_node(&p.name) == Some(&p.node))
            && self.required == other.required
            && self.meta == other.meta
    }
}

impl ObjectNode {
    /// Adds an optional property.
    pub fn property(mut self, name: impl Into<String>, node: impl Into<SchemaNode>) -> Self {
        self.properties.push(Property {
            name: name.into(),
            node: node.into(),
        });
        self
    }

    /// Adds a property and lists it in `required`.
    pub fn required_property(self, name: impl Into<String>, node: impl Into<SchemaNode>) -> Self {
        let name = name.into();
        let mut object = self.property(name.clone(), node);
        object.required.push(name);
        object
    }

    /// The node of the property called `name`, if there is one.
    pub fn property_node(&self, name: &str) -> Option<&SchemaNode> {
        self.properties
            .iter()
            .find(|property| property.name == name)
            .map(|property| &property.node)
    }
}
