// Whether `repair` and streams cost in proportion to their text (issue 47,
// "no call dearer than its input"): each case at n and at 4n, each call in
// a fresh Node process (a first call pays for growing the module's memory,
// which a warm process hides), timed, with the growth of the WebAssembly
// memory it caused, and beside it what a handler pays for a validated
// object of the same call written as JSON, in the same process:
// `validateText`, then `JSON.parse` (as the Rust benchmarks' baseline is
// `validate_str`, then `serde_json::from_str`). About 4x from n to 4n is
// linear; 16x is quadratic.
//
//   node pedelec-schema-js/bench/linear.mjs                 # every case, about a minute on 2 cores
//   node pedelec-schema-js/bench/linear.mjs --pkg DIR       # against another build of the package
//
// The cases: `repair` of a string holding n raw newlines (the JSON
// baseline is the same text with each newline escaped), and a stream fed
// an object of n properties in 64-byte pieces and in one piece, after
// each piece asking where it stands (`bytes`, `path`), as a progress
// display would; and a stream of one 24-byte call against nested unions
// (`benches/README.md`, "Nested unions": 64 objects told apart by `k`,
// each with an `s` that is one of n strings, `s` written first), at n = 32
// and 4n = 128 strings, each timed over 200 calls.

import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { pkgDir } from './peers.mjs';

const texts = {
  newlines: (n) => `{"text": "${'a\n'.repeat(n)}"}`,
  unions: () => '{"a":{"s":"aax","k":21}}',
  keys: (n) => {
    const properties = [];
    for (let i = 0; i < n; i++) properties.push(`"k${i}": ${i}`);
    return `{${properties.join(', ')}}`;
  },
};

const schemas = {
  newlines: () => ({ type: 'object', properties: { text: { type: 'string' } } }),
  keys: () => ({ type: 'object', properties: {} }),
  unions: (m) => {
    const strings = { oneOf: Array.from({ length: m }, (_, j) => ({ type: 'string', pattern: `^a{${j}}x$` })) };
    const branches = Array.from({ length: 64 }, (_, i) => ({
      type: 'object',
      properties: { k: { type: 'integer', minimum: i, maximum: i }, s: strings },
      required: ['k', 's'],
    }));
    return { type: 'object', properties: { a: { oneOf: branches } }, required: ['a'] };
  },
};

function feed(schema, text, size) {
  const stream = schema.stream();
  let last;
  for (let at = 0; at < text.length; at += size) {
    last = stream.feed(text.slice(at, at + size));
    if (!last.ok) return last;
  }
  return stream.finish();
}

/**
 * Each case: its text, what it calls, the text `validateText` reads beside
 * it, and how many calls one measurement times.
 */
const CASES = {
  repair: ['newlines', (schema, text) => schema.repair(text), (text) => text.replaceAll('\n', '\\n'), 1],
  'stream, 64-byte pieces': ['keys', (schema, text) => feed(schema, text, 64), (text) => text, 1],
  'stream, one piece': ['keys', (schema, text) => feed(schema, text, text.length), (text) => text, 1],
  'stream, nested unions': ['unions', (schema, text) => feed(schema, text, text.length), (text) => text, 200],
};

const SIZES = { newlines: [250_000, 1_000_000], keys: [200_000, 800_000], unions: [32, 128] };

/** One case in this process: the call's time and memory growth, then the baseline's time. */
async function one(pkg, name, n) {
  const api = await import(pathToFileURL(join(pkg, 'index.js')).href);
  const { initSync } = await import(pathToFileURL(join(pkg, 'pedelec_schema_js.js')).href);
  const [kind, call, asJson, calls] = CASES[name];
  const schema = api.ToolArgsSchema.parse(schemas[kind](n));
  const text = texts[kind](n);
  const json = asJson(text);
  const before = initSync().memory.buffer.byteLength;
  let start = process.hrtime.bigint();
  let result;
  for (let i = 0; i < calls; i++) result = call(schema, text);
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / calls;
  const grown = initSync().memory.buffer.byteLength - before;
  if (!result.ok) throw new Error(`${name} refused its text: ${JSON.stringify(result.error).slice(0, 200)}`);
  start = process.hrtime.bigint();
  let checked;
  let value;
  for (let i = 0; i < calls; i++) {
    checked = schema.validateText(json);
    value = JSON.parse(json);
  }
  const baseline = Number(process.hrtime.bigint() - start) / 1e6 / calls;
  if (!checked.ok || typeof value !== 'object') throw new Error('validateText refused the JSON text');
  return { ms, grown, baseline, bytes: Buffer.byteLength(text) };
}

const { values: options } = parseArgs({
  options: { pkg: { type: 'string', default: pkgDir }, one: { type: 'string' }, n: { type: 'string' } },
});
const pkg = resolve(options.pkg);

if (options.one !== undefined) {
  console.log(JSON.stringify(await one(pkg, options.one, Number(options.n))));
  process.exit(0);
}

const MB = 1e6;
const size = (bytes) => (bytes < 1000 ? `${bytes} bytes` : `${(bytes / MB).toFixed(1)} MB`);
const time = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
console.log(`package: ${pkg}`);
console.log('| case | n | text | time | validateText + JSON.parse | ratio | memory grown | time 4n / n |');
console.log('|---|---|---|---|---|---|---|---|');
for (const name of Object.keys(CASES)) {
  const [kind] = CASES[name];
  let first;
  for (const n of SIZES[kind]) {
    const args = [fileURLToPath(import.meta.url), '--pkg', pkg, '--one', name, '--n', String(n)];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) {
      console.log(`| ${name} | ${n} | failed: ${run.stderr.split('\n').find((line) => line.includes('Error')) ?? run.status} |`);
      continue;
    }
    const { ms, grown, baseline, bytes } = JSON.parse(run.stdout);
    const growth = first === undefined ? '' : `${(ms / first).toFixed(1)}x`;
    first ??= ms;
    console.log(
      `| ${name} | ${n.toLocaleString('en')} | ${size(bytes)} | ${time(ms)} | ${time(baseline)} | ${(ms / baseline).toFixed(1)}x | ${(grown / MB).toFixed(0)} MB | ${growth} |`,
    );
  }
}
