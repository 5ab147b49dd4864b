// The packages bench.mjs measures, resolved from pedelec-schema-js/tests
// (whose node_modules holds them: `pedelec-schema` linked to ../pkg, ajv,
// ajv-formats, @cfworker/json-schema), and the two peers configured as the
// MCP TypeScript SDK configures them (@modelcontextprotocol/sdk
// dist/esm/validation/ajv-provider.js and cfworker-provider.js).

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const benchDir = dirname(fileURLToPath(import.meta.url));
export const testsDir = join(benchDir, '..', 'tests');
export const require = createRequire(join(testsDir, 'package.json'));

function version(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

/** The package's entry (pkg/index.js, through the tests' link) and the folder it is in. */
export const pedelecEntry = require.resolve('pedelec-schema');
export const pkgDir = dirname(pedelecEntry);

export async function loadPedelec() {
  return import(pathToFileURL(pedelecEntry).href);
}

const Ajv = require('ajv');
const addFormats = require('ajv-formats');
const { Validator } = require('@cfworker/json-schema');

export const versions = {
  node: process.version,
  ajv: version('ajv'),
  'ajv-formats': version('ajv-formats'),
  '@cfworker/json-schema': version('@cfworker/json-schema'),
  '@modelcontextprotocol/sdk': version('@modelcontextprotocol/sdk'),
};

/** The options of the SDK's `createDefaultAjvInstance`. */
export const MCP_AJV_OPTIONS = { strict: false, validateFormats: true, validateSchema: false, allErrors: true };

/** An Ajv as the MCP SDK makes it, or with `overrides` (for the fail-fast row). */
export function mcpAjv(overrides = {}) {
  const ajv = new Ajv({ ...MCP_AJV_OPTIONS, ...overrides });
  addFormats(ajv);
  return ajv;
}

/** A cfworker validator as the SDK makes it: draft 2020-12, short-circuit as given (the SDK's default is true). */
export function cfworker(schema, shortCircuit) {
  return new Validator(schema, '2020-12', shortCircuit);
}
