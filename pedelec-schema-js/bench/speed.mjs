// The speed comparisons of bench.mjs: pedelec-schema (the npm package, as a
// user calls it) against ajv and @cfworker/json-schema as the MCP SDK
// configures them, on the same schemas and payloads, each comparison's
// sides timed in alternating rounds (harness.mjs).

import { formatNs, interleaved, loop, table } from './harness.mjs';
import { cfworker, loadPedelec, mcpAjv } from './peers.mjs';
import { payloads, schemas } from './workloads.mjs';

/** Every schema compiled by every side. */
async function compileAll() {
  const { ToolArgsSchema } = await loadPedelec();
  const ajv = mcpAjv();
  const ajvFailFast = mcpAjv({ allErrors: false });
  const compiled = {};
  for (const [name, text] of Object.entries(schemas)) {
    compiled[name] = {
      ours: ToolArgsSchema.parse(text),
      ajv: ajv.compile(JSON.parse(text)),
      ajvFailFast: ajvFailFast.compile(JSON.parse(text)),
      cfShort: cfworker(JSON.parse(text), true),
      cfFull: cfworker(JSON.parse(text), false),
    };
  }
  return compiled;
}

/**
 * Every side must give every payload its verdict before anything is timed;
 * for the invalid ones, how many errors each lists and how long its
 * document is.
 */
function agreement(compiled) {
  const rows = [];
  for (const p of payloads) {
    const s = compiled[p.schema];
    const verdicts = {
      'pedelec text': s.ours.isValidText(p.text),
      'pedelec object': s.ours.isValid(p.object),
      ajv: s.ajv(p.object),
      'ajv fail-fast': s.ajvFailFast(p.object),
      'cfworker short-circuit': s.cfShort.validate(p.object).valid,
      cfworker: s.cfFull.validate(p.object).valid,
    };
    for (const [side, verdict] of Object.entries(verdicts)) {
      if (verdict !== p.valid) {
        throw new Error(`${side} says ${verdict} for ${p.label}, expected ${p.valid}`);
      }
    }
    if (p.valid) continue;
    const ours = s.ours.validateText(p.text).error;
    s.ajv(p.object);
    const ajvErrors = s.ajv.errors;
    const cfErrors = s.cfFull.validate(p.object).errors;
    rows.push({
      payload: p.label,
      errors: { pedelec: ours.errors.length, ajv: ajvErrors.length, cfworker: cfErrors.length },
      documentBytes: {
        pedelec: JSON.stringify(ours).length,
        ajv: JSON.stringify(ajvErrors).length,
        cfworker: JSON.stringify(cfErrors).length,
      },
    });
  }
  return rows;
}

/** The comparisons: each names its sides for one payload. */
function comparisons(compiled) {
  const invalid = payloads.filter((p) => !p.valid);
  return [
    {
      id: 'verdict_text',
      title: 'verdict, arguments as JSON text',
      note: 'pedelec isValidText(text); ajv and cfworker JSON.parse(text) then validate',
      payloads,
      sides: (p, s) => [
        ['pedelec', () => s.ours.isValidText(p.text)],
        ['ajv', () => s.ajv(JSON.parse(p.text))],
        ['cfworker', () => s.cfShort.validate(JSON.parse(p.text)).valid],
        ['ajv fail-fast', () => s.ajvFailFast(JSON.parse(p.text))],
      ],
    },
    {
      id: 'verdict_object',
      title: 'verdict, arguments as a parsed object',
      note: 'pedelec isValid(obj) (JSON.stringify inside); ajv validate(obj); cfworker validate(obj)',
      payloads,
      sides: (p, s) => [
        ['pedelec', () => s.ours.isValid(p.object)],
        ['ajv', () => s.ajv(p.object)],
        ['cfworker', () => s.cfShort.validate(p.object).valid],
        ['ajv fail-fast', () => s.ajvFailFast(p.object)],
      ],
    },
    {
      id: 'document_text',
      title: 'error document, arguments as JSON text',
      note: 'pedelec validateText(text) (the document as an object); ajv/cfworker JSON.parse, validate, JSON.stringify(errors)',
      payloads: invalid,
      sides: (p, s) => [
        ['pedelec', () => s.ours.validateText(p.text).error],
        [
          'ajv',
          () => {
            s.ajv(JSON.parse(p.text));
            return JSON.stringify(s.ajv.errors);
          },
        ],
        ['cfworker', () => JSON.stringify(s.cfFull.validate(JSON.parse(p.text)).errors)],
      ],
    },
    {
      id: 'document_object',
      title: 'error document, arguments as a parsed object',
      note: 'pedelec validate(obj); ajv/cfworker validate(obj), JSON.stringify(errors)',
      payloads: invalid,
      sides: (p, s) => [
        ['pedelec', () => s.ours.validate(p.object).error],
        [
          'ajv',
          () => {
            s.ajv(p.object);
            return JSON.stringify(s.ajv.errors);
          },
        ],
        ['cfworker', () => JSON.stringify(s.cfFull.validate(p.object).errors)],
      ],
    },
  ];
}

/** Runs every comparison; prints its table as it finishes; returns the results. */
export async function speed(settings, log) {
  const compiled = await compileAll();
  const agreed = agreement(compiled);
  log('every side agrees on every verdict; the invalid payloads:');
  log(
    table(
      ['payload', 'errors pedelec/ajv/cfworker', 'document bytes pedelec/ajv/cfworker'],
      agreed.map((row) => [
        row.payload,
        Object.values(row.errors).join(' / '),
        Object.values(row.documentBytes).join(' / '),
      ]),
    ),
  );
  const [overhead] = interleaved([{ name: 'empty call', run: loop(() => true) }], settings);
  log(`\nharness overhead per call (an empty side): ${formatNs(overhead.medianNs)}`);

  const results = [];
  for (const comparison of comparisons(compiled)) {
    const rows = [];
    for (const p of comparison.payloads) {
      const sides = comparison.sides(p, compiled[p.schema]).map(([name, call]) => ({ name, run: loop(call) }));
      const timed = interleaved(sides, settings);
      const ours = timed[0].medianNs;
      const ratios = Object.fromEntries(timed.slice(1).map((side) => [side.name, ours / side.medianNs]));
      rows.push({ payload: p.label, bytes: p.bytes, sides: timed, ratios });
    }
    const names = rows[0].sides.map((side) => side.name);
    log(`\n${comparison.title} (median per call; ratio = pedelec / other, below 1 is pedelec faster)`);
    log(`  ${comparison.note}`);
    log(
      table(
        ['payload', 'bytes', ...names, ...names.slice(1).map((name) => `/${name}`)],
        rows.map((row) => [
          row.payload,
          row.bytes,
          ...row.sides.map((side) => formatNs(side.medianNs)),
          ...Object.values(row.ratios).map((ratio) => `${ratio.toFixed(2)}x`),
        ]),
      ),
    );
    results.push({ id: comparison.id, title: comparison.title, note: comparison.note, rows });
  }
  return { agreement: agreed, harnessOverheadNs: overhead.medianNs, comparisons: results };
}
