//! [`JsonView`]: a JSON value as the validation walk reads it, one level
//! at a time. The walk is written over it once: a `serde_json::Value` is
//! one view, and a binding's own value (a Python `dict`, read where it
//! is) another, so that a refusal's document costs no `Value` built first.

use std::borrow::Cow;

use serde_json::map;
use serde_json::{Number, Value};

/// A JSON value the validation walk can read: what it is, one level deep.
///
/// A view must read as one JSON value, the same at every read while the
/// walk lasts: finite numbers, keys that are strings and each given once,
/// no more nesting than the value's own. An object's entries may come in
/// any order; the walk sorts them by name, up to 16 on the stack (a
/// `Value`'s map it reads in key order, or by lookup).
///
/// A `&Value` is a view; a binding implements the trait for its own
/// values (the Python package's, over a `dict`).
///
/// ```
/// use pedelec_schema::ToolArgsSchema;
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}
/// }))?;
/// let args = json!({"n": 4});
/// let errors = schema.validate_view(&args).unwrap().unwrap_err();
/// assert_eq!(errors.to_value(), schema.validate(&args).unwrap_err().to_value());
/// # Ok::<(), pedelec_schema::SchemaError>(())
/// ```
pub trait JsonView<'a>: Copy {
    /// An array's items, in order.
    type Items: ExactSizeIterator<Item = Self>;
    /// An object's entries, each name once, in any order.
    type Entries: ExactSizeIterator<Item = (&'a str, Self)>;

    /// The value, one level deep: a scalar, or which container it is.
    fn read(self) -> Json<'a>;

    /// An array's items; none for any other value.
    fn items(self) -> Self::Items;

    /// An object's entries; none for any other value.
    fn entries(self) -> Self::Entries;

    /// The value as a `serde_json::Value`, where the view is one: the walk
    /// then reads its objects' keys in the order they are kept.
    fn as_value(self) -> Option<&'a Value> {
        None
    }
}

/// A value read one level deep. A container's items or entries are asked
/// for apart ([`JsonView::items`], [`JsonView::entries`]), where a walk
/// needs them: the walk reads a `Value`'s map itself, and an iterator made
/// at every object read (down to the first and the last leaf of the tree)
/// cost a third of `is_valid`.
pub enum Json<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as serde_json holds one (finite): a `Value`'s own, whose
    /// place tells a float's text where the walk has the texts
    /// ([`ToolArgsSchema::validate_read`](crate::ToolArgsSchema::validate_read)),
    /// or one the view made.
    Number(Cow<'a, Number>),
    /// A string.
    String(&'a str),
    /// An array.
    Array,
    /// An object.
    Object,
}

/// A `Value`'s entries, named by `&str`; none for a value that is no
/// object.
pub struct ValueEntries<'a>(Option<map::Iter<'a>>);

impl<'a> Iterator for ValueEntries<'a> {
    type Item = (&'a str, &'a Value);

    fn next(&mut self) -> Option<Self::Item> {
        let (key, value) = self.0.as_mut()?.next()?;
        Some((key, value))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.0.as_ref().map_or(0, ExactSizeIterator::len);
        (left, Some(left))
    }
}

impl ExactSizeIterator for ValueEntries<'_> {}

impl<'a> JsonView<'a> for &'a Value {
    type Items = std::slice::Iter<'a, Value>;
    type Entries = ValueEntries<'a>;

    #[inline(always)]
    fn read(self) -> Json<'a> {
        match self {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(number) => Json::Number(Cow::Borrowed(number)),
            Value::String(text) => Json::String(text),
            Value::Array(_) => Json::Array,
            Value::Object(_) => Json::Object,
        }
    }

    #[inline(always)]
    fn items(self) -> Self::Items {
        match self {
            Value::Array(items) => items.iter(),
            _ => [].iter(),
        }
    }

    fn entries(self) -> Self::Entries {
        match self {
            Value::Object(map) => ValueEntries(Some(map.iter())),
            _ => ValueEntries(None),
        }
    }

    #[inline(always)]
    fn as_value(self) -> Option<&'a Value> {
        Some(self)
    }
}

/// The `Value` a view reads as, for the few checks that compare whole
/// values (`uniqueItems`): the view's own where it is one.
pub(crate) fn owned<'a, V: JsonView<'a>>(view: V) -> Value {
    if let Some(value) = view.as_value() {
        return value.clone();
    }
    match view.read() {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(b),
        Json::Number(number) => Value::Number(number.into_owned()),
        Json::String(text) => Value::String(text.to_owned()),
        Json::Array => Value::Array(view.items().map(owned).collect()),
        Json::Object => Value::Object(
            view.entries()
                .map(|(key, value)| (key.to_owned(), owned(value)))
                .collect(),
        ),
    }
}
