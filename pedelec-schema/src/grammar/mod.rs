//! Constrained decoding: a tool's arguments as a grammar for a local
//! engine - llama.cpp's GBNF or llguidance's Lark - that masks the model's
//! next token, so that what the model writes is the arguments' JSON.
//!
//! Hosted providers enforce a schema on their side ([`export`](mod@crate::export)).
//! Local engines turn a JSON Schema into a grammar themselves, and each
//! gets the subset wrong somewhere (see the engine profiles in
//! [`export`](mod@crate::export)). [`ToolArgsSchema::grammar`] writes the grammar
//! here instead, from the model, exact where the subset allows it and
//! saying where it does not; [`grammar_for_tools`] writes one for a call to
//! any of several tools.
//!
//! ```
//! use pedelec_schema::{Effect, GrammarFormat, ToolArgs};
//! use serde::Deserialize;
//!
//! /// Moves a shape on the canvas.
//! #[derive(Deserialize, ToolArgs)]
//! struct MoveShape {
//!     /// The shape's id.
//!     #[tool_args(pattern = "^shape-[0-9]+$", max_length = 32)]
//!     id: String,
//!     /// How far to move it, in pixels.
//!     #[tool_args(minimum = -500, maximum = 500)]
//!     dx: i64,
//! }
//!
//! let grammar = MoveShape::schema().grammar(GrammarFormat::Lark);
//! // Hand `grammar.text` to the engine: mistral.rs `Constraint::Lark`,
//! // llama-cpp-2's llguidance sampler, vLLM or SGLang's `%llguidance`.
//! // Its first lines set llguidance's whitespace skip, then `start:`.
//! assert!(grammar.text.starts_with("%llguidance "));
//! assert!(grammar.text.contains("\nstart: "));
//! // Nothing is wider than the schema: every text the grammar lets the
//! // model write, `validate_str` accepts.
//! assert!(grammar.changes.iter().all(|change| change.effect != Effect::Widens));
//!
//! // llama.cpp and llama-cpp-2's `LlamaSampler::grammar(model, text, "root")`.
//! let gbnf = MoveShape::schema().grammar(GrammarFormat::Gbnf);
//! assert!(gbnf.text.starts_with("root ::= "));
//! ```
//!
//! # The promise
//!
//! **Sound.** Every text the grammar accepts is JSON that
//! [`validate_str`](ToolArgsSchema::validate_str) accepts, except where a
//! change with effect `widens` names the keyword the grammar cannot hold:
//!
//! | change | where | why |
//! |---|---|---|
//! | `grammar_unique_items_unenforced` | `uniqueItems` | no context-free grammar can say that items differ |
//! | `grammar_one_of_overlap` | a `oneOf` whose branches are not provably disjoint ([`disjoint`](crate::export#openai-strict) as the export decides it) | the grammar takes any branch's value; `validate` refuses one that two branches accept |
//! | `grammar_length_beside_pattern` | GBNF only: `minLength`/`maxLength` beside a `pattern`, unless the pattern's shape gives the product (`^[a-z]+$`) | GBNF has no intersection; Lark's `&` holds both exactly |
//! | `grammar_pattern_assertion` | `^`, `$`, `\b` or `\B` inside a repetition counted past 16 copies (`(?:\ba){17}`) | every assertion is exact elsewhere, inside `*`, `+` and small counts too; writing out that many copies with their conditions is not; taken as true |
//!
//! The handler validates every call anyway: the grammar is what the model
//! can write, not a check of what arrived.
//!
//! **Complete, up to these narrowings.** Every valid value can be written,
//! in every JSON spelling of its strings (raw characters, the short escapes,
//! `\u` escapes in either case, surrogate pairs), except that:
//!
//! | change | what the grammar does not write |
//! |---|---|
//! | `grammar_object_shape` | properties out of the schema's order, twice, or not named by the schema; a property name spelled otherwise than serde_json writes it |
//! | `grammar_whitespace_bounded` | GBNF: more than [`MAX_WHITESPACE`] whitespace characters in a row; Lark: whitespace after the last token (Lark writes whitespace as llguidance's own skip, `%ignore`, as its JSON Schema front end does: a run of any length before each token) |
//! | `grammar_integer_spelling` | an integer with a fraction or an exponent (`3.0`, `3e0`), or longer than 308 digits; one beyond `u64`/`i64` within 16 floats of a bound |
//! | `grammar_number_spelling` | an exponent on a number with a `minimum` or `maximum`; an exponent that is not small beside a one-digit mantissa; more than 308 integer digits; a long decimal (over 15 significant digits or 22 after the point) within 16 floats of a bound |
//! | `grammar_enum_spelling` | an `enum` value spelled otherwise than serde_json writes it (`"\u00e9"` for `"é"`, `1.0` for `1`) |
//!
//! Each is reported where it applies, with a pointer into the schema. None
//! is a spelling a model trained on JSON produces unprompted. Lone
//! surrogate escapes (`"\ud800"`) match nothing, as serde_json refuses them.
//!
//! # Numbers
//!
//! Integer ranges are exact: bounds of any size, `-0` wherever zero is in
//! range. A number's bounds hold for every text serde_json may read, with
//! or without its `float_roundtrip` feature: without it, a long decimal is
//! not always rounded to the nearest float, so a text just outside a bound
//! can read as inside it and one inside as outside. Texts serde_json reads
//! exactly either way (at most 15 significant digits and 22 after the
//! point) are written up to the bound itself, each one that rounds onto
//! it checked; longer ones only where they lie 16 floats inside (the worst
//! error measured was 2). So `0.3` passes under `maximum: 0.3`, and
//! `0.30000000000000001`, which validation would read as `0.3`, does not.
//!
//! # Strings and patterns
//!
//! A length counts decoded characters, as validation does (an escape or a
//! surrogate pair is one). A pattern has its ECMA-262 meaning, as
//! [`Pattern`](crate::Pattern) reads it - a search, not a full match,
//! with `\d` ASCII - and is matched against the decoded string: a `"` or a
//! control character the pattern allows is written as its escape. A
//! pattern and a length bound together are their intersection.
//!
//! # The formats
//!
//! - [`GrammarFormat::Gbnf`]: llama.cpp's parser expands a count `{m,n}` into
//!   copies and refuses large ones, so a count above 1,000 is written as an
//!   equivalent nest of counts (`{0,5000}` as blocks of 1,000); each text
//!   still has one derivation.
//! - [`GrammarFormat::Lark`]: strings, numbers and booleans are terminals
//!   (one lexeme each, the fast path in llguidance), with `&` where a
//!   pattern meets a length.
//!
//! Rule names are made from the grammar's own words and a number
//! (`string-3`, `object-rest-2`), never from property names, so no schema
//! can collide with them.
//!
//! # Several tools
//!
//! [`grammar_for_tools`] accepts `{"name": "<tool>", "arguments": {...}}`
//! for exactly the given tools, `name` first, each tool's arguments with its
//! own rules: one tool's schema cannot widen or break another's.

mod build;
mod digits;
mod expr;
mod gbnf;
mod lark;
mod lark_regex;
mod number;
mod string;
mod text;
mod walk;

use std::fmt;
use std::str::FromStr;

use crate::change::{Change, ChangeCode};
use crate::export::ToolDefinition;
use crate::message::Quoted;
use crate::tool_args_schema::ToolArgsSchema;

use build::Build;
use expr::{Expr, RuleKind};

/// How deep groups nest in one rule of a written grammar; a deeper part is
/// a rule of its own (see `Rules::limit_depth`).
const MAX_NESTING: usize = 12;

/// The longest run of whitespace a GBNF grammar allows between two tokens.
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

/// The name is quoted only as far as a message quotes a string
/// (`message::Quoted`): it may be any string a caller passed.
impl fmt::Display for UnknownGrammarFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown grammar format {}; expected `gbnf` or `lark`",
            Quoted::new(&self.0)
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

/// Constrained decoding.
impl ToolArgsSchema {
    /// The grammar of these arguments for a constrained-decoding engine:
    /// llama.cpp's GBNF or llguidance's Lark, whose start rule accepts the
    /// arguments' JSON text. Every text it accepts, [`validate_str`]
    /// accepts too, except where a `widens` change says which keyword the
    /// grammar cannot hold; see [Constrained decoding](crate::grammar).
    ///
    /// [`validate_str`]: Self::validate_str
    ///
    /// ```
    /// use pedelec_schema::{GrammarFormat, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"city": {"type": "string", "maxLength": 40}},
    ///     "required": ["city"]
    /// }))?;
    /// let grammar = schema.grammar(GrammarFormat::Gbnf);
    /// assert!(grammar.text.starts_with("root ::= "));
    /// assert!(grammar.changes.iter().all(|c| c.effect != pedelec_schema::Effect::Widens));
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn grammar(&self, format: GrammarFormat) -> Grammar {
        grammar(self, format)
    }
}

/// The grammar of `schema`'s arguments in `format`.
pub(crate) fn grammar(schema: &ToolArgsSchema, format: GrammarFormat) -> Grammar {
    let mut cx = Build::new(format);
    let ws = walk::ws(&mut cx);
    whitespace_note(&mut cx);
    let args = walk::object_value(schema.root(), &mut cx);
    let trailing = walk::trailing_ws(&ws, &cx);
    let start = Expr::seq([ws, args, trailing]);
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
                let args = walk::object_value(tool.schema().root(), cx);
                if args.is_nothing() {
                    // This tool cannot be called; the others still can.
                    empty_note(cx);
                }
                args
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
    let trailing = walk::trailing_ws(&ws, &cx);
    write(cx, Expr::seq([ws, call, trailing]))
}

fn whitespace_note(cx: &mut Build) {
    let message = match cx.format {
        GrammarFormat::Gbnf => {
            format!("whitespace between tokens is at most {MAX_WHITESPACE} characters")
        }
        GrammarFormat::Lark => {
            "no whitespace after the last token (between tokens, a run of any length)".to_owned()
        }
    };
    cx.change(ChangeCode::GrammarWhitespaceBounded, None, message);
}

fn empty_note(cx: &mut Build) {
    cx.change(
        ChangeCode::GrammarEmpty,
        None,
        "no arguments satisfy this schema (a required property accepts no value), so the grammar accepts no text for it",
    );
}

/// The start rule and the rules built for it, written in the format.
fn write(mut cx: Build, start: Expr) -> Grammar {
    if start.is_nothing() && !cx.has_change(ChangeCode::GrammarEmpty) {
        empty_note(&mut cx);
    }
    let format = cx.format;
    let (mut rules, changes) = cx.finish();
    let start = rules.add_named("root", RuleKind::Rule, start);
    let text = match format {
        GrammarFormat::Gbnf => {
            rules.limit_depth(start, MAX_NESTING, |_| false);
            gbnf::write(&mut rules, start)
        }
        GrammarFormat::Lark => {
            // A terminal written as one regex is read by the regex parser,
            // not by Lark's: kept whole, it is one regex for the engine to
            // compile rather than several joined.
            rules.limit_depth(start, MAX_NESTING, lark_regex::is_one_regex);
            lark::write(&rules, start)
        }
    };
    Grammar { text, changes }
}
