// How much WebAssembly memory one call takes, for the README's bound: each
// call of each kind on a text of each size, in a fresh Node process, and
// the module's linear memory afterwards (which never shrinks: it is the
// most the call held at once), as a multiple of the text's length.
//
//   node pedelec-schema-js/bench/memory.mjs      # about 30 s on 2 cores
//
// The texts are the worst kinds each call meets: one long string (read
// into one `String`), many small items (a `Value` per item), and, for
// `repair`, single quotes throughout (every string rewritten).

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const schema = {
  type: 'object',
  properties: {
    s: { type: 'string' },
    items: { type: 'array', items: { type: 'integer' } },
  },
};

const texts = {
  'one string': (size) => `{"s": "${'x'.repeat(size - 9)}"}`,
  'small items': (size) => `{"items": [${'1,'.repeat((size - 14) / 2)}1]}`,
  'single quotes': (size) => `{'items': [], 's': '${'x'.repeat(size - 22)}'}`,
};
const calls = {
  validateText: (tool, text) => tool.validateText(text),
  'validate(obj)': (tool, text) => tool.validate(JSON.parse(text)),
  repair: (tool, text) => tool.repair(text),
  stream: (tool, text) => {
    const stream = tool.stream();
    for (let at = 0; at < text.length; at += 65_536) stream.feed(text.slice(at, at + 65_536));
    return stream.finish();
  },
};

if (process.argv[2] === '--one') {
  const [, , , call, kind, size] = process.argv;
  const require = createRequire(join(benchDir, '..', 'tests', 'package.json'));
  const pkg = require.resolve('pedelec-schema/package.json').replace(/package\.json$/, '');
  const api = await import(join(pkg, 'index.js'));
  // The glue module the API loaded: its `initSync` answers the instance.
  const { initSync } = await import(join(pkg, 'pedelec_schema_js.js'));
  const tool = api.ToolArgsSchema.parse(schema);
  const before = initSync().memory.buffer.byteLength;
  const text = texts[kind](Number(size));
  calls[call](tool, text);
  const after = initSync().memory.buffer.byteLength;
  console.log(JSON.stringify({ before, after }));
  process.exit(0);
}

const MiB = 1 << 20;
console.log('| call | text | 1 MiB | 4 MiB | 16 MiB |');
console.log('|---|---|---|---|---|');
for (const call of Object.keys(calls)) {
  for (const kind of Object.keys(texts)) {
    if (kind === 'single quotes' && call !== 'repair') continue;
    const cells = [];
    for (const size of [MiB, 4 * MiB, 16 * MiB]) {
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--one', call, kind, String(size)], {
        encoding: 'utf8',
      });
      if (run.status !== 0) {
        cells.push(`failed: ${run.stderr.split('\n').find((line) => line.includes('Error')) ?? run.status}`);
        continue;
      }
      const { before, after } = JSON.parse(run.stdout);
      cells.push(`${((after - before) / size).toFixed(1)}x`);
    }
    console.log(`| ${call} | ${kind} | ${cells.join(' | ')} |`);
  }
}
