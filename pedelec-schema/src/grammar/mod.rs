//! Grammars for constrained decoding: a tool's arguments as a llama.cpp
//! GBNF or an llguidance Lark grammar, exact where the engines' own
//! converters approximate, and saying where it is not.
//!
//! (The crate docs' "Constrained decoding" section is the reference.)

mod build;
mod digits;
mod expr;
mod gbnf;
mod lark;
mod number;
mod string;
mod text;
mod walk;

use std::fmt;
use std::str::FromStr;

use crate::change::{Change, ChangeCode};
use crate::export::ToolDefinition;
use crate::tool_args_schema::ToolArgsSchema;

use build::Build;
use expr::{Expr, RuleKind};

/// The longest run of whitespace a grammar allows between two tokens.
pub const MAX_WHITESPACE: u32 = 64;

/// The grammar formats [`ToolArgsSchema::grammar`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GrammarFormat {
    /// llama.cpp's GBNF, as its own grammar parser reads it (and so
    /// llama-cpp-2's `LlamaSampler::grammar`); the start rule is `root`.
    Gbnf,
    /// llguidance's Lark dialect (mistral.rs `Constraint::Lark`,
    /// llama-cpp-2's llguidance sampler, vLLM and SGLang's `%llguidance`);
    /// the start rule is `start`.
    Lark,
}

impl GrammarFormat {
    /// Every format, in declaration order.
    pub const ALL: &'static [GrammarFormat] = &[GrammarFormat::Gbnf, GrammarFormat::Lark];

    /// The format's name as `pedelec-lint --export` spells it: `gbnf` or
    /// `lark`.
    pub fn as_str(self) -> &'static str {
        match self {
            GrammarFormat::Gbnf => "gbnf",
            GrammarFormat::Lark => "lark",
        }
    }

    /// Whether lexemes may intersect (`&`): then a length bound and a
    /// pattern are held together exactly.
    pub(crate) fn has_intersection(self) -> bool {
        matches!(self, GrammarFormat::Lark)
    }
}

impl fmt::Display for GrammarFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no [`GrammarFormat`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGrammarFormat(pub String);

impl fmt::Display for UnknownGrammarFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown grammar format `{}`; expected `gbnf` or `lark`",
            self.0
        )
    }
}

impl std::error::Error for UnknownGrammarFormat {}

impl FromStr for GrammarFormat {
    type Err = UnknownGrammarFormat;

    /// Reads [`GrammarFormat::as_str`]'s names.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        GrammarFormat::ALL
            .iter()
            .copied()
            .find(|format| format.as_str() == name)
            .ok_or_else(|| UnknownGrammarFormat(name.to_owned()))
    }
}

/// A grammar, and what it does not hold exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grammar {
    /// The grammar in its format.
    pub text: String,
    /// Every place where the grammar is wider than the schema (`widens`:
    /// `validate` still refuses what it lets through) or narrower (`narrows`:
    /// a spelling the grammar does not write), with pointers into the
    /// schema, in the order of the walk.
    pub changes: Vec<Change>,
}

/// The grammar of `schema`'s arguments in `format`.
pub(crate) fn grammar(schema: &ToolArgsSchema, format: GrammarFormat) -> Grammar {
    let mut cx = Build::new(format);
    let ws = walk::ws(&mut cx);
    whitespace_note(&mut cx);
    let args = walk::object_value(schema.root(), &mut cx);
    let start = Expr::seq([ws.clone(), args, ws]);
    write(cx, start)
}

/// One grammar for a call to any of `tools`: the text
/// `{"name": "<tool>", "arguments": {...}}` (`name` first), with exactly
/// these names, each with its own arguments' grammar, so that one tool's
/// schema cannot change what another's arguments may be. The changes'
/// pointers are into the list of the tools' schemas: `/2/properties/path`
/// is in the third tool's schema.
///
/// ```
/// use pedelec_schema::{grammar_for_tools, GrammarFormat, ToolArgsSchema, ToolDefinition};
/// use serde_json::json;
///
/// let read = ToolDefinition::new("read_file", ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"path": {"type": "string"}},
///     "required": ["path"]
/// }))?)?;
/// let list = ToolDefinition::new("list_dir", ToolArgsSchema::from_value(&json!({"type": "object"}))?)?;
/// let grammar = grammar_for_tools(&[read, list], GrammarFormat::Lark);
/// assert!(grammar.text.contains(r#""\"read_file\"""#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grammar_for_tools(tools: &[ToolDefinition], format: GrammarFormat) -> Grammar {
    let mut cx = Build::new(format);
    let ws = walk::ws(&mut cx);
    whitespace_note(&mut cx);
    let calls: Vec<Expr> = tools
        .iter()
        .enumerate()
        .map(|(i, tool)| {
            let args = cx.at(&[&i.to_string()], |cx| {
                walk::object_value(tool.schema().root(), cx)
            });
            let name = serde_json::to_string(tool.name()).expect("a string serializes");
            Expr::seq([
                Expr::text(name),
                ws.clone(),
                Expr::text(","),
                ws.clone(),
                Expr::text("\"arguments\""),
                ws.clone(),
                Expr::text(":"),
                ws.clone(),
                args,
                ws.clone(),
            ])
        })
        .collect();
    let call = Expr::seq([
        Expr::text("{"),
        ws.clone(),
        Expr::text("\"name\""),
        ws.clone(),
        Expr::text(":"),
        ws.clone(),
        cx.rule("call", Expr::alt(calls)),
        Expr::text("}"),
    ]);
    write(cx, Expr::seq([ws.clone(), call, ws]))
}

fn whitespace_note(cx: &mut Build) {
    cx.change(
        ChangeCode::GrammarWhitespaceBounded,
        None,
        format!("whitespace between tokens is at most {MAX_WHITESPACE} characters"),
    );
}

/// The start rule and the rules built for it, written in the format.
fn write(cx: Build, start: Expr) -> Grammar {
    let format = cx.format;
    let (mut rules, changes) = cx.finish();
    let start = rules.add_named("root", RuleKind::Rule, start);
    let text = match format {
        GrammarFormat::Gbnf => gbnf::write(&rules, start),
        GrammarFormat::Lark => lark::write(&rules, start),
    };
    Grammar { text, changes }
}
