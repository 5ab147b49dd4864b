// Types of `pedelec-schema/mcp`: the JSON Schema validator for the official
// MCP TypeScript SDK (mcp.js). Written to match the SDK's
// `jsonSchemaValidator` interface structurally, so that the package needs
// no dependency on the SDK.

import type { AgentError, Change } from './index.js';

/**
 * What a validator answers: the SDK's `JsonSchemaValidatorResult<T>`,
 * member for member. A refusal by the library (not by the fallback) also
 * has `error`, the whole `AgentError`, at run time; the type leaves it
 * out, because TypeScript relates the generic `getValidator` to the SDK's
 * only when the result types are the same (`'error' in result` finds it).
 */
export type PedelecValidatorResult<T> =
  | { valid: true; data: T; errorMessage: undefined }
  | {
      valid: false;
      data: undefined;
      /**
       * Every failure as `path: message` (`(root)` for the root), `; `
       * between them: the entries of the agent-facing document, without the
       * document's first sentence (which speaks of a tool's arguments; the
       * SDK writes its own before this text). When the schema was checked
       * as converted into the subset, a note in parentheses says so and
       * names the constraints that were not checked; when a fallback
       * validator checked it, a note says which (the one given, or the
       * SDK's `CfWorkerJsonSchemaValidator`).
       */
      errorMessage: string;
    };

/** The SDK's `JsonSchemaValidator<T>`: a function called once per value. */
export type PedelecValidator<T> = (input: unknown) => PedelecValidatorResult<T>;

/** What a `PedelecJsonSchemaValidator` did with a schema outside the subset. */
export interface OutsideSubset {
  /** The schema as the SDK gave it. */
  schema: unknown;
  /**
   * Why `ToolArgsSchema.parse` refused it: a `SchemaError` (its
   * `diagnostics` list every problem), or a `TypeError` for a schema that
   * is no JSON value.
   */
  error: Error;
  /** `convert`'s report; `null` when the schema is no JSON value. */
  conversion:
    | { ok: true; changes: Change[] }
    | { ok: false; reasons: { pointer: string; code: string; message: string }[] }
    | null;
  /**
   * Who checks values against it: `"conversion"` (the converted schema:
   * exactly when every change is lossless, otherwise - only with no
   * fallback - without the constraints of its `widens` changes),
   * `"fallback"` (the fallback validator, exactly), or `"nothing"` (every
   * value is accepted).
   */
  checkedBy: 'conversion' | 'fallback' | 'nothing';
  /**
   * The validator's fallback: `"given"` (the `fallback` option),
   * `"default"` (the SDK's `CfWorkerJsonSchemaValidator`, imported by
   * default), `"none"` (declined with `fallback: null`) or
   * `"unavailable"` (none given, and the default could not be imported:
   * the SDK or `@cfworker/json-schema` is not installed, or the code is
   * bundled).
   */
  fallback: 'given' | 'default' | 'none' | 'unavailable';
  /** What the fallback's `getValidator` threw, when it threw. */
  fallbackError?: unknown;
}

export interface PedelecJsonSchemaValidatorOptions {
  /**
   * The validator for the schemas the library cannot check exactly (their
   * conversion widens, narrows or fails): any object with the SDK's
   * `getValidator(schema)`, such as its `CfWorkerJsonSchemaValidator` (no
   * code generation) or `AjvJsonSchemaValidator`.
   *
   * Left out, it is the SDK's `CfWorkerJsonSchemaValidator` with its
   * defaults, when `@modelcontextprotocol/sdk/validation/cfworker` (and
   * so `@cfworker/json-schema`) can be imported from this package, which
   * it tries once, at load. A bundler does not follow that import (the
   * package bundles without the SDK), so in a bundle, such as a
   * Cloudflare Worker's, pass it: `new CfWorkerJsonSchemaValidator()`.
   *
   * `null`: no fallback. Such schemas are then checked weaker than written
   * (without what their conversion drops, or not at all), with a warning.
   */
  fallback?: { getValidator(schema: any): (input: unknown) => { valid: boolean; errorMessage?: string } } | null;
  /**
   * Called for every schema outside the subset, with what was done with
   * it. Without it, a schema checked weaker than written (with no
   * fallback) is named in a `console.warn`.
   */
  onOutsideSubset?: (report: OutsideSubset) => void;
}

/**
 * A JSON Schema validator for the official MCP TypeScript SDK
 * (`@modelcontextprotocol/sdk`): pass it as the `jsonSchemaValidator`
 * option of a `Client` (which checks every tool result's
 * `structuredContent` against the tool's `outputSchema`) or of a `Server`
 * (which checks elicitation answers). It compiles no code, so it runs
 * where `eval` is forbidden.
 *
 * ```js
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * import { PedelecJsonSchemaValidator } from 'pedelec-schema/mcp';
 *
 * const client = new Client({ name: 'host', version: '1.0.0' }, {
 *   jsonSchemaValidator: new PedelecJsonSchemaValidator(),
 * });
 * ```
 *
 * `getValidator` throws for no schema (the SDK builds every output
 * validator while it lists tools, so a throw would cost the client every
 * tool of the server), the library refuses no value the schema accepts,
 * and no schema is checked weaker than written in silence:
 *
 * - A schema inside the Pedelec argsSchema subset is checked by the
 *   library, exactly, with its error messages.
 * - A schema outside it is converted into the subset (`convert`). A
 *   lossless conversion is checked exactly.
 * - Any other (its conversion widens, narrows or fails, as for `null` in
 *   an `anyOf`) is checked exactly by the fallback validator: the
 *   `fallback` option, or by default the SDK's
 *   `CfWorkerJsonSchemaValidator` where it can be imported.
 * - Only with no fallback (`fallback: null`, the default not importable,
 *   or a fallback that cannot compile the schema) is it checked weaker: a
 *   conversion that only widens (drops `format`,
 *   `additionalProperties: false`) refuses only what the source refuses,
 *   and its refusals say which constraints were not checked; otherwise
 *   every value is accepted, as the SDK does for a tool without an output
 *   schema. `onOutsideSubset` hears of these (by default, a
 *   `console.warn` names them).
 */
export class PedelecJsonSchemaValidator {
  constructor(options?: PedelecJsonSchemaValidatorOptions);
  getValidator<T>(schema: object): PedelecValidator<T>;
}
