//! Fast matchers for the shapes most tool patterns have.
//!
//! Identifiers, slugs and codes are usually written as one ASCII character
//! class repeated over the whole string (`^[a-z0-9_-]+$`, `^\d{4}$`), or as a
//! literal (`^https://`). Those are matched here without the regex engine:
//! a byte-table check, `starts_with`, `==` or `contains`. Anything else, or
//! anything this recognizer is unsure of, goes to the regex engine. The
//! recognizer only accepts what it fully understands, and a test checks it
//! against the regex engine on generated strings.

/// A pattern matched without the regex engine.
// The byte table makes one variant large; a pattern is built once and lives
// in an `Arc`, where boxing the table would only add an allocation and a
// pointer to follow on every match.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Simple {
    /// `^CLASS{min,max}$` with an ASCII-only class: every byte is in the
    /// class and the length is in range.
    AsciiRun {
        /// Whether each byte is in the class: one load per byte of input.
        allowed: [bool; 256],
        min: usize,
        max: Option<usize>,
    },
    /// `^literal`
    Prefix(String),
    /// `literal$`
    Suffix(String),
    /// `^literal$`
    Exact(String),
    /// `literal`
    Contains(String),
}

impl Simple {
    /// Recognizes an ECMA pattern source.
    pub(super) fn recognize(source: &str) -> Option<Simple> {
        let (anchored_start, rest) = match source.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, source),
        };
        let (anchored_end, body) = match rest.strip_suffix('$') {
            Some(body) if !body.ends_with('\\') => (true, body),
            _ => (false, rest),
        };
        if is_literal(body) {
            let literal = body.to_owned();
            return Some(match (anchored_start, anchored_end) {
                (true, true) => Simple::Exact(literal),
                (true, false) => Simple::Prefix(literal),
                (false, true) => Simple::Suffix(literal),
                (false, false) => Simple::Contains(literal),
            });
        }
        if !(anchored_start && anchored_end) {
            return None;
        }
        let (allowed, quantifier) = class(body)?;
        let (min, max) = quantity(quantifier)?;
        Some(Simple::AsciiRun { allowed, min, max })
    }

    // Always inlined: the string checks of validation and of reading text
    // both call it, and a call would cost as much as most matches.
    #[inline(always)]
    pub(super) fn is_match(&self, text: &str) -> bool {
        match self {
            Simple::AsciiRun { allowed, min, max } => {
                // An ASCII-only class never matches a multi-byte character,
                // so the byte length is the character count.
                text.len() >= *min
                    && max.is_none_or(|max| text.len() <= max)
                    && text.bytes().all(|b| allowed[usize::from(b)])
            }
            Simple::Prefix(literal) => text.starts_with(literal.as_str()),
            Simple::Suffix(literal) => text.ends_with(literal.as_str()),
            Simple::Exact(literal) => text == literal,
            Simple::Contains(literal) => contains(text, literal),
        }
    }
}

/// Out of line: a substring search needs a large stack frame, which the
/// other shapes should not pay for on every call.
#[inline(never)]
fn contains(text: &str, literal: &str) -> bool {
    text.contains(literal)
}

/// Characters with no special meaning in an ECMA pattern outside a class.
fn is_literal(body: &str) -> bool {
    // Every special character is ASCII, and no byte of a multi-byte
    // character is.
    !body.bytes().any(|b| {
        matches!(
            b,
            b'\\'
                | b'^'
                | b'$'
                | b'.'
                | b'|'
                | b'?'
                | b'*'
                | b'+'
                | b'('
                | b')'
                | b'['
                | b']'
                | b'{'
                | b'}'
        )
    })
}

/// `[...]` or `\d`/`\w` at the start of `body`, as an ASCII table, and what
/// follows it.
fn class(body: &str) -> Option<([bool; 256], &str)> {
    // Only ASCII bytes are ever added: a multi-byte character's bytes stay
    // out, so they never match.
    let mut allowed = [false; 256];
    if let Some(rest) = body.strip_prefix(r"\d") {
        add_range(&mut allowed, b'0', b'9');
        return Some((allowed, rest));
    }
    if let Some(rest) = body.strip_prefix(r"\w") {
        add_word(&mut allowed);
        return Some((allowed, rest));
    }
    let inner_and_rest = body.strip_prefix('[')?;
    if inner_and_rest.starts_with('^') || inner_and_rest.starts_with(']') {
        return None;
    }
    let end = class_end(inner_and_rest.as_bytes())?;
    let (inner, rest) = (&inner_and_rest[..end], &inner_and_rest[end + 1..]);
    let bytes = inner.as_bytes();
    if !inner.is_ascii() {
        return None;
    }
    let mut i = 0;
    while i < bytes.len() {
        let member = match bytes[i] {
            b'\\' => {
                let escaped = *bytes.get(i + 1)?;
                i += 2;
                match escaped {
                    b'd' => {
                        add_range(&mut allowed, b'0', b'9');
                        continue;
                    }
                    b'w' => {
                        add_word(&mut allowed);
                        continue;
                    }
                    b'-' | b'.' | b'_' | b'\\' | b'/' | b'+' | b'*' | b'?' | b'(' | b')' | b'['
                    | b']' | b'{' | b'}' | b'|' | b'^' | b'$' => escaped,
                    _ => return None,
                }
            }
            b'[' => return None,
            c => {
                i += 1;
                c
            }
        };
        // A range `a-z`: `-` between two members.
        if bytes.get(i) == Some(&b'-') && i + 1 < bytes.len() && bytes[i + 1] != b'\\' {
            let high = bytes[i + 1];
            if high < member {
                return None;
            }
            add_range(&mut allowed, member, high);
            i += 2;
        } else {
            allowed[usize::from(member)] = true;
        }
    }
    Some((allowed, rest))
}

/// The index of the `]` that closes a class, skipping escaped characters.
fn class_end(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b']' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

fn add_range(allowed: &mut [bool; 256], low: u8, high: u8) {
    for b in low..=high {
        allowed[usize::from(b)] = true;
    }
}

fn add_word(allowed: &mut [bool; 256]) {
    add_range(allowed, b'a', b'z');
    add_range(allowed, b'A', b'Z');
    add_range(allowed, b'0', b'9');
    allowed[usize::from(b'_')] = true;
}

/// The largest count a simple run takes (`{1000}`, `{1000,}`). A larger
/// one goes to the regex engine, whose compiled-size limit then decides, as
/// it does for every other pattern; up to this count, every ASCII class
/// compiles well within that limit (the widest, 64 single bytes, still
/// does at three times this count).
const MAX_RUN_COUNT: usize = 1000;

/// `+`, `*`, `{m}`, `{m,}` or `{m,n}`, as (min, max).
fn quantity(quantifier: &str) -> Option<(usize, Option<usize>)> {
    match quantifier {
        "+" => Some((1, None)),
        "*" => Some((0, None)),
        "" => Some((1, Some(1))),
        _ => {
            let inner = quantifier.strip_prefix('{')?.strip_suffix('}')?;
            let number = |s: &str| -> Option<usize> {
                (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| s.parse().ok())?
                    .filter(|&count| count <= MAX_RUN_COUNT)
            };
            match inner.split_once(',') {
                None => number(inner).map(|n| (n, Some(n))),
                Some((min, "")) => number(min).map(|min| (min, None)),
                Some((min, max)) => {
                    let (min, max) = (number(min)?, number(max)?);
                    (min <= max).then_some((min, Some(max)))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::Pattern;
    use proptest::prelude::*;

    #[test]
    fn common_shapes_are_recognized() {
        for pattern in [
            "^[a-z0-9_-]+$",
            r"^\d{4}$",
            r"^[A-Z]{2,3}$",
            r"^\w*$",
            "^[-a-f0-9]{8,}$",
            "^https://",
            "^exact$",
            "needle",
            "json$",
        ] {
            assert!(Simple::recognize(pattern).is_some(), "{pattern}");
        }
        for pattern in [
            "^[^a]+$",
            "^[a-z]+",
            "^a.c$",
            "^[é]+$",
            "^(a|b)$",
            r"^\s+$",
            "^[a-z]{3,2}$",
            // Beyond MAX_RUN_COUNT: the regex engine's size limit decides.
            r"^\d{1001}$",
            "^[a-z]{0,20000}$",
        ] {
            assert_eq!(Simple::recognize(pattern), None, "{pattern}");
        }
    }

    /// Patterns the recognizer takes, with characters around their edges.
    const PATTERNS: &[&str] = &[
        "^[a-z0-9_-]+$",
        r"^\d{2,4}$",
        r"^[A-Za-z]{3}$",
        r"^\w*$",
        "^[-.a]+$",
        r"^[\d\-]{1,}$",
        r"^[a\]b]+$",
        "^ab",
        "^ab$",
        "b$",
        "ab",
        "^$",
        "",
        "^[a-c]$",
    ];

    #[test]
    fn a_run_too_large_to_compile_is_refused_as_the_full_path_refuses_it() {
        // Recognized, it would be matched without the regex engine and so
        // without its size limit, and the derive, which always compiles,
        // would refuse what the library accepts.
        let err = Pattern::new("^[a-z]{0,100000}$").unwrap_err();
        assert!(err.to_string().contains("compiles to more than"), "{err}");
        assert!(Pattern::new("^[a-z]{0,1000}$").is_ok());
    }

    /// What `MAX_RUN_COUNT`'s comment promises: the class with the most
    /// ranges an ASCII class can have (every other byte, 64 singletons)
    /// compiles within the size limit at three times the largest run, in
    /// each form of count (not at four: `{4000}` is too large).
    #[test]
    fn the_widest_ascii_class_compiles_at_three_times_the_largest_run() {
        let widest: String = (0..128u8)
            .step_by(2)
            .map(|b| format!(r"\x{b:02X}"))
            .collect();
        let count = 3 * MAX_RUN_COUNT;
        for quantifier in [
            format!("{{{count}}}"),
            format!("{{{count},}}"),
            format!("{{0,{count}}}"),
        ] {
            let source = format!("^[{widest}]{quantifier}$");
            if let Err(err) = Pattern::with_regex(&source) {
                panic!("{quantifier}: {err}");
            }
        }
    }

    /// Simple-shaped patterns: an ASCII class or shorthand, or a literal,
    /// with every kind of quantifier and counts on both sides of
    /// [`MAX_RUN_COUNT`].
    fn simple_shaped() -> impl Strategy<Value = String> {
        let member = prop::sample::select(vec![
            "a", "z", "_", ".", "/", "+", "a-f", "0-9", "A-Z", "!-~", r"\d", r"\w", r"\-", r"\]",
            r"\.", "-",
        ]);
        let class = prop_oneof![
            prop::collection::vec(member, 1..4)
                .prop_map(|members| format!("[{}]", members.concat())),
            Just(r"\d".to_owned()),
            Just(r"\w".to_owned()),
            "[a-c.]{0,3}",
        ];
        let count = prop_oneof![0..5usize, 0..1200usize, 1000..30000usize];
        let quantifier = prop_oneof![
            Just(String::new()),
            Just("+".to_owned()),
            Just("*".to_owned()),
            count.clone().prop_map(|n| format!("{{{n}}}")),
            count.clone().prop_map(|n| format!("{{{n},}}")),
            (count.clone(), count).prop_map(|(m, n)| format!("{{{m},{n}}}")),
        ];
        (any::<bool>(), class, quantifier, any::<bool>()).prop_map(|(start, class, q, end)| {
            format!(
                "{}{class}{q}{}",
                if start { "^" } else { "" },
                if end { "$" } else { "" }
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

        /// What skips the translation and the regex engine is accepted
        /// exactly when they accept it, and then matches as they do.
        #[test]
        fn the_fast_path_accepts_and_matches_as_the_full_path(
            source in simple_shaped(),
            texts in prop::collection::vec("[a-c0-9_\\-.\\]A-Z é~\n]{0,6}", 4),
        ) {
            let fast = Pattern::new(&source);
            let full = Pattern::with_regex(&source);
            prop_assert_eq!(fast.is_ok(), full.is_ok(), "{}: {:?} / {:?}", source, fast.err(), full.err());
            if let (Ok(fast), Ok(full)) = (fast, full) {
                for text in &texts {
                    prop_assert_eq!(fast.is_match(text), full.is_match(text), "{} on {:?}", source, text);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

        /// The fast path answers as the regex engine does.
        #[test]
        fn simple_matchers_agree_with_the_regex_engine(
            index in 0..PATTERNS.len(),
            text in "[a-c0-9_\\-.\\]A-Z é🐲\n]{0,6}",
        ) {
            let source = PATTERNS[index];
            let simple = Simple::recognize(source).expect("recognized");
            let regex = Pattern::with_regex(source).expect("compiles");
            prop_assert_eq!(simple.is_match(&text), regex.is_match(&text), "{} on {:?}", source, text);
        }
    }
}
