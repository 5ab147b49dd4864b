//! Type-level mistakes made in a valid value: the mistakes a TypeScript type
//! must refuse, because the value then has no longer the shape the type
//! describes (a required property missing, a value of another JSON type, a
//! literal outside an `enum`, a value of no `oneOf` branch's JSON type).
//!
//! Mistakes are made only at places reached through objects and arrays:
//! inside a `oneOf` branch, a value that no longer fits one branch may fit
//! another's type, and then only the validator's bounds refuse it, which
//! the type does not claim to hold.

use pedelec_schema::schema::{ObjectNode, SchemaNode};
use serde_json::{Number, Value};

/// Which kind of mistake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    MissingRequired,
    WrongType,
    OutsideEnum,
    NoBranchType,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::MissingRequired => "a required property missing",
            Kind::WrongType => "a value of the wrong JSON type",
            Kind::OutsideEnum => "a literal outside its enum",
            Kind::NoBranchType => "a value of no oneOf branch's JSON type",
        }
    }
}

/// A valid value with one mistake made in it.
pub struct Mistake {
    pub kind: Kind,
    pub path: String,
    pub value: Value,
}

/// A place in the value: its JSON Pointer and the node it must follow.
struct Place<'a> {
    path: String,
    node: &'a SchemaNode,
}

/// At most one mistake of each kind in `value` (valid against `root`), each
/// at a place picked by `seed`.
pub fn mistakes(root: &ObjectNode, value: &Value, seed: usize) -> Vec<Mistake> {
    let root_node = SchemaNode::Object(root.clone());
    let mut places = Vec::new();
    collect(&root_node, value, String::new(), &mut places);
    let mut found = Vec::new();
    for kind in [
        Kind::MissingRequired,
        Kind::WrongType,
        Kind::OutsideEnum,
        Kind::NoBranchType,
    ] {
        let candidates: Vec<(String, Value)> = places
            .iter()
            .filter_map(|place| {
                let current = value.pointer(&place.path)?;
                replacement(kind, place.node, current).map(|new| (place.path.clone(), new))
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let (path, new) = &candidates[seed % candidates.len()];
        let mut changed = value.clone();
        match (kind, changed.pointer_mut(path)) {
            (Kind::MissingRequired, Some(Value::Object(map))) => {
                let Value::String(name) = new else {
                    unreachable!("a missing property is named")
                };
                map.remove(name);
            }
            (_, Some(slot)) => *slot = new.clone(),
            (_, None) => continue,
        }
        found.push(Mistake {
            kind,
            path: path.clone(),
            value: changed,
        });
    }
    found
}

/// Every place of `value` reached from `node` through objects and arrays,
/// `oneOf` nodes included but not their insides.
fn collect<'a>(node: &'a SchemaNode, value: &Value, path: String, out: &mut Vec<Place<'a>>) {
    match (node, value) {
        (SchemaNode::Object(object), Value::Object(map)) => {
            for property in &object.properties {
                if let Some(inner) = map.get(&property.name) {
                    let inner_path = format!("{path}/{}", escape(&property.name));
                    collect(&property.node, inner, inner_path, out);
                }
            }
        }
        (SchemaNode::Array(array), Value::Array(items)) => {
            for (index, item) in items.iter().enumerate() {
                collect(&array.items, item, format!("{path}/{index}"), out);
            }
        }
        _ => {}
    }
    out.push(Place { path, node });
}

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// What a mistake of `kind` puts at a place holding `current` under
/// `node`: the new value, or for a missing property the name to remove.
fn replacement(kind: Kind, node: &SchemaNode, current: &Value) -> Option<Value> {
    match kind {
        Kind::MissingRequired => {
            let (SchemaNode::Object(object), Value::Object(map)) = (node, current) else {
                return None;
            };
            let name = object
                .required
                .iter()
                .find(|name| map.contains_key(*name))?;
            Some(Value::from(name.as_str()))
        }
        Kind::WrongType => match node {
            SchemaNode::String(_) => Some(Value::from(7)),
            SchemaNode::Number(_) | SchemaNode::Integer(_) => Some(Value::from("7")),
            SchemaNode::Boolean(_) | SchemaNode::Array(_) | SchemaNode::Object(_) => {
                Some(Value::from("x"))
            }
            SchemaNode::OneOf(_) => None,
        },
        Kind::OutsideEnum => match node {
            SchemaNode::String(string) => {
                let values = string.enum_values.as_ref()?;
                let mut outside = "zz outside".to_owned();
                while values.contains(&outside) {
                    outside.push('z');
                }
                Some(Value::from(outside))
            }
            SchemaNode::Number(number) | SchemaNode::Integer(number) => {
                let values = number.enum_values.as_ref()?;
                let mut outside = 987_654_321u64;
                while values.iter().any(|v| v.as_f64() == Some(outside as f64)) {
                    outside += 1;
                }
                Some(Value::Number(Number::from(outside)))
            }
            SchemaNode::Boolean(boolean) => match boolean.enum_values.as_deref()? {
                [only] => Some(Value::Bool(!only)),
                _ => None,
            },
            _ => None,
        },
        Kind::NoBranchType => {
            let SchemaNode::OneOf(one_of) = node else {
                return None;
            };
            let mut leaves = Vec::new();
            flatten(&one_of.branches, &mut leaves);
            let takes = |kind: fn(&SchemaNode) -> bool| leaves.iter().any(|leaf| kind(leaf));
            [
                (
                    Value::Bool(true),
                    takes(|b| matches!(b, SchemaNode::Boolean(_))),
                ),
                (
                    Value::from(7),
                    takes(|b| matches!(b, SchemaNode::Number(_) | SchemaNode::Integer(_))),
                ),
                (
                    Value::from("x"),
                    takes(|b| matches!(b, SchemaNode::String(_))),
                ),
                (
                    Value::Array(Vec::new()),
                    takes(|b| matches!(b, SchemaNode::Array(_))),
                ),
                (
                    Value::Object(Default::default()),
                    takes(|b| matches!(b, SchemaNode::Object(_))),
                ),
            ]
            .into_iter()
            .find(|(_, taken)| !taken)
            .map(|(value, _)| value)
        }
    }
}

/// The branches of a `oneOf`, those of a `oneOf` among them in its place.
fn flatten<'a>(branches: &'a [SchemaNode], out: &mut Vec<&'a SchemaNode>) {
    for branch in branches {
        match branch {
            SchemaNode::OneOf(inner) => flatten(&inner.branches, out),
            other => out.push(other),
        }
    }
}
