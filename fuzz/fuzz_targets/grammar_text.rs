//! Fuzz target: see `pedelec_testdata::fuzz::grammar_text` for what it
//! checks (the grammar writer alone, at full rate; the engine's half is
//! the `grammar` target).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pedelec_testdata::fuzz::grammar_text(data));
