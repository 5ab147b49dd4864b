//! `convert`: real schemas brought into the subset, each change reported,
//! and the result checked against the `jsonschema` crate on the original.

mod convert_strategies;
mod convert_support;
use pedelec_testdata::strategies;

mod composition;
mod differential;
mod errors;
mod intent;
mod lowering;
mod read_order;
mod realworld;
