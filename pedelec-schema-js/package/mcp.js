// `pedelec-schema/mcp`: a JSON Schema validator for the official MCP
// TypeScript SDK (`@modelcontextprotocol/sdk`), passed as the
// `jsonSchemaValidator` option of its `Client` or `Server`. The SDK asks it
// for a validator of every tool's `outputSchema` when it lists tools (and,
// on a server, of every elicitation's `requestedSchema`), and shows its
// `errorMessage` after a sentence of its own ("Structured content does not
// match the tool's output schema: ..."). It has the interface of the SDK's
// `AjvJsonSchemaValidator` and `CfWorkerJsonSchemaValidator`, and, like the
// latter, generates no code, so it runs where `eval` is forbidden.
//
// Where a schema is outside the subset, `getValidator` does not throw: the
// SDK builds every output validator inside `listTools`, so one throw would
// make the client unable to list, and so to call, any tool of that server.
// Nor does the library refuse a value the schema accepts, which would turn
// a server's correct result into an error. What it does instead:
//
// 1. A schema inside the subset is checked by the library, exactly.
// 2. Outside, it is converted into the subset (`convert`). A conversion
//    that is lossless is checked exactly too. One that only widens (drops
//    a constraint: a `format`, `additionalProperties: false`) refuses
//    nothing the source accepts, so its refusals are true ones; it is used
//    unless a `fallback` is given, and a refusal's message says the schema
//    was checked as converted and which constraints were not.
// 3. A conversion that narrows (refuses values the source accepts: `null`,
//    an overlapping `anyOf`) or that fails cannot be trusted to refuse:
//    the `fallback` validator checks the schema if one was given (and can
//    compile it), and otherwise every value is accepted - the check the
//    SDK makes for a tool without an output schema.
//
// `onOutsideSubset`, if given, hears of every schema outside the subset and
// which of these checked it, so that a host can log what goes unchecked.
// Without it, a schema that nothing checks is never passed over in
// silence: it is named in a `console.warn`.

import { ToolArgsSchema, SchemaError, convert } from './index.js';

export class PedelecJsonSchemaValidator {
  #fallback;
  #onOutsideSubset;

  constructor(options = {}) {
    const { fallback, onOutsideSubset } = options ?? {};
    if (fallback !== undefined && typeof fallback?.getValidator !== 'function') {
      throw new TypeError('fallback must be a JSON Schema validator (an object with getValidator(schema))');
    }
    if (onOutsideSubset !== undefined && typeof onOutsideSubset !== 'function') {
      throw new TypeError('onOutsideSubset must be a function');
    }
    this.#fallback = fallback;
    this.#onOutsideSubset = onOutsideSubset;
  }

  getValidator(schema) {
    let text;
    try {
      text = JSON.stringify(schema);
      return exact(ToolArgsSchema.parse(text ?? schema));
    } catch (error) {
      if (!(error instanceof SchemaError) && !(error instanceof TypeError)) throw error;
      return this.#outsideSubset(schema, text, error);
    }
  }

  #outsideSubset(schema, text, error) {
    // A schema that is no JSON value (a cycle, a BigInt) has no conversion.
    const conversion = error instanceof SchemaError ? convert(text) : null;
    const effects = new Set(conversion?.ok ? conversion.changes.map((change) => change.effect) : []);
    let checkedBy;
    let validator;
    let fallbackError;
    if (conversion?.ok && !effects.has('narrows') && (this.#fallback === undefined || !effects.has('widens'))) {
      checkedBy = 'conversion';
      validator = exact(conversion.schema);
    } else {
      checkedBy = 'nothing';
      validator = acceptAll;
      if (this.#fallback !== undefined) {
        try {
          validator = noted(
            this.#fallback.getValidator(schema),
            ' (checked by the fallback validator: the schema is outside the Pedelec argsSchema subset)',
          );
          checkedBy = 'fallback';
        } catch (refusal) {
          // Ajv throws on a schema it cannot compile; the promise above is
          // that no schema makes getValidator throw.
          fallbackError = refusal;
        }
      }
    }
    const report = conversion?.ok ? { ok: true, changes: conversion.changes } : conversion;
    const outside = { schema, error, conversion: report, checkedBy };
    if (checkedBy === 'nothing' && this.#fallback !== undefined) outside.fallbackError = fallbackError;
    if (this.#onOutsideSubset !== undefined) {
      this.#onOutsideSubset(outside);
    } else if (checkedBy === 'nothing') {
      console.warn(
        'pedelec-schema/mcp: a schema outside the Pedelec argsSchema subset is not checked ' +
          `(give a fallback validator, or onOutsideSubset to handle it): ${error.message}`,
      );
    }
    return validator;
  }
}

// The library's check. The message is the library's one-line summary of
// the error document, every failure in it, and not the document's own
// `message`, whose first sentence speaks of a tool's arguments: the SDK
// writes a sentence of its own before this one. For a converted schema,
// the library adds which constraints went unchecked.
function exact(schema) {
  return (input) => {
    let refusal;
    try {
      refusal = ToolArgsSchema.refusalSummary(schema, input);
    } catch (error) {
      // `undefined`, a function, a BigInt: no JSON value, so no schema's;
      // the library never sees it, and the misuse's own words say so.
      if (!(error instanceof TypeError)) throw error;
      return invalid(error.message, undefined);
    }
    if (refusal === undefined) return { valid: true, data: input, errorMessage: undefined };
    return invalid(refusal.summary, refusal.error);
  };
}

function invalid(errorMessage, error) {
  const result = { valid: false, data: undefined, errorMessage };
  if (error !== undefined) result.error = error;
  return result;
}

function noted(validator, note) {
  return (input) => {
    const result = validator(input);
    return result.valid ? result : { ...result, errorMessage: `${result.errorMessage}${note}` };
  };
}

function acceptAll(input) {
  return { valid: true, data: input, errorMessage: undefined };
}
