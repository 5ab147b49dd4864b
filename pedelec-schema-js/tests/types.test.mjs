// The package's TypeScript declarations compile, under `--strict`, with a
// user's code that uses every part of the API (types/api.ts), and refuse
// what they should (its `@ts-expect-error` lines fail the compile if the
// declarations let them through).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const file = fileURLToPath(new URL('./types/api.ts', import.meta.url));

test('the declarations type-check a use of the whole API under --strict', () => {
  const args = [tsc, '--strict', '--noEmit', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'false', file];
  try {
    execFileSync(process.execPath, args, { encoding: 'utf8' });
  } catch (error) {
    assert.fail(`tsc refused the declarations:\n${error.stdout}${error.stderr}`);
  }
});
