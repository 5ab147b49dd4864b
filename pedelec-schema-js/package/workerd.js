// The npm package `pedelec-schema` in Cloudflare Workers (the `workerd`
// export condition) and other runtimes that import a `.wasm` file as a
// compiled `WebAssembly.Module` (`worker`): there a module has no
// `import.meta.url` to find its files by, and compiling WebAssembly from
// bytes at run time is forbidden. wrangler's bundle carries the `.wasm`
// beside the script and the runtime compiles it when the Worker loads;
// this instantiates it, synchronously, at import.

import wasmModule from './pedelec_schema_js_bg.wasm';
import { initialize } from './api.js';

initialize(wasmModule);

export * from './api.js';
