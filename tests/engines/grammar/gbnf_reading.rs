//! The tests' reading of GBNF, checked on hand-written grammars whose
//! languages are known: escapes, classes, repetitions and llama.cpp's
//! repetition limit. The fixtures in `gbnf/` are read here too, with the
//! verdicts that `scripts/llama-cpp-gbnf.sh` expects from llama.cpp, so
//! that one set of texts ties this reading to the real parser.

use std::fs;
use std::path::Path;

use pedelec_schema_engines::gbnf::MAX_REPETITION;
use pedelec_schema_engines::oracle::{Oracle, Rng};

fn gbnf(grammar: &str) -> Oracle {
    Oracle::gbnf(grammar).unwrap_or_else(|error| panic!("{grammar}\ndoes not compile: {error}"))
}

#[test]
fn escapes_read_as_llama_cpp_reads_them() {
    let oracle = gbnf(r#"root ::= "\"" "\\" "\n" "\x41" "\u00e9" "\U0001F600" "\t\r\[\]\-""#);
    assert!(oracle.accepts("\"\\\nAé😀\t\r[]-"));
    assert!(!oracle.accepts("\"\\nAé😀\t\r[]-"));
    assert!(Oracle::gbnf(r#"root ::= "\q""#).is_err());
    assert!(Oracle::gbnf(r#"root ::= "\x4""#).is_err());
}

#[test]
fn classes_are_over_code_points() {
    let oracle = gbnf(r#"root ::= [^"\\] [a-c0-9-]"#);
    for accepted in ["ab", "é0", "😀-", "\nc", "a9"] {
        assert!(oracle.accepts(accepted), "{accepted:?}");
    }
    for refused in ["\"a", "\\a", "ad", "a", "abc"] {
        assert!(!oracle.accepts(refused), "{refused:?}");
    }
    // A `-` before `]` is itself, as the last of the class.
    let oracle = gbnf("root ::= [a-]");
    assert!(oracle.accepts("-") && oracle.accepts("a") && !oracle.accepts("b"));
    // `.` is any code point, a line break too.
    let oracle = gbnf("root ::= . .");
    assert!(oracle.accepts("\né") && !oracle.accepts("a"));
}

#[test]
fn repetitions_count_what_they_say() {
    let oracle = gbnf(r#"root ::= "a"{2} "b"{1,3} "c"{2,} "d"? "e"* "f"+"#);
    assert!(oracle.accepts("aabccf"));
    assert!(oracle.accepts("aabbbcccccdeeeff"));
    for refused in [
        "abccf",
        "aaabccf",
        "aaccf",
        "aabbbbccf",
        "aabcf",
        "aabccddf",
        "aabcc",
    ] {
        assert!(!oracle.accepts(refused), "{refused:?}");
    }
    let oracle = gbnf(r#"root ::= ( "x" "y" | "z" ){0,2} "x"{0}"#);
    for accepted in ["", "z", "xy", "zxy", "zz"] {
        assert!(oracle.accepts(accepted), "{accepted:?}");
    }
    assert!(!oracle.accepts("zzz") && !oracle.accepts("x"));
}

#[test]
fn llama_cpp_repetition_limit() {
    let at = format!(r#"root ::= "x"{{0,{MAX_REPETITION}}}"#);
    let oracle = gbnf(&at);
    assert!(oracle.accepts(&"x".repeat(MAX_REPETITION as usize)));
    assert!(!oracle.accepts(&"x".repeat(MAX_REPETITION as usize + 1)));
    // Above the limit the bound is dropped, not enforced.
    let above = format!(r#"root ::= "x"{{0,{}}}"#, MAX_REPETITION + 1);
    assert!(gbnf(&above).accepts(&"x".repeat(MAX_REPETITION as usize + 100)));
    // A minimum above it is refused, and so is a nesting whose product is.
    assert!(Oracle::gbnf(&format!(r#"root ::= "x"{{{}}}"#, MAX_REPETITION + 1)).is_err());
    assert!(Oracle::gbnf(r#"root ::= ( "x"{0,1000} ){0,3}"#).is_err());
    assert!(Oracle::gbnf(r#"root ::= ( "x"{0,500} ){0,3}"#).is_ok());
}

#[test]
fn rules_names_comments_and_line_breaks() {
    let oracle = gbnf(
        "# a comment line\n\
         root ::= Val-1 ( \",\"   # a comment after an item\n\
         \x20  Val-1 )*\n\
         Val-1 ::= \"a\" |\n    \"b\"\n",
    );
    for accepted in ["a", "b", "a,b,a"] {
        assert!(oracle.accepts(accepted), "{accepted:?}");
    }
    assert!(!oracle.accepts("a,") && !oracle.accepts(""));
}

#[test]
fn grammars_outside_the_reading_are_errors() {
    for broken in [
        "",
        r#"start ::= "a""#,
        "root ::= other",
        "root ::= *",
        r#"root ::= "a"{3,2}"#,
        "root ::= []",
        r#"root ::= "a"
root ::= "b""#,
        "root ::= <[12]>",
        r#"root ::= ( "a""#,
        r#"root ::= "a" ::= "b""#,
    ] {
        assert!(Oracle::gbnf(broken).is_err(), "{broken:?} was read");
    }
}

#[test]
fn gbnf_samples_are_accepted_again() {
    let oracle = gbnf(&fs::read_to_string(fixtures().join("string.gbnf")).unwrap());
    let mut rng = Rng::new(5);
    let mut sampled = 0;
    for _ in 0..300 {
        if let Some(text) = oracle.sample(&mut rng, 100) {
            let text = String::from_utf8(text).unwrap();
            let value: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|error| panic!("{text:?} is not a JSON string: {error}"));
            assert!(value.is_string() && oracle.accepts(&text));
            sampled += 1;
        }
    }
    assert!(sampled > 200, "only {sampled} walks ended");
}

fn fixtures() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/gbnf"))
}

/// The layout `scripts/llama-cpp-gbnf.sh` documents: NAME.gbnf with its
/// NAME.valid and NAME.invalid texts, one a line.
#[test]
fn fixtures_have_the_verdicts_llama_cpp_gives() {
    let mut checked = 0;
    for entry in fs::read_dir(fixtures()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "gbnf") {
            continue;
        }
        let oracle = gbnf(&fs::read_to_string(&path).unwrap());
        for (ext, want) in [("valid", true), ("invalid", false)] {
            let Ok(texts) = fs::read_to_string(path.with_extension(ext)) else {
                continue;
            };
            for text in texts.lines() {
                assert_eq!(oracle.accepts(text), want, "{}: {text:?}", path.display());
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "only {checked} fixture texts");
}
