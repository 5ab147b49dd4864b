// A Worker that answers with the npm package `pedelec-schema`, bundled by
// wrangler from the package as installed (node_modules/pedelec-schema):
// the plain import below takes the package's `workerd` export condition
// (workerd.js, which imports the `.wasm` as a compiled module) with no
// rule or alias in wrangler.toml. run.mjs serves the bundle with workerd
// and checks every answer against Node's.
//
//   POST /validate  the body's text through ToolArgsSchema#validateText
//   POST /repair    through ToolArgsSchema#repair
//   POST /stream    fed to a stream in pieces of 7 code units, then finished
//   GET  /cases     the hostile cases (../../runtimes/cases.mjs) over the package
//   GET  /mcp       pedelec-schema/mcp's validator on a few schemas and values,
//                   with the SDK's CfWorkerJsonSchemaValidator as its fallback
//
// Every answer is the API's result as JSON, status 200; a route that
// threw answers 500 with the error's name and message.

import * as api from 'pedelec-schema';
import { ToolArgsSchema } from 'pedelec-schema';
import { PedelecJsonSchemaValidator } from 'pedelec-schema/mcp';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { runCases } from '../../runtimes/cases.mjs';
import { routes, mcpAnswers } from './answers.mjs';

// Made once, at the Worker's start (the package's module is instantiated
// then too, by workerd.js): a schema parsed is reused by every request.
const byPath = routes({ ToolArgsSchema });

function json(value, status = 200) {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    try {
      if (request.method === 'POST' && Object.hasOwn(byPath, pathname)) {
        return json(byPath[pathname](await request.text()));
      }
      if (request.method === 'GET' && pathname === '/cases') return json(runCases(api));
      if (request.method === 'GET' && pathname === '/mcp') return json(mcpAnswers(PedelecJsonSchemaValidator, CfWorkerJsonSchemaValidator));
      return json({ error: `no route ${request.method} ${pathname}` }, 404);
    } catch (error) {
      return json({ threw: error?.name, message: String(error?.message ?? error) }, 500);
    }
  },
};
