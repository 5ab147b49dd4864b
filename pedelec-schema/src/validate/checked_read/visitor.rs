//! The visitors that [`Checked`] hands the
//! wrapped deserializer: each checks the value it is given, then gives it
//! to the caller's visitor by the same method.
//!
//! Leaves are checked right here, by the same code as the walk's
//! (`accepts_*` of each rule); arrays and objects go on in `array.rs` and
//! `object.rs`. A value of a type that no rule at the place takes - `null`
//! above all, which the subset has no node for - is refused: the methods
//! not written out below are `Visitor`'s own, which refuse with serde's
//! "invalid type" error (or, for the small integer and float types, pass the
//! value on widened, which no JSON deserializer does).

use std::fmt;

use serde::de::value::{BorrowedStrDeserializer, StrDeserializer, StringDeserializer};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Number;

use super::deserializer::Checked;
use super::fingerprint::{self, Print};
use super::one_of::select;
use super::{array, object, refused, undecided};
use crate::validate::Rule;

/// The caller's `visitor`, given only values that pass `rule`.
pub(super) struct Checking<'r, 'p, V> {
    visitor: V,
    rule: &'r Rule,
    print: Print<'p>,
}

impl<'r, 'p, V> Checking<'r, 'p, V> {
    #[inline(always)]
    pub(super) fn new(visitor: V, rule: &'r Rule, print: Print<'p>) -> Self {
        Checking {
            visitor,
            rule,
            print,
        }
    }
}

/// Whether the leaf rule that `passes` picks under `rule` (`rule` itself,
/// or a `oneOf`'s branch of the value's type) accepts the value; if so,
/// records its `fingerprint` where one is wanted.
#[inline(always)]
fn check<'r, E: de::Error>(
    rule: &'r Rule,
    passes: impl Fn(&'r Rule) -> Option<bool>,
    print: Print<'_>,
    fingerprint: impl FnOnce() -> u64,
) -> Result<(), E> {
    if select(rule, passes) != Some(true) {
        return Err(refused());
    }
    print.record(fingerprint);
    Ok(())
}

#[inline(always)]
fn check_bool<E: de::Error>(rule: &Rule, b: bool, print: Print<'_>) -> Result<(), E> {
    let passes = |rule: &Rule| match rule {
        Rule::Boolean(boolean) => Some(boolean.accepts_bool(b)),
        _ => None,
    };
    check(rule, passes, print, || fingerprint::boolean(b))
}

#[inline(always)]
fn check_number<E: de::Error>(rule: &Rule, number: Number, print: Print<'_>) -> Result<(), E> {
    let passes = |rule: &Rule| match rule {
        Rule::Number(rule) => Some(rule.accepts_number(&number)),
        _ => None,
    };
    check(rule, passes, print, || fingerprint::number(&number))
}

#[inline(always)]
fn check_text<E: de::Error>(rule: &Rule, text: &str, print: Print<'_>) -> Result<(), E> {
    let passes = |rule: &Rule| match rule {
        Rule::String(string) => Some(string.accepts_text(text)),
        _ => None,
    };
    check(rule, passes, print, || fingerprint::string(text))
}

/// `visit_i8` ... `visit_f32`: checked as the 64-bit value they are, and
/// given on as they came.
macro_rules! narrow_numbers {
    ($($method:ident($ty:ty) as $wide:ty;)*) => {$(
        fn $method<E: de::Error>(self, n: $ty) -> Result<V::Value, E> {
            let number = Number::from(<$wide>::from(n));
            check_number(self.rule, number, self.print)?;
            self.visitor.$method(n)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Checking<'_, '_, V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(formatter)
    }

    #[inline(always)]
    fn visit_bool<E: de::Error>(self, b: bool) -> Result<V::Value, E> {
        check_bool(self.rule, b, self.print)?;
        self.visitor.visit_bool(b)
    }

    /// A `null` (as `deserialize_any` and `deserialize_option` hand it
    /// over): no rule takes it, and the full path decides, as it does
    /// for serde's own type error, but saying so (`verdict_from`, over a
    /// deserializer whose errors it cannot read, tells the two apart).
    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        Err(undecided())
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        Err(undecided())
    }

    narrow_numbers! {
        visit_i8(i8) as i64;
        visit_i16(i16) as i64;
        visit_i32(i32) as i64;
        visit_u8(u8) as u64;
        visit_u16(u16) as u64;
        visit_u32(u32) as u64;
    }

    #[inline(always)]
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<V::Value, E> {
        check_number(self.rule, Number::from(n), self.print)?;
        self.visitor.visit_i64(n)
    }

    #[inline(always)]
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<V::Value, E> {
        check_number(self.rule, Number::from(n), self.print)?;
        self.visitor.visit_u64(n)
    }

    /// Only values that a JSON number holds exactly (`u64` or `i64`); a
    /// larger one is read as a float into a `Value`, so it is left to the
    /// full walk.
    #[inline(always)]
    fn visit_i128<E: de::Error>(self, n: i128) -> Result<V::Value, E> {
        let number = match (u64::try_from(n), i64::try_from(n)) {
            (Ok(n), _) => Number::from(n),
            (_, Ok(n)) => Number::from(n),
            _ => return Err(undecided()),
        };
        check_number(self.rule, number, self.print)?;
        self.visitor.visit_i128(n)
    }

    #[inline(always)]
    fn visit_u128<E: de::Error>(self, n: u128) -> Result<V::Value, E> {
        let Ok(narrow) = u64::try_from(n) else {
            return Err(undecided());
        };
        check_number(self.rule, Number::from(narrow), self.print)?;
        self.visitor.visit_u128(n)
    }

    #[inline(always)]
    fn visit_f32<E: de::Error>(self, f: f32) -> Result<V::Value, E> {
        let number = Number::from_f64(f64::from(f)).ok_or_else(undecided)?;
        check_number(self.rule, number, self.print)?;
        self.visitor.visit_f32(f)
    }

    #[inline(always)]
    fn visit_f64<E: de::Error>(self, f: f64) -> Result<V::Value, E> {
        let number = Number::from_f64(f).ok_or_else(undecided)?;
        check_number(self.rule, number, self.print)?;
        self.visitor.visit_f64(f)
    }

    #[inline(always)]
    fn visit_char<E: de::Error>(self, c: char) -> Result<V::Value, E> {
        check_text(self.rule, c.encode_utf8(&mut [0; 4]), self.print)?;
        self.visitor.visit_char(c)
    }

    #[inline(always)]
    fn visit_str<E: de::Error>(self, text: &str) -> Result<V::Value, E> {
        check_text(self.rule, text, self.print)?;
        self.visitor.visit_str(text)
    }

    #[inline(always)]
    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<V::Value, E> {
        check_text(self.rule, text, self.print)?;
        self.visitor.visit_borrowed_str(text)
    }

    #[inline(always)]
    fn visit_string<E: de::Error>(self, text: String) -> Result<V::Value, E> {
        check_text(self.rule, &text, self.print)?;
        self.visitor.visit_string(text)
    }

    #[inline(always)]
    fn visit_some<D: Deserializer<'de>>(self, inner: D) -> Result<V::Value, D::Error> {
        self.visitor
            .visit_some(Checked::new(inner, self.rule, self.print))
    }

    #[inline(always)]
    fn visit_newtype_struct<D: Deserializer<'de>>(self, inner: D) -> Result<V::Value, D::Error> {
        self.visitor
            .visit_newtype_struct(Checked::new(inner, self.rule, self.print))
    }

    #[inline(always)]
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        let Some(rule) = array::rule_at(self.rule) else {
            return Err(refused());
        };
        array::visit(self.visitor, seq, rule, self.print)
    }

    #[inline(always)]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let Some(rule) = object::rule_at(self.rule) else {
            return Err(refused());
        };
        object::visit(self.visitor, map, rule, self.print)
    }
}

/// The caller's enum `visitor`, given a variant that passes `rule`: a unit
/// variant's name as the string it is in the text, any other as the object
/// of one property that holds it (serde's external tagging).
pub(super) struct CheckingEnum<'r, 'p, V> {
    visitor: V,
    rule: &'r Rule,
    print: Print<'p>,
}

impl<'r, 'p, V> CheckingEnum<'r, 'p, V> {
    #[inline(always)]
    pub(super) fn new(visitor: V, rule: &'r Rule, print: Print<'p>) -> Self {
        CheckingEnum {
            visitor,
            rule,
            print,
        }
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for CheckingEnum<'_, '_, V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(formatter)
    }

    #[inline(always)]
    fn visit_str<E: de::Error>(self, text: &str) -> Result<V::Value, E> {
        check_text(self.rule, text, self.print)?;
        self.visitor.visit_enum(StrDeserializer::new(text))
    }

    #[inline(always)]
    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<V::Value, E> {
        check_text(self.rule, text, self.print)?;
        self.visitor.visit_enum(BorrowedStrDeserializer::new(text))
    }

    #[inline(always)]
    fn visit_string<E: de::Error>(self, text: String) -> Result<V::Value, E> {
        check_text(self.rule, &text, self.print)?;
        self.visitor.visit_enum(StringDeserializer::new(text))
    }

    #[inline(always)]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let Some(rule) = object::rule_at(self.rule) else {
            return Err(refused());
        };
        object::visit_enum(self.visitor, map, rule, self.print)
    }
}
