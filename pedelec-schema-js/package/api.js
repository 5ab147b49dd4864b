// The npm package's API over the wasm-bindgen exports
// (`pedelec_schema_js.js`), for every entry point: `index.js` (Node,
// browsers, Deno), `workerd.js` (Cloudflare Workers and other runtimes
// that import a `.wasm` as a module) and `init.js` (a host that loads the
// module its own way). Each entry hands the module to `initialize`; this
// file decides nothing about schemas or arguments. It turns JavaScript
// values into the JSON text the library reads, and parses the JSON text
// the wasm side answers, which is the whole answer (the wasm side writes
// every envelope but the two of the common case, a valid call and a piece
// a stream takes, answered here without parsing). It throws only
// `SchemaError` (from `parse`), `TypeError` (misuse) and `WasmTrap` (a bug
// in the package, after which the next call is answered by a fresh
// instance).

import {
  initSync,
  __wbg_reset_state as resetInstance,
  Schema as RawSchema,
  Tool as RawTool,
  ToolSet as RawToolSet,
  lint as rawLint,
  convert as rawConvert,
  validVerdict,
  maxTextLen,
  trapForTests,
} from './pedelec_schema_js.js';

// Set by `initialize`: the verdict on valid arguments, as the wasm side
// writes it, read once (a valid call, the common one, then crosses no
// text, and gets a copy: it holds no object to share), and the library's
// bound on a text of arguments.
let VALID;
let MAX_TEXT_LEN;

// How many times a trap made the package start a fresh instance: a wasm
// object made before the last one belongs to a dead instance.
let generation = 0;
// A trap whose instance could not be replaced at once: the next call tries.
let resetPending = false;

/**
 * Loads the package's WebAssembly: its `.wasm` as a compiled
 * `WebAssembly.Module` or as bytes. The entries `pedelec-schema` (Node,
 * browsers, Deno) and its `workerd`/`worker` build call it on import;
 * `pedelec-schema/init` leaves it to the host. Calls after the first do
 * nothing.
 */
export function initialize(module) {
  if (VALID !== undefined) return;
  if (!(module instanceof WebAssembly.Module || module instanceof ArrayBuffer || ArrayBuffer.isView(module))) {
    throw new TypeError("initialize takes the package's pedelec_schema_js_bg.wasm as a WebAssembly.Module, an ArrayBuffer or a typed array");
  }
  try {
    initSync({ module });
  } catch (error) {
    if (!(error instanceof WebAssembly.CompileError || error instanceof WebAssembly.LinkError)) throw error;
    throw new TypeError(`initialize was given a module that is not this package's pedelec_schema_js_bg.wasm: ${error.message}`);
  }
  VALID = JSON.parse(validVerdict());
  MAX_TEXT_LEN = maxTextLen();
}

function loaded() {
  if (VALID === undefined) {
    throw new TypeError("pedelec-schema/init: call initialize(module) with the package's .wasm first");
  }
}

/** A schema outside the subset: every error found, as the library lists them. */
export class SchemaError extends Error {
  constructor(message, diagnostics) {
    super(message);
    this.name = 'SchemaError';
    this.diagnostics = diagnostics;
  }
}

/**
 * The WebAssembly module trapped: a bug in the package, never an answer
 * about the arguments. The call that trapped throws it (its `cause` is the
 * engine's error); the next call is answered by a fresh instance, with
 * every schema and tool made before. A stream made before it throws it
 * too: its text so far went with the old instance.
 */
export class WasmTrap extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'WasmTrap';
  }
}

// Runs a call into the wasm side. A string thrown there is its refusal of
// misuse (an unknown profile or format, a bad tool name, a finished
// stream): a TypeError. A trap (a `WebAssembly.RuntimeError`, or a
// `RangeError` for a stack the module overflowed) leaves the instance in
// whatever state it stopped: it is dropped for a fresh one.
function call(run) {
  if (resetPending) restart();
  try {
    return run();
  } catch (error) {
    throw thrown(error);
  }
}

function thrown(error) {
  if (typeof error === 'string') return new TypeError(error);
  if (error instanceof WebAssembly.RuntimeError || error instanceof RangeError) {
    restart();
    return new WasmTrap(`the package's WebAssembly trapped (${error.message}), a bug; the next call is answered by a fresh instance`, { cause: error });
  }
  return error;
}

function restart() {
  generation += 1;
  resetPending = true;
  try {
    resetInstance();
    resetPending = false;
  } catch {
    // Memory for a new instance may be short just now: the next call tries again.
  }
}

/** For the package's tests: makes the wasm side trap, as a bug would. */
export function __trapForTests() {
  loaded();
  call(trapForTests);
}

// Only this module makes the classes below around a wasm object.
const internal = Symbol('pedelec-schema internal');

// A wasm object and how to make it again in a fresh instance.
class Held {
  #raw;
  #made = generation;
  #make;

  constructor(make) {
    this.#make = make;
    this.#raw = call(make);
  }

  get raw() {
    if (this.#made !== generation) {
      this.#raw = call(this.#make);
      this.#made = generation;
    }
    return this.#raw;
  }
}

export class ToolArgsSchema {
  #held;

  constructor(token, held) {
    if (token !== internal) {
      throw new TypeError('use ToolArgsSchema.parse(schema) to make a ToolArgsSchema');
    }
    this.#held = held;
  }

  static parse(schema) {
    loaded();
    const text = schemaText(schema);
    // The wasm side refuses a schema with its `{message, diagnostics}` as
    // text; any other throw passes through as it is.
    const make = () => {
      try {
        return RawSchema.parse(text);
      } catch (refusal) {
        if (typeof refusal !== 'string') throw refusal;
        const { message, diagnostics } = JSON.parse(refusal);
        throw new SchemaError(message, diagnostics);
      }
    };
    return new ToolArgsSchema(internal, new Held(make));
  }

  isValid(args) {
    const text = argsText(args);
    const raw = this.#held.raw;
    return call(() => raw.isValid(text));
  }

  isValidText(text) {
    const checked = callText(text);
    const raw = this.#held.raw;
    return call(() => raw.isValid(checked));
  }

  validate(args) {
    const text = argsText(args);
    const raw = this.#held.raw;
    return verdict(call(() => raw.validate(text)));
  }

  validateText(text) {
    const checked = callText(text);
    const raw = this.#held.raw;
    return verdict(call(() => raw.validate(checked)));
  }

  repair(text) {
    const checked = callText(text);
    const raw = this.#held.raw;
    return JSON.parse(call(() => raw.repair(checked)));
  }

  fromProviderText(text, profile) {
    const checked = callText(text);
    const name = checkedString(profile, 'profile');
    const raw = this.#held.raw;
    return JSON.parse(call(() => raw.fromProviderText(name, checked)));
  }

  stream(profile) {
    const name = profile === undefined ? undefined : checkedString(profile, 'profile');
    const raw = this.#held.raw;
    return new ArgsStream(internal, call(() => raw.stream(name)));
  }

  export(profile) {
    const name = checkedString(profile, 'profile');
    const raw = this.#held.raw;
    return JSON.parse(call(() => raw.export(name)));
  }

  grammar(format) {
    const name = checkedString(format, 'format');
    const raw = this.#held.raw;
    return JSON.parse(call(() => raw.grammar(name)));
  }

  toJSON() {
    const raw = this.#held.raw;
    return JSON.parse(call(() => raw.toJson()));
  }

  /**
   * For `pedelec-schema/mcp`, which shows a refusal in one line:
   * `undefined` for valid arguments, otherwise `{error, summary}`, the
   * error document and the library's one-line summary of it (with the
   * conversion's note, for a schema from `convert`).
   */
  static refusalSummary(schema, args) {
    const text = argsText(args);
    const raw = ToolArgsSchema.raw(schema);
    const refusal = call(() => raw.refusalSummary(text));
    return refusal === undefined ? undefined : JSON.parse(refusal);
  }

  /** The wasm object of a schema made here, for `Tool`. */
  static raw(schema) {
    if (!(schema instanceof ToolArgsSchema)) {
      throw new TypeError('expected a ToolArgsSchema (from ToolArgsSchema.parse)');
    }
    return schema.#held.raw;
  }
}

export class ArgsStream {
  #raw;
  #made = generation;
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
    const raw = this.#live();
    let text = this.#pending + checkedString(piece, 'piece');
    this.#pending = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.#pending = text.slice(-1);
      text = text.slice(0, -1);
    }
    const escaped = this.#escaped;
    this.#escaped = endsEscaping(text, text.length, escaped);
    // A piece past the library's bound crosses only as far as one byte
    // past it (see `bounded`); pieces that pass it together cross whole,
    // each at most the bound, and the library counts them.
    const checked = escapeLoneSurrogates(bounded(text), escaped);
    return call(() => {
      const refusal = raw.feed(checked);
      if (refusal !== undefined) return JSON.parse(refusal);
      // A piece taken is two reads, not a document to parse: a stream
      // takes many pieces (the identity test holds this layout to the wasm
      // side's).
      return { ok: true, bytes: raw.bytes(), path: raw.path() };
    });
  }

  finish() {
    const raw = this.#live();
    if (this.#pending !== '') {
      // A refusal here is given again by `finish`: a refused stream stays
      // refused.
      const pending = escapeLoneSurrogates(this.#pending, this.#escaped);
      this.#pending = '';
      call(() => raw.feed(pending));
    }
    return JSON.parse(call(() => raw.finish()));
  }

  #live() {
    if (this.#made !== generation) {
      throw new WasmTrap("this stream was made before the package's WebAssembly trapped, and its text so far went with that instance: start a new stream");
    }
    return this.#raw;
  }
}

export class Tool {
  #held;

  constructor(name, schema, options = {}) {
    loaded();
    const checkedName = checkedString(name, 'name');
    ToolArgsSchema.raw(schema);
    const { description, title, outputSchema } = options ?? {};
    if (description !== undefined) checkedString(description, 'description');
    if (title !== undefined) checkedString(title, 'title');
    if (outputSchema !== undefined) ToolArgsSchema.raw(outputSchema);
    this.#held = new Held(() => {
      const raw = new RawTool(checkedName, ToolArgsSchema.raw(schema));
      if (description !== undefined) raw.setDescription(description);
      if (title !== undefined) raw.setTitle(title);
      if (outputSchema !== undefined) raw.setOutputSchema(ToolArgsSchema.raw(outputSchema));
      return raw;
    });
  }

  export(profile) {
    const name = checkedString(profile, 'profile');
    const raw = this.#held.raw;
    return JSON.parse(call(() => raw.export(name)));
  }

  /** The wasm object of a tool made here, for `grammarForTools`. */
  static raw(tool) {
    if (!(tool instanceof Tool)) {
      throw new TypeError('expected a Tool');
    }
    return tool.#held.raw;
  }
}

export function grammarForTools(tools, format) {
  loaded();
  if (!Array.isArray(tools)) {
    throw new TypeError('tools must be an array of Tool');
  }
  const name = checkedString(format, 'format');
  const raws = tools.map((tool) => Tool.raw(tool));
  return JSON.parse(call(() => {
    const set = new RawToolSet();
    for (const raw of raws) set.add(raw);
    return set.grammar(name);
  }));
}

export function lint(schema) {
  loaded();
  const text = schemaText(schema);
  return JSON.parse(call(() => rawLint(text)));
}

export function convert(schema) {
  loaded();
  const text = schemaText(schema);
  const converted = call(() => rawConvert(text));
  const report = JSON.parse(call(() => converted.report()));
  if (!report.ok) return report;
  let first = call(() => converted.takeSchema());
  // In a fresh instance, the schema is converted again: the same text
  // converts to the same schema.
  const held = new Held(() => {
    const raw = first ?? rawConvert(text).takeSchema();
    first = undefined;
    return raw;
  });
  return { ok: true, schema: new ToolArgsSchema(internal, held), changes: report.changes };
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

// Arguments as the library reads them: their JSON text, within its bound.
function argsText(args) {
  return bounded(jsonText(args, 'arguments'));
}

// A call's text, as the library reads it.
function callText(text) {
  return escapeLoneSurrogates(bounded(checkedString(text, 'text')), false);
}

// A text longer than the library's bound crosses only as far as one byte
// past it, which the library refuses unread with the document it gives the
// whole text (a UTF-16 unit is at least one byte of UTF-8, so the cut text
// is still past the bound): a text of any length costs no more than one at
// the bound.
function bounded(text) {
  return text.length > MAX_TEXT_LEN ? text.slice(0, MAX_TEXT_LEN + 1) : text;
}

function jsonText(value, what) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    // A value too deep for the engine's stack, or whose text is too long
    // for one of its strings; anything else (a cycle, a BigInt, a throwing
    // `toJSON`) is the caller's to hear.
    if (!(error instanceof RangeError)) throw error;
    text = boundedJsonText(value);
  }
  if (text === undefined) {
    throw new TypeError(`the ${what} must be a JSON value, not ${typeof value}`);
  }
  return text;
}

// Deeper than this, a value's text is past the library's nesting limit
// (128 levels) and is refused where that limit is passed.
const DEEPEST_WRITTEN = 256;

// The text of a value `JSON.stringify` cannot write: the same text, but
// for each array or object nested past DEEPEST_WRITTEN, written empty. The
// library refuses the text where it first nests past its limit, which is
// before any of those, so it gives the document it gives the whole text.
// A text too long for the engine is one past the library's bound: refused
// for its length alone.
function boundedJsonText(value) {
  const depths = new WeakMap();
  try {
    return JSON.stringify(value, function (key, inner) {
      if (typeof inner !== 'object' || inner === null) return inner;
      const depth = (depths.get(this) ?? 0) + 1;
      if (depth > DEEPEST_WRITTEN) return Array.isArray(inner) ? [] : {};
      depths.set(inner, depth);
      return inner;
    });
  } catch (error) {
    // Only a text too long for one of the engine's strings is refused for
    // its length (V8 says "Invalid string length"); a `toJSON` that throws
    // is the caller's to hear.
    if (!(error instanceof RangeError) || !/string length/i.test(error.message)) throw error;
    return ' '.repeat(MAX_TEXT_LEN + 1);
  }
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
