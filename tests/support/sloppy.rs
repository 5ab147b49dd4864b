//! A value written as a model writes it when it slips into Python or
//! JavaScript habits: strings and names in single quotes, a comma after
//! the last property or item, `True` and `False`. The text `repair` must
//! read back as the value, for its benchmarks and tests.

use serde_json::Value;

/// Which slips to make; each applies everywhere it can.
#[derive(Debug, Clone, Copy)]
pub struct Slips {
    /// Every string and property name in single quotes.
    pub single_quotes: bool,
    /// A comma after the last property or item of every non-empty
    /// container.
    pub trailing_commas: bool,
    /// Booleans as Python writes them: right only where every boolean's
    /// node takes a boolean (not a string).
    pub python_booleans: bool,
}

impl Slips {
    /// Every slip.
    pub const ALL: Slips = Slips {
        single_quotes: true,
        trailing_commas: true,
        python_booleans: true,
    };
}

/// `value` written compactly with `slips`.
pub fn write(value: &Value, slips: Slips) -> String {
    let mut out = String::new();
    write_value(&mut out, value, slips);
    out
}

fn write_value(out: &mut String, value: &Value, slips: Slips) {
    match value {
        Value::Bool(true) if slips.python_booleans => out.push_str("True"),
        Value::Bool(false) if slips.python_booleans => out.push_str("False"),
        Value::String(text) => write_string(out, text, slips),
        Value::Array(items) => {
            out.push('[');
            for (at, item) in items.iter().enumerate() {
                if at > 0 {
                    out.push_str(", ");
                }
                write_value(out, item, slips);
            }
            if slips.trailing_commas && !items.is_empty() {
                out.push(',');
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (at, (key, value)) in map.iter().enumerate() {
                if at > 0 {
                    out.push_str(", ");
                }
                write_string(out, key, slips);
                out.push_str(": ");
                write_value(out, value, slips);
            }
            if slips.trailing_commas && !map.is_empty() {
                out.push(',');
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// A string in single quotes (as Python's `repr` escapes it: `\'` and
/// `\\`, a `"` as it is, control characters as JSON's escapes), or as JSON
/// writes it.
fn write_string(out: &mut String, text: &str, slips: Slips) {
    if !slips.single_quotes {
        out.push_str(&Value::String(text.to_owned()).to_string());
        return;
    }
    out.push('\'');
    for c in text.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\u{0}'..='\u{1f}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
}
