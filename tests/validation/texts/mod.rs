//! JSON texts for the tests of reading arguments from text: values aimed
//! at a schema (mostly inside it, now and then one past a bound, a count
//! or a type), and each spelled many ways - whitespace, escaped keys and
//! strings, numbers as `1.0`, `1e2`, `-0` or beyond `u64`, properties given
//! twice (the same value, a nudged one, a wrong one; first or last) and
//! properties the schema does not name.

use pedelec_schema::schema::{NumberNode, ObjectNode, SchemaNode};
use serde_json::{Number, Value};

/// A small deterministic generator: proptest picks the seed, and the value
/// and its spelling follow from it. `noise` is how often a number or a
/// character is spelled another way, set per text: a clean text is read
/// on the fast path to the end, a noisy one leaves it early.
pub struct Rng {
    state: u64,
    noise: f64,
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        let mut rng = Rng {
            state: seed,
            noise: 0.0,
        };
        rng.noise = *rng.pick(&[0.0, 0.0, 0.01, 0.05, 0.2]);
        rng
    }

    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let x = (self.state ^ (self.state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    pub fn chance(&mut self, probability: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= probability
    }

    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// A value aimed at `node`: inside it but now and then (`wrong`) not.
fn value_for(node: &SchemaNode, rng: &mut Rng, wrong: f64) -> Value {
    if rng.chance(wrong) {
        return rng
            .pick(&[
                Value::Null,
                Value::from(true),
                Value::from(7),
                Value::from(3.5),
                Value::from("x"),
                Value::from(Vec::<Value>::new()),
                Value::Object(Default::default()),
            ])
            .clone();
    }
    match node {
        SchemaNode::String(string) => {
            if let Some(values) = &string.enum_values {
                return Value::from(rng.pick(values).as_str());
            }
            let min = string.min_length.unwrap_or(0);
            let max = string.max_length.unwrap_or(min + 6).min(min + 6);
            let letters: &[char] = if string.pattern.is_some() {
                &['a', 'b', 'q', 'z']
            } else {
                &['a', 'Z', ' ', 'é', '🐲', '"', '\\', '\n', '/', '\u{1}']
            };
            let length = min + rng.below(max - min + 1);
            Value::from((0..length).map(|_| *rng.pick(letters)).collect::<String>())
        }
        SchemaNode::Integer(number) => integer_for(number, rng),
        SchemaNode::Number(number) => {
            if let Some(values) = &number.enum_values {
                return Value::Number(rng.pick(values).clone());
            }
            let low = number.minimum.as_ref().and_then(Number::as_f64);
            let high = number.maximum.as_ref().and_then(Number::as_f64);
            let low = low.unwrap_or(high.map_or(-1e3, |high| high - 1e3));
            let high = high.unwrap_or(low + 1e3).max(low);
            let float = low + (high - low) * (rng.below(1000) as f64 / 999.0);
            let float = if rng.chance(0.3) {
                float.round()
            } else {
                float
            };
            Number::from_f64(float.clamp(low, high)).map_or(Value::Null, Value::Number)
        }
        SchemaNode::Boolean(boolean) => match &boolean.enum_values {
            Some(values) => Value::from(*rng.pick(values)),
            None => Value::from(rng.chance(0.5)),
        },
        SchemaNode::Array(array) => {
            let min = array.min_items.unwrap_or(0);
            let max = array.max_items.unwrap_or(min + 3).min(min + 3);
            // Now and then one item too many or too few.
            let count = match (array.max_items, rng.below(40)) {
                (Some(max_items), 0) if max_items < 20 => max_items + 1,
                (_, 1) if min > 0 => min - 1,
                _ => min + rng.below(max - min + 1),
            };
            Value::Array(
                (0..count)
                    .map(|_| value_for(&array.items, rng, wrong))
                    .collect(),
            )
        }
        SchemaNode::Object(object) => object_for(object, rng, wrong),
        SchemaNode::OneOf(one_of) => value_for(rng.pick(&one_of.branches), rng, wrong),
    }
}

fn integer_for(number: &NumberNode, rng: &mut Rng) -> Value {
    if let Some(values) = &number.enum_values {
        return Value::Number(rng.pick(values).clone());
    }
    let bound = |n: &Option<Number>, default: i128| {
        n.as_ref()
            .and_then(|n| n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)))
            .unwrap_or(default)
    };
    let low = bound(&number.minimum, i128::MIN).max(i128::from(i64::MIN));
    let high = bound(&number.maximum, i128::MAX).min(i128::from(u64::MAX));
    let (low, high) = match (number.minimum.is_some(), number.maximum.is_some()) {
        (false, false) => (-1000, 1000),
        (true, false) => (low, low.saturating_add(1000).min(i128::from(u64::MAX))),
        (false, true) => (high.saturating_sub(1000).max(i128::from(i64::MIN)), high),
        (true, true) => (low, high.max(low)),
    };
    // Now and then one past a bound.
    let int = match rng.below(60) {
        0 => low,
        1 => high,
        2 => low - 1,
        3 => high + 1,
        _ => low + i128::from(rng.below((high - low).min(1 << 40) as u64 + 1)),
    };
    let int = int.clamp(i128::from(i64::MIN), i128::from(u64::MAX));
    match u64::try_from(int) {
        Ok(u) => Value::from(u),
        Err(_) => Value::from(int as i64),
    }
}

pub fn object_for(object: &ObjectNode, rng: &mut Rng, wrong: f64) -> Value {
    let mut map = serde_json::Map::new();
    for property in &object.properties {
        let required = object.required.contains(&property.name);
        if rng.chance(if required { 0.97 } else { 0.6 }) {
            map.insert(property.name.clone(), value_for(&property.node, rng, wrong));
        }
    }
    Value::Object(map)
}

/// `value` as JSON text, spelled as `rng` picks.
pub fn text_of(value: &Value, rng: &mut Rng) -> String {
    let mut out = String::new();
    write_value(value, rng, &mut out);
    out
}

fn space(rng: &mut Rng, out: &mut String) {
    if rng.chance(0.15) {
        let space: &&str = rng.pick(&[" ", "\n", "\t", "\r\n  "]);
        out.push_str(space);
    }
}

fn write_value(value: &Value, rng: &mut Rng, out: &mut String) {
    space(rng, out);
    match value {
        Value::Null | Value::Bool(_) => out.push_str(&value.to_string()),
        Value::Number(number) => write_number(number, rng, out),
        Value::String(text) => write_string(text, rng, out),
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                write_value(item, rng, out);
            }
            space(rng, out);
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> =
                map.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            if rng.chance(0.3) {
                entries.reverse();
            }
            if !entries.is_empty() && rng.chance(0.1) {
                // Given twice: the text's last one is the one a `Value` keeps.
                let at = rng.below(entries.len() as u64) as usize;
                let (key, kept) = entries[at].clone();
                let other = match rng.below(3) {
                    0 => kept,
                    1 => nudged(&kept),
                    _ => rng
                        .pick(&[Value::from(-1), Value::from("x"), Value::from(3.0)])
                        .clone(),
                };
                let place = if rng.chance(0.5) { at } else { entries.len() };
                entries.insert(place, (key, other));
            }
            if rng.chance(0.1) {
                entries.push(("zz unnamed".to_owned(), Value::from(vec![1, 2])));
            }
            out.push('{');
            for (index, (key, item)) in entries.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                space(rng, out);
                write_string(key, rng, out);
                space(rng, out);
                out.push(':');
                write_value(item, rng, out);
            }
            space(rng, out);
            out.push('}');
        }
    }
}

/// `value` changed a little, so that it likely still passes: which of two
/// passing values a reader keeps then shows.
fn nudged(value: &Value) -> Value {
    match value {
        Value::Number(n) if n.as_u64() == Some(0) => Value::from(1),
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Value::from(u - 1),
            (_, Some(i), _) => Value::from(i + 1),
            (_, _, Some(f)) => Value::from(f / 2.0),
            _ => value.clone(),
        },
        Value::String(text) => Value::from(text.chars().rev().collect::<String>()),
        Value::Bool(b) => Value::from(!b),
        Value::Array(items) => Value::Array(items.iter().rev().cloned().collect()),
        _ => value.clone(),
    }
}

/// A number as `1`, `1.0`, `1e0`, `10e-1`, `-0`, or now and then one
/// beyond `u64` or `i64` (read as a float). Those are written as their
/// floats (2^64, -2^63 - 2^11): a text that a float rounds onto a bound
/// (`-9223372036854775809` onto `i64::MIN`) is compared as written by the
/// readers of text and as the float in a `Value`, which `number_text.rs`
/// tests on its own.
fn write_number(number: &Number, rng: &mut Rng, out: &mut String) {
    let plain = number.to_string();
    let noise = rng.noise;
    let spelled = if !rng.chance(noise) {
        plain
    } else if rng.chance(0.1) {
        rng.pick(&[
            "18446744073709551616",
            "-9223372036854777856",
            "1e20",
            "1e308",
        ])
        .to_string()
    } else if number.is_f64() {
        match rng.below(3) {
            0 => format!("{:e}", number.as_f64().unwrap_or(0.0)),
            _ => plain,
        }
    } else if !exactly_a_float(number) {
        // Spelled as a float, an integer past 2^53 would round: its text and
        // its `Value` would be different numbers.
        plain
    } else {
        match (rng.below(6), plain.as_str()) {
            (0, _) => format!("{plain}.0"),
            (1, _) => format!("{plain}e0"),
            (2, _) => format!("{plain}0e-1"),
            (3, "0") => "-0".to_owned(),
            (4, "0") => "-0.0".to_owned(),
            _ => plain,
        }
    };
    out.push_str(&spelled);
}

/// Whether an integer is a float too: within 2^53 of zero.
fn exactly_a_float(number: &Number) -> bool {
    const EXACT: u64 = 1 << 53;
    match (number.as_u64(), number.as_i64()) {
        (Some(u), _) => u <= EXACT,
        (_, Some(i)) => i.unsigned_abs() <= EXACT,
        _ => true,
    }
}

/// A string with some characters escaped as `\uXXXX` (astral ones as
/// surrogate pairs) or `\/`.
fn write_string(text: &str, rng: &mut Rng, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        if rng.chance(rng.noise) {
            if c == '/' {
                out.push_str("\\/");
                continue;
            }
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04X}"));
            }
            continue;
        }
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}
