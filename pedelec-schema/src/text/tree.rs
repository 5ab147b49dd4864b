//! The value a reader has read so far: the containers still open, each
//! with what is complete of it, and the root once it is complete.

use serde_json::{Map, Value};

use crate::pointer;

/// Containers nested deeper than this are refused, as serde_json refuses
/// them (its recursion limit of 128 counts down to 0 at the 128th).
pub(super) const MAX_NESTING: usize = 127;

/// A container still open, with what is read of it so far.
#[derive(Debug)]
pub(crate) enum Open {
    /// The properties complete so far, and the key of the one being read
    /// once it is complete.
    Object {
        map: Map<String, Value>,
        key: Option<String>,
    },
    Array(Vec<Value>),
}

/// The open containers, outermost first, and the root once complete.
#[derive(Debug, Default)]
pub(super) struct Tree {
    open: Vec<Open>,
    root: Option<Value>,
}

impl Tree {
    /// The containers open, outermost first.
    pub(super) fn open(&self) -> &[Open] {
        &self.open
    }

    /// The root value, once complete.
    pub(super) fn root(&self) -> Option<&Value> {
        self.root.as_ref()
    }

    /// The root value, taken at the end of the text.
    pub(super) fn take_root(&mut self) -> Option<Value> {
        self.root.take()
    }

    /// Whether the value being read is the root (no container is open).
    pub(super) fn at_root(&self) -> bool {
        self.open.is_empty()
    }

    /// Whether the innermost open container is an object.
    pub(super) fn in_object(&self) -> bool {
        matches!(self.open.last(), Some(Open::Object { .. }))
    }

    /// Whether another container may open inside those open.
    pub(super) fn may_nest(&self) -> bool {
        self.open.len() < MAX_NESTING
    }

    pub(super) fn open_object(&mut self) {
        self.open.push(Open::Object {
            map: Map::new(),
            key: None,
        });
    }

    pub(super) fn open_array(&mut self) {
        self.open.push(Open::Array(Vec::new()));
    }

    /// The key of the innermost object's next property, and the
    /// properties it has so far.
    pub(super) fn set_key(&mut self, text: String) -> (&str, &Map<String, Value>) {
        let Some(Open::Object { map, key }) = self.open.last_mut() else {
            unreachable!("keys are read inside objects");
        };
        (key.insert(text), map)
    }

    /// The key of the innermost object's property being read.
    pub(super) fn key(&self) -> &str {
        match self.open.last() {
            Some(Open::Object { key, .. }) => key.as_deref().unwrap_or_default(),
            _ => unreachable!("keys are read inside objects"),
        }
    }

    /// Closes the innermost container: its value.
    pub(super) fn close(&mut self) -> Value {
        match self.open.pop() {
            Some(Open::Object { map, .. }) => Value::Object(map),
            Some(Open::Array(items)) => Value::Array(items),
            None => unreachable!("only an open container is closed"),
        }
    }

    /// Puts a complete value in its place: the innermost container's next
    /// item or property, or the root. Returns whether it was the root.
    pub(super) fn place(&mut self, value: Value) -> bool {
        match self.open.last_mut() {
            None => {
                self.root = Some(value);
                return true;
            }
            Some(Open::Object { map, key }) => {
                map.insert(key.take().unwrap_or_default(), value);
            }
            Some(Open::Array(items)) => items.push(value),
        }
        false
    }

    /// The JSON Pointer of the value being read: inside the innermost
    /// container's item or property when `inside`, else the container's.
    pub(super) fn path(&self, inside: bool) -> String {
        path_of(&self.open, inside)
    }
}

/// The JSON Pointer of the value being read inside the containers `open`:
/// inside the innermost one's item or property when `inside`, else the
/// container's own.
pub(crate) fn path_of(open: &[Open], inside: bool) -> String {
    let mut path = String::new();
    let last = open.len().saturating_sub(1);
    for (depth, open) in open.iter().enumerate() {
        if depth == last && !inside {
            break;
        }
        match open {
            Open::Object { key, .. } => {
                pointer::push(&mut path, key.as_deref().unwrap_or_default())
            }
            Open::Array(items) => pointer::push_index(&mut path, items.len()),
        }
    }
    path
}
