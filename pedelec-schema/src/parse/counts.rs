//! Counts: `minLength`, `maxLength`, `minItems` and `maxItems`, which must
//! be whole numbers that are not negative, lower bound first.

use super::fields::Fields;
use super::Parser;
use crate::diagnostic::Code;
use crate::message::Described;
use crate::numeric;

impl Parser {
    /// Reads `minLength`, `maxLength`, `minItems` or `maxItems`.
    pub(super) fn count(&mut self, map: &Fields<'_>, key: &str) -> Option<u64> {
        let value = map.get(key)?;
        let number = value.as_number();
        let problem = match number.map(numeric::Num::of) {
            None => format!(
                "must be a non-negative whole number, found {}",
                Described(value)
            ),
            Some(numeric::Num::Int(n)) => match u64::try_from(n) {
                Ok(count) => return Some(count),
                Err(_) => format!("must not be negative, found {n}"),
            },
            Some(numeric::Num::Float(f)) if f.fract() != 0.0 => {
                format!("must be a whole number, found {f}")
            }
            Some(numeric::Num::Float(f)) if f < 0.0 => format!("must not be negative, found {f}"),
            // Any count a tool can receive is far below 2^64.
            Some(numeric::Num::Float(f)) if f >= 18_446_744_073_709_551_616.0 => {
                format!("must be at most {}, found {f}", u64::MAX)
            }
            Some(numeric::Num::Float(f)) => return Some(f as u64),
        };
        let code = if number.is_some() {
            Code::InvalidBound
        } else {
            Code::InvalidValue
        };
        self.report_at(key, code, format!("`{key}` {problem}"));
        None
    }

    pub(super) fn check_count_order(&mut self, min: (&str, Option<u64>), max: (&str, Option<u64>)) {
        if let ((min_key, Some(low)), (max_key, Some(high))) = (min, max) {
            if low > high {
                self.report_at(
                    min_key,
                    Code::MinGreaterThanMax,
                    format!(
                        "`{min_key}` {low} is greater than `{max_key}` {high}: no value can pass"
                    ),
                );
            }
        }
    }
}
