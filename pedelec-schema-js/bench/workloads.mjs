// The workloads of the repository's benches/validation.rs, read from
// bench/data/ (data/README.md says how those files were written): three
// schemas, their valid calls, and the invalid calls that benchmark uses.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { benchDir } from './peers.mjs';

const dataDir = join(benchDir, 'data');

function text(file) {
  return readFileSync(join(dataDir, file), 'utf8').trimEnd();
}

export const schemas = {
  spawn_closed_polygons: text('spawn_closed_polygons.schema.json'),
  twenty_properties: text('twenty_properties.schema.json'),
  large_array: text('large_array.schema.json'),
};

/** Each payload: its label, its schema's name, whether it is valid, its text and its parsed object. */
export const payloads = [
  ['polygons, valid', 'spawn_closed_polygons', 'spawn_closed_polygons.valid.json', true],
  ['polygons, 5 errors', 'spawn_closed_polygons', 'spawn_closed_polygons.invalid.json', false],
  ['polygons, 30 errors', 'spawn_closed_polygons', 'spawn_closed_polygons.thirty_errors.json', false],
  ['20 properties, valid', 'twenty_properties', 'twenty_properties.valid.json', true],
  ['20 properties, 6 errors', 'twenty_properties', 'twenty_properties.invalid.json', false],
  ['20 properties, 10 errors', 'twenty_properties', 'twenty_properties.ten_errors.json', false],
  ['5 000 records, valid', 'large_array', 'large_array.valid.json', true],
].map(([label, schema, file, valid]) => {
  const args = text(file);
  return { label, schema, file, valid, bytes: Buffer.byteLength(args), text: args, object: JSON.parse(args) };
});
