// The hostile cases the package's README names, as one function that any
// runtime runs with the package's API in hand (Node, Node with code
// generation forbidden, Deno, workerd via wrangler's bundle, Chromium).
// It imports nothing, so that every runtime loads it as it is; each runner
// compares the answers with Node's (`answers.test.mjs` checks Node's own
// against what the README promises).
//
// Every case is a call or a few, and its answer is what the API returned,
// or, if it threw, `{threw: name, message}`: a runtime that throws where
// Node answers, or answers otherwise, differs.

const schema = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 64 },
    n: { type: 'integer', minimum: -100, maximum: 100 },
    x: { type: 'number', maximum: 0 },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    any: { type: 'array', items: { type: 'integer' } },
    nested: { type: 'object', properties: { deep: { type: 'array', items: { type: 'integer' } } } },
  },
  required: ['q'],
};

function nestedArrays(depth, inner) {
  let value = inner;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

function nestedObjects(depth, inner) {
  let value = inner;
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** Runs every case against `api` (the package's exports); returns `{case: answer}`. */
export function runCases(api) {
  const { ToolArgsSchema, SchemaError, WasmTrap, lint, convert, __trapForTests } = api;
  const answers = {};
  const answer = (name, run) => {
    try {
      answers[name] = run();
    } catch (error) {
      answers[name] = { threw: error?.name ?? typeof error, message: String(error?.message ?? error) };
    }
  };
  const tool = ToolArgsSchema.parse(schema);
  const every = (text) => {
    const stream = tool.stream();
    const fed = stream.feed(text);
    return {
      validateText: tool.validateText(text),
      isValidText: tool.isValidText(text),
      repair: tool.repair(text),
      fromProviderText: tool.fromProviderText(text, 'openai-strict'),
      stream: fed.ok ? stream.finish() : fed,
    };
  };

  // Deep values, which `JSON.parse` builds without complaint: the refusal
  // their text gets.
  for (const depth of [1_000, 100_000, 1_000_000]) {
    for (const [kind, value] of [
      ['arrays', nestedArrays(depth, 1)],
      ['objects', nestedObjects(depth, 1)],
    ]) {
      answer(`a value ${kind} ${depth} deep: validate, isValid`, () => ({
        validate: tool.validate({ q: 'a', any: [value] }),
        isValid: tool.isValid({ q: 'a', any: [value] }),
      }));
    }
  }
  for (const depth of [100_000, 1_000_000]) {
    // Under a property the schema does not name, so that nothing but the
    // nesting refuses them.
    answer(`text nested ${depth} deep, closed`, () => every(`{"q": "a", "other": [${'['.repeat(depth)}${']'.repeat(depth)}]}`));
    answer(`text nested ${depth} deep, open`, () => every(`{"q": "a", "other": {"deep": ${'{"a":'.repeat(depth)}`));
  }
  answer('a schema nested 100,000 deep, as a value', () => {
    try {
      ToolArgsSchema.parse(nestedObjects(100_000, { type: 'string' }));
      return 'parsed';
    } catch (error) {
      return { refused: error instanceof SchemaError, codes: error.diagnostics?.map((d) => d.code) };
    }
  });
  answer('lint and convert of a schema nested 100,000 deep', () => ({
    lint: lint(nestedObjects(100_000, {})).map((d) => d.code),
    convert: convert(nestedObjects(100_000, {})).ok,
  }));

  // Huge: past the library's 16 MiB bound, refused for its length; at the
  // bound, read.
  const big = 'x'.repeat(17 * 1024 * 1024);
  answer('a text of 17 MiB', () => every(big));
  answer('a value whose text is 17 MiB', () => ({
    validate: tool.validate({ q: big }),
    isValid: tool.isValid({ q: big }),
  }));
  answer('a stream fed 17 MiB in two pieces', () => {
    const stream = tool.stream();
    const first = stream.feed(`{"q": "a", "other": "${big.slice(0, 9 << 20)}`);
    return [first.ok, stream.feed(`${big.slice(0, 9 << 20)}"}`), stream.finish()];
  });
  answer('a string of 16 MiB of astral characters', () => tool.validate({ q: 'a', any: ['😀'.repeat(4 << 20)] }).ok);
  answer('an array of 1,000,000 items', () => tool.validate({ q: 'a', any: new Array(1_000_000).fill(0) }));
  answer('1,000,000 repeated tags', () => tool.validate({ q: 'a', tags: new Array(1_000_000).fill('t') }).error?.errors.length);

  // Odd numbers, as text (the value's own text is what is checked).
  for (const number of ['1.0', '-0.0', '1e308', '1e309', '9007199254740993', '-9007199254740993', '1e-400', '-1e-400', '100.0', '100.5', '1E2']) {
    answer(`n = ${number}`, () => tool.validateText(`{"q": "a", "n": ${number}}`));
    answer(`x = ${number}`, () => tool.validateText(`{"q": "a", "x": ${number}}`));
  }
  answer('numbers as values: -0, 2^53 + 2, 1e308, NaN, Infinity', () =>
    [-0, 2 ** 53 + 2, 1e308, NaN, Infinity].map((n) => tool.validate({ q: 'a', n })));

  // Unicode: astral characters count as one, lone surrogates are refused
  // as the library refuses their escapes.
  answer('astral characters against maxLength', () =>
    [64, 65].map((len) => tool.validate({ q: '𝄞'.repeat(len) })));
  for (const [what, text] of [
    ['a lone high surrogate', '{"q": "\ud800"}'],
    ['a lone low surrogate', '{"q": "a\udc00b"}'],
    ['an escaped lone surrogate', '{"q": "\\ud800"}'],
    ['a lone surrogate after a backslash', '{"q": "\\\ud800"}'],
    ['a lone surrogate outside a string', '{"q": "a"}\ud800'],
  ]) {
    answer(what, () => every(text));
  }
  answer('a lone surrogate in a value', () => tool.validate({ q: 'a\ud800' }));
  answer('a lone surrogate in a stream piece, split across pieces', () => {
    const stream = tool.stream();
    return [stream.feed('{"q": "\ud83d'), stream.feed('\ude00\ud800"}'), stream.finish()];
  });

  // A call cut at every byte: refused as cut short, never completed.
  const call = '{"q": "a😀\\n", "n": -12, "tags": ["a", "b"], "nested": {"deep": [1.5e3, null, true]}}';
  answer('a call cut at every character', () => {
    const verdicts = [];
    for (let end = 0; end <= call.length; end += 1) {
      const cut = call.slice(0, end);
      verdicts.push([tool.validateText(cut).ok, tool.repair(cut).ok, every(cut).stream.ok]);
    }
    return verdicts;
  });
  answer('the whole call fed one character at a time', () => {
    const stream = tool.stream();
    for (const character of call) {
      const fed = stream.feed(character);
      if (!fed.ok) return fed;
    }
    return stream.finish();
  });

  // Schemas outside the subset: a SchemaError that names each keyword.
  for (const [what, bad] of [
    ['a bad regex', { type: 'object', properties: { q: { type: 'string', pattern: '(' } } }],
    ['$ref', { type: 'object', properties: { q: { $ref: '#/$defs/q' } }, $defs: { q: { type: 'string' } } }],
    ['additionalProperties', { type: 'object', additionalProperties: false }],
    ['format', { type: 'object', properties: { q: { type: 'string', format: 'email' } } }],
    ['not an object at the root', { type: 'string' }],
    ['text that is not JSON', '{"type": "object",'],
  ]) {
    answer(`a schema with ${what}`, () => {
      try {
        ToolArgsSchema.parse(bad);
        return 'parsed';
      } catch (error) {
        return { refused: error instanceof SchemaError, diagnostics: error.diagnostics };
      }
    });
  }

  // Misuse: a TypeError that says which.
  answer('misuse', () =>
    [
      () => tool.validate(undefined),
      () => tool.validate(10n),
      () => tool.validateText(5),
      () => tool.export('no-such-profile'),
      () => tool.grammar('yacc'),
      () => ToolArgsSchema.parse(Symbol('s')),
      () => {
        const cyclic = { q: 'a' };
        cyclic.self = cyclic;
        return tool.validate(cyclic);
      },
    ].map((misused) => {
      try {
        misused();
        return 'no throw';
      } catch (error) {
        return error.name;
      }
    }));

  // A trap (forced: none is known) throws one WasmTrap; the next calls are
  // answered by a fresh instance, with the schemas made before; a stream
  // made before says it is lost.
  answer('after a trap', () => {
    const stream = tool.stream();
    stream.feed('{"q": ');
    let trapped;
    try {
      __trapForTests();
      trapped = 'no throw';
    } catch (error) {
      trapped = error instanceof WasmTrap;
    }
    let lost;
    try {
      stream.feed('"a"}');
      lost = 'no throw';
    } catch (error) {
      lost = error instanceof WasmTrap;
    }
    const fresh = tool.stream();
    return {
      trapped,
      lost,
      validate: [tool.validate({ q: 'a' }), tool.validate({ q: 5 })],
      fresh: [fresh.feed('{"q": "a"}').ok, fresh.finish()],
      parse: ToolArgsSchema.parse(schema).validate({}),
    };
  });

  return answers;
}
