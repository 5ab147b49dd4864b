//! [`Progress`]: what a stream has read so far, for a user interface.

use serde_json::{Map, Value};

use crate::text::{Open, Reader, Scalar};

/// A view of what a stream has read, borrowed from it: nothing is copied,
/// so a user interface may look after every piece.
///
/// A property the schema names is final once complete: the stream refuses
/// it given twice. A property the schema does not name may be given again
/// later, and then the last one counts, as in `serde_json`.
///
/// ```
/// use pedelec_schema::{Partial, ToolArgsSchema};
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"path": {"type": "string"}, "text": {"type": "string"}}
/// }))?;
/// let mut stream = schema.stream();
/// stream.feed(r#"{"path": "notes.md", "text": "Dear"#)?;
/// let progress = stream.progress();
/// let done: Vec<&str> = progress.properties().map(|(name, _)| name).collect();
/// assert_eq!(done, ["path"]);
/// assert_eq!(progress.current(), Some("text"));
/// assert_eq!(progress.path(), "/text");
/// assert_eq!(progress.open().last(), Some(Partial::String("Dear")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    reader: &'a Reader,
}

/// A value still being read: each open container, outermost first, then
/// the string, number or literal being written, if one is.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Partial<'a> {
    /// An object: its complete properties, and the name of the one being
    /// read once its key is complete.
    Object {
        /// The properties complete so far.
        properties: &'a Map<String, Value>,
        /// The name of the property being read, once its key is complete.
        key: Option<&'a str>,
    },
    /// An array: its complete items.
    Array {
        /// The items complete so far.
        items: &'a [Value],
    },
    /// A string, decoded so far: not its value yet.
    String(&'a str),
    /// A number's text so far.
    Number(&'a str),
    /// `true`, `false` or `null`, as far as it is written.
    Literal(&'a str),
}

impl<'a> Progress<'a> {
    pub(super) fn new(reader: &'a Reader) -> Self {
        Progress { reader }
    }

    /// How many bytes have been read.
    pub fn bytes(&self) -> usize {
        self.reader.offset()
    }

    /// The top object's complete properties, in name order.
    pub fn properties(&self) -> impl Iterator<Item = (&'a str, &'a Value)> + 'a {
        let map = match (self.reader.open().first(), self.reader.root()) {
            (Some(Open::Object { map, .. }), _) => Some(map),
            (None, Some(Value::Object(map))) => Some(map),
            _ => None,
        };
        map.into_iter()
            .flat_map(|map| map.iter().map(|(name, value)| (name.as_str(), value)))
    }

    /// The name of the top object's property being read, once its key is
    /// complete.
    pub fn current(&self) -> Option<&'a str> {
        match self.open().next() {
            Some(Partial::Object { key, .. }) => key,
            _ => None,
        }
    }

    /// The values still open, outermost first: a view of the value so far.
    pub fn open(&self) -> impl DoubleEndedIterator<Item = Partial<'a>> + 'a {
        let containers = self.reader.open().iter().map(|open| match open {
            Open::Object { map, key } => Partial::Object {
                properties: map,
                key: key.as_deref(),
            },
            Open::Array(items) => Partial::Array { items },
        });
        let scalar = self.reader.scalar().map(|scalar| match scalar {
            Scalar::String(text) => Partial::String(text),
            Scalar::Number(text) => Partial::Number(text),
            Scalar::Literal(text) => Partial::Literal(text),
        });
        containers.chain(scalar)
    }

    /// The JSON Pointer of the innermost value being read (between the
    /// values of a container, the container's).
    pub fn path(&self) -> String {
        self.reader.path_being_read()
    }

    /// The whole value, once it is complete.
    pub fn value(&self) -> Option<&'a Value> {
        self.reader.root()
    }
}
