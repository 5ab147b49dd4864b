//! [`DeserializeError`]: serde refused a value that the schema accepted,
//! where in the arguments and where in the schema; the entry of an
//! [`ArgsError::Deserialize`](crate::ArgsError::Deserialize). Finding
//! those places is the typed layer's (`tool_args/refusal.rs`).

use std::fmt;
use std::sync::Arc;

use serde::ser::{Serialize, Serializer};

use super::entry::ValidationError;

/// serde refused arguments that matched the schema: where, and serde's
/// message. It is the one entry of the agent-facing `errors` of an
/// [`ArgsError::Deserialize`](crate::ArgsError::Deserialize), with the
/// keyword `"deserialize"`:
///
/// ```
/// use pedelec_schema::{ArgsError, ToolArgs};
/// use serde::{Deserialize, Deserializer};
/// use serde_json::json;
///
/// /// An even number: the schema says integer, `Deserialize` says more.
/// #[derive(Debug, ToolArgs)]
/// struct Even(u32);
///
/// impl<'de> Deserialize<'de> for Even {
///     fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
///         let n = u32::deserialize(deserializer)?;
///         if n % 2 == 0 {
///             Ok(Even(n))
///         } else {
///             Err(serde::de::Error::custom(format!("{n} is odd")))
///         }
///     }
/// }
///
/// #[derive(Debug, Deserialize, ToolArgs)]
/// struct Pairs {
///     counts: Vec<Even>,
/// }
///
/// let error = Pairs::from_args(json!({"counts": [2, 3]})).unwrap_err();
/// let ArgsError::Deserialize(refusal) = &error else { panic!("{error}") };
/// assert_eq!(refusal.path(), "/counts/1");
/// assert_eq!(error.to_value()["errors"], json!([{
///     "path": "/counts/1",
///     "schema_path": "/properties/counts/items",
///     "keyword": "deserialize",
///     "message": "3 is odd"
/// }]));
/// ```
pub struct DeserializeError {
    refused: Arc<Refused>,
    /// The same refusal as an entry of the agent-facing `errors`, sharing
    /// `refused`: what [`ArgsError::errors`](crate::ArgsError::errors)
    /// lists.
    entry: Box<ValidationError>,
}

/// What a [`DeserializeError`] says, shared with its [`ValidationError`]
/// entry.
#[derive(Debug)]
pub(crate) struct Refused {
    path: String,
    schema_path: String,
    error: serde_json::Error,
}

impl Refused {
    /// [`DeserializeError::path`].
    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// [`DeserializeError::schema_path`].
    pub(crate) fn schema_path(&self) -> &str {
        &self.schema_path
    }

    /// [`DeserializeError::serde_error`].
    pub(crate) fn error(&self) -> &serde_json::Error {
        &self.error
    }
}

impl DeserializeError {
    /// The keyword of the agent-facing entry.
    pub const KEYWORD: &'static str = "deserialize";

    /// serde's `error`, refused at `path` in the arguments, of a value the
    /// node at `schema_path` accepted (located by `tool_args/refusal.rs`).
    pub(crate) fn new(path: String, schema_path: String, error: serde_json::Error) -> Self {
        let refused = Arc::new(Refused {
            path,
            schema_path,
            error,
        });
        DeserializeError {
            entry: Box::new(ValidationError::deserialize(Arc::clone(&refused))),
            refused,
        }
    }

    /// Where in the arguments: the JSON Pointer of the value serde refused
    /// (`""` for the whole value). Inside a value that serde buffers before
    /// reading it (an internally tagged or untagged enum), it points at
    /// that value.
    pub fn path(&self) -> &str {
        &self.refused.path
    }

    /// Where in the schema: the JSON Pointer of the node that accepted the
    /// value serde refused.
    pub fn schema_path(&self) -> &str {
        &self.refused.schema_path
    }

    /// serde's message.
    pub fn message(&self) -> String {
        self.refused.error.to_string()
    }

    /// serde's error.
    pub fn serde_error(&self) -> &serde_json::Error {
        &self.refused.error
    }

    /// The refusal as the one entry of the agent-facing `errors`: a
    /// [`ValidationError`] of the kind
    /// [`Deserialize`](crate::ValidationErrorKind::Deserialize), with this
    /// refusal's path, schema path and message.
    /// [`ArgsError::errors`](crate::ArgsError::errors) lists it.
    pub fn as_validation_error(&self) -> &ValidationError {
        &self.entry
    }
}

/// The refusal's own fields, as a derived `Debug` shows them.
impl fmt::Debug for DeserializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeserializeError")
            .field("path", &self.refused.path)
            .field("schema_path", &self.refused.schema_path)
            .field("error", &self.refused.error)
            .finish()
    }
}

/// `path: message`, with `(root)` for the whole value, as a
/// [`ValidationError`](crate::ValidationError) writes itself.
impl fmt::Display for DeserializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = crate::pointer::shown(&self.refused.path);
        write!(f, "{path}: {}", self.refused.error)
    }
}

impl std::error::Error for DeserializeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.refused.error)
    }
}

/// `{"path","schema_path","keyword","message"}`, like a validation error:
/// its entry's.
impl Serialize for DeserializeError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.entry.serialize(serializer)
    }
}
