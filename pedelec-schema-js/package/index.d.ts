// Types of `pedelec-schema` (index.js): the Pedelec argsSchema subset of
// JSON Schema, with the Rust library's verdicts and documents.

/** A failure of a value against its schema. */
export interface ValidationEntry {
  /** Where, in the arguments: a JSON Pointer ("" for the root). */
  path: string;
  /** The keyword that refused it, as a JSON Pointer into the schema. */
  schema_path: string;
  /** The keyword's name (`"required"`, `"maximum"`, ...). */
  keyword: string;
  /** What is wrong, for the model. */
  message: string;
}

/** Text that is not JSON: where it stopped and what was expected. */
export interface SyntaxEntry {
  /** The JSON Pointer of the value being read. */
  path: string;
  /** The byte (of the text's UTF-8) where reading stopped. */
  offset: number;
  keyword: 'syntax';
  message: string;
}

/**
 * The agent-facing error document: what a tool returns under `"error"`,
 * byte for byte what the Rust library's `to_response()` writes there. It
 * stays within 16 KiB of JSON: the same problem at many places is one
 * entry (its message counts and names the others), the first entries are
 * kept while they fit, and each message stops at 2 KiB.
 */
export interface AgentError {
  code: 'INVALID_ARGS';
  /** One sentence with the first failures, for a model that reads only this. */
  message: string;
  /** The failures, the same problem at many places folded into one; or the one syntax error. */
  errors: Array<ValidationEntry | SyntaxEntry>;
  /** How many failures are left out to keep within the budget; absent when none are. */
  omitted?: number;
}

/** `{ ok: true }`, or why not. */
export type Verdict = { ok: true } | { ok: false; error: AgentError };

/** Arguments read from text, or why not. */
export type Read<T = Record<string, JsonValue>> = { ok: true; value: T } | { ok: false; error: AgentError };

/** Any value JSON holds. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A finding about a schema. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Stable, snake_case (`unsupported_keyword`, `unbounded_array`, ...). */
  code: string;
  /** Where, in the schema: a JSON Pointer. */
  pointer: string;
  message: string;
}

/** A change made to a schema or a text: by an export, a conversion, a grammar, a repair. */
export interface Change {
  /** Where: a JSON Pointer (into the schema, or into the repaired value). */
  pointer: string;
  /** Stable, snake_case. */
  code: string;
  /** What it does to the values accepted. */
  effect: 'lossless' | 'widens' | 'narrows';
  message: string;
  /** Present when the result breaks a rule of its destination. */
  severity?: 'error';
}

/** The profiles `export`, `stream` and `fromProviderText` take. */
export type Profile =
  | 'mcp'
  | 'openai-strict'
  | 'openai-chat'
  | 'anthropic-strict'
  | 'gemini'
  | 'gemini-openapi'
  | 'llguidance'
  | 'xgrammar'
  | 'outlines'
  | 'llama-cpp';

/** Where a stream is. */
export type Progress =
  | {
      ok: true;
      /** Bytes (of the text's UTF-8) read so far. */
      bytes: number;
      /** The JSON Pointer of the value being read. */
      path: string;
    }
  | {
      ok: false;
      error: AgentError;
      /** The byte at which no continuation could be valid any more. */
      refusedAt: number | null;
    };

/** A schema outside the subset, with every error found. */
export class SchemaError extends Error {
  readonly name: 'SchemaError';
  /** Every error (`severity: "error"`), with its pointer. */
  readonly diagnostics: Diagnostic[];
}

/**
 * The package's WebAssembly trapped: a bug in the package, never an
 * answer about the arguments. The call that trapped throws it (`cause` is
 * the engine's error); the next call is answered by a fresh instance, with
 * every schema and tool made before. A stream made before it throws it
 * too: its text so far went with the old instance.
 */
export class WasmTrap extends Error {
  readonly name: 'WasmTrap';
}

/**
 * A schema inside the subset, compiled once. Validation never fills in
 * defaults and never throws; arguments as an object are read as
 * `JSON.stringify` writes them (so give the text for integers beyond
 * 2^53, which an object cannot hold exactly).
 *
 * `T` is the arguments' type: the one `pedelec-lint --export typescript`
 * writes from the same schema (every value the schema accepts has it).
 * The package takes it on trust: it never checks a type against a schema.
 * It may be any object type - an interface without an index signature, or
 * the generated types, whose `[key: string]: unknown` is no `JsonValue` -
 * because a subset schema's root is always an object, and `T` appears
 * only where a value is given out, so `ToolArgsSchema<T>` is a
 * `ToolArgsSchema<object>`, which is what `Tool` takes.
 */
export class ToolArgsSchema<T extends object = Record<string, JsonValue>> {
  // The package takes only its own instances (`instanceof`); this keeps an
  // object of the same shape from type-checking where one is expected.
  #private;
  private constructor();
  /**
   * Parses a schema: an object, or its JSON text (whose key order is
   * kept). Throws `SchemaError` for a schema outside the subset.
   */
  static parse<T extends object = Record<string, JsonValue>>(schema: object | string): ToolArgsSchema<T>;
  /** Whether the arguments are valid; if so, they have the type `T`. */
  isValid(args: unknown): args is T;
  /** Whether the arguments' JSON text is valid (text that is not JSON is not). */
  isValidText(text: string): boolean;
  /** `{ ok: true }`, or the error document with every failure. */
  validate(args: unknown): Verdict;
  /** The same for JSON text; text that is not JSON gets a located syntax error. */
  validateText(text: string): Verdict;
  /**
   * Reads text as a model sloppily writes it (single quotes, trailing
   * commas, Python literals, a fence around it...), never completing a
   * call cut short: the value with each repair and a note for the model,
   * or the error document.
   */
  repair(text: string):
    | { ok: true; value: T; changes: Change[]; note: string }
    | { ok: false; error: AgentError };
  /**
   * Reads a call that a model wrote against `profile`'s export, taking out
   * what the export added (strict mode's `null`s for optional properties).
   */
  fromProviderText(text: string, profile: Profile): Read<T>;
  /**
   * Checks arguments as their text arrives, refusing at the first byte no
   * continuation can make valid. For a call written against `profile`'s
   * export, `finish` undoes it.
   */
  stream(profile?: Profile): ArgsStream<T>;
  /** The schema as `profile` wants it, with every change made. */
  export(profile: Profile): { schema: Record<string, JsonValue>; changes: Change[] };
  /** A grammar for the arguments' text, for constrained decoding. */
  grammar(format: 'gbnf' | 'lark'): { text: string; changes: Change[] };
  /** The schema, keywords in canonical order. */
  toJSON(): Record<string, JsonValue>;
}

/** A call's text, checked piece by piece (see `ToolArgsSchema.stream`). */
export class ArgsStream<T extends object = Record<string, JsonValue>> {
  private constructor();
  /** Reads the next piece, cut anywhere. A refused stream stays refused. */
  feed(piece: string): Progress;
  /** The arguments, once the text is complete; a call cut short is refused. */
  finish(): Read<T>;
}

/** A tool: a name and an arguments schema, with a description, a title and an output schema. */
export class Tool {
  // As for `ToolArgsSchema`: `grammarForTools` takes only real `Tool`s.
  #private;
  /**
   * Throws `TypeError` for a name that no provider accepts (the message
   * says why). The schemas may have any arguments' type (`ToolArgsSchema<T>`).
   */
  constructor(
    name: string,
    schema: ToolArgsSchema<object>,
    options?: { description?: string; title?: string; outputSchema?: ToolArgsSchema<object> },
  );
  /** The tool definition `profile` takes, with the changes of each schema. */
  export(profile: Profile): {
    definition: Record<string, JsonValue>;
    changes: Change[];
    outputChanges: Change[];
  };
}

/** One grammar for a call of any of `tools`: its name, then its arguments. */
export function grammarForTools(tools: Tool[], format: 'gbnf' | 'lark'): { text: string; changes: Change[] };

/** Every error and warning about a schema (object or JSON text). */
export function lint(schema: object | string): Diagnostic[];

/** A JSON Schema brought into the subset, with every change; or why it cannot be. */
export function convert(
  schema: object | string,
):
  | { ok: true; schema: ToolArgsSchema; changes: Change[] }
  | { ok: false; reasons: Array<{ pointer: string; code: string; message: string }> };
