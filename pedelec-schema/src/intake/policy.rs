//! [`Intake`]: which tolerant-intake steps a type's arguments go through,
//! chosen in the type, as [`CheckedWith`](crate::CheckedWith)'s parameter.
//!
//! A policy is a type, so that a framework that only knows how to
//! deserialize (rmcp's `Parameters<_>`, a `Json<_>` extractor) carries it:
//! `Parameters<CheckedWith<Search, Coerce>>`. The policies are types with
//! no values; pair two in a tuple to take both steps, or implement
//! [`Intake`] on a type of your own.

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

/// Both policies' steps.
impl<A: Intake, B: Intake> Intake for (A, B) {
    const COERCE: bool = A::COERCE || B::COERCE;
    const REFUSE_UNKNOWN: bool = A::REFUSE_UNKNOWN || B::REFUSE_UNKNOWN;
    const REPAIR: bool = A::REPAIR || B::REPAIR;
}
