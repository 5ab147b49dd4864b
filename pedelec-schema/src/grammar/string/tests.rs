//! The string lexeme against `validate`: texts in every JSON spelling of
//! generated strings (astral characters, quotes, backslashes, controls)
//! must match exactly when `validate` accepts the decoded string, and any
//! text the lexeme matches must be JSON that serde_json reads into a valid
//! string; plus the hostile cases one by one.

use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestRunner};
use serde_json::{json, Value};

use super::string;
use crate::change::{Change, ChangeCode, Effect};
use crate::grammar::build::Build;
use crate::grammar::digits::tests::matches;
use crate::grammar::expr::{Expr, Rules};
use crate::grammar::GrammarFormat;
use crate::schema::SchemaNode;
use crate::tool_args_schema::ToolArgsSchema;

/// A string node's schema, its lexeme with every rule written in place,
/// and the changes building it recorded.
struct Built {
    schema: ToolArgsSchema,
    body: Expr,
    changes: Vec<Change>,
}

fn build(node: Value, format: GrammarFormat) -> Built {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"s": node},
        "required": ["s"]
    }))
    .unwrap_or_else(|err| panic!("{node}: {err}"));
    let SchemaNode::String(string_node) = &schema.root().properties[0].node else {
        panic!("not a string node");
    };
    let mut cx = Build::new(format);
    let lexeme = string(string_node, &mut cx);
    let (rules, changes) = cx.finish();
    let body = inline(&lexeme, &rules);
    Built {
        schema,
        body,
        changes,
    }
}

/// `expr` with every reference replaced by its rule's body, for the
/// matcher, which knows no rules.
fn inline(expr: &Expr, rules: &Rules) -> Expr {
    match expr {
        Expr::Ref(id) => inline(&rules.get(*id).body, rules),
        Expr::Seq(parts) => Expr::Seq(parts.iter().map(|p| inline(p, rules)).collect()),
        Expr::Alt(parts) => Expr::Alt(parts.iter().map(|p| inline(p, rules)).collect()),
        Expr::And(parts) => Expr::And(parts.iter().map(|p| inline(p, rules)).collect()),
        Expr::Repeat(inner, min, max) => Expr::Repeat(Box::new(inline(inner, rules)), *min, *max),
        other => other.clone(),
    }
}

fn has_and(expr: &Expr) -> bool {
    match expr {
        Expr::And(_) => true,
        Expr::Seq(parts) | Expr::Alt(parts) => parts.iter().any(has_and),
        Expr::Repeat(inner, ..) => has_and(inner),
        _ => false,
    }
}

impl Built {
    fn valid(&self, decoded: &str) -> bool {
        self.schema.is_valid(&json!({ "s": decoded }))
    }

    fn widens(&self) -> bool {
        self.changes.iter().any(|c| c.effect == Effect::Widens)
    }

    fn is_enum(&self) -> bool {
        self.changes
            .iter()
            .any(|c| c.code == ChangeCode::GrammarEnumSpelling)
    }

    fn matches(&self, text: &str) -> bool {
        matches(&self.body, text)
    }

    fn codes(&self) -> Vec<(ChangeCode, &str)> {
        self.changes
            .iter()
            .map(|c| (c.code, c.pointer.as_str()))
            .collect()
    }
}

/// The schemas the properties run over: lengths, patterns of every shape
/// the builder tells apart, and an enum.
const SCHEMAS: &[&str] = &[
    r#"{"type": "string"}"#,
    r#"{"type": "string", "minLength": 2, "maxLength": 4}"#,
    r#"{"type": "string", "maxLength": 1}"#,
    r#"{"type": "string", "pattern": "^[ab\"\\\\]*$"}"#,
    r#"{"type": "string", "pattern": "b"}"#,
    r#"{"type": "string", "pattern": "^a|😀$"}"#,
    r#"{"type": "string", "pattern": "^(?:ab|\"c)$|^\\d"}"#,
    r#"{"type": "string", "pattern": "[\\u0000-\\u001f/]"}"#,
    r#"{"type": "string", "pattern": "^.$"}"#,
    r#"{"type": "string", "pattern": "^[^a]$"}"#,
    r#"{"type": "string", "pattern": "^\\w+$"}"#,
    r#"{"type": "string", "pattern": "(?:^a|b)c"}"#,
    r#"{"type": "string", "pattern": "^\\S+$", "maxLength": 3}"#,
    r#"{"type": "string", "pattern": "^[a-c😀]{1,3}$", "minLength": 2}"#,
    r#"{"type": "string", "pattern": "^a[^\"]*$", "maxLength": 3}"#,
    r#"{"type": "string", "pattern": "^(?:a|bc|😀\\n*)$", "minLength": 2, "maxLength": 3}"#,
    r#"{"type": "string", "pattern": "^[ab]+\\d?😀?$", "minLength": 2, "maxLength": 3}"#,
    r#"{"type": "string", "pattern": "a", "maxLength": 3}"#,
    r#"{"type": "string", "pattern": "a", "minLength": 2, "maxLength": 4}"#,
    r#"{"type": "string", "pattern": "\\ba"}"#,
    r#"{"type": "string", "enum": ["a", "é", "\"q\"", "😀", "\n\\", ""]}"#,
];

/// Characters chosen to hit every spelling rule.
const ALPHABET: &[char] = &[
    'a',
    'b',
    'c',
    'q',
    '0',
    '9',
    '_',
    ' ',
    '/',
    '"',
    '\\',
    '\n',
    '\r',
    '\t',
    '\u{0}',
    '\u{8}',
    '\u{1F}',
    '\u{7F}',
    'é',
    '\u{2028}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{FFFF}',
    '😀',
    '\u{10000}',
    '\u{10FFFF}',
];

/// The JSON spellings of `c` inside a string.
fn spellings(c: char) -> Vec<String> {
    let mut out = Vec::new();
    if !matches!(c, '"' | '\\' | '\0'..='\u{1F}') {
        out.push(c.to_string());
    }
    let short = match c {
        '"' => Some('"'),
        '\\' => Some('\\'),
        '/' => Some('/'),
        '\u{8}' => Some('b'),
        '\u{C}' => Some('f'),
        '\n' => Some('n'),
        '\r' => Some('r'),
        '\t' => Some('t'),
        _ => None,
    };
    out.extend(short.map(|letter| format!("\\{letter}")));
    let mut units = [0u16; 2];
    let units = c.encode_utf16(&mut units);
    let lower: String = units.iter().map(|u| format!("\\u{u:04x}")).collect();
    let upper: String = units.iter().map(|u| format!("\\u{u:04X}")).collect();
    // Case changing from one digit to the next: serde_json reads each
    // digit alone.
    let mixed: String = units
        .iter()
        .map(|u| {
            let digits: String = format!("{u:04x}")
                .chars()
                .enumerate()
                .map(|(i, d)| {
                    if i % 2 == 0 {
                        d.to_ascii_uppercase()
                    } else {
                        d
                    }
                })
                .collect();
            format!("\\u{digits}")
        })
        .collect();
    out.extend([lower, upper, mixed]);
    out
}

fn encode(chars: &[(char, usize)]) -> String {
    let mut text = String::from("\"");
    for &(c, choice) in chars {
        let options = spellings(c);
        text.push_str(&options[choice % options.len()]);
    }
    text.push('"');
    text
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn all_built() -> Vec<(&'static str, GrammarFormat, Built)> {
    SCHEMAS
        .iter()
        .flat_map(|&schema| {
            GrammarFormat::ALL.iter().map(move |&format| {
                let node: Value = serde_json::from_str(schema).unwrap();
                (schema, format, build(node, format))
            })
        })
        .collect()
}

#[test]
fn every_spelling_of_a_valid_string_matches_and_nothing_else_does() {
    let built = all_built();
    for (schema, format, b) in &built {
        if *format == GrammarFormat::Gbnf {
            assert!(!has_and(&b.body), "{schema}: an intersection in GBNF");
        }
        // Only this one is wider than the schema (word boundaries are
        // exact), so the exact comparison below covers the rest.
        let widens = *format == GrammarFormat::Gbnf && schema.contains(r#""pattern": "a""#);
        assert_eq!(b.widens(), widens, "{schema} ({format})");
    }
    let strategy = prop::collection::vec((prop::sample::select(ALPHABET), 0usize..8), 0..6);
    TestRunner::new(config())
        .run(&strategy, |chars| {
            let text = encode(&chars);
            let decoded: String = serde_json::from_str(&text).expect("a JSON string");
            assert_eq!(decoded, chars.iter().map(|(c, _)| c).collect::<String>());
            for (schema, format, b) in &built {
                let valid = b.valid(&decoded);
                let matched = b.matches(&text);
                let context = format!("{schema} ({format}) on {text}");
                if b.is_enum() {
                    let canonical = serde_json::to_string(&decoded).unwrap() == text;
                    prop_assert_eq!(matched, valid && canonical, "{}", context);
                } else if b.widens() {
                    prop_assert!(!valid || matched, "{}", context);
                } else {
                    prop_assert_eq!(matched, valid, "{}", context);
                }
            }
            Ok(())
        })
        .unwrap();
}

/// Pieces of JSON string text, well formed or not: lone and misordered
/// surrogates, raw controls, unknown escapes.
const TOKENS: &[&str] = &[
    "a",
    "b",
    "é",
    "😀",
    "\"",
    "\\",
    "\n",
    "\u{1}",
    "/",
    "\\u",
    "d83d",
    "DE00",
    "dc00",
    "D800",
    "DBFF",
    "0061",
    "00e9",
    "00E9",
    "0022",
    "005C",
    "001f",
    "\\n",
    "\\x",
    "\\/",
    "\\u00",
    "22",
    "x",
    "\\uD83D",
    "\\uDE00",
    "\\ud83d\\ude00",
    "\\\"",
    "\\\\",
];

#[test]
fn whatever_matches_is_json_that_validates() {
    let built = all_built();
    let strategy = prop::collection::vec(prop::sample::select(TOKENS), 0..8);
    TestRunner::new(config())
        .run(&strategy, |tokens| {
            let text = format!("\"{}\"", tokens.concat());
            for (schema, format, b) in &built {
                if !b.matches(&text) {
                    continue;
                }
                let context = format!("{schema} ({format}) on {text}");
                let decoded: Result<String, _> = serde_json::from_str(&text);
                prop_assert!(decoded.is_ok(), "{}", context);
                if !b.widens() {
                    let args = format!("{{\"s\": {text}}}");
                    prop_assert!(b.schema.validate_str(&args).is_ok(), "{}", context);
                }
            }
            Ok(())
        })
        .unwrap();
}

fn gbnf(node: Value) -> Built {
    build(node, GrammarFormat::Gbnf)
}

#[test]
fn lone_surrogate_escapes_match_nothing() {
    let b = gbnf(json!({"type": "string"}));
    for text in [
        r#""\uD800""#,
        r#""\uDE00""#,
        r#""\uD83D""#,
        r#""\uD83Dx""#,
        r#""\uD83D\u0041""#,
        r#""\uDE00\uD83D""#,
    ] {
        assert!(serde_json::from_str::<String>(text).is_err(), "{text}");
        assert!(!b.matches(text), "{text}");
    }
    for text in [
        r#""\uD83D\uDE00""#,
        r#""\ud83d\ude00""#,
        r#""\uDBFF\uDFFF""#,
    ] {
        assert!(b.matches(text), "{text}");
    }
}

#[test]
fn hex_digits_of_either_case_and_enum_values_in_one_spelling() {
    let b = gbnf(json!({"type": "string", "pattern": "^[éꯍ]$"}));
    for text in [
        r#""é""#,
        r#""\u00e9""#,
        r#""\u00E9""#,
        r#""\uabcd""#,
        r#""\uABCD""#,
        r#""\uAbcD""#,
    ] {
        assert!(b.matches(text), "{text}");
    }
    // `\u00Ae` is `®`, then a `9`.
    assert!(!b.matches(r#""e""#) && !b.matches(r#""\u00Ae9""#));
    let b = gbnf(json!({"type": "string", "enum": ["é"]}));
    assert!(b.matches(r#""é""#) && !b.matches(r#""\u00e9""#));
    assert_eq!(b.codes(), [(ChangeCode::GrammarEnumSpelling, "")]);
}

#[test]
fn an_astral_character_is_one_character() {
    let b = gbnf(json!({"type": "string", "maxLength": 1}));
    for (text, expected) in [
        (r#""😀""#, true),
        (r#""\uD83D\uDE00""#, true),
        (r#""\u0061""#, true),
        (r#""😀😀""#, false),
        (r#""ab""#, false),
        (r#""\u0061\u0062""#, false),
    ] {
        assert_eq!(b.matches(text), expected, "{text}");
    }
    let b = gbnf(json!({"type": "string", "pattern": "^.{2}$"}));
    assert!(b.matches(r#""😀\ud83d\ude00""#) && !b.matches(r#""😀""#));
}

#[test]
fn quotes_backslashes_and_controls_in_a_class_come_out_escaped() {
    let b = gbnf(json!({"type": "string", "pattern": "^[\"\\\\\\u0000-\\u001f]+$"}));
    for (text, expected) in [
        (r#""\"""#, true),
        (r#""\\""#, true),
        (r#""\u0022\u005c""#, true),
        (r#""\n\u0001\b""#, true),
        ("\"\"\"", false),
        ("\"\n\"", false),
        ("\"\u{1}\"", false),
        (r#""\""#, false),
    ] {
        assert_eq!(b.matches(text), expected, "{text}");
    }
}

#[test]
fn escapes_count_as_their_decoded_characters() {
    let b = gbnf(json!({"type": "string", "pattern": "^a+$", "maxLength": 2}));
    assert!(b.matches(r#""\u0061a""#) && !b.matches(r#""\u0061aa""#));
    assert!(b.changes.is_empty(), "an exact product: {:?}", b.codes());
}

#[test]
fn lengths_beside_a_pattern_are_exact_in_lark_and_said_in_gbnf() {
    let node = json!({"type": "string", "pattern": "a", "minLength": 2, "maxLength": 4});
    let lark = build(node.clone(), GrammarFormat::Lark);
    assert!(lark.changes.is_empty() && has_and(&lark.body));
    assert!(lark.matches(r#""xa""#) && !lark.matches(r#""a""#) && !lark.matches(r#""xxaxx""#));
    let gbnf = gbnf(node);
    assert_eq!(
        gbnf.codes(),
        [
            (ChangeCode::GrammarLengthBesidePattern, "/minLength"),
            (ChangeCode::GrammarLengthBesidePattern, "/maxLength"),
        ]
    );
    // A bound the pattern's shape can hold is held; only the other is said.
    let b = self::gbnf(json!({"type": "string", "pattern": "^a", "minLength": 2, "maxLength": 3}));
    assert!(b.changes.is_empty());
    let b = self::gbnf(json!({"type": "string", "pattern": "^[a-z]+\\d?$", "maxLength": 3}));
    assert!(b.changes.is_empty());
    assert!(b.matches(r#""ab1""#) && !b.matches(r#""abc1""#));
    let b = self::gbnf(json!({"type": "string", "pattern": "a", "minLength": 1, "maxLength": 3}));
    assert_eq!(
        b.codes(),
        [(ChangeCode::GrammarLengthBesidePattern, "/maxLength")]
    );
}

#[test]
fn assertions_are_said_at_the_pattern() {
    let b = gbnf(json!({"type": "string", "pattern": "\\bab"}));
    assert!(b.changes.is_empty());
    assert!(b.matches(r#""x ab""#) && !b.matches(r#""xab""#));
    let b = gbnf(json!({"type": "string", "pattern": "(?:\\ba){17}"}));
    assert_eq!(
        b.codes(),
        [(ChangeCode::GrammarPatternAssertion, "/pattern")]
    );
    assert!(gbnf(json!({"type": "string", "pattern": "^a$|^b"}))
        .changes
        .is_empty());
}

#[test]
fn whole_grammars_are_written_in_both_formats() {
    for schema in SCHEMAS {
        let node: Value = serde_json::from_str(schema).unwrap();
        let schema = ToolArgsSchema::from_value(&json!({
            "type": "object",
            "properties": {"s": node},
        }))
        .unwrap();
        let lark = schema.grammar(GrammarFormat::Lark).text;
        let gbnf = schema.grammar(GrammarFormat::Gbnf).text;
        assert!(lark.starts_with("%llguidance ") && lark.contains("\nstart: "));
        assert!(gbnf.starts_with("root ::= "));
    }
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"s": {"type": "string", "pattern": "a", "maxLength": 3}},
    }))
    .unwrap();
    assert!(schema.grammar(GrammarFormat::Lark).text.contains(" & "));
}

#[test]
fn an_impossible_length_beside_a_pattern_writes_no_string_at_all() {
    // Lark would hold both by intersection; an empty one would be a dead
    // end that an engine lets the model walk into.
    for (node, possible) in [
        (
            json!({"type": "string", "pattern": "\\s", "maxLength": 0}),
            false,
        ),
        (
            json!({"type": "string", "pattern": "^(?:aa)+$", "minLength": 3, "maxLength": 3}),
            false,
        ),
        (
            json!({"type": "string", "pattern": "^(?:aa)+$", "minLength": 3, "maxLength": 4}),
            true,
        ),
        (
            json!({"type": "string", "pattern": "^a{2,5}$", "minLength": 5}),
            true,
        ),
        (
            json!({"type": "string", "pattern": "^a{2,5}$", "minLength": 6}),
            false,
        ),
    ] {
        let built = build(node.clone(), GrammarFormat::Lark);
        assert_eq!(!built.body.is_nothing(), possible, "{node}");
    }
}
