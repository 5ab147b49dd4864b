//! Maps JSON Pointers (RFC 6901) back to where they point in the source
//! text, so that a diagnostic can name a line and column.
//!
//! `serde_json::Value` forgets positions, so this module scans the text
//! again. It is a small scanner, not a parser: the text has already been
//! parsed by serde_json, and the scanner only has to find keys and values.
//! Still, it never panics and never recurses, whatever the text (truncated,
//! nested a million deep, not JSON at all): every byte is read with a bounds
//! check and nesting is tracked with explicit stacks.
//!
//! All pointers of a file are looked up in one pass ([`locate_all`]): they
//! are put in a trie of reference tokens, and the scan descends only into
//! the values the trie names, skipping everything else. The cost is linear
//! in the text, however many findings a file has.
//!
//! Object members are matched on their *decoded* key (`"a\u0062"` is the
//! key `ab`). When a key occurs twice, serde_json keeps the last value, so
//! the last occurrence wins here too.

mod json_string;
mod scanner;
mod trie;

use std::ops::Range;

use scanner::Scanner;
use trie::Trie;

/// A byte range in the source text.
pub type Span = Range<usize>;

/// Where a JSON Pointer points in the source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The member's key, quotes included, when the pointer's last token
    /// names an object member.
    pub key: Option<Span>,
    /// The whole value (to the end of the text if it is truncated).
    pub value: Span,
    /// Whether the whole pointer was found. When it was not (a pointer that
    /// does not fit the text), the location is that of its longest prefix
    /// that was found.
    pub exact: bool,
}

impl Location {
    /// The span a diagnostic underlines: the key of an object member (a
    /// keyword such as `"format"`, or a property name); otherwise the value,
    /// cut to its opening bracket when it is an object or array, so that
    /// the caret stays on one line.
    pub fn target(&self, text: &str) -> Span {
        if let Some(key) = &self.key {
            return key.clone();
        }
        match text.as_bytes().get(self.value.start) {
            Some(b'{' | b'[') => self.value.start..self.value.start + 1,
            _ => self.value.clone(),
        }
    }
}

/// Where `pointer` points in `text`; `None` when `text` holds no JSON value
/// at all.
#[cfg(test)]
pub fn locate(text: &str, pointer: &str) -> Option<Location> {
    locate_all(text, &[pointer]).pop().flatten()
}

/// Where each of `pointers` points in `text`, in the same order; an entry
/// is `None` only when `text` holds no JSON value at all. A pointer that is
/// not valid RFC 6901 is located at the root, with `exact == false`.
pub fn locate_all(text: &str, pointers: &[&str]) -> Vec<Option<Location>> {
    let mut trie = Trie::default();
    let targets: Vec<(usize, bool)> = pointers.iter().map(|p| trie.insert(p)).collect();
    Scanner::new(text).walk(&mut trie);
    targets
        .into_iter()
        .map(|(node, complete)| trie.location(node, complete))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use super::*;

    /// The text of the span the pointer's diagnostic would underline.
    fn target<'t>(text: &'t str, pointer: &str) -> &'t str {
        let location = locate(text, pointer).expect("text has a value");
        assert!(location.exact, "{pointer} not found exactly: {location:?}");
        &text[location.target(text)]
    }

    const SCHEMA: &str = r#"{
  "type": "object",
  "properties": {
    "when": {"type": "string", "format": "date-time"},
    "tags": {"type": "array", "items": {"type": "string"}},
    "items": {"type": "integer"}
  },
  "required": ["when", "tags", "nope"]
}"#;

    #[test]
    fn keyword_pointers_point_at_the_key() {
        assert_eq!(target(SCHEMA, "/properties/when/format"), r#""format""#);
        assert_eq!(target(SCHEMA, "/properties/tags/items/type"), r#""type""#);
        assert_eq!(target(SCHEMA, "/properties/items"), r#""items""#);
    }

    #[test]
    fn array_elements_point_at_the_value() {
        assert_eq!(target(SCHEMA, "/required/2"), r#""nope""#);
        assert_eq!(target(SCHEMA, "/required/0"), r#""when""#);
    }

    #[test]
    fn containers_underline_their_opening_bracket() {
        assert_eq!(target(SCHEMA, ""), "{");
        assert_eq!(target("[1, [2, 3]]", "/1"), "[");
        let location = locate("[1, [2, 3]]", "/1").unwrap();
        assert_eq!(location.value, 4..10);
    }

    #[test]
    fn member_spans_cover_key_and_value() {
        let location = locate(SCHEMA, "/properties/when/format").unwrap();
        let key = location.key.clone().unwrap();
        assert_eq!(&SCHEMA[key], r#""format""#);
        assert_eq!(&SCHEMA[location.value], r#""date-time""#);
        let location = locate(SCHEMA, "/properties/tags").unwrap();
        assert_eq!(
            &SCHEMA[location.value],
            r#"{"type": "array", "items": {"type": "string"}}"#
        );
    }

    #[test]
    fn scalars_span_the_whole_token() {
        let text = r#"{"a": -12.5e3, "b": true, "c": null, "d": "x\"y"}"#;
        let span = |p| {
            let location = locate(text, p).unwrap();
            &text[location.value]
        };
        assert_eq!(span("/a"), "-12.5e3");
        assert_eq!(span("/b"), "true");
        assert_eq!(span("/c"), "null");
        assert_eq!(span("/d"), r#""x\"y""#);
    }

    #[test]
    fn escaped_keys_are_matched_decoded() {
        let text =
            r#"{"a\u0062": 1, "q\"uote": 2, "back\\slash": 3, "\ud83d\udc32": 4, "tab\t": 5}"#;
        assert_eq!(target(text, "/ab"), r#""a\u0062""#);
        assert_eq!(target(text, "/q\"uote"), r#""q\"uote""#);
        assert_eq!(target(text, "/back\\slash"), r#""back\\slash""#);
        assert_eq!(target(text, "/🐲"), r#""\ud83d\udc32""#);
        assert_eq!(target(text, "/tab\t"), r#""tab\t""#);
    }

    #[test]
    fn pointer_escapes_are_unescaped() {
        let text = r#"{"a/b": {"c~d": 1}}"#;
        assert_eq!(target(text, "/a~1b/c~0d"), r#""c~d""#);
    }

    #[test]
    fn the_last_duplicate_key_wins() {
        let text = r#"{"x": {"y": 1, "z": 2}, "x": {"y": 3}}"#;
        let location = locate(text, "/x").unwrap();
        assert_eq!(location.key.unwrap().start, 24);
        assert_eq!(&text[location.value], r#"{"y": 3}"#);
        let location = locate(text, "/x/y").unwrap();
        assert_eq!(&text[location.value], "3");
        // `/x/z` lives only in the discarded value: not found under the kept one.
        let location = locate(text, "/x/z").unwrap();
        assert!(!location.exact);
        assert_eq!(&text[location.value], r#"{"y": 3}"#);
    }

    #[test]
    fn non_ascii_text_before_the_token_is_skipped() {
        let text = "{\"description\": \"Größe – 🐲\", \"formät\": 1}";
        assert_eq!(target(text, "/formät"), "\"formät\"");
    }

    #[test]
    fn several_pointers_are_located_in_one_pass() {
        let found = locate_all(SCHEMA, &["/required/1", "", "/properties/when/type"]);
        let texts: Vec<&str> = found
            .iter()
            .map(|l| &SCHEMA[l.as_ref().unwrap().target(SCHEMA)])
            .collect();
        assert_eq!(texts, [r#""tags""#, "{", r#""type""#]);
    }

    #[test]
    fn missing_pointers_fall_back_to_the_nearest_ancestor() {
        let location = locate(SCHEMA, "/properties/when/nothing/here").unwrap();
        assert!(!location.exact);
        assert_eq!(&SCHEMA[location.key.unwrap()], r#""when""#);
        // Indices are decimal without leading zeros (RFC 6901).
        assert!(!locate(SCHEMA, "/required/01").unwrap().exact);
        assert!(!locate(SCHEMA, "/required/-").unwrap().exact);
        // A token into a scalar finds the scalar.
        assert!(!locate(SCHEMA, "/type/0").unwrap().exact);
    }

    #[test]
    fn invalid_pointers_locate_the_root() {
        let location = locate(SCHEMA, "no-slash").unwrap();
        assert!(!location.exact);
        assert_eq!(location.value.start, 0);
        assert!(!locate(SCHEMA, "/bad~2").unwrap().exact);
    }

    #[test]
    fn empty_text_has_no_location() {
        assert_eq!(locate("", ""), None);
        assert_eq!(locate(" \n\t", "/a"), None);
    }

    #[test]
    fn truncated_text_never_panics() {
        for cut in 0..=SCHEMA.len() {
            let text = &SCHEMA[..cut];
            for pointer in ["", "/properties/when/format", "/required/2", "/x/0/y"] {
                if let Some(location) = locate(text, pointer) {
                    assert!(location.value.start <= location.value.end);
                    assert!(location.value.end <= text.len());
                    let _ = &text[location.target(text)];
                }
            }
        }
    }

    #[test]
    fn garbage_never_panics() {
        let samples = [
            "}",
            "]",
            ",",
            ":",
            "\"",
            "\\",
            "{\"a\"",
            "{\"a\":",
            "{\"a\" 1}",
            "[1,,2]",
            "{,}",
            "{\"a\":1,}",
            "[\"\\",
            "{\"\\u12",
            "{\"\\ud800\\u",
            "{\"\\x\": 1}",
            "nul",
            "é{",
            "[}",
            "{]",
            "\"\\\"",
            "{\"a\":[{\"b\":",
            "🐲",
            "[1 2]",
        ];
        for text in samples {
            for pointer in ["", "/a", "/a/0/b", "/0", "/1", "/\\x", "/a~1b"] {
                if let Some(location) = locate(text, pointer) {
                    assert!(location.value.end <= text.len(), "{text:?} {pointer}");
                    assert!(
                        text.get(location.target(text)).is_some(),
                        "{text:?} {pointer}"
                    );
                }
            }
        }
    }

    #[test]
    fn deep_nesting_does_not_overflow_the_stack() {
        let depth = 100_000;
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let pointer = "/0".repeat(depth - 1);
        let location = locate(&text, &pointer).unwrap();
        assert!(location.exact);
        assert_eq!(location.value, depth - 1..depth + 1);

        let objects = format!("{}1{}", r#"{"a":"#.repeat(depth), "}".repeat(depth));
        let location = locate(&objects, &"/a".repeat(depth)).unwrap();
        assert!(location.exact);
        assert_eq!(&objects[location.value], "1");

        // Unclosed: the open containers run to the end of the text.
        let open = "[".repeat(depth);
        let location = locate(&open, &"/0".repeat(10)).unwrap();
        assert!(location.exact);
        assert_eq!(location.value, 10..depth);
        assert_eq!(locate(&open, "").unwrap().value, 0..depth);
    }

    #[test]
    fn huge_documents_with_many_findings_stay_linear() {
        // 200 000 properties, one pointer each: quadratic work would not
        // finish in any reasonable time.
        let count = 200_000;
        let mut text = String::from("{\"properties\": {");
        for i in 0..count {
            if i > 0 {
                text.push_str(", ");
            }
            write!(
                text,
                "\"p{i}\": {{\"type\": \"string\", \"format\": \"x\"}}"
            )
            .unwrap();
        }
        text.push_str("}}");
        let pointers: Vec<String> = (0..count)
            .map(|i| format!("/properties/p{i}/format"))
            .collect();
        let refs: Vec<&str> = pointers.iter().map(String::as_str).collect();
        let found = locate_all(&text, &refs);
        assert_eq!(found.len(), count);
        assert!(found.iter().all(|l| l.as_ref().is_some_and(|l| l.exact)));
        let last = found.last().unwrap().as_ref().unwrap();
        assert_eq!(&text[last.target(&text)], "\"format\"");
    }
}
