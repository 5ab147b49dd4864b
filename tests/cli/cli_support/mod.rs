//! Running the real `pedelec-lint` binary from the workspace's tests.
//!
//! The binary belongs to the `pedelec-lint` package, so cargo does not
//! set `CARGO_BIN_EXE_pedelec-lint` here (it does so only for a package's
//! own binaries), and `cargo test --workspace` builds only the binary's
//! unit-test harness, not the binary itself (it would, only for integration
//! tests of its own package). So the tests ask cargo for it
//! (`pedelec_testdata::cargo`): one `cargo build -p pedelec-lint` per test
//! executable, which is a no-op when it is fresh.
//! `PEDELEC_LINT_BIN` overrides this, to test an installed binary.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The folder of the lint fixtures; tests run the binary from there, so
/// that file names in its output are short.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/lint")
}

/// The `pedelec-lint` executable, built on first use.
pub fn binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| match std::env::var_os("PEDELEC_LINT_BIN") {
        Some(path) => PathBuf::from(path),
        None => build(),
    })
}

/// Builds the binary with the profile these tests were built with.
fn build() -> PathBuf {
    pedelec_testdata::cargo::executable(&["--bin", "pedelec-lint"], "pedelec-lint")
}

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// The exit status (`None` if killed by a signal).
    pub code: Option<i32>,
    /// Standard output, as text.
    pub stdout: String,
    /// Standard error, as text.
    pub stderr: String,
}

impl Run {
    /// Standard output parsed as the `--format json` array.
    pub fn json(&self) -> Vec<serde_json::Value> {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|err| panic!("stdout is not a JSON array ({err}):\n{}", self.stdout))
    }
}

/// Runs `pedelec-lint args...` in the fixtures folder, with `stdin` as
/// its standard input and `NO_COLOR` unset.
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    run_with(args, stdin, |_| {})
}

/// [`run`], with `adjust` changing the command first (environment, ...).
pub fn run_with(args: &[&str], stdin: Option<&[u8]>, adjust: impl FnOnce(&mut Command)) -> Run {
    let mut command = Command::new(binary());
    command
        .args(args)
        .current_dir(fixtures())
        .env_remove("NO_COLOR");
    adjust(&mut command);
    capture(command, stdin)
}

/// Runs `command` with `stdin` as its standard input, and captures what it
/// writes.
pub fn capture(mut command: Command, stdin: Option<&[u8]>) -> Run {
    command
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("cannot start the command");
    if let Some(bytes) = stdin {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        // The binary may exit before reading everything (a usage error).
        let _ = pipe.write_all(bytes);
    }
    let output = child
        .wait_with_output()
        .expect("the command did not finish");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}
