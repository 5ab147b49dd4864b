//! The scan: reads the text byte by byte (every read bounds-checked, no
//! recursion: nesting is tracked on an explicit stack) and descends only
//! into the values the trie names.

use std::fmt::Write as _;

use super::json_string::decode_string;
use super::trie::Trie;
use super::Span;

/// An object or array the scan is inside of, on the path to a pointer.
struct Frame {
    /// The trie node of this container's value.
    node: usize,
    is_object: bool,
    /// The next element's index (arrays only).
    index: usize,
    /// Whether no member has been read yet (no comma expected).
    first: bool,
}

/// Reads the text byte by byte; every read is bounds-checked.
pub(super) struct Scanner<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
}

impl<'t> Scanner<'t> {
    pub(super) fn new(text: &'t str) -> Self {
        Scanner {
            text,
            bytes: text.as_bytes(),
            pos: 0,
        }
    }

    /// The byte at the cursor, if any.
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Moves past JSON whitespace.
    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Scans the document, recording where each trie node's value is.
    /// Stops quietly at the first thing that is not JSON.
    pub(super) fn walk(&mut self, trie: &mut Trie) {
        self.skip_whitespace();
        if self.peek().is_none() {
            return;
        }
        let mut stack = Vec::new();
        self.enter(trie, Trie::ROOT, None, &mut stack);
        while !stack.is_empty() && self.step(trie, &mut stack).is_some() {}
        // Containers still open: the text is truncated; they run to its end.
        for frame in stack {
            trie.set_end(frame.node, self.bytes.len());
        }
    }

    /// Reads the next member or element of the innermost open container,
    /// or its closing bracket. `None` when the text stops being JSON.
    fn step(&mut self, trie: &mut Trie, stack: &mut Vec<Frame>) -> Option<()> {
        self.skip_whitespace();
        let frame = stack.last_mut()?;
        match self.peek()? {
            b'}' | b']' => {
                self.pos += 1;
                trie.set_end(frame.node, self.pos);
                stack.pop();
                return Some(());
            }
            b',' if !frame.first => {
                self.pos += 1;
                self.skip_whitespace();
            }
            _ if frame.first => {}
            _ => return None,
        }
        frame.first = false;
        let (child, key) = if frame.is_object {
            let key = self.member_key()?;
            let token = decode_string(&self.text[key.start + 1..key.end - 1]);
            let child = token.and_then(|token| trie.child(frame.node, &token));
            (child, Some(key))
        } else {
            let mut token = String::new();
            write!(token, "{}", frame.index).ok()?;
            frame.index += 1;
            (trie.child(frame.node, &token), None)
        };
        match child {
            Some(child) => self.enter(trie, child, key, stack),
            None => self.pos = value_end(self.bytes, self.pos)?,
        }
        Some(())
    }

    /// Reads `"key" :` and returns the key's span, quotes included.
    fn member_key(&mut self) -> Option<Span> {
        let start = self.pos;
        if self.peek()? != b'"' {
            return None;
        }
        let end = string_end(self.bytes, start)?;
        self.pos = end;
        self.skip_whitespace();
        if self.peek()? != b':' {
            return None;
        }
        self.pos += 1;
        self.skip_whitespace();
        Some(start..end)
    }

    /// At the start of the value of trie node `node`: records it, then
    /// either opens it (when a pointer goes deeper) or skips it.
    fn enter(&mut self, trie: &mut Trie, node: usize, key: Option<Span>, stack: &mut Vec<Frame>) {
        let start = self.pos;
        trie.record(node, key, start);
        let opener = self.peek();
        if trie.has_children(node) && matches!(opener, Some(b'{' | b'[')) {
            self.pos += 1;
            stack.push(Frame {
                node,
                is_object: opener == Some(b'{'),
                index: 0,
                first: true,
            });
            return;
        }
        let end = value_end(self.bytes, start).unwrap_or(self.bytes.len());
        trie.set_end(node, end);
        self.pos = end;
    }
}

/// The end (exclusive) of the string that starts with the quote at `start`.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    loop {
        match bytes.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
}

/// The end (exclusive) of the value that starts at `start`, without
/// recursion: brackets are counted, strings skipped whole.
fn value_end(bytes: &[u8], start: usize) -> Option<usize> {
    match bytes.get(start)? {
        b'"' => string_end(bytes, start),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = start;
            loop {
                match bytes.get(i)? {
                    b'"' => {
                        i = string_end(bytes, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            // A number or a literal: up to the next delimiter.
            let len = bytes[start..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))
                .unwrap_or(bytes.len() - start);
            (len > 0).then_some(start + len)
        }
    }
}
