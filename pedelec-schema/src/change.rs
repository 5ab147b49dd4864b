//! [`Change`]: one thing a bridge did to a schema or to arguments.
//!
//! Every bridge across the subset's edge - conversion into the subset,
//! export to a provider, tolerant intake of arguments - reports each change
//! it makes as a [`Change`], and changes nothing else. A change says where
//! it happened (a JSON Pointer into the document the bridge read), what it
//! was (a stable [`ChangeCode`]), and what it did to the set of accepted
//! values (its [`Effect`]).
//!
//! The effect belongs to the code, as a [`Diagnostic`](crate::Diagnostic)'s
//! severity belongs to its code: where one rewrite can keep or lose meaning
//! depending on the case (an exclusive bound on an integer or on a number),
//! it has one code per case. So a caller that matches on codes knows the
//! effect, and the documentation of each code can state it.

use std::fmt;

use serde::ser::{Serialize, SerializeStruct, Serializer};

/// What a change did to the set of values a schema accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Effect {
    /// The result accepts exactly the values the source accepted: a change
    /// of form only.
    Lossless,
    /// The result accepts values the source refused: a constraint was
    /// dropped, and the handler must check it itself.
    Widens,
    /// The result refuses values the source accepted.
    Narrows,
}

impl Effect {
    /// `"lossless"`, `"widens"` or `"narrows"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Effect::Lossless => "lossless",
            Effect::Widens => "widens",
            Effect::Narrows => "narrows",
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Effect {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// How serious a change is. Almost every change is a `Note`: the bridge did
/// it and says so. An `Error` says the result will not work where it is
/// going (a provider's documented limit is exceeded), although the bridge
/// still produced it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChangeSeverity {
    /// The change was made; the result is usable.
    Note,
    /// The result breaks a rule of its destination.
    Error,
}

impl ChangeSeverity {
    /// `"note"` or `"error"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeSeverity::Note => "note",
            ChangeSeverity::Error => "error",
        }
    }
}

impl fmt::Display for ChangeSeverity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! change_codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $effect:ident, $severity:ident;)*) => {
        /// What a change was. Each code has a stable snake_case name (see
        /// [`ChangeCode::as_str`]) that tools may match on, one [`Effect`]
        /// and one [`ChangeSeverity`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum ChangeCode {
            $($(#[$doc])* $variant,)*
        }

        impl ChangeCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ChangeCode] = &[$(ChangeCode::$variant,)*];

            /// The stable snake_case name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ChangeCode::$variant => $name,)*
                }
            }

            /// What every change with this code does to the accepted values.
            pub fn effect(self) -> Effect {
                match self {
                    $(ChangeCode::$variant => Effect::$effect,)*
                }
            }

            /// How serious every change with this code is.
            pub fn severity(self) -> ChangeSeverity {
                match self {
                    $(ChangeCode::$variant => ChangeSeverity::$severity,)*
                }
            }
        }
    };
}

// One section per bridge, so that each keeps its codes together.
change_codes! {
    // Conversion into the subset (`convert`).

    // Export to a provider (`ToolArgsSchema::export`).

    // Tolerant intake of arguments (`ToolArgsSchema::coerce`). Every
    // coercion widens: the schema refused the value as it came, and
    // validation after `coerce` accepts what the agent meant. The schema
    // itself does not change; what widens is what the tool takes in.

    /// A string under an `integer` or `number` node whose whole text is a
    /// JSON number (`"42"`, `"-1.5e3"`) became that number, exactly as the
    /// same text unquoted would have been read. Widens: `{"n": "42"}` is
    /// now taken as `{"n": 42}`.
    NumberFromString = "number_from_string", Widens, Note;
    /// The string `"true"` or `"false"` under a `boolean` node became the
    /// boolean. Widens.
    BooleanFromString = "boolean_from_string", Widens, Note;
    /// A string under an `array` node that holds a JSON array became that
    /// array (and its items were then coerced in turn). Widens.
    ArrayFromJsonText = "array_from_json_text", Widens, Note;
    /// A string under an `object` node (the root included) that holds a
    /// JSON object became that object (and its properties were then coerced
    /// in turn). Widens.
    ObjectFromJsonText = "object_from_json_text", Widens, Note;
    /// A lone value under an `array` node, of the type of the array's items,
    /// became a one-item array. Widens: `{"tags": "a"}` is now taken as
    /// `{"tags": ["a"]}`.
    WrappedInArray = "wrapped_in_array", Widens, Note;
}

impl fmt::Display for ChangeCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ChangeCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One thing a bridge did.
///
/// Serializes as `{"pointer","code","effect","message"}`, plus
/// `"severity": "error"` for the rare change whose code is an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Where: a JSON Pointer (RFC 6901) into the document the bridge read -
    /// the source schema for a conversion, our schema for an export, the
    /// arguments for tolerant intake.
    pub pointer: String,
    /// What was done.
    pub code: ChangeCode,
    /// What it did to the accepted values; always `code.effect()`.
    pub effect: Effect,
    /// What was done and, where something was lost, what the handler must
    /// now check itself.
    pub message: String,
}

impl Change {
    /// A change with `code`'s effect.
    pub fn new(code: ChangeCode, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Change {
            pointer: pointer.into(),
            code,
            effect: code.effect(),
            message: message.into(),
        }
    }

    /// How serious the change is: `code.severity()`.
    pub fn severity(&self) -> ChangeSeverity {
        self.code.severity()
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pointer = if self.pointer.is_empty() {
            "(root)"
        } else {
            &self.pointer
        };
        write!(
            f,
            "{}[{}] {} at {}: {}",
            self.severity(),
            self.code,
            self.effect,
            pointer,
            self.message
        )
    }
}

impl Serialize for Change {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let is_error = self.severity() == ChangeSeverity::Error;
        let mut s = serializer.serialize_struct("Change", 4 + usize::from(is_error))?;
        s.serialize_field("pointer", &self.pointer)?;
        s.serialize_field("code", &self.code)?;
        s.serialize_field("effect", &self.effect)?;
        s.serialize_field("message", &self.message)?;
        if is_error {
            s.serialize_field("severity", &self.severity().as_str())?;
        }
        s.end()
    }
}
