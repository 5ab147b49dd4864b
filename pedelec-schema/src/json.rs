//! [`OrderedJson`]: JSON whose objects keep their keys in the order they
//! were written - the crate's one such tree. The export writes it, and the
//! readers of schema text (`parse/text_order.rs`) read a text into it for
//! its key order.
//!
//! A `serde_json::Value` sorts an object's keys unless serde_json's
//! `preserve_order` feature is on, and that feature, once any crate asks
//! for it, changes every `Map` in the build. The crate keeps order in its
//! own type instead, and converts to a `Value` on request.

use std::fmt;
use std::ops::Index;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Value};

/// JSON whose objects keep their keys in the order they were written: what
/// [`ToolArgsSchema::export`](crate::ToolArgsSchema::export) and
/// [`ToolDefinition::export`](crate::ToolDefinition::export) return.
///
/// In an exported schema every node lists its keywords in the library's
/// canonical order ([`KEYWORD_ORDER`](crate::schema::KEYWORD_ORDER):
/// `type` first, metadata last), `properties` and `required` list the
/// properties in the schema's order (a derived type's field order), and so
/// does Gemini's `propertyOrdering`. Serializing it (`serde_json::to_string`,
/// [`Display`](fmt::Display), or any serde format) writes that order, which
/// is the order in which providers have the model write the arguments.
///
/// [`to_value`](Self::to_value) and [`into_value`](Self::into_value) give a
/// `serde_json::Value`, whose map sorts the keys unless serde_json's
/// `preserve_order` feature is on: serialize this type, not the `Value`,
/// when the order matters. Equality (with itself or with a `Value`) ignores
/// the order of an object's keys, as `Value`'s does; indexing reads like a
/// `Value`'s.
///
/// ```
/// use pedelec_schema::{Profile, SchemaNode, ToolArgsSchema};
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::new(
///     SchemaNode::object()
///         .required_property("reasoning", SchemaNode::string())
///         .required_property("answer", SchemaNode::string()),
/// )?;
/// let exported = schema.export(Profile::OpenAiStrict).schema;
/// let names: Vec<&str> = exported["properties"].keys().collect();
/// assert_eq!(names, ["reasoning", "answer"]);
/// assert!(exported.to_string().starts_with(r#"{"type":"object","properties":{"reasoning""#));
/// assert_eq!(exported["required"], json!(["reasoning", "answer"]));
/// let value: serde_json::Value = exported.into_value(); // its keys sorted
/// assert_eq!(value["additionalProperties"], false);
/// # Ok::<(), pedelec_schema::SchemaError>(())
/// ```
#[derive(Clone)]
pub struct OrderedJson(Repr);

#[derive(Clone)]
enum Repr {
    /// An object's entries, each key once, in the order they were written.
    Object(Vec<(String, OrderedJson)>),
    Array(Vec<OrderedJson>),
    /// `null`, a boolean, a number or a string: never an object or array.
    Scalar(Value),
}

/// What indexing returns for a key or index that is not there, as `Value`
/// does.
static NULL: OrderedJson = OrderedJson(Repr::Scalar(Value::Null));

impl OrderedJson {
    /// An object of `entries`, in their order; a later entry replaces an
    /// earlier one of the same key, in the earlier one's place.
    pub(crate) fn object(entries: impl IntoIterator<Item = (String, OrderedJson)>) -> Self {
        let mut object: Vec<(String, OrderedJson)> = Vec::new();
        for (key, value) in entries {
            match object.iter_mut().find(|(known, _)| *known == key) {
                Some(entry) => entry.1 = value,
                None => object.push((key, value)),
            }
        }
        OrderedJson(Repr::Object(object))
    }

    /// An array of `items`.
    pub(crate) fn array(items: impl IntoIterator<Item = OrderedJson>) -> Self {
        OrderedJson(Repr::Array(items.into_iter().collect()))
    }

    /// The value at `key` of an object; `None` for a missing key or a value
    /// that is not an object.
    pub fn get(&self, key: &str) -> Option<&OrderedJson> {
        match &self.0 {
            Repr::Object(entries) => entries
                .iter()
                .find(|(known, _)| known == key)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    /// An object's keys in their order; none for a value that is not an
    /// object.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        let entries = match &self.0 {
            Repr::Object(entries) => entries.as_slice(),
            _ => &[],
        };
        entries.iter().map(|(key, _)| key.as_str())
    }

    /// The value as a `serde_json::Value`; its maps sort the keys unless
    /// serde_json's `preserve_order` feature is on.
    pub fn to_value(&self) -> Value {
        self.clone().into_value()
    }

    /// [`to_value`](Self::to_value), without the copy.
    pub fn into_value(self) -> Value {
        match self.0 {
            Repr::Object(entries) => Value::Object(
                entries
                    .into_iter()
                    .map(|(key, value)| (key, value.into_value()))
                    .collect::<Map<String, Value>>(),
            ),
            Repr::Array(items) => Value::Array(items.into_iter().map(Self::into_value).collect()),
            Repr::Scalar(value) => value,
        }
    }
}

impl OrderedJson {
    /// `value` as JSON in the order its `Serialize` writes it (a `Value`
    /// would sort the keys): for the documents the crate hands out whose
    /// order the docs show, such as [`ArgsError::to_response`](crate::ArgsError::to_response).
    pub(crate) fn from_serialize<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<Self> {
        // Through the text: serde_json has no serializer into a tree that
        // keeps order, and these documents are small and on a cold path.
        serde_json::from_str(&serde_json::to_string(value)?)
    }

    /// The member `token` of an object, or element `token` of an array: one
    /// step of a JSON Pointer.
    fn member(&self, token: &str) -> Option<&OrderedJson> {
        match &self.0 {
            Repr::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => self.get(token),
        }
    }

    /// The value at a JSON Pointer.
    pub(crate) fn at(&self, pointer: &str) -> Option<&OrderedJson> {
        let tokens = crate::pointer::tokens(pointer)?;
        tokens
            .iter()
            .try_fold(self, |node, token| node.member(token))
    }

    /// An object's entries in their order; `None` for anything else.
    pub(crate) fn entries(&self) -> Option<&[(String, OrderedJson)]> {
        match &self.0 {
            Repr::Object(entries) => Some(entries),
            _ => None,
        }
    }

    /// An array's items; `None` for anything else, as `Value`'s.
    pub fn as_array(&self) -> Option<&[OrderedJson]> {
        match &self.0 {
            Repr::Array(items) => Some(items),
            _ => None,
        }
    }

    /// A string's text; `None` for anything else, as `Value`'s.
    pub fn as_str(&self) -> Option<&str> {
        match &self.0 {
            Repr::Scalar(value) => value.as_str(),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for OrderedJson {
    /// JSON in the text's order. A repeated key keeps the last value, at
    /// the place of the last, as serde_json keeps its value.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(OrderedVisitor)
    }
}

struct OrderedVisitor;

impl<'de> Visitor<'de> for OrderedVisitor {
    type Value = OrderedJson;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JSON")
    }

    fn visit_bool<E>(self, value: bool) -> Result<OrderedJson, E> {
        Ok(OrderedJson(Repr::Scalar(Value::Bool(value))))
    }
    fn visit_i64<E>(self, value: i64) -> Result<OrderedJson, E> {
        Ok(OrderedJson(Repr::Scalar(Value::from(value))))
    }
    fn visit_u64<E>(self, value: u64) -> Result<OrderedJson, E> {
        Ok(OrderedJson(Repr::Scalar(Value::from(value))))
    }
    fn visit_f64<E>(self, value: f64) -> Result<OrderedJson, E> {
        // JSON text has no NaN or infinity, so `from` never gives `null`.
        Ok(OrderedJson(Repr::Scalar(Value::from(value))))
    }
    fn visit_unit<E>(self) -> Result<OrderedJson, E> {
        Ok(NULL.clone())
    }
    fn visit_str<E>(self, text: &str) -> Result<OrderedJson, E> {
        Ok(OrderedJson(Repr::Scalar(Value::String(text.to_owned()))))
    }
    fn visit_string<E>(self, text: String) -> Result<OrderedJson, E> {
        Ok(OrderedJson(Repr::Scalar(Value::String(text))))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<OrderedJson, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(OrderedJson(Repr::Array(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OrderedJson, A::Error> {
        let mut entries: Vec<(String, OrderedJson)> = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, OrderedJson>()? {
            entries.retain(|(known, _)| *known != key);
            entries.push((key, value));
        }
        Ok(OrderedJson(Repr::Object(entries)))
    }
}

impl From<Value> for OrderedJson {
    /// `value`, its objects' keys in the order the `Value` iterates them.
    fn from(value: Value) -> Self {
        match value {
            Value::Object(map) => OrderedJson(Repr::Object(
                map.into_iter()
                    .map(|(key, value)| (key, OrderedJson::from(value)))
                    .collect(),
            )),
            Value::Array(items) => OrderedJson::array(items.into_iter().map(OrderedJson::from)),
            scalar => OrderedJson(Repr::Scalar(scalar)),
        }
    }
}

impl From<OrderedJson> for Value {
    fn from(json: OrderedJson) -> Self {
        json.into_value()
    }
}

impl Serialize for OrderedJson {
    /// Writes objects' keys in their order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Repr::Object(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            Repr::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Repr::Scalar(value) => value.serialize(serializer),
        }
    }
}

impl fmt::Display for OrderedJson {
    /// The JSON text, in order: compact, or indented with `{:#}`, as
    /// `Value`'s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if f.alternate() {
            serde_json::to_string_pretty(self)
        } else {
            serde_json::to_string(self)
        };
        f.write_str(&text.map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for OrderedJson {
    /// The JSON text, in order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OrderedJson({self})")
    }
}

impl Index<&str> for OrderedJson {
    type Output = OrderedJson;

    /// The value at `key`, or `null`, as `Value`'s index.
    fn index(&self, key: &str) -> &OrderedJson {
        self.get(key).unwrap_or(&NULL)
    }
}

impl Index<usize> for OrderedJson {
    type Output = OrderedJson;

    /// The item at `index` of an array, or `null`, as `Value`'s index.
    fn index(&self, index: usize) -> &OrderedJson {
        match &self.0 {
            Repr::Array(items) => items.get(index).unwrap_or(&NULL),
            _ => &NULL,
        }
    }
}

/// Whether `ours` and `theirs` are the same JSON, whatever the order of
/// the objects' keys.
fn same_as_value(ours: &OrderedJson, theirs: &Value) -> bool {
    match (&ours.0, theirs) {
        (Repr::Object(entries), Value::Object(map)) => {
            entries.len() == map.len()
                && entries.iter().all(|(key, value)| {
                    map.get(key)
                        .is_some_and(|other| same_as_value(value, other))
                })
        }
        (Repr::Array(items), Value::Array(others)) => {
            items.len() == others.len()
                && items
                    .iter()
                    .zip(others)
                    .all(|(item, other)| same_as_value(item, other))
        }
        (Repr::Scalar(value), other) => value == other,
        _ => false,
    }
}

impl PartialEq for OrderedJson {
    /// Equal JSON, whatever the order of the objects' keys.
    fn eq(&self, other: &OrderedJson) -> bool {
        match (&self.0, &other.0) {
            (Repr::Object(entries), Repr::Object(others)) => {
                entries.len() == others.len()
                    && entries
                        .iter()
                        .all(|(key, value)| other.get(key).is_some_and(|o| value == o))
            }
            (Repr::Array(items), Repr::Array(others)) => items == others,
            (Repr::Scalar(value), Repr::Scalar(other)) => value == other,
            _ => false,
        }
    }
}

impl PartialEq<Value> for OrderedJson {
    /// Equal JSON, whatever the order of the objects' keys.
    fn eq(&self, other: &Value) -> bool {
        same_as_value(self, other)
    }
}

impl PartialEq<OrderedJson> for Value {
    fn eq(&self, other: &OrderedJson) -> bool {
        same_as_value(other, self)
    }
}

impl PartialEq<str> for OrderedJson {
    /// Whether this is the string `other`.
    fn eq(&self, other: &str) -> bool {
        matches!(&self.0, Repr::Scalar(Value::String(text)) if text == other)
    }
}

impl PartialEq<&str> for OrderedJson {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl PartialEq<bool> for OrderedJson {
    /// Whether this is the boolean `other`.
    fn eq(&self, other: &bool) -> bool {
        matches!(&self.0, Repr::Scalar(Value::Bool(value)) if value == other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn two_keys() -> OrderedJson {
        OrderedJson::object([
            ("z".to_owned(), OrderedJson::from(json!(1))),
            (
                "a".to_owned(),
                OrderedJson::from(json!([true, {"y": 1, "b": 2}])),
            ),
        ])
    }

    /// Whether serde_json's `Map` sorts its keys; with `preserve_order`
    /// (which any crate in a build can turn on) it keeps them as inserted.
    fn maps_sort() -> bool {
        json!({"b": 0, "a": 0})
            .as_object()
            .unwrap()
            .keys()
            .next()
            .unwrap()
            == "a"
    }

    #[test]
    fn objects_serialize_in_the_order_they_were_written() {
        let json = two_keys();
        // The inner object came in as a `Value`: it keeps the `Value`'s order.
        let inner = if maps_sort() {
            r#"{"b":2,"y":1}"#
        } else {
            r#"{"y":1,"b":2}"#
        };
        assert_eq!(json.to_string(), format!(r#"{{"z":1,"a":[true,{inner}]}}"#));
        assert_eq!(json.keys().collect::<Vec<_>>(), ["z", "a"]);
        let value = if maps_sort() {
            format!(r#"{{"a":[true,{inner}],"z":1}}"#)
        } else {
            format!(r#"{{"z":1,"a":[true,{inner}]}}"#)
        };
        assert_eq!(serde_json::to_string(&json.to_value()).unwrap(), value);
    }

    #[test]
    fn equality_and_indexing_read_like_a_value() {
        let json = two_keys();
        let value = json!({"a": [true, {"b": 2, "y": 1}], "z": 1});
        assert_eq!(json, value);
        assert_eq!(value, json);
        assert_eq!(json, OrderedJson::from(value.clone()));
        assert_ne!(json, json!({"a": [true, {"b": 2, "y": 1}]}));
        assert_ne!(json, json!({"a": [{"b": 2, "y": 1}, true], "z": 1}));
        assert_eq!(json["a"][0], true);
        assert_eq!(json["a"][1]["b"], json!(2));
        assert_eq!(json["missing"]["deeper"][3], Value::Null);
        assert!(json.get("z").is_some() && json["a"].get("z").is_none());
        assert_eq!(Value::from(json), value);
    }

    #[test]
    fn a_repeated_key_keeps_its_first_place() {
        let json = OrderedJson::object([
            ("b".to_owned(), OrderedJson::from(json!(1))),
            ("a".to_owned(), OrderedJson::from(json!(2))),
            ("b".to_owned(), OrderedJson::from(json!(3))),
        ]);
        assert_eq!(json.to_string(), r#"{"b":3,"a":2}"#);
        assert_eq!(OrderedJson::from(json!("s")), "s");
        assert_eq!(
            format!("{:#}", OrderedJson::from(json!({"k": 1}))),
            "{\n  \"k\": 1\n}"
        );
    }
}
