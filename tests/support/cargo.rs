//! Executables that cargo builds on request: a package's binary, or an
//! example of this workspace.
//!
//! Cargo tells a test where its own package's binaries are
//! (`CARGO_BIN_EXE_*`), but not where examples or another package's
//! binaries are, and `cargo test --test NAME` does not build them. So the
//! tests ask cargo: one `cargo build` per executable and test binary, a
//! no-op when it is fresh, which reports the executable's path.
//!
//! That build must resolve exactly as `cargo test --workspace` does, or it
//! compiles the library and everything above it a second time with other
//! features (a `cargo build -p pedelec-lint` alone leaves out the features
//! the tests turn on) and in another profile (`dev`, where the tests were
//! built in `test`): it selects the whole workspace, names the `test`
//! profile, and always builds an example, because an example target is
//! what makes cargo take the dev-dependencies' features into account, as
//! it does for tests. The example, `quickstart`, is one that `cargo test
//! --workspace` has built already.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Builds with `cargo build ARGS` (in the profile the tests were built
/// with, resolved as for the whole workspace's tests) and returns the
/// executable of the target named `target`; `ARGS` name the target
/// (`--example NAME` or `--bin NAME`), not its package.
pub fn executable(args: &[&str], target: &str) -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let mut command = Command::new(cargo);
    command
        .args([
            "build",
            "--quiet",
            "--message-format=json-render-diagnostics",
            "--workspace",
            "--example",
            "quickstart",
        ])
        .args(args)
        .arg("--manifest-path")
        .arg(&manifest)
        .stderr(Stdio::inherit());
    if cfg!(debug_assertions) {
        command.args(["--profile", "test"]);
    } else {
        command.arg("--release");
    }
    let output = command
        .output()
        .unwrap_or_else(|err| panic!("cannot run cargo to build {target}: {err}"));
    assert!(output.status.success(), "cargo could not build {target}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| message["reason"] == "compiler-artifact")
        .filter(|message| message["target"]["name"] == target)
        .find_map(|message| message["executable"].as_str().map(PathBuf::from))
        .unwrap_or_else(|| panic!("cargo reported no executable for {target}"))
}

/// The workspace's example `name` (example names are unique across its
/// packages), built.
pub fn example(name: &str) -> PathBuf {
    executable(&["--example", name], name)
}
