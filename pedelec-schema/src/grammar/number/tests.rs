//! The number grammars against serde_json and the crate's own validation:
//! every text a grammar matches is read and accepted (soundness), and
//! every text of the written forms that is accepted is matched, outside
//! the documented narrowings (completeness).

use proptest::prelude::*;
use serde_json::{json, Number, Value};

use super::range::{Decimal, MARGIN};
use super::{integer as integer_grammar, number as number_grammar};
use crate::grammar::build::Build;
use crate::grammar::digits::tests::matches;
use crate::grammar::expr::Expr;
use crate::grammar::GrammarFormat;
use crate::schema::NumberNode;
use crate::tool_args_schema::ToolArgsSchema;

/// A node's schema, its grammar's body and a one-property schema holding it.
struct Case {
    node: Value,
    integer: bool,
    body: Expr,
    schema: ToolArgsSchema,
}

impl Case {
    fn new(node: Value) -> Case {
        let schema = ToolArgsSchema::from_value(&json!({
            "type": "object",
            "properties": {"n": node},
            "required": ["n"]
        }))
        .unwrap_or_else(|err| panic!("{node}: {err}"));
        let integer = node["type"] == "integer";
        let model = NumberNode {
            enum_values: node["enum"].as_array().map(|values| {
                values
                    .iter()
                    .map(|v| v.as_number().unwrap().clone())
                    .collect()
            }),
            minimum: node.get("minimum").and_then(|v| v.as_number().cloned()),
            maximum: node.get("maximum").and_then(|v| v.as_number().cloned()),
            ..NumberNode::default()
        };
        let mut cx = Build::new(GrammarFormat::Lark);
        let expr = if integer {
            integer_grammar(&model, &mut cx)
        } else {
            number_grammar(&model, &mut cx)
        };
        let body = match expr {
            Expr::Ref(id) => cx.rules.get(id).body.clone(),
            other => other,
        };
        Case {
            node,
            integer,
            body,
            schema,
        }
    }

    fn matches(&self, text: &str) -> bool {
        matches(&self.body, text)
    }

    /// Whether serde_json reads `text` and validation accepts it.
    fn accepts(&self, text: &str) -> bool {
        self.schema
            .validate_str(&format!("{{\"n\": {text}}}"))
            .is_ok()
    }

    fn bound(&self, key: &str) -> Option<Number> {
        self.node.get(key).and_then(|v| v.as_number().cloned())
    }

    /// Soundness, and completeness where no narrowing applies.
    fn check(&self, text: &str) {
        let matched = self.matches(text);
        let accepted = self.accepts(text);
        assert!(
            !matched || accepted,
            "{}: the grammar matches {text}, which is refused",
            self.node
        );
        if accepted && !matched && self.node.get("enum").is_none() && self.written(text) {
            panic!(
                "{}: the grammar refuses {text}, which is accepted",
                self.node
            );
        }
    }

    /// Whether `text` is of the forms the grammar writes and outside the
    /// narrowings: an integer read exactly, a short decimal, or a text read
    /// as a float more than `MARGIN` floats inside the bounds.
    fn written(&self, text: &str) -> bool {
        let magnitude = text.strip_prefix('-').unwrap_or(text);
        let (int, frac) = magnitude
            .split_once('.')
            .map_or((magnitude, None), |(i, f)| (i, Some(f)));
        let canonical_int = int == "0" || (!int.starts_with('0') && !int.is_empty());
        let plain = canonical_int
            && int.len() <= 308
            && int.bytes().all(|b| b.is_ascii_digit())
            && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
        if !plain || (self.integer && frac.is_some()) {
            return false;
        }
        let exact_int =
            frac.is_none() && text.parse::<i64>().is_ok() || text.parse::<u64>().is_ok();
        if exact_int {
            return true;
        }
        if let Some(frac) = frac {
            let digits = format!("{int}{frac}");
            let significant = digits.trim_start_matches('0').len();
            if significant <= 15 && frac.len() <= 22 {
                return true;
            }
        }
        let float: f64 = text.parse().unwrap();
        let (mut below, mut above) = (float, float);
        for _ in 0..=MARGIN {
            below = below.next_down();
            above = above.next_up();
        }
        let inside = |f: f64, key: &str, ge: bool| {
            self.bound(key).is_none_or(|b| {
                let order = crate::numeric::compare(&Number::from_f64(f).unwrap(), &b);
                if ge {
                    order.is_ge()
                } else {
                    order.is_le()
                }
            })
        };
        below.is_finite()
            && above.is_finite()
            && inside(below, "minimum", true)
            && inside(above, "maximum", false)
    }
}

/// Texts at and around `bound`: its shortest and exact decimals, longer
/// and shorter spellings, its neighbours, integers beside it, negated.
fn texts_near(bound: &Number) -> Vec<String> {
    let float = bound.as_f64().unwrap();
    let mut texts = vec![bound.to_string()];
    if let Some(int) = bound
        .as_i64()
        .map(i128::from)
        .or(bound.as_u64().map(i128::from))
    {
        for d in -2..=2 {
            texts.push((int + d).to_string());
            texts.push(format!("{}.5", int + d));
            texts.push(format!("{}.0", int + d));
        }
    }
    for f in [float, float.next_up(), float.next_down()] {
        if !f.is_finite() {
            continue;
        }
        let shortest = format!("{f}");
        let exact = format!(
            "{}{}",
            if f < 0.0 { "-" } else { "" },
            Decimal::of_f64(f).text()
        );
        for base in [shortest, exact] {
            let point = if base.contains('.') { "" } else { "." };
            for tail in ["", "0", "1", "9", "000000000000000001", "99999999999999999"] {
                texts.push(
                    format!("{base}{point}{tail}")
                        .trim_end_matches('.')
                        .to_owned(),
                );
            }
            if let Some((int, frac)) = base.split_once('.') {
                for keep in [1, 5, 15, 16, 17, 20] {
                    if keep < frac.len() {
                        texts.push(format!("{int}.{}", &frac[..keep]));
                        let mut up: Vec<u8> = frac[..keep].bytes().collect();
                        if let Some(last) = up.last_mut().filter(|d| **d < b'9') {
                            *last += 1;
                            texts.push(format!("{int}.{}", String::from_utf8(up).unwrap()));
                        }
                    }
                }
            }
            texts.push(format!("{:.0}", f.floor()));
            texts.push(format!("{:.0}", f.ceil()));
        }
    }
    let negated: Vec<String> = texts
        .iter()
        .map(|t| match t.strip_prefix('-') {
            Some(positive) => positive.to_owned(),
            None => format!("-{t}"),
        })
        .collect();
    texts.extend(negated);
    texts.extend(["0", "-0", "0.0", "-0.0", "0.000", "1", "-1"].map(String::from));
    texts
}

fn check_all(case: &Case, extra: &[String]) {
    let mut texts: Vec<String> = extra.to_vec();
    for key in ["minimum", "maximum"] {
        if let Some(bound) = case.bound(key) {
            texts.extend(texts_near(&bound));
        }
    }
    for text in texts {
        case.check(&text);
    }
}

fn bound_strategy() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<u64>().prop_map(Number::from),
        any::<i64>().prop_map(Number::from),
        (-100i64..100).prop_map(Number::from),
        (-1000.0f64..1000.0).prop_map(|f| Number::from_f64(f).unwrap()),
        (-20i32..20, 1u32..1000)
            .prop_map(|(e, m)| Number::from_f64(f64::from(m) * 10f64.powi(e)).unwrap()),
        any::<f64>().prop_filter_map("finite", Number::from_f64),
    ]
}

fn text_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|i| i.to_string()),
        any::<u64>().prop_map(|u| u.to_string()),
        (-1000i64..1000, "[0-9]{1,20}").prop_map(|(i, f)| format!("{i}.{f}")),
        (any::<bool>(), "[1-9][0-9]{18,40}")
            .prop_map(|(neg, d)| format!("{}{d}", if neg { "-" } else { "" })),
    ]
}

fn node(integer: bool, min: Option<Number>, max: Option<Number>) -> Option<Value> {
    let mut node = json!({"type": if integer { "integer" } else { "number" }});
    if let (Some(a), Some(b)) = (&min, &max) {
        if crate::numeric::compare(a, b).is_gt() {
            return None;
        }
    }
    if let Some(min) = min {
        node["minimum"] = Value::Number(min);
    }
    if let Some(max) = max {
        node["maximum"] = Value::Number(max);
    }
    Some(node)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn bounded_grammars_are_sound_and_complete(
        integer in any::<bool>(),
        min in proptest::option::of(bound_strategy()),
        max in proptest::option::of(bound_strategy()),
        texts in proptest::collection::vec(text_strategy(), 8),
    ) {
        if let Some(node) = node(integer, min, max) {
            check_all(&Case::new(node), &texts);
        }
    }

    #[test]
    fn ranges_close_to_one_float_are_sound(float in any::<f64>().prop_filter("finite", |f| f.is_finite()), width in 0u32..40) {
        let mut hi = float;
        for _ in 0..width {
            hi = hi.next_up();
        }
        let (min, max) = (Number::from_f64(float), Number::from_f64(hi));
        if let Some(node) = node(false, min, max) {
            check_all(&Case::new(node), &[]);
        }
    }
}

/// Asserts which of `texts` the node's grammar matches (`+` before a
/// text) and which it does not (`!`), and checks each as [`Case::check`].
fn expect(node: Value, texts: &[&str]) {
    let case = Case::new(node);
    for text in texts {
        let (want, text) = match text.strip_prefix('!') {
            Some(text) => (false, text),
            None => (true, *text),
        };
        assert_eq!(case.matches(text), want, "{}: {text}", case.node);
        case.check(text);
    }
}

#[test]
fn negative_zero_is_zero() {
    expect(
        json!({"type": "integer", "minimum": 0, "maximum": 0}),
        &["0", "-0", "!1", "!-1", "!00"],
    );
    expect(
        json!({"type": "integer", "minimum": 1}),
        &["!0", "!-0", "1", "!-1"],
    );
    expect(
        json!({"type": "integer", "maximum": -1}),
        &["!0", "!-0", "-1", "!1"],
    );
    expect(
        json!({"type": "number", "maximum": 0}),
        &[
            "0",
            "-0",
            "0.0",
            "-0.000",
            "-5.5",
            "!0.1",
            "!0.0000000000000000000000000001",
        ],
    );
    expect(
        json!({"type": "number", "minimum": -0.0}),
        &["-0", "-0.0", "0.5", "!-0.5"],
    );
}

#[test]
fn integers_beyond_2_pow_53_are_exact() {
    expect(
        json!({"type": "integer", "maximum": 9_007_199_254_740_992_u64}),
        &["9007199254740992", "!9007199254740993", "-9007199254740993"],
    );
    expect(
        json!({"type": "number", "minimum": 9_007_199_254_740_993_u64}),
        // 2^53 + 0.5 is read as the float 2^53, below the bound.
        &[
            "9007199254740993",
            "!9007199254740992",
            "!9007199254740992.5",
            "9007199254740995",
        ],
    );
    expect(
        json!({"type": "integer", "maximum": u64::MAX}),
        &["18446744073709551615", "!18446744073709551616", "0"],
    );
    expect(
        json!({"type": "integer", "minimum": i64::MIN, "maximum": -5}),
        &["-9223372036854775808", "!-9223372036854775809", "-5", "!-4"],
    );
    expect(
        json!({"type": "integer", "minimum": 2.5, "maximum": 2.7}),
        &["!2", "!3"],
    );
    assert!(
        Case::new(json!({"type": "integer", "minimum": 2.5, "maximum": 2.7}))
            .body
            .is_nothing()
    );
}

#[test]
fn integers_stop_at_308_digits() {
    let nines = "9".repeat(308);
    let beyond = format!("1{}", "0".repeat(308));
    expect(
        json!({"type": "integer"}),
        &[&nines, &format!("-{nines}"), &format!("!{beyond}")],
    );
    // 10^308 - 1 lies within a few floats of the bound 1e308: not written.
    let inside = format!("9{}", "0".repeat(307));
    expect(
        json!({"type": "number", "maximum": 1e308}),
        &[
            &inside,
            &format!("{inside}.5"),
            &format!("!{nines}"),
            &format!("!{beyond}"),
        ],
    );
    expect(
        json!({"type": "integer", "minimum": 1e300}),
        &[&nines, "!1", &format!("!{}", "9".repeat(300))],
    );
    assert!(serde_json::from_str::<Value>(&nines).is_ok());
    assert!(
        serde_json::from_str::<Value>(&"9".repeat(400)).is_err(),
        "out of range"
    );
}

/// `0.30000000000000001` is read as `0.3`, which `validate` takes under a
/// `maximum` of 0.3 in a `Value`; the readers of text compare it as
/// written, above the bound, and refuse it. The grammar writes only
/// decimals within the bound (and short ones that round onto it, which are
/// `0.3` itself, whose decimal value exceeds the float's): a narrowing,
/// never a widening.
#[test]
fn a_decimal_beyond_the_bound_that_rounds_onto_it_is_not_written() {
    let case = Case::new(json!({"type": "number", "maximum": 0.3}));
    assert!(!case.accepts("0.30000000000000001"));
    assert!(!case.matches("0.30000000000000001"));
    let value: Value = serde_json::from_str(r#"{"n": 0.30000000000000001}"#).unwrap();
    assert!(case.schema.is_valid(&value));
    expect(
        json!({"type": "number", "maximum": 0.3}),
        &["0.3", "0.30", "0.2999", "-7", "!0.3000001"],
    );
    // A long text within a few floats of the bound is not written (it may
    // be read below it): this one is, as a decimal, just below the float.
    expect(
        json!({"type": "number", "minimum": 0.1}),
        &[
            "0.1",
            "0.10",
            "!0.1000000000000000055511151231257827",
            "0.1000000000000003",
            "!0.10000000000000009",
            "!0.09999",
        ],
    );
}

#[test]
fn ranges_across_zero() {
    expect(
        json!({"type": "number", "minimum": -1.5, "maximum": 1.5}),
        &[
            "1.5",
            "-1.5",
            "1.50",
            "-1.500",
            "0",
            "-0.0",
            "1.4999",
            "-0.25",
            "!1.5000001",
            "!-1.51",
            "!2",
            "!-2",
            "1",
        ],
    );
    expect(
        json!({"type": "integer", "minimum": -1.5, "maximum": 1.5}),
        &["1", "-1", "0", "-0", "!2", "!-2", "!1.0"],
    );
}

#[test]
fn unbounded_numbers_stay_finite() {
    let written = [
        "9.999e307",
        "1e307",
        "1E+307",
        "-9.9999999999999999999e307",
        "1e-999",
        "0e0",
        "1.5e-5",
        "-0.0",
        "0.5",
        "123.456",
    ];
    let refused = [
        "1e308", "10e5", "1e0307", "1e-1000", "1.e5", ".5", "01", "1e", "+1",
    ];
    let case = Case::new(json!({"type": "number"}));
    for text in written {
        assert!(case.matches(text), "{text}");
        assert!(serde_json::from_str::<Value>(text).is_ok(), "{text} reads");
        case.check(text);
    }
    for text in refused {
        assert!(!case.matches(text), "{text}");
    }
    let nines = "9".repeat(308);
    assert!(case.matches(&format!("{nines}.5")) && !case.matches(&format!("9{nines}")));
}

#[test]
fn enums_are_written_as_their_values_read_back() {
    expect(
        json!({"type": "integer", "enum": [2.0, 3, 1e300], "maximum": 10}),
        &["2", "3", "!2.0", "!1e300"],
    );
    expect(
        json!({"type": "number", "enum": [1.0, 2.5, -0.5], "minimum": 0}),
        &["1.0", "2.5", "!1", "!-0.5"],
    );
    let big = Case::new(json!({"type": "integer", "enum": [1e300]}));
    assert!(!big.body.is_nothing());
}

#[test]
fn one_change_per_node() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {
            "a": {"type": "integer", "minimum": 0},
            "b": {"type": "number", "enum": [1, 2]},
            "c": {"type": "number"}
        }
    }))
    .unwrap();
    let changes = schema.grammar(GrammarFormat::Gbnf).changes;
    let at = |code: crate::ChangeCode| -> Vec<String> {
        changes
            .iter()
            .filter(|c| c.code == code)
            .map(|c| c.pointer.clone())
            .collect()
    };
    assert_eq!(
        at(crate::ChangeCode::GrammarIntegerSpelling),
        ["/properties/a"]
    );
    assert_eq!(
        at(crate::ChangeCode::GrammarEnumSpelling),
        ["/properties/b"]
    );
    assert_eq!(
        at(crate::ChangeCode::GrammarNumberSpelling),
        ["/properties/c"]
    );
}
