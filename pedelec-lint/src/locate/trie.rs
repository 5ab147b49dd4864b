//! The reference tokens of every pointer looked up, in one trie shared by
//! prefix, and where the scan found each node's value.

use std::collections::HashMap;

use super::{Location, Span};

/// A JSON Pointer's position as a value start and, for object members, a key.
#[derive(Debug, Clone)]
struct Found {
    key: Option<Span>,
    value: Span,
}

#[derive(Debug, Default)]
struct TrieNode {
    parent: Option<usize>,
    /// Children by (unescaped) reference token.
    children: HashMap<String, usize>,
    /// Where the scan found this node's value, if it did.
    found: Option<Found>,
}

/// The reference tokens of every pointer looked up, shared by prefix.
#[derive(Debug)]
pub(super) struct Trie {
    nodes: Vec<TrieNode>,
}

impl Default for Trie {
    fn default() -> Self {
        Trie {
            nodes: vec![TrieNode::default()],
        }
    }
}

impl Trie {
    /// The node of the empty pointer, the whole document.
    pub(super) const ROOT: usize = 0;

    /// Adds `pointer`; returns its node and whether the pointer was valid
    /// (an invalid one stands for the root).
    pub(super) fn insert(&mut self, pointer: &str) -> (usize, bool) {
        let Some(tokens) = crate::pointer::tokens(pointer) else {
            return (Self::ROOT, false);
        };
        let mut node = Self::ROOT;
        for token in tokens {
            node = match self.nodes[node].children.get(&token) {
                Some(&child) => child,
                None => {
                    let child = self.nodes.len();
                    self.nodes.push(TrieNode {
                        parent: Some(node),
                        ..TrieNode::default()
                    });
                    self.nodes[node].children.insert(token, child);
                    child
                }
            };
        }
        (node, true)
    }

    /// The child of `node` for reference token `token`, if a pointer has it.
    pub(super) fn child(&self, node: usize, token: &str) -> Option<usize> {
        self.nodes[node].children.get(token).copied()
    }

    /// Whether some pointer goes deeper than `node`.
    pub(super) fn has_children(&self, node: usize) -> bool {
        !self.nodes[node].children.is_empty()
    }

    /// Records where `node`'s value starts. A node found before came from
    /// an earlier duplicate key, which serde_json discards: forget what
    /// was found under it, so that nothing points into the discarded value.
    pub(super) fn record(&mut self, node: usize, key: Option<Span>, start: usize) {
        if self.nodes[node].found.is_some() {
            self.forget_descendants(node);
        }
        self.nodes[node].found = Some(Found {
            key,
            value: start..start,
        });
    }

    /// Records where `node`'s value ends, once the scan knows.
    pub(super) fn set_end(&mut self, node: usize, end: usize) {
        if let Some(found) = &mut self.nodes[node].found {
            found.value.end = end;
        }
    }

    /// Clears what was found under `node` (the trie is small: one node per
    /// distinct pointer prefix).
    fn forget_descendants(&mut self, node: usize) {
        let mut pending: Vec<usize> = self.nodes[node].children.values().copied().collect();
        while let Some(next) = pending.pop() {
            self.nodes[next].found = None;
            pending.extend(self.nodes[next].children.values().copied());
        }
    }

    /// The location of `node`, or of its nearest found ancestor.
    pub(super) fn location(&self, node: usize, complete: bool) -> Option<Location> {
        let mut current = Some(node);
        while let Some(id) = current {
            if let Some(found) = &self.nodes[id].found {
                return Some(Location {
                    key: found.key.clone(),
                    value: found.value.clone(),
                    exact: complete && id == node,
                });
            }
            current = self.nodes[id].parent;
        }
        None
    }
}
