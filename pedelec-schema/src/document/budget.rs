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

use std::collections::hash_map::{Entry, HashMap};
use std::fmt::{self, Write};

use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

use super::entry::{digits, string_len, Problem, ValidationError, Written, MESSAGE_LIMIT};
use super::errors::ValidationErrors;
use crate::message::Capped;
use crate::pointer::shown;

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
}

/// How the document's `message` begins.
pub(super) enum Lead {
    /// With these words, then the first entries, `path: message` each.
    Listing(&'static str),
    /// With this sentence alone (a syntax error's, a serde refusal's).
    Whole(String),
}

/// The entries of a document: each failure's first place, with the others
/// that repeat it.
struct Folded<'a> {
    first: &'a ValidationError,
    repeats: Vec<&'a ValidationError>,
}

/// Groups `errors` by the problem they report, in the order each problem
/// first appears: by a search of the groups for a short list, by a map for
/// a long one.
fn fold(errors: &[ValidationError]) -> Vec<Folded<'_>> {
    /// Up to this many, comparing with every group costs less than hashing.
    const SEARCHED: usize = 16;
    let mut groups: Vec<Folded<'_>> = Vec::new();
    let mut by_problem: HashMap<Problem<'_>, usize> = HashMap::new();
    for error in errors {
        let problem = error.problem();
        let group = match errors.len() <= SEARCHED {
            true => groups
                .iter()
                .position(|group| group.first.problem() == problem),
            false => match by_problem.entry(problem) {
                Entry::Occupied(group) => Some(*group.get()),
                Entry::Vacant(place) => {
                    place.insert(groups.len());
                    None
                }
            },
        };
        match group {
            Some(group) => groups[group].repeats.push(error),
            None => groups.push(Folded {
                first: error,
                repeats: Vec::new(),
            }),
        }
    }
    groups
}

impl Folded<'_> {
    /// The entry, its message capped and naming the repeats.
    fn written(&self) -> Written {
        self.first.written(|out| self.write_repeats(out))
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

/// The bytes the agent-facing object takes as compact JSON without its
/// entries: `{"code":...,"message":...,"errors":[]}`, and `,"omitted":N`
/// when some are left out.
fn envelope_len(message: &str, omitted: usize) -> usize {
    const FIXED: usize = r#"{"code":,"message":,"errors":[]}"#.len();
    let omitted = match omitted {
        0 => 0,
        n => r#","omitted":"#.len() + digits(n),
    };
    FIXED + string_len(ValidationErrors::CODE) + string_len(message) + omitted
}

impl Within<'_> {
    /// The document's `message` alone.
    pub(super) fn message_alone(&self) -> String {
        self.plan().1
    }

    /// The entries kept, the `message`, and how many failures are left out.
    fn plan(&self) -> (Vec<Written>, String, usize) {
        let groups = fold(self.errors);
        let budget = self.budget.max(MIN_BUDGET);
        // First the entries that fit beside a message at its cap, then,
        // measured whole, the last ones out until the document fits (a
        // message of many escapes can outgrow its cap as JSON; a bound is
        // never below the count, so what fits by bounds fits).
        let base = envelope_len("", usize::MAX) + MESSAGE_LIMIT;
        let mut used = base;
        let mut kept: Vec<Written> = Vec::new();
        // Each kept entry's bytes, with the comma before it: bounded while
        // the bounds fit (most documents are far below the budget, and
        // counting looks at every byte), counted once they do not.
        let mut sizes: Vec<usize> = Vec::new();
        let mut counted = false;
        for group in &groups {
            let written = group.written();
            let mut size = match counted {
                true => written.json_len() + 1,
                false => written.json_len_bound() + 1,
            };
            if !counted && used + size > budget {
                counted = true;
                for (size, written) in sizes.iter_mut().zip(&kept) {
                    *size = written.json_len() + 1;
                }
                used = base + sizes.iter().sum::<usize>();
                size = written.json_len() + 1;
            }
            if !kept.is_empty() && used + size > budget {
                break;
            }
            used += size;
            kept.push(written);
            sizes.push(size);
        }
        loop {
            let told: usize = groups[..kept.len()]
                .iter()
                .map(|group| 1 + group.repeats.len())
                .sum();
            let omitted = self.errors.len() - told;
            let message = self.message(&kept, omitted);
            // The envelope with its message, and the entries measured above
            // (the first has no comma before it).
            let envelope = envelope_len(&message, omitted);
            let total = envelope + sizes.iter().sum::<usize>() - usize::from(!sizes.is_empty());
            if kept.len() <= 1 || total <= budget {
                return (kept, message, omitted);
            }
            kept.pop();
            sizes.pop();
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
                        out.write_str(shown(entry.path()))?;
                        out.write_str(": ")?;
                        out.write_str(entry.message())?;
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
    message: &'a str,
    errors: &'a [Written],
    /// How many failures are left out; none written when none are.
    omitted: usize,
}

impl Serialize for Document<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = if self.omitted > 0 { 4 } else { 3 };
        let mut s = serializer.serialize_struct("ValidationErrors", fields)?;
        s.serialize_field("code", ValidationErrors::CODE)?;
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::document::ArgsError;
    use crate::tool_args_schema::ToolArgsSchema;

    /// An entry's size is counted, not written: the count is the length
    /// serde_json writes, escapes included (quotes, backslashes, control
    /// characters short and long, non-ASCII left as it is).
    #[test]
    fn an_entry_is_measured_as_serde_json_writes_it() {
        let schema = ToolArgsSchema::from_value(&json!({
            "type": "object",
            "properties": {
                "a\"b\\c\u{1}": {"type": "string", "enum": ["q\"\\\n\t\u{8}\u{c}\u{1f}é🐲"]},
                "n": {"type": "integer", "maximum": 3},
                "missing\r": {"type": "boolean"}
            },
            "required": ["missing\r"]
        }))
        .unwrap();
        let args = json!({"a\"b\\c\u{1}": "x\"\u{0}\u{7f}\n", "n": 12345678901u64});
        let errors = schema.validate(&args).unwrap_err();
        let syntax = schema.validate_str("{\"n\": 1,\n\u{1} }").unwrap_err();
        let ArgsError::Syntax(_) = &syntax else {
            panic!("{syntax:?}")
        };
        assert!(errors.len() >= 3);
        for error in errors.errors().iter().chain(syntax.errors()) {
            let written = error.written(|_| Ok(()));
            let text = serde_json::to_string(&written).unwrap();
            assert_eq!(written.json_len(), text.len(), "{text}");
        }
    }

    /// The envelope is counted as serde_json writes it too.
    #[test]
    fn the_envelope_is_measured_as_serde_json_writes_it() {
        for message in ["", "plain", "q\"\\\n\u{1}é🐲"] {
            for omitted in [0, 7, 10, 12_345] {
                let document = super::Document {
                    message,
                    errors: &[],
                    omitted,
                };
                let text = serde_json::to_string(&document).unwrap();
                assert_eq!(super::envelope_len(message, omitted), text.len(), "{text}");
            }
        }
    }

    /// A string's count, against serde_json's writing, for each byte that
    /// JSON escapes (and some it does not) at each place of strings longer
    /// and shorter than the eight bytes counted together.
    #[test]
    fn a_string_is_measured_as_serde_json_writes_it() {
        let specials = [
            '"', '\\', '\n', '\r', '\t', '\u{8}', '\u{c}', '\u{0}', '\u{1f}', ' ', '\u{7f}', 'é',
            '🐲', '!', '#', '[', ']', '\u{a0}',
        ];
        for len in 0..20 {
            for at in 0..len.max(1) {
                for special in specials {
                    let text: String = (0..len)
                        .map(|i| if i == at { special } else { 'a' })
                        .collect();
                    let written = serde_json::to_string(&text).unwrap();
                    assert_eq!(super::string_len(&text), written.len(), "{written}");
                }
            }
        }
    }
}
