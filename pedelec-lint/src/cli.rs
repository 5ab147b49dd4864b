//! The command line, parsed with clap, and the misuses clap cannot express.

use std::path::PathBuf;

use clap::{CommandFactory, Parser, ValueEnum};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use pedelec_schema::{GrammarFormat, Profile};

/// How findings are written to standard output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `file:line:column: error[code]: message`, then the source line with
    /// a caret under the offending key or value.
    Human,
    /// One JSON array of
    /// `{"file","pointer","line","column","severity","code","message"}`.
    Json,
}

/// Lint tool-argument schemas against the Pedelec argsSchema subset of
/// JSON Schema.
#[derive(Debug, Parser)]
#[command(name = "pedelec-lint", version)]
#[command(after_long_help = AFTER_HELP, after_help = "See --help for file shapes and exit codes.")]
pub struct Cli {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,

    /// Fail (exit 1) on warnings too, not only on errors.
    #[arg(long)]
    pub deny_warnings: bool,

    /// Instead of linting, print FILE with every schema in it exported for a
    /// model provider or engine (PROFILE), the grammar of its arguments
    /// (`gbnf`, `lark`) or their TypeScript declarations (`typescript`), and
    /// the changes on standard error (exactly one FILE).
    #[arg(long, value_name = "PROFILE", value_parser = target_parser())]
    pub export: Option<Target>,

    /// With --export PROFILE: print the `tools` array of a request to the
    /// provider instead, built from FILE's tool definitions (one, an array,
    /// or an MCP tools/list result).
    #[arg(long, requires = "export", conflicts_with = "fix")]
    pub tools: bool,

    /// Convert each schema into the subset instead of linting it: the
    /// converted file goes to standard output (one FILE), every change to
    /// standard error as a note.
    #[arg(long, conflicts_with_all = ["deny_warnings", "export"])]
    pub fix: bool,

    /// With --fix: rewrite the files instead of printing them.
    #[arg(long, requires = "fix")]
    pub in_place: bool,

    /// Files to lint; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// The long help's closing text, wrapped by hand (clap wraps only with an
/// extra dependency).
const AFTER_HELP: &str = "\
Each FILE holds one schema, a tool definition (an object with a string
`name` and `inputSchema`, `input_schema`, `argsSchema` or `parameters`),
an array of tool definitions, or an MCP tools/list result
({\"tools\": [...]}). Every schema found is linted, and pointers are
relative to the file. Anything else is linted as a schema, so its errors
say what was expected.

With --export PROFILE (mcp, openai-strict, openai-chat, anthropic-strict,
gemini, gemini-openapi, llguidance, xgrammar, outlines, llama-cpp), the
one FILE is printed with every schema in it written for that provider or
engine, the rest of the file unchanged; the changes go to standard error.
A file with errors is reported as linting reports it, and nothing is
printed.
With --export gbnf or --export lark, the grammar of FILE's arguments is
printed instead (llama.cpp's GBNF, llguidance's Lark): for a schema or a
tool definition, its arguments; for a list of tools, one call to any of
them, {\"name\": ..., \"arguments\": ...}.
With --export typescript, TypeScript declarations are printed instead:
`export type Args` for a schema; for tool definitions, a
`<PascalCase name>Args` type per tool (and `<PascalCase name>Result` for
an outputSchema) and the code-mode `declare const tools`.

With --export PROFILE --tools, FILE must hold tool definitions (one, an
array, or a tools/list result), and the `tools` array of a request to the
provider is printed instead of the file, each tool in its shape:
  openai-chat       [{\"type\": \"function\", \"function\": {\"name\",
                    \"description\", \"parameters\", \"strict\": true}}]
  openai-strict     [{\"type\": \"function\", \"name\", \"description\",
                    \"parameters\", \"strict\": true}] (Responses API)
  anthropic-strict  [{\"name\", \"description\", \"input_schema\",
                    \"strict\": true}]
  gemini            [{\"functionDeclarations\": [{\"name\", \"description\",
                    \"parametersJsonSchema\"}]}] (gemini-openapi:
                    \"parameters\")
  mcp               [{\"name\", \"title\", \"description\", \"inputSchema\",
                    \"outputSchema\", \"annotations\"}]
  llguidance, xgrammar, outlines, llama-cpp: as openai-chat, without
                    \"strict\"
The changes go to standard error, as for --export. A key no tool shape
holds (`_meta`, `icons`, another annotation) is left out, with a note.
A file with a schema outside a tool definition, or --tools with gbnf,
lark or typescript, is a usage error.

With --fix, each schema is converted into the subset (pedelec_schema::
convert) and the file is written in the same shape, only its schemas
changed: to standard output for one FILE, or back to each FILE with
--in-place. Every change is a note on standard error,
`file:line:column: note[code] (effect): message`. When --fix can convert
what linting refuses, the lint report ends with a `help:` line giving the
command and its changes by effect.

Lines and columns are 1-based; columns count characters, not bytes.
Colour is used only when standard output is a terminal and NO_COLOR is
unset.

Exit status:
  0  no errors (and no warnings with --deny-warnings)
  1  findings (with --export: errors, or a provider limit exceeded;
     with --fix: a schema that could not be converted, left as it was)
  2  usage error, unreadable file, or a file that is not JSON (with
     --tools: a file that is not tool definitions)";

impl Cli {
    /// Checks what clap cannot express; exits with status 2 on a misuse.
    pub fn validate(&self) {
        let stdin_count = self.files.iter().filter(|f| f.as_os_str() == "-").count();
        if stdin_count > 1 {
            Cli::command()
                .error(
                    clap::error::ErrorKind::ArgumentConflict,
                    "`-` (standard input) can be given only once",
                )
                .exit();
        }
        if self.export.is_some() && self.files.len() != 1 {
            Cli::command()
                .error(
                    clap::error::ErrorKind::WrongNumberOfValues,
                    "`--export` takes exactly one FILE",
                )
                .exit();
        }
        if let Some(problem) = self.tools_misuse() {
            Cli::command()
                .error(clap::error::ErrorKind::ArgumentConflict, problem)
                .exit();
        }
        if let Some(problem) = self.fix_misuse() {
            Cli::command()
                .error(clap::error::ErrorKind::ArgumentConflict, problem)
                .exit();
        }
    }

    /// What is wrong with the command line for `--tools`, if anything: a
    /// grammar or TypeScript declarations have no request `tools`.
    fn tools_misuse(&self) -> Option<String> {
        match self.export {
            Some(target @ (Target::Grammar(_) | Target::TypeScript)) if self.tools => {
                let profiles: Vec<&str> = Profile::ALL.iter().map(|p| p.as_str()).collect();
                Some(format!(
                    "--tools writes the `tools` array of a request to a provider, which \
                     `--export {target}` has none of; with --tools, --export takes a profile: {}",
                    profiles.join(", ")
                ))
            }
            _ => None,
        }
    }

    /// What is wrong with the command line for `--fix`, if anything.
    fn fix_misuse(&self) -> Option<&'static str> {
        if !self.fix {
            return None;
        }
        if !self.in_place && self.files.len() > 1 {
            return Some(
                "--fix writes the converted file to standard output, so it takes one FILE; \
                 add --in-place to convert several files where they are",
            );
        }
        if self.in_place && self.files.iter().any(|f| f.as_os_str() == "-") {
            return Some("--in-place cannot rewrite standard input (`-`)");
        }
        None
    }
}

/// What `--export` writes: the file's schemas for a profile, the grammar
/// of its arguments, or their TypeScript declarations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Profile(Profile),
    Grammar(GrammarFormat),
    TypeScript,
}

/// `--export`'s name for [`Target::TypeScript`].
const TYPESCRIPT: &str = "typescript";

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Profile(profile) => profile.fmt(f),
            Target::Grammar(format) => format.fmt(f),
            Target::TypeScript => f.write_str(TYPESCRIPT),
        }
    }
}

/// `--export`'s values: the library's profile and grammar format names,
/// read with their `FromStr`, so that a new one needs no change here, and
/// `typescript`.
fn target_parser() -> impl TypedValueParser<Value = Target> {
    let names = Profile::ALL
        .iter()
        .map(|profile| profile.as_str())
        .chain(GrammarFormat::ALL.iter().map(|format| format.as_str()))
        .chain([TYPESCRIPT]);
    PossibleValuesParser::new(names).try_map(|name| {
        if name == TYPESCRIPT {
            return Ok(Target::TypeScript);
        }
        match name.parse::<GrammarFormat>() {
            Ok(format) => Ok(Target::Grammar(format)),
            Err(_) => name.parse::<Profile>().map(Target::Profile),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn options_parse() {
        let cli = Cli::try_parse_from([
            "pedelec-lint",
            "--format",
            "json",
            "--deny-warnings",
            "a",
            "-",
        ])
        .unwrap();
        assert_eq!(cli.format, Format::Json);
        assert!(cli.deny_warnings);
        assert_eq!(cli.files, [PathBuf::from("a"), PathBuf::from("-")]);
        assert!(Cli::try_parse_from(["pedelec-lint"]).is_err());
        assert!(Cli::try_parse_from(["pedelec-lint", "--format", "xml", "a"]).is_err());
    }

    #[test]
    fn fix_takes_one_file_unless_in_place() {
        let parse = |args: &[&str]| {
            let mut all = vec!["pedelec-lint"];
            all.extend_from_slice(args);
            Cli::try_parse_from(all).expect("parses")
        };
        assert_eq!(parse(&["--fix", "a"]).fix_misuse(), None);
        assert_eq!(parse(&["--fix", "--in-place", "a", "b"]).fix_misuse(), None);
        assert_eq!(parse(&["a", "b"]).fix_misuse(), None);
        assert!(parse(&["--fix", "a", "b"]).fix_misuse().is_some());
        assert!(parse(&["--fix", "--in-place", "-"]).fix_misuse().is_some());
        assert!(Cli::try_parse_from(["pedelec-lint", "--in-place", "a"]).is_err());
    }

    #[test]
    fn tools_takes_a_profile() {
        let parse = |args: &[&str]| {
            let mut all = vec!["pedelec-lint"];
            all.extend_from_slice(args);
            Cli::try_parse_from(all)
        };
        let misuse = |args: &[&str]| parse(args).expect("parses").tools_misuse();
        for &profile in Profile::ALL {
            assert_eq!(
                misuse(&["--export", profile.as_str(), "--tools", "a"]),
                None
            );
        }
        for target in ["gbnf", "lark", "typescript"] {
            let problem = misuse(&["--export", target, "--tools", "a"]).expect(target);
            assert!(problem.contains(&format!("`--export {target}` has none")));
            assert!(problem.ends_with("mcp, openai-strict, openai-chat, anthropic-strict, gemini, gemini-openapi, llguidance, xgrammar, outlines, llama-cpp"));
        }
        assert_eq!(misuse(&["--export", "gbnf", "a"]), None);
        assert!(parse(&["--tools", "a"]).is_err());
        assert!(parse(&["--fix", "--tools", "a"]).is_err());
    }
}
