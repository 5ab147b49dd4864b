// Runs the npm package in Chromium under a Content-Security-Policy that
// forbids eval, and checks what the page (index.html, page.mjs) reports:
// eval and `new Function` are blocked, yet the package loads (WebAssembly
// compilation is allowed by 'wasm-unsafe-eval', which is not JS eval) and
// gives the same verdicts and error documents as in Node. A control page
// (control.html) under a CSP without 'wasm-unsafe-eval' must fail to load
// the package, which shows the policy is enforced at all.
//
// It also runs the hostile cases every runtime runs (../runtimes/cases.mjs)
// and requires Node's answers.
//
// Serves the package build (../../pkg, as /pkg/), the cases (as
// /runtimes/) and the pages from a
// static HTTP server on 127.0.0.1 at a random port, and drives Debian's
// /usr/bin/chromium (`apt-get install -y chromium`) with playwright-core.
// Without that binary it fails, unless PEDELEC_SKIP_BROWSER=1 is set.
//
// Usage: node browser/run.mjs   (from pedelec-schema-js/tests; exits 1 on
// any mismatch, printing every check)

import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const CHROMIUM = '/usr/bin/chromium';
const POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'";
const CONTROL_POLICY = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'";

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = fileURLToPath(new URL('../../pkg/', import.meta.url));
const runtimes = fileURLToPath(new URL('../runtimes/', import.meta.url));

if (!existsSync(CHROMIUM)) {
  if (process.env.PEDELEC_SKIP_BROWSER === '1') {
    console.log(`browser test skipped: ${CHROMIUM} is missing and PEDELEC_SKIP_BROWSER=1`);
    process.exit(0);
  }
  console.error(
    `browser test FAILED: ${CHROMIUM} is missing. Install Debian's package ` +
      '(apt-get install -y chromium), or set PEDELEC_SKIP_BROWSER=1 to skip this test.',
  );
  process.exit(1);
}
if (!existsSync(join(pkg, 'index.js'))) {
  console.error(`browser test FAILED: no package build at ${pkg} (run pedelec-schema-js/build.sh)`);
  process.exit(1);
}

const { chromium } = await import('playwright-core');
// The package in Node, for the answers the browser must match.
const api = await import('pedelec-schema');
const { ToolArgsSchema } = api;
const { runCases } = await import('../runtimes/cases.mjs');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

/** The file a request path names: /pkg/... in the build, /runtimes/... the cases, the rest here. */
function fileFor(urlPath) {
  const path = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  const [root, rest] = path.startsWith('/pkg/')
    ? [pkg, path.slice('/pkg/'.length)]
    : path.startsWith('/runtimes/')
      ? [runtimes, path.slice('/runtimes/'.length)]
      : [here, path.slice(1)];
  const file = normalize(join(root, rest));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

const requests = [];
const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  requests.push(url.pathname);
  const file = fileFor(url.pathname);
  let body;
  try {
    body = file === undefined ? undefined : await readFile(file);
  } catch {
    body = undefined;
  }
  if (body === undefined) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
  if (extname(file) === '.html') {
    headers['content-security-policy'] = url.pathname === '/control.html' ? CONTROL_POLICY : POLICY;
  }
  res.writeHead(200, headers).end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const checks = [];
function check(what, ok, detail = '') {
  checks.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail && !ok ? `\n     ${detail}` : ''}`);
}

let browser;
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    timeout: 60_000,
  });
  console.log(`${browser.browserType().name()} ${browser.version()} (${CHROMIUM}), pages from ${origin}`);

  /** Loads `path`, waits for its results, and gives them with the page's errors. */
  async function results(path) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    await page.goto(origin + path);
    await page.waitForSelector('body[data-done]', { state: 'attached', timeout: 30_000 }).catch(() => {});
    const text = await page.locator('#results').textContent();
    await page.close();
    return { found: text ? JSON.parse(text) : undefined, errors };
  }

  const main = await results('/');
  const found = main.found;
  check(
    'the page wrote its results (the package loaded under the CSP)',
    found !== undefined,
    main.errors.join('\n     '),
  );
  if (found !== undefined) {
    check("eval('1') throws EvalError in the page", found.eval === 'EvalError', `threw: ${found.eval}`);
    check(
      'new Function(...) throws EvalError in the page',
      found.newFunction === 'EvalError',
      `threw: ${found.newFunction}`,
    );
    const blocked = found.violations.map((v) => v.blocked);
    check(
      'the CSP reported blocking eval, and nothing else',
      blocked.length > 0 && blocked.every((b) => b === 'eval'),
      JSON.stringify(found.violations),
    );

    const counter = ToolArgsSchema.parse({
      type: 'object',
      properties: { delta: { type: 'integer', minimum: -100, maximum: 100 } },
      required: ['delta'],
    });
    check('a good call validates: {ok: true}', isDeepStrictEqual(found.good, { ok: true }), JSON.stringify(found.good));
    check(
      'a bad call is refused at /delta by maximum',
      found.bad?.ok === false &&
        found.bad.error?.errors?.[0]?.path === '/delta' &&
        found.bad.error.errors[0].keyword === 'maximum',
      JSON.stringify(found.bad),
    );
    const inNode = counter.validateText('{"delta": 500}');
    check(
      "the bad call's error document is Node's, byte for byte",
      JSON.stringify(found.bad) === JSON.stringify(inNode),
      `browser: ${JSON.stringify(found.bad)}\n     node:    ${JSON.stringify(inNode)}`,
    );
    check(
      'a call streamed in two pieces is read',
      isDeepStrictEqual(found.streamed, { ok: true, value: { delta: -7 } }),
      JSON.stringify(found.streamed),
    );
    const casesInNode = JSON.stringify(runCases(api));
    check(
      "the hostile cases (runtimes/cases.mjs) are answered as Node answers them",
      JSON.stringify(found.cases) === casesInNode,
      `browser: ${JSON.stringify(found.cases).slice(0, 2000)}\n     node:    ${casesInNode.slice(0, 2000)}`,
    );
    check(
      'a schema outside the subset throws SchemaError with its pointer',
      isDeepStrictEqual(found.schemaError, ['/$ref']),
      JSON.stringify(found.schemaError),
    );
  }
  check(
    'the .wasm was fetched from the package',
    requests.includes('/pkg/pedelec_schema_js_bg.wasm'),
    requests.join(' '),
  );

  const control = await results('/control.html');
  check(
    "the control page, without 'wasm-unsafe-eval', cannot load the package",
    control.found?.loaded === false,
    JSON.stringify(control.found),
  );
  if (control.found?.loaded === false) console.log(`     (its error: ${control.found.error})`);
} catch (err) {
  check('the browser ran', false, err.stack ?? String(err));
} finally {
  await browser?.close();
  server.close();
}

const failed = checks.filter((ok) => !ok).length;
console.log(`${checks.length} checks, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
