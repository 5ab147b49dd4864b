//! Tool names: the rule a [`ToolDefinition`](super::ToolDefinition) is
//! built with (MCP's, the widest that a provider takes) and the narrower
//! rules of the providers that refuse some of those names.
//!
//! - MCP (2026-07-28, "Tool Names"): 1 to 128 characters of
//!   `[A-Za-z0-9_.-]`.
//! - OpenAI (function tools, in the Responses API and Chat Completions)
//!   and Anthropic (tool use):
//!   `^[a-zA-Z0-9_-]{1,64}$`: no `.`, at most 64.
//! - Gemini (`FunctionDeclaration.name`): starts with a letter or `_`;
//!   letters, digits, `_`, `.`, `:` and `-`; at most 64.

use std::fmt;

use super::Profile;
use crate::change::{Change, ChangeCode};
use crate::message::Quoted;

/// The longest name MCP takes.
pub(super) const MAX_MCP_NAME_LEN: usize = 128;

/// The longest name OpenAI, Anthropic and Gemini take.
const MAX_PROVIDER_NAME_LEN: usize = 64;

/// A tool name that MCP, the widest rule, refuses: no provider takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolNameError {
    name: String,
    reason: &'static str,
}

impl ToolNameError {
    /// The name that was refused.
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// The message quotes no more of the name than the longest name MCP takes
/// (cut with `…`): it is shown to whoever passed the name (the npm
/// package's `TypeError` is this message), and a name may be any string.
impl fmt::Display for ToolNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tool name {} {}; a name is 1 to {MAX_MCP_NAME_LEN} ASCII letters, digits, `_`, \
             `-` and `.` (MCP's rule; OpenAI and Anthropic take no `.` and at most 64)",
            quoted(&self.name),
            self.reason
        )
    }
}

/// A tool name as a message quotes it: whole up to the longest name MCP
/// takes, cut after it.
fn quoted(name: &str) -> Quoted<'_> {
    Quoted::with_limit(name, MAX_MCP_NAME_LEN)
}

impl std::error::Error for ToolNameError {}

/// Checks `name` against MCP's rule.
pub(super) fn check(name: &str) -> Result<(), ToolNameError> {
    let refuse = |reason| {
        Err(ToolNameError {
            name: name.to_owned(),
            reason,
        })
    };
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if name.is_empty() {
        refuse("is empty")
    } else if name.len() > MAX_MCP_NAME_LEN {
        refuse("is too long")
    } else if !name.chars().all(allowed) {
        refuse("has a character no provider takes")
    } else {
        Ok(())
    }
}

/// The error-severity change for a name (already inside MCP's rule) that
/// `profile`'s provider refuses; `None` where it takes the name, or where
/// the profile documents no rule (the local engines).
pub(super) fn refusal(profile: Profile, name: &str) -> Option<Change> {
    // Who, and what its rule adds to the common limit of 64 characters.
    let (provider, refuses_dot, letter_first) = match profile {
        Profile::OpenAiStrict | Profile::OpenAiChat => ("OpenAI", true, false),
        Profile::AnthropicStrict => ("Anthropic", true, false),
        Profile::Gemini | Profile::GeminiOpenApi => ("Gemini", false, true),
        Profile::Mcp
        | Profile::Llguidance
        | Profile::Xgrammar
        | Profile::Outlines
        | Profile::LlamaCpp => return None,
    };
    let reason = if refuses_dot && name.contains('.') {
        format!(
            "has a `.`, which {provider} refuses (its names are 1 to 64 of `[a-zA-Z0-9_-]`); \
             MCP and Gemini take it"
        )
    } else if name.len() > MAX_PROVIDER_NAME_LEN {
        format!(
            "is longer than 64 characters, which {provider} refuses; MCP takes up to \
             {MAX_MCP_NAME_LEN}"
        )
    } else if letter_first && !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        format!("does not start with a letter or `_`, which {provider} demands")
    } else {
        return None;
    };
    Some(Change::new(
        ChangeCode::ToolNameRefused,
        "",
        format!(
            "the tool name {} {reason}: rename the tool for this provider",
            quoted(name)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_take_every_name_mcp_takes() {
        for good in [
            "a",
            "_x",
            "1tool",
            "-x",
            "admin.tools.list",
            &"a".repeat(128),
        ] {
            assert!(check(good).is_ok(), "{good}");
        }
        let reasons = [
            ("", "is empty"),
            (&"a".repeat(129), "is too long"),
            ("a b", "has a character no provider takes"),
            ("a:b", "has a character no provider takes"),
            ("é", "has a character no provider takes"),
        ];
        for (bad, reason) in reasons {
            assert_eq!(check(bad).unwrap_err().reason, reason, "{bad:?}");
        }
    }

    /// A refused name is quoted as far as a name can be long, however long
    /// it is: a million characters give a message of a few hundred bytes.
    #[test]
    fn a_refusal_quotes_a_bounded_part_of_the_name() {
        let long = "n".repeat(1_000_000);
        let error = check(&long).unwrap_err();
        assert_eq!(error.name(), long, "the error keeps the name it refused");
        let message = error.to_string();
        let quoted = format!(
            "tool name \"{}\"… is too long; ",
            "n".repeat(MAX_MCP_NAME_LEN)
        );
        assert!(message.starts_with(&quoted), "{message}");
        assert!(message.len() < 400, "{}", message.len());
        // Whole up to the limit, escaped as JSON writes a string.
        let bad = format!("{}\n\"", "a".repeat(MAX_MCP_NAME_LEN - 2));
        let message = check(&bad).unwrap_err().to_string();
        assert!(
            message.starts_with(&format!(
                "tool name \"{}\\n\\\"\" has a character",
                &bad[..126]
            )),
            "{message}"
        );
        let mut cut = "é".repeat(MAX_MCP_NAME_LEN + 1);
        cut.push('x');
        let message = check(&cut).unwrap_err().to_string();
        assert!(message.starts_with(&format!("tool name \"{}\"… ", "é".repeat(MAX_MCP_NAME_LEN))));
    }

    /// Which providers refuse which names: the rules of the module docs,
    /// one name at a time.
    #[test]
    fn each_provider_refuses_the_names_its_rule_refuses() {
        let refused = |name: &str| -> Vec<Profile> {
            Profile::ALL
                .iter()
                .copied()
                .filter(|&profile| refusal(profile, name).is_some())
                .collect()
        };
        use Profile::{AnthropicStrict, Gemini, GeminiOpenApi, OpenAiChat, OpenAiStrict};
        assert_eq!(refused("search_notes"), []);
        assert_eq!(refused(&"a".repeat(64)), []);
        assert_eq!(
            refused("admin.tools.list"),
            [OpenAiStrict, OpenAiChat, AnthropicStrict]
        );
        assert_eq!(
            refused(&"a".repeat(65)),
            [
                OpenAiStrict,
                OpenAiChat,
                AnthropicStrict,
                Gemini,
                GeminiOpenApi
            ]
        );
        assert_eq!(refused("1tool"), [Gemini, GeminiOpenApi]);
        assert_eq!(refused("-x"), [Gemini, GeminiOpenApi]);
        let change = refusal(OpenAiStrict, "a.b").unwrap();
        assert_eq!(change.code, ChangeCode::ToolNameRefused);
        assert_eq!(change.severity, crate::Severity::Error);
        assert_eq!(
            change.message,
            "the tool name \"a.b\" has a `.`, which OpenAI refuses (its names are 1 to 64 of \
             `[a-zA-Z0-9_-]`); MCP and Gemini take it: rename the tool for this provider"
        );
    }
}
