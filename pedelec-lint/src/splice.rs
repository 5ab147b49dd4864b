//! Replacing values inside a JSON text, keeping every other byte.
//!
//! Reading a file into a `serde_json::Value` and writing it back would sort
//! its keys (serde_json's map is sorted unless its `preserve_order` feature
//! is on, which would change the library's behaviour everywhere) and lose
//! its layout. So `--fix` and `--export` replace only the bytes of the
//! schemas they rewrite, found by `locate/`, and leave the rest of the
//! file - its key order, its formatting, its line endings - as it was.

use std::ops::Range;

use serde::Serialize;

/// One replacement: the bytes of a value, and the text to put there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub span: Range<usize>,
    pub text: String,
}

impl Edit {
    /// Replaces `span` of `text` with `value`, written as the old value
    /// was: on one line if it was on one line, else pretty-printed with the
    /// old value's indentation unit, each line indented as the line the old
    /// value starts on, and ended as the old value's lines were (`\r\n` or
    /// `\n`).
    pub fn written_like(text: &str, span: Range<usize>, value: &impl Serialize) -> Edit {
        let original = &text[span.clone()];
        let text = if original.contains('\n') {
            pretty(text, &span, value)
        } else {
            serde_json::to_string(value).expect("a schema serializes")
        };
        Edit { span, text }
    }
}

fn pretty(text: &str, span: &Range<usize>, value: &impl Serialize) -> String {
    let original = &text[span.clone()];
    let line_start = text[..span.start].rfind('\n').map_or(0, |at| at + 1);
    let base: String = text[line_start..span.start]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let unit = indent_unit(original, &base);
    let mut pretty = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(unit.as_bytes());
    let mut serializer = serde_json::Serializer::with_formatter(&mut pretty, formatter);
    value
        .serialize(&mut serializer)
        .expect("a schema serializes");
    let pretty = String::from_utf8(pretty).expect("serde_json writes UTF-8");
    let newline = if original.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    pretty.replace('\n', &format!("{newline}{base}"))
}

/// The indentation one level adds in `original` (a multi-line value whose
/// first line is indented by `base`): the least indentation of its inner
/// lines beyond `base`; two spaces when it cannot tell.
fn indent_unit(original: &str, base: &str) -> String {
    original
        .lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let indent: String = line
                .chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect();
            indent.strip_prefix(base).unwrap_or("").to_owned()
        })
        .filter(|unit| !unit.is_empty())
        .min_by_key(String::len)
        .unwrap_or_else(|| "  ".to_owned())
}

/// `text` with every edit applied (edits do not overlap: each is one
/// schema of the file).
pub fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|edit| edit.span.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in edits {
        out.push_str(&text[at..edit.span.start]);
        out.push_str(&edit.text);
        at = edit.span.end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pedelec_schema::schema::ObjectNode;
    use pedelec_schema::SchemaNode;

    fn schema() -> ObjectNode {
        SchemaNode::object().required_property("q", SchemaNode::string())
    }

    #[test]
    fn one_line_stays_one_line() {
        let text = r#"{"name": "t", "inputSchema": {"type": "object", "title": "x"}}"#;
        let start = text.find("{\"type").unwrap();
        let end = text.len() - 1;
        let replaced = Edit::written_like(text, start..end, &schema()).text;
        assert_eq!(
            replaced,
            r#"{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}"#
        );
    }

    #[test]
    fn multi_line_keeps_indentation_and_line_endings() {
        let text = "{\r\n\t\"name\": \"t\",\r\n\t\"inputSchema\": {\r\n\t\t\"type\": \"object\"\r\n\t}\r\n}";
        let start = text.find("{\r\n\t\t").unwrap();
        let end = text.rfind('}').unwrap() - 2;
        assert_eq!(&text[end - 1..end], "}");
        let replaced = Edit::written_like(text, start..end, &schema()).text;
        assert_eq!(
            replaced,
            "{\r\n\t\t\"type\": \"object\",\r\n\t\t\"properties\": {\r\n\t\t\t\"q\": {\r\n\t\t\t\t\"type\": \
             \"string\"\r\n\t\t\t}\r\n\t\t},\r\n\t\t\"required\": [\r\n\t\t\t\"q\"\r\n\t\t]\r\n\t}"
        );
    }

    #[test]
    fn edits_apply_in_place_of_their_spans() {
        let text = "[AAA, BB, C]";
        let edits = vec![
            Edit {
                span: 6..8,
                text: "x".to_owned(),
            },
            Edit {
                span: 1..4,
                text: "yyyy".to_owned(),
            },
        ];
        assert_eq!(apply(text, edits), "[yyyy, x, C]");
    }

    #[test]
    fn a_multi_line_value_is_indented_like_its_line() {
        let text = "[\n  {\"name\": \"t\",\n    \"s\": {\n      \"type\": \"object\"\n    }}\n]";
        let start = text.find("{\n      \"type\"").unwrap();
        let end = text.rfind('}').unwrap();
        let written = Edit::written_like(text, start..end, &serde_json::json!({"a": [1]})).text;
        assert_eq!(written, "{\n      \"a\": [\n        1\n      ]\n    }");
    }
}
