//! Repair of argument text that is not JSON (`ToolArgsSchema::repair`):
//! the labelled corpus of malformed calls, each rule with what it must
//! refuse, the typed path, and the properties that hold for any text.

mod corpus;
mod hostile;
mod properties;
mod typed;
