//! `\p{...}` and `\P{...}`: only the exact names ECMA-262 allows
//! (`property_names.rs`), never the loose matching of case, spaces and
//! underscores that other dialects (and the `regex` crate) allow.

use super::ast::Property;
use super::property_names::{BINARY, GENERAL_CATEGORY, NON_BINARY_PROPERTIES, SCRIPT};
use super::syntax::{error, Parser};
use super::PatternError;

const GENERAL_CATEGORY_NAME: &str = "General_Category";

impl Parser {
    /// The property of `\p` or `\P`; the letter has been read, `start` is
    /// the position of the `\`.
    pub(super) fn property(
        &mut self,
        start: usize,
        negated: bool,
    ) -> Result<Property, PatternError> {
        let letter = if negated { 'P' } else { 'p' };
        let close = self.chars[self.pos..].iter().position(|&c| c == '}');
        let (true, Some(close)) = (self.peek() == Some('{'), close) else {
            return Err(error(format!(
                "`\\{letter}` must be followed by a property in braces, as in \
                 `\\{letter}{{L}}` or `\\{letter}{{Script=Greek}}`"
            )));
        };
        let body = self.text(self.pos + 1, self.pos + close);
        self.pos += close + 1;
        resolve(&body, negated).ok_or_else(|| unknown(&self.quote(start, self.pos), &body))
    }
}

/// The canonical names for `body`, if ECMA-262 allows it.
fn resolve(body: &str, negated: bool) -> Option<Property> {
    let (property, value) = match body.split_once('=') {
        Some((name, value)) => {
            let property = lookup(NON_BINARY_PROPERTIES, name)?;
            let values = if property == GENERAL_CATEGORY_NAME {
                GENERAL_CATEGORY
            } else {
                SCRIPT
            };
            (Some(property), lookup(values, value)?)
        }
        None => match lookup(GENERAL_CATEGORY, body) {
            Some(value) => (Some(GENERAL_CATEGORY_NAME), value),
            None => (None, lookup(BINARY, body)?),
        },
    };
    Some(Property {
        negated,
        property,
        value,
    })
}

/// The canonical name for an exact name of a sorted table.
fn lookup(table: &'static [(&'static str, &'static str)], name: &str) -> Option<&'static str> {
    let index = table
        .binary_search_by(|(entry, _)| (*entry).cmp(name))
        .ok()?;
    Some(table[index].1)
}

fn unknown(escape: &str, body: &str) -> PatternError {
    let letter = if escape.starts_with("\\P") { 'P' } else { 'p' };
    let hint = match suggestion(body) {
        Some(exact) => format!("Did you mean `\\{letter}{{{exact}}}`? "),
        None => String::new(),
    };
    error(format!(
        "`{escape}` is not an ECMA-262 Unicode property: names are exact and \
         case-sensitive. {hint}Write a General_Category value (`L`, `Letter`, `Lu`), \
         `Script=` or `Script_Extensions=` with a script (`Script=Greek`, `scx=Grek`), \
         or a binary property (`Alphabetic`)"
    ))
}

/// The allowed spelling of a name written loosely (`letter`, `L_u`,
/// `sc=greek`), or of a script written alone (`Greek`, which needs `sc=`).
fn suggestion(body: &str) -> Option<String> {
    match body.split_once('=') {
        Some((name, value)) => {
            let name = loose_lookup(NON_BINARY_PROPERTIES, name)?;
            let property = lookup(NON_BINARY_PROPERTIES, name)?;
            let values = if property == GENERAL_CATEGORY_NAME {
                GENERAL_CATEGORY
            } else {
                SCRIPT
            };
            Some(format!("{name}={}", loose_lookup(values, value)?))
        }
        None => loose_lookup(GENERAL_CATEGORY, body)
            .or_else(|| loose_lookup(BINARY, body))
            .map(str::to_owned)
            .or_else(|| loose_lookup(SCRIPT, body).map(|script| format!("sc={script}"))),
    }
}

/// The name of `table` that `name` spells, ignoring case, spaces, `-` and
/// `_` (Unicode's loose matching, UAX44-LM3).
fn loose_lookup(
    table: &'static [(&'static str, &'static str)],
    name: &str,
) -> Option<&'static str> {
    let key = loose(name);
    if key.is_empty() {
        return None;
    }
    table
        .iter()
        .map(|(entry, _)| *entry)
        .find(|entry| loose(entry) == key)
}

fn loose(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::property_names::{BINARY, GENERAL_CATEGORY, NON_BINARY_PROPERTIES, SCRIPT};
    use super::super::translate::REGEX_LACKS;
    use super::super::Parsed;

    #[test]
    fn the_tables_are_sorted_for_the_binary_search() {
        for table in [NON_BINARY_PROPERTIES, GENERAL_CATEGORY, SCRIPT, BINARY] {
            assert!(table.windows(2).all(|pair| pair[0].0 < pair[1].0));
        }
    }

    /// The translation names each property by its canonical names, so
    /// checking those checks every spelling that resolves to them.
    #[test]
    fn every_name_runs_on_the_regex_engine_unless_listed_as_lacking() {
        let canonical = |table: &[(&str, &'static str)]| -> BTreeSet<&'static str> {
            table.iter().map(|(_, canonical)| *canonical).collect()
        };
        let mut bodies = Vec::new();
        for value in canonical(GENERAL_CATEGORY) {
            bodies.push((value, format!("General_Category={value}")));
        }
        for value in canonical(SCRIPT) {
            bodies.push((value, format!("Script={value}")));
            bodies.push((value, format!("Script_Extensions={value}")));
        }
        for value in canonical(BINARY) {
            bodies.push((value, value.to_owned()));
        }
        let mut lacking = BTreeSet::new();
        for (value, body) in bodies {
            match Parsed::new(&format!(r"\p{{{body}}}")).and_then(|parsed| parsed.translate()) {
                Ok(checked) => {
                    checked
                        .compile()
                        .unwrap_or_else(|err| panic!("{body}: {err}"));
                }
                Err(err) => {
                    assert!(err.to_string().contains("Unicode tables"), "{body}: {err}");
                    lacking.insert(value);
                }
            }
        }
        let listed: BTreeSet<&str> = REGEX_LACKS.iter().copied().collect();
        assert_eq!(lacking, listed);
        // And each listed name really is one the engine refuses.
        for value in REGEX_LACKS {
            let name = if SCRIPT.iter().any(|(_, c)| c == value) {
                format!(r"\p{{Script={value}}}")
            } else {
                format!(r"\p{{{value}}}")
            };
            assert!(regex::Regex::new(&name).is_err(), "{name} runs now");
        }
    }
}
