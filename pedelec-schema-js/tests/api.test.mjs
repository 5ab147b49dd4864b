// The npm package's JavaScript API as documented: every method and the
// shape of what it returns, `SchemaError` for a schema outside the subset,
// `TypeError` for misuse, and hostile input that must get a clear refusal -
// never a throw, never a WebAssembly trap - after which the module still
// works. Runs with and without --disallow-code-generation-from-strings
// (`npm test` passes that flag; the "no eval" tests prove it bites).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  ArgsStream,
  SchemaError,
  Tool,
  ToolArgsSchema,
  convert,
  grammarForTools,
  lint,
} from 'pedelec-schema';

const PROFILES = [
  'mcp',
  'openai-strict',
  'openai-chat',
  'anthropic-strict',
  'gemini',
  'gemini-openapi',
  'llguidance',
  'xgrammar',
  'outlines',
  'llama-cpp',
];

const counterSchema = {
  type: 'object',
  properties: {
    delta: { type: 'integer', minimum: -100, maximum: 100, description: 'Signed amount.' },
    note: { type: 'string' },
  },
  required: ['delta'],
};
const counter = ToolArgsSchema.parse(counterSchema);

// Every kind of JSON token, escapes and astral characters, for the prefix
// and piece-by-piece tests.
const rich = ToolArgsSchema.parse({
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    short: { type: 'string', maxLength: 1 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 5, uniqueItems: true },
    pos: {
      type: 'object',
      properties: { x: { type: 'number' }, y: { type: 'number' } },
      required: ['x', 'y'],
    },
    mode: { type: 'string', enum: ['fast', 'safe'] },
    flag: { type: 'boolean' },
    count: { type: 'integer', minimum: -1000, maximum: 1000 },
    n: { type: 'number' },
    i: { type: 'integer' },
    text: { type: 'string' },
    list: { type: 'array', items: { type: 'integer' }, maxItems: 50 },
    big: { type: 'array', items: { type: 'integer' } },
    target: {
      oneOf: [
        { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        { type: 'object', properties: { index: { type: 'integer', minimum: 0 } }, required: ['index'] },
      ],
    },
  },
  required: ['name', 'tags', 'pos', 'mode', 'flag', 'count', 'target'],
});
const richCall =
  '{"name":"a\\"b\\\\c\\u00e9\\uD83D\\uDE00 é😀","short":"😀","tags":["x","y"],' +
  '"pos":{"x":-1.5e+3,"y":0.25},"mode":"safe","flag":false,"count":-12,"target":{"index":3}}';

/** A refusal as documented: `{ok: false, error}` with the error document. */
function assertRefused(result, what) {
  assert.equal(result.ok, false, `${what}: expected a refusal, got ${JSON.stringify(result).slice(0, 200)}`);
  assertErrorDocument(result.error, what);
}

/** `{code: "INVALID_ARGS", message, errors: [{path, keyword, message}, ...]}`. */
function assertErrorDocument(error, what) {
  assert.equal(error.code, 'INVALID_ARGS', what);
  assert.equal(typeof error.message, 'string', what);
  assert.ok(error.message.length > 0, what);
  assert.ok(Array.isArray(error.errors) && error.errors.length > 0, `${what}: errors listed`);
  for (const entry of error.errors) {
    assert.equal(typeof entry.path, 'string', what);
    assert.equal(typeof entry.keyword, 'string', what);
    assert.equal(typeof entry.message, 'string', what);
  }
}

/** The refusal of a text that stops early: a syntax error saying so. */
function assertCutShort(result, what) {
  assertRefused(result, what);
  assert.equal(result.error.errors[0].keyword, 'syntax', what);
  assert.match(result.error.message, /cut short/, what);
}

/** `[{pointer, code, effect, message}, ...]`, the library's changes. */
function assertChanges(changes, what) {
  assert.ok(Array.isArray(changes), `${what}: changes is an array`);
  for (const change of changes) {
    assert.equal(typeof change.pointer, 'string', what);
    assert.equal(typeof change.code, 'string', what);
    assert.equal(typeof change.effect, 'string', what);
    assert.equal(typeof change.message, 'string', what);
  }
}

/** After a hostile case: the module answers a valid and an invalid call
 * and parses a new schema, so no trap left it broken. */
function assertStillWorks() {
  assert.deepEqual(counter.validate({ delta: 1 }), { ok: true });
  assert.equal(counter.isValidText('{"delta": -100}'), true);
  assertRefused(counter.validateText('{"delta": 101}'), 'a call over the maximum');
  const fresh = ToolArgsSchema.parse({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
  assert.deepEqual(fresh.validate({ q: 'x' }), { ok: true });
}

/** Every way of checking a call's text, for a hostile text. */
function allTextVerdicts(schema, text) {
  const stream = schema.stream();
  return {
    validateText: schema.validateText(text),
    isValidText: schema.isValidText(text),
    repair: schema.repair(text),
    fromProviderText: schema.fromProviderText(text, 'mcp'),
    streamFeed: stream.feed(text),
    streamFinish: stream.finish(),
  };
}

function assertAllRefused(verdicts, what) {
  assertRefused(verdicts.validateText, `${what}: validateText`);
  assert.equal(verdicts.isValidText, false, `${what}: isValidText`);
  assertRefused(verdicts.repair, `${what}: repair`);
  assertRefused(verdicts.fromProviderText, `${what}: fromProviderText`);
  assertRefused(verdicts.streamFinish, `${what}: stream finish`);
}

describe('ToolArgsSchema.parse and SchemaError', () => {
  test('parse takes an object or its JSON text and gives a ToolArgsSchema', () => {
    const fromText = ToolArgsSchema.parse(JSON.stringify(counterSchema));
    assert.ok(counter instanceof ToolArgsSchema);
    assert.ok(fromText instanceof ToolArgsSchema);
    assert.deepEqual(fromText.toJSON(), counter.toJSON());
  });

  test('a schema outside the subset throws a SchemaError, an Error with every diagnostic and its pointer', () => {
    const outside = {
      type: 'object',
      properties: { a: { type: 'string', format: 'email' }, b: { type: 'integer', minimum: 5, maximum: 1 } },
      required: ['c'],
    };
    let caught;
    try {
      ToolArgsSchema.parse(outside);
    } catch (err) {
      caught = err;
    }
    assert.ok(caught instanceof SchemaError, 'a SchemaError');
    assert.ok(caught instanceof Error, 'an Error');
    assert.equal(caught.name, 'SchemaError');
    assert.equal(typeof caught.stack, 'string');
    assert.match(caught.message, /3 errors/);
    assert.deepEqual(
      caught.diagnostics.map((d) => [d.severity, d.pointer]),
      [
        ['error', '/properties/a/format'],
        ['error', '/properties/b/minimum'],
        ['error', '/required/0'],
      ],
    );
    for (const d of caught.diagnostics) {
      assert.equal(typeof d.code, 'string');
      assert.equal(typeof d.message, 'string');
    }
  });

  test('text that is not JSON, and a root that is not an object, are SchemaErrors with a pointer', () => {
    assert.throws(
      () => ToolArgsSchema.parse('{'),
      (err) =>
        err instanceof SchemaError && err.diagnostics[0].code === 'invalid_json' && err.diagnostics[0].pointer === '',
    );
    assert.throws(
      () => ToolArgsSchema.parse({ type: 'string' }),
      (err) => err instanceof SchemaError && err.diagnostics[0].pointer === '',
    );
  });
});

describe('validation', () => {
  test('isValid and isValidText answer true or false', () => {
    assert.equal(counter.isValid({ delta: 3 }), true);
    assert.equal(counter.isValid({ delta: 300 }), false);
    assert.equal(counter.isValid({}), false);
    assert.equal(counter.isValidText('{"delta": 3}'), true);
    assert.equal(counter.isValidText('{"delta": 3.5}'), false);
    assert.equal(counter.isValidText('not json'), false);
  });

  test('validate and validateText give {ok: true} or {ok: false, error} with the error document', () => {
    assert.deepEqual(counter.validate({ delta: -100 }), { ok: true });
    assert.deepEqual(counter.validateText('{"delta": 100, "note": "x"}'), { ok: true });
    const refused = counter.validate({ delta: 500, note: 7 });
    assertRefused(refused, 'two wrong properties');
    assert.deepEqual(Object.keys(refused).sort(), ['error', 'ok']);
    assert.deepEqual(
      refused.error.errors.map((e) => [e.path, e.schema_path, e.keyword]),
      [
        ['/delta', '/properties/delta/maximum', 'maximum'],
        ['/note', '/properties/note/type', 'type'],
      ],
    );
  });

  test('a syntax error in the text is located by byte offset and path', () => {
    const result = counter.validateText('{"delta": 1,, }');
    assertRefused(result, 'a doubled comma');
    assert.equal(result.error.errors[0].keyword, 'syntax');
    assert.equal(result.error.errors[0].offset, 12);
  });

  test('NaN and Infinity become null in JSON, and null is refused where a number is expected', () => {
    assertRefused(counter.validate({ delta: NaN }), 'NaN');
    assertRefused(counter.validate({ delta: Infinity }), 'Infinity');
  });
});

describe('repair', () => {
  test('repair reads a near-JSON call and lists its changes and a note for the model', () => {
    const repaired = counter.repair("{delta: 5, note: 'hi',}");
    assert.equal(repaired.ok, true);
    assert.deepEqual(repaired.value, { delta: 5, note: 'hi' });
    assertChanges(repaired.changes, 'repair');
    assert.deepEqual(
      repaired.changes.map((c) => c.code).sort(),
      ['single_quotes', 'trailing_comma', 'unquoted_key', 'unquoted_key'],
    );
    assert.equal(typeof repaired.note, 'string');
    assert.ok(repaired.note.length > 0);
  });

  test('repair of JSON changes nothing and has an empty note', () => {
    assert.deepEqual(counter.repair('{"delta": 5}'), { ok: true, value: { delta: 5 }, changes: [], note: '' });
  });

  test('repair refuses what it cannot mend, or what is invalid once mended', () => {
    assertRefused(counter.repair('{delta: 500}'), 'mended but over the maximum');
    assertRefused(counter.repair('}{'), 'not mendable');
  });
});

describe('fromProviderText', () => {
  test("a strict provider's null for an optional property is taken out before validation", () => {
    const exported = counter.export('openai-strict');
    assert.deepEqual(exported.schema.properties.note.type, ['string', 'null']);
    assert.deepEqual(counter.fromProviderText('{"delta": 1, "note": null}', 'openai-strict'), {
      ok: true,
      value: { delta: 1 },
    });
  });

  test('with mcp (the schema unchanged) that null is refused, and a wrong value is refused under every profile', () => {
    assertRefused(counter.fromProviderText('{"delta": 1, "note": null}', 'mcp'), 'null under mcp');
    for (const profile of PROFILES) {
      assertRefused(counter.fromProviderText('{"delta": 101}', profile), profile);
    }
  });
});

describe('streams', () => {
  test('feed reports bytes and path while the call is open, and finish gives the value', () => {
    const stream = counter.stream();
    assert.ok(stream instanceof ArgsStream);
    assert.deepEqual(stream.feed('{"delta": 4'), { ok: true, bytes: 11, path: '/delta' });
    assert.deepEqual(stream.feed('2}'), { ok: true, bytes: 13, path: '' });
    assert.deepEqual(stream.finish(), { ok: true, value: { delta: 42 } });
  });

  test('a stream is refused at the byte where no continuation can mend it, and stays refused', () => {
    const stream = counter.stream();
    assert.equal(stream.feed('{"delta": 500').ok, true, 'a number may still be cut short here');
    const refused = stream.feed(',');
    assertRefused(refused, 'over the maximum');
    assert.equal(refused.refusedAt, 13);
    assert.deepEqual(Object.keys(refused).sort(), ['error', 'ok', 'refusedAt']);
    const later = stream.feed('"note": "x"}');
    assertRefused(later, 'a later piece');
    assert.equal(later.refusedAt, 13);
    assertRefused(stream.finish(), 'finish of a refused stream');
  });

  test('finish of a text cut short is refused as cut short', () => {
    const stream = counter.stream();
    stream.feed('{"delta": 1');
    assertCutShort(stream.finish(), 'an open object');
  });

  test("a stream for a strict profile reads that provider's nulls back out", () => {
    const stream = counter.stream('openai-strict');
    assert.equal(stream.feed('{"delta": 1, "note": null}').ok, true);
    assert.deepEqual(stream.finish(), { ok: true, value: { delta: 1 } });
  });

  test('the rich call fed one UTF-16 unit at a time (splitting its surrogate pairs) is read whole', () => {
    const stream = rich.stream();
    for (const unit of richCall.split('')) {
      const fed = stream.feed(unit);
      assert.equal(fed.ok, true, JSON.stringify(fed));
    }
    assert.deepEqual(stream.finish(), { ok: true, value: JSON.parse(richCall) });
  });
});

describe('export and grammars', () => {
  test('export gives {schema, changes} for every profile; mcp changes nothing', () => {
    for (const profile of PROFILES) {
      const exported = counter.export(profile);
      assert.deepEqual(Object.keys(exported).sort(), ['changes', 'schema'], profile);
      assert.equal(exported.schema.type, 'object', profile);
      assertChanges(exported.changes, profile);
    }
    assert.deepEqual(counter.export('mcp'), { schema: counter.toJSON(), changes: [] });
    assert.equal(counter.export('openai-strict').schema.additionalProperties, false);
  });

  test('grammar gives {text, changes} in gbnf and in lark', () => {
    const gbnf = counter.grammar('gbnf');
    assert.match(gbnf.text, /^root ::= /m);
    assert.match(gbnf.text, /"100"/, 'the bound is in the grammar');
    assertChanges(gbnf.changes, 'gbnf');
    const lark = counter.grammar('lark');
    assert.match(lark.text, /^start: /m);
    assertChanges(lark.changes, 'lark');
  });

  test('toJSON is the schema as a plain object, which JSON.stringify uses', () => {
    const json = counter.toJSON();
    assert.deepEqual(json, counterSchema);
    assert.deepEqual(JSON.parse(JSON.stringify(counter)), counterSchema);
  });
});

describe('Tool and grammarForTools', () => {
  test('Tool.export gives {definition, changes, outputChanges} with name, description, title and both schemas', () => {
    const output = ToolArgsSchema.parse({
      type: 'object',
      properties: { value: { type: 'integer' } },
      required: ['value'],
    });
    const tool = new Tool('update_counter', counter, {
      description: 'Adds delta.',
      title: 'Update counter',
      outputSchema: output,
    });
    const mcp = tool.export('mcp');
    assert.deepEqual(Object.keys(mcp).sort(), ['changes', 'definition', 'outputChanges']);
    assert.equal(mcp.definition.name, 'update_counter');
    assert.equal(mcp.definition.description, 'Adds delta.');
    assert.equal(mcp.definition.title, 'Update counter');
    assert.deepEqual(mcp.definition.inputSchema, counterSchema);
    assert.deepEqual(mcp.definition.outputSchema, output.toJSON());
    assert.deepEqual(mcp.changes, []);
    for (const profile of PROFILES) {
      const exported = tool.export(profile);
      assertChanges(exported.changes, profile);
      assertChanges(exported.outputChanges, profile);
    }
    const strict = tool.export('openai-strict');
    assert.equal(strict.definition.name, 'update_counter');
    assert.ok(strict.changes.length > 0, 'strict mode changes the arguments schema');
  });

  test('a Tool without options, or with null options, has a name and a schema only', () => {
    for (const options of [undefined, null, {}]) {
      const { definition } = new Tool('get_page', counter, options).export('mcp');
      assert.deepEqual(Object.keys(definition).sort(), ['inputSchema', 'name']);
    }
  });

  test('grammarForTools gives one grammar naming every tool, in gbnf and lark', () => {
    const tools = [new Tool('update_counter', counter), new Tool('rich_tool', rich)];
    for (const format of ['gbnf', 'lark']) {
      const grammar = grammarForTools(tools, format);
      assert.equal(typeof grammar.text, 'string');
      assert.match(grammar.text, /update_counter/, format);
      assert.match(grammar.text, /rich_tool/, format);
      assertChanges(grammar.changes, format);
    }
  });
});

describe('lint and convert', () => {
  test('lint gives diagnostics {severity, code, pointer, message}, for an object or its text', () => {
    const findings = lint({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } });
    assert.deepEqual(
      findings.map((d) => [d.severity, d.code, d.pointer]),
      [['warning', 'unbounded_array', '/properties/a']],
    );
    assert.equal(typeof findings[0].message, 'string');
    assert.deepEqual(
      lint('{"type": "object", "additionalProperties": false}').map((d) => [d.severity, d.pointer]),
      [['error', '/additionalProperties']],
    );
    assert.deepEqual(lint(counterSchema), []);
  });

  test('convert brings a schema into the subset: {ok: true, schema: ToolArgsSchema, changes}', () => {
    const converted = convert({
      type: 'object',
      properties: { a: { type: 'string', format: 'email' } },
      additionalProperties: false,
    });
    assert.equal(converted.ok, true);
    assert.ok(converted.schema instanceof ToolArgsSchema);
    assert.deepEqual(converted.schema.validate({ a: 'x' }), { ok: true });
    assertChanges(converted.changes, 'convert');
    assert.deepEqual(converted.changes.map((c) => c.pointer).sort(), ['/additionalProperties', '/properties/a/format']);
  });

  test('convert refuses what it cannot bring in: {ok: false, reasons}', () => {
    const refused = convert({ type: 'object', properties: { a: { $ref: '#/nowhere' } } });
    assert.equal(refused.ok, false);
    assert.deepEqual(Object.keys(refused).sort(), ['ok', 'reasons']);
    assert.deepEqual(refused.reasons.map((r) => [r.pointer, r.code]), [['/properties/a/$ref', 'unresolved_ref']]);
  });
});

describe('misuse is a TypeError', () => {
  test('text that is not a string', () => {
    for (const value of [42, null, undefined, { delta: 1 }, ['{}']]) {
      assert.throws(() => counter.validateText(value), TypeError);
      assert.throws(() => counter.isValidText(value), TypeError);
      assert.throws(() => counter.repair(value), TypeError);
      assert.throws(() => counter.fromProviderText(value, 'mcp'), TypeError);
      assert.throws(() => counter.stream().feed(value), TypeError);
    }
  });

  test('an unknown profile or format, or one that is not a string', () => {
    const tool = new Tool('update_counter', counter);
    for (const name of ['nope', 'OpenAI', '', 7, null]) {
      assert.throws(() => counter.export(name), TypeError, `export(${name})`);
      assert.throws(() => counter.fromProviderText('{"delta": 1}', name), TypeError);
      assert.throws(() => counter.stream(name), TypeError);
      assert.throws(() => tool.export(name), TypeError);
    }
    assert.throws(() => counter.export(), TypeError, 'export needs a profile');
    for (const format of ['GBNF', 'regex', undefined, 1]) {
      assert.throws(() => counter.grammar(format), TypeError);
      assert.throws(() => grammarForTools([tool], format), TypeError);
    }
    assert.throws(() => counter.export('nope'), {
      name: 'TypeError',
      message: /unknown profile "nope"; use one of mcp/,
    });
  });

  test('a finished stream refuses feed and finish', () => {
    const stream = counter.stream();
    stream.feed('{"delta": 1}');
    assert.equal(stream.finish().ok, true);
    assert.throws(() => stream.feed('x'), { name: 'TypeError', message: /finished/ });
    assert.throws(() => stream.finish(), { name: 'TypeError', message: /finished/ });
  });

  test('arguments that are not JSON: undefined, a function, a symbol, a BigInt, a cycle', () => {
    const cyclic = { delta: 1 };
    cyclic.self = cyclic;
    for (const value of [undefined, () => 1, Symbol('x'), { delta: 1n }, 1n, cyclic]) {
      assert.throws(() => counter.validate(value), TypeError);
      assert.throws(() => counter.isValid(value), TypeError);
    }
    assert.throws(() => counter.validate(), TypeError, 'validate() with nothing');
  });

  test('a schema that is not JSON: undefined, a BigInt, a cycle', () => {
    const cyclic = { type: 'object' };
    cyclic.properties = { self: cyclic };
    for (const value of [undefined, { type: 'object', properties: { a: { type: 'integer', maximum: 10n } } }, cyclic]) {
      assert.throws(() => ToolArgsSchema.parse(value), TypeError);
      assert.throws(() => lint(value), TypeError);
      assert.throws(() => convert(value), TypeError);
    }
  });

  test('constructing ToolArgsSchema or ArgsStream directly', () => {
    assert.throws(() => new ToolArgsSchema(), { name: 'TypeError', message: /ToolArgsSchema\.parse/ });
    assert.throws(() => new ToolArgsSchema(counterSchema), TypeError);
    assert.throws(() => new ArgsStream(), { name: 'TypeError', message: /schema\.stream/ });
  });

  test('a bad tool name, a schema that is not a ToolArgsSchema, options of the wrong type', () => {
    for (const name of ['no spaces', '', 'x'.repeat(129), 'é', 5, undefined]) {
      assert.throws(() => new Tool(name, counter), TypeError, `name ${String(name).slice(0, 20)}`);
    }
    assert.throws(() => new Tool('no spaces', counter), { message: /no spaces.*1 to 128 ASCII/ });
    assert.throws(() => new Tool('t', counterSchema), TypeError, 'a plain object is not a ToolArgsSchema');
    assert.throws(() => new Tool('t', counter, { outputSchema: counterSchema }), TypeError);
    assert.throws(() => new Tool('t', counter, { description: 5 }), TypeError);
    assert.throws(() => new Tool('t', counter, { title: {} }), TypeError);
    assert.throws(() => grammarForTools('update_counter', 'gbnf'), TypeError);
    assert.throws(() => grammarForTools([counter], 'gbnf'), TypeError, 'a schema is not a Tool');
  });

  test('the module still works after every misuse', () => {
    assert.throws(() => counter.validate(undefined), TypeError);
    assertStillWorks();
  });
});

describe('hostile input gets a clear refusal, never a throw or a trap', () => {
  const deepArrays = '['.repeat(100_000);
  const deepObjects = '{"a":'.repeat(100_000);

  test('100,000 nested brackets as call text, open and closed, at the root and inside a property', () => {
    for (const [what, text] of [
      ['open arrays', deepArrays],
      ['closed arrays', deepArrays + ']'.repeat(100_000)],
      ['open objects', deepObjects],
      ['closed objects', deepObjects + '1' + '}'.repeat(100_000)],
      ['inside a property', `{"delta": 1, "extra": ${deepArrays}${']'.repeat(100_000)}}`],
    ]) {
      assertAllRefused(allTextVerdicts(counter, text), what);
    }
    assert.match(counter.validateText(`{"delta": 1, "extra": ${deepArrays}`).error.message, /nested more than/);
    assertStillWorks();
  });

  test('100,000 nested brackets as schema text: a SchemaError from parse, a finding from lint, a refusal from convert', () => {
    const deepSchema =
      '{"type":"object","properties":{"a":'.repeat(100_000) + '{"type":"string"}' + '}}'.repeat(100_000);
    for (const text of [deepSchema, deepArrays, deepArrays + ']'.repeat(100_000)]) {
      assert.throws(
        () => ToolArgsSchema.parse(text),
        (err) => err instanceof SchemaError && err.diagnostics.length > 0 && err.diagnostics[0].pointer === '',
      );
      const findings = lint(text);
      assert.equal(findings[0].severity, 'error');
      assert.equal(convert(text).ok, false);
    }
    assertStillWorks();
  });

  test('a 10 MB string argument: accepted where unbounded, refused where bounded or mistyped, with a short message', () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    assert.deepEqual(counter.validate({ delta: 1, note: huge }), { ok: true });
    const mistyped = counter.validate({ delta: huge });
    assertRefused(mistyped, 'a string for an integer');
    assert.ok(mistyped.error.message.length < 1000, 'the refusal does not echo the 10 MB');
    const bounded = rich.validateText(`{"short": "${huge}"}`);
    assertRefused(bounded, 'over maxLength');
    assert.ok(JSON.stringify(bounded).length < 10_000, 'the refusal does not echo the 10 MB');
    const stream = counter.stream();
    assert.equal(stream.feed(`{"delta": 1, "note": "${huge}"}`).ok, true);
    const finished = stream.finish();
    assert.equal(finished.ok, true);
    assert.equal(finished.value.note.length, huge.length);
    assertStillWorks();
  });

  test('1e308, -0 and 2**53+1 as text get exact verdicts; 1e309 is refused as out of range', () => {
    const numbers = ToolArgsSchema.parse({
      type: 'object',
      properties: {
        n: { type: 'number' },
        i: { type: 'integer' },
        top: { type: 'integer', maximum: 2 ** 53 },
      },
    });
    assert.deepEqual(numbers.validateText('{"n": 1e308, "i": 1e308}'), { ok: true });
    assert.deepEqual(numbers.validateText('{"n": -1e308}'), { ok: true });
    assertRefused(counter.validateText('{"delta": 1e308}'), '1e308 over the maximum 100');
    assert.deepEqual(counter.validateText('{"delta": -0}'), { ok: true }, '-0 is the integer 0');
    assert.equal(counter.repair('{"delta": -0}').value.delta, JSON.parse('-0'), 'read back as JSON.parse reads it');
    assert.deepEqual(numbers.validateText(`{"top": ${2 ** 53}}`), { ok: true });
    // The text's exact value is checked, not the double JavaScript would
    // round 9007199254740993 to (which equals the maximum).
    assertRefused(numbers.validateText('{"top": 9007199254740993}'), '2**53+1 over the maximum 2**53');
    for (const text of ['{"n": 1e309}', '{"n": -1e309}', '{"delta": 1e309}']) {
      const refused = counter.validateText(text);
      assertRefused(refused, text);
      assert.equal(refused.error.errors[0].keyword, 'syntax', text);
    }
    assertStillWorks();
  });

  test('an array of 1,000,000 items: refused over maxItems, accepted where unbounded, refused early by a stream', () => {
    const items = Array.from({ length: 1_000_000 }, (_, k) => k);
    const over = rich.validate({ list: items });
    assertRefused(over, 'maxItems');
    assert.ok(over.error.errors.some((e) => e.keyword === 'maxItems'));
    const bigOk = ToolArgsSchema.parse({
      type: 'object',
      properties: { big: { type: 'array', items: { type: 'integer' } } },
    });
    assert.deepEqual(bigOk.validate({ big: items }), { ok: true });
    const stream = rich.stream();
    const text = JSON.stringify({ list: items });
    const fed = stream.feed(text);
    assertRefused(fed, 'maxItems, while streaming');
    assert.equal(fed.error.errors[0].keyword, 'maxItems');
    assert.ok(fed.refusedAt < 200, `refused at the 51st item (byte ${fed.refusedAt}), not at the end (${text.length})`);
    assertStillWorks();
  });

  test('astral characters are one character each, in values and in property names', () => {
    assert.deepEqual(rich.validate({ ...JSON.parse(richCall), short: '😀' }), { ok: true });
    assertRefused(rich.validate({ ...JSON.parse(richCall), short: '😀😀' }), 'two astral characters over maxLength 1');
    assert.deepEqual(counter.validate({ delta: 1, '𝒳': '𝒳' }), { ok: true });
    assert.deepEqual(counter.repair("{delta: 1, note: '😀'}").value, { delta: 1, note: '😀' });
    assertStillWorks();
  });

  test('lone surrogates raw in a JS string are refused as lone surrogates, in values, names and schemas', () => {
    for (const text of [
      '{"delta": 1, "note": "a\uD800b"}',
      '{"delta": 1, "note": "a\uDC00"}',
      '{"delta": 1, "note": "\uDBFF"}',
      '{"delta": 1, "\uD800": 1}',
    ]) {
      const verdicts = allTextVerdicts(counter, text);
      assertAllRefused(verdicts, JSON.stringify(text));
      assert.match(verdicts.validateText.error.message, /lone surrogate/, JSON.stringify(text));
    }
    assertRefused(counter.validateText('{"delta": 1}\uD800'), 'after the value');
    assertRefused(counter.validate({ delta: 1, note: 'a\uD800' }), 'in an object (JSON.stringify escapes it)');
    assert.throws(() => ToolArgsSchema.parse('{"type": "object", "description": "\uD800"}'), SchemaError);
    assertStillWorks();
  });

  test('a \\uD800 escape is refused; an escaped pair is one character', () => {
    for (const text of ['{"delta": 1, "note": "\\uD800"}', '{"delta": 1, "note": "\\uDC00\\uD800"}']) {
      assertAllRefused(allTextVerdicts(counter, text), text);
      assert.match(counter.validateText(text).error.message, /lone surrogate/);
    }
    assert.deepEqual(counter.repair('{"delta": 1, "note": "\\uD83D\\uDE00"}').value.note, '😀');
    assertStillWorks();
  });

  test('a backslash then a raw lone surrogate is not valid JSON and is refused', () => {
    const text = '{"delta": 1, "note": "\\\uD800"}';
    assert.throws(() => JSON.parse(text), SyntaxError, 'JavaScript agrees it is not JSON');
    assertAllRefused(allTextVerdicts(counter, text), 'a backslash and a lone surrogate');
    const stream = counter.stream();
    stream.feed('{"delta": 1, "note": "\\');
    stream.feed('\uD800"}');
    assertRefused(stream.finish(), 'the backslash and the surrogate in two pieces');
    assert.throws(() => ToolArgsSchema.parse('{"type": "object", "description": "\\\uD800"}'), SchemaError);
    // Two backslashes are one escaped backslash: the surrogate after them is lone.
    assertAllRefused(allTextVerdicts(counter, '{"delta": 1, "note": "\\\\\uD800"}'), 'an escaped backslash then a lone surrogate');
    assertStillWorks();
  });

  test('a raw lone surrogate next to an escaped other half reads as JSON.parse reads it: one character', () => {
    for (const text of ['{"delta": 1, "note": "\uD83D\\uDE00"}', '{"delta": 1, "note": "\\uD83D\uDE00"}']) {
      assert.equal(JSON.parse(text).note, '😀', 'JSON.parse pairs the halves');
      const repaired = counter.repair(text);
      assert.equal(repaired.ok, true, JSON.stringify(repaired));
      assert.equal(repaired.value.note, '😀');
      assert.deepEqual(counter.validateText(text), { ok: true });
    }
  });

  test('stream pieces: a surrogate pair split across two feeds is read as the one character', () => {
    const stream = rich.stream();
    const whole =
      '{"name":"n","short":"😀","tags":[],"pos":{"x":0,"y":0},"mode":"fast","flag":true,"count":0,' +
      '"target":{"id":"i"}}';
    const cut = whole.indexOf('😀') + 1;
    assert.equal(whole.charCodeAt(cut - 1), 0xd83d, 'the cut falls between the halves');
    assert.equal(stream.feed(whole.slice(0, cut)).ok, true);
    assert.equal(stream.feed(whole.slice(cut)).ok, true, 'maxLength 1 holds: the halves are one character');
    const finished = stream.finish();
    assert.equal(finished.ok, true, JSON.stringify(finished));
    assert.equal(finished.value.short, '😀');
    const alone = counter.stream();
    assert.equal(alone.feed('{"delta": 1, "note": "').ok, true);
    assert.equal(alone.feed('\uD83D').ok, true, 'a high half alone waits for its low half');
    assert.equal(alone.feed('\uDE00"}').ok, true);
    assert.deepEqual(alone.finish(), { ok: true, value: { delta: 1, note: '😀' } });
  });

  test('stream pieces: lone surrogates are refused, whether a piece ends or starts with one', () => {
    const highThenOther = counter.stream();
    highThenOther.feed('{"delta": 1, "note": "\uD83D');
    const refused = highThenOther.feed('x"}');
    assertRefused(refused, 'a high half followed by another character');
    assert.match(refused.error.message, /lone surrogate/);
    assertRefused(highThenOther.finish(), 'finish after that');
    const lowAlone = counter.stream();
    assertRefused(lowAlone.feed('{"delta": 1, "note": "\uDE00"}'), 'a low half alone');
    const highAtEnd = counter.stream();
    assert.equal(highAtEnd.feed('{"delta": 1, "note": "\uD83D').ok, true);
    assertCutShort(highAtEnd.finish(), 'a high half at the end of the text');
    const twoHighs = counter.stream();
    twoHighs.feed('{"delta": 1, "note": "\uD83D');
    twoHighs.feed('\uD83D');
    assertRefused(twoHighs.feed('\uDE00"}'), 'a lone high half before a pair');
    assertStillWorks();
  });

  test(
    'a pattern that backtracks exponentially in JavaScript runs in linear time here',
    { timeout: 20_000 },
    () => {
      const schema = ToolArgsSchema.parse({
        type: 'object',
        properties: { w: { type: 'string', pattern: '^(a+)+$' } },
      });
      assertRefused(schema.validate({ w: `${'a'.repeat(100_000)}!` }), 'no match');
      assert.deepEqual(schema.validate({ w: 'a'.repeat(100_000) }), { ok: true });
      assertStillWorks();
    },
  );

  test('a pattern outside the engine ((?<!a)b, lookbehind) is a SchemaError at its pointer, and lint and convert say so', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: '(?<!a)b' } } };
    assert.throws(
      () => ToolArgsSchema.parse(schema),
      (err) =>
        err instanceof SchemaError &&
        err.diagnostics.length === 1 &&
        err.diagnostics[0].pointer === '/properties/a/pattern' &&
        err.diagnostics[0].code === 'invalid_pattern',
    );
    assert.deepEqual(lint(schema).map((d) => [d.severity, d.pointer]), [['error', '/properties/a/pattern']]);
    const converted = convert(schema);
    assert.equal(converted.ok, true, 'convert drops it and says the handler must check it');
    assert.deepEqual(converted.changes.map((c) => [c.pointer, c.effect]), [['/properties/a/pattern', 'widens']]);
    assert.throws(
      () => ToolArgsSchema.parse({ type: 'object', properties: { a: { type: 'string', pattern: '(a' } } }),
      (err) => err instanceof SchemaError && err.diagnostics[0].pointer === '/properties/a/pattern',
    );
    assertStillWorks();
  });

  test('every prefix of a valid call (by UTF-16 unit) is refused by validateText as cut short, never accepted', () => {
    assert.deepEqual(rich.validateText(richCall), { ok: true });
    for (let end = 0; end < richCall.length; end++) {
      const prefix = richCall.slice(0, end);
      assertCutShort(rich.validateText(prefix), `prefix ${JSON.stringify(prefix)}`);
      assert.equal(rich.isValidText(prefix), false, `prefix ${JSON.stringify(prefix)}`);
    }
    assertStillWorks();
  });

  test("every prefix of a valid call is fed without refusal and refused by the stream's finish as cut short", () => {
    for (let end = 0; end < richCall.length; end++) {
      const prefix = richCall.slice(0, end);
      const stream = rich.stream();
      const fed = stream.feed(prefix);
      assert.equal(fed.ok, true, `prefix ${JSON.stringify(prefix)}: a prefix of a valid call can still become it`);
      assertCutShort(stream.finish(), `prefix ${JSON.stringify(prefix)}`);
    }
    assertStillWorks();
  });

  test('every UTF-8 byte prefix of a valid call, decoded as a JS caller would (U+FFFD for a cut character), is refused as cut short', () => {
    const bytes = new TextEncoder().encode(richCall);
    const decoder = new TextDecoder();
    for (let end = 0; end < bytes.length; end++) {
      const text = decoder.decode(bytes.subarray(0, end));
      assertCutShort(rich.validateText(text), `byte prefix ${end}`);
      const stream = rich.stream();
      stream.feed(text);
      assertCutShort(stream.finish(), `byte prefix ${end}, stream`);
    }
    assertStillWorks();
  });
});

describe('no eval', () => {
  const flag = '--disallow-code-generation-from-strings';
  const underFlag = process.execArgv.includes(flag) || (process.env.NODE_OPTIONS ?? '').includes(flag);

  test(
    'under the flag, eval and new Function throw EvalError, and the package loaded and validates',
    { skip: underFlag ? false : `run without ${flag} (npm test passes it)` },
    () => {
      assert.throws(() => eval('1'), EvalError);
      assert.throws(() => new Function(''), EvalError);
      assertStillWorks();
    },
  );

  test('a fresh Node under the flag refuses eval and new Function yet imports the package and validates', () => {
    const script = `
      import { ToolArgsSchema } from 'pedelec-schema';
      const threw = (f) => { try { f(); return 'none'; } catch (e) { return e.constructor.name; } };
      const schema = ToolArgsSchema.parse({
        type: 'object', properties: {delta: {type: 'integer', maximum: 100}}, required: ['delta'],
      });
      console.log(JSON.stringify({
        eval: threw(() => eval('1')),
        fn: threw(() => new Function('')),
        good: schema.validate({delta: 1}).ok,
        bad: schema.validate({delta: 101}).ok,
      }));
    `;
    const child = spawnSync(process.execPath, [flag, '--input-type=module', '-e', script], {
      cwd: new URL('.', import.meta.url),
      encoding: 'utf8',
    });
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), { eval: 'EvalError', fn: 'EvalError', good: true, bad: false });
  });

  test('npm test runs the suite under the flag', () => {
    const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
    assert.match(manifest.scripts.test, /node --test .*--disallow-code-generation-from-strings/);
  });
});
