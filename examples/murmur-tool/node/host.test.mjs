// The notes tool component run in Node: `jco transpile` makes
// target/murmur/notes.wasm (from ../build.sh) an ES module, and every call
// of ../tests/calls.json runs on one instance, each record deep-equal to
// the result the file holds - the results the wasmtime host
// (tests/murmur-host/) gives too. Records are compared in the WIT's field
// names, `none` as null, as that host writes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../../..');
const component = join(root, 'target/murmur/notes.wasm');
const calls = JSON.parse(readFileSync(join(here, '../tests/calls.json'), 'utf8'));

/** The component transpiled into a fresh folder, imported. */
async function instance() {
  assert.ok(existsSync(component), `no ${component}: run bash examples/murmur-tool/build.sh`);
  const out = mkdtempSync(join(tmpdir(), 'murmur-notes-'));
  execFileSync(join(here, 'node_modules/.bin/jco'), ['transpile', component, '-o', out, '--name', 'notes', '--quiet']);
  return import(pathToFileURL(join(out, 'notes.js')).href);
}

/** A call's `data`, as the file gives it. */
function dataOf(call) {
  if (call.data === null) return undefined;
  if (typeof call.data === 'string') return call.data;
  return call.data.repeat.repeat(call.data.times);
}

/** A `tool-result` record as jco gives it, in the WIT's field names. */
function record(result) {
  return {
    status: result.status,
    summary: result.summary ?? null,
    data: result.data ?? null,
    'data-path': result.dataPath ?? null,
    truncated: result.truncated,
    metadata: result.metadata,
    attachments: result.attachments.map((a) => ({ 'media-type': a.mediaType, path: a.path })),
  };
}

test('every call gives the result the wasmtime host gives, on one instance', async () => {
  const { run } = await instance();
  for (const call of calls) {
    const result = run.run({ data: dataOf(call), logPath: undefined });
    assert.deepEqual(record(result), call.result, call.name);
  }
});
