//! `Checked<T>`, tolerant intake (coercion, unknown properties) and the
//! proof that both drop into rmcp, the official MCP SDK.

use pedelec_testdata::strategies;

mod checked;
mod properties;
mod repair;
mod rmcp;
mod tolerant;
