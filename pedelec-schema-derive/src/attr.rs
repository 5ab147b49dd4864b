//! The attributes the derive reads: `#[tool_args(...)]` (strictly: every
//! mistake is an error on its token) and `#[serde(...)]` (leniently, in
//! `serde.rs`: serde reports its own mistakes, this only reads what changes
//! the JSON shape). Doc comments are `doc.rs`'s.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::{Attribute, Ident, Lit, LitStr, Token};

use crate::ctxt::Errors;

mod serde;

pub use self::serde::{serde, Serde};

/// A keyword value with the key that gave it, for error spans.
pub struct Keyed<T> {
    pub key: Ident,
    pub value: T,
    /// The span of the value (the key's when there is none).
    pub span: Span,
}

/// A `minimum`/`maximum` as written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    /// As a float, for comparisons (exact enough: bounds that differ only
    /// beyond 2^53 are compared again exactly when both are integers).
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    /// Whether `self > other`, exactly for two integers.
    pub fn greater_than(self, other: Num) -> bool {
        match (self, other) {
            (Num::Int(a), Num::Int(b)) => a > b,
            _ => self.as_f64() > other.as_f64(),
        }
    }
}

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Num::Int(i) => write!(f, "{i}"),
            // `Debug` writes `1e20` as `1e20`, not as twenty-one digits.
            Num::Float(x) => write!(f, "{x:?}"),
        }
    }
}

/// Where a field's node comes from instead of its type: an escape hatch.
pub enum Hatch {
    /// `as = Type`: the node of another type that reads the same JSON.
    As(syn::Type),
    /// `schema_with = path`: a function that returns the node.
    SchemaWith(syn::ExprPath),
}

/// `#[tool_args(...)]`: the keywords a field, a variant or a type adds, a
/// field's escape hatch, and a type's `output` flag.
#[derive(Default)]
pub struct Keywords {
    pub hatch: Option<Keyed<Hatch>>,
    /// `output`: the type is also serialized as a tool's result.
    pub output: Option<Keyed<()>>,
    pub description: Option<Keyed<String>>,
    pub min_length: Option<Keyed<u64>>,
    pub max_length: Option<Keyed<u64>>,
    pub pattern: Option<Keyed<String>>,
    pub minimum: Option<Keyed<Num>>,
    pub maximum: Option<Keyed<Num>>,
    pub min_items: Option<Keyed<u64>>,
    pub max_items: Option<Keyed<u64>>,
    pub unique_items: Option<Keyed<bool>>,
    pub default: Option<Keyed<TokenStream>>,
    pub examples: Option<Keyed<Vec<TokenStream>>>,
}

/// Every key `#[tool_args]` takes, in the order the docs list them.
pub const KEYS: [&str; 14] = [
    "as",
    "schema_with",
    "description",
    "min_length",
    "max_length",
    "pattern",
    "minimum",
    "maximum",
    "min_items",
    "max_items",
    "unique_items",
    "default",
    "examples",
    "output",
];

impl Keywords {
    /// The keys given that constrain the value (not metadata), with their
    /// key idents, in the order of [`KEYS`].
    pub fn constraints(&self) -> Vec<&Ident> {
        let mut keys = Vec::new();
        keys.extend(self.min_length.as_ref().map(|k| &k.key));
        keys.extend(self.max_length.as_ref().map(|k| &k.key));
        keys.extend(self.pattern.as_ref().map(|k| &k.key));
        keys.extend(self.minimum.as_ref().map(|k| &k.key));
        keys.extend(self.maximum.as_ref().map(|k| &k.key));
        keys.extend(self.min_items.as_ref().map(|k| &k.key));
        keys.extend(self.max_items.as_ref().map(|k| &k.key));
        keys.extend(self.unique_items.as_ref().map(|k| &k.key));
        keys
    }

    /// Every key given but the hatch and `output`.
    pub fn all_keys(&self) -> Vec<&Ident> {
        let mut keys = Vec::new();
        keys.extend(self.description.as_ref().map(|k| &k.key));
        keys.extend(self.constraints());
        keys.extend(self.default.as_ref().map(|k| &k.key));
        keys.extend(self.examples.as_ref().map(|k| &k.key));
        keys
    }
}

/// Reads every `#[tool_args(...)]` of `attrs`.
pub fn keywords(attrs: &[Attribute], errors: &mut Errors) -> Keywords {
    let mut keywords = Keywords::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("tool_args")) {
        if let Err(err) = attr.parse_nested_meta(|meta| keyword(&mut keywords, meta, errors)) {
            errors.push(err);
        }
    }
    keywords
}

/// One `key = value` of `#[tool_args(...)]`.
fn keyword(keywords: &mut Keywords, meta: ParseNestedMeta, errors: &mut Errors) -> syn::Result<()> {
    let Some(key) = meta.path.get_ident().cloned() else {
        errors.error(
            syn_span(&meta.path),
            "expected a key such as `description` or `min_length`",
        );
        return skip_value(&meta);
    };
    let name = key.to_string();
    match name.as_str() {
        "as" => set_hatch(
            keywords,
            key,
            errors,
            hatch_type(&meta).map(|(t, s)| (Hatch::As(t), s)),
        ),
        "schema_with" => set_hatch(
            keywords,
            key,
            errors,
            hatch_path(&meta).map(|(p, s)| (Hatch::SchemaWith(p), s)),
        ),
        "description" => set(&mut keywords.description, key, errors, lit_str(&meta)),
        "pattern" => set(&mut keywords.pattern, key, errors, lit_str(&meta)),
        "min_length" => set(&mut keywords.min_length, key, errors, count(&meta, &name)),
        "max_length" => set(&mut keywords.max_length, key, errors, count(&meta, &name)),
        "min_items" => set(&mut keywords.min_items, key, errors, count(&meta, &name)),
        "max_items" => set(&mut keywords.max_items, key, errors, count(&meta, &name)),
        "minimum" => set(&mut keywords.minimum, key, errors, number(&meta, &name)),
        "maximum" => set(&mut keywords.maximum, key, errors, number(&meta, &name)),
        "unique_items" => set(&mut keywords.unique_items, key, errors, flag(&meta)),
        "default" => set(&mut keywords.default, key, errors, json_value(&meta)),
        "examples" => set(&mut keywords.examples, key, errors, json_list(&meta)),
        "output" => {
            let parsed = alone(&meta, &key);
            set(&mut keywords.output, key, errors, parsed)
        }
        _ => {
            errors.error(key.span(), unknown_key_message(&name));
            skip_value(&meta)
        }
    }
}

fn syn_span(path: &syn::Path) -> Span {
    path.segments
        .first()
        .map_or_else(Span::call_site, |s| s.ident.span())
}

fn unknown_key_message(name: &str) -> String {
    let snake = crate::case::RenameRule::Snake.apply_to_variant(name);
    let hint = if snake != name && KEYS.contains(&snake.as_str()) {
        format!(" (did you mean `{snake}`? keys are written in snake_case)")
    } else if let Some(near) = KEYS.iter().find(|key| edit_distance(key, name) <= 2) {
        format!(" (did you mean `{near}`?)")
    } else {
        String::new()
    };
    format!(
        "unknown key `{name}` in `#[tool_args(...)]`{hint}; the keys are: {}",
        KEYS.join(", ")
    )
}

/// Levenshtein distance, to suggest the key a typo meant.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// Stores a parsed value, or reports the key as given twice. A parse error
/// of the value is returned as is (the rest of the attribute is unreadable).
fn set<T>(
    slot: &mut Option<Keyed<T>>,
    key: Ident,
    errors: &mut Errors,
    parsed: syn::Result<(T, Span)>,
) -> syn::Result<()> {
    let (value, span) = parsed?;
    if slot.is_some() {
        errors.error(
            key.span(),
            format!("`{key}` is given twice; give each key once"),
        );
        return Ok(());
    }
    *slot = Some(Keyed { key, value, span });
    Ok(())
}

/// `as` and `schema_with` share one slot: a field's node comes from one
/// place.
fn set_hatch(
    keywords: &mut Keywords,
    key: Ident,
    errors: &mut Errors,
    parsed: syn::Result<(Hatch, Span)>,
) -> syn::Result<()> {
    if let Some(given) = &keywords.hatch {
        errors.error(
            key.span(),
            format!(
                "`{key}` and `{}` both say where the field's node comes from; give one",
                given.key
            ),
        );
        return parsed.map(drop);
    }
    set(&mut keywords.hatch, key, errors, parsed)
}

/// `as = Type`, or `as = "Type"` as serde and schemars write types.
fn hatch_type(meta: &ParseNestedMeta) -> syn::Result<(syn::Type, Span)> {
    parsed_or_quoted(
        meta,
        "`as` takes a type, such as `as = String` or `as = Option<Vec<String>>`",
    )
}

/// `schema_with = path::to::function`, or the path in a string.
fn hatch_path(meta: &ParseNestedMeta) -> syn::Result<(syn::ExprPath, Span)> {
    parsed_or_quoted(
        meta,
        "`schema_with` takes the path of a function `fn() -> SchemaNode`, such as \
         `schema_with = crate::schemas::slug`",
    )
}

/// A `T` written as it is, or inside a string literal.
fn parsed_or_quoted<T: syn::parse::Parse>(
    meta: &ParseNestedMeta,
    message: &str,
) -> syn::Result<(T, Span)> {
    let input = meta.value()?;
    let span = input.span();
    let parsed = if input.peek(LitStr) {
        input.parse::<LitStr>()?.parse::<T>()
    } else {
        input.parse::<T>()
    };
    parsed
        .map(|value| (value, span))
        .map_err(|err| syn::Error::new(err.span(), message))
}

fn lit_str(meta: &ParseNestedMeta) -> syn::Result<(String, Span)> {
    let lit: LitStr = meta.value()?.parse().map_err(|err| {
        syn::Error::new(
            err.span(),
            format!(
                "`{}` takes a string literal, such as `{} = \"...\"`",
                path_name(meta),
                path_name(meta)
            ),
        )
    })?;
    Ok((lit.value(), lit.span()))
}

fn path_name(meta: &ParseNestedMeta) -> String {
    meta.path
        .get_ident()
        .map_or_else(String::new, ToString::to_string)
}

/// A non-negative integer: a length or an item count.
fn count(meta: &ParseNestedMeta, name: &str) -> syn::Result<(u64, Span)> {
    let message = format!("`{name}` takes a non-negative integer, such as `{name} = 1`");
    let input = meta.value()?;
    let span = input.span();
    let lit: Lit = input.parse().map_err(|_| syn::Error::new(span, &message))?;
    match &lit {
        Lit::Int(int) => int
            .base10_parse::<u64>()
            .map(|n| (n, int.span()))
            .map_err(|_| syn::Error::new(int.span(), &message)),
        other => Err(syn::Error::new(other.span(), message)),
    }
}

/// A JSON number: an integer or a finite float, maybe negative.
fn number(meta: &ParseNestedMeta, name: &str) -> syn::Result<(Num, Span)> {
    let message = format!("`{name}` takes a number, such as `{name} = -10` or `{name} = 0.5`");
    let input = meta.value()?;
    let span = input.span();
    let negative = input.parse::<Option<Token![-]>>()?.is_some();
    let lit: Lit = input.parse().map_err(|_| syn::Error::new(span, &message))?;
    let sign = if negative { "-" } else { "" };
    let parsed = match &lit {
        Lit::Int(int) => format!("{sign}{}", int.base10_digits())
            .parse::<i128>()
            .ok()
            .filter(|i| (i64::MIN as i128..=u64::MAX as i128).contains(i))
            .map(Num::Int),
        Lit::Float(float) => format!("{sign}{}", float.base10_digits())
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Num::Float),
        _ => None,
    };
    parsed.map(|n| (n, lit.span())).ok_or_else(|| {
        syn::Error::new(
            lit.span(),
            format!("{message}; integers must fit in `i64` or `u64`, floats must be finite"),
        )
    })
}

/// `unique_items` alone, or `unique_items = true|false`.
fn flag(meta: &ParseNestedMeta) -> syn::Result<(bool, Span)> {
    if !meta.input.peek(Token![=]) {
        return Ok((true, syn_span(&meta.path)));
    }
    let lit: syn::LitBool = meta.value()?.parse().map_err(|err| {
        syn::Error::new(
            err.span(),
            "`unique_items` takes `true` or `false`, or stands alone",
        )
    })?;
    Ok((lit.value, lit.span))
}

/// A key that takes no value, such as `output`.
fn alone(meta: &ParseNestedMeta, key: &Ident) -> syn::Result<((), Span)> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        return Err(syn::Error::new(
            key.span(),
            format!("`{key}` takes no value: write `#[tool_args({key})]`"),
        ));
    }
    Ok(((), key.span()))
}

/// `default = <json>`: the tokens up to the next comma, given to `json!`.
fn json_value(meta: &ParseNestedMeta) -> syn::Result<(TokenStream, Span)> {
    let input = meta.value()?;
    let span = input.span();
    let tokens = tokens_until_comma(input)?;
    if tokens.is_empty() {
        return Err(syn::Error::new(
            span,
            "`default` takes a JSON value, such as `default = \"en\"` or `default = [1, 2]`",
        ));
    }
    Ok((tokens, span))
}

/// `examples(<json>, ...)`.
fn json_list(meta: &ParseNestedMeta) -> syn::Result<(Vec<TokenStream>, Span)> {
    let span = syn_span(&meta.path);
    if !meta.input.peek(syn::token::Paren) {
        return Err(syn::Error::new(
            span,
            "write `examples(<json>, ...)`, such as `examples(\"en\", \"zh-TW\")`",
        ));
    }
    let content;
    syn::parenthesized!(content in meta.input);
    let mut values = Vec::new();
    while !content.is_empty() {
        let value = tokens_until_comma(&content)?;
        if value.is_empty() {
            return Err(content.error("expected a JSON value"));
        }
        values.push(value);
        if content.parse::<Option<Token![,]>>()?.is_none() {
            break;
        }
    }
    if values.is_empty() {
        return Err(syn::Error::new(
            span,
            "`examples(...)` needs at least one value",
        ));
    }
    Ok((values, span))
}

/// Token trees up to a top-level `,` (groups are single trees, so commas
/// inside `[...]` and `{...}` stay in).
fn tokens_until_comma(input: ParseStream) -> syn::Result<TokenStream> {
    let mut tokens = TokenStream::new();
    while !input.is_empty() && !input.peek(Token![,]) {
        tokens.extend([input.parse::<TokenTree>()?]);
    }
    Ok(tokens)
}

/// Consumes the value of a key this code does not read.
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        tokens_until_comma(meta.value()?)?;
    } else if meta.input.peek(syn::token::Paren) {
        let _content;
        syn::parenthesized!(_content in meta.input);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_keys_suggest_the_snake_case_spelling() {
        let message = unknown_key_message("minLength");
        assert!(message.contains("did you mean `min_length`"), "{message}");
        assert!(unknown_key_message("min_lenght").contains("did you mean `min_length`?"));
        assert!(!unknown_key_message("colour").contains("did you mean"));
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
