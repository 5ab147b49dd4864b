//! `#[serde(...)]`, read leniently: serde reports its own mistakes, this
//! only reads what changes the JSON shape, what serde reads and, for the
//! checks of `#[tool_args(output)]`, where what it writes differs.

use syn::meta::ParseNestedMeta;
use syn::{Attribute, Ident, LitStr, Token};

use super::skip_value;
use crate::case::RenameRule;

/// The `#[serde(...)]` keys that change the JSON shape (container, field
/// and variant keys alike; each context reads its own). The names and rules
/// are the ones serde reads; [`Written`] has what it writes.
#[derive(Default)]
pub struct Serde {
    pub rename: Option<String>,
    pub rename_all: Option<RenameRule>,
    pub rename_all_fields: Option<RenameRule>,
    /// The `rename`, `rename_all` and `rename_all_fields` keys, for errors.
    pub rename_key: Option<Ident>,
    pub rename_all_key: Option<Ident>,
    pub rename_all_fields_key: Option<Ident>,
    pub tag: Option<String>,
    /// The `tag` key, for errors.
    pub tag_key: Option<Ident>,
    pub content: Option<String>,
    pub untagged: bool,
    pub transparent: bool,
    pub default: bool,
    /// `skip` or `skip_deserializing`: not read from the arguments.
    pub skip: bool,
    /// The `skip_deserializing` key (without `skip_serializing`, serde
    /// still writes what it does not read).
    pub skip_deserializing: Option<Ident>,
    pub flatten: Option<Ident>,
    pub other: Option<Ident>,
    /// `with` or `deserialize_with`: serde reads the field with a function
    /// the derive cannot see into, which `as` or `schema_with` describes.
    pub with: Option<Ident>,
    /// Keys whose effect the derive cannot see, each refused with its reason.
    pub refused: Vec<Ident>,
    pub written: Written,
}

/// What serde writes where it can differ from what it reads. Only the
/// checks of `#[tool_args(output)]` ask: the schema describes what serde
/// reads.
#[derive(Default)]
pub struct Written {
    /// The name serde writes: `rename = "..."` or `rename(serialize = "...")`.
    pub rename: Option<String>,
    pub rename_all: Option<RenameRule>,
    pub rename_all_fields: Option<RenameRule>,
    /// `skip` or `skip_serializing`: never written.
    pub skip: Option<Ident>,
    /// `skip_serializing_if`: left out when its function says so.
    pub skip_if: Option<Ident>,
    /// `serialize_with`: written by a function the derive cannot see into.
    pub with: Option<Ident>,
    /// `into`: the container is written as another type.
    pub into: Option<Ident>,
}

/// Keys that make the JSON read something other than the type the derive
/// sees; see [`crate::valid`] for the messages.
pub const REFUSED_SERDE_KEYS: [&str; 4] = ["deny_unknown_fields", "from", "try_from", "remote"];

/// Reads every `#[serde(...)]` of `attrs`. Malformed ones are skipped:
/// serde's own derive reports them.
pub fn serde(attrs: &[Attribute]) -> Serde {
    let mut serde = Serde::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| serde_key(&mut serde, meta));
    }
    serde
}

fn serde_key(serde: &mut Serde, meta: ParseNestedMeta) -> syn::Result<()> {
    let Some(key) = meta.path.get_ident().cloned() else {
        return skip_value(&meta);
    };
    let written = &mut serde.written;
    match key.to_string().as_str() {
        "rename" => {
            let (read, write) = names(&meta)?;
            serde.rename = read.or(serde.rename.take());
            written.rename = write.or(written.rename.take());
            serde.rename_key = Some(key);
        }
        "rename_all" => {
            let (read, write) = rename_rules(&meta)?;
            serde.rename_all = read.or(serde.rename_all);
            written.rename_all = write.or(written.rename_all);
            serde.rename_all_key = Some(key);
        }
        "rename_all_fields" => {
            let (read, write) = rename_rules(&meta)?;
            serde.rename_all_fields = read.or(serde.rename_all_fields);
            written.rename_all_fields = write.or(written.rename_all_fields);
            serde.rename_all_fields_key = Some(key);
        }
        "tag" => {
            serde.tag = Some(meta.value()?.parse::<LitStr>()?.value());
            serde.tag_key = Some(key);
        }
        "content" => serde.content = Some(meta.value()?.parse::<LitStr>()?.value()),
        "untagged" => serde.untagged = true,
        "transparent" => serde.transparent = true,
        "skip" => {
            serde.skip = true;
            written.skip = Some(key);
        }
        "skip_deserializing" => {
            serde.skip = true;
            serde.skip_deserializing = Some(key);
        }
        "skip_serializing" => written.skip = Some(key),
        "skip_serializing_if" => {
            written.skip_if = Some(key);
            return skip_value(&meta);
        }
        "serialize_with" => {
            written.with = Some(key);
            return skip_value(&meta);
        }
        "into" => {
            written.into = Some(key);
            return skip_value(&meta);
        }
        "other" => serde.other = Some(key),
        "flatten" => serde.flatten = Some(key),
        "default" => {
            serde.default = true;
            return skip_value(&meta);
        }
        "with" | "deserialize_with" => {
            serde.with = Some(key);
            return skip_value(&meta);
        }
        name if REFUSED_SERDE_KEYS.contains(&name) => {
            serde.refused.push(key);
            return skip_value(&meta);
        }
        _ => return skip_value(&meta),
    }
    Ok(())
}

/// `rename = "x"` or `rename(deserialize = "x", serialize = "y")`: the name
/// serde reads, and the one it writes.
fn names(meta: &ParseNestedMeta) -> syn::Result<(Option<String>, Option<String>)> {
    if meta.input.peek(Token![=]) {
        let name = meta.value()?.parse::<LitStr>()?.value();
        return Ok((Some(name.clone()), Some(name)));
    }
    let (mut read, mut write) = (None, None);
    meta.parse_nested_meta(|inner| {
        let slot = if inner.path.is_ident("deserialize") {
            &mut read
        } else if inner.path.is_ident("serialize") {
            &mut write
        } else {
            return skip_value(&inner);
        };
        *slot = Some(inner.value()?.parse::<LitStr>()?.value());
        Ok(())
    })?;
    Ok((read, write))
}

/// The rules `rename_all` or `rename_all_fields` gives reading and writing.
fn rename_rules(meta: &ParseNestedMeta) -> syn::Result<(Option<RenameRule>, Option<RenameRule>)> {
    let (read, write) = names(meta)?;
    let rule = |name: Option<String>| name.and_then(|name| RenameRule::from_name(&name));
    Ok((rule(read), rule(write)))
}
