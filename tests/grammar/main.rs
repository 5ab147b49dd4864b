//! The grammars checked by engines this project did not write: llguidance
//! reads them byte by byte as a sampler would (`oracle.rs`), GBNF reaches it
//! through the tests' reading of llama.cpp's format (`gbnf.rs`), and the
//! GBNF fixtures in `gbnf/` are the ones `scripts/llama-cpp-gbnf.sh` puts
//! to llama.cpp itself, so that reading is checked against the real parser.

mod gbnf;
mod oracle;

mod gbnf_reading;
mod oracle_self_test;
