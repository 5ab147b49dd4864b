// The update_counter example (examples/update_counter.mjs): its handler,
// registered on the example's stand-in session, answers a valid call with
// the new counter and an invalid one with the package's error document,
// leaving the counter alone; it accepts exactly the calls the Pedelec
// page's hand-written check accepted; and the script runs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createSession,
  registerUpdateCounter,
  updateCounterArgs,
} from '../examples/update_counter.mjs';

const example = fileURLToPath(new URL('../examples/update_counter.mjs', import.meta.url));

function counterTool() {
  const session = createSession();
  const counter = { value: 10 };
  registerUpdateCounter(session, counter);
  return { session, counter };
}

test('a valid call updates the counter and returns it', async () => {
  const { session, counter } = counterTool();
  assert.deepEqual(await session.call('update_counter', { delta: -3 }), { value: 7 });
  assert.deepEqual(await session.call('update_counter', { delta: 100 }), { value: 107 });
  assert.equal(counter.value, 107);
});

test('an invalid call returns the error document, naming the value and the rule, and changes nothing', async () => {
  const { session, counter } = counterTool();
  const result = await session.call('update_counter', { delta: 500 });
  assert.deepEqual(result, {
    error: {
      code: 'INVALID_ARGS',
      message: "The arguments do not match the tool's argsSchema: /delta: 500 is greater than the maximum 100",
      errors: [
        {
          path: '/delta',
          schema_path: '/properties/delta/maximum',
          keyword: 'maximum',
          message: '500 is greater than the maximum 100',
        },
      ],
    },
  });
  for (const args of [{}, { delta: 1.5 }, { delta: '5' }, { delta: null }, []]) {
    const refused = await session.call('update_counter', args);
    assert.equal(refused.error?.code, 'INVALID_ARGS', JSON.stringify(args));
  }
  assert.equal(counter.value, 10, 'no refused call reached updateCounter');
});

test("the schema accepts exactly the deltas the page's hand-written check accepted", () => {
  const handWritten = (delta) => Number.isInteger(delta) && Math.abs(delta) <= 100;
  const deltas = [
    ...[-101, -100, -1, -0, 0, 1, 99, 100, 101, 1.5, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER],
    ...['5', null, true, [], {}, undefined],
  ];
  for (const delta of deltas) {
    const args = delta === undefined ? {} : { delta };
    assert.equal(updateCounterArgs.isValid(args), handWritten(delta), `delta ${String(delta)}`);
  }
});

test('the example runs as a script and prints one accepted and one refused call', () => {
  const run = spawnSync(process.execPath, [...process.execArgv, example], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, 2);
  assert.equal(lines[0], 'update_counter {"delta":5} -> {"value":5}');
  assert.match(lines[1], /^update_counter \{"delta":500\} -> \{"error":\{"code":"INVALID_ARGS"/);
});
