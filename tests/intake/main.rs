//! `Checked<T>`, tolerant intake (coercion, unknown properties) and the
//! proof that both drop into rmcp, the official MCP SDK.

#[path = "../strategies/mod.rs"]
mod strategies;

mod checked;
mod properties;
mod rmcp;
mod tolerant;
