//! The hard cases one by one, in both formats, through the engine: what
//! each grammar must accept and refuse, and the change it must report.

use pedelec_schema::{ChangeCode, Effect, GrammarFormat, ToolArgsSchema};
use serde_json::{json, Value};

use pedelec_schema_engines::promise::engine;

/// A one-property schema `{"v": node}`, required, and texts of `v`.
struct Case {
    node: Value,
    accepts: &'static [&'static str],
    refuses: &'static [&'static str],
    /// Refused in Lark only (GBNF reports a `widens` change instead).
    lark_refuses: &'static [&'static str],
    /// Invalid, yet accepted by both grammars, as their `widens` change says.
    widened_accepts: &'static [&'static str],
    /// Codes each format's grammar reports for the node.
    changes: &'static [(GrammarFormat, ChangeCode)],
}

fn cases() -> Vec<Case> {
    let case = |node: Value, accepts, refuses| Case {
        node,
        accepts,
        refuses,
        lark_refuses: &[],
        widened_accepts: &[],
        changes: &[],
    };
    vec![
        case(
            json!({"type": "string", "maxLength": 2}),
            &[
                r#""ab""#,
                r#""\n\"""#,
                r#""😀a""#,
                r#""\ud83d\ude00a""#,
                r#""\uD83D\uDE00""#,
                r#""\/\\""#,
                r#""""#,
            ],
            &[
                r#""abc""#,
                r#""\ud83d""#,
                r#""\ude00""#,
                r#""a\u0000b""#,
                "\"a\nb\"",
                r#""\x41""#,
            ],
        ),
        case(
            json!({"type": "string", "minLength": 2, "maxLength": 3}),
            &[r#""\u00e9\u00E9""#, r#""ab\t""#],
            &[r#""a""#, r#""abcd""#],
        ),
        case(
            json!({"type": "string", "pattern": "^[a-z\"]+$"}),
            &[r#""a\"b""#, r#""\u0061""#, r#""\u0022""#],
            &[r#""A""#, r#""""#, r#""a\\b""#],
        ),
        case(
            json!({"type": "string", "pattern": "b"}),
            &[r#""abc""#, r#""b""#, r#""\u0062""#],
            &[r#""ac""#, r#""""#],
        ),
        case(
            json!({"type": "string", "pattern": "^\\d{2}$"}),
            &[r#""42""#],
            &[r#""٣٣""#, r#""4""#, r#""423""#],
        ),
        case(
            json!({"type": "string", "pattern": "^a|b$"}),
            &[r#""ax""#, r#""xb""#],
            &[r#""xa""#, r#""bx""#],
        ),
        case(
            json!({"type": "string", "pattern": "^.$"}),
            &[r#""😀""#, r#""\ud83d\ude00""#],
            &[r#""\n""#, r#""\u2028""#],
        ),
        Case {
            node: json!({"type": "string", "pattern": "a", "maxLength": 3}),
            accepts: &[r#""a""#, r#""xax""#],
            refuses: &[r#""xyz""#],
            lark_refuses: &[r#""aaaa""#],
            widened_accepts: &[],
            changes: &[(GrammarFormat::Gbnf, ChangeCode::GrammarLengthBesidePattern)],
        },
        case(
            json!({"type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 4}),
            &[r#""ab-1""#],
            &[r#""ab-12""#, r#""""#, r#""A""#],
        ),
        case(
            json!({"type": "string", "enum": ["a b", "é", "q\"uote"]}),
            &[r#""a b""#, r#""é""#, r#""q\"uote""#],
            &[r#""a""#, r#""a b ""#],
        ),
        case(
            json!({"type": "integer", "minimum": -5, "maximum": 120}),
            &["-5", "0", "-0", "120", "7"],
            &["121", "-6", "1.0", "007", "1e1", "-"],
        ),
        case(
            json!({"type": "integer", "minimum": 9007199254740992u64, "maximum": 9007199254740993u64}),
            &["9007199254740992", "9007199254740993"],
            &["9007199254740991", "9007199254740994"],
        ),
        case(
            json!({"type": "integer", "minimum": 2.5, "maximum": 4.5}),
            &["3", "4"],
            &["2", "5"],
        ),
        // No integer lies between the bounds, but the property is
        // optional: the grammar leaves it out.
        case(
            json!({"type": "object", "properties": {"n": {"type": "integer", "minimum": 2.5, "maximum": 2.7}}}),
            &["{}"],
            &[r#"{"n":2}"#, r#"{"n":3}"#],
        ),
        case(
            json!({"type": "number", "minimum": 0.5, "maximum": 10}),
            &["0.5", "0.50", "9.999", "10", "10.000", "1"],
            &["0.4999", "10.0001", "11", "-1", "1e0"],
        ),
        case(
            json!({"type": "number", "minimum": -1.5, "maximum": 1.5}),
            &["-1.5", "-0.0", "0", "1.4999", "-1"],
            &["-1.51", "1.6", "2"],
        ),
        case(
            json!({"type": "number"}),
            &["0", "-0.5", "1e-7", "9.5e307", "12345678901234567890"],
            &["1e308x", "01", ".5", "1.", "+1"],
        ),
        case(
            json!({"type": "boolean"}),
            &["true", "false"],
            &["True", "1"],
        ),
        case(
            json!({"type": "array", "items": {"type": "boolean"}, "minItems": 1, "maxItems": 2}),
            &["[true]", "[true, false]", "[ true ]"],
            &["[]", "[true,true,true]", "[true,]"],
        ),
        Case {
            node: json!({"type": "array", "items": {"type": "integer"}, "uniqueItems": true}),
            accepts: &["[1,2]"],
            refuses: &["[1.5]"],
            lark_refuses: &[],
            widened_accepts: &["[1,1]"],
            changes: &[
                (
                    GrammarFormat::Gbnf,
                    ChangeCode::GrammarUniqueItemsUnenforced,
                ),
                (
                    GrammarFormat::Lark,
                    ChangeCode::GrammarUniqueItemsUnenforced,
                ),
            ],
        },
        Case {
            node: json!({"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 0}]}),
            accepts: &["-1", "0.5"],
            refuses: &["-0.5", "\"a\""],
            lark_refuses: &[],
            widened_accepts: &["3"],
            changes: &[
                (GrammarFormat::Gbnf, ChangeCode::GrammarOneOfOverlap),
                (GrammarFormat::Lark, ChangeCode::GrammarOneOfOverlap),
            ],
        },
        // Word boundaries, held exactly: "concat" has "cat" but no boundary.
        case(
            json!({"type": "string", "pattern": "\\bcat\\b"}),
            &[r#""cat""#, r#""a cat.""#, r#""cat-like""#, r#""\u00e9cat""#],
            &[r#""concat""#, r#""cats""#, r#""cat_""#, r#""""#],
        ),
        case(
            json!({"type": "string", "pattern": "^(?:\\b[a-z]+\\b ?)+$"}),
            &[r#""ab cd""#, r#""ab cd ""#, r#""a""#],
            &[r#""ab  cd""#, r#"" ab""#, r#""ab-cd""#, r#""""#],
        ),
        // Branches told apart only by their patterns: disjoint, so the
        // alternation is exact and nothing widens.
        case(
            json!({"oneOf": [
                {"type": "string", "pattern": "^user:[a-z]+$"},
                {"type": "string", "pattern": "^group:"}
            ]}),
            &[r#""user:ann""#, r#""group:x y""#],
            &[r#""user:Ann""#, r#""team:x""#, r#""""#],
        ),
        case(
            json!({"oneOf": [{"type": "string"}, {"type": "object", "properties": {"a": {"type": "boolean"}}}]}),
            &["\"x\"", "{}", "{\"a\": true}"],
            &["{\"b\": true}", "{\"a\": 1}"],
        ),
    ]
}

#[test]
fn each_hard_case_is_accepted_and_refused_as_the_schema_says() {
    for case in cases() {
        let schema = ToolArgsSchema::from_value(&json!({
            "type": "object", "properties": {"v": case.node}, "required": ["v"]
        }))
        .unwrap();
        for format in GrammarFormat::ALL.iter().copied() {
            let grammar = schema.grammar(format);
            let oracle = engine(format, &grammar);
            assert!(
                !oracle.is_empty(),
                "{format}: the grammar for {} accepts nothing\n{}",
                case.node,
                grammar.text
            );
            let wrap = |v: &str| format!("{{\"v\":{v}}}");
            for text in case.accepts {
                let args = wrap(text);
                assert!(
                    schema.validate_str(&args).is_ok(),
                    "the case is wrong: {args} is invalid"
                );
                assert!(
                    oracle.accepts(&args),
                    "{format} refuses {args} for {}\n{}",
                    case.node,
                    grammar.text
                );
            }
            for text in case.widened_accepts {
                let args = wrap(text);
                assert!(
                    schema.validate_str(&args).is_err(),
                    "the case is wrong: {args} is valid"
                );
                assert!(
                    oracle.accepts(&args),
                    "{format} refuses {args} for {}, though it widens",
                    case.node
                );
            }
            let lark_only = if format == GrammarFormat::Lark {
                case.lark_refuses
            } else {
                &[]
            };
            for text in case.refuses.iter().chain(lark_only) {
                let args = wrap(text);
                assert!(
                    !oracle.accepts(&args),
                    "{format} accepts {args} for {}\n{}",
                    case.node,
                    grammar.text
                );
            }
            for change in &grammar.changes {
                assert!(
                    change.code.effect() != Effect::Widens
                        || case.changes.contains(&(format, change.code)),
                    "{format} widens where the case says it is exact, for {}: {change}",
                    case.node
                );
            }
            for (with, code) in case.changes {
                if *with == format {
                    assert!(
                        grammar.changes.iter().any(|change| change.code == *code),
                        "{format} reports no {code} for {}: {:?}",
                        case.node,
                        grammar.changes
                    );
                }
            }
        }
    }
}

#[test]
fn a_long_bound_is_exact_in_both_formats() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object", "properties": {"v": {"type": "string", "maxLength": 5000}}, "required": ["v"]
    }))
    .unwrap();
    for format in GrammarFormat::ALL.iter().copied() {
        let grammar = schema.grammar(format);
        let oracle = engine(format, &grammar);
        let text = |n: usize| format!("{{\"v\":\"{}\"}}", "a".repeat(n));
        assert!(
            oracle.accepts(&text(5000)) && oracle.accepts(&text(0)) && oracle.accepts(&text(2345)),
            "{format}"
        );
        assert!(!oracle.accepts(&text(5001)), "{format}");
    }
}

#[test]
fn a_schema_no_arguments_satisfy_gives_an_empty_grammar_and_says_so() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object", "properties": {"n": {"type": "integer", "minimum": 2.5, "maximum": 2.7}}, "required": ["n"]
    }))
    .unwrap();
    for format in GrammarFormat::ALL.iter().copied() {
        let grammar = schema.grammar(format);
        assert!(
            grammar
                .changes
                .iter()
                .any(|change| change.code == ChangeCode::GrammarEmpty),
            "{format}: {:?}",
            grammar.changes
        );
        if format == GrammarFormat::Lark {
            assert!(engine(format, &grammar).is_empty(), "{}", grammar.text);
        }
    }
}

/// Whitespace wherever JSON allows it, in both formats: GBNF writes it as
/// a rule between tokens, Lark as llguidance's skip; neither lets it into
/// a token, and Lark has none after the last.
#[test]
fn whitespace_goes_wherever_json_allows_it_and_nowhere_else() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"v": {"type": "array", "items": {"type": "integer"}}, "w": {"type": "boolean"}},
        "required": ["v"]
    }))
    .unwrap();
    for format in GrammarFormat::ALL.iter().copied() {
        let grammar = schema.grammar(format);
        let oracle = engine(format, &grammar);
        for text in [
            "{\"v\":[1,2]}",
            " {\"v\":[]}",
            "\n\t{ \"v\" : [ 12 , 3 ] , \"w\" : true }",
        ] {
            assert!(oracle.accepts(text), "{format} refuses {text:?}");
        }
        // After the last token: GBNF's bounded run; no whitespace in Lark,
        // as its change says.
        let said = grammar
            .changes
            .iter()
            .find(|change| change.code == ChangeCode::GrammarWhitespaceBounded);
        assert_eq!(
            said.is_some_and(|change| change.message.contains("after the last token")),
            format == GrammarFormat::Lark,
            "{format}: {said:?}"
        );
        let trailing = "{\"v\":[]}\n";
        assert_eq!(
            oracle.accepts(trailing),
            format == GrammarFormat::Gbnf,
            "{format}"
        );
        for text in [
            "{\"v\":[1 2]}",
            "{\" v\":[]}",
            "{\"v\":[1]} x",
            "{\"v\":[]}{}",
            "{\"v\":[1]} ,",
        ] {
            assert!(!oracle.accepts(text), "{format} accepts {text:?}");
        }
    }
}

/// A Lark terminal is one regex however deeply it nests (the engine's
/// regex parser reads far deeper than its Lark parser): a bounded number's
/// spellings (the run of `9`s below a maximum, a group each) and a pattern
/// of groups nested as deep as the gatekeeper allows stay whole, compile,
/// and stay exact in both formats.
#[test]
fn a_terminal_is_one_regex_however_deep_it_nests() {
    let one = |node: Value| {
        ToolArgsSchema::from_value(
            &json!({"type": "object", "properties": {"v": node}, "required": ["v"]}),
        )
        .unwrap()
    };
    let text = |v: &str| format!("{{\"v\":{v}}}");
    let one_terminal = |schema: &ToolArgsSchema, name: &str| {
        let grammar = schema.grammar(GrammarFormat::Lark);
        let terminals: Vec<&str> = grammar
            .text
            .lines()
            .filter(|line| line.starts_with(|c: char| c.is_ascii_uppercase()))
            .collect();
        assert!(
            matches!(terminals[..], [line] if line.starts_with(name) && line.ends_with('/')),
            "{}",
            grammar.text
        );
    };

    let number = one(json!({"type": "number", "minimum": 1, "maximum": 100}));
    one_terminal(&number, "NUMBER_1: /");
    // GBNF has no regex: there the run of `9`s is split into rules, as
    // llama.cpp's recursive parser needs.
    let gbnf = number.grammar(GrammarFormat::Gbnf).text;
    assert!(gbnf.contains("part-1 ::="), "{gbnf}");
    for format in GrammarFormat::ALL.iter().copied() {
        let oracle = engine(format, &number.grammar(format));
        // Fifteen significant digits below the bound, and the bound.
        for accepted in ["99.9999999999999", "100", "100.000", "1.0", "99.5"] {
            assert!(oracle.accepts(&text(accepted)), "{format}: {accepted}");
        }
        // The double just above the bound, and two plainly out.
        for refused in ["100.00000000000002", "0.5", "101"] {
            assert!(!oracle.accepts(&text(refused)), "{format}: {refused}");
        }
    }

    // `(?:a(?:b(?:c...)?)?)?`, 21 groups: one more and the gatekeeper
    // refuses the pattern.
    let word = |n: usize| ('a'..='z').cycle().take(n).collect::<String>();
    let pattern = word(21)
        .chars()
        .rev()
        .fold(String::new(), |inner, c| format!("(?:{c}{inner})?"));
    let deep = one(json!({"type": "string", "pattern": format!("^{pattern}$")}));
    one_terminal(&deep, "STRING_1: /");
    for format in GrammarFormat::ALL.iter().copied() {
        let oracle = engine(format, &deep.grammar(format));
        for n in [0, 1, 15, 21] {
            assert!(
                oracle.accepts(&text(&format!("\"{}\"", word(n)))),
                "{format}: {n}"
            );
        }
        for refused in [word(22), "b".to_owned(), "ac".to_owned()] {
            assert!(
                !oracle.accepts(&text(&format!("\"{refused}\""))),
                "{format}: {refused}"
            );
        }
    }
}
