//! Fuzz target: see `pedelec_testdata::fuzz::repair` for what it checks.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pedelec_testdata::fuzz::repair(data));
