//! The grammar in llama.cpp's GBNF, as its parser (`llama-grammar.cpp`)
//! reads it: `name ::= body` rules, the start rule `root`, literals and
//! classes over code points, `{m,n}` counts no larger than llama.cpp
//! expands.

use super::expr::{CharSet, Expr, RuleId, Rules};
use super::text::{write_count, write_expr, Spelling};

/// The largest count this writer puts in one `{m,n}`. llama.cpp expands a
/// count into that many copies and refuses very large ones, so a larger
/// count is written as an equivalent nest of smaller ones.
pub(crate) const MAX_COUNT: u32 = 1000;

/// The GBNF text of `rules`, `start` first, as `root`.
pub(crate) fn write(rules: &Rules, start: RuleId) -> String {
    let mut out = String::new();
    for id in rules.reachable(start) {
        let rule = rules.get(id);
        out.push_str(&Gbnf.rule_name(rules, id));
        out.push_str(" ::= ");
        write_expr(&mut out, &split_counts(&rule.body), rules, &Gbnf);
        out.push('\n');
    }
    out
}

/// `expr` with every count above [`MAX_COUNT`] rewritten as a nest of
/// counts within it, matching the same texts with one derivation each.
fn split_counts(expr: &Expr) -> Expr {
    match expr {
        Expr::Seq(parts) => Expr::seq(parts.iter().map(split_counts)),
        Expr::Alt(choices) => Expr::alt(choices.iter().map(split_counts)),
        Expr::And(parts) => Expr::and(parts.iter().map(split_counts)),
        Expr::Repeat(inner, min, max) => split_repeat(split_counts(inner), *min, *max),
        other => other.clone(),
    }
}

fn split_repeat(inner: Expr, min: u32, max: Option<u32>) -> Expr {
    let exactly = |n: u32| exactly(inner.clone(), n);
    match max {
        _ if min > MAX_COUNT => Expr::seq([
            exactly(min),
            split_repeat(inner.clone(), 0, max.map(|max| max - min)),
        ]),
        None => Expr::repeat(inner, min, None),
        Some(max) if max <= MAX_COUNT => Expr::repeat(inner, min, Some(max)),
        Some(max) if min > 0 => Expr::seq([
            exactly(min),
            split_repeat(inner.clone(), 0, Some(max - min)),
        ]),
        Some(max) => {
            // 0..=max as q blocks of MAX_COUNT and a rest: fewer than q full
            // blocks and any rest below a block, or q blocks and the last
            // rest; each count has one way.
            let (q, r) = (max / MAX_COUNT, max % MAX_COUNT);
            let block = exactly(MAX_COUNT);
            Expr::alt([
                Expr::seq([
                    split_repeat(block.clone(), 0, Some(q - 1)),
                    Expr::repeat(inner.clone(), 0, Some(MAX_COUNT - 1)),
                ]),
                Expr::seq([
                    split_repeat(block, q, Some(q)),
                    Expr::repeat(inner, 0, Some(r)),
                ]),
            ])
        }
    }
}

/// `inner` exactly `n` times, in counts within [`MAX_COUNT`].
fn exactly(inner: Expr, n: u32) -> Expr {
    if n <= MAX_COUNT {
        return Expr::repeat(inner, n, Some(n));
    }
    let (q, r) = (n / MAX_COUNT, n % MAX_COUNT);
    Expr::seq([
        exactly(Expr::repeat(inner.clone(), MAX_COUNT, Some(MAX_COUNT)), q),
        Expr::repeat(inner, r, Some(r)),
    ])
}

struct Gbnf;

impl Spelling for Gbnf {
    fn text(&self, out: &mut String, text: &str) {
        out.push('"');
        for c in text.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                ' '..='~' => out.push(c),
                _ => push_code(out, c),
            }
        }
        out.push('"');
    }

    fn class(&self, out: &mut String, set: &CharSet) {
        // The shorter of the set and its complement: `[^"\\]` reads better
        // than its 3 ranges up to U+10FFFF.
        let complement = set.complement();
        let (negated, ranges) =
            if complement.ranges().len() < set.ranges().len() && !complement.is_empty() {
                (true, complement)
            } else {
                (false, set.clone())
            };
        out.push('[');
        if negated {
            out.push('^');
        }
        for &(lo, hi) in ranges.ranges() {
            push_class_char(out, lo);
            if hi != lo {
                if hi as u32 > lo as u32 + 1 {
                    out.push('-');
                }
                push_class_char(out, hi);
            }
        }
        out.push(']');
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
        ']' | '[' | '\\' | '-' | '^' => {
            out.push('\\');
            out.push(c);
        }
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
