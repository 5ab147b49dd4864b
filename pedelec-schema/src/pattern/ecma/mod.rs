//! Checking and compiling an ECMA-262 `pattern`: the limits, the grammar
//! (`syntax.rs` and the files it extends: `class.rs`, `escape.rs`,
//! `group_name.rs`, `property.rs`), the translation into the `regex`
//! crate's dialect, the regex builder's setup and the wording of every
//! error.
//!
//! This folder depends on nothing but `std` and `regex`, because
//! `pedelec-schema-derive` compiles it too (its `src/pattern_check` is a
//! symlink to this folder, which `cargo package` turns into a copy), so a
//! `pattern` is refused at compile time exactly when, and in the very words
//! in which, the library refuses it at run time.

mod ast;
mod class;
mod escape;
mod group_name;
mod property;
mod property_names;
mod size;
mod syntax;
mod translate;

use std::fmt;

use regex::{Regex, RegexBuilder};

/// The longest `pattern` accepted, in bytes of its source.
pub const MAX_PATTERN_LEN: usize = 16 * 1024;
/// The deepest group and repetition nesting accepted.
pub const MAX_NESTING: u32 = 64;
/// The largest compiled pattern accepted: the bytes of its automaton (the
/// `regex` crate's Thompson NFA for it) as a 64-bit target lays them out,
/// so that the same pattern gets the same verdict on every platform.
pub const MAX_COMPILED_SIZE: usize = 2 * 1024 * 1024;

/// Why a pattern cannot be used; the message says what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError(pub(crate) String);

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PatternError {}

/// Refuses a source longer than [`MAX_PATTERN_LEN`], before any work is
/// spent on it.
pub(crate) fn check_length(source: &str) -> Result<(), PatternError> {
    if source.len() > MAX_PATTERN_LEN {
        return Err(PatternError(format!(
            "the pattern is {} bytes long; the limit is {MAX_PATTERN_LEN}. \
             Keep patterns short, or check long formats in the handler",
            source.len()
        )));
    }
    Ok(())
}

/// A pattern that ECMA-262's grammar and the limits accept, read into its
/// tree; [`Parsed::translate`] writes it in the regex engine's dialect.
pub(crate) struct Parsed {
    tree: ast::Disjunction,
    source_len: usize,
}

impl Parsed {
    /// Checks `source` against ECMA-262's Unicode-mode grammar and the
    /// limits: every pattern goes through here, whichever matcher then runs
    /// it.
    pub(crate) fn new(source: &str) -> Result<Parsed, PatternError> {
        check_length(source)?;
        let tree = syntax::parse(source)?;
        Ok(Parsed {
            tree,
            source_len: source.len(),
        })
    }

    /// Translates for the regex engine, refusing what it cannot run.
    pub(crate) fn translate(&self) -> Result<Checked, PatternError> {
        translate::translate(&self.tree, self.source_len).map(Checked)
    }
}

/// A pattern that ECMA-262 accepts and the regex engine can run, in the
/// engine's dialect; [`Checked::compile`] builds it.
pub(crate) struct Checked(String);

impl Checked {
    /// The pattern in the engine's dialect, which the library's grammars
    /// read (the derive, which shares this file, only compiles it).
    #[allow(dead_code)]
    pub(crate) fn into_source(self) -> String {
        self.0
    }

    /// Compiles with the regex engine, within the limits; the size limit
    /// is checked first, in a count that does not depend on the platform
    /// (`size.rs`).
    pub(crate) fn compile(&self) -> Result<Regex, PatternError> {
        size::check(&self.0)?;
        RegexBuilder::new(&self.0)
            .size_limit(size::ENGINE_SIZE_LIMIT)
            .nest_limit(MAX_NESTING)
            .build()
            .map_err(|err| PatternError(describe_regex_error(&err)))
    }
}

fn describe_regex_error(err: &regex::Error) -> String {
    match err {
        regex::Error::CompiledTooBig(_) => size::too_big().0,
        other => {
            let detail = other.to_string();
            let last = detail.lines().last().unwrap_or_default().trim();
            let last = last.strip_prefix("error: ").unwrap_or(last);
            format!("the pattern does not compile: {last}")
        }
    }
}
