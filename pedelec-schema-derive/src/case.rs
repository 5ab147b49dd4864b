//! serde's `rename_all` rules, applied exactly as serde_derive applies them:
//! variant names are read as PascalCase, field names as snake_case.

/// One of serde's `rename_all` cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

impl RenameRule {
    /// The rule serde names `name`, if any (serde reports the others).
    pub fn from_name(name: &str) -> Option<RenameRule> {
        use RenameRule::*;
        [
            Lower,
            Upper,
            Pascal,
            Camel,
            Snake,
            ScreamingSnake,
            Kebab,
            ScreamingKebab,
        ]
        .into_iter()
        .find(|rule| rule.name() == name)
    }

    /// The name serde gives this rule.
    pub fn name(self) -> &'static str {
        match self {
            RenameRule::Lower => "lowercase",
            RenameRule::Upper => "UPPERCASE",
            RenameRule::Pascal => "PascalCase",
            RenameRule::Camel => "camelCase",
            RenameRule::Snake => "snake_case",
            RenameRule::ScreamingSnake => "SCREAMING_SNAKE_CASE",
            RenameRule::Kebab => "kebab-case",
            RenameRule::ScreamingKebab => "SCREAMING-KEBAB-CASE",
        }
    }

    /// A variant name (PascalCase in Rust) under this rule.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => {
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            RenameRule::Snake => {
                let mut snake = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(ch.to_ascii_lowercase());
                }
                snake
            }
            RenameRule::ScreamingSnake => RenameRule::Snake
                .apply_to_variant(variant)
                .to_ascii_uppercase(),
            RenameRule::Kebab => RenameRule::Snake
                .apply_to_variant(variant)
                .replace('_', "-"),
            RenameRule::ScreamingKebab => RenameRule::ScreamingSnake
                .apply_to_variant(variant)
                .replace('_', "-"),
        }
    }

    /// A field name (snake_case in Rust) under this rule.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Pascal => {
                let mut pascal = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            RenameRule::Camel => {
                let pascal = RenameRule::Pascal.apply_to_field(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule::{self, *};

    const ALL: [(&str, RenameRule); 8] = [
        ("lowercase", Lower),
        ("UPPERCASE", Upper),
        ("PascalCase", Pascal),
        ("camelCase", Camel),
        ("snake_case", Snake),
        ("SCREAMING_SNAKE_CASE", ScreamingSnake),
        ("kebab-case", Kebab),
        ("SCREAMING-KEBAB-CASE", ScreamingKebab),
    ];

    #[test]
    fn every_serde_name_is_known() {
        for (name, rule) in ALL {
            assert_eq!(RenameRule::from_name(name), Some(rule));
            assert_eq!(rule.name(), name);
        }
        assert_eq!(RenameRule::from_name("Title Case"), None);
    }

    // The expected names are serde_derive's own test table.
    #[test]
    fn variants() {
        for (original, expected) in [
            (
                "Outcome",
                [
                    "outcome", "OUTCOME", "Outcome", "outcome", "outcome", "OUTCOME", "outcome",
                    "OUTCOME",
                ],
            ),
            (
                "VeryTasty",
                [
                    "verytasty",
                    "VERYTASTY",
                    "VeryTasty",
                    "veryTasty",
                    "very_tasty",
                    "VERY_TASTY",
                    "very-tasty",
                    "VERY-TASTY",
                ],
            ),
            ("A", ["a", "A", "A", "a", "a", "A", "a", "A"]),
            (
                "Z42",
                ["z42", "Z42", "Z42", "z42", "z42", "Z42", "z42", "Z42"],
            ),
        ] {
            for ((_, rule), expected) in ALL.iter().zip(expected) {
                assert_eq!(rule.apply_to_variant(original), expected, "{rule:?}");
            }
        }
    }

    #[test]
    fn fields() {
        for (original, expected) in [
            (
                "outcome",
                [
                    "outcome", "OUTCOME", "Outcome", "outcome", "outcome", "OUTCOME", "outcome",
                    "OUTCOME",
                ],
            ),
            (
                "very_tasty",
                [
                    "very_tasty",
                    "VERY_TASTY",
                    "VeryTasty",
                    "veryTasty",
                    "very_tasty",
                    "VERY_TASTY",
                    "very-tasty",
                    "VERY-TASTY",
                ],
            ),
            ("a", ["a", "A", "A", "a", "a", "A", "a", "A"]),
            (
                "z42",
                ["z42", "Z42", "Z42", "z42", "z42", "Z42", "z42", "Z42"],
            ),
        ] {
            for ((_, rule), expected) in ALL.iter().zip(expected) {
                assert_eq!(rule.apply_to_field(original), expected, "{rule:?}");
            }
        }
    }
}
