//! chrono's date and time types (feature `chrono`), as chrono's serde
//! reads them: strings it parses with `FromStr`.
//!
//! Each pattern accepts a subset of what chrono reads (see `date_text`),
//! and all of it except February 29 of a common year, which chrono
//! refuses: the agent then gets serde's message with the field's path
//! (`keyword: "deserialize"`).

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Utc};

use super::date_text::{anchored, rfc3339, DATE, TIME};
use super::pattern_string;
use crate::schema::SchemaNode;
use crate::tool_args::node::{kind, ToolArgsNode};

/// An RFC 3339 date-time, such as `2024-05-01T09:30:00Z` or
/// `2024-05-01T11:30:00.5+02:00`. February 29 of a common year passes the
/// pattern and is refused by chrono.
#[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
impl ToolArgsNode for DateTime<Utc> {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        pattern_string(&anchored(&rfc3339()))
    }
}

/// As `DateTime<Utc>`: an RFC 3339 date-time; the offset is kept.
#[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
impl ToolArgsNode for DateTime<FixedOffset> {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        pattern_string(&anchored(&rfc3339()))
    }
}

/// `YYYY-MM-DD`. February 29 of a common year passes the pattern and is
/// refused by chrono.
#[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
impl ToolArgsNode for NaiveDate {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        pattern_string(&anchored(DATE))
    }
}

/// `YYYY-MM-DDTHH:MM:SS`, with an optional fraction and without an
/// offset. February 29 of a common year passes the pattern and is refused
/// by chrono.
#[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
impl ToolArgsNode for NaiveDateTime {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        pattern_string(&anchored(&format!("{DATE}T{TIME}")))
    }
}

/// `HH:MM:SS`, with an optional fraction; chrono also reads `HH:MM`,
/// which the pattern refuses.
#[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
impl ToolArgsNode for NaiveTime {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        pattern_string(&anchored(TIME))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::date_text::tests::{is_february_29_of_a_common_year, matching};
    use super::*;

    fn accepts<T: ToolArgsNode>(text: &str) -> bool {
        let SchemaNode::String(node) = T::node() else {
            panic!("not a string")
        };
        node.pattern.unwrap().is_match(text)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn every_date_time_the_pattern_accepts_chrono_reads(text in matching(&rfc3339())) {
            prop_assert!(accepts::<DateTime<Utc>>(&text));
            let read = text.parse::<DateTime<FixedOffset>>();
            prop_assert_eq!(read.is_ok(), !is_february_29_of_a_common_year(&text), "{}", text);
            prop_assert_eq!(text.parse::<DateTime<Utc>>().is_ok(), read.is_ok());
        }

        #[test]
        fn every_naive_value_the_pattern_accepts_chrono_reads(
            date in matching(DATE),
            time in matching(TIME),
        ) {
            let leak = is_february_29_of_a_common_year(&date);
            prop_assert_eq!(date.parse::<NaiveDate>().is_ok(), !leak, "{}", date);
            let date_time = format!("{date}T{time}");
            prop_assert!(accepts::<NaiveDateTime>(&date_time));
            prop_assert_eq!(date_time.parse::<NaiveDateTime>().is_ok(), !leak, "{}", date_time);
            prop_assert!(accepts::<NaiveTime>(&time));
            prop_assert!(time.parse::<NaiveTime>().is_ok(), "{}", time);
        }
    }

    #[test]
    fn what_chrono_writes_the_pattern_accepts() {
        let instant = DateTime::from_timestamp(1_714_555_800, 123_000_000).unwrap();
        let written = serde_json::to_value(instant).unwrap();
        assert!(
            accepts::<DateTime<Utc>>(written.as_str().unwrap()),
            "{written}"
        );
        let offset = instant.with_timezone(&FixedOffset::east_opt(-3600 * 5).unwrap());
        let written = serde_json::to_value(offset).unwrap();
        assert!(
            accepts::<DateTime<FixedOffset>>(written.as_str().unwrap()),
            "{written}"
        );
        let naive = instant.naive_utc();
        let text = |value: serde_json::Value| value.as_str().unwrap().to_owned();
        let date_time = text(serde_json::to_value(naive).unwrap());
        assert!(accepts::<NaiveDateTime>(&date_time), "{date_time}");
        let date = text(serde_json::to_value(naive.date()).unwrap());
        assert!(accepts::<NaiveDate>(&date), "{date}");
        let time = text(serde_json::to_value(naive.time()).unwrap());
        assert!(accepts::<NaiveTime>(&time), "{time}");
    }

    #[test]
    fn the_rules_a_pattern_can_hold_it_holds() {
        for refused in [
            "2024-04-31T00:00:00Z",
            "2024-13-01T00:00:00Z",
            "2024-02-30T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:00:00",
            "2024-01-01T00:00:00+24:00",
            "2024-01-01 00:00:00Z",
            "2024-01-01T00:00:60Z",
        ] {
            assert!(!accepts::<DateTime<Utc>>(refused), "{refused}");
        }
        assert!(accepts::<DateTime<Utc>>("2023-02-29T00:00:00Z"));
        assert!("2023-02-29T00:00:00Z".parse::<DateTime<Utc>>().is_err());
    }
}
