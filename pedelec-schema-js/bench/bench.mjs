// The npm package's benchmark: pedelec-schema in Node against ajv and
// @cfworker/json-schema configured as the MCP TypeScript SDK configures
// them, on the workloads of the repository's benches/validation.rs; the
// package's size; and how long a fresh process takes to load it.
//
//   node pedelec-schema-js/bench/bench.mjs            # everything, about a minute
//   node pedelec-schema-js/bench/bench.mjs --quick    # fewer, shorter rounds: under 20 s
//   node pedelec-schema-js/bench/bench.mjs --only speed,size,load --out FILE
//   node pedelec-schema-js/bench/bench.mjs --clock cpu   # tables by CPU time, for a busy machine
//
// It runs against the built package (pkg/, linked into
// pedelec-schema-js/tests/node_modules, where the peers are installed: run
// `npm ci` there first). Prints tables; writes every number as JSON to
// bench/results.json (or --out FILE; --out - writes none). README.md
// says what each row measures and holds the latest results.

import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { sinkValue } from './harness.mjs';
import { load } from './load.mjs';
import { benchDir, versions } from './peers.mjs';
import { size } from './size.mjs';
import { speed } from './speed.mjs';

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', default: 'speed,size,load' },
    out: { type: 'string', default: join(benchDir, 'results.json') },
    clock: { type: 'string', default: 'wall' },
  },
});
const parts = new Set(options.only.split(','));
for (const part of parts) {
  if (!['speed', 'size', 'load'].includes(part)) {
    throw new Error(`--only takes speed, size and load, not ${part}`);
  }
}

if (!['wall', 'cpu'].includes(options.clock)) {
  throw new Error(`--clock takes wall or cpu, not ${options.clock}`);
}

const settings = {
  ...(options.quick
    ? { rounds: 5, batchMs: 2, warmupMs: 25, loadRounds: 5 }
    : { rounds: 25, batchMs: 10, warmupMs: 200, loadRounds: 25 }),
  clock: options.clock,
};

const log = (line = '') => console.log(line);
const started = process.hrtime.bigint();
const results = {
  date: new Date().toISOString(),
  mode: options.quick ? 'quick' : 'full',
  settings,
  machine: { cpu: cpus()[0]?.model, cores: cpus().length, loadAverageAtStart: loadavg() },
  versions,
};
log(`node ${versions.node}, ajv ${versions.ajv}, ajv-formats ${versions['ajv-formats']}, @cfworker/json-schema ${versions['@cfworker/json-schema']}`);
log(`${results.machine.cores} x ${results.machine.cpu}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${results.mode} mode, tables by ${settings.clock === 'wall' ? 'wall-clock' : 'CPU'} time`);

if (parts.has('speed')) {
  log('\n== speed');
  results.speed = await speed(settings, log);
}
if (parts.has('size')) {
  log('\n== size');
  results.size = size(log);
}
if (parts.has('load')) {
  log('\n== cold load');
  results.load = load({ rounds: settings.loadRounds }, join(benchDir, 'data', 'spawn_closed_polygons.schema.json'), log);
}

results.machine.loadAverageAtEnd = loadavg();
results.seconds = Number(process.hrtime.bigint() - started) / 1e9;
log(`\ndone in ${results.seconds.toFixed(1)} s (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; checksum ${sinkValue()})`);
if (options.out !== '-') {
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  log(`results written to ${options.out}`);
}
