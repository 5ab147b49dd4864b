//! The cases the npm package is checked on, each with the Rust library's
//! answer (`expect.rs`): the conformance data, the real-world schemas
//! (as they are, and converted), generated schemas with valid and broken
//! calls, the repair corpus, and the whole fuzz corpus.

use std::path::Path;

use pedelec_schema::{convert_str, GrammarFormat, Profile, ToolArgsSchema};
use pedelec_testdata::fuzz::{pieces_of, stream_schemas};
use pedelec_testdata::strategies::root_with_values;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde::Serialize;

use crate::expect;

/// The most pieces a text is fed in.
const MAX_PIECES: usize = 64;

/// One schema's text and the calls made with it.
#[derive(Serialize)]
pub struct Case {
    pub source: String,
    pub schema: String,
    pub ops: Vec<Op>,
}

/// One call of the package, with the library's answer as JSON text.
#[derive(Serialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Op {
    Parse {
        expect: String,
    },
    Lint {
        expect: String,
    },
    Convert {
        expect: String,
    },
    ValidateText {
        input: String,
        expect: String,
    },
    IsValidText {
        input: String,
        expect: String,
    },
    Repair {
        input: String,
        expect: String,
    },
    FromProviderText {
        profile: &'static str,
        input: String,
        expect: String,
    },
    Stream {
        profile: &'static str,
        pieces: Vec<String>,
        expect: String,
    },
    Export {
        profile: &'static str,
        expect: String,
    },
    ToolExport {
        name: String,
        description: Option<String>,
        profile: &'static str,
        expect: String,
    },
    Grammar {
        format: &'static str,
        expect: String,
    },
}

impl Case {
    /// A case for `schema`: parsed and linted; `converted` adds `convert`.
    fn new(
        source: impl Into<String>,
        schema: String,
        converted: bool,
    ) -> (Case, Option<ToolArgsSchema>) {
        let (parsed, accepted) = expect::parse(&schema);
        let mut ops = vec![
            Op::Parse { expect: parsed },
            Op::Lint {
                expect: expect::lint(&schema),
            },
        ];
        if converted {
            ops.push(Op::Convert {
                expect: expect::convert(&schema),
            });
        }
        let case = Case {
            source: source.into(),
            schema,
            ops,
        };
        (case, accepted)
    }

    /// Every export and both grammars of an accepted schema.
    fn outputs(&mut self, schema: &ToolArgsSchema) {
        for &profile in Profile::ALL {
            self.ops.push(Op::Export {
                profile: profile.as_str(),
                expect: expect::export(schema, profile),
            });
        }
        for format in [GrammarFormat::Gbnf, GrammarFormat::Lark] {
            self.ops.push(Op::Grammar {
                format: format.as_str(),
                expect: expect::grammar(schema, format),
            });
        }
    }

    /// The calls with one argument text: checked whole, as a boolean,
    /// repaired, in pieces (of `cuts`, as the fuzz target cuts them), and
    /// as written for OpenAI's strict mode.
    fn args(&mut self, schema: &ToolArgsSchema, args: &str, cuts: &[u8]) {
        let mut pieces = pieces_of(args, cuts);
        // Each piece's answer is kept: a long text is cut coarser.
        if pieces.len() > MAX_PIECES {
            let length = u8::try_from(args.len() / MAX_PIECES + 1).unwrap_or(u8::MAX);
            pieces = pieces_of(args, &[length]);
        }
        self.ops.extend([
            Op::ValidateText {
                input: args.to_owned(),
                expect: expect::validate_text(schema, args),
            },
            Op::IsValidText {
                input: args.to_owned(),
                expect: expect::is_valid_text(schema, args),
            },
            Op::Repair {
                input: args.to_owned(),
                expect: expect::repair(schema, args),
            },
            Op::Stream {
                profile: Profile::Mcp.as_str(),
                expect: expect::stream(schema, Profile::Mcp, &pieces),
                pieces: pieces.iter().map(|piece| (*piece).to_owned()).collect(),
            },
            Op::FromProviderText {
                profile: Profile::OpenAiStrict.as_str(),
                input: args.to_owned(),
                expect: expect::from_provider_text(schema, Profile::OpenAiStrict, args),
            },
        ]);
    }
}

/// The conformance suite's schemas: inside the subset, with its values;
/// outside it, refused.
pub fn conformance() -> Vec<Case> {
    let mut cases = Vec::new();
    for group in pedelec_testdata::accepted() {
        let text = serde_json::to_string(&group.schema).expect("JSON");
        let (mut case, schema) =
            Case::new(format!("conformance: {}", group.description), text, false);
        let schema = schema.expect("the accepted groups are inside the subset");
        case.outputs(&schema);
        for test in &group.tests {
            let args = serde_json::to_string(&test.data).expect("JSON");
            case.args(&schema, &args, &[5]);
        }
        cases.push(case);
    }
    for group in pedelec_testdata::rejected() {
        let text = serde_json::to_string(&group.schema).expect("JSON");
        cases.push(
            Case::new(
                format!("conformance (outside): {}", group.description),
                text,
                true,
            )
            .0,
        );
    }
    cases
}

/// Every real-world schema as published (parsed, linted, converted), and
/// converted (exported, written as grammars, and as a tool).
pub fn realworld() -> Vec<Case> {
    let mut cases = Vec::new();
    for (file, schemas) in pedelec_testdata::realworld()
        .into_iter()
        .chain(pedelec_testdata::realworld_more())
    {
        for entry in schemas {
            let source = format!("realworld/{file}: {}", entry.tool);
            let text = serde_json::to_string(&entry.schema).expect("JSON");
            cases.push(Case::new(source.clone(), text.clone(), true).0);
            let Ok(converted) = convert_str(&text) else {
                continue;
            };
            let text = serde_json::to_string(&converted.schema).expect("JSON");
            let (mut case, schema) = Case::new(format!("{source} (converted)"), text, false);
            let schema = schema.expect("a converted schema parses");
            case.outputs(&schema);
            let description = entry.schema.get("description").and_then(|d| d.as_str());
            for profile in [
                Profile::Mcp,
                Profile::AnthropicStrict,
                Profile::OpenAiStrict,
            ] {
                case.ops.push(Op::ToolExport {
                    name: entry.tool.clone(),
                    description: description.map(str::to_owned),
                    profile: profile.as_str(),
                    expect: expect::tool_export(&entry.tool, description, &schema, profile),
                });
            }
            cases.push(case);
        }
    }
    cases
}

/// Generated schemas, each with generated valid calls and the same calls
/// broken as models break them: cut short, in single quotes, with a
/// trailing comma, with a value of the wrong type.
pub fn generated(count: usize) -> Vec<Case> {
    let mut runner = TestRunner::deterministic();
    let strategy = root_with_values(3);
    (0..count)
        .map(|index| {
            let (root, values) = strategy.new_tree(&mut runner).expect("a tree").current();
            let schema = ToolArgsSchema::new(root).expect("generated roots are inside the subset");
            let text = serde_json::to_string(&schema).expect("JSON");
            let (mut case, parsed) = Case::new(format!("generated #{index}"), text, false);
            let parsed = parsed.expect("a serialized schema parses");
            case.outputs(&parsed);
            for value in values {
                let valid = serde_json::to_string(&value).expect("JSON");
                let mut broken = vec![
                    valid.replace('"', "'"),
                    valid.replacen('}', ",}", 1),
                    valid.replacen(":", ": [", 1),
                ];
                let chars: Vec<usize> = valid.char_indices().map(|(at, _)| at).collect();
                for share in [4, 2] {
                    broken.push(valid[..chars[chars.len() * (share - 1) / share]].to_owned());
                }
                case.args(&parsed, &valid, &[3]);
                for text in broken {
                    case.args(&parsed, &text, &[7]);
                }
            }
            case
        })
        .collect()
}

/// The repair corpus: malformed calls as models sent them.
pub fn repair_corpus() -> Vec<Case> {
    let corpus = pedelec_testdata::repair_corpus();
    corpus
        .schemas
        .iter()
        .map(|(name, schema)| {
            let text = serde_json::to_string(schema).expect("JSON");
            let (mut case, parsed) = Case::new(format!("repair corpus: {name}"), text, false);
            let parsed = parsed.expect("the corpus schemas are inside the subset");
            for call in corpus.cases.iter().filter(|call| &call.schema == name) {
                case.args(&parsed, &call.text, &[4]);
            }
            case
        })
        .collect()
}

/// Every input of the fuzz corpus and of its kept regressions, read as
/// its target reads it (`pedelec_testdata::fuzz`): a schema's text, then
/// arguments' text and cuts for the targets that take them.
pub fn fuzz_corpus() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut cases = Vec::new();
    for target in [
        "parse_and_lint",
        "validate",
        "convert",
        "export",
        "stream",
        "repair",
        "pattern",
    ] {
        for folder in ["corpus", "regressions"] {
            let Ok(entries) = std::fs::read_dir(root.join(folder).join(target)) else {
                continue;
            };
            let mut paths: Vec<_> = entries
                .map(|entry| entry.expect("a readable folder").path())
                .collect();
            paths.sort();
            for (index, path) in paths.iter().enumerate() {
                let data = std::fs::read(path).expect("a readable input");
                let name = path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or_default();
                let source = format!("fuzz/{folder}/{target}/{name}");
                // Every input is parsed, linted and validated; the exports
                // and grammars, the costliest answers, of every fourth.
                let outputs = index % EXPORTS_EVERY == 0;
                cases.extend(fuzz_case(target, &source, &data, outputs));
            }
        }
    }
    cases
}

/// One input in this many of the `export` target is exported and
/// written as grammars.
const EXPORTS_EVERY: usize = 4;

fn fuzz_case(target: &str, source: &str, data: &[u8], outputs: bool) -> Option<Case> {
    let (head, rest) = split_at_nul(data);
    match target {
        "parse_and_lint" | "convert" | "pattern" => {
            let text = match target {
                // A pattern, then a subject: here the pattern in a schema.
                "pattern" => {
                    let text = String::from_utf8_lossy(data);
                    let source = text.split_once('\n').map_or(&*text, |(source, _)| source);
                    serde_json::json!({"type": "object", "properties": {"p": {"type": "string", "pattern": source}}})
                        .to_string()
                }
                _ => std::str::from_utf8(data).ok()?.to_owned(),
            };
            Some(Case::new(source, text, target == "convert").0)
        }
        "validate" | "export" => {
            let text = std::str::from_utf8(head).ok()?.to_owned();
            let (mut case, schema) = Case::new(source, text, false);
            if let Some(schema) = schema {
                if target == "export" && outputs {
                    case.outputs(&schema);
                }
                case.args(&schema, &String::from_utf8_lossy(rest), &[]);
            }
            Some(case)
        }
        "stream" | "repair" => {
            let (schema, text, cuts): (ToolArgsSchema, _, &[u8]) = if target == "repair" {
                let (head, text) = data.split_first().map_or((0, data), |(&h, t)| (h, t));
                (pick(head), text, &[])
            } else if head.len() <= 1 {
                let (text, cuts) = split_at_nul(rest);
                (pick(head.first().copied().unwrap_or(0)), text, cuts)
            } else {
                let schema = ToolArgsSchema::from_json_str(std::str::from_utf8(head).ok()?).ok()?;
                let (text, cuts) = split_at_nul(rest);
                (schema, text, cuts)
            };
            let schema_text = serde_json::to_string(&schema).expect("JSON");
            let (mut case, parsed) = Case::new(source, schema_text, false);
            let parsed = parsed.expect("a serialized schema parses");
            case.args(&parsed, &String::from_utf8_lossy(text), cuts);
            Some(case)
        }
        _ => None,
    }
}

/// The schema a one-byte head picks, as the stream and repair targets pick.
fn pick(byte: u8) -> ToolArgsSchema {
    let schemas = stream_schemas();
    schemas[usize::from(byte) % schemas.len()].clone()
}

fn split_at_nul(data: &[u8]) -> (&[u8], &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (head, rest) = data.split_at(split);
    (head, rest.get(1..).unwrap_or_default())
}
