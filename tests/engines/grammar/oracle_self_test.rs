//! The oracle's own checks, on grammars small enough to know by heart: if
//! the wrapping around llguidance breaks (a mask read wrongly, EOS taken
//! too early, a compile error swallowed), these fail before any grammar of
//! the library's is judged by it.

use std::collections::BTreeSet;

use pedelec_schema_engines::oracle::{Oracle, Rng};

fn lark(grammar: &str) -> Oracle {
    Oracle::lark(grammar).unwrap_or_else(|error| panic!("{grammar}\ndoes not compile: {error}"))
}

#[test]
fn accepts_exactly_the_texts_of_the_grammar() {
    let oracle = lark(r#"start: "a" | "ab""#);
    assert!(oracle.accepts("a"));
    assert!(oracle.accepts("ab"));
    for refused in ["", "b", "abc", "aa", "ba"] {
        assert!(!oracle.accepts(refused), "{refused:?}");
    }
    // A prefix of the only text is not the text.
    let oracle = lark(r#"start: "abc""#);
    assert!(oracle.accepts("abc"));
    assert!(!oracle.accepts("ab"));
}

#[test]
fn samples_are_texts_of_the_grammar_and_cover_it() {
    let oracle = lark(r#"start: "x"{2,3}"#);
    let mut rng = Rng::new(7);
    let mut seen = BTreeSet::new();
    for _ in 0..200 {
        let text = oracle
            .sample(&mut rng, 10)
            .expect("every walk ends by 3 bytes");
        seen.insert(String::from_utf8(text).unwrap());
    }
    assert_eq!(seen, BTreeSet::from(["xx".to_owned(), "xxx".to_owned()]));
}

#[test]
fn a_walk_that_cannot_end_in_time_is_none() {
    let oracle = lark(r#"start: "x"{20}"#);
    assert_eq!(oracle.sample(&mut Rng::new(1), 10), None);
}

#[test]
fn terminal_intersections_are_honoured() {
    let oracle = lark("start: A\nA: /[a-z]{1,4}/ & /.*b.*/");
    for accepted in ["b", "ab", "abcd", "zzzb"] {
        assert!(oracle.accepts(accepted), "{accepted:?}");
    }
    for refused in ["", "a", "aaaa", "abcde", "Ab1"] {
        assert!(!oracle.accepts(refused), "{refused:?}");
    }
    let mut rng = Rng::new(3);
    for _ in 0..100 {
        let text = oracle.sample(&mut rng, 10).unwrap();
        assert!(
            (1..=4).contains(&text.len()) && text.contains(&b'b'),
            "{text:?}"
        );
    }
}

#[test]
fn a_grammar_that_does_not_compile_is_an_error() {
    for broken in [
        r#"start: ("a""#,
        "start: undefined_rule",
        r#"start: "a" )"#,
        "nostart: \"a\"",
    ] {
        let error = Oracle::lark(broken).err();
        assert!(
            error.as_ref().is_some_and(|error| !error.is_empty()),
            "{broken:?} compiled"
        );
    }
}

/// A JSON grammar in the shape the library will write: whatever the walk
/// produces must be JSON (serde_json is a second reader) and accepted
/// again byte by byte, and the walks must be fast enough for CI. The
/// exponent has at most two digits because serde_json refuses a number
/// beyond `f64`, which JSON itself allows.
const JSON: &str = r#"
start: value
value: object | array | STRING | NUMBER | "true" | "false" | "null"
object: "{" (pair ("," pair)*)? "}"
pair: STRING ":" value
array: "[" (value ("," value)*)? "]"
STRING: /"([^"\\\x00-\x1f]|\\["\\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/
NUMBER: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]{1,2})?/
"#;

#[test]
fn json_samples_are_json_and_read_back() {
    let oracle = lark(JSON);
    let mut rng = Rng::new(42);
    let (mut texts, mut cut) = (0u32, 0u32);
    while texts < 2000 {
        let Some(text) = oracle.sample(&mut rng, 200) else {
            cut += 1;
            continue;
        };
        let text = String::from_utf8(text).expect("the grammar's texts are UTF-8");
        serde_json::from_str::<serde_json::Value>(&text)
            .unwrap_or_else(|error| panic!("{text:?} is not JSON: {error}"));
        texts += 1;
    }
    // Most walks end: the walk's bias towards closing works.
    assert!(cut < texts, "{cut} of {} walks were cut", texts + cut);
    let mut rng = Rng::new(43);
    for _ in 0..200 {
        if let Some(text) = oracle.sample(&mut rng, 200) {
            assert!(oracle.accepts_bytes(&text), "{text:?}");
        }
    }
}
