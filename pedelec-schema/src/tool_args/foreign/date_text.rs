//! The pieces of the RFC 3339 / ISO 8601 patterns that chrono and time
//! share. Each accepts a subset of what both crates read: four-digit years,
//! two-digit fields, `T` and `Z` in capitals, at most nine digits of
//! fraction, no leap second.
//!
//! A pattern cannot count the days of February: `MONTH_DAY` knows that
//! April has 30 days, but lets February 29 through in every year, and the
//! crate's parser refuses it in a common year.

/// `YYYY-MM-DD`, each month with its own number of days (February 29).
pub(crate) const DATE: &str = "[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|\
                               (?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-9]))";

/// `HH:MM:SS`, with an optional fraction of one to nine digits.
pub(crate) const TIME: &str = "(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{1,9})?";

/// `Z`, or an offset within a day.
pub(crate) const OFFSET: &str = "(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])";

/// RFC 3339's `date-time`.
pub(crate) fn rfc3339() -> String {
    format!("{DATE}T{TIME}{OFFSET}")
}

/// `^...$`.
pub(crate) fn anchored(inner: &str) -> String {
    format!("^{inner}$")
}

#[cfg(test)]
pub(crate) mod tests {
    use proptest::prelude::*;

    /// Strings that match `inner` (unanchored; proptest cannot generate
    /// from anchors).
    pub(crate) fn matching(inner: &str) -> BoxedStrategy<String> {
        proptest::string::string_regex(inner)
            .expect("the pattern is one proptest reads")
            .boxed()
    }

    /// Whether `date` (starting `YYYY-MM-DD`) is February 29 of a year
    /// that is not a leap year: the one thing the patterns let through.
    pub(crate) fn is_february_29_of_a_common_year(date: &str) -> bool {
        let year: u32 = date[..4].parse().unwrap();
        let leap =
            year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
        &date[5..10] == "02-29" && !leap
    }
}
