//! Runs the engine tests (`tests/engines/`), a package outside the
//! workspace because llguidance turns on serde_json's `preserve_order`,
//! which inside the workspace would reach every test. Running them from
//! here keeps `cargo test --workspace` the one command for every test.
//!
//! The package builds into the workspace's target folder (its own
//! artifacts, as its features differ), in the profile these tests run in.

use std::path::Path;
use std::process::Command;

#[test]
fn the_engine_tests_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // The workspace's target folder: this binary lives in `<target>/<profile>/deps`.
    let target = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.to_path_buf()))
        .expect("the test binary is in a target folder");
    let mut command = Command::new(cargo);
    command
        .arg("test")
        .arg("--manifest-path")
        .arg(root.join("engines/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target);
    if !cfg!(debug_assertions) {
        command.arg("--release");
    }
    command.args(["--", "--nocapture"]);
    let output = command.output().expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The engine tests print what they ran (schemas, values, walks); show it.
    eprintln!("{stderr}");
    assert!(
        output.status.success(),
        "the engine tests (tests/engines) failed:\n{stdout}\n{stderr}"
    );
}
