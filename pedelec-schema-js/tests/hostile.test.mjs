// Hostile input gets a clear refusal - never a throw, never a WebAssembly
// trap - after which the module still works; and no eval: `npm test`
// passes --disallow-code-generation-from-strings, and the "no eval" tests
// prove it bites (they run with and without it).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SchemaError, ToolArgsSchema, convert, lint } from 'pedelec-schema';
import { counter, rich, richCall, assertRefused, assertCutShort, assertStillWorks, allTextVerdicts, assertAllRefused } from './support.mjs';

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

  test('a lone surrogate inside single quotes is refused by repair as JSON refuses it in double quotes', () => {
    // Raw in the JavaScript string, it crosses as the escape `\uD800`;
    // written as that escape, it is the same text. The same text in double
    // quotes gives the very refusal: message, byte and path.
    for (const double of [
      '{"delta": 1, "note": "a\uD800"}',
      '{"delta": 1, "note": "a\\uD800"}',
      '{"delta": 1, "note": "\\udc00 b"}',
    ]) {
      const single = double.replaceAll('"', "'");
      const repaired = counter.repair(single);
      assertRefused(repaired, single);
      assert.match(repaired.error.message, /lone surrogate/, JSON.stringify(single));
      assert.equal(repaired.error.message, counter.validateText(double).error.message, JSON.stringify(single));
    }
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
