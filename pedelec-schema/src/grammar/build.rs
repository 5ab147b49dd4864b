//! What every builder of a grammar writes into: the rule table, the changes
//! (each at the schema pointer of the node being built), and the format's
//! capabilities, which a builder asks before it writes an intersection.

use super::expr::{Expr, RuleKind, Rules};
use super::GrammarFormat;
use crate::change::{Change, ChangeCode};
use crate::pointer;

/// A grammar being built.
pub(crate) struct Build {
    pub(crate) format: GrammarFormat,
    pub(crate) rules: Rules,
    changes: Vec<Change>,
    /// The JSON Pointer of the node being built, into the schema.
    pointer: String,
}

impl Build {
    pub(crate) fn new(format: GrammarFormat) -> Build {
        Build {
            format,
            rules: Rules::default(),
            changes: Vec::new(),
            pointer: String::new(),
        }
    }

    /// Records a change at the node being built, or at its `keyword`.
    pub(crate) fn change(
        &mut self,
        code: ChangeCode,
        keyword: Option<&str>,
        message: impl Into<String>,
    ) {
        let at = match keyword {
            Some(keyword) => pointer::join(&self.pointer, keyword),
            None => self.pointer.clone(),
        };
        self.changes.push(Change::new(code, at, message));
    }

    /// Whether a change with `code` was recorded.
    pub(crate) fn has_change(&self, code: ChangeCode) -> bool {
        self.changes.iter().any(|change| change.code == code)
    }

    /// Runs `build` one step down the schema, at `token` (`properties`,
    /// then a name; `items`; `oneOf`, then an index).
    pub(crate) fn at<R>(&mut self, tokens: &[&str], build: impl FnOnce(&mut Build) -> R) -> R {
        let len = self.pointer.len();
        for token in tokens {
            pointer::push(&mut self.pointer, token);
        }
        let out = build(self);
        self.pointer.truncate(len);
        out
    }

    /// A lexeme (a Lark terminal): regular, referring only to lexemes.
    pub(crate) fn lexeme(&mut self, hint: &str, body: Expr) -> Expr {
        self.named(hint, RuleKind::Lexeme, body)
    }

    /// A rule.
    pub(crate) fn rule(&mut self, hint: &str, body: Expr) -> Expr {
        self.named(hint, RuleKind::Rule, body)
    }

    /// A body that matches nothing gets no rule: it stays `nothing`, which
    /// the constructors carry up (a sequence with it is nothing, an
    /// alternation drops it). So no rule of the written grammar is a dead
    /// end that an engine could walk into and find no way out of - an
    /// optional property whose node accepts no value is simply not there.
    fn named(&mut self, hint: &str, kind: RuleKind, body: Expr) -> Expr {
        if body.is_nothing() {
            return body;
        }
        self.rules.add(hint, kind, body)
    }

    /// The rules and the changes, in the order they were made.
    pub(crate) fn finish(self) -> (Rules, Vec<Change>) {
        (self.rules, self.changes)
    }
}
