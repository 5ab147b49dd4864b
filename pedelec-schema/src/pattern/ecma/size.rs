//! A pattern's compiled size, counted the same on every platform.
//!
//! The `regex` crate's own size limit counts the heap bytes its compiler
//! allocates, and those depend on the pointer width: a pattern that is too
//! large on a 64-bit machine fits on wasm32, so a schema's verdict would
//! depend on where it is parsed. The limit is therefore checked here, on
//! regex-automata's Thompson NFA for the pattern (the automaton the `regex`
//! crate compiles it to), by adding up the bytes of its states and
//! transitions as a 64-bit target lays them out. The NFA's shape does not
//! depend on the platform, so neither does the count; the engine is then
//! given a limit so far above this one that it never decides.

use regex_automata::nfa::thompson::{self, State, NFA};
use regex_automata::util::syntax;

use super::{PatternError, MAX_COMPILED_SIZE, MAX_NESTING};

/// The size limit handed to the `regex` crate, which compiles a forward and
/// a reverse automaton and counts its builder's bytes, several times the
/// final forward NFA's. A pattern within [`MAX_COMPILED_SIZE`] stays well
/// within this on a 64-bit target (a test compiles the largest accepted
/// patterns of the costliest shapes under it), and smaller targets use
/// fewer bytes.
pub(crate) const ENGINE_SIZE_LIMIT: usize = 16 * MAX_COMPILED_SIZE;

/// The bytes of regex-automata's NFA parts on a 64-bit target: a state
/// (`State`, an enum of at most two boxed slices' worth of fields), a
/// transition of a byte-range state (`Transition`: two bytes and a
/// `StateID`), and a `StateID` (a union's alternate, a dense state's
/// transition); regex-automata's own tests pin the first at 24.
const STATE_BYTES: usize = 24;
const TRANSITION_BYTES: usize = 8;
const STATE_ID_BYTES: usize = 4;

/// Refuses a pattern, in the engine's dialect, whose compiled size is
/// above [`MAX_COMPILED_SIZE`]. An error other than the size is left for
/// the engine's own compile to report in its words.
pub(crate) fn check(engine_source: &str) -> Result<(), PatternError> {
    if compiled_size(engine_source).is_some_and(|size| size > MAX_COMPILED_SIZE) {
        return Err(too_big());
    }
    Ok(())
}

/// The message for a pattern over [`MAX_COMPILED_SIZE`].
pub(crate) fn too_big() -> PatternError {
    PatternError(format!(
        "the pattern compiles to more than {MAX_COMPILED_SIZE} bytes; simplify it \
         (large counted repetitions such as `{{1000}}` multiply its size)"
    ))
}

/// The size of the pattern's forward NFA as a 64-bit target lays it out,
/// or `None` if it does not build for a reason other than its size.
/// The build stops early, at a few times the limit in its own builder's
/// bytes (about twice the final NFA's on 64-bit, fewer on smaller
/// targets), so a huge pattern costs little; a pattern stopped there is
/// above the limit on every target.
pub(crate) fn compiled_size(engine_source: &str) -> Option<usize> {
    let built = thompson::Compiler::new()
        .syntax(syntax::Config::new().nest_limit(MAX_NESTING))
        .configure(thompson::Config::new().nfa_size_limit(Some(4 * MAX_COMPILED_SIZE)))
        .build(engine_source);
    match built {
        Ok(nfa) => Some(size_of_nfa(&nfa)),
        Err(err) if err.size_limit().is_some() => Some(usize::MAX),
        Err(_) => None,
    }
}

fn size_of_nfa(nfa: &NFA) -> usize {
    nfa.states()
        .iter()
        .map(|state| {
            STATE_BYTES
                + match state {
                    State::Sparse(sparse) => sparse.transitions.len() * TRANSITION_BYTES,
                    State::Dense(dense) => dense.transitions.len() * STATE_ID_BYTES,
                    State::Union { alternates } => alternates.len() * STATE_ID_BYTES,
                    _ => 0,
                }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The costliest shapes per character of source, each at the largest
    /// count the limit accepts and one more; counts found by bisection.
    fn at_the_limit() -> Vec<(String, String)> {
        let widest: String = (0..128u8)
            .step_by(2)
            .map(|b| format!(r"\x{b:02X}"))
            .collect();
        let shapes = [
            r"^[a-z]{0,N}$".to_owned(),
            r"^.{0,N}$".to_owned(),
            r"^\p{L}{0,N}$".to_owned(),
            r"^(?:ab|cd|ef){0,N}$".to_owned(),
            format!("^[{widest}]{{N}}$"),
        ];
        shapes
            .iter()
            .map(|shape| {
                let size = |n: usize| compiled_size(&shape.replace('N', &n.to_string())).unwrap();
                let (mut low, mut high) = (1, 1_000_000);
                while low + 1 < high {
                    let mid = (low + high) / 2;
                    if size(mid) <= MAX_COMPILED_SIZE {
                        low = mid;
                    } else {
                        high = mid;
                    }
                }
                (
                    shape.replace('N', &low.to_string()),
                    shape.replace('N', &high.to_string()),
                )
            })
            .collect()
    }

    #[test]
    fn the_largest_accepted_patterns_compile_in_the_engine_and_one_more_is_refused() {
        for (largest, over) in at_the_limit() {
            assert!(check(&largest).is_ok(), "{largest}");
            let compiled = regex::RegexBuilder::new(&largest)
                .size_limit(ENGINE_SIZE_LIMIT)
                .nest_limit(MAX_NESTING)
                .build();
            assert!(compiled.is_ok(), "{largest}: {compiled:?}");
            assert!(check(&over).is_err(), "{over}");
        }
    }

    /// The count is regex-automata's own memory figure where the layout is
    /// the one counted: on a 64-bit target, it differs from the NFA's
    /// `memory_usage` only by the NFA's fixed parts (its byte classes,
    /// start states and capture groups).
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn the_count_is_the_nfas_memory_on_a_64_bit_target() {
        for source in [
            r"^[a-z]{0,500}$",
            r"^\p{L}+$",
            r"^(?:a|bc|d)*x.y$",
            r"\d{3}-\w+",
        ] {
            let nfa = NFA::new(source).unwrap();
            let counted = size_of_nfa(&nfa);
            let fixed = nfa.memory_usage() - counted;
            assert!(fixed < 2048, "{source}: {counted} counted, {fixed} more");
        }
    }

    #[test]
    fn a_huge_pattern_stops_early_and_is_refused() {
        assert_eq!(compiled_size(r"(\w{1000}){1000}"), Some(usize::MAX));
        assert!(check(r"(\w{1000}){1000}").is_err());
    }

    #[test]
    fn a_pattern_the_engine_cannot_read_is_left_to_the_engine() {
        assert_eq!(compiled_size("(a"), None);
        assert!(check("(a").is_ok());
    }
}
