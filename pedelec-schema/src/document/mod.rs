//! The agent-facing error document: what a tool returns when it refuses a
//! call, and every type that goes into it.
//!
//! `{"error": {"code": "INVALID_ARGS", "message": ..., "errors": [...]}}`
//! is written by [`ArgsError`] (or [`ValidationErrors`], for a value
//! checked without a type); each entry of `errors` is a
//! [`ValidationError`], whether it reports a keyword that failed (a
//! `Failure`, kept as data until read), text that is not JSON
//! ([`SyntaxError`]) or serde's refusal ([`DeserializeError`]).
//!
//! This room is below everything that refuses calls - validation, the
//! text reader, the stream, repair, the typed layer - and imports none of
//! them: they build its entries, and every word of the document (the
//! messages, the one-line [`summary`](ValidationErrors::summary), the
//! envelope) is written here, so that a binding passes it on.

mod args_error;
mod budget;
mod deserialize;
mod entry;
mod errors;
mod failure;
mod kind;
mod place;
mod syntax;
mod union;

pub use args_error::ArgsError;
pub use deserialize::DeserializeError;
pub use entry::ValidationError;
pub use errors::ValidationErrors;
pub(crate) use failure::{Failure, Found};
pub use kind::ValidationErrorKind;
pub(crate) use place::{Indices, Span, INLINE_INDICES};
pub use syntax::SyntaxError;
pub(crate) use union::{BranchFailures, Tag, QUOTED_PER_BRANCH};

/// The response a handler returns, `{"error": ...}`, written in order.
#[derive(serde::Serialize)]
pub(crate) struct Response<'a, E: serde::Serialize + ?Sized> {
    pub(crate) error: &'a E,
}
