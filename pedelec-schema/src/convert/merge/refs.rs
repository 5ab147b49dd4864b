//! References: a local `$ref` is written inline (its target read where it
//! stands, so changes inside carry the target's pointer); a recursive one
//! is followed [`MAX_RECURSION`] deep, then dropped; a remote one is never
//! fetched.

use serde_json::Value;

use super::read_node;
use crate::change::ChangeCode;
use crate::convert::context::{Context, MAX_RECURSION};
use crate::convert::error::ConvertErrorCode;
use crate::convert::shape::Node;
use crate::message::Described;

/// The node `$ref` (found at `at`) stands for.
pub(super) fn follow(ctx: &mut Context<'_>, reference: &Value, at: &str) -> Node {
    let Value::String(reference) = reference else {
        ctx.fail(
            ConvertErrorCode::NotASchema,
            at,
            format!(
                "`$ref` must be a URI reference in a string, found {}",
                Described(reference)
            ),
        );
        return Node::anything(at);
    };
    let Some(fragment) = local_fragment(ctx.document, reference) else {
        ctx.note(
            ChangeCode::RemoteRefDropped,
            at,
            format!(
                "`$ref: \"{reference}\"` points into another document, which is never fetched; \
                 it was dropped, and the handler must check what that schema says"
            ),
        );
        return Node::anything(at);
    };
    let Some(target) = resolve(ctx.document, &fragment) else {
        ctx.fail(
            ConvertErrorCode::UnresolvedRef,
            at,
            format!("`$ref: \"{reference}\"` points at nothing in the document"),
        );
        return Node::anything(at);
    };
    let (pointer, value) = target;
    let depth = ctx.ref_stack.iter().filter(|p| **p == pointer).count();
    if depth >= MAX_RECURSION {
        ctx.note(
            ChangeCode::RecursiveRefCut,
            at,
            format!(
                "`{reference}` contains itself; it was written inline {MAX_RECURSION} levels \
                 deep and dropped below: the handler must check deeper levels"
            ),
        );
        return Node::anything(at);
    }
    ctx.note(
        ChangeCode::RefInlined,
        at,
        format!("`$ref: \"{reference}\"` was written inline"),
    );
    ctx.ref_stack.push(pointer.clone());
    let node = read_node(ctx, value, &pointer);
    ctx.ref_stack.pop();
    node
}

/// The fragment of a reference into this document: `#...`, or the root's
/// `$id` followed by `#...`. `None` for any other document.
fn local_fragment(document: &Value, reference: &str) -> Option<String> {
    let (base, fragment) = reference.split_once('#').unwrap_or((reference, ""));
    let own_id = document.get("$id").and_then(Value::as_str);
    let same_document = base.is_empty()
        || own_id.is_some_and(|id| id.split_once('#').map_or(id, |(id, _)| id) == base);
    same_document.then(|| percent_decode(fragment))
}

/// The pointer and value a fragment names: a JSON Pointer (`/$defs/x`),
/// or a plain name declared with `$anchor` (or draft 6/7's `$id: "#name"`).
fn resolve<'d>(document: &'d Value, fragment: &str) -> Option<(String, &'d Value)> {
    if fragment.is_empty() || fragment.starts_with('/') {
        return document
            .pointer(fragment)
            .map(|value| (fragment.to_owned(), value));
    }
    find_anchor(document, fragment)
}

/// The node that declares the anchor `name`, searched breadth-first
/// without recursion.
fn find_anchor<'d>(document: &'d Value, name: &str) -> Option<(String, &'d Value)> {
    let hashed = format!("#{name}");
    let mut pending: std::collections::VecDeque<(String, &Value)> =
        std::collections::VecDeque::from([(String::new(), document)]);
    while let Some((at, value)) = pending.pop_front() {
        match value {
            Value::Object(map) => {
                let declares = map.get("$anchor").and_then(Value::as_str) == Some(name)
                    || map.get("$id").and_then(Value::as_str) == Some(hashed.as_str());
                if declares {
                    return Some((at, value));
                }
                for (key, child) in map {
                    pending.push_back((crate::pointer::join(&at, key), child));
                }
            }
            Value::Array(items) => {
                for (index, child) in items.iter().enumerate() {
                    let mut here = at.clone();
                    crate::pointer::push_index(&mut here, index);
                    pending.push_back((here, child));
                }
            }
            _ => {}
        }
    }
    None
}

/// `%XX` escapes decoded (a URI fragment escapes what a JSON Pointer
/// spells literally); a malformed escape is kept as written.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fragments_of_this_document_only() {
        let document = json!({"$id": "https://example.com/tool.json"});
        assert_eq!(
            local_fragment(&document, "#/$defs/a%20b"),
            Some("/$defs/a b".to_owned())
        );
        assert_eq!(
            local_fragment(&document, "https://example.com/tool.json#/x"),
            Some("/x".to_owned())
        );
        assert_eq!(local_fragment(&document, "other.json#/x"), None);
        assert_eq!(local_fragment(&document, "#"), Some(String::new()));
    }

    #[test]
    fn anchors_and_pointers_resolve() {
        let document = json!({"$defs": {"a": {"$anchor": "here", "type": "string"}}});
        let (at, value) = resolve(&document, "here").unwrap();
        assert_eq!(at, "/$defs/a");
        assert_eq!(value["type"], "string");
        assert!(resolve(&document, "/$defs/missing").is_none());
        assert!(resolve(&document, "nowhere").is_none());
        assert_eq!(percent_decode("%7e%zz%"), "~%zz%");
    }
}
