//! The state of one conversion: the source document, its dialect, the
//! changes made so far, the reasons it cannot succeed, and the bounds that
//! keep any input - recursive, fanning out, nested deep - finite.

use std::collections::HashSet;

use serde_json::Value;

use super::dialect::Draft;
use super::error::{ConvertErrorCode, ConvertReason};
use crate::change::{Change, ChangeCode};

/// How many source nodes one conversion reads, counting a definition once
/// per place it is written inline. Far above any real tool schema; it stops
/// references that fan out level after level (each definition using the
/// previous one twice) from growing the result without bound.
pub(super) const MAX_NODES_READ: usize = 20_000;

/// How deep reading may recurse, whatever the nesting of a value built in
/// code (serde_json stops at 128 when it parses text). The converted
/// schema nests at most [`MAX_DEPTH`](crate::MAX_DEPTH) (64) anyway; the
/// rest is room for `allOf` and references, which add no depth to it. A
/// debug build on a 2 MiB thread stack (a test thread's) overflows between
/// 128 and 160 levels: 96 leaves a margin.
pub(super) const MAX_READ_DEPTH: usize = 96;

/// How many times one definition may stand on a path from the root: a
/// recursive definition is written inline this many times, then the
/// reference is dropped (`recursive_ref_cut`).
pub(super) const MAX_RECURSION: usize = 3;

/// One conversion's state.
pub(super) struct Context<'d> {
    pub(super) document: &'d Value,
    pub(super) draft: Draft,
    changes: Vec<Change>,
    seen: HashSet<(String, ChangeCode, String)>,
    pub(super) errors: Vec<ConvertReason>,
    /// The targets of the references being written inline, outermost first.
    pub(super) ref_stack: Vec<String>,
    nodes_read: usize,
    too_large_reported: bool,
    pub(super) depth: usize,
    /// How many changes that widen were made (each time, even when the
    /// change was already recorded), so that a node knows whether reading
    /// or writing it widened anything.
    pub(super) widenings: usize,
}

impl<'d> Context<'d> {
    pub(super) fn new(document: &'d Value) -> Self {
        Context {
            document,
            draft: Draft::of(document),
            changes: Vec::new(),
            seen: HashSet::new(),
            errors: Vec::new(),
            // The root stands on every path: `$ref: "#"` recurses into it.
            ref_stack: vec![String::new()],
            nodes_read: 0,
            too_large_reported: false,
            depth: 0,
            widenings: 0,
        }
    }

    /// Records a change. A change made again (a definition written inline
    /// in two places makes its changes twice) is recorded once.
    pub(super) fn note(&mut self, code: ChangeCode, at: &str, message: impl Into<String>) {
        let message = message.into();
        if code.effect() == crate::change::Effect::Widens {
            self.widenings += 1;
        }
        let key = (at.to_owned(), code, message);
        if self.seen.insert(key.clone()) {
            let (at, code, message) = key;
            self.changes.push(Change::new(code, at, message));
        }
    }

    /// Records why the conversion cannot succeed.
    pub(super) fn fail(&mut self, code: ConvertErrorCode, at: &str, message: impl Into<String>) {
        let reason = ConvertReason::new(code, at, message);
        if !self.errors.contains(&reason) {
            self.errors.push(reason);
        }
    }

    /// Counts one node read; `false` once the budget is spent (reported
    /// once).
    pub(super) fn count_node(&mut self, at: &str) -> bool {
        self.nodes_read += 1;
        if self.nodes_read <= MAX_NODES_READ {
            return true;
        }
        if !self.too_large_reported {
            self.too_large_reported = true;
            self.fail(
                ConvertErrorCode::TooLarge,
                at,
                format!(
                    "writing every reference inline would read more than {MAX_NODES_READ} \
                     nodes; tool arguments should be small enough to inspect: simplify the \
                     definitions"
                ),
            );
        }
        false
    }

    /// The changes, in the order of their pointers (reference token by
    /// token, array indices by value), those at one place in the order they
    /// were made.
    pub(super) fn into_changes(mut self) -> Vec<Change> {
        self.changes
            .sort_by_cached_key(|change| sort_key(&change.pointer));
        self.changes
    }
}

/// A pointer's tokens, indices as numbers, so that `/oneOf/10` follows
/// `/oneOf/9`.
fn sort_key(pointer: &str) -> Vec<(u64, String)> {
    crate::pointer::tokens(pointer)
        .unwrap_or_default()
        .into_iter()
        .map(|token| match token.parse::<u64>() {
            Ok(index) if !token.starts_with('0') || token == "0" => (index, String::new()),
            _ => (u64::MAX, token),
        })
        .collect()
}
