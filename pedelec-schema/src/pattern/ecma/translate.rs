//! ECMA-262 pattern syntax -> the `regex` crate's syntax, with the ECMA
//! meaning.

use super::PatternError;

/// ECMA-262 `\s`: WhiteSpace and LineTerminator, as class members.
const ECMA_SPACE: &str = r"\t\n\x{B}\x{C}\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
const ECMA_DIGIT: &str = "0-9";
const ECMA_WORD: &str = "A-Za-z0-9_";
/// ECMA-262 `.` matches anything but a line terminator.
const ECMA_DOT: &str = r"[^\n\r\x{2028}\x{2029}]";

fn unsupported(what: &str) -> PatternError {
    PatternError(format!(
        "{what} is not supported: patterns run on a linear-time engine so that \
         no input can hang a tool handler; rewrite the pattern without it, or \
         check this in the handler"
    ))
}

/// Rewrites ECMA-262 syntax into the `regex` crate's dialect.
pub(crate) fn translate(source: &str) -> Result<String, PatternError> {
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
    let low_half = (chars.get(after) == Some(&'\\') && chars.get(after + 1) == Some(&'u'))
        .then(|| read_hex(chars, after + 2, 4))
        .flatten()
        .filter(|low| (0xDC00..0xE000).contains(low));
    if let (0xD800..=0xDBFF, Some(low)) = (unit, low_half) {
        push_code_point(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
        return Ok(after + 6);
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
