//! A reader of the grammar texts the library writes, small enough to check
//! by reading it, for the `grammar_text` fuzz target: it says whether a
//! text is structurally well formed without asking an engine, so that the
//! check runs at libFuzzer's full rate. It reads the syntax
//! `pedelec-schema/src/grammar/gbnf.rs` and `lark.rs` write, one rule a
//! line:
//!
//! - GBNF (llama.cpp): `name ::= body`, the start rule `root`; literals
//!   `"..."` and classes `[...]` with llama.cpp's escapes; names of
//!   letters, digits and `-`.
//! - Lark (llguidance): `name: body` rules and `NAME: body` terminals, the
//!   start rule `start`; literals `"..."` that are JSON strings, regexes
//!   `/.../`, `&` only inside terminals; the only directives are the
//!   whitespace skip's `%llguidance {...}` and `%ignore /.../` (an
//!   `%import` would need a grammar the text does not carry).
//!
//! Both: every rule defined once, every name a body refers to defined (a
//! terminal referring only to terminals), every rule reached from the
//! start rule, parentheses balanced, each repetition after an operand and
//! each `{m,n}` a count the engine reads. Names inside literals, classes
//! and regexes are characters, not references. Whether the grammar means
//! what the schema says is the engine half's question (the `grammar`
//! target in `pedelec_schema_engines::fuzz`).

use std::collections::{HashMap, HashSet};

use pedelec_schema::GrammarFormat;
use serde::de::IgnoredAny;

/// llama.cpp's `MAX_REPETITION_THRESHOLD`: it refuses a `{m,n}` whose `m`
/// is above it and reads an `n` above it as no bound at all.
const GBNF_MAX_COUNT: u64 = 2000;

/// llguidance reads a count as an `i32`.
const LARK_MAX_COUNT: u64 = i32::MAX as u64;

/// Whether `text`, a grammar in `format`, is well formed (see the module's
/// header); the first problem found, with its line, if not.
pub fn well_formed(format: GrammarFormat, text: &str) -> Result<(), String> {
    let lark = matches!(format, GrammarFormat::Lark);
    let (defines, start) = if lark {
        (": ", "start")
    } else {
        (" ::= ", "root")
    };
    // Each rule: whether it is a Lark terminal, and the names it refers to.
    let mut rules: HashMap<&str, (bool, Vec<&str>)> = HashMap::new();
    for (number, line) in text.lines().enumerate() {
        let at = |problem: String| format!("line {}: {problem}: {line:?}", number + 1);
        if let Some(directive) = line.strip_prefix('%').filter(|_| lark) {
            lark_directive(directive).map_err(at)?;
            continue;
        }
        let (name, body) = line
            .split_once(defines)
            .ok_or_else(|| at("no rule".to_owned()))?;
        let terminal = name_kind(lark, name).map_err(at)?;
        let (references, intersects) = read_body(lark, body).map_err(at)?;
        if intersects && !terminal {
            return Err(at(format!("`&` in {name}, which is no terminal")));
        }
        if rules.insert(name, (terminal, references)).is_some() {
            return Err(at(format!("{name} is defined twice")));
        }
    }
    if !rules.contains_key(start) {
        return Err(format!("no {start} rule"));
    }
    for (name, (terminal, references)) in &rules {
        for reference in references {
            match rules.get(reference) {
                None => {
                    return Err(format!(
                        "{name} refers to {reference}, which is not defined"
                    ))
                }
                // Lark's terminals are regular: made of terminals only.
                Some((false, _)) if *terminal => {
                    return Err(format!("terminal {name} refers to rule {reference}"))
                }
                Some(_) => {}
            }
        }
    }
    // The writers write exactly the rules the start rule reaches.
    let (mut reached, mut to_visit) = (HashSet::from([start]), vec![start]);
    while let Some(name) = to_visit.pop() {
        for &reference in &rules[name].1 {
            if reached.insert(reference) {
                to_visit.push(reference);
            }
        }
    }
    match rules.keys().find(|name| !reached.contains(*name)) {
        Some(name) => Err(format!("{name} is not reached from {start}")),
        None => Ok(()),
    }
}

/// The whitespace skip's directives, the only ones the Lark writer needs.
fn lark_directive(directive: &str) -> Result<(), String> {
    if let Some(options) = directive.strip_prefix("llguidance ") {
        serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(options)
            .map(drop)
            .map_err(|error| format!("%llguidance options that are no JSON object: {error}"))
    } else if let Some(regex) = directive.strip_prefix("ignore /") {
        match lark_regex(regex.as_bytes(), 0)? {
            end if end == regex.len() => Ok(()),
            _ => Err("more than one regex after %ignore".to_owned()),
        }
    } else {
        Err("a directive the writer has no use for".to_owned())
    }
}

/// Whether `name` names a Lark terminal (upper case) rather than a rule
/// (lower case); an error for a name the format cannot read.
fn name_kind(lark: bool, name: &str) -> Result<bool, String> {
    let bytes = name.as_bytes();
    let well_made = match bytes.first() {
        Some(c) if !lark => c.is_ascii_alphabetic() && bytes.iter().all(|&c| gbnf_name(c)),
        Some(c) if c.is_ascii_lowercase() => bytes
            .iter()
            .all(|&c| !c.is_ascii_uppercase() && lark_name(c)),
        Some(c) if c.is_ascii_uppercase() => bytes
            .iter()
            .all(|&c| !c.is_ascii_lowercase() && lark_name(c)),
        _ => false,
    };
    if !well_made {
        return Err(format!("{name:?} is no name"));
    }
    Ok(lark && bytes[0].is_ascii_uppercase())
}

fn gbnf_name(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-'
}

fn lark_name(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// What came last in a body, for the operators that need an operand.
#[derive(PartialEq)]
enum Last {
    /// The body's start, `(` or `|`.
    Open,
    /// A name, literal, class, regex or group.
    Operand,
    /// An operand with its repetition.
    Repeated,
    /// `&`, which needs an operand after it too.
    And,
}

/// The names `body` refers to and whether it intersects (`&`).
fn read_body(lark: bool, body: &str) -> Result<(Vec<&str>, bool), String> {
    let bytes = body.as_bytes();
    let (mut at, mut depth, mut last) = (0, 0usize, Last::Open);
    let (mut references, mut intersects) = (Vec::new(), false);
    while let Some(&c) = bytes.get(at) {
        if c == b' ' {
            at += 1;
            continue;
        }
        let before = std::mem::replace(&mut last, Last::Operand);
        if matches!(c, b')' | b'|') && before == Last::And {
            return Err("an `&` with nothing after it".to_owned());
        }
        at = match c {
            b'"' if lark => lark_literal(body, at + 1)?,
            b'"' => gbnf_literal(body, at + 1)?,
            b'[' if !lark => gbnf_class(body, at + 1)?,
            b'/' if lark => lark_regex(bytes, at + 1)?,
            b'(' => {
                depth += 1;
                last = Last::Open;
                at + 1
            }
            b')' => {
                depth = depth.checked_sub(1).ok_or("a `)` that closes nothing")?;
                at + 1
            }
            b'|' => {
                last = Last::Open;
                at + 1
            }
            b'&' if lark && matches!(before, Last::Operand | Last::Repeated) => {
                (intersects, last) = (true, Last::And);
                at + 1
            }
            b'*' | b'+' | b'?' | b'{' => {
                if before != Last::Operand {
                    return Err(format!("a `{}` that repeats no operand", c as char));
                }
                last = Last::Repeated;
                if c == b'{' {
                    count(lark, body, at + 1)?
                } else {
                    at + 1
                }
            }
            c if c.is_ascii_alphabetic() => {
                let is_name = if lark { lark_name } else { gbnf_name };
                let end = bytes[at..]
                    .iter()
                    .position(|&c| !is_name(c))
                    .map_or(bytes.len(), |length| at + length);
                references.push(&body[at..end]);
                end
            }
            other => return Err(format!("an unexpected `{}`", other as char)),
        };
    }
    match (depth, last) {
        (0, Last::And) => Err("an `&` with nothing after it".to_owned()),
        (0, _) => Ok((references, intersects)),
        _ => Err("a `(` left open".to_owned()),
    }
}

/// Where a Lark literal opened before `start` ends: its text is a JSON
/// string (llguidance reads it as one) and holds no raw control
/// character, which llguidance's lexer refuses there.
fn lark_literal(body: &str, start: usize) -> Result<usize, String> {
    let end = skip_escaped(body.as_bytes(), start, b'"').ok_or("an unclosed literal")?;
    let literal = &body[start - 1..end];
    serde_json::from_str::<IgnoredAny>(literal)
        .map_err(|error| format!("a literal that is no JSON string: {error}"))?;
    if let Some(raw) = literal
        .chars()
        .find(|&c| c.is_control() || c == '\u{2028}' || c == '\u{2029}')
    {
        return Err(format!("a raw {raw:?} in a literal"));
    }
    Ok(end)
}

/// Where a Lark regex opened before `start` ends: something between the
/// slashes, with its groups balanced outside its classes.
fn lark_regex(bytes: &[u8], start: usize) -> Result<usize, String> {
    let end = skip_escaped(bytes, start, b'/').ok_or("an unclosed regex")?;
    let (mut at, mut depth, mut class) = (start, 0usize, false);
    while at < end - 1 {
        match bytes[at] {
            b'\\' => at += 1,
            b'[' => class = true,
            b']' => class = false,
            b'(' if !class => depth += 1,
            b')' if !class => {
                depth = depth
                    .checked_sub(1)
                    .ok_or("a regex `)` that closes nothing")?
            }
            _ => {}
        }
        at += 1;
    }
    match (end - 1 - start, depth, class) {
        (0, ..) => Err("an empty regex".to_owned()),
        (_, 0, false) => Ok(end),
        _ => Err("a regex with a group or class left open".to_owned()),
    }
}

/// The byte after the first `close` from `start` that no backslash escapes.
fn skip_escaped(bytes: &[u8], mut at: usize, close: u8) -> Option<usize> {
    loop {
        match *bytes.get(at)? {
            b'\\' => at += 2,
            c if c == close => return Some(at + 1),
            _ => at += 1,
        }
    }
}

/// Where a GBNF class opened before `start` ends: at least one character
/// or range, no range from a larger character to a smaller.
fn gbnf_class(text: &str, start: usize) -> Result<usize, String> {
    let bytes = text.as_bytes();
    let mut at = start + usize::from(bytes.get(start) == Some(&b'^'));
    if bytes.get(at) == Some(&b']') {
        return Err("an empty class".to_owned());
    }
    while bytes.get(at) != Some(&b']') {
        let (low, after) = gbnf_char(text, at)?;
        at = after;
        if bytes.get(at) == Some(&b'-') && !matches!(bytes.get(at + 1), Some(b']') | None) {
            let (high, after) = gbnf_char(text, at + 1)?;
            if high < low {
                return Err(format!("the class range {low:?}-{high:?} is empty"));
            }
            at = after;
        }
    }
    Ok(at + 1)
}

/// Where a GBNF literal opened before `at` ends.
fn gbnf_literal(text: &str, mut at: usize) -> Result<usize, String> {
    while text.as_bytes().get(at) != Some(&b'"') {
        at = gbnf_char(text, at)?.1;
    }
    Ok(at + 1)
}

/// One character of a GBNF literal or class at `at`, escapes read as
/// llama.cpp reads them, and where it ends.
fn gbnf_char(text: &str, at: usize) -> Result<(char, usize), String> {
    let text = &text[at..];
    let mut chars = text.chars();
    match chars.next().ok_or("an unclosed literal or class")? {
        '\\' => {}
        c => return Ok((c, at + c.len_utf8())),
    }
    let escaped = chars.next().ok_or("an unclosed literal or class")?;
    let digits = match escaped {
        'x' => 2,
        'u' => 4,
        'U' => 8,
        't' => return Ok(('\t', at + 2)),
        'r' => return Ok(('\r', at + 2)),
        'n' => return Ok(('\n', at + 2)),
        '\\' | '"' | '[' | ']' | '-' => return Ok((escaped, at + 2)),
        other => return Err(format!("an escape llama.cpp does not read: \\{other}")),
    };
    let hex = text
        .get(2..2 + digits)
        .filter(|hex| hex.bytes().all(|c| c.is_ascii_hexdigit()));
    let code = hex
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .ok_or_else(|| format!("\\{escaped} without its {digits} hex digits"))?;
    let c = char::from_u32(code).ok_or_else(|| format!("\\{escaped}{code:X} is no character"))?;
    Ok((c, at + 2 + digits))
}

/// Where a count `{m}`, `{m,}` or `{m,n}` opened before `start` ends: no
/// minimum above its maximum, and no number above what the engine reads.
fn count(lark: bool, body: &str, start: usize) -> Result<usize, String> {
    let length = body[start..].find('}').ok_or("an unclosed count")?;
    let inside = &body[start..start + length];
    let number = |digits: &str| {
        digits
            .parse::<u64>()
            .ok()
            .filter(|_| digits.bytes().all(|c| c.is_ascii_digit()))
            .ok_or_else(|| format!("a count that is no count: {{{inside}}}"))
    };
    let (min, max) = match inside.split_once(',') {
        None => (number(inside)?, Some(number(inside)?)),
        Some((min, "")) => (number(min)?, None),
        Some((min, max)) => (number(min)?, Some(number(max)?)),
    };
    let limit = if lark { LARK_MAX_COUNT } else { GBNF_MAX_COUNT };
    if max.is_some_and(|max| max < min) || min.max(max.unwrap_or(0)) > limit {
        return Err(format!("a count the engine does not read: {{{inside}}}"));
    }
    Ok(start + length + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each problem the reader looks for, in a text that has only it; and
    /// texts in the writers' own shapes that it reads.
    #[test]
    fn the_reader_finds_each_problem() {
        let (gbnf, lark) = (GrammarFormat::Gbnf, GrammarFormat::Lark);
        let skip = "%llguidance {\"ignore_once\": true}\n%ignore /[\\x{20}]+/\n";
        let good_lark = format!(
            "{skip}start: a \"x(b\\\"\" B* | \nB: /[)]\\x{{2F}}(?:c|d)/ (C) & (\"y\"{{1,3}})\nC: \"q\"\na: \"z\"\n"
        );
        assert_eq!(well_formed(lark, &good_lark), Ok(()));
        let good_gbnf = "root ::= ws-1 [\\]x-z] \"a b\\x41\" ( \"c\" | ws-1 )?\nws-1 ::= [^\\x00-\\U0010FFFF]{0,1000}\n";
        assert_eq!(well_formed(gbnf, good_gbnf), Ok(()));
        for (format, text, problem) in [
            (lark, "start: a\n", "not defined"),
            (lark, "a: \"x\"\n", "no start rule"),
            (lark, "start: \"x\"\nstart: \"y\"\n", "defined twice"),
            (lark, "start: \"x\"\nb: \"y\"\n", "not reached"),
            (lark, "start: (\"x\"\n", "left open"),
            (lark, "start: \"x\")\n", "closes nothing"),
            (lark, "start: \"x\n", "unclosed literal"),
            (lark, "start: \"\\q\"\n", "no JSON string"),
            (lark, "start: \"\u{7f}\"\n", "raw"),
            (lark, "start: /(a/\n", "left open"),
            (lark, "start: //\n", "empty regex"),
            (lark, "start: \"x\"{a}\n", "no count"),
            (lark, "start: \"x\"{3,2}\n", "does not read"),
            (lark, "start: * \"x\"\n", "repeats no operand"),
            (lark, "start: \"x\"*?\n", "repeats no operand"),
            (lark, "start: A\nA: (\"x\") &\n", "nothing after"),
            (lark, "start: (\"x\") & (\"y\")\n", "no terminal"),
            (lark, "start: A\nA: b\nb: \"x\"\n", "refers to rule"),
            (lark, "%import common.WS\nstart: \"x\"\n", "directive"),
            (lark, "start: [\"x\"]\n", "unexpected"),
            (lark, "Start: \"x\"\n", "no name"),
            (gbnf, "root ::= \"x\"{2001}\n", "does not read"),
            (gbnf, "root ::= []\n", "empty class"),
            (gbnf, "root ::= [z-a]\n", "is empty"),
            (gbnf, "root ::= \"\\q\"\n", "does not read"),
            (gbnf, "root ::= \"\\x4\"\n", "hex digits"),
            (gbnf, "root ::= \"\\uD800\"\n", "no character"),
            (gbnf, "root ::= /x/\n", "unexpected"),
            (gbnf, "a_b ::= \"x\"\nroot ::= a_b\n", "no name"),
            (gbnf, "root: \"x\"\n", "no rule"),
        ] {
            let found = well_formed(format, text).expect_err(text);
            assert!(found.contains(problem), "{text:?}: {found}");
        }
    }
}
