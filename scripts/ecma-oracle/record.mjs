// Records V8's verdicts on a large, varied set of patterns into
// tests/fixtures/ecma_verdicts.json, which tests/validation/ecma_oracle.rs replays
// without Node: every pattern V8 refuses must be refused, every pattern it
// accepts accepted (or refused for a documented reason), and where both
// accept, both must match the same strings.
//
// The verdict is `new RegExp(pattern, "u")`'s, the mode ajv and most JSON
// Schema validators use; a match is `regexp.test(text)`, unanchored as JSON
// Schema's `pattern` is. The patterns: known hard cases, the patterns of
// the repository's tests and of tests/data (conformance and real-world
// schemas), every escape, quantifier, class range, group name and property
// name with its neighbours, and seeded random ones. Everything is seeded, so
// a run on the same Node gives the same file.
//
// Run from the workspace root: `node scripts/ecma-oracle/record.mjs`.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedPatterns } from './generate.mjs';
import { random } from './random.mjs';
import { sourcePatterns } from './sources.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Strings every accepted pattern is tried on, a few at a time. */
const PROBES = [
  '', 'a', 'ab', 'aaa', 'aaaaaa', 'A', 'Z', '_', '-', '0', '42', '2026-05-01', ' ', 'a b',
  '\n', '\r', '\r\n', '\u2028', '\u2029', '\u000b', '\t', '\0', '\u0008', 'é', 'É', 'π',
  '৪', '🐲', '😀', '𝒜', 'a🐲b', '{', '}', '[', ']', '\\', '/', '$', '^', '.', '*', '|',
  'foo.bar', 'x-y_z', 'ab\ncd',
];

/** Characters that random texts are made of, besides the pattern's own. */
const TEXT_EXTRAS = ['a', 'b', '1', '-', ' ', '\n', '\u2028', 'é', '🐲', 'Σ', '_'];

function accepts(pattern) {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

/** FNV-1a of a string: each pattern seeds its own texts, so that adding a
 * pattern leaves the other entries of the fixture as they were. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const unit of text) h = Math.imul(h ^ unit.codePointAt(0), 0x01000193) >>> 0;
  return h;
}

/** A few probes and a few texts made of the pattern's own characters. */
function textsFor(pattern) {
  const next = random(hash(pattern));
  const texts = new Set();
  while (texts.size < 3) texts.add(PROBES[Math.floor(next() * PROBES.length)]);
  const own = [...pattern].filter((c) => c !== '\\');
  const alphabet = [...own, ...TEXT_EXTRAS];
  for (let i = 0; i < 4; i++) {
    const length = Math.floor(next() * 6);
    let text = '';
    for (let j = 0; j < length; j++) text += alphabet[Math.floor(next() * alphabet.length)];
    texts.add(text);
  }
  return [...texts];
}

function main() {
  const patterns = new Set([...sourcePatterns(root), ...generatedPatterns(root, random(14))]);
  const lines = [];
  let accepted = 0;
  let texts = 0;
  for (const pattern of patterns) {
    // serde_json cannot read a lone surrogate, so none may be in the file.
    if (!pattern.isWellFormed()) continue;
    const regexp = accepts(pattern);
    const entry = { p: pattern, ok: regexp !== null };
    if (regexp) {
      accepted++;
      entry.m = textsFor(pattern).map((text) => [text, regexp.test(text)]);
      texts += entry.m.length;
    }
    lines.push(JSON.stringify(entry));
  }
  const header = {
    engine: `V8 ${process.versions.v8} (Node ${process.versions.node}, Unicode ${process.versions.unicode})`,
    flags: 'u',
    patterns: lines.length,
    accepted,
    refused: lines.length - accepted,
    match_verdicts: texts,
  };
  const out = `${root}tests/fixtures/ecma_verdicts.json`;
  writeFileSync(out, `{"about": ${JSON.stringify(header)},\n"verdicts": [\n${lines.join(',\n')}\n]}\n`);
  console.log(JSON.stringify(header));
}

main();
