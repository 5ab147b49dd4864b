//! The canonical keyword order: the one list of the order in which the
//! library writes a node's keywords, ours and the providers' alike.
//!
//! Our serialization (`serialize.rs`) writes the keywords of each kind in
//! this order, which its tests hold it to; the export (`export/emit.rs`,
//! `export/mcp.rs`) puts every node it writes in this order, in its
//! order-keeping `OrderedJson`, so that its output reads like our own.

/// Every keyword the library writes into a node, in the canonical order:
/// the discriminator (`type`, or a list of branches), the kind's keywords
/// in the order `docs/subset.md` section 1 lists them (and the export's
/// `additionalProperties` and `propertyOrdering` after `required`), then
/// the metadata.
///
/// Public for tools that write or check schemas in the library's order
/// (the exports already come in it):
///
/// ```
/// use pedelec_schema::schema::KEYWORD_ORDER;
///
/// assert_eq!(KEYWORD_ORDER.first(), Some(&"type"));
/// assert_eq!(KEYWORD_ORDER.last(), Some(&"examples"));
/// ```
pub const KEYWORD_ORDER: &[&str] = &[
    "type",
    "anyOf",
    "oneOf",
    "enum",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "properties",
    "required",
    "additionalProperties",
    "propertyOrdering",
    "description",
    "default",
    "example",
    "examples",
];

/// The place of `keyword` in [`KEYWORD_ORDER`]; any other key comes after
/// them all.
pub(crate) fn keyword_rank(keyword: &str) -> usize {
    KEYWORD_ORDER
        .iter()
        .position(|known| *known == keyword)
        .unwrap_or(KEYWORD_ORDER.len())
}
