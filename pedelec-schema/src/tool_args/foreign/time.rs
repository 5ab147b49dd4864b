//! The `time` crate (feature `time`): `Date` in its serde form, and
//! [`Rfc3339`], the schema of the `time::serde::rfc3339` form of an
//! `OffsetDateTime`.
//!
//! `Date` and `OffsetDateTime` are read from strings only with time's
//! `serde-human-readable` feature (without it, from arrays of numbers),
//! so pedelec-schema's `time` feature turns it on. That changes what
//! `serde_json` writes for them everywhere in the program: strings, as tool
//! arguments need, instead of arrays.

use ::time::Date;

use super::date_text::{anchored, rfc3339, DATE};
use super::pattern_string;
use crate::schema::SchemaNode;
use crate::tool_args::node::{kind, ToolArgsNode};

/// `YYYY-MM-DD`, the form time's serde reads a `Date` from (with
/// `serde-human-readable`, which the `time` feature turns on). February 29
/// of a common year passes the pattern and is refused by time.
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
impl ToolArgsNode for Date {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        pattern_string(&anchored(DATE))
    }
}

/// The schema of an `OffsetDateTime` read with
/// `#[serde(with = "time::serde::rfc3339")]`: an RFC 3339 date-time, such
/// as `2024-05-01T09:30:00Z`. It only stands for that JSON form, for
/// `#[tool_args(as = ...)]`; `OffsetDateTime`'s own serde form (time's
/// human-readable format) has no schema here.
///
/// ```
/// use pedelec_schema::ToolArgs;
/// use serde::Deserialize;
/// use time::OffsetDateTime;
///
/// #[derive(Deserialize, ToolArgs)]
/// struct Remind {
///     #[serde(with = "time::serde::rfc3339")]
///     #[tool_args(as = pedelec_schema::time::Rfc3339)]
///     at: OffsetDateTime,
///     // `option` needs `default` for serde to read a missing field as `None`.
///     #[serde(default, with = "time::serde::rfc3339::option")]
///     #[tool_args(as = Option<pedelec_schema::time::Rfc3339>)]
///     until: Option<OffsetDateTime>,
/// }
///
/// let remind = Remind::from_args(serde_json::json!({"at": "2024-05-01T09:30:00+02:00"}))?;
/// assert_eq!(remind.at.hour(), 9);
/// assert_eq!(Remind::schema().root().required, ["at"]);
/// # Ok::<(), pedelec_schema::ArgsError>(())
/// ```
///
/// February 29 of a common year passes the pattern and is refused by time.
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
pub enum Rfc3339 {}

#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
impl ToolArgsNode for Rfc3339 {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        pattern_string(&anchored(&rfc3339()))
    }
}

#[cfg(test)]
mod tests {
    use ::time::format_description::well_known;
    use ::time::OffsetDateTime;
    use proptest::prelude::*;

    use super::super::date_text::tests::{is_february_29_of_a_common_year, matching};
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn every_value_the_patterns_accept_time_reads(
            date_time in matching(&rfc3339()),
            date in matching(DATE),
        ) {
            let read = OffsetDateTime::parse(&date_time, &well_known::Rfc3339);
            let leak = is_february_29_of_a_common_year(&date_time);
            prop_assert_eq!(read.is_ok(), !leak, "{}: {:?}", date_time, read);
            let read: Result<Date, _> = serde_json::from_value(serde_json::json!(date));
            let leak = is_february_29_of_a_common_year(&date);
            prop_assert_eq!(read.is_ok(), !leak, "{}: {:?}", date, read);
        }
    }

    #[test]
    fn what_time_writes_the_patterns_accept() {
        let SchemaNode::String(date_node) = Date::node() else {
            panic!("not a string")
        };
        let date = Date::from_calendar_date(2024, ::time::Month::February, 29).unwrap();
        let written = serde_json::to_value(date).unwrap();
        assert!(
            date_node
                .pattern
                .unwrap()
                .is_match(written.as_str().unwrap()),
            "{written}"
        );
        let SchemaNode::String(instant_node) = Rfc3339::node() else {
            panic!("not a string")
        };
        let instant = OffsetDateTime::from_unix_timestamp_nanos(1_714_555_800_123_000_000).unwrap();
        let written = instant.format(&well_known::Rfc3339).unwrap();
        assert!(
            instant_node.pattern.unwrap().is_match(&written),
            "{written}"
        );
    }
}
