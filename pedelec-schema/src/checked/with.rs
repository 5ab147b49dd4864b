//! [`CheckedWith<T, I>`]: [`Checked<T>`](super::Checked) with tolerant
//! intake, the steps chosen by the policy `I`, and what they did kept for
//! the handler.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::Deserialize;
use serde_json::Value;

use super::AgentMessage;
use crate::change::Change;
use crate::document::ArgsError;
use crate::export;
use crate::intake::{Intake, UnknownProperty};
use crate::tool_args::ToolArgs;

/// Tool arguments of type `T`, taken in with the tolerant-intake steps of
/// the policy `I` ([`Coerce`](crate::Coerce),
/// [`RefuseUnknown`](crate::RefuseUnknown), [`Repair`](crate::Repair) for
/// text, [`OpenAiNulls`](crate::OpenAiNulls) for a tool exported for OpenAI
/// strict mode, several as a tuple, or [`ReportOnly`](crate::ReportOnly)), then
/// validated against `T::schema()`
/// and read as [`Checked<T>`](super::Checked) reads them.
///
/// What the steps did stays with the arguments: the coercions made, and
/// the unknown properties that were let through. The schema the model
/// sees (the `schemars` feature) is `T::schema()` all the same: the
/// published contract does not change, the server is lenient about it.
///
/// ```
/// use pedelec_schema::{Checked, CheckedWith, Coerce, RefuseUnknown, ToolArgs};
/// use serde::Deserialize;
/// use serde_json::json;
///
/// #[derive(Debug, Deserialize, ToolArgs)]
/// struct Search {
///     query: String,
///     #[tool_args(minimum = 1, maximum = 50)]
///     limit: Option<u8>,
/// }
///
/// // Strict: "20" is not an integer.
/// assert!(serde_json::from_value::<Checked<Search>>(json!({"query": "x", "limit": "20"})).is_err());
///
/// // Tolerant: coerced, and the handler can see it was.
/// let search: CheckedWith<Search, Coerce> =
///     serde_json::from_value(json!({"query": "x", "limit": "20", "lang": "en"}))?;
/// assert_eq!(search.limit, Some(20));
/// assert_eq!(search.changes[0].pointer, "/limit");
/// assert_eq!(search.unknown[0].path(), "/lang", "let through, and reported");
///
/// // Closed: an unknown property is an error, with a "did you mean".
/// let error = serde_json::from_value::<CheckedWith<Search, (Coerce, RefuseUnknown)>>(
///     json!({"query": "x", "limt": 5}),
/// )
/// .unwrap_err();
/// assert!(error.to_string().ends_with(r#"/limt: the schema names no property "limt"; did you mean "limit"?"#));
/// # Ok::<(), serde_json::Error>(())
/// ```
pub struct CheckedWith<T, I: Intake> {
    /// The arguments.
    pub args: T,
    /// What the repairs of the text (if `I::REPAIR`), then the
    /// normalization for the profile (if `I::PROFILE` names one), then
    /// coercion (if `I::COERCE`) changed, each with its pointer.
    pub changes: Vec<Change>,
    /// The properties the schema does not name, which were let through
    /// (empty when `I::REFUSE_UNKNOWN`: they were refused).
    pub unknown: Vec<UnknownProperty>,
    policy: PhantomData<fn() -> I>,
}

impl<T: ToolArgs + DeserializeOwned, I: Intake> CheckedWith<T, I> {
    /// Takes `args` in with `I`'s steps, validates them against
    /// `T::schema()` (refusing unknown properties if `I` says so) and reads
    /// them into `T`.
    pub fn from_args(args: Value) -> Result<Self, ArgsError> {
        Self::take_in(args, Vec::new(), None)
    }

    /// Reads the text of the arguments - with
    /// [`ToolArgsSchema::repair`](crate::ToolArgsSchema::repair)'s repairs
    /// if `I` is [`Repair`](crate::Repair) (or holds it), whose changes
    /// come first in [`changes`](Self::changes) - then takes the value in
    /// as [`from_args`](Self::from_args) does. Without `Repair`, text that
    /// is not JSON is an [`ArgsError::Syntax`] as for
    /// [`ToolArgs::from_args_str`].
    ///
    /// ```
    /// use pedelec_schema::{ChangeCode, CheckedWith, Coerce, Repair, ToolArgs};
    /// use serde::Deserialize;
    ///
    /// #[derive(Debug, Deserialize, ToolArgs)]
    /// struct Search {
    ///     query: String,
    ///     limit: Option<u8>,
    /// }
    ///
    /// let text = "```json\n{'query': 'rust', 'limit': '5'}\n```";
    /// let search = CheckedWith::<Search, (Repair, Coerce)>::from_args_str(text)?;
    /// assert_eq!((search.query.as_str(), search.limit), ("rust", Some(5)));
    /// let codes: Vec<_> = search.changes.iter().map(|c| c.code).collect();
    /// assert_eq!(codes[0], ChangeCode::CodeFence);
    /// assert_eq!(codes.last(), Some(&ChangeCode::NumberFromString));
    /// # Ok::<(), pedelec_schema::ArgsError>(())
    /// ```
    pub fn from_args_str(text: &str) -> Result<Self, ArgsError> {
        let schema = T::schema();
        match I::REPAIR {
            true => {
                let (args, changes) = crate::repair::read(schema, text)?;
                Self::take_in(args, changes, Some(text))
            }
            false => Self::take_in(schema.read_text(text)?, Vec::new(), Some(text)),
        }
    }

    /// `args` taken in with `I`'s steps after the repairs `changes`; then
    /// checked, where they were read from `text`, with its floats on a
    /// bound's edge compared as written (`validate/texts.rs`).
    fn take_in(
        mut args: Value,
        mut changes: Vec<Change>,
        text: Option<&str>,
    ) -> Result<Self, ArgsError> {
        let schema = T::schema();
        if let Some(profile) = I::PROFILE {
            changes.extend(export::normalize(schema.compiled(), profile, &mut args));
        }
        if I::COERCE {
            changes.extend(schema.coerce(&mut args));
        }
        let texts = text.and_then(|text| schema.texts_of(&args, text));
        crate::validate::installed(texts, || Self::checked(args, changes))
    }

    /// `args`, taken in, checked.
    fn checked(args: Value, changes: Vec<Change>) -> Result<Self, ArgsError> {
        let schema = T::schema();
        let mut unknown = schema.unknown_properties(&args);
        if I::REFUSE_UNKNOWN && !unknown.is_empty() {
            let errors = crate::intake::refused(schema.validate(&args), unknown);
            return Err(ArgsError::Invalid(errors));
        }
        if I::REFUSE_UNKNOWN {
            unknown = Vec::new();
        }
        Ok(CheckedWith {
            args: T::from_args(args)?,
            changes,
            unknown,
            policy: PhantomData,
        })
    }
}

impl<T, I: Intake> CheckedWith<T, I> {
    /// The arguments.
    pub fn into_inner(self) -> T {
        self.args
    }
}

impl<T, I: Intake> Deref for CheckedWith<T, I> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.args
    }
}

impl<T, I: Intake> DerefMut for CheckedWith<T, I> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.args
    }
}

impl<T: fmt::Debug, I: Intake> fmt::Debug for CheckedWith<T, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CheckedWith")
            .field("args", &self.args)
            .field("changes", &self.changes)
            .field("unknown", &self.unknown)
            .finish()
    }
}

impl<T: Clone, I: Intake> Clone for CheckedWith<T, I> {
    fn clone(&self) -> Self {
        CheckedWith {
            args: self.args.clone(),
            changes: self.changes.clone(),
            unknown: self.unknown.clone(),
            policy: PhantomData,
        }
    }
}

impl<'de, T: ToolArgs + DeserializeOwned, I: Intake> Deserialize<'de> for CheckedWith<T, I> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let args = Value::deserialize(deserializer)?;
        let taken = match args {
            // The arguments' text, as OpenAI sends it, handed on as a string.
            Value::String(text) if I::REPAIR || I::PROFILE.is_some() => Self::from_args_str(&text),
            args => Self::from_args(args),
        };
        taken.map_err(|error| D::Error::custom(AgentMessage(&error)))
    }
}
