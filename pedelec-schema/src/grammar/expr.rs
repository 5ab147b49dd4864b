//! The grammar both formats are written from: expressions over characters
//! (Unicode scalar values, as llama.cpp's GBNF and llguidance's regexes read
//! text), and the table of named rules they refer to.
//!
//! The builders write into this tree and never into text, so that GBNF and
//! Lark are two spellings of one grammar: a difference between them is a
//! writer's, and the oracle tests of one format speak for the other's
//! structure. `And` (intersection) exists only inside a lexeme and only for
//! formats that have it (Lark's `&`); the builders ask the format first.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// A set of characters: sorted, disjoint, non-adjacent ranges of scalar
/// values. `char` cannot hold a surrogate, so no set holds one: a lone
/// surrogate is no character of a JSON string serde_json reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub(crate) struct CharSet(Vec<(char, char)>);

impl CharSet {
    /// The set of the given ranges, in any order, overlapping or not.
    pub(crate) fn from_ranges(ranges: impl IntoIterator<Item = (char, char)>) -> CharSet {
        let mut ranges: Vec<(char, char)> =
            ranges.into_iter().filter(|(lo, hi)| lo <= hi).collect();
        ranges.sort_unstable();
        let mut merged: Vec<(char, char)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if (lo as u32) <= next(last.1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        CharSet(merged)
    }

    /// One character.
    pub(crate) fn single(c: char) -> CharSet {
        CharSet(vec![(c, c)])
    }

    /// Every character.
    pub(crate) fn any() -> CharSet {
        CharSet(vec![('\0', char::MAX)])
    }

    /// The ranges, sorted.
    pub(crate) fn ranges(&self) -> &[(char, char)] {
        &self.0
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn contains(&self, c: char) -> bool {
        self.0
            .binary_search_by(|&(lo, hi)| {
                if hi < c {
                    std::cmp::Ordering::Less
                } else if lo > c {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }

    /// The characters of `self` that are not in `other`.
    pub(crate) fn difference(&self, other: &CharSet) -> CharSet {
        self.intersection(&other.complement())
    }

    pub(crate) fn intersection(&self, other: &CharSet) -> CharSet {
        let mut out = Vec::new();
        for &(a_lo, a_hi) in &self.0 {
            for &(b_lo, b_hi) in &other.0 {
                let (lo, hi) = (a_lo.max(b_lo), a_hi.min(b_hi));
                if lo <= hi {
                    out.push((lo, hi));
                }
            }
        }
        CharSet::from_ranges(out)
    }

    /// Every character not in `self`.
    pub(crate) fn complement(&self) -> CharSet {
        let mut out = Vec::new();
        let mut start: u32 = 0;
        for &(lo, hi) in &self.0 {
            if (lo as u32) > start {
                push_scalar_range(&mut out, start, lo as u32 - 1);
            }
            start = hi as u32 + 1;
        }
        if start <= char::MAX as u32 {
            push_scalar_range(&mut out, start, char::MAX as u32);
        }
        CharSet::from_ranges(out)
    }
}

/// The scalar value after `c`, skipping the surrogates, as a `u32` (one past
/// `char::MAX` for the last).
fn next(c: char) -> u32 {
    match c as u32 {
        0xD7FF => 0xE000,
        n => n + 1,
    }
}

/// Pushes `lo..=hi` less the surrogates.
fn push_scalar_range(out: &mut Vec<(char, char)>, lo: u32, hi: u32) {
    let mut piece = |lo: u32, hi: u32| {
        if let (Some(lo), Some(hi)) = (char::from_u32(lo), char::from_u32(hi)) {
            if lo <= hi {
                out.push((lo, hi));
            }
        }
    };
    if hi < 0xD800 || lo > 0xDFFF {
        piece(lo, hi);
    } else {
        if lo < 0xD800 {
            piece(lo, 0xD7FF);
        }
        if hi > 0xDFFF {
            piece(0xE000, hi);
        }
    }
}

/// A grammar expression. Build it with the constructors below, which keep
/// the tree small (no nested sequences, no one-element alternations), so
/// that the written grammar reads the way one would write it by hand.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Expr {
    /// This text, character for character (`""` matches the empty text).
    Text(String),
    /// One character of the set.
    Class(CharSet),
    /// One after the other.
    Seq(Vec<Expr>),
    /// Any one of them; none matches nothing.
    Alt(Vec<Expr>),
    /// `min` to `max` (unbounded: `None`) times.
    Repeat(Box<Expr>, u32, Option<u32>),
    /// Texts that every one of them matches. Only inside a lexeme, and only
    /// for a format with intersection ([`super::GrammarFormat::has_intersection`]).
    And(Vec<Expr>),
    /// The named rule.
    Ref(RuleId),
}

impl Expr {
    /// The empty text.
    pub(crate) fn empty() -> Expr {
        Expr::Text(String::new())
    }

    /// Matches no text at all.
    pub(crate) fn nothing() -> Expr {
        Expr::Alt(Vec::new())
    }

    pub(crate) fn text(text: impl Into<String>) -> Expr {
        Expr::Text(text.into())
    }

    /// One character of `set` (nothing when the set is empty).
    pub(crate) fn class(set: CharSet) -> Expr {
        if set.is_empty() {
            Expr::nothing()
        } else {
            Expr::Class(set)
        }
    }

    /// `parts` one after the other: nested sequences are flattened, empty
    /// texts dropped, adjacent texts joined, and a part that matches nothing
    /// makes the whole match nothing.
    pub(crate) fn seq(parts: impl IntoIterator<Item = Expr>) -> Expr {
        let mut out: Vec<Expr> = Vec::new();
        for part in parts {
            let pieces = match part {
                Expr::Seq(inner) => inner,
                other => vec![other],
            };
            for piece in pieces {
                if piece.is_nothing() {
                    return Expr::nothing();
                }
                match (out.last_mut(), piece) {
                    (_, Expr::Text(t)) if t.is_empty() => {}
                    (Some(Expr::Text(last)), Expr::Text(t)) => last.push_str(&t),
                    (_, piece) => out.push(piece),
                }
            }
        }
        match out.len() {
            0 => Expr::empty(),
            1 => out.pop().expect("one part"),
            _ => Expr::Seq(out),
        }
    }

    /// Any one of `choices`: nested alternations are flattened, choices
    /// that match nothing dropped, repeated choices kept once.
    pub(crate) fn alt(choices: impl IntoIterator<Item = Expr>) -> Expr {
        let mut out: Vec<Expr> = Vec::new();
        // Past a few choices, their hashes: a repeat is then found without
        // comparing it with every choice before it (a class's escapes are
        // hundreds), while a short list is cheaper to compare than to hash.
        let mut hashes: Option<HashSet<u64>> = None;
        for choice in choices {
            let pieces = match choice {
                Expr::Alt(inner) => inner,
                other => vec![other],
            };
            for piece in pieces {
                if out.len() == HASHED_FROM && hashes.is_none() {
                    hashes = Some(out.iter().map(hash_of).collect());
                }
                let repeat = match &mut hashes {
                    None => out.contains(&piece),
                    Some(hashes) => !hashes.insert(hash_of(&piece)) && out.contains(&piece),
                };
                if !repeat {
                    out.push(piece);
                }
            }
        }
        // `a | ""` is written `a?`: Lark has no empty literal to offer.
        if let Some(at) = out.iter().position(|choice| *choice == Expr::empty()) {
            out.remove(at);
            return Expr::optional(Expr::alt(out));
        }
        if out.len() == 1 {
            out.pop().expect("one choice")
        } else {
            Expr::Alt(out)
        }
    }

    /// `expr` `min` to `max` times.
    pub(crate) fn repeat(expr: Expr, min: u32, max: Option<u32>) -> Expr {
        match (min, max) {
            (_, Some(max)) if max < min => Expr::nothing(),
            (_, Some(0)) => Expr::empty(),
            (1, Some(1)) => expr,
            _ if expr.is_nothing() => {
                if min == 0 {
                    Expr::empty()
                } else {
                    Expr::nothing()
                }
            }
            _ if expr == Expr::empty() => Expr::empty(),
            _ => Expr::Repeat(Box::new(expr), min, max),
        }
    }

    /// `expr` or nothing.
    pub(crate) fn optional(expr: Expr) -> Expr {
        Expr::repeat(expr, 0, Some(1))
    }

    /// Texts that all of `parts` match.
    pub(crate) fn and(parts: impl IntoIterator<Item = Expr>) -> Expr {
        let mut out: Vec<Expr> = Vec::new();
        for part in parts {
            match part {
                Expr::And(inner) => out.extend(inner),
                other if other.is_nothing() => return Expr::nothing(),
                other => out.push(other),
            }
        }
        out.dedup();
        if out.len() == 1 {
            out.pop().expect("one part")
        } else {
            Expr::And(out)
        }
    }

    /// Whether the expression matches no text (as far as its form shows).
    pub(crate) fn is_nothing(&self) -> bool {
        matches!(self, Expr::Alt(choices) if choices.is_empty())
    }
}

/// How many choices an alternation compares one by one before it keeps
/// their hashes.
const HASHED_FROM: usize = 32;

/// How deep composite expressions nest in `expr` (a leaf: 0).
pub(crate) fn nesting(expr: &Expr) -> usize {
    match expr {
        Expr::Seq(parts) | Expr::Alt(parts) | Expr::And(parts) => {
            1 + parts.iter().map(nesting).max().unwrap_or(0)
        }
        Expr::Repeat(inner, ..) => 1 + nesting(inner),
        Expr::Text(_) | Expr::Class(_) | Expr::Ref(_) => 0,
    }
}

fn hash_of(expr: &Expr) -> u64 {
    let mut hasher = DefaultHasher::new();
    expr.hash(&mut hasher);
    hasher.finish()
}

/// A rule's index in its [`Rules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct RuleId(pub(crate) usize);

/// What a rule is to a format that tells them apart: Lark's terminals
/// (uppercase, one regular lexeme, where `&` may appear) and rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum RuleKind {
    /// Regular, and refers only to other lexemes.
    Lexeme,
    /// Anything.
    Rule,
}

/// A named rule.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Rule {
    /// Lowercase ASCII letters, digits and `-`, starting with a letter;
    /// unique in its table, and never a property name (names are made from
    /// the builder's hints and a number), so that no schema can collide
    /// with the grammar's own names.
    pub(crate) name: String,
    pub(crate) kind: RuleKind,
    pub(crate) body: Expr,
}

/// The named rules of a grammar, the start rule first. A body defined twice
/// is one rule: every plain string of a schema shares one lexeme.
#[derive(Debug, Default)]
pub(crate) struct Rules {
    rules: Vec<Rule>,
    by_body: HashMap<(RuleKind, Expr), RuleId>,
    taken: HashMap<String, usize>,
    /// The rule that is JSON's whitespace between two tokens, which a
    /// format with a skip of its own (Lark's `%ignore`) writes as that.
    whitespace: Option<RuleId>,
}

/// Names the writers use themselves.
const RESERVED: &[&str] = &["root", "start", "ws"];

impl Rules {
    /// A rule of `kind` with `body`, named after `hint`, or the rule that
    /// already has this body; the reference to it.
    pub(crate) fn add(&mut self, hint: &str, kind: RuleKind, body: Expr) -> Expr {
        if let Some(id) = self.by_body.get(&(kind, body.clone())) {
            return Expr::Ref(*id);
        }
        let id = self.declare(hint, kind);
        self.define(id, body);
        Expr::Ref(id)
    }

    /// A rule whose body comes later ([`define`](Self::define)), for rules
    /// that refer to themselves through others.
    pub(crate) fn declare(&mut self, hint: &str, kind: RuleKind) -> RuleId {
        let name = self.fresh_name(hint);
        self.rules.push(Rule {
            name,
            kind,
            body: Expr::nothing(),
        });
        RuleId(self.rules.len() - 1)
    }

    /// Gives a declared rule its body.
    pub(crate) fn define(&mut self, id: RuleId, body: Expr) {
        let rule = &mut self.rules[id.0];
        self.by_body.insert((rule.kind, body.clone()), id);
        rule.body = body;
    }

    /// The rule named `name` exactly (a writer's own, like `root`).
    pub(crate) fn add_named(&mut self, name: &str, kind: RuleKind, body: Expr) -> RuleId {
        // Made names end in a number and these do not: no collision.
        debug_assert!(!self.rules.iter().any(|rule| rule.name == name));
        self.rules.push(Rule {
            name: name.to_owned(),
            kind,
            body,
        });
        RuleId(self.rules.len() - 1)
    }

    /// Gives a rule a new body that matches the same texts (a writer's
    /// respelling), keeping its name.
    pub(crate) fn replace_body(&mut self, id: RuleId, body: Expr) {
        let rule = &mut self.rules[id.0];
        self.by_body.remove(&(rule.kind, rule.body.clone()));
        self.by_body.insert((rule.kind, body.clone()), id);
        rule.body = body;
    }

    #[cfg(test)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = (RuleId, &Rule)> {
        self.rules
            .iter()
            .enumerate()
            .map(|(i, rule)| (RuleId(i), rule))
    }

    pub(crate) fn get(&self, id: RuleId) -> &Rule {
        &self.rules[id.0]
    }

    /// Marks `id` as the whitespace between tokens.
    pub(crate) fn set_whitespace(&mut self, id: RuleId) {
        self.whitespace = Some(id);
    }

    /// The whitespace between tokens, if the grammar has any.
    pub(crate) fn whitespace(&self) -> Option<RuleId> {
        self.whitespace
    }

    /// The rules `start` refers to, directly or not, `start` first, then
    /// in the order they were made: what a writer writes.
    pub(crate) fn reachable(&self, start: RuleId) -> Vec<RuleId> {
        self.reachable_without(start, None)
    }

    /// [`reachable`](Self::reachable), not going into `omitted`.
    pub(crate) fn reachable_without(&self, start: RuleId, omitted: Option<RuleId>) -> Vec<RuleId> {
        let mut seen = vec![false; self.rules.len()];
        let mut stack = vec![start];
        seen[start.0] = true;
        if let Some(omitted) = omitted {
            seen[omitted.0] = true;
        }
        while let Some(id) = stack.pop() {
            visit_refs(&self.rules[id.0].body, &mut |next| {
                if !seen[next.0] {
                    seen[next.0] = true;
                    stack.push(next);
                }
            });
        }
        std::iter::once(start)
            .chain(
                (0..self.rules.len())
                    .map(RuleId)
                    .filter(|&id| seen[id.0] && id != start && Some(id) != omitted),
            )
            .collect()
    }

    /// Rewrites the rules `start` reaches so that no body nests groups
    /// deeper than `max`: a deeper part becomes a rule of its own, of its
    /// rule's kind. Engines parse grammars by recursive descent and refuse
    /// deep nesting (llguidance: "lark grammar too deeply nested"), and a
    /// pattern's long literal alternations, factored by the regex parser
    /// into a trie, nest as deep as their shared prefixes are long.
    ///
    /// A rule `exempt` holds keeps its body whole: a format that writes it
    /// in a syntax of its own (a Lark terminal as one regex) has that
    /// syntax's limit to answer to, not this one.
    pub(crate) fn limit_depth(
        &mut self,
        start: RuleId,
        max: usize,
        exempt: impl Fn(&Rule) -> bool,
    ) {
        for id in self.reachable(start) {
            let rule = &self.rules[id.0];
            if nesting(&rule.body) <= max || exempt(rule) {
                // Nothing to move: spare the rule a copy and a rehash.
                continue;
            }
            let kind = self.rules[id.0].kind;
            let body = self.rules[id.0].body.clone();
            let limited = self.limited(&body, kind, 0, max);
            self.replace_body(id, limited);
        }
    }

    fn limited(&mut self, expr: &Expr, kind: RuleKind, depth: usize, max: usize) -> Expr {
        let composite = matches!(
            expr,
            Expr::Seq(_) | Expr::Alt(_) | Expr::Repeat(..) | Expr::And(_)
        );
        if composite && depth >= max {
            let body = self.limited(expr, kind, 0, max);
            return self.add("part", kind, body);
        }
        let deeper = |rules: &mut Rules, part: &Expr| rules.limited(part, kind, depth + 1, max);
        match expr {
            Expr::Seq(parts) => Expr::Seq(parts.iter().map(|part| deeper(self, part)).collect()),
            Expr::Alt(parts) => Expr::Alt(parts.iter().map(|part| deeper(self, part)).collect()),
            Expr::And(parts) => Expr::And(parts.iter().map(|part| deeper(self, part)).collect()),
            Expr::Repeat(inner, min, max_count) => {
                Expr::Repeat(Box::new(deeper(self, inner)), *min, *max_count)
            }
            other => other.clone(),
        }
    }

    fn fresh_name(&mut self, hint: &str) -> String {
        let mut base: String = hint
            .chars()
            .map(|c| match c {
                'a'..='z' | '0'..='9' => c,
                'A'..='Z' => c.to_ascii_lowercase(),
                _ => '-',
            })
            .collect::<String>()
            .split('-')
            .filter(|piece| !piece.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        base.truncate(24);
        let base = base.trim_end_matches('-');
        let base = if base.starts_with(|c: char| c.is_ascii_lowercase()) {
            base.to_owned()
        } else {
            format!("r-{base}").trim_end_matches('-').to_owned()
        };
        let count = self.taken.entry(base.clone()).or_insert(0);
        *count += 1;
        // A number always ends the name, so that no hint can produce another
        // rule's name or a reserved one.
        let mut name = format!("{base}-{count}");
        while RESERVED.contains(&name.as_str()) {
            *count += 1;
            name = format!("{base}-{count}");
        }
        name
    }
}

/// Calls `f` with every rule `expr` refers to.
fn visit_refs(expr: &Expr, f: &mut impl FnMut(RuleId)) {
    match expr {
        Expr::Ref(id) => f(*id),
        Expr::Seq(parts) | Expr::Alt(parts) | Expr::And(parts) => {
            parts.iter().for_each(|part| visit_refs(part, f));
        }
        Expr::Repeat(inner, ..) => visit_refs(inner, f),
        Expr::Text(_) | Expr::Class(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn char_sets_merge_and_never_hold_surrogates() {
        let set = CharSet::from_ranges([('c', 'f'), ('a', 'b'), ('e', 'h')]);
        assert_eq!(set.ranges(), &[('a', 'h')]);
        let all_but_a = CharSet::single('a').complement();
        assert!(!all_but_a.contains('a') && all_but_a.contains('b'));
        assert!(all_but_a.contains('\u{D7FF}') && all_but_a.contains('\u{E000}'));
        let with_a = CharSet::from_ranges(all_but_a.ranges().iter().copied().chain([('a', 'a')]));
        assert_eq!(with_a, CharSet::any());
        // The ranges on either side of the surrogates are one set.
        let around = CharSet::from_ranges([('\u{D000}', '\u{D7FF}'), ('\u{E000}', '\u{E0FF}')]);
        assert_eq!(around.ranges(), &[('\u{D000}', '\u{E0FF}')]);
        assert_eq!(
            CharSet::any().difference(&CharSet::from_ranges([('\0', '\u{1F}')])),
            CharSet::from_ranges([(' ', char::MAX)])
        );
    }

    #[test]
    fn constructors_keep_the_tree_small() {
        let ab = Expr::seq([Expr::text("a"), Expr::seq([Expr::empty(), Expr::text("b")])]);
        assert_eq!(ab, Expr::text("ab"));
        assert!(Expr::seq([Expr::text("a"), Expr::nothing()]).is_nothing());
        assert_eq!(
            Expr::alt([Expr::text("a"), Expr::text("a")]),
            Expr::text("a")
        );
        assert_eq!(Expr::repeat(Expr::nothing(), 0, None), Expr::empty());
        assert!(Expr::repeat(Expr::text("a"), 3, Some(2)).is_nothing());
    }

    #[test]
    fn rule_names_never_collide_and_bodies_are_shared() {
        let mut rules = Rules::default();
        rules.add_named("root", RuleKind::Rule, Expr::empty());
        let a = rules.add("root", RuleKind::Rule, Expr::text("a"));
        let b = rules.add("root", RuleKind::Rule, Expr::text("b"));
        let again = rules.add("other", RuleKind::Rule, Expr::text("a"));
        assert_eq!(a, again);
        let names: Vec<&str> = rules.iter().map(|(_, rule)| rule.name.as_str()).collect();
        assert_eq!(names, ["root", "root-1", "root-2"]);
        assert_ne!(a, b);
        let odd = rules.add("9 Über\"name", RuleKind::Lexeme, Expr::text("c"));
        let Expr::Ref(id) = odd else { panic!() };
        assert_eq!(rules.get(id).name, "r-9-ber-name-1");
    }
}
