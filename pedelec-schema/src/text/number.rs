//! A JSON number: its grammar byte by byte, and its text read into a
//! [`Number`] exactly as serde_json reads it into a `Value`.

use serde_json::Number;

/// Where a number's text is in JSON's number grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NumberAt {
    Minus,
    Zero,
    Integer,
    Point,
    Fraction,
    Exponent,
    ExponentSign,
    ExponentDigits,
}

impl NumberAt {
    /// Where a number that begins with `byte` (`-` or a digit) is.
    pub(super) fn start(byte: u8) -> NumberAt {
        match byte {
            b'-' => NumberAt::Minus,
            b'0' => NumberAt::Zero,
            _ => NumberAt::Integer,
        }
    }

    /// Whether the number may end here.
    pub(super) fn complete(self) -> bool {
        matches!(
            self,
            NumberAt::Zero | NumberAt::Integer | NumberAt::Fraction | NumberAt::ExponentDigits
        )
    }

    /// Where the number is after `byte`: `Ok(None)` when the byte is not
    /// part of it (and ends it, if it may end here), `Err` with what is
    /// wrong when the number cannot go on or end.
    pub(super) fn read(self, byte: u8) -> Result<Option<NumberAt>, &'static str> {
        use NumberAt::*;
        Ok(Some(match (self, byte) {
            (Minus, b'0') => Zero,
            (Minus, b'1'..=b'9') => Integer,
            (Minus, _) => return Err("expected a digit after `-`"),
            (Zero, b'0'..=b'9') => return Err("a number with a leading zero"),
            (Zero | Integer, b'.') => Point,
            (Integer, b'0'..=b'9') => Integer,
            (Point | Fraction, b'0'..=b'9') => Fraction,
            (Point, _) => return Err("expected a digit after the decimal point"),
            (Zero | Integer | Fraction, b'e' | b'E') => Exponent,
            (Exponent, b'+' | b'-') => ExponentSign,
            (Exponent | ExponentSign | ExponentDigits, b'0'..=b'9') => ExponentDigits,
            (Exponent | ExponentSign, _) => return Err("expected a digit in the exponent"),
            _ => return Ok(None),
        }))
    }
}

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
