//! Every compile error of `#[derive(ToolArgs)]`, with its message and span,
//! against the `.stderr` snapshots in `tests/ui/`, and the programs in
//! `tests/ui/pass/` that must compile and run. Regenerate the snapshots
//! with `TRYBUILD=overwrite cargo test --test derive_ui`, then read each one.

#[test]
fn compile_errors() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
    cases.pass("tests/ui/pass/*.rs");
}
