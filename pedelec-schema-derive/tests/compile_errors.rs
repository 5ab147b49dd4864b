//! Every compile error of `#[derive(ToolArgs)]`, with its message and span,
//! against the `.stderr` snapshots in `tests/ui/`, and the programs in
//! `tests/ui/pass/` that must compile and run. Regenerate the snapshots
//! with `TRYBUILD=overwrite cargo test -p pedelec-schema-derive --test
//! compile_errors`, then read each one. They live with the derive, whose
//! few dev-dependencies are all that trybuild builds for each program.

#[test]
fn compile_errors() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
    cases.pass("tests/ui/pass/*.rs");
}
