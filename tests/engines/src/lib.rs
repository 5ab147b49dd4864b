//! The engines that check the library's grammars: llguidance, reading a
//! grammar byte by byte as a model's sampler would (`oracle.rs`), and the
//! reading of llama.cpp's GBNF into llguidance's Lark (`gbnf.rs`), so that
//! GBNF is checked by the same engine. The fixtures in `gbnf/` are the ones
//! `scripts/llama-cpp-gbnf.sh` puts to llama.cpp itself, which checks the
//! reading against the real parser.

pub mod cost;
pub mod fuzz;
pub mod gbnf;
pub mod oracle;
pub mod promise;
