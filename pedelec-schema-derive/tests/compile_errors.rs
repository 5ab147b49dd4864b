//! Every compile error of `#[derive(ToolArgs)]`, with its message and span,
//! against the `.stderr` snapshots in `tests/ui/`, and the program in
//! `tests/ui/pass/` that must compile and run. Regenerate the snapshots
//! with `TRYBUILD=overwrite cargo test -p pedelec-schema-derive --test
//! compile_errors`, then read each one. They live with the derive, whose
//! few dev-dependencies are all that trybuild builds for each program.
//!
//! One program must pass, and it is there for what it makes trybuild do:
//! with a program to run, trybuild builds every case instead of checking
//! it, and only a build evaluates the type-system assertion that
//! `output_option_generic.rs` trips (a generic parameter is asked when the
//! schema's code is instantiated). What else the derive generates at run
//! time is tested in `tests/derive/`, in a test binary the workspace
//! builds anyway.

#[test]
fn compile_errors() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
    cases.pass("tests/ui/pass/*.rs");
}
