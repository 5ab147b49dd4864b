// The page's script (index.html): the package imported as an ES module,
// under a CSP that forbids eval. Writes a JSON object of what happened into
// #results and marks <body data-done>; run.mjs reads and judges it.

import * as api from './pkg/index.js';
import { runCases } from './runtimes/cases.mjs';

const { ToolArgsSchema, SchemaError } = api;

const violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
});

/** The name of what `call` throws, or 'none'. */
function thrown(call) {
  try {
    call();
    return 'none';
  } catch (err) {
    return err?.constructor?.name ?? String(err);
  }
}

const results = {
  eval: thrown(() => eval('1')),
  newFunction: thrown(() => new Function('return 1')),
};

const counter = ToolArgsSchema.parse({
  type: 'object',
  properties: { delta: { type: 'integer', minimum: -100, maximum: 100 } },
  required: ['delta'],
});
results.good = counter.validate({ delta: 5 });
results.bad = counter.validateText('{"delta": 500}');
results.streamed = (() => {
  const stream = counter.stream();
  stream.feed('{"delta": ');
  stream.feed('-7}');
  return stream.finish();
})();
try {
  ToolArgsSchema.parse({ type: 'object', $ref: '#/x' });
  results.schemaError = 'none';
} catch (err) {
  results.schemaError = err instanceof SchemaError ? err.diagnostics.map((d) => d.pointer) : String(err);
}

// The README's hostile cases, which must be answered as Node answers them.
results.cases = runCases(api);

// Violation events are dispatched as tasks: let them arrive.
await new Promise((resolve) => setTimeout(resolve, 50));
results.violations = violations;
document.getElementById('results').textContent = JSON.stringify(results);
document.body.dataset.done = 'true';
