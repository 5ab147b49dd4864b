// Generated patterns: every construct of the grammar with its neighbours,
// in systematic families, then seeded random ones made of the same pieces.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pick } from './random.mjs';

const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

/** Short sequences of the characters that matter to the grammar. */
function shortSequences() {
  const wide = [...'a-\\^$.*+?()[]{}|,01bdk/=<>:!cupx'];
  const narrow = [...'a\\*?{}()[]-^1,'];
  const out = [...wide];
  for (const x of wide) for (const y of wide) out.push(x + y);
  for (const x of narrow) for (const y of narrow) for (const z of narrow) out.push(x + y + z);
  return out;
}

/** `\X` for every printable X, outside and inside a class, and as a range end. */
function escapes() {
  const out = [];
  for (const c of PRINTABLE_ASCII) {
    const e = `\\${c}`;
    out.push(e, `^${e}$`, `${e}*`, `[${e}]`, `[^${e}]`, `[${e}-z]`, `[!-${e}]`, `a${e}b`);
  }
  for (const c of [...'AZaz@[`{_019 ']) out.push(`\\c${c}`, `[\\c${c}]`);
  for (const body of ['41', '4', '4g', 'G1', '']) out.push(`\\x${body}`, `[\\x${body}]`);
  for (const body of [
    '0041', '041', '00e9', 'D83D', 'DC32', 'D83D\\uDC32', 'D83D\\u0041', 'D83D\\u{DC32}', '{41}',
    '{0000000041}', '{1F600}', '{10FFFF}', '{110000}', '{}', '{g}', '{41', '{D83D}', 'FFFF',
  ]) {
    out.push(`\\u${body}`, `[\\u${body}]`, `^\\u${body}$`);
  }
  for (const digits of ['0', '00', '01', '09', '0a', '1', '2', '8', '9', '10']) {
    out.push(`\\${digits}`, `(a)\\${digits}`, `[\\${digits}]`);
  }
  return out;
}

const ATOMS = [
  'a', '.', '\\d', '\\W', '[ab]', '[^a]', '(a)', '(?:a)', '(?<n>a)', '\\p{L}', '\\u{1F600}', '🐲',
  '^', '$', '\\b', '\\B', '(?=a)', '(?!a)', '(?<=a)', '(?<!a)', '\\1', ']', '}', ')', '|',
];
const QUANTIFIERS = [
  '', '*', '+', '?', '{2}', '{2,}', '{2,3}', '{3,2}', '{0}', '{,3}', '{', '{2', '{2,', '{a}',
  '*?', '+?', '??', '{2}?', '{2,3}?', '**', '*+', '+*', '??+', '{2}{3}', '*??', '{2}*', '{99999999999}',
];

function quantified() {
  return ATOMS.flatMap((atom) => QUANTIFIERS.flatMap((q) => [`${atom}${q}`, `x${atom}${q}y`, `(${atom}${q})`]));
}

const CLASS_ENDS = [
  'a', 'z', 'A', '0', '-', '\\-', '\\d', '\\w', '\\S', '\\p{L}', '\\b', '\\x41', '\\u0041',
  '\\u{41}', '\\0', '\\n', '\\cA', '🐲', '\\uD83D\\uDC32', '[', ']', '^', '\\]', '\\\\',
];

function classes() {
  const out = [];
  for (const low of CLASS_ENDS) {
    for (const high of CLASS_ENDS) out.push(`[${low}-${high}]`, `[^x${low}-${high}]`);
    out.push(`[${low}-]`, `[-${low}]`, `[${low}--]`, `[${low}]`);
  }
  return out;
}

function groups() {
  const names = [
    'a', 'A1', '$', '_', '$x_1', '1a', 'a-b', '', 'ñ', 'π', '𝒜', '\\u0061', '\\u{61}', '\\u0031',
    'a\\u0062', '\\uD835\\uDC9C', 'a b', 'a>', 'ab\u200d', '\u200dab',
  ];
  const out = [];
  for (const name of names) {
    out.push(`(?<${name}>x)`, `(?<${name}>x)\\k<${name}>`, `(?<${name}>x)(?<${name}>y)`);
    out.push(`(?<${name}>x)|(?<${name}>y)`, `\\k<${name}>`, `(?<${name}`);
  }
  out.push('(?i)a', '(?i:a)', '(?-i:a)', '(?P<a>x)', '(?#c)', '(?', '(?:', '()', '(?:)', '(|)', 'a||b');
  out.push('(a)\\1', '(a)\\2', '\\1(a)', '(a)(b)\\2', '\\k', '\\k<a', '(?<a>x)\\k<b>', '(?<a>x)\\k');
  return out;
}

/** Every name of the committed table, spelt right and wrong, alone and with a property. */
function properties(root) {
  const table = readFileSync(join(root, 'pedelec-schema/src/pattern/ecma/property_names.rs'), 'utf8');
  const section = (name) => {
    const start = table.indexOf(`const ${name}:`);
    const body = table.slice(start, table.indexOf('];', start));
    return [...body.matchAll(/\(\s*"([^"]+)",\s*"([^"]+)",?\s*\)/g)].map((m) => m[1]);
  };
  const gc = section('GENERAL_CATEGORY');
  const scripts = section('SCRIPT');
  const binary = section('BINARY');
  const misspell = (name) => [name.toLowerCase(), name.toUpperCase(), name.replace(/_/g, ''), `${name}_`, ` ${name}`];
  const out = [];
  for (const name of gc) out.push(`\\p{${name}}`, `\\P{gc=${name}}`, `\\p{General_Category=${name}}`, `\\p{sc=${name}}`);
  for (const name of scripts) out.push(`\\p{sc=${name}}`, `\\p{scx=${name}}`, `\\p{Script=${name}}`, `\\P{Script_Extensions=${name}}`, `\\p{${name}}`);
  for (const name of binary) out.push(`\\p{${name}}`, `[\\P{${name}}]`, `\\p{${name}=Yes}`, `\\p{gc=${name}}`);
  for (const name of [...gc, ...scripts.slice(0, 60), ...binary]) {
    for (const wrong of misspell(name)) out.push(`\\p{${wrong}}`);
  }
  out.push('\\p', '\\pL', '\\p{', '\\p{}', '\\p{L', '\\p{=}', '\\p{gc=}', '\\p{=L}', '\\p{L=L}', '\\p{Block=Basic_Latin}');
  out.push('\\p{InBasicLatin}', '\\p{Basic_Emoji}', '\\p{RGI_Emoji}', '\\p{L}\\p{L}', '[\\p{L}\\P{N}]', '\\p{sc=Grek}+');
  return out;
}

/** The pieces random patterns are made of: valid and invalid alike. */
const PIECES = [
  'a', 'b', 'xyz', '0', '-', '.', '\\d', '\\D', '\\w', '\\s', '\\b', '\\B', '^', '$', '|', '(', ')',
  '(?:', '(?<g>', '(?=', '[', ']', '[^', 'a-z', '\\-', '*', '+', '?', '{2}', '{1,3}', '{', '}', ',',
  '\\', '\\u0041', '\\u{1F432}', '\\x41', '\\cJ', '\\0', '\\/', '\\.', '\\*', '\\p{L}', '\\P{Lu}',
  '\\p{sc=Latn}', 'é', '🐲', ' ', '/', '\\n', '\\t', '\\=', '\\k<g>', '\\1',
];

function randomPatterns(next, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(next() * 7);
    let pattern = '';
    for (let j = 0; j < length; j++) pattern += pick(PIECES, next);
    out.push(pattern);
  }
  return out;
}

/** Every generated pattern, in a fixed order for a seed. */
export function generatedPatterns(root, next) {
  return [
    ...shortSequences(),
    ...escapes(),
    ...quantified(),
    ...classes(),
    ...groups(),
    ...properties(root),
    ...randomPatterns(next, 3000),
  ];
}
