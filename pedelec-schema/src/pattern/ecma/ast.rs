//! The tree of a parsed ECMA-262 pattern: what `syntax.rs` reads and
//! `translate.rs` writes out in the `regex` crate's dialect.
//!
//! It holds everything ECMA-262 accepts, including what the linear-time
//! engine cannot run (lookaround, backreferences, lone surrogates), so that
//! a syntax error is always reported as one, before any "not supported".

/// A pattern, or the inside of a group: alternatives separated by `|`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Disjunction(pub(super) Vec<Alternative>);

/// A sequence of terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Alternative(pub(super) Vec<Term>);

/// One element of an alternative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Term {
    Assertion(Assertion),
    Atom(Atom),
    Repeat(Atom, Quantifier),
}

/// A zero-width assertion; in Unicode mode none can be repeated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Assertion {
    Start,
    End,
    WordBoundary,
    NotWordBoundary,
    Look {
        ahead: bool,
        negated: bool,
        body: Disjunction,
    },
}

/// Something that matches characters and may be repeated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Atom {
    /// A code point, as written or escaped; a lone surrogate is kept as one.
    Char(u32),
    /// `.`: anything but a line terminator.
    Dot,
    Shorthand(Shorthand),
    Property(Property),
    Class(Class),
    /// `(...)`, `(?:...)` or `(?<name>...)`; the name only matters to
    /// the grammar (duplicates, `\k<name>`), so it is not kept.
    Group(Disjunction),
    /// `\1`, `\2`, ...
    Backreference(u32),
    /// `\k<name>`
    NamedBackreference(String),
}

/// `\d`, `\w`, `\s` and their complements `\D`, `\W`, `\S`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Shorthand {
    pub(super) kind: ShorthandKind,
    pub(super) negated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ShorthandKind {
    Digit,
    Word,
    Space,
}

/// `\p{...}` or `\P{...}`, resolved to its canonical names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Property {
    pub(super) negated: bool,
    /// The canonical property for `name=value`, or `None` for a
    /// `General_Category` value or binary property written alone.
    pub(super) property: Option<&'static str>,
    /// The canonical value, or binary property, name.
    pub(super) value: &'static str,
}

/// `[...]` or `[^...]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Class {
    pub(super) negated: bool,
    pub(super) items: Vec<ClassItem>,
}

/// A member of a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ClassItem {
    Char(u32),
    /// `a-z`, its ends in order.
    Range(u32, u32),
    Shorthand(Shorthand),
    Property(Property),
}

/// `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}`, greedy or lazy (`*?`). ECMA-262
/// puts no bound on a count; one beyond `u64` is kept as `u64::MAX`, which
/// the translation refuses like any count beyond the engine's limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Quantifier {
    pub(super) min: u64,
    pub(super) max: Option<u64>,
    pub(super) lazy: bool,
}
