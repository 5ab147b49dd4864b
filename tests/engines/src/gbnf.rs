//! llama.cpp's GBNF read by the tests and written out as llguidance Lark,
//! so that the GBNF grammars the library writes are sampled and checked by
//! the same engine as its Lark ones. The reading follows llama.cpp's
//! parser (`src/llama-grammar.cpp`) on the subset the library writes:
//! rules `name ::= alternatives`, literals, classes, `.`, groups, `|`, the
//! repetitions `* + ? {m} {m,} {m,n}` and `#` comments. What llama.cpp
//! does that the subset should never rely on (token references, a rule
//! defined twice, an empty class) is refused rather than guessed, and the
//! agreement with llama.cpp itself is checked by
//! `scripts/llama-cpp-gbnf.sh` on the grammars in `tests/engines/gbnf/`.
//!
//! GBNF has no lexer: it matches code point by code point. So every
//! literal becomes a sequence of one-code-point terminals and every class
//! one one-code-point regex; no terminal can then be cut in two ways, and
//! whatever llguidance's lexer prefers, the language is the grammar's.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// llama.cpp's `MAX_REPETITION_THRESHOLD`: a `{m,n}` whose `m` is above it
/// is refused, one whose `n` is above it loses its bound (it reads as
/// `{m,}`), and a repetition that would multiply its item's generated
/// rules past it is refused.
pub const MAX_REPETITION: u64 = 2000;

/// Translates a GBNF grammar into llguidance Lark whose `start` is `root`.
pub fn to_lark(text: &str) -> Result<String, String> {
    let mut reader = Reader {
        text: text.chars().collect(),
        pos: 0,
        symbols: HashSet::new(),
    };
    let rules = reader.grammar()?;
    let defined: HashSet<&str> = rules.iter().map(|(name, _)| name.as_str()).collect();
    if !defined.contains("root") {
        return Err("the grammar defines no `root` rule".to_owned());
    }
    let mut lark = String::from("start: g_root\n");
    for (name, alternatives) in &rules {
        for reference in references(alternatives) {
            if !defined.contains(reference) {
                return Err(format!(
                    "rule `{name}` refers to undefined rule `{reference}`"
                ));
            }
        }
        let _ = writeln!(
            lark,
            "{}: {}",
            rule_name(name),
            lark_alternatives(alternatives)
        );
    }
    Ok(lark)
}

type Alternatives = Vec<Vec<Item>>;

enum Item {
    Literal(Vec<char>),
    Class {
        negated: bool,
        ranges: Vec<(u32, u32)>,
    },
    Any,
    Reference(String),
    Group(Alternatives),
    Repeat {
        item: Box<Item>,
        min: u64,
        max: Option<u64>,
    },
}

struct Reader {
    text: Vec<char>,
    pos: usize,
    /// The names llama.cpp has given a symbol id so far: a group's share
    /// of the repetition limit counts the ids created inside it, and a
    /// name's first mention creates one.
    symbols: HashSet<String>,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.text.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.text.get(self.pos + ahead).copied()
    }

    fn error(&self, what: &str) -> String {
        let rest: String = self.text[self.pos..].iter().take(30).collect();
        format!("{what} at {rest:?}")
    }

    /// Spaces, tabs and comments; line breaks too where the rule is not
    /// over (inside a group, after `::=` or `|`), as in llama.cpp.
    fn space(&mut self, newline_ok: bool) {
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' => self.pos += 1,
                '\r' | '\n' if newline_ok => self.pos += 1,
                '#' => {
                    while !matches!(self.peek(), None | Some('\r' | '\n')) {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn name(&mut self) -> Result<String, String> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.error("expecting a name"));
        }
        Ok(self.text[start..self.pos].iter().collect())
    }

    fn mention(&mut self, name: &str) -> u64 {
        u64::from(self.symbols.insert(name.to_owned()))
    }

    fn grammar(&mut self) -> Result<Vec<(String, Alternatives)>, String> {
        let mut rules = Vec::new();
        let mut seen = HashMap::new();
        self.space(true);
        while self.peek().is_some() {
            let name = self.name()?;
            self.mention(&name);
            self.space(false);
            if self.text[self.pos..].starts_with(&[':', ':', '=']) {
                self.pos += 3;
            } else {
                return Err(self.error("expecting ::="));
            }
            self.space(true);
            let (alternatives, _) = self.alternatives(false)?;
            match self.peek() {
                None => {}
                Some('\n') => self.pos += 1,
                Some('\r') => {
                    self.pos += 1;
                    if self.peek() == Some('\n') {
                        self.pos += 1;
                    }
                }
                Some(_) => return Err(self.error("expecting a line break or the end")),
            }
            self.space(true);
            if seen.insert(name.clone(), ()).is_some() {
                // llama.cpp keeps the last definition; a writer that
                // defines a rule twice has a bug either way.
                return Err(format!("rule `{name}` is defined twice"));
            }
            rules.push((name, alternatives));
        }
        Ok(rules)
    }

    /// The alternatives up to the end of the rule (or the closing `)` when
    /// nested), with the number of symbol ids llama.cpp creates for them.
    fn alternatives(&mut self, nested: bool) -> Result<(Alternatives, u64), String> {
        let mut created = 0;
        let (first, n) = self.sequence(nested)?;
        created += n;
        let mut alternatives = vec![first];
        while self.peek() == Some('|') {
            self.pos += 1;
            self.space(true);
            let (next, n) = self.sequence(nested)?;
            created += n;
            alternatives.push(next);
        }
        Ok((alternatives, created))
    }

    fn sequence(&mut self, nested: bool) -> Result<(Vec<Item>, u64), String> {
        let mut items: Vec<Item> = Vec::new();
        let mut created = 0;
        // How many rules the last item stands for, which a repetition of
        // it multiplies (llama.cpp's `n_prev_rules`).
        let mut last_rules: u64 = 1;
        while let Some(c) = self.peek() {
            match c {
                '"' => {
                    self.pos += 1;
                    let mut chars = Vec::new();
                    while self.peek() != Some('"') {
                        if self.peek().is_none() {
                            return Err("unexpected end of input in a literal".to_owned());
                        }
                        chars.push(self.char()?);
                    }
                    self.pos += 1;
                    items.push(Item::Literal(
                        chars
                            .into_iter()
                            .map(code_point_char)
                            .collect::<Result<_, _>>()?,
                    ));
                    last_rules = 1;
                }
                '[' => {
                    self.pos += 1;
                    let negated = self.peek() == Some('^');
                    if negated {
                        self.pos += 1;
                    }
                    let mut ranges = Vec::new();
                    while self.peek() != Some(']') {
                        if self.peek().is_none() {
                            return Err("unexpected end of input in a class".to_owned());
                        }
                        let low = self.char()?;
                        let mut high = low;
                        if self.peek() == Some('-') && !matches!(self.peek_at(1), Some(']') | None)
                        {
                            self.pos += 1;
                            high = self.char()?;
                        }
                        if high < low {
                            return Err(format!("the class range {low:#x}-{high:#x} is empty"));
                        }
                        ranges.push((low, high));
                    }
                    self.pos += 1;
                    if ranges.is_empty() {
                        return Err(self.error("an empty class"));
                    }
                    items.push(Item::Class { negated, ranges });
                    last_rules = 1;
                }
                '.' => {
                    self.pos += 1;
                    items.push(Item::Any);
                    last_rules = 1;
                }
                '(' => {
                    self.pos += 1;
                    self.space(true);
                    // The group's own rule, then whatever it creates inside.
                    let own = self.mention(&format!("\0group{}", self.pos));
                    let (alternatives, inner) = self.alternatives(true)?;
                    if self.peek() != Some(')') {
                        return Err(self.error("expecting ')'"));
                    }
                    self.pos += 1;
                    created += own + inner;
                    last_rules = (own + inner).max(1);
                    items.push(Item::Group(alternatives));
                }
                '*' | '+' | '?' => {
                    self.pos += 1;
                    let (min, max) = match c {
                        '*' => (0, None),
                        '+' => (1, None),
                        _ => (0, Some(1)),
                    };
                    created += repeat(&mut items, min, max, &mut last_rules)
                        .map_err(|e| self.error(&e))?;
                }
                '{' => {
                    self.pos += 1;
                    self.space(nested);
                    let min = self.int()?;
                    self.space(nested);
                    let max = match self.peek() {
                        Some('}') => Some(min),
                        Some(',') => {
                            self.pos += 1;
                            self.space(nested);
                            let max = match self.peek() {
                                Some(d) if d.is_ascii_digit() => Some(self.int()?),
                                _ => None,
                            };
                            self.space(nested);
                            if self.peek() != Some('}') {
                                return Err(self.error("expecting '}'"));
                            }
                            max
                        }
                        _ => return Err(self.error("expecting ',' or '}'")),
                    };
                    self.pos += 1;
                    if min > MAX_REPETITION {
                        return Err(self.error("a repetition's minimum above llama.cpp's limit"));
                    }
                    // llama.cpp drops a bound above its limit: the repetition
                    // goes on without end.
                    let max = max.filter(|&max| max <= MAX_REPETITION);
                    if max.is_some_and(|max| max < min) {
                        return Err(self.error("a repetition whose maximum is below its minimum"));
                    }
                    created += repeat(&mut items, min, max, &mut last_rules)
                        .map_err(|e| self.error(&e))?;
                }
                c if c.is_ascii_alphanumeric() || c == '-' => {
                    let name = self.name()?;
                    created += self.mention(&name);
                    items.push(Item::Reference(name));
                    last_rules = 1;
                }
                '<' | '!' => return Err(self.error("token references are outside the subset")),
                _ => break,
            }
            self.space(nested);
        }
        Ok((items, created))
    }

    fn int(&mut self) -> Result<u64, String> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits: String = self.text[start..self.pos].iter().collect();
        digits
            .parse()
            .map_err(|_| self.error("expecting an integer"))
    }

    /// One character of a literal or class, escapes read as llama.cpp
    /// reads them; a code point, which need not be a Unicode scalar.
    fn char(&mut self) -> Result<u32, String> {
        let c = self.peek().ok_or("unexpected end of input")?;
        if c != '\\' {
            self.pos += 1;
            return Ok(c.into());
        }
        let escaped = self.peek_at(1).ok_or("unexpected end of input")?;
        self.pos += 2;
        let digits = match escaped {
            'x' => 2,
            'u' => 4,
            'U' => 8,
            't' => return Ok('\t'.into()),
            'r' => return Ok('\r'.into()),
            'n' => return Ok('\n'.into()),
            '\\' | '"' | '[' | ']' | '-' => return Ok(escaped.into()),
            _ => {
                self.pos -= 2;
                return Err(self.error("unknown escape"));
            }
        };
        let hex: String = self.text[self.pos..].iter().take(digits).collect();
        if hex.len() != digits || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(self.error(&format!("expecting {digits} hex digits")));
        }
        self.pos += digits;
        Ok(u32::from_str_radix(&hex, 16).expect("checked hex digits"))
    }
}

/// Wraps the last item in a repetition, with llama.cpp's check of the
/// rules it would generate; returns the symbol ids it creates.
fn repeat(
    items: &mut Vec<Item>,
    min: u64,
    max: Option<u64>,
    last_rules: &mut u64,
) -> Result<u64, String> {
    let item = items.pop().ok_or("expecting an item before a repetition")?;
    let total = match max {
        Some(max) if max > 0 => max,
        _ => min.max(1),
    };
    if *last_rules * total > MAX_REPETITION {
        return Err(format!(
            "{} rules repeated {total} times, above llama.cpp's limit of {MAX_REPETITION}",
            last_rules
        ));
    }
    *last_rules *= total;
    items.push(Item::Repeat {
        item: Box::new(item),
        min,
        max,
    });
    Ok(match max {
        None => 1,
        Some(max) => max - min,
    })
}

fn code_point_char(code: u32) -> Result<char, String> {
    char::from_u32(code).ok_or_else(|| format!("{code:#x} is not a Unicode scalar value"))
}

/// GBNF names are letters, digits and `-`; Lark rule names are lower case.
/// An upper-case letter becomes `_` and its lower case, which no GBNF name
/// can spell otherwise (it has no `_`), and the prefix keeps a name from
/// starting with a digit.
fn rule_name(name: &str) -> String {
    let mut out = String::from("g_");
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn references(alternatives: &Alternatives) -> Vec<&str> {
    fn walk<'a>(item: &'a Item, out: &mut Vec<&'a str>) {
        match item {
            Item::Reference(name) => out.push(name),
            Item::Group(alternatives) => alternatives.iter().flatten().for_each(|i| walk(i, out)),
            Item::Repeat { item, .. } => walk(item, out),
            Item::Literal(_) | Item::Class { .. } | Item::Any => {}
        }
    }
    let mut out = Vec::new();
    alternatives
        .iter()
        .flatten()
        .for_each(|i| walk(i, &mut out));
    out
}

fn lark_alternatives(alternatives: &Alternatives) -> String {
    alternatives
        .iter()
        .map(|sequence| {
            let items: Vec<String> = sequence.iter().filter_map(lark_item).collect();
            if items.is_empty() {
                "\"\"".to_owned()
            } else {
                items.join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// An item in Lark; `None` for one that matches only the empty text.
fn lark_item(item: &Item) -> Option<String> {
    match item {
        Item::Literal(chars) if chars.is_empty() => None,
        Item::Literal(chars) => Some(format!(
            "({})",
            chars
                .iter()
                .map(|&c| lark_char(c))
                .collect::<Vec<_>>()
                .join(" ")
        )),
        Item::Class { negated, ranges } => {
            let mut class = String::from(if *negated { "/[^" } else { "/[" });
            for &(low, high) in ranges {
                // Regex classes are over scalar values: a range is cut
                // around the surrogates, which no UTF-8 text holds. A
                // negated class is left whole: llguidance's regexes were
                // seen to let U+D7FF through `[^\x{0}-\x{D7FF}\x{E000}-\x{10FFFF}]`.
                let pieces = if *negated {
                    vec![(low, high)]
                } else {
                    vec![(low, high.min(0xD7FF)), (low.max(0xE000), high)]
                };
                for (low, high) in pieces {
                    if low <= high {
                        let _ = write!(class, "\\x{{{low:X}}}-\\x{{{high:X}}}");
                    }
                }
            }
            class.push_str("]/");
            Some(class)
        }
        Item::Any => Some(r"/[\x{0}-\x{10FFFF}]/".to_owned()),
        Item::Reference(name) => Some(rule_name(name)),
        Item::Group(alternatives) => Some(format!("({})", lark_alternatives(alternatives))),
        Item::Repeat { item, min, max } => {
            let inner = lark_item(item)?;
            Some(match (min, max) {
                (_, Some(0)) => return None,
                (0, None) => format!("({inner})*"),
                (1, None) => format!("({inner})+"),
                (0, Some(1)) => format!("({inner})?"),
                (min, None) => format!("({inner}){{{min},}}"),
                (min, Some(max)) if min == max => format!("({inner}){{{min}}}"),
                (min, Some(max)) => format!("({inner}){{{min},{max}}}"),
            })
        }
    }
}

/// One code point as a one-character Lark terminal.
fn lark_char(c: char) -> String {
    match c {
        '"' => r#""\"""#.to_owned(),
        '\\' => r#""\\""#.to_owned(),
        ' '..='~' => format!("\"{c}\""),
        _ => format!("/\\x{{{:X}}}/", u32::from(c)),
    }
}
