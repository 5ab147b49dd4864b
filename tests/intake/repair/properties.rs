//! Properties of `repair` over generated schemas and texts.
