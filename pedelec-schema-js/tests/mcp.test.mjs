// The MCP side of the npm package: `pedelec-schema/mcp`'s validator for the
// official TypeScript SDK, alone and as a client's `jsonSchemaValidator`,
// and the example server (../examples/mcp_server.mjs) driven over stdio by
// the SDK's client. Run with --disallow-code-generation-from-strings; the
// server is started with it too.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { SchemaError } from 'pedelec-schema';

// pedelec-schema/mcp imports the SDK's CfWorkerJsonSchemaValidator, its
// default fallback, from where it lies. Installed, it lies beside the SDK
// in node_modules; here it is a link to ../pkg, which Node follows, and
// nothing above ../pkg has the SDK. The hook the example server gets (see
// resolveFromHere) looks in this folder for what is not found there, as an
// install would find it; it must be registered before the module loads.
register(resolveHooks());
const { PedelecJsonSchemaValidator } = await import('pedelec-schema/mcp');

// The example server's output schema, as it publishes it.
const counterSchema = {
  type: 'object',
  properties: {
    counter: { type: 'integer', minimum: -1000, maximum: 1000 },
    added: { type: 'integer' },
  },
  required: ['counter', 'added'],
};

// What zod's `.nullable()` writes for an object: outside the subset (its
// `null`), and its conversion narrows, so only a fallback checks it.
const nullable = {
  anyOf: [{ type: 'object', properties: { v: { type: 'number' } }, additionalProperties: false }, { type: 'null' }],
};

// `format` and `additionalProperties: false` are outside the subset;
// conversion drops both, which only widens.
const widening = {
  type: 'object',
  properties: { email: { type: 'string', format: 'email' }, n: { type: 'integer', maximum: 3 } },
  additionalProperties: false,
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

  test('with fallback: null, a widening conversion checks what it kept, and says what it did not check', () => {
    const { validator, outside } = recording({ fallback: null });
    const check = validator.getValidator(widening);
    // Both dropped constraints go unchecked...
    assert.equal(check({ email: 'not an address', extra: 1 }).valid, true);
    // ...and a refusal says so.
    assert.equal(
      check({ n: 4 }).errorMessage,
      '/n: 4 is greater than the maximum 3 (the schema is outside the Pedelec argsSchema subset and was' +
        ' checked as converted into it, without the constraints at /additionalProperties, /properties/email/format)',
    );
    assert.deepEqual([outside[0].checkedBy, outside[0].fallback], ['conversion', 'none']);
  });

  test('a refusal names five unchecked constraints and counts the rest', () => {
    const properties = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => [name, { type: 'string', format: 'email' }]));
    const check = recording({ fallback: null }).validator.getValidator({ type: 'object', properties: { ...properties, n: { type: 'integer' } } });
    assert.equal(
      check({ n: 'x' }).errorMessage,
      '/n: expected an integer, found the string "x" (the schema is outside the Pedelec argsSchema subset and was' +
        ' checked as converted into it, without the constraints at /properties/a/format, /properties/b/format,' +
        ' /properties/c/format, /properties/d/format, /properties/e/format and 2 more)',
    );
  });

  test('with fallback: null, a narrowing conversion checks nothing: no throw, every value passes', () => {
    const { validator, outside } = recording({ fallback: null });
    const check = validator.getValidator(narrowing);
    assert.equal(check({ a: 1, b: null }).valid, true);
    assert.equal(check({ a: 'not an integer' }).valid, true);
    assert.deepEqual([outside[0].checkedBy, outside[0].fallback], ['nothing', 'none']);
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
      outside.map((report) => [report.checkedBy, report.fallback]),
      [
        ['fallback', 'given'],
        ['fallback', 'given'],
      ],
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
    // A widening conversion is then the check, without what it dropped.
    assert.equal(validator.getValidator(widening)({ n: 4 }).valid, false);
    assert.deepEqual(
      outside.map((report) => [report.checkedBy, report.conversion?.ok ?? null, report.error.name, report.fallbackError.message]),
      [
        ['nothing', false, 'SchemaError', 'cannot compile'],
        ['nothing', null, 'TypeError', 'cannot compile'],
        ['conversion', true, 'SchemaError', 'cannot compile'],
      ],
    );
  });

  test('refuses options that are not a validator or a function; fallback: null is none', () => {
    assert.throws(() => new PedelecJsonSchemaValidator({ fallback: {} }), TypeError);
    assert.throws(() => new PedelecJsonSchemaValidator({ fallback: false }), TypeError);
    assert.doesNotThrow(() => new PedelecJsonSchemaValidator({ fallback: null }));
    assert.throws(() => new PedelecJsonSchemaValidator({ onOutsideSubset: 'log' }), TypeError);
  });
});

describe("PedelecJsonSchemaValidator's default fallback, the SDK's CfWorkerJsonSchemaValidator", () => {
  test('with no options, a nullable object is checked exactly, with no warning', (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const check = new PedelecJsonSchemaValidator().getValidator(nullable);
    const refused = check({ v: 5, extra: true });
    assert.equal(refused.valid, false);
    assert.equal(refused.data, undefined);
    assert.match(refused.errorMessage, /"extra"/);
    assert.match(
      refused.errorMessage,
      /\(checked by the MCP SDK's CfWorkerJsonSchemaValidator: the schema is outside the Pedelec argsSchema subset\)$/,
    );
    assert.deepEqual(check({ v: 5 }), { valid: true, data: { v: 5 }, errorMessage: undefined });
    assert.equal(check(null).valid, true);
    assert.equal(check({ v: 'five' }).valid, false);
    assert.equal(warn.mock.callCount(), 0);
  });

  test('it takes a widening conversion too, and checks what the conversion would drop', (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const { validator, outside } = recording();
    const check = validator.getValidator(widening);
    assert.equal(check({ email: 'a@example.com', n: 3 }).valid, true);
    assert.equal(check({ email: 'a@example.com', extra: 1 }).valid, false);
    assert.deepEqual(
      outside.map((report) => [report.checkedBy, report.fallback]),
      [['fallback', 'default']],
    );
    assert.equal(warn.mock.callCount(), 0);
  });

  test('not for a schema inside the subset, or a lossless conversion: the library checks those', () => {
    const { validator, outside } = recording();
    assert.equal(validator.getValidator({ type: 'object', properties: { n: { type: 'integer' } } })({ n: 'x' }).error.code, 'INVALID_ARGS');
    const lossless = validator.getValidator({ title: 'T', type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: true });
    assert.equal(lossless({ n: 'x' }).errorMessage, '/n: expected an integer, found the string "x"');
    assert.deepEqual(
      outside.map((report) => [report.checkedBy, report.fallback]),
      [['conversion', 'default']],
    );
  });

  test('fallback: null declines it: the widened check, or none, each with a warning', (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const validator = new PedelecJsonSchemaValidator({ fallback: null });
    assert.equal(validator.getValidator(nullable)({ v: 5, extra: true }).valid, true);
    const widened = validator.getValidator(widening);
    assert.equal(widened({ email: 'not an address', extra: 1 }).valid, true);
    assert.equal(widened({ n: 4 }).valid, false);
    assert.deepEqual(
      warn.mock.calls.map((call) => call.arguments[0].replace(/\): .*/s, ')')),
      [
        'pedelec-schema/mcp: a schema outside the Pedelec argsSchema subset is not checked: every value passes' +
          ' (the fallback was declined with fallback: null; give onOutsideSubset to handle it)',
        'pedelec-schema/mcp: a schema outside the Pedelec argsSchema subset is checked without the constraints at' +
          ' /additionalProperties, /properties/email/format (the fallback was declined with fallback: null;' +
          ' give onOutsideSubset to handle it)',
      ],
    );
  });

  test('a fallback given wins over it', () => {
    const asked = [];
    const refuseAll = {
      getValidator(schema) {
        asked.push(schema);
        return () => ({ valid: false, data: undefined, errorMessage: 'refused by the given fallback' });
      },
    };
    const { validator, outside } = recording({ fallback: refuseAll });
    assert.equal(
      validator.getValidator(nullable)({ v: 5 }).errorMessage,
      'refused by the given fallback (checked by the fallback validator: the schema is outside the Pedelec argsSchema subset)',
    );
    assert.deepEqual(asked, [nullable]);
    assert.deepEqual(
      outside.map((report) => [report.checkedBy, report.fallback]),
      [['fallback', 'given']],
    );
  });

  // A fresh Node in which the import is refused: `blocked` is not found,
  // everything else is found as above.
  for (const blocked of ['@modelcontextprotocol/sdk/validation/cfworker', '@cfworker/json-schema']) {
    test(`where ${blocked} cannot be imported: the widened check, or none, each with a warning`, () => {
      const script = `
        import { register } from 'node:module';
        register(${JSON.stringify(resolveHooks(blocked))});
        const warnings = [];
        console.warn = (message) => warnings.push(message);
        const { PedelecJsonSchemaValidator } = await import('pedelec-schema/mcp');
        const validator = new PedelecJsonSchemaValidator();
        const nullable = validator.getValidator(${JSON.stringify(nullable)});
        const widening = validator.getValidator(${JSON.stringify(widening)});
        console.log(JSON.stringify({
          nullable: [{ v: 5, extra: true }, { v: 5 }, null].map((value) => nullable(value).valid),
          widening: [{ email: 'a@example.com', extra: 1 }, { n: 4 }].map((value) => widening(value).valid),
          warnings,
        }));
      `;
      const child = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], {
        cwd: new URL('.', import.meta.url),
        encoding: 'utf8',
      });
      assert.equal(child.status, 0, child.stderr);
      const { nullable: verdicts, widening: widened, warnings } = JSON.parse(child.stdout);
      assert.deepEqual(verdicts, [true, true, true]);
      assert.deepEqual(widened, [true, false]);
      assert.equal(warnings.length, 2);
      assert.match(warnings[0], /is not checked: every value passes \(no fallback validator: the MCP SDK's CfWorkerJsonSchemaValidator cannot be imported here;/);
      assert.match(warnings[1], /is checked without the constraints at \/additionalProperties, \/properties\/email\/format \(no fallback validator:/);
      assert.match(warnings[1], /in a bundle pass fallback: new CfWorkerJsonSchemaValidator\(\)/);
    });
  }

  test('mcp.js names the SDK in no import a bundler follows: it bundles without the SDK', () => {
    // esbuild (wrangler's bundler) fails a bundle on an import() whose
    // argument is a string naming a package that is not installed, and on
    // a static import of one; an import() of a variable it leaves alone.
    const source = readFileSync(new URL('./node_modules/pedelec-schema/mcp.js', import.meta.url), 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    // A specifier of the SDK is only an argument of optionalClass, whose
    // import() takes a parameter.
    const specifier = /['"`]@(modelcontextprotocol\/sdk|cfworker\/json-schema)[^'"`\s]*['"`]/;
    const naming = code.split('\n').filter((line) => specifier.test(line));
    assert.ok(naming.length > 0);
    for (const line of naming) assert.match(line, /= await optionalClass\('@modelcontextprotocol\//);
    assert.deepEqual([...code.matchAll(/import\s*\(\s*([^)]*?)\s*\)/g)].map((match) => match[1]), ['specifier']);
  });
});

/** An SDK Client with the package's validator, connected in memory to `server`. */
async function connectedClient(server) {
  const client = new Client({ name: 'test', version: '0.0.0' }, { jsonSchemaValidator: new PedelecJsonSchemaValidator() });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

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
    const client = await connectedClient(server);
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

describe("PedelecJsonSchemaValidator as an SDK Client's jsonSchemaValidator, a nullable output schema", () => {
  test('a result the schema refuses is refused, by default, with no warning', async (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const server = new Server({ name: 'nullable', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: 'get', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { out: nullable } } }],
    }));
    let structuredContent;
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [], structuredContent }));
    const client = await connectedClient(server);
    try {
      await client.listTools();
      for (const out of [{ v: 5 }, null]) {
        structuredContent = { out };
        assert.deepEqual((await client.callTool({ name: 'get', arguments: {} })).structuredContent, { out });
      }
      structuredContent = { out: { v: 5, extra: true } };
      await assert.rejects(client.callTool({ name: 'get', arguments: {} }), (error) => {
        assert.ok(error instanceof McpError);
        assert.equal(error.code, -32602);
        assert.match(error.message, /Structured content does not match the tool's output schema: .*CfWorkerJsonSchemaValidator/);
        return true;
      });
      assert.equal(warn.mock.callCount(), 0);
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
// no file is needed, registers the hooks of resolveHooks.
function resolveFromHere() {
  return dataUrl(`import { register } from 'node:module'; register(${JSON.stringify(resolveHooks())});`);
}

// Resolve hooks (a data: URL) that look in this folder's node_modules for
// any package not found from the importing file, and find no `blocked`.
function resolveHooks(blocked = null) {
  return dataUrl(`
    export async function resolve(specifier, context, next) {
      if (specifier === ${JSON.stringify(blocked)}) {
        throw Object.assign(new Error('blocked by the test: ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
      }
      try {
        return await next(specifier, context);
      } catch (error) {
        if (error?.code !== 'ERR_MODULE_NOT_FOUND' || /^(\\.|\\/|[a-z][a-z0-9+.-]*:)/i.test(specifier)) throw error;
        return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
      }
    }`);
}

function dataUrl(source) {
  return `data:text/javascript,${encodeURIComponent(source)}`;
}
