//! [`TypedArgsStream`]: a stream whose arguments are read into a type.

use std::fmt;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;

use super::{conform, ToolArgs};
use crate::document::ArgsError;
use crate::export::Profile;
use crate::stream::{ArgsStream, Progress};

/// A stream of `T`'s arguments, from [`ToolArgs::stream`]: it checks them
/// as [`ArgsStream`] does, and [`finish`](Self::finish) reads them into `T`
/// as [`ToolArgs::from_args`] does; from [`ToolArgs::stream_for`], as
/// [`ToolArgs::from_provider_args`] does.
///
/// ```
/// use pedelec_schema::ToolArgs;
/// use serde::Deserialize;
///
/// /// Writes a file.
/// #[derive(Debug, Deserialize, ToolArgs)]
/// struct Write {
///     path: String,
///     #[tool_args(max_length = 64)]
///     text: String,
/// }
///
/// let mut stream = Write::stream();
/// stream.feed(r#"{"path": "notes.md", "#)?;
/// stream.feed(r#""text": "hello"}"#)?;
/// let write = stream.finish()?;
/// assert_eq!(write.text, "hello");
/// # Ok::<(), pedelec_schema::ArgsError>(())
/// ```
pub struct TypedArgsStream<T> {
    stream: ArgsStream<'static>,
    target: PhantomData<fn() -> T>,
}

impl<T: ToolArgs + DeserializeOwned> TypedArgsStream<T> {
    pub(crate) fn new(profile: Profile) -> Self {
        TypedArgsStream {
            stream: T::schema().stream_for(profile),
            target: PhantomData,
        }
    }

    /// [`ArgsStream::feed`].
    pub fn feed(&mut self, chunk: &str) -> Result<(), ArgsError> {
        self.stream.feed(chunk)
    }

    /// The arguments read into `T`, once the text is complete; a refusal
    /// as [`ArgsStream::finish`] gives it, or the located error serde gave
    /// (an [`ArgsError::Deserialize`]).
    pub fn finish(self) -> Result<T, ArgsError> {
        let value = self.stream.finish()?;
        conform::deserialize(T::schema(), value)
    }

    /// [`ArgsStream::progress`].
    pub fn progress(&self) -> Progress<'_> {
        self.stream.progress()
    }

    /// [`ArgsStream::bytes_read`].
    pub fn bytes_read(&self) -> usize {
        self.stream.bytes_read()
    }

    /// [`ArgsStream::refused_at`].
    pub fn refused_at(&self) -> Option<usize> {
        self.stream.refused_at()
    }
}

impl<T> fmt::Debug for TypedArgsStream<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TypedArgsStream")
            .field("stream", &self.stream)
            .finish()
    }
}
