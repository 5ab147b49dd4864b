//! A value written as a model constrained by the grammar writes it:
//! compact, each object's properties in the schema's order, strings as
//! serde_json spells them. The completeness tests feed these texts to the
//! engine byte by byte.

use pedelec_schema::schema::SchemaNode;
use serde_json::Value;

/// `value` as compact JSON, numbers without an exponent, its objects' keys
/// in the order `node` lists them (under a `oneOf`, the order of the first branch that names the
/// key; keys no node names after those). `None` for a value with a key no
/// schema node names (the grammar writes none; a valid value may have one).
pub fn compact(node: &SchemaNode, value: &Value) -> Option<String> {
    let mut out = String::new();
    write(node, value, &mut out).then_some(out)
}

fn write(node: &SchemaNode, value: &Value, out: &mut String) -> bool {
    match (node, value) {
        (SchemaNode::OneOf(one_of), _) => {
            // The branch the value belongs to: the first that writes it.
            one_of.branches.iter().any(|branch| {
                let mut attempt = String::new();
                if write(branch, value, &mut attempt) && accepts(branch, value) {
                    out.push_str(&attempt);
                    true
                } else {
                    false
                }
            })
        }
        (SchemaNode::Object(object), Value::Object(map)) => {
            if map.keys().any(|key| object.property_node(key).is_none()) {
                return false;
            }
            out.push('{');
            let mut first = true;
            for property in &object.properties {
                let Some(item) = map.get(&property.name) else {
                    continue;
                };
                if !first {
                    out.push(',');
                }
                first = false;
                out.push_str(&serde_json::to_string(&property.name).expect("a string serializes"));
                out.push(':');
                if !write(&property.node, item, out) {
                    return false;
                }
            }
            out.push('}');
            true
        }
        (SchemaNode::Array(array), Value::Array(items)) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if !write(&array.items, item, out) {
                    return false;
                }
            }
            out.push(']');
            true
        }
        (SchemaNode::Number(number) | SchemaNode::Integer(number), Value::Number(n)) => {
            if number.enum_values.is_none() && near_a_bound(number, n) {
                // A float read from text may round onto a bound: the
                // grammar keeps such texts 16 floats inside it (documented).
                return false;
            }
            match &number.enum_values {
                // The grammar writes the listed value's own spelling.
                Some(values) => match values.iter().find(|v| v.as_f64() == n.as_f64()) {
                    // An integer node's value in digits (`-10`, not `-10.0`).
                    Some(listed) if matches!(node, SchemaNode::Integer(_)) && listed.is_f64() => {
                        out.push_str(&integer_digits(listed.as_f64().expect("an f64")));
                    }
                    Some(listed) => out.push_str(&listed.to_string()),
                    None => return false,
                },
                // Without an exponent, as the grammar writes numbers: Rust's
                // `Display` for f64 writes the shortest digits that read back.
                // An integer is written in digits, zero without a sign.
                None if matches!(node, SchemaNode::Integer(_)) && n.is_f64() => {
                    out.push_str(&integer_digits(n.as_f64().expect("an f64")));
                }
                None => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                    (Some(u), _, _) => out.push_str(&u.to_string()),
                    (_, Some(i), _) => out.push_str(&i.to_string()),
                    (_, _, Some(f)) => out.push_str(&format!("{f}")),
                    _ => return false,
                },
            }
            true
        }
        (_, value) => {
            out.push_str(&serde_json::to_string(value).expect("a value serializes"));
            true
        }
    }
}

/// Whether `node` alone accepts `value`: a one-property schema around it.
fn accepts(node: &SchemaNode, value: &Value) -> bool {
    let root = pedelec_schema::schema::ObjectNode::default().required_property("v", node.clone());
    let Ok(schema) = pedelec_schema::ToolArgsSchema::new(root) else {
        return false;
    };
    schema.is_valid(&serde_json::json!({ "v": value }))
}

/// Whether `text` holds a number outside the grammar's forms: more than
/// 308 integer digits (`1e308` written out has 309), which the grammar
/// narrows away (see the crate's docs). [`compact`] writes no exponent.
pub fn outside_narrowings(text: &str) -> bool {
    let mut in_string = false;
    let mut escaped = false;
    let mut digits = 0usize;
    for c in text.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '0'..='9' => {
                digits += 1;
                if digits > 308 {
                    return true;
                }
            }
            _ => digits = 0,
        }
    }
    false
}

/// An integral f64 in exact decimal digits (`18446744073709551616`, not
/// `18446744073709552000`), zero without a sign: as the grammar writes an
/// integer node's listed values.
fn integer_digits(f: f64) -> String {
    if f == 0.0 {
        "0".to_owned()
    } else {
        format!("{f:.0}")
    }
}

/// Whether `n`, read as a float (not an exact `u64`/`i64`), lies within 16
/// floats of one of the node's bounds.
fn near_a_bound(node: &pedelec_schema::schema::NumberNode, n: &serde_json::Number) -> bool {
    if n.is_u64() || n.is_i64() {
        return false;
    }
    let Some(value) = n.as_f64() else {
        return false;
    };
    [&node.minimum, &node.maximum]
        .into_iter()
        .flatten()
        .filter_map(|bound| bound.as_f64())
        .any(|bound| {
            let order = |f: f64| {
                let bits = f.to_bits() as i64;
                if bits < 0 {
                    i64::MIN - bits
                } else {
                    bits
                }
            };
            (i128::from(order(value)) - i128::from(order(bound))).unsigned_abs() <= 16
        })
}
