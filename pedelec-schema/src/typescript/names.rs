//! Names in TypeScript: property keys (bare where they are identifiers,
//! quoted where not), type names in PascalCase, and the method names of the
//! code-mode declaration, made valid identifiers as code-mode renderers make
//! them (every other character an `_`, a leading digit after one).

/// Whether `name` is an ASCII JavaScript identifier, which a property key
/// may be written as without quotes (reserved words included: `class` is a
/// valid key).
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// A property name as a key of an object type: bare, or as a string
/// literal (JSON's string syntax is TypeScript's).
pub(super) fn key(name: &str) -> String {
    if is_identifier(name) {
        name.to_owned()
    } else {
        super::doc::literal(&serde_json::Value::from(name))
    }
}

/// The names TypeScript keeps for its own types, which a type alias may
/// not take.
const RESERVED_TYPE_NAMES: [&str; 13] = [
    "any",
    "unknown",
    "never",
    "void",
    "undefined",
    "null",
    "object",
    "string",
    "number",
    "boolean",
    "symbol",
    "bigint",
    "intrinsic",
];

/// `name` with every character that is not a letter, a digit, `_` or `$`
/// an `_`, and `_` before a leading digit.
fn sanitized(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '$' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// `name` made a type name: [`sanitized`], `_` before a name TypeScript
/// keeps for its own types, `Args` for nothing.
pub(super) fn type_name(name: &str) -> String {
    let mut out = sanitized(name);
    if out.is_empty() {
        out.push_str("Args");
    }
    if RESERVED_TYPE_NAMES.contains(&&*out) {
        out.insert(0, '_');
    }
    out
}

/// A tool's name in PascalCase, each run of letters and digits begun with
/// a capital (`read_file` and `read-file` -> `ReadFile`, `getURL` ->
/// `GetURL`), `_` before a leading digit.
pub(super) fn pascal_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for word in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// A tool's name as a method of `tools`: [`sanitized`] (a method may be
/// called `delete` or `string`).
pub(super) fn method_name(name: &str) -> String {
    sanitized(name)
}

/// Hands out names, numbering a name already taken (`ReadFileArgs2`), so
/// that two tools whose names differ only in what a name cannot hold still
/// get names of their own. (A list: tool lists are short.)
#[derive(Default)]
pub(super) struct Taken(Vec<String>);

impl Taken {
    /// `name`, or the first of `name2`, `name3`, ... not yet taken.
    pub(super) fn claim(&mut self, name: String) -> String {
        let mut candidate = name.clone();
        let mut number = 2;
        while self.0.contains(&candidate) {
            candidate = format!("{name}{number}");
            number += 1;
        }
        self.0.push(candidate.clone());
        candidate
    }
}
