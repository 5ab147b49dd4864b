//! The labelled corpus of malformed calls (`tests/data/repair/`).
