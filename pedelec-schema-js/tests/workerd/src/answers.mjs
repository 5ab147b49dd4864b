// What the Worker answers on each route, as one function of the package's
// API and the request's text: the Worker (worker.mjs) calls it in workerd,
// and run.mjs calls it in Node with the package Node loads, so that the two
// answers are the same code's, and any difference is the runtime's or the
// package entry's. It imports nothing, as the hostile cases do.

/** The schema every route checks the body against. */
export const schema = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1, maxLength: 64 },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    units: { type: 'string', enum: ['metric', 'imperial'] },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  },
  required: ['city', 'days'],
};

/** The size of the pieces `/stream` feeds, in UTF-16 code units. */
export const PIECE = 7;

/** The routes that take a body: each gives a JSON-able answer for `text`. */
export function routes(api) {
  const tool = api.ToolArgsSchema.parse(schema);
  return {
    '/validate': (text) => tool.validateText(text),
    '/repair': (text) => tool.repair(text),
    '/stream': (text) => {
      // Every piece's answer, then the finish's (or the first refusal).
      const stream = tool.stream();
      const fed = [];
      for (let at = 0; at < text.length; at += PIECE) {
        const answer = stream.feed(text.slice(at, at + PIECE));
        fed.push(answer);
        if (!answer.ok) return { fed };
      }
      return { fed, finish: stream.finish() };
    },
  };
}

/**
 * `pedelec-schema/mcp`'s validator on a few schemas and values, with the
 * SDK's `CfWorkerJsonSchemaValidator` as its fallback, given explicitly as
 * the README says to in a bundled Worker (where the default, imported at
 * run time, is not in the bundle).
 */
export function mcpAnswers(PedelecJsonSchemaValidator, CfWorkerJsonSchemaValidator) {
  const outside = [];
  const validator = new PedelecJsonSchemaValidator({
    fallback: new CfWorkerJsonSchemaValidator(),
    onOutsideSubset: ({ checkedBy, conversion, fallback }) => outside.push({ checkedBy, conversion, fallback }),
  });
  const inSubset = validator.getValidator(schema);
  const widened = validator.getValidator({
    type: 'object',
    properties: { mail: { type: 'string', format: 'email' } },
    required: ['mail'],
  });
  const narrowed = validator.getValidator({ type: 'object', properties: { v: { type: ['string', 'null'] } } });
  return {
    inSubset: [{ city: 'Oslo', days: 3 }, { city: 'Oslo' }, { city: 5, days: 0.5 }].map(inSubset),
    widened: [{ mail: 'a@b.c' }, { mail: 3 }, {}].map(widened),
    narrowed: [{ v: null }, { v: 3 }].map(narrowed),
    outside,
  };
}
