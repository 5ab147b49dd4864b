//! Where in JSON's grammar a reader is: its states, and the places of
//! them that a repair (`repair/`) sees when a byte stops the reader.

use super::escape::Escape;
use super::number::NumberAt;

/// Where in JSON's grammar a reader stopped at a syntax error: what a
/// repair (`repair/`) may mend there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// A value: the root, a property's after its `:`, or an item; after
    /// an array's `,` when `after_comma`.
    Value { after_comma: bool },
    /// A property name (or, after `{`, the object's `}`); after a `,`
    /// when `after_comma`.
    Key { after_comma: bool },
    /// The `:` after a property name.
    Colon,
    /// After a value inside a container: `,` or its close.
    AfterValue,
    /// A string's plain text; a property name's when `key`.
    String { key: bool },
    /// The byte after a string's `\`; a property name's when `key`.
    Escape { key: bool },
    /// Inside a number, a literal, or an escape's later bytes.
    Token,
    /// After the root value.
    End,
}

/// How a reader stopped at a syntax error takes up reading again, at the
/// byte it stopped at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resume {
    /// Where it was.
    AsBefore,
    /// As if the `,` it read last were not there: the byte closes the
    /// container.
    WithoutComma,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    /// A value: the root, or a property's after its `:`.
    Value,
    /// After `[`: an item or `]`.
    FirstItem,
    /// After a `,` in an array.
    NextItem,
    /// After `{`: a key or `}`.
    FirstKey,
    /// After a `,` in an object.
    NextKey,
    Colon,
    /// After a value inside a container: `,` or its close.
    AfterValue,
    /// Inside a string, in its plain text; `key` for an object's key.
    Str {
        key: bool,
    },
    /// Inside a string's escape.
    Escaped {
        key: bool,
        escape: Escape,
    },
    Number(NumberAt),
    /// `word`, of which `matched` bytes are read.
    Literal {
        word: Word,
        matched: u8,
    },
    /// After the root value: only whitespace.
    End,
    /// Stopped: nothing more is read.
    Failed,
}

impl State {
    /// The place a repair sees in this state; none once failed.
    pub(super) fn place(self) -> Option<Place> {
        let place = match self {
            State::Value | State::FirstItem => Place::Value { after_comma: false },
            State::NextItem => Place::Value { after_comma: true },
            State::FirstKey => Place::Key { after_comma: false },
            State::NextKey => Place::Key { after_comma: true },
            State::Colon => Place::Colon,
            State::AfterValue => Place::AfterValue,
            State::Str { key } => Place::String { key },
            State::Escaped {
                escape: Escape::Backslash,
                key,
            } => Place::Escape { key },
            State::Escaped { .. } | State::Number(_) | State::Literal { .. } => Place::Token,
            State::End => Place::End,
            State::Failed => return None,
        };
        Some(place)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Word {
    True,
    False,
    Null,
}

impl Word {
    pub(super) fn text(self) -> &'static str {
        match self {
            Word::True => "true",
            Word::False => "false",
            Word::Null => "null",
        }
    }
}
