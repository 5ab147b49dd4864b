//! What the derive adds to a user's build: its parser is the `syn` that
//! serde_derive already compiles there, so a tree with both derives
//! compiles one `syn`, not two majors of it.

use std::path::Path;

/// The `syn` that `package` depends on in the workspace's `Cargo.lock`, as
/// the lock file writes it (`syn 3.0.10` where several versions are locked).
fn locked_syn(lock: &str, package: &str) -> String {
    let entry = lock
        .split("[[package]]")
        .find(|entry| entry.contains(&format!("name = \"{package}\"\n")))
        .unwrap_or_else(|| panic!("{package} is not in Cargo.lock"));
    entry
        .lines()
        .map(|line| line.trim().trim_matches(|c| c == '"' || c == ','))
        .find(|dependency| *dependency == "syn" || dependency.starts_with("syn "))
        .unwrap_or_else(|| panic!("{package} does not depend on syn"))
        .to_owned()
}

#[test]
fn the_derive_parses_with_the_syn_serde_derive_uses() {
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock");
    let lock = std::fs::read_to_string(&lock)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", lock.display()));
    assert_eq!(
        locked_syn(&lock, "pedelec-schema-derive"),
        locked_syn(&lock, "serde_derive")
    );
}
