//! The document within a budget: what a model receives stays a size it can
//! read, however many failures a call has and however long its values.
//!
//! A model's context, and its bill, pay for every byte of a refusal, while
//! what it needs is the first problems and where the rest are. So the
//! agent-facing document (not [`errors`](super::ValidationErrors::errors),
//! which stays complete) is written within a budget of compact JSON bytes,
//! [`BUDGET`] unless the caller gives another:
//!
//! - **Repeats fold.** The same problem at many places - the same keyword
//!   of the same schema node (and, for a missing or unknown property, the
//!   same name), at many array items - is one entry: the first, whose
//!   message ends with how many more places have it and the first few of
//!   them.
//! - **The first problems are kept**, in document order, while they fit;
//!   the rest are counted in `omitted` and in the `message`.
//! - **Messages are capped** at [`MESSAGE_LIMIT`] bytes, so that one entry
//!   (a long serde refusal, a union nested deep) cannot take the budget:
//!   the cap stops writing there, so a message is never written whole and
//!   then cut.
//!
//! At least the first entry is kept whatever the budget, so a refusal
//! always says one thing the model can fix; a budget under [`MIN_BUDGET`]
//! is taken as that.

use std::collections::HashMap;
use std::fmt::{self, Write};

use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

use super::entry::{ValidationError, MESSAGE_LIMIT};
use crate::message::Capped;

/// The size of the agent-facing document, in bytes of compact JSON, unless
/// the caller gives another: 16 KiB.
pub(crate) const BUDGET: usize = 16 * 1024;

/// The smallest budget taken: room for the envelope and one capped entry.
pub(crate) const MIN_BUDGET: usize = 3 * MESSAGE_LIMIT;

/// How many of a repeat's other places its entry names.
const NAMED_PLACES: usize = 3;

/// How many entries the document's `message` names.
const LISTED: usize = 5;

/// A list of entries as the document writes them: folded, capped, and
/// within `budget` bytes (the `code`, `message`, `errors` and `omitted`
/// fields of the agent-facing object).
pub(super) struct Within<'a> {
    pub(super) errors: &'a [ValidationError],
    pub(super) budget: usize,
    pub(super) lead: Lead,
    pub(super) code: &'static str,
}

/// How the document's `message` begins.
pub(super) enum Lead {
    /// With these words, then the first entries, `path: message` each.
    Listing(&'static str),
    /// With this sentence alone (a syntax error's, a serde refusal's).
    Whole(String),
}

/// One entry as written.
struct Written {
    path: String,
    schema_path: Option<String>,
    offset: Option<usize>,
    keyword: &'static str,
    message: String,
}

impl Serialize for Written {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("ValidationError", 4)?;
        s.serialize_field("path", &self.path)?;
        match (&self.schema_path, self.offset) {
            (_, Some(offset)) => s.serialize_field("offset", &offset)?,
            (Some(schema_path), None) => s.serialize_field("schema_path", schema_path)?,
            (None, None) => s.serialize_field("schema_path", "")?,
        }
        s.serialize_field("keyword", self.keyword)?;
        s.serialize_field("message", &self.message)?;
        s.end()
    }
}

/// The entries of a document: each failure's first place, with the others
/// that repeat it.
struct Folded<'a> {
    first: &'a ValidationError,
    repeats: Vec<&'a ValidationError>,
}

/// Groups `errors` by the problem they report, in the order each problem
/// first appears.
fn fold(errors: &[ValidationError]) -> Vec<Folded<'_>> {
    let mut groups: Vec<Folded<'_>> = Vec::new();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    let mut key = String::new();
    for error in errors {
        key.clear();
        error.write_fold_key(&mut key);
        match by_key.get(key.as_str()) {
            Some(&group) => groups[group].repeats.push(error),
            None => {
                by_key.insert(key.clone(), groups.len());
                groups.push(Folded {
                    first: error,
                    repeats: Vec::new(),
                });
            }
        }
    }
    groups
}

impl Folded<'_> {
    /// The entry, its message capped and naming the repeats.
    fn written(&self) -> Written {
        let error = self.first;
        let mut path = String::new();
        error.write_path(&mut path);
        let offset = error.offset();
        let schema_path = offset.is_none().then(|| {
            let mut schema_path = String::new();
            error.write_schema_path(&mut schema_path);
            schema_path
        });
        let mut message = String::with_capacity(128);
        let mut capped = Capped::new(&mut message, MESSAGE_LIMIT);
        let _ = error
            .write_message_to(&mut capped)
            .and_then(|()| self.write_repeats(&mut capped));
        Written {
            path,
            schema_path,
            offset,
            keyword: error.keyword(),
            message,
        }
    }

    /// "; the same at 49 more places: /items/1, /items/2, /items/3, ..."
    fn write_repeats(&self, out: &mut impl Write) -> fmt::Result {
        if self.repeats.is_empty() {
            return Ok(());
        }
        let count = self.repeats.len();
        write!(
            out,
            "; the same at {count} more place{}: ",
            if count == 1 { "" } else { "s" }
        )?;
        let mut path = String::new();
        for (index, error) in self.repeats.iter().take(NAMED_PLACES).enumerate() {
            if index > 0 {
                out.write_str(", ")?;
            }
            path.clear();
            error.write_path(&mut path);
            out.write_str(shown(&path))?;
        }
        if count > NAMED_PLACES {
            out.write_str(", ...")?;
        }
        Ok(())
    }
}

/// A path as a message shows it.
fn shown(path: &str) -> &str {
    if path.is_empty() {
        crate::pointer::ROOT_SHOWN
    } else {
        path
    }
}

/// The bytes `value` takes as compact JSON.
fn json_len(value: &impl Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing strings and numbers into a counter cannot fail.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}

impl Within<'_> {
    /// The entries kept, the `message`, and how many failures are left out.
    fn plan(&self) -> (Vec<Written>, String, usize) {
        let groups = fold(self.errors);
        let budget = self.budget.max(MIN_BUDGET);
        // First the entries that fit beside a message at its cap, then,
        // measured whole, the last ones out until the document fits (a
        // message of many escapes can outgrow its cap as JSON).
        let mut used = json_len(&Document {
            code: self.code,
            message: "",
            errors: &[],
            omitted: usize::MAX,
        }) + MESSAGE_LIMIT;
        let mut kept = Vec::new();
        for group in &groups {
            let written = group.written();
            let size = json_len(&written) + 1;
            if !kept.is_empty() && used + size > budget {
                break;
            }
            used += size;
            kept.push(written);
        }
        loop {
            let told: usize = groups[..kept.len()]
                .iter()
                .map(|group| 1 + group.repeats.len())
                .sum();
            let omitted = self.errors.len() - told;
            let message = self.message(&kept, omitted);
            let document = Document {
                code: self.code,
                message: &message,
                errors: &kept,
                omitted,
            };
            if kept.len() <= 1 || json_len(&document) <= budget {
                return (kept, message, omitted);
            }
            kept.pop();
        }
    }

    /// "The arguments do not match ...: /a: ...; /b: ...; and 3 more (see
    /// errors); 40 more failures are left out of this document", capped.
    fn message(&self, kept: &[Written], omitted: usize) -> String {
        let mut message = String::with_capacity(256);
        let mut out = Capped::new(&mut message, MESSAGE_LIMIT);
        let _ = (|| -> fmt::Result {
            match &self.lead {
                Lead::Whole(sentence) => out.write_str(sentence)?,
                Lead::Listing(lead) => {
                    out.write_str(lead)?;
                    for (index, entry) in kept.iter().take(LISTED).enumerate() {
                        if index > 0 {
                            out.write_str("; ")?;
                        }
                        out.write_str(shown(&entry.path))?;
                        out.write_str(": ")?;
                        out.write_str(&entry.message)?;
                    }
                    let more = kept.len().saturating_sub(LISTED);
                    if more > 0 {
                        write!(out, "; and {more} more (see errors)")?;
                    }
                }
            }
            if omitted > 0 {
                write!(
                    out,
                    "; {omitted} more failures are left out of this document"
                )?;
            }
            Ok(())
        })();
        message
    }
}

/// The agent-facing object, as written.
struct Document<'a> {
    code: &'static str,
    message: &'a str,
    errors: &'a [Written],
    /// How many failures are left out; none written when none are.
    omitted: usize,
}

impl Serialize for Document<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = if self.omitted > 0 { 4 } else { 3 };
        let mut s = serializer.serialize_struct("ValidationErrors", fields)?;
        s.serialize_field("code", self.code)?;
        s.serialize_field("message", self.message)?;
        s.serialize_field("errors", &Entries(self.errors))?;
        if self.omitted > 0 {
            s.serialize_field("omitted", &self.omitted)?;
        }
        s.end()
    }
}

impl Serialize for Within<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (kept, message, omitted) = self.plan();
        Document {
            code: self.code,
            message: &message,
            errors: &kept,
            omitted,
        }
        .serialize(serializer)
    }
}

/// The kept entries, as a sequence.
struct Entries<'a>(&'a [Written]);

impl Serialize for Entries<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for entry in self.0 {
            seq.serialize_element(entry)?;
        }
        seq.end()
    }
}
