//! An `enum` that contradicts its node's one `type`, read as what its
//! author evidently meant rather than as a node that accepts nothing.
//!
//! Two mistakes are common in hand-written and generated tool schemas, and
//! each leaves the node accepting no value, which would cost the model the
//! property (an optional one is dropped, a required one makes the whole
//! schema impossible):
//!
//! - an array node that lists its elements' values (`{"type": "array",
//!   "items": {"type": "string"}, "enum": ["a", "b"]}`): the `enum` moves
//!   to `items`, as lint advises;
//! - an integer, number or boolean node whose `enum` is written as strings
//!   (`{"type": "integer", "enum": ["1", "2", "dontcare"]}`): each string
//!   becomes the value it spells where it spells one of the node's type
//!   (`"2"` the integer 2, `"True"` and `"false"` booleans, in any case),
//!   and a string that spells none stays a string. With both kinds, the
//!   node is a `oneOf` of the typed values and the strings: the type is
//!   what the author declared, and each string what they listed, so
//!   neither is thrown away. Reading the node as strings only would drop
//!   the declared type; reading it as the type only would drop the values
//!   it cannot spell.
//!
//! Only where no `enum` value has the node's type: an `enum` with some
//! values of the type keeps those (`unreachable_enum_value_dropped`), and
//! a node with no evident intent (`minimum` above `maximum`) still accepts
//! nothing. Each rewrite widens: the source accepted nothing there.

use serde_json::{Number, Value};

use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::dialect::TypeName;
use crate::convert::shape::{At, Facets, Family, Kind, Node, Origin, Union};
use crate::message::Listed;
use crate::numeric;

/// Moves an `enum` of element values from an array node to its `items`
/// where no value of it is an array and `items` can take them.
pub(super) fn move_to_items(ctx: &mut Context<'_>, types: &[TypeName], facets: &mut Facets) {
    let [TypeName {
        family: Family::Array,
        ..
    }] = types
    else {
        return;
    };
    let Some(values) = &facets.enum_values else {
        return;
    };
    if values.value.is_empty() || values.value.iter().any(Value::is_array) {
        return;
    }
    let families = families_of(&values.value);
    let takes_them = match facets.items.as_deref().map(|items| &items.kind) {
        None | Some(Kind::Open(_)) => true,
        Some(Kind::Typed(family, items)) => {
            families == [*family]
                && (!items.integer
                    || values
                        .value
                        .iter()
                        .all(|v| v.as_number().is_some_and(numeric::is_integer)))
        }
        Some(_) => false,
    };
    if !takes_them {
        return;
    }
    let values = facets.enum_values.take().expect("checked above");
    ctx.note(
        ChangeCode::EnumMovedToItems,
        &values.at,
        "the `enum` lists values for the array's elements, which no array is; it was moved \
         to `items`: each element must be one of them",
    );
    let at = values.at.clone();
    let items = facets
        .items
        .get_or_insert_with(|| Box::new(Node::new(Kind::Open(Facets::default()), at)));
    match &mut items.kind {
        Kind::Open(items) | Kind::Typed(_, items) => super::facets::restrict_enum(items, values),
        _ => unreachable!("checked above"),
    }
}

/// The node an `enum` of strings on an integer, number or boolean node
/// stands for, where no value of it has the node's type.
pub(super) fn retyped(
    ctx: &mut Context<'_>,
    types: &[TypeName],
    facets: &Facets,
    at: &str,
) -> Option<Node> {
    let [name] = types else {
        return None;
    };
    if !matches!(name.family, Family::Number | Family::Boolean) {
        return None;
    }
    let values = facets.enum_values.as_ref()?;
    if values.value.is_empty() || !values.value.iter().all(Value::is_string) {
        return None;
    }
    let mut typed = Vec::new();
    let mut strings = Vec::new();
    for value in &values.value {
        let text = value.as_str().expect("checked above");
        match spelled(name, text) {
            Some(spelled) => typed.push(spelled),
            None => strings.push(value.clone()),
        }
    }
    let ty = type_word(name);
    let reading = match (typed.is_empty(), strings.is_empty()) {
        (false, true) => format!(
            "it now lists the {ty} values they spell, {}",
            Listed(&typed)
        ),
        (true, false) => "none of them spells a value of that type, so the node is a string node \
             of them"
            .to_owned(),
        _ => format!(
            "it now accepts the {ty} values they spell ({}) or the other strings ({})",
            Listed(&typed),
            Listed(&strings)
        ),
    };
    ctx.note(
        ChangeCode::EnumStringsRetyped,
        &values.at,
        format!("the `enum` of this {ty} node is written as strings, which no {ty} is; {reading}"),
    );
    let enum_at = values.at.clone();
    let typed_node = (!typed.is_empty()).then(|| {
        let mut own = facets.clone();
        own.integer |= name.integer;
        own.enum_values = Some(At::new(typed, enum_at.clone()));
        Node::new(Kind::Typed(name.family, own), at)
    });
    let string_node = (!strings.is_empty()).then(|| {
        let own = Facets {
            enum_values: Some(At::new(strings, enum_at.clone())),
            ..Facets::default()
        };
        Node::new(Kind::Typed(Family::String, own), at)
    });
    Some(match (typed_node, string_node) {
        (Some(node), None) | (None, Some(node)) => node,
        (Some(typed), Some(strings)) => Node::new(
            Kind::Union(Union {
                branches: vec![typed, strings],
                origin: Origin::Split,
                at: enum_at,
            }),
            at,
        ),
        (None, None) => unreachable!("the enum is not empty"),
    })
}

/// The value of the node's type that `text` spells, if it spells one.
fn spelled(name: &TypeName, text: &str) -> Option<Value> {
    match name.family {
        Family::Boolean => match text.to_ascii_lowercase().as_str() {
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            _ => None,
        },
        _ => {
            let number: Number = text.parse().ok()?;
            (!name.integer || numeric::is_integer(&number)).then_some(Value::Number(number))
        }
    }
}

fn type_word(name: &TypeName) -> &'static str {
    match (name.family, name.integer) {
        (Family::Number, true) => "integer",
        (family, _) => family.name(),
    }
}

/// The families of `values`, each once, in order.
fn families_of(values: &[Value]) -> Vec<Family> {
    let mut families = Vec::new();
    for value in values {
        let family = Family::of(value);
        if !families.contains(&family) {
            families.push(family);
        }
    }
    families
}
