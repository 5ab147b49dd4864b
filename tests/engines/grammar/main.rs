//! The grammars the library writes, through the engine: the oracle's own
//! checks, the GBNF reading against its fixtures, the hard cases one by
//! one, the promise on generated schemas (sound, and complete up to the
//! narrowings), every real-world schema, grammars for tool lists, the cost
//! benchmark's ground (its texts through a real vocabulary), and a grammar
//! dropped into mistral-common's tool-call template.

mod cases;
mod cost;
mod dropin;
mod fuzz_replay;
mod gbnf_reading;
mod oracle_self_test;
mod ordered;
mod promise;
mod realworld;
mod tools;
