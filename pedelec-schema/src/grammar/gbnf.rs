//! The grammar in llama.cpp's GBNF, as its parser (`llama-grammar.cpp`)
//! reads it: `name ::= body` rules, the start rule `root`, literals and
//! classes over code points, `{m,n}` counts no larger than llama.cpp
//! expands.

use super::expr::{CharSet, Expr, RuleId, RuleKind, Rules};
use super::text::{write_class, write_count, write_quoted, write_rules, Spelling};

/// The largest count this writer puts in one `{m,n}`. llama.cpp's parser
/// (`llama-grammar.cpp`, `MAX_REPETITION_THRESHOLD` = 2000) refuses a
/// minimum above 2000, reads a maximum above it as no maximum at all - a
/// silent widening - and refuses a count whose repeated group expands into
/// rules whose number times the count exceeds 2000. So every count here is
/// at most 1000, larger ones are an equivalent nest of smaller ones, and
/// whatever a count repeats is one symbol (a literal, a class or a rule of
/// its own), never a group that expands into many rules.
pub(crate) const MAX_COUNT: u32 = 1000;

/// The GBNF text of `rules`, `start` first, as `root`. The counts are
/// rewritten first (see [`MAX_COUNT`]), which may add rules.
pub(crate) fn write(rules: &mut Rules, start: RuleId) -> String {
    for id in rules.reachable(start) {
        let body = rules.get(id).body.clone();
        let lowered = Lower { rules }.expr(&body);
        rules.replace_body(id, lowered);
    }
    write_rules(rules, start, &Gbnf, " ::= ")
}

/// Counts as llama.cpp takes them, adding the rules that needs.
struct Lower<'a> {
    rules: &'a mut Rules,
}

impl Lower<'_> {
    fn expr(&mut self, expr: &Expr) -> Expr {
        match expr {
            Expr::Seq(parts) => {
                Expr::seq(parts.iter().map(|part| self.expr(part)).collect::<Vec<_>>())
            }
            Expr::Alt(choices) => Expr::alt(
                choices
                    .iter()
                    .map(|choice| self.expr(choice))
                    .collect::<Vec<_>>(),
            ),
            Expr::And(parts) => {
                Expr::and(parts.iter().map(|part| self.expr(part)).collect::<Vec<_>>())
            }
            // An optional group without counts inside expands into a few
            // rules only: it stays inline, as one would write it.
            Expr::Repeat(inner, 0, Some(1)) if !has_count(inner) => {
                Expr::optional(self.expr(inner))
            }
            Expr::Repeat(inner, min, max) => {
                let inner = self.expr(inner);
                let inner = self.symbol(inner);
                self.repeat(inner, *min, *max)
            }
            other => other.clone(),
        }
    }

    /// `expr` as one symbol: itself if it is one, else a rule of its own.
    fn symbol(&mut self, expr: Expr) -> Expr {
        match expr {
            Expr::Text(_) | Expr::Class(_) | Expr::Ref(_) => expr,
            other => self.rules.add("repeat", RuleKind::Rule, other),
        }
    }

    /// `symbol` `min` to `max` times, every count within [`MAX_COUNT`],
    /// each count of the symbol with one derivation.
    fn repeat(&mut self, symbol: Expr, min: u32, max: Option<u32>) -> Expr {
        match max {
            _ if min > MAX_COUNT => {
                let first = self.exactly(symbol.clone(), min);
                let rest = self.repeat(symbol, 0, max.map(|max| max - min));
                Expr::seq([first, rest])
            }
            None => Expr::repeat(symbol, min, None),
            Some(max) if max <= MAX_COUNT => Expr::repeat(symbol, min, Some(max)),
            Some(max) if min > 0 => {
                let first = self.exactly(symbol.clone(), min);
                let rest = self.repeat(symbol, 0, Some(max - min));
                Expr::seq([first, rest])
            }
            Some(max) => {
                // 0..=max as q blocks of MAX_COUNT and a rest: fewer than q
                // blocks and a rest below a block, or q blocks and a rest
                // up to r; each count has one way.
                let (q, r) = (max / MAX_COUNT, max % MAX_COUNT);
                let block = self.exactly(symbol.clone(), MAX_COUNT);
                let block = self.symbol(block);
                let fewer = self.repeat(block.clone(), 0, Some(q - 1));
                let all = self.exactly(block, q);
                Expr::alt([
                    Expr::seq([fewer, Expr::repeat(symbol.clone(), 0, Some(MAX_COUNT - 1))]),
                    Expr::seq([all, Expr::repeat(symbol, 0, Some(r))]),
                ])
            }
        }
    }

    /// `symbol` exactly `n` times, in counts within [`MAX_COUNT`].
    fn exactly(&mut self, symbol: Expr, n: u32) -> Expr {
        if n <= MAX_COUNT {
            return Expr::repeat(symbol, n, Some(n));
        }
        let (q, r) = (n / MAX_COUNT, n % MAX_COUNT);
        let block = Expr::repeat(symbol.clone(), MAX_COUNT, Some(MAX_COUNT));
        let block = self.symbol(block);
        let blocks = self.exactly(block, q);
        Expr::seq([blocks, Expr::repeat(symbol, r, Some(r))])
    }
}

/// Whether `expr` repeats anything itself (rules it refers to do not count:
/// each is one symbol).
fn has_count(expr: &Expr) -> bool {
    match expr {
        Expr::Repeat(..) => true,
        Expr::Seq(parts) | Expr::Alt(parts) | Expr::And(parts) => parts.iter().any(has_count),
        Expr::Text(_) | Expr::Class(_) | Expr::Ref(_) => false,
    }
}

struct Gbnf;

impl Spelling for Gbnf {
    fn text(&self, out: &mut String, text: &str) {
        write_quoted(out, text, |c| matches!(c, ' '..='~'), push_code);
    }

    fn class(&self, out: &mut String, set: &CharSet) {
        write_class(out, set, ("[", "]"), push_class_char);
    }

    fn nothing(&self, out: &mut String) {
        // A class of no character; GBNF has no empty alternation.
        out.push_str("[^\\x00-\\U0010FFFF]");
    }

    fn rule_name(&self, rules: &Rules, id: RuleId) -> String {
        rules.get(id).name.clone()
    }

    fn repeat(&self, out: &mut String, inner: &str, min: u32, max: Option<u32>) {
        write_count(out, inner, min, max);
    }

    fn and_operator(&self) -> &'static str {
        unreachable!("GBNF has no intersection; the builders ask the format first")
    }
}

fn push_class_char(out: &mut String, c: char) {
    match c {
        ']' | '[' | '\\' => {
            out.push('\\');
            out.push(c);
        }
        // llama.cpp escapes only these three by name inside a class; a
        // `-` or `^` that is a character is written as its code.
        '-' | '^' => push_code(out, c),
        '!'..='~' => out.push(c),
        _ => push_code(out, c),
    }
}

/// `\xHH`, `\uHHHH` or `\UHHHHHHHH`: the escapes llama.cpp's `parse_char`
/// reads, so that no control, space or non-ASCII character is written raw.
fn push_code(out: &mut String, c: char) {
    let n = c as u32;
    let escaped = match n {
        0..=0xFF => format!("\\x{n:02X}"),
        0x100..=0xFFFF => format!("\\u{n:04X}"),
        _ => format!("\\U{n:08X}"),
    };
    out.push_str(&escaped);
}
