//! `pattern`: ECMA-262 regular expressions on a linear-time engine.
//!
//! JSON Schema says a `pattern` is an ECMA-262 regex. Every pattern is first
//! read by ECMA-262's Unicode-mode grammar (`ecma/syntax.rs`), so that a
//! schema accepted here does not break a JavaScript validator. The `regex`
//! crate then runs it, in time linear in the input, so no pattern can hang a
//! tool handler; its dialect differs (its `\d`, `\w`, `\s` and `\b` are
//! Unicode-aware, its `.` matches `\r`, it knows neither `\cX` nor
//! `\uXXXX`), so the pattern is translated into it with the ECMA meaning,
//! and what a linear-time engine cannot run (lookaround, backreferences) is
//! refused with a message that says so. Simple shapes skip the translation
//! and the regex engine (`simple.rs`), never the grammar.
//!
//! Limits, so that a hostile schema cannot make building it expensive: a
//! pattern may be at most [`MAX_PATTERN_LEN`] bytes long, nest groups at most
//! [`MAX_NESTING`] deep, and compile to at most [`MAX_COMPILED_SIZE`] bytes.

mod ecma;
#[cfg(test)]
mod grammar_tests;
mod overlap;
mod prefix;
mod simple;

use std::fmt;
use std::sync::{Arc, OnceLock};

use regex::Regex;

pub use ecma::{PatternError, MAX_COMPILED_SIZE, MAX_NESTING, MAX_PATTERN_LEN};
pub(crate) use prefix::{Automaton, Scan, Verdict};
use simple::Simple;

/// A checked `pattern`: its ECMA-262 source and the compiled regex.
///
/// # The grammar
///
/// A pattern is read as ECMA-262 reads `new RegExp(pattern, "u")`: the
/// Unicode mode that ajv and most JSON Schema validators use, so that a
/// schema accepted here works on the JavaScript side too. What that mode
/// accepts is accepted with its ECMA meaning: `\d`, `\w`, `\b` are ASCII,
/// `\s` is ECMA's white space and line terminators, `.` matches any
/// character but a line terminator, `^` and `$` match only at the ends,
/// `[^]` matches any character and `[]` none, `[\b]` is a backspace;
/// `\0`, `\cJ`, `\x41`, `\u00e9`, `\uD83D\uDC32` (a surrogate pair, one
/// character) and `\u{1F600}` are characters; groups may be named
/// (`(?<year>\d{4})`); quantifiers may be lazy (`a*?`); `[a&&b]` and `[[]`
/// are plain classes, as outside the `v` mode.
///
/// Refused, as JavaScript refuses them, each with a message that names the
/// construct and says what to write instead:
///
/// | refused | example | write instead |
/// |---|---|---|
/// | a quantifier on a quantifier | `a**`, `a{2}{3}`, `a*??` | one quantifier, or `(?:a{2}){3}` |
/// | a quantifier on an assertion | `$*`, `^.$?`, `\b+`, `(?=a)*` | no quantifier |
/// | a quantifier with nothing to repeat | `*a`, `(+)`, `{2}` | `\*a` |
/// | a lone or malformed brace or bracket | `{`, `a{,3}`, `}`, `]` | `\{`, `a{0,3}`, `\}`, `\]` |
/// | counts out of order | `a{2,1}` | `a{1,2}` |
/// | an escape of anything but `^$\.*+?()[]{}\|/` (and `-` in a class) | `\=`, `\-`, `\q`, `\a` | `=`, `-`, `[\-]` |
/// | a class range with a class escape at an end, or out of order | `[\d-z]`, `[a-\w]`, `[z-a]` | `[\d\-z]`, `[a-z]` |
/// | `\c` without an ASCII letter; `\0` before a digit | `\c1`, `\01` | `\cA`, `\x01` |
/// | `\x`, `\u` without their hex digits; `\u{...}` beyond `10FFFF` | `\x4`, `\u12`, `\u{110000}` | `\x04`, `\u0012` |
/// | a group name that is no identifier, or used twice | `(?<1a>x)`, `(?<a>x)\|(?<a>y)` | `(?<a1>x)` |
/// | a reference to no group | `(a)\2`, `\k<b>` | |
/// | inline flags | `(?i)a`, `(?i:a)` | `[Aa]` |
/// | a Unicode property name ECMA-262 does not list, exactly | `\p{letter}`, `\p{L_u}`, `\p{Greek}`, `\p{L\uFFFD}` | `\p{Letter}`, `\p{Lu}`, `\p{sc=Greek}` |
///
/// A repeated group name is refused even in different alternatives, which
/// ES2025 allows, and inline modifiers `(?i:...)` too, which ES2025 added:
/// engines before it refuse both. Property names are ECMA-262's: the values
/// and aliases of `General_Category` (alone, or after `General_Category=`
/// or `gc=`), of `Script` and `Script_Extensions` (after `Script=`, `sc=`,
/// `Script_Extensions=` or `scx=`) and ECMA-262's binary properties with
/// their aliases, all of Unicode 17.0, and exact: no other case, spaces or
/// underscores. A loosely spelt name gets the exact one suggested.
///
/// Refused although ECMA-262 accepts them:
///
/// - lookahead, lookbehind and backreferences (`(?=a)`, `(?<!a)`, `(a)\1`,
///   `\k<name>`): a linear-time engine cannot run them;
/// - a lone surrogate (`\uD83D`, `[\uD800-\uDFFF]`): no JSON string
///   holds one, so it could never match;
/// - the property values the regex engine's Unicode 16.0 tables lack:
///   the scripts new in Unicode 17.0 (`Beria_Erfe`, `Sidetic`, `Tai_Yo`,
///   `Tolong_Siki`), the script `Unknown` and the binary property
///   `Changes_When_NFKC_Casefolded`;
/// - anything beyond the [limits](crate#limits): the source's length, the
///   nesting, the compiled size, and a repetition count above `u32::MAX`.
///
/// The matching follows the regex engine's Unicode tables (16.0), so a
/// character new in Unicode 17.0 has no properties yet. (`\p{Cs}`, the
/// surrogates, matches nothing, as no JSON string holds one.)
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
///
/// // JavaScript refuses these, so they are refused here too.
/// let err = Pattern::new(r"^\p{letter}+$").unwrap_err();
/// assert!(err.to_string().contains(r"Did you mean `\p{Letter}`?"));
/// assert!(Pattern::new("^a**$").is_err());
/// ```
#[derive(Clone)]
pub struct Pattern(Arc<Compiled>);

/// A pattern is shared, not copied, by the rules and errors that use it.
struct Compiled {
    source: String,
    matcher: Matcher,
    /// The lazy DFA that tells whether a string begun can still match
    /// (`prefix.rs`), built the first time a stream asks.
    prefix: OnceLock<Option<Automaton>>,
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
        let parsed = ecma::Parsed::new(source)?;
        let matcher = match Simple::recognize(source) {
            // A simple shape always translates and compiles within the
            // limits (a test in `simple.rs` holds it to that), so neither
            // is done for it: that would double what building it costs.
            Some(simple) => Matcher::Simple(simple),
            None => Matcher::Regex(parsed.translate()?.compile()?),
        };
        Ok(Pattern(Arc::new(Compiled {
            source: source.to_owned(),
            matcher,
            prefix: OnceLock::new(),
        })))
    }

    /// Compiles with the regex engine, whatever the pattern's shape, for
    /// the tests that tie the simple matchers to it.
    #[cfg(test)]
    fn with_regex(source: &str) -> Result<Pattern, PatternError> {
        let regex = ecma::Parsed::new(source)?.translate()?.compile()?;
        Ok(Pattern(Arc::new(Compiled {
            source: source.to_owned(),
            matcher: Matcher::Regex(regex),
            prefix: OnceLock::new(),
        })))
    }

    /// The pattern as written in the schema.
    pub fn as_str(&self) -> &str {
        &self.0.source
    }

    /// The pattern in the `regex` crate's dialect, with its ECMA-262
    /// meaning: what the grammar builder reads, so that a grammar holds the
    /// pattern exactly as it is matched.
    pub(crate) fn regex_source(&self) -> String {
        match &self.0.matcher {
            Matcher::Regex(regex) => regex.as_str().to_owned(),
            // A simple shape skipped the translation: translate it now (a
            // grammar is written once; matching stays on the fast path).
            Matcher::Simple(_) => ecma::Parsed::new(&self.0.source)
                .and_then(|parsed| parsed.translate())
                .map(ecma::Checked::into_source)
                .expect("a simple shape translates (simple.rs tests it)"),
        }
    }

    /// Whether no string matches both patterns, proven on their automata
    /// within a bound (`overlap.rs`); `false` when not proven.
    pub(crate) fn is_disjoint(&self, other: &Pattern) -> bool {
        overlap::disjoint(&self.regex_source(), &other.regex_source())
    }

    /// Whether `other` is this very pattern (shared, not equal).
    #[cfg(test)]
    pub(crate) fn is(&self, other: &Pattern) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// The automaton that tells whether a string begun can still match,
    /// if one can be built.
    pub(crate) fn prefix_automaton(&self) -> Option<&Automaton> {
        self.0
            .prefix
            .get_or_init(|| Automaton::new(&self.regex_source()))
            .as_ref()
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
