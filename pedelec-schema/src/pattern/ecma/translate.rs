//! A parsed ECMA-262 pattern -> the `regex` crate's syntax, with the ECMA
//! meaning; refuses what a linear-time engine cannot run.

use std::fmt::Write;

use super::ast::{
    Alternative, Assertion, Atom, Class, ClassItem, Disjunction, Property, Quantifier, Shorthand,
    ShorthandKind, Term,
};
use super::property_names::UNICODE_VERSION;
use super::PatternError;

/// ECMA-262 `\s`: WhiteSpace and LineTerminator, as class members.
const ECMA_SPACE: &str = r"\t\n\x{B}\x{C}\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
const ECMA_DIGIT: &str = "0-9";
const ECMA_WORD: &str = "A-Za-z0-9_";
/// What `regex` reads as syntax, inside or outside a class.
const REGEX_META: &str = r"\.+*?()|[]{}^$#&-~";
/// ECMA-262 `.` matches anything but a line terminator.
const ECMA_DOT: &str = r"[^\n\r\x{2028}\x{2029}]";

/// The Unicode version of the `regex` crate's property tables (regex-syntax
/// 0.8).
pub(super) const REGEX_UNICODE_VERSION: &str = "16.0";
/// The canonical names of `property_names.rs` that the `regex` crate does
/// not know: the scripts newer than its tables, and two it never had (the
/// script `Unknown`, the binary property `Changes_When_NFKC_Casefolded`). A
/// test checks this list against the crate, so that an update of its tables
/// shows here.
pub(super) const REGEX_LACKS: &[&str] = &[
    "Beria_Erfe",
    "Changes_When_NFKC_Casefolded",
    "Sidetic",
    "Tai_Yo",
    "Tolong_Siki",
    "Unknown",
];

/// Classes that match no character and any character, valid inside a
/// class too (`regex` nests classes).
const NOTHING: &str = r"[^\x{0}-\x{10FFFF}]";
const ANYTHING: &str = r"[\x{0}-\x{10FFFF}]";
/// The General_Category of UTF-16 surrogates, which a JSON string never holds.
const SURROGATE: &str = "Surrogate";

/// The largest repetition count the `regex` crate reads.
const MAX_COUNT: u64 = u32::MAX as u64;

fn unsupported(what: &str) -> PatternError {
    PatternError(format!(
        "{what} is not supported: patterns run on a linear-time engine so that \
         no input can hang a tool handler; rewrite the pattern without it, or \
         check this in the handler"
    ))
}

/// Writes `tree` in the `regex` crate's dialect.
pub(super) fn translate(tree: &Disjunction, capacity: usize) -> Result<String, PatternError> {
    let mut out = String::with_capacity(capacity + 16);
    disjunction(tree, &mut out)?;
    Ok(out)
}

fn disjunction(tree: &Disjunction, out: &mut String) -> Result<(), PatternError> {
    for (index, Alternative(terms)) in tree.0.iter().enumerate() {
        if index > 0 {
            out.push('|');
        }
        for term in terms {
            match term {
                Term::Assertion(assertion) => push_assertion(assertion, out)?,
                Term::Atom(atom) => push_atom(atom, out)?,
                Term::Repeat(atom, quantifier) => {
                    push_atom(atom, out)?;
                    push_quantifier(quantifier, out)?;
                }
            }
        }
    }
    Ok(())
}

fn push_assertion(assertion: &Assertion, out: &mut String) -> Result<(), PatternError> {
    match assertion {
        Assertion::Start => out.push('^'),
        Assertion::End => out.push('$'),
        // ECMA's word boundary is ASCII's: `\w` is `[A-Za-z0-9_]`.
        Assertion::WordBoundary => out.push_str(r"(?-u:\b)"),
        Assertion::NotWordBoundary => out.push_str(r"(?-u:\B)"),
        Assertion::Look { ahead: true, .. } => {
            return Err(unsupported("lookahead `(?=...)`/`(?!...)`"))
        }
        Assertion::Look { ahead: false, .. } => {
            return Err(unsupported("lookbehind `(?<=...)`/`(?<!...)`"))
        }
    }
    Ok(())
}

fn push_atom(atom: &Atom, out: &mut String) -> Result<(), PatternError> {
    match atom {
        Atom::Char(code) => push_char(*code, out)?,
        Atom::Dot => out.push_str(ECMA_DOT),
        Atom::Shorthand(shorthand) => push_shorthand(*shorthand, false, out),
        Atom::Property(property) => push_property(property, out)?,
        Atom::Class(class) => push_class(class, out)?,
        Atom::Group(body) => {
            // Only `is_match` is asked, so no group needs to capture.
            out.push_str("(?:");
            disjunction(body, out)?;
            out.push(')');
        }
        Atom::Backreference(_) => return Err(unsupported("a backreference such as `\\1`")),
        Atom::NamedBackreference(_) => {
            return Err(unsupported("a named backreference `\\k<name>`"))
        }
    }
    Ok(())
}

fn push_quantifier(quantifier: &Quantifier, out: &mut String) -> Result<(), PatternError> {
    let Quantifier { min, max, lazy } = *quantifier;
    if min.max(max.unwrap_or(0)) > MAX_COUNT {
        return Err(PatternError(format!(
            "a repetition count above {MAX_COUNT} is beyond the limit; check such \
             lengths with `minLength`/`maxLength` instead"
        )));
    }
    match max {
        Some(max) if max == min => write!(out, "{{{min}}}"),
        Some(max) => write!(out, "{{{min},{max}}}"),
        None => write!(out, "{{{min},}}"),
    }
    .expect("writing to a String cannot fail");
    if lazy {
        out.push('?');
    }
    Ok(())
}

/// A code point, written so that the `regex` crate reads it as itself
/// inside or outside a class.
fn push_char(code: u32, out: &mut String) -> Result<(), PatternError> {
    let Some(c) = char::from_u32(code) else {
        return Err(PatternError(format!(
            "`\\u{code:04X}` is half of a UTF-16 surrogate pair and can never \
             match a JSON string on its own; write the whole character"
        )));
    };
    if REGEX_META.contains(c) {
        out.push('\\');
        out.push(c);
    } else if c.is_ascii_graphic() {
        // Not escaped: `\<` and `\>` are word boundaries to `regex`.
        out.push(c);
    } else {
        write!(out, r"\x{{{code:X}}}").expect("writing to a String cannot fail");
    }
    Ok(())
}

fn push_shorthand(shorthand: Shorthand, in_class: bool, out: &mut String) {
    let members = match shorthand.kind {
        ShorthandKind::Digit => ECMA_DIGIT,
        ShorthandKind::Word => ECMA_WORD,
        ShorthandKind::Space => ECMA_SPACE,
    };
    // `regex` nests classes, so a negated set inside a class stays exact.
    if in_class && !shorthand.negated {
        out.push_str(members);
    } else {
        out.push_str(if shorthand.negated { "[^" } else { "[" });
        out.push_str(members);
        out.push(']');
    }
}

fn push_property(property: &Property, out: &mut String) -> Result<(), PatternError> {
    if REGEX_LACKS.contains(&property.value) {
        return Err(PatternError(format!(
            "the Unicode property `{}` (Unicode {UNICODE_VERSION}) is not supported: the \
             regex engine's Unicode tables (Unicode {REGEX_UNICODE_VERSION}) do not have \
             it; list the characters in a class instead",
            property.value
        )));
    }
    if property.value == SURROGATE {
        // No character of a JSON string is a surrogate; `regex` has no
        // such class, so write out its meaning.
        out.push_str(if property.negated { ANYTHING } else { NOTHING });
        return Ok(());
    }
    out.push_str(if property.negated { r"\P{" } else { r"\p{" });
    if let Some(name) = property.property {
        out.push_str(name);
        out.push('=');
    }
    out.push_str(property.value);
    out.push('}');
    Ok(())
}

fn push_class(class: &Class, out: &mut String) -> Result<(), PatternError> {
    match (class.negated, class.items.is_empty()) {
        // `[]` matches nothing; `[^]` any character.
        (false, true) => out.push_str(NOTHING),
        (true, true) => out.push_str("(?s:.)"),
        (negated, false) => {
            out.push_str(if negated { "[^" } else { "[" });
            for item in &class.items {
                match item {
                    ClassItem::Char(code) => push_char(*code, out)?,
                    ClassItem::Range(low, high) => {
                        push_char(*low, out)?;
                        out.push('-');
                        push_char(*high, out)?;
                    }
                    ClassItem::Shorthand(shorthand) => push_shorthand(*shorthand, true, out),
                    ClassItem::Property(property) => push_property(property, out)?,
                }
            }
            out.push(']');
        }
    }
    Ok(())
}
