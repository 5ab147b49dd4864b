// Declarations for `pedelec-schema/init`: the package's API, loaded by the
// host. See index.d.ts for the API itself.

export * from './index.js';

/**
 * Loads the package's WebAssembly: its `pedelec_schema_js_bg.wasm`, as a
 * compiled `WebAssembly.Module` (what `import wasm from
 * 'pedelec-schema/pedelec_schema_js_bg.wasm'` gives in Workers and most
 * edge runtimes) or as its bytes. Call it once, before anything else;
 * later calls do nothing. Throws a `TypeError` for anything that is not
 * the package's module.
 */
export function initialize(module: WebAssembly.Module | ArrayBuffer | ArrayBufferView): void;
