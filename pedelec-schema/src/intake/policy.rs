//! [`Intake`]: which tolerant-intake steps a type's arguments go through,
//! chosen in the type, as [`CheckedWith`](crate::CheckedWith)'s parameter.
//!
//! A policy is a type, so that a framework that only knows how to
//! deserialize (rmcp's `Parameters<_>`, a `Json<_>` extractor) carries it:
//! `Parameters<CheckedWith<Search, Coerce>>`. The policies are types with
//! no values; pair two in a tuple to take both steps, or implement
//! [`Intake`] on a type of your own.

use crate::export::Profile;

/// The tolerant-intake steps to take before validating: none by default.
///
/// ```
/// use pedelec_schema::{Coerce, Intake, RefuseUnknown};
///
/// assert!(Coerce::COERCE && !Coerce::REFUSE_UNKNOWN);
/// assert!(<(Coerce, RefuseUnknown)>::COERCE && <(Coerce, RefuseUnknown)>::REFUSE_UNKNOWN);
///
/// /// A policy of one's own.
/// enum Lenient {}
/// impl Intake for Lenient {
///     const COERCE: bool = true;
/// }
/// ```
pub trait Intake {
    /// Run [`ToolArgsSchema::coerce`](crate::ToolArgsSchema::coerce) on the
    /// arguments before validating them.
    const COERCE: bool = false;
    /// Refuse the properties the schema does not name, as
    /// [`ToolArgsSchema::validate_refusing_unknown`](crate::ToolArgsSchema::validate_refusing_unknown)
    /// does, instead of only reporting them.
    const REFUSE_UNKNOWN: bool = false;
    /// Read argument text that is not quite JSON with
    /// [`ToolArgsSchema::repair`](crate::ToolArgsSchema::repair)'s repairs,
    /// in [`CheckedWith::from_args_str`](crate::CheckedWith::from_args_str)
    /// and where a framework hands the arguments' text as a JSON string.
    const REPAIR: bool = false;
    /// The profile whose export the model wrote the call against: its
    /// arguments are first [normalized](crate::ToolArgsSchema::normalize)
    /// for it (OpenAI strict mode's `null`s for left-out optional
    /// properties taken out, each an
    /// [`OptionalNullRemoved`](crate::ChangeCode::OptionalNullRemoved)
    /// change), as [`ToolArgs::from_provider_args`](crate::ToolArgs::from_provider_args)
    /// takes them; and a JSON string handed over by a framework is read as
    /// the arguments' text, as OpenAI sends it. `None`: the arguments are
    /// taken as the schema says.
    const PROFILE: Option<Profile> = None;
}

/// No step: the arguments are validated as they came, and the unknown
/// properties only reported.
#[derive(Debug)]
pub enum ReportOnly {}

impl Intake for ReportOnly {}

/// Coerce what agents commonly mis-encode (`"42"` for `42`, ...) before
/// validating.
#[derive(Debug)]
pub enum Coerce {}

impl Intake for Coerce {
    const COERCE: bool = true;
}

/// Refuse the properties the schema does not name, each with a "did you
/// mean".
#[derive(Debug)]
pub enum RefuseUnknown {}

impl Intake for RefuseUnknown {
    const REFUSE_UNKNOWN: bool = true;
}

/// Repair argument text that is not quite JSON (single quotes, `True`,
/// trailing commas, a code fence around it, ...) before validating; see
/// [`ToolArgsSchema::repair`](crate::ToolArgsSchema::repair).
#[derive(Debug)]
pub enum Repair {}

impl Intake for Repair {
    const REPAIR: bool = true;
}

/// The arguments of a tool exported for OpenAI strict mode
/// ([`Profile::OpenAiStrict`]): the `null` the model sends for each
/// optional property it leaves out is taken out before anything else, and
/// reported in [`changes`](crate::CheckedWith::changes); a `null` for a
/// required property is still refused. What
/// [`ToolArgs::from_provider_args`](crate::ToolArgs::from_provider_args)
/// does, inside a framework that deserializes the arguments. For another
/// profile, implement [`Intake`] with its [`PROFILE`](Intake::PROFILE).
///
/// ```
/// use pedelec_schema::{ChangeCode, CheckedWith, OpenAiNulls, ToolArgs};
/// use serde::Deserialize;
/// use serde_json::json;
///
/// #[derive(Debug, Deserialize, ToolArgs)]
/// #[serde(rename_all = "camelCase")]
/// struct BookRoom {
///     room_id: String,
///     note: Option<String>,
/// }
///
/// let call: CheckedWith<BookRoom, OpenAiNulls> =
///     serde_json::from_value(json!({"roomId": "r1", "note": null}))?;
/// assert_eq!(call.note, None);
/// assert_eq!(call.changes[0].code, ChangeCode::OptionalNullRemoved);
/// assert_eq!(call.changes[0].pointer, "/note");
///
/// // OpenAI hands the arguments over as their JSON text.
/// let call: CheckedWith<BookRoom, OpenAiNulls> =
///     serde_json::from_value(json!(r#"{"roomId": "r2", "note": null}"#))?;
/// assert_eq!(call.room_id, "r2");
///
/// // A required property is never left out.
/// assert!(serde_json::from_value::<CheckedWith<BookRoom, OpenAiNulls>>(
///     json!({"roomId": null, "note": "x"})
/// )
/// .is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug)]
pub enum OpenAiNulls {}

impl Intake for OpenAiNulls {
    const PROFILE: Option<Profile> = Some(Profile::OpenAiStrict);
}

/// Both policies' steps; the first one's profile if it names one, else the
/// second's.
impl<A: Intake, B: Intake> Intake for (A, B) {
    const COERCE: bool = A::COERCE || B::COERCE;
    const REFUSE_UNKNOWN: bool = A::REFUSE_UNKNOWN || B::REFUSE_UNKNOWN;
    const REPAIR: bool = A::REPAIR || B::REPAIR;
    const PROFILE: Option<Profile> = match A::PROFILE {
        Some(profile) => Some(profile),
        None => B::PROFILE,
    };
}
