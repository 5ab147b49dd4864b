// The npm package `pedelec-schema` where a module can find its own files:
// Node, Deno and browsers (and bundlers that follow `new URL(...,
// import.meta.url)`). It loads the package's WebAssembly once, at import,
// then is the API of `api.js`. Cloudflare Workers and other runtimes that
// import a `.wasm` as a module get `workerd.js` instead (the package's
// `exports` conditions); a host that loads the module its own way imports
// `pedelec-schema/init`.
//
// The module is read from its file where the URL is a `file:` one (Node
// has no `fetch` for those; Deno needs `--allow-read` for it), fetched
// elsewhere. Compiling WebAssembly is not code generation from strings, so
// this works where `eval` and `new Function` are forbidden.

import { initialize } from './api.js';

const wasmUrl = new URL('./pedelec_schema_js_bg.wasm', import.meta.url);
if (wasmUrl.protocol === 'file:') {
  const { readFile } = await import('node:fs/promises');
  initialize(await readFile(wasmUrl));
} else {
  const response = await fetch(wasmUrl);
  if (!response.ok) {
    throw new Error(`pedelec-schema: fetching ${wasmUrl} answered ${response.status}`);
  }
  // Compiled while it downloads where the server says what it is.
  const streamable = response.headers.get('Content-Type')?.startsWith('application/wasm');
  initialize(streamable
    ? await WebAssembly.compileStreaming(response)
    : await WebAssembly.compile(await response.arrayBuffer()));
}

export * from './api.js';
