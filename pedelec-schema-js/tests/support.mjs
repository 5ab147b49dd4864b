// What the API tests share: the schemas they call, and the assertions on
// the shapes the package answers with.

import assert from 'node:assert/strict';
import { ToolArgsSchema } from 'pedelec-schema';

export const PROFILES = [
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

export const counterSchema = {
  type: 'object',
  properties: {
    delta: { type: 'integer', minimum: -100, maximum: 100, description: 'Signed amount.' },
    note: { type: 'string' },
  },
  required: ['delta'],
};
export const counter = ToolArgsSchema.parse(counterSchema);

// Every kind of JSON token, escapes and astral characters, for the prefix
// and piece-by-piece tests.
export const rich = ToolArgsSchema.parse({
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
export const richCall =
  '{"name":"a\\"b\\\\c\\u00e9\\uD83D\\uDE00 é😀","short":"😀","tags":["x","y"],' +
  '"pos":{"x":-1.5e+3,"y":0.25},"mode":"safe","flag":false,"count":-12,"target":{"index":3}}';

/** A refusal as documented: `{ok: false, error}` with the error document. */
export function assertRefused(result, what) {
  assert.equal(result.ok, false, `${what}: expected a refusal, got ${JSON.stringify(result).slice(0, 200)}`);
  assertErrorDocument(result.error, what);
}

/** `{code: "INVALID_ARGS", message, errors: [{path, keyword, message}, ...]}`. */
export function assertErrorDocument(error, what) {
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
export function assertCutShort(result, what) {
  assertRefused(result, what);
  assert.equal(result.error.errors[0].keyword, 'syntax', what);
  assert.match(result.error.message, /cut short/, what);
}

/** `[{pointer, code, effect, message}, ...]`, the library's changes. */
export function assertChanges(changes, what) {
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
export function assertStillWorks() {
  assert.deepEqual(counter.validate({ delta: 1 }), { ok: true });
  assert.equal(counter.isValidText('{"delta": -100}'), true);
  assertRefused(counter.validateText('{"delta": 101}'), 'a call over the maximum');
  const fresh = ToolArgsSchema.parse({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
  assert.deepEqual(fresh.validate({ q: 'x' }), { ok: true });
}

/** Every way of checking a call's text, for a hostile text. */
export function allTextVerdicts(schema, text) {
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

export function assertAllRefused(verdicts, what) {
  assertRefused(verdicts.validateText, `${what}: validateText`);
  assert.equal(verdicts.isValidText, false, `${what}: isValidText`);
  assertRefused(verdicts.repair, `${what}: repair`);
  assertRefused(verdicts.fromProviderText, `${what}: fromProviderText`);
  assertRefused(verdicts.streamFinish, `${what}: stream finish`);
}
