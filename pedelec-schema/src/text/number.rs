//! A JSON number's text read into a [`Number`], exactly as serde_json
//! reads it into a `Value`.

use serde_json::Number;

/// The number `lexeme` (already checked against JSON's number grammar)
/// stands for, or `None` where serde_json refuses it: beyond the range of
/// a 64-bit float.
///
/// Short unsigned integers, most numbers in arguments, are read here; the
/// rest by serde_json's own `FromStr`, which runs the code its `Value`
/// reader runs, so that every float rounds as serde_json rounds it (without
/// `float_roundtrip` it is not always the nearest float).
pub(crate) fn read(lexeme: &str) -> Option<Number> {
    // Nineteen digits always fit in a `u64`.
    const SHORT: usize = 19;
    let bytes = lexeme.as_bytes();
    if bytes.len() <= SHORT && bytes.iter().all(u8::is_ascii_digit) {
        let value = bytes
            .iter()
            .fold(0u64, |value, &digit| value * 10 + u64::from(digit - b'0'));
        return Some(Number::from(value));
    }
    lexeme.parse().ok()
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    /// The numbers serde_json reads into a `Value`, bit for bit: the odd
    /// ones, and the shortcut's edges.
    #[test]
    fn numbers_are_read_as_serde_json_reads_them() {
        for lexeme in [
            "0",
            "-0",
            "1",
            "-1",
            "1.0",
            "-0.0",
            "1e308",
            "1E+2",
            "2.5e-3",
            "9007199254740993",
            "9999999999999999999",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "0.1000000000000000055511151231257827",
            "123456789012345678901234567890",
            "4.9e-324",
            "1e-400",
        ] {
            let expected = match serde_json::from_str::<Value>(lexeme).unwrap() {
                Value::Number(number) => number,
                other => panic!("{other}"),
            };
            let read = read(lexeme).unwrap();
            assert_eq!(read, expected, "{lexeme}");
            assert_eq!(
                read.as_f64().map(f64::to_bits),
                expected.as_f64().map(f64::to_bits),
                "{lexeme}"
            );
        }
        assert!(serde_json::from_str::<Value>("1e400").is_err());
        assert_eq!(read("1e400"), None);
    }
}
