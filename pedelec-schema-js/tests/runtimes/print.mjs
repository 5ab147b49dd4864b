// Prints the answers of every hostile case (cases.mjs) as JSON, from the
// package as this runtime loads it: `node print.mjs`, `deno run
// --allow-read=<the package's folder> print.mjs`.

import * as api from 'pedelec-schema';
import { runCases } from './cases.mjs';

const text = JSON.stringify(runCases(api));
// Deno and Node both have `process` (Deno through its Node compatibility);
// a runtime's own `console.log` may split a long line.
process.stdout.write(text + '\n');
