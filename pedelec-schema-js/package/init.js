// `pedelec-schema/init`: the package's API without loading its
// WebAssembly, for a host or bundler that loads `.wasm` files its own way.
// Call `initialize(module)` with the package's `pedelec_schema_js_bg.wasm`
// (a compiled `WebAssembly.Module`, or its bytes) before anything else.

export * from './api.js';
