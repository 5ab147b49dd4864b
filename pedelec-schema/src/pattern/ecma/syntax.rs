//! ECMA-262's pattern grammar in Unicode mode, the mode of
//! `new RegExp(p, "u")` that ajv and most JSON Schema validators use: reads
//! a source into the tree of `ast.rs` and refuses, naming the construct and
//! what to write instead, every pattern that mode refuses.
//!
//! This file reads disjunctions, terms, quantifiers and groups; classes,
//! escapes, group names and property names have their own files, which
//! extend the same [`Parser`].

use super::ast::{Alternative, Assertion, Atom, Disjunction, Quantifier, Term};
use super::{PatternError, MAX_NESTING};

/// Reads `source` as an ECMA-262 Unicode-mode pattern.
pub(super) fn parse(source: &str) -> Result<Disjunction, PatternError> {
    // Sized up front: collected, it would grow from a quarter of this.
    let mut chars = Vec::with_capacity(source.len());
    chars.extend(source.chars());
    let mut parser = Parser {
        chars,
        pos: 0,
        depth: 0,
        groups: Vec::new(),
        capturing_groups: 0,
        backreferences: Vec::new(),
    };
    let tree = parser.disjunction()?;
    if parser.pos < parser.chars.len() {
        // Only an unmatched `)` stops the top-level disjunction early.
        return Err(error(
            "a `)` closes no group; escape it as `\\)` to match the character",
        ));
    }
    parser.check_backreferences()?;
    Ok(tree)
}

pub(super) fn error(message: impl Into<String>) -> PatternError {
    PatternError(message.into())
}

/// A reference to a group, checked once every group has been seen: ECMA-262
/// allows a reference to a group further on.
pub(super) enum Reference {
    Number(u32),
    Name(String),
}

/// The cursor over a pattern, and what the grammar needs to remember.
pub(super) struct Parser {
    pub(super) chars: Vec<char>,
    pub(super) pos: usize,
    /// How many groups and lookarounds enclose the cursor.
    depth: u32,
    /// The names of the named groups seen so far.
    pub(super) groups: Vec<String>,
    capturing_groups: u32,
    pub(super) backreferences: Vec<Reference>,
}

impl Parser {
    pub(super) fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    pub(super) fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    /// Consumes `expected` if it comes next.
    pub(super) fn eat(&mut self, expected: &str) -> bool {
        let matches = expected
            .chars()
            .enumerate()
            .all(|(i, c)| self.peek_at(i) == Some(c));
        if matches {
            self.pos += expected.chars().count();
        }
        matches
    }

    /// How many digits of `radix` (10 or 16) stand from `from` on.
    pub(super) fn digits_at(&self, from: usize, radix: u32) -> usize {
        self.chars.get(from..).map_or(0, |rest| {
            rest.iter().take_while(|c| c.is_digit(radix)).count()
        })
    }

    /// The source between two positions.
    pub(super) fn text(&self, start: usize, end: usize) -> String {
        self.chars[start..end.min(self.chars.len())]
            .iter()
            .collect()
    }

    /// The source between two positions, to quote in a message: its middle
    /// is left out if it is long, so that a message stays readable.
    pub(super) fn quote(&self, start: usize, end: usize) -> String {
        const KEPT: usize = 20;
        let end = end.min(self.chars.len());
        if end - start <= 2 * KEPT {
            return self.text(start, end);
        }
        format!(
            "{}…{}",
            self.text(start, start + KEPT),
            self.text(end - KEPT, end)
        )
    }

    fn disjunction(&mut self) -> Result<Disjunction, PatternError> {
        let mut alternatives = vec![self.alternative()?];
        while self.eat("|") {
            alternatives.push(self.alternative()?);
        }
        Ok(Disjunction(alternatives))
    }

    fn alternative(&mut self) -> Result<Alternative, PatternError> {
        let mut terms = Vec::new();
        while let Some(next) = self.peek().filter(|&c| c != '|' && c != ')') {
            terms.push(self.term(next)?);
        }
        Ok(Alternative(terms))
    }

    /// The term that starts with `next`, the character at the cursor.
    fn term(&mut self, next: char) -> Result<Term, PatternError> {
        let start = self.pos;
        if let Some(assertion) = self.assertion()? {
            if self.at_quantifier() {
                let quantifier = self.quantifier_text();
                let assertion = self.quote(start, self.pos);
                return Err(error(format!(
                    "`{assertion}{quantifier}`: the assertion `{assertion}` matches a \
                     position, not characters, so it cannot be repeated; remove the \
                     `{quantifier}`"
                )));
            }
            return Ok(Term::Assertion(assertion));
        }
        let atom = self.atom(next)?;
        let Some(quantifier) = self.quantifier()? else {
            return Ok(Term::Atom(atom));
        };
        if self.at_quantifier() {
            let repeated = self.quote(start, self.pos);
            let extra = self.quantifier_text();
            return Err(error(format!(
                "`{repeated}{extra}`: a quantifier cannot follow another quantifier; \
                 to repeat a repetition, group it, as in `(?:{repeated}){extra}`, \
                 or write one quantifier"
            )));
        }
        Ok(Term::Repeat(atom, quantifier))
    }

    /// `^`, `$`, `\b`, `\B` or a lookaround, if one comes next.
    fn assertion(&mut self) -> Result<Option<Assertion>, PatternError> {
        let simple = if self.eat("^") {
            Assertion::Start
        } else if self.eat("$") {
            Assertion::End
        } else if self.eat("\\b") {
            Assertion::WordBoundary
        } else if self.eat("\\B") {
            Assertion::NotWordBoundary
        } else {
            return self.lookaround();
        };
        Ok(Some(simple))
    }

    fn lookaround(&mut self) -> Result<Option<Assertion>, PatternError> {
        let (ahead, negated) = if self.eat("(?=") {
            (true, false)
        } else if self.eat("(?!") {
            (true, true)
        } else if self.eat("(?<=") {
            (false, false)
        } else if self.eat("(?<!") {
            (false, true)
        } else {
            return Ok(None);
        };
        let body = self.group_body()?;
        Ok(Some(Assertion::Look {
            ahead,
            negated,
            body,
        }))
    }

    /// The atom that starts with `c`, the character at the cursor.
    fn atom(&mut self, c: char) -> Result<Atom, PatternError> {
        let start = self.pos;
        self.pos += 1;
        match c {
            '.' => Ok(Atom::Dot),
            '(' => self.group(),
            '[' => self.class().map(Atom::Class),
            '\\' => self.atom_escape(),
            '*' | '+' | '?' => Err(nothing_to_repeat(&c.to_string())),
            '{' => {
                self.pos = start;
                if self.at_quantifier() {
                    Err(nothing_to_repeat(&self.quantifier_text()))
                } else {
                    Err(self.lone_brace())
                }
            }
            '}' | ']' => Err(error(format!(
                "a lone `{c}` is not allowed in a Unicode-mode pattern; escape it \
                 as `\\{c}` to match the character"
            ))),
            c => Ok(Atom::Char(u32::from(c))),
        }
    }

    /// `(` has been read.
    fn group(&mut self) -> Result<Atom, PatternError> {
        if self.eat("?:") {
            return self.group_body().map(Atom::Group);
        }
        if self.eat("?<") {
            let name = self.group_name()?;
            if self.groups.contains(&name) {
                return Err(error(format!(
                    "the group name `{name}` is used twice; give each group its own \
                     name (JavaScript engines before ES2025 refuse a repeated name \
                     even in different alternatives)"
                )));
            }
            self.groups.push(name);
        } else if self.peek() == Some('?') {
            return Err(error(
                "`(?` must start a group `(?:...)` or a named group `(?<name>...)`: \
                 inline flags such as `(?i)` are not ECMA-262",
            ));
        }
        self.capturing_groups = self.capturing_groups.saturating_add(1);
        self.group_body().map(Atom::Group)
    }

    /// The disjunction inside a group whose opening has been read, and its `)`.
    fn group_body(&mut self) -> Result<Disjunction, PatternError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(error(format!(
                "groups nest more than {MAX_NESTING} deep, the limit; flatten the pattern"
            )));
        }
        let body = self.disjunction()?;
        if !self.eat(")") {
            return Err(error(
                "a group `(` is never closed; close it with `)`, or escape it as `\\(` \
                 to match the character",
            ));
        }
        self.depth -= 1;
        Ok(body)
    }

    /// Whether a quantifier (`*`, `+`, `?` or a well-formed `{...}`) comes next.
    fn at_quantifier(&self) -> bool {
        match self.peek() {
            Some('*' | '+' | '?') => true,
            Some('{') => self.brace_quantifier_end().is_some(),
            _ => false,
        }
    }

    /// The quantifier that comes next, as written, for a message.
    fn quantifier_text(&self) -> String {
        let end = match self.peek() {
            Some('{') => self.brace_quantifier_end().unwrap_or(self.pos + 1),
            _ => self.pos + 1,
        };
        let lazy = usize::from(self.chars.get(end) == Some(&'?'));
        self.text(self.pos, end + lazy)
    }

    /// The index after the `}` of `{n}`, `{n,}` or `{n,m}` at the cursor.
    fn brace_quantifier_end(&self) -> Option<usize> {
        let digits_from = |i: usize| {
            let count = self.digits_at(i, 10);
            (count > 0).then_some(i + count)
        };
        let mut i = digits_from(self.pos + 1)?;
        if self.chars.get(i) == Some(&',') {
            i = digits_from(i + 1).unwrap_or(i + 1);
        }
        (self.chars.get(i) == Some(&'}')).then_some(i + 1)
    }

    /// The quantifier at the cursor, if one comes next.
    fn quantifier(&mut self) -> Result<Option<Quantifier>, PatternError> {
        let (min, max) = match self.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => match self.brace_quantifier_end() {
                Some(end) => return self.brace_quantifier(end).map(Some),
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        self.pos += 1;
        let lazy = self.eat("?");
        Ok(Some(Quantifier { min, max, lazy }))
    }

    /// `{n}`, `{n,}` or `{n,m}`, well formed up to `end`, after its `}`.
    fn brace_quantifier(&mut self, end: usize) -> Result<Quantifier, PatternError> {
        let inner = self.text(self.pos + 1, end - 1);
        self.pos = end;
        let lazy = self.eat("?");
        let (min, max) = match inner.split_once(',') {
            None => (inner.as_str(), Some(inner.as_str())),
            Some((min, "")) => (min, None),
            Some((min, max)) => (min, Some(max)),
        };
        if max.is_some_and(|max| decimal_greater(min, max)) {
            return Err(error(format!(
                "`{{{inner}}}`: the minimum count is greater than the maximum; \
                 write the smaller number first"
            )));
        }
        Ok(Quantifier {
            min: saturating_decimal(min),
            max: max.map(saturating_decimal),
            lazy,
        })
    }

    fn lone_brace(&self) -> PatternError {
        if self.peek_at(1) == Some(',') && self.peek_at(2).is_some_and(|c| c.is_ascii_digit()) {
            let end = self.brace_quantifier_end_from_comma();
            let text = self.text(self.pos, end);
            let max = self.text(self.pos + 2, end.saturating_sub(1));
            return error(format!(
                "`{text}` is not an ECMA-262 quantifier (the minimum cannot be left \
                 out); write `{{0,{max}}}`"
            ));
        }
        error(
            "a `{` that does not start a quantifier `{n}`, `{n,}` or `{n,m}` must be \
             escaped as `\\{` to match the character",
        )
    }

    fn brace_quantifier_end_from_comma(&self) -> usize {
        let after = self.pos + 2 + self.digits_at(self.pos + 2, 10);
        after + usize::from(self.chars.get(after) == Some(&'}'))
    }

    /// Every `\N` names an existing group, and every `\k<name>` one of the
    /// named groups.
    fn check_backreferences(&self) -> Result<(), PatternError> {
        for reference in &self.backreferences {
            match reference {
                Reference::Number(n) if *n > self.capturing_groups => {
                    return Err(error(format!(
                        "`\\{n}` refers to group {n}, but the pattern has {} capturing \
                         group(s); to match a character by its code, write `\\x..` or \
                         `\\u....`",
                        self.capturing_groups
                    )))
                }
                Reference::Name(name) if !self.groups.contains(name) => {
                    return Err(error(format!(
                        "`\\k<{name}>` refers to no group named `{name}`"
                    )))
                }
                _ => {}
            }
        }
        Ok(())
    }
}

fn nothing_to_repeat(quantifier: &str) -> PatternError {
    error(format!(
        "the quantifier `{quantifier}` has nothing to repeat (it starts the pattern, \
         a group or an alternative); escape it as `\\{}` to match the character",
        quantifier.chars().next().unwrap_or('?')
    ))
}

/// Whether decimal `a` is greater than decimal `b`, exactly, at any length.
fn decimal_greater(a: &str, b: &str) -> bool {
    let a = a.trim_start_matches('0');
    let b = b.trim_start_matches('0');
    (a.len(), a) > (b.len(), b)
}

fn saturating_decimal(digits: &str) -> u64 {
    digits.parse().unwrap_or(u64::MAX)
}
