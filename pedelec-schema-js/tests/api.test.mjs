// The npm package's JavaScript API as documented: every method and the
// shape of what it returns, `SchemaError` for a schema outside the subset,
// and `TypeError` for misuse. Hostile input is in hostile.test.mjs.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ArgsStream, SchemaError, Tool, ToolArgsSchema, convert, grammarForTools, lint } from 'pedelec-schema';
import { PROFILES, counterSchema, counter, rich, richCall, assertRefused, assertCutShort, assertChanges, assertStillWorks } from './support.mjs';

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

  test('the error document keeps to 16 KiB: repeats fold into one entry, the rest are counted in omitted', () => {
    const ids = ToolArgsSchema.parse({
      type: 'object',
      properties: { ids: { type: 'array', items: { type: 'integer' } } },
    });
    const folded = ids.validate({ ids: Array.from({ length: 100_000 }, (_, i) => String(i)) });
    assertRefused(folded, '100,000 wrong items');
    assert.equal(folded.error.errors.length, 1);
    assert.match(folded.error.errors[0].message, /; the same at 99999 more places: \/ids\/1, \/ids\/2, \/ids\/3, \.\.\.$/);
    assert.equal(folded.error.omitted, undefined);
    const properties = {};
    const args = {};
    for (let i = 0; i < 1000; i += 1) {
      properties[`p${i}`] = { type: 'string', maxLength: 1 };
      args[`p${i}`] = 'too long';
    }
    const many = ToolArgsSchema.parse({ type: 'object', properties }).validate(args);
    assertRefused(many, '1,000 different failures');
    assert.ok(JSON.stringify(many.error).length <= 16 * 1024);
    assert.equal(many.error.errors.length + many.error.omitted, 1000);
    assert.match(many.error.message, /more failures are left out of this document$/);
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

describe("a caller's own exception passes through as it is", () => {
  test('a toJSON that throws, in a schema or in arguments, is thrown as it was, not as a SchemaError', () => {
    class Boom extends Error {}
    const throwing = { toJSON() { throw new Boom('boom'); } };
    const range = { toJSON() { throw new RangeError('out of range'); } };
    assert.throws(() => ToolArgsSchema.parse({ type: 'object', description: throwing }), Boom);
    assert.throws(() => counter.validate({ delta: throwing }), Boom);
    assert.throws(() => counter.isValid({ delta: range }), (error) => error instanceof RangeError && error.message === 'out of range');
    assert.deepEqual(counter.validate({ delta: 1 }), { ok: true });
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
    // A name of a million characters is quoted as far as a name can be
    // long: the message stays a few hundred bytes.
    assert.throws(() => new Tool('n'.repeat(1_000_000), counter), (error) => {
      assert.equal(error.name, 'TypeError');
      assert.ok(error.message.startsWith(`tool name "${'n'.repeat(128)}"… is too long`), error.message.slice(0, 200));
      assert.ok(error.message.length < 400, `${error.message.length} characters`);
      return true;
    });
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
