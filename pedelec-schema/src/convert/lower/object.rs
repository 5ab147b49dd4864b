//! Objects: each property written, or dropped with the change its case
//! calls for, and `required` kept to the properties that remain.
//!
//! | the property's node | optional | required |
//! |---|---|---|
//! | accepts anything | dropped, lossless | dropped, widens (presence unchecked) |
//! | cannot be written (array of anything, only `null`) | dropped, widens | dropped, widens |
//! | accepts nothing | dropped, widens (it had to be absent) | the object accepts nothing |
//! | accepted `null` too | `null` dropped, narrows | made optional, narrows |

use serde_json::{Map, Value};

use super::impossible::Cause;
use super::{lower, Form, Lowered};
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::shape::{At, Facets, PropertyEntry};
use crate::pointer;
use crate::schema::{ObjectNode, Property, SchemaNode};

/// Writes an object node; [`Form::Nothing`] when a required property
/// accepts no value.
pub(super) fn lower_object(ctx: &mut Context<'_>, facets: &Facets) -> Form {
    let mut properties: Vec<Property> = Vec::new();
    let mut optional_now: Vec<&str> = Vec::new();
    for entry in &facets.properties {
        let required = facets.required.iter().find(|r| r.value == entry.name);
        match property(ctx, entry, required) {
            Kept::Written(node, still_required) => {
                if !still_required {
                    optional_now.push(&entry.name);
                }
                properties.push(Property {
                    name: entry.name.clone(),
                    node,
                });
            }
            Kept::Dropped => {}
            Kept::Impossible => return Form::Nothing,
        }
    }
    let mut required = Vec::new();
    for name in &facets.required {
        if properties.iter().any(|p| p.name == name.value) {
            if !optional_now.contains(&name.value.as_str()) {
                required.push(name.value.clone());
            }
        } else if facets.property(&name.value).is_none() {
            ctx.note(
                ChangeCode::RequiredWithoutPropertyDropped,
                &name.at,
                format!(
                    "`{}` is required but `properties` does not describe it; it was dropped \
                     from `required`: the handler must check it is present",
                    name.value
                ),
            );
        }
    }
    if let Some(values) = &facets.enum_values {
        if values.value.iter().any(Value::is_object) {
            ctx.note(
                ChangeCode::StructuredEnumDropped,
                &values.at,
                "the allowed objects were dropped: the handler must check the object is one \
                 of them",
            );
        } else {
            return Form::Nothing;
        }
    }
    in_map_order(&mut properties);
    Form::Node(
        ObjectNode {
            properties,
            required,
            meta: Default::default(),
        }
        .into(),
    )
}

/// Puts `properties` in the order a JSON object (a `serde_json::Map`)
/// iterates their names: sorted by name, or as inserted with serde_json's
/// `preserve_order`. That is the order the gatekeeper gives a schema it
/// parses, and so the order lowering gave when it wrote JSON.
pub(super) fn in_map_order(properties: &mut Vec<Property>) {
    let mut order = Map::new();
    for property in properties.iter() {
        order.insert(property.name.clone(), Value::Null);
    }
    let mut by_name: Vec<Option<Property>> = properties.drain(..).map(Some).collect();
    for name in order.keys() {
        if let Some(slot) = by_name
            .iter_mut()
            .find(|slot| slot.as_ref().is_some_and(|p| &p.name == name))
        {
            properties.extend(slot.take());
        }
    }
}

/// What became of one property.
enum Kept {
    /// Written, and whether it is still required.
    Written(SchemaNode, bool),
    Dropped,
    /// Required, and no value can pass: no object can.
    Impossible,
}

fn property(ctx: &mut Context<'_>, entry: &PropertyEntry, required: Option<&At<String>>) -> Kept {
    let Lowered { form, null } = lower(ctx, &entry.node);
    let name = &entry.name;
    match form {
        Form::Node(node) => match (null, required) {
            (Some(_), Some(_)) => {
                ctx.note(
                    ChangeCode::NullableRequiredMadeOptional,
                    &entry.at,
                    format!(
                        "`{name}` was required and accepted `null` (as OpenAI's strict mode \
                         writes an optional property); it is now optional and refuses `null`: \
                         the handler must treat a missing `{name}` as it treated `null`"
                    ),
                );
                Kept::Written(node, false)
            }
            (Some(null_at), None) => {
                ctx.note(
                    ChangeCode::NullDropped,
                    &null_at,
                    format!("`{name}` no longer accepts `null`: an agent leaves it out instead"),
                );
                Kept::Written(node, false)
            }
            (None, required) => Kept::Written(node, required.is_some()),
        },
        Form::Any(None) if required.is_some() => {
            ctx.note(
                ChangeCode::RequiredUnconstrainedPropertyDropped,
                &entry.at,
                format!(
                    "`{name}` accepts any value, which the subset cannot write; it was dropped \
                     from `properties` and `required`: the handler must check it is present"
                ),
            );
            Kept::Dropped
        }
        Form::Any(None) => {
            ctx.note(
                ChangeCode::UnconstrainedPropertyDropped,
                &entry.at,
                format!(
                    "`{name}` accepts any value, which the subset cannot write, and is \
                     optional; it was dropped (a property the schema does not name is allowed)"
                ),
            );
            Kept::Dropped
        }
        Form::Any(Some(lost)) => {
            unwritable(ctx, entry, &lost);
            Kept::Dropped
        }
        Form::Nothing if null.is_some() => {
            unwritable(ctx, entry, "a node that accepts only `null`");
            Kept::Dropped
        }
        Form::Nothing if required.is_some() => Kept::Impossible,
        Form::Nothing => {
            let Cause { at, why } = Cause::of(&entry.node);
            ctx.note(
                ChangeCode::ImpossiblePropertyDropped,
                &entry.at,
                format!(
                    "no value can pass `{name}`'s node ({why}, at {}), so it had to be absent; \
                     it was dropped: the handler must refuse `{name}`",
                    pointer::shown(&at)
                ),
            );
            Kept::Dropped
        }
    }
}

fn unwritable(ctx: &mut Context<'_>, entry: &PropertyEntry, lost: &str) {
    ctx.note(
        ChangeCode::UnwritablePropertyDropped,
        &entry.at,
        format!(
            "`{}` was dropped: the subset cannot write its node ({lost}); the handler must \
             check the property as the source described it",
            entry.name
        ),
    );
}
