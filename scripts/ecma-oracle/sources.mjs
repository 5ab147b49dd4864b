// Patterns that already exist: known hard cases, the string literals of
// the repository's pattern code and tests, and the patterns (and regexes
// quoted in tool descriptions) of the conformance and real-world schemas
// in tests/data.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Hard cases of the pattern grammar, and patterns that must stay valid. */
const HARD_CASES = [
  'a**', 'a{2}{3}', '$*', '^.$?', '^abc$+', '\\p{letter}', '\\p{L_u}', '\\p{L\\uFFFD}', '\\=', '\\q',
  '[\\d-z]', '[^]', '[]', '[\\b]', '\\0', '\\p{Lu}', '\\u{1F600}', 'a*?', 'a*??', '\\b+', '*a',
  '(+)', '{', '}', ']', 'a{2,1}', 'a{,3}', '\\-', '[\\-]', '\\a', '[a-\\w]', '\\c', '\\c1', '\\01',
  '\\u{110000}', '\\p{Letter}', '\\p{L}', '\\p{digit}', '\\p{Script=Greek}', '\\p{scx=Grek}',
  '(?=a)', '(?!a)', '(?<=a)b', '(?<!a)b', '(a)\\1', '(?<x>a)\\k<x>', '\\uD83D', '[a-]', '[-a]',
  '(?<name>a)', 'a{2}', 'a{2,}', 'a{2,3}?', '\\/',
];

/** Every pattern-like string of the repository's pattern code and tests. */
function repositoryPatterns(root) {
  const files = [
    ...rustFiles(join(root, 'pedelec-schema/src/pattern')),
    ...rustFiles(join(root, 'tests')),
    join(root, 'pedelec-schema-derive/src/valid.rs'),
  ].filter((file) => !file.endsWith('property_names.rs'));
  return files.flatMap((file) => rustStrings(readFileSync(file, 'utf8'))).filter((s) => s.length <= 200);
}

function rustFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.rs'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** The values of the string literals of a Rust source, raw or not. */
export function rustStrings(source) {
  const strings = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i, i + 3);
    if (rest.startsWith('//')) {
      i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
    } else if (source[i] === "'") {
      // A char literal ('"', '\'') or a lifetime; only the first is skipped.
      const literal = /^'(\\.|[^\\'])'/u.exec(source.slice(i, i + 12));
      i += literal ? literal[0].length : 1;
    } else if (/^r#*"/.test(source.slice(i, i + 8)) && !/\w/.test(source[i - 1] ?? '')) {
      const hashes = /^r(#*)"/.exec(source.slice(i))[1];
      const close = source.indexOf(`"${hashes}`, i + hashes.length + 2);
      strings.push(source.slice(i + hashes.length + 2, close));
      i = close + hashes.length + 1;
    } else if (source[i] === '"') {
      const [value, end] = readEscaped(source, i + 1);
      strings.push(value);
      i = end;
    } else {
      i++;
    }
  }
  return strings;
}

/** A non-raw Rust string from `start` (after its `"`): its value and end. */
function readEscaped(source, start) {
  let value = '';
  let i = start;
  while (source[i] !== '"') {
    if (source[i] !== '\\') {
      value += source[i++];
      continue;
    }
    const c = source[i + 1];
    i += 2;
    const simple = { n: '\n', r: '\r', t: '\t', 0: '\0', '\\': '\\', '"': '"', "'": "'" }[c];
    if (simple !== undefined) {
      value += simple;
    } else if (c === 'u') {
      const close = source.indexOf('}', i);
      value += String.fromCodePoint(parseInt(source.slice(i + 1, close), 16));
      i = close + 1;
    } else if (c === 'x') {
      value += String.fromCharCode(parseInt(source.slice(i, i + 2), 16));
      i += 2;
    } else if (c === '\n') {
      while (/\s/.test(source[i])) i++;
    }
  }
  return [value, i + 1];
}

/** `pattern` values, and regexes quoted in descriptions, of tests/data. */
function dataPatterns(root) {
  const shared = join(root, 'tests/data');
  const files = [
    join(shared, 'conformance/accepted.json'),
    join(shared, 'conformance/rejected.json'),
    ...jsonFiles(join(shared, 'realworld')),
  ];
  const found = [];
  const walk = (value) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'pattern' && typeof inner === 'string') found.push(inner);
      if (key === 'description' && typeof inner === 'string' && /regex|regular expression/i.test(inner)) {
        for (const [, quoted] of inner.matchAll(/'([^']+)'/g)) found.push(quoted);
      }
      walk(inner);
    }
  };
  for (const file of files) walk(JSON.parse(readFileSync(file, 'utf8')));
  return found;
}

function jsonFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** Every pattern that comes from somewhere other than the generator. */
export function sourcePatterns(root) {
  return [...HARD_CASES, ...repositoryPatterns(root), ...dataPatterns(root)];
}
