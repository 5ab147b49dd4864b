//! The decoded-level search expression of a pattern against the `regex`
//! crate's search with the same translation (`Pattern::is_match`), over
//! every short text of an alphabet that has word characters, others, and
//! a character outside ASCII.

use super::*;
use crate::grammar::digits::tests::matches;
use crate::pattern::Pattern;

fn decoded(source: &str) -> (Expr, bool) {
    search(&Pattern::new(source).unwrap().regex_source())
}

/// Every text of up to `len` characters over `alphabet`.
fn texts(alphabet: &[char], len: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..len {
        last = last
            .iter()
            .flat_map(|text| {
                alphabet.iter().map(move |c| {
                    let mut longer = text.clone();
                    longer.push(*c);
                    longer
                })
            })
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// The expression accepts exactly the texts the regex finds a match in,
/// and nothing was taken as always true.
fn assert_exact(source: &str, alphabet: &[char], len: usize) {
    let (expr, widened) = decoded(source);
    assert!(!widened, "{source} widened");
    let pattern = Pattern::new(source).unwrap();
    for text in texts(alphabet, len) {
        assert_eq!(
            matches(&expr, &text),
            pattern.is_match(&text),
            "{source} on {text:?}"
        );
    }
}

#[test]
fn anchors_are_exact_anywhere() {
    for source in [
        "^a|b$",
        "(?:^a|b)c",
        "a^b",
        "^$",
        "^(?:ab$|c)",
        "a?^b",
        "(?:^)?a",
        "(?:^a)*b",
        "(?:^a)+",
        "(?:a$)*",
        "(?:^|b)+a",
        "(?:a|$){2}",
        "(?:^a|b){1,3}$",
    ] {
        assert_exact(source, &['a', 'b', 'c'], 4);
    }
}

#[test]
fn word_boundaries_are_exact() {
    for source in [
        r"\bcat\b",
        r"\bab",
        r"ab\b",
        r"\Bb",
        r"a\B",
        r"\b",
        r"\B",
        r"^\b$",
        r"\b\B",
        r"a\b-",
        r"(?:\ba)+",
        r"(?:a\b)*-",
        r"^(?:\ba+\b ?)+$",
        r"(?:\b|-)a",
        r"x?\bé",
        r"\b(?:a|-)\b",
        r"(?:\Ba){2,3}",
        r"^(?:-|\ba){0,3}$",
        r"(?:^|\b)a",
        r"\b\w+\b",
    ] {
        assert_exact(source, &['a', '-', 'é', '_'], 4);
    }
}

#[test]
fn ecma_meanings_come_through_the_translation() {
    for (source, text, expected) in [
        (r"^\d$", "7", true),
        (r"^\d$", "\u{0660}", false),
        (r"^\w$", "é", false),
        ("^.$", "\n", false),
        ("^.$", "\u{2028}", false),
        ("^.$", "\r", false),
        ("^.$", "😀", true),
        (r"^\s$", "\u{FEFF}", true),
        ("^[^]$", "\n", true),
        ("^[]$", "a", false),
        (r"^\u{1F600}$", "😀", true),
        // ECMA's `\b` is ASCII's: `é` is no word character.
        (r"\bé", "é", false),
        (r"a\b", "aé", true),
    ] {
        let (expr, _) = decoded(source);
        assert_eq!(matches(&expr, text), expected, "{source} on {text:?}");
    }
}

#[test]
fn only_a_long_counted_repetition_of_conditions_widens() {
    assert!(!decoded(r"(?:\ba-?){16}").1);
    let (expr, widened) = decoded(r"(?:\ba){17}");
    assert!(widened);
    // Widened: the texts without the boundaries are let through.
    assert!(matches(&expr, &"a".repeat(17)));
    assert!(!decoded("^a+$").1);
}
