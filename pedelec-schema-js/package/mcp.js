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
// a server's correct result into an error. And it is never silently
// weaker than the schema. What it does:
//
// 1. A schema inside the subset is checked by the library, exactly.
// 2. Outside, it is converted into the subset (`convert`). A conversion
//    that is lossless is checked exactly too.
// 3. Any other schema (its conversion widens, narrows or fails) is checked
//    by the fallback validator, exactly: the `fallback` option if given,
//    otherwise the SDK's own `CfWorkerJsonSchemaValidator` (no code
//    generation either), imported when this module loads if
//    `@modelcontextprotocol/sdk` and `@cfworker/json-schema` can be
//    imported from here. `fallback: null` declines it.
// 4. Only with no fallback (declined, not importable - as in a bundle,
//    see below - or unable to compile the schema) is it checked weaker: a
//    conversion that only widens (drops a constraint: a `format`,
//    `additionalProperties: false`) refuses nothing the source accepts, so
//    its refusals are true ones, and is used, a refusal's message saying
//    which constraints were not checked; one that narrows (would refuse
//    values the source accepts: `null`, an overlapping `anyOf`) or fails
//    cannot be trusted to refuse, so every value is accepted - the check
//    the SDK makes for a tool without an output schema.
//
// `onOutsideSubset`, if given, hears of every schema outside the subset,
// which of these checked it and which fallback there was, so that a host
// can log what goes unchecked. Without it, a schema checked weaker than
// it is written (case 4) is never passed over in silence: it is named in a
// `console.warn`.

// The package's entry for this runtime (package.json's `imports`): it loads
// the WebAssembly as the main entry would.
import { ToolArgsSchema, SchemaError, convert } from '#entry';

// The default fallback, the SDK's `CfWorkerJsonSchemaValidator` class, or
// `undefined` where it cannot be imported. Awaited here, at load, because
// the SDK's `getValidator` is synchronous: a constructor or a first
// `getValidator` that started the import could be answered before it
// settled, and the same schema would be checked exactly or not depending
// on timing. The Node and browser entry (index.js) already awaits its
// WebAssembly at load, so there this adds no asynchrony; in a Worker the
// import fails at once, without I/O, which workerd allows at top level.
//
// The specifier reaches `import()` as a parameter, not a literal, so that
// a bundler (esbuild for wrangler, webpack, Vite) leaves it alone, and
// this module bundles whatever is installed. esbuild fails a bundle on a
// literal naming a package it cannot find (it lets one inside `try` pass),
// and with the SDK installed it would follow one into the SDK's static
// import of `@cfworker/json-schema`, an optional peer of the SDK, and fail
// there when that is absent. In a bundle the import then fails at run time
// (a Worker resolves no package names), so there the fallback is passed
// explicitly (the README shows how).
const DefaultFallback = await optionalClass('@modelcontextprotocol/sdk/validation/cfworker', 'CfWorkerJsonSchemaValidator');

async function optionalClass(specifier, name) {
  try {
    const namespace = await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
    return typeof namespace[name] === 'function' ? namespace[name] : undefined;
  } catch {
    // Not installed, too old to export it, its `@cfworker/json-schema`
    // missing, or no package resolution here at all: no default.
    return undefined;
  }
}

export class PedelecJsonSchemaValidator {
  #fallback;
  // Which fallback `#fallback` is: 'given', 'default', 'none' (declined
  // with `fallback: null`) or 'unavailable' (the default not importable).
  #fallbackKind;
  #onOutsideSubset;

  constructor(options = {}) {
    const { fallback, onOutsideSubset } = options ?? {};
    if (fallback != null && typeof fallback.getValidator !== 'function') {
      throw new TypeError('fallback must be a JSON Schema validator (an object with getValidator(schema)), or null for none');
    }
    if (onOutsideSubset !== undefined && typeof onOutsideSubset !== 'function') {
      throw new TypeError('onOutsideSubset must be a function');
    }
    if (fallback === undefined) {
      this.#fallback = DefaultFallback === undefined ? undefined : new DefaultFallback();
      this.#fallbackKind = DefaultFallback === undefined ? 'unavailable' : 'default';
    } else {
      this.#fallback = fallback ?? undefined;
      this.#fallbackKind = fallback === null ? 'none' : 'given';
    }
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
    const changes = conversion?.ok ? conversion.changes : [];
    const narrows = !conversion?.ok || changes.some((change) => change.effect === 'narrows');
    const dropped = changes.filter((change) => change.effect === 'widens').map((change) => change.pointer);
    let checkedBy;
    let validator;
    let fallbackThrew = false;
    let fallbackError;
    if (!narrows && dropped.length === 0) {
      checkedBy = 'conversion';
      validator = exact(conversion.schema);
    } else {
      if (this.#fallback !== undefined) {
        try {
          validator = noted(this.#fallback.getValidator(schema), FALLBACK_NOTES[this.#fallbackKind]);
          checkedBy = 'fallback';
        } catch (refusal) {
          // Ajv throws on a schema it cannot compile, cfworker on a cycle;
          // the promise above is that no schema makes getValidator throw.
          fallbackThrew = true;
          fallbackError = refusal;
        }
      }
      if (validator === undefined && !narrows) {
        checkedBy = 'conversion';
        validator = exact(conversion.schema);
      } else if (validator === undefined) {
        checkedBy = 'nothing';
        validator = acceptAll;
      }
    }
    const report = conversion?.ok ? { ok: true, changes: conversion.changes } : conversion;
    const outside = { schema, error, conversion: report, checkedBy, fallback: this.#fallbackKind };
    if (fallbackThrew) outside.fallbackError = fallbackError;
    if (this.#onOutsideSubset !== undefined) {
      this.#onOutsideSubset(outside);
    } else if (checkedBy === 'nothing' || (checkedBy === 'conversion' && dropped.length > 0)) {
      const weaker =
        checkedBy === 'nothing'
          ? 'is not checked: every value passes'
          : `is checked without the constraints at ${listed(dropped)}`;
      const why = fallbackThrew ? `the fallback validator could not compile it: ${describe(fallbackError)}` : NO_FALLBACK[this.#fallbackKind];
      console.warn(
        `pedelec-schema/mcp: a schema outside the Pedelec argsSchema subset ${weaker} (${why}; ` +
          `give onOutsideSubset to handle it): ${error.message}`,
      );
    }
    return validator;
  }
}

// What a refusal by the fallback adds to its message.
const FALLBACK_NOTES = {
  given: ' (checked by the fallback validator: the schema is outside the Pedelec argsSchema subset)',
  default:
    " (checked by the MCP SDK's CfWorkerJsonSchemaValidator: the schema is outside the Pedelec argsSchema subset)",
};

// Why a schema was checked weaker, in the warning, when it had no fallback.
const NO_FALLBACK = {
  none: 'the fallback was declined with fallback: null',
  unavailable:
    "no fallback validator: the MCP SDK's CfWorkerJsonSchemaValidator cannot be imported here; install " +
    '@modelcontextprotocol/sdk and @cfworker/json-schema, or in a bundle pass fallback: new CfWorkerJsonSchemaValidator()',
};

// Five pointers, and how many more: the rule of a converted schema's note.
function listed(pointers) {
  const shown = pointers.slice(0, 5).map((pointer) => pointer || '(root)');
  const more = pointers.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function describe(thrown) {
  return thrown instanceof Error ? thrown.message : String(thrown);
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
