//! A tuple struct of several fields is a JSON array of mixed items.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args(String, u32);

fn main() {}
