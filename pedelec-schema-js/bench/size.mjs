// The size measurements of bench.mjs: the package's .wasm raw, gzip -9 and
// brotli, by section (code, data, the rest); and, from the module before
// wasm-bindgen stripped its name section, the code by crate and the
// library's code by top-level module, from each function's mangled name.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { table } from './harness.mjs';
import { benchDir, pkgDir } from './peers.mjs';

/** The module build.sh hands to wasm-bindgen (rustup's route), which keeps its name section. */
export const unstrippedWasm = join(
  benchDir,
  '..',
  '..',
  'target',
  'wasm-package',
  'rustup',
  'wasm32-unknown-unknown',
  'wasm',
  'pedelec_schema_js.wasm',
);

const SECTION_NAMES = [
  'custom', 'type', 'import', 'function', 'table', 'memory', 'global',
  'export', 'start', 'element', 'code', 'data', 'data count',
];

/** `gzip -9` when the command is there (the number build.sh prints), else zlib at level 9. */
function gzip9(bytes) {
  const run = spawnSync('gzip', ['-9', '-c'], { input: bytes, maxBuffer: 1 << 28 });
  if (run.status === 0) return run.stdout.length;
  return gzipSync(bytes, { level: 9 }).length;
}

function brotli(bytes) {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function name(bytes, at) {
  const [length, start] = leb(bytes, at);
  return [bytes.toString('utf8', start, start + length), start + length];
}

/** The sections of a module: id, name, and where their contents lie. */
function sections(bytes) {
  const found = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    const end = start + size;
    const label = id === 0 ? `custom:${name(bytes, start)[0]}` : SECTION_NAMES[id];
    found.push({ id, name: label, start, end, size: end - at });
    at = end;
  }
  return found;
}

/** How many functions a module imports: they come first in the function index space. */
function importedFunctions(bytes, section) {
  let [count, at] = leb(bytes, section.start);
  let functions = 0;
  while (count--) {
    [, at] = name(bytes, at);
    [, at] = name(bytes, at);
    const kind = bytes[at++];
    if (kind === 0) {
      functions++;
      [, at] = leb(bytes, at);
    } else if (kind === 1) {
      at++;
      const flags = bytes[at++];
      [, at] = leb(bytes, at);
      if (flags & 1) [, at] = leb(bytes, at);
    } else if (kind === 2) {
      const flags = bytes[at++];
      [, at] = leb(bytes, at);
      if (flags & 1) [, at] = leb(bytes, at);
    } else if (kind === 3) {
      at += 2;
    } else {
      at++;
      [, at] = leb(bytes, at);
    }
  }
  return functions;
}

/** Every defined function's body size with its name from the name section. */
function functionSizes(bytes) {
  const all = sections(bytes);
  const imports = all.find((s) => s.name === 'import');
  const code = all.find((s) => s.name === 'code');
  const names = new Map();
  const nameSection = all.find((s) => s.name === 'custom:name');
  if (nameSection) {
    let [, at] = name(bytes, nameSection.start);
    while (at < nameSection.end) {
      const sub = bytes[at];
      const [size, start] = leb(bytes, at + 1);
      if (sub === 1) {
        let [count, p] = leb(bytes, start);
        while (count--) {
          let index;
          let fn;
          [index, p] = leb(bytes, p);
          [fn, p] = name(bytes, p);
          names.set(index, fn);
        }
      }
      at = start + size;
    }
  }
  const first = imports ? importedFunctions(bytes, imports) : 0;
  const sizes = [];
  let [count, at] = leb(bytes, code.start);
  for (let i = 0; i < count; i++) {
    const [size, start] = leb(bytes, at);
    sizes.push({ name: names.get(first + i) ?? `#${first + i}`, bytes: start - at + size });
    at = start + size;
  }
  return sizes;
}

/**
 * The crate a function is written in, and the top-level module under the
 * crate: the first crate root of its mangled name (Rust's v0 scheme
 * `C<disambiguator><length><name>`, or the legacy `_ZN<length><name>`),
 * which for a generic's instance is the generic's crate.
 */
export function origin(symbol) {
  let at;
  if (symbol.startsWith('_R')) {
    const root = /C(?:s[0-9A-Za-z]*_)?(?=\d)/.exec(symbol);
    if (!root) return { crate: '(unknown)', module: '' };
    at = root.index + root[0].length;
  } else if (symbol.startsWith('_ZN')) {
    at = 3;
  } else {
    return { crate: '(unmangled: exports, memcpy and the like)', module: '' };
  }
  const ident = () => {
    const digits = /^\d+/.exec(symbol.slice(at));
    if (!digits) return '';
    const start = at + digits[0].length + (symbol[at + digits[0].length] === '_' ? 1 : 0);
    const text = symbol.slice(start, start + Number(digits[0]));
    at = start + Number(digits[0]);
    return text;
  };
  const crate = ident();
  return { crate, module: ident() };
}

function group(functions, key) {
  const totals = new Map();
  for (const fn of functions) {
    const k = key(fn);
    totals.set(k, (totals.get(k) ?? 0) + fn.bytes);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ name, bytes }));
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function percent(part, whole) {
  return `${((100 * part) / whole).toFixed(1)} %`;
}

export function size(log) {
  const wasmPath = join(pkgDir, 'pedelec_schema_js_bg.wasm');
  const bytes = readFileSync(wasmPath);
  const total = { bytes: bytes.length, gzip9: gzip9(bytes), brotli11: brotli(bytes) };
  log(`pkg/pedelec_schema_js_bg.wasm: ${total.bytes} bytes (${kb(total.bytes)}), gzip -9 ${total.gzip9} (${kb(total.gzip9)}), brotli -q 11 ${total.brotli11} (${kb(total.brotli11)})`);

  const bySection = sections(bytes).map((s) => {
    const body = bytes.subarray(s.start, s.end);
    return { section: s.name, bytes: s.size, gzip9: gzip9(body) };
  });
  log(
    table(
      ['section', 'bytes', 'share', 'gzip -9 alone'],
      bySection.map((s) => [s.section, s.bytes, percent(s.bytes, total.bytes), s.gzip9]),
    ),
  );

  const js = ['pedelec_schema_js.js', 'api.js', 'index.js'].map((file) => {
    const text = readFileSync(join(pkgDir, file));
    return { file, bytes: text.length, gzip9: gzip9(text) };
  });
  log(table(['JavaScript', 'bytes', 'gzip -9'], js.map((f) => [f.file, f.bytes, f.gzip9])));

  const result = { wasm: total, sections: bySection, javascript: js };
  if (!existsSync(unstrippedWasm)) {
    log(`(no ${unstrippedWasm}: no code by crate; build.sh writes it)`);
    return result;
  }
  const stale = statSync(unstrippedWasm).mtimeMs < statSync(wasmPath).mtimeMs - 60_000;
  const functions = functionSizes(readFileSync(unstrippedWasm));
  const code = functions.reduce((sum, fn) => sum + fn.bytes, 0);
  const byCrate = group(functions, (fn) => origin(fn.name).crate);
  const library = functions.filter((fn) => origin(fn.name).crate === 'pedelec_schema');
  const byModule = group(library, (fn) => origin(fn.name).module);
  const largest = [...functions].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
  log(`\ncode by crate, from ${functions.length} functions (${code} bytes) of the module before wasm-bindgen${stale ? ' (OLDER than pkg/: rebuild)' : ''}:`);
  log(table(['crate', 'bytes', 'share'], byCrate.slice(0, 14).map((c) => [c.name, c.bytes, percent(c.bytes, code)])));
  log('\npedelec_schema code by top-level module:');
  log(table(['module', 'bytes', 'share of all code'], byModule.slice(0, 16).map((m) => [m.name, m.bytes, percent(m.bytes, code)])));
  log('\nlargest functions:');
  log(table(['bytes', 'function (mangled)'], largest.map((fn) => [fn.bytes, fn.name.slice(0, 110)])));
  return { ...result, codeByCrate: byCrate, libraryCodeByModule: byModule, largestFunctions: largest, unstrippedOlderThanPkg: stale };
}
