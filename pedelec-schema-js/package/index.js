// The npm package `pedelec-schema`: the Rust library's verdicts, error
// documents, repairs, streams, exports and grammars, from its WebAssembly
// build. This file is the JavaScript API over the wasm-bindgen exports
// (`pedelec_schema_js.js`); it decides nothing about schemas or arguments.
// It turns JavaScript values into the JSON text the library reads, and
// parses the JSON text the wasm side answers, which is the whole answer
// (the wasm side writes every envelope but the two of the common case, a
// valid call and a piece a stream takes, answered here without parsing);
// it throws only `SchemaError` (from `parse`) and `TypeError` (misuse).

import init, {
  initSync,
  Schema as RawSchema,
  Tool as RawTool,
  ToolSet as RawToolSet,
  lint as rawLint,
  convert as rawConvert,
  validVerdict,
} from './pedelec_schema_js.js';

// Loads the module once, at import: from the file in Node (which has no
// `fetch` for `file:` URLs), by `fetch` elsewhere. Compiling WebAssembly
// is not code generation from strings, so this works where `eval` and
// `new Function` are forbidden.
const wasmUrl = new URL('./pedelec_schema_js_bg.wasm', import.meta.url);
if (wasmUrl.protocol === 'file:') {
  const { readFile } = await import('node:fs/promises');
  initSync({ module: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

// The verdict on valid arguments, as the wasm side writes it, read once:
// a valid call (the common one) then crosses no text, and gets a copy
// (it holds no object to share).
const VALID = JSON.parse(validVerdict());

/** A schema outside the subset: every error found, as the library lists them. */
export class SchemaError extends Error {
  constructor(message, diagnostics) {
    super(message);
    this.name = 'SchemaError';
    this.diagnostics = diagnostics;
  }
}

// Only this module makes the classes below around a wasm object.
const internal = Symbol('pedelec-schema internal');

export class ToolArgsSchema {
  #raw;

  constructor(token, raw) {
    if (token !== internal) {
      throw new TypeError('use ToolArgsSchema.parse(schema) to make a ToolArgsSchema');
    }
    this.#raw = raw;
  }

  static parse(schema) {
    const text = schemaText(schema);
    let raw;
    try {
      raw = RawSchema.parse(text);
    } catch (refusal) {
      const { message, diagnostics } = JSON.parse(refusal);
      throw new SchemaError(message, diagnostics);
    }
    return new ToolArgsSchema(internal, raw);
  }

  isValid(args) {
    return this.#raw.isValid(argsText(args));
  }

  isValidText(text) {
    return this.#raw.isValid(wellFormed(text, 'text'));
  }

  validate(args) {
    return verdict(this.#raw.validate(argsText(args)));
  }

  validateText(text) {
    return verdict(this.#raw.validate(wellFormed(text, 'text')));
  }

  repair(text) {
    return JSON.parse(this.#raw.repair(wellFormed(text, 'text')));
  }

  fromProviderText(text, profile) {
    const checked = wellFormed(text, 'text');
    return JSON.parse(misuse(() => this.#raw.fromProviderText(checkedString(profile, 'profile'), checked)));
  }

  stream(profile) {
    const name = profile === undefined ? undefined : checkedString(profile, 'profile');
    return new ArgsStream(internal, misuse(() => this.#raw.stream(name)));
  }

  export(profile) {
    return JSON.parse(misuse(() => this.#raw.export(checkedString(profile, 'profile'))));
  }

  grammar(format) {
    return JSON.parse(misuse(() => this.#raw.grammar(checkedString(format, 'format'))));
  }

  toJSON() {
    return JSON.parse(this.#raw.toJson());
  }

  /**
   * For `pedelec-schema/mcp`, which shows a refusal in one line:
   * `undefined` for valid arguments, otherwise `{error, summary}`, the
   * error document and the library's one-line summary of it (with the
   * conversion's note, for a schema from `convert`).
   */
  static refusalSummary(schema, args) {
    const refusal = ToolArgsSchema.raw(schema).refusalSummary(argsText(args));
    return refusal === undefined ? undefined : JSON.parse(refusal);
  }

  /** The wasm object of a schema made here, for `Tool`. */
  static raw(schema) {
    if (!(schema instanceof ToolArgsSchema)) {
      throw new TypeError('expected a ToolArgsSchema (from ToolArgsSchema.parse)');
    }
    return schema.#raw;
  }
}

export class ArgsStream {
  #raw;
  // A high surrogate that ended the last piece, kept for its low half.
  #pending = '';
  // Whether the text fed so far ends in an odd run of backslashes.
  #escaped = false;

  constructor(token, raw) {
    if (token !== internal) {
      throw new TypeError('use schema.stream() to make an ArgsStream');
    }
    this.#raw = raw;
  }

  feed(piece) {
    let text = this.#pending + checkedString(piece, 'piece');
    this.#pending = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.#pending = text.slice(-1);
      text = text.slice(0, -1);
    }
    const escaped = this.#escaped;
    this.#escaped = endsEscaping(text, text.length, escaped);
    const refusal = misuse(() => this.#raw.feed(escapeLoneSurrogates(text, escaped)));
    if (refusal !== undefined) return JSON.parse(refusal);
    // A piece taken is two reads, not a document to parse: a stream takes
    // many pieces (the identity test holds this layout to the wasm side's).
    return { ok: true, bytes: this.#raw.bytes(), path: this.#raw.path() };
  }

  finish() {
    if (this.#pending !== '') {
      // A refusal here is given again by `finish`: a refused stream stays
      // refused.
      misuse(() => this.#raw.feed(escapeLoneSurrogates(this.#pending, this.#escaped)));
      this.#pending = '';
    }
    return JSON.parse(misuse(() => this.#raw.finish()));
  }
}

export class Tool {
  #raw;

  constructor(name, schema, options = {}) {
    const raw = misuse(() => new RawTool(checkedString(name, 'name'), ToolArgsSchema.raw(schema)));
    const { description, title, outputSchema } = options ?? {};
    if (description !== undefined) raw.setDescription(checkedString(description, 'description'));
    if (title !== undefined) raw.setTitle(checkedString(title, 'title'));
    if (outputSchema !== undefined) raw.setOutputSchema(ToolArgsSchema.raw(outputSchema));
    this.#raw = raw;
  }

  export(profile) {
    return JSON.parse(misuse(() => this.#raw.export(checkedString(profile, 'profile'))));
  }

  /** The wasm object of a tool made here, for `grammarForTools`. */
  static raw(tool) {
    if (!(tool instanceof Tool)) {
      throw new TypeError('expected a Tool');
    }
    return tool.#raw;
  }
}

export function grammarForTools(tools, format) {
  if (!Array.isArray(tools)) {
    throw new TypeError('tools must be an array of Tool');
  }
  const set = new RawToolSet();
  for (const tool of tools) set.add(Tool.raw(tool));
  return JSON.parse(misuse(() => set.grammar(checkedString(format, 'format'))));
}

export function lint(schema) {
  return JSON.parse(rawLint(schemaText(schema)));
}

export function convert(schema) {
  const converted = rawConvert(schemaText(schema));
  const report = JSON.parse(converted.report());
  if (!report.ok) return report;
  return { ok: true, schema: new ToolArgsSchema(internal, converted.takeSchema()), changes: report.changes };
}

// The wasm side's verdict: its refusal, or the valid verdict when it
// answers nothing.
function verdict(refusal) {
  return refusal === undefined ? { ...VALID } : JSON.parse(refusal);
}

// A schema as text: a string is the text itself, anything else is
// written by JSON.stringify (which keeps an object's key order).
function schemaText(schema) {
  return typeof schema === 'string' ? wellFormed(schema, 'schema') : jsonText(schema, 'schema');
}

function argsText(args) {
  return jsonText(args, 'arguments');
}

function jsonText(value, what) {
  const text = JSON.stringify(value);
  if (text === undefined) {
    throw new TypeError(`the ${what} must be a JSON value, not ${typeof value}`);
  }
  return text;
}

function checkedString(value, what) {
  if (typeof value !== 'string') {
    throw new TypeError(`the ${what} must be a string, not ${typeof value}`);
  }
  return value;
}

// Text crosses into WebAssembly as UTF-8, which has no lone surrogates: the
// encoder would put U+FFFD in their place, silently. Written as `\uXXXX`
// escapes instead, a lone surrogate inside a JSON string gets the refusal
// the Rust library gives that escape (and one after a backslash becomes
// that backslash's escape, `\` + `uXXXX`, so that it is never read as an
// escaped backslash then plain text). Elsewhere the text is no JSON either
// way. A lone surrogate before an escaped other half reads as the pair,
// as `JSON.parse` reads it.
function wellFormed(text, what) {
  return escapeLoneSurrogates(checkedString(text, what), false);
}

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// `escaped`: the text before this one ends in an odd run of backslashes.
function escapeLoneSurrogates(text, escaped) {
  if (text.isWellFormed()) return text;
  let out = '';
  let from = 0;
  for (const { index } of text.matchAll(loneSurrogate)) {
    const hex = `u${text.charCodeAt(index).toString(16).toUpperCase()}`;
    out += text.slice(from, index) + (endsEscaping(text, index, escaped) ? hex : `\\${hex}`);
    from = index + 1;
  }
  return out + text.slice(from);
}

// Whether `text` up to `end` (after text that ended escaping, if
// `escaped`) ends in an odd run of backslashes: whether the character at
// `end` is escaped.
function endsEscaping(text, end, escaped) {
  let run = 0;
  while (run < end && text[end - 1 - run] === '\\') run += 1;
  return run === end ? (run % 2 === 1) !== escaped : run % 2 === 1;
}

// A refusal of the wasm side for misuse (an unknown profile or format, a
// bad tool name, a finished stream) is a string: thrown as a TypeError.
function misuse(call) {
  try {
    return call();
  } catch (refusal) {
    if (typeof refusal === 'string') throw new TypeError(refusal);
    throw refusal;
  }
}
