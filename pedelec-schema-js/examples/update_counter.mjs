// The `update_counter` tool handler of Pedelec's "Tool Args Schema" page
// (its section on runtime validation), with the hand-written checks
// replaced by the package: the handler validates its arguments against the
// same argsSchema the agent was given, and on a refusal returns the error
// document `{error: {code: "INVALID_ARGS", message, errors}}`, which says
// which value broke which rule, instead of a message written by hand. The
// range check lives in the schema once, so the handler and the agent
// cannot disagree about it.
//
// The page's handler, for comparison:
//
//   session.onTool("update_counter", (raw) => {
//     const args = raw as { delta?: unknown };
//     if (!Number.isInteger(args.delta) || Math.abs(args.delta as number) > 100) {
//       return { error: { code: "INVALID_DELTA",
//                         message: "delta must be an integer between -100 and 100." } };
//     }
//     return updateCounter(args.delta as number);
//   });
//
// Run: node examples/update_counter.mjs (from pedelec-schema-js/, after
// build.sh has written pkg/).

// An application imports the installed package: `from 'pedelec-schema'`.
// This example imports the build next door, so it runs from the repository.
import { ToolArgsSchema } from '../pkg/index.js';
import { pathToFileURL } from 'node:url';

// update_counter's argsSchema as Pedelec's documentation defines the tool
// (its "Defining tools" page; the repository keeps a copy in
// tests/data/realworld/pedelec_sdk_and_docs.json): the range that the
// page's handler checks by hand.
export const updateCounterArgs = ToolArgsSchema.parse({
  type: 'object',
  properties: {
    delta: {
      type: 'integer',
      description: 'Signed amount to add to the counter.',
      minimum: -100,
      maximum: 100,
    },
  },
  required: ['delta'],
});

/**
 * A stand-in for the Pedelec SDK's session: the SDK (`@kaoruisaac/pedelec`)
 * is not on npm, so this is only the part the handler meets -
 * `onTool(name, handler)` - plus `call(name, args)`, which plays the part
 * of Core delivering an agent's call to the page.
 */
export function createSession() {
  const handlers = new Map();
  return {
    onTool(name, handler) {
      handlers.set(name, handler);
    },
    async call(name, args) {
      const handler = handlers.get(name);
      if (handler === undefined) {
        return { error: { code: 'UNKNOWN_TOOL', message: `no tool named ${name}` } };
      }
      return handler(args);
    },
  };
}

/** Registers update_counter on `session`, adding to `counter.value`. */
export function registerUpdateCounter(session, counter) {
  const updateCounter = (delta) => {
    counter.value += delta;
    return { value: counter.value };
  };

  session.onTool('update_counter', (raw) => {
    const verdict = updateCounterArgs.validate(raw);
    if (!verdict.ok) {
      return { error: verdict.error };
    }
    return updateCounter(raw.delta);
  });
}

// Run as a script: one valid call and one that the schema refuses.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const session = createSession();
  const counter = { value: 0 };
  registerUpdateCounter(session, counter);
  for (const args of [{ delta: 5 }, { delta: 500 }]) {
    const result = await session.call('update_counter', args);
    console.log(`update_counter ${JSON.stringify(args)} -> ${JSON.stringify(result)}`);
  }
}
