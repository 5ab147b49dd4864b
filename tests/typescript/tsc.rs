//! The TypeScript compiler, run from Node: found in this folder's npm
//! install (`package.json` pins it; `npm ci` here installs it when it is
//! missing), run with `--strict` over the files a test writes, its
//! errors read back by file and line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// This test's npm folder.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("typescript")
}

/// Why tsc cannot run here, where Node is missing: the one case the test
/// skips.
pub fn missing_node() -> Option<String> {
    match Command::new("node").arg("--version").output() {
        Ok(output) if output.status.success() => None,
        _ => Some("Node is not on the PATH".to_owned()),
    }
}

/// The path of tsc, installed with `npm ci` in this folder if it is not
/// there yet.
pub fn tsc() -> PathBuf {
    let tsc = folder().join("node_modules/typescript/bin/tsc");
    if !tsc.exists() {
        eprintln!(
            "installing typescript: npm ci --prefix {}",
            folder().display()
        );
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--prefix"])
            .arg(folder())
            .status()
            .expect("npm runs where node does");
        assert!(status.success(), "npm ci failed in {}", folder().display());
    }
    tsc
}

/// tsc's errors, by file name and line (1-based), each with its message.
pub type Errors = BTreeMap<(String, usize), Vec<String>>;

/// Runs tsc with `--strict` over `files` (in `dir`), type-checking only,
/// and returns its errors.
pub fn check(dir: &Path, files: &[&str]) -> Errors {
    let output = Command::new("node")
        .arg(tsc())
        .args([
            "--strict",
            "--noEmit",
            "--pretty",
            "false",
            "--target",
            "es2022",
            "--module",
            "esnext",
            "--moduleResolution",
            "bundler",
            "--skipLibCheck",
        ])
        .args(files)
        .current_dir(dir)
        .output()
        .expect("node runs tsc");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut errors = Errors::new();
    for line in stdout.lines() {
        // `file.ts(12,5): error TS2322: ...`; a message's continuation
        // lines are indented.
        let Some((at, message)) = line.split_once("): error ") else {
            if let Some(last) = errors.values_mut().last() {
                if line.starts_with(' ') {
                    if let Some(message) = last.last_mut() {
                        message.push('\n');
                        message.push_str(line);
                    }
                }
            }
            continue;
        };
        let Some((file, position)) = at.split_once('(') else {
            continue;
        };
        let line_number = position
            .split(',')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        errors
            .entry((file.to_owned(), line_number))
            .or_default()
            .push(message.to_owned());
    }
    assert!(
        output.status.success() || !errors.is_empty(),
        "tsc failed without an error on a line:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    errors
}
