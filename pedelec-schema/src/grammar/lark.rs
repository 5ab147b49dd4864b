//! The grammar in llguidance's Lark dialect: lexemes as terminals
//! (uppercase names, where `&` may appear), each one regex where it can be
//! (`lark_regex.rs`), the rest as rules, the start rule `start`; literals
//! as JSON strings, classes as regexes.

use super::expr::{CharSet, Expr, RuleId, RuleKind, Rules};
use super::text::{write_class, write_count, write_expr, write_quoted, Spelling};
use super::{lark_regex, walk};

/// The Lark text of `rules`, `start` first, as `start`.
///
/// JSON's whitespace between tokens is written as llguidance's skip, the
/// way its own JSON Schema front end writes it: one run of any length
/// where the whitespace rule stood, which is between any two lexemes
/// (every JSON token is one lexeme, and the builders put the whitespace
/// rule between every two). The engine's masks take a run of whitespace
/// tokens in one slice it has ready, which a rule of its own would not.
pub(crate) fn write(rules: &Rules, start: RuleId) -> String {
    // A grammar of no text (an empty schema's) has no whitespace either.
    let whitespace = rules
        .whitespace()
        .filter(|ws| rules.reachable(start).contains(ws));
    let lark = Lark { start, whitespace };
    let mut out = String::new();
    if lark.whitespace.is_some() {
        // Once between two lexemes, and before the first.
        out.push_str("%llguidance {\"ignore_once\": true, \"allow_initial_skip\": true}\n");
        let run = Expr::repeat(walk::json_whitespace(), 1, None);
        let run = lark_regex::regex(&run).expect("a class repeated is a regex");
        out.push_str(&format!("%ignore /{run}/\n"));
    }
    for id in rules.reachable_without(start, lark.whitespace) {
        let rule = rules.get(id);
        out.push_str(&lark.rule_name(rules, id));
        out.push_str(": ");
        match lark_regex::regex(&rule.body).filter(|_| rule.kind == RuleKind::Lexeme) {
            Some(regex) => {
                out.push('/');
                out.push_str(&regex);
                out.push('/');
            }
            None => write_expr(&mut out, &rule.body, rules, &lark),
        }
        out.push('\n');
    }
    out
}

struct Lark {
    start: RuleId,
    whitespace: Option<RuleId>,
}

impl Spelling for Lark {
    fn text(&self, out: &mut String, text: &str) {
        // llguidance reads a literal's contents as a JSON string; its lexer
        // takes no raw control character there (DEL included), so those
        // are `\u` escapes, as are the line and paragraph separators.
        write_quoted(
            out,
            text,
            |c| !c.is_control() && c != '\u{2028}' && c != '\u{2029}',
            |out, c| out.push_str(&format!("\\u{:04X}", c as u32)),
        );
    }

    fn class(&self, out: &mut String, set: &CharSet) {
        write_class(out, set, ("/[", "]/"), push_regex_char);
    }

    fn nothing(&self, out: &mut String) {
        // A class of no character.
        out.push_str("/[^\\x{0}-\\x{10FFFF}]/");
    }

    fn rule_name(&self, rules: &Rules, id: RuleId) -> String {
        if id == self.start {
            return "start".to_owned();
        }
        let rule = rules.get(id);
        // Made names hold no `_`, so this is one to one.
        let name = rule.name.replace('-', "_");
        match rule.kind {
            RuleKind::Lexeme => name.to_ascii_uppercase(),
            RuleKind::Rule => name,
        }
    }

    fn repeat(&self, out: &mut String, inner: &str, min: u32, max: Option<u32>) {
        // llguidance reads counts as i32: a maximum above that is written
        // as none and a minimum as i32::MAX, which only a text of over two
        // billion items or characters could tell apart.
        let clamp = |n: u32| n.min(i32::MAX as u32);
        write_count(
            out,
            inner,
            clamp(min),
            max.filter(|&max| max <= i32::MAX as u32),
        );
    }

    fn and_operator(&self) -> &'static str {
        "&"
    }

    fn omitted(&self) -> Option<RuleId> {
        self.whitespace
    }
}

/// A character of a regex class: letters and digits as they are, anything
/// else as `\x{...}`, which the regex syntax reads the same everywhere.
fn push_regex_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}
