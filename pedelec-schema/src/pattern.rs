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

use std::fmt;

use regex::{Regex, RegexBuilder};

/// The longest `pattern` accepted, in bytes of its source.
pub const MAX_PATTERN_LEN: usize = 16 * 1024;
/// The deepest group and repetition nesting accepted.
pub const MAX_NESTING: u32 = 64;
/// The largest compiled program accepted, in bytes.
pub const MAX_COMPILED_SIZE: usize = 2 * 1024 * 1024;

/// ECMA-262 `\s`: WhiteSpace and LineTerminator, as class members.
const ECMA_SPACE: &str =
    r"\t\n\x{B}\x{C}\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
const ECMA_DIGIT: &str = "0-9";
const ECMA_WORD: &str = "A-Za-z0-9_";
/// ECMA-262 `.` matches anything but a line terminator.
const ECMA_DOT: &str = r"[^\n\r\x{2028}\x{2029}]";

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
pub struct Pattern {
    source: String,
    regex: Regex,
}

impl Pattern {
    /// Translates and compiles an ECMA-262 pattern.
    pub fn new(source: &str) -> Result<Pattern, PatternError> {
        if source.len() > MAX_PATTERN_LEN {
            return Err(PatternError(format!(
                "the pattern is {} bytes long; the limit is {MAX_PATTERN_LEN}. \
                 Keep patterns short, or check long formats in the handler",
                source.len()
            )));
        }
        let translated = translate(source)?;
        let regex = RegexBuilder::new(&translated)
            .size_limit(MAX_COMPILED_SIZE)
            .nest_limit(MAX_NESTING)
            .build()
            .map_err(|err| PatternError(describe_regex_error(&err)))?;
        Ok(Pattern {
            source: source.to_owned(),
            regex,
        })
    }

    /// The pattern as written in the schema.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether the pattern matches somewhere in `text` (unanchored, as JSON
    /// Schema's `pattern` is).
    pub fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Pattern").field(&self.source).finish()
    }
}

/// Why a pattern cannot be used; the message says what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError(String);

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PatternError {}

fn describe_regex_error(err: &regex::Error) -> String {
    match err {
        regex::Error::CompiledTooBig(limit) => format!(
            "the pattern compiles to more than {limit} bytes; simplify it \
             (large counted repetitions such as `{{1000}}` multiply its size)"
        ),
        other => {
            let detail = other.to_string();
            let last = detail.lines().last().unwrap_or_default().trim();
            format!("the pattern does not compile: {last}")
        }
    }
}

fn unsupported(what: &str) -> PatternError {
    PatternError(format!(
        "{what} is not supported: patterns run on a linear-time engine so that \
         no input can hang a tool handler; rewrite the pattern without it, or \
         check this in the handler"
    ))
}

/// Rewrites ECMA-262 syntax into the `regex` crate's dialect.
fn translate(source: &str) -> Result<String, PatternError> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len() + 16);
    let mut i = 0;
    let mut in_class = false;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '\\' => i = translate_escape(&chars, i, in_class, &mut out)?,
            '[' if !in_class => {
                match (chars.get(i), chars.get(i + 1)) {
                    (Some(']'), _) => {
                        // ECMA `[]` matches nothing.
                        out.push_str(r"[^\x{0}-\x{10FFFF}]");
                        i += 1;
                        continue;
                    }
                    (Some('^'), Some(']')) => {
                        // ECMA `[^]` matches any character.
                        out.push_str("(?s:.)");
                        i += 2;
                        continue;
                    }
                    _ => {}
                }
                in_class = true;
                out.push('[');
                if chars.get(i) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            // Inside an ECMA class these are literals; to `regex` they open a
            // nested class or a set operation.
            '[' | '&' | '~' if in_class => {
                out.push('\\');
                out.push(c);
            }
            '.' if !in_class => out.push_str(ECMA_DOT),
            '(' if !in_class && chars.get(i) == Some(&'?') => {
                i = translate_group_prefix(&chars, i, &mut out)?;
            }
            _ => out.push(c),
        }
    }
    Ok(out)
}

/// `(?` has been read up to the `(`; `i` points at the `?`.
fn translate_group_prefix(
    chars: &[char],
    i: usize,
    out: &mut String,
) -> Result<usize, PatternError> {
    let next = chars.get(i + 1).copied();
    let after = chars.get(i + 2).copied();
    match (next, after) {
        (Some(':'), _) => {
            out.push_str("(?:");
            Ok(i + 2)
        }
        (Some('='), _) | (Some('!'), _) => Err(unsupported("lookahead `(?=...)`/`(?!...)`")),
        (Some('<'), Some('=')) | (Some('<'), Some('!')) => {
            Err(unsupported("lookbehind `(?<=...)`/`(?<!...)`"))
        }
        (Some('<'), _) => {
            out.push_str("(?<");
            Ok(i + 2)
        }
        _ => Err(PatternError(
            "`(?` must start a group `(?:...)` or a named group `(?<name>...)`: \
             inline flags such as `(?i)` are not ECMA-262"
                .to_owned(),
        )),
    }
}

/// A `\` has been read; `i` points at the escaped character. Returns the
/// index after the escape.
fn translate_escape(
    chars: &[char],
    i: usize,
    in_class: bool,
    out: &mut String,
) -> Result<usize, PatternError> {
    let Some(&c) = chars.get(i) else {
        return Err(PatternError(
            "the pattern ends with a lone `\\`; escape it as `\\\\`".to_owned(),
        ));
    };
    let next = i + 1;
    match c {
        'd' => push_class(out, ECMA_DIGIT, false, in_class),
        'D' => push_class(out, ECMA_DIGIT, true, in_class),
        'w' => push_class(out, ECMA_WORD, false, in_class),
        'W' => push_class(out, ECMA_WORD, true, in_class),
        's' => push_class(out, ECMA_SPACE, false, in_class),
        'S' => push_class(out, ECMA_SPACE, true, in_class),
        // In a class ECMA `\b` is a backspace; outside, an ASCII word boundary.
        'b' if in_class => out.push_str(r"\x{8}"),
        'b' => out.push_str(r"(?-u:\b)"),
        'B' => out.push_str(r"(?-u:\B)"),
        't' | 'n' | 'r' | 'v' | 'f' => {
            out.push('\\');
            out.push(c);
        }
        '0' if !chars.get(next).is_some_and(char::is_ascii_digit) => out.push_str(r"\x{0}"),
        '1'..='9' => return Err(unsupported("a backreference such as `\\1`")),
        'k' => return Err(unsupported("a named backreference `\\k<name>`")),
        'c' => return translate_control(chars, next, out),
        'x' => return translate_hex(chars, next, 2, out),
        'u' => return translate_unicode(chars, next, out),
        'p' | 'P' => {
            out.push('\\');
            out.push(c);
        }
        c if c.is_ascii_alphanumeric() => {
            return Err(PatternError(format!(
                "`\\{c}` is not an ECMA-262 escape; write the character itself, \
                 or escape only punctuation"
            )))
        }
        c => push_literal(out, c),
    }
    Ok(next)
}

fn push_class(out: &mut String, members: &str, negated: bool, in_class: bool) {
    // `regex` nests classes, so a negated set inside a class stays exact.
    if in_class && !negated {
        out.push_str(members);
    } else {
        out.push_str(if negated { "[^" } else { "[" });
        out.push_str(members);
        out.push(']');
    }
}

fn push_literal(out: &mut String, c: char) {
    if c.is_ascii_punctuation() || c == ' ' {
        out.push('\\');
        out.push(c);
    } else {
        push_code_point(out, c as u32);
    }
}

fn push_code_point(out: &mut String, code: u32) {
    out.push_str(&format!(r"\x{{{code:X}}}"));
}

/// `\cX`: the control character X % 32, for an ASCII letter X.
fn translate_control(chars: &[char], i: usize, out: &mut String) -> Result<usize, PatternError> {
    match chars.get(i) {
        Some(letter) if letter.is_ascii_alphabetic() => {
            push_code_point(out, (*letter as u32) % 32);
            Ok(i + 1)
        }
        _ => Err(PatternError(
            "`\\c` must be followed by an ASCII letter, as in `\\cJ`".to_owned(),
        )),
    }
}

fn read_hex(chars: &[char], i: usize, digits: usize) -> Option<u32> {
    let text: String = chars.get(i..i + digits)?.iter().collect();
    if text.chars().all(|c| c.is_ascii_hexdigit()) {
        u32::from_str_radix(&text, 16).ok()
    } else {
        None
    }
}

fn translate_hex(
    chars: &[char],
    i: usize,
    digits: usize,
    out: &mut String,
) -> Result<usize, PatternError> {
    let code = read_hex(chars, i, digits).ok_or_else(|| {
        PatternError("`\\x` must be followed by two hex digits, as in `\\x41`".to_owned())
    })?;
    push_code_point(out, code);
    Ok(i + digits)
}

/// `\uXXXX` (a UTF-16 unit; a surrogate pair makes one code point) or
/// `\u{X...}`.
fn translate_unicode(chars: &[char], i: usize, out: &mut String) -> Result<usize, PatternError> {
    if chars.get(i) == Some(&'{') {
        let close = chars[i..].iter().position(|&c| c == '}');
        let code = close
            .filter(|&len| (2..=7).contains(&len))
            .and_then(|len| read_hex(chars, i + 1, len - 1))
            .filter(|&code| char::from_u32(code).is_some());
        let (Some(code), Some(len)) = (code, close) else {
            return Err(PatternError(
                "`\\u{...}` must hold the hex code of a Unicode scalar value".to_owned(),
            ));
        };
        push_code_point(out, code);
        return Ok(i + len + 1);
    }
    let unit = read_hex(chars, i, 4).ok_or_else(|| {
        PatternError("`\\u` must be followed by four hex digits, as in `\\u00e9`".to_owned())
    })?;
    let after = i + 4;
    if (0xD800..0xDC00).contains(&unit) && chars.get(after) == Some(&'\\') {
        if chars.get(after + 1) == Some(&'u') {
            if let Some(low @ 0xDC00..=0xDFFF) = read_hex(chars, after + 2, 4) {
                push_code_point(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
                return Ok(after + 6);
            }
        }
    }
    if (0xD800..0xE000).contains(&unit) {
        return Err(PatternError(format!(
            "`\\u{unit:04X}` is half of a UTF-16 surrogate pair and can never \
             match a JSON string on its own; write the whole character"
        )));
    }
    push_code_point(out, unit);
    Ok(after)
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
        assert!(matches(r"^\/\-$", "/-"));
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
        for pattern in [r"(?=a)", r"(?!a)", r"(?<=a)b", r"(?<!a)b", r"(a)\1", r"(?<x>a)\k<x>"] {
            let err = Pattern::new(pattern).unwrap_err().to_string();
            assert!(err.contains("not supported"), "{pattern}: {err}");
        }
    }

    #[test]
    fn broken_patterns_say_what_is_wrong() {
        for (pattern, needle) in [
            ("(", "does not compile"),
            ("a{2,1}", "does not compile"),
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
        assert!(Pattern::new(&long).unwrap_err().to_string().contains("limit"));
        let huge = r"(\w{1000}){1000}";
        assert!(Pattern::new(huge).unwrap_err().to_string().contains("more than"));
        let deep = format!("{}a{}", "(".repeat(100), ")".repeat(100));
        assert!(Pattern::new(&deep).is_err());
    }
}
