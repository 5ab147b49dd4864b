//! `lint`: every diagnostic code, and no panic or false finding on the
//! real-world schemas.

mod codes;
mod realworld;
