//! A subset `pattern` respelled for a constrained-decoding engine: the
//! shorthands whose meaning differs between regex dialects (`\d`, `\w`,
//! `\s`, `.`) written as the explicit characters ECMA-262 gives them, `\/`
//! as `/`, and, for an engine that matches a pattern against the whole
//! string, the search that JSON Schema means written as a full match.
//!
//! The source is already a valid ECMA-262 Unicode-mode pattern (the model
//! holds no other), so one scan that knows escapes, classes and groups is
//! enough: nothing here decides whether a pattern is valid.

/// ECMA-262's `\s`: white space and line terminators, spelled with `\x` and
/// `\u` escapes only, which every engine's class syntax reads (llama.cpp's
/// grammar has no `\v` or `\f`).
const SPACE: &str = r"\x09-\x0D\x20\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF";

/// ECMA-262's `.`: any character but a line terminator.
const DOT: &str = r"[^\n\r\u2028\u2029]";

/// Any character, spelled so that every engine reads it so: a `.` (whose
/// meaning varies) or one of the line terminators it may leave out.
const ANY: &str = r"(?:.|[\n\r\u2028\u2029])";

/// A pattern as an engine gets it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Respelled {
    /// The pattern to write.
    pub(super) text: String,
    /// Whether a shorthand, `.` or `\/` was spelled out.
    pub(super) respelled: bool,
    /// Whether the search was written as a full match.
    pub(super) anchored: bool,
}

/// Why a pattern cannot be written for the engine.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// A `^` or `$` that is not at an end of the whole pattern: a
    /// full-match engine drops or misreads it.
    InnerAnchor,
    /// A repetition count at or above the engine's limit.
    LongRepetition(u64),
    /// A word boundary (`\b`, `\B`): an assertion that the engines'
    /// automata refuse or read with Unicode's word characters.
    WordBoundary,
}

/// `source` respelled; with `full_match`, anchored at both ends; with
/// `max_count`, refused if a `{n}` or `{n,m}` count reaches it.
pub(super) fn respell(
    source: &str,
    full_match: bool,
    max_count: Option<u64>,
) -> Result<Respelled, Refusal> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len() + 8);
    let mut respelled = false;
    let mut in_class = false;
    let mut depth = 0usize;
    let (mut starts, mut ends, mut inner_anchor, mut alternation) = (false, false, false, false);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let last = i + 1 == chars.len();
        match c {
            '\\' => {
                let next = chars.get(i + 1).copied().unwrap_or('\\');
                i += 1;
                let spelled = match (next, in_class) {
                    ('d', false) => Some("[0-9]".to_owned()),
                    ('D', false) => Some("[^0-9]".to_owned()),
                    ('w', false) => Some("[0-9A-Za-z_]".to_owned()),
                    ('W', false) => Some("[^0-9A-Za-z_]".to_owned()),
                    ('s', false) => Some(format!("[{SPACE}]")),
                    ('S', false) => Some(format!("[^{SPACE}]")),
                    ('d', true) => Some("0-9".to_owned()),
                    ('w', true) => Some("0-9A-Za-z_".to_owned()),
                    ('s', true) => Some(SPACE.to_owned()),
                    ('/', _) => Some("/".to_owned()),
                    ('b' | 'B', false) => return Err(Refusal::WordBoundary),
                    _ => None,
                };
                match spelled {
                    Some(text) => {
                        respelled = true;
                        out.push_str(&text);
                    }
                    None => {
                        out.push('\\');
                        out.push(next);
                    }
                }
            }
            '[' if !in_class => {
                in_class = true;
                out.push(c);
                // `]` right after `[` or `[^` closes an empty class in the
                // Unicode mode, so it needs no special case.
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            _ if in_class => out.push(c),
            '.' => {
                respelled = true;
                out.push_str(DOT);
            }
            '(' => {
                depth += 1;
                out.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                out.push(c);
            }
            '|' => {
                alternation |= depth == 0;
                out.push(c);
            }
            '^' => {
                if i == 0 {
                    starts = true;
                } else {
                    inner_anchor = true;
                }
                out.push(c);
            }
            '$' => {
                if last {
                    ends = true;
                } else {
                    inner_anchor = true;
                }
                out.push(c);
            }
            '{' => {
                if let (Some(limit), Some(count)) = (max_count, largest_count(&chars[i..])) {
                    if count >= limit {
                        return Err(Refusal::LongRepetition(count));
                    }
                }
                out.push(c);
            }
            _ => out.push(c),
        }
        i += 1;
    }
    if !full_match || (starts && ends && !alternation) {
        return Ok(Respelled {
            text: out,
            respelled,
            anchored: false,
        });
    }
    if inner_anchor || (alternation && (starts || ends)) {
        return Err(Refusal::InnerAnchor);
    }
    let body = &out[usize::from(starts)..out.len() - usize::from(ends)];
    let before = if starts { "" } else { ANY };
    let after = if ends { "" } else { ANY };
    let star = |any: &str| if any.is_empty() { "" } else { "*" };
    let text = format!("^{before}{}(?:{body}){after}{}$", star(before), star(after));
    Ok(Respelled {
        text,
        respelled,
        anchored: true,
    })
}

/// The larger count of a quantifier `{n}`, `{n,}` or `{n,m}` at the start
/// of `rest`, if it is one. The other braces outside a class, those of
/// `\u{...}` and `\p{...}`, hold hexadecimal digits or names, which read as
/// no count.
fn largest_count(rest: &[char]) -> Option<u64> {
    let close = rest.iter().position(|&c| c == '}')?;
    let inside: String = rest[1..close].iter().collect();
    let mut largest = None;
    for part in inside.split(',') {
        if part.is_empty() {
            continue;
        }
        let count: u64 = part.parse().ok()?;
        largest = largest.max(Some(count));
    }
    largest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(source: &str, full_match: bool) -> String {
        respell(source, full_match, None).unwrap().text
    }

    #[test]
    fn shorthands_are_spelled_out_inside_and_outside_classes() {
        assert_eq!(text(r"^\d+$", false), "^[0-9]+$");
        assert_eq!(text(r"[\w.-]", false), "[0-9A-Za-z_.-]");
        assert_eq!(text(r"a\/b\.c", false), r"a/b\.c");
        assert_eq!(text(r"\\d", false), r"\\d");
        assert_eq!(text(r"[\D]", false), r"[\D]");
        let plain = respell("^[a-z]+$", false, None).unwrap();
        assert!(!plain.respelled && !plain.anchored);
    }

    #[test]
    fn a_search_becomes_a_full_match() {
        assert_eq!(text("abc", true), format!("^{ANY}*(?:abc){ANY}*$"));
        assert_eq!(text("^abc", true), format!("^(?:abc){ANY}*$"));
        assert_eq!(text("a|b", true), format!("^{ANY}*(?:a|b){ANY}*$"));
        assert_eq!(respell("a|b$", true, None), Err(Refusal::InnerAnchor));
    }

    #[test]
    fn inner_anchors_and_long_counts_are_refused() {
        assert_eq!(respell("a^b", true, None), Err(Refusal::InnerAnchor));
        assert_eq!(respell("^a|b$", true, None), Err(Refusal::InnerAnchor));
        assert!(respell("^a|b$", false, None).is_ok());
        assert_eq!(
            respell("^a{1,2000}$", false, Some(2000)),
            Err(Refusal::LongRepetition(2000))
        );
        assert!(respell("^a{1999}$", false, Some(2000)).is_ok());
        assert!(respell(r"^\u{1F600}$", false, Some(2000)).is_ok());
        assert_eq!(respell(r"\bcat", false, None), Err(Refusal::WordBoundary));
        assert!(respell(r"[\b]", false, None).is_ok());
    }
}
