//! How the writers spell expressions: the precedence both formats share
//! (alternation below sequence below repetition), so that each writer
//! only says how it writes an atom.

use super::expr::{CharSet, Expr, RuleId, Rules};

/// What a format writes for each kind of atom; [`write_expr`] does the rest.
pub(crate) trait Spelling {
    fn text(&self, out: &mut String, text: &str);
    fn class(&self, out: &mut String, set: &CharSet);
    /// What matches nothing (an empty alternation).
    fn nothing(&self, out: &mut String);
    fn rule_name(&self, rules: &Rules, id: RuleId) -> String;
    /// `inner` (already written, as an atom) `min` to `max` times.
    fn repeat(&self, out: &mut String, inner: &str, min: u32, max: Option<u32>);
    fn and_operator(&self) -> &'static str;
    /// A rule the format does not write, nor any reference to it (Lark
    /// writes the whitespace between tokens as its skip).
    fn omitted(&self) -> Option<RuleId> {
        None
    }
}

/// How tightly an expression must bind where it is written.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    /// A rule's body or an alternative: anything goes.
    Top,
    /// A part of a sequence.
    Part,
    /// The operand of a repetition.
    Atom,
}

/// Every rule `start` reaches, `start` first, one a line:
/// `name{defines}body`.
pub(crate) fn write_rules(
    rules: &Rules,
    start: RuleId,
    spelling: &dyn Spelling,
    defines: &str,
) -> String {
    let mut out = String::new();
    for id in rules.reachable(start) {
        out.push_str(&spelling.rule_name(rules, id));
        out.push_str(defines);
        write_expr(&mut out, &rules.get(id).body, rules, spelling);
        out.push('\n');
    }
    out
}

pub(crate) fn write_expr(out: &mut String, expr: &Expr, rules: &Rules, spelling: &dyn Spelling) {
    write_at(out, expr, rules, spelling, Place::Top);
}

fn write_at(out: &mut String, expr: &Expr, rules: &Rules, spelling: &dyn Spelling, place: Place) {
    let needs_group = match expr {
        Expr::Alt(choices) => choices.len() > 1 && place > Place::Top,
        Expr::And(_) => place > Place::Top,
        Expr::Seq(_) => place == Place::Atom,
        Expr::Text(_) => false,
        Expr::Repeat(..) => place == Place::Atom,
        Expr::Class(_) | Expr::Ref(_) => false,
    };
    if needs_group {
        out.push('(');
        write_at(out, expr, rules, spelling, Place::Top);
        out.push(')');
        return;
    }
    match expr {
        Expr::Text(text) => spelling.text(out, text),
        Expr::Class(set) => spelling.class(out, set),
        Expr::Ref(id) => out.push_str(&spelling.rule_name(rules, *id)),
        Expr::Seq(parts) => {
            let omitted =
                |part: &&Expr| matches!(part, Expr::Ref(id) if Some(*id) == spelling.omitted());
            let written: Vec<&Expr> = parts.iter().filter(|part| !omitted(part)).collect();
            if let [only] = written[..] {
                // What is left may need a group where the sequence did not.
                write_at(out, only, rules, spelling, place);
                return;
            }
            for (i, part) in written.into_iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_at(out, part, rules, spelling, Place::Part);
            }
        }
        Expr::Alt(choices) if choices.is_empty() => spelling.nothing(out),
        Expr::Alt(choices) => {
            for (i, choice) in choices.iter().enumerate() {
                if i > 0 {
                    out.push_str(" | ");
                }
                write_at(out, choice, rules, spelling, Place::Part);
            }
        }
        Expr::And(parts) => {
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                    out.push_str(spelling.and_operator());
                    out.push(' ');
                }
                // An operand in parentheses: `&` binds below sequences in
                // Lark, and a reader should not have to know that.
                out.push('(');
                write_at(out, part, rules, spelling, Place::Top);
                out.push(')');
            }
        }
        Expr::Repeat(inner, min, max) => {
            let mut atom = String::new();
            write_at(&mut atom, inner, rules, spelling, Place::Atom);
            spelling.repeat(out, &atom, *min, *max);
        }
    }
}

/// `min`/`max` as the `*`, `+`, `?` and `{m,n}` that GBNF and Lark share.
pub(crate) fn write_count(out: &mut String, inner: &str, min: u32, max: Option<u32>) {
    out.push_str(inner);
    match (min, max) {
        (0, None) => out.push('*'),
        (1, None) => out.push('+'),
        (0, Some(1)) => out.push('?'),
        (min, None) => out.push_str(&format!("{{{min},}}")),
        (min, Some(max)) if min == max => out.push_str(&format!("{{{min}}}")),
        (min, Some(max)) => out.push_str(&format!("{{{min},{max}}}")),
    }
}

/// A class as `open`, `^` when the complement is shorter (`[^"\\]` reads
/// better than its 3 ranges up to U+10FFFF), its ranges with each end
/// spelled by `push_char`, then `close`: the form GBNF and regexes share.
pub(crate) fn write_class(
    out: &mut String,
    set: &CharSet,
    (open, close): (&str, &str),
    push_char: fn(&mut String, char),
) {
    let complement = set.complement();
    let (negated, ranges) =
        if complement.ranges().len() < set.ranges().len() && !complement.is_empty() {
            (true, complement)
        } else {
            (false, set.clone())
        };
    out.push_str(open);
    if negated {
        out.push('^');
    }
    for &(lo, hi) in ranges.ranges() {
        push_char(out, lo);
        if hi != lo {
            if hi as u32 > lo as u32 + 1 {
                out.push('-');
            }
            push_char(out, hi);
        }
    }
    out.push_str(close);
}

/// `text` between double quotes, `"` and `\\` escaped with a backslash,
/// each other character as it is where `raw` allows it, else as
/// `push_escape` writes it: the literal form GBNF and Lark share.
pub(crate) fn write_quoted(
    out: &mut String,
    text: &str,
    raw: fn(char) -> bool,
    push_escape: fn(&mut String, char),
) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if raw(c) => out.push(c),
            c => push_escape(out, c),
        }
    }
    out.push('"');
}
