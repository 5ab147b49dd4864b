// Compiled by types.test.mjs with `tsc --strict --noEmit`: the declarations
// `pedelec-lint --export typescript` writes for real tools
// (realworld-tools.d.ts, from realworld-tools.json) compose with the
// package's own types, with no cast - a typed schema makes a `Tool` and a
// grammar, and what the schema gives back has the generated type. Each
// `@ts-expect-error` line must be refused, or tsc fails the test.
import { ToolArgsSchema, Tool, grammarForTools, type AgentError, type Change } from 'pedelec-schema';
import type { CodexReplyArgs, SpawnBasicShapesArgs, ViewFileArgs } from './realworld-tools.js';
import list from './realworld-tools.json' with { type: 'json' };

// The schemas the types were generated from.
const [viewFileTool, codexReplyTool, spawnTool] = list.tools;
const viewFile = ToolArgsSchema.parse<ViewFileArgs>(viewFileTool.inputSchema);
const codexReply = ToolArgsSchema.parse<CodexReplyArgs>(codexReplyTool.inputSchema);
const spawn = ToolArgsSchema.parse<SpawnBasicShapesArgs>(JSON.stringify(spawnTool.inputSchema));

// The line: a schema typed with a generated type (whose
// `[key: string]: unknown` is no `JsonValue`) is a tool's schema, as
// arguments and as output.
const tools: Tool[] = [
  new Tool(viewFileTool.name, viewFile, { description: 'Views a file.' }),
  new Tool(codexReplyTool.name, codexReply),
  new Tool(spawnTool.name, spawn, { outputSchema: viewFile }),
];
const grammar: string = grammarForTools(tools, 'gbnf').text;
// So is one typed with an interface, which has no index signature at all.
interface SearchArgs {
  query: string;
  limit?: number;
}
const search = ToolArgsSchema.parse<SearchArgs>('{"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}');
grammarForTools([new Tool('search', search), ...tools], 'lark');

// `isValid` narrows to the generated type: a required property is there,
// an optional one may be missing, one the schema does not name is unknown.
const raw: unknown = JSON.parse('{"path": "src/main.rs", "start_line": 3}');
if (viewFile.isValid(raw)) {
  const path: string = raw.path;
  const start: number | undefined = raw.start_line;
  // @ts-expect-error: optional in the schema, so possibly undefined.
  const end: number = raw.end_line;
  // @ts-expect-error: a property the schema does not name is `unknown`, not `any`.
  const mode: string = raw.mode;
}
function view(args: ViewFileArgs): string {
  return args.path;
}
const call: unknown = JSON.parse('{"path": "README.md"}');
if (viewFile.isValid(call)) {
  view(call);
}
// @ts-expect-error: unknown until checked.
view(call);

// A repair and a verdict.
const repaired = codexReply.repair("{'prompt': 'go on', 'threadId': 't1',}");
if (repaired.ok) {
  const prompt: string = repaired.value.prompt;
  const threadId: string | undefined = repaired.value.threadId;
  const changes: Change[] = repaired.changes;
} else {
  const error: AgentError = repaired.error;
}
const verdict = spawn.validate({ items: [{ shape: 'star', size: 'large' }] });
if (!verdict.ok) {
  const message: string = verdict.error.message;
}

// The nested types: an array of objects, a string enum, a oneOf.
const stream = spawn.stream();
stream.feed('{"items": [{"shape": "star", "size": 18}]}');
const read = stream.finish();
if (read.ok) {
  const item = read.value.items[0];
  const shape: 'circle' | 'square' | 'rectangle' | 'triangle' | 'pentagon' | 'hexagon' | 'star' | 'capsule' = item.shape;
  const size: 'small' | 'medium' | 'large' | number | undefined = item.size;
  // @ts-expect-error: no shape of the schema's enum.
  item.shape = 'circle-ish';
}

// What the types still refuse.
// @ts-expect-error: a schema typed with one tool's arguments is not another's.
const wrong: ToolArgsSchema<ViewFileArgs> = codexReply;
// @ts-expect-error: the arguments are always an object.
ToolArgsSchema.parse<string>('{"type": "object"}');
// @ts-expect-error: a schema is not a tool.
grammarForTools([viewFile], 'gbnf');
// @ts-expect-error: nor is an object of a tool's shape (the package checks `instanceof`).
grammarForTools([{ export: tools[0].export }], 'gbnf');
