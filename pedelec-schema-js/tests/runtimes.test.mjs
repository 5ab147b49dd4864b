// The README's hostile cases (runtimes/cases.mjs) on every runtime this
// machine has: here, with code generation from strings forbidden (`npm
// test`'s flag), where the answers are held to what the README promises;
// then Node without the flag and Deno (`deno run --allow-read=<the
// package>`, the one permission the package needs there), which must
// answer byte for byte the same. workerd (tests/workerd/) and Chromium
// (tests/browser/) run the same cases in their own runners.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as api from 'pedelec-schema';
import { runCases } from './runtimes/cases.mjs';

const answers = runCases(api);
const print = fileURLToPath(new URL('./runtimes/print.mjs', import.meta.url));
const here = dirname(print);
const MAX_TEXT_LEN = 16 * 1024 * 1024;

test('no case throws past the API', () => {
  for (const [name, answer] of Object.entries(answers)) {
    assert.ok(!(answer && typeof answer === 'object' && 'threw' in answer), `${name}: ${JSON.stringify(answer)}`);
  }
});

test('a deep value gets the refusal its JSON text gets, at 10^3, 10^5 and 10^6 levels', () => {
  // The cases' schema, as far as these values reach.
  const schema = api.ToolArgsSchema.parse({
    type: 'object',
    properties: {
      q: { type: 'string', maxLength: 64 },
      any: { type: 'array', items: { type: 'integer' } },
    },
    required: ['q'],
  });
  for (const depth of [1_000, 100_000, 1_000_000]) {
    const texts = {
      arrays: `{"q":"a","any":[${'['.repeat(depth)}1${']'.repeat(depth)}]}`,
      objects: `{"q":"a","any":[${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}]}`,
    };
    for (const [kind, text] of Object.entries(texts)) {
      const { validate, isValid } = answers[`a value ${kind} ${depth} deep: validate, isValid`];
      assert.deepEqual(validate, schema.validateText(text), `${kind} ${depth}`);
      assert.equal(validate.error.errors[0].keyword, 'syntax');
      assert.match(validate.error.errors[0].message, /nested more than 127 deep/);
      assert.equal(isValid, false);
    }
  }
});

test('deep text is refused by every reader: validateText, isValidText, repair, fromProviderText, a stream', () => {
  for (const depth of [100_000, 1_000_000]) {
    for (const shape of ['closed', 'open']) {
      const every = answers[`text nested ${depth} deep, ${shape}`];
      assert.equal(every.isValidText, false);
      for (const reader of ['validateText', 'repair', 'fromProviderText', 'stream']) {
        assert.equal(every[reader].ok, false, `${reader}, ${depth}, ${shape}`);
        assert.match(every[reader].error.errors[0].message, /nested more than 127 deep/, `${reader}, ${depth}, ${shape}`);
      }
    }
  }
});

test('past the 16 MiB bound, text and values are refused for their length, by every reader', () => {
  const tooLong = (verdict) => {
    assert.equal(verdict.ok, false);
    assert.equal(verdict.error.errors.length, 1);
    assert.deepEqual(
      [verdict.error.errors[0].offset, verdict.error.errors[0].path],
      [MAX_TEXT_LEN, ''],
    );
    assert.match(verdict.error.errors[0].message, /longer than 16777216 bytes/);
  };
  const text = answers['a text of 17 MiB'];
  for (const reader of ['validateText', 'repair', 'fromProviderText', 'stream']) tooLong(text[reader]);
  assert.equal(text.isValidText, false);
  tooLong(answers['a value whose text is 17 MiB'].validate);
  const [firstTaken, second, finished] = answers['a stream fed 17 MiB in two pieces'];
  assert.equal(firstTaken, true);
  tooLong(second);
  tooLong(finished);
});

test('a trap throws one WasmTrap; the next calls are answered by a fresh instance', () => {
  const after = answers['after a trap'];
  assert.equal(after.trapped, true, 'the trapping call threw a WasmTrap');
  assert.equal(after.lost, true, 'a stream made before the trap says it is lost');
  assert.deepEqual(after.validate[0], { ok: true });
  assert.equal(after.validate[1].error.errors[0].path, '/q');
  assert.deepEqual(after.fresh, [true, { ok: true, value: { q: 'a' } }]);
  assert.equal(after.parse.error.errors[0].keyword, 'required');
});

test('misuse throws a TypeError, each', () => {
  assert.deepEqual(new Set(answers.misuse), new Set(['TypeError']));
});

test('a call cut at any character is refused by validateText, repair and a stream', () => {
  const verdicts = answers['a call cut at every character'];
  for (const [i, verdict] of verdicts.slice(0, -1).entries()) {
    assert.deepEqual(verdict, [false, false, false], `cut at ${i}`);
  }
});

function answersFrom(command, args) {
  const run = spawnSync(command, args, { cwd: here, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.error) return { missing: run.error };
  assert.equal(run.status, 0, `${command} ${args.join(' ')}:\n${run.stderr}`);
  return { answers: JSON.parse(run.stdout) };
}

test('Node without the flag answers the same', () => {
  const { answers: unflagged } = answersFrom(process.execPath, [print]);
  assert.deepEqual(unflagged, answers);
});

test('Deno answers the same, with read access to the package alone', (t) => {
  const pkg = realpathSync(dirname(createRequire(import.meta.url).resolve('pedelec-schema/package.json')));
  const deno = answersFrom('deno', ['run', `--allow-read=${pkg}`, print]);
  if (deno.missing) {
    if (process.env.PEDELEC_REQUIRE_DENO === '1') assert.fail(`deno is required here: ${deno.missing.message}`);
    t.skip('deno is not installed (CI installs it: pip install deno==2.9.8)');
    return;
  }
  assert.deepEqual(deno.answers, answers);
});
