//! What `--fix` would do for a file that lint refuses: the hint that ends
//! a lint report, so that a schema written for another dialect (`$ref`,
//! `format`, `nullable`, a type array) leads to the one command that
//! converts it, with how many changes by effect. The figures are those of a
//! real `--fix` run over the same text ([`fix_file`]), not an estimate.

use std::borrow::Cow;

use pedelec_schema::Severity;

use super::fix_file;
use super::report::Effects;
use crate::check::Checked;
use crate::input::STDIN_NAME;
use crate::locate::locate_all;
use crate::position::Position;
use crate::render::plural;

/// What `pedelec-lint --fix FILE` would change in a file with errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    /// The command that converts the file, quoted for a POSIX shell.
    pub command: String,
    /// The changes `--fix` would make, by effect.
    pub effects: Effects,
    /// How many of the file's schemas `--fix` would convert.
    pub converted: usize,
    /// How many it cannot convert (it leaves them as they are and says why).
    pub not_converted: usize,
    /// Where the file's JSON value starts: the hint is about the file.
    pub position: Position,
}

impl Preview {
    /// `` `pedelec-lint --fix tools.json` would convert these schemas into
    /// the subset: 5 changes (3 lossless, 1 widens, 1 narrows)``, and how
    /// many schemas it cannot convert, if any.
    pub fn message(&self) -> String {
        let schemas = if self.converted + self.not_converted == 1 {
            "this schema"
        } else {
            "these schemas"
        };
        let mut message = format!(
            "`{}` would convert {schemas} into the subset: {}",
            self.command, self.effects
        );
        if self.not_converted > 0 {
            message.push_str(&format!(
                "; {} cannot be converted (`--fix` says why)",
                plural(self.not_converted, "schema")
            ));
        }
        message
    }
}

/// What `--fix` would change in `checked`, when lint refuses something in
/// it (an error) and the conversion changes at least one schema; `None`
/// for a clean file, a file with warnings only, a file that is not JSON,
/// or one whose errors no conversion can mend.
pub fn preview(checked: &Checked) -> Option<Preview> {
    let refused = checked
        .findings
        .iter()
        .any(|finding| finding.severity == Severity::Error);
    if !refused || checked.unreadable {
        return None;
    }
    let fixed = fix_file(checked)?;
    let effects = Effects::of(&fixed.notes);
    if effects.changes() == 0 {
        return None;
    }
    let text = &checked.text;
    let start = locate_all(text, &[""])
        .pop()
        .flatten()
        .map_or(0, |location| location.target(text).start);
    Some(Preview {
        command: format!("pedelec-lint --fix {}", shell_word(&checked.name)),
        effects,
        converted: fixed.converted,
        not_converted: fixed.failed,
        position: checked.lines.positions(text, &[start])[0],
    })
}

/// The file's name as a shell word: `-` for standard input, a name of
/// plain characters as it is, any other in single quotes.
fn shell_word(name: &str) -> Cow<'_, str> {
    if name == STDIN_NAME {
        return Cow::Borrowed("-");
    }
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:@%+=,".contains(c);
    if !name.is_empty() && name.chars().all(plain) && !name.starts_with('-') {
        return Cow::Borrowed(name);
    }
    // A leading `./` keeps a name that starts with `-` from reading as an
    // option.
    let prefix = if name.starts_with('-') { "./" } else { "" };
    Cow::Owned(format!("'{prefix}{}'", name.replace('\'', r"'\''")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;
    use crate::input::Input;

    fn preview_of(name: &str, text: &str) -> Option<Preview> {
        preview(&check(Input {
            name: name.to_owned(),
            bytes: text.as_bytes().to_vec(),
        }))
    }

    #[test]
    fn a_convertible_file_gets_the_command_and_its_changes() {
        let text = r##"
  {"type": "object", "properties": {
    "when": {"type": "string", "format": "date-time"},
    "who": {"$ref": "#/$defs/Who"}},
   "$defs": {"Who": {"type": "string", "nullable": true}}}"##;
        let preview = preview_of("tools.json", text).expect("a preview");
        assert_eq!(preview.command, "pedelec-lint --fix tools.json");
        assert_eq!(preview.position, Position { line: 2, column: 3 });
        assert_eq!(preview.not_converted, 0);
        assert!(preview.effects.changes() >= 3, "{:?}", preview.effects);
        assert!(
            preview.message().starts_with(
                "`pedelec-lint --fix tools.json` would convert this schema into the subset: "
            ),
            "{}",
            preview.message()
        );
    }

    #[test]
    fn only_a_file_lint_refuses_and_fix_changes_gets_one() {
        let clean = r#"{"type": "object", "properties": {"a": {"type": "string"}}}"#;
        assert_eq!(preview_of("t.json", clean), None);
        let warnings = r#"{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}}}}"#;
        assert_eq!(preview_of("t.json", warnings), None);
        assert_eq!(preview_of("t.json", "{"), None);
        let hopeless = r#"{"type": "string", "format": "uri"}"#;
        assert_eq!(preview_of("t.json", hopeless), None);
    }

    #[test]
    fn schemas_it_cannot_convert_are_counted() {
        let text = r#"[{"name": "a", "parameters": {"type": "string"}},
                       {"name": "b", "parameters": {"type": "object", "title": "B"}}]"#;
        let preview = preview_of("t.json", text).expect("a preview");
        assert_eq!((preview.converted, preview.not_converted), (1, 1));
        assert!(
            preview
                .message()
                .ends_with("; 1 schema cannot be converted (`--fix` says why)"),
            "{}",
            preview.message()
        );
    }

    #[test]
    fn names_are_shell_words() {
        assert_eq!(shell_word("tools.json"), "tools.json");
        assert_eq!(shell_word("dir/a-b_c.json"), "dir/a-b_c.json");
        assert_eq!(shell_word(STDIN_NAME), "-");
        assert_eq!(shell_word("my tools.json"), "'my tools.json'");
        assert_eq!(shell_word("it's.json"), r"'it'\''s.json'");
        assert_eq!(shell_word("-x.json"), "'./-x.json'");
    }
}
