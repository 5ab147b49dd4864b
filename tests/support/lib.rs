//! The shared test data, loaded for tests and benchmarks.
//!
//! The data lives in `../shared/` beside the checkout (see the README):
//! the JSON-Schema-Test-Suite cases typed into the subset, and real tool
//! schemas that agents publish.

use std::path::PathBuf;

use serde::Deserialize;
use serde_json::Value;

/// The folder that holds `SPEC.md`, `conformance/` and `realworld/`.
pub fn shared_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("PEDELEC_SHARED_DIR") {
        return PathBuf::from(dir);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

fn read_json<T: for<'de> Deserialize<'de>>(relative: &str) -> T {
    let path = shared_dir().join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| {
        panic!(
            "cannot read {}: {err}. The shared test data must sit beside the checkout \
             (or set PEDELEC_SHARED_DIR)",
            path.display()
        )
    });
    serde_json::from_str(&text)
        .unwrap_or_else(|err| panic!("{} is not JSON: {err}", path.display()))
}

/// One group of `conformance/accepted.json`.
#[derive(Debug, Deserialize)]
pub struct AcceptedGroup {
    /// The suite file it came from.
    pub file: String,
    /// The suite's description of the group.
    pub description: String,
    /// A schema inside the subset.
    pub schema: Value,
    /// Values with their expected validity.
    pub tests: Vec<ConformanceTest>,
}

/// One value of a conformance group.
#[derive(Debug, Deserialize)]
pub struct ConformanceTest {
    /// The suite's description.
    pub description: String,
    /// The value to validate.
    pub data: Value,
    /// Whether the suite says it is valid.
    pub valid: bool,
}

/// One group of `conformance/rejected.json`.
#[derive(Debug, Deserialize)]
pub struct RejectedGroup {
    /// The suite file it came from.
    pub file: String,
    /// The suite's description of the group.
    pub description: String,
    /// A schema outside the subset.
    pub schema: Value,
    /// Which rule of the subset it breaks.
    pub why: String,
}

/// One entry of a `realworld/*.json` file.
#[derive(Debug, Deserialize)]
pub struct RealWorldSchema {
    /// Where it was published.
    pub source: String,
    /// The file it was read from.
    pub path: String,
    /// The tool it belongs to.
    pub tool: String,
    /// The tool's input schema.
    pub schema: Value,
}

/// `conformance/accepted.json`.
pub fn accepted() -> Vec<AcceptedGroup> {
    read_json("conformance/accepted.json")
}

/// `conformance/rejected.json`.
pub fn rejected() -> Vec<RejectedGroup> {
    read_json("conformance/rejected.json")
}

/// Every `realworld/*.json` file, as (file name, its schemas), sorted by name.
pub fn realworld() -> Vec<(String, Vec<RealWorldSchema>)> {
    let dir = shared_dir().join("realworld");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot list {}: {err}", dir.display()))
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".json"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let schemas = read_json(&format!("realworld/{name}"));
            (name, schemas)
        })
        .collect()
}
