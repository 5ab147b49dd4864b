//! The `pedelec-lint` command, run as a user runs it: its findings, exit
//! statuses, `--export` and `--fix`, on fixtures and on every real-world
//! schema. The binary is built by cargo on first use (`cli_support`).

mod cli_support;

mod export;
mod fix;
mod grammar;
mod lint;
mod realworld;
mod tools;
mod typescript;
