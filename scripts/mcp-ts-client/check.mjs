// Drives the example MCP server (examples/interop/rmcp_server.rs) with the
// official TypeScript SDK's client, to check that what the server publishes
// and returns is what a real client accepts:
//
// 1. `tools/list` has both tools, each with an input and an output schema;
// 2. every successful call's result is accepted by the client, and its
//    `structuredContent` is the JSON of its first text block;
// 3. a call with bad arguments is a result with `isError: true`, which the
//    client does not refuse;
// 4. when the counter would leave its schema's range, the server refuses its
//    own result (JSON-RPC error -32603 naming `/counter`) rather than sending
//    a result that breaks its output schema.
//
// The client checks results itself: `Client.callTool` (node_modules/
// @modelcontextprotocol/sdk/dist/esm/client/index.js) validates
// `structuredContent` against the tool's `outputSchema` with its
// `jsonSchemaValidator`, and throws an McpError -32602 "Structured content
// does not match the tool's output schema" when it does not match. It knows
// the schemas only from a previous `listTools` (`cacheToolMetadata`), so
// that call comes first.
//
// The checks run twice, each time against a server of its own (the counter
// keeps its value for the life of the server): with the SDK's default
// validator (Ajv), and with `pedelec-schema/mcp`'s PedelecJsonSchemaValidator
// (the npm package, pedelec-schema-js/pkg). The second run also checks that
// the latter took both output schemas inside the subset, so checked them
// itself, and that it checked every successful result.
//
// Usage: node check.mjs SERVER_COMMAND [ARGS...]
// Prints one line per check; exits 1 if any fails, 2 if the server cannot
// be started or does not answer initialize and tools/list, or if the npm
// package is not built.

import { isDeepStrictEqual } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION, McpError } from '@modelcontextprotocol/sdk/types.js';

// npm links the package from pedelec-schema-js/pkg even when nothing is
// there yet; say what to build rather than where Node did not find it.
let PedelecJsonSchemaValidator;
try {
  ({ PedelecJsonSchemaValidator } = await import('pedelec-schema/mcp'));
} catch (error) {
  console.error(`cannot load pedelec-schema/mcp (run pedelec-schema-js/build.sh first): ${error.message}`);
  process.exit(2);
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node check.mjs SERVER_COMMAND [ARGS...]');
  process.exit(2);
}

// The counter's range in the output schema of add_to_counter.
const COUNTER_MAX = 1000;

let failures = 0;
async function check(name, body) {
  try {
    const detail = await body();
    console.log(`ok   ${name}${detail ? ` (${detail})` : ''}`);
  } catch (error) {
    failures += 1;
    console.log(`FAIL ${name}: ${error.message}`);
  }
}

function fail(message, cause) {
  throw new Error(message, { cause });
}

// PedelecJsonSchemaValidator, counting what it is asked: without a count, a
// client that never used it would pass the second run as well as the first.
class CountingValidator extends PedelecJsonSchemaValidator {
  schemas = 0;
  values = 0;
  outside = [];

  constructor() {
    super({ onOutsideSubset: (report) => this.outside.push(report) });
  }

  getValidator(schema) {
    this.schemas += 1;
    const validate = super.getValidator(schema);
    return (input) => {
      this.values += 1;
      return validate(input);
    };
  }
}

// The checks against a new server, with a client built with `options`;
// returns how many results the client accepted.
async function run(title, options) {
  console.log(`== ${title}`);
  // The SDK passes the server only a few variables (PATH, HOME, ...) unless
  // told otherwise; all of them, so that RUST_LOG and the like reach it.
  const transport = new StdioClientTransport({ command, args, env: process.env, stderr: 'inherit' });
  // The client hands the negotiated version to transports that need it
  // (HTTP sends it in a header); stdio has no such hook, so this one only
  // records it.
  let negotiated;
  transport.setProtocolVersion = (version) => {
    negotiated = version;
  };
  const client = new Client({ name: 'pedelec-mcp-ts-client', version: '0.0.0' }, options);
  let tools;
  try {
    await client.connect(transport);
    // listTools first in any case: it is what gives the client the output
    // schemas it checks later results against.
    ({ tools } = await client.listTools());
  } catch (error) {
    console.error(`cannot start, initialize or list the tools of \`${[command, ...args].join(' ')}\`: ${error.message}`);
    process.exit(2);
  }
  console.log(`protocol: the client asked for ${LATEST_PROTOCOL_VERSION}, the server answered ${negotiated}`);
  let accepted = 0;

  // A successful call, checked: the client took it (callTool did not
  // throw), it is not an error, and its structured content is its text
  // block's JSON.
  async function callOk(name, args) {
    const label = `${name} ${JSON.stringify(args)}`;
    let result;
    try {
      result = await client.callTool({ name, arguments: args });
    } catch (error) {
      fail(`${label}: refused: ${error.message}`, error);
    }
    if (result.isError) fail(`${label}: isError: ${result.content?.[0]?.text}`);
    if (result.structuredContent === undefined) fail(`${label}: no structuredContent`);
    const text = result.content?.[0]?.type === 'text' ? result.content[0].text : undefined;
    if (text === undefined) fail(`${label}: the first content block is not text`);
    if (!isDeepStrictEqual(result.structuredContent, JSON.parse(text))) {
      fail(`${label}: structuredContent ${JSON.stringify(result.structuredContent)} is not the text block ${text}`);
    }
    accepted += 1;
    return result.structuredContent;
  }

  await check('1. tools/list: both tools, each with an inputSchema and an outputSchema', () => {
    const problems = [];
    for (const name of ['add_to_counter', 'search_notes']) {
      const tool = tools.find((t) => t.name === name);
      if (!tool) {
        problems.push(`${name} is missing`);
        continue;
      }
      for (const key of ['inputSchema', 'outputSchema']) {
        if (tool[key]?.type !== 'object') problems.push(`${name} has no ${key} of type "object"`);
      }
    }
    if (problems.length) fail(problems.join('; '));
  });

  await check('2. successful calls are accepted and structuredContent is the text block', async () => {
    const calls = [
      ['add_to_counter', { delta: 5 }],
      ['add_to_counter', { delta: -3, reason: 'a correction' }],
      ['search_notes', { query: 'rust' }],
      ['search_notes', { query: 'MCP', limit: 1, tags: ['mcp'] }],
      // Coerced by the server: a number in a string, a lone tag for a list.
      ['search_notes', { query: 'rust', limit: '2', tags: 'rust' }],
    ];
    for (const [name, args] of calls) await callOk(name, args);
    return `${calls.length} calls`;
  });

  await check('3. bad arguments come back as isError results, not refused by the client', async () => {
    const calls = [
      ['add_to_counter', { delta: 500 }],
      ['search_notes', { query: '' }],
    ];
    for (const [name, args] of calls) {
      const label = `${name} ${JSON.stringify(args)}`;
      let result;
      try {
        result = await client.callTool({ name, arguments: args });
      } catch (error) {
        fail(`${label}: refused: ${error.message}`);
      }
      if (result.isError !== true) fail(`${label}: not an error result: ${JSON.stringify(result)}`);
      if (result.structuredContent !== undefined) fail(`${label}: an error result with structuredContent`);
    }
    return `${calls.length} calls`;
  });

  await check(`4. counter overflow: the server refuses its own result past ${COUNTER_MAX}`, async () => {
    // Enough calls to pass the maximum from wherever the calls above left the
    // counter; a server that never fails (it clamps, say) stops here.
    for (let call = 1; call <= 2 * (COUNTER_MAX / 100) + 10; call += 1) {
      let counter;
      try {
        ({ counter } = await callOk('add_to_counter', { delta: 100 }));
      } catch (error) {
        const cause = error.cause;
        if (!(cause instanceof McpError)) throw error;
        // -32602 would be the client's own refusal: the server sent a result
        // that breaks the schema.
        if (cause.code !== -32603) fail(`call ${call}: error ${cause.code}, not -32603: ${cause.message}`);
        if (!cause.message.includes('/counter')) fail(`call ${call}: the error does not name /counter: ${cause.message}`);
        return `refused at call ${call}: ${cause.message}`;
      }
      if (!Number.isInteger(counter)) fail(`call ${call}: counter ${JSON.stringify(counter)} is not an integer`);
      if (counter > COUNTER_MAX) fail(`call ${call}: a result with counter ${counter} was accepted`);
    }
    fail('the server never refused a result');
  });

  await client.close();
  return accepted;
}

await run("the SDK's default validator (Ajv)", {});
const pedelec = new CountingValidator();
const accepted = await run('PedelecJsonSchemaValidator (pedelec-schema/mcp)', { jsonSchemaValidator: pedelec });
await check('5. PedelecJsonSchemaValidator checked both output schemas itself, and every accepted result', () => {
  // Outside the subset, it might have checked a schema only in part, or
  // not at all (see pedelec-schema-js/package/mcp.js).
  if (pedelec.outside.length) {
    fail(`outside the subset: ${pedelec.outside.map((report) => report.error.message).join('; ')}`);
  }
  if (pedelec.schemas !== 2) fail(`asked for ${pedelec.schemas} validators, not 2`);
  // Error results carry no structuredContent, so only successes are checked.
  if (pedelec.values !== accepted) fail(`it checked ${pedelec.values} results, the client accepted ${accepted}`);
  return `${pedelec.schemas} schemas, ${pedelec.values} results`;
});
process.exit(failures ? 1 : 0);
