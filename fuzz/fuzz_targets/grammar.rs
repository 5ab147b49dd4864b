//! Fuzz target: see `pedelec_schema_engines::fuzz::grammar` for what it
//! checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pedelec_schema_engines::fuzz::grammar(data));
