// The MCP side of the npm package: `pedelec-schema/mcp`'s validator for the
// official TypeScript SDK, alone and as a client's `jsonSchemaValidator`,
// and the example server (../examples/mcp_server.mjs) driven over stdio by
// the SDK's client. Run with --disallow-code-generation-from-strings; the
// server is started with it too.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { SchemaError } from 'pedelec-schema';
import { PedelecJsonSchemaValidator } from 'pedelec-schema/mcp';

// The example server's output schema, as it publishes it.
const counterSchema = {
  type: 'object',
  properties: {
    counter: { type: 'integer', minimum: -1000, maximum: 1000 },
    added: { type: 'integer' },
  },
  required: ['counter', 'added'],
};

// A validator that records what it did with each schema outside the subset.
function recording(options = {}) {
  const outside = [];
  const validator = new PedelecJsonSchemaValidator({ ...options, onOutsideSubset: (report) => outside.push(report) });
  return { validator, outside };
}

describe('PedelecJsonSchemaValidator, a schema inside the subset', () => {
  const { validator, outside } = recording();
  const check = validator.getValidator(counterSchema);

  test('accepts a valid value and hands it back as data', () => {
    const value = { counter: 5, added: 5 };
    const result = check(value);
    assert.deepEqual(result, { valid: true, data: value, errorMessage: undefined });
    assert.equal(result.data, value);
  });

  test("refuses an invalid value with the library's messages, every failure with its path", () => {
    const result = check({ counter: 1100, added: 'x' });
    assert.equal(result.valid, false);
    assert.equal(result.data, undefined);
    assert.equal(
      result.errorMessage,
      '/added: expected an integer, found the string "x"; /counter: 1100 is greater than the maximum 1000',
    );
    assert.equal(result.error.code, 'INVALID_ARGS');
    assert.deepEqual(
      result.error.errors.map((entry) => [entry.path, entry.keyword]),
      [
        ['/added', 'type'],
        ['/counter', 'maximum'],
      ],
    );
  });

  test('names a failure of the root (root), and refuses a value that is no JSON with the misuse\'s words', () => {
    assert.match(check([]).errorMessage, /^\(root\): /);
    const notJson = check(undefined);
    assert.equal(notJson.valid, false);
    assert.equal(notJson.errorMessage, 'the arguments must be a JSON value, not undefined');
    assert.equal(notJson.error, undefined);
  });

  test('reports no schema outside the subset', () => {
    assert.deepEqual(outside, []);
  });
});

describe('PedelecJsonSchemaValidator, a schema outside the subset', () => {
  // `format` and `additionalProperties: false` are outside the subset;
  // conversion drops both, which only widens.
  const widening = {
    type: 'object',
    properties: { email: { type: 'string', format: 'email' }, n: { type: 'integer', maximum: 3 } },
    additionalProperties: false,
  };
  // What pydantic writes for a model with an optional field: conversion
  // drops `null`, which narrows.
  const narrowing = {
    title: 'Out',
    type: 'object',
    properties: {
      a: { title: 'A', type: 'integer' },
      b: { title: 'B', anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
    },
    required: ['a'],
  };

  test('a lossless conversion is checked exactly, with no note', () => {
    const { validator, outside } = recording();
    const check = validator.getValidator({
      title: 'T',
      type: 'object',
      properties: { n: { type: 'integer' } },
      additionalProperties: true,
    });
    assert.equal(check({ n: 1, other: true }).valid, true);
    assert.equal(check({ n: 'one' }).errorMessage, '/n: expected an integer, found the string "one"');
    assert.equal(outside.length, 1);
    assert.equal(outside[0].checkedBy, 'conversion');
    assert.ok(outside[0].error instanceof SchemaError);
    assert.ok(outside[0].conversion.changes.every((change) => change.effect === 'lossless'));
  });

  test('a widening conversion checks what it kept, and says what it did not check', () => {
    const { validator, outside } = recording();
    const check = validator.getValidator(widening);
    // Both dropped constraints go unchecked...
    assert.equal(check({ email: 'not an address', extra: 1 }).valid, true);
    // ...and a refusal says so.
    assert.equal(
      check({ n: 4 }).errorMessage,
      '/n: 4 is greater than the maximum 3 (the schema is outside the Pedelec argsSchema subset and was' +
        ' checked as converted into it, without the constraints at /additionalProperties, /properties/email/format)',
    );
    assert.equal(outside[0].checkedBy, 'conversion');
  });

  test('a refusal names five unchecked constraints and counts the rest', () => {
    const properties = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => [name, { type: 'string', format: 'email' }]));
    const check = new PedelecJsonSchemaValidator().getValidator({ type: 'object', properties: { ...properties, n: { type: 'integer' } } });
    assert.equal(
      check({ n: 'x' }).errorMessage,
      '/n: expected an integer, found the string "x" (the schema is outside the Pedelec argsSchema subset and was' +
        ' checked as converted into it, without the constraints at /properties/a/format, /properties/b/format,' +
        ' /properties/c/format, /properties/d/format, /properties/e/format and 2 more)',
    );
  });

  test('a narrowing conversion without a fallback checks nothing: no throw, every value passes', () => {
    const { validator, outside } = recording();
    const check = validator.getValidator(narrowing);
    assert.equal(check({ a: 1, b: null }).valid, true);
    assert.equal(check({ a: 'not an integer' }).valid, true);
    assert.equal(outside[0].checkedBy, 'nothing');
    assert.ok(outside[0].conversion.changes.some((change) => change.code === 'null_dropped'));
  });

  test('the fallback checks what the library cannot: narrowing and widening conversions', () => {
    const { validator, outside } = recording({ fallback: new CfWorkerJsonSchemaValidator() });
    const pydantic = validator.getValidator(narrowing);
    assert.equal(pydantic({ a: 1, b: null }).valid, true);
    const refused = pydantic({ a: 'not an integer' });
    assert.equal(refused.valid, false);
    assert.match(refused.errorMessage, /\/a/);
    assert.match(refused.errorMessage, /\(checked by the fallback validator: the schema is outside the Pedelec argsSchema subset\)$/);
    const email = validator.getValidator(widening);
    assert.equal(email({ email: 'a@example.com' }).valid, true);
    assert.equal(email({ email: 'a@example.com', extra: 1 }).valid, false);
    assert.deepEqual(
      outside.map((report) => report.checkedBy),
      ['fallback', 'fallback'],
    );
  });

  test('a schema that cannot be converted, or is no JSON, and the fallback throws: no throw, no check', () => {
    const thrower = {
      getValidator() {
        throw new Error('cannot compile');
      },
    };
    const { validator, outside } = recording({ fallback: thrower });
    // A root that accepts no object: convert refuses it.
    assert.equal(validator.getValidator({ type: 'string' })('text').valid, true);
    const cyclic = { type: 'object', properties: {} };
    cyclic.properties.self = cyclic;
    assert.equal(validator.getValidator(cyclic)({}).valid, true);
    assert.deepEqual(
      outside.map((report) => [report.checkedBy, report.conversion?.ok ?? null, report.error.name, report.fallbackError.message]),
      [
        ['nothing', false, 'SchemaError', 'cannot compile'],
        ['nothing', null, 'TypeError', 'cannot compile'],
      ],
    );
  });

  test('refuses options that are not a validator or a function', () => {
    assert.throws(() => new PedelecJsonSchemaValidator({ fallback: {} }), TypeError);
    assert.throws(() => new PedelecJsonSchemaValidator({ onOutsideSubset: 'log' }), TypeError);
  });
});

describe("PedelecJsonSchemaValidator as an SDK Client's jsonSchemaValidator", () => {
  test("a result that breaks the tool's output schema is refused, with the library's message", async () => {
    // A server that sends what its output schema refuses.
    const server = new Server({ name: 'wrong', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: 'count', inputSchema: { type: 'object' }, outputSchema: counterSchema }],
    }));
    server.setRequestHandler(CallToolRequestSchema, () => ({
      content: [{ type: 'text', text: '{"counter":1001,"added":1}' }],
      structuredContent: { counter: 1001, added: 1 },
    }));
    const client = new Client({ name: 'test', version: '0.0.0' }, { jsonSchemaValidator: new PedelecJsonSchemaValidator() });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      await client.listTools();
      await assert.rejects(client.callTool({ name: 'count', arguments: {} }), (error) => {
        assert.ok(error instanceof McpError);
        assert.equal(error.code, -32602);
        assert.match(
          error.message,
          /Structured content does not match the tool's output schema: \/counter: 1001 is greater than the maximum 1000$/,
        );
        return true;
      });
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('the example MCP server (examples/mcp_server.mjs) over stdio', () => {
  const serverPath = fileURLToPath(new URL('../examples/mcp_server.mjs', import.meta.url));
  let client;
  let tools;

  before(async () => {
    client = new Client({ name: 'test', version: '0.0.0' }, { jsonSchemaValidator: new PedelecJsonSchemaValidator() });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--disallow-code-generation-from-strings', '--import', resolveFromHere(), serverPath],
      stderr: 'inherit',
    });
    await client.connect(transport);
    ({ tools } = await client.listTools());
  });

  after(async () => {
    await client?.close();
  });

  test('lists add_to_counter with its input and output schemas', () => {
    assert.deepEqual(
      tools.map((tool) => [tool.name, tool.inputSchema.required, tool.outputSchema.required]),
      [['add_to_counter', ['delta'], ['counter', 'added']]],
    );
  });

  test('a valid call: structuredContent, the same JSON as text, accepted by the client', async () => {
    const result = await client.callTool({ name: 'add_to_counter', arguments: { delta: 5, reason: 'a test' } });
    assert.equal(result.isError, false);
    assert.deepEqual(result.structuredContent, { counter: 5, added: 5 });
    assert.deepEqual(result.content, [{ type: 'text', text: '{"counter":5,"added":5}' }]);
  });

  test('an invalid call: an isError result whose text is the error document, with no structuredContent', async () => {
    const result = await client.callTool({ name: 'add_to_counter', arguments: { delta: 500, reason: 7 } });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    assert.equal(result.content.length, 1);
    assert.deepEqual(JSON.parse(result.content[0].text), {
      error: {
        code: 'INVALID_ARGS',
        message:
          "The arguments do not match the tool's argsSchema: /delta: 500 is greater than the maximum 100;" +
          ' /reason: expected a string, found the number 7',
        errors: [
          {
            path: '/delta',
            schema_path: '/properties/delta/maximum',
            keyword: 'maximum',
            message: '500 is greater than the maximum 100',
          },
          {
            path: '/reason',
            schema_path: '/properties/reason/type',
            keyword: 'type',
            message: 'expected a string, found the number 7',
          },
        ],
      },
    });
  });

  test('a call without arguments is judged as an empty object: delta is missing', async () => {
    const result = await client.callTool({ name: 'add_to_counter' });
    assert.equal(result.isError, true);
    assert.equal(
      JSON.parse(result.content[0].text).error.message,
      "The arguments do not match the tool's argsSchema: (root): the required property `delta` is missing",
    );
  });

  test('past ±1000 the server refuses its own result: -32603 naming /counter, the document as data', async () => {
    // The counter is 5 after the valid call above: ten calls reach 1005.
    for (let call = 1; call < 10; call += 1) {
      const { structuredContent } = await client.callTool({ name: 'add_to_counter', arguments: { delta: 100 } });
      assert.equal(structuredContent.counter, 5 + 100 * call);
    }
    await assert.rejects(client.callTool({ name: 'add_to_counter', arguments: { delta: 100 } }), (error) => {
      assert.ok(error instanceof McpError);
      assert.equal(error.code, -32603);
      assert.match(
        error.message,
        /The tool's result does not match its output schema: \/counter: 1005 is greater than the maximum 1000$/,
      );
      assert.equal(error.data.errors[0].schema_path, '/properties/counter/maximum');
      return true;
    });
  });
});

// The example imports `pedelec-schema` and the SDK as a user's code does,
// but it lies outside this npm folder, so Node would not look for them in
// this folder's node_modules. This `--import` module, a data: URL so that
// no file is needed, registers a resolve hook that looks there for any
// package not found from the importing file.
function resolveFromHere() {
  const hooks = `
    export async function resolve(specifier, context, next) {
      try {
        return await next(specifier, context);
      } catch (error) {
        if (error?.code !== 'ERR_MODULE_NOT_FOUND' || /^(\\.|\\/|[a-z][a-z0-9+.-]*:)/i.test(specifier)) throw error;
        return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
      }
    }`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(dataUrl(hooks))});`;
  return dataUrl(register);
}

function dataUrl(source) {
  return `data:text/javascript,${encodeURIComponent(source)}`;
}
