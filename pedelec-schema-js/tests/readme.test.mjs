// The npm page stands alone: every link in the package's README resolves
// from the tarball `npm pack` would publish (a file it holds, or a heading
// of the page), or is an absolute address.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../pkg/', import.meta.url));

test('every link of the README resolves from the tarball or is absolute', () => {
  const [{ files }] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', pkg], { encoding: 'utf8' }));
  const shipped = new Set(files.map((file) => file.path));
  assert.ok(shipped.has('README.md') && shipped.has('pedelec_schema_js_bg.wasm'), [...shipped].join(', '));
  const readme = readFileSync(new URL('README.md', `file://${pkg}`), 'utf8');
  // GitHub's and npm's anchors: lower case, punctuation dropped, spaces as `-`.
  const anchors = new Set(
    [...readme.matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
      heading.toLowerCase().replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-')),
  );
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target);
  assert.ok(links.length > 0);
  for (const link of links) {
    if (/^https?:\/\//.test(link)) continue;
    if (link.startsWith('#')) {
      assert.ok(anchors.has(link.slice(1)), `${link}: no such heading`);
      continue;
    }
    assert.ok(shipped.has(link.replace(/^\.\//, '').replace(/#.*$/, '')), `${link}: not in the tarball`);
  }
});
