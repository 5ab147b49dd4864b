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
       * names the constraints that were not checked; when the fallback
       * validator checked it, a note says that.
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
   * Who checks values against it: `"conversion"` (the converted schema,
   * exactly when every change is lossless, otherwise without the
   * constraints of its `widens` changes), `"fallback"` (the `fallback`
   * option), or `"nothing"` (every value is accepted).
   */
  checkedBy: 'conversion' | 'fallback' | 'nothing';
  /** What the fallback's `getValidator` threw, when it threw. */
  fallbackError?: unknown;
}

export interface PedelecJsonSchemaValidatorOptions {
  /**
   * A validator for the schemas the library cannot check faithfully: any
   * object with the SDK's `getValidator(schema)`, such as its
   * `CfWorkerJsonSchemaValidator` (no code generation) or
   * `AjvJsonSchemaValidator`. Given one, it also takes the schemas whose
   * conversion only widens, which it checks in full.
   */
  fallback?: { getValidator(schema: any): (input: unknown) => { valid: boolean; errorMessage?: string } };
  /**
   * Called for every schema outside the subset, with what was done with
   * it. Without it, a schema that nothing checks is named in a
   * `console.warn`.
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
 * tool of the server), and the library refuses no value the schema
 * accepts:
 *
 * - A schema inside the Pedelec argsSchema subset is checked by the
 *   library, exactly, with its error messages.
 * - A schema outside it is converted into the subset (`convert`). A
 *   lossless conversion is checked exactly; one that only widens (it drops
 *   constraints such as `format` or `additionalProperties: false`) refuses
 *   only what the source refuses too, and is used unless a `fallback` is
 *   given; its refusals say which constraints were not checked.
 * - A schema whose conversion narrows (it would refuse values the source
 *   accepts, such as `null` in an `anyOf`) or fails is checked by the
 *   `fallback` if given, and otherwise not at all: every value is
 *   accepted, as the SDK does for a tool without an output schema.
 *   `onOutsideSubset` tells which schemas these are (by default, a
 *   `console.warn` does).
 */
export class PedelecJsonSchemaValidator {
  constructor(options?: PedelecJsonSchemaValidatorOptions);
  getValidator<T>(schema: object): PedelecValidator<T>;
}
