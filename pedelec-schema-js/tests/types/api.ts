// Compiled by types.test.mjs with `tsc --strict --noEmit`: the package's
// declarations (index.d.ts, init.d.ts, mcp.d.ts) describe the API as a TypeScript
// user writes against it, and the results narrow on `ok`.
import { ToolArgsSchema, SchemaError, Tool, grammarForTools, lint, convert, type AgentError } from 'pedelec-schema';
import { PedelecJsonSchemaValidator } from 'pedelec-schema/mcp';
import { initialize, WasmTrap, ToolArgsSchema as SameSchema } from 'pedelec-schema/init';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

const schema = ToolArgsSchema.parse({ type: 'object', properties: { n: { type: 'integer' } } });
const verdict = schema.validate({ n: 1 });
if (!verdict.ok) {
  const error: AgentError = verdict.error;
  const first = error.errors[0];
  const where: string = first.path;
  if (first.keyword === 'syntax' && 'offset' in first) {
    const offset: number = first.offset;
  }
}
const valid: boolean = schema.isValid({}) && schema.isValidText('{}');
const repaired = schema.repair("{'n': 1}");
if (repaired.ok) {
  const note: string = repaired.note;
}
const stream = schema.stream('openai-strict');
const progress = stream.feed('{"n"');
if (progress.ok) {
  const bytes: number = progress.bytes;
} else {
  const at: number | null = progress.refusedAt;
}
const done = stream.finish();
const exported = schema.export('anthropic-strict');
const grammar: string = schema.grammar('lark').text;
const tool = new Tool('read_file', schema, { description: 'Reads a file.' });
const definition = tool.export('mcp').definition;
const both = grammarForTools([tool], 'gbnf');
const findings = lint('{"type": "object"}').filter((d) => d.severity === 'warning');
const converted = convert({ type: 'object' });
if (converted.ok) {
  converted.schema.isValid({});
}
try {
  ToolArgsSchema.parse({ $ref: '#' });
} catch (error) {
  if (error instanceof SchemaError) {
    const pointer: string = error.diagnostics[0].pointer;
  }
}
// The arguments' type, as `pedelec-lint --export typescript` writes it:
// `isValid` narrows to it, and what is read from text has it.
type CounterArgs = { delta: number; reason?: string; [key: string]: unknown };
const counter = ToolArgsSchema.parse<CounterArgs>({
  type: 'object',
  properties: { delta: { type: 'integer' }, reason: { type: 'string' } },
  required: ['delta'],
});
const raw: unknown = JSON.parse('{"delta": 1}');
if (counter.isValid(raw)) {
  const delta: number = raw.delta;
  const reason: string | undefined = raw.reason;
}
// @ts-expect-error: unknown until checked.
raw.delta;
const fixed = counter.repair("{'delta': 1}");
if (fixed.ok) {
  const delta: number = fixed.value.delta;
}
const streamed = counter.stream().finish();
if (streamed.ok) {
  // @ts-expect-error: a string is not the arguments' number.
  const delta: string = streamed.value.delta;
}

// The fallback: given, declined, or left to the default; the report says which.
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
new Client({ name: 'c', version: '1' }, { jsonSchemaValidator: new PedelecJsonSchemaValidator({ fallback: new CfWorkerJsonSchemaValidator() }) });
new PedelecJsonSchemaValidator({
  fallback: null,
  onOutsideSubset: (report) => {
    const fallback: 'given' | 'default' | 'none' | 'unavailable' = report.fallback;
    const checkedBy: 'conversion' | 'fallback' | 'nothing' = report.checkedBy;
  },
});
// @ts-expect-error: a fallback is a validator, null or left out.
new PedelecJsonSchemaValidator({ fallback: false });

// @ts-expect-error: the constructor is not the way to make one.
new ToolArgsSchema();
// @ts-expect-error: an unknown profile.
schema.export('openai');
// @ts-expect-error: an unknown grammar format.
schema.grammar('ebnf');

const client = new Client({ name: 'c', version: '1' }, { jsonSchemaValidator: new PedelecJsonSchemaValidator() });

// `pedelec-schema/init`: the same API, loaded by the host.
const hostLoaded = (module: WebAssembly.Module, bytes: Uint8Array): void => {
  initialize(module);
  initialize(bytes);
};
const sameClass: typeof ToolArgsSchema = SameSchema;
try {
  schema.validate({ n: 1 });
} catch (error) {
  if (error instanceof WasmTrap) {
    const name: 'WasmTrap' = error.name;
    const cause: unknown = error.cause;
  }
}
