// Makes, through the npm package, every call of a case file that the Rust
// test `tests/js/main.rs` wrote with the library's own answers, and
// reports each answer that differs. Two answers are the same when their
// JSON texts are (`JSON.stringify`, so key order counts): the error
// documents, changes and diagnostics are the library's byte for byte.
// Arguments given as a parsed object are checked too, against the same
// arguments as text: `validate(obj)` must answer as `validateText` does on
// `JSON.stringify(obj)`.
//
// Usage: node identity.mjs CASES.jsonl   (prints "N calls, D differences")

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { ToolArgsSchema, SchemaError, Tool, lint, convert } from '../pkg/index.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: node identity.mjs CASES.jsonl');
  process.exit(2);
}

const counts = new Map();
const differences = [];
let calls = 0;
let objectCalls = 0;

function parse(text) {
  try {
    const schema = ToolArgsSchema.parse(text);
    return [{ ok: true, schema: schema.toJSON() }, schema];
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return [{ ok: false, message: error.message, diagnostics: error.diagnostics }, undefined];
  }
}

function call(op, text, schema) {
  switch (op.op) {
    case 'parse':
      return parse(text)[0];
    case 'lint':
      return lint(text);
    case 'convert': {
      const converted = convert(text);
      return converted.ok ? { ok: true, schema: converted.schema.toJSON(), changes: converted.changes } : converted;
    }
    case 'validateText':
      return schema.validateText(op.input);
    case 'isValidText':
      return schema.isValidText(op.input);
    case 'repair':
      return schema.repair(op.input);
    case 'fromProviderText':
      return schema.fromProviderText(op.input, op.profile);
    case 'stream': {
      const stream = schema.stream(op.profile);
      const feeds = op.pieces.map((piece) => stream.feed(piece));
      return { feeds, finish: stream.finish() };
    }
    case 'export':
      return schema.export(op.profile);
    case 'toolExport':
      try {
        const options = op.description === null ? {} : { description: op.description };
        return new Tool(op.name, schema, options).export(op.profile);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        return { typeError: error.message };
      }
    case 'grammar':
      return schema.grammar(op.format);
    default:
      throw new Error(`unknown op ${op.op}`);
  }
}

function differ(source, what, actual, expected) {
  if (differences.length < 20) {
    differences.push(`${source}: ${what}\n  package: ${actual.slice(0, 400)}\n  library: ${expected.slice(0, 400)}`);
  } else {
    differences.push(null);
  }
}

// `validate(obj)` and `isValid(obj)` answer as the text calls do on the
// object's JSON text.
function checkObject(source, schema, input) {
  let args;
  try {
    args = JSON.parse(input);
  } catch {
    return;
  }
  const text = JSON.stringify(args);
  objectCalls += 2;
  const actual = JSON.stringify(schema.validate(args));
  const expected = JSON.stringify(schema.validateText(text));
  if (actual !== expected) differ(source, 'validate(object)', actual, expected);
  if (schema.isValid(args) !== schema.isValidText(text)) {
    differ(source, 'isValid(object)', String(schema.isValid(args)), String(schema.isValidText(text)));
  }
}

const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
for await (const line of lines) {
  if (line === '') continue;
  const { source, schema: text, ops } = JSON.parse(line);
  const [, schema] = parse(text);
  for (const op of ops) {
    calls += 1;
    counts.set(op.op, (counts.get(op.op) ?? 0) + 1);
    let actual;
    try {
      actual = JSON.stringify(call(op, text, schema));
    } catch (error) {
      actual = `threw ${error?.name}: ${error?.message}`;
    }
    const expected = JSON.stringify(JSON.parse(op.expect));
    if (actual !== expected) differ(source, op.op + (op.profile ? ` ${op.profile}` : '') + (op.format ? ` ${op.format}` : ''), actual, expected);
    if (op.op === 'validateText') checkObject(source, schema, op.input);
  }
}

for (const [op, count] of [...counts].sort()) console.log(`${op}: ${count}`);
console.log(`objects: ${objectCalls} calls with parsed arguments, against the same as text`);
for (const difference of differences.filter(Boolean)) console.log(difference);
console.log(`${calls} calls, ${differences.length} differences`);
process.exit(differences.length === 0 ? 0 : 1);
