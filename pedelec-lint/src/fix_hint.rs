//! What `--fix` would do for a file that lint refuses: the hint that ends
//! a lint report, so that a schema written for another dialect (`$ref`,
//! `format`, `nullable`, a type array) leads to the one command that
//! converts it, with how many changes by effect. The figures come from a
//! real `--fix` run over the same text (`fix::preview_of`), not an
//! estimate; this file holds the hint without the run, so that a checked
//! file (`check.rs`) and the lint report (`render.rs`) can carry it
//! without depending on `--fix`.

use std::borrow::Cow;

use pedelec_schema::Effect;

use crate::input::STDIN_NAME;
use crate::position::Position;
use crate::words::plural;

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

/// How many changes some notes make, by effect: what `--fix`'s summary
/// and the lint's hint about `--fix` both count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effects {
    pub lossless: usize,
    pub widens: usize,
    pub narrows: usize,
}

impl Effects {
    /// Every change, whatever its effect.
    pub fn changes(&self) -> usize {
        self.lossless + self.widens + self.narrows
    }
}

/// Counts effects, not notes, so that the hint needs nothing of where the
/// notes are placed (`fix/report.rs` counts a run's notes with it).
impl FromIterator<Effect> for Effects {
    fn from_iter<I: IntoIterator<Item = Effect>>(effects: I) -> Effects {
        let mut counted = Effects::default();
        for effect in effects {
            match effect {
                Effect::Lossless => counted.lossless += 1,
                Effect::Widens => counted.widens += 1,
                Effect::Narrows => counted.narrows += 1,
            }
        }
        counted
    }
}

/// `5 changes (3 lossless, 1 widens, 1 narrows)`.
impl std::fmt::Display for Effects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({} lossless, {} widens, {} narrows)",
            plural(self.changes(), "change"),
            self.lossless,
            self.widens,
            self.narrows
        )
    }
}

/// The command that converts the file named `name`, ready to paste into
/// a shell.
pub fn fix_command(name: &str) -> String {
    format!("pedelec-lint --fix {}", shell_word(name))
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

    #[test]
    fn names_are_shell_words() {
        assert_eq!(shell_word("tools.json"), "tools.json");
        assert_eq!(shell_word("dir/a-b_c.json"), "dir/a-b_c.json");
        assert_eq!(shell_word(STDIN_NAME), "-");
        assert_eq!(shell_word("my tools.json"), "'my tools.json'");
        assert_eq!(shell_word("it's.json"), r"'it'\''s.json'");
        assert_eq!(shell_word("-x.json"), "'./-x.json'");
    }

    #[test]
    fn effects_are_counted_by_kind() {
        let effects: Effects = [Effect::Narrows, Effect::Lossless, Effect::Narrows]
            .into_iter()
            .collect();
        assert_eq!(effects.changes(), 3);
        assert_eq!(
            effects.to_string(),
            "3 changes (1 lossless, 0 widens, 2 narrows)"
        );
    }
}
