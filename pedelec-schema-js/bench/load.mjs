// The cold-load measurements of bench.mjs: fresh Node processes, each
// started many times in alternating rounds, timed from spawn to exit, and
// each reporting how long its own work took (performance.now() around the
// import and compile). The processes run in pedelec-schema-js/tests, so
// that their bare specifiers resolve to the packages installed there.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { median, table } from './harness.mjs';
import { MCP_AJV_OPTIONS, pkgDir, testsDir } from './peers.mjs';

const report = 'console.log(JSON.stringify({ work: performance.now() - t0 }));';
const readSchema = "const schema = require('node:fs').readFileSync(process.env.BENCH_SCHEMA, 'utf8');";
const readSchemaEsm = "const schema = (await import('node:fs')).readFileSync(process.env.BENCH_SCHEMA, 'utf8');";

/** Each case: its label, node's arguments, and whether it prints its work time. */
const CASES = [
  ['bare node (node -e 0)', ['-e', '0']],
  [
    "import 'pedelec-schema'",
    ['--input-type=module', '-e', `const t0 = performance.now(); await import('pedelec-schema'); ${report}`],
  ],
  [
    "import 'pedelec-schema' + parse one schema",
    [
      '--input-type=module',
      '-e',
      `${readSchemaEsm} const t0 = performance.now(); const { ToolArgsSchema } = await import('pedelec-schema'); ToolArgsSchema.parse(schema); ${report}`,
    ],
  ],
  [
    'require ajv + ajv-formats (MCP options) + compile one schema',
    [
      '-e',
      `${readSchema} const t0 = performance.now(); const Ajv = require('ajv'); const ajv = new Ajv(${JSON.stringify(MCP_AJV_OPTIONS)}); require('ajv-formats')(ajv); ajv.compile(JSON.parse(schema)); ${report}`,
    ],
  ],
  [
    "import '@cfworker/json-schema' + one Validator",
    [
      '--input-type=module',
      '-e',
      `${readSchemaEsm} const t0 = performance.now(); const { Validator } = await import('@cfworker/json-schema'); new Validator(JSON.parse(schema), '2020-12', true); ${report}`,
    ],
  ],
  [
    'compile the .wasm alone (new WebAssembly.Module)',
    [
      '-e',
      `const bytes = require('node:fs').readFileSync(process.env.BENCH_WASM); const t0 = performance.now(); new WebAssembly.Module(bytes); ${report}`,
    ],
  ],
];

function once(args, env) {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { cwd: testsDir, env, encoding: 'utf8' });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) {
    throw new Error(`node ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  }
  const line = run.stdout.trim();
  return { wallMs, workMs: line ? JSON.parse(line).work : undefined };
}

export function load({ rounds }, schemaFile, log) {
  const env = {
    ...process.env,
    BENCH_SCHEMA: schemaFile,
    BENCH_WASM: join(pkgDir, 'pedelec_schema_js_bg.wasm'),
  };
  const samples = CASES.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < CASES.length; k++) {
      const i = (round + k) % CASES.length;
      samples[i].push(once(CASES[i][1], env));
    }
  }
  const results = CASES.map(([label], i) => {
    const work = samples[i].map((s) => s.workMs).filter((ms) => ms !== undefined);
    return {
      label,
      wallMedianMs: median(samples[i].map((s) => s.wallMs)),
      workMedianMs: work.length ? median(work) : undefined,
      wallMs: samples[i].map((s) => Math.round(s.wallMs * 10) / 10),
    };
  });
  const bare = results[0].wallMedianMs;
  log(`${rounds} fresh processes per case, alternating; wall = spawn to exit; work = measured inside, import/compile only`);
  log(
    table(
      ['case', 'wall (median)', 'wall - bare', 'work (median)'],
      results.map((r) => [
        r.label,
        `${r.wallMedianMs.toFixed(1)} ms`,
        r === results[0] ? '' : `${(r.wallMedianMs - bare).toFixed(1)} ms`,
        r.workMedianMs === undefined ? '' : `${r.workMedianMs.toFixed(1)} ms`,
      ]),
    ),
  );
  return results;
}
