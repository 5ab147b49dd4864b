//! V8 as the oracle of the pattern grammar, without Node: replays the
//! verdicts of `new RegExp(p, "u")` and of `regexp.test(text)` that
//! `scripts/ecma-oracle/record.mjs` recorded in
//! `tests/fixtures/ecma_verdicts.json`.
//!
//! Every pattern V8 refuses, `Pattern::new` refuses, as a syntax error;
//! every pattern V8 accepts, it accepts, or refuses for one of the reasons
//! the crate documents (what a linear-time engine cannot run, lone
//! surrogates, limits, properties the regex engine lacks); where both
//! accept, both match the same strings.

use std::collections::BTreeMap;

use pedelec_schema::Pattern;
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    about: serde_json::Value,
    verdicts: Vec<Verdict>,
}

#[derive(Deserialize)]
struct Verdict {
    /// The pattern.
    p: String,
    /// Whether V8 accepts it.
    ok: bool,
    /// Texts and whether V8 finds a match in each, when it accepts.
    #[serde(default)]
    m: Vec<(String, bool)>,
}

/// The documented reasons to refuse what ECMA-262 accepts, each by a phrase
/// its message always holds.
const DOCUMENTED_REASONS: &[(&str, &str)] = &[
    ("the engine lacks the property", "Unicode tables"),
    (
        "linear-time engine",
        "is not supported: patterns run on a linear-time engine",
    ),
    ("lone surrogate", "half of a UTF-16 surrogate pair"),
    ("repetition count limit", "beyond the limit"),
    ("compiled size limit", "the pattern compiles to more than"),
];

fn documented_reason(message: &str) -> Option<&'static str> {
    DOCUMENTED_REASONS
        .iter()
        .find(|(_, phrase)| message.contains(phrase))
        .map(|(reason, _)| *reason)
}

fn fixture() -> Fixture {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ecma_verdicts.json");
    let text = std::fs::read_to_string(path).expect("the recorded verdicts");
    serde_json::from_str(&text).expect("valid verdicts")
}

#[test]
fn patterns_are_refused_and_matched_as_v8_does() {
    let fixture = fixture();
    let mut failures = Vec::new();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut texts = 0;
    for Verdict { p, ok, m } in &fixture.verdicts {
        match (Pattern::new(p), ok) {
            (Err(err), false) => {
                let message = err.to_string();
                if let Some(reason) = documented_reason(&message) {
                    failures.push(format!(
                        "{p:?}: V8 sees a syntax error; we say {reason}: {message}"
                    ));
                }
                *counts.entry("refused by both").or_default() += 1;
            }
            (Ok(_), false) => failures.push(format!("{p:?}: V8 refuses it; we accept it")),
            (Err(err), true) => {
                let message = err.to_string();
                match documented_reason(&message) {
                    Some(reason) => *counts.entry(reason).or_default() += 1,
                    None => failures.push(format!("{p:?}: V8 accepts it; we refuse: {message}")),
                }
            }
            (Ok(pattern), true) => {
                *counts.entry("accepted by both").or_default() += 1;
                for (text, expected) in m {
                    texts += 1;
                    if pattern.is_match(text) != *expected {
                        failures.push(format!(
                            "{p:?} on {text:?}: V8 says {expected}, we say {}",
                            !expected
                        ));
                    }
                }
            }
        }
    }
    println!("{}", fixture.about);
    println!("{counts:#?}; match verdicts compared: {texts}");
    assert!(
        failures.is_empty(),
        "{} disagreements with V8:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The fixture holds what it claims: thousands of each verdict.
    assert!(counts["refused by both"] > 5000 && counts["accepted by both"] > 3000);
    assert!(texts > 10_000);
}
