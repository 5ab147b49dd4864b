// The package's TypeScript declarations compile, under `--strict`, with a
// user's code that uses every part of the API (types/api.ts) and with the
// declarations `pedelec-lint --export typescript` writes for real tools
// (types/realworld.ts), and refuse what they should (their
// `@ts-expect-error` lines fail the compile if the declarations let them
// through). types/realworld-tools.d.ts is the command's output, committed:
// tests/cli/typescript.rs (cargo test) holds it to what the command writes
// now, where the binary is at hand, so this test needs no Rust build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs tsc over `name` (in types/), type-checking only; fails with its errors. */
function typeCheck(name) {
  const file = fileURLToPath(new URL(`./types/${name}`, import.meta.url));
  // `--resolveJsonModule`: realworld.ts parses the schemas its types were generated from.
  const args = [tsc, '--strict', '--noEmit', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--resolveJsonModule', '--skipLibCheck', 'false', file];
  try {
    execFileSync(process.execPath, args, { encoding: 'utf8' });
  } catch (error) {
    assert.fail(`tsc refused the declarations:\n${error.stdout}${error.stderr}`);
  }
}

test('the declarations type-check a use of the whole API under --strict', () => {
  typeCheck('api.ts');
});

test('the generated declarations of real tools compose with the package types under --strict, with no cast', () => {
  typeCheck('realworld.ts');
});
