//! `pattern`: ECMA-262 regular expressions on a linear-time engine.
//!
//! JSON Schema says a `pattern` is an ECMA-262 regex. The `regex` crate runs
//! in time linear in the input, so no pattern can hang a tool handler, but
//! its dialect differs: its `\d`, `\w`, `\s` and `\b` are Unicode-aware,
//! its `.` matches `\r`, and it knows neither `\cX` nor `\uXXXX`. This module
//! translates an ECMA pattern into the `regex` dialect with the ECMA meaning,
//! and refuses, with a message that says so, what a linear-time engine
//! cannot run (lookaround, backreferences).
//!
//! Limits, so that a hostile schema cannot make building it expensive: a
//! pattern may be at most [`MAX_PATTERN_LEN`] bytes long, nest groups at most
//! [`MAX_NESTING`] deep, and compile to at most [`MAX_COMPILED_SIZE`] bytes.

mod ecma;
#[cfg(test)]
mod grammar_tests;
mod simple;

use std::fmt;
use std::sync::Arc;

use regex::Regex;

pub use ecma::{PatternError, MAX_COMPILED_SIZE, MAX_NESTING, MAX_PATTERN_LEN};
use simple::Simple;

/// A checked `pattern`: its ECMA-262 source and the compiled regex.
///
/// ```
/// use pedelec_schema::Pattern;
///
/// let digits = Pattern::new(r"^\d+$").unwrap();
/// assert!(digits.is_match("2026"));
/// assert!(!digits.is_match("২০২৬")); // Bengali digits are not ECMA `\d`
///
/// let err = Pattern::new(r"^(?!admin)").unwrap_err();
/// assert!(err.to_string().contains("lookahead"));
/// ```
#[derive(Clone)]
pub struct Pattern(Arc<Compiled>);

/// A pattern is shared, not copied, by the rules and errors that use it.
struct Compiled {
    source: String,
    matcher: Matcher,
}

/// How a pattern is matched: most tool patterns have a simple shape that
/// needs no regex engine (see `simple.rs`).
#[allow(clippy::large_enum_variant)] // See `Simple`.
#[derive(Clone)]
enum Matcher {
    Simple(Simple),
    Regex(Regex),
}

impl Pattern {
    /// Checks an ECMA-262 pattern against the grammar of
    /// `new RegExp(pattern, "u")` and the limits, then compiles it.
    pub fn new(source: &str) -> Result<Pattern, PatternError> {
        let checked = ecma::Checked::new(source)?;
        let matcher = match Simple::recognize(source) {
            Some(simple) => Matcher::Simple(simple),
            None => Matcher::Regex(checked.compile()?),
        };
        Ok(Pattern(Arc::new(Compiled {
            source: source.to_owned(),
            matcher,
        })))
    }

    /// Compiles with the regex engine, whatever the pattern's shape, for
    /// the tests that tie the simple matchers to it.
    #[cfg(test)]
    fn with_regex(source: &str) -> Result<Pattern, PatternError> {
        let regex = ecma::Checked::new(source)?.compile()?;
        Ok(Pattern(Arc::new(Compiled {
            source: source.to_owned(),
            matcher: Matcher::Regex(regex),
        })))
    }

    /// The pattern as written in the schema.
    pub fn as_str(&self) -> &str {
        &self.0.source
    }

    /// Whether the pattern matches somewhere in `text` (unanchored, as JSON
    /// Schema's `pattern` is).
    #[inline]
    pub fn is_match(&self, text: &str) -> bool {
        match &self.0.matcher {
            Matcher::Simple(simple) => simple.is_match(text),
            Matcher::Regex(regex) => regex_matches(regex, text),
        }
    }
}

/// Out of line: a regex search needs a large stack frame, which the simple
/// matchers should not pay for on every call.
#[inline(never)]
fn regex_matches(regex: &Regex, text: &str) -> bool {
    regex.is_match(text)
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.0.source == other.0.source
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Pattern").field(&self.0.source).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, text: &str) -> bool {
        Pattern::new(pattern).unwrap().is_match(text)
    }

    #[test]
    fn shorthand_classes_have_their_ascii_ecma_meaning() {
        assert!(matches(r"^\d$", "7"));
        assert!(!matches(r"^\d$", "\u{07C0}"));
        assert!(matches(r"^\D$", "\u{07C0}"));
        assert!(matches(r"^\w$", "_"));
        assert!(!matches(r"^\w$", "é"));
        assert!(matches(r"^\W$", "é"));
        assert!(matches(r"^\s$", "\u{FEFF}"));
        assert!(matches(r"^\s$", "\u{B}"));
        assert!(!matches(r"^\s$", "\u{1}"));
        assert!(matches(r"^\S$", "\u{2013}"));
    }

    #[test]
    fn shorthand_classes_inside_brackets() {
        assert!(matches(r"^[\d.]+$", "1.5"));
        assert!(!matches(r"^[\d.]+$", "১"));
        assert!(matches(r"^[\D]$", "x"));
        assert!(!matches(r"^[\D]$", "1"));
        assert!(matches(r"^[\s,]+$", " ,\u{A0}"));
    }

    #[test]
    fn dot_does_not_match_line_terminators() {
        assert!(matches("^.$", "é"));
        assert!(matches("^.$", "🐲"));
        assert!(!matches("^.$", "\r"));
        assert!(!matches("^.$", "\u{2028}"));
    }

    #[test]
    fn dollar_does_not_match_before_a_trailing_newline() {
        assert!(!matches("^abc$", "abc\n"));
    }

    #[test]
    fn escapes_that_only_ecma_has() {
        assert!(matches(r"^\cC$", "\u{3}"));
        assert!(matches(r"^\cc$", "\u{3}"));
        assert!(matches(r"^\u00e9$", "é"));
        assert!(matches(r"^\ud83d\udc32$", "🐲"));
        assert!(matches(r"^\u{1F432}$", "🐲"));
        assert!(matches(r"^\x41$", "A"));
        assert!(matches(r"^a\0b$", "a\0b"));
        // `\-` is an escape only inside a class; `/` may always be escaped.
        assert!(matches(r"^\/-$", "/-"));
        assert!(matches(r"^[\-]$", "-"));
        assert!(matches(r"^[\b]$", "\u{8}"));
    }

    #[test]
    fn word_boundary_is_ascii() {
        assert!(matches(r"\bcat\b", "a cat."));
        assert!(matches(r"\bcole", "écoles"));
    }

    #[test]
    fn brackets_and_set_operators_inside_a_class_are_literal() {
        assert!(matches(r"^[[]$", "["));
        assert!(matches(r"^[a&&b]+$", "a&b"));
        assert!(matches(r"^[~]$", "~"));
        assert!(!matches(r"^[]$", "a"));
        assert!(matches(r"^[^]$", "\n"));
    }

    #[test]
    fn unicode_properties_work() {
        assert!(matches(r"^\p{Letter}+$", "π"));
        assert!(matches(r"^\p{digit}+$", "৪২"));
        assert!(matches(r"^\P{L}$", "1"));
    }

    #[test]
    fn pattern_is_unanchored() {
        assert!(matches("a+", "xxaayy"));
    }

    #[test]
    fn lookaround_and_backreferences_are_refused_with_a_reason() {
        for pattern in [
            r"(?=a)",
            r"(?!a)",
            r"(?<=a)b",
            r"(?<!a)b",
            r"(a)\1",
            r"(?<x>a)\k<x>",
        ] {
            let err = Pattern::new(pattern).unwrap_err().to_string();
            assert!(err.contains("not supported"), "{pattern}: {err}");
        }
    }

    #[test]
    fn broken_patterns_say_what_is_wrong() {
        for (pattern, needle) in [
            ("(", "never closed"),
            ("a{2,1}", "minimum count is greater than the maximum"),
            ("(?i)a", "inline flags"),
            (r"\q", "not an ECMA-262 escape"),
            (r"\ud83d", "surrogate"),
            (r"\u12", "four hex digits"),
            (r"\c1", "ASCII letter"),
            ("a\\", "lone"),
        ] {
            let err = Pattern::new(pattern).unwrap_err().to_string();
            assert!(err.contains(needle), "{pattern}: {err}");
        }
    }

    #[test]
    fn named_groups_are_allowed() {
        assert!(matches(r"^(?<year>\d{4})$", "2026"));
    }

    #[test]
    fn size_limits_are_enforced() {
        let long = "a".repeat(MAX_PATTERN_LEN + 1);
        assert!(Pattern::new(&long)
            .unwrap_err()
            .to_string()
            .contains("limit"));
        let huge = r"(\w{1000}){1000}";
        assert!(Pattern::new(huge)
            .unwrap_err()
            .to_string()
            .contains("more than"));
        let deep = format!("{}a{}", "(".repeat(100), ")".repeat(100));
        assert!(Pattern::new(&deep).is_err());
    }
}
