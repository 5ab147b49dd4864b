// The npm package in Cloudflare's Worker runtime, as a user's Worker gets
// it: wrangler bundles src/worker.mjs (which imports `pedelec-schema` and
// `pedelec-schema/mcp` plainly) with `deploy --dry-run --outdir`, which
// uploads nothing; workerd, the runtime Cloudflare runs Workers on, serves
// that bundle on 127.0.0.1; real HTTP requests go to it; and every answer
// must be, byte for byte, the JSON that the package gives in Node for the
// same text (src/answers.mjs is the routes' code for both, and
// ../runtimes/cases.mjs the hostile cases).
//
// Also checked: the bundle took the package's `workerd` export condition
// (workerd.js, never index.js, which fetches its `.wasm` by URL) for both
// `pedelec-schema` and `pedelec-schema/mcp` (the latter's `#entry`), and
// it ships the package's own `.wasm`, unchanged, as a module of its own.
//
// wrangler's cli.js is run directly (its bin/wrangler.js refuses Node
// before 22.12; the bundling works on Node 20), with its metrics, banner
// (and so its npm update check), config and logs kept off this machine's
// home and the network; with no credentials it could not upload anyway.
// workerd is the binary the `workerd` package ships for this platform.
//
// Usage: node run.mjs   (after `npm ci` here, which installs ../../pkg,
// the package build.sh writes; exits 1 on any difference, and always
// stops workerd)

import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const started = performance.now();
const here = fileURLToPath(new URL('.', import.meta.url));
const installed = join(here, 'node_modules', 'pedelec-schema');
if (!existsSync(join(installed, 'workerd.js'))) {
  console.error(`workerd test FAILED: no package at ${installed} (build it with pedelec-schema-js/build.sh, then npm ci here)`);
  process.exit(1);
}

// The package in Node, for the answers the Worker must match.
const api = await import('pedelec-schema');
const { PedelecJsonSchemaValidator } = await import('pedelec-schema/mcp');
const { CfWorkerJsonSchemaValidator } = await import('@modelcontextprotocol/sdk/validation/cfworker');
const { runCases } = await import('../runtimes/cases.mjs');
const { routes, mcpAnswers } = await import('./src/answers.mjs');
// The `workerd` package is CommonJS: its binary's path is its exports' `default`.
const { default: workerdPackage } = await import('workerd');
const { default: workerdBinary, version: workerdVersion } = workerdPackage;

const results = [];
function check(what, ok, detail = '') {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail && !ok ? `\n     ${detail}` : ''}`);
}
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(2);

/** Runs a command to its end; gives its exit code and output. */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? signal, output }));
  });
}

const work = await mkdtemp(join(tmpdir(), 'pedelec-workerd-'));
let workerd;
let workerdLog = '';
// Stopped from outside (Ctrl-C, a CI timeout): workerd goes too.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    workerd?.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  });
}
try {
  // 1. wrangler's bundle.
  const outdir = join(work, 'bundle');
  const metafile = join(work, 'meta.json');
  // Only this run's settings for wrangler: none inherited (an account,
  // WRANGLER_BUILD_CONDITIONS, which would change what is tested).
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(WRANGLER|CLOUDFLARE|CF)_/.test(name)),
  );
  const env = {
    ...inherited,
    CI: '1',
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    WRANGLER_LOG_PATH: join(work, 'wrangler-logs'),
    XDG_CONFIG_HOME: join(work, 'config'),
    TMPDIR: work,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  let since = performance.now();
  const wrangler = join(here, 'node_modules', 'wrangler', 'wrangler-dist', 'cli.js');
  const { version: wranglerVersion } = JSON.parse(await readFile(join(here, 'node_modules', 'wrangler', 'package.json'), 'utf8'));
  const bundled = await run(
    process.execPath,
    [wrangler, 'deploy', '--dry-run', '--no-autoconfig', '--outdir', outdir, '--metafile', metafile],
    { cwd: here, env },
  );
  check(
    `wrangler ${wranglerVersion} bundled the Worker (deploy --dry-run, ${seconds(since)} s)`,
    bundled.code === 0,
    bundled.output.trim().replaceAll('\n', '\n     '),
  );
  if (bundled.code !== 0) throw new Error('no bundle');

  const files = (await readdir(outdir)).sort();
  const wasmFiles = files.filter((file) => file.endsWith('.wasm'));
  const scripts = files.filter((file) => file.endsWith('.js'));
  const others = files.filter((file) => !/\.(wasm|js|map)$/.test(file) && file !== 'README.md');
  check(
    `the bundle is one script and one .wasm (${files.join(', ')})`,
    scripts.length === 1 && wasmFiles.length === 1 && others.length === 0,
  );
  const packageWasm = await readFile(join(installed, 'pedelec_schema_js_bg.wasm'));
  const shipped = wasmFiles.length === 1 ? await readFile(join(outdir, wasmFiles[0])) : Buffer.alloc(0);
  check(`the bundle ships the package's .wasm unchanged (${packageWasm.length} bytes)`, shipped.equals(packageWasm));
  const script = scripts.length === 1 ? await readFile(join(outdir, scripts[0]), 'utf8') : '';
  check(
    'the script imports the .wasm as a module (no bytes inlined, no fetch)',
    wasmFiles.length === 1 && script.includes(`from "./${wasmFiles[0]}"`),
  );
  const inputs = Object.keys(JSON.parse(await readFile(metafile, 'utf8')).inputs);
  const fromPackage = inputs.filter((input) => input.startsWith('node_modules/pedelec-schema/')).sort();
  check(
    `the package's workerd condition was taken, from inside node_modules (${fromPackage.map((i) => i.slice('node_modules/pedelec-schema/'.length)).join(', ')})`,
    fromPackage.includes('node_modules/pedelec-schema/workerd.js') &&
      fromPackage.includes('node_modules/pedelec-schema/mcp.js') &&
      !fromPackage.includes('node_modules/pedelec-schema/index.js') &&
      !fromPackage.includes('node_modules/pedelec-schema/init.js'),
    `inputs: ${inputs.join(', ')}`,
  );

  // 2. workerd, on a port it picks and reports on its control descriptor.
  const toml = await readFile(join(here, 'wrangler.toml'), 'utf8');
  const compatibilityDate = toml.match(/^compatibility_date\s*=\s*"([^"]+)"/m)?.[1];
  if (compatibilityDate === undefined) throw new Error('wrangler.toml names no compatibility_date');
  const modules = [
    `(name = ${JSON.stringify(scripts[0])}, esModule = embed ${JSON.stringify(scripts[0])})`,
    ...wasmFiles.map((file) => `(name = ${JSON.stringify(file)}, wasm = embed ${JSON.stringify(file)})`),
  ];
  const config = join(outdir, 'config.capnp');
  await writeFile(
    config,
    `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [
    ${modules.join(',\n    ')},
  ],
  compatibilityDate = ${JSON.stringify(compatibilityDate)},
);
`,
  );
  since = performance.now();
  workerd = spawn(workerdBinary, ['serve', config, '--control-fd=3'], {
    cwd: outdir,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  workerd.stdout.on('data', (data) => (workerdLog += data));
  workerd.stderr.on('data', (data) => (workerdLog += data));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('workerd did not listen within 30 s')), 30_000);
    workerd.on('error', reject);
    workerd.on('exit', (code, signal) => reject(new Error(`workerd exited (${code ?? signal}) before listening`)));
    createInterface({ input: workerd.stdio[3] }).on('line', (line) => {
      const message = JSON.parse(line);
      if (message.event === 'listen' && message.socket === 'http') {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
  }).catch((error) => {
    check('workerd started', false, `${error.message}\n     ${workerdLog.trim().replaceAll('\n', '\n     ')}`);
    throw error;
  });
  const origin = `http://127.0.0.1:${port}`;
  check(`workerd ${workerdVersion} serves the bundle on ${origin} (compatibility date ${compatibilityDate}, ${seconds(since)} s)`, true);

  // 3. The requests, and Node's answers for the same text.
  async function request(method, path, body) {
    const response = await fetch(origin + path, {
      method,
      body,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      // No answer is slow: /cases, the slowest, takes a few seconds.
      signal: AbortSignal.timeout(120_000),
    });
    return { status: response.status, text: await response.text() };
  }
  /** A Worker's answer against Node's: byte-equal JSON, status 200. */
  function compare(what, got, expected, ms) {
    const equal = got.status === 200 && got.text === expected;
    let detail = '';
    if (!equal) {
      let at = 0;
      while (at < got.text.length && got.text[at] === expected[at]) at += 1;
      detail = `status ${got.status}; first difference at ${at}:\n     workerd: ${got.text.slice(Math.max(0, at - 80), at + 160)}\n     node:    ${expected.slice(Math.max(0, at - 80), at + 160)}`;
    }
    check(`${what}: ${equal ? 'equal to Node' : 'DIFFERS from Node'} (${got.text.length} bytes, ${ms} ms)`, equal, detail);
    return equal;
  }

  const valid = '{"city": "Zürich", "days": 3, "units": "metric", "tags": ["rain", "wind"]}';
  const bodies = [
    ['a valid body', valid],
    ['a missing property', '{"city": "Oslo", "units": "metric"}'],
    ['a wrong type', '{"city": "Oslo", "days": "3", "tags": ["a", "a"]}'],
    ['a cut-short body', valid.slice(0, 45)],
    ['a non-JSON body', 'city=Oslo&days=3'],
    ['prose around a call', 'Sure! Here are the arguments: {"city": "Oslo", "days": 2} Hope that helps.'],
    ['an empty body', ''],
  ];
  const encoder = new TextEncoder();
  // The same body cut inside the two bytes of "ü": both runtimes decode
  // the request as UTF-8 with replacement, so the text is the same.
  const cutInCharacter = encoder.encode(valid).slice(0, 13);
  const nodeRoutes = routes(api);
  const decoder = new TextDecoder();
  for (const route of ['/validate', '/repair', '/stream']) {
    for (const [what, body] of [...bodies, ['a body cut inside a UTF-8 character', cutInCharacter]]) {
      const bytes = typeof body === 'string' ? encoder.encode(body) : body;
      since = performance.now();
      const got = await request('POST', route, bytes);
      const expected = JSON.stringify(nodeRoutes[route](decoder.decode(bytes)));
      const ok = compare(`POST ${route}, ${what}`, got, expected, Math.round(performance.now() - since));
      if (ok && route === '/validate') console.log(`       ${expected.length > 150 ? `${expected.slice(0, 150)}...` : expected}`);
    }
  }

  since = performance.now();
  const mcp = await request('GET', '/mcp');
  compare('GET /mcp, pedelec-schema/mcp\'s validator', mcp, JSON.stringify(mcpAnswers(PedelecJsonSchemaValidator, CfWorkerJsonSchemaValidator)), Math.round(performance.now() - since));

  since = performance.now();
  const cases = await request('GET', '/cases');
  const casesMs = Math.round(performance.now() - since);
  const nodeCases = runCases(api);
  if (!compare(`GET /cases, the ${Object.keys(nodeCases).length} hostile cases`, cases, JSON.stringify(nodeCases), casesMs)) {
    try {
      const workerCases = JSON.parse(cases.text);
      for (const name of Object.keys(workerCases).filter((name) => !Object.hasOwn(nodeCases, name))) {
        console.log(`     case "${name}": only in workerd's answer`);
      }
      for (const [name, answer] of Object.entries(nodeCases)) {
        const theirs = JSON.stringify(workerCases[name]);
        if (theirs !== JSON.stringify(answer)) {
          console.log(`     case "${name}":\n       workerd: ${String(theirs).slice(0, 300)}\n       node:    ${JSON.stringify(answer).slice(0, 300)}`);
        }
      }
    } catch {
      // The whole answer was shown above.
    }
  }

  const notFound = await request('GET', '/nowhere');
  check('an unknown route answers 404', notFound.status === 404);
} catch (error) {
  if (results.every(Boolean)) check('the run', false, error.stack);
} finally {
  if (workerd !== undefined && workerd.exitCode === null && workerd.signalCode === null) {
    const exited = new Promise((resolve) => workerd.once('exit', resolve));
    workerd.kill('SIGTERM');
    const timer = setTimeout(() => workerd.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(work, { recursive: true, force: true });
}

const failed = results.filter((ok) => !ok).length;
console.log(`(${seconds(started)} s in all)`);
console.log(`workerd: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
