//! "Did you mean": the property name an unknown one most likely misspells.
//!
//! Names are compared without case, by optimal string alignment distance
//! (Levenshtein plus the swap of two neighbours, the commonest slip:
//! `nmae`). A name is suggested when it is at most a third of the longer
//! name's length away (one edit for short names), and closer than the
//! shorter name is long, so that `x` never suggests `y`. The nearest wins;
//! among equals, the first in the schema's order.
//!
//! The distance costs the product of the two lengths, and the agent
//! chooses the unknown names, so names longer than [`MAX_CHARS`] get no
//! suggestion, and a walk suggests for at most [`MAX_SUGGESTED`] unknown
//! properties (`Suggester`): a payload of a hundred thousand unknown keys
//! costs a lookup each, not a hundred thousand rounds of distances.

/// The longest name, in characters, that is compared for a suggestion.
pub(crate) const MAX_CHARS: usize = 64;

/// How many unknown properties of one walk get a suggestion.
pub(crate) const MAX_SUGGESTED: usize = 32;

/// Suggests names for the unknown properties of one walk, up to
/// [`MAX_SUGGESTED`] of them.
#[derive(Default)]
pub(super) struct Suggester {
    asked: usize,
}

impl Suggester {
    /// The candidate that `name` most likely misspells, if any is close.
    pub(super) fn suggest<'a>(
        &mut self,
        name: &str,
        candidates: impl IntoIterator<Item = &'a str>,
    ) -> Option<&'a str> {
        if self.asked >= MAX_SUGGESTED {
            return None;
        }
        self.asked += 1;
        closest(name, candidates)
    }
}

/// The candidate nearest to `name` within the distance described above.
pub(crate) fn closest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let name_len = name.chars().count();
    if name_len > MAX_CHARS {
        return None;
    }
    let lower = name.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let candidate_len = candidate.chars().count();
        let Some(allowed) = allowed_distance(name_len, candidate_len) else {
            continue;
        };
        // The distance is at least the difference of the lengths.
        if name_len.abs_diff(candidate_len) > allowed {
            continue;
        }
        let distance = strsim::osa_distance(&lower, &candidate.to_lowercase());
        let better = best.is_none_or(|(nearest, _)| distance < nearest);
        if distance <= allowed && better {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// The largest distance at which names of these lengths count as close,
/// or `None` if a candidate this long is not compared.
fn allowed_distance(name_len: usize, candidate_len: usize) -> Option<usize> {
    if candidate_len > MAX_CHARS {
        return None;
    }
    let by_length = (name_len.max(candidate_len) / 3).max(1);
    // Strictly closer than the shorter name is long.
    let below_shorter = name_len.min(candidate_len).checked_sub(1)?;
    Some(by_length.min(below_shorter))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &[&str] = &["name", "query", "limit", "file_path", "x", "id", "ip"];

    fn suggestion(name: &str) -> Option<&'static str> {
        closest(name, NAMES.iter().copied())
    }

    #[test]
    fn common_slips_are_recognized() {
        assert_eq!(suggestion("nmae"), Some("name"), "swapped neighbours");
        assert_eq!(suggestion("querry"), Some("query"), "a doubled letter");
        assert_eq!(suggestion("limt"), Some("limit"), "a dropped letter");
        assert_eq!(suggestion("Query"), Some("query"), "case");
        assert_eq!(
            suggestion("filepath"),
            Some("file_path"),
            "a dropped separator"
        );
        assert_eq!(
            suggestion("file-path"),
            Some("file_path"),
            "another separator"
        );
        assert_eq!(suggestion("ID"), Some("id"), "case alone, short name");
    }

    #[test]
    fn distant_or_tiny_names_get_nothing() {
        assert_eq!(suggestion("path"), None, "file_path is five edits away");
        assert_eq!(
            suggestion("y"),
            None,
            "one letter is never a misspelling of another"
        );
        assert_eq!(suggestion("offset"), None);
        assert_eq!(suggestion(""), None);
    }

    #[test]
    fn the_nearest_wins_and_ties_go_to_the_first() {
        assert_eq!(closest("ib", ["ip", "id"]), Some("ip"), "a tie");
        assert_eq!(closest("nme", ["nmae", "name"]), Some("nmae"));
        assert_eq!(
            closest("nmae", ["nmaexx", "name"]),
            Some("name"),
            "1 edit beats 2"
        );
    }

    #[test]
    fn long_names_and_astral_characters_are_measured_in_characters() {
        let long = "a".repeat(MAX_CHARS + 1);
        assert_eq!(closest(&long, [long.as_str()]), None);
        assert_eq!(closest("🐲ame", ["🐲ame", "name"]), Some("🐲ame"));
        assert_eq!(closest("n🐲me", ["name"]), Some("name"));
    }

    #[test]
    fn a_walk_suggests_for_a_bounded_number_of_properties() {
        let mut suggester = Suggester::default();
        for _ in 0..MAX_SUGGESTED {
            assert_eq!(suggester.suggest("nmae", ["name"]), Some("name"));
        }
        assert_eq!(suggester.suggest("nmae", ["name"]), None);
    }
}
