//! The grammar `Pattern::new` holds a pattern to: ECMA-262 in Unicode mode
//! (`new RegExp(p, "u")`), for every pattern, whichever matcher runs it.
//! `tests/validation/ecma_oracle.rs` checks the same against V8's recorded verdicts.

use super::simple::Simple;
use super::Pattern;

fn refusal(pattern: &str) -> String {
    match Pattern::new(pattern) {
        Ok(_) => panic!("{pattern} was accepted"),
        Err(err) => err.to_string(),
    }
}

fn assert_refused(cases: &[(&str, &str)]) {
    for (pattern, needle) in cases {
        let message = refusal(pattern);
        assert!(message.contains(needle), "{pattern}: {message}");
    }
}

/// Each pattern matches its first text and not its second.
fn assert_tells_apart(cases: &[(&str, &str, &str)]) {
    for (pattern, yes, no) in cases {
        assert!(matches(pattern, yes) && !matches(pattern, no), "{pattern}");
    }
}

fn matches(pattern: &str, text: &str) -> bool {
    Pattern::new(pattern)
        .unwrap_or_else(|err| panic!("{pattern}: {err}"))
        .is_match(text)
}

#[test]
fn a_quantifier_cannot_follow_a_quantifier() {
    assert_refused(&[
        (
            "a**",
            "`a**`: a quantifier cannot follow another quantifier",
        ),
        ("a{2}{3}", "as in `(?:a{2}){3}`"),
        ("a*??", "`a*??`: a quantifier cannot follow"),
        ("a+*", "cannot follow another quantifier"),
        ("a{2}*", "cannot follow another quantifier"),
        ("(ab)?{2,}", "cannot follow another quantifier"),
    ]);
    for lazy in ["a*?", "a+?", "a??", "a{2}?", "a{2,}?", "a{2,3}?"] {
        assert!(Pattern::new(lazy).is_ok(), "{lazy}");
    }
}

#[test]
fn an_assertion_cannot_be_repeated() {
    assert_refused(&[
        ("$*", "`$*`: the assertion `$` matches a position"),
        ("^.$?", "`$?`"),
        ("^abc$+", "`$+`"),
        (r"\b+", r"the assertion `\b`"),
        (r"a\B{2}", r"`\B{2}`"),
        ("^*", "cannot be repeated"),
        ("(?=a)*", "cannot be repeated"),
        ("(?<!a)+b", "cannot be repeated"),
    ]);
}

#[test]
fn a_quantifier_needs_something_to_repeat() {
    assert_refused(&[
        ("*a", "the quantifier `*` has nothing to repeat"),
        ("(+)", "the quantifier `+` has nothing to repeat"),
        ("a|?", "the quantifier `?` has nothing to repeat"),
        ("{2}", "the quantifier `{2}` has nothing to repeat"),
    ]);
}

#[test]
fn braces_and_brackets_must_be_quantifiers_or_escaped() {
    assert_refused(&[
        ("a{", r"must be escaped as `\{`"),
        ("x{a}", r"must be escaped as `\{`"),
        ("a{1,2", r"must be escaped as `\{`"),
        ("a{,3}", "write `{0,3}`"),
        (
            "a{2,1}",
            "`{2,1}`: the minimum count is greater than the maximum",
        ),
        ("a{010,9}", "greater than the maximum"),
        ("a}", "a lone `}`"),
        ("a]", "a lone `]`"),
        ("[]]", "a lone `]`"),
        (")", "closes no group"),
        ("(a", "never closed"),
        ("[a", "never closed"),
    ]);
    assert!(matches("^a{2}$", "aa") && !matches("^a{2}$", "a"));
    assert!(matches("^a{2,}$", "aaaa") && !matches("^a{2,}$", "a"));
    assert!(matches(r"^a{2,3}?$", "aaa"));
    assert!(matches(r"^a{009}$", &"a".repeat(9)));
}

#[test]
fn only_syntax_characters_and_slash_may_be_escaped() {
    for c in "=-qa ,<>'\"%&~#@!:;_`".chars() {
        let pattern = format!("\\{c}");
        let message = refusal(&pattern);
        assert!(
            message.contains(&format!("`{pattern}` is not an ECMA-262 escape")),
            "{pattern}: {message}"
        );
    }
    assert!(refusal(r"\-").contains(r"`\-` only inside a class"));
    for c in "^$\\.*+?()[]{}|/".chars() {
        let pattern = format!("^\\{c}$");
        assert!(matches(&pattern, &c.to_string()), "{pattern}");
    }
    assert!(matches(r"^[\-]$", "-"));
    assert!(matches(r"^[\/\]]+$", "/]"));
    assert_refused(&[
        (r"[\=]", "not an ECMA-262 escape"),
        (r"[\B]", "not an ECMA-262 escape"),
        (r"[\1]", "inside a class is not an escape"),
    ]);
}

#[test]
fn class_ranges_need_two_characters_in_order() {
    assert_refused(&[
        (
            r"[\d-z]",
            r"`[\d-z]`: a range cannot start or end with a class escape",
        ),
        (r"[a-\w]", "cannot start or end with a class escape"),
        (r"[\p{L}-z]", "cannot start or end with a class escape"),
        (r"[%-\s]", "cannot start or end with a class escape"),
        (
            "[z-a]",
            "`[z-a]`: the range is out of order (U+007A comes after U+0061)",
        ),
        ("[a--]", "out of order"),
    ]);
    assert_tells_apart(&[
        (r"^[a-]$", "-", "b"),
        (r"^[-a]$", "a", "b"),
        (r"^[\w-]$", "-", "!"),
        (r"^[a-c-e]$", "-", "d"),
        (r"^[--a]$", "0", "b"),
        (r"^[\d\-]$", "-", "a"),
    ]);
}

#[test]
fn escapes_of_characters_follow_unicode_mode() {
    assert_refused(&[
        (r"\c", "ASCII letter"),
        (r"\c1", "ASCII letter"),
        (r"[\c_]", "ASCII letter"),
        (r"\00", r"`\00`: `\0` cannot be followed by a digit"),
        (r"[\01]", "cannot be followed by a digit"),
        (r"\u{110000}", "at most `10FFFF`"),
        (r"\u{}", "at most `10FFFF`"),
        (r"\u{12", "at most `10FFFF`"),
        (r"\x4", "two hex digits"),
        (r"\u12", "four hex digits"),
        (r"\uD83D", "surrogate"),
        (r"\u{DC32}", "surrogate"),
        (r"[\uD800-\uDFFF]", "surrogate"),
    ]);
    assert!(matches(r"^\0$", "\0"));
    assert!(matches(r"^[\0]$", "\0"));
    assert!(matches(r"^\u{1F600}$", "😀"));
    assert!(matches(r"^\u{0000041}$", "A"));
    assert!(matches(r"^[\uD83D\uDC32]$", "🐲"));
    assert!(matches(r"^[\uD83D\uDC00-\uD83D\uDFFF]+$", "🐲😀"));
    assert!(matches(r"^\cJ$", "\n"));
    assert!(matches(r"^[\b]$", "\u{8}"));
}

#[test]
fn group_names_are_identifiers_used_once() {
    assert_refused(&[
        ("(?<1a>x)", "`<1a>`: a group name must be an identifier"),
        ("(?<a-b>x)", "a group name must be an identifier"),
        ("(?<>x)", "a group name must be an identifier"),
        ("(?<a", "a group name must be an identifier"),
        (r"(?<\u0031>x)", "a group name must be an identifier"),
        ("(?<a>x)(?<a>y)", "the group name `a` is used twice"),
        ("(?<a>x)|(?<a>y)", "is used twice"),
        (r"(?<a>x)(?<\u0061>y)", "is used twice"),
        (r"\k<a>", "refers to no group named `a`"),
        (r"\k", r"`\k` must start a named backreference"),
        (
            r"(a)\2",
            "refers to group 2, but the pattern has 1 capturing group",
        ),
    ]);
    for pattern in [
        r"^(?<year>\d{4})$",
        "(?<$x_1>a)",
        "(?<ñame>a)",
        r"(?<\u0061b>a)",
        r"(?<\u{1D49C}>a)",
    ] {
        assert!(Pattern::new(pattern).is_ok(), "{pattern}");
    }
    assert!(matches(r"^(?<year>\d{4})$", "2026"));
}

#[test]
fn property_names_are_exactly_ecma_262_s() {
    assert_refused(&[
        (r"\p{letter}", r"Did you mean `\p{Letter}`?"),
        (r"\p{L_u}", r"Did you mean `\p{Lu}`?"),
        (r"\P{L_u}", r"Did you mean `\P{Lu}`?"),
        (
            r"\p{L\uFFFD}",
            r"`\p{L\uFFFD}` is not an ECMA-262 Unicode property",
        ),
        (r"\p{Greek}", r"Did you mean `\p{sc=Greek}`?"),
        (r"\p{sc=greek}", r"Did you mean `\p{sc=Greek}`?"),
        (r"\p{Script=Lu}", "not an ECMA-262 Unicode property"),
        (r"\p{gc=Greek}", "not an ECMA-262 Unicode property"),
        (r"\p{General_Category=Alphabetic}", "not an ECMA-262"),
        (r"\p{Block=Basic_Latin}", "not an ECMA-262"),
        (r"\p{Basic_Emoji}", "not an ECMA-262"),
        (r"\p{sc=Hrkt}", "not an ECMA-262"),
        (r"\p{}", "not an ECMA-262"),
        (r"\pL", "must be followed by a property in braces"),
        (r"\p{L", "must be followed by a property in braces"),
    ]);
    assert_tells_apart(&[
        (r"^\p{Lu}$", "É", "é"),
        (r"^\p{Letter}$", "π", "1"),
        (r"^\p{L}$", "π", "1"),
        (r"^\p{digit}$", "৪", "a"),
        (r"^\p{gc=Nd}$", "৪", "a"),
        (r"^\p{General_Category=Decimal_Number}$", "7", "a"),
        (r"^\p{Script=Greek}$", "π", "p"),
        (r"^\p{scx=Grek}$", "π", "p"),
        (r"^\p{sc=Zyyy}$", "1", "a"),
        (r"^\p{Alphabetic}$", "a", "1"),
        (r"^\p{ASCII}$", "~", "é"),
        (r"^\p{Any}$", "🐲", ""),
        (r"^\P{Assigned}$", "\u{378}", "a"),
        (r"^[\p{L}\d]+$", "a1π", "a-"),
    ]);
}

#[test]
fn ecma_names_the_regex_engine_lacks_say_so() {
    for pattern in [r"\p{sc=Sidetic}", r"\p{CWKCF}"] {
        let message = refusal(pattern);
        assert!(message.contains("Unicode tables"), "{pattern}: {message}");
    }
}

#[test]
fn what_must_stay_valid() {
    for pattern in [
        "[^]",
        "[]",
        r"[\b]",
        r"\0",
        r"\p{Lu}",
        r"\u{1F600}",
        r"[\-]",
        "[a-]",
        "[-a]",
        "(?<name>a)",
        "a{2}",
        "a{2,}",
        "a{2,3}?",
        r"\/",
        "[[]",
        "[a&&b]",
        "()",
        "(?:)",
        "a|",
        "|",
        "",
    ] {
        assert!(Pattern::new(pattern).is_ok(), "{pattern}");
    }
}

#[test]
fn counts_beyond_the_engine_s_are_a_limit() {
    let message = refusal("a{99999999999999999999}");
    assert!(message.contains("beyond the limit"), "{message}");
}

/// The simple matchers run patterns the grammar has accepted, never one it
/// refuses: `\_` is no escape in Unicode mode, though the recognizer would
/// read it.
#[test]
fn simple_shapes_are_held_to_the_grammar_too() {
    let pattern = r"^[a-z\_]+$";
    assert!(Simple::recognize(pattern).is_some());
    assert!(refusal(pattern).contains(r"`\_` is not an ECMA-262 escape"));
}

#[test]
fn messages_quote_a_long_construct_by_its_ends() {
    let pattern = format!("({})**", "a".repeat(100));
    let message = refusal(&pattern);
    let quoted = format!("`({}…{})**`", "a".repeat(19), "a".repeat(18));
    assert!(message.starts_with(&quoted), "{message}");
    assert!(message.len() < 300, "{message}");
}

#[test]
fn hostile_nesting_is_refused_without_recursing_deep() {
    for pattern in [
        "(".repeat(super::MAX_PATTERN_LEN),
        "(?:".repeat(super::MAX_PATTERN_LEN / 3),
        "(?=".repeat(super::MAX_PATTERN_LEN / 3),
    ] {
        assert!(refusal(&pattern).contains("nest more than 64 deep"));
    }
    // Classes do not nest in Unicode mode: `[` inside one is a character.
    assert!(matches(&format!("^[{}]$", "[".repeat(1000)), "["));
}
