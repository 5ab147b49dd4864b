//! The schemas of a linted file, each read from its own text: what every
//! `--export` (a provider's schemas, a grammar, TypeScript declarations)
//! writes from.

use pedelec_schema::ToolArgsSchema;
use serde_json::Value;

use crate::check::Checked;
use crate::locate::locate_all;
use crate::shapes;

/// A schema of the file, read from its own text.
pub struct ReadSchema {
    /// Where it is in the file.
    pub pointer: String,
    /// Its bytes in the text.
    pub span: std::ops::Range<usize>,
    pub schema: ToolArgsSchema,
}

/// The file as a document, and each schema in it read from its own text,
/// not from the document's `Value`, whose map sorts the properties: the
/// library reads them in the order written, which is the order it writes.
pub fn read_schemas(checked: &Checked) -> Result<(Value, Vec<ReadSchema>), String> {
    let text = &checked.text;
    let document: Value =
        serde_json::from_str(text).map_err(|err| format!("the file is no longer JSON: {err}"))?;
    let sites = shapes::schemas(&document);
    let site_pointers: Vec<&str> = sites.iter().map(|site| site.pointer.as_str()).collect();
    let locations = locate_all(text, &site_pointers);
    let mut schemas = Vec::with_capacity(sites.len());
    for (site, location) in sites.iter().zip(locations) {
        let location = location
            .filter(|location| location.exact)
            .ok_or_else(|| format!("cannot find the schema at {:?} in the text", site.pointer))?;
        let schema =
            ToolArgsSchema::from_json_str(&text[location.value.clone()]).map_err(|err| {
                format!(
                    "the schema at {:?} is outside the subset: {err}",
                    site.pointer
                )
            })?;
        schemas.push(ReadSchema {
            pointer: site.pointer.clone(),
            span: location.value,
            schema,
        });
    }
    Ok((document, schemas))
}
