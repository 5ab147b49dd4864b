//! Exports for model providers: golden files, every provider's documented
//! rules checked on generated schemas, limits, tool definitions and
//! tool results.

mod export_rules;
use pedelec_testdata::strategies;

mod engines;
mod golden;
mod limits;
mod order;
mod properties;
mod provider_paths;
mod results;
mod tools;
