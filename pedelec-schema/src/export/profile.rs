//! [`Profile`]: which provider's rules an export follows, and the names
//! `pedelec-lint --export` gives them.

use std::fmt;
use std::str::FromStr;

use crate::message::Quoted;

/// A model provider's rules for a tool's arguments schema. The
/// [module docs](crate::export) give each profile's rules, the pages they
/// come from and what the handler must still check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// The Model Context Protocol's `inputSchema`: our schema as it is
    /// (JSON Schema 2020-12 with an object root). No changes. See
    /// [MCP](crate::export#mcp).
    Mcp,
    /// OpenAI function calling with `"strict": true` (Structured Outputs),
    /// in the Responses API's tool shape. See
    /// [OpenAI strict](crate::export#openai-strict).
    OpenAiStrict,
    /// The same schema rules as [`OpenAiStrict`](Profile::OpenAiStrict),
    /// in the Chat Completions tool shape (`{"type": "function",
    /// "function": {...}}`): OpenAI's Chat Completions API and the servers
    /// that speak it (vLLM, SGLang, llama.cpp's server, Ollama, LM Studio,
    /// OpenRouter). See [OpenAI strict](crate::export#openai-strict).
    OpenAiChat,
    /// Anthropic tool use with `"strict": true`. See
    /// [Anthropic strict](crate::export#anthropic-strict).
    AnthropicStrict,
    /// Gemini's `FunctionDeclaration.parametersJsonSchema`, JSON Schema:
    /// the field Google's SDKs and gemini-cli write. See
    /// [Gemini](crate::export#gemini).
    Gemini,
    /// Gemini's `FunctionDeclaration.parameters`, an OpenAPI 3.0 subset,
    /// for Vertex AI and clients that predate `parametersJsonSchema`. See
    /// [Gemini (OpenAPI)](crate::export#gemini-openapi).
    GeminiOpenApi,
    /// llguidance: mistral.rs's strict tools, llama-cpp-2's JSON-schema
    /// sampler, vLLM and SGLang with the llguidance backend. See
    /// [llguidance](crate::export#llguidance).
    Llguidance,
    /// XGrammar, vLLM's and SGLang's default structured-output backend.
    /// See [XGrammar](crate::export#xgrammar).
    Xgrammar,
    /// outlines-core. See [outlines-core](crate::export#outlines-core).
    Outlines,
    /// llama.cpp's server: its `json_schema` field and its tools, through
    /// its json-schema-to-grammar converter. See
    /// [llama.cpp](crate::export#llamacpp).
    LlamaCpp,
}

impl Profile {
    /// Every profile, in declaration order.
    pub const ALL: &'static [Profile] = &[
        Profile::Mcp,
        Profile::OpenAiStrict,
        Profile::OpenAiChat,
        Profile::AnthropicStrict,
        Profile::Gemini,
        Profile::GeminiOpenApi,
        Profile::Llguidance,
        Profile::Xgrammar,
        Profile::Outlines,
        Profile::LlamaCpp,
    ];

    /// The profile's name as `pedelec-lint --export` spells it: `mcp`,
    /// `openai-strict`, `openai-chat`, `anthropic-strict`, `gemini`,
    /// `gemini-openapi`, `llguidance`, `xgrammar`, `outlines` or
    /// `llama-cpp`.
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Mcp => "mcp",
            Profile::OpenAiStrict => "openai-strict",
            Profile::OpenAiChat => "openai-chat",
            Profile::AnthropicStrict => "anthropic-strict",
            Profile::Gemini => "gemini",
            Profile::GeminiOpenApi => "gemini-openapi",
            Profile::Llguidance => "llguidance",
            Profile::Xgrammar => "xgrammar",
            Profile::Outlines => "outlines",
            Profile::LlamaCpp => "llama-cpp",
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not one of [`Profile::as_str`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

/// The name is quoted only as far as a message quotes a string
/// (`message::Quoted`): it may be any string a caller passed.
impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Profile::ALL.iter().map(|p| p.as_str()).collect();
        write!(
            f,
            "unknown profile {}; use one of {}",
            Quoted::new(&self.0),
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    /// Reads [`Profile::as_str`]'s names.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .iter()
            .copied()
            .find(|profile| profile.as_str() == name)
            .ok_or_else(|| UnknownProfile(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_names_read_back() {
        for &profile in Profile::ALL {
            assert_eq!(profile.as_str().parse::<Profile>(), Ok(profile));
            assert_eq!(profile.to_string(), profile.as_str());
        }
        let error = "openai".parse::<Profile>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown profile \"openai\"; use one of mcp, openai-strict, openai-chat, \
             anthropic-strict, gemini, gemini-openapi, llguidance, xgrammar, outlines, llama-cpp"
        );
        let long = "x"
            .repeat(100_000)
            .parse::<Profile>()
            .unwrap_err()
            .to_string();
        assert!(long.starts_with(&format!(
            "unknown profile \"{}\"…; use one of mcp",
            "x".repeat(40)
        )));
        assert!(long.len() < 300, "{long}");
    }
}
